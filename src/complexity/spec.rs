//! The plain facts about a variant that its size depends on: the board, the starting
//! material and where each kind of piece may stand.

use crate::board::{Piece, PieceKind, Side, Square};
use std::fmt;
use std::ops::{BitAnd, BitOr};

/// The piece kinds that may stand on a square, as bit flags.
///
/// A piece may stand where it may end a move, and also where pieces of its kind stand
/// at the start (a king that may never return to the throne still begins on it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StandMask(u8);

impl StandMask {
    /// No kind: a square where no piece may stand.
    pub const NONE: StandMask = StandMask(0);
    /// The king.
    pub const KING: StandMask = StandMask(1);
    /// The attackers.
    pub const ATTACKER: StandMask = StandMask(2);
    /// The defenders other than the king.
    pub const DEFENDER: StandMask = StandMask(4);
    /// Every kind: an ordinary square.
    pub const ALL: StandMask = StandMask(7);

    /// The kind a piece counts as: the king, or its side's other pieces (every type of
    /// a side together).
    pub fn of(piece: Piece) -> StandMask {
        match (piece.kind, piece.side) {
            (PieceKind::King, _) => StandMask::KING,
            (_, Side::Attackers) => StandMask::ATTACKER,
            (_, Side::Defenders) => StandMask::DEFENDER,
        }
    }

    /// Whether every kind in `other` may stand here.
    pub fn contains(self, other: StandMask) -> bool {
        self.0 & other.0 == other.0
    }

    /// True if no kind may stand here.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The same mask without the kinds in `other`.
    pub fn without(self, other: StandMask) -> StandMask {
        StandMask(self.0 & !other.0)
    }
}

impl BitOr for StandMask {
    type Output = StandMask;
    fn bitor(self, rhs: StandMask) -> StandMask {
        StandMask(self.0 | rhs.0)
    }
}

impl BitAnd for StandMask {
    type Output = StandMask;
    fn bitand(self, rhs: StandMask) -> StandMask {
        StandMask(self.0 & rhs.0)
    }
}

/// Bit flags of a special square, as the rules engine reports them. Symmetries must map
/// each set of special squares onto itself.
pub mod square_kind {
    /// A corner square (`cor`).
    pub const CORNER: u8 = 1;
    /// The centre square, the throne (`cen`).
    pub const CENTRE: u8 = 2;
    /// An attackers' fortress square (`afor`).
    pub const ATTACKER_FORT: u8 = 4;
    /// A defenders' fortress square (`dfor`).
    pub const DEFENDER_FORT: u8 = 8;
}

/// Everything the counting needs to know about a variant, validated once.
///
/// Squares are indexed `rank * dim + file`, file 0 being the left column and rank 0 the
/// first rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComplexitySpec {
    name: String,
    dim: usize,
    attackers: usize,
    defenders: usize,
    piece_kinds: usize,
    may_stand: Vec<StandMask>,
    square_kinds: Vec<u8>,
}

/// Why a [`ComplexitySpec`] cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// The board side is zero.
    EmptyBoard,
    /// A throne needs a single centre square.
    EvenSide {
        /// The even side length given.
        dim: usize,
    },
    /// A per-square list does not have one entry per square.
    WrongSquareCount {
        /// Which list: "may-stand" or "square-kind".
        list: &'static str,
        /// The squares on the board.
        expected: usize,
        /// The entries in the list.
        found: usize,
    },
    /// The starting material does not fit on the squares where it may stand.
    MaterialDoesNotFit {
        /// Attackers and defenders at the start, the king not counted.
        pieces: usize,
        /// Squares where an attacker or a defender may stand.
        squares: usize,
    },
    /// No square lets the king stand on it.
    NoRoomForKing,
    /// The start position must hold exactly one king.
    KingCount {
        /// The kings in the start position.
        kings: usize,
    },
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::EmptyBoard => write!(f, "the board must have at least one square"),
            SpecError::EvenSide { dim } => write!(
                f,
                "a {dim}x{dim} board has no centre square for a throne: the side must be odd"
            ),
            SpecError::WrongSquareCount { list, expected, found } => write!(
                f,
                "the {list} list has {found} entries, but the board has {expected} squares"
            ),
            SpecError::MaterialDoesNotFit { pieces, squares } => write!(
                f,
                "{pieces} attackers and defenders do not fit on the {squares} squares where they may stand"
            ),
            SpecError::NoRoomForKing => write!(f, "the king may not stand on any square"),
            SpecError::KingCount { kings } => {
                write!(f, "the start position has {kings} kings; counting needs exactly one")
            }
        }
    }
}

impl std::error::Error for SpecError {}

impl crate::error::Kind for SpecError {}

impl ComplexitySpec {
    /// A variant from its plain facts. `piece_kinds` is the number of distinct piece
    /// kinds in the start position (the naive bound gives each square that many
    /// colours plus "empty").
    pub fn new(
        name: impl Into<String>,
        dim: usize,
        attackers: usize,
        defenders: usize,
        piece_kinds: usize,
        may_stand: Vec<StandMask>,
        square_kinds: Vec<u8>,
    ) -> Result<ComplexitySpec, SpecError> {
        if dim == 0 {
            return Err(SpecError::EmptyBoard);
        }
        let squares = dim * dim;
        if may_stand.len() != squares {
            return Err(SpecError::WrongSquareCount {
                list: "may-stand",
                expected: squares,
                found: may_stand.len(),
            });
        }
        if square_kinds.len() != squares {
            return Err(SpecError::WrongSquareCount {
                list: "square-kind",
                expected: squares,
                found: square_kinds.len(),
            });
        }
        if !may_stand.iter().any(|m| m.contains(StandMask::KING)) {
            return Err(SpecError::NoRoomForKing);
        }
        let room = may_stand
            .iter()
            .filter(|m| m.contains(StandMask::ATTACKER) || m.contains(StandMask::DEFENDER))
            .count();
        if attackers + defenders > room {
            return Err(SpecError::MaterialDoesNotFit {
                pieces: attackers + defenders,
                squares: room,
            });
        }
        Ok(ComplexitySpec {
            name: name.into(),
            dim,
            attackers,
            defenders,
            piece_kinds,
            may_stand,
            square_kinds,
        })
    }

    /// An odd board with a throne in the centre and the four corners, where only the
    /// king may stand, and every other square open to all: the shape of most variants,
    /// for sizes the catalog lacks.
    pub fn throne_and_corners(
        dim: usize,
        attackers: usize,
        defenders: usize,
    ) -> Result<ComplexitySpec, SpecError> {
        if dim == 0 {
            return Err(SpecError::EmptyBoard);
        }
        if dim % 2 == 0 {
            return Err(SpecError::EvenSide { dim });
        }
        let last = dim - 1;
        let mut may_stand = vec![StandMask::ALL; dim * dim];
        let mut square_kinds = vec![0u8; dim * dim];
        for (file, rank) in [(0, 0), (last, 0), (0, last), (last, last)] {
            let corner = Square::new(file, rank).dense(dim);
            may_stand[corner] = StandMask::KING;
            square_kinds[corner] |= square_kind::CORNER;
        }
        let centre = Square::new(dim / 2, dim / 2).dense(dim);
        may_stand[centre] = StandMask::KING;
        square_kinds[centre] |= square_kind::CENTRE;
        let piece_kinds = 1 + usize::from(attackers > 0) + usize::from(defenders > 0);
        ComplexitySpec::new(
            format!("{dim}x{dim}"),
            dim,
            attackers,
            defenders,
            piece_kinds,
            may_stand,
            square_kinds,
        )
    }

    /// The variant's name in reports ("copenhagen", "11x11", "custom").
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The board's side length in squares.
    pub fn dim(&self) -> usize {
        self.dim
    }

    /// The squares on the board: `dim` squared.
    pub fn cells(&self) -> usize {
        self.dim * self.dim
    }

    /// Attackers at the start.
    pub fn attackers(&self) -> usize {
        self.attackers
    }

    /// Defenders at the start, the king not counted.
    pub fn defenders(&self) -> usize {
        self.defenders
    }

    /// Distinct piece kinds in the start position.
    pub fn piece_kinds(&self) -> usize {
        self.piece_kinds
    }

    /// The kinds that may stand on the square at 0-based `file` and `rank`.
    pub fn may_stand(&self, file: usize, rank: usize) -> StandMask {
        self.may_stand[Square::new(file, rank).dense(self.dim)]
    }

    /// The [`square_kind`] flags of the square at 0-based `file` and `rank`.
    pub fn square_kinds(&self, file: usize, rank: usize) -> u8 {
        self.square_kinds[Square::new(file, rank).dense(self.dim)]
    }

    pub(crate) fn may_stand_by_index(&self) -> &[StandMask] {
        &self.may_stand
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn throne_and_corners_closes_five_squares_to_all_but_the_king() {
        let spec = ComplexitySpec::throne_and_corners(5, 2, 1).unwrap();
        let king_only = spec
            .may_stand
            .iter()
            .filter(|&&m| m == StandMask::KING)
            .count();
        assert_eq!(king_only, 5);
        assert_eq!(spec.may_stand(2, 2), StandMask::KING);
        assert_eq!(spec.may_stand(4, 0), StandMask::KING);
        assert_eq!(spec.may_stand(1, 0), StandMask::ALL);
        assert_eq!(spec.piece_kinds(), 3);
    }

    #[test]
    fn rejects_material_that_cannot_fit() {
        assert_eq!(
            ComplexitySpec::throne_and_corners(3, 3, 2),
            Err(SpecError::MaterialDoesNotFit {
                pieces: 5,
                squares: 4
            })
        );
        assert_eq!(
            ComplexitySpec::throne_and_corners(4, 1, 1),
            Err(SpecError::EvenSide { dim: 4 })
        );
    }
}
