//! One engine abstraction for every tool that runs an AI: taflmatch's matches,
//! `taflcount branching`'s self-play, taflregress's misplay suite and taflengine.
//!
//! - [`Engine`]: a move for a position under a limit, a new game (from the start or set
//!   up in a position), a reset after a failure, the end of a game; [`EngineFactory`]
//!   makes them and gives their identity.
//! - The engines: taflcount's own ([`RandomEngine`], [`GreedyEngine`], [`FirstEngine`],
//!   [`SearchEngine`], [`MctsEngine`]) and any program speaking the OpenTafl engine
//!   protocol ([`OtepEngine`]), which may crash, hang or lie without taking the host
//!   down: each failure is an [`EngineError`] of its own kind.
//! - [`EngineSpec`]: the one grammar that names them on every command line
//!   (`search:nodes=50000`, `mcts:playouts=2000`, `otep:"CMD ARGS"`).
//! - [`play`]: the one game loop, and [`GameEnd`], the one way a game ends.
//!
//! ```
//! use taflcount::engine::{play, EngineFactory, EngineSpec, GameSeed, Seats};
//! use taflcount::moves::Tables;
//! use taflcount::rules::catalog;
//!
//! let tables = Tables::new(&catalog::find("brandub").unwrap().rules()).unwrap();
//! let spec: EngineSpec = "greedy".parse().unwrap();
//! let mut engine = spec.create(&tables).unwrap();
//! engine.start_game(GameSeed { seed: 1, game: 0 });
//! let game = play(&tables, &[], Seats::Both(engine.as_mut()), 300);
//! assert_eq!(game.branching[0].moves, 40); // brandub opens with 40 moves
//! assert_eq!(game.branching.len(), game.plies());
//! ```

mod builtin;
mod greedy;
mod interface;
mod otep;
mod play;
mod spec;

pub use builtin::{FirstEngine, GreedyEngine, MctsEngine, RandomEngine, SearchEngine};
pub use greedy::Greedy;
pub use interface::{
    Engine, EngineError, EngineFactory, GameSeed, MoveLimit, SearchEffort, Turn, BAD_ANSWER,
    CRASHED, HUNG, LOST_ON_TIME,
};
pub use otep::{OtepEngine, OtepLimits, TimeControl};
pub use play::{play, play_game, ForfeitTally, GameEnd, PlayedGame, PlyBranching, Seats};
pub use spec::{parse_duration, read_weights, EngineKind, EngineSpec, SpecError};
