//! Proof games (issue 26): a sequence of legal moves from the start that ends in a
//! given position (placement and side to move), found by a search and re-checked by
//! replaying it ([`verify_proof_game`]). The search, described in `docs/proof-games.md`,
//! first captures the pieces the target lacks, then walks every piece onto a target
//! square of its kind with a greedy, engine-checked choice of moves, losing a tempo
//! at the end when the side to move is wrong; a failed attempt is restarted with other
//! random choices while the budget lasts.
//!
//! ```
//! use taflcount::complexity::proof_game::{find_proof_game, verify_proof_game, ProofBudget};
//! use taflcount::game::Game;
//! use taflcount::moves::Position;
//! use taflcount::notation::play_line;
//!
//! let brandub = Game::named("brandub").unwrap();
//! let t = &brandub.tables;
//! let start = Position::start(t);
//! let target = play_line(t, start.clone(), "d7-f7 d3-f3 a4-a2").unwrap();
//! let game = find_proof_game(t, &start, &target, ProofBudget { nodes: 100_000 }).unwrap();
//! assert!(verify_proof_game(t, &start, &target, &game.moves).is_ok());
//! ```

mod capture;
mod last_move;
mod place;
mod target;
mod verify;
mod walk;

pub use last_move::last_move_possible;
pub use verify::{verify_proof_game, ProofGameError};

use crate::board::{Piece, PieceKind, Side, Square};
use crate::moves::{Move, Position, Tables};
use crate::rng::SplitMix64;

/// True if the target's custodial sandwiches ask for an impossible order of arrival,
/// which proves it unreachable: a piece that ends between two things hostile to it
/// must have arrived after the enemy pieces among them (whichever came later would
/// have captured it; strictly after, unless all of them stand where they started and
/// may never have moved), and these constraints go round in a circle through one that
/// is strict. Only constraints the argument of `docs/proof-games.md` proves are used:
/// taflmen, commanders and knights (and a king captured like one) between enemy
/// pieces that are hammer and anvil, or squares hostile whether empty or occupied.
/// The search gives up on such targets at once.
pub fn arrival_order_conflict(tables: &Tables, target: &Position) -> bool {
    arrival_order_cycle(tables, target).is_some()
}

/// The circle of [`arrival_order_conflict`], if there is one: the squares of its pieces,
/// each arriving after the next and the last after the first (a piece sandwiched by the
/// next, directly or with a hostile square). The same target always gives the same
/// circle.
pub fn arrival_order_cycle(tables: &Tables, target: &Position) -> Option<Vec<Square>> {
    let start = Position::start(tables);
    target::TargetMap::new(tables, target, true).strict_cycle(&start)
}

/// The most positions spent on a target whose guiding order constraints go round.
const CYCLE_BUDGET: u64 = 20_000;

/// What a proof-game search may spend on one target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofBudget {
    /// Positions the search may play (kept or thrown away) before it gives up.
    pub nodes: u64,
}

/// A proof game found for a target: the moves from the start, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofGame {
    /// The moves from the start that end in the target.
    pub moves: Vec<Move>,
}

impl ProofGame {
    /// The moves as a line of OTN move records with their captures (`d2-e2 e4-e1xd1`),
    /// which `notation::play_line` plays back from `start`.
    pub fn line(&self, tables: &Tables, start: &Position) -> String {
        let mut pos = start.clone();
        let mut words = Vec::with_capacity(self.moves.len());
        for &mv in &self.moves {
            let (next, captured) = pos.after(tables, mv);
            let mut text = crate::notation::record(&pos, mv, &captured);
            text.captures = crate::notation::recordable_captures(&pos, &captured);
            words.push(text.to_string());
            pos = next;
        }
        words.join(" ")
    }
}

/// Searches for a proof game from `start` to `target` within `budget`; `None` when
/// none was found (which proves nothing). Whatever it returns has passed
/// [`verify_proof_game`]. The search is deterministic: the same target gets the same
/// answer.
pub fn find_proof_game(
    tables: &Tables,
    start: &Position,
    target: &Position,
    budget: ProofBudget,
) -> Option<ProofGame> {
    if start == target {
        return Some(ProofGame { moves: Vec::new() });
    }
    target.king()?;
    for side in Side::BOTH {
        if target.count(side) > start.count(side) {
            return None;
        }
    }
    // Kings, taflmen, commanders and knights; no continuation pending; no more of a
    // kind than the start has (the captures only remove pieces).
    let plain = |p: &Position| {
        p.exotic_pieces()
            .iter()
            .all(|(_, m)| matches!(m.kind(), PieceKind::Commander | PieceKind::Knight))
            && p.berserker().is_none()
            && p.king().is_some()
    };
    if !plain(start) || !plain(target) {
        return None;
    }
    let count = |p: &Position, piece: Piece| {
        p.pieces(piece.side)
            .iter()
            .filter(|&s| p.piece_at(s) == Some(piece))
            .count()
    };
    if target::KINDS
        .iter()
        .any(|&piece| count(target, piece) > count(start, piece))
    {
        return None;
    }
    if arrival_order_conflict(tables, target) {
        return None;
    }
    let map = target::TargetMap::new(tables, target, false);
    // When the guiding constraints (the king's, a throne hostile only while empty) go
    // round, the placement rarely finishes: spend less on it.
    let nodes = if map.has_cycle() {
        budget.nodes.min(CYCLE_BUDGET)
    } else {
        budget.nodes
    };
    let pieces = target.count(Side::Attackers) + target.count(Side::Defenders);
    let mut spent = 0u64;
    let mut attempt = 0u64;
    while spent < nodes {
        let mut rng = SplitMix64::new(target.hash() ^ crate::rng::mix64(attempt));
        attempt += 1;
        let mut walk = walk::Walk::new(tables, start, target, nodes - spent);
        let captured = capture::capture_surplus(&mut walk, target, &mut rng);
        // Every other attempt keeps the king still until the rest is in place.
        let king_waits = attempt % 2 == 0;
        let found =
            captured && place::place(&mut walk, &map, &mut rng, 200 + 12 * pieces, king_waits);
        spent += walk.nodes.max(1);
        if found && verify_proof_game(tables, start, target, &walk.moves).is_ok() {
            return Some(ProofGame { moves: walk.moves });
        }
    }
    None
}
