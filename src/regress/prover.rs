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
//!   prover plays only the moves that *could* end the game, and falls back to all moves
//!   whenever it cannot show that the others cannot. Under the engine's rules
//!   (`src/moves/play.rs`, `end.rs`) a move ends the game in its mover's favour only by:
//!   1. the king stepping onto an escape square;
//!   2. an attacker landing orthogonally next to the king (the king is captured only by
//!      the piece that moved, `king_is_captured`; a shieldwall never takes him,
//!      `wall_from`);
//!   3. with edge forts, the king stepping onto an edge (`edge_fort` needs him there),
//!      or any defender move while he stands on one (then every move is tried);
//!   4. an attacker move closing an encirclement. Take one defender D (the king if
//!      possible) and a shortest line of empty squares from his neighbours to the edge.
//!      A move that lands neither on that line nor next to D leaves the line empty and
//!      does not take D (a custodial or Linnaean capture lands next to its victim; a
//!      shieldwall takes pieces on the edge, so D is chosen off it where shieldwalls are
//!      played; the king falls only to a move next to him), so D still reaches the edge
//!      and nothing is encircled. A defender on the edge is not encircled while he
//!      stands. None of this is needed when the king stands on an edge or has empty
//!      lines to the edge in two directions (one move blocks one of them and cannot take
//!      him), or five other defenders do (one move takes at most four pieces off the
//!      edge: three custodial captures and one Linnaean) or nine have one (one square
//!      lies on at most four open lines). A relaxed shieldwall (`swf:n`) falls to a move
//!      anywhere: every move is tried;
//!   5. taking the last enemy pieces, or leaving the enemy without a legal move. Neither
//!      can happen while some enemy piece that moves in two directions cannot be taken
//!      by the move (one move blocks at most one direction of a piece): the king (taken
//!      only by a move next to him), or a piece with no empty neighbour facing an enemy
//!      piece or special square (custodial capture needs both), off the edge where
//!      shieldwalls are played, and not next to the centre where Linnaean capture is;
//!      nor while five pieces that move in two directions stand where at most four can
//!      be taken;
//!   6. a repetition under `tfr:l`, possible only if some position already occurred
//!      twice (then every move is tried).
//!
//!   Positions with commanders, knights, mercenaries or guards are never filtered.
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

use super::solver::{Refutation, Solution};
use crate::board::Square;
use crate::board::{Side, MAX_DIM};
use crate::moves::{Direction, Move, Mover, PieceMoves, Position, Repetitions, SquareSet, Tables};
use crate::rules::{Berserk, Jump, Repetition, Shieldwall};
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

/// How immediate wins are looked for in a position.
enum Mode {
    /// Every move is tried.
    Every,
    /// Only the targeted moves: escapes (and the king onto an edge where edge forts are
    /// played), moves next to the king, and moves into `region` (squares where an
    /// encirclement could close).
    Targeted { region: Option<SquareSet> },
}

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

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    pn: u64,
    dn: u64,
}

/// Two-way buckets: the first slot keeps solved entries, the second is always replaced.
/// The table starts small and doubles (up to 2^`max_bits` entries) as it fills, so a
/// prover that never searches deep costs little.
struct Table {
    entries: Vec<Entry>,
    max_bits: u32,
    mask: usize,
    used: usize,
}

/// The first size of a table: 2^12 entries.
const FIRST_TABLE_BITS: u32 = 12;

impl Table {
    fn new(max_bits: u32) -> Table {
        Table {
            entries: Vec::new(),
            max_bits: max_bits.max(FIRST_TABLE_BITS),
            mask: 0,
            used: 0,
        }
    }

    fn probe(&self, key: u64) -> Option<(u64, u64)> {
        if self.entries.is_empty() || key == 0 {
            return None;
        }
        let i = (key as usize) & self.mask;
        self.entries[i..i + 2]
            .iter()
            .find(|e| e.key == key)
            .map(|e| (e.pn, e.dn))
    }

    fn resize(&mut self, bits: u32) {
        let old = std::mem::replace(&mut self.entries, vec![Entry::default(); 1 << bits]);
        self.mask = (1 << bits) - 2;
        self.used = 0;
        for e in old {
            if e.key != 0 {
                self.store(e.key, e.pn, e.dn);
            }
        }
    }

    fn store(&mut self, key: u64, pn: u64, dn: u64) {
        if key == 0 {
            return;
        }
        if self.entries.is_empty() {
            self.resize(FIRST_TABLE_BITS);
        } else if self.used * 2 > self.entries.len() && self.entries.len() < 1 << self.max_bits {
            let bits = self.entries.len().trailing_zeros() + 1;
            self.resize(bits);
        }
        let i = (key as usize) & self.mask;
        let solved = pn == 0 || dn == 0;
        let slot = if self.entries[i].key == key {
            i
        } else if self.entries[i + 1].key == key {
            i + 1
        } else if solved && {
            let e = self.entries[i];
            e.key == 0 || (e.pn != 0 && e.dn != 0)
        } {
            i
        } else {
            i + 1
        };
        // A solved result is never overwritten by an unsolved one for the same key.
        let e = &mut self.entries[slot];
        if e.key == key && (e.pn == 0 || e.dn == 0) && !solved {
            return;
        }
        if e.key == 0 {
            self.used += 1;
        }
        *e = Entry { key, pn, dn };
    }
}

/// One position of the search path, kept for the repetition part of table keys: its
/// hash, its pieces (rank words per side) and how many there are.
struct PathEntry {
    hash: u64,
    ranks: [SquareSet; 2],
    pieces: usize,
}

impl PathEntry {
    fn of(pos: &Position) -> PathEntry {
        PathEntry {
            hash: pos.hash(),
            ranks: [*pos.pieces(Side::Attackers), *pos.pieces(Side::Defenders)],
            pieces: pieces(pos),
        }
    }
}

/// A child of a node in the df-pn search.
struct Child {
    pos: Position,
    key: u64,
    pn: u64,
    dn: u64,
}

/// The hasher of the prover's position counts: their keys are Zobrist hashes, already
/// uniformly spread, so hashing them again (std's SipHash took an eighth of the prover's
/// time) buys nothing.
#[derive(Default)]
struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

fn pieces(p: &Position) -> usize {
    p.count(Side::Attackers) + p.count(Side::Defenders)
}

fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

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

    /// Every move must be tried for immediate wins (exotic rules).
    exotic_rules: bool,
    repeater_wins: bool,
    repetition_matters: bool,
    edge_fort: bool,
    encirclement: bool,
    shieldwall: bool,
    shieldwall_flank: bool,
    linnaean: bool,
    dim: usize,
    /// Bits 1..=dim: the squares of a rank word.
    board: u32,
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
        let dim = tables.dim();
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
            exotic_rules: rules.jumps[0] != Jump::None,
            repeater_wins: rules.repetition == Repetition::RepeaterWins,
            repetition_matters: rules.repetition != Repetition::Ignored,
            edge_fort: rules.edge_fort,
            encirclement: rules.encirclement,
            shieldwall: rules.shieldwall != Shieldwall::None,
            shieldwall_flank: rules.shieldwall_flank,
            linnaean: rules.linnaean,
            dim,
            board: ((1u32 << dim) - 1) << 1,
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

    // ----- Immediate wins -----

    fn mover_of(pos: &Position, side: Side, s: crate::moves::Square) -> Mover {
        if pos.king() == Some(s) {
            Mover::King
        } else {
            Mover::taflman(side)
        }
    }

    /// How to find the immediate wins of `me` (to move in `pos`): by every move, or by
    /// the targeted moves only (see the module documentation).
    fn immediate_mode(&self, pos: &Position, me: Side) -> Mode {
        if self.exotic_rules || !pos.exotic_pieces().is_empty() || pos.king().is_none() {
            return Mode::Every;
        }
        if self.repeater_wins && self.doubles > 0 {
            return Mode::Every;
        }
        if !self.foe_keeps_a_move(pos, me.opponent()) {
            return Mode::Every;
        }
        match me {
            Side::Attackers if self.encirclement && !self.defenders_stay_open(pos) => {
                if self.shieldwall && !self.shieldwall_flank {
                    // A relaxed shieldwall falls to a move anywhere.
                    Mode::Every
                } else {
                    match self.encirclement_squares(pos) {
                        Some(squares) => Mode::Targeted {
                            region: Some(squares),
                        },
                        None => Mode::Every,
                    }
                }
            }
            Side::Defenders
                if self.edge_fort
                    && pos.king().is_some_and(|k| self.on_edge(k.file(), k.rank())) =>
            {
                Mode::Every
            }
            _ => Mode::Targeted { region: None },
        }
    }

    /// True if, after any move of the other side that does not land next to the king,
    /// `foe` still has a piece and a legal move: some piece of `foe` that moves in two
    /// directions cannot be taken by that move (a move blocks at most one direction of a
    /// piece), or five such pieces cannot all be taken.
    fn foe_keeps_a_move(&self, pos: &Position, foe: Side) -> bool {
        let t = self.t;
        let mut mobile = 0;
        for from in pos.pieces(foe).iter() {
            let (f, r) = (from.file(), from.rank());
            {
                let pm = pos.piece_moves(t, Prover::mover_of(pos, foe, from), from);
                if directions(&pm) < 2 {
                    continue;
                }
                if !self.takeable(pos, foe, f, r) {
                    return true;
                }
                // At most four pieces off the edge are taken by one move, any number on
                // it where shieldwalls are played.
                if !(self.shieldwall && self.on_edge(f, r)) {
                    mobile += 1;
                    if mobile >= 5 {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// True unless the piece of `foe` on (f, r) provably cannot be taken by one move that
    /// does not land next to the king: the king never is; a piece on the edge can be by
    /// a shieldwall, one next to the centre by a Linnaean capture, and any other only by
    /// custodial capture, which needs an empty neighbour facing one that is an enemy
    /// piece or a special square.
    fn takeable(&self, pos: &Position, foe: Side, f: usize, r: usize) -> bool {
        let t = self.t;
        if pos.king() == Some(Square::new(f, r)) {
            return false;
        }
        if self.shieldwall && self.on_edge(f, r) {
            return true;
        }
        let (cf, cr) = (self.dim / 2, self.dim / 2);
        if self.linnaean && f.abs_diff(cf) + r.abs_diff(cr) == 1 {
            return true;
        }
        let occupied = pos.occupied();
        let enemies = pos.pieces(foe.opponent());
        let empty = |f: usize, r: usize| !occupied.contains(Square::new(f, r));
        let hostile = |f: usize, r: usize| {
            enemies.contains(Square::new(f, r)) || t.square_kinds(Square::new(f, r)) != 0
        };
        let (fi, ri) = (f as isize, r as isize);
        for (a, b) in [((fi - 1, ri), (fi + 1, ri)), ((fi, ri - 1), (fi, ri + 1))] {
            if !t.on_board(a.0, a.1) || !t.on_board(b.0, b.1) {
                continue;
            }
            let (a, b) = ((a.0 as usize, a.1 as usize), (b.0 as usize, b.1 as usize));
            if (empty(a.0, a.1) && hostile(b.0, b.1)) || (empty(b.0, b.1) && hostile(a.0, a.1)) {
                return true;
            }
        }
        false
    }

    /// Squares where an attacker move may close an encirclement, as rank words (see the
    /// module documentation): a shortest line of empty squares from one defender to the
    /// edge (the king's if he has one), and the empty squares next to that defender
    /// unless he is the king. `None` if no defender can be shown to stay connected.
    fn encirclement_squares(&self, pos: &Position) -> Option<SquareSet> {
        let dim = self.dim;
        let board = SquareSet::board(dim);
        let empty = board & !pos.occupied();
        let interior = Direction::ALL
            .iter()
            .fold(board, |set, &d| set & board.shifted(d));
        let edge = board & !interior;
        let grow = |set: SquareSet| set.dilated() & board;
        // The sources tried: the king first, then defenders off the edge (a defender on
        // the edge could be taken by a shieldwall far from the move).
        let mut sources = Vec::new();
        if let Some(k) = pos.king() {
            sources.push(k);
        }
        for s in pos.pieces(Side::Defenders).iter() {
            if Some(s) != pos.king() && !(self.shieldwall && self.on_edge(s.file(), s.rank())) {
                sources.push(s);
            }
        }
        for src in sources.into_iter().take(4) {
            let mut out = SquareSet::EMPTY;
            let around = grow(SquareSet::single(src));
            if Some(src) != pos.king() {
                out |= around & empty;
            }
            if edge.contains(src) {
                // Not encircled while he stands there; only taking him (a move next to
                // him) changes that.
                return Some(out);
            }
            // Breadth-first layers of empty squares from his neighbours to the edge.
            let mut layers: Vec<SquareSet> = Vec::new();
            let mut layer = around & empty;
            let mut seen = layer;
            let mut reached = None;
            while !layer.is_empty() {
                layers.push(layer);
                if let Some(s) = (layer & edge).iter().next() {
                    reached = Some(s);
                    break;
                }
                layer = grow(layer) & empty & !seen;
                seen |= layer;
            }
            let Some(mut square) = reached else {
                continue;
            };
            // Back from the edge square to the first layer, one square per layer.
            out.insert(square);
            for l in layers[..layers.len() - 1].iter().rev() {
                square = (grow(SquareSet::single(square)) & *l)
                    .iter()
                    .next()
                    .expect("a breadth-first layer touches the next");
                out.insert(square);
            }
            return Some(out);
        }
        None
    }

    fn on_edge(&self, f: usize, r: usize) -> bool {
        f == 0 || r == 0 || f + 1 == self.dim || r + 1 == self.dim
    }

    /// True if, whatever one attacker move not landing next to the king does, some
    /// defender keeps an empty line to the edge or stands on it (so the defenders are not
    /// encircled). The king is taken only by a move next to him; any other defender may
    /// be taken (four at most off the edge, or on the edge without shieldwalls), and one
    /// square blocks at most one line of each defender and four lines in all.
    fn defenders_stay_open(&self, pos: &Position) -> bool {
        let board = self.board;
        let open_lines = |f: usize, r: usize| {
            let occ_rank = pos.rank_word(Side::Attackers, r) | pos.rank_word(Side::Defenders, r);
            let occ_file = pos.file_word(Side::Attackers, f) | pos.file_word(Side::Defenders, f);
            let below = |x: usize| board & ((1u32 << x) - 1);
            let above = |x: usize| board & !((2u32 << x) - 1);
            [
                occ_rank & below(f + 1) == 0,
                occ_rank & above(f + 1) == 0,
                occ_file & below(r + 1) == 0,
                occ_file & above(r + 1) == 0,
            ]
            .iter()
            .filter(|&&o| o)
            .count()
        };
        if let Some(k) = pos.king() {
            let (kf, kr) = (k.file(), k.rank());
            if self.on_edge(kf, kr) || open_lines(kf, kr) >= 2 {
                return true;
            }
        }
        let (mut two, mut one) = (0, 0);
        for s in pos.pieces(Side::Defenders).iter() {
            let (f, r) = (s.file(), s.rank());
            {
                if self.on_edge(f, r) {
                    // Not encircled while he stands there; taken only without shieldwalls
                    // (counted as one capture).
                    if !self.shieldwall {
                        one += 1;
                    }
                    continue;
                }
                match open_lines(f, r) {
                    0 => {}
                    1 => one += 1,
                    _ => two += 1,
                }
                if two >= 5 || two + one >= 9 {
                    return true;
                }
            }
        }
        false
    }

    /// The moves worth trying for an immediate win of `me` (to move in `pos`): every
    /// move, or only the targeted ones (see the module documentation).
    fn candidates(&mut self, pos: &Position, me: Side, out: &mut Vec<Move>) {
        let mode = self.immediate_mode(pos, me);
        self.candidates_in(pos, me, mode, out);
    }

    /// How to look for threats of `me` (not to move in the real position): the targeted
    /// moves whenever there is a king to target, without the counting that makes
    /// `immediate_mode` exact. Threats only order the search and prove replies lost by
    /// playing them, so a threat missed here costs time, never exactness; and asking
    /// for them is no longer a scan of every enemy piece, or a play of every move when
    /// the king stands on an edge.
    fn threat_mode(&self, pos: &Position, me: Side) -> Mode {
        if self.exotic_rules || !pos.exotic_pieces().is_empty() || pos.king().is_none() {
            return Mode::Every;
        }
        match me {
            Side::Attackers if self.encirclement && !self.defenders_stay_open(pos) => {
                Mode::Targeted {
                    region: self.encirclement_squares(pos),
                }
            }
            _ => Mode::Targeted { region: None },
        }
    }

    /// The candidate moves of `mode` (see `candidates`).
    fn candidates_in(&mut self, pos: &Position, me: Side, mode: Mode, out: &mut Vec<Move>) {
        let t = self.t;
        out.clear();
        let region = match mode {
            Mode::Every => {
                self.stats.every_move += 1;
                pos.for_each_piece_moves(t, |pm| out.extend(pm.iter()));
                return;
            }
            Mode::Targeted { region } => region,
        };
        self.stats.targeted += 1;
        let k = pos.king().expect("targeted only with a king");
        let (kf, kr) = (k.file(), k.rank());
        match me {
            Side::Defenders => {
                let pm = pos.piece_moves(t, Mover::King, k);
                let escape = t.escape_squares();
                let mut rank_mask = escape[kr];
                let mut file_mask = t.escape_file_word(kf);
                if self.edge_fort {
                    // The king is off the edge here (on it, every move is tried): an edge
                    // fort can only follow his step onto it.
                    rank_mask |= 0b10 | (1 << self.dim);
                    file_mask |= 0b10 | (1 << self.dim);
                }
                let targeted = PieceMoves {
                    from: k,
                    mover: Mover::King,
                    along_rank: pm.along_rank & rank_mask,
                    along_file: pm.along_file & file_mask,
                };
                out.extend(targeted.iter());
            }
            Side::Attackers => {
                // Squares orthogonally next to the king, and the defenders' region when
                // an encirclement may close, as rank words and file words.
                let mut rank_t = region.unwrap_or(SquareSet::EMPTY);
                let mut file_t = [0u32; MAX_DIM];
                for s in rank_t.iter() {
                    file_t[s.file()] |= 1 << (s.rank() + 1);
                }
                for (df, dr) in [(1isize, 0isize), (-1, 0), (0, 1), (0, -1)] {
                    let (nf, nr) = (kf as isize + df, kr as isize + dr);
                    if t.on_board(nf, nr) {
                        let (nf, nr) = (nf as usize, nr as usize);
                        rank_t[nr] |= 1 << (nf + 1);
                        file_t[nf] |= 1 << (nr + 1);
                    }
                }
                pos.for_each_piece_moves(t, |pm| {
                    let (f, r) = (pm.from.file(), pm.from.rank());
                    let targeted = PieceMoves {
                        along_rank: pm.along_rank & rank_t[r],
                        along_file: pm.along_file & file_t[f],
                        ..pm
                    };
                    out.extend(targeted.iter());
                });
            }
        }
    }

    /// The moves of the side to move in `pos` (the top of the path) that win at once,
    /// judged exactly (engine endings and repetition); only the first if `first_only`.
    fn immediate_wins(&mut self, pos: &Position, first_only: bool) -> Vec<Move> {
        let me = pos.side_to_move();
        let mut cands = Vec::new();
        self.candidates(pos, me, &mut cands);
        let mut wins = Vec::new();
        for mv in cands {
            if self.escapes(pos, me, mv) || {
                let child = self.play(pos, mv);
                self.ending(&child, me) == Some(true)
            } {
                wins.push(mv);
                if first_only {
                    break;
                }
            }
        }
        wins
    }

    /// True if `mv`, a legal move of `me` in `pos`, takes the king onto an escape square:
    /// a win without playing it. The engine ends the game there in the defenders' favour
    /// (by the escape, or by taking the last attackers on the way), and no repetition
    /// comes first: no earlier position of a game had the king on an escape square.
    fn escapes(&self, pos: &Position, me: Side, mv: Move) -> bool {
        me == Side::Defenders
            && pos.king() == Some(mv.from)
            && self.t.escape_squares()[mv.to.rank()] & (1 << (mv.to.file() + 1)) != 0
    }

    /// The moves by which the side *not* to move in `pos` would win at once if it could
    /// move now: its threats. A heuristic (repetition is not judged here); every use of
    /// a threat is checked by playing it.
    fn threats(&mut self, pos: &Position) -> Vec<Move> {
        let t = self.t;
        let mut null = pos.clone();
        null.null_move(t);
        let me = null.side_to_move();
        let mut cands = Vec::new();
        let mode = self.threat_mode(&null, me);
        self.candidates_in(&null, me, mode, &mut cands);
        let mut out = Vec::new();
        for mv in cands {
            if self.escapes(&null, me, mv) {
                out.push(mv);
                continue;
            }
            let mut child = null.clone();
            child.play(t, mv);
            self.nodes += 1;
            self.stats.threat_nodes += 1;
            if child.outcome(t).is_some_and(|o| o.winner == Some(me)) {
                out.push(mv);
            }
        }
        out
    }

    /// True if one of `threats` is legal in `pos` (the prover's side `p` to move, on top
    /// of the path) and wins at once there.
    fn threat_stands(&mut self, pos: &Position, threats: &[Move], p: Side) -> bool {
        for &mv in threats {
            let Some(piece) = pos.piece_at(mv.from) else {
                continue;
            };
            if piece.side != p {
                continue;
            }
            let pm = pos.piece_moves(self.t, Mover::of(piece), mv.from);
            if !pm.iter().any(|m| m == mv) {
                continue;
            }
            if self.escapes(pos, p, mv) {
                return true;
            }
            let child = self.play(pos, mv);
            if self.ending(&child, p) == Some(true) {
                return true;
            }
        }
        false
    }

    // ----- The small frontier: exact depth-first search -----

    /// The side to move in `pos` (on top of the path, not over) wins within `d` plies,
    /// for `d` up to 4.
    fn or_small(&mut self, pos: &Position, d: u32) -> bool {
        if !self.immediate_wins(pos, true).is_empty() {
            return true;
        }
        if d < 3 {
            return false;
        }
        let p = pos.side_to_move();
        for mv in pos.legal_moves(self.t) {
            let child = self.play(pos, mv);
            if self.ending(&child, p).is_some() {
                // An immediate win was ruled out above.
                continue;
            }
            self.enter(&child);
            let won = self.and_small(&child, d - 1, p);
            self.leave();
            if won {
                return true;
            }
        }
        false
    }

    /// Every reply of the side to move in `pos` (on top of the path, not over) lets `p`
    /// win at once (`e` is 2 or 3: one reply, then one move of `p`).
    fn and_small(&mut self, pos: &Position, e: u32, p: Side) -> bool {
        if e < 2 {
            return false;
        }
        let threats = self.threats(pos);
        let replies = self.ordered_replies(pos, &threats);
        for r in replies {
            let gc = self.play(pos, r);
            match self.ending(&gc, p) {
                Some(true) => continue,
                Some(false) => return false,
                None => {}
            }
            self.enter(&gc);
            let won = (!threats.is_empty() && self.threat_stands(&gc, &threats, p))
                || !self.immediate_wins(&gc, true).is_empty();
            self.leave();
            if !won {
                return false;
            }
        }
        true
    }

    /// The replies of the side to move, those that could stop a threat first (landing
    /// on a threatened line or next to the king, or capturing), for early refutations.
    fn ordered_replies(&self, pos: &Position, threats: &[Move]) -> Vec<Move> {
        let moves = pos.legal_moves(self.t);
        if threats.is_empty() {
            return moves;
        }
        let mut hot = SquareSet::EMPTY;
        for m in threats {
            let (f0, r0, f1, r1) = (m.from.file(), m.from.rank(), m.to.file(), m.to.rank());
            for f in f0.min(f1)..=f0.max(f1) {
                for r in r0.min(r1)..=r0.max(r1) {
                    hot.insert(Square::new(f, r));
                }
            }
        }
        if let Some(k) = pos.king() {
            hot |= SquareSet::single(k).dilated() & SquareSet::board(self.dim);
        }
        let is_hot = |m: &Move| hot.contains(m.to) || hot.contains(m.from);
        let (mut first, rest): (Vec<Move>, Vec<Move>) = moves.into_iter().partition(is_hot);
        first.extend(rest);
        first
    }

    // ----- df-pn -----

    /// The table key of `pos` searched `d` plies deep for side `p`: the hash, the
    /// repetition context (module documentation), the depth and the side.
    fn key(&self, pos: &Position, d: u32, p: Side) -> u64 {
        let mut key = pos.hash() ^ mix(0x5eed_0000 + d as u64);
        if p == Side::Defenders {
            key ^= 0x6a09_e667_f3bc_c908;
        }
        if !self.repetition_matters {
            return key;
        }
        let n = pieces(pos);
        let exotic = !pos.exotic_pieces().is_empty();
        for (i, e) in self.path.iter().enumerate().rev() {
            if e.pieces != n {
                break;
            }
            let h = e.hash;
            if self.path[i + 1..].iter().any(|o| o.hash == h) {
                continue;
            }
            let count = self.counts.get(&h).copied().unwrap_or(1).min(2);
            let reach = if count >= 2 {
                2 * d
            } else if d >= 4 {
                2 * (d - 4)
            } else {
                continue;
            };
            // `pos` is at most `plies` moves below the entry, none a capture (the piece
            // count is the same), so it differs on at most two squares per move.
            let plies = (self.path.len() - i) as u32;
            if exotic || 2 * plies <= reach || self.differing_squares(pos, &e.ranks, reach) <= reach
            {
                key ^= mix(h ^ count as u64);
            }
        }
        key
    }

    /// Squares whose occupant differs between `a` and the pieces `b` (rank words per
    /// side; counting stops past `limit`).
    fn differing_squares(&self, a: &Position, b: &[SquareSet; 2], limit: u32) -> u32 {
        let mut n = 0;
        let (a0, a1) = (a.pieces(Side::Attackers), a.pieces(Side::Defenders));
        for r in 0..self.dim {
            n += ((a0[r] ^ b[0][r]) | (a1[r] ^ b[1][r])).count_ones();
            if n > limit {
                return n;
            }
        }
        n
    }

    /// Whether side `p` wins within `d` plies from `pos` (on top of the path, not over).
    fn prove(&mut self, pos: &Position, d: u32, p: Side) -> Result<bool, ProverError> {
        let key = self.key(pos, d, p);
        loop {
            if let Some((pn, dn)) = self.table.probe(key) {
                if pn == 0 {
                    return Ok(true);
                }
                if dn == 0 {
                    return Ok(false);
                }
            }
            if self.aborted {
                return Err(ProverError::Exhausted { nodes: self.nodes });
            }
            let (pn, dn) = self.mid(pos, d, p, key, INF, INF);
            if pn == 0 {
                return Ok(true);
            }
            if dn == 0 {
                return Ok(false);
            }
            if self.aborted {
                return Err(ProverError::Exhausted { nodes: self.nodes });
            }
        }
    }

    /// One df-pn visit of `pos` (on top of the path, not over) with side `p` to win
    /// within `d` plies, until its numbers reach the thresholds.
    fn mid(
        &mut self,
        pos: &Position,
        d: u32,
        p: Side,
        key: u64,
        th_pn: u64,
        th_dn: u64,
    ) -> (u64, u64) {
        let or = pos.side_to_move() == p;
        if (or && d <= 4) || (!or && d <= 3) {
            self.stats.frontier += 1;
            let before = self.nodes;
            let won = if or {
                self.or_small(pos, d)
            } else {
                self.and_small(pos, d, p)
            };
            self.stats.frontier_nodes += self.nodes - before;
            let v = if won { (0, INF) } else { (INF, 0) };
            self.table.store(key, v.0, v.1);
            return v;
        }
        self.stats.expansions += 1;
        let mut children = match self.expand(pos, d, p, or) {
            Ok(children) => children,
            Err(v) => {
                self.table.store(key, v.0, v.1);
                return v;
            }
        };
        loop {
            let (pn, dn) = combine(or, &children);
            if pn >= th_pn || dn >= th_dn || pn == 0 || dn == 0 {
                self.table.store(key, pn, dn);
                return (pn, dn);
            }
            if self.nodes >= self.limit {
                self.aborted = true;
            }
            if self.aborted {
                return (pn, dn);
            }
            let (best, second) = select(or, &children);
            let c = &children[best];
            let (cth_pn, cth_dn) = if or {
                (
                    th_pn.min(second.saturating_add(1 + second / 4)),
                    th_dn.saturating_sub(dn).saturating_add(c.dn).min(INF),
                )
            } else {
                (
                    th_pn.saturating_sub(pn).saturating_add(c.pn).min(INF),
                    th_dn.min(second.saturating_add(1 + second / 4)),
                )
            };
            self.enter(&c.pos);
            let v = self.mid(&c.pos, d - 1, p, c.key, cth_pn, cth_dn);
            self.leave();
            children[best].pn = v.0;
            children[best].dn = v.1;
        }
    }

    /// The children of a df-pn node with their first numbers, or the node's value when
    /// a child decides it at once.
    fn expand(
        &mut self,
        pos: &Position,
        d: u32,
        p: Side,
        or: bool,
    ) -> Result<Vec<Child>, (u64, u64)> {
        let threats = if or { Vec::new() } else { self.threats(pos) };
        let moves = if or {
            pos.legal_moves(self.t)
        } else {
            self.ordered_replies(pos, &threats)
        };
        let mut children = Vec::with_capacity(moves.len());
        for mv in moves {
            let child = self.play(pos, mv);
            if let Some(won) = self.ending(&child, p) {
                match (or, won) {
                    (true, true) => return Err((0, INF)),
                    (false, false) => return Err((INF, 0)),
                    _ => continue,
                }
            }
            let key = self.key(&child, d - 1, p);
            let (pn, dn) = match self.table.probe(key) {
                Some(v) => v,
                None if or => {
                    if self.threats(&child).is_empty() {
                        (QUIET_PN, 1)
                    } else {
                        (1, 1)
                    }
                }
                None => {
                    self.enter(&child);
                    let stands = !threats.is_empty() && self.threat_stands(&child, &threats, p);
                    self.leave();
                    if stands {
                        self.table.store(key, 0, INF);
                        (0, INF)
                    } else {
                        (1, 1)
                    }
                }
            };
            match (or, pn == 0, dn == 0) {
                (true, true, _) => return Err((0, INF)),
                (false, _, true) => return Err((INF, 0)),
                (true, _, true) | (false, true, _) => continue,
                _ => {}
            }
            children.push(Child {
                pos: child,
                key,
                pn,
                dn,
            });
        }
        if children.is_empty() {
            // Every child was decided the other way: an OR node with no winning child is
            // disproven, an AND node whose children are all won is proven.
            return Err(if or { (INF, 0) } else { (0, INF) });
        }
        Ok(children)
    }

    // ----- The questions -----

    fn check_root(&self, root: &Position) {
        debug_assert!(
            self.path.len() == 1 && self.path[0].hash == root.hash(),
            "the prover answers for the root it was made with"
        );
    }

    fn settle<T>(
        &mut self,
        start: u64,
        f: impl FnOnce(&mut Self) -> Result<T, ProverError>,
    ) -> Result<T, ProverError> {
        self.aborted = false;
        let saved = self.limit;
        self.limit = start.saturating_add(saved);
        let r = f(self);
        self.limit = saved;
        r
    }

    /// The moves of the side to move in `root` (the position given to `new`) that win at
    /// once, in generation order of the moves tried (the targeted ones when the rules
    /// allow, every move otherwise; see the module documentation).
    pub fn immediate_wins_at_root(&mut self, root: &Position) -> Vec<Move> {
        self.check_root(root);
        if self.reps.ending(self.t, root).is_some() {
            return Vec::new();
        }
        self.immediate_wins(root, false)
    }

    /// Whether the side to move in `root` (the position given to `new`) wins within
    /// `within` plies.
    pub fn wins_within(&mut self, root: &Position, within: u32) -> Result<bool, ProverError> {
        self.check_root(root);
        let start = self.nodes;
        self.settle(start, |s| {
            if s.reps.ending(s.t, root).is_some() {
                return Ok(false);
            }
            s.prove(root, within, root.side_to_move())
        })
    }

    /// A first move by which the side to move in `root` forces a win within `within`
    /// plies, or `None` if it has no such win: `wins_within`'s question, with a move to
    /// show for the answer. The move is read off the proof (a move that ends the game,
    /// or a child the table holds as proven); where the table no longer holds one, the
    /// moves are asked in turn (`move_wins`), those the proof found cheapest first.
    pub fn winning_move(
        &mut self,
        root: &Position,
        within: u32,
    ) -> Result<Option<Move>, ProverError> {
        self.check_root(root);
        let start = self.nodes;
        let side = root.side_to_move();
        self.settle(start, |s| {
            if within == 0 || s.reps.ending(s.t, root).is_some() || !s.prove(root, within, side)? {
                return Ok(None);
            }
            let mut open = Vec::new();
            for mv in root.legal_moves(s.t) {
                let child = s.play(root, mv);
                match s.ending(&child, side) {
                    Some(true) => return Ok(Some(mv)),
                    Some(false) => continue,
                    None => {}
                }
                match s.table.probe(s.key(&child, within - 1, side)) {
                    Some((0, _)) => return Ok(Some(mv)),
                    Some((_, 0)) => {}
                    Some((pn, _)) => open.push((pn, mv, child)),
                    None => open.push((CAP, mv, child)),
                }
            }
            open.sort_by_key(|&(pn, _, _)| pn);
            for (_, mv, child) in open {
                if s.wins_after(&child, side, within, 3)? {
                    return Ok(Some(mv));
                }
            }
            // Not reached: some move wins, and each is judged exactly.
            Ok(None)
        })
    }

    /// Whether the move `mv` of the side to move in `root` forces a win within `within`
    /// plies (the move itself counted).
    pub fn move_wins(
        &mut self,
        root: &Position,
        mv: Move,
        within: u32,
    ) -> Result<bool, ProverError> {
        self.check_root(root);
        let start = self.nodes;
        let side = root.side_to_move();
        self.settle(start, |s| {
            if s.reps.ending(s.t, root).is_some() {
                return Ok(false);
            }
            let child = s.play(root, mv);
            s.wins_after(&child, side, within, 3)
        })
    }

    /// The shortest win of the side to move in `root` within `within` plies, if any.
    /// Shorter horizons are asked first (1, 3, 5, ... then `within`), each with the node
    /// limit, so a short win is found even where the full horizon would exhaust it.
    pub fn shortest_win(
        &mut self,
        root: &Position,
        within: u32,
    ) -> Result<Option<u32>, ProverError> {
        let mut n = 1;
        while n < within {
            if self.wins_within(root, n)? {
                return Ok(Some(n));
            }
            n += 2;
        }
        Ok(self.wins_within(root, within)?.then_some(within))
    }

    /// As `Solver::solve`: whether the side to move in `root` wins within `within`
    /// plies, the shortest such win, and every first move that forces one.
    pub fn solve(&mut self, root: &Position, within: u32) -> Result<Solution, ProverError> {
        self.check_root(root);
        let start = self.nodes;
        let side = root.side_to_move();
        self.settle(start, |s| {
            let mut win_in = None;
            let mut winning_moves = Vec::new();
            if s.reps.ending(s.t, root).is_none() && s.prove(root, within, side)? {
                let mut n = 1;
                while n < within {
                    if s.prove(root, n, side)? {
                        break;
                    }
                    n += 2;
                }
                win_in = Some(n.min(within));
                for mv in root.legal_moves(s.t) {
                    let child = s.play(root, mv);
                    let won = s.wins_after(&child, side, within, 3)?;
                    if won {
                        winning_moves.push(mv);
                    }
                }
            }
            Ok(Solution {
                side,
                within,
                win_in,
                winning_moves,
                nodes: s.nodes - start,
            })
        })
    }

    /// As `Solver::refute`: which moves of the side to move in `root` let the opponent
    /// force a win within `within` plies (the move itself counted).
    pub fn refute(&mut self, root: &Position, within: u32) -> Result<Refutation, ProverError> {
        self.check_root(root);
        let start = self.nodes;
        let side = root.side_to_move();
        let foe = side.opponent();
        self.settle(start, |s| {
            let (mut losing_moves, mut safe_moves) = (Vec::new(), Vec::new());
            if s.reps.ending(s.t, root).is_none() {
                for mv in root.legal_moves(s.t) {
                    let child = s.play(root, mv);
                    let loses = s.wins_after(&child, foe, within, 2)?;
                    if loses {
                        losing_moves.push(mv);
                    } else {
                        safe_moves.push(mv);
                    }
                }
            }
            Ok(Refutation {
                side,
                within,
                losing_moves,
                safe_moves,
                nodes: s.nodes - start,
            })
        })
    }
}

/// The number of the four directions a piece can move in.
fn directions(pm: &PieceMoves) -> u32 {
    let own_rank = 1u32 << (pm.from.file() + 1);
    let own_file = 1u32 << (pm.from.rank() + 1);
    (pm.along_rank & (own_rank - 1) != 0) as u32
        + (pm.along_rank & !((own_rank << 1) - 1) != 0) as u32
        + (pm.along_file & (own_file - 1) != 0) as u32
        + (pm.along_file & !((own_file << 1) - 1) != 0) as u32
}

/// A node's numbers from its children's: OR takes the least proof number and the sum
/// of disproof numbers, AND the reverse.
fn combine(or: bool, children: &[Child]) -> (u64, u64) {
    let (mut least, mut sum) = (INF, 0u64);
    for c in children {
        let (a, b) = if or { (c.pn, c.dn) } else { (c.dn, c.pn) };
        least = least.min(a);
        sum = sum.saturating_add(b);
    }
    let sum = if sum >= INF {
        if children
            .iter()
            .any(|c| if or { c.dn >= INF } else { c.pn >= INF })
        {
            INF
        } else {
            CAP
        }
    } else {
        sum
    };
    if or {
        (least, sum)
    } else {
        (sum, least)
    }
}

/// The child to visit (least proof number for OR, least disproof number for AND, the
/// first on ties) and the second least number.
fn select(or: bool, children: &[Child]) -> (usize, u64) {
    let (mut best, mut first, mut second) = (0, INF + 1, INF + 1);
    for (i, c) in children.iter().enumerate() {
        let v = if or { c.pn } else { c.dn };
        if v < first {
            second = first;
            first = v;
            best = i;
        } else if v < second {
            second = v;
        }
    }
    (best, second.min(INF))
}
