//! What every engine offers, in this process or in another: a name, a new game (from the
//! variant's start or from a set-up position), a move for a position under a limit, a
//! reset after a failure, the end of a game. An engine is told everything an engine
//! outside this process would need too (rules, the moves before the position with their
//! captures, the position, the history for repetition), so an engine speaking the
//! OpenTafl engine protocol is one more implementation of the trait.

use crate::board::Side;
use crate::moves::{Move, Position, Tables};
use crate::notation::MoveText;
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
    /// The moves from the game's first position (the variant's start, or the position
    /// given to [`Engine::set_up`]), with their captures (what an OpenTafl engine is sent).
    pub moves: &'a [MoveText],
}

/// How the engine's game starts: its seed, and which game of a run it is (so that game
/// `i` of a run seeded `s` draws from `rng::game_rng(s, i)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSeed {
    /// The run's seed (or the game's own seed, with `game` 0).
    pub seed: u64,
    /// The game's number in the run.
    pub game: u64,
}

/// A limit for each move, set from outside the engine's own description (taflregress's
/// `--nodes` and `--movetime`): it replaces the engine's own limits until changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveLimit {
    /// Search nodes (taflcount's search), playouts' nodes (MCTS); engines that count no
    /// nodes ignore it.
    Nodes(u64),
    /// Wall time per move. An engine in another process is sent a clock with this time
    /// left and must answer within it (plus a grace).
    Time(Duration),
}

/// An engine that could not give a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// It had nothing to say (e.g. a search with the game already over).
    NoMove,
    /// It failed: a protocol error, a refused command, an answer that does not read.
    Failed(String),
    /// Its process died (or could not be started).
    Crashed(String),
    /// It did not answer within its limit and no clock ran out (it is restarted).
    Hung(String),
    /// It ran out of time on the match clock.
    TimeLoss(String),
    /// It played a move the rules forbid (an external engine; in-process engines are
    /// checked by the game).
    Illegal(String),
}

impl EngineError {
    /// The way a failure is reported: the same words for the same kind of failure, so a
    /// report can count them.
    pub fn kind(&self) -> &'static str {
        match self {
            EngineError::NoMove => "no move",
            EngineError::Failed(_) => BAD_ANSWER,
            EngineError::Crashed(_) => CRASHED,
            EngineError::Hung(_) => HUNG,
            EngineError::TimeLoss(_) => LOST_ON_TIME,
            EngineError::Illegal(_) => "illegal move",
        }
    }

    /// The detail, without the kind.
    pub fn detail(&self) -> &str {
        match self {
            EngineError::NoMove => "",
            EngineError::Failed(why)
            | EngineError::Crashed(why)
            | EngineError::Hung(why)
            | EngineError::TimeLoss(why)
            | EngineError::Illegal(why) => why,
        }
    }
}

/// The forfeit reason of a crashed or hung engine in a match.
pub const CRASHED: &str = "engine crashed";
/// The failure of an engine whose answer does not read, or that refused a command.
pub const BAD_ANSWER: &str = "bad answer";
/// The failure of an engine that did not answer within its limit.
pub const HUNG: &str = "engine hung";
/// The forfeit reason of an engine that ran out of time.
pub const LOST_ON_TIME: &str = "lost on time";

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::NoMove => f.write_str("the engine gave no move"),
            EngineError::Failed(why) => write!(f, "the engine failed: {why}"),
            EngineError::Crashed(why) => write!(f, "{CRASHED}: {why}"),
            EngineError::Hung(why) => write!(f, "{HUNG}: {why}"),
            EngineError::TimeLoss(why) => write!(f, "{LOST_ON_TIME}: {why}"),
            EngineError::Illegal(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for EngineError {}

/// A player: taflcount's own (random, greedy, first, search, MCTS) or a program speaking
/// the OpenTafl engine protocol. One instance plays one game at a time.
pub trait Engine {
    /// A new game from the variant's start begins; `seed` fixes whatever the engine draws
    /// at random in it.
    fn start_game(&mut self, seed: GameSeed);

    /// A new game with the given seed, as game 0 of its run.
    fn new_game(&mut self, seed: u64) {
        self.start_game(GameSeed { seed, game: 0 });
    }

    /// A new game from `first`, a position other than the variant's start (a fixture of
    /// taflregress); the turns then give the moves played from it. In-process engines
    /// need nothing more than each turn; an external one is sent the position.
    fn set_up(&mut self, seed: GameSeed, _first: &Position, _tables: &Tables) {
        self.start_game(seed);
    }

    /// Replaces the engine's own limits by `limit` for every later move (`None`: back to
    /// its own).
    fn set_limit(&mut self, _limit: Option<MoveLimit>) {}

    /// The move to play. The caller checks that it is legal.
    fn choose(&mut self, turn: &Turn) -> Result<Move, EngineError>;

    /// The game is over (`None`: a draw); an external engine is told so.
    fn finish(&mut self, _winner: Option<Side>) {}

    /// Forgets everything after a failure: an external engine's process is stopped and a
    /// new one starts with the next game.
    fn reset(&mut self) {}

    /// What the last `choose` searched, for an engine that counts it (taflcount's
    /// alpha-beta search); `None` for the others.
    fn last_effort(&self) -> Option<SearchEffort> {
        None
    }
}

/// How far a search went for one move: what taflregress's hard tier reports per position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchEffort {
    /// The last depth the search completed.
    pub depth: u32,
    /// Positions the search made.
    pub nodes: u64,
}

/// Makes the engines of one kind, one per game or per thread (so games can run on
/// several threads), and says who they are.
pub trait EngineFactory: Sync {
    /// The engine's identity: the name shown in results (its description).
    fn name(&self) -> &str;
    /// True if the engine's moves are fixed by the position, history and seed (no clock).
    fn deterministic(&self) -> bool;
    /// A fresh engine for games under these rules; an error if it cannot be started (e.g.
    /// an engine process that does not run).
    fn create<'t>(&self, tables: &'t Tables) -> Result<Box<dyn Engine + 't>, EngineError>;
}
