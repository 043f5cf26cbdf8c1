//! The documents of a plan: the root, the plan, unit and result files, their ids,
//! digests and file names.

use super::*;

/// The root of a plan: rules, a position record (rank 1 first), the side to move there
/// and the moves played from it (space separated, `from-to`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Root {
    /// The OTN rules string, written out in full so that the file stands alone.
    pub rules: String,
    /// The position before `moves`, as a record with rank 1 first.
    pub position: String,
    /// Who moves in `position`: `attackers` or `defenders`.
    pub side: String,
    /// The moves from `position` to the root, space separated; often empty.
    pub moves: String,
}

impl Root {
    /// The tables (Zobrist keys from `key_seed`) and the root position.
    pub fn setup(&self, key_seed: u64) -> Result<(Tables, Position), UnitsError> {
        let invalid =
            |what: &str, e: &dyn fmt::Display| UnitsError::Invalid(format!("{what}: {e}"));
        let rules: Rules = self.rules.parse().map_err(|e| invalid("rules", &e))?;
        let tables = Tables::with_key_seed(&rules, key_seed).map_err(|e| invalid("rules", &e))?;
        let layout = Layout::parse(&self.position, RecordOrder::RankOneFirst)
            .map_err(|e| invalid("position", &e))?;
        let side: Side = self.side.parse().map_err(|e| invalid("side", &e))?;
        let start =
            Position::from_layout(&tables, &layout, side).map_err(|e| invalid("position", &e))?;
        let (pos, _) =
            play_line_moves(&tables, start, &self.moves).map_err(|e| invalid("moves", &e))?;
        Ok((tables, pos))
    }
}

/// A count per depth in a plan or result file; big numbers as decimal strings. Not
/// `perft::DepthCount`, the reports' row: these files are taflperft's own exchange
/// (read back exactly by it alone), without the log10 a report adds for its readers,
/// and their layout is fixed by [`SCHEMA_VERSION`] so that plans already out keep
/// merging.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DepthTotal {
    /// Plies below the root.
    pub depth: u32,
    /// The count, in decimal (deep counts outgrow what JSON readers hold exactly).
    pub nodes: String,
}

/// A count per root move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveCount {
    /// The root move, `from-to` (`move` in JSON).
    #[serde(rename = "move")]
    pub mv: String,
    /// The count below it, in decimal.
    pub nodes: String,
}

/// `plan.json`: what the units share.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanDoc {
    /// `SCHEMA_VERSION`; a reader refuses any other.
    pub schema_version: u32,
    /// `taflperft-plan`, so that no other document of the run passes for it.
    pub kind: String,
    /// `plan_id` of the root, depth, split and units below, checked on reading.
    pub plan_id: String,
    /// The position counted.
    pub root: Root,
    /// The perft depth of the whole run.
    pub depth: u32,
    /// The ply where the tree is cut into units: 1 to `depth - 1`.
    pub split: u32,
    /// How many unit files the plan has.
    pub units: usize,
    /// The root's moves in generation order (the rows of the merged divide).
    pub root_moves: Vec<String>,
    /// The unique positions at ply `split`, over all units.
    pub unique_positions: u64,
    /// Perft at depths 1..=split, counted while planning.
    pub shallow: Vec<DepthTotal>,
    /// The board symmetries under which positions at ply `split` were merged
    /// (`plan --fold-symmetries`), by name, the identity first; empty if positions were
    /// merged only when equal.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub folded: Vec<String>,
    /// A digest of every unit's positions and paths, in unit order (`unit_digest` of
    /// each, hashed together), so a merge can tell an edited unit file from the one
    /// planned. Absent in plans written before it existed; their merge still checks
    /// that the paths add up to perft(split) and that no position repeats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub positions_digest: Option<String>,
}

/// One position of a unit: a line reaching it from the root, and how many move
/// sequences reach it through each root move (in a folded plan, reach it or one of its
/// images under the folded symmetries, which have the same subtree counts).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitPosition {
    /// The first move sequence found from the root to the position, space separated.
    pub line: String,
    /// For each root move through which the position is reached: the move, and how
    /// many move sequences starting with it reach it.
    pub paths: Vec<(String, u64)>,
}

/// `unit-NNN.json`: self-contained, so a cluster node needs only this file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitDoc {
    /// `SCHEMA_VERSION`; a reader refuses any other.
    pub schema_version: u32,
    /// `taflperft-unit`.
    pub kind: String,
    /// The plan's id, recomputed from this file's own fields on reading.
    pub plan_id: String,
    /// This unit's number, from 0.
    pub unit: usize,
    /// How many units the plan has.
    pub units: usize,
    /// The plan's root.
    pub root: Root,
    /// The plan's depth.
    pub depth: u32,
    /// The plan's split: every position here lies `split` plies below the root.
    pub split: u32,
    /// The plan's folded symmetries (see `PlanDoc::folded`); part of the plan id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub folded: Vec<String>,
    /// The unique positions dealt to this unit.
    pub positions: Vec<UnitPosition>,
}

/// The table a unit was counted with, if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HashUsed {
    /// The table's size as asked for, in MiB (`--hash`).
    pub megabytes: usize,
    /// The key seed (`--hash-seed`): the table's and the engine's Zobrist keys.
    pub seed: u64,
}

/// `unit-NNN.result.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultDoc {
    /// `SCHEMA_VERSION`; a reader refuses any other.
    pub schema_version: u32,
    /// `taflperft-unit-result`.
    pub kind: String,
    /// The plan of the unit counted.
    pub plan_id: String,
    /// The unit counted, from 0.
    pub unit: usize,
    /// How many units the plan has.
    pub units: usize,
    /// The digest of the unit's positions, so a result cannot pass for another unit file.
    pub unit_digest: String,
    /// The plan's depth.
    pub depth: u32,
    /// The plan's split.
    pub split: u32,
    /// The table the unit was counted with; `None` for plain perft.
    pub hash: Option<HashUsed>,
    /// Perft contributions at depths split+1..=depth (each position's count times its
    /// paths).
    pub totals: Vec<DepthTotal>,
    /// Contributions to the divide of ply 1 at `depth`: one row per root move that
    /// reaches the unit's positions, sorted by the move's text.
    pub divide: Vec<MoveCount>,
    /// Each position's subtree count at depth - split, in the unit's order.
    pub positions: Vec<String>,
    /// Time and threads, apart so that results compare without them.
    pub timing: Timing,
}

/// The plan id: a hash of the root, the depth, the split, the number of units and the
/// folded symmetries (left out when there are none, so plans made before folding keep
/// their ids).
pub fn plan_id(root: &Root, depth: u32, split: u32, units: usize, folded: &[String]) -> String {
    let (depth, split, units) = (depth.to_string(), split.to_string(), units.to_string());
    let mut parts = vec![
        "taflperft-plan-v1",
        &root.rules,
        &root.position,
        &root.side,
        &root.moves,
        &depth,
        &split,
        &units,
    ];
    if !folded.is_empty() {
        parts.push("folded");
        parts.extend(folded.iter().map(String::as_str));
    }
    digest(&parts)
}

/// The symmetries a plan of `root` folds: every one its rules keep (`Rules::symmetries`).
pub(super) fn symmetries_of(root: &Root) -> Result<Vec<Symmetry>, UnitsError> {
    let rules: Rules = root
        .rules
        .parse()
        .map_err(|e| UnitsError::Invalid(format!("rules: {e}")))?;
    Ok(rules.symmetries())
}

/// Checks a document's `folded` names: all of them, exactly the symmetries its rules
/// keep, the identity first. Anything else could merge positions whose counts differ.
pub(super) fn check_folded(path: &Path, root: &Root, folded: &[String]) -> Result<(), UnitsError> {
    if folded.is_empty() {
        return Ok(());
    }
    let kept: Vec<String> = symmetries_of(root)
        .map_err(|e| corrupt(path, e.to_string()))?
        .iter()
        .map(|g| g.name().to_string())
        .collect();
    if folded != kept.as_slice() {
        return Err(corrupt(
            path,
            format!(
                "`folded` lists {}, but the rules keep exactly {}",
                folded.join(", "),
                kept.join(", ")
            ),
        ));
    }
    Ok(())
}

/// The digest of a unit's positions.
pub fn unit_digest(positions: &[UnitPosition]) -> String {
    let mut parts = Vec::new();
    let counts: Vec<String> = positions
        .iter()
        .flat_map(|p| p.paths.iter().map(|(_, n)| n.to_string()))
        .collect();
    let mut c = counts.iter();
    for p in positions {
        parts.push(p.line.as_str());
        for (m, _) in &p.paths {
            parts.push(m.as_str());
            parts.push(c.next().expect("one count per path"));
        }
    }
    digest(&parts)
}

/// The digest of a plan's units, in unit order: see `PlanDoc::positions_digest`.
pub fn positions_digest(units: &[UnitDoc]) -> String {
    let digests: Vec<String> = units.iter().map(|u| unit_digest(&u.positions)).collect();
    let parts: Vec<&str> = digests.iter().map(String::as_str).collect();
    digest(&parts)
}

pub use crate::units::{result_path, unit_file_name};

crate::units::unit_document!(PlanDoc);
crate::units::unit_document!(UnitDoc, unit);
crate::units::unit_document!(ResultDoc, unit);

/// Equal as far as any perft below can tell: pieces, side to move, berserk continuation,
/// last mover and a captured king.
pub(super) fn same_position(a: &Position, b: &Position) -> bool {
    a == b && a.last_mover() == b.last_mover() && a.king_captured() == b.king_captured()
}
