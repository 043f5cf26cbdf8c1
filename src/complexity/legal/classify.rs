//! Deciding one sample: illegal by a proven condition, legal by a proof game that
//! replays to it, or undecided within the search budget.

use super::illegal::{IllegalCheck, IllegalReason};
use super::proof::verify_proof_game;
use crate::complexity::proof_game::{find_proof_game, ProofBudget, ProofGame};
use crate::moves::{Position, Tables};

/// What is known of one sample.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Unreachable, by the condition named.
    Illegal(IllegalReason),
    /// Reachable: the proof game, checked by replay.
    Legal(ProofGame),
    /// Neither within the budget. `rejected_proof` when the search answered a game
    /// that did not replay to the position (counted apart: a bug to look into).
    Undecided {
        /// True if a proof game was found but failed the replay.
        rejected_proof: bool,
    },
}

impl Verdict {
    /// "legal", "illegal" or "undecided".
    pub fn key(&self) -> &'static str {
        match self {
            Verdict::Illegal(_) => "illegal",
            Verdict::Legal(_) => "legal",
            Verdict::Undecided { .. } => "undecided",
        }
    }
}

/// Decides `pos`: the necessary conditions first, then the proof-game search, whose
/// answer counts only if it replays to `pos`.
pub fn classify(
    tables: &Tables,
    check: &IllegalCheck<'_>,
    start: &Position,
    pos: &Position,
    budget: ProofBudget,
) -> Verdict {
    if let Some(reason) = check.check(pos) {
        return Verdict::Illegal(reason);
    }
    match find_proof_game(tables, start, pos, budget) {
        Some(game) => match verify_proof_game(tables, start, pos, &game) {
            Ok(()) => Verdict::Legal(game),
            Err(_) => Verdict::Undecided {
                rejected_proof: true,
            },
        },
        None => Verdict::Undecided {
            rejected_proof: false,
        },
    }
}
