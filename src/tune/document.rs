//! The document of one `taflcount tune` run: what was read, the fit, and the weights.
//! The JSON and the tables are both made from it.

use super::positions::PositionTally;
use crate::search::Weights;
use serde::{Deserialize, Serialize};

/// Version of the JSON layout; bump it when a field changes meaning or disappears.
pub const SCHEMA_VERSION: u32 = 1;

/// One tuning run. Field order is the JSON's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TuneReport {
    /// The [`SCHEMA_VERSION`] of this layout, and "taflcount" as the tool.
    #[serde(flatten)]
    pub header: crate::document::Header,
    /// The subcommand that wrote it: "tune".
    pub command: String,
    /// The catalog name, or the rules' own name.
    pub variant: Option<String>,
    /// The rules the games were replayed under, as an OTN string.
    pub rules: String,
    /// The archives read, as given.
    pub records: Vec<String>,
    /// The seed of the position sample and of the order weights are tried in.
    pub seed: u64,
    /// Plies left out at the start of each game.
    pub skip_plies: u64,
    /// The most positions used (a random sample of them if there are more).
    pub max_positions: Option<u64>,
    /// What the games gave.
    pub tally: PositionTally,
    /// Positions the fit used.
    pub positions_used: u64,
    /// The logistic scale fitted to the starting weights: an evaluation of `k_start`
    /// predicts a 73% score for the side to move.
    pub k_start: f64,
    /// The same, fitted to the tuned weights.
    pub k: f64,
    /// Mean squared error of the predicted results under the starting weights.
    pub error_before: f64,
    /// The same under the tuned weights.
    pub error_after: f64,
    /// Passes over the weights made.
    pub passes: u32,
    /// True if no step of 1 lowered the error any more (false: the passes ran out).
    pub converged: bool,
    /// The weights kept as they started.
    pub held: Vec<String>,
    /// The weights the fit started from.
    pub start: Weights,
    /// The tuned weights.
    pub weights: Weights,
    /// The weights file written, if any.
    pub out: Option<String>,
    /// How long it took; apart, since it differs between identical runs.
    pub timing: TuneTiming,
}

/// The run's time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TuneTiming {
    /// Wall-clock seconds, reading the games included.
    pub seconds: f64,
}
