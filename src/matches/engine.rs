//! The engines a match plays. An `Engine` is asked for one move at a time and is told
//! everything an engine outside this process would need too (rules, the moves from the
//! start with their captures, the position, the history for repetition), so an engine
//! speaking the OpenTafl engine protocol is one more implementation of the trait and one
//! more `EngineFactory`.

use crate::mcts::{Mcts, MctsConfig};
use crate::moves::{Move, Position, Tables};
use crate::notation::MoveText;
use crate::sampling::{game_rng, GameRng, GreedyPlayer, Player, RandomPlayer};
use crate::search::{Limits, Searcher, Weights};
use std::fmt;
use std::time::Duration;

/// What an engine is told when it is to move.
pub struct Turn<'a> {
    /// The variant's rules, compiled for play.
    pub tables: &'a Tables,
    /// The position to move in; its side to move is the engine's side.
    pub position: &'a Position,
    /// Zobrist hashes of the game's positions before `position`, oldest first (for the
    /// repetition rule).
    pub history: &'a [u64],
    /// The moves from the variant's start, with their captures (what an OpenTafl engine
    /// is sent).
    pub moves: &'a [MoveText],
}

/// An engine that could not give a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// It had nothing to say (e.g. a search with the game already over).
    NoMove,
    /// It failed: a protocol error, a refused command.
    Failed(String),
    /// Its process died or hung (no answer, no clock to run out): it is restarted.
    Crashed(String),
    /// It ran out of time on the match clock.
    TimeLoss(String),
    /// It played a move the rules forbid (an external engine; in-process engines are
    /// checked by the game).
    Illegal(String),
}

impl EngineError {
    /// The way a game lost by this error is reported: the same words for the same kind
    /// of failure, so the report can count them.
    pub fn kind(&self) -> &'static str {
        match self {
            EngineError::NoMove => "no move",
            EngineError::Failed(_) => "engine failure",
            EngineError::Crashed(_) => CRASHED,
            EngineError::TimeLoss(_) => LOST_ON_TIME,
            EngineError::Illegal(_) => "illegal move",
        }
    }
}

/// The forfeit reason of a crashed or hung engine.
pub const CRASHED: &str = "engine crashed";
/// The forfeit reason of an engine that ran out of time.
pub const LOST_ON_TIME: &str = "lost on time";

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::NoMove => f.write_str("the engine gave no move"),
            EngineError::Failed(why) => write!(f, "the engine failed: {why}"),
            EngineError::Crashed(why) => write!(f, "{CRASHED}: {why}"),
            EngineError::TimeLoss(why) => write!(f, "{LOST_ON_TIME}: {why}"),
            EngineError::Illegal(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for EngineError {}

impl crate::error::Kind for EngineError {}

/// A player in a match. One instance plays one game at a time.
pub trait Engine {
    /// A new game begins; `seed` fixes whatever the engine draws at random in it.
    fn new_game(&mut self, seed: u64);
    /// The move to play. The match checks that it is legal.
    fn choose(&mut self, turn: &Turn) -> Result<Move, EngineError>;
    /// The game is over (`None`: a draw); an external engine is told so.
    fn finish(&mut self, _winner: Option<crate::board::Side>) {}
}

/// Makes the engines of one kind, one per game (so games can run on several threads).
pub trait EngineFactory: Sync {
    /// The name shown in results.
    fn name(&self) -> &str;
    /// True if the engine's moves are fixed by the position, history and seed (no clock).
    fn deterministic(&self) -> bool;
    /// A fresh engine for one game under these rules; an error if it cannot be started
    /// (e.g. an engine process that does not run).
    fn create<'t>(&self, tables: &'t Tables) -> Result<Box<dyn Engine + 't>, EngineError>;
}

/// A player of `sampling` (random, greedy) as an engine, drawing from the game's seed:
/// the same moves in a match as in `taflcount branching`.
pub struct PlayerEngine<P: Player> {
    player: P,
    rng: GameRng,
}

impl<P: Player> PlayerEngine<P> {
    /// Seeded with 0 until `new_game` gives it the game's seed.
    pub fn new(player: P) -> PlayerEngine<P> {
        PlayerEngine {
            player,
            rng: game_rng(0, 0),
        }
    }
}

impl<P: Player> Engine for PlayerEngine<P> {
    fn new_game(&mut self, seed: u64) {
        self.rng = game_rng(seed, 0);
    }

    fn choose(&mut self, turn: &Turn) -> Result<Move, EngineError> {
        let moves = turn.position.legal_moves(turn.tables);
        if moves.is_empty() {
            return Err(EngineError::NoMove);
        }
        let mv = self.player.choose(
            turn.tables,
            turn.position,
            &moves,
            turn.history,
            &mut self.rng,
        );
        Ok(mv)
    }
}

/// Uniformly random legal moves.
pub type RandomEngine = PlayerEngine<RandomPlayer>;
/// The one-ply greedy player of `sampling` (wins at once, captures, keeps pieces safe;
/// it breaks ties at random).
pub type GreedyEngine = PlayerEngine<GreedyPlayer>;

/// The alpha-beta search (`taflcount::search`) under fixed limits and weights.
pub struct SearchEngine<'t> {
    searcher: Searcher<'t>,
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
        let mut searcher = Searcher::with_weights(tables, limits, weights);
        if let Some(time) = movetime {
            searcher = searcher.with_time_limit(time);
        }
        SearchEngine { searcher }
    }
}

impl Engine for SearchEngine<'_> {
    fn new_game(&mut self, _seed: u64) {}

    fn choose(&mut self, turn: &Turn) -> Result<Move, EngineError> {
        self.searcher
            .best_move(turn.position, turn.history)
            .best_move
            .ok_or(EngineError::NoMove)
    }
}

/// The Monte Carlo tree search (`taflcount::mcts`); the game's seed is mixed into its own.
pub struct MctsEngine<'t> {
    mcts: Mcts<'t>,
    base_seed: u64,
}

impl<'t> MctsEngine<'t> {
    /// `config.seed` is the base seed; `new_game` mixes each game's seed into it.
    pub fn new(tables: &'t Tables, config: MctsConfig) -> MctsEngine<'t> {
        let base_seed = config.seed;
        MctsEngine {
            mcts: Mcts::new(tables, config),
            base_seed,
        }
    }
}

impl Engine for MctsEngine<'_> {
    fn new_game(&mut self, seed: u64) {
        self.mcts
            .set_seed(self.base_seed ^ seed.wrapping_mul(crate::rng::GOLDEN_GAMMA));
    }

    fn choose(&mut self, turn: &Turn) -> Result<Move, EngineError> {
        self.mcts
            .best_move(turn.position, turn.history)
            .best_move
            .ok_or(EngineError::NoMove)
    }
}
