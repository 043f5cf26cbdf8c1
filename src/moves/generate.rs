//! Move generation. All moves of one piece come back at once as two bit words (the
//! destinations along its rank and along its file), so counting moves is two popcounts
//! per piece and nothing is allocated.

use super::mover::Mover;
use super::position::{Position, ABSENT};
use super::square_set::word_bit;
use super::tables::{MoveMasks, Tables};
use crate::board::{Direction, PieceKind, Square};
use crate::rules::{Berserk, Jump};
use std::fmt;

/// A move in the hot path: from one square index to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The square the piece leaves.
    pub from: Square,
    /// The square it lands on.
    pub to: Square,
}

impl fmt::Display for Move {
    /// The simple notation `a4-a1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// Every move of one piece: destinations as bits of its rank word and its file word.
#[derive(Clone, Copy, Debug)]
pub struct PieceMoves {
    /// The square the piece stands on.
    pub from: Square,
    /// Its type.
    pub mover: Mover,
    /// Bit `file + 1` for each destination on the piece's rank.
    pub along_rank: u32,
    /// Bit `rank + 1` for each destination on the piece's file.
    pub along_file: u32,
}

impl PieceMoves {
    /// How many moves: two popcounts, which is all bulk counting at the leaves needs.
    #[inline(always)]
    pub fn len(&self) -> u32 {
        self.along_rank.count_ones() + self.along_file.count_ones()
    }

    /// True if the piece cannot move.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True if one of the moves ends on `to`.
    pub fn reaches(&self, to: Square) -> bool {
        let (f, r) = (self.from.file(), self.from.rank());
        (to.rank() == r && self.along_rank & word_bit(to.file()) != 0)
            || (to.file() == f && self.along_file & word_bit(to.rank()) != 0)
    }

    /// How many of the moves end on an edge of a `dim` x `dim` board: along an edge
    /// line every one, across the board only those at its two ends.
    #[inline(always)]
    pub fn onto_edge(&self, dim: usize) -> u32 {
        let last = dim - 1;
        let (f, r) = (self.from.file(), self.from.rank());
        let ends_of_line = word_bit(0) | word_bit(last);
        let edge_rank = if r == 0 || r == last {
            self.along_rank
        } else {
            self.along_rank & ends_of_line
        };
        let edge_file = if f == 0 || f == last {
            self.along_file
        } else {
            self.along_file & ends_of_line
        };
        edge_rank.count_ones() + edge_file.count_ones()
    }

    /// The moves one by one.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Move> {
        let from = self.from;
        let (f, r) = (from.file(), from.rank());
        BitIter(self.along_rank)
            .map(move |b| Move {
                from,
                to: Square::new(b - 1, r),
            })
            .chain(BitIter(self.along_file).map(move |b| Move {
                from,
                to: Square::new(f, b - 1),
            }))
    }
}

/// The set bits of a word, lowest first.
pub struct BitIter(pub u32);

impl Iterator for BitIter {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            let b = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            Some(b)
        }
    }
}

/// The squares a slider at bit `p` reaches along a line: up to the first occupied bit
/// (excluded) and the first bit it may not pass (included), on both sides.
#[inline(always)]
pub(super) fn slide(p: usize, occupied: u32, nonpass: u32) -> u32 {
    let above = !0u32 << (p + 1);
    let o = occupied & above;
    let ray_o = (o & o.wrapping_neg()).wrapping_sub(1) & above;
    let n = nonpass & above;
    let ray_n = ((n & n.wrapping_neg()) << 1).wrapping_sub(1) & above;
    let below = (1u32 << p) - 1;
    let hb = 31 - (occupied & below).leading_zeros();
    let left_o = below & !((2u32 << hb) - 1);
    let hn = 31 - (nonpass & below).leading_zeros();
    let left_n = below & !((1u32 << hn) - 1);
    (ray_o & ray_n) | (left_o & left_n)
}

impl Position {
    /// The moves of the piece on `from` (a piece of the side to move).
    #[inline(always)]
    pub fn piece_moves(&self, t: &Tables, mover: Mover, from: Square) -> PieceMoves {
        let mut pm = self.slides(t, mover, from);
        let jump = t.jumps[mover as usize];
        if jump != Jump::None {
            let masks: &MoveMasks = t.masks(mover, from);
            let (jr, jf) = self.jumps(t, mover, from, masks, jump);
            pm.along_rank |= jr;
            pm.along_file |= jf;
        }
        pm
    }

    /// The sliding moves of a piece (every move but jumps).
    #[inline(always)]
    fn slides(&self, t: &Tables, mover: Mover, from: Square) -> PieceMoves {
        let (f, r) = (from.file(), from.rank());
        let masks: &MoveMasks = t.masks(mover, from);
        let window = &t.movers[mover as usize].window;
        let occ_rank = self.ranks[0][r] | self.ranks[1][r] | t.sentinels;
        let occ_file = self.files[0][f] | self.files[1][f] | t.sentinels;
        let along_rank =
            slide(f + 1, occ_rank, masks.nonpass_rank[r]) & masks.stop_rank[r] & window[f + 1];
        let along_file =
            slide(r + 1, occ_file, masks.nonpass_file[f]) & masks.stop_file[f] & window[r + 1];
        PieceMoves {
            from,
            mover,
            along_rank,
            along_file,
        }
    }

    /// Jump destinations (docs/rules-decisions.md): over one adjacent enemy that is not a
    /// king, knight or commander, to the empty square beyond where the jumper may stop;
    /// with `r`, only from or to a special square. No speed limit applies.
    #[cold]
    fn jumps(
        &self,
        t: &Tables,
        mover: Mover,
        from: Square,
        masks: &MoveMasks,
        mode: Jump,
    ) -> (u32, u32) {
        let enemy = mover.piece().side.opponent();
        let (mut along_rank, mut along_file) = (0, 0);
        for direction in Direction::ALL {
            let Some((over, land)) = from
                .step(t.dim, direction)
                .and_then(|over| Some((over, over.step(t.dim, direction)?)))
            else {
                continue;
            };
            let (jf, jr, lf, lr) = (over.file(), over.rank(), land.file(), land.rank());
            if self.ranks[enemy as usize][jr] & (word_bit(jf)) == 0
                || over == self.king
                || self.is_kind(over, PieceKind::Knight)
                || self.is_kind(over, PieceKind::Commander)
                || (self.ranks[0][lr] | self.ranks[1][lr]) & (word_bit(lf)) != 0
                || masks.stop_rank[lr] & (word_bit(lf)) == 0
                || (mode == Jump::Restricted
                    && t.kinds[from.index()] == 0
                    && t.kinds[land.index()] == 0)
            {
                continue;
            }
            if lr == from.rank() {
                along_rank |= word_bit(lf);
            } else {
                along_file |= word_bit(lr);
            }
        }
        (along_rank, along_file)
    }

    /// The moves of a berserker that must go on: all of them (`ber:m`), or only those
    /// that capture (`ber:c`).
    #[cold]
    fn berserker_moves(&self, t: &Tables) -> PieceMoves {
        let from = self.berserker;
        let mut pm = self.piece_moves(t, self.mover_at(self.side_to_move, from), from);
        if t.berserk == Berserk::Capture {
            let (f, r) = (from.file(), from.rank());
            let keep = |to: Square| self.captures_something(t, Move { from, to });
            pm.along_rank = BitIter(pm.along_rank)
                .filter(|&b| keep(Square::new(b - 1, r)))
                .fold(0, |w, b| w | 1 << b);
            pm.along_file = BitIter(pm.along_file)
                .filter(|&b| keep(Square::new(f, b - 1)))
                .fold(0, |w, b| w | 1 << b);
        }
        pm
    }

    /// Calls `visit` with the moves of every piece of the side to move.
    #[inline(always)]
    pub fn for_each_piece_moves(&self, t: &Tables, mut visit: impl FnMut(PieceMoves)) {
        if self.berserker != ABSENT {
            visit(self.berserker_moves(t));
            return;
        }
        let side = self.side_to_move;
        if self.exotic_len == 0 && t.jumps[Mover::King as usize] == Jump::None {
            // The common case: taflmen and a king that does not jump.
            let taflman = Mover::taflman(side);
            for r in 0..t.dim {
                let mut bits = self.ranks[side as usize][r];
                while bits != 0 {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let from = Square::new(b - 1, r);
                    visit(self.slides(
                        t,
                        if from == self.king {
                            Mover::King
                        } else {
                            taflman
                        },
                        from,
                    ));
                }
            }
            return;
        }
        for r in 0..t.dim {
            let mut bits = self.ranks[side as usize][r];
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let from = Square::new(b - 1, r);
                visit(self.piece_moves(t, self.mover_at(side, from), from));
            }
        }
    }

    /// The number of legal moves of the side to move (bulk counting).
    #[inline]
    pub fn count_moves(&self, t: &Tables) -> u64 {
        if self.berserker == ABSENT && self.exotic_len == 0 {
            if let Some(g) = &t.geometry {
                if let Some(n) = t.count_bits(g, &self.bits, self.king, self.side_to_move) {
                    return n as u64;
                }
            }
        }
        self.count_moves_by_piece(t)
    }

    /// `count_moves` piece by piece: two popcounts per piece. The reference the bulk
    /// count is tested against, and the count with exotic pieces, jumps, speed limits
    /// or on boards past 11x11.
    pub fn count_moves_by_piece(&self, t: &Tables) -> u64 {
        let mut n = 0u32;
        self.for_each_piece_moves(t, |pm| n += pm.len());
        n as u64
    }

    /// True if the side to move has at least one legal move.
    pub fn has_moves(&self, t: &Tables) -> bool {
        if self.berserker != ABSENT {
            return !self.berserker_moves(t).is_empty();
        }
        let side = self.side_to_move;
        for r in 0..t.dim {
            let mut bits = self.ranks[side as usize][r];
            while bits != 0 {
                let from = Square::new(bits.trailing_zeros() as usize - 1, r);
                bits &= bits - 1;
                if !self
                    .piece_moves(t, self.mover_at(side, from), from)
                    .is_empty()
                {
                    return true;
                }
            }
        }
        false
    }

    /// Every move of the side to move, in generation order. Whether the game is already
    /// over is not checked here (see `outcome`).
    pub fn legal_moves(&self, t: &Tables) -> Vec<Move> {
        let mut moves = Vec::with_capacity(128);
        self.for_each_piece_moves(t, |pm| moves.extend(pm.iter()));
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Direction, Side};

    #[test]
    fn slide_stops_before_pieces_and_at_nonpassable_squares() {
        // Board of 7: bits 1..=7; sentinels 0 and 8+.
        let sentinels = !0b1111_1110u32;
        // Piece at file 3 (bit 4), a blocker at bit 6: reaches bits 1,2,3 and 5.
        let got = slide(4, sentinels | (1 << 6) | (1 << 4), sentinels);
        assert_eq!(got, 0b10_1110);
        // A non-passable square at bit 2 is reached but not passed.
        let got = slide(4, sentinels | (1 << 4), sentinels | (1 << 2));
        assert_eq!(got, 0b1110_1100);
    }

    #[test]
    fn the_answers_about_one_piece_match_its_moves_one_by_one() {
        // Brandub's start: the king in the centre, pieces around him and on the edges.
        let t = Tables::new(&crate::rules::catalog::find("brandub").unwrap().rules()).unwrap();
        let pos = Position::start(&t);
        let dim = t.dim();
        pos.for_each_piece_moves(&t, |pm| {
            let on_edge = |s: Square| {
                s.file() == 0 || s.rank() == 0 || s.file() == dim - 1 || s.rank() == dim - 1
            };
            let edge = pm.iter().filter(|mv| on_edge(mv.to)).count() as u32;
            assert_eq!(pm.onto_edge(dim), edge, "{}", pm.from);
            for r in 0..dim {
                for f in 0..dim {
                    let to = Square::new(f, r);
                    let listed = pm.iter().any(|mv| mv.to == to);
                    assert_eq!(pm.reaches(to), listed, "{} to {to}", pm.from);
                }
            }
            let next = |side| {
                Direction::ALL
                    .iter()
                    .filter_map(|&d| pm.from.step(dim, d))
                    .filter(|&s| pos.pieces(side).contains(s))
                    .count() as u32
            };
            for side in Side::BOTH {
                assert_eq!(pos.count_next_to(side, pm.from), next(side), "{}", pm.from);
            }
        });
    }
}
