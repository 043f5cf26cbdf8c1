//! taflcount: a rules engine and command-line tools for the tafl family of board games.

pub mod bench;
pub mod board;
pub mod cli;
pub mod complexity;
pub mod matches;
pub mod mcts;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod report;
pub mod rules;
pub mod sampling;
pub mod search;
pub mod solver;
pub mod stats;
pub mod suite;
