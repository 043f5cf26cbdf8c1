//! The scan's document: `taflperft --against CMD --records FILE --json`, and what the
//! text table is rendered from.

use crate::moves::{Move, Tables};
use crate::perft::against::{Finding, FindingKind};
use serde::{Deserialize, Serialize};

pub use super::difference::Difference;

/// The version of [`ScanReport`]'s layout (2: `games_not_replayed` gone, a game that
/// does not replay is an input error).
pub const SCAN_SCHEMA_VERSION: u32 = 2;

/// One disagreement, at the first position the bisection found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScanExample {
    /// The game's line in the archive (its number).
    pub game: usize,
    /// The ply of the game the scan compared at (moves from the start).
    pub ply: usize,
    /// Every move from the start to the position found: the game's first `ply`, then
    /// the bisection's line.
    pub moves: String,
    /// Plies from the start to the position found.
    pub length: usize,
    /// The position found, rank 1 first.
    pub position: String,
    /// Who moves there.
    pub side_to_move: String,
    /// The remaining depth at which the engines differ there.
    pub depth: u32,
    /// Moves the other engine has and taflcount does not, sorted.
    pub too_many: Vec<String>,
    /// Moves taflcount has and the other engine does not, sorted.
    pub too_few: Vec<String>,
    /// For the count kinds: what the other engine said, in words.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
}

impl ScanExample {
    /// The example of finding `f`, made at `ply` of the game on line `game` of the
    /// archive after that game's `moves`: the finding in the words of the document.
    pub fn of(t: &Tables, game: usize, ply: usize, moves: &[Move], f: &Finding) -> ScanExample {
        let mut all = moves.to_vec();
        all.extend(&f.line);
        let texts = |v: &[Move]| v.iter().map(Move::to_string).collect::<Vec<String>>();
        let (too_many, too_few, detail) = match &f.kind {
            FindingKind::Moves { too_many, too_few } => {
                (texts(too_many), texts(too_few), String::new())
            }
            FindingKind::LeafCount { mv, theirs } => (
                vec![],
                vec![],
                format!("{theirs} leaves below {mv} at depth 1"),
            ),
            FindingKind::Total { sum, total } => (
                vec![],
                vec![],
                format!("total {total}, sum of its divide {sum}"),
            ),
            FindingKind::Inconsistent { above, below } => (
                vec![],
                vec![],
                format!("{above} one level up, {below} in its divide here"),
            ),
        };
        ScanExample {
            game,
            ply,
            moves: super::line_text(&all),
            length: all.len(),
            position: f.record(t),
            side_to_move: f.side().name().to_string(),
            depth: f.depth,
            too_many,
            too_few,
            detail,
        }
    }
}

/// One group of findings: one kind of difference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScanGroup {
    /// What differs.
    pub difference: Difference,
    /// The same in words.
    pub description: String,
    /// Distinct positions found (a position reached from several scanned plies counts
    /// once).
    pub positions: usize,
    /// Scanned positions whose bisection ended in this group.
    pub hits: usize,
    /// The shortest example (fewest plies from the start).
    pub example: ScanExample,
}

/// A position the other engine failed on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScanFailure {
    /// The game's line in the archive.
    pub game: usize,
    /// The ply compared at.
    pub ply: usize,
    /// What went wrong.
    pub message: String,
}

/// The whole scan: `taflperft --against CMD --records FILE --json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScanReport {
    /// [`SCAN_SCHEMA_VERSION`], `taflperft` and `scan`.
    #[serde(flatten)]
    pub header: crate::document::Header,
    /// The other engine's command.
    pub command: String,
    /// The archive scanned.
    pub records: String,
    /// The OTN rules string.
    pub rules: String,
    /// The depth compared.
    pub depth: u32,
    /// Games read from the archive (after `--games`).
    pub games: usize,
    /// What the scan found.
    #[serde(flatten)]
    pub outcome: ScanOutcome,
    /// Wall-clock seconds of the whole scan.
    pub seconds: f64,
}

impl ScanReport {
    /// The report of a finished scan of `games` games of the archive `records` at
    /// `depth`, against `command`, that took `seconds`.
    pub fn new(
        command: &str,
        records: &str,
        rules: String,
        depth: u32,
        games: usize,
        outcome: ScanOutcome,
        seconds: f64,
    ) -> ScanReport {
        ScanReport {
            header: crate::document::Header::with_mode(SCAN_SCHEMA_VERSION, "taflperft", "scan"),
            command: command.to_owned(),
            records: records.to_owned(),
            rules,
            depth,
            games,
            outcome,
            seconds,
        }
    }
}

/// What a scan found; the report adds its labels and timing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScanOutcome {
    /// Positions compared (engine failures included).
    pub positions: usize,
    /// Positions where both engines give the same divide.
    pub agreed: usize,
    /// Positions where they differ (each bisected into one of the groups).
    pub differed: usize,
    /// Positions where the other engine failed.
    pub failed: usize,
    /// The groups, most positions first.
    pub groups: Vec<ScanGroup>,
    /// The first failures, with their messages.
    pub failures: Vec<ScanFailure>,
    /// Calls of the other engine.
    pub calls: usize,
}
