//! Game records of the public archives: CSV lines without header,
//! `moves,attacker_captures,defender_captures,result`, moves separated by spaces.

use super::move_text::{MoveSyntaxError, MoveText};

/// One recorded game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 1-based line number in its file.
    pub line: usize,
    /// The plies in the order played, attackers first, as written.
    pub moves: Vec<MoveText>,
    /// The record's count of capture squares written after the attackers' moves (a
    /// square written twice counts twice).
    pub attacker_captures: u32,
    /// The same count for the defenders' moves.
    pub defender_captures: u32,
    /// `Black` (attackers won), `White` (defenders won), `Draw`, `Ongoing` or empty.
    pub result: String,
    /// The record ends with `timeout`: the player to move ran out of time.
    pub timeout: bool,
}

crate::error::located_error!(
    /// A line of a game archive that cannot be read.
    RecordError {
        /// The line, counted from 1.
        line: usize
    },
    "game record, line {}: {}"
);

/// Reads every game of a CSV archive.
pub fn parse_games(text: &str) -> Result<Vec<GameRecord>, RecordError> {
    let mut games = Vec::new();
    for (i, raw) in crate::text::strip_bom(text).lines().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = raw.split(',').collect();
        if fields.len() != 4 {
            return Err(RecordError {
                line,
                message: format!("expected 4 comma-separated fields, found {}", fields.len()),
            });
        }
        let mut tokens: Vec<&str> = fields[0].split_whitespace().collect();
        let timeout = tokens.last() == Some(&"timeout");
        if timeout {
            tokens.pop();
        }
        let moves = tokens
            .into_iter()
            .enumerate()
            .map(|(ply, m)| {
                m.parse::<MoveText>()
                    .map_err(|e: MoveSyntaxError| RecordError {
                        line,
                        message: format!("ply {}: {e}", ply + 1),
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let number = |k: usize| {
            fields[k].trim().parse::<u32>().map_err(|_| RecordError {
                line,
                message: format!("field {}: `{}` is not a count", k + 1, fields[k]),
            })
        };
        games.push(GameRecord {
            line,
            moves,
            attacker_captures: number(1)?,
            defender_captures: number(2)?,
            result: fields[3].trim().to_string(),
            timeout,
        });
    }
    Ok(games)
}
