//! Replaying a recorded game: every move must be legal and its recorded captures must be
//! exactly the captures the rules make (a square listed twice counts once).

use super::game_record::GameRecord;
use super::move_text::{resolve_ignoring_end, IllegalMove};
use crate::board::Square;
use crate::moves::{Move, Outcome, Position, Tables};
use std::fmt;

/// Where a record and the rules disagree.
#[derive(Clone, Debug)]
pub enum ReplayError {
    /// A recorded move cannot be played.
    Illegal {
        /// The 1-based ply of the move.
        ply: usize,
        /// Why it cannot be played.
        error: IllegalMove,
    },
    /// A move's recorded captures are not the ones the rules make.
    Captures {
        /// The 1-based ply of the move.
        ply: usize,
        /// The move as written.
        text: String,
        /// The captures the record lists, sorted, each once.
        recorded: Vec<Square>,
        /// The captures the rules make, sorted, without the king.
        made: Vec<Square>,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |v: &[Square]| {
            if v.is_empty() {
                "none".to_string()
            } else {
                v.iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        };
        match self {
            ReplayError::Illegal { ply, error } => write!(f, "ply {ply}: {error}"),
            ReplayError::Captures {
                ply,
                text,
                recorded,
                made,
            } => {
                write!(
                    f,
                    "ply {ply} `{text}`: the record captures {}, the rules capture {}",
                    list(recorded),
                    list(made)
                )
            }
        }
    }
}

impl std::error::Error for ReplayError {}

impl crate::error::Kind for ReplayError {}

/// The captures of a move as game records list them: sorted, without the king (whose
/// capture ends the game instead of being written). `before` is the position the move
/// was played from.
pub fn recordable_captures(before: &Position, captured: &[crate::moves::Square]) -> Vec<Square> {
    let king = before.king();
    let mut squares: Vec<Square> = captured
        .iter()
        .filter(|&&s| Some(s) != king)
        .copied()
        .collect();
    squares.sort();
    squares
}

/// A replayed game: the positions before each ply and after the last, the moves, and
/// where the rules ended the game if the players played on.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The position before each ply, then the one after the last: one more than `moves`.
    pub positions: Vec<Position>,
    /// The moves played, one per ply.
    pub moves: Vec<Move>,
    /// The first ply after which the rules say the game is over, with the outcome, when
    /// that is before the record's end.
    pub ended_early: Option<(usize, Outcome)>,
    /// How the rules end the game in the final position, if they do.
    pub final_outcome: Option<Outcome>,
}

/// Replays a game from the variant's start. Moves after an end the players ignored are
/// still checked (an ended game is played on as if it were not over).
pub fn replay(t: &Tables, game: &GameRecord) -> Result<Replay, ReplayError> {
    replay_checked(t, game, true)
}

/// [`replay`] up to the end the rules see: the moves a record plays on past it are not
/// read (they may move a king the rules took). `ended_early` says where it stopped.
pub fn replay_to_end(t: &Tables, game: &GameRecord) -> Result<Replay, ReplayError> {
    replay_checked(t, game, false)
}

fn replay_checked(t: &Tables, game: &GameRecord, past_end: bool) -> Result<Replay, ReplayError> {
    let mut pos = Position::start(t);
    let mut positions = vec![pos.clone()];
    let mut moves = Vec::new();
    let mut ended_early = None;
    for (i, text) in game.moves.iter().enumerate() {
        let ply = i + 1;
        if let Some(outcome) = pos.outcome(t) {
            ended_early.get_or_insert((ply - 1, outcome));
            if !past_end {
                break;
            }
        }
        // After an end the players ignored, the move is judged by the board alone.
        let mv = resolve_ignoring_end(t, &pos, text)
            .map_err(|error| ReplayError::Illegal { ply, error })?;
        let (next, captured) = pos.after(t, mv);
        let made = recordable_captures(&pos, &captured);
        let mut recorded = text.captures.clone();
        recorded.sort();
        if made != recorded {
            return Err(ReplayError::Captures {
                ply,
                text: text.to_string(),
                recorded,
                made,
            });
        }
        pos = next;
        positions.push(pos.clone());
        moves.push(mv);
    }
    let final_outcome = pos.outcome(t);
    Ok(Replay {
        positions,
        moves,
        ended_early,
        final_outcome,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::notation::parse_games;

    /// Brandubh's recorded game 55 (fixtures/games/brandubh.csv) under weak king capture
    /// (`ks:w`): the king is taken between two attackers before the record ends, and the
    /// record plays on. That replay once panicked inside `Position::remove`.
    #[test]
    fn a_record_that_plays_on_after_the_kings_capture_is_judged_without_a_panic() {
        let game = Game::from_otn(
            "dim:7 name:Brandubh atkf:y tfr:w ks:w start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
        )
        .unwrap();
        let games = parse_games(
            "d2-e2 c4-c2 d6-c6 d3-b3 c6-c5 e4-e6 a4-a5 d5-f5 e2-e3 e6-b6 a5-b5 c2-f2 c5-c4 \
             f2-f3xf4 d1-d3 b3-b2 c4-c2 f5-g5 d7-d5 b6-d6xd5 b5-d5 d6-c6 e3-e5 c6-d6xd5 b4-c4 \
             b2-b4xc4 c2-c4 f3-g3xg4,0,5,White\n",
        )
        .unwrap();
        let r = replay(&game.tables, &games[0]).unwrap();
        // Ply 19 (d7-d5) lands beside the king on d4 with an attacker on d3 beyond him:
        // a weak (`ks:w`) capture, worked by hand from the board before it.
        let (ply, outcome) = r.ended_early.expect("the king was captured before the end");
        assert_eq!(
            (ply, outcome.reason),
            (19, crate::moves::EndReason::KingCaptured)
        );
        assert_eq!(r.positions[18].king(), Some("d4".parse().unwrap()));
        assert_eq!(r.positions[19].king(), None);
        // The nine plies played on are replayed on the board without the king.
        assert_eq!(r.moves.len(), 28);
        assert!(r.positions[28].king().is_none());
        // Up to the end only: the 19 plies to the capture, nothing after it is read.
        let r = replay_to_end(&game.tables, &games[0]).unwrap();
        assert_eq!((r.moves.len(), r.positions.len()), (19, 20));
        assert_eq!(r.ended_early.map(|(ply, _)| ply), Some(19));
    }
}
