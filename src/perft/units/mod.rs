//! Work units: a deep perft split into files that any scheduler can run (`docs/perft-deep.md`).
//!
//! `plan` enumerates the positions `split` plies below the root, merges equal positions
//! (by position equality, side to move, pending berserk continuation and last mover
//! included; the hash only finds the candidates), counts the move sequences reaching
//! each from every root move, and deals the unique positions into unit files. A unit's
//! result holds the subtree count of each of its positions; `merge` multiplies them by
//! the paths and adds them up into perft per depth and the divide of ply 1.
//!
//! Every file is read as untrusted input: schema version, kind, plan id (a hash of the
//! root, depth, split and unit count, recomputed from the file's own fields), unit
//! number, the digest of the unit's positions, and every move replayed legally.

use super::hashed::{perft_hashed, PerftTable};
use super::{perft, Counting};
use crate::board::{Layout, RecordOrder, Side, Symmetry};
use crate::document::Timing;
use crate::moves::{Move, Position, Tables};
use crate::notation::play_line_moves;
use crate::rules::Rules;
use crate::text::digest;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::path::Path;
use std::sync::Mutex;

/// The version of the plan, unit and result documents.
pub const SCHEMA_VERSION: u32 = 1;
const PLAN_KIND: &str = "taflperft-plan";
const UNIT_KIND: &str = "taflperft-unit";
const RESULT_KIND: &str = "taflperft-unit-result";
use crate::units::corrupt;
/// What went wrong with a plan, a unit or a merge (the work-unit framework's error).
pub use crate::units::UnitsError;
/// The plan document's name in a plan folder.
pub use crate::units::PLAN_FILE;

mod format;
mod io;
mod merge;
mod plan;
mod run;

pub use format::*;
pub use io::*;
pub use merge::*;
pub use plan::*;
pub use run::*;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::catalog;

    fn brandub_root() -> Root {
        let rules = catalog::find("brandub").unwrap().rules();
        Root {
            position: rules.start.record(RecordOrder::RankOneFirst),
            rules: rules.to_string(),
            side: "attackers".into(),
            moves: String::new(),
        }
    }

    #[test]
    fn a_plan_stops_past_its_positions_cap_and_reports_progress() {
        // perft(3) of brandub is 39,512 paths to 20,984 unique positions (docs/perft.md,
        // docs/perft-deep.md); a cap of 100 stops the walk early.
        let mut calls = Vec::new();
        let e = plan_watched(&brandub_root(), 4, 3, 1, false, 100, &mut |p| calls.push(p))
            .err()
            .unwrap();
        assert!(
            e.to_string().contains("more than 100 unique positions"),
            "{e}"
        );
        // Uncapped, progress comes every 65,536 paths: brandub's 1,007,392 paths to ply
        // 4 give 15 calls.
        let mut calls = Vec::new();
        let p = plan_watched(&brandub_root(), 5, 4, 1, false, usize::MAX, &mut |p| {
            calls.push(p)
        })
        .unwrap();
        assert_eq!(p.doc.shallow.last().unwrap().nodes, "1007392");
        assert_eq!(calls.len(), 15);
        assert!(calls
            .iter()
            .enumerate()
            .all(|(i, &c)| c == (i as u64 + 1) * 65_536));
    }

    #[test]
    fn plan_counts_every_path_once_and_merges_transpositions() {
        let plan = plan(&brandub_root(), 4, 3, 3, false).unwrap();
        // brandub perft(1..3): 40, 960, 39,512 (published).
        let shallow: Vec<&str> = plan.doc.shallow.iter().map(|c| c.nodes.as_str()).collect();
        assert_eq!(shallow, ["40", "960", "39512"]);
        let paths: u64 = plan
            .units
            .iter()
            .flat_map(|u| &u.positions)
            .flat_map(|p| p.paths.iter().map(|(_, n)| n))
            .sum();
        assert_eq!(paths, 39_512);
        // Two quiet attacker moves of different pieces commute: fewer unique positions.
        let unique: usize = plan.units.iter().map(|u| u.positions.len()).sum();
        assert_eq!(unique as u64, plan.doc.unique_positions);
        assert!(plan.doc.unique_positions < 39_512);
    }

    #[test]
    fn folding_merges_images_and_keeps_every_path() {
        let plain = plan(&brandub_root(), 4, 3, 3, false).unwrap();
        let folded = plan(&brandub_root(), 4, 3, 3, true).unwrap();
        assert_eq!(folded.doc.folded.len(), 8);
        assert_ne!(folded.doc.plan_id, plain.doc.plan_id);
        // Same paths, about an eighth of the positions (a few are their own images).
        let paths = |p: &Plan| -> u64 {
            p.units
                .iter()
                .flat_map(|u| &u.positions)
                .flat_map(|q| q.paths.iter().map(|(_, n)| n))
                .sum()
        };
        assert_eq!(paths(&folded), 39_512);
        let (f, p) = (folded.doc.unique_positions, plain.doc.unique_positions);
        assert!(f * 8 >= p && f * 7 < p, "{f} folded of {p}");
        // No two folded positions are images of each other.
        let (t, start) = brandub_root().setup(0).unwrap();
        let reps: Vec<Position> = folded
            .units
            .iter()
            .flat_map(|u| &u.positions)
            .map(|q| play_line_moves(&t, start.clone(), &q.line).unwrap().0)
            .collect();
        let mut seen = std::collections::HashSet::new();
        for r in &reps {
            for g in Symmetry::ALL {
                let image = r.transformed(&t, g);
                assert!(
                    g == Symmetry::Identity || !seen.contains(&image.hash()),
                    "an image already planned"
                );
            }
            seen.insert(r.hash());
        }
    }

    #[test]
    fn a_folded_list_the_rules_do_not_keep_is_refused() {
        let folded = plan(&brandub_root(), 4, 2, 1, true).unwrap();
        let mut unit = folded.units[0].clone();
        let dir = std::env::temp_dir().join(format!("units-folded-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("unit-000.json");
        // A rule set with a corner missing keeps fewer symmetries than the unit claims.
        unit.root.rules = unit
            .root
            .rules
            .replace("name:Brandub", "name:Brandub cor:a1");
        unit.plan_id = plan_id(&unit.root, unit.depth, unit.split, unit.units, &unit.folded);
        std::fs::write(&path, to_json(&unit)).unwrap();
        let err = read_unit(&path).unwrap_err().to_string();
        assert!(err.contains("`folded`"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_split_at_or_below_the_depth_is_refused() {
        assert!(matches!(
            plan(&brandub_root(), 3, 3, 1, false),
            Err(UnitsError::Invalid(_))
        ));
        assert!(matches!(
            plan(&brandub_root(), 3, 0, 1, false),
            Err(UnitsError::Invalid(_))
        ));
    }

    #[test]
    fn unit_names_and_result_names() {
        assert_eq!(unit_file_name(17, 64), "unit-017.json");
        assert_eq!(unit_file_name(17, 2000), "unit-0017.json");
        assert_eq!(
            result_path(Path::new("runs/x/unit-017.json")),
            Path::new("runs/x/unit-017.result.json")
        );
    }
}
