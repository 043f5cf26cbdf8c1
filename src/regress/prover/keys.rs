//! Table keys that keep repetition exact (see the module documentation of `prover`),
//! and the counts of positions met, hashed by their own Zobrist keys.

use super::Prover;
use crate::board::Side;
use crate::moves::{Position, SquareSet};
use std::hash::Hasher;

/// One position of the search path, kept for the repetition part of table keys: its
/// hash, its pieces (rank words per side) and how many there are.
pub(super) struct PathEntry {
    pub(super) hash: u64,
    ranks: [SquareSet; 2],
    pieces: usize,
}

impl PathEntry {
    pub(super) fn of(pos: &Position) -> PathEntry {
        PathEntry {
            hash: pos.hash(),
            ranks: [*pos.pieces(Side::Attackers), *pos.pieces(Side::Defenders)],
            pieces: pieces(pos),
        }
    }
}

/// The hasher of the prover's position counts: their keys are Zobrist hashes, already
/// uniformly spread, so hashing them again (std's SipHash took an eighth of the prover's
/// time) buys nothing.
#[derive(Default)]
pub(super) struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

pub(super) fn pieces(p: &Position) -> usize {
    p.count(Side::Attackers) + p.count(Side::Defenders)
}

pub(super) fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl<'t> Prover<'t> {
    /// The table key of `pos` searched `d` plies deep for side `p`: the hash, the
    /// repetition context (module documentation), the depth and the side.
    pub(super) fn key(&self, pos: &Position, d: u32, p: Side) -> u64 {
        let mut key = pos.hash() ^ mix(0x5eed_0000 + d as u64);
        if p == Side::Defenders {
            key ^= 0x6a09_e667_f3bc_c908;
        }
        if !self.repetition_matters {
            return key;
        }
        let n = pieces(pos);
        let exotic = !pos.exotic_pieces().is_empty();
        for (i, e) in self.path.iter().enumerate().rev() {
            if e.pieces != n {
                break;
            }
            let h = e.hash;
            if self.path[i + 1..].iter().any(|o| o.hash == h) {
                continue;
            }
            let count = self.counts.get(&h).copied().unwrap_or(1).min(2);
            let reach = if count >= 2 {
                2 * d
            } else if d >= 4 {
                2 * (d - 4)
            } else {
                continue;
            };
            // `pos` is at most `plies` moves below the entry, none a capture (the piece
            // count is the same), so it differs on at most two squares per move.
            let plies = (self.path.len() - i) as u32;
            if exotic || 2 * plies <= reach || self.differing_squares(pos, &e.ranks, reach) <= reach
            {
                key ^= mix(h ^ count as u64);
            }
        }
        key
    }

    /// Squares whose occupant differs between `a` and the pieces `b` (rank words per
    /// side; counting stops past `limit`).
    pub(super) fn differing_squares(&self, a: &Position, b: &[SquareSet; 2], limit: u32) -> u32 {
        let mut n = 0;
        let (a0, a1) = (a.pieces(Side::Attackers), a.pieces(Side::Defenders));
        for r in 0..self.dim {
            n += ((a0[r] ^ b[0][r]) | (a1[r] ^ b[1][r])).count_ones();
            if n > limit {
                return n;
            }
        }
        n
    }
}
