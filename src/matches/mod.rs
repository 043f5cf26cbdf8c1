//! Matches between engines: is the AI stronger or weaker after a change?
//!
//! - The players are `crate::engine`'s (random, greedy, the alpha-beta search under
//!   depth, node or time limits and any evaluation weights, MCTS, an OTEP program), named
//!   like `search:depth=4,eval=new.json`; they are re-exported here.
//! - Openings from a file of move lists, from recorded games or seeded random plies,
//!   never one twice unless the supply runs out.
//! - Games in pairs (one opening, each engine once on each side), threefold repetition
//!   as the variant rules, a ply cap, games kept in the CSV archive format.
//! - Head-to-head matches with pentanomial Elo and an optional SPRT, round robins with
//!   Bradley-Terry ratings, one engine against itself for the side balance; on several
//!   threads with the result of one thread (for deterministic engines).
//!
//! ```
//! use taflcount::matches::{openings, run_match, EngineSpec, MatchSettings};
//! use taflcount::moves::Tables;
//! use taflcount::rules::catalog;
//!
//! let tables = Tables::new(&catalog::find("brandub").unwrap().rules()).unwrap();
//! let greedy: EngineSpec = "greedy".parse().unwrap();
//! let random: EngineSpec = "random".parse().unwrap();
//! let supply = openings::random_openings(&tables, 2, 10, 1);
//! let settings = MatchSettings { games: 20, max_plies: 200, seed: 1, threads: 1, sprt: None };
//! let result = run_match(&tables, [&greedy, &random], &supply, &settings, &mut |_| {}, taflcount::matches::RunHooks::default(),).unwrap();
//! assert_eq!(result.games.len(), 20);
//! assert!(result.elo.unwrap().elo > 0.0); // greedy beats random
//! ```

mod document;
pub mod openings;
mod players;
mod run;
pub mod units;

pub use crate::engine::{
    parse_duration, play_game, read_weights, Engine, EngineError, EngineFactory, EngineKind,
    EngineSpec, GameEnd, GreedyEngine, MctsEngine, OtepEngine, OtepLimits, PlayedGame,
    RandomEngine, SearchEngine, SpecError, TimeControl, Turn, CRASHED, LOST_ON_TIME,
};
pub use document::{
    signed, verdict, EngineResults, MatchDocument, OpeningsReport, PairingRow, RatingRow,
    RoundRobinDocument, RunContext, SideBalanceDocument, SummaryReport, TaflmatchDocument,
    SCHEMA_VERSION,
};
pub use openings::{openings_from_list, Opening, OpeningError, OpeningSource, OpeningSupply};
pub use players::{
    parse_players, players_path, viewer_players, GamePlayers, PlayersError, PLAYERS_SCHEMA_VERSION,
};
pub use run::{
    play_pairs, run_match, run_round_robin, run_side_balance, GameSummary, HeadToHead, MatchError,
    MatchGame, MatchProgress, MatchSettings, Pairing, RoundRobin, RunHooks, SideBalance,
    SideResults, SprtReport,
};
