//! A line of moves typed by a user (`d1-d3 e5-e2 g1-g3`), played from a position like a
//! chess GUI's `position ... moves`. Written captures, if any, must be the ones the
//! rules make.

use super::move_text::{resolve, IllegalMove, MoveSyntaxError, MoveText};
use super::replay::recordable_captures;
use crate::board::Square;
use crate::moves::{Move, Position, Tables};
use std::fmt;

/// Where a line of moves went wrong: the ply (1 for the first move) and why.
#[derive(Clone, Debug)]
pub struct LineError {
    /// The ply of the bad move, counted from 1.
    pub ply: usize,
    /// What is wrong with it.
    pub kind: LineErrorKind,
}

/// What is wrong with one move of a line.
#[derive(Clone, Debug)]
pub enum LineErrorKind {
    /// Not a move at all.
    Syntax(MoveSyntaxError),
    /// A move the rules do not allow here.
    Illegal(IllegalMove),
    /// A legal move whose written captures differ from the rules' captures.
    Captures {
        /// The move as written.
        text: String,
        /// The captures written, sorted.
        claimed: Vec<Square>,
        /// The captures the rules make (the king left out, as archives write them).
        made: Vec<Square>,
    },
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ply {}: ", self.ply)?;
        match &self.kind {
            LineErrorKind::Syntax(e) => e.fmt(f),
            LineErrorKind::Illegal(e) => e.fmt(f),
            LineErrorKind::Captures {
                text,
                claimed,
                made,
            } => {
                let list = |v: &[Square]| {
                    if v.is_empty() {
                        "nothing".to_string()
                    } else {
                        v.iter()
                            .map(|s| s.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    }
                };
                write!(
                    f,
                    "`{text}` claims to capture {}, but the rules capture {}",
                    list(claimed),
                    list(made)
                )
            }
        }
    }
}

impl std::error::Error for LineError {}

impl crate::error::Kind for LineError {}

/// Plays space-separated moves (`|` also separates the moves of a berserk turn) from
/// `position`. A written capture of the king is accepted: archives leave it out because
/// it ends the game, but a user may well write it.
pub fn play_line(t: &Tables, position: Position, line: &str) -> Result<Position, LineError> {
    play_line_moves(t, position, line).map(|(position, _)| position)
}

/// [`play_line`], also handing back the moves played.
pub fn play_line_moves(
    t: &Tables,
    mut position: Position,
    line: &str,
) -> Result<(Position, Vec<Move>), LineError> {
    let mut moves = Vec::new();
    let words = line
        .split(|c: char| c.is_whitespace() || c == '|')
        .filter(|w| !w.is_empty());
    for (i, word) in words.enumerate() {
        let ply = i + 1;
        let fail = |kind| LineError { ply, kind };
        let text: MoveText = word.parse().map_err(|e| fail(LineErrorKind::Syntax(e)))?;
        let mv = resolve(t, &position, &text).map_err(|e| fail(LineErrorKind::Illegal(e)))?;
        let (next, captured) = position.after(t, mv);
        if !text.captures.is_empty() {
            let made = recordable_captures(&position, &captured);
            let mut with_king: Vec<Square> = captured.to_vec();
            with_king.sort();
            with_king.dedup();
            let mut claimed = text.captures.clone();
            claimed.sort();
            claimed.dedup();
            if claimed != made && claimed != with_king {
                let text = word.to_string();
                return Err(fail(LineErrorKind::Captures {
                    text,
                    claimed,
                    made: with_king,
                }));
            }
        }
        position = next;
        moves.push(mv);
    }
    Ok((position, moves))
}
