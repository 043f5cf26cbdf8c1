//! taflcount: a rules engine and command-line tools for the tafl family of board games
//! (hnefatafl, copenhagen, tablut, brandub...). The library does all the work; the
//! programs (`taflperft`, `taflcount`, `taflbench`, `taflregress`, `taflmatch`,
//! `taflengine`) parse arguments, call it and print.
//!
//! # A tour, from the bottom up
//!
//! - [`board`]: squares, sides and pieces, plain layouts (OTN position records) and the
//!   board's symmetries.
//! - [`rules`]: a variant's rules as plain data, read from an OTN rules string and
//!   written back by `Display`, and the [`rules::catalog`] of named variants.
//! - [`moves`]: the hot path. Rules compiled into bit masks ([`moves::Tables`]), the fast
//!   [`moves::Position`], move generation, captures, the end of the game and repetition.
//! - [`game`]: the one resolver from what a user names (a catalog name or a rules string)
//!   to rules compiled for play. Beside it [`notation`]: moves as text, move lines, game
//!   archives and their replay.
//! - On top of play: [`perft`] (exact counts of the positions below a root, Knuth
//!   estimates, suites), [`complexity`] (exact state-space bounds, game-tree estimates,
//!   the legal-positions estimate) and [`search`] (the AI: alpha-beta with iterative
//!   deepening); [`mcts`] is a second player, Monte Carlo tree search, to match it
//!   against; [`otep`] is the OpenTafl engine protocol (its messages, the engine's side
//!   of a conversation, time on the host's clock), spoken by `taflengine`.
//! - [`engine`]: the one engine abstraction (taflcount's engines and, through
//!   [`engine::OtepEngine`], any OTEP program; the one spec grammar, the one game loop),
//!   which every tool that runs an AI uses.
//! - On top of those: [`sampling`] (branching factors and game lengths from self-play or
//!   recorded games), [`tune`] (the evaluation's weights fitted to played games' results
//!   by Texel's method), [`regress`] (taflregress's misplay fixtures, the full-width solver
//!   and the df-pn prover that prove them, mining recorded games, the bench signature),
//!   [`matches`](mod@matches) (taflmatch: games between engines in pairs of openings, Elo
//!   and SPRT, with [`stats`]) and [`bench`](mod@bench) (taflbench's kernels and
//!   measurements).
//! - [`render`]: boards for people: a position as a Unicode diagram or an SVG board
//!   (the last move, captures, highlights and arrows marked), `taflcount show`'s
//!   document, and the self-contained HTML game viewer of `taflcount view`.
//! - [`report`]: what the tools print: SVG plots, and with the `cli` feature the tables
//!   and Markdown pages made from each tool's document.
//!
//! [`number`] writes big numbers for people and machines; [`document`] is the header
//! (`schema_version`, `tool`, `mode`) every tool's JSON document starts with, so each
//! document reads back into its struct; [`rng`] is the one source of randomness, always
//! seeded; [`text`] reads input one way (and bounded), [`files`] writes files one way
//! (atomically, never over a file unasked), [`threads`] shares work among threads, and
//! [`process`] runs other programs (each in a process group of its own, its output read
//! with a bound and a timeout, killed on every way out). The `cli` module (the `cli` feature, on by default: clap,
//! comfy-table, indicatif) is for the programs alone; `default-features = false` gives the
//! whole engine without it.
//!
//! # Example
//!
//! Brandub from the start, after the attackers' opening move `d1-c1`: how many positions
//! lie two plies further on?
//!
//! ```
//! use taflcount::game::Game;
//! use taflcount::notation::play_line;
//! use taflcount::perft::{perft, Counting};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let game = Game::named("brandub")?;
//! let position = play_line(&game.tables, game.start(), "d1-c1")?;
//! // The d1-c1 line of `taflperft --variant brandub --depth 3 --divide`, which the
//! // independent reference generator of the tests counts too.
//! assert_eq!(perft(&game.tables, &position, 2, Counting::Bulk), 976);
//! # Ok(())
//! # }
//! ```

#![warn(missing_docs)]

pub mod bench;
pub mod board;
#[cfg(feature = "cli")]
pub mod cli;
pub mod complexity;
pub mod document;
pub mod engine;
pub mod error;
pub mod files;
pub mod game;
pub mod matches;
pub mod mcts;
pub mod moves;
pub mod notation;
pub mod number;
pub mod otep;
pub mod perft;
pub mod process;
pub mod regress;
pub mod render;
pub mod report;
pub mod rng;
pub mod rules;
pub mod sampling;
pub mod search;
pub mod stats;
#[cfg(test)]
mod test_support;
pub mod text;
pub mod threads;
pub mod tune;
pub mod units;

/// The README's Rust examples, compiled and run as doctests so the front door never lies.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
