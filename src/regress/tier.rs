//! The hard tier of the misplay suite (`fixtures/misplays/hard/`): forced wins of five
//! plies or more that players missed, each proven by the deep prover. Unlike the core
//! tier, which must always pass, the hard tier is scored: the share of its positions the
//! AI solves (plays a winning move) at a node budget, per variant and per length of the
//! win, and that share against the budget (the curve).

use super::document::{Timing, SCHEMA_VERSION};
use super::fixture::Loaded;
use crate::document::Header;
use crate::search::Limits;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Mutex;

/// The node budget the hard tier is scored at unless told otherwise: the default budget
/// of taflengine's AI (`search:nodes=50000`), so the figure describes the AI as it plays.
pub const DEFAULT_NODES: u64 = 50_000;

/// The budgets of `taflregress curve`: 10^3 to 10^7 nodes in half decades.
pub const CURVE_BUDGETS: [u64; 9] = [
    1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000, 3_000_000, 10_000_000,
];

/// What the AI did on one hard position at a budget.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TierRow {
    /// The fixture's id.
    pub id: String,
    /// Its catalog variant (`rules` when it gives a rules string).
    pub variant: String,
    /// The length of the shortest forced win, in plies.
    pub plies: u32,
    /// True if the AI played a move that forces the win.
    pub solved: bool,
    /// The AI's move; `None` if it found none.
    pub played: Option<String>,
    /// The last depth the search completed.
    pub depth: u32,
    /// Positions the search made.
    pub nodes: u64,
}

/// Positions solved of a group.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    /// The group: a variant, or a length (`5 plies`), or `all`.
    pub group: String,
    /// Positions in the group.
    pub positions: usize,
    /// Positions solved.
    pub solved: usize,
    /// `solved / positions`, 0 to 1.
    pub rate: f64,
}

/// A row of a scored run: its variant, the length of its win, and whether it was solved.
pub trait Scored {
    /// The variant the fixture is scored under.
    fn variant(&self) -> &str;
    /// The length of the fixture's win (or its proof's horizon), in plies.
    fn plies(&self) -> u32;
    /// True if the engine played a right move.
    fn solved(&self) -> bool;
}

impl Scored for TierRow {
    fn variant(&self) -> &str {
        &self.variant
    }
    fn plies(&self) -> u32 {
        self.plies
    }
    fn solved(&self) -> bool {
        self.solved
    }
}

impl Rate {
    fn of<'a, R: Scored + 'a>(group: String, rows: impl Iterator<Item = &'a R>) -> Rate {
        let (mut positions, mut solved) = (0, 0);
        for r in rows {
            positions += 1;
            solved += usize::from(r.solved());
        }
        Rate {
            group,
            positions,
            solved,
            rate: solved as f64 / positions.max(1) as f64,
        }
    }
}

/// The variant a fixture is scored under.
pub fn variant_of(l: &Loaded) -> String {
    l.fixture
        .variant
        .clone()
        .unwrap_or_else(|| "rules".to_string())
}

/// The length of a hard fixture's win: its proof's shortest, else its horizon.
pub fn plies_of(l: &Loaded) -> u32 {
    l.fixture.proof.shortest.unwrap_or(l.fixture.proof.within)
}

/// Runs every position at `budget` nodes on `threads` threads (each position is searched
/// alone by one thread, so the answers do not depend on the number of threads), calling
/// `tick` after each. Rows come back in the order of `loaded`.
pub fn run_tier(
    loaded: &[Loaded],
    budget: u64,
    threads: usize,
    tick: &(dyn Fn() + Sync),
) -> Vec<TierRow> {
    let limits = Limits {
        depth: None,
        nodes: Some(budget),
    };
    let rows: Mutex<Vec<Option<TierRow>>> = Mutex::new(vec![None; loaded.len()]);
    // Through the one thread pool: a thread the system refuses is no panic here either.
    crate::threads::share_out(threads, loaded.len(), &|i| {
        let l = &loaded[i];
        let r = l.run_with(limits);
        let row = TierRow {
            id: l.fixture.id.clone(),
            variant: variant_of(l),
            plies: plies_of(l),
            solved: r.pass,
            played: r.played,
            depth: r.depth,
            nodes: r.nodes,
        };
        rows.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(row);
        tick();
    });
    rows.into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .flatten()
        .collect()
}

/// Solve rates by variant (sorted by name), then `all`.
pub fn by_variant<R: Scored>(rows: &[R]) -> Vec<Rate> {
    let mut groups: BTreeMap<&str, Vec<&R>> = BTreeMap::new();
    for r in rows {
        groups.entry(r.variant()).or_default().push(r);
    }
    let mut rates: Vec<Rate> = groups
        .into_iter()
        .map(|(g, rs)| Rate::of(g.to_string(), rs.into_iter()))
        .collect();
    rates.push(Rate::of("all".into(), rows.iter()));
    rates
}

/// Solve rates by length of the win (shortest first).
pub fn by_length<R: Scored>(rows: &[R]) -> Vec<Rate> {
    let mut groups: BTreeMap<u32, Vec<&R>> = BTreeMap::new();
    for r in rows {
        groups.entry(r.plies()).or_default().push(r);
    }
    groups
        .into_iter()
        .map(|(p, rs)| Rate::of(format!("{p} plies"), rs.into_iter()))
        .collect()
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
    pub timing: Timing,
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
            timing: Timing::new(nodes, seconds),
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
    pub timing: Timing,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, variant: &str, plies: u32, solved: bool) -> TierRow {
        TierRow {
            id: id.into(),
            variant: variant.into(),
            plies,
            solved,
            played: None,
            depth: 1,
            nodes: 10,
        }
    }

    #[test]
    fn rates_count_each_group_and_all() {
        let rows = [
            row("a", "brandub", 5, true),
            row("b", "brandub", 7, false),
            row("c", "copenhagen", 5, false),
            row("d", "brandub", 5, true),
        ];
        let v = by_variant(&rows);
        assert_eq!(
            v.iter()
                .map(|r| (r.group.as_str(), r.positions, r.solved))
                .collect::<Vec<_>>(),
            [("brandub", 3, 2), ("copenhagen", 1, 0), ("all", 4, 2)]
        );
        let l = by_length(&rows);
        assert_eq!(
            l.iter()
                .map(|r| (r.group.as_str(), r.positions, r.solved))
                .collect::<Vec<_>>(),
            [("5 plies", 3, 2), ("7 plies", 1, 0)]
        );
        let doc = TierDocument::new("x".into(), 7, rows.to_vec(), 1.0);
        let text = doc.solved_set();
        assert!(text.starts_with("hard tier at 7 nodes: solved 2 of 4\n"));
        assert!(
            text.ends_with("solved a\nmissed b\nmissed c\nsolved d\n"),
            "{text}"
        );
    }
}
