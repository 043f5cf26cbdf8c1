//! taflcount: a rules engine and command-line tools for the tafl family of board games.

pub mod bench;
pub mod board;
#[cfg(feature = "cli")]
pub mod cli;
pub mod complexity;
mod error;
pub mod game;
pub mod moves;
pub mod notation;
pub mod number;
pub mod perft;
pub mod regress;
pub mod report;
pub mod rng;
pub mod rules;
pub mod sampling;
pub mod search;
