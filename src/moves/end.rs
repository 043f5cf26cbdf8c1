//! End of the game, in the order of rules.md: no attackers, no defenders, escape, king
//! captured, no legal move, edge fort, encirclement. Repetition needs history and is
//! left to callers that keep it (`History`).

use super::mover::Mover;
use super::position::Position;
use super::square_set::word_bit;
use super::tables::Tables;
use crate::board::{Side, MAX_DIM};
use std::fmt;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The attackers have no piece left: the defenders win.
    NoAttackers,
    /// The defenders have no piece left, king included: the attackers win.
    NoDefenders,
    /// The king stands on an escape square (`esc`): the defenders win.
    Escape,
    /// The king was captured (as `ks` says): the attackers win.
    KingCaptured,
    /// The side to move has no legal move and loses.
    NoLegalMove,
    /// The defenders closed an edge fort (`efe:y`) and win.
    EdgeFort,
    /// No defender can reach an edge any more (`surf:y`): the attackers win.
    Encirclement,
    /// A position occurred a third time; `tfr` decides who wins, if anyone. Only a
    /// caller that keeps the history finds it (`Repetitions`), never `Position::outcome`.
    Repetition,
}

impl EndReason {
    /// Every reason, in declaration order: for readers of documents that name them.
    pub const ALL: [EndReason; 8] = [
        EndReason::NoAttackers,
        EndReason::NoDefenders,
        EndReason::Escape,
        EndReason::KingCaptured,
        EndReason::NoLegalMove,
        EndReason::EdgeFort,
        EndReason::Encirclement,
        EndReason::Repetition,
    ];

    /// The reason in words, for messages and labels: "king captured", "escape"...
    pub fn name(self) -> &'static str {
        match self {
            EndReason::NoAttackers => "no attackers",
            EndReason::NoDefenders => "no defenders",
            EndReason::Escape => "escape",
            EndReason::KingCaptured => "king captured",
            EndReason::NoLegalMove => "no legal move",
            EndReason::EdgeFort => "edge fort",
            EndReason::Encirclement => "encirclement",
            EndReason::Repetition => "repetition",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A finished game: the winner (`None` for a draw) and the rule that ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The side that won, `None` for a draw.
    pub winner: Option<Side>,
    /// The rule that ended the game.
    pub reason: EndReason,
}

/// A set of squares as one bit word per rank (bit `file + 1`, like `Position::ranks`).
pub type Words = [u32; MAX_DIM];

/// What a position with the attackers to move knows about encirclement after its moves
/// ([`Position::encirclement_hint`]), for [`Position::ended_before_moving_after`].
#[derive(Clone, Copy, Debug)]
pub struct EncirclementHint {
    /// The empty squares connected to the edge, as rank words padded by a ring of set
    /// bits off the board: `outside[rank + 1]` has bit `file + 1` for a square.
    outside: [u32; MAX_DIM + 2],
    /// Defenders on an edge or orthogonally next to an outside square.
    touching: u32,
    /// Defenders on the board, the king counted.
    defenders: u16,
}

/// `SIMPLE[block]`: for a 3x3 block (bit `3 * row + column`, the centre bit 4) of the
/// outside, true if the outside orthogonal neighbours of the centre stay connected
/// through the block's ring without the centre, so that filling it disconnects nothing.
const SIMPLE: [bool; 512] = {
    let mut table = [false; 512];
    let mut block: usize = 0;
    while block < 512 {
        // Flood the ring from the first orthogonal neighbour present.
        let orthogonal = [1usize, 3, 5, 7];
        let mut reach = 0u32;
        let mut i = 0;
        while i < 4 {
            if block & (1 << orthogonal[i]) != 0 {
                reach = 1 << orthogonal[i];
                break;
            }
            i += 1;
        }
        loop {
            let mut grown = reach;
            let mut c: usize = 0;
            while c < 9 {
                if c != 4 && block & (1 << c) != 0 && reach & (1 << c) == 0 {
                    let (row, col): (usize, usize) = (c / 3, c % 3);
                    let mut n: usize = 0;
                    while n < 9 {
                        let (nr, nc): (usize, usize) = (n / 3, n % 3);
                        if reach & (1 << n) != 0 && nr.abs_diff(row) + nc.abs_diff(col) == 1 {
                            grown |= 1 << c;
                        }
                        n += 1;
                    }
                }
                c += 1;
            }
            if grown == reach {
                break;
            }
            reach = grown;
        }
        let mut ok = true;
        let mut j = 0;
        while j < 4 {
            if block & (1 << orthogonal[j]) != 0 && reach & (1 << orthogonal[j]) == 0 {
                ok = false;
            }
            j += 1;
        }
        table[block] = ok;
        block += 1;
    }
    table
};

/// Grows `reach` through the squares of `open` (orthogonal steps) until it is stable.
fn flood(dim: usize, mut reach: Words, open: &Words) -> Words {
    loop {
        let mut changed = false;
        for r in (0..dim).chain((0..dim).rev()) {
            let mut x = reach[r];
            if r > 0 {
                x |= reach[r - 1] & open[r];
            }
            if r + 1 < dim {
                x |= reach[r + 1] & open[r];
            }
            loop {
                let y = x | (((x << 1) | (x >> 1)) & open[r]);
                if y == x {
                    break;
                }
                x = y;
            }
            if x != reach[r] {
                reach[r] = x;
                changed = true;
            }
        }
        if !changed {
            return reach;
        }
    }
}

/// The squares orthogonally next to `set`, `set` included, on a board of `dim` ranks
/// whose squares are the bits of `board`.
pub fn dilate(dim: usize, board: u32, set: &Words) -> Words {
    let mut out = [0; MAX_DIM];
    for r in 0..dim {
        let mut x = set[r] | (set[r] << 1) | (set[r] >> 1);
        if r > 0 {
            x |= set[r - 1];
        }
        if r + 1 < dim {
            x |= set[r + 1];
        }
        out[r] = x & board;
    }
    out
}

impl Position {
    /// The outcome if the game is over, not counting repetition. Checks only what the
    /// last move can have changed: a defender move cannot encircle, an attacker move
    /// cannot build an edge fort (docs/rules-decisions.md).
    pub fn outcome(&self, t: &Tables) -> Option<Outcome> {
        self.outcome_with(t, true)
    }

    /// True if the game is over for a reason other than the side to move having no
    /// legal move. Perft needs no more: a position without moves has no children anyway.
    #[inline]
    pub fn ended_before_moving(&self, t: &Tables) -> bool {
        self.outcome_with(t, false).is_some()
    }

    /// `ended_before_moving` for a position just reached by the attackers' move to `to`
    /// from the position `hint` was made for (see [`EncirclementHint`]): the same answer,
    /// but encirclement is usually ruled out without a flood.
    #[inline]
    pub fn ended_before_moving_after(
        &self,
        t: &Tables,
        hint: Option<&EncirclementHint>,
        to: crate::board::Square,
    ) -> bool {
        match hint {
            Some(h) if self.last_mover == Some(Side::Attackers) => self.ended_with_hint(t, h, to),
            _ => self.ended_before_moving(t),
        }
    }

    #[inline]
    fn ended_with_hint(
        &self,
        t: &Tables,
        hint: &EncirclementHint,
        to: crate::board::Square,
    ) -> bool {
        if self.count[Side::Attackers as usize] == 0 || self.count[Side::Defenders as usize] == 0 {
            return true;
        }
        if let Some(k) = self.king() {
            if t.escape[k.rank()] & (word_bit(k.file())) != 0 {
                return true;
            }
        }
        if self.king_captured {
            return true;
        }
        // The attackers moved: no edge fort can be built.
        t.encirclement && !self.open_after(hint, to) && self.encircled(t)
    }

    /// True if a defender still reaches the edge after the attackers' move to `to`, by
    /// what the hint of the position before says (false: not known, flood).
    ///
    /// The move filled only `to` (captures and the square left empty only open the
    /// board). If `to` was not outside, or filling it keeps its outside neighbours
    /// connected around it, every other outside square still reaches the edge; then a
    /// surviving defender that touched the outside at a square other than `to`
    /// still touches it.
    #[inline]
    fn open_after(&self, hint: &EncirclementHint, to: crate::board::Square) -> bool {
        let (f, r) = (to.file(), to.rank());
        // The 3x3 block around `to` in the padded outside words: bit 3 * row + column.
        let block = ((hint.outside[r] >> f) & 7)
            | ((hint.outside[r + 1] >> f) & 7) << 3
            | ((hint.outside[r + 2] >> f) & 7) << 6;
        if block & (1 << 4) != 0 && !SIMPLE[block as usize] {
            return false;
        }
        let captured = hint.defenders - self.count[Side::Defenders as usize];
        let d = self.ranks[Side::Defenders as usize].words();
        let bit = word_bit(f);
        let mut next = (d[r] & ((bit << 1) | (bit >> 1))).count_ones();
        if r > 0 {
            next += (d[r - 1] & bit != 0) as u32;
        }
        if r + 1 < MAX_DIM {
            next += (d[r + 1] & bit != 0) as u32;
        }
        hint.touching > next + 2 * captured as u32
    }

    /// What the moves of this position (the attackers to move, in a variant with
    /// encirclement) need to rule encirclement out cheaply after them: the empty squares
    /// connected to the edge and how many defenders touch them. `None` otherwise.
    pub fn encirclement_hint(&self, t: &Tables) -> Option<EncirclementHint> {
        if !t.encirclement || self.side_to_move != Side::Attackers || self.exotic_len != 0 {
            return None;
        }
        let dim = t.dim;
        let empty = self.empty_words(t);
        let edge_files = 0b10 | (1 << dim);
        let edge: Words = std::array::from_fn(|r| {
            if r == 0 || r + 1 == dim {
                t.board
            } else if r < dim {
                edge_files
            } else {
                0
            }
        });
        let seed: Words = std::array::from_fn(|r| empty[r] & edge[r]);
        let outside = flood(dim, seed, &empty);
        let around = dilate(dim, t.board, &outside);
        let defenders = self.ranks[Side::Defenders as usize].words();
        let touching = (0..dim)
            .map(|r| (defenders[r] & (around[r] | edge[r])).count_ones())
            .sum();
        let ring = (1u32 << (dim + 2)) - 1;
        let mut padded = [ring; MAX_DIM + 2];
        for r in 0..dim {
            padded[r + 1] = outside[r] | 1 | (word_bit(dim));
        }
        Some(EncirclementHint {
            outside: padded,
            touching,
            defenders: self.count[Side::Defenders as usize],
        })
    }

    fn outcome_with(&self, t: &Tables, check_moves: bool) -> Option<Outcome> {
        let end = |winner, reason| {
            Some(Outcome {
                winner: Some(winner),
                reason,
            })
        };
        if self.count[Side::Attackers as usize] == 0 {
            return end(Side::Defenders, EndReason::NoAttackers);
        }
        if self.count[Side::Defenders as usize] == 0 {
            return end(Side::Attackers, EndReason::NoDefenders);
        }
        if let Some(k) = self.king() {
            if t.escape[k.rank()] & (word_bit(k.file())) != 0 {
                return end(Side::Defenders, EndReason::Escape);
            }
        }
        if self.king_captured {
            return end(Side::Attackers, EndReason::KingCaptured);
        }
        if check_moves && !self.has_moves(t) {
            return end(self.side_to_move.opponent(), EndReason::NoLegalMove);
        }
        let defenders_moved = self.last_mover != Some(Side::Attackers);
        let attackers_moved = self.last_mover != Some(Side::Defenders);
        if t.edge_fort && defenders_moved && self.edge_fort(t) {
            return end(Side::Defenders, EndReason::EdgeFort);
        }
        if t.encirclement && attackers_moved && self.encircled(t) {
            return end(Side::Attackers, EndReason::Encirclement);
        }
        None
    }

    /// True if the game is over (repetition aside). The cheap tests come first.
    #[inline]
    pub fn is_over(&self, t: &Tables) -> bool {
        self.outcome(t).is_some()
    }

    fn empty_words(&self, t: &Tables) -> Words {
        let mut empty = [0; MAX_DIM];
        for (r, e) in empty.iter_mut().enumerate().take(t.dim) {
            *e = t.board & !(self.ranks[0][r] | self.ranks[1][r]);
        }
        empty
    }

    /// Encirclement: no defender can reach the edge. The flood from the empty edge
    /// squares meets a defender exactly when the empty squares around the defenders
    /// connect to an empty edge square, so this floods outward from the defenders and
    /// stops at the first edge square it reaches (cheap while the board is open).
    pub fn encircled(&self, t: &Tables) -> bool {
        let dim = t.dim;
        let defenders = self.ranks[Side::Defenders as usize].words();
        let edge_files = 0b10 | (1 << dim);
        if defenders[0] != 0
            || defenders[dim - 1] != 0
            || defenders[..dim].iter().any(|w| w & edge_files != 0)
        {
            return false;
        }
        // Quick exit: a defender with an empty line to the edge along its rank or file
        // touches the flood that starts from that edge square.
        let open_line = |own: &[u32; MAX_DIM], other: &[u32; MAX_DIM]| {
            (0..dim).any(|i| {
                let d = own[i];
                if d == 0 {
                    return false;
                }
                let occupied = (d | other[i]) & t.board;
                let lowest = d & d.wrapping_neg();
                let highest = 1u32 << (31 - d.leading_zeros());
                occupied & (lowest - 1) == 0 || occupied & !((highest << 1) - 1) == 0
            })
        };
        if open_line(defenders, self.ranks[Side::Attackers as usize].words())
            || open_line(
                &self.files[Side::Defenders as usize],
                &self.files[Side::Attackers as usize],
            )
        {
            return false;
        }
        if let Some(g) = &t.geometry {
            return super::bulk::encircled_bits(
                g,
                self.bits[Side::Defenders as usize],
                self.bits[Side::Attackers as usize],
            );
        }
        let empty = self.empty_words(t);
        let around = dilate(dim, t.board, defenders);
        let mut reach: Words = std::array::from_fn(|r| around[r] & empty[r]);
        let touches_edge = |reach: &Words| {
            reach[0] != 0 || reach[dim - 1] != 0 || reach[..dim].iter().any(|w| w & edge_files != 0)
        };
        loop {
            if touches_edge(&reach) {
                return false;
            }
            let grown = dilate(dim, t.board, &reach);
            let mut changed = false;
            for r in 0..dim {
                let next = grown[r] & empty[r];
                changed |= next != reach[r];
                reach[r] = next;
            }
            if !changed {
                return true;
            }
        }
    }

    /// Edge fort, a sound test (docs/rules-decisions.md): the king on an edge with a legal
    /// move, his region of empty squares touches no attacker, and every defender walling
    /// it in stays uncapturable while the others stand.
    pub fn edge_fort(&self, t: &Tables) -> bool {
        let Some(k) = self.king() else { return false };
        let dim = t.dim;
        let (kf, kr) = (k.file(), k.rank());
        if !t.on_edge(kf, kr) || self.piece_moves(t, Mover::King, k).is_empty() {
            return false;
        }
        // An attacker that jumps could enter any fort.
        let attacker_jumps = self.exotic[..self.exotic_len as usize]
            .iter()
            .any(|(_, m)| {
                m.piece().side == Side::Attackers
                    && t.jumps[*m as usize] != crate::rules::Jump::None
            });
        if attacker_jumps {
            return false;
        }
        let empty = self.empty_words(t);
        let mut king = [0; MAX_DIM];
        king[kr] = word_bit(kf);
        let around = dilate(dim, t.board, &king);
        let seed: Words = std::array::from_fn(|r| around[r] & empty[r]);
        let region = flood(dim, seed, &empty);
        let mut inside = region;
        inside[kr] |= king[kr];
        let near = dilate(dim, t.board, &inside);
        let attackers = self.ranks[Side::Attackers as usize].words();
        if (0..dim).any(|r| near[r] & attackers[r] != 0) {
            return false;
        }
        // `efc:n`: a fort that reaches a corner (the king's square included) is none.
        if !t.edge_fort_corner && (0..dim).any(|r| inside[r] & t.corners[r] != 0) {
            return false;
        }
        // The wall, and the greatest set of defenders that protect each other, which
        // must hold all of it.
        let mut wall = [0u32; MAX_DIM];
        for r in 0..dim {
            wall[r] = near[r] & self.ranks[Side::Defenders as usize][r] & !inside[r];
        }
        let safe_region: Words =
            std::array::from_fn(|r| region[r] & !t.hostile_empty[Side::Defenders as usize][r]);
        // The guards: every defender but the king to start with (issue 25: one outside
        // the wall that cannot be taken guards it as well as a member does).
        let defenders = &self.ranks[Side::Defenders as usize];
        let mut safe: Words = std::array::from_fn(|r| defenders[r] & !king[r]);
        loop {
            let mut changed = false;
            for r in 0..dim {
                let mut bits = safe[r];
                while bits != 0 {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let f = b - 1;
                    let protects = |nf: isize, nr: isize| -> bool {
                        if !t.on_board(nf, nr) {
                            return true;
                        }
                        let bit = word_bit(nf as usize);
                        let nr = nr as usize;
                        (king[nr] | safe[nr] | safe_region[nr]) & bit != 0
                    };
                    let (fi, ri) = (f as isize, r as isize);
                    let mut ok = (protects(fi - 1, ri) || protects(fi + 1, ri))
                        && (protects(fi, ri - 1) || protects(fi, ri + 1));
                    if ok && t.shieldwall != crate::rules::Shieldwall::None && t.on_edge(f, r) {
                        // A shieldwall takes the member only if every member of its row
                        // along the edge has an attacker in front and both ends are
                        // closed. No attacker ever stands on the king, a safe member or
                        // the region.
                        let shut = |nf: isize, nr: isize| {
                            t.on_board(nf, nr)
                                && (king[nr as usize] | safe[nr as usize] | region[nr as usize])
                                    & (word_bit(nf as usize))
                                    != 0
                        };
                        let front = if r == 0 {
                            (fi, 1)
                        } else if r == dim - 1 {
                            (fi, ri - 1)
                        } else if f == 0 {
                            (1, ri)
                        } else {
                            (fi - 1, ri)
                        };
                        ok = shut(front.0, front.1);
                        // Issue 25: or the row is shut on one side: walking along the edge
                        // over the king and safe members, it meets a member whose front is
                        // shut, or ends on a region square (which no attacker reaches and,
                        // unless it is a corner of `sw:s`, does not close a wall).
                        let along = if r == 0 || r == dim - 1 {
                            (1, 0)
                        } else {
                            (0, 1)
                        };
                        let corner_of_board = (f == 0 || f == dim - 1) && (r == 0 || r == dim - 1);
                        for sign in [-1, 1] {
                            let (mut cf, mut cr) = (fi, ri);
                            while !ok && !corner_of_board {
                                cf += along.0 * sign;
                                cr += along.1 * sign;
                                if !t.on_board(cf, cr) {
                                    break;
                                }
                                let bit = word_bit(cf as usize);
                                let w = cr as usize;
                                if region[w] & bit != 0 {
                                    ok = !(t.shieldwall == crate::rules::Shieldwall::Strong
                                        && t.is_corner(cf as usize, w));
                                    break;
                                }
                                if (king[w] | safe[w]) & bit == 0 {
                                    break;
                                }
                                ok = shut(cf + front.0 - fi, cr + front.1 - ri);
                            }
                        }
                    }
                    if !ok {
                        safe[r] &= !(1 << b);
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        (0..dim).all(|r| wall[r] & !safe[r] == 0)
    }
}
