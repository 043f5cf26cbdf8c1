//! Recorded games: replay each and measure the branching factor of the positions the
//! players actually reached.

use super::sample::{GameEnd, GameSample, PlyBranching};
use crate::board::Side;
use crate::moves::Tables;
use crate::notation::{replay, GameRecord, Replay, ReplayError};
use std::fmt;

/// A record that does not replay under the chosen rules.
#[derive(Clone, Debug)]
pub struct RecordsError {
    /// The record's 1-based line in its archive.
    pub line: usize,
    /// Where the record and the rules disagree.
    pub error: ReplayError,
}

impl fmt::Display for RecordsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game on line {}: {} (are these records of another variant?)",
            self.line, self.error
        )
    }
}

impl std::error::Error for RecordsError {}

impl crate::error::Kind for RecordsError {}

/// One sample per record, each to the end [`record_end`] finds.
pub fn sample_records(t: &Tables, records: &[GameRecord]) -> Result<Vec<GameSample>, RecordsError> {
    records
        .iter()
        .map(|record| {
            let game = replay(t, record).map_err(|error| RecordsError {
                line: record.line,
                error,
            })?;
            let (length, end) = record_end(record, &game);
            let plies = game.positions[..length]
                .iter()
                .map(|pos| PlyBranching {
                    side: pos.side_to_move(),
                    moves: pos.count_moves(t) as u32,
                })
                .collect();
            Ok(GameSample {
                plies,
                end,
                failure: None,
            })
        })
        .collect()
}

/// How many plies of a replayed record count, and how the game ended. A game counts up
/// to the ply after which the rules ended it (players sometimes play on past an end
/// their server judged differently); its end is then the rules' end, otherwise the
/// recorded result (`Black`: attackers, `White`: defenders, `Draw`; anything else, such
/// as `Ongoing`, is unfinished).
pub fn record_end(record: &GameRecord, game: &Replay) -> (usize, GameEnd) {
    match (game.ended_early, game.final_outcome) {
        (Some((ply, outcome)), _) => (
            ply,
            GameEnd::Rules {
                winner: outcome.winner,
                reason: outcome.reason,
            },
        ),
        (None, Some(outcome)) => (
            game.moves.len(),
            GameEnd::Rules {
                winner: outcome.winner,
                reason: outcome.reason,
            },
        ),
        (None, None) => (
            game.moves.len(),
            match record.result.as_str() {
                "Black" => GameEnd::Recorded {
                    winner: Some(Side::Attackers),
                },
                "White" => GameEnd::Recorded {
                    winner: Some(Side::Defenders),
                },
                "Draw" => GameEnd::Recorded { winner: None },
                _ => GameEnd::Unfinished,
            },
        ),
    }
}
