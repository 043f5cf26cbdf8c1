//! The document of one `taflcount branching` run: what was measured and how, and the
//! statistics. The JSON, the tables and the markdown page are all made from it.

use super::statistics::BranchingStatistics;
use crate::document::Timing;
use serde::{Deserialize, Serialize};

/// Version of the JSON layout; bump it when a field changes meaning or disappears.
pub const SCHEMA_VERSION: u32 = 1;

/// Where the games came from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// Games played by `--player` from the start.
    SelfPlay,
    /// Recorded games replayed from an archive (`--records`).
    Records,
}

impl Source {
    /// The source as the JSON and the tables write it: "self-play" or "records".
    pub fn name(&self) -> &'static str {
        match self {
            Source::SelfPlay => "self-play",
            Source::Records => "records",
        }
    }
}

/// One run's result. Field order is the JSON's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BranchingReport {
    /// The [`SCHEMA_VERSION`] of this layout, and "taflcount" as the tool.
    #[serde(flatten)]
    pub header: crate::document::Header,
    /// The subcommand that wrote it: "branching".
    pub command: String,
    /// The catalog name, or the rules' own name.
    pub variant: Option<String>,
    /// Where the games came from.
    pub source: Source,
    /// Self-play: `random`, `greedy`, `search:D`; records: `None`.
    pub player: Option<String>,
    /// Self-play: the seed; records: `None`.
    pub seed: Option<u64>,
    /// Everything measured; its fields stand at the top level of the JSON.
    #[serde(flatten)]
    pub statistics: BranchingStatistics,
    /// The OTN rules string played.
    pub rules: String,
    /// Self-play: the ply cap; records: `None`.
    pub max_plies: Option<usize>,
    /// Records: the file replayed, as given.
    pub records: Option<String>,
    /// How long the run took: apart, so that snapshots can leave it out.
    pub timing: Timing,
}
