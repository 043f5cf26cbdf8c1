//! What the kernels run on: a variant's tables and a fixed set of positions, some from
//! recorded games and some from seeded random play, identical on every run and commit.

use crate::moves::{Position, Tables};
use crate::notation::{parse_games, replay};
use crate::rng::SplitMix64;
use crate::rules::catalog;
use std::fmt;
use std::path::Path;

/// Recorded games replayed for positions, at most.
pub const REAL_GAMES: usize = 20;
/// Seeded random games sampled for positions, and the plies taken from each at most.
pub const RANDOM_GAMES: usize = 10;
/// The plies of each random game taken as positions, at most.
pub const RANDOM_GAME_PLIES: usize = 100;
/// The seed of the first random game; game i uses `POSITION_SEED + i`.
pub const POSITION_SEED: u64 = 0x7AF1;

/// The archive in `fixtures/games/` whose rules are this variant's, if any. brandubh.csv
/// holds brandubh games (corner escape, armed king), not brandub.
pub fn games_file(variant: &str) -> Option<&'static str> {
    match variant {
        "copenhagen" => Some("copenhagen.csv"),
        "brandubh" => Some("brandubh.csv"),
        _ => None,
    }
}

/// The first `REAL_GAMES` games of each archive, compiled in so that an installed
/// taflbench measures real positions from any directory (`fixtures/games/bench/`,
/// checked against the full archives by a test).
pub fn built_in_games(variant: &str) -> Option<&'static str> {
    match variant {
        "copenhagen" => Some(include_str!("../../fixtures/games/bench/copenhagen.csv")),
        "brandubh" => Some(include_str!("../../fixtures/games/bench/brandubh.csv")),
        _ => None,
    }
}

/// Where the recorded games of a workload come from.
#[derive(Clone, Copy, Debug)]
pub enum GameSource<'a> {
    /// The games compiled into the binary (the default).
    BuiltIn,
    /// A folder holding `copenhagen.csv` and `brandubh.csv` in the archive format.
    Dir(&'a Path),
}

/// Why a workload could not be built.
#[derive(Debug)]
pub enum WorkloadError {
    /// The name is not in the catalog.
    UnknownVariant(String),
    /// The engine cannot play the variant: its name and why.
    Unsupported(String, String),
    /// A games archive would not parse or replay: where it was and why.
    BadArchive(String, String),
    /// The games folder is not a folder: its path.
    NoFolder(String),
    /// A games archive is there but cannot be read as text.
    Unreadable(crate::text::TextFileError),
}

impl fmt::Display for WorkloadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WorkloadError::UnknownVariant(name) => write!(
                f,
                "unknown variant `{name}`; known variants: {}",
                catalog::names().join(", ")
            ),
            WorkloadError::Unsupported(name, why) => write!(f, "variant `{name}`: {why}"),
            WorkloadError::BadArchive(path, why) => write!(f, "{path}: {why}"),
            WorkloadError::NoFolder(path) => write!(f, "{path}: no such folder"),
            WorkloadError::Unreadable(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for WorkloadError {}

impl crate::error::Kind for WorkloadError {}

/// A variant ready to benchmark.
pub struct Workload {
    /// The variant's catalog name.
    pub variant: String,
    /// The board's side length in squares.
    pub dim: usize,
    /// The variant's rules compiled for play.
    pub tables: Tables,
    /// The variant's starting position, where the perft kernels count from.
    pub start: Position,
    /// Positions not yet over (so every one has moves), real ones first.
    pub positions: Vec<Position>,
    /// How many of `positions`, from the front, come from recorded games.
    pub real_positions: usize,
    /// Set when the variant has an archive but it could not be found.
    pub missing_archive: Option<String>,
}

impl Workload {
    /// Builds the workload from the recorded games of `games`. A missing archive in a
    /// folder is not an error: the positions then all come from random play and
    /// `missing_archive` says which file was looked for.
    pub fn new(variant: &str, games: GameSource) -> Result<Workload, WorkloadError> {
        let entry = catalog::find(variant)
            .ok_or_else(|| WorkloadError::UnknownVariant(variant.to_string()))?;
        let rules = entry.rules();
        let tables = Tables::new(&rules)
            .map_err(|e| WorkloadError::Unsupported(variant.to_string(), e.to_string()))?;
        let start = Position::start(&tables);
        let mut positions = Vec::new();
        let mut missing_archive = None;
        if let GameSource::Dir(dir) = games {
            if !dir.is_dir() {
                return Err(WorkloadError::NoFolder(dir.display().to_string()));
            }
        }
        match (games, games_file(entry.name)) {
            (_, None) => {}
            (GameSource::BuiltIn, Some(file)) => {
                let text = built_in_games(entry.name).unwrap_or_default();
                positions = real_positions(&tables, text)
                    .map_err(|why| WorkloadError::BadArchive(format!("built-in {file}"), why))?
            }
            (GameSource::Dir(dir), Some(file)) => {
                let path = dir.join(file);
                match crate::text::read_text_file(&path) {
                    Ok(text) => {
                        positions = real_positions(&tables, &text).map_err(|why| {
                            WorkloadError::BadArchive(path.display().to_string(), why)
                        })?
                    }
                    // Only an archive that is not there falls back to random play; one
                    // that is there but unreadable (a directory, a binary file) is an error.
                    Err(e) if e.is_not_found() => {
                        missing_archive = Some(path.display().to_string())
                    }
                    Err(e) => return Err(WorkloadError::Unreadable(e)),
                }
            }
        }
        let real_positions = positions.len();
        positions.extend(random_positions(&tables, &start));
        Ok(Workload {
            variant: entry.name.to_string(),
            dim: rules.dim,
            tables,
            start,
            positions,
            real_positions,
            missing_archive,
        })
    }

    /// "312 real + 990 random positions".
    pub fn describe_positions(&self) -> String {
        format!(
            "{} real + {} random positions",
            self.real_positions,
            self.positions.len() - self.real_positions
        )
    }
}

/// The positions not yet over in the first `REAL_GAMES` games of an archive.
fn real_positions(t: &Tables, text: &str) -> Result<Vec<Position>, String> {
    let games = parse_games(text).map_err(|e| e.to_string())?;
    let mut positions = Vec::new();
    for (i, game) in games.iter().take(REAL_GAMES).enumerate() {
        let replayed = replay(t, game).map_err(|e| format!("game {}: {e}", i + 1))?;
        positions.extend(replayed.positions.into_iter().filter(|p| !p.is_over(t)));
    }
    Ok(positions)
}

/// Positions along `RANDOM_GAMES` seeded random games from the start.
fn random_positions(t: &Tables, start: &Position) -> Vec<Position> {
    let mut positions = Vec::new();
    for game in 0..RANDOM_GAMES as u64 {
        let mut rng = SplitMix64::new(POSITION_SEED + game);
        let mut pos = start.clone();
        for _ in 0..RANDOM_GAME_PLIES {
            if pos.is_over(t) {
                break;
            }
            positions.push(pos.clone());
            let moves = pos.legal_moves(t);
            pos.play(t, moves[rng.below(moves.len())]);
        }
    }
    positions
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games_dir() -> GameSource<'static> {
        GameSource::Dir(Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/fixtures/games"
        )))
    }

    #[test]
    fn the_built_in_games_open_the_archives() {
        for file in ["copenhagen.csv", "brandubh.csv"] {
            let path = format!("{}/fixtures/games/{file}", env!("CARGO_MANIFEST_DIR"));
            let full = std::fs::read_to_string(path).unwrap();
            let variant = file.trim_end_matches(".csv");
            let built_in = built_in_games(variant).unwrap();
            let first: Vec<&str> = full.lines().take(REAL_GAMES).collect();
            assert_eq!(built_in.lines().collect::<Vec<_>>(), first, "{file}");
        }
    }

    #[test]
    fn built_in_and_folder_give_the_same_positions() {
        let hashes = |w: &Workload| w.positions.iter().map(|p| p.hash()).collect::<Vec<_>>();
        for variant in ["copenhagen", "brandubh"] {
            let built_in = Workload::new(variant, GameSource::BuiltIn).unwrap();
            let folder = Workload::new(variant, games_dir()).unwrap();
            assert!(built_in.real_positions > 0);
            assert_eq!(hashes(&built_in), hashes(&folder), "{variant}");
        }
    }

    #[test]
    fn copenhagen_takes_real_and_random_positions() {
        let w = Workload::new("copenhagen", games_dir()).unwrap();
        assert!(w.real_positions > 0 && w.positions.len() > w.real_positions);
        assert!(w.missing_archive.is_none());
        assert!(w.positions.iter().all(|p| !p.is_over(&w.tables)));
    }

    #[test]
    fn brandub_has_no_archive_of_its_own() {
        let w = Workload::new("brandub", games_dir()).unwrap();
        assert_eq!(w.real_positions, 0);
        assert!(w.missing_archive.is_none());
        assert!(!w.positions.is_empty());
    }

    #[test]
    fn a_missing_archive_falls_back_to_random_play() {
        let dir = std::env::temp_dir().join(format!("taflcount-workload-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let w = Workload::new("copenhagen", GameSource::Dir(&dir)).unwrap();
        assert_eq!(w.real_positions, 0);
        assert!(w.missing_archive.unwrap().contains("copenhagen.csv"));
        // An archive that is there but not readable as text is an error, not "missing".
        std::fs::create_dir_all(dir.join("copenhagen.csv")).unwrap();
        let e = Workload::new("copenhagen", GameSource::Dir(&dir))
            .err()
            .unwrap();
        assert!(e.to_string().contains("is a directory"), "{e}");
        std::fs::remove_dir_all(dir.join("copenhagen.csv")).unwrap();
        std::fs::write(dir.join("copenhagen.csv"), b"\x00\xff\xfe binary").unwrap();
        let e = Workload::new("copenhagen", GameSource::Dir(&dir))
            .err()
            .unwrap();
        assert!(e.to_string().contains("not a UTF-8 text file"), "{e}");
        let e = Workload::new("copenhagen", GameSource::Dir(&dir.join("nope")))
            .err()
            .unwrap();
        assert!(e.to_string().contains("no such folder"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_same_positions_every_time() {
        let a = Workload::new("tablut", games_dir()).unwrap();
        let b = Workload::new("tablut", games_dir()).unwrap();
        let hashes = |w: &Workload| w.positions.iter().map(|p| p.hash()).collect::<Vec<_>>();
        assert_eq!(hashes(&a), hashes(&b));
    }

    #[test]
    fn unknown_variants_are_named() {
        let e = Workload::new("chess", games_dir()).err().unwrap();
        assert!(e.to_string().contains("`chess`"));
    }
}
