//! Playing a move: the piece slides (or jumps), then every capture the rules make is
//! decided on the board after the move and applied together: custodial captures, the
//! king's capture by his strength or a commander sandwich, shieldwalls, Linnaean capture,
//! capturing jumps. Captured mercenaries change sides instead of leaving. With berserk,
//! a capture may oblige the same piece to move again (docs/rules-decisions.md).

use super::generate::Move;
use super::mover::Mover;
use super::position::{Position, ABSENT};
use super::square_set::word_bit;
use super::tables::Tables;
use crate::board::{Direction, PieceKind, Side, Square, MAX_DIM};
use crate::rules::{Berserk, Jump, KingStrength, Shieldwall};

/// The four steps as (files, ranks) offsets, in [`Direction::RANK_THEN_FILE`] order (the
/// order captures are found and listed in): the capture code works on rank words and
/// adds offsets to file and rank, so it reads the steps once, at compile time.
const DIRECTIONS: [(isize, isize); 4] = {
    let d = Direction::RANK_THEN_FILE;
    [d[0].offset(), d[1].offset(), d[2].offset(), d[3].offset()]
};

/// Up to this many pieces can be captured by one move's shieldwalls (four edges).
const MAX_CAPTURES: usize = 4 * 17;

/// Up to this many by its other captures: four custodial, a jump's and a Linnaean one.
const MAX_CUSTODIAL: usize = 6;

impl Position {
    #[inline(always)]
    pub(super) fn has(&self, side: Side, f: usize, r: usize) -> bool {
        self.ranks[side as usize][r] & (word_bit(f)) != 0
    }

    #[inline(always)]
    fn occupied_at(&self, f: usize, r: usize) -> bool {
        (self.ranks[0][r] | self.ranks[1][r]) & (word_bit(f)) != 0
    }

    #[inline(always)]
    fn is_guard(&self, s: Square) -> bool {
        self.is_kind(s, PieceKind::Guard)
    }

    /// True if a piece of `side` on (f, r) acts as an anvil (guards never do; the king
    /// only when armed as one): `Tables::is_anvil` of the piece there, without decoding it.
    #[inline(always)]
    fn anvil_of(&self, t: &Tables, side: Side, f: usize, r: usize) -> bool {
        let s = Square::new(f, r);
        self.has(side, f, r) && (t.king_anvil || s != self.king) && !self.is_guard(s)
    }

    /// True if `s` is hostile to a piece of side `victim` here: an enemy anvil, or a
    /// special square hostile to that side by its occupancy. Equals
    /// [`Tables::hostile_with`] for the piece on `s` (tested), read from the words.
    #[inline(always)]
    pub fn hostile_to(&self, t: &Tables, victim: Side, s: Square) -> bool {
        let (f, r) = (s.file(), s.rank());
        if self.anvil_of(t, victim.opponent(), f, r) {
            return true;
        }
        let mask = if self.occupied_at(f, r) {
            t.hostile_occupied[victim as usize][r]
        } else {
            t.hostile_empty[victim as usize][r]
        };
        mask & (word_bit(f)) != 0
    }

    /// Plays a legal move of the side to move, reporting each captured (or converted)
    /// square.
    #[inline]
    pub fn play_with(&mut self, t: &Tables, mv: Move, on_capture: impl FnMut(Square)) {
        let mover = self.mover_at(self.side_to_move, mv.from);
        self.play_mover(t, mover, mv, on_capture);
    }

    /// `play_with` for a move whose piece type the caller knows: `mover` must be the
    /// type of the piece on `mv.from` ([`PieceMoves::mover`](super::PieceMoves) of the
    /// moves `mv` came from), which saves looking it up again.
    #[inline]
    pub(crate) fn play_mover(
        &mut self,
        t: &Tables,
        mover: Mover,
        mv: Move,
        mut on_capture: impl FnMut(Square),
    ) {
        debug_assert_eq!(mover, self.mover_at(self.side_to_move, mv.from));
        let side = self.side_to_move;
        if self.berserker != ABSENT {
            self.hash ^= t.zobrist_berserker[self.berserker.index()];
            self.berserker = ABSENT;
        }
        let captured = self.apply(t, mover, mv, &mut on_capture);
        self.last_mover = Some(side);
        if t.berserk != Berserk::None && captured && self.must_go_on(t, mv.to) {
            self.berserker = mv.to;
            self.hash ^= t.zobrist_berserker[mv.to.index()];
        } else {
            self.side_to_move = side.opponent();
            self.hash ^= t.zobrist_defenders_to_move;
        }
    }

    /// Passes the turn: the other side is to move, as if the side to move had played a
    /// move that changed nothing (a pending berserk move is given up). What the
    /// opponent could do now is what it threatens: the prover's threats and the
    /// playouts' blocks ask this position. Not a legal move of any tafl game.
    pub fn null_move(&mut self, t: &Tables) {
        if self.berserker != ABSENT {
            self.hash ^= t.zobrist_berserker[self.berserker.index()];
            self.berserker = ABSENT;
        }
        self.last_mover = Some(self.side_to_move);
        self.side_to_move = self.side_to_move.opponent();
        self.hash ^= t.zobrist_defenders_to_move;
    }

    /// Plays a legal move of the side to move.
    #[inline]
    pub fn play(&mut self, t: &Tables, mv: Move) {
        self.play_with(t, mv, |_| {});
    }

    /// The position after a legal move, and the squares it captured, sorted.
    pub fn after(&self, t: &Tables, mv: Move) -> (Position, Vec<Square>) {
        let mut next = self.clone();
        let mut captured = Vec::new();
        next.play_with(t, mv, |s| captured.push(s));
        captured.sort_unstable();
        (next, captured)
    }

    /// True if the move, played now, would capture (or convert) something.
    pub(crate) fn captures_something(&self, t: &Tables, mv: Move) -> bool {
        let mut trial = self.clone();
        let mover = self.mover_at(self.side_to_move, mv.from);
        trial.apply(t, mover, mv, &mut |_| {})
    }

    /// Berserk: after a capture, the piece on `at` moves again unless the game is over,
    /// if it has a capturing move (`ber:c`) or any move (`ber:m`).
    #[cold]
    fn must_go_on(&self, t: &Tables, at: Square) -> bool {
        if self.ended_before_moving(t) {
            return false;
        }
        let moves = self.piece_moves(t, self.mover_at(self.side_to_move, at), at);
        match t.berserk {
            Berserk::Move => !moves.is_empty(),
            _ => moves.iter().any(|mv| self.captures_something(t, mv)),
        }
    }

    /// Moves the piece (of type `mover`) and makes the captures, without deciding whose
    /// turn is next. Returns true if anything was captured.
    #[inline(always)]
    fn apply(
        &mut self,
        t: &Tables,
        mover: Mover,
        mv: Move,
        on_capture: &mut impl FnMut(Square),
    ) -> bool {
        let side = self.side_to_move;
        let enemy = side.opponent();
        self.slide_piece(t, side, mover, mv.from, mv.to);
        if mover == Mover::King {
            self.king = mv.to;
        }
        // Most moves land next to no enemy: where every capture needs that contact,
        // they are quiet and the tests below are skipped. Most of the others have no
        // partner for a sandwich and close no wall: quiet too, found by a few bitboard
        // tests without the call.
        if t.captures_need_contact[mover as usize] {
            if !self.enemy_next_to(t, enemy, mv.to) {
                return false;
            }
            return self.capture_next_to(t, mv, mover, on_capture);
        }
        self.capture_after(t, mv, mover, None, on_capture)
    }

    /// `capture_after` for a move that landed next to an enemy where every capture needs
    /// that contact: most such moves are found quiet by [`Position::may_capture_at`]
    /// first. Out of line, so that the quiet path of `apply` stays as short as it was.
    #[inline(never)]
    fn capture_next_to(
        &mut self,
        t: &Tables,
        mv: Move,
        mover: Mover,
        on_capture: &mut impl FnMut(Square),
    ) -> bool {
        let side = self.side_to_move;
        let sandwich = self.may_sandwich(t, side, mv.to);
        if !self.may_capture_at(t, side, mv.to, sandwich) {
            return false;
        }
        self.capture_after(t, mv, mover, Some(sandwich), on_capture)
    }

    /// False if the piece of `side` that just landed on `to`, next to an enemy, surely
    /// captures nothing, where every capture needs that contact
    /// ([`Tables::captures_need_contact`], so walls are flanked and nothing jumps to
    /// capture): no sandwich partner ([`Position::may_sandwich`]), no Linnaean capture
    /// and no wall it could close ([`Position::may_flank_wall`]). The conditions under
    /// which `capture_after` would find nothing, and the king's capture flag is never
    /// left set with the king on the board, so skipping the call changes nothing.
    #[inline(always)]
    fn may_capture_at(&self, t: &Tables, side: Side, to: Square, sandwich: bool) -> bool {
        sandwich
            || (t.linnaean && side == Side::Attackers)
            || (t.shieldwall != Shieldwall::None
                && self.may_flank_wall(t, side.opponent(), to.file(), to.rank()))
    }

    /// The captures of the move `mv` of a piece of type `mover`, just played: decided
    /// on the board after the move, then applied. `contact` is `Some` of
    /// [`Position::may_sandwich`]'s answer where the caller knows the move landed next
    /// to an enemy and asked it already. Kept out of line, so that playing a quiet move
    /// stays a short function.
    #[inline(never)]
    fn capture_after(
        &mut self,
        t: &Tables,
        mv: Move,
        mover: Mover,
        contact: Option<bool>,
        on_capture: &mut impl FnMut(Square),
    ) -> bool {
        let side = self.side_to_move;
        let enemy = side.opponent();
        let (f, r) = (mv.to.file() as isize, mv.to.rank() as isize);
        // Custodial captures, a jump's and a Linnaean one: a few squares, so the array
        // the hot path fills stays small; shieldwalls (rare) fill their own.
        let mut captured = [ABSENT; MAX_CUSTODIAL];
        let mut n = 0;
        let guard = mover.kind() == PieceKind::Guard;
        let hammer = !guard && (mover != Mover::King || t.king_hammer);
        if t.jumps[mover as usize] == Jump::Capture && !guard {
            if let Some(over) = self.jumped_square(mv) {
                if !self.is_guard(over) {
                    captured[n] = over;
                    n += 1;
                }
            }
        }
        // Custodial captures, and the king's capture: only next to an enemy.
        let contact = contact.or_else(|| {
            self.enemy_next_to(t, enemy, mv.to)
                .then(|| self.may_sandwich(t, side, mv.to))
        });
        if let (true, Some(sandwich)) = (hammer, contact) {
            let directions = if sandwich { &DIRECTIONS[..] } else { &[] };
            for &(df, dr) in directions {
                let (nf, nr) = (f + df, r + dr);
                if !t.on_board(nf, nr) || !self.has(enemy, nf as usize, nr as usize) {
                    continue;
                }
                let victim = Square::new(nf as usize, nr as usize);
                if victim == self.king {
                    if side == Side::Attackers
                        && self.king_is_captured(t, mover, nf as usize, nr as usize, df, dr)
                    {
                        self.king_captured = true;
                    }
                    continue;
                }
                let (ff, fr) = (nf + df, nr + dr);
                if t.on_board(ff, fr)
                    && !self.is_guard(victim)
                    && self.hostile_to(t, enemy, Square::new(ff as usize, fr as usize))
                {
                    captured[n] = victim;
                    n += 1;
                }
            }
            if t.linnaean && side == Side::Attackers {
                if let Some(victim) = self.linnaean_victim(t, mv.to) {
                    captured[n] = victim;
                    n += 1;
                }
            }
        }
        // A strict wall falls to its moving closer (a hammer); a relaxed one to any move
        // but a guard's. Every capture is decided on the board after the move, before
        // any is taken off.
        let mut any = false;
        if t.shieldwall != Shieldwall::None
            && !guard
            && (hammer || !t.shieldwall_flank)
            && (!t.shieldwall_flank || self.may_flank_wall(t, enemy, f as usize, r as usize))
        {
            let mut wall = [ABSENT; MAX_CAPTURES];
            let w = self.shieldwall_captures(t, mover, mv.to, &mut wall, 0);
            any |= self.take(t, side, &captured[..n], on_capture);
            any |= self.take(t, side, &wall[..w], on_capture);
        } else {
            any |= self.take(t, side, &captured[..n], on_capture);
        }
        // The flag outlives the capture (the game stays over); the king is removed only
        // by the move that took him, not again by a move played on after the end.
        if self.king_captured && self.king != ABSENT {
            let king = self.king;
            self.remove(t, Side::Defenders, Mover::King, king);
            self.king = ABSENT;
            on_capture(king);
            any = true;
        }
        any
    }

    /// Takes the pieces of `victims` that are still the enemy's off the board (a square
    /// may be found twice, by custodial capture and by a shieldwall; a converted
    /// mercenary is the capturer's by then); true if any was taken.
    #[inline(always)]
    fn take(
        &mut self,
        t: &Tables,
        side: Side,
        victims: &[Square],
        on_capture: &mut impl FnMut(Square),
    ) -> bool {
        let enemy = side.opponent();
        let mut any = false;
        for &victim in victims {
            if self.has(enemy, victim.file(), victim.rank()) {
                let kind = self.mover_at(enemy, victim);
                self.remove(t, enemy, kind, victim);
                if kind.kind() == PieceKind::Mercenary {
                    self.put(t, side, kind.switched(), victim);
                }
                on_capture(victim);
                any = true;
            }
        }
        any
    }

    /// True if a piece of `enemy` stands orthogonally next to `s`.
    #[inline(always)]
    pub(super) fn enemy_next_to(&self, t: &Tables, enemy: Side, s: Square) -> bool {
        if let Some(g) = &t.geometry {
            return g.neighbours(s).intersects(self.bits[enemy as usize]);
        }
        let (f, r) = (s.file(), s.rank());
        let e = &self.ranks[enemy as usize];
        let bit = word_bit(f);
        // Bit 0 and the bits past the board are never set; ranks past it are empty.
        e[r] & ((bit << 1) | (bit >> 1)) != 0
            || (r > 0 && e[r - 1] & bit != 0)
            || (r + 1 < MAX_DIM && e[r + 1] & bit != 0)
    }

    /// False if a piece of `side` just landed on `to` surely sandwiches no neighbour and
    /// takes no king: no square two steps away past an enemy neighbour holds a piece of
    /// `side` or a special square hostile to the enemy, and the king (for the attackers)
    /// is not next to `to`. Every custodial capture needs such a far square; most moves
    /// that land next to an enemy have none, and skip the per-direction tests. True: not
    /// known.
    #[inline(always)]
    fn may_sandwich(&self, t: &Tables, side: Side, to: Square) -> bool {
        let Some(g) = &t.geometry else {
            return true;
        };
        let enemy = side.opponent();
        if side == Side::Attackers
            && self.king != ABSENT
            && g.neighbours(to).intersects(g.square(self.king))
        {
            return true;
        }
        let far = g.two_away(to) & (self.bits[side as usize] | t.hostile_special[enemy as usize]);
        // Only a far square past an enemy neighbour closes a sandwich. The one neighbour
        // of `to` next to a far square is the one between them, so the far squares'
        // neighbours meet the enemy neighbours there: a few shifts, no loop.
        !far.is_empty()
            && g.dilate(far)
                .intersects(g.neighbours(to) & self.bits[enemy as usize])
    }

    /// With flanked shieldwalls (`swf:y`): true if a move to (f, r) can close a wall,
    /// that is, it lands on an edge next to an enemy along that edge (a wall's first
    /// member). False means `shieldwall_captures` would find nothing.
    #[inline(always)]
    pub(super) fn may_flank_wall(&self, t: &Tables, enemy: Side, f: usize, r: usize) -> bool {
        let last = t.dim - 1;
        let e = &self.ranks[enemy as usize];
        let bit = word_bit(f);
        ((r == 0 || r == last) && e[r] & ((bit << 1) | (bit >> 1)) != 0)
            || ((f == 0 || f == last)
                && ((r > 0 && e[r - 1] & bit != 0) || (r < last && e[r + 1] & bit != 0)))
    }

    /// The square jumped over, if the move is a jump (two squares over an enemy).
    #[inline(always)]
    fn jumped_square(&self, mv: Move) -> Option<Square> {
        let (ff, fr, tf, tr) = (mv.from.file(), mv.from.rank(), mv.to.file(), mv.to.rank());
        if ff.abs_diff(tf) + fr.abs_diff(tr) != 2 || (ff != tf && fr != tr) {
            return None;
        }
        let (mf, mr) = ((ff + tf) / 2, (fr + tr) / 2);
        self.occupied_at(mf, mr).then_some(Square::new(mf, mr))
    }

    /// The king on (kf, kr) after an attacker landed next to him, coming from direction
    /// (df, dr) as seen from the landing square.
    fn king_is_captured(
        &self,
        t: &Tables,
        mover: Mover,
        kf: usize,
        kr: usize,
        df: isize,
        dr: isize,
    ) -> bool {
        let strong = match t.king_strength {
            KingStrength::Strong => Some(false),
            KingStrength::Middleweight => Some(true),
            KingStrength::StrongAtCentre | KingStrength::StrongOnThrone
                if t.strong_zone[kr] & (word_bit(kf)) != 0 =>
            {
                Some(false)
            }
            _ => None,
        };
        let (of, or) = (kf as isize + df, kr as isize + dr);
        match strong {
            // Strong (`edge_ok` false) or middleweight (`edge_ok` true): every neighbour.
            Some(edge_ok) => {
                DIRECTIONS.iter().all(|(ef, er)| {
                    let (nf, nr) = (kf as isize + ef, kr as isize + er);
                    if !t.on_board(nf, nr) {
                        return edge_ok;
                    }
                    self.hostile_to(t, Side::Defenders, Square::new(nf as usize, nr as usize))
                }) || (self.exotic_len != 0 && self.commander_sandwich(t, mover, kf, kr, of, or))
            }
            None => {
                t.on_board(of, or)
                    && self.hostile_to(t, Side::Defenders, Square::new(of as usize, or as usize))
                    // `ks:t`: the throne itself is never an anvil against the king (an
                    // attacker standing on it still is).
                    && !(t.king_strength == KingStrength::StrongOnThrone
                        && t.kinds[Square::new(of as usize, or as usize).index()]
                            & crate::rules::SpecialKind::Centre.bit()
                            != 0
                        && !self.has(Side::Attackers, of as usize, or as usize))
            }
        }
    }

    /// The commander sandwich of a strong king: the mover and the square beyond the king
    /// make two of "attacker commander or knight" and "corner hostile to defenders";
    /// never on or against the throne.
    #[cold]
    fn commander_sandwich(
        &self,
        t: &Tables,
        mover: Mover,
        kf: usize,
        kr: usize,
        of: isize,
        or: isize,
    ) -> bool {
        let lf = 2 * kf as isize - of;
        let lr = 2 * kr as isize - or;
        let is_centre = |f: usize, r: usize| {
            t.kinds[Square::new(f, r).index()] & crate::rules::SpecialKind::Centre.bit() != 0
        };
        if !t.on_board(of, or) {
            return false;
        }
        let (of, or, lf, lr) = (of as usize, or as usize, lf as usize, lr as usize);
        if is_centre(kf, kr)
            || is_centre(of, or)
            || is_centre(lf, lr)
            || !self.hostile_to(t, Side::Defenders, Square::new(of, or))
        {
            return false;
        }
        let hostile_corner = |f: usize, r: usize| {
            t.is_corner(f, r) && t.hostile_empty[Side::Defenders as usize][r] & (word_bit(f)) != 0
        };
        let leader = |s: Square| {
            self.has(Side::Attackers, s.file(), s.rank())
                && (self.is_kind(s, PieceKind::Commander) || self.is_kind(s, PieceKind::Knight))
        };
        let count = usize::from(matches!(
            mover.kind(),
            PieceKind::Commander | PieceKind::Knight
        )) + usize::from(hostile_corner(lf, lr))
            + usize::from(leader(Square::new(of, or)))
            + usize::from(hostile_corner(of, or));
        count >= 2
    }

    /// Linnaean capture: an attacker lands two squares from the centre, the king holds
    /// the centre, a defender stands between, the centre's other neighbours are attackers.
    fn linnaean_victim(&self, t: &Tables, to: Square) -> Option<Square> {
        if self.king != t.centre {
            return None;
        }
        let (cf, cr) = (t.centre.file() as isize, t.centre.rank() as isize);
        let (tf, tr) = (to.file() as isize, to.rank() as isize);
        let (df, dr) = (tf - cf, tr - cr);
        if !matches!((df.abs(), dr.abs()), (2, 0) | (0, 2)) {
            return None;
        }
        let (mf, mr) = ((cf + df / 2) as usize, (cr + dr / 2) as usize);
        if !self.has(Side::Defenders, mf, mr) || self.is_guard(Square::new(mf, mr)) {
            return None;
        }
        let others = DIRECTIONS
            .iter()
            .map(|(ef, er)| (cf + ef, cr + er))
            .filter(|&(nf, nr)| (nf as usize, nr as usize) != (mf, mr))
            .all(|(nf, nr)| {
                self.has(Side::Attackers, nf as usize, nr as usize)
                    && !self.is_guard(Square::new(nf as usize, nr as usize))
            });
        others.then_some(Square::new(mf, mr))
    }

    /// Adds the members of every shieldwall this move captures to `out[n..]`.
    fn shieldwall_captures(
        &self,
        t: &Tables,
        mover: Mover,
        to: Square,
        out: &mut [Square; MAX_CAPTURES],
        mut n: usize,
    ) -> usize {
        let side = self.side_to_move;
        let dim = t.dim as isize;
        let (f, r) = (to.file() as isize, to.rank() as isize);
        if t.shieldwall_flank && !t.on_edge(f as usize, r as usize) {
            return n;
        }
        // The four edges: a square on the edge, the step along it, the step inward.
        let edges = [
            ((0, 0), (1, 0), (0, 1)),
            ((0, dim - 1), (1, 0), (0, -1)),
            ((0, 0), (0, 1), (1, 0)),
            ((dim - 1, 0), (0, 1), (-1, 0)),
        ];
        for (origin, along, inward) in edges {
            let on_this_edge = if along.0 == 0 {
                f == origin.0
            } else {
                r == origin.1
            };
            if t.shieldwall_flank {
                if !on_this_edge {
                    continue;
                }
                for step in [along, (-along.0, -along.1)] {
                    n = self.wall_from(
                        t,
                        mover,
                        to,
                        (f + step.0, r + step.1),
                        step,
                        inward,
                        out,
                        n,
                    );
                }
            } else {
                // Relaxed: every wall along this edge, wherever the move landed.
                let mut i = 0;
                while i < dim {
                    let (sf, sr) = (origin.0 + along.0 * i, origin.1 + along.1 * i);
                    let before = (sf - along.0, sr - along.1);
                    let starts_run = self.has(side.opponent(), sf as usize, sr as usize)
                        && (!t.on_board(before.0, before.1)
                            || !self.has(side.opponent(), before.0 as usize, before.1 as usize));
                    if starts_run
                        && t.on_board(before.0, before.1)
                        && self.closes_wall(t, mover, to, before.0 as usize, before.1 as usize)
                    {
                        n = self.wall_from(t, mover, to, (sf, sr), along, inward, out, n);
                    }
                    i += 1;
                }
            }
        }
        n
    }

    /// True if a piece of the side to move on (f, r) can take part in a shieldwall
    /// capture (as closer or front): not a guard, and a king only as armed (a hammer if
    /// he is the piece that moved, an anvil otherwise).
    fn walls_in(&self, t: &Tables, mover: Mover, to: Square, f: usize, r: usize) -> bool {
        let s = Square::new(f, r);
        if !self.has(self.side_to_move, f, r) || self.is_guard(s) {
            return false;
        }
        if s == self.king {
            return if s == to {
                mover == Mover::King && t.king_hammer
            } else {
                t.king_anvil
            };
        }
        true
    }

    /// True if (cf, cr), an end of a wall, closes it for the side to move: its piece, or
    /// with `sw:s` a corner square.
    fn closes_wall(&self, t: &Tables, mover: Mover, to: Square, cf: usize, cr: usize) -> bool {
        if self.has(self.side_to_move, cf, cr) {
            return self.walls_in(t, mover, to, cf, cr);
        }
        t.shieldwall == Shieldwall::Strong && t.is_corner(cf, cr)
    }

    /// The wall that starts at `start` and runs in direction `step`, closed behind by the
    /// square before `start`; captured if closed at the far end and fronted throughout.
    #[allow(clippy::too_many_arguments)]
    fn wall_from(
        &self,
        t: &Tables,
        mover: Mover,
        to: Square,
        start: (isize, isize),
        step: (isize, isize),
        inward: (isize, isize),
        out: &mut [Square; MAX_CAPTURES],
        n: usize,
    ) -> usize {
        let victim = self.side_to_move.opponent();
        let (mut cf, mut cr) = start;
        let mut members = 0;
        while t.on_board(cf, cr) && self.has(victim, cf as usize, cr as usize) {
            // Every member needs a capturing piece directly in front of it.
            if !self.walls_in(
                t,
                mover,
                to,
                (cf + inward.0) as usize,
                (cr + inward.1) as usize,
            ) {
                return n;
            }
            members += 1;
            cf += step.0;
            cr += step.1;
        }
        if members < 2
            || !t.on_board(cf, cr)
            || !self.closes_wall(t, mover, to, cf as usize, cr as usize)
        {
            return n;
        }
        let mut n = n;
        let (mut wf, mut wr) = start;
        for _ in 0..members {
            let s = Square::new(wf as usize, wr as usize);
            // The king and guards stand in a wall without being captured by it.
            if s != self.king && !self.is_guard(s) {
                out[n] = s;
                n += 1;
            }
            wf += step.0;
            wr += step.1;
        }
        n
    }
}
