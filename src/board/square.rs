//! Squares in OTN's `a1` notation: file letter (column from the left), rank number.

use std::fmt;
use std::str::FromStr;

/// The largest board side OTN allows.
pub const MAX_DIM: usize = 19;

/// A square as plain coordinates, 0-based: `file` 0 is `a`, `rank` 0 is rank `1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// The column, 0-based: 0 is `a`.
    pub file: u8,
    /// The row, 0-based: 0 is rank `1`.
    pub rank: u8,
}

impl Square {
    /// The square at 0-based `file` and `rank`, each below [`MAX_DIM`].
    pub fn new(file: usize, rank: usize) -> Square {
        debug_assert!(file < MAX_DIM && rank < MAX_DIM);
        Square {
            file: file as u8,
            rank: rank as u8,
        }
    }

    /// The column as an index, 0-based.
    pub fn file(self) -> usize {
        self.file as usize
    }

    /// The row as an index, 0-based.
    pub fn rank(self) -> usize {
        self.rank as usize
    }

    /// True if the square lies on a board of side `dim`.
    pub fn on_board(self, dim: usize) -> bool {
        self.file() < dim && self.rank() < dim
    }
}

/// Text that is not a square like `a1` or `s19`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareError(pub String);

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a square (a file letter a-s and a rank 1-19, like `e5`)",
            self.0
        )
    }
}

impl std::error::Error for SquareError {}

impl FromStr for Square {
    type Err = SquareError;
    fn from_str(text: &str) -> Result<Square, SquareError> {
        let err = || SquareError(text.to_string());
        let mut chars = text.chars();
        let file_letter = chars.next().ok_or_else(err)?;
        if !file_letter.is_ascii_lowercase() {
            return Err(err());
        }
        let file = (file_letter as u8 - b'a') as usize;
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return Err(err());
        }
        let rank: usize = digits.parse().map_err(|_| err())?;
        if file >= MAX_DIM || rank == 0 || rank > MAX_DIM {
            return Err(err());
        }
        Ok(Square::new(file, rank - 1))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}
