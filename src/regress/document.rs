//! What taflregress reports, one struct per command: the JSON is these structs
//! serialised and the tables are rendered from them.

use super::engines::{EngineRow, FailureCounts, SnapshotDiff};
use super::fixture::FixtureResult;
use super::mine::Misplay;
use super::score::{by_length, by_variant, Rate, Scored};
use super::tier::TierRow;
use crate::document::{Header, NodeTiming};
use crate::search::{SearchOutcome, SearchResult};
use serde::{Deserialize, Serialize};

/// The JSON layout version of every taflregress document.
pub const SCHEMA_VERSION: u32 = 2;

/// A run of the misplay suite.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RegressSuiteDocument {
    /// [`SCHEMA_VERSION`] and `taflregress`.
    #[serde(flatten)]
    pub header: Header,
    /// The suite folder, or `built-in`.
    pub suite: String,
    /// Positions run.
    pub positions: usize,
    /// Positions the AI got right.
    pub passed: usize,
    /// Positions it got wrong.
    pub failed: usize,
    /// Search nodes over all positions.
    pub nodes: u64,
    /// One result per position, in file order.
    pub results: Vec<FixtureResult>,
    /// How long it took.
    pub timing: NodeTiming,
}

/// The deep prover's answer on one position (`taflregress analyze --prove N`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProveDocument {
    /// [`SCHEMA_VERSION`] and `taflregress`.
    #[serde(flatten)]
    pub header: Header,
    /// The side to move, whose win is asked about.
    pub side: String,
    /// The horizon in plies.
    pub within: u32,
    /// `win`, `no win`, `game over` (the position is an ending), or `undecided` when
    /// the node limit stopped the prover.
    pub answer: String,
    /// A first move that forces the win (with `win`).
    pub winning_move: Option<String>,
    /// Positions the prover made.
    pub positions: u64,
    /// How long it took.
    pub timing: NodeTiming,
}

/// The search's answer on one position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnalysisDocument {
    /// [`SCHEMA_VERSION`] and `taflregress`.
    #[serde(flatten)]
    pub header: Header,
    /// The move chosen; `None` when the game is over.
    pub best_move: Option<String>,
    /// The score for the side to move (see `search::score`).
    pub score: i32,
    /// `win`, `loss` or `draw` when the score is a game end.
    pub outcome: Option<SearchOutcome>,
    /// Plies to that end.
    pub plies_to_end: Option<u32>,
    /// The principal variation.
    pub pv: Vec<String>,
    /// The last completed depth.
    pub depth: u32,
    /// Search nodes.
    pub nodes: u64,
    /// How long it took.
    pub timing: NodeTiming,
}

impl AnalysisDocument {
    /// The document of a search result.
    pub fn new(r: &SearchResult, seconds: f64) -> AnalysisDocument {
        AnalysisDocument {
            header: Header::new(SCHEMA_VERSION, "taflregress"),
            best_move: r.best_move.map(|m| m.to_string()),
            score: r.score,
            outcome: r.outcome,
            plies_to_end: r.plies_to_end,
            pv: r.pv.iter().map(|m| m.to_string()).collect(),
            depth: r.depth,
            nodes: r.nodes,
            timing: NodeTiming::new(r.nodes, seconds),
        }
    }
}

/// Misplays found in an archive.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MineDocument {
    /// [`SCHEMA_VERSION`] and `taflregress`.
    #[serde(flatten)]
    pub header: Header,
    /// The catalog variant the games were replayed under.
    pub variant: String,
    /// Games scanned.
    pub games: usize,
    /// Every misplay found.
    pub misplays: Vec<MisplayRow>,
    /// `--plies`: the longest missed win looked for, with the deep prover.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies: Option<u32>,
    /// `--plies`: plies where the prover reached its node limit undecided.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undecided: Option<usize>,
    /// `--write`: the fixture files written.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub written: Vec<String>,
}

/// One misplay, as reported.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MisplayRow {
    /// The game's line in the archive.
    pub game: usize,
    /// The ply, from 1.
    pub ply: usize,
    /// The move played.
    #[serde(rename = "move")]
    pub played: String,
    /// `attackers` or `defenders`.
    pub side: String,
    /// `missed a win` or `allowed a win`.
    pub kind: String,
    /// The proof's horizon in plies.
    pub within: u32,
}

impl From<&Misplay> for MisplayRow {
    fn from(m: &Misplay) -> MisplayRow {
        MisplayRow {
            game: m.game,
            ply: m.ply,
            played: m.played.to_string(),
            side: m.side.name().to_owned(),
            kind: m.what().to_owned(),
            within: m.within,
        }
    }
}

/// The bench: fixed searches whose node total is the search's behaviour signature.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RegressBenchDocument {
    /// [`SCHEMA_VERSION`] and `taflregress`.
    #[serde(flatten)]
    pub header: Header,
    /// One row per bench position.
    pub rows: Vec<BenchRow>,
    /// Nodes over all rows: the signature.
    pub nodes: u64,
    /// How long it took.
    pub timing: NodeTiming,
}

/// One bench search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchRow {
    /// The catalog variant.
    pub variant: String,
    /// The fixed depth.
    pub depth: u32,
    /// The move chosen.
    pub best_move: Option<String>,
    /// Its score.
    pub score: i32,
    /// Nodes searched.
    pub nodes: u64,
}

/// A run of the hard tier at one budget (`taflregress --tier hard`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TierDocument {
    /// [`SCHEMA_VERSION`] and `taflregress`.
    #[serde(flatten)]
    pub header: Header,
    /// Always `hard`.
    pub tier: String,
    /// The suite folder, or `built-in`.
    pub suite: String,
    /// The node budget of every search.
    pub budget: u64,
    /// Positions run.
    pub positions: usize,
    /// Positions solved.
    pub solved: usize,
    /// Solve rates per variant, then `all`.
    pub by_variant: Vec<Rate>,
    /// Solve rates per length of the win.
    pub by_length: Vec<Rate>,
    /// Search nodes over all positions.
    pub nodes: u64,
    /// One row per position, in file order.
    pub results: Vec<TierRow>,
    /// How long it took.
    pub timing: NodeTiming,
}

impl TierDocument {
    /// The document of rows run at `budget`, taking `seconds`.
    pub fn new(suite: String, budget: u64, results: Vec<TierRow>, seconds: f64) -> TierDocument {
        let nodes = results.iter().map(|r| r.nodes).sum();
        TierDocument {
            header: Header::new(SCHEMA_VERSION, "taflregress"),
            tier: "hard".to_owned(),
            suite,
            budget,
            positions: results.len(),
            solved: results.iter().filter(|r| r.solved).count(),
            by_variant: by_variant(&results),
            by_length: by_length(&results),
            nodes,
            results,
            timing: NodeTiming::new(nodes, seconds),
        }
    }

    /// The solved set as text, one line per position (`solved id` or `missed id`), after
    /// the rates: what the snapshot test keeps, so a changed snapshot names the
    /// positions gained and lost.
    pub fn solved_set(&self) -> String {
        let mut out = format!(
            "hard tier at {} nodes: solved {} of {}\n",
            self.budget, self.solved, self.positions
        );
        for r in self.by_variant.iter().chain(&self.by_length) {
            out.push_str(&format!("  {}: {} of {}\n", r.group, r.solved, r.positions));
        }
        let mut rows: Vec<&TierRow> = self.results.iter().collect();
        rows.sort_by(|a, b| a.id.cmp(&b.id));
        for r in rows {
            let word = if r.solved { "solved" } else { "missed" };
            out.push_str(&format!("{word} {}\n", r.id));
        }
        out
    }
}

/// One budget of the curve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CurvePoint {
    /// The node budget.
    pub budget: u64,
    /// Positions solved.
    pub solved: usize,
    /// Solve rates per variant, then `all`.
    pub by_variant: Vec<Rate>,
    /// Solve rates per length of the win.
    pub by_length: Vec<Rate>,
    /// Search nodes over all positions.
    pub nodes: u64,
}

/// Solved against budget (`taflregress curve`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CurveDocument {
    /// [`SCHEMA_VERSION`] and `taflregress`.
    #[serde(flatten)]
    pub header: Header,
    /// Always `hard`.
    pub tier: String,
    /// The suite folder, or `built-in`.
    pub suite: String,
    /// `curve --engine`: the engine run at each budget (absent: taflcount's AI).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
    /// Positions in the tier.
    pub positions: usize,
    /// One point per budget, smallest first.
    pub points: Vec<CurvePoint>,
    /// How long it took.
    pub timing: NodeTiming,
}

impl CurvePoint {
    /// The point of rows run at `budget`.
    pub fn new(budget: u64, rows: &[TierRow]) -> CurvePoint {
        CurvePoint::of(budget, rows, rows.iter().map(|r| r.nodes).sum())
    }

    /// The point of any engine's rows run at `budget`, `nodes` searched in all (0 when the
    /// engine does not say).
    pub fn of<R: Scored>(budget: u64, rows: &[R], nodes: u64) -> CurvePoint {
        CurvePoint {
            budget,
            solved: rows.iter().filter(|r| r.solved()).count(),
            by_variant: by_variant(rows),
            by_length: by_length(rows),
            nodes,
        }
    }
}

/// A run of a tier with any engine (`taflregress --engine SPEC`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EngineSuiteDocument {
    /// [`SCHEMA_VERSION`] and `taflregress`.
    #[serde(flatten)]
    pub header: Header,
    /// The engine's description, as given.
    pub engine: String,
    /// `core` or `hard`.
    pub tier: String,
    /// The suite folder, or `built-in`.
    pub suite: String,
    /// The limit of each move: `nodes=N`, `movetime=MS` or `the engine's own`.
    pub limit: String,
    /// Positions run.
    pub positions: usize,
    /// Positions solved.
    pub solved: usize,
    /// Solve rates per variant, then `all`.
    pub by_variant: Vec<Rate>,
    /// Solve rates per length of the win.
    pub by_length: Vec<Rate>,
    /// Fixtures failed without a move judged, by kind.
    pub failures: FailureCounts,
    /// `--min-solved`: the share (percent) below which the run fails.
    pub min_solved: Option<f64>,
    /// `--snapshot`: the comparison with the snapshot file.
    pub snapshot: Option<SnapshotDiff>,
    /// One row per position, in file order.
    pub results: Vec<EngineRow>,
    /// Wall time, seconds.
    pub seconds: f64,
}

impl EngineSuiteDocument {
    /// The document of rows run.
    pub fn new(
        engine: String,
        tier: &str,
        suite: String,
        limit: String,
        results: Vec<EngineRow>,
        seconds: f64,
    ) -> EngineSuiteDocument {
        EngineSuiteDocument {
            header: Header::new(SCHEMA_VERSION, "taflregress"),
            engine,
            tier: tier.to_owned(),
            suite,
            limit,
            positions: results.len(),
            solved: results.iter().filter(|r| r.solved).count(),
            by_variant: by_variant(&results),
            by_length: by_length(&results),
            failures: FailureCounts::of(&results),
            min_solved: None,
            snapshot: None,
            results,
            seconds,
        }
    }

    /// The share solved, in percent.
    pub fn percent(&self) -> f64 {
        100.0 * self.solved as f64 / self.positions.max(1) as f64
    }

    /// True if `--min-solved` is given and the share solved is below it.
    pub fn below_gate(&self) -> bool {
        self.min_solved.is_some_and(|p| self.percent() < p)
    }
}
