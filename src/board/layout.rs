//! A position as plain data (which piece stands where), and OTN position records.
//!
//! `start` records list rank 1 first; `starti` records list the top rank first, so they
//! read like a picture. A digit run is that many empty squares (`11` is eleven).

use super::piece::{Piece, PieceKind, Side};
use super::square::{Direction, Square, MAX_DIM};
use std::fmt;

/// Which piece stands on each square of a `dim` x `dim` board. Validated only for shape.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    dim: usize,
    squares: Vec<Option<Piece>>,
}

crate::error::located_error!(
    /// Why a position record could not be read.
    LayoutError {
        /// The character of the record, counted from 1.
        column: usize
    },
    "position record, column {}: {}"
);

/// The order in which a record lists its rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordOrder {
    /// `start`: rank 1 first.
    RankOneFirst,
    /// `starti`: the top rank first.
    TopRankFirst,
}

/// The rows of a record between its framing slashes, checked: framed by `/`, no empty
/// row, an odd number of rows from 5 to 19. An error gives the character of `body` it is
/// about.
fn record_rows(body: &str) -> Result<Vec<&str>, (usize, String)> {
    if !body.starts_with('/') {
        return Err((
            0,
            format!(
                "a record starts with `/`, found `{}`",
                body.chars()
                    .next()
                    .map_or(String::from("nothing"), String::from)
            ),
        ));
    }
    // Columns count characters: a stray `é` is one column and is named as itself.
    let length = body.chars().count();
    if !body.ends_with('/') || length < 2 {
        return Err((length.saturating_sub(1), "a record ends with `/`".into()));
    }
    let inner = &body[1..body.len() - 1];
    let rows: Vec<&str> = inner.split('/').collect();
    // An empty row (`//`) would otherwise be counted as a rank and make the board
    // look one size larger than the record meant.
    let mut column = 1; // character of `body` where the current row starts
    for (i, row) in rows.iter().enumerate() {
        if row.is_empty() {
            return Err((
                column,
                format!(
                    "row {} of the record is empty (`//`); an empty rank is written as its \
                     number of squares, like `7`",
                    i + 1
                ),
            ));
        }
        column += row.chars().count() + 1;
    }
    let dim = rows.len();
    if dim % 2 == 0 || !(5..=MAX_DIM).contains(&dim) {
        return Err((
            0,
            format!("the record has {dim} rows; a board has an odd number of rows from 5 to 19"),
        ));
    }
    Ok(rows)
}

impl Layout {
    /// An empty board of side `dim`.
    pub fn empty(dim: usize) -> Layout {
        assert!(dim <= MAX_DIM);
        Layout {
            dim,
            squares: vec![None; dim * dim],
        }
    }

    /// The board's side length in squares.
    pub fn dim(&self) -> usize {
        self.dim
    }

    /// The piece on `square`, if any; the square must lie on the board.
    pub fn get(&self, square: Square) -> Option<Piece> {
        self.squares[square.dense(self.dim)]
    }

    /// The piece at 0-based `file`, `rank`.
    pub fn piece_at(&self, file: usize, rank: usize) -> Option<Piece> {
        self.squares[rank * self.dim + file]
    }

    /// Puts `piece` on `square`, or empties it with `None`.
    pub fn set(&mut self, square: Square, piece: Option<Piece>) {
        self.squares[square.dense(self.dim)] = piece;
    }

    /// Every occupied square with its piece, rank 1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.squares
            .iter()
            .enumerate()
            .filter_map(move |(i, p)| p.map(|p| (Square::from_dense(i, self.dim), p)))
    }

    /// The empty squares a piece on `square` sees along its lines, up to the first
    /// occupied one: where a slide to `square` may have come from, or may go. Along the
    /// rank first, then along the file ([`Direction::RANK_THEN_FILE`]), nearest first.
    pub fn open_lines(&self, square: Square) -> impl Iterator<Item = Square> + '_ {
        Direction::RANK_THEN_FILE
            .into_iter()
            .flat_map(move |direction| {
                std::iter::successors(square.step(self.dim, direction), move |s| {
                    s.step(self.dim, direction)
                })
                .take_while(|&s| self.get(s).is_none())
            })
    }

    /// How many pieces of this side and kind stand on the board.
    pub fn count(&self, side: Side, kind: PieceKind) -> usize {
        self.pieces()
            .filter(|(_, p)| p.side == side && p.kind == kind)
            .count()
    }

    /// How many pieces this side has, of any kind.
    pub fn count_side(&self, side: Side) -> usize {
        self.pieces().filter(|(_, p)| p.side == side).count()
    }

    /// Reads a record such as `/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`. A leading `start:` or
    /// `starti:` picks the order; otherwise `order` applies.
    pub fn parse(text: &str, order: RecordOrder) -> Result<Layout, LayoutError> {
        let (body, order, offset) = if let Some(rest) = text.strip_prefix("starti:") {
            (rest, RecordOrder::TopRankFirst, 7)
        } else if let Some(rest) = text.strip_prefix("start:") {
            (rest, RecordOrder::RankOneFirst, 6)
        } else {
            (text, order, 0)
        };
        let err = |column: usize, message: String| LayoutError {
            column: column + offset + 1,
            message,
        };
        let rows = record_rows(body).map_err(|(column, message)| err(column, message))?;
        let dim = rows.len();
        let mut layout = Layout::empty(dim);
        let mut column = 1; // character of `body` where the current row starts
        for (row_index, row) in rows.iter().enumerate() {
            let rank = match order {
                RecordOrder::RankOneFirst => row_index,
                RecordOrder::TopRankFirst => dim - 1 - row_index,
            };
            layout
                .read_rank(row, rank)
                .map_err(|(at, message)| err(column + at, message))?;
            column += row.chars().count() + 1;
        }
        Ok(layout)
    }

    /// Places the pieces of one row of a record on `rank`: letters and runs of empty
    /// squares that fill the rank exactly. An error gives the character of the row it
    /// is about.
    fn read_rank(&mut self, row: &str, rank: usize) -> Result<(), (usize, String)> {
        let dim = self.dim;
        let mut file = 0usize;
        let chars: Vec<char> = row.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let ch = chars[i];
            if ch.is_ascii_digit() {
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let digits: String = chars[start..i].iter().collect();
                let run: usize = digits
                    .parse()
                    .map_err(|_| (start, format!("`{digits}` is not a run length")))?;
                if run == 0 {
                    return Err((start, "an empty run of length 0".into()));
                }
                file = file.saturating_add(run);
                if file > dim {
                    return Err((
                        start,
                        format!("rank {} is longer than the board's {dim} squares", rank + 1),
                    ));
                }
                continue;
            }
            let piece = Piece::from_letter(ch).ok_or_else(|| (i, format!("`{ch}` is not a piece letter (t c n k m g, upper case for defenders) or a digit")))?;
            if file >= dim {
                return Err((
                    i,
                    format!("rank {} is longer than the board's {dim} squares", rank + 1),
                ));
            }
            self.set(Square::new(file, rank), Some(piece));
            file += 1;
            i += 1;
        }
        if file != dim {
            return Err((
                chars.len(),
                format!("rank {} has {file} squares; the board has {dim}", rank + 1),
            ));
        }
        Ok(())
    }

    /// The record in the given order, with digit runs for empty squares.
    pub fn record(&self, order: RecordOrder) -> String {
        let mut out = String::from("/");
        for i in 0..self.dim {
            let rank = match order {
                RecordOrder::RankOneFirst => i,
                RecordOrder::TopRankFirst => self.dim - 1 - i,
            };
            let mut run = 0;
            for file in 0..self.dim {
                match self.piece_at(file, rank) {
                    None => run += 1,
                    Some(piece) => {
                        if run > 0 {
                            out.push_str(&run.to_string());
                            run = 0;
                        }
                        out.push(piece.letter());
                    }
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            out.push('/');
        }
        out
    }

    /// The board as a picture, top rank first, with coordinates; for humans.
    pub fn picture(&self) -> String {
        let mut out = String::new();
        for rank in (0..self.dim).rev() {
            out.push_str(&format!("{:>2} ", rank + 1));
            for file in 0..self.dim {
                out.push(self.piece_at(file, rank).map_or('.', |p| p.letter()));
                out.push(' ');
            }
            out.push('\n');
        }
        out.push_str("   ");
        for file in 0..self.dim {
            out.push((b'a' + file as u8) as char);
            out.push(' ');
        }
        out.push('\n');
        out
    }
}

/// Displays the `start` order record (rank 1 first).
impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.record(RecordOrder::RankOneFirst))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_and_starti_are_mirror_orders() {
        let a = Layout::parse("/t4/5/5/5/4K/", RecordOrder::RankOneFirst).unwrap();
        assert_eq!(a.piece_at(0, 0), Some(Piece::ATTACKER));
        assert_eq!(a.piece_at(4, 4), Some(Piece::KING));
        let b = Layout::parse("starti:/t4/5/5/5/4K/", RecordOrder::RankOneFirst).unwrap();
        assert_eq!(b.piece_at(0, 4), Some(Piece::ATTACKER));
        assert_eq!(b.record(RecordOrder::TopRankFirst), "/t4/5/5/5/4K/");
        assert_eq!(a.to_string(), "/t4/5/5/5/4K/");
    }

    #[test]
    fn multi_digit_runs() {
        let text = "/11/11/11/11/11/5K5/11/11/11/11/11/";
        let layout = Layout::parse(text, RecordOrder::RankOneFirst).unwrap();
        assert_eq!(layout.dim(), 11);
        assert_eq!(layout.to_string(), text);
    }

    #[test]
    fn errors_name_the_column() {
        let e = Layout::parse("/5/5/2x2/5/5/", RecordOrder::RankOneFirst).unwrap_err();
        assert_eq!(e.column, 7);
        assert!(e.message.contains("`x`"));
        let e = Layout::parse("/5/5/6/5/5/", RecordOrder::RankOneFirst).unwrap_err();
        assert!(e.message.contains("longer"), "{e}");
        let e = Layout::parse("/5/5/4/5/5/", RecordOrder::RankOneFirst).unwrap_err();
        assert!(e.message.contains("rank 3 has 4 squares"), "{e}");
        assert!(Layout::parse("/5/5/5/5/", RecordOrder::RankOneFirst).is_err());
        assert!(Layout::parse("5/5/5/5/5", RecordOrder::RankOneFirst).is_err());
    }

    #[test]
    fn an_empty_rank_is_named_and_not_counted() {
        // Seven ranks and a stray `//`: the old message spoke of an 8-row board.
        let e = Layout::parse("/7/7/7//7/7/7/7/", RecordOrder::RankOneFirst).unwrap_err();
        assert!(e.message.contains("row 4 of the record is empty"), "{e}");
        assert_eq!(e.column, 8);
        assert!(Layout::parse("//", RecordOrder::RankOneFirst).is_err());
    }

    #[test]
    fn non_ascii_is_named_as_a_character_at_its_character_column() {
        let e = Layout::parse("/5/5/2é2/5/5/", RecordOrder::RankOneFirst).unwrap_err();
        assert!(e.message.contains("`é`"), "{e}");
        assert_eq!(e.column, 7);
        // After a two-byte character the columns still count characters.
        let e = Layout::parse("/5/5/5/5/5/é", RecordOrder::RankOneFirst).unwrap_err();
        assert_eq!(e.column, 12, "{e}");
        let e = Layout::parse("/5/ü/5/5/5/", RecordOrder::RankOneFirst).unwrap_err();
        assert_eq!((e.column, e.message.contains("`ü`")), (4, true), "{e}");
    }

    #[test]
    fn a_run_too_long_for_a_number_is_an_error() {
        let e = Layout::parse(
            "/99999999999999999999999/5/5/5/5/",
            RecordOrder::RankOneFirst,
        )
        .unwrap_err();
        assert!(e.message.contains("not a run length"), "{e}");
    }
}
