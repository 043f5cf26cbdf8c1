//! Play: the rules compiled into masks (`Tables`), the fast `Position`, move generation,
//! captures and the end of the game.

mod bulk;
mod end;
mod ending;
mod generate;
mod king;
mod mover;
mod play;
mod position;
mod repetition;
mod square_set;
mod tables;

pub use crate::board::{Direction, Square};
pub use bulk::ChildCounts;
pub use end::{dilate, EncirclementHint, EndReason, Outcome, Words};
pub use ending::{EndingMoves, Scope};
pub use generate::{BitIter, Move, PieceMoves};
pub use mover::Mover;
pub use position::{Lines, Position};
pub use repetition::{repetition_outcome, Repetitions};
pub use square_set::{word_bit, SquareSet, Squares};
pub use tables::{Tables, Unsupported};
