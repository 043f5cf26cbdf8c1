//! Every tool's `--json` document reads back into its struct: each run here prints a
//! document from the real binary, the document is parsed into its type, written again,
//! and must give the same JSON (same keys in the same order, same values); parsed a
//! second time it must give the same struct. A field the struct lacks, a field it names
//! otherwise, or a value that does not survive the trip fails here.

use std::fmt::Debug;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde::de::DeserializeOwned;
use serde::Serialize;
use taflcount::bench::{BenchDocument, BenchReport};
use taflcount::complexity::ComplexityReport;
use taflcount::matches::{
    MatchDocument, RoundRobinDocument, SideBalanceDocument, TaflmatchDocument,
};
use taflcount::perft::scan::ScanReport;
use taflcount::perft::{
    AgainstDetails, AgainstReport, EstimateDocument, MergeReport, PerftDocument, PlanReport,
    SuiteDocument, UnitReport, VariantList,
};
use taflcount::regress::EngineSuiteDocument;
use taflcount::regress::{
    AnalysisDocument, MineDocument, ProveDocument, RegressBenchDocument as RegressBench,
    RegressSuiteDocument as RegressSuite,
};
use taflcount::regress::{CurveDocument, TierDocument};
use taflcount::sampling::BranchingReport;

mod common;

/// What `tool args` prints on stdout; its exit code must be `code`.
fn run(tool: &str, args: &[&str], code: i32) -> String {
    let out = Command::new(common::transcript::binary(tool))
        .args(args)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(code),
        "{tool} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Parses `text` as a `T`, and checks that it writes back to the same JSON and reads
/// back to the same `T`.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(text: &str) -> T {
    let original: serde_json::Value = serde_json::from_str(text).unwrap();
    let typed: T = serde_json::from_str(text)
        .unwrap_or_else(|e| panic!("{}: {e}\n{text}", std::any::type_name::<T>()));
    let written = serde_json::to_value(&typed).unwrap();
    assert_eq!(written, original, "{}", std::any::type_name::<T>());
    // The map comparison ignores key order; the text does not.
    assert_eq!(
        serde_json::to_string(&written).unwrap(),
        serde_json::to_string(&original).unwrap()
    );
    let again: T = serde_json::from_value(written).unwrap();
    assert_eq!(again, typed);
    typed
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("roundtrip-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn taflperft_counts_estimates_suites_and_the_catalog() {
    let doc: PerftDocument = round_trip(&run(
        "taflperft",
        &["--variant", "brandub", "--depth", "3", "--json"],
        0,
    ));
    assert_eq!(doc.header.mode, None);
    assert_eq!(doc.results[2].nodes, 39512);
    let doc: PerftDocument = round_trip(&run(
        "taflperft",
        &[
            "--variant",
            "brandub",
            "--depth",
            "3",
            "--hash",
            "1",
            "--json",
        ],
        0,
    ));
    assert_eq!(doc.hash.map(|h| h.megabytes), Some(1));
    let doc: PerftDocument = round_trip(&run(
        "taflperft",
        &["--variant", "brandub", "--depth", "2", "--divide", "--json"],
        0,
    ));
    let divide = doc.divide.unwrap();
    assert_eq!(divide.iter().map(|r| r.nodes).sum::<u128>(), 960);
    let doc: EstimateDocument = round_trip(&run(
        "taflperft",
        &[
            "--variant",
            "brandub",
            "--depth",
            "3",
            "--estimate",
            "--samples",
            "200",
            "--json",
        ],
        0,
    ));
    assert_eq!(doc.header.mode.as_deref(), Some("estimate"));
    let suite = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/perft/rules.perft");
    let doc: SuiteDocument = round_trip(&run(
        "taflperft",
        &["--suite", suite, "--max-nodes", "20000", "--json"],
        0,
    ));
    assert!(doc.checked > 0 && doc.skipped > 0, "{doc:?}");
    let doc: VariantList = round_trip(&run("taflperft", &["--list-variants", "--json"], 0));
    assert!(doc.variants.iter().any(|v| v.name == "copenhagen"));
}

#[test]
fn taflperft_plan_unit_and_merge() {
    let dir = scratch("plan");
    let out = dir.join("plan");
    let plan: PlanReport = round_trip(&run(
        "taflperft",
        &[
            "plan",
            "--variant",
            "brandub",
            "--depth",
            "3",
            "--split",
            "1",
            "--units",
            "2",
            "--out",
            s(&out),
            "--json",
        ],
        0,
    ));
    assert_eq!(plan.units, 2);
    for unit in ["unit-000.json", "unit-001.json"] {
        let doc: UnitReport = round_trip(&run(
            "taflperft",
            &["unit", s(&out.join(unit)), "--json"],
            0,
        ));
        assert_eq!(doc.status, "done");
    }
    let doc: MergeReport = round_trip(&run("taflperft", &["merge", s(&out), "--json"], 0));
    // Brandub from the start: 40, 960, 39512 (the counts above and the suites').
    let counts: Vec<u128> = doc.results.iter().map(|r| r.nodes).collect();
    assert_eq!(counts, [40, 960, 39512]);
}

/// The reference generator of tests/reference/ as the other engine, compiled here.
fn reference_engine() -> String {
    let out = scratch("reference").join("reference_divide");
    common::transcript::build_reference_divide(&out);
    format!("'{}'", out.display())
}

#[test]
fn taflperft_against_agreeing_differing_and_over_an_archive() {
    let engine = reference_engine();
    let doc: AgainstReport = round_trip(&run(
        "taflperft",
        &[
            "--against",
            &engine,
            "--variant",
            "brandub",
            "--depth",
            "2",
            "--json",
        ],
        0,
    ));
    assert_eq!((doc.agree, doc.nodes), (true, Some(960)));
    // The broken copy of tests/cli_taflperft_against.rs: corners never hostile.
    let broken = format!("{engine} --break corner-capture");
    let rules = "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    let doc: AgainstReport = round_trip(&run(
        "taflperft",
        &[
            "--against",
            &broken,
            "--rules",
            rules,
            "--position",
            "/1T5/7/2t4/3K3/7/5t1/7/",
            "--side",
            "attackers",
            "--depth",
            "3",
            "--json",
        ],
        1,
    ));
    let finding = doc.finding.unwrap();
    assert_eq!(
        (finding.kind.as_str(), finding.moves.as_str()),
        ("moves", "c3-c1")
    );
    assert!(matches!(finding.details, AgainstDetails::Moves { .. }));
    let brandubh = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/games/brandubh.csv");
    let stop = format!("{engine} --break corner-stop");
    let doc: ScanReport = round_trip(&run(
        "taflperft",
        &[
            "--against",
            &stop,
            "--records",
            brandubh,
            "--variant",
            "brandubh",
            "--depth",
            "2",
            "--games",
            "2",
            "--plies",
            "0..2",
            "--json",
        ],
        1,
    ));
    assert_eq!(doc.outcome.groups.len(), 1);
}

#[test]
fn taflcount_complexity_and_branching() {
    let doc: ComplexityReport = round_trip(&run(
        "taflcount",
        &["complexity", "--variant", "brandub", "--json"],
        0,
    ));
    assert_eq!(doc.command, "complexity");
    // 7x7 with 8 attackers, 4 defenders and the king: (3+1)^49 positions at most.
    assert_eq!(
        doc.bound("naive").unwrap().value,
        num_bigint::BigUint::from(4u32).pow(49)
    );
    // Every catalog variant: the 11x11 ones carry the essay's game tree and the
    // published figures.
    let all: Vec<ComplexityReport> =
        round_trip(&run("taflcount", &["complexity", "--all", "--json"], 0));
    assert!(all.iter().any(|r| !r.published.is_empty()));
    // The legal-positions estimate.
    let legal: taflcount::complexity::legal::LegalReport = round_trip(&run(
        "taflcount",
        &[
            "complexity",
            "--legal",
            "--variant",
            "brandub",
            "--samples",
            "40",
            "--nodes",
            "2000",
            "--threads",
            "1",
            "--json",
        ],
        0,
    ));
    assert_eq!(legal.header.tool, "taflcount");
    let doc: BranchingReport = round_trip(&run(
        "taflcount",
        &[
            "branching",
            "--variant",
            "brandub",
            "--player",
            "greedy",
            "--games",
            "4",
            "--max-plies",
            "6",
            "--json",
        ],
        0,
    ));
    assert_eq!(doc.statistics.games, 4);
    let games = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/games/brandubh.csv");
    round_trip::<BranchingReport>(&run(
        "taflcount",
        &[
            "branching",
            "--variant",
            "brandubh",
            "--records",
            games,
            "--json",
        ],
        0,
    ));
}

#[test]
fn taflcount_tune() {
    let games = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/games/brandubh.csv");
    let doc: taflcount::tune::TuneReport = round_trip(&run(
        "taflcount",
        &[
            "tune",
            "--records",
            games,
            "--max-positions",
            "500",
            "--iterations",
            "3",
            "--json",
        ],
        0,
    ));
    assert_eq!(doc.command, "tune");
    assert_eq!(doc.positions_used, 500);
}

#[test]
fn taflbench_a_run_and_its_comparison() {
    let dir = scratch("bench");
    let saved = dir.join("run.json");
    let doc: BenchReport = round_trip(&run(
        "taflbench",
        &[
            "--quick",
            "--variant",
            "brandub",
            "--json",
            "--save",
            s(&saved),
        ],
        0,
    ));
    assert!(doc.comparison.is_none());
    // The saved file is the run alone, and reads back to the run printed.
    let text = std::fs::read_to_string(&saved).unwrap();
    assert_eq!(round_trip::<BenchDocument>(&text), doc.run);
    let doc: BenchReport = round_trip(&run(
        "taflbench",
        &["--from", s(&saved), "--baseline", s(&saved), "--json"],
        0,
    ));
    let comparison = doc.comparison.unwrap();
    assert!(!comparison.regression);
    assert_eq!(comparison.rows.len(), doc.run.figures.len());
}

#[test]
fn taflregress_suites_tiers_bench_and_analysis() {
    let doc: RegressSuite = round_trip(&run(
        "taflregress",
        &["--filter", "repetition", "--json"],
        0,
    ));
    assert!(doc.positions > 0);
    let doc: EngineSuiteDocument = round_trip(&run(
        "taflregress",
        &["--engine", "first", "--filter", "repetition", "--json"],
        0,
    ));
    assert_eq!(doc.positions, doc.results.len());
    let doc: TierDocument = round_trip(&run(
        "taflregress",
        &[
            "--tier",
            "hard",
            "--nodes",
            "2000",
            "--filter",
            "brandubh-game2",
            "--json",
        ],
        0,
    ));
    assert_eq!(doc.tier, "hard");
    let doc: CurveDocument = round_trip(&run(
        "taflregress",
        &[
            "curve",
            "--max",
            "3000",
            "--filter",
            "brandubh-game2",
            "--json",
        ],
        0,
    ));
    assert!(!doc.points.is_empty());
    let doc: RegressBench = round_trip(&run("taflregress", &["bench", "--json"], 0));
    assert_eq!(doc.nodes, doc.rows.iter().map(|r| r.nodes).sum::<u64>());
    let doc: AnalysisDocument = round_trip(&run(
        "taflregress",
        &["analyze", "--variant", "brandub", "--depth", "3", "--json"],
        0,
    ));
    assert!(doc.best_move.is_some());
    let doc: ProveDocument = round_trip(&run(
        "taflregress",
        &[
            "analyze",
            "--variant",
            "brandub",
            "--position",
            "starti:/7/7/7/K6/7/7/7/",
            "--side",
            "attackers",
            "--prove",
            "3",
            "--json",
        ],
        0,
    ));
    assert_eq!(doc.answer, "game over");
    let games = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/games/brandubh.csv");
    round_trip::<MineDocument>(&run(
        "taflregress",
        &[
            "mine",
            "--records",
            games,
            "--variant",
            "brandubh",
            "--json",
        ],
        0,
    ));
}

#[test]
fn taflmatch_a_match_a_round_robin_and_the_side_balance() {
    let doc: MatchDocument = round_trip(&run(
        "taflmatch",
        &[
            "--variant",
            "brandub",
            "--engine",
            "greedy",
            "--engine",
            "random",
            "--games",
            "4",
            "--sprt",
            "elo0=0,elo1=100",
            "--json",
        ],
        0,
    ));
    assert_eq!((doc.games, doc.pairs), (4, 2));
    assert!(doc.sprt.is_some() && !doc.interrupted);
    let doc: RoundRobinDocument = round_trip(&run(
        "taflmatch",
        &[
            "--variant",
            "brandub",
            "--round-robin",
            "--engine",
            "greedy",
            "--engine",
            "random",
            "--engine",
            "first",
            "--games",
            "2",
            "--json",
        ],
        0,
    ));
    assert_eq!((doc.pairings.len(), doc.games), (3, 6));
    let text = run(
        "taflmatch",
        &[
            "--variant",
            "brandub",
            "--engine",
            "greedy",
            "--games",
            "4",
            "--json",
        ],
        0,
    );
    let doc: SideBalanceDocument = round_trip(&text);
    assert_eq!(doc.attackers.games(), 4);
    // Any taflmatch document, told apart by its fields.
    assert!(matches!(
        round_trip::<TaflmatchDocument>(&text),
        TaflmatchDocument::SideBalance(_)
    ));
}

#[test]
fn taflcount_show() {
    let games = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/games/brandubh.csv");
    let doc: taflcount::render::document::ShowDocument = round_trip(&run(
        "taflcount",
        &[
            "show",
            "--variant",
            "brandubh",
            "--records",
            games,
            "--game",
            "3",
            "--ply",
            "5",
            "--json",
        ],
        0,
    ));
    assert_eq!(doc.header.tool, "taflcount");
    assert_eq!(doc.captured, ["d3"]);
}
