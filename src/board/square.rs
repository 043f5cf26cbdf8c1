//! Squares in OTN's `a1` notation: file letter (column from the left), rank number.

use std::fmt;
use std::str::FromStr;

/// The largest board side OTN allows.
pub const MAX_DIM: usize = 19;

/// A square of a board of up to 19x19: file 0 is `a`, rank 0 is rank `1`. Kept as one
/// index, `rank * 32 + file`, so that the engine's per-square tables are plain arrays
/// ([`Square::index`]) and a square's file and rank are a mask and a shift away. A square
/// that may be missing is an `Option<Square>`: there is no "no square" value.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Square(u16);

impl Square {
    /// How many indices [`Square::index`] may return: per-square tables have this size.
    pub const INDICES: usize = 32 * MAX_DIM;

    /// The square at 0-based `file` and `rank`, each below [`MAX_DIM`].
    #[inline(always)]
    pub const fn new(file: usize, rank: usize) -> Square {
        debug_assert!(file < MAX_DIM && rank < MAX_DIM);
        Square((rank * 32 + file) as u16)
    }

    /// The column as an index, 0-based.
    #[inline(always)]
    pub const fn file(self) -> usize {
        (self.0 & 31) as usize
    }

    /// The row as an index, 0-based.
    #[inline(always)]
    pub const fn rank(self) -> usize {
        (self.0 >> 5) as usize
    }

    /// `rank * 32 + file`: an index below [`Square::INDICES`] for per-square tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// A value outside every board, for the position's private "none" (its methods
    /// answer `Option<Square>`); never returned by a public API.
    pub(crate) const fn off_board() -> Square {
        Square(u16::MAX)
    }

    /// The square of an index from [`Square::index`], if it is one.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < Square::INDICES && index % 32 < MAX_DIM {
            Some(Square(index as u16))
        } else {
            None
        }
    }

    /// True if the square lies on a board of side `dim`.
    pub fn on_board(self, dim: usize) -> bool {
        self.file() < dim && self.rank() < dim
    }

    /// The neighbour one step in `direction` on a board of side `dim`, if it is on it:
    /// the one owner of "the square next to this one" for every layer.
    #[inline]
    pub fn step(self, dim: usize, direction: Direction) -> Option<Square> {
        let (df, dr) = direction.offset();
        let f = self.file().checked_add_signed(df)?;
        let r = self.rank().checked_add_signed(dr)?;
        (f < dim && r < dim).then(|| Square::new(f, r))
    }

    /// The square's dense index on a board of side `dim`, `rank * dim + file`: the
    /// numbering of per-square vectors sized `dim * dim`, of a layout's squares and of
    /// whole-board bitboards. [`Square::from_dense`] is its inverse.
    #[inline(always)]
    pub const fn dense(self, dim: usize) -> usize {
        self.rank() * dim + self.file()
    }

    /// The square of dense index `index` (below `dim * dim`) on a board of side `dim`.
    #[inline(always)]
    pub const fn from_dense(index: usize, dim: usize) -> Square {
        Square::new(index % dim, index / dim)
    }
}

/// A square by its dense index on one board, `rank * dim + file` ([`Square::dense`]):
/// the numbering of sets ranked square by square, ordered as the index is (rank first,
/// unlike [`Square`]'s file-first order). The board's side is not kept; it is asked for
/// where a [`Square`] is wanted back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DenseSquare(u16);

impl DenseSquare {
    /// The square of dense index `index`, below `MAX_DIM * MAX_DIM`.
    #[inline(always)]
    pub const fn new(index: usize) -> DenseSquare {
        debug_assert!(index < MAX_DIM * MAX_DIM);
        DenseSquare(index as u16)
    }

    /// `square`'s dense index on a board of side `dim`.
    #[inline(always)]
    pub const fn of(square: Square, dim: usize) -> DenseSquare {
        DenseSquare(square.dense(dim) as u16)
    }

    /// The index, `rank * dim + file`: a position in per-square vectors sized `dim * dim`.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square on a board of side `dim`.
    #[inline(always)]
    pub const fn square(self, dim: usize) -> Square {
        Square::from_dense(self.index(), dim)
    }

    /// The dense squares `0..cells` of a board of `cells` squares, ascending.
    pub fn all(cells: usize) -> impl Iterator<Item = DenseSquare> {
        (0..cells).map(DenseSquare::new)
    }
}

impl fmt::Display for DenseSquare {
    /// The index, as a number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A step to an orthogonal neighbour: the four directions every piece slides in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards the higher ranks.
    North,
    /// Towards the lower ranks.
    South,
    /// Towards the higher files.
    East,
    /// Towards the lower files.
    West,
}

impl Direction {
    /// The four orthogonal directions.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
    ];

    /// The four directions along the rank first, then along the file (east, west,
    /// north, south): the order in which captures are found and the legal-position
    /// checks try a square's neighbours, where the first one found is the one reported.
    pub const RANK_THEN_FILE: [Direction; 4] = [
        Direction::East,
        Direction::West,
        Direction::North,
        Direction::South,
    ];

    /// The step as (files, ranks) added.
    #[inline(always)]
    pub const fn offset(self) -> (isize, isize) {
        match self {
            Direction::North => (0, 1),
            Direction::South => (0, -1),
            Direction::East => (1, 0),
            Direction::West => (-1, 0),
        }
    }

    /// The direction back.
    #[inline(always)]
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::South => Direction::North,
            Direction::East => Direction::West,
            Direction::West => Direction::East,
        }
    }
}

impl PartialOrd for Square {
    fn partial_cmp(&self, other: &Square) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Square {
    /// File first, then rank: `a1 < a2 < b1`, the order recorded captures are listed in.
    fn cmp(&self, other: &Square) -> std::cmp::Ordering {
        (self.file(), self.rank()).cmp(&(other.file(), other.rank()))
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
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

impl crate::error::Kind for SquareError {}

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
        write!(
            f,
            "{}{}",
            (b'a' + self.file() as u8) as char,
            self.rank() + 1
        )
    }
}
