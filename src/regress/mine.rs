//! Finding misplays in recorded games: plies where the player to move missed a forced win
//! the solver proves, or allowed one while a safe move existed.

use super::fixture::ProofKind;
use super::solver::Solver;
use crate::board::Side;
use crate::moves::{Move, Position, Tables};
use crate::notation::{replay, GameRecord, ReplayError};
use std::fmt;

/// A proven mistake at one ply of a recorded game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Misplay {
    /// The game's line in its archive.
    pub game: usize,
    /// The ply of the mistake, counted from 1.
    pub ply: usize,
    /// The side that made it.
    pub side: Side,
    /// The move played.
    pub played: Move,
    /// `Wins`: a forced win was missed; `Safe`/`Loses`: a forced loss was allowed.
    pub kind: ProofKind,
    /// The horizon of the proof in plies.
    pub within: u32,
}

impl Misplay {
    /// "missed a win" or "allowed a win".
    pub fn what(&self) -> &'static str {
        match self.kind {
            ProofKind::Wins => "missed a win",
            ProofKind::Safe | ProofKind::Loses => "allowed a win",
        }
    }
}

/// A game of the archive that does not replay under the rules mined with: mining it
/// would silently skip its plies, so it is an error.
#[derive(Clone, Debug)]
pub struct MineError {
    /// The game's line in its archive.
    pub game: usize,
    /// Why it does not replay.
    pub error: ReplayError,
}

impl fmt::Display for MineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game on line {} does not replay under these rules: {} (is it the right variant?)",
            self.game, self.error
        )
    }
}

impl std::error::Error for MineError {}

/// What the solver says about the move played at one ply, if it was a proven mistake.
/// `deep` also looks for missed wins within 3 plies (slower).
pub fn judge(
    tables: &Tables,
    pos: &Position,
    history: &[u64],
    played: Move,
    deep: bool,
) -> Option<(ProofKind, u32)> {
    let mut solver = Solver::new(tables, pos, history);
    let quick = solver.solve(pos, 1);
    if quick.win_in.is_some() && !quick.winning_moves.contains(&played) {
        return Some((ProofKind::Wins, 1));
    }
    if deep && quick.win_in.is_none() {
        let s = solver.solve(pos, 3);
        if s.win_in.is_some() && !s.winning_moves.contains(&played) {
            return Some((ProofKind::Wins, 3));
        }
    }
    let r = solver.refute(pos, 2);
    if r.losing_moves.contains(&played) && !r.safe_moves.is_empty() {
        let kind = if r.safe_moves.len() <= 6 {
            ProofKind::Safe
        } else {
            ProofKind::Loses
        };
        return Some((kind, 2));
    }
    None
}

/// The history that matters before ply `ply` (from 1) of a replayed game: the hashes of
/// the positions and the moves since the last capture, oldest first. Positions before a
/// capture can never repeat, so nothing earlier is needed.
pub fn history_since_capture(
    positions: &[Position],
    moves: &[Move],
    ply: usize,
) -> (Vec<u64>, Vec<Move>) {
    let pieces = |p: &Position| p.count(Side::Attackers) + p.count(Side::Defenders);
    let current = &positions[ply - 1];
    let mut first = ply - 1;
    while first > 0 && pieces(&positions[first - 1]) == pieces(current) {
        first -= 1;
    }
    (
        positions[first..ply - 1].iter().map(|p| p.hash()).collect(),
        moves[first..ply - 1].to_vec(),
    )
}

/// Every misplay of `games` (replayed under `tables`), in game and ply order.
pub fn mine(tables: &Tables, games: &[GameRecord], deep: bool) -> Result<Vec<Misplay>, MineError> {
    let mut found = Vec::new();
    for game in games {
        let r = replay(tables, game).map_err(|error| MineError {
            game: game.line,
            error,
        })?;
        for ply in 1..=r.moves.len() {
            let pos = &r.positions[ply - 1];
            if pos.outcome(tables).is_some() {
                break;
            }
            let (history, _) = history_since_capture(&r.positions, &r.moves, ply);
            let played = r.moves[ply - 1];
            if let Some((kind, within)) = judge(tables, pos, &history, played, deep) {
                let side = pos.side_to_move();
                found.push(Misplay {
                    game: game.line,
                    ply,
                    side,
                    played,
                    kind,
                    within,
                });
            }
        }
    }
    Ok(found)
}
