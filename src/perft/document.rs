//! What taflperft reports, as one struct per kind of run: the JSON is these structs
//! serialised and the tables are rendered from them, so the two never disagree.

use crate::document::{Header, NodeTiming, Timing};
use serde::{Deserialize, Serialize};

/// The JSON layout version of every taflperft document. 2: estimates are strings in
/// scientific form with an interval (they may lie past f64's range), and a suite's
/// times stand apart in `timing`. 3: every count is a decimal string (JSON readers hold
/// numbers past 2^53 inexactly), and the counts per depth and per root move carry their
/// `log10`.
pub const SCHEMA_VERSION: u32 = 3;

/// Where a count was made from: the rules and the root position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Root {
    /// The catalog name (or the rules' own `name:`), `None` for nameless rules.
    pub variant: Option<String>,
    /// The OTN rules string.
    pub rules: String,
    /// The root's position record, rank 1 first.
    pub position: String,
    /// `attackers` or `defenders`.
    pub side_to_move: String,
}

/// Perft for each depth from 1 to D, and the divide of the last one if asked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PerftDocument {
    /// [`SCHEMA_VERSION`] and `taflperft`.
    #[serde(flatten)]
    pub header: Header,
    /// The rules and root.
    #[serde(flatten)]
    pub root: Root,
    /// `bulk` or `full`.
    pub counting: String,
    /// The transposition table, with --hash.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hash: Option<HashInfo>,
    /// One count per depth.
    pub results: Vec<DepthCount>,
    /// The last depth's count below each root move, in generation order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub divide: Option<Vec<DivideRow>>,
    /// How long it took (left out of snapshots).
    pub timing: PerftTiming,
}

/// The transposition table a count used.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct HashInfo {
    /// Its size in MiB.
    pub megabytes: u64,
    /// The seed of its Zobrist keys (0: the default keys).
    pub seed: u64,
}

/// The count at one depth, of one run (`PerftDocument`) or a merged plan
/// (`MergeReport`), which may outgrow 64 bits.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct DepthCount {
    /// Plies below the root.
    pub depth: u32,
    /// Positions at that depth (a decimal string in JSON).
    #[serde(with = "crate::number::decimal")]
    pub nodes: u128,
    /// log10 of the count, to three decimals (`null` for 0).
    pub log10: Option<f64>,
}

impl DepthCount {
    /// `nodes` positions at `depth`, with their log10.
    pub fn new(depth: u32, nodes: impl Into<u128>) -> DepthCount {
        let nodes = nodes.into();
        DepthCount {
            depth,
            nodes,
            log10: crate::number::count_log10(nodes),
        }
    }
}

/// One root move and the positions below it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DivideRow {
    /// The move, `d1-d3`.
    #[serde(rename = "move")]
    pub mv: String,
    /// Positions below it at the last depth (a decimal string in JSON).
    #[serde(with = "crate::number::decimal")]
    pub nodes: u128,
    /// log10 of the count, to three decimals (`null` for 0).
    pub log10: Option<f64>,
}

impl DivideRow {
    /// `nodes` positions below the root move `mv`, with their log10.
    pub fn new(mv: String, nodes: impl Into<u128>) -> DivideRow {
        let nodes = nodes.into();
        DivideRow {
            mv,
            nodes,
            log10: crate::number::count_log10(nodes),
        }
    }
}

/// Timing of a perft run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PerftTiming {
    /// Threads used for the last depth.
    pub threads: usize,
    /// Wall time of the whole run.
    pub total_seconds: f64,
    /// Wall time per depth.
    pub by_depth: Vec<DepthTiming>,
}

/// Wall time of one depth: the depth, then its seconds and positions counted per second
/// as keys of the same object.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct DepthTiming {
    /// Plies below the root.
    pub depth: u32,
    /// Its seconds and positions counted per second.
    #[serde(flatten)]
    pub timing: NodeTiming,
}

/// Knuth's estimate for each depth from 1 to D.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EstimateDocument {
    /// [`SCHEMA_VERSION`], `taflperft` and `estimate`.
    #[serde(flatten)]
    pub header: Header,
    /// The rules and root.
    #[serde(flatten)]
    pub root: Root,
    /// The deepest depth.
    pub depth: u32,
    /// Random paths walked.
    pub samples: u64,
    /// The seed of the paths.
    pub seed: u64,
    /// The estimate at the deepest depth.
    pub estimate: EstimateRow,
    /// The estimate at every depth.
    pub by_depth: Vec<EstimateRow>,
    /// How long it took.
    pub timing: EstimateTiming,
}

/// An estimated perft count. The numbers are strings in scientific form (`1.11269e9`),
/// since an estimate may lie far past f64's range (copenhagen from depth 152).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EstimateRow {
    /// Plies below the root.
    pub depth: u32,
    /// The estimate, 6 significant digits (`0` when every path ended earlier).
    pub mean: String,
    /// Its standard error, 3 significant digits.
    pub stderr: String,
    /// The standard error over the estimate (`null` when the estimate is 0).
    pub relative_stderr: Option<f64>,
    /// log10 of the estimate (`null` when it is 0).
    pub log10: Option<f64>,
    /// The 95 % normal interval, mean ± 1.96 standard errors, its low end cut at 0.
    pub interval_95: [String; 2],
}

impl From<&super::PerftEstimate> for EstimateRow {
    fn from(e: &super::PerftEstimate) -> EstimateRow {
        use crate::number::scientific_from_ln;
        let finite = |x: f64| x.is_finite().then_some(x);
        let (low, high) = e.log10_interval(1.96);
        let ln = |log10: f64| log10 * std::f64::consts::LN_10;
        EstimateRow {
            depth: e.depth,
            mean: scientific_from_ln(e.mean.ln(), 6),
            stderr: scientific_from_ln(e.stderr.ln(), 3),
            relative_stderr: finite(e.relative_stderr()),
            log10: finite(e.log10()),
            interval_95: [
                scientific_from_ln(ln(low), 6),
                scientific_from_ln(ln(high), 6),
            ],
        }
    }
}

/// Timing of an estimate.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EstimateTiming {
    /// Wall time.
    pub seconds: f64,
    /// Random paths walked per second.
    pub paths_per_second: f64,
}

/// The result of checking a perft suite.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SuiteDocument {
    /// [`SCHEMA_VERSION`] and `taflperft`.
    #[serde(flatten)]
    pub header: Header,
    /// The suite file.
    pub suite: String,
    /// Counts compared.
    pub checked: usize,
    /// Counts that differed.
    pub failed: usize,
    /// Counts not made (`--max-nodes`).
    pub skipped: usize,
    /// Every count, in file order.
    pub results: Vec<SuiteRow>,
    /// How long it took (left out of snapshots).
    pub timing: SuiteTiming,
}

/// Timing of a suite run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SuiteTiming {
    /// Threads the counts could use.
    pub threads: usize,
    /// Wall time of the whole run.
    pub seconds: f64,
    /// Wall time of each count, in the order of `results` (0 for a skipped one).
    pub by_count: Vec<f64>,
}

/// One count of a suite.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SuiteRow {
    /// The entry's id.
    pub id: String,
    /// The depth.
    pub depth: u32,
    /// The count the suite gives (a decimal string in JSON).
    #[serde(with = "crate::number::decimal")]
    pub expected: u64,
    /// The count made (absent when skipped; a decimal string in JSON).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "crate::number::decimal::option"
    )]
    pub nodes: Option<u64>,
    /// `ok`, `fail` or `skipped`.
    pub status: String,
    /// Why a count was skipped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The catalog, for `--list-variants`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VariantList {
    /// [`SCHEMA_VERSION`] and `taflperft`.
    #[serde(flatten)]
    pub header: Header,
    /// Every catalog entry.
    pub variants: Vec<VariantRow>,
}

/// One catalog entry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VariantRow {
    /// The catalog name.
    pub name: String,
    /// Its OTN rules string.
    pub rules: String,
}

/// `taflperft plan`: a deep perft split into unit files.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlanReport {
    /// [`SCHEMA_VERSION`], `taflperft` and `plan`.
    #[serde(flatten)]
    pub header: Header,
    /// The plan's id (a hash of rules, root, depth, split and unit count).
    pub plan_id: String,
    /// The plan folder.
    pub out: String,
    /// The full depth.
    pub depth: u32,
    /// The ply the tree is split at.
    pub split: u32,
    /// Unit files written.
    pub units: usize,
    /// Distinct positions at the split ply (up to the folded symmetries, if any; a
    /// decimal string in JSON).
    #[serde(with = "crate::number::decimal")]
    pub unique_positions: u64,
    /// Move sequences reaching the split ply (perft at the split depth; a decimal string
    /// in JSON).
    #[serde(with = "crate::number::decimal")]
    pub paths: u128,
    /// The symmetries positions were merged under (`--fold-symmetries`); empty if none.
    pub folded: Vec<String>,
    /// How long planning took.
    pub timing: Seconds,
}

/// Wall time alone.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seconds {
    /// Seconds.
    pub seconds: f64,
}

/// `taflperft unit`: one unit counted (or found already counted).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitReport {
    /// [`SCHEMA_VERSION`], `taflperft` and `unit`.
    #[serde(flatten)]
    pub header: Header,
    /// The unit's number.
    pub unit: usize,
    /// Units in the plan.
    pub units: usize,
    /// The plan's id.
    pub plan_id: String,
    /// `done`, or `skipped` when a valid result was already there.
    pub status: String,
    /// Positions in the unit.
    pub positions: usize,
    /// The full depth.
    pub depth: u32,
    /// Leaves below the unit's positions at the full depth, paths counted (a decimal
    /// string in JSON).
    #[serde(with = "crate::number::decimal")]
    pub nodes: u128,
    /// The result file.
    pub result: String,
    /// How long the unit took when it was counted, and on how many threads.
    pub timing: Timing,
}

/// `taflperft merge`: the totals of a complete plan.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MergeReport {
    /// [`SCHEMA_VERSION`], `taflperft` and `merge`.
    #[serde(flatten)]
    pub header: Header,
    /// The plan's id.
    pub plan_id: String,
    /// The OTN rules string.
    pub rules: String,
    /// The root's position record.
    pub position: String,
    /// The side to move at the root.
    pub side_to_move: String,
    /// Moves played from the root before counting.
    pub moves: String,
    /// The full depth.
    pub depth: u32,
    /// The split ply.
    pub split: u32,
    /// Units merged.
    pub units: usize,
    /// Distinct positions at the split ply (a decimal string in JSON).
    #[serde(with = "crate::number::decimal")]
    pub unique_positions: u64,
    /// Perft at every depth, with log10.
    pub results: Vec<DepthCount>,
    /// The full depth's count below each root move.
    pub divide: Vec<DivideRow>,
    /// The units' own seconds, added up.
    pub timing: MergeTiming,
}

/// Time spent in the units of a merged plan.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MergeTiming {
    /// The units' seconds, added up.
    pub unit_seconds: f64,
}

/// `taflperft --against`: agreement, or where the other engine goes wrong.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AgainstReport {
    /// [`SCHEMA_VERSION`], `taflperft` and `against`.
    #[serde(flatten)]
    pub header: Header,
    /// The other engine's command.
    pub command: String,
    /// The depth compared.
    pub depth: u32,
    /// Whether the two divides agree.
    pub agree: bool,
    /// The common total, when they agree (a decimal string in JSON).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "crate::number::decimal::option"
    )]
    pub nodes: Option<u64>,
    /// Where they disagree, when they do.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub finding: Option<AgainstFinding>,
    /// Times the other engine was run.
    pub calls: usize,
}

/// The position where another engine's move generator goes wrong.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AgainstFinding {
    /// `moves`, `leaf_count`, `total` or `inconsistent`.
    pub kind: String,
    /// The OTN rules string.
    pub rules: String,
    /// The root's position record.
    pub root_position: String,
    /// The side to move at the root.
    pub root_side: String,
    /// Every move from the root's position to the one found.
    pub moves: String,
    /// The position found, as a record.
    pub position: String,
    /// The side to move there.
    pub side_to_move: String,
    /// The square of a pending berserk continuation there.
    pub berserker: Option<String>,
    /// The remaining depth where the difference showed.
    pub depth: u32,
    /// What differs: `too_many`/`too_few` moves, or the counts that disagree.
    pub details: AgainstDetails,
    /// Each step down: the move, taflperft's count, the other engine's.
    pub descent: Vec<DescentStep>,
}

/// What differs at the position `--against` found, the fields named by the kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum AgainstDetails {
    /// `moves`: the legal moves differ.
    Moves {
        /// Moves the other engine lists and taflperft does not.
        too_many: Vec<String>,
        /// Moves taflperft lists and the other engine does not.
        too_few: Vec<String>,
    },
    /// `leaf_count`: a count at depth 1 is not 1.
    LeafCount {
        /// The first move whose count differs.
        #[serde(rename = "move")]
        mv: String,
        /// The other engine's count for it.
        #[serde(with = "crate::number::decimal")]
        theirs: u64,
    },
    /// `total`: the other engine's total is not the sum of its divide.
    Total {
        /// The sum of its per-move counts.
        #[serde(with = "crate::number::decimal")]
        sum_of_divide: u64,
        /// The total it printed.
        #[serde(with = "crate::number::decimal")]
        total: u64,
    },
    /// `inconsistent`: a count one level up is not what the divide below adds up to.
    Inconsistent {
        /// The other engine's count for the move, one level up.
        #[serde(with = "crate::number::decimal")]
        count_one_level_up: u64,
        /// The sum of its divide below the move.
        #[serde(with = "crate::number::decimal")]
        divide_sum_here: u64,
    },
}

impl AgainstReport {
    /// The report of two divides that agree on `total` at `depth`.
    pub fn agree(command: &str, depth: u32, total: u64, calls: usize) -> AgainstReport {
        AgainstReport {
            header: Header::with_mode(SCHEMA_VERSION, "taflperft", "against"),
            command: command.to_owned(),
            depth,
            agree: true,
            nodes: Some(total),
            finding: None,
            calls,
        }
    }

    /// The report of the first position below `root` where the other engine differs.
    pub fn differ(
        command: &str,
        depth: u32,
        t: &crate::moves::Tables,
        root: &super::units::Root,
        f: &super::against::Finding,
        calls: usize,
    ) -> AgainstReport {
        AgainstReport {
            header: Header::with_mode(SCHEMA_VERSION, "taflperft", "against"),
            command: command.to_owned(),
            depth,
            agree: false,
            nodes: None,
            finding: Some(AgainstFinding::new(t, root, f)),
            calls,
        }
    }
}

/// Every move from the root's position to the position `f` found: the root's own moves,
/// then the bisection's line.
fn line_to_finding(root: &super::units::Root, f: &super::against::Finding) -> String {
    let below = super::scan::line_text(&f.line);
    let mut all: Vec<&str> = root.moves.split_whitespace().collect();
    all.extend(below.split_whitespace());
    all.join(" ")
}

impl AgainstFinding {
    /// The finding `f` of a bisection from `root`, as the document states it.
    pub fn new(
        t: &crate::moves::Tables,
        root: &super::units::Root,
        f: &super::against::Finding,
    ) -> AgainstFinding {
        use super::against::FindingKind;
        let (kind, details) = match &f.kind {
            FindingKind::Moves { too_many, too_few } => (
                "moves",
                AgainstDetails::Moves {
                    too_many: too_many.iter().map(|m| m.to_string()).collect(),
                    too_few: too_few.iter().map(|m| m.to_string()).collect(),
                },
            ),
            FindingKind::LeafCount { mv, theirs } => (
                "leaf_count",
                AgainstDetails::LeafCount {
                    mv: mv.to_string(),
                    theirs: *theirs,
                },
            ),
            FindingKind::Total { sum, total } => (
                "total",
                AgainstDetails::Total {
                    sum_of_divide: *sum,
                    total: *total,
                },
            ),
            FindingKind::Inconsistent { above, below } => (
                "inconsistent",
                AgainstDetails::Inconsistent {
                    count_one_level_up: *above,
                    divide_sum_here: *below,
                },
            ),
        };
        AgainstFinding {
            kind: kind.to_owned(),
            rules: root.rules.clone(),
            root_position: root.position.clone(),
            root_side: root.side.clone(),
            moves: line_to_finding(root, f),
            position: f.record(t),
            side_to_move: f.side().name().to_string(),
            berserker: f.berserker().map(|s| s.to_string()),
            depth: f.depth,
            details,
            descent: f
                .trail
                .iter()
                .map(|step| DescentStep {
                    mv: step.mv.to_string(),
                    ours: step.ours,
                    theirs: step.theirs,
                })
                .collect(),
        }
    }
}

impl MergeReport {
    /// The totals of a complete plan, as `taflperft merge` reports them.
    pub fn new(merged: &super::units::Merged) -> MergeReport {
        let plan = &merged.plan;
        MergeReport {
            header: Header::with_mode(SCHEMA_VERSION, "taflperft", "merge"),
            plan_id: plan.plan_id.clone(),
            rules: plan.root.rules.clone(),
            position: plan.root.position.clone(),
            side_to_move: plan.root.side.clone(),
            moves: plan.root.moves.clone(),
            depth: plan.depth,
            split: plan.split,
            units: plan.units,
            unique_positions: plan.unique_positions,
            results: merged
                .totals
                .iter()
                .map(|&(depth, nodes)| DepthCount::new(depth, nodes))
                .collect(),
            divide: merged
                .divide
                .iter()
                .map(|(m, n)| DivideRow::new(m.clone(), *n))
                .collect(),
            timing: MergeTiming {
                unit_seconds: merged.unit_seconds,
            },
        }
    }
}

/// One step of the descent of `--against`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DescentStep {
    /// The move descended into.
    #[serde(rename = "move")]
    pub mv: String,
    /// taflperft's count below it (a decimal string in JSON).
    #[serde(with = "crate::number::decimal")]
    pub ours: u64,
    /// The other engine's count below it (a decimal string in JSON).
    #[serde(with = "crate::number::decimal")]
    pub theirs: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A depth's timing embeds `NodeTiming` flattened: the keys and their order as
    /// before, and it reads back.
    #[test]
    fn a_depth_timing_keeps_its_keys_and_order() {
        let timing = DepthTiming {
            depth: 3,
            timing: NodeTiming {
                seconds: 0.5,
                nodes_per_second: 2.0,
            },
        };
        let text = serde_json::to_string(&timing).unwrap();
        assert_eq!(text, r#"{"depth":3,"seconds":0.5,"nodes_per_second":2.0}"#);
        assert_eq!(serde_json::from_str::<DepthTiming>(&text).unwrap(), timing);
    }

    #[test]
    fn each_kind_of_details_keeps_its_keys_and_reads_back() {
        // The keys and order `--against` wrote before the details had a type; the counts
        // decimal strings since schema 3.
        for (details, text) in [
            (
                AgainstDetails::Moves {
                    too_many: vec!["a3-a1".into()],
                    too_few: vec![],
                },
                r#"{"too_many":["a3-a1"],"too_few":[]}"#,
            ),
            (
                AgainstDetails::LeafCount {
                    mv: "d1-d3".into(),
                    theirs: 2,
                },
                r#"{"move":"d1-d3","theirs":"2"}"#,
            ),
            (
                AgainstDetails::Total {
                    sum_of_divide: 40,
                    total: 41,
                },
                r#"{"sum_of_divide":"40","total":"41"}"#,
            ),
            (
                AgainstDetails::Inconsistent {
                    count_one_level_up: 960,
                    divide_sum_here: 959,
                },
                r#"{"count_one_level_up":"960","divide_sum_here":"959"}"#,
            ),
        ] {
            assert_eq!(serde_json::to_string(&details).unwrap(), text);
            assert_eq!(
                serde_json::from_str::<AgainstDetails>(text).unwrap(),
                details
            );
        }
    }
}
