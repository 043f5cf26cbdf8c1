//! The static evaluation of a tafl position, from the side to move's point of view:
//! material, the king's distance and free lines to the escape squares, attackers
//! guarding the escape squares, attackers pressing on the king, and pieces in danger
//! (an enemy on one side, an empty square on the other). Everything is a handful of
//! bit operations per rank; the weights are plain data so they can be tuned.

use super::board_view::ranks;
use crate::board::{Side, MAX_DIM};
use crate::moves::{file_of, rank_of, sq, BitIter, Mover, Position, Tables};

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

/// The evaluation compiled for one variant's board.
#[derive(Clone)]
pub struct Evaluator {
    /// The weights it scores with.
    pub weights: Weights,
    dim: usize,
    board: u32,
    escape: [u32; MAX_DIM],
    /// Squares orthogonally or diagonally next to an escape square, not escapes themselves.
    guard: [u32; MAX_DIM],
    /// Special squares hostile (as anvils) to each side.
    hostile: [[u32; MAX_DIM]; 2],
    escape_distance: Vec<u8>,
}

impl Evaluator {
    /// Precomputes what the variant's board fixes: the escape squares and their neighbours,
    /// every square's distance to the nearest escape, and the hostile special squares.
    pub fn new(t: &Tables, weights: Weights) -> Evaluator {
        let dim = t.dim();
        let is_escape = |f: isize, r: isize| {
            t.on_board(f, r) && t.escape_squares()[r as usize] & (1 << (f + 1)) != 0
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
                    guard[r] |= 1 << (f + 1);
                }
                let d = escapes
                    .iter()
                    .map(|&(ef, er)| ef.abs_diff(f) + er.abs_diff(r))
                    .min()
                    .unwrap_or(2 * dim);
                escape_distance[sq(f, r) as usize] = d.min(255) as u8;
            }
        }
        let mut hostile = [[0u32; MAX_DIM]; 2];
        for side in Side::BOTH {
            let (empty, occupied) = (&t.hostile_when_empty(side), &t.hostile_when_occupied(side));
            for (r, both) in hostile[side as usize].iter_mut().enumerate().take(dim) {
                *both = empty[r] & occupied[r];
            }
        }
        Evaluator {
            weights,
            dim,
            board: t.board_mask(),
            escape: *t.escape_squares(),
            guard,
            hostile,
            escape_distance,
        }
    }

    /// True if the king, with the defenders to move, can step onto an escape square.
    #[inline]
    pub fn king_can_escape(&self, t: &Tables, pos: &Position) -> bool {
        match pos.king() {
            Some(k) => self.escape_routes(t, pos, k).0 > 0,
            None => false,
        }
    }

    /// (escape squares the king reaches in one move, edge squares he reaches, squares he reaches).
    #[inline]
    pub(crate) fn escape_routes(&self, t: &Tables, pos: &Position, k: u16) -> (u32, u32, u32) {
        let pm = pos.piece_moves(t, Mover::King, k);
        let (kf, kr) = (file_of(k), rank_of(k));
        let mut routes = (pm.along_rank & self.escape[kr]).count_ones();
        for b in BitIter(pm.along_file) {
            routes += (self.escape[b - 1] >> (kf + 1)) & 1;
        }
        let last = self.dim - 1;
        let ends_of_line = (1u32 << 1) | (1u32 << (last + 1));
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
        self.evaluate_with_routes(pos, routes)
    }

    /// `evaluate`, given `escape_routes` of the king (`None` without a king), which the
    /// search has computed already at a leaf.
    #[inline]
    pub(crate) fn evaluate_with_routes(
        &self,
        pos: &Position,
        routes: Option<(u32, u32, u32)>,
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
            score -= self.escape_distance[k as usize] as i32 * w.king_escape_distance;
            let (kf, kr) = (file_of(k), rank_of(k));
            let bit = 1u32 << (kf + 1);
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
        score -= guards as i32 * w.attacker_guarding_escape;
        score += (danger[Side::Attackers as usize] - danger[Side::Defenders as usize])
            * w.piece_in_danger;
        match pos.side_to_move() {
            Side::Defenders => score,
            Side::Attackers => -score,
        }
    }
}
