//! The deepest perft whose counts fit their counters. A count to depth D adds up each
//! root move's subtree (D − 1 plies) in a `u64`, as it counts every shallower depth, so
//! D is refused when the moves the rules could allow, raised to D − 1, pass `u64::MAX`:
//! a wrapped counter would be a wrong answer given as right, after weeks of counting.

use super::MAX_DEPTH;
use crate::board::Side;
use crate::moves::{Position, Tables};
use std::fmt;

/// An upper bound of the legal moves of any position reachable from `pos`. A move is a
/// (piece, destination) pair; a piece's destinations lie on its rank and file, at most
/// 2·(dim − 1) squares. Nothing adds a piece, so the side to move has at most as many
/// as the larger side has in `pos`, or, where a mercenary could change sides, as many as
/// the board holds.
pub fn branching_bound(t: &Tables, pos: &Position) -> u64 {
    let (attackers, defenders) = (pos.count(Side::Attackers), pos.count(Side::Defenders));
    let pieces = if pos.exotic_pieces().is_empty() {
        attackers.max(defenders)
    } else {
        attackers + defenders
    };
    pieces as u64 * 2 * (t.dim() as u64 - 1)
}

/// The deepest perft of `pos` whose counts cannot overflow (at most [`MAX_DEPTH`]): the
/// largest D with `branching_bound`^(D − 1) ≤ `u64::MAX`.
pub fn deepest_countable(t: &Tables, pos: &Position) -> u32 {
    let bound = branching_bound(t, pos);
    let mut power = 1u64;
    let mut depth = 1;
    while depth < MAX_DEPTH {
        match power.checked_mul(bound) {
            Some(next) => power = next,
            None => break,
        }
        depth += 1;
    }
    depth
}

/// A depth refused because its count could overflow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooDeep {
    /// The depth asked for.
    pub depth: u32,
    /// The deepest that is counted.
    pub deepest: u32,
    /// The bound of the moves a position could have.
    pub moves: u64,
}

impl fmt::Display for TooDeep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "perft({}) could pass the 64-bit counter of one root move's subtree: a position \
             here has at most {} moves (pieces of a side × squares on their lines), and {}^{} \
             > 2^64, so depth {} is the deepest counted; a deeper count is split into units",
            self.depth,
            self.moves,
            self.moves,
            self.depth - 1,
            self.deepest
        )
    }
}

impl std::error::Error for TooDeep {}

/// `depth` if every count of a perft of `pos` to it fits its counter.
pub fn check_depth(t: &Tables, pos: &Position, depth: u32) -> Result<u32, TooDeep> {
    let deepest = deepest_countable(t, pos);
    if depth <= deepest {
        Ok(depth)
    } else {
        Err(TooDeep {
            depth,
            deepest,
            moves: branching_bound(t, pos),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::{perft, Counting};
    use crate::test_support::start;

    /// Copenhagen: 24 attackers × 20 squares; 480^7 < 2^64 < 480^8.
    #[test]
    fn copenhagen_counts_to_depth_eight() {
        let (t, pos) = start("copenhagen");
        assert_eq!(branching_bound(&t, &pos), 480);
        assert_eq!(deepest_countable(&t, &pos), 8);
        assert!(check_depth(&t, &pos, 8).is_ok());
        let refused = check_depth(&t, &pos, 99).unwrap_err();
        assert_eq!((refused.depth, refused.deepest), (99, 8));
    }

    /// The bound holds where it is checked: every position of brandub to depth 3 has at
    /// most as many moves as the bound allows.
    #[test]
    fn bound_covers_the_measured_growth() {
        let (t, pos) = start("brandub");
        let bound = branching_bound(&t, &pos) as u128;
        let mut below = 1u128;
        for depth in 1..=4 {
            let nodes = u128::from(perft(&t, &pos, depth, Counting::Bulk));
            below *= bound;
            assert!(nodes <= below, "perft({depth}) = {nodes} > {below}");
        }
    }
}
