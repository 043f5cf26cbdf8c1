//! taflregress as a user runs it: the suite table and exit codes, analyze's JSON, the
//! bench signature (a snapshot: it changes whenever search behaviour changes), and
//! input errors ending with exit code 2.

mod closed_stdout;

use std::process::{Command, Output};

fn taflregress(args: &[&str]) -> Output {
    closed_stdout::output(
        Command::new(env!("CARGO_BIN_EXE_taflregress"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(args),
    )
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn suite_run_passes_and_prints_a_table_and_the_solve_rate() {
    let o = taflregress(&["--filter", "brandub-"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let text = stdout(&o);
    assert!(text.contains("brandub-escape-in-1") && text.contains("bm a4-a1"));
    assert!(
        text.lines()
            .any(|l| l.starts_with("solved ") && l.contains("(100.0%)")),
        "{text}"
    );
}

#[test]
fn suite_json_has_schema_and_results() {
    let o = taflregress(&["--filter", "repetition", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["schema_version"], 2);
    assert_eq!(v["failed"], 0);
    assert_eq!(v["results"].as_array().unwrap().len(), 2);
}

#[test]
fn analyze_json_reports_a_win_with_its_distance() {
    let o = taflregress(&[
        "analyze",
        "--variant",
        "brandub",
        "--position",
        "starti:/7/t6/7/K3t2/7/2t4/3t3/",
        "--side",
        "defenders",
        "--depth",
        "3",
        "--json",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["schema_version"], 2);
    assert_eq!(v["best_move"], "a4-a1");
    assert_eq!(v["outcome"], "win");
    assert_eq!(v["plies_to_end"], 1);
    assert_eq!(v["pv"], serde_json::json!(["a4-a1"]));
    assert!(v["nodes"].is_u64());
    assert!(v["timing"]["seconds"].is_number());
}

#[test]
fn bench_signature_matches_its_snapshot() {
    let o = taflregress(&["bench"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(text.contains("Nodes searched: "));
    insta::with_settings!({ snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true }, {
        insta::assert_snapshot!("taflregress_bench", text);
    });
}

#[test]
fn input_errors_exit_with_2_and_say_what_is_wrong() {
    for (args, needle) in [
        (
            vec!["--suite", "no/such/dir"],
            "cannot read the suite directory",
        ),
        (vec!["--filter", "no-such-fixture"], "no fixture"),
        (
            vec!["analyze", "--variant", "nope", "--depth", "2"],
            "unknown variant `nope`",
        ),
        (
            vec!["analyze", "--variant", "brandub", "--depth", "0"],
            "--depth",
        ),
        (
            vec![
                "analyze",
                "--variant",
                "brandub",
                "--moves",
                "d1-d9",
                "--depth",
                "2",
            ],
            "ply 1",
        ),
        (
            vec![
                "add",
                "--records",
                "fixtures/games/brandubh.csv",
                "--game",
                "1",
                "--ply",
                "999",
            ],
            "has plies",
        ),
    ] {
        let o = taflregress(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
