//! One sampled game: the branching factor met before each ply, and how it ended.

use crate::board::Side;
use crate::moves::EndReason;

/// The position before one ply: who was to move and how many legal moves they had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlyBranching {
    /// Who was to move.
    pub side: Side,
    /// How many legal moves they had: the branching factor.
    pub moves: u32,
}

/// How a sampled game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The rules ended it: a winner (`None`: a draw) and the rule.
    Rules {
        /// The winner; `None` for a draw.
        winner: Option<Side>,
        /// The rule that ended the game.
        reason: EndReason,
    },
    /// A recorded game with the result its record gives (resignation, time, agreement):
    /// `None` is a draw.
    Recorded {
        /// The recorded winner; `None` for a draw.
        winner: Option<Side>,
    },
    /// Stopped unfinished: the ply cap in self-play, an abandoned record.
    Unfinished,
}

impl GameEnd {
    /// The winner, if someone won.
    pub fn winner(&self) -> Option<Side> {
        match *self {
            GameEnd::Rules { winner, .. } | GameEnd::Recorded { winner } => winner,
            GameEnd::Unfinished => None,
        }
    }

    /// True for a draw, by the rules or by the record.
    pub fn is_draw(&self) -> bool {
        matches!(
            self,
            GameEnd::Rules { winner: None, .. } | GameEnd::Recorded { winner: None }
        )
    }

    /// A short label: `attackers by king captured`, `draw by repetition`, `unfinished`.
    pub fn label(&self) -> String {
        match self {
            GameEnd::Rules {
                winner: Some(side),
                reason,
            } => format!("{} by {}", side.name(), reason),
            GameEnd::Rules {
                winner: None,
                reason,
            } => format!("draw by {reason}"),
            GameEnd::Recorded { winner: Some(side) } => {
                format!("{} (recorded result)", side.name())
            }
            GameEnd::Recorded { winner: None } => "draw (recorded result)".to_string(),
            GameEnd::Unfinished => "unfinished".to_string(),
        }
    }
}

/// A game as the statistics see it. `plies.len()` is the game's length: one entry per
/// ply played, taken in the position the ply was played from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSample {
    /// One entry per ply played, in order.
    pub plies: Vec<PlyBranching>,
    /// How the game ended.
    pub end: GameEnd,
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
