//! Negamax alpha-beta inside iterative deepening. Each child is played on a copy of its
//! parent (copy-make); its ending (engine `outcome` plus repetition) is judged as soon
//! as it is made, and a child at depth 0 is scored by the evaluation, or as a win when
//! the defenders are to move and the king can step onto an escape square (exact: such
//! a move ends the game at once and its position cannot have occurred before).

use super::evaluation::{Evaluator, KingRoutes, Weights};
use super::ordering::Ordering;
use super::score::{self, from_table, to_table, win_at, INFINITY};
use super::transposition::{Bound, Entry, TranspositionTable};
use super::{Limits, SearchOutcome, SearchResult};
use crate::board::Side;
use crate::board::Square;
use crate::moves::Repetitions;
use crate::moves::{Move, Outcome, Position, Tables};
use std::time::{Duration, Instant};

const MAX_PLY: usize = 64;
const DEFAULT_TABLE_BITS: u32 = 18;
/// Moves picked one by one before the rest is sorted.
const SELECTED: usize = 3;
/// Children made before the encirclement hint is worth making.
const HINT_AFTER: usize = 2;

/// Late move reductions: from this move on (0-based), at this depth or more, a quiet
/// move ordered by history alone, not the king's, is searched a ply shallower first.
const REDUCE_FROM_MOVE: usize = 3;
const REDUCE_FROM_DEPTH: u32 = 3;
/// Two plies from this move on, at this depth or more.
const REDUCE_TWO_FROM_MOVE: usize = 12;
const REDUCE_TWO_FROM_DEPTH: u32 = 5;

/// A reusable search over one variant. Every `best_move` starts from cleared tables
/// unless the searcher is `keeping_table`.
pub struct Searcher<'t> {
    tables: &'t Tables,
    limits: Limits,
    time_limit: Option<(Duration, Instant)>,
    evaluator: Evaluator,
    tt: TranspositionTable,
    ordering: Ordering,
    reps: Repetitions,
    nodes: u64,
    stopped: bool,
    /// The iteration in progress may be cut off only after depth 1 completed.
    may_stop: bool,
    moves: Vec<Vec<(Move, u32, bool)>>,
    pv: Vec<[Move; MAX_PLY]>,
    pv_len: [usize; MAX_PLY + 1],
    /// See `keeping_table`.
    keep_table: bool,
}

impl<'t> Searcher<'t> {
    /// A searcher with the variant's weights ([`Weights::for_rules`]).
    pub fn new(tables: &'t Tables, limits: Limits) -> Searcher<'t> {
        Searcher::with_weights(tables, limits, Weights::for_rules(tables.rules()))
    }

    /// A searcher that evaluates with `weights` (for tuning and for matches between weight sets).
    pub fn with_weights(tables: &'t Tables, limits: Limits, weights: Weights) -> Searcher<'t> {
        let root = Position::start(tables);
        Searcher {
            tables,
            limits,
            time_limit: None,
            evaluator: Evaluator::new(tables, weights),
            tt: TranspositionTable::new(DEFAULT_TABLE_BITS),
            ordering: Ordering::new(MAX_PLY),
            reps: Repetitions::new(tables, &root, &[]),
            nodes: 0,
            stopped: false,
            may_stop: false,
            moves: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            pv: vec![
                [Move {
                    from: Square::new(0, 0),
                    to: Square::new(0, 0)
                }; MAX_PLY];
                MAX_PLY + 1
            ],
            pv_len: [0; MAX_PLY + 1],
            keep_table: false,
        }
    }

    /// A transposition table of 2^bits entries (default 2^18, 4 MB).
    pub fn with_table_bits(mut self, bits: u32) -> Searcher<'t> {
        self.tt = TranspositionTable::new(bits);
        self
    }

    /// Keep the transposition table from one `best_move` to the next, as a game's
    /// player does: what the last search found about the positions ahead is not
    /// searched again. A search then depends on the ones before it (still deterministic
    /// for the same sequence of searches); `forget` empties the table, at a new game.
    pub fn keeping_table(mut self) -> Searcher<'t> {
        self.keep_table = true;
        self
    }

    /// Empties the transposition table (a new game).
    pub fn forget(&mut self) {
        self.tt.clear();
    }

    /// Searches with `table`, kept between searches (`keeping_table`): for a player
    /// that makes a new searcher for each move and hands the table on.
    pub fn with_table(mut self, table: TranspositionTable) -> Searcher<'t> {
        self.tt = table;
        self.keeping_table()
    }

    /// The transposition table, to hand to the next move's searcher.
    pub fn into_table(self) -> TranspositionTable {
        self.tt
    }

    /// Also stop after this much wall time: convenient for play, but the result then
    /// depends on the machine's speed. Never used by the tests.
    pub fn with_time_limit(mut self, time: Duration) -> Searcher<'t> {
        self.time_limit = Some((time, Instant::now()));
        self
    }

    /// The best move for the side to move in `pos`. `history`: the Zobrist hashes of the
    /// game's positions before `pos`, oldest first (`pos` itself may end the list), so
    /// that the variant's repetition rule is honoured.
    pub fn best_move(&mut self, pos: &Position, history: &[u64]) -> SearchResult {
        let t = self.tables;
        if !self.keep_table {
            self.tt.clear();
        }
        self.ordering.clear();
        self.reps = Repetitions::new(t, pos, history);
        self.nodes = 1;
        self.stopped = false;
        self.may_stop = false;
        if let Some((time, _)) = self.time_limit {
            self.time_limit = Some((time, Instant::now()));
        }
        let mut result = SearchResult {
            best_move: None,
            score: 0,
            pv: Vec::new(),
            depth: 0,
            nodes: 1,
            outcome: None,
            plies_to_end: None,
        };
        if let Some(o) = self.reps.ending(t, pos) {
            result.score = match o.winner {
                Some(w) if w == pos.side_to_move() => win_at(0),
                Some(_) => -win_at(0),
                None => 0,
            };
            result.outcome = o.winner.map(|w| {
                if w == pos.side_to_move() {
                    SearchOutcome::Win
                } else {
                    SearchOutcome::Loss
                }
            });
            result.plies_to_end = o.winner.map(|_| 0);
            return result;
        }
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 4)
            .clamp(1, MAX_PLY as u32 - 4);
        for depth in 1..=max_depth {
            let score = self.negamax(pos, depth, 0, -INFINITY, INFINITY);
            if self.stopped {
                break;
            }
            result.score = score;
            result.depth = depth;
            result.pv = self.pv[0][..self.pv_len[0]].to_vec();
            result.best_move = result.pv.first().copied();
            self.may_stop = true;
            if let Some(p) = score::plies_to_end(score) {
                // A proven end within this horizon: deeper iterations find nothing shorter.
                if p <= depth {
                    break;
                }
            }
        }
        result.nodes = self.nodes;
        result.plies_to_end = score::plies_to_end(result.score);
        result.outcome = result.plies_to_end.map(|_| {
            if result.score > 0 {
                SearchOutcome::Win
            } else {
                SearchOutcome::Loss
            }
        });
        result
    }

    #[inline]
    fn out_of_budget(&mut self) -> bool {
        if !self.may_stop {
            return false;
        }
        if let Some(limit) = self.limits.nodes {
            if self.nodes >= limit {
                return true;
            }
        }
        if let Some((time, start)) = self.time_limit {
            if self.nodes & 4095 == 0 && start.elapsed() >= time {
                return true;
            }
        }
        false
    }

    /// The score of an ended game for the player who moved into it at `ply` (the end
    /// is `ply + 1` plies from the root).
    #[inline]
    fn end_score(outcome: Outcome, mover: Side, ply: usize) -> i32 {
        match outcome.winner {
            Some(w) if w == mover => win_at(ply + 1),
            Some(_) => -win_at(ply + 1),
            None => 0,
        }
    }

    /// A child at the horizon, for its side to move at `ply`, whose ending other than
    /// having no legal move was judged already (`ending_unless_stuck`).
    #[inline]
    fn leaf(&self, pos: &Position, ply: usize, parent_routes: Option<&KingRoutes>) -> i32 {
        let t = self.tables;
        let routes = self.evaluator.routes_reusing(t, pos, parent_routes);
        debug_assert_eq!(
            routes,
            pos.king().map(|k| self.evaluator.escape_routes(t, pos, k))
        );
        // The king's moves are legal ones unless a berserker must move on.
        let king_moves = match routes {
            Some(reach) if pos.side_to_move() == Side::Defenders && pos.berserker().is_none() => {
                if reach.escapes > 0 {
                    return win_at(ply + 1);
                }
                reach.mobility
            }
            _ => 0,
        };
        debug_assert!(!self.evaluator.surely_has_moves(pos) || pos.has_moves(t));
        if king_moves == 0 && !self.evaluator.surely_has_moves(pos) && !pos.has_moves(t) {
            return -win_at(ply);
        }
        if pos.side_to_move() == Side::Defenders
            && pos.berserker().is_some()
            && pos.king_escapes_in_one(t)
        {
            return win_at(ply + 1);
        }
        self.evaluator.evaluate_with_routes(pos, routes)
    }

    /// The table's answer for `pos` at this depth and window, if it settles the node
    /// (never at the root, which must name a move); and its move, to try first.
    #[inline]
    fn probe(
        &self,
        key: u64,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> (Option<i32>, Option<Move>) {
        let Some(e) = self.tt.probe(key) else {
            return (None, None);
        };
        if ply > 0 && e.depth >= depth {
            let s = from_table(e.score, ply);
            let settled = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if settled {
                return (Some(s), e.best);
            }
        }
        (None, e.best)
    }

    /// The moves of `pos` with their ordering keys and quietness, into `moves`.
    #[inline]
    fn keyed_moves(
        &self,
        pos: &Position,
        table_move: Option<Move>,
        ply: usize,
        moves: &mut Vec<(Move, u32, bool)>,
    ) {
        let t = self.tables;
        moves.clear();
        let node = self.ordering.node_info(t, pos, table_move, ply);
        pos.for_each_piece_moves(t, |pm| {
            for mv in pm.iter() {
                let (k, quiet) = self.ordering.key(t, &node, mv);
                moves.push((mv, k, quiet));
            }
        });
    }

    /// Brings the `i`-th best move by key to place `i`: the first few are selected one
    /// by one (most nodes cut after one or two), the rest sorted once.
    #[inline]
    fn pick(moves: &mut [(Move, u32, bool)], i: usize) {
        if i < SELECTED {
            let mut j = i;
            for k in i + 1..moves.len() {
                if moves[k].1 > moves[j].1 {
                    j = k;
                }
            }
            moves.swap(i, j);
        } else if i == SELECTED {
            moves[i..].sort_by_key(|m| std::cmp::Reverse(m.1));
        }
    }

    /// `mv` heads the principal variation at `ply`, followed by the child's.
    #[inline]
    fn extend_pv(&mut self, ply: usize, mv: Move) {
        self.pv[ply][0] = mv;
        let n = self.pv_len[ply + 1];
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][1..=n].copy_from_slice(&tail[0][..n]);
        self.pv_len[ply] = n + 1;
    }

    /// The score of an interior child `child` (the `i`-th move tried) for the side that
    /// moved into it: principal variation search, the first move with the full window,
    /// the others with a null window that only asks whether they beat alpha, searched
    /// again in full when one does. A late move (`reduction` plies, see
    /// `REDUCE_FROM_MOVE`) is asked at that much less depth first, and again at full
    /// depth when it beats alpha.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn search_child(
        &mut self,
        child: &Position,
        i: usize,
        depth: u32,
        reduction: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        self.reps.push(child);
        let mut s = alpha + 1;
        if i > 0 && reduction > 0 {
            s = -self.negamax(child, depth - 1 - reduction, ply + 1, -alpha - 1, -alpha);
        }
        if i > 0 && s > alpha {
            s = -self.negamax(child, depth - 1, ply + 1, -alpha - 1, -alpha);
        }
        if i == 0 || (s > alpha && s < beta) {
            s = -self.negamax(child, depth - 1, ply + 1, -beta, -alpha);
        }
        self.reps.pop();
        s
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.pv_len[ply] = 0;
        if self.out_of_budget() {
            self.stopped = true;
            return 0;
        }
        let t = self.tables;
        // Mate distance: nothing here beats a win on the next ply or loses faster than now.
        alpha = alpha.max(-win_at(ply + 1));
        beta = beta.min(win_at(ply + 1));
        if alpha >= beta {
            // Positions without a legal move reach here (see `ending_unless_stuck`): they
            // are lost now, which the window's bound does not cover.
            if !pos.has_moves(t) {
                return -win_at(ply);
            }
            return alpha;
        }
        let key = pos.hash();
        let (settled, table_move) = self.probe(key, depth, ply, alpha, beta);
        if let Some(s) = settled {
            return s;
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        self.keyed_moves(pos, table_move, ply, &mut moves);
        if moves.is_empty() {
            // No legal move: the side to move has lost (the parent judged every other end).
            self.moves[ply] = moves;
            return -win_at(ply);
        }
        let mover = pos.side_to_move();
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        // Made after a few children (most nodes cut before): rules out encirclement
        // after most attacker moves without a flood.
        let mut hint = None;
        // The king's escape routes here, which most leaves below share (a move off his
        // rank and file leaves them alone).
        let parent_routes = if depth <= 1 {
            self.evaluator.king_routes(t, pos)
        } else {
            None
        };
        for i in 0..moves.len() {
            if i == HINT_AFTER && mover == Side::Attackers {
                hint = pos.encirclement_hint(t);
            }
            Self::pick(&mut moves, i);
            let (mv, key, quiet) = moves[i];
            // Copied then played on, so that the child is built in place.
            let mut child = pos.clone();
            child.play(t, mv);
            self.nodes += 1;
            if depth > 1 {
                self.tt.prefetch(child.hash());
            }
            self.pv_len[ply + 1] = 0;
            let ending = self
                .reps
                .ending_unless_stuck_after(t, &child, hint.as_ref(), mv.to);
            let score = match ending {
                Some(o) => Self::end_score(o, mover, ply),
                None if depth <= 1 => -self.leaf(&child, ply + 1, parent_routes.as_ref()),
                None => {
                    let late = i >= REDUCE_FROM_MOVE
                        && depth >= REDUCE_FROM_DEPTH
                        && Ordering::by_history(key, quiet)
                        && pos.king() != Some(mv.from);
                    let reduction = if !late {
                        0
                    } else if i >= REDUCE_TWO_FROM_MOVE && depth >= REDUCE_TWO_FROM_DEPTH {
                        2
                    } else {
                        1
                    };
                    self.search_child(&child, i, depth, reduction, ply, alpha, beta)
                }
            };
            if self.stopped {
                self.moves[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.extend_pv(ply, mv);
                    if score >= beta {
                        if quiet {
                            self.ordering.reward(mover as usize, mv, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            Entry {
                best: best_move,
                score: to_table(best, ply),
                depth,
                bound,
            },
        );
        best
    }
}
