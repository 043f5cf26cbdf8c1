//! Move notation. `MoveText` is the plain description read from text (`a4-a1`,
//! `Ke1-a1`, `e5-e8xe9`, `g3-e3xe2/e4`, the archives' `g3-e3xe2xe4`); `resolve` validates
//! it against a position into an engine `Move`, or says why it is illegal.

use crate::board::{Piece, Square};
use crate::moves::{Move, Position, Tables};
use std::fmt;
use std::str::FromStr;

/// A move as written: optional piece letter, from, to, and the captures it claims.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The piece letter, if written (`K` in `Ke1-a1`); [`resolve`] checks it against the board.
    pub piece: Option<char>,
    /// The square the piece leaves.
    pub from: Square,
    /// The square it stops on.
    pub to: Square,
    /// The captured squares written, each once, in written order; [`resolve`] ignores them,
    /// a replay checks them.
    pub captures: Vec<Square>,
}

/// Text that is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSyntaxError {
    /// The text as given.
    pub text: String,
    /// What in it is not a move.
    pub reason: String,
}

impl fmt::Display for MoveSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a move: {} (write moves like `a4-a1`, captures like `e5-e8xe9` or `xa2/c3`)", self.text, self.reason)
    }
}

impl std::error::Error for MoveSyntaxError {}

impl crate::error::Kind for MoveSyntaxError {}

impl FromStr for MoveText {
    type Err = MoveSyntaxError;
    fn from_str(text: &str) -> Result<MoveText, MoveSyntaxError> {
        let err = |reason: String| MoveSyntaxError {
            text: text.to_string(),
            reason,
        };
        let mut rest = text;
        let mut piece = None;
        if let Some(first) = rest.chars().next() {
            if first.is_ascii_uppercase()
                || (first.is_ascii_lowercase()
                    && rest[1..].starts_with(|c: char| c.is_ascii_lowercase()))
            {
                if Piece::from_letter(first).is_none() {
                    return Err(err(format!("`{first}` is not a piece letter")));
                }
                piece = Some(first);
                rest = &rest[1..];
            }
        }
        let (from_text, after) = rest
            .split_once('-')
            .ok_or_else(|| err("no `-` between the squares".into()))?;
        let from: Square = from_text
            .parse()
            .map_err(|e: crate::board::SquareError| err(e.to_string()))?;
        let (to_text, capture_text) = match after.find('x') {
            Some(i) => (&after[..i], Some(&after[i + 1..])),
            None => (after, None),
        };
        let to: Square = to_text
            .parse()
            .map_err(|e: crate::board::SquareError| err(e.to_string()))?;
        let mut captures = Vec::new();
        if let Some(list) = capture_text {
            for part in list.split(['/', 'x']) {
                let square: Square = part
                    .parse()
                    .map_err(|e: crate::board::SquareError| err(format!("capture {e}")))?;
                if !captures.contains(&square) {
                    captures.push(square);
                }
            }
        }
        Ok(MoveText {
            piece,
            from,
            to,
            captures,
        })
    }
}

impl fmt::Display for MoveText {
    /// The OTN move record: `e5-e8xe9`, `Ke1-a1`, `xa2/c3` for several captures.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(p) = self.piece {
            write!(f, "{p}")?;
        }
        write!(f, "{}-{}", self.from, self.to)?;
        for (i, c) in self.captures.iter().enumerate() {
            write!(f, "{}{c}", if i == 0 { "x" } else { "/" })?;
        }
        Ok(())
    }
}

/// A move that cannot be played here, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The move as written.
    pub text: String,
    /// Why the rules forbid it here ("the way is blocked at d3").
    pub reason: String,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move `{}`: {}", self.text, self.reason)
    }
}

impl std::error::Error for IllegalMove {}

impl crate::error::Kind for IllegalMove {}

/// Validates a written move against the position; the reason names what is wrong.
pub fn resolve(t: &Tables, pos: &Position, text: &MoveText) -> Result<Move, IllegalMove> {
    if let Some(outcome) = pos.outcome(t) {
        return Err(IllegalMove {
            text: text.to_string(),
            reason: format!("the game is over ({})", outcome.reason),
        });
    }
    resolve_ignoring_end(t, pos, text)
}

/// `resolve` for a game played on past its end (as some recorded games are): judges
/// the move by the board alone.
pub fn resolve_ignoring_end(
    t: &Tables,
    pos: &Position,
    text: &MoveText,
) -> Result<Move, IllegalMove> {
    let illegal = |reason: String| IllegalMove {
        text: text.to_string(),
        reason,
    };
    if !text.from.on_board(t.dim()) || !text.to.on_board(t.dim()) {
        return Err(illegal(format!("the board is {0}x{0}", t.dim())));
    }
    let from = text.from;
    let to = text.to;
    let side = pos.side_to_move();
    let piece = pos
        .piece_at(from)
        .ok_or_else(|| illegal(format!("no piece on {}", text.from)))?;
    if piece.side != side {
        return Err(illegal(format!(
            "{} holds a piece of the {}, but the {side} are to move",
            text.from, piece.side
        )));
    }
    if let Some(letter) = text.piece {
        if !letter.eq_ignore_ascii_case(&piece.letter()) {
            return Err(illegal(format!(
                "the piece on {} is `{}`, not `{letter}`",
                text.from,
                piece.letter()
            )));
        }
    }
    let mv = Move { from, to };
    if pos.legal_moves(t).contains(&mv) {
        return Ok(mv);
    }
    Err(illegal(why_not(t, pos, mv, piece)))
}

/// Explains why a move of the right side's piece is not legal.
fn why_not(t: &Tables, pos: &Position, mv: Move, piece: Piece) -> String {
    let (from, to) = (mv.from, mv.to);
    if from == to {
        return "a move must leave its square".into();
    }
    if from.file() != to.file() && from.rank() != to.rank() {
        return format!("{from} and {to} are not on one rank or file");
    }
    let (df, dr) = (
        (to.file() as i32 - from.file() as i32).signum(),
        (to.rank() as i32 - from.rank() as i32).signum(),
    );
    let distance = (to.file() as i32 - from.file() as i32)
        .abs()
        .max((to.rank() as i32 - from.rank() as i32).abs());
    let name = piece.kind.name();
    let mut s = from;
    for _ in 0..distance {
        s = Square::new(
            (s.file() as i32 + df) as usize,
            (s.rank() as i32 + dr) as usize,
        );
        let q: Square = s;
        if pos.piece_at(q).is_some() {
            return format!("the way is blocked at {s}");
        }
        let single = pass_and_stop(t, piece, mv.from, q);
        if s != to && !single.0 {
            return format!("a {name} may not pass {s}");
        }
        if s == to && !single.1 {
            return format!("a {name} may not stop on {s}");
        }
    }
    if let Some(limit) = t.rules().speed_of(piece) {
        if distance > limit as i32 {
            return format!("a {name} moves at most {limit} square(s)");
        }
    }
    "the rules do not allow it".into()
}

/// (may pass, may stop) for a piece that starts on `from`, at square `q`.
fn pass_and_stop(t: &Tables, piece: Piece, from: Square, q: Square) -> (bool, bool) {
    let origin = t.square_kinds(from);
    let (f, r) = (q.file(), q.rank());
    (
        t.rules().may_pass_from(piece, f, r, origin),
        t.rules().may_stop_from(piece, f, r, origin),
    )
}

/// The record of a berserk turn: its single moves joined with `|`, e.g. `e5-e3xe4|e3-c3xc4`.
pub fn turn_record(moves: &[MoveText]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join("|")
}

/// The OTN record of a move with the captures it makes, e.g. `e5-e8xe9` or `Ke1-a1`.
pub fn record(pos: &Position, mv: Move, captured: &[Square]) -> MoveText {
    let piece = pos
        .piece_at(mv.from)
        .filter(|p| p.kind != crate::board::PieceKind::Taflman)
        .map(|p| p.letter());
    MoveText {
        piece,
        from: mv.from,
        to: mv.to,
        captures: captured.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_otn_records() {
        for text in ["a4-a1", "e5-e8xe9", "Ke1-a1", "d1-d3xa2/c3", "s19-s1"] {
            let m: MoveText = text.parse().unwrap();
            assert_eq!(m.to_string(), text);
        }
        let m: MoveText = "g3-e3xe2xe4xe2".parse().unwrap();
        assert_eq!(m.to_string(), "g3-e3xe2/e4");
        for bad in [
            "", "a4", "a4-", "a4-a0", "z4-a1", "a4-a1x", "a4:a1", "Qa4-a1", "a4-a1xt9",
        ] {
            assert!(bad.parse::<MoveText>().is_err(), "{bad}");
        }
    }
}
