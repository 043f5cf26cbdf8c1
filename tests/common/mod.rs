//! Helpers shared by the integration tests.

/// The library's own seeded generator, so every test run plays the same games.
pub use taflcount::rng::SplitMix64 as Rng;
