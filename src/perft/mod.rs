//! Perft: the number of positions exactly `depth` plies below a root
//! (`docs/perft.md`). A finished game has no children; repetition is ignored.

pub mod against;
mod bound;
mod budget;
mod document;
mod estimate;
mod forecast;
pub mod hashed;
pub mod scan;
mod suite;
pub mod units;

pub use hashed::{divide_hashed, perft_hashed, perft_hashed_threads, HashError, PerftTable};

pub use bound::{branching_bound, check_depth, deepest_countable, TooDeep};
pub use budget::perft_within;
pub use document::{
    AgainstDetails, AgainstFinding, AgainstReport, DepthCount, DepthTiming, DescentStep, DivideRow,
    EstimateDocument, EstimateRow, EstimateTiming, HashInfo, MergeReport, MergeTiming,
    PerftDocument, PerftTiming, PlanReport, Root, Seconds, SuiteDocument, SuiteRow, SuiteTiming,
    UnitReport, VariantList, VariantRow, SCHEMA_VERSION,
};
pub use estimate::{estimate, PerftEstimate, Wide};
pub use forecast::{forecast, Forecast};

pub use suite::{parse_suite, SuiteEntry, SuiteError};

use crate::moves::{Move, Position, Tables};
use std::sync::Mutex;

/// The deepest perft any tool accepts (`--depth`, a suite's `perft` lines, a plan):
/// one limit, checked where the depth enters. Far past anything countable, it keeps
/// the recursion's stack and the per-depth tables small.
pub const MAX_DEPTH: u32 = 1000;

/// How the last ply is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Count the moves of the last ply without playing them (fast).
    Bulk,
    /// Play every leaf (slow; the check on bulk counting).
    Full,
}

/// Perft of `pos` to `depth`.
///
/// ```
/// use taflcount::{moves::{Position, Tables}, perft::{perft, Counting}, rules::catalog};
/// let tables = Tables::new(&catalog::find("brandub").unwrap().rules()).unwrap();
/// let start = Position::start(&tables);
/// assert_eq!(perft(&tables, &start, 3, Counting::Bulk), 39_512);
/// ```
pub fn perft(t: &Tables, pos: &Position, depth: u32, counting: Counting) -> u64 {
    if depth == 0 {
        return 1;
    }
    // A finished game has no children; a side without moves has none either, which the
    // move loop below finds by itself.
    if pos.ended_before_moving(t) {
        return 0;
    }
    if depth == 1 && counting == Counting::Bulk {
        return pos.count_moves(t);
    }
    let mut nodes = 0;
    if depth == 2 && counting == Counting::Bulk {
        if let Some(children) = pos.child_counts(t) {
            // The ply above the leaves: a quiet move's child is counted without playing it.
            pos.for_each_piece_moves(t, |piece| {
                for mv in piece.iter() {
                    nodes += match children.count(mv) {
                        Some(n) => n,
                        None => count_played(t, pos, mv),
                    };
                }
            });
            return nodes;
        }
    }
    pos.for_each_piece_moves(t, |piece| {
        for mv in piece.iter() {
            let mut child = pos.clone();
            child.play_mover(t, piece.mover, mv, |_| {});
            nodes += if depth == 1 {
                1
            } else {
                perft(t, &child, depth - 1, counting)
            };
        }
    });
    nodes
}

/// The bulk count of the position after `mv`: for the few moves of the ply above the
/// leaves that `ChildCounts` cannot count unplayed. Out of line, so that the loop over
/// the others stays small.
#[inline(never)]
fn count_played(t: &Tables, pos: &Position, mv: Move) -> u64 {
    let mut child = pos.clone();
    child.play(t, mv);
    perft(t, &child, 1, Counting::Bulk)
}

/// Perft below each root move, in generation order: the `divide` of chess engines.
/// With `threads` > 1 the root moves are shared out among threads.
pub fn divide(
    t: &Tables,
    pos: &Position,
    depth: u32,
    counting: Counting,
    threads: usize,
) -> Vec<(Move, u64)> {
    divide_with_progress(t, pos, depth, counting, threads, &|_| {})
}

/// `divide`, calling `done` with each root move's count as it is finished.
pub fn divide_with_progress(
    t: &Tables,
    pos: &Position,
    depth: u32,
    counting: Counting,
    threads: usize,
    done: &(dyn Fn(u64) + Sync),
) -> Vec<(Move, u64)> {
    divide_each(t, pos, depth, threads, done, &|child, d| {
        perft(t, child, d, counting)
    })
}

/// The root moves of `pos` in generation order, each with `count(child, depth - 1)`,
/// the moves shared out among `threads` threads; `done` sees each count as it is made.
pub(crate) fn divide_each(
    t: &Tables,
    pos: &Position,
    depth: u32,
    threads: usize,
    done: &(dyn Fn(u64) + Sync),
    count: &(dyn Fn(&Position, u32) -> u64 + Sync),
) -> Vec<(Move, u64)> {
    assert!(depth >= 1, "divide needs a depth of at least 1");
    let moves = if pos.is_over(t) {
        Vec::new()
    } else {
        pos.legal_moves(t)
    };
    let results = Mutex::new(vec![0u64; moves.len()]);
    // Never more threads than root moves; a thread the system refuses leaves its share
    // to the others (`threads::share_out`).
    crate::threads::share_out(threads, moves.len(), &|i| {
        let mut child = pos.clone();
        child.play(t, moves[i]);
        let n = count(&child, depth - 1);
        results.lock().unwrap()[i] = n;
        done(n);
    });
    moves
        .into_iter()
        .zip(results.into_inner().unwrap())
        .collect()
}

/// Perft with the root moves shared out among `threads` threads.
pub fn perft_threads(
    t: &Tables,
    pos: &Position,
    depth: u32,
    counting: Counting,
    threads: usize,
) -> u64 {
    if depth <= 1 || threads <= 1 {
        return perft(t, pos, depth, counting);
    }
    divide(t, pos, depth, counting, threads)
        .iter()
        .map(|(_, n)| n)
        .sum()
}
