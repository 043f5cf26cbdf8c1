//! One sampled game: the branching factor met before each ply, and how it ended.

pub use crate::engine::{GameEnd, PlyBranching};

/// A game as the statistics see it. `plies.len()` is the game's length: one entry per
/// ply played, taken in the position the ply was played from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSample {
    /// One entry per ply played, in order.
    pub plies: Vec<PlyBranching>,
    /// How the game ended.
    pub end: GameEnd,
    /// A self-played game's engine error in full when it crashed, hung or lost on time
    /// ([`crate::engine::PlayedGame::failure`]), for the caller to show.
    pub failure: Option<String>,
}

impl GameSample {
    /// The game's length in plies.
    pub fn length(&self) -> usize {
        self.plies.len()
    }

    /// Σ log10 b over the game's plies: log10 of the number of move sequences of this
    /// game's length that follow the same branching.
    pub fn sum_log10_branching(&self) -> f64 {
        self.plies.iter().map(|p| (p.moves as f64).log10()).sum()
    }
}
