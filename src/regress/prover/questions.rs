//! The questions the prover answers, each settled by the search.

use super::super::solver::{Refutation, Solution};
use super::{Prover, ProverError, CAP};
use crate::moves::{Move, Position};

impl<'t> Prover<'t> {
    pub(super) fn check_root(&self, root: &Position) {
        debug_assert!(
            self.path.len() == 1 && self.path[0].hash == root.hash(),
            "the prover answers for the root it was made with"
        );
    }

    pub(super) fn settle<T>(
        &mut self,
        start: u64,
        f: impl FnOnce(&mut Self) -> Result<T, ProverError>,
    ) -> Result<T, ProverError> {
        self.aborted = false;
        let saved = self.limit;
        self.limit = start.saturating_add(saved);
        let r = f(self);
        self.limit = saved;
        r
    }

    /// The moves of the side to move in `root` (the position given to `new`) that win at
    /// once, in generation order of the moves tried (the targeted ones when the rules
    /// allow, every move otherwise; see the module documentation).
    pub fn immediate_wins_at_root(&mut self, root: &Position) -> Vec<Move> {
        self.check_root(root);
        if self.reps.ending(self.t, root).is_some() {
            return Vec::new();
        }
        self.immediate_wins(root, false)
    }

    /// Whether the side to move in `root` (the position given to `new`) wins within
    /// `within` plies.
    pub fn wins_within(&mut self, root: &Position, within: u32) -> Result<bool, ProverError> {
        self.check_root(root);
        let start = self.nodes;
        self.settle(start, |s| {
            if s.reps.ending(s.t, root).is_some() {
                return Ok(false);
            }
            s.prove(root, within, root.side_to_move())
        })
    }

    /// A first move by which the side to move in `root` forces a win within `within`
    /// plies, or `None` if it has no such win: `wins_within`'s question, with a move to
    /// show for the answer. The move is read off the proof (a move that ends the game,
    /// or a child the table holds as proven); where the table no longer holds one, the
    /// moves are asked in turn (`move_wins`), those the proof found cheapest first.
    pub fn winning_move(
        &mut self,
        root: &Position,
        within: u32,
    ) -> Result<Option<Move>, ProverError> {
        self.check_root(root);
        let start = self.nodes;
        let side = root.side_to_move();
        self.settle(start, |s| {
            if within == 0 || s.reps.ending(s.t, root).is_some() || !s.prove(root, within, side)? {
                return Ok(None);
            }
            let mut open = Vec::new();
            for mv in root.legal_moves(s.t) {
                let child = s.play(root, mv);
                match s.ending(&child, side) {
                    Some(true) => return Ok(Some(mv)),
                    Some(false) => continue,
                    None => {}
                }
                match s.table.probe(s.key(&child, within - 1, side)) {
                    Some((0, _)) => return Ok(Some(mv)),
                    Some((_, 0)) => {}
                    Some((pn, _)) => open.push((pn, mv, child)),
                    None => open.push((CAP, mv, child)),
                }
            }
            open.sort_by_key(|&(pn, _, _)| pn);
            for (_, mv, child) in open {
                if s.wins_after(&child, side, within, 3)? {
                    return Ok(Some(mv));
                }
            }
            // Not reached: some move wins, and each is judged exactly.
            Ok(None)
        })
    }

    /// Whether the move `mv` of the side to move in `root` forces a win within `within`
    /// plies (the move itself counted).
    pub fn move_wins(
        &mut self,
        root: &Position,
        mv: Move,
        within: u32,
    ) -> Result<bool, ProverError> {
        self.check_root(root);
        let start = self.nodes;
        let side = root.side_to_move();
        self.settle(start, |s| {
            if s.reps.ending(s.t, root).is_some() {
                return Ok(false);
            }
            let child = s.play(root, mv);
            s.wins_after(&child, side, within, 3)
        })
    }

    /// The shortest win of the side to move in `root` within `within` plies, if any.
    /// Shorter horizons are asked first (1, 3, 5, ... then `within`), each with the node
    /// limit, so a short win is found even where the full horizon would exhaust it.
    pub fn shortest_win(
        &mut self,
        root: &Position,
        within: u32,
    ) -> Result<Option<u32>, ProverError> {
        let mut n = 1;
        while n < within {
            if self.wins_within(root, n)? {
                return Ok(Some(n));
            }
            n += 2;
        }
        Ok(self.wins_within(root, within)?.then_some(within))
    }

    /// As `Solver::solve`: whether the side to move in `root` wins within `within`
    /// plies, the shortest such win, and every first move that forces one.
    pub fn solve(&mut self, root: &Position, within: u32) -> Result<Solution, ProverError> {
        self.check_root(root);
        let start = self.nodes;
        let side = root.side_to_move();
        self.settle(start, |s| {
            let mut win_in = None;
            let mut winning_moves = Vec::new();
            if s.reps.ending(s.t, root).is_none() && s.prove(root, within, side)? {
                let mut n = 1;
                while n < within {
                    if s.prove(root, n, side)? {
                        break;
                    }
                    n += 2;
                }
                win_in = Some(n.min(within));
                for mv in root.legal_moves(s.t) {
                    let child = s.play(root, mv);
                    let won = s.wins_after(&child, side, within, 3)?;
                    if won {
                        winning_moves.push(mv);
                    }
                }
            }
            Ok(Solution {
                side,
                within,
                win_in,
                winning_moves,
                nodes: s.nodes - start,
            })
        })
    }

    /// As `Solver::refute`: which moves of the side to move in `root` let the opponent
    /// force a win within `within` plies (the move itself counted).
    pub fn refute(&mut self, root: &Position, within: u32) -> Result<Refutation, ProverError> {
        self.check_root(root);
        let start = self.nodes;
        let side = root.side_to_move();
        let foe = side.opponent();
        self.settle(start, |s| {
            let (mut losing_moves, mut safe_moves) = (Vec::new(), Vec::new());
            if s.reps.ending(s.t, root).is_none() {
                for mv in root.legal_moves(s.t) {
                    let child = s.play(root, mv);
                    let loses = s.wins_after(&child, foe, within, 2)?;
                    if loses {
                        losing_moves.push(mv);
                    } else {
                        safe_moves.push(mv);
                    }
                }
            }
            Ok(Refutation {
                side,
                within,
                losing_moves,
                safe_moves,
                nodes: s.nodes - start,
            })
        })
    }
}
