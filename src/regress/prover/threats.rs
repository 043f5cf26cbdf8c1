//! Immediate wins and threats: the moves that win at once, found through
//! `moves::EndingMoves` and judged by playing them.

use super::Prover;
use crate::board::Side;
use crate::moves::{Move, Mover, Position, Scope};

impl<'t> Prover<'t> {
    /// The moves worth trying for an immediate win of the side to move in `pos` (the
    /// top of the path): those that can end the game now (`moves::EndingMoves`).
    pub(super) fn candidates(&mut self, pos: &Position, out: &mut Vec<Move>) {
        let scope = self
            .ending
            .scope(pos, self.repeater_wins && self.doubles > 0);
        match scope {
            Scope::Every => self.stats.every_move += 1,
            Scope::Targeted { .. } => self.stats.targeted += 1,
        }
        self.ending.moves_in(pos, scope, out);
    }

    /// The moves of the side to move in `pos` (the top of the path) that win at once,
    /// judged exactly (engine endings and repetition); only the first if `first_only`.
    pub(super) fn immediate_wins(&mut self, pos: &Position, first_only: bool) -> Vec<Move> {
        let me = pos.side_to_move();
        let mut cands = Vec::new();
        self.candidates(pos, &mut cands);
        let mut wins = Vec::new();
        for mv in cands {
            if self.escapes(pos, me, mv) || {
                let child = self.play(pos, mv);
                self.ending(&child, me) == Some(true)
            } {
                wins.push(mv);
                if first_only {
                    break;
                }
            }
        }
        wins
    }

    /// True if `mv`, a legal move of `me` in `pos`, takes the king onto an escape square:
    /// a win without playing it. The engine ends the game there in the defenders' favour
    /// (by the escape, or by taking the last attackers on the way), and no repetition
    /// comes first: no earlier position of a game had the king on an escape square.
    pub(super) fn escapes(&self, pos: &Position, me: Side, mv: Move) -> bool {
        me == Side::Defenders && self.t.is_escape(pos.king(), mv.from, mv.to)
    }

    /// The moves by which the side *not* to move in `pos` would win at once if it could
    /// move now: its threats. A heuristic (repetition is not judged here); every use of
    /// a threat is checked by playing it.
    pub(super) fn threats(&mut self, pos: &Position) -> Vec<Move> {
        let t = self.t;
        let mut null = pos.clone();
        null.null_move(t);
        let me = null.side_to_move();
        let mut cands = Vec::new();
        let scope = self.ending.threat_scope(&null);
        match scope {
            Scope::Every => self.stats.every_move += 1,
            Scope::Targeted { .. } => self.stats.targeted += 1,
        }
        self.ending.moves_in(&null, scope, &mut cands);
        let mut out = Vec::new();
        for mv in cands {
            if self.escapes(&null, me, mv) {
                out.push(mv);
                continue;
            }
            let mut child = null.clone();
            child.play(t, mv);
            self.nodes += 1;
            self.stats.threat_nodes += 1;
            if child.outcome(t).is_some_and(|o| o.winner == Some(me)) {
                out.push(mv);
            }
        }
        out
    }

    /// True if one of `threats` is legal in `pos` (the prover's side `p` to move, on top
    /// of the path) and wins at once there.
    pub(super) fn threat_stands(&mut self, pos: &Position, threats: &[Move], p: Side) -> bool {
        for &mv in threats {
            let Some(piece) = pos.piece_at(mv.from) else {
                continue;
            };
            if piece.side != p {
                continue;
            }
            let pm = pos.piece_moves(self.t, Mover::of(piece), mv.from);
            if !pm.iter().any(|m| m == mv) {
                continue;
            }
            if self.escapes(pos, p, mv) {
                return true;
            }
            let child = self.play(pos, mv);
            if self.ending(&child, p) == Some(true) {
                return true;
            }
        }
        false
    }
}
