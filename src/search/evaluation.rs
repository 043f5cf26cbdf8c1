//! The static evaluation of a tafl position, from the side to move's point of view:
//! material, the king's distance and free lines to the escape squares, attackers
//! guarding the escape squares, attackers pressing on the king, and pieces in danger
//! (an enemy on one side, an empty square on the other). Everything is a handful of
//! bit operations per rank; the weights are plain data so they can be tuned.

use super::board_view::ranks;
use crate::board::{Side, MAX_DIM};
use crate::moves::word_bit;
use crate::moves::{Mover, Position, Square, Tables};

/// The evaluation's weights, in units of one attacker = 100. `Weights::default()` is
/// the AI's evaluation; a JSON object of some of the fields (the others keep their
/// default), e.g. `{"defender": 200}`, gives another, so that a match can play two
/// evaluations against each other in one build (`taflmatch --engine search:depth=4,eval=FILE`).
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
        }
    }
}

/// The weights' field names, in the order of [`Weights::values`].
pub const WEIGHT_NAMES: [&str; 9] = [
    "attacker",
    "defender",
    "king_escape_distance",
    "king_mobility",
    "king_edge_reach",
    "king_escape_route",
    "attacker_next_to_king",
    "attacker_guarding_escape",
    "piece_in_danger",
];

impl Weights {
    /// The weights in the order of [`WEIGHT_NAMES`], for code that works on all of them
    /// alike (the tuner).
    pub fn values(&self) -> [i32; 9] {
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
        ]
    }

    /// The weights from values in the order of [`WEIGHT_NAMES`].
    pub fn from_values(v: [i32; 9]) -> Weights {
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
        }
    }

    /// Each field with the most its count can be on any board (19x19 at most): pieces
    /// and the attackers by an escape square or in danger at most every square; the
    /// king's escape routes, edge squares, moves and distance to an escape at most 36;
    /// attackers next to the king 4.
    fn fields(&self) -> [(&'static str, i32, i64); 9] {
        let squares = (MAX_DIM * MAX_DIM) as i64;
        let line = 2 * (MAX_DIM as i64 - 1);
        let most = [
            squares, squares, line, line, line, line, 4, squares, squares,
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
            .expect("nine fields");
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
    board: u32,
    /// Squares orthogonally or diagonally next to an escape square, not escapes themselves.
    guard: [u32; MAX_DIM],
    /// Special squares hostile (as anvils) to each side.
    hostile: [[u32; MAX_DIM]; 2],
    escape_distance: Vec<u8>,
    /// `packed_bits[s]`: the bit of square `s` in `packed_sides` (empty unless packed).
    packed_bits: Vec<u128>,
    /// The same masks packed into one `u128` (bit `rank * dim + file`) on boards of up to
    /// 11x11, where the danger and guard terms are a few shifts for the whole board.
    packed: Option<Packed>,
}

/// The evaluation's masks on a board packed into one `u128` (bit `rank * dim + file`).
#[derive(Clone, Copy)]
struct Packed {
    board: u128,
    guard: u128,
    /// Special squares hostile to each side, whether occupied or not.
    hostile: [u128; 2],
    /// Squares off the first and last file: a piece there can be sandwiched along its rank.
    inner_files: u128,
    /// Squares off the first and last rank: a piece there can be sandwiched along its file.
    inner_ranks: u128,
    /// `step[side][direction]`: squares from which a taflman of `side` may step one
    /// square east, west, north or south (rank + 1), when that square is empty.
    step: [[u128; 4]; 2],
}

/// The king's escape routes in a position, with the pieces of his rank and file they
/// depend on (`Evaluator::king_routes`).
#[derive(Clone, Copy)]
pub(crate) struct KingRoutes {
    king: Square,
    /// Each side's rank word of the king's rank, then each side's file word of his file.
    lines: [u32; 4],
    routes: (u32, u32, u32),
}

/// The words `KingRoutes::lines` of the king on `k` in `pos`.
#[inline(always)]
fn king_lines(pos: &Position, k: Square) -> [u32; 4] {
    let (f, r) = (k.file(), k.rank());
    [
        pos.rank_word(Side::Attackers, r),
        pos.rank_word(Side::Defenders, r),
        pos.file_word(Side::Attackers, f),
        pos.file_word(Side::Defenders, f),
    ]
}

/// Rank words (bit `file + 1`) packed into one `u128` (bit `rank * D + file`).
#[inline(always)]
fn pack<const D: usize>(words: &[u32; MAX_DIM]) -> u128 {
    let mut acc = 0u128;
    for (r, w) in words.iter().enumerate().take(D) {
        acc |= ((w >> 1) as u128) << (r * D);
    }
    acc
}

impl Evaluator {
    /// Precomputes what the variant's board fixes: the escape squares and their neighbours,
    /// every square's distance to the nearest escape, and the hostile special squares.
    pub fn new(t: &Tables, weights: Weights) -> Evaluator {
        let dim = t.dim();
        let is_escape = |f: isize, r: isize| {
            t.on_board(f, r) && t.escape_squares()[r as usize] & (word_bit(f as usize)) != 0
        };
        let mut guard = [0u32; MAX_DIM];
        let mut escape_distance = vec![u8::MAX; 32 * MAX_DIM];
        let escapes: Vec<(usize, usize)> = (0..dim)
            .flat_map(|r| (0..dim).map(move |f| (f, r)))
            .filter(|&(f, r)| is_escape(f as isize, r as isize))
            .collect();
        for r in 0..dim {
            for f in 0..dim {
                let (fi, ri) = (f as isize, r as isize);
                let near = (-1..=1).any(|df| (-1..=1).any(|dr| is_escape(fi + df, ri + dr)));
                if near && !is_escape(fi, ri) {
                    guard[r] |= word_bit(f);
                }
                let d = escapes
                    .iter()
                    .map(|&(ef, er)| ef.abs_diff(f) + er.abs_diff(r))
                    .min()
                    .unwrap_or(2 * dim);
                escape_distance[Square::new(f, r).index()] = d.min(255) as u8;
            }
        }
        let mut hostile = [[0u32; MAX_DIM]; 2];
        for side in Side::BOTH {
            let (empty, occupied) = (&t.hostile_when_empty(side), &t.hostile_when_occupied(side));
            for (r, both) in hostile[side as usize].iter_mut().enumerate().take(dim) {
                *both = empty[r] & occupied[r];
            }
        }
        let packed = (dim * dim <= 128).then(|| {
            let pack_any = |words: &[u32; MAX_DIM]| {
                (0..dim).fold(0u128, |acc, r| acc | ((words[r] >> 1) as u128) << (r * dim))
            };
            let mut inner_files = 0u128;
            let mut inner_ranks = 0u128;
            for r in 0..dim {
                for f in 0..dim {
                    let bit = 1u128 << (r * dim + f);
                    if f > 0 && f + 1 < dim {
                        inner_files |= bit;
                    }
                    if r > 0 && r + 1 < dim {
                        inner_ranks |= bit;
                    }
                }
            }
            // Asked of the engine: a lone taflman's moves on an empty board. A step to an
            // adjacent square depends on nothing but that square being empty.
            let mut step = [[0u128; 4]; 2];
            let empty_board = crate::board::Layout::empty(dim);
            for side in Side::BOTH {
                let Ok(mut lone) = Position::from_layout(t, &empty_board, side) else {
                    continue;
                };
                let taflman = Mover::taflman(side);
                for r in 0..dim {
                    for f in 0..dim {
                        lone.put(t, side, taflman, Square::new(f, r));
                        let pm = lone.piece_moves(t, taflman, Square::new(f, r));
                        lone.remove(t, side, taflman, Square::new(f, r));
                        let bit = 1u128 << (r * dim + f);
                        let s = side as usize;
                        if f + 1 < dim && pm.along_rank & (word_bit(f + 1)) != 0 {
                            step[s][0] |= bit;
                        }
                        if f > 0 && pm.along_rank & (1 << f) != 0 {
                            step[s][1] |= bit;
                        }
                        if pm.along_file & (word_bit(r + 1)) != 0 && r + 1 < dim {
                            step[s][2] |= bit;
                        }
                        if r > 0 && pm.along_file & (1 << r) != 0 {
                            step[s][3] |= bit;
                        }
                    }
                }
            }
            Packed {
                step,
                board: pack_any(&[t.board_mask(); MAX_DIM]),
                guard: pack_any(&guard),
                hostile: [pack_any(&hostile[0]), pack_any(&hostile[1])],
                inner_files,
                inner_ranks,
            }
        });
        Evaluator {
            weights,
            dim,
            board: t.board_mask(),
            guard,
            hostile,
            escape_distance,
            packed_bits: if packed.is_some() {
                (0..32 * dim)
                    .map(|s| {
                        let (f, r) = (s % 32, s / 32);
                        if f < dim {
                            1u128 << (r * dim + f)
                        } else {
                            0
                        }
                    })
                    .collect()
            } else {
                Vec::new()
            },
            packed,
        }
    }

    /// The king's `escape_routes` in `pos` with the words of his rank and file they were
    /// read from, for `routes_reusing` in its children.
    #[inline]
    pub(crate) fn king_routes(&self, t: &Tables, pos: &Position) -> Option<KingRoutes> {
        let k = pos.king()?;
        (pos.exotic_pieces().is_empty()).then(|| KingRoutes {
            king: k,
            lines: king_lines(pos, k),
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
    ) -> Option<(u32, u32, u32)> {
        let k = pos.king()?;
        match parent {
            Some(p) if p.king == k && p.lines == king_lines(pos, k) => Some(p.routes),
            _ => Some(self.escape_routes(t, pos, k)),
        }
    }

    /// (escape squares the king reaches in one move, edge squares he reaches, squares he reaches).
    #[inline]
    pub(crate) fn escape_routes(&self, t: &Tables, pos: &Position, k: Square) -> (u32, u32, u32) {
        let pm = pos.piece_moves(t, Mover::King, k);
        let (kf, kr) = (k.file(), k.rank());
        let routes = pm.onto_escapes(t).len();
        let last = self.dim - 1;
        let ends_of_line = (1u32 << 1) | (word_bit(last));
        let edge_rank = if kr == 0 || kr == last {
            pm.along_rank
        } else {
            pm.along_rank & ends_of_line
        };
        let edge_file = if kf == 0 || kf == last {
            pm.along_file
        } else {
            pm.along_file & ends_of_line
        };
        (
            routes,
            edge_rank.count_ones() + edge_file.count_ones(),
            pm.len(),
        )
    }

    /// The score for the side to move.
    #[inline]
    pub fn evaluate(&self, t: &Tables, pos: &Position) -> i32 {
        let routes = pos.king().map(|k| self.escape_routes(t, pos, k));
        self.evaluate_with_routes(pos, routes, None)
    }

    /// Both sides' pieces (attackers, defenders) packed into one `u128` each (bit
    /// `rank * dim + file`), on the boards the packed evaluation serves; the search
    /// keeps them up to date through its moves instead of packing every leaf.
    #[inline]
    pub(crate) fn packed_sides(&self, pos: &Position) -> Option<[u128; 2]> {
        let (att, def) = (ranks(pos, Side::Attackers), ranks(pos, Side::Defenders));
        match (self.dim, &self.packed) {
            (7, Some(_)) => Some([pack::<7>(att), pack::<7>(def)]),
            (9, Some(_)) => Some([pack::<9>(att), pack::<9>(def)]),
            (11, Some(_)) => Some([pack::<11>(att), pack::<11>(def)]),
            _ => None,
        }
    }

    /// True if the side to move surely has a legal move: a taflman of it can step onto
    /// an empty square next to it (from `packed_sides`). False: not known.
    #[inline]
    pub(crate) fn surely_has_moves(&self, pos: &Position, sides: Option<[u128; 2]>) -> bool {
        let (Some(p), Some([a, d])) = (self.packed.as_ref(), sides) else {
            return false;
        };
        if pos.berserker().is_some() || !pos.exotic_pieces().is_empty() {
            return false;
        }
        let side = pos.side_to_move() as usize;
        let mut own = if side == 0 { a } else { d };
        if let Some(k) = pos.king() {
            own &= !self.packed_bit(k);
        }
        let empty = p.board & !(a | d);
        let step = &p.step[side];
        // The common widths spelled out, so each inlined copy shifts by a constant.
        match self.dim {
            7 => Self::can_step(own, step, empty, 7),
            9 => Self::can_step(own, step, empty, 9),
            11 => Self::can_step(own, step, empty, 11),
            dim => Self::can_step(own, step, empty, dim),
        }
    }

    /// Some piece of `own` steps east, west, north or south (`step`) onto `empty`, on a
    /// board `dim` squares wide.
    #[inline(always)]
    fn can_step(own: u128, step: &[u128; 4], empty: u128, dim: usize) -> bool {
        ((own & step[0]) << 1
            | (own & step[1]) >> 1
            | (own & step[2]) << dim
            | (own & step[3]) >> dim)
            & empty
            != 0
    }

    /// The bit of a square in `packed_sides`.
    #[inline(always)]
    pub(crate) fn packed_bit(&self, s: Square) -> u128 {
        match self.packed_bits.get(s.index()) {
            Some(&bit) => bit,
            None => 1u128 << (s.rank() * self.dim + s.file()),
        }
    }

    /// `evaluate`, given `escape_routes` of the king (`None` without a king), which the
    /// search has computed already at a leaf.
    #[inline]
    pub(crate) fn evaluate_with_routes(
        &self,
        pos: &Position,
        routes: Option<(u32, u32, u32)>,
        sides: Option<[u128; 2]>,
    ) -> i32 {
        let w = &self.weights;
        let att = ranks(pos, Side::Attackers);
        let def = ranks(pos, Side::Defenders);
        let attackers = pos.count(Side::Attackers) as i32;
        let defenders = pos.count(Side::Defenders) as i32;
        let mut score = (defenders - 1) * w.defender - attackers * w.attacker;
        if let (Some(k), Some((routes, edge, mobility))) = (pos.king(), routes) {
            score += routes as i32 * w.king_escape_route
                + edge as i32 * w.king_edge_reach
                + mobility as i32 * w.king_mobility;
            score -= self.escape_distance[k.index()] as i32 * w.king_escape_distance;
            let (kf, kr) = (k.file(), k.rank());
            let bit = word_bit(kf);
            let mut next =
                (att[kr] & (bit << 1)).count_ones() + (att[kr] & (bit >> 1)).count_ones();
            if kr > 0 {
                next += (att[kr - 1] & bit != 0) as u32;
            }
            if kr + 1 < self.dim {
                next += (att[kr + 1] & bit != 0) as u32;
            }
            score -= next as i32 * w.attacker_next_to_king;
        }
        let (guards, danger) = match (self.dim, self.packed.as_ref()) {
            (7, Some(p)) => {
                let [a, d] = sides.unwrap_or_else(|| [pack::<7>(att), pack::<7>(def)]);
                Self::guards_and_danger_packed::<7>(p, a, d)
            }
            (9, Some(p)) => {
                let [a, d] = sides.unwrap_or_else(|| [pack::<9>(att), pack::<9>(def)]);
                Self::guards_and_danger_packed::<9>(p, a, d)
            }
            (11, Some(p)) => {
                let [a, d] = sides.unwrap_or_else(|| [pack::<11>(att), pack::<11>(def)]);
                Self::guards_and_danger_packed::<11>(p, a, d)
            }
            _ => self.guards_and_danger_by_ranks(att, def),
        };
        score -= guards as i32 * w.attacker_guarding_escape;
        score += (danger[Side::Attackers as usize] - danger[Side::Defenders as usize])
            * w.piece_in_danger;
        match pos.side_to_move() {
            Side::Defenders => score,
            Side::Attackers => -score,
        }
    }

    /// (attackers next to an escape square, pieces in danger per side) on a board packed
    /// into one `u128`: the same counts as `guards_and_danger_by_ranks`.
    #[inline(always)]
    fn guards_and_danger_packed<const D: usize>(p: &Packed, a: u128, d: u128) -> (u32, [i32; 2]) {
        let empty = p.board & !(a | d);
        let at_risk = |own: u128, hostile: u128| -> i32 {
            let along_rank = ((hostile << 1) & (empty >> 1)) | ((hostile >> 1) & (empty << 1));
            let along_file = ((hostile << D) & (empty >> D)) | ((hostile >> D) & (empty << D));
            ((own & p.inner_files & along_rank) | (own & p.inner_ranks & along_file)).count_ones()
                as i32
        };
        (
            (a & p.guard).count_ones(),
            [
                at_risk(a, d | p.hostile[Side::Attackers as usize]),
                at_risk(d, a | p.hostile[Side::Defenders as usize]),
            ],
        )
    }

    /// (attackers next to an escape square, pieces in danger per side), rank by rank.
    #[inline]
    fn guards_and_danger_by_ranks(
        &self,
        att: &[u32; MAX_DIM],
        def: &[u32; MAX_DIM],
    ) -> (u32, [i32; 2]) {
        let mut guards = 0;
        let mut danger = [0i32; 2];
        // The empty squares of the rank below, this one and the one above, rolled upward.
        let mut below_empty = 0;
        let mut empty = self.board & !(att[0] | def[0]);
        for r in 0..self.dim {
            guards += (att[r] & self.guard[r]).count_ones();
            let above_empty = if r + 1 < self.dim {
                self.board & !(att[r + 1] | def[r + 1])
            } else {
                0
            };
            for (side, own, enemy) in [(Side::Attackers, att, def), (Side::Defenders, def, att)] {
                let s = side as usize;
                let hostile = |rank: usize| enemy[rank] | self.hostile[s][rank];
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
