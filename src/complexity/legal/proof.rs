//! Checking a proof game by replaying it with the engine: every move legal, the game
//! not over before any move (threefold repetition included, where the rules count
//! it), and the end exactly the target: placement and side to move.

use crate::complexity::proof_game::ProofGame;
use crate::moves::{Position, Repetitions, Tables};

/// Why a proof game does not prove its target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofError {
    /// The game was over before move `ply` (1-based).
    OverBefore {
        /// The 1-based ply that was played after the end.
        ply: usize,
        /// The rule that had ended the game.
        reason: String,
    },
    /// Move `ply` (1-based) is not a legal move there.
    Illegal {
        /// The 1-based ply.
        ply: usize,
        /// The move, as `a1-a4`.
        text: String,
    },
    /// A berserk continuation is pending at the end.
    Continuation,
    /// The game ends in another position.
    WrongEnd,
}

impl std::fmt::Display for ProofError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProofError::OverBefore { ply, reason } => {
                write!(f, "the game was over ({reason}) before ply {ply}")
            }
            ProofError::Illegal { ply, text } => write!(f, "ply {ply}: {text} is not legal"),
            ProofError::Continuation => write!(f, "a berserk continuation is pending at the end"),
            ProofError::WrongEnd => write!(f, "the game ends in another position"),
        }
    }
}

impl std::error::Error for ProofError {}

/// Replays `game` from `start` and checks that it ends exactly in `target`.
pub fn verify_proof_game(
    tables: &Tables,
    start: &Position,
    target: &Position,
    game: &ProofGame,
) -> Result<(), ProofError> {
    let mut pos = start.clone();
    let mut seen = Repetitions::new(tables, start, &[]);
    if let (Some(outcome), false) = (start.outcome(tables), game.moves.is_empty()) {
        return Err(ProofError::OverBefore {
            ply: 1,
            reason: outcome.reason.to_string(),
        });
    }
    for (i, &mv) in game.moves.iter().enumerate() {
        if !pos.legal_moves(tables).contains(&mv) {
            return Err(ProofError::Illegal {
                ply: i + 1,
                text: mv.to_string(),
            });
        }
        pos.play(tables, mv);
        if let Some(outcome) = seen.ending(tables, &pos) {
            if i + 1 < game.moves.len() {
                return Err(ProofError::OverBefore {
                    ply: i + 2,
                    reason: outcome.reason.to_string(),
                });
            }
        }
        seen.push(&pos);
    }
    if pos.berserker().is_some() {
        return Err(ProofError::Continuation);
    }
    if pos.layout(tables) != target.layout(tables) || pos.side_to_move() != target.side_to_move() {
        return Err(ProofError::WrongEnd);
    }
    Ok(())
}
