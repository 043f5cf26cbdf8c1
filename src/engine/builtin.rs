//! taflcount's own engines: random, greedy and first (one-ply baselines), the alpha-beta
//! search and the Monte Carlo tree search.

use super::greedy::Greedy;
use super::interface::{Engine, EngineError, GameSeed, MoveLimit, SearchEffort, Turn};
use crate::mcts::{Mcts, MctsConfig, MctsLimits};
use crate::moves::{Move, Tables};
use crate::rng::{game_rng, GameRng};
use crate::search::{Limits, Searcher, Weights};
use rand::RngExt;
use std::time::Duration;

/// The legal moves of the turn's position; an error when there is none.
fn legal(turn: &Turn) -> Result<Vec<Move>, EngineError> {
    let moves = turn.position.legal_moves(turn.tables);
    if moves.is_empty() {
        Err(EngineError::NoMove)
    } else {
        Ok(moves)
    }
}

/// Uniformly random legal moves, drawn from the game's stream: game `i` of a run seeded
/// `s` plays from `rng::game_rng(s, i)`.
pub struct RandomEngine {
    rng: GameRng,
}

impl RandomEngine {
    /// Seeded with 0 until a game starts.
    pub fn new() -> RandomEngine {
        RandomEngine {
            rng: game_rng(0, 0),
        }
    }
}

impl Default for RandomEngine {
    fn default() -> RandomEngine {
        RandomEngine::new()
    }
}

impl Engine for RandomEngine {
    fn start_game(&mut self, seed: GameSeed) {
        self.rng = game_rng(seed.seed, seed.game);
    }

    fn choose(&mut self, turn: &Turn) -> Result<Move, EngineError> {
        let moves = legal(turn)?;
        Ok(moves[self.rng.random_range(0..moves.len())])
    }
}

/// The one-ply greedy player ([`Greedy`]); it breaks ties from the game's stream.
pub struct GreedyEngine {
    rng: GameRng,
}

impl GreedyEngine {
    /// Seeded with 0 until a game starts.
    pub fn new() -> GreedyEngine {
        GreedyEngine {
            rng: game_rng(0, 0),
        }
    }
}

impl Default for GreedyEngine {
    fn default() -> GreedyEngine {
        GreedyEngine::new()
    }
}

impl Engine for GreedyEngine {
    fn start_game(&mut self, seed: GameSeed) {
        self.rng = game_rng(seed.seed, seed.game);
    }

    fn choose(&mut self, turn: &Turn) -> Result<Move, EngineError> {
        let moves = legal(turn)?;
        Ok(Greedy::choose(
            turn.tables,
            turn.position,
            &moves,
            &mut self.rng,
        ))
    }
}

/// Always the first legal move in generation order: the floor any engine should beat,
/// the same on every run.
pub struct FirstEngine;

impl Engine for FirstEngine {
    fn start_game(&mut self, _seed: GameSeed) {}

    fn choose(&mut self, turn: &Turn) -> Result<Move, EngineError> {
        Ok(legal(turn)?[0])
    }
}

/// The alpha-beta search (`taflcount::search`) under fixed limits and weights; one
/// transposition table for the whole game.
pub struct SearchEngine<'t> {
    tables: &'t Tables,
    limits: Limits,
    movetime: Option<Duration>,
    weights: Weights,
    /// The limit set from outside, if any.
    limit: Option<MoveLimit>,
    searcher: Searcher<'t>,
    /// What the last move's search went through.
    effort: Option<SearchEffort>,
}

impl<'t> SearchEngine<'t> {
    /// `limits` bound the depth and nodes per move, `weights` set the evaluation; `movetime`,
    /// if any, also stops each move's search after that much wall time (the moves then
    /// depend on the machine's speed).
    pub fn new(
        tables: &'t Tables,
        limits: Limits,
        movetime: Option<Duration>,
        weights: Weights,
    ) -> SearchEngine<'t> {
        let searcher = Self::searcher(tables, limits, movetime, weights);
        SearchEngine {
            tables,
            limits,
            movetime,
            weights,
            limit: None,
            searcher,
            effort: None,
        }
    }

    fn searcher(
        tables: &'t Tables,
        limits: Limits,
        movetime: Option<Duration>,
        weights: Weights,
    ) -> Searcher<'t> {
        let searcher = Searcher::with_weights(tables, limits, weights).keeping_table();
        match movetime {
            Some(time) => searcher.with_time_limit(time),
            None => searcher,
        }
    }

    /// A fresh searcher under the limits in force (an empty transposition table).
    fn rebuild(&mut self) {
        let (limits, movetime) = match self.limit {
            None => (self.limits, self.movetime),
            Some(MoveLimit::Nodes(n)) => (Limits::nodes(n), None),
            Some(MoveLimit::Time(time)) => (Limits::default(), Some(time)),
        };
        self.searcher = Self::searcher(self.tables, limits, movetime, self.weights);
    }
}

impl Engine for SearchEngine<'_> {
    fn start_game(&mut self, _seed: GameSeed) {
        self.searcher.forget();
    }

    fn set_limit(&mut self, limit: Option<MoveLimit>) {
        if limit != self.limit {
            self.limit = limit;
            self.rebuild();
        }
    }

    fn choose(&mut self, turn: &Turn) -> Result<Move, EngineError> {
        let result = self.searcher.best_move(turn.position, turn.history);
        self.effort = Some(SearchEffort {
            depth: result.depth,
            nodes: result.nodes,
        });
        result.best_move.ok_or(EngineError::NoMove)
    }

    fn reset(&mut self) {
        self.rebuild();
    }

    fn last_effort(&self) -> Option<SearchEffort> {
        self.effort
    }
}

/// The Monte Carlo tree search (`taflcount::mcts`); the game's seed is mixed into its own.
pub struct MctsEngine<'t> {
    tables: &'t Tables,
    config: MctsConfig,
    mcts: Mcts<'t>,
    base_seed: u64,
    /// The seed of the game in play (kept when a limit rebuilds the search).
    seed: u64,
}

impl<'t> MctsEngine<'t> {
    /// `config.seed` is the base seed; each game's seed is mixed into it.
    pub fn new(tables: &'t Tables, config: MctsConfig) -> MctsEngine<'t> {
        let base_seed = config.seed;
        MctsEngine {
            tables,
            mcts: Mcts::new(tables, config.clone()),
            config,
            base_seed,
            seed: base_seed,
        }
    }
}

impl Engine for MctsEngine<'_> {
    fn start_game(&mut self, seed: GameSeed) {
        // Game 0 keeps the seed mixing matches have always used.
        let game_seed = seed.seed ^ seed.game.wrapping_mul(crate::rng::GOLDEN_GAMMA >> 1);
        self.seed = self.base_seed ^ game_seed.wrapping_mul(crate::rng::GOLDEN_GAMMA);
        self.mcts.set_seed(self.seed);
    }

    fn set_limit(&mut self, limit: Option<MoveLimit>) {
        let mut config = self.config.clone();
        match limit {
            None => {}
            Some(MoveLimit::Nodes(n)) => {
                config.limits = MctsLimits {
                    nodes: Some(n),
                    ..MctsLimits::default()
                }
            }
            Some(MoveLimit::Time(time)) => {
                config.limits = MctsLimits {
                    movetime: Some(time),
                    ..MctsLimits::default()
                }
            }
        }
        self.mcts = Mcts::new(self.tables, config);
        self.mcts.set_seed(self.seed);
    }

    fn choose(&mut self, turn: &Turn) -> Result<Move, EngineError> {
        self.mcts
            .best_move(turn.position, turn.history)
            .best_move
            .ok_or(EngineError::NoMove)
    }
}
