//! An exact prover of short forced wins: "the side to move wins within N plies whatever
//! the opponent does", and which first moves achieve it. Full width, no evaluation, no
//! pruning that could lose a win: a move wins when every reply leads to a position
//! that is won again (or ends the game for the mover). Endings are the engine's
//! `outcome()` plus the variant's repetition rule over the game history.
//!
//! The cost grows as b^N (b ≈ 100 on 11x11), so it is meant for N up to 3 on full
//! boards and 5 on sparse ones: enough to prove the expectations of the misplay suite.

use crate::board::Side;
use crate::moves::Repetitions;
use crate::moves::{Move, Outcome, Position, Tables};

/// What the solver established about the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The side to move at the root, whose win is in question.
    pub side: Side,
    /// The horizon asked for, in plies.
    pub within: u32,
    /// The shortest forced win in plies (odd), if there is one within the horizon.
    pub win_in: Option<u32>,
    /// Every move that forces a win within the horizon, in generation order.
    pub winning_moves: Vec<Move>,
    /// Positions made while proving.
    pub nodes: u64,
}

/// For each move of the side to move: does the opponent then force a win?
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refutation {
    /// The side to move at the root, whose moves are judged.
    pub side: Side,
    /// The horizon in plies, counted from the position (the move included).
    pub within: u32,
    /// Moves after which the opponent wins within the horizon (a move that ends the
    /// game in the opponent's favour, e.g. a losing repetition, counts too).
    pub losing_moves: Vec<Move>,
    /// The other moves.
    pub safe_moves: Vec<Move>,
    /// Positions made while proving.
    pub nodes: u64,
}

/// The prover over one position and its game history.
pub struct Solver<'t> {
    tables: &'t Tables,
    reps: Repetitions,
    nodes: u64,
}

impl<'t> Solver<'t> {
    /// `history`: hashes of the game's positions before `root`, oldest first (see
    /// `Repetitions::new`).
    pub fn new(tables: &'t Tables, root: &Position, history: &[u64]) -> Solver<'t> {
        Solver {
            tables,
            reps: Repetitions::new(tables, root, history),
            nodes: 0,
        }
    }

    /// Whether the side to move in `root` (the position given to `new`) wins within
    /// `within` plies, the shortest such win, and every first move that forces one.
    /// A position that is already over has no winning move.
    pub fn solve(&mut self, root: &Position, within: u32) -> Solution {
        let side = root.side_to_move();
        let start = self.nodes;
        let mut winning_moves = Vec::new();
        let mut win_in = None;
        if self.reps.ending(self.tables, root).is_none() {
            // Shortest first: a win within n needs no longer search.
            let mut n = 1;
            while n <= within && win_in.is_none() {
                if self.wins(root, n) {
                    win_in = Some(n);
                }
                n += 2;
            }
            if win_in.is_some() {
                for mv in root.legal_moves(self.tables) {
                    if self.move_wins(root, mv, within) {
                        winning_moves.push(mv);
                    }
                }
            }
        }
        Solution {
            side,
            within,
            win_in,
            winning_moves,
            nodes: self.nodes - start,
        }
    }

    /// Which moves of the side to move let the opponent force a win within `within`
    /// plies (the move itself counted).
    pub fn refute(&mut self, root: &Position, within: u32) -> Refutation {
        let side = root.side_to_move();
        let start = self.nodes;
        let (mut losing_moves, mut safe_moves) = (Vec::new(), Vec::new());
        if self.reps.ending(self.tables, root).is_none() {
            for mv in root.legal_moves(self.tables) {
                let mut child = root.clone();
                child.play(self.tables, mv);
                self.nodes += 1;
                let loses = match self.reps.ending(self.tables, &child) {
                    Some(o) => o.winner == Some(side.opponent()),
                    None => {
                        self.reps.push(&child);
                        let lost = within >= 2 && self.wins(&child, within - 1);
                        self.reps.pop();
                        lost
                    }
                };
                if loses {
                    losing_moves.push(mv);
                } else {
                    safe_moves.push(mv);
                }
            }
        }
        Refutation {
            side,
            within,
            losing_moves,
            safe_moves,
            nodes: self.nodes - start,
        }
    }

    /// True if the side to move in `pos` (not over, already on the path) wins within `n`.
    fn wins(&mut self, pos: &Position, n: u32) -> bool {
        if n == 0 {
            return false;
        }
        let mut found = false;
        let t = self.tables;
        // Moves are collected first: `move_wins` needs `self` mutably.
        for mv in pos.legal_moves(t) {
            if self.move_wins(pos, mv, n) {
                found = true;
                break;
            }
        }
        found
    }

    /// True if `mv` in `pos` forces a win for the mover within `n` plies.
    fn move_wins(&mut self, pos: &Position, mv: Move, n: u32) -> bool {
        let t = self.tables;
        let mover = pos.side_to_move();
        let mut child = pos.clone();
        child.play(t, mv);
        self.nodes += 1;
        if let Some(o) = self.reps.ending(t, &child) {
            return o.winner == Some(mover);
        }
        if n < 3 {
            return false;
        }
        self.reps.push(&child);
        let mut every_reply_loses = true;
        for reply in child.legal_moves(t) {
            let mut grandchild = child.clone();
            grandchild.play(t, reply);
            self.nodes += 1;
            let won = match self.reps.ending(t, &grandchild) {
                Some(Outcome { winner, .. }) => winner == Some(mover),
                None => {
                    self.reps.push(&grandchild);
                    let won = self.wins(&grandchild, n - 2);
                    self.reps.pop();
                    won
                }
            };
            if !won {
                every_reply_loses = false;
                break;
            }
        }
        self.reps.pop();
        every_reply_loses
    }
}
