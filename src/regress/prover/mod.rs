//! The deep prover: the same questions as [`Solver`](super::Solver) ("does the side to
//! move win within N plies, and with which first moves?", "which moves let the opponent
//! force a win?"), answered exactly, but by depth-first proof-number search (df-pn)
//! over a transposition table, so forced wins of 5 to 11 plies are proven in seconds
//! where the full-width solver needs hours.
//!
//! # What makes it fast, and why it stays exact
//!
//! Nothing is pruned on a guess. Every shortcut below either proves a node (by playing
//! the moves of a forced line, with the engine's own `outcome()` and repetition judging
//! each ending) or only changes the order in which nodes are examined.
//!
//! - **Immediate wins without trying every move.** "Can the side to move win with its
//!   next move?" is asked at every frontier node. Rather than play all ~100 moves, the
//!   prover plays only the moves that *could* end the game
//!   ([`EndingMoves`], whose documentation shows why every
//!   other move cannot), and falls back to all moves whenever it cannot show that the
//!   others cannot; a repetition under `tfr:l` is possible only if some position
//!   already occurred twice, which the prover, keeping the history, tells it.
//! - **Threats.** When the prover's side would win at once if it could move again, the
//!   opponent's replies that leave that winning move standing are proven lost by playing
//!   it (one move, judged by the engine), and only the replies that stop it are
//!   searched. This is the "only moves that stop the escape" restriction, with the
//!   restriction itself proven move by move.
//! - **Proof numbers.** df-pn (Nagai 2002, with the 1+ε trick of Pawlewicz and Lew
//!   2007) expands the node that is cheapest to prove or disprove; moves that create a
//!   threat start cheap, quiet moves dear. That is the "only moves that keep the forced
//!   line" restriction in its exact form: quiet moves are not discarded, they are looked
//!   at last, and a proof of a win never needs them.
//! - **Small frontier.** Nodes with one move of the prover's side left (wins within 1
//!   or 2 plies, then within 3 or 4) are solved by a direct depth-first search.
//!
//! # Repetition and the transposition table
//!
//! Endings are judged as the full-width solver judges them: the engine's `outcome()`
//! plus `moves::Repetitions` over the game history and the search path. A table entry
//! must then not carry a result from one path to another where repetition would judge
//! differently. A position reached `k` plies below `X` without a capture differs from
//! `X` on at most `2k` squares. So an earlier position `Y` of the path can be repeated
//! inside `X`'s search of `d` plies only if it differs from `X` on at most `2d` squares,
//! and if it occurred only once before, only if it can be reached twice, four plies
//! apart: on at most `2(d - 4)` squares. The key of `X` includes every such `Y` of the
//! path with its count (1, or 2 and more); two paths that give the same key judge every
//! repetition below `X` alike. The game's history is the same for every path of one
//! prover, so it enters only through those counts.
//!
//! Berserk rules (a side may move twice running) are not supported.

use crate::board::Side;
use crate::moves::{EndingMoves, Move, Position, Repetitions, Tables};
use crate::rules::{Berserk, Repetition};
use std::collections::HashMap;
use std::fmt;
use std::hash::BuildHasherDefault;

mod keys;
mod questions;
mod search;
mod table;
mod threats;

use keys::{PathEntry, ZobristHasher};
use table::Table;

/// Proof and disproof numbers of a solved node: proven (0, INF), disproven (INF, 0).
const INF: u64 = 1 << 62;
/// A cap for unsolved nodes' sums, so they never read as solved.
const CAP: u64 = INF - 1;
/// The initial proof number of a move that threatens nothing.
const QUIET_PN: u64 = 8;
/// Largest table by default: 2^20 entries of 24 bytes (24 MB), reached only by searches
/// that fill it.
const DEFAULT_TABLE_BITS: u32 = 20;

/// How the prover spent its immediate-win tests (for tests and reports).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProverStats {
    /// Tests that tried only the targeted moves.
    pub targeted: u64,
    /// Tests that had to try every move.
    pub every_move: u64,
    /// df-pn expansions (a node's children made and looked up).
    pub expansions: u64,
    /// Frontier searches (wins within 3 or 4 plies).
    pub frontier: u64,
    /// Positions made by the frontier searches.
    pub frontier_nodes: u64,
    /// Positions made for threats (null moves).
    pub threat_nodes: u64,
}

/// Why the prover gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProverError {
    /// The node limit was reached before the question was settled.
    Exhausted {
        /// Positions made before giving up.
        nodes: u64,
    },
    /// The rules have berserk continuations, which the prover does not handle.
    Berserk,
}

impl fmt::Display for ProverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProverError::Exhausted { nodes } => {
                write!(f, "the prover gave up after {nodes} positions (node limit)")
            }
            ProverError::Berserk => {
                f.write_str("the prover does not handle berserk rules (`ber`); use the solver")
            }
        }
    }
}

impl std::error::Error for ProverError {}

impl crate::error::Kind for ProverError {}

/// The deep prover over one root position and its game history. See the module
/// documentation for how it works and why it is exact.
pub struct Prover<'t> {
    t: &'t Tables,
    reps: Repetitions,
    /// How often each hash occurred: the game's history and the search path.
    counts: HashMap<u64, u8, BuildHasherDefault<ZobristHasher>>,
    /// Hashes that occurred twice or more (a repetition is possible only then).
    doubles: usize,
    path: Vec<PathEntry>,
    table: Table,
    nodes: u64,
    limit: u64,
    aborted: bool,
    stats: ProverStats,
    /// The Zobrist key of "defenders to move", for the null move of threat detection.

    /// Which moves can end the game now.
    ending: EndingMoves<'t>,
    repeater_wins: bool,
    repetition_matters: bool,
    dim: usize,
}

impl<'t> Prover<'t> {
    /// A prover for `root`; `history`: hashes of the game's positions before it, oldest
    /// first (see `Repetitions::new`). No node limit until `with_node_limit`.
    pub fn new(
        tables: &'t Tables,
        root: &Position,
        history: &[u64],
    ) -> Result<Prover<'t>, ProverError> {
        Prover::with_table_bits(tables, root, history, DEFAULT_TABLE_BITS)
    }

    /// `new` with a table of 2^bits entries (24 bytes each; default 2^20).
    pub fn with_table_bits(
        tables: &'t Tables,
        root: &Position,
        history: &[u64],
        bits: u32,
    ) -> Result<Prover<'t>, ProverError> {
        let rules = tables.rules();
        if rules.berserk != Berserk::None {
            return Err(ProverError::Berserk);
        }
        let history = match history.split_last() {
            Some((&last, before)) if last == root.hash() => before,
            _ => history,
        };
        let mut counts: HashMap<u64, u8, BuildHasherDefault<ZobristHasher>> = HashMap::default();
        for &h in history {
            *counts.entry(h).or_insert(0u8) += 1;
        }
        let mut prover = Prover {
            t: tables,
            reps: Repetitions::new(tables, root, history),
            counts,
            doubles: 0,
            path: Vec::new(),
            table: Table::new(bits.clamp(4, 30)),
            nodes: 0,
            limit: u64::MAX,
            aborted: false,
            stats: ProverStats::default(),
            ending: EndingMoves::new(tables),
            repeater_wins: rules.repetition == Repetition::RepeaterWins,
            repetition_matters: rules.repetition != Repetition::Ignored,
            dim: tables.dim(),
        };
        prover.doubles = prover.counts.values().filter(|&&c| c >= 2).count();
        prover.enter_counts(root.hash());
        prover.path.push(PathEntry::of(root));
        Ok(prover)
    }

    /// Gives up (with `ProverError::Exhausted`) once this many positions were made in
    /// one call.
    pub fn with_node_limit(mut self, nodes: u64) -> Prover<'t> {
        self.limit = nodes;
        self
    }

    /// Positions made so far, over every call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// How the immediate-win tests went so far.
    pub fn stats(&self) -> ProverStats {
        self.stats
    }

    fn enter_counts(&mut self, h: u64) {
        let c = self.counts.entry(h).or_insert(0);
        *c += 1;
        if *c == 2 {
            self.doubles += 1;
        }
    }

    fn leave_counts(&mut self, h: u64) {
        if let Some(c) = self.counts.get_mut(&h) {
            if *c == 2 {
                self.doubles -= 1;
            }
            *c -= 1;
        }
    }

    /// Enters a position reached by a move.
    fn enter(&mut self, pos: &Position) {
        self.reps.push(pos);
        self.enter_counts(pos.hash());
        self.path.push(PathEntry::of(pos));
    }

    fn leave(&mut self) {
        let e = self.path.pop().expect("a position was entered");
        self.leave_counts(e.hash);
        self.reps.pop();
    }

    fn play(&mut self, pos: &Position, mv: Move) -> Position {
        let mut child = pos.clone();
        child.play(self.t, mv);
        self.nodes += 1;
        child
    }

    /// Whether the side `p` wins in `child`, just reached from the top of the path, if
    /// the game ends there.
    fn ending(&self, child: &Position, p: Side) -> Option<bool> {
        self.reps.ending(self.t, child).map(|o| o.winner == Some(p))
    }

    /// Whether side `p` wins from `child`, just played from the top of the path with
    /// `within` plies of the horizon counted from its parent: at once if the game ends
    /// there, else by a proof of `within - 1` plies, or not at all when `within` is below
    /// `shortest`, the fewest plies in which `p` could still win.
    fn wins_after(
        &mut self,
        child: &Position,
        p: Side,
        within: u32,
        shortest: u32,
    ) -> Result<bool, ProverError> {
        match self.ending(child, p) {
            Some(won) => Ok(won),
            None if within < shortest => Ok(false),
            None => {
                self.enter(child);
                let won = self.prove(child, within - 1, p);
                self.leave();
                won
            }
        }
    }
}
