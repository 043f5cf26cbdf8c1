//! The document of one `taflcount branching` run: what was measured and how, and the
//! statistics. The JSON, the tables and the markdown page are all made from it.

use super::statistics::BranchingStatistics;
use serde::Serialize;

pub const SCHEMA_VERSION: u32 = 1;

/// Where the games came from.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    SelfPlay,
    Records,
}

impl Source {
    pub fn name(&self) -> &'static str {
        match self {
            Source::SelfPlay => "self-play",
            Source::Records => "records",
        }
    }
}

/// One run's result. Field order is the JSON's.
#[derive(Clone, Debug, Serialize)]
pub struct BranchingReport {
    pub schema_version: u32,
    pub tool: &'static str,
    pub command: &'static str,
    /// The catalog name, or the rules' own name.
    pub variant: Option<String>,
    pub source: Source,
    /// Self-play: `random`, `greedy`, `search:D`; records: `None`.
    pub player: Option<String>,
    /// Self-play: the seed; records: `None`.
    pub seed: Option<u64>,
    #[serde(flatten)]
    pub statistics: BranchingStatistics,
    /// The OTN rules string played.
    pub rules: String,
    /// Self-play: the ply cap; records: `None`.
    pub max_plies: Option<usize>,
    /// Records: the file replayed, as given.
    pub records: Option<String>,
    pub timing: Timing,
}

/// Kept apart so snapshots can leave it out.
#[derive(Clone, Debug, Serialize)]
pub struct Timing {
    pub seconds: f64,
    pub threads: usize,
}
