//! Threefold repetition, in one place: the one tracker of positions seen (a game's, and
//! a search's path on top of it) and the one reading of the `tfr` rule. Self-play, the
//! AI and the solver all use it, so they judge endings alike.

use super::end::{EndReason, Outcome};
use super::position::Position;
use super::tables::Tables;
use crate::board::Side;
use crate::rules::Repetition;
use std::collections::HashMap;

/// Bits of the quick filter over the game's hashes (most lookups stop there).
const FILTER_BITS: usize = 1 << 16;

/// Positions seen so far: the game's (counted once, at the root) and the search path's.
#[derive(Clone, Debug)]
pub struct Repetitions {
    rule: Repetition,
    game: HashMap<u64, u8>,
    filter: Vec<u64>,
    /// The search path, root first: (hash, pieces on the board). Positions with other
    /// piece counts cannot repeat each other, so a scan stops at the last capture.
    path: Vec<(u64, usize)>,
}

fn pieces(pos: &Position) -> usize {
    pos.count(Side::Attackers) + pos.count(Side::Defenders)
}

impl Repetitions {
    /// `history`: the hashes of the positions of the game before `root`, oldest first;
    /// the root itself may end the list (it is then counted once, not twice).
    pub fn new(tables: &Tables, root: &Position, history: &[u64]) -> Repetitions {
        let history = match history.split_last() {
            Some((&last, before)) if last == root.hash() => before,
            _ => history,
        };
        let mut game = HashMap::new();
        let mut filter = vec![0u64; FILTER_BITS / 64];
        for &h in history {
            *game.entry(h).or_insert(0u8) += 1;
            let bit = (h as usize) & (FILTER_BITS - 1);
            filter[bit / 64] |= 1 << (bit % 64);
        }
        Repetitions {
            rule: tables.rules.repetition,
            game,
            filter,
            path: vec![(root.hash(), pieces(root))],
        }
    }

    /// Enters a position reached by a move (call `pop` when leaving it).
    #[inline]
    pub fn push(&mut self, pos: &Position) {
        self.path.push((pos.hash(), pieces(pos)));
    }

    /// Leaves the position entered last.
    #[inline]
    pub fn pop(&mut self) {
        self.path.pop();
    }

    /// How often `pos` occurred before, in the game and on the path (the path's last
    /// entry is the position `pos` was reached from).
    #[inline]
    fn earlier(&self, pos: &Position) -> u32 {
        let h = pos.hash();
        let n = pieces(pos);
        let mut count = 0;
        // Same side to move: every second entry, starting two plies back.
        let mut i = self.path.len() as isize - 2;
        while i >= 0 {
            let (ph, pn) = self.path[i as usize];
            if pn != n {
                return count;
            }
            count += (ph == h) as u32;
            i -= 2;
        }
        // The whole path is capture-free: the game's positions may repeat too.
        if i == -1 && self.path[0].1 != n {
            return count;
        }
        let bit = (h as usize) & (FILTER_BITS - 1);
        if self.filter[bit / 64] & (1 << (bit % 64)) != 0 {
            count += self.game.get(&h).copied().unwrap_or(0) as u32;
        }
        count
    }

    /// How the game ends in `pos`, just reached by a move, in rules.md's order: no
    /// attackers, no defenders, threefold repetition, then the engine's other endings.
    #[inline]
    pub fn ending(&self, tables: &Tables, pos: &Position) -> Option<Outcome> {
        self.ending_with(pos, pos.outcome(tables))
    }

    /// `ending`, except that a side to move without a legal move is not detected: the
    /// caller finds that out from the moves it generates anyway (or `has_moves`). When
    /// the engine sees another ending, `outcome` is asked, so the answer is `ending`'s.
    #[inline]
    pub fn ending_unless_stuck(&self, tables: &Tables, pos: &Position) -> Option<Outcome> {
        let outcome = if pos.ended_before_moving(tables) {
            pos.outcome(tables)
        } else {
            None
        };
        self.ending_with(pos, outcome)
    }

    /// `ending_unless_stuck` for a position just reached by a move to `to` from the
    /// position `hint` was made for (`Position::encirclement_hint`): the same answer.
    #[inline]
    pub fn ending_unless_stuck_after(
        &self,
        tables: &Tables,
        pos: &Position,
        hint: Option<&super::end::EncirclementHint>,
        to: crate::board::Square,
    ) -> Option<Outcome> {
        let outcome = if pos.ended_before_moving_after(tables, hint, to) {
            pos.outcome(tables)
        } else {
            None
        };
        self.ending_with(pos, outcome)
    }

    #[inline]
    fn ending_with(&self, pos: &Position, outcome: Option<Outcome>) -> Option<Outcome> {
        if let Some(o) = outcome {
            if matches!(o.reason, EndReason::NoAttackers | EndReason::NoDefenders) {
                return outcome;
            }
        }
        self.repeated(pos).or(outcome)
    }

    /// The end by threefold repetition of `pos`, just reached by a move and not yet
    /// entered with `push`, if it is the third occurrence and the rules count it.
    #[inline(always)]
    pub fn repeated(&self, pos: &Position) -> Option<Outcome> {
        if self.rule != Repetition::Ignored && self.earlier(pos) >= 2 {
            repetition_outcome(self.rule, pos.side_to_move())
        } else {
            None
        }
    }
}

/// How the `tfr` rule ends a game whose position occurred a third time with
/// `side_to_move` to move; `None` when the rule ignores repetition.
pub fn repetition_outcome(rule: Repetition, side_to_move: Side) -> Option<Outcome> {
    let winner = match rule {
        Repetition::Ignored => return None,
        Repetition::Draw => None,
        Repetition::SideToMoveWins => Some(side_to_move),
        Repetition::RepeaterWins => Some(side_to_move.opponent()),
    };
    Some(Outcome {
        winner,
        reason: EndReason::Repetition,
    })
}
