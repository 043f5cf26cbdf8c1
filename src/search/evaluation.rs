//! The static evaluation of a tafl position, from the side to move's point of view:
//! material, the king's distance and free lines to the escape squares (and to the
//! corners from the edges he reaches), the attackers' corner walls, attackers guarding
//! the escape squares, attackers pressing on the king, and pieces in danger (an enemy on
//! one side, an empty square on the other). Everything is a handful of bit operations:
//! on the whole-board bitboards the position keeps on boards of up to 11x11, rank by
//! rank on larger ones; the weights are plain data so they can be tuned.

use crate::board::{Bitboard, Direction, Geometry, Layout, Piece, PieceKind, Side, MAX_DIM};
use crate::moves::{word_bit, Lines, Mover, Position, Square, SquareSet, Tables};
use crate::rules::{catalog, Rules};

/// The evaluation's weights, in units of one attacker = 100. [`Weights::for_rules`] is
/// the AI's evaluation of a variant (`Weights::default()`, with what a variant's own
/// SPRTs kept); a JSON object of some of the fields (the others keep `Weights::default()`),
/// e.g. `{"defender": 200}`, gives another, so that a match can play two evaluations
/// against each other in one build (`taflmatch --engine search:depth=4,eval=FILE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Weights {
    /// Per attacker on the board.
    pub attacker: i32,
    /// Per defender on the board, the king not counted.
    pub defender: i32,
    /// Per square of Manhattan distance from the king to the nearest escape square.
    pub king_escape_distance: i32,
    /// Per square the king can move to.
    pub king_mobility: i32,
    /// Per edge square the king can move to (a step from a corner escape).
    pub king_edge_reach: i32,
    /// Per escape square the king can move to (with the attackers to move: one route
    /// can be blocked, two rarely can).
    pub king_escape_route: i32,
    /// Per attacker on a square orthogonally next to the king.
    pub attacker_next_to_king: i32,
    /// Per attacker on a square next to an escape square.
    pub attacker_guarding_escape: i32,
    /// Per piece with an enemy on one side and an empty square on the other.
    pub piece_in_danger: i32,
    /// Per corner escape, for the attackers on the three squares two steps from it
    /// (its diagonal: the wall that shuts the king out of the corner): 1 for one
    /// attacker, 3 for two, 6 for all three, since the wall holds only when whole.
    pub corner_barrier: i32,
    /// Per attacker on the three squares just inside a corner escape's wall (one and two
    /// steps in from both edges, the wall's inner side): the second line that holds
    /// the wall when one of its squares is lost.
    pub corner_approach: i32,
    /// Per open line from an edge square the king reaches in one move across the board
    /// to a corner escape at an end of that edge: an escape in two moves. One such
    /// threat costs the attackers a move to block; two at the two ends of an open line
    /// let the king shuttle between them while one attacker blocks by turns.
    pub king_corner_threat: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            attacker: 100,
            defender: 180,
            king_escape_distance: 12,
            king_mobility: 4,
            king_edge_reach: 60,
            king_escape_route: 400,
            attacker_next_to_king: 30,
            attacker_guarding_escape: 20,
            piece_in_danger: 25,
            corner_barrier: CORNER_BARRIER,
            corner_approach: 0,
            king_corner_threat: 0,
        }
    }
}

/// The weights' field names, in the order of [`Weights::values`].
pub const WEIGHT_NAMES: [&str; WEIGHT_COUNT] = [
    "attacker",
    "defender",
    "king_escape_distance",
    "king_mobility",
    "king_edge_reach",
    "king_escape_route",
    "attacker_next_to_king",
    "attacker_guarding_escape",
    "piece_in_danger",
    "corner_barrier",
    "corner_approach",
    "king_corner_threat",
];

/// How many weights there are.
pub const WEIGHT_COUNT: usize = 12;

impl Weights {
    /// The AI's weights for a variant: the defaults, with what the SPRTs kept on that
    /// variant alone. Copenhagen (the catalog's rules, whatever their `name`) gets its
    /// corner walls, the squares inside them and the king's corner threats; every other
    /// variant, the defaults
    /// (brandub lost with the walls, row 15; the others are not measured).
    pub fn for_rules(rules: &Rules) -> Weights {
        let unnamed = |r: &Rules| Rules {
            name: String::new(),
            ..r.clone()
        };
        let copenhagen = catalog::find("copenhagen").map(|v| unnamed(&v.rules()));
        if copenhagen == Some(unnamed(rules)) {
            Weights {
                corner_barrier: COPENHAGEN_CORNER_BARRIER,
                corner_approach: COPENHAGEN_CORNER_APPROACH,
                king_corner_threat: COPENHAGEN_KING_CORNER_THREAT,
                ..Weights::default()
            }
        } else {
            Weights::default()
        }
    }

    /// The weights in the order of [`WEIGHT_NAMES`], for code that works on all of them
    /// alike (the tuner).
    pub fn values(&self) -> [i32; WEIGHT_COUNT] {
        [
            self.attacker,
            self.defender,
            self.king_escape_distance,
            self.king_mobility,
            self.king_edge_reach,
            self.king_escape_route,
            self.attacker_next_to_king,
            self.attacker_guarding_escape,
            self.piece_in_danger,
            self.corner_barrier,
            self.corner_approach,
            self.king_corner_threat,
        ]
    }

    /// The weights from values in the order of [`WEIGHT_NAMES`].
    pub fn from_values(v: [i32; WEIGHT_COUNT]) -> Weights {
        Weights {
            attacker: v[0],
            defender: v[1],
            king_escape_distance: v[2],
            king_mobility: v[3],
            king_edge_reach: v[4],
            king_escape_route: v[5],
            attacker_next_to_king: v[6],
            attacker_guarding_escape: v[7],
            piece_in_danger: v[8],
            corner_barrier: v[9],
            corner_approach: v[10],
            king_corner_threat: v[11],
        }
    }

    /// Each field with the most its count can be on any board (19x19 at most): pieces
    /// and the attackers by an escape square or in danger at most every square; the
    /// king's escape routes, edge squares, moves and distance to an escape at most 36;
    /// attackers next to the king 4; corner walls 6 for each of 4 corners; the squares
    /// inside them 3 for each; corner threats 2 from each of the king's 4 line ends.
    fn fields(&self) -> [(&'static str, i32, i64); WEIGHT_COUNT] {
        let squares = (MAX_DIM * MAX_DIM) as i64;
        let line = 2 * (MAX_DIM as i64 - 1);
        let most = [
            squares, squares, line, line, line, line, 4, squares, squares, 24, 12, 8,
        ];
        let values = self.values();
        std::array::from_fn(|i| (WEIGHT_NAMES[i], values[i], most[i]))
    }

    /// The largest score these weights can give any position: the sum of each weight
    /// times the most its count can be (the terms are added or subtracted, so their
    /// absolute values bound the sum).
    pub fn max_score(&self) -> i64 {
        self.fields()
            .iter()
            .map(|&(_, w, most)| i64::from(w).abs() * most)
            .sum()
    }

    /// Checks that no position can score past the game ends (`WIN_BOUND`, 999,000):
    /// weights that could would make the search read an evaluation as a forced win, or
    /// overflow. The error names the field that weighs most.
    pub fn check(&self) -> Result<(), String> {
        let bound = i64::from(super::score::WIN_BOUND);
        let max = self.max_score();
        if max < bound {
            return Ok(());
        }
        let (name, w, most) = self
            .fields()
            .into_iter()
            .max_by_key(|&(_, w, most)| i64::from(w).abs() * most)
            .expect("every field");
        Err(format!(
            "these weights can score a position {max}, past the game ends ({bound}): the sum \
             of each weight times its largest count must stay below it; `{name}` = {w} \
             weighs most ({w} x {most})"
        ))
    }
}

/// The evaluation compiled for one variant's board.
#[derive(Clone)]
pub struct Evaluator {
    /// The weights it scores with.
    pub weights: Weights,
    dim: usize,
    /// A rank word with every square of the board.
    board: u32,
    /// Squares orthogonally or diagonally next to an escape square, not escapes themselves.
    guard: SquareSet,
    /// Special squares hostile (as anvils) to each side, whether occupied or not.
    hostile: [SquareSet; 2],
    escape_distance: Vec<u8>,
    /// The three squares of each corner escape's wall (`Weights::corner_barrier`).
    corner_walls: Vec<SquareSet>,
    /// The squares inside every corner wall (`Weights::corner_approach`).
    corner_approach: SquareSet,
    /// True when the four corners are the escape squares and no edge square is one
    /// (`Weights::king_corner_threat` is counted only then).
    corner_escapes: bool,
    /// The same masks as whole-board bitboards on boards of up to 11x11, where the
    /// danger and guard terms are a few shifts for the whole board.
    packed: Option<Packed>,
}

/// The evaluation's masks as whole-board bitboards (see [`Geometry`]).
#[derive(Clone)]
struct Packed {
    geometry: Geometry,
    guard: Bitboard,
    /// Special squares hostile to each side, whether occupied or not.
    hostile: [Bitboard; 2],
    /// Squares off the first and last file: a piece there can be sandwiched along its rank.
    inner_files: Bitboard,
    /// Squares off the first and last rank: a piece there can be sandwiched along its file.
    inner_ranks: Bitboard,
    /// `step[side]`: per direction of [`Direction::ALL`], the squares from which a
    /// taflman of `side` may step one square that way, when that square is empty.
    step: [[Bitboard; 4]; 2],
    /// The corner walls.
    corner_walls: Vec<Bitboard>,
    /// The squares inside them.
    corner_approach: Bitboard,
}

/// The king's escape routes in a position, with the pieces of his rank and file they
/// depend on (`Evaluator::king_routes`).
#[derive(Clone, Copy)]
pub(crate) struct KingRoutes {
    king: Square,
    lines: Lines,
    routes: KingReach,
}

/// What the king reaches in one move (`Evaluator::escape_routes`): all of it is read
/// from the pieces on his rank and file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct KingReach {
    /// Escape squares.
    pub escapes: u32,
    /// Edge squares.
    pub edge: u32,
    /// Squares.
    pub mobility: u32,
    /// The ends of his rank and file he reaches: bit 0 file 0 of his rank, bit 1 the
    /// last file, bit 2 rank 0 of his file, bit 3 the last rank. Always 0 where
    /// `Weights::king_corner_threat` is not counted (a weight of 0, or escapes other
    /// than the four corners).
    pub line_ends: u8,
}

/// Every square's Manhattan distance to the nearest escape square (`2 * dim` without
/// one), by [`Square::index`].
fn escape_distances(t: &Tables) -> Vec<u8> {
    let dim = t.dim();
    let escapes: Vec<Square> = t.escape_squares().iter().collect();
    let mut distance = vec![u8::MAX; 32 * MAX_DIM];
    for s in SquareSet::board(dim).iter() {
        let d = escapes
            .iter()
            .map(|e| e.file().abs_diff(s.file()) + e.rank().abs_diff(s.rank()))
            .min()
            .unwrap_or(2 * dim);
        distance[s.index()] = d.min(255) as u8;
    }
    distance
}

/// The default of `Weights::corner_barrier`: 0, since its SPRTs disagree by variant
/// (reports/search-changes.md, rows 11-16: a gain on copenhagen up to 120, a loss on brandub);
/// copenhagen's weight is [`COPENHAGEN_CORNER_BARRIER`], which [`Weights::for_rules`] gives it.
const CORNER_BARRIER: i32 = 0;

/// Copenhagen's `corner_barrier`: each step from 0 to 30, 60 and 120 passed an SPRT
/// (reports/search-changes.md rows 11-14), 240 failed (row 16).
const COPENHAGEN_CORNER_BARRIER: i32 = 120;

/// Copenhagen's `corner_approach`: 40 against 0, on top of its corner walls, passed an
/// SPRT (reports/search-changes.md row 20); every other variant keeps 0 (not measured).
const COPENHAGEN_CORNER_APPROACH: i32 = 40;

/// Copenhagen's `king_corner_threat`: 100 against 0, on top of its corner walls and the
/// squares inside them, passed an SPRT (reports/search-changes.md row 21), then 200
/// against 100 (row 22); every other variant keeps 0 (not measured).
const COPENHAGEN_KING_CORNER_THREAT: i32 = 200;

/// For each corner of the board that is an escape square, its wall: the three squares
/// two steps from it, on the diagonal that shuts the king out of the corner (none on
/// boards under 5x5).
fn corner_walls(t: &Tables) -> Vec<SquareSet> {
    if t.dim() < 5 {
        return Vec::new();
    }
    near_corners(t, [(0, 2), (1, 1), (2, 0)])
}

/// The squares just inside the corner walls: one and two steps in from both edges
/// (`Weights::corner_approach`); none on boards under 7x7, where they would reach the
/// centre.
fn corner_approach(t: &Tables) -> SquareSet {
    if t.dim() < 7 {
        return SquareSet::EMPTY;
    }
    near_corners(t, [(1, 2), (2, 1), (2, 2)])
        .into_iter()
        .fold(SquareSet::EMPTY, |all, squares| all | squares)
}

/// For each corner of the board that is an escape square, the squares `(files, ranks)`
/// steps in from it.
fn near_corners(t: &Tables, steps: [(usize, usize); 3]) -> Vec<SquareSet> {
    let dim = t.dim();
    let last = dim - 1;
    let inward = |x: usize, n: usize| if x == 0 { n } else { x - n };
    // Only the board's own corners: variants that mark more squares as corners (a
    // corner region) have the wall of its outermost square.
    t.escape_squares()
        .iter()
        .filter(|s| {
            t.is_corner(s.file(), s.rank())
                && (s.file() == 0 || s.file() == last)
                && (s.rank() == 0 || s.rank() == last)
        })
        .map(|c| {
            steps
                .into_iter()
                .map(|(df, dr)| Square::new(inward(c.file(), df), inward(c.rank(), dr)))
                .collect()
        })
        .collect()
}

/// The squares orthogonally or diagonally next to an escape square, not escapes
/// themselves: where an attacker guards an escape.
fn guard_squares(t: &Tables) -> SquareSet {
    let escapes = *t.escape_squares();
    let across = escapes | escapes.shifted(Direction::East) | escapes.shifted(Direction::West);
    let near = across | across.shifted(Direction::North) | across.shifted(Direction::South);
    near & SquareSet::board(t.dim()) & !escapes
}

/// Per direction of [`Direction::ALL`], the squares from which a taflman of `side` may
/// step one square that way when that square is empty. Asked of the engine as a lone
/// taflman's moves on an empty board: a step to an adjacent square depends on nothing
/// but that square being empty.
fn taflman_steps(t: &Tables, g: &Geometry, side: Side) -> [Bitboard; 4] {
    let mut step = [Bitboard::EMPTY; 4];
    let taflman = Piece {
        side,
        kind: PieceKind::Taflman,
    };
    for s in g.squares(g.board()) {
        let mut layout = Layout::empty(t.dim());
        layout.set(s, Some(taflman));
        let Ok(lone) = Position::from_layout(t, &layout, side) else {
            continue;
        };
        let moves = lone.piece_moves(t, Mover::of(taflman), s);
        for (from, direction) in step.iter_mut().zip(Direction::ALL) {
            if s.step(g.dim(), direction)
                .is_some_and(|to| moves.reaches(to))
            {
                *from |= g.square(s);
            }
        }
    }
    step
}

impl Packed {
    /// The masks of `Evaluator` on the board of `g`.
    fn new(
        t: &Tables,
        g: &Geometry,
        guard: &SquareSet,
        hostile: &[SquareSet; 2],
        corner_walls: &[SquareSet],
        corner_approach: &SquareSet,
    ) -> Packed {
        Packed {
            corner_approach: g.set_of(corner_approach.iter()),
            corner_walls: corner_walls.iter().map(|w| g.set_of(w.iter())).collect(),
            geometry: g.clone(),
            guard: g.set_of(guard.iter()),
            hostile: hostile.map(|h| g.set_of(h.iter())),
            inner_files: g.inner_files(),
            inner_ranks: g.inner_ranks(),
            step: Side::BOTH.map(|side| taflman_steps(t, g, side)),
        }
    }
}

impl Evaluator {
    /// Precomputes what the variant's board fixes: the escape squares and their neighbours,
    /// every square's distance to the nearest escape, and the hostile special squares.
    pub fn new(t: &Tables, weights: Weights) -> Evaluator {
        let guard = guard_squares(t);
        let hostile = Side::BOTH.map(|side| t.hostile_always(side));
        let corner_walls = corner_walls(t);
        let corner_approach = corner_approach(t);
        let last = t.dim() - 1;
        let corners = [(0, 0), (0, last), (last, 0), (last, last)].map(|(f, r)| Square::new(f, r));
        let escapes = t.escape_squares();
        let corner_escapes = escapes.count() == 4 && corners.iter().all(|&c| escapes.contains(c));
        Evaluator {
            weights,
            dim: t.dim(),
            board: t.board_mask(),
            guard,
            hostile,
            escape_distance: escape_distances(t),
            packed: t
                .geometry()
                .map(|g| Packed::new(t, g, &guard, &hostile, &corner_walls, &corner_approach)),
            corner_walls,
            corner_approach,
            corner_escapes,
        }
    }

    /// The king's `escape_routes` in `pos` with the lines of his rank and file they were
    /// read from, for `routes_reusing` in its children.
    #[inline]
    pub(crate) fn king_routes(&self, t: &Tables, pos: &Position) -> Option<KingRoutes> {
        let k = pos.king()?;
        (pos.exotic_pieces().is_empty()).then(|| KingRoutes {
            king: k,
            lines: pos.lines_through(k),
            routes: self.escape_routes(t, pos, k),
        })
    }

    /// `escape_routes` of the king in `pos`, taken from `parent` (the parent's
    /// `king_routes`, made only without special pieces, which no move brings back) when
    /// the king stands on the same square with the same pieces on his rank and file: his
    /// moves (slides and jumps) read nothing else.
    #[inline]
    pub(crate) fn routes_reusing(
        &self,
        t: &Tables,
        pos: &Position,
        parent: Option<&KingRoutes>,
    ) -> Option<KingReach> {
        let k = pos.king()?;
        match parent {
            Some(p) if p.king == k && p.lines == pos.lines_through(k) => Some(p.routes),
            _ => Some(self.escape_routes(t, pos, k)),
        }
    }

    /// What the king on `k` reaches in one move.
    #[inline]
    pub(crate) fn escape_routes(&self, t: &Tables, pos: &Position, k: Square) -> KingReach {
        let pm = pos.piece_moves(t, Mover::King, k);
        // Read only where `corner_threats` will be counted: there alone are they non-zero.
        let line_ends = if self.weights.king_corner_threat != 0 && self.corner_escapes {
            let (first, last) = (word_bit(0), word_bit(self.dim - 1));
            u8::from(pm.along_rank & first != 0)
                | u8::from(pm.along_rank & last != 0) << 1
                | u8::from(pm.along_file & first != 0) << 2
                | u8::from(pm.along_file & last != 0) << 3
        } else {
            0
        };
        KingReach {
            escapes: pm.onto_escapes(t).len(),
            edge: pm.onto_edge(self.dim),
            mobility: pm.len(),
            line_ends,
        }
    }

    /// The king's threats to escape in two moves (`Weights::king_corner_threat`): for
    /// each end of his rank and file he reaches (`line_ends`), off the corners, each
    /// corner at an end of that edge with no piece between. His own square is never on
    /// that edge line, so the pieces there now are those after his move.
    #[inline]
    fn corner_threats(&self, pos: &Position, k: Square, line_ends: u8) -> i32 {
        let last = self.dim - 1;
        // Bits of a line word strictly between the corner ends and `at`.
        let toward_first = |at: usize| (word_bit(at) - 1) & !(word_bit(0) | 1);
        let toward_last = |at: usize| (word_bit(last) - 1) & !(word_bit(at + 1) - 1);
        let open = |word: u32, at: usize| {
            i32::from(word & toward_first(at) == 0) + i32::from(word & toward_last(at) == 0)
        };
        let both = |word: fn(&Position, Side, usize) -> u32, line: usize| {
            word(pos, Side::Attackers, line) | word(pos, Side::Defenders, line)
        };
        let (f, r) = (k.file(), k.rank());
        let mut threats = 0;
        // Across to file 0 or the last file: then along that file.
        for (bit, file) in [(0, 0), (1, last)] {
            if line_ends & (1 << bit) != 0 && r != 0 && r != last {
                threats += open(both(Position::file_word, file), r);
            }
        }
        // Across to rank 0 or the last rank: then along that rank.
        for (bit, rank) in [(2, 0), (3, last)] {
            if line_ends & (1 << bit) != 0 && f != 0 && f != last {
                threats += open(both(Position::rank_word, rank), f);
            }
        }
        threats
    }

    /// The score for the side to move.
    #[inline]
    pub fn evaluate(&self, t: &Tables, pos: &Position) -> i32 {
        let routes = pos.king().map(|k| self.escape_routes(t, pos, k));
        self.evaluate_with_routes(pos, routes)
    }

    /// True if the side to move surely has a legal move: a taflman of it can step onto
    /// an empty square next to it. False: not known.
    #[inline]
    pub(crate) fn surely_has_moves(&self, pos: &Position) -> bool {
        let Some(p) = self.packed.as_ref() else {
            return false;
        };
        if pos.berserker().is_some() || !pos.exotic_pieces().is_empty() {
            return false;
        }
        let side = pos.side_to_move();
        let g = &p.geometry;
        let mut own = pos.bitboard(side);
        if let Some(k) = pos.king() {
            own = own.without(g.square(k));
        }
        let empty = g
            .board()
            .without(pos.bitboard(Side::Attackers) | pos.bitboard(Side::Defenders));
        let step = &p.step[side as usize];
        // The common widths spelled out, so each inlined copy shifts by a constant.
        match self.dim {
            7 => Self::can_step(own, step, empty, 7),
            9 => Self::can_step(own, step, empty, 9),
            11 => Self::can_step(own, step, empty, 11),
            dim => Self::can_step(own, step, empty, dim),
        }
    }

    /// Some piece of `own` steps north, south, east or west (`step`) onto `empty`, on a
    /// board `dim` squares wide.
    #[inline(always)]
    fn can_step(own: Bitboard, step: &[Bitboard; 4], empty: Bitboard, dim: usize) -> bool {
        let [north, south, east, west] = *step;
        ((own & north).step_unmasked(Direction::North, dim)
            | (own & south).step_unmasked(Direction::South, dim)
            | (own & east).step_unmasked(Direction::East, dim)
            | (own & west).step_unmasked(Direction::West, dim))
        .intersects(empty)
    }

    /// `evaluate`, given `escape_routes` of the king (`None` without a king), which the
    /// search has computed already at a leaf.
    #[inline]
    pub(crate) fn evaluate_with_routes(&self, pos: &Position, routes: Option<KingReach>) -> i32 {
        let w = &self.weights;
        let attackers = pos.count(Side::Attackers) as i32;
        let defenders = pos.count(Side::Defenders) as i32;
        let mut score = (defenders - 1) * w.defender - attackers * w.attacker;
        if let (Some(k), Some(reach)) = (pos.king(), routes) {
            score += reach.escapes as i32 * w.king_escape_route
                + reach.edge as i32 * w.king_edge_reach
                + reach.mobility as i32 * w.king_mobility;
            if reach.line_ends != 0 {
                score += self.corner_threats(pos, k, reach.line_ends) * w.king_corner_threat;
            }
            score -= self.escape_distance[k.index()] as i32 * w.king_escape_distance;
            score -= pos.count_next_to(Side::Attackers, k) as i32 * w.attacker_next_to_king;
        }
        let (guards, danger) = match (self.dim, self.packed.as_ref()) {
            (7, Some(p)) => Self::guards_and_danger_packed::<7>(p, pos),
            (9, Some(p)) => Self::guards_and_danger_packed::<9>(p, pos),
            (11, Some(p)) => Self::guards_and_danger_packed::<11>(p, pos),
            _ => self.guards_and_danger_by_ranks(pos),
        };
        score -= guards as i32 * w.attacker_guarding_escape;
        if w.corner_barrier != 0 {
            score -= self.corner_walls_held(pos) * w.corner_barrier;
        }
        if w.corner_approach != 0 {
            let inside = match &self.packed {
                Some(p) => (pos.bitboard(Side::Attackers) & p.corner_approach).count(),
                None => (*pos.pieces(Side::Attackers) & self.corner_approach).count() as u32,
            };
            score -= inside as i32 * w.corner_approach;
        }
        score += (danger[Side::Attackers as usize] - danger[Side::Defenders as usize])
            * w.piece_in_danger;
        match pos.side_to_move() {
            Side::Defenders => score,
            Side::Attackers => -score,
        }
    }

    /// The corner walls the attackers hold, each counted 0, 1, 3 or 6 for zero to three
    /// attackers on it (`Weights::corner_barrier`).
    #[inline]
    fn corner_walls_held(&self, pos: &Position) -> i32 {
        let held = |n: u32| (n * (n + 1) / 2) as i32;
        match &self.packed {
            Some(p) => {
                let a = pos.bitboard(Side::Attackers);
                p.corner_walls.iter().map(|&w| held((a & w).count())).sum()
            }
            None => {
                let a = *pos.pieces(Side::Attackers);
                self.corner_walls
                    .iter()
                    .map(|&w| held((a & w).count() as u32))
                    .sum()
            }
        }
    }

    /// (attackers next to an escape square, pieces in danger per side) on the
    /// whole-board bitboards of a board `D` squares wide: the same counts as
    /// `guards_and_danger_by_ranks`.
    #[inline(always)]
    fn guards_and_danger_packed<const D: usize>(p: &Packed, pos: &Position) -> (u32, [i32; 2]) {
        let (a, d) = (pos.bitboard(Side::Attackers), pos.bitboard(Side::Defenders));
        let empty = p.geometry.board().without(a | d);
        let step = |set: Bitboard, direction| set.step_unmasked(direction, D);
        let at_risk = |own: Bitboard, hostile: Bitboard| -> i32 {
            let along_rank = (step(hostile, Direction::East) & step(empty, Direction::West))
                | (step(hostile, Direction::West) & step(empty, Direction::East));
            let along_file = (step(hostile, Direction::North) & step(empty, Direction::South))
                | (step(hostile, Direction::South) & step(empty, Direction::North));
            ((own & p.inner_files & along_rank) | (own & p.inner_ranks & along_file)).count() as i32
        };
        (
            (a & p.guard).count(),
            [
                at_risk(a, d | p.hostile[Side::Attackers as usize]),
                at_risk(d, a | p.hostile[Side::Defenders as usize]),
            ],
        )
    }

    /// (attackers next to an escape square, pieces in danger per side), rank by rank on
    /// the sides' square sets.
    #[inline]
    fn guards_and_danger_by_ranks(&self, pos: &Position) -> (u32, [i32; 2]) {
        let att = pos.pieces(Side::Attackers).words();
        let def = pos.pieces(Side::Defenders).words();
        let guard = self.guard.words();
        let mut guards = 0;
        let mut danger = [0i32; 2];
        // The empty squares of the rank below, this one and the one above, rolled upward.
        let mut below_empty = 0;
        let mut empty = self.board & !(att[0] | def[0]);
        for r in 0..self.dim {
            guards += (att[r] & guard[r]).count_ones();
            let above_empty = if r + 1 < self.dim {
                self.board & !(att[r + 1] | def[r + 1])
            } else {
                0
            };
            for (side, own, enemy) in [(Side::Attackers, att, def), (Side::Defenders, def, att)] {
                let s = side as usize;
                let special = self.hostile[s].words();
                let hostile = |rank: usize| enemy[rank] | special[rank];
                let p = own[r];
                let h = hostile(r);
                let mut at_risk = p & (((h << 1) & (empty >> 1)) | ((h >> 1) & (empty << 1)));
                if r > 0 && r + 1 < self.dim {
                    at_risk |=
                        p & ((hostile(r - 1) & above_empty) | (hostile(r + 1) & below_empty));
                }
                danger[s] += at_risk.count_ones() as i32;
            }
            below_empty = empty;
            empty = above_empty;
        }
        (guards, danger)
    }

    /// The evaluation computed rank by rank on every board (the packed form skipped), for
    /// tests that the two agree.
    #[doc(hidden)]
    pub fn evaluate_by_ranks(&self, t: &Tables, pos: &Position) -> i32 {
        let mut plain = self.clone();
        plain.packed = None;
        plain.evaluate(t, pos)
    }
}
