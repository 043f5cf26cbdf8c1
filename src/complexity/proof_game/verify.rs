//! The replay checker: a proof game counts only if the engine, replaying it from the
//! start, finds every move legal, the game never over before the last move (threefold
//! repetition included, as the variant's `tfr` reads it) and the target at the end.

use crate::moves::{Move, Outcome, Position, Repetitions, Tables};
use std::fmt;

/// Why a sequence of moves is not a proof game of its target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofGameError {
    /// A move cannot be played in its position.
    Illegal {
        /// The 1-based ply of the move.
        ply: usize,
        /// The move.
        mv: Move,
    },
    /// The game was over before this move (the rules or repetition ended it).
    GameOver {
        /// The 1-based ply of the move played after the end.
        ply: usize,
        /// How the game had ended.
        outcome: Outcome,
    },
    /// The moves end in another position (pieces or side to move).
    WrongPosition {
        /// The plies played.
        plies: usize,
    },
}

impl fmt::Display for ProofGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProofGameError::Illegal { ply, mv } => write!(f, "ply {ply}: {mv} is not a legal move"),
            ProofGameError::GameOver { ply, outcome } => write!(
                f,
                "ply {ply}: the game was already over ({})",
                outcome.reason
            ),
            ProofGameError::WrongPosition { plies } => write!(
                f,
                "after {plies} plies the position is not the target (pieces or side to move)"
            ),
        }
    }
}

impl std::error::Error for ProofGameError {}

impl crate::error::Kind for ProofGameError {
    fn kind(&self) -> crate::error::ErrorKind {
        crate::error::ErrorKind::CheckFailed
    }
}

/// Replays `moves` from `start` and checks that they are a proof game of `target`:
/// each move legal in its position, the game not over before any move (the end of the
/// game by the rules, or by threefold repetition under the variant's `tfr`), and the
/// final pieces and side to move the target's. The last move may end the game.
pub fn verify_proof_game(
    tables: &Tables,
    start: &Position,
    target: &Position,
    moves: &[Move],
) -> Result<(), ProofGameError> {
    let mut pos = start.clone();
    let mut seen = Repetitions::new(tables, &pos, &[]);
    let mut ended = pos.outcome(tables);
    for (i, &mv) in moves.iter().enumerate() {
        let ply = i + 1;
        if let Some(outcome) = ended {
            return Err(ProofGameError::GameOver { ply, outcome });
        }
        if !pos.legal_moves(tables).contains(&mv) {
            return Err(ProofGameError::Illegal { ply, mv });
        }
        pos.play(tables, mv);
        ended = seen.ending(tables, &pos);
        seen.push(&pos);
    }
    if pos == *target {
        Ok(())
    } else {
        Err(ProofGameError::WrongPosition { plies: moves.len() })
    }
}
