//! The hard tier of the misplay suite (`fixtures/misplays/hard/`): forced wins of five
//! plies or more that players missed, each proven by the deep prover. Unlike the core
//! tier, which must always pass, the hard tier is scored: the share of its positions the
//! AI solves (plays a winning move) at a node budget, per variant and per length of the
//! win, and that share against the budget (the curve).

use super::engines::judge_all;
use super::fixture::Loaded;
use super::score::Scored;
use crate::engine::{EngineKind, EngineSpec};
use crate::search::Limits;
use serde::{Deserialize, Serialize};

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

/// taflcount's AI as the hard tier scores it: the alpha-beta search with the variant's
/// weights, `budget` nodes a move, a fresh transposition table for each position.
pub fn ai_at(budget: u64) -> EngineSpec {
    EngineSpec {
        text: format!("search:nodes={budget}"),
        kind: EngineKind::Search {
            limits: Limits::nodes(budget),
            movetime: None,
            weights: None,
            eval: None,
        },
    }
}

/// Runs every position with [`ai_at`] `budget` on `threads` threads (each position is
/// searched alone by one thread, so the answers do not depend on the number of threads),
/// calling `tick` after each. Rows come back in the order of `loaded`.
pub fn run_tier(
    loaded: &[Loaded],
    budget: u64,
    threads: usize,
    tick: &(dyn Fn() + Sync),
) -> Vec<TierRow> {
    judge_all(loaded, &ai_at(budget), None, threads, &|_| tick())
        .into_iter()
        .map(|judged| {
            let effort = judged.effort.unwrap_or_default();
            let row = judged.row;
            TierRow {
                id: row.id,
                variant: row.variant,
                plies: row.plies,
                solved: row.solved,
                played: row.played,
                depth: effort.depth,
                nodes: effort.nodes,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::regress::document::TierDocument;
    use crate::regress::score::{by_length, by_variant};

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
