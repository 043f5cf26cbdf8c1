//! Play: the rules compiled into masks (`Tables`), the fast `Position`, move generation,
//! captures and the end of the game.

mod end;
mod generate;
mod king;
mod play;
mod position;
mod repetition;
mod sq;
mod square_set;
mod tables;

pub use end::{dilate, EncirclementHint, EndReason, Outcome, Words};
pub use generate::{BitIter, Move, PieceMoves};
pub use position::Position;
pub use repetition::{repetition_outcome, Repetitions};
pub use sq::{file_of, from_square, rank_of, sq, to_square, Mover, Sq, NO_SQUARE};
pub use square_set::{Direction, SquareSet, Squares};
pub use tables::{SmallBoard, Tables, Unsupported};
