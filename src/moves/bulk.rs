//! Bulk counting on whole-board bitboards (boards of up to 11x11): the moves of a side
//! counted from its pieces' bitboards with one fill per direction for all its taflmen,
//! and the moves of the position after a quiet move counted without playing it, which
//! is what bulk perft does at the ply above its leaves: line by line, since a quiet
//! move changes the occupancy of three lines only.

use super::generate::{slide, Move};
use super::mover::Mover;
use super::position::{Position, ABSENT};
use super::square_set::word_bit;
use super::tables::Tables;
use crate::board::{Bitboard, Geometry, Side, Square, BITBOARD_MAX_DIM};
use crate::rules::{Berserk, Shieldwall};

impl Tables {
    /// The moves of `side` with the pieces of `sides` and the king on `king` (or
    /// `ABSENT`), counted on bitboards; `None` if a piece type of the side needs the
    /// per-piece path (a speed limit, jumps). No commander, knight, mercenary or guard
    /// may stand on the board, and no berserk continuation be pending.
    #[inline(always)]
    pub(super) fn count_bits(
        &self,
        g: &Geometry,
        sides: &[Bitboard; 2],
        king: Square,
        side: Side,
    ) -> Option<u32> {
        let taflman = Mover::taflman(side);
        let men = self.slide_bits[taflman as usize].as_ref()?;
        let own = sides[side as usize];
        let empty = g.board().without(sides[0] | sides[1]);
        let mut sliders = own;
        let mut n = 0;
        if side == Side::Defenders && king != ABSENT {
            let bits = self.slide_bits[Mover::King as usize].as_ref()?;
            let k = g.square(king);
            let c = self.class(Mover::King, king);
            n += g.slide_count(k, empty & bits.pass[c], empty & bits.land[c]);
            sliders = sliders.without(k);
        }
        let one_by_one = sliders & men.own_class;
        n += g.slide_count(
            sliders.without(one_by_one),
            empty & men.pass[0],
            empty & men.land[0],
        );
        for s in g.squares(one_by_one) {
            let c = self.class(taflman, s);
            n += g.slide_count(g.square(s), empty & men.pass[c], empty & men.land[c]);
        }
        Some(n)
    }
}

/// Encirclement (`surf`) on bitboards: no defender reaches an edge through empty
/// squares. Floods outward from the defenders and stops at the first edge square.
#[inline]
pub(super) fn encircled_bits(g: &Geometry, defenders: Bitboard, attackers: Bitboard) -> bool {
    if defenders.intersects(g.edge()) {
        return false;
    }
    let empty = g.board().without(defenders | attackers);
    let mut reach = g.dilate(defenders) & empty;
    loop {
        if reach.intersects(g.edge()) {
            return false;
        }
        let next = g.dilate(reach) & empty;
        if next == reach {
            return true;
        }
        reach = next;
    }
}

/// True if an attacker landing on `to` surely leaves the defenders a way to an edge,
/// given `reach`, the squares they reached before the move (an edge among them): a
/// square they did not reach blocks none of their paths, and nor does one that the
/// reached squares around it bypass ([`Geometry::keeps_connected_without`]). The
/// square the attacker left only opens more.
#[inline(always)]
fn keeps_an_exit(g: &Geometry, reach: Option<Bitboard>, to: Square) -> bool {
    let Some(reach) = reach else {
        return false;
    };
    !reach.intersects(g.square(to)) || g.keeps_connected_without(reach, to)
}

impl Position {
    /// False if the move of `mover` to `mv.to`, which lands next to an enemy, surely
    /// captures nothing: no enemy next to it has a hostile square behind it (the
    /// engine's [`Position::hostile_to`]), it is no attacker's move next to the king, no
    /// Linnaean capture is possible and it closes no shieldwall. The square behind a
    /// victim is never the one the move left (that one lies on the slide, where no enemy
    /// stands), so this position answers for the one after the move.
    #[inline(always)]
    fn may_capture_next_to(&self, t: &Tables, side: Side, mover: Mover, mv: Move) -> bool {
        let enemy = side.opponent();
        if side == Side::Attackers && (t.linnaean || self.king_next_to(mv.to)) {
            return true;
        }
        if mover == Mover::King && !t.king_hammer {
            // An unarmed king captures nothing; walls need a hammer too.
            return false;
        }
        let (f, r) = (mv.to.file(), mv.to.rank());
        if t.shieldwall != Shieldwall::None && self.may_flank_wall(t, enemy, f, r) {
            return true;
        }
        crate::board::Direction::ALL.iter().any(|&d| {
            let Some(victim) = mv.to.step(t.dim, d) else {
                return false;
            };
            let Some(anvil) = victim.step(t.dim, d) else {
                return false;
            };
            self.has(enemy, victim.file(), victim.rank()) && self.hostile_to(t, enemy, anvil)
        })
    }

    /// True if the king stands orthogonally next to `s`.
    #[inline(always)]
    fn king_next_to(&self, s: Square) -> bool {
        self.king != ABSENT
            && self.king.file().abs_diff(s.file()) + self.king.rank().abs_diff(s.rank()) == 1
    }

    /// True if [`Position::child_count`] can answer for this position's moves: a board
    /// with bitboards, no commander, knight, mercenary or guard, no berserk rule.
    #[inline]
    pub fn child_counts_apply(&self, t: &Tables) -> bool {
        t.geometry.is_some()
            && self.exotic_len == 0
            && self.berserker == ABSENT
            && t.berserk == Berserk::None
    }

    /// The number of moves of the position after `mv`, a legal move here (0 if that
    /// position has ended, repetition aside), counted without playing the move when it
    /// surely captures nothing and ends the game at most by an escape; `None` when the
    /// move must be played to tell ([`Position::child_counts_apply`] must hold).
    ///
    /// In this engine every capture a move makes is next to where it lands (custodial,
    /// the king's, Linnaean), or a jump's, or a relaxed shieldwall's anywhere on the
    /// edge: a move that lands with no enemy next to it, where its piece's captures need
    /// that contact (`Tables::captures_need_contact`), captures nothing. The end of the game
    /// then comes only from the escape, an edge fort (which needs the king on an edge,
    /// left to the played path) or encirclement (flooded here on the bitboards).
    #[inline(always)]
    pub fn child_count(&self, t: &Tables, mv: Move) -> Option<u64> {
        self.child_counts(t)?.count(mv)
    }

    /// This position prepared for [`ChildCounts::count`] of its moves, one by one
    /// ([`Position::child_counts_apply`] must hold; `None` otherwise): what every move
    /// shares is worked out once.
    #[inline]
    pub fn child_counts<'a>(&'a self, t: &'a Tables) -> Option<ChildCounts<'a>> {
        let g = t.geometry.as_ref()?;
        if !self.child_counts_apply(t) {
            return None;
        }
        let mut defenders_reach = None;
        if t.encirclement && self.side_to_move == Side::Attackers {
            let defenders = self.bits[Side::Defenders as usize];
            let empty = g
                .board()
                .without(defenders | self.bits[Side::Attackers as usize]);
            let reach = g.flood(defenders, empty);
            defenders_reach = reach.intersects(g.edge()).then_some(reach);
        }
        Some(ChildCounts {
            pos: self,
            t,
            g,
            defenders_reach,
            lines: LineCounts::of(self, t),
        })
    }
}

/// The moves of one line's sliders toward the line's higher squares, on occupancy
/// words (bit `i + 1` for the line's square `i`, as in [`Position`]'s rank and file
/// words): an addition ripples a carry through each run of passable squares that a
/// slider starts and leaves it at the square after the run, as
/// [`Geometry::slide_count`] does eastward for the whole board. `pass` and `land` hold
/// only empty squares of the line, so nothing carries past its end. The moves toward
/// the lower squares are the same count on the reversed words ([`reversed`]).
#[inline(always)]
fn line_count_up(sliders: u32, pass: u32, land: u32) -> u32 {
    let first = (sliders << 1) & (pass | land);
    ((pass.wrapping_add(first) ^ pass) & land).count_ones()
}

/// A line's word read from its other end: bit `i + 1` to bit `dim - i`, the sentinel
/// bits 0 and `dim + 1` swapped, every bit above `dim + 1` dropped.
#[inline(always)]
fn reversed(word: u32, dim: usize) -> u32 {
    word.reverse_bits() >> (30 - dim)
}

/// The moves of the taflmen of the side to move next, line by line, in a position whose
/// children are counted: a quiet move changes the occupancy of three lines only (the
/// one it slides along and the two crossing it at its ends), so each child's count is
/// this total with those three lines counted again. Only where every such taflman
/// starts from a plain square (start class 0), so that one pair of masks per line
/// answers for all of them.
struct LineCounts {
    /// Per rank.
    ranks: [LineWords; BITBOARD_MAX_DIM],
    /// Per file.
    files: [LineWords; BITBOARD_MAX_DIM],
    /// The moves along every line.
    total: u32,
}

/// One line's words (bit `i + 1` for its square `i`), kept for counting it again,
/// each also [`reversed`].
#[derive(Clone, Copy, Default)]
struct LineWords {
    /// The taflmen whose moves are counted.
    men: [u32; 2],
    /// Every piece.
    occupied: [u32; 2],
    /// The squares taflmen may not pass, sentinels included.
    nonpass: [u32; 2],
    /// The squares they may stop on.
    stop: [u32; 2],
    /// Their moves along it.
    count: u32,
}

impl LineWords {
    /// The words of a line of `dim` squares, each then reversed.
    #[inline(always)]
    fn new(dim: usize, men: u32, occupied: u32, nonpass: u32, stop: u32) -> LineWords {
        let outside = !(((2u32 << dim) - 1) & !1);
        let mut line = LineWords {
            men: [men, reversed(men, dim)],
            occupied: [occupied, reversed(occupied, dim)],
            nonpass: [nonpass, reversed(nonpass, dim) | outside],
            stop: [stop, reversed(stop, dim)],
            count: 0,
        };
        line.count = line.count_with([0, 0]);
        line
    }

    /// The line's moves with the occupancy bits `flip` (and their reversal) toggled.
    #[inline(always)]
    fn count_with(&self, flip: [u32; 2]) -> u32 {
        let way = |k: usize| {
            let occupied = self.occupied[k] ^ flip[k];
            line_count_up(
                self.men[k],
                !(occupied | self.nonpass[k]),
                self.stop[k] & !occupied,
            )
        };
        way(0) + way(1)
    }
}

impl LineCounts {
    /// The line counts of `pos`'s children's side to move, or `None` where the
    /// whole-board count must answer (a taflman off class 0; types it cannot count).
    #[inline]
    fn of(pos: &Position, t: &Tables) -> Option<LineCounts> {
        let enemy = pos.side_to_move.opponent();
        let taflman = Mover::taflman(enemy);
        let men = t.slide_bits[taflman as usize].as_ref()?;
        let mut own = pos.bits[enemy as usize];
        let mut king = (usize::MAX, usize::MAX);
        if enemy == Side::Defenders && pos.king != ABSENT {
            t.slide_bits[Mover::King as usize].as_ref()?;
            own = own.without(t.geometry.as_ref()?.square(pos.king));
            king = (pos.king.file(), pos.king.rank());
        }
        if own.intersects(men.own_class) {
            return None;
        }
        let masks = &t.movers[taflman as usize].classes[0];
        let mut lines = LineCounts {
            ranks: [LineWords::default(); BITBOARD_MAX_DIM],
            files: [LineWords::default(); BITBOARD_MAX_DIM],
            total: 0,
        };
        let (e, dim) = (enemy as usize, t.dim);
        for i in 0..dim {
            let mut men_rank = pos.ranks[e][i];
            let mut men_file = pos.files[e][i];
            if king.1 == i {
                men_rank &= !word_bit(king.0);
            }
            if king.0 == i {
                men_file &= !word_bit(king.1);
            }
            let rank = LineWords::new(
                dim,
                men_rank,
                pos.ranks[0][i] | pos.ranks[1][i],
                masks.nonpass_rank[i],
                masks.stop_rank[i],
            );
            let file = LineWords::new(
                dim,
                men_file,
                pos.files[0][i] | pos.files[1][i],
                masks.nonpass_file[i],
                masks.stop_file[i],
            );
            lines.total += rank.count + file.count;
            lines.ranks[i] = rank;
            lines.files[i] = file;
        }
        Some(lines)
    }

    /// The count after the quiet move `mv`, played by the other side: the line it
    /// slides along with both ends toggled, the two lines across it with one each.
    #[inline(always)]
    fn after(&self, mv: Move, dim: usize) -> u32 {
        let (from, to) = (mv.from, mv.to);
        // A square's bit in a line's word, and in the reversed word.
        let bits = |i: usize| [word_bit(i), word_bit(dim - 1 - i)];
        // The move's own line, the lines across it, and where on each it lies.
        let (along, across, at, ends) = if from.rank() == to.rank() {
            (
                &self.ranks,
                &self.files,
                from.rank(),
                [from.file(), to.file()],
            )
        } else {
            (
                &self.files,
                &self.ranks,
                from.file(),
                [from.rank(), to.rank()],
            )
        };
        let (along, a, b, bit, ends) = (
            &along[at],
            &across[ends[0]],
            &across[ends[1]],
            bits(at),
            ends.map(bits),
        );
        let flip = [ends[0][0] | ends[1][0], ends[0][1] | ends[1][1]];
        self.total - along.count - a.count - b.count
            + along.count_with(flip)
            + a.count_with(bit)
            + b.count_with(bit)
    }

    /// The moves of the king on `king` after the quiet move `mv` of the other side:
    /// his rank and file counted as lines, with his masks.
    #[inline(always)]
    fn king_after(&self, t: &Tables, king: Square, mv: Move) -> u32 {
        let masks = t.masks(Mover::King, king);
        let (kf, kr) = (king.file(), king.rank());
        let mut rank = self.ranks[kr].occupied[0];
        let mut file = self.files[kf].occupied[0];
        for s in [mv.from, mv.to] {
            if s.rank() == kr {
                rank ^= word_bit(s.file());
            }
            if s.file() == kf {
                file ^= word_bit(s.rank());
            }
        }
        let along_rank = slide(kf + 1, rank | t.sentinels, masks.nonpass_rank[kr]);
        let along_file = slide(kr + 1, file | t.sentinels, masks.nonpass_file[kf]);
        (along_rank & masks.stop_rank[kr]).count_ones()
            + (along_file & masks.stop_file[kf]).count_ones()
    }
}

/// A position prepared for counting its children's moves without playing them (bulk
/// perft's ply above the leaves): see [`Position::child_counts`].
pub struct ChildCounts<'a> {
    pos: &'a Position,
    t: &'a Tables,
    g: &'a Geometry,
    /// When the attackers are to move under encirclement: the squares the defenders
    /// reach through empty squares (themselves included), if that touches an edge.
    defenders_reach: Option<Bitboard>,
    /// The taflmen's moves of the side to move next, line by line, where they apply.
    lines: Option<LineCounts>,
}

impl ChildCounts<'_> {
    /// The number of moves of the position after `mv`, a legal move here: see
    /// [`Position::child_count`].
    #[inline(always)]
    pub fn count(&self, mv: Move) -> Option<u64> {
        let (pos, t, g) = (self.pos, self.t, self.g);
        pos.child_count_in(t, g, mv, self.defenders_reach, self.lines.as_ref())
    }
}

impl Position {
    /// [`ChildCounts::count`].
    #[inline(always)]
    fn child_count_in(
        &self,
        t: &Tables,
        g: &Geometry,
        mv: Move,
        defenders_reach: Option<Bitboard>,
        lines: Option<&LineCounts>,
    ) -> Option<u64> {
        let side = self.side_to_move;
        let enemy = side.opponent();
        let by_king = mv.from == self.king;
        let mover = if by_king {
            Mover::King
        } else {
            Mover::taflman(side)
        };
        let to = g.square(mv.to);
        if !t.captures_need_contact[mover as usize]
            || (self.enemy_next_to(t, enemy, mv.to) && self.may_capture_next_to(t, side, mover, mv))
        {
            return None;
        }
        // Both sides' bitboards after the move, for the two whole-board tests below.
        let sides = || {
            let mut sides = self.bits;
            sides[side as usize] ^= g.square(mv.from) | to;
            sides
        };
        let king = if by_king { mv.to } else { self.king };
        if by_king && t.escape.contains(mv.to) {
            return Some(0);
        }
        match side {
            Side::Defenders
                if t.edge_fort && king != ABSENT && t.on_edge(king.file(), king.rank()) =>
            {
                return None;
            }
            Side::Attackers
                if t.encirclement && !keeps_an_exit(g, defenders_reach, mv.to) && {
                    let [attackers, defenders] = sides();
                    encircled_bits(g, defenders, attackers)
                } =>
            {
                return Some(0);
            }
            _ => {}
        }
        let Some(lines) = lines else {
            return t.count_bits(g, &sides(), king, enemy).map(u64::from);
        };
        let mut n = lines.after(mv, t.dim);
        if enemy == Side::Defenders && king != ABSENT {
            n += lines.king_after(t, king, mv);
        }
        Some(u64::from(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bits of a line's squares.
    fn line(squares: &[usize]) -> u32 {
        squares.iter().map(|&i| word_bit(i)).fold(0, |a, b| a | b)
    }

    #[test]
    fn reversing_a_line_reads_it_from_the_other_end() {
        assert_eq!(reversed(line(&[0]), 5), line(&[4]));
        assert_eq!(reversed(line(&[1, 4]), 5), line(&[0, 3]));
        // The sentinels swap: bit 0 and bit dim + 1.
        assert_eq!(reversed(1, 5), 1 << 6);
        assert_eq!(reversed(1 << 12, 11), 1);
    }

    #[test]
    fn a_line_counts_its_sliders_moves_in_both_directions() {
        // Five squares: a slider on 1, another piece on 4. Up: 2 and 3; down: 0.
        let empty = line(&[0, 2, 3]);
        let slider = line(&[1]);
        assert_eq!(line_count_up(slider, empty, empty), 2);
        let (s, e) = (reversed(slider, 5), reversed(empty, 5));
        assert_eq!(line_count_up(s, e, e), 1);
        // Square 2 passed but not stopped on (a throne): up, only 3.
        assert_eq!(line_count_up(slider, empty, line(&[0, 3])), 1);
        // Square 2 stopped on but not passed (a corner for the king): up, only 2.
        assert_eq!(line_count_up(slider, line(&[0, 3]), empty), 1);
        // Two sliders on 0 and 4 with 1 to 3 empty: each reaches all three.
        let (s, e) = (line(&[0, 4]), line(&[1, 2, 3]));
        assert_eq!(line_count_up(s, e, e), 3);
        assert_eq!(
            line_count_up(reversed(s, 5), reversed(e, 5), reversed(e, 5)),
            3
        );
    }
}
