//! taflcount: a rules engine and command-line tools for the tafl family of board games.

pub mod complexity;
pub mod report;
