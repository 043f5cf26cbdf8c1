//! Which moves can end the game now, found without playing every move: the exact
//! filter the prover asks at every node of its search (`regress::prover`), here beside
//! the rules it mirrors (`play.rs`, `end.rs`) and tested against them on random
//! positions of every catalog variant (`tests/ending_moves.rs`).
//!
//! Under the engine's rules a move ends the game in its mover's favour only by:
//! 1. the king stepping onto an escape square;
//! 2. an attacker landing orthogonally next to the king (the king is captured only by
//!    the piece that moved; a shieldwall never takes him);
//! 3. with edge forts, the king stepping onto an edge (an edge fort needs him there),
//!    or any defender move while he stands on one (then every move is listed);
//! 4. an attacker move closing an encirclement. Take one defender D (the king if
//!    possible) and a shortest line of empty squares from his neighbours to the edge.
//!    A move that lands neither on that line nor next to D leaves the line empty and
//!    does not take D (a custodial or Linnaean capture lands next to its victim; a
//!    shieldwall takes pieces on the edge, so D is chosen off it where shieldwalls are
//!    played; the king falls only to a move next to him), so D still reaches the edge
//!    and nothing is encircled. A defender on the edge is not encircled while he
//!    stands. None of this is needed when the king stands on an edge or has empty
//!    lines to the edge in two directions (one move blocks one of them and cannot take
//!    him), or five other defenders do (one move takes at most four pieces off the
//!    edge: three custodial captures and one Linnaean) or nine have one (one square
//!    lies on at most four open lines). A relaxed shieldwall (`swf:n`) falls to a move
//!    anywhere: every move is listed;
//! 5. taking the last enemy pieces, or leaving the enemy without a legal move. Neither
//!    can happen while some enemy piece that moves in two directions cannot be taken
//!    by the move (one move blocks at most one direction of a piece): the king (taken
//!    only by a move next to him), or a piece with no empty neighbour facing an enemy
//!    piece or special square (custodial capture needs both), off the edge where
//!    shieldwalls are played, and not next to the centre where Linnaean capture is;
//!    nor while five pieces that move in two directions stand where at most four can
//!    be taken;
//! 6. a repetition under `tfr:l`, which the caller, who keeps the history, must say is
//!    possible (then every move is listed).
//!
//! Positions with commanders, knights, mercenaries or guards, and rules where pieces
//! jump or a berserker moves again, are never filtered.

use super::generate::{Move, PieceMoves};
use super::mover::Mover;
use super::position::Position;
use super::square_set::word_bit;
use super::square_set::SquareSet;
use super::tables::Tables;
use crate::board::Direction;
use crate::board::{Side, Square, MAX_DIM};
use crate::rules::{Berserk, Jump, Shieldwall};

/// Which moves [`EndingMoves::moves_in`] lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Every move.
    Every,
    /// Only the targeted moves: escapes (and the king onto an edge where edge forts are
    /// played), moves next to the king, and moves into `region` (squares where an
    /// encirclement could close).
    Targeted {
        /// Squares where an attacker move may close an encirclement.
        region: Option<SquareSet>,
    },
}

/// The filter compiled for one variant's rules.
pub struct EndingMoves<'t> {
    t: &'t Tables,
    /// Every move must be listed (jumping pieces, berserk continuations).
    exotic_rules: bool,
    edge_fort: bool,
    encirclement: bool,
    shieldwall: bool,
    shieldwall_flank: bool,
    linnaean: bool,
    dim: usize,
    /// Bits 1..=dim: the squares of a rank word.
    board: u32,
}

impl<'t> EndingMoves<'t> {
    /// The filter for the rules `tables` were made from.
    pub fn new(tables: &'t Tables) -> EndingMoves<'t> {
        let rules = tables.rules();
        let dim = tables.dim();
        EndingMoves {
            t: tables,
            exotic_rules: rules.jumps[0] != Jump::None || rules.berserk != Berserk::None,
            edge_fort: rules.edge_fort,
            encirclement: rules.encirclement,
            shieldwall: rules.shieldwall != Shieldwall::None,
            shieldwall_flank: rules.shieldwall_flank,
            linnaean: rules.linnaean,
            dim,
            board: ((1u32 << dim) - 1) << 1,
        }
    }

    fn mover_of(pos: &Position, side: Side, s: Square) -> Mover {
        if pos.king() == Some(s) {
            Mover::King
        } else {
            Mover::taflman(side)
        }
    }

    /// Which moves of the side to move in `pos` can end the game in its favour now:
    /// every move, or only the targeted ones (see the module documentation); exact, so
    /// a move outside the scope cannot. `repetition_may_end`: a repetition could end
    /// the game with this move (some position already occurred twice under `tfr:l`),
    /// which the position alone cannot tell.
    pub fn scope(&self, pos: &Position, repetition_may_end: bool) -> Scope {
        let me = pos.side_to_move();
        if self.exotic_rules || !pos.exotic_pieces().is_empty() || pos.king().is_none() {
            return Scope::Every;
        }
        if repetition_may_end {
            return Scope::Every;
        }
        if !self.foe_keeps_a_move(pos, me.opponent()) {
            return Scope::Every;
        }
        match me {
            Side::Attackers if self.encirclement && !self.defenders_stay_open(pos) => {
                if self.shieldwall && !self.shieldwall_flank {
                    // A relaxed shieldwall falls to a move anywhere.
                    Scope::Every
                } else {
                    match self.encirclement_squares(pos) {
                        Some(squares) => Scope::Targeted {
                            region: Some(squares),
                        },
                        None => Scope::Every,
                    }
                }
            }
            Side::Defenders
                if self.edge_fort
                    && pos.king().is_some_and(|k| self.on_edge(k.file(), k.rank())) =>
            {
                Scope::Every
            }
            _ => Scope::Targeted { region: None },
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
                let pm = pos.piece_moves(t, EndingMoves::mover_of(pos, foe, from), from);
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

    /// How to look for threats in `pos` (its side to move is not to move in the real
    /// position; see `Position::null_move`): the targeted
    /// moves whenever there is a king to target, without the counting that makes
    /// `scope` exact. Threats only order the search and prove replies lost by
    /// playing them, so a threat missed here costs time, never exactness; and asking
    /// for them is no longer a scan of every enemy piece, or a play of every move when
    /// the king stands on an edge.
    pub fn threat_scope(&self, pos: &Position) -> Scope {
        let me = pos.side_to_move();
        if self.exotic_rules || !pos.exotic_pieces().is_empty() || pos.king().is_none() {
            return Scope::Every;
        }
        match me {
            Side::Attackers if self.encirclement && !self.defenders_stay_open(pos) => {
                Scope::Targeted {
                    region: self.encirclement_squares(pos),
                }
            }
            _ => Scope::Targeted { region: None },
        }
    }

    /// The moves of the side to move in `pos` that `scope` (from `scope` or
    /// `threat_scope` of the same position) lets through, into `out`.
    pub fn moves_in(&self, pos: &Position, scope: Scope, out: &mut Vec<Move>) {
        let t = self.t;
        let me = pos.side_to_move();
        out.clear();
        let region = match scope {
            Scope::Every => {
                pos.for_each_piece_moves(t, |pm| out.extend(pm.iter()));
                return;
            }
            Scope::Targeted { region } => region,
        };
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
                    file_t[s.file()] |= word_bit(s.rank());
                }
                for next in Direction::ALL.iter().filter_map(|&d| k.step(t.dim(), d)) {
                    rank_t[next.rank()] |= word_bit(next.file());
                    file_t[next.file()] |= word_bit(next.rank());
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
}

/// The number of the four directions a piece can move in.
fn directions(pm: &PieceMoves) -> u32 {
    let own_rank = word_bit(pm.from.file());
    let own_file = word_bit(pm.from.rank());
    (pm.along_rank & (own_rank - 1) != 0) as u32
        + (pm.along_rank & !((own_rank << 1) - 1) != 0) as u32
        + (pm.along_file & (own_file - 1) != 0) as u32
        + (pm.along_file & !((own_file << 1) - 1) != 0) as u32
}
