//! How bushy is the tree, really? Branching factors and game lengths measured on games:
//! self-play of any engine (`crate::engine`: taflcount's own or an OTEP program), or the
//! recorded games people played, summed up with standard errors.
//!
//! ```
//! use taflcount::moves::Tables;
//! use taflcount::rules::catalog;
//! use taflcount::engine::EngineSpec;
//! use taflcount::sampling::{self_play, BranchingStatistics, SelfPlay};
//!
//! let rules = catalog::find("brandub").unwrap().rules();
//! let tables = Tables::new(&rules).unwrap();
//! let random: EngineSpec = "random".parse().unwrap();
//! let run = SelfPlay { games: 20, seed: 1, max_plies: 400, opening_plies: 0, threads: 1 };
//! let games = self_play(&tables, &run, &random, &|_| {});
//! let stats = BranchingStatistics::compute(&games, rules.first_side());
//! assert_eq!(stats.games, 20);
//! assert!(stats.branching.mean > 10.0);
//! assert_eq!(stats.branching.by_ply[0].moments.mean, 40.0); // brandub opens with 40 moves
//! ```

mod records;
mod report;
mod sample;
mod self_play;
mod statistics;

pub use records::{record_end, sample_records, RecordsError};
pub use report::{BranchingReport, Source, SCHEMA_VERSION};
pub use sample::{GameEnd, GameSample, PlyBranching};
pub use self_play::{
    opening_plies_for, play_one, self_play, self_play_each, SelfPlay, RANDOM_OPENING_PLIES,
};
pub use statistics::{
    geometric_mean, mean_ratio_stderr, quantile, BranchingStatistics, BranchingSummary, FirstMover,
    GameTree, LengthSummary, Moments, Outcomes, PlyRow, StatisticsBuilder,
};
