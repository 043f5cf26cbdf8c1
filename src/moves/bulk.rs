//! Bulk counting on whole-board bitboards (boards of up to 11x11): the moves of a side
//! counted from its pieces' bitboards with one fill per direction for all its taflmen,
//! and the moves of the position after a quiet move counted without playing it, which
//! is what bulk perft does at the ply above its leaves.

use super::generate::Move;
use super::mover::Mover;
use super::position::{Position, ABSENT};
use super::tables::Tables;
use crate::board::{Bitboard, Geometry, Side, Square};
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
        })
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
}

impl ChildCounts<'_> {
    /// The number of moves of the position after `mv`, a legal move here: see
    /// [`Position::child_count`].
    #[inline(always)]
    pub fn count(&self, mv: Move) -> Option<u64> {
        let (pos, t, g) = (self.pos, self.t, self.g);
        pos.child_count_in(t, g, mv, self.defenders_reach)
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
        let mut sides = self.bits;
        sides[side as usize] ^= g.square(mv.from) | to;
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
                if t.encirclement
                    && !keeps_an_exit(g, defenders_reach, mv.to)
                    && encircled_bits(
                        g,
                        sides[Side::Defenders as usize],
                        sides[Side::Attackers as usize],
                    ) =>
            {
                return Some(0);
            }
            _ => {}
        }
        t.count_bits(g, &sides, king, enemy).map(u64::from)
    }
}
