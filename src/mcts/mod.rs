//! The Monte Carlo tree search player: UCT with MCTS-Solver.
//!
//! Each iteration walks down the tree by UCB1, adds one position, and plays a game out
//! from it with the playout policy (random moves, but a win in one is taken and the
//! opponent's is blocked); the result is backed up to the root. MCTS-Solver (Winands,
//! Björnsson and Saito, 2008) also backs up proven results: a position where the side to
//! move has a move to a proven win is a proven win, one where every move leads to a proven
//! loss is a proven loss. So once a forced escape (or capture) is in the tree it is never
//! missed, and moves proven to lose are never played while another move remains.
//!
//! Every position on the tree path and in the playouts is judged by the variant's rules,
//! threefold repetition included (with the game's history before the root), and by the
//! engine's berserk turns: a node's side to move is read from its position, never assumed
//! to alternate. A playout may be cut off after `cutoff` plies, its result then the
//! search evaluation turned into a win probability.
//!
//! Deterministic under a seed and a playout or node limit: the same position, history and
//! configuration give the same move (a time limit, of course, does not).
//!
//! ```
//! use taflcount::mcts::{Mcts, MctsConfig};
//! use taflcount::moves::{Position, Tables};
//! use taflcount::rules::catalog;
//!
//! let tables = Tables::new(&catalog::find("brandub").unwrap().rules()).unwrap();
//! let start = Position::start(&tables);
//! let result = Mcts::new(&tables, MctsConfig::playouts(200)).best_move(&start, &[]);
//! assert!(start.legal_moves(&tables).contains(&result.best_move.unwrap()));
//! assert_eq!(result.playouts, 200);
//! ```

mod playout;

use crate::board::Side;
use crate::board::Square;
use crate::moves::Repetitions;
use crate::moves::{Move, Position, Tables};
use crate::rng::GameRng as ChaCha8Rng;
use crate::search::{Evaluator, SearchOutcome, Weights};
use rand::{RngExt, SeedableRng};
use std::time::{Duration, Instant};

/// When a search stops; the first limit reached ends it. With none set, 1000 playouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MctsLimits {
    /// Iterations (each ends in one playout or at a decided position).
    pub playouts: Option<u64>,
    /// Positions in the tree.
    pub nodes: Option<u64>,
    /// Wall time: the result then depends on the machine.
    pub movetime: Option<Duration>,
}

/// The search's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// When each search stops.
    pub limits: MctsLimits,
    /// The UCB1 exploration constant c in mean + c·sqrt(ln N / n).
    pub exploration: f64,
    /// Cut playouts off after this many plies and score them by the evaluation.
    pub cutoff: Option<u32>,
    /// Playouts still going after this many plies count as draws (or, with a cut-off,
    /// are scored by the evaluation).
    pub max_playout_plies: u32,
    /// The evaluation's weights, for the cut-off.
    pub weights: Weights,
    /// Seeds the move order in the tree and the playouts (mixed with the position's
    /// hash), so a search under a playout or node limit is repeatable.
    pub seed: u64,
}

/// Playouts per search when no limit is given.
pub const DEFAULT_PLAYOUTS: u64 = 1000;
/// Tree nodes at most, whatever the limits (about 40 bytes each).
pub const MAX_NODES: usize = 1 << 22;

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            limits: MctsLimits::default(),
            exploration: 0.7,
            cutoff: None,
            max_playout_plies: 400,
            weights: Weights::default(),
            seed: 0,
        }
    }
}

impl MctsConfig {
    /// The default settings with a playout limit.
    pub fn playouts(playouts: u64) -> MctsConfig {
        MctsConfig {
            limits: MctsLimits {
                playouts: Some(playouts),
                ..MctsLimits::default()
            },
            ..MctsConfig::default()
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsResult {
    /// `None` only when the game is already over.
    pub best_move: Option<Move>,
    /// The chosen move's mean playout result for the side to move (0 lost, 1 won).
    pub value: f64,
    /// Iterations run (each ends in one playout or at a decided position).
    pub playouts: u64,
    /// Positions in the tree.
    pub nodes: u64,
    /// A proven result for the side to move.
    pub outcome: Option<SearchOutcome>,
    /// Plies to the proven end.
    pub plies_to_end: Option<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum State {
    /// Added to the tree, its position not yet looked at.
    Unvisited,
    /// A position where the game goes on.
    Open,
    /// The game ended drawn here.
    Draw,
    /// A proven win for `winner`, `plies` from this position.
    Proven { winner: Side, plies: u16 },
}

#[derive(Clone, Copy, Debug)]
struct Node {
    /// The move that led here, and who played it.
    mv: Move,
    mover: Side,
    /// The side to move here (known once visited).
    to_move: Side,
    parent: u32,
    first_child: u32,
    children: u32,
    expanded: bool,
    visits: u32,
    /// Sum of results for `mover`.
    value: f64,
    state: State,
}

/// A reusable search over one variant. Every `best_move` starts from an empty tree.
pub struct Mcts<'t> {
    tables: &'t Tables,
    config: MctsConfig,
    evaluator: Evaluator,
    nodes: Vec<Node>,
}

/// The result of a finished playout or ended game, for the defenders: 1 won, 0 lost.
fn defenders_result(winner: Option<Side>) -> f64 {
    match winner {
        Some(Side::Defenders) => 1.0,
        Some(Side::Attackers) => 0.0,
        None => 0.5,
    }
}

fn for_side(defenders: f64, side: Side) -> f64 {
    match side {
        Side::Defenders => defenders,
        Side::Attackers => 1.0 - defenders,
    }
}

impl<'t> Mcts<'t> {
    /// A search under `config`; the tree's memory is kept and reused by later searches.
    pub fn new(tables: &'t Tables, config: MctsConfig) -> Mcts<'t> {
        let evaluator = Evaluator::new(tables, config.weights);
        Mcts {
            tables,
            config,
            evaluator,
            nodes: Vec::new(),
        }
    }

    /// The settings the searches use.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Changes the seed of later searches (a match gives each game its own).
    pub fn set_seed(&mut self, seed: u64) {
        self.config.seed = seed;
    }

    /// The best move for the side to move in `pos`. `history`: the Zobrist hashes of the
    /// game's positions before `pos`, oldest first (`pos` itself may end the list).
    pub fn best_move(&mut self, pos: &Position, history: &[u64]) -> MctsResult {
        let t = self.tables;
        let started = Instant::now();
        let mut reps = Repetitions::new(t, pos, history);
        let mut result = MctsResult {
            best_move: None,
            value: 0.0,
            playouts: 0,
            nodes: 1,
            outcome: None,
            plies_to_end: None,
        };
        if reps.ending(t, pos).is_some() {
            return result;
        }
        let mut rng =
            ChaCha8Rng::seed_from_u64(self.config.seed ^ pos.hash().rotate_left(23) ^ 0x6d63_7473);
        self.plant_root(pos);
        result.playouts = self.grow(pos, &mut reps, &mut rng, started);
        if !self.nodes[0].expanded {
            self.expand(0, pos, &mut rng);
        }
        result.nodes = self.nodes.len() as u64;
        let me = pos.side_to_move();
        let chosen = match self.nodes[0].state {
            State::Proven { winner, plies } => {
                result.outcome = Some(if winner == me {
                    SearchOutcome::Win
                } else {
                    SearchOutcome::Loss
                });
                result.plies_to_end = Some(plies as u32);
                self.proven_choice(me, winner == me)
            }
            _ => None,
        };
        if let Some(c) = chosen.or_else(|| self.most_visited(me)) {
            result.best_move = Some(self.nodes[c].mv);
            result.value = self.mean(c);
        }
        result
    }

    /// Empties the tree and puts in the root, the position `pos`.
    fn plant_root(&mut self, pos: &Position) {
        self.nodes.clear();
        self.nodes.push(Node {
            mv: Move {
                from: Square::new(0, 0),
                to: Square::new(0, 0),
            },
            mover: pos.side_to_move().opponent(),
            to_move: pos.side_to_move(),
            parent: u32::MAX,
            first_child: 0,
            children: 0,
            expanded: false,
            visits: 0,
            value: 0.0,
            state: State::Open,
        });
    }

    /// Runs playouts from the root `pos` until a limit is reached, the root is proven
    /// or it has a single move; the number of playouts run.
    fn grow(
        &mut self,
        pos: &Position,
        reps: &mut Repetitions,
        rng: &mut ChaCha8Rng,
        started: Instant,
    ) -> u64 {
        let limits = self.config.limits;
        let max_playouts = match limits {
            MctsLimits {
                playouts: None,
                nodes: None,
                movetime: None,
            } => Some(DEFAULT_PLAYOUTS),
            _ => limits.playouts,
        };
        let mut playouts = 0;
        loop {
            if max_playouts.is_some_and(|n| playouts >= n)
                || limits.nodes.is_some_and(|n| self.nodes.len() as u64 >= n)
                || limits.movetime.is_some_and(|d| started.elapsed() >= d)
                || self.nodes.len() + 512 >= MAX_NODES
                || matches!(self.nodes[0].state, State::Proven { .. })
            {
                break;
            }
            self.iterate(pos, reps, rng);
            playouts += 1;
            // One legal move: nothing to search.
            if self.nodes[0].children == 1 {
                break;
            }
        }
        playouts
    }

    /// In a proven root, the child proven to win for `me` fastest (`want_win`), or to
    /// lose as late as possible.
    fn proven_choice(&self, me: Side, want_win: bool) -> Option<usize> {
        self.children(0)
            .filter(|&c| {
                matches!(self.nodes[c].state,
                    State::Proven { winner, .. } if (winner == me) == want_win)
            })
            .min_by_key(|&c| match self.nodes[c].state {
                // Win fastest, or lose as late as possible.
                State::Proven { plies, .. } if want_win => plies as i32,
                State::Proven { plies, .. } => -(plies as i32),
                _ => 0,
            })
    }

    /// The root's most visited move not proven to lose for `me`; ties: the better mean,
    /// then order. The first child if every one loses.
    fn most_visited(&self, me: Side) -> Option<usize> {
        let mut best: Option<usize> = None;
        for c in self.children(0) {
            let n = &self.nodes[c];
            if matches!(n.state, State::Proven { winner, .. } if winner != me) {
                continue;
            }
            let better = match best {
                None => true,
                Some(b) => {
                    let m = &self.nodes[b];
                    (n.visits, self.mean(c)) > (m.visits, self.mean(b))
                }
            };
            if better {
                best = Some(c);
            }
        }
        best.or(self.children(0).next())
    }

    fn children(&self, node: usize) -> std::ops::Range<usize> {
        let n = &self.nodes[node];
        n.first_child as usize..(n.first_child + n.children) as usize
    }

    fn mean(&self, node: usize) -> f64 {
        let n = &self.nodes[node];
        match n.state {
            State::Proven { winner, .. } => (winner == n.mover) as u8 as f64,
            _ if n.visits == 0 => 0.5,
            _ => n.value / n.visits as f64,
        }
    }

    /// Adds the moves of `node` (at position `pos`) as unvisited children, in random
    /// order except that a win in one comes first.
    fn expand(&mut self, node: usize, pos: &Position, rng: &mut ChaCha8Rng) {
        let t = self.tables;
        let mut moves = pos.legal_moves(t);
        for i in (1..moves.len()).rev() {
            let j = rng.random_range(0..=i);
            moves.swap(i, j);
        }
        if let Some(win) = playout::winning_move(t, pos) {
            if let Some(i) = moves.iter().position(|&m| m == win) {
                moves.swap(0, i);
            }
        }
        let first = self.nodes.len() as u32;
        let mover = pos.side_to_move();
        for mv in &moves {
            self.nodes.push(Node {
                mv: *mv,
                mover,
                to_move: mover,
                parent: node as u32,
                first_child: 0,
                children: 0,
                expanded: false,
                visits: 0,
                value: 0.0,
                state: State::Unvisited,
            });
        }
        let n = &mut self.nodes[node];
        n.first_child = first;
        n.children = moves.len() as u32;
        n.expanded = true;
    }

    /// UCB1 among the children of `node`, skipping moves proven to lose; an unvisited
    /// child first, a proven win at once.
    fn select(&self, node: usize) -> usize {
        let me = self.nodes[node].to_move;
        let log_n = (self.nodes[node].visits.max(1) as f64).ln();
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        for c in self.children(node) {
            let child = &self.nodes[c];
            let score = match child.state {
                State::Unvisited => return c,
                State::Proven { winner, .. } if winner == me => return c,
                State::Proven { .. } => continue,
                _ => {
                    child.value / child.visits as f64
                        + self.config.exploration * (log_n / child.visits as f64).sqrt()
                }
            };
            if score > best_score {
                best_score = score;
                best = Some(c);
            }
        }
        best.unwrap_or(self.nodes[node].first_child as usize)
    }

    /// One iteration: down the tree, one new position, a playout, results backed up.
    fn iterate(&mut self, root: &Position, reps: &mut Repetitions, rng: &mut ChaCha8Rng) {
        let t = self.tables;
        let mut pos = root.clone();
        let mut node = 0;
        let mut pushed = 0;
        let result = loop {
            match self.nodes[node].state {
                State::Proven { winner, .. } => break defenders_result(Some(winner)),
                State::Draw => break 0.5,
                _ => {}
            }
            if !self.nodes[node].expanded {
                self.expand(node, &pos, rng);
            }
            let child = self.select(node);
            pos.play(t, self.nodes[child].mv);
            node = child;
            if self.nodes[node].state != State::Unvisited {
                reps.push(&pos);
                pushed += 1;
                continue;
            }
            // A new position: judge it, then play it out.
            self.nodes[node].to_move = pos.side_to_move();
            match reps.ending(t, &pos) {
                Some(o) => {
                    self.nodes[node].state = match o.winner {
                        Some(winner) => State::Proven { winner, plies: 0 },
                        None => State::Draw,
                    };
                    self.prove_upward(node);
                    break defenders_result(o.winner);
                }
                None if playout::winning_move(t, &pos).is_some() => {
                    // The side to move escapes or captures at once: proven without a
                    // playout (such an end cannot be a repetition: the king stands on
                    // an escape square, or a piece left the board).
                    let winner = pos.side_to_move();
                    self.nodes[node].state = State::Proven { winner, plies: 1 };
                    self.prove_upward(node);
                    break defenders_result(Some(winner));
                }
                None => {
                    self.nodes[node].state = State::Open;
                    reps.push(&pos);
                    pushed += 1;
                    break self.playout(pos, reps, rng);
                }
            }
        };
        for _ in 0..pushed {
            reps.pop();
        }
        let mut n = node;
        loop {
            let entry = &mut self.nodes[n];
            entry.visits += 1;
            entry.value += for_side(result, entry.mover);
            if n == 0 {
                break;
            }
            n = entry.parent as usize;
        }
    }

    /// After `node` was proven, proves its ancestors that now are.
    fn prove_upward(&mut self, mut node: usize) {
        while node != 0 {
            let parent = self.nodes[node].parent as usize;
            let me = self.nodes[parent].to_move;
            let mut fastest_win: Option<u16> = None;
            let mut slowest_loss: Option<u16> = Some(0);
            for c in self.children(parent) {
                match self.nodes[c].state {
                    State::Proven { winner, plies } if winner == me => {
                        fastest_win = Some(fastest_win.map_or(plies, |p| p.min(plies)));
                    }
                    State::Proven { plies, .. } => {
                        slowest_loss = slowest_loss.map(|p| p.max(plies));
                    }
                    _ => slowest_loss = None,
                }
            }
            let state = match (fastest_win, slowest_loss) {
                (Some(p), _) => State::Proven {
                    winner: me,
                    plies: p.saturating_add(1),
                },
                (None, Some(p)) => State::Proven {
                    winner: me.opponent(),
                    plies: p.saturating_add(1),
                },
                (None, None) => return,
            };
            if self.nodes[parent].state == state {
                return;
            }
            self.nodes[parent].state = state;
            node = parent;
        }
    }

    /// Plays `pos` (just entered, not ended) out; the result for the defenders.
    fn playout(&self, mut pos: Position, reps: &mut Repetitions, rng: &mut ChaCha8Rng) -> f64 {
        let t = self.tables;
        let mut pushed = 0;
        let mut plies = 0;
        let result = loop {
            if self.config.cutoff.is_some_and(|c| plies >= c)
                || plies >= self.config.max_playout_plies
            {
                break if self.config.cutoff.is_some() {
                    self.evaluation_result(&pos)
                } else {
                    0.5
                };
            }
            let moves = pos.legal_moves(t);
            if moves.is_empty() {
                break defenders_result(Some(pos.side_to_move().opponent()));
            }
            let mv = playout::choose(t, &pos, &moves, rng);
            pos.play(t, mv);
            plies += 1;
            if let Some(o) = reps.ending(t, &pos) {
                break defenders_result(o.winner);
            }
            reps.push(&pos);
            pushed += 1;
        };
        for _ in 0..pushed {
            reps.pop();
        }
        result
    }

    /// The evaluation as the defenders' chance: 1 / (1 + 10^(-score/400)), an attacker
    /// being 100 points.
    fn evaluation_result(&self, pos: &Position) -> f64 {
        let score = self.evaluator.evaluate(self.tables, pos) as f64;
        let defenders = match pos.side_to_move() {
            Side::Defenders => score,
            Side::Attackers => -score,
        };
        1.0 / (1.0 + 10f64.powf(-defenders / 400.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::catalog;
    use crate::test_support::position as setup;

    fn text(m: Move) -> String {
        m.to_string()
    }

    #[test]
    fn proves_a_forced_win_that_alpha_beta_confirms() {
        // fixtures/misplays/brandub-escape-in-3.json, proven by the exhaustive solver:
        // the defenders to move win, at the soonest in 5 plies (d4-d2 or d4-d6). MCTS
        // must prove a win too, never a shorter one, and its move must win: the
        // alpha-beta search then finds the attackers lost.
        let (t, pos) = setup(
            "brandub",
            "starti:/1t3t1/7/t5t/3K3/t5t/7/1t3t1/",
            Side::Defenders,
        );
        let r = Mcts::new(&t, MctsConfig::playouts(60_000)).best_move(&pos, &[]);
        assert_eq!(r.outcome, Some(SearchOutcome::Win), "{r:?}");
        assert!(r.playouts < 60_000, "the proof ends the search early");
        let plies = r.plies_to_end.unwrap();
        assert!(plies >= 5 && plies % 2 == 1, "{r:?}");
        let mut after = pos.clone();
        after.play(&t, r.best_move.unwrap());
        let check = crate::search::Searcher::new(&t, crate::search::Limits::depth(plies))
            .best_move(&after, &[pos.hash()]);
        assert_eq!(check.outcome, Some(SearchOutcome::Loss), "{check:?}");
        assert!(check.plies_to_end.unwrap() < plies);
    }

    #[test]
    fn proves_a_forced_escape_in_three_plies_on_sea_battle() {
        // fixtures/misplays/sea-battle-9-escape-in-2.json (edge escapes): the defenders
        // win within 3 plies with any of eight king moves.
        let (t, pos) = setup(
            "sea-battle-9",
            "starti:/9/4t4/9/9/1t2K2t1/9/9/4t4/T8/",
            Side::Defenders,
        );
        let r = Mcts::new(&t, MctsConfig::playouts(20_000)).best_move(&pos, &[]);
        assert_eq!(r.outcome, Some(SearchOutcome::Win), "{r:?}");
        assert_eq!(r.plies_to_end, Some(3));
        let wins = [
            "e5-c5", "e5-d5", "e5-e3", "e5-e4", "e5-e6", "e5-e7", "e5-f5", "e5-g5",
        ];
        assert!(wins.contains(&text(r.best_move.unwrap()).as_str()));
    }

    #[test]
    fn the_same_seed_and_playouts_give_the_same_search() {
        let t = Tables::new(&catalog::find("copenhagen").unwrap().rules()).unwrap();
        let pos = Position::start(&t);
        let run = |seed| {
            let config = MctsConfig {
                seed,
                cutoff: Some(16),
                ..MctsConfig::playouts(300)
            };
            Mcts::new(&t, config).best_move(&pos, &[])
        };
        let a = run(7);
        assert_eq!(a, run(7));
        assert_eq!(a.playouts, 300);
        assert!(a.nodes > 300);
        let node_limited = MctsConfig {
            limits: MctsLimits {
                nodes: Some(500),
                ..MctsLimits::default()
            },
            ..MctsConfig::default()
        };
        let b = Mcts::new(&t, node_limited.clone()).best_move(&pos, &[]);
        assert_eq!(b, Mcts::new(&t, node_limited).best_move(&pos, &[]));
        assert!(b.nodes >= 500 && b.nodes < 500 + 200);
    }

    #[test]
    fn plays_every_catalog_variant_including_berserk_turns() {
        // Six plies of MCTS self-play from the start of every variant, then, in the two
        // berserk variants, a position in the middle of a berserk turn found by seeded
        // random play: every move chosen is legal, side to move read from the position.
        use rand::RngExt;
        for v in catalog::VARIANTS {
            let t = Tables::new(&v.rules()).unwrap();
            let mut pos = Position::start(&t);
            let mut history = vec![];
            let config = MctsConfig {
                cutoff: Some(8),
                ..MctsConfig::playouts(40)
            };
            let mut mcts = Mcts::new(&t, config);
            for _ in 0..6 {
                if pos.is_over(&t) {
                    break;
                }
                let r = mcts.best_move(&pos, &history);
                let mv = r.best_move.unwrap();
                assert!(pos.legal_moves(&t).contains(&mv), "{}: {mv}", v.name);
                history.push(pos.hash());
                pos.play(&t, mv);
            }
            if t.rules().berserk == crate::rules::Berserk::None {
                continue;
            }
            let mut rng = ChaCha8Rng::seed_from_u64(11);
            let mut found = 0;
            for _ in 0..200 {
                let mut pos = Position::start(&t);
                for _ in 0..300 {
                    if pos.is_over(&t) {
                        break;
                    }
                    if pos.berserker().is_some() {
                        let r = mcts.best_move(&pos, &[]);
                        let mv = r.best_move.unwrap();
                        assert_eq!(mv.from, pos.berserker().unwrap(), "{}", v.name);
                        assert!(pos.legal_moves(&t).contains(&mv));
                        found += 1;
                        break;
                    }
                    let moves = pos.legal_moves(&t);
                    pos.play(&t, moves[rng.random_range(0..moves.len())]);
                }
                if found >= 3 {
                    break;
                }
            }
            assert!(found >= 3, "{}: no berserk turn met", v.name);
        }
    }
}
