//! The AI: negamax alpha-beta with principal variation search and late move reductions
//! inside iterative deepening, a transposition table keyed by the Zobrist hash, move
//! ordering (table move, escapes and captures, killers, history) and a tafl evaluation.
//! Game ends score with their distance ("escape in 3 plies"). Each search technique is
//! kept only when an SPRT says it gains (`reports/search-changes.md`).
//!
//! Deterministic under a depth or node limit: a search starts from cleared tables, so the
//! same position, history and limit give the same move, score and node count. A game's
//! player keeps its table from move to move instead (`Searcher::keeping_table`): then
//! the same game gives the same moves.
//!
//! ```
//! use taflcount::moves::{Position, Tables};
//! use taflcount::rules::catalog;
//! use taflcount::search::{Limits, Searcher};
//!
//! let tables = Tables::new(&catalog::find("brandub").unwrap().rules()).unwrap();
//! let start = Position::start(&tables);
//! let result = Searcher::new(&tables, Limits::depth(2)).best_move(&start, &[]);
//! assert!(result.best_move.is_some());
//! assert_eq!(result.depth, 2);
//! ```

mod alphabeta;
pub mod evaluation;
mod ordering;
pub mod score;
mod transposition;

pub use alphabeta::Searcher;
pub use evaluation::{Evaluator, Weights, WEIGHT_COUNT, WEIGHT_NAMES};
pub use transposition::TranspositionTable;

use crate::moves::Move;

/// When a search stops. With neither set it stops at depth 64 or a proven end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Positions to make at most; the last completed iteration's answer is returned
    /// (depth 1 always completes).
    pub nodes: Option<u64>,
}

impl Limits {
    /// Search to `depth` plies, with no node limit.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            nodes: None,
        }
    }

    /// Search until `nodes` positions are made, with no depth limit.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: None,
            nodes: Some(nodes),
        }
    }
}

/// A proven game end within the search horizon, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SearchOutcome {
    /// The side to move wins, whatever the opponent plays.
    Win,
    /// The side to move loses, whatever it plays.
    Loss,
}

impl SearchOutcome {
    /// The outcome as output and JSON write it: "win" or "loss".
    pub fn name(self) -> &'static str {
        match self {
            SearchOutcome::Win => "win",
            SearchOutcome::Loss => "loss",
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// `None` only when the game is already over.
    pub best_move: Option<Move>,
    /// For the side to move; `score::WIN - p` is a win `p` plies away.
    pub score: i32,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<Move>,
    /// The last completed iteration.
    pub depth: u32,
    /// Positions made (the root and every child played).
    pub nodes: u64,
    /// The proven end, when the score is one (then `plies_to_end` says how far).
    pub outcome: Option<SearchOutcome>,
    /// Plies to the game's end when the score is a game end.
    pub plies_to_end: Option<u32>,
}
