//! The board: squares, sides and pieces, plain layouts (OTN position records) and the
//! board's symmetries. The fast position of the hot path is `moves::Position`.

mod bitboard;
mod layout;
mod piece;
mod square;
mod symmetry;

pub use bitboard::{Bitboard, DenseIndices, Geometry, BITBOARD_MAX_DIM};
pub use layout::{Layout, LayoutError, RecordOrder};
pub use piece::{Piece, PieceKind, Side, SideError, TypeSet};
pub use square::{DenseSquare, Direction, Square, SquareError, MAX_DIM};
pub use symmetry::Symmetry;
