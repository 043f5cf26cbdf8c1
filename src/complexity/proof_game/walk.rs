//! The game a search builds, move by move: every move is played by the engine and kept
//! only if it captures exactly what the plan wants, does not end the game (unless it
//! reaches the target) and does not repeat a position a third time. With berserk, a
//! capture that leaves a continuation pending is finished at once by a move of the
//! berserker that captures nothing (`ber:m`); where every continuation captures
//! (`ber:c`) the capture is not kept.

use crate::moves::{Move, Position, Repetitions, Square, Tables};

/// A game under construction from the start: the positions, the moves and the
/// repetition tracker, with a count of positions tried against the budget.
pub(super) struct Walk<'a> {
    pub(super) t: &'a Tables,
    pub(super) target: &'a Position,
    positions: Vec<Position>,
    pub(super) moves: Vec<Move>,
    reps: Repetitions,
    /// Positions played so far (kept or not), for the budget.
    pub(super) nodes: u64,
    /// The most positions the search may play.
    pub(super) limit: u64,
}

impl<'a> Walk<'a> {
    /// A walk from `start`.
    pub(super) fn new(
        t: &'a Tables,
        start: &Position,
        target: &'a Position,
        limit: u64,
    ) -> Walk<'a> {
        Walk {
            t,
            target,
            positions: vec![start.clone()],
            moves: Vec::new(),
            reps: Repetitions::new(t, start, &[]),
            nodes: 0,
            limit,
        }
    }

    /// The position reached.
    pub(super) fn pos(&self) -> &Position {
        self.positions.last().expect("a walk has a position")
    }

    /// True once the budget is spent.
    pub(super) fn exhausted(&self) -> bool {
        self.nodes >= self.limit
    }

    /// True if the target is reached (pieces and side to move).
    pub(super) fn done(&self) -> bool {
        self.pos() == self.target
    }

    /// Plays `mv` (which must be legal) if it captures exactly `captures` (sorted), does
    /// not end the game unless the target is reached, and repeats no position a third
    /// time. A berserk continuation it leaves pending is finished by a move of the
    /// berserker that captures nothing and ends nothing, tried in order (the two moves
    /// kept together), or the move is not kept. True if it was kept.
    pub(super) fn try_play(&mut self, mv: Move, captures: &[Square]) -> bool {
        self.nodes += 1;
        let (next, captured) = self.pos().after(self.t, mv);
        if captured != captures {
            return false;
        }
        if self.reps.ending(self.t, &next).is_some() && next != *self.target {
            return false;
        }
        if next.berserker().is_none() {
            self.push(mv, next);
            return true;
        }
        for then in next.legal_moves(self.t) {
            self.nodes += 1;
            let (last, captured) = next.after(self.t, then);
            if !captured.is_empty() || last.berserker().is_some() {
                continue;
            }
            self.push(mv, next.clone());
            if self.reps.ending(self.t, &last).is_some() && last != *self.target {
                self.pop();
                continue;
            }
            self.push(then, last);
            return true;
        }
        false
    }

    fn push(&mut self, mv: Move, next: Position) {
        self.reps.push(&next);
        self.positions.push(next);
        self.moves.push(mv);
    }

    fn pop(&mut self) {
        self.moves.pop();
        self.positions.pop();
        self.reps.pop();
    }

    /// The number of moves played, to come back to with [`Walk::rewind`].
    pub(super) fn mark(&self) -> usize {
        self.moves.len()
    }

    /// Takes back the moves played since `mark`.
    pub(super) fn rewind(&mut self, mark: usize) {
        while self.moves.len() > mark {
            self.pop();
        }
    }
}
