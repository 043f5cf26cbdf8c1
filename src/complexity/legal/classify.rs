//! Deciding one sample: illegal by a proven condition, legal by a proof game that
//! replays to it, or undecided within the search budget.

use super::illegal::{IllegalCheck, Illegality};
use crate::complexity::proof_game::verify_proof_game;
use crate::complexity::proof_game::{find_proof_game, ProofBudget, ProofGame};
use crate::moves::{Position, Tables};

/// What is known of one sample.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Legality {
    /// Unreachable, by the condition named, with the squares that show it.
    Illegal(Illegality),
    /// Reachable: the proof game, checked by replay.
    Legal(ProofGame),
    /// Neither, and why.
    Undecided(Undecided),
}

/// Why a sample stayed undecided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undecided {
    /// The search found no proof game within its budget.
    Budget,
    /// The search answered a game that did not replay to the position (counted
    /// apart: a bug of the search to look into).
    RejectedProof,
    /// The search panicked (counted apart: a bug of the search). Caught only where
    /// panics unwind: the test profile, or a release build with `panic = "unwind"`.
    SearchPanicked,
}

impl Undecided {
    /// The key written in sample files: "", "rejected_proof_game", "search_panicked".
    pub fn key(self) -> &'static str {
        match self {
            Undecided::Budget => "",
            Undecided::RejectedProof => "rejected_proof_game",
            Undecided::SearchPanicked => "search_panicked",
        }
    }
}

impl Legality {
    /// "legal", "illegal" or "undecided".
    pub fn key(&self) -> &'static str {
        match self {
            Legality::Illegal(_) => "illegal",
            Legality::Legal(_) => "legal",
            Legality::Undecided(_) => "undecided",
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
) -> Legality {
    if let Some(found) = check.explain(pos) {
        return Legality::Illegal(found);
    }
    // A panicking search leaves this sample undecided, not the whole run lost; the
    // search only reads the shared tables, so nothing is left half-changed.
    let found = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        find_proof_game(tables, start, pos, budget)
    }));
    match found {
        Ok(Some(game)) => match verify_proof_game(tables, start, pos, &game.moves) {
            Ok(()) => Legality::Legal(game),
            Err(_) => Legality::Undecided(Undecided::RejectedProof),
        },
        Ok(None) => Legality::Undecided(Undecided::Budget),
        Err(_) => Legality::Undecided(Undecided::SearchPanicked),
    }
}
