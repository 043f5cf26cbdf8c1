//! The board: squares, pieces, plain layouts, and the fast position of the hot path.

mod layout;
mod piece;
mod square;
mod symmetry;

pub use layout::{Layout, LayoutError, RecordOrder};
pub use piece::{Piece, PieceKind, Side, SideError, TypeSet};
pub use square::{Square, SquareError, MAX_DIM};
pub use symmetry::Symmetry;
