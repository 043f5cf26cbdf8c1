//! Playing a move: the piece slides, then every capture the rules make is decided on the
//! board after the move and all captured pieces leave together: custodial captures,
//! the king's capture by his strength, shieldwalls and Linnaean capture.

use super::generate::Move;
use super::position::Position;
use super::tables::{file_of, rank_of, sq, Mover, Sq, Tables};
use crate::board::Side;
use crate::rules::{KingStrength, Shieldwall};

const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// Up to this many pieces can be captured by one move (four edges of shieldwalls).
const MAX_CAPTURES: usize = 4 * 17 + 5;

impl Position {
    #[inline(always)]
    fn has(&self, side: Side, f: usize, r: usize) -> bool {
        self.ranks[side as usize][r] & (1 << (f + 1)) != 0
    }

    #[inline(always)]
    fn occupied(&self, f: usize, r: usize) -> bool {
        (self.ranks[0][r] | self.ranks[1][r]) & (1 << (f + 1)) != 0
    }

    /// True if a piece of `side` on (f, r) acts as an anvil.
    #[inline(always)]
    fn anvil_of(&self, t: &Tables, side: Side, f: usize, r: usize) -> bool {
        self.has(side, f, r) && (t.king_anvil || sq(f, r) != self.king)
    }

    /// True if (f, r) is hostile to a piece of side `victim`: an enemy anvil, or a
    /// special square hostile to that side (the throne by its occupancy).
    #[inline(always)]
    pub(crate) fn hostile_to(&self, t: &Tables, victim: Side, f: usize, r: usize) -> bool {
        if self.anvil_of(t, victim.opponent(), f, r) {
            return true;
        }
        let mask = if self.occupied(f, r) { t.hostile_occupied[victim as usize][r] } else { t.hostile_empty[victim as usize][r] };
        mask & (1 << (f + 1)) != 0
    }

    /// Plays a legal move of the side to move, reporting each captured square.
    #[inline]
    pub fn play_with(&mut self, t: &Tables, mv: Move, mut on_capture: impl FnMut(Sq)) {
        let side = self.side_to_move;
        let enemy = side.opponent();
        let mover = if mv.from == self.king {
            Mover::King
        } else if side == Side::Attackers {
            Mover::Attacker
        } else {
            Mover::Defender
        };
        self.remove(t, side, mover, mv.from);
        self.put(t, side, mover, mv.to);
        if mover == Mover::King {
            self.king = mv.to;
        }
        let (f, r) = (file_of(mv.to) as isize, rank_of(mv.to) as isize);
        let mut captured = [0 as Sq; MAX_CAPTURES];
        let mut n = 0;
        let hammer = mover != Mover::King || t.king_hammer;
        // Custodial captures of taflmen, and the king's capture.
        for (df, dr) in DIRECTIONS {
            let (nf, nr) = (f + df, r + dr);
            if !t.on_board(nf, nr) || !self.has(enemy, nf as usize, nr as usize) {
                continue;
            }
            let victim = sq(nf as usize, nr as usize);
            if victim == self.king {
                if side == Side::Attackers && self.king_is_captured(t, nf as usize, nr as usize, df, dr) {
                    self.king_captured = true;
                }
                continue;
            }
            let (ff, fr) = (nf + df, nr + dr);
            if hammer && t.on_board(ff, fr) && self.hostile_to(t, enemy, ff as usize, fr as usize) {
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
        if t.shieldwall != Shieldwall::None {
            n = self.shieldwall_captures(t, mover, mv.to, &mut captured, n);
        }
        for &victim in &captured[..n] {
            // A square may be found twice (custodial and shieldwall).
            if self.has(enemy, file_of(victim), rank_of(victim)) {
                self.remove(t, enemy, if enemy == Side::Attackers { Mover::Attacker } else { Mover::Defender }, victim);
                on_capture(victim);
            }
        }
        if self.king_captured {
            let king = self.king;
            self.remove(t, Side::Defenders, Mover::King, king);
            self.king = super::tables::NO_SQUARE;
            on_capture(king);
        }
        self.side_to_move = enemy;
        self.hash ^= t.zobrist_defenders_to_move;
        self.last_mover = Some(side);
    }

    /// Plays a legal move of the side to move.
    #[inline]
    pub fn play(&mut self, t: &Tables, mv: Move) {
        self.play_with(t, mv, |_| {});
    }

    /// The position after a legal move, and the squares it captured, sorted.
    pub fn after(&self, t: &Tables, mv: Move) -> (Position, Vec<Sq>) {
        let mut next = self.clone();
        let mut captured = Vec::new();
        next.play_with(t, mv, |s| captured.push(s));
        captured.sort_unstable();
        (next, captured)
    }

    /// The king on (kf, kr) after an attacker landed next to him, coming from direction
    /// (df, dr) as seen from the landing square.
    fn king_is_captured(&self, t: &Tables, kf: usize, kr: usize, df: isize, dr: isize) -> bool {
        let strong = match t.king_strength {
            KingStrength::Strong => Some(false),
            KingStrength::Middleweight => Some(true),
            KingStrength::StrongAtCentre if t.strong_zone[kr] & (1 << (kf + 1)) != 0 => Some(false),
            _ => None,
        };
        match strong {
            // Strong (`edge_ok` false) or middleweight (`edge_ok` true): every neighbour.
            Some(edge_ok) => DIRECTIONS.iter().all(|(ef, er)| {
                let (nf, nr) = (kf as isize + ef, kr as isize + er);
                if !t.on_board(nf, nr) {
                    return edge_ok;
                }
                self.hostile_to(t, Side::Defenders, nf as usize, nr as usize)
            }),
            None => {
                let (of, or) = (kf as isize + df, kr as isize + dr);
                t.on_board(of, or) && self.hostile_to(t, Side::Defenders, of as usize, or as usize)
            }
        }
    }

    /// Linnaean capture: an attacker lands two squares from the centre, the king holds
    /// the centre, a defender stands between, the centre's other neighbours are attackers.
    fn linnaean_victim(&self, t: &Tables, to: Sq) -> Option<Sq> {
        if self.king != t.centre {
            return None;
        }
        let (cf, cr) = (file_of(t.centre) as isize, rank_of(t.centre) as isize);
        let (tf, tr) = (file_of(to) as isize, rank_of(to) as isize);
        let (df, dr) = (tf - cf, tr - cr);
        if !matches!((df.abs(), dr.abs()), (2, 0) | (0, 2)) {
            return None;
        }
        let (mf, mr) = ((cf + df / 2) as usize, (cr + dr / 2) as usize);
        if !self.has(Side::Defenders, mf, mr) {
            return None;
        }
        let others = DIRECTIONS
            .iter()
            .map(|(ef, er)| (cf + ef, cr + er))
            .filter(|&(nf, nr)| (nf as usize, nr as usize) != (mf, mr))
            .all(|(nf, nr)| self.has(Side::Attackers, nf as usize, nr as usize));
        others.then_some(sq(mf, mr))
    }

    /// Adds the members of every shieldwall this move captures to `out[n..]`.
    fn shieldwall_captures(&self, t: &Tables, mover: Mover, to: Sq, out: &mut [Sq; MAX_CAPTURES], mut n: usize) -> usize {
        let side = self.side_to_move;
        let dim = t.dim as isize;
        let (f, r) = (file_of(to) as isize, rank_of(to) as isize);
        if t.shieldwall_flank && !t.on_edge(f as usize, r as usize) {
            return n;
        }
        // The four edges: a square on the edge, the step along it, the step inward.
        let edges = [((0, 0), (1, 0), (0, 1)), ((0, dim - 1), (1, 0), (0, -1)), ((0, 0), (0, 1), (1, 0)), ((dim - 1, 0), (0, 1), (-1, 0))];
        for (origin, along, inward) in edges {
            let on_this_edge = if along.0 == 0 { f == origin.0 } else { r == origin.1 };
            if t.shieldwall_flank {
                if !on_this_edge || (mover == Mover::King && !t.king_hammer) {
                    continue;
                }
                for step in [along, (-along.0, -along.1)] {
                    n = self.wall_from(t, mover, to, (f + step.0, r + step.1), step, inward, out, n);
                }
            } else {
                // Relaxed: every wall along this edge, wherever the move landed.
                let mut i = 0;
                while i < dim {
                    let (sf, sr) = (origin.0 + along.0 * i, origin.1 + along.1 * i);
                    let before = (sf - along.0, sr - along.1);
                    let starts_run = self.has(side.opponent(), sf as usize, sr as usize)
                        && (!t.on_board(before.0, before.1) || !self.has(side.opponent(), before.0 as usize, before.1 as usize));
                    if starts_run && t.on_board(before.0, before.1) && self.closes_wall(t, mover, to, before.0 as usize, before.1 as usize, false) {
                        n = self.wall_from(t, mover, to, (sf, sr), along, inward, out, n);
                    }
                    i += 1;
                }
            }
        }
        n
    }

    /// True if (cf, cr), an end of a wall, closes it for the side to move: its piece, or
    /// with `sw:s` a corner square. `moving` tells whether the closer is the moved piece.
    fn closes_wall(&self, t: &Tables, mover: Mover, to: Sq, cf: usize, cr: usize, moving: bool) -> bool {
        let side = self.side_to_move;
        if self.has(side, cf, cr) {
            let is_mover = sq(cf, cr) == to;
            if sq(cf, cr) == self.king {
                return if is_mover || moving { mover == Mover::King && t.king_hammer } else { t.king_anvil };
            }
            return true;
        }
        t.shieldwall == Shieldwall::Strong && t.is_corner(cf, cr)
    }

    /// The wall that starts at `start` and runs in direction `step`, closed behind by the
    /// square before `start`; captured if closed at the far end and fronted throughout.
    #[allow(clippy::too_many_arguments)]
    fn wall_from(&self, t: &Tables, mover: Mover, to: Sq, start: (isize, isize), step: (isize, isize), inward: (isize, isize), out: &mut [Sq; MAX_CAPTURES], n: usize) -> usize {
        let side = self.side_to_move;
        let victim = side.opponent();
        let (mut cf, mut cr) = start;
        let mut members = 0;
        while t.on_board(cf, cr) && self.has(victim, cf as usize, cr as usize) {
            // Every member needs an enemy (able to capture) directly in front of it.
            let (ff, fr) = ((cf + inward.0) as usize, (cr + inward.1) as usize);
            let front_ok = self.has(side, ff, fr) && (sq(ff, fr) != self.king || if sq(ff, fr) == to { t.king_hammer } else { t.king_anvil });
            if !front_ok {
                return n;
            }
            members += 1;
            cf += step.0;
            cr += step.1;
        }
        if members < 2 || !t.on_board(cf, cr) || !self.closes_wall(t, mover, to, cf as usize, cr as usize, false) {
            return n;
        }
        let mut n = n;
        let (mut wf, mut wr) = start;
        for _ in 0..members {
            let s = sq(wf as usize, wr as usize);
            if s != self.king {
                out[n] = s;
                n += 1;
            }
            wf += step.0;
            wr += step.1;
        }
        n
    }
}
