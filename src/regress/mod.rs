//! The AI's regression suite: misplay fixtures (positions where an AI or a player went
//! wrong, with the proven right answer), the exact solver that proves them, the mining of
//! recorded games for new ones, and the suite run with any engine (`engines`).

pub mod bench;
pub mod document;
pub mod engines;
pub mod fixture;
pub mod journal;
pub mod mine;
pub mod prover;
pub mod score;
pub mod solver;
pub mod tier;

pub use bench::{bench, BENCH};
pub use document::{
    AnalysisDocument, BenchRow, CurveDocument, CurvePoint, EngineSuiteDocument, MineDocument,
    MisplayRow, ProveDocument, RegressBenchDocument, RegressSuiteDocument, TierDocument,
    SCHEMA_VERSION,
};
pub use fixture::{
    built_in, built_in_hard, fixture_game, history_positions, load_dir, load_file, load_text,
    load_texts, setup, validate, Expect, Fixture, FixtureError, FixtureResult, LimitSpec, Loaded,
    Proof, ProofKind,
};
pub use journal::{Journal, JournalError, JournalLine, MiningSettings};
pub use mine::{
    game_fixture, hard_tier_fixture, history_since_capture, judge, judge_deep, mine,
    mine_game_deep, DeepMining, GameMining, HardFixtureError, MineError, Misplay,
};
pub use prover::{Prover, ProverError, ProverStats};
pub use solver::{Refutation, Solution, Solver};
