//! Perft with a budget of work: the count, or nothing once it has visited more positions
//! than allowed. A suite line such as `perft 100 1` names its own expected count, so a
//! limit on that number (`--max-nodes`) never stopped the work; this one counts the work.

use super::Counting;
use crate::moves::{Position, Tables};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Positions counted locally before they are added to the shared total and the budget
/// is looked at: rare enough to cost nothing, often enough to stop within a blink.
const FLUSH: u64 = 1 << 14;

struct Budget {
    limit: u64,
    spent: AtomicU64,
    over: AtomicBool,
}

impl Budget {
    fn flush(&self, local: &mut u64) {
        let total = self.spent.fetch_add(*local, Ordering::Relaxed) + *local;
        *local = 0;
        if total > self.limit {
            self.over.store(true, Ordering::Relaxed);
        }
    }
}

/// Perft of `pos` to `depth` on up to `threads` threads, or `None` when the count
/// expands more than `budget` positions: the positions whose moves it generates, those
/// of plies 0 to depth − 1 (the root included, the last ply's not). A count of at most
/// `budget` nodes expands fewer than that wherever most positions have two moves or
/// more, and the work is bounded by `budget` move generations whatever the position
/// (a wrong line such as `perft 100 1` stops within a blink). The answer does not
/// depend on the threads: `Some` exactly when the whole count expands at most
/// `budget` positions.
pub fn perft_within(
    t: &Tables,
    pos: &Position,
    depth: u32,
    counting: Counting,
    threads: usize,
    budget: u64,
) -> Option<u64> {
    let b = Budget {
        limit: budget,
        spent: AtomicU64::new(0),
        over: AtomicBool::new(false),
    };
    if depth == 0 {
        return Some(1);
    }
    let mut local = 1; // the root is expanded
    let moves = if pos.ended_before_moving(t) {
        Vec::new()
    } else {
        pos.legal_moves(t)
    };
    b.flush(&mut local);
    let nodes = AtomicU64::new(0);
    crate::threads::share_out(threads, moves.len(), &|i| {
        if b.over.load(Ordering::Relaxed) {
            return;
        }
        let mut child = pos.clone();
        child.play(t, moves[i]);
        let mut local = 0;
        let n = counted(t, &child, depth - 1, counting, &b, &mut local);
        b.flush(&mut local);
        nodes.fetch_add(n, Ordering::Relaxed);
    });
    (!b.over.load(Ordering::Relaxed)).then(|| nodes.into_inner())
}

fn counted(
    t: &Tables,
    pos: &Position,
    depth: u32,
    counting: Counting,
    b: &Budget,
    local: &mut u64,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    *local += 1;
    if *local >= FLUSH {
        b.flush(local);
    }
    if pos.ended_before_moving(t) || b.over.load(Ordering::Relaxed) {
        return 0;
    }
    if depth == 1 && counting == Counting::Bulk {
        return pos.count_moves(t);
    }
    let mut nodes = 0;
    pos.for_each_piece_moves(t, |piece| {
        for mv in piece.iter() {
            let mut child = pos.clone();
            child.play(t, mv);
            nodes += counted(t, &child, depth - 1, counting, b, local);
        }
    });
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::perft;
    use crate::rules::catalog;

    fn brandub() -> (Tables, Position) {
        let t = Tables::new(&catalog::find("brandub").unwrap().rules()).unwrap();
        let p = Position::start(&t);
        (t, p)
    }

    #[test]
    fn within_the_budget_it_is_perft() {
        let (t, p) = brandub();
        for counting in [Counting::Bulk, Counting::Full] {
            for depth in 0..=3 {
                let exact = perft(&t, &p, depth, counting);
                for threads in [1, 3] {
                    let got = perft_within(&t, &p, depth, counting, threads, u64::MAX);
                    assert_eq!(got, Some(exact), "{counting:?} {depth} {threads}");
                }
            }
        }
    }

    #[test]
    fn the_budget_is_exact_whatever_the_threads() {
        // Brandub to depth 4 expands 1 + 40 + 960 + 39,512 positions (docs/perft.md),
        // bulk or played out.
        let (t, p) = brandub();
        let expanded = 1 + 40 + 960 + 39_512;
        for counting in [Counting::Bulk, Counting::Full] {
            for threads in [1, 2, 8] {
                let at = |budget| perft_within(&t, &p, 4, counting, threads, budget);
                assert_eq!(at(expanded), Some(1_007_392), "{threads}");
                assert_eq!(at(expanded - 1), None, "{threads}");
            }
        }
    }

    #[test]
    fn a_count_far_too_deep_gives_up_quickly() {
        // Perft 100 of brandub would never end; with a budget of a million positions it
        // stops after expanding about that many.
        let (t, p) = brandub();
        assert_eq!(
            perft_within(&t, &p, 100, Counting::Bulk, 2, 1_000_000),
            None
        );
    }
}
