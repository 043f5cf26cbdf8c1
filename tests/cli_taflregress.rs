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
        (
            vec!["analyze", "--variant", "brandub", "--prove", "12"],
            "--prove",
        ),
        (
            vec![
                "analyze",
                "--variant",
                "brandub",
                "--prove",
                "5",
                "--depth",
                "3",
            ],
            "--depth",
        ),
        (
            vec!["analyze", "--variant", "berserk", "--prove", "3"],
            "berserk",
        ),
    ] {
        let o = taflregress(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn the_hard_tier_reports_its_solve_rate_per_variant_and_length_and_exits_0() {
    let o = taflregress(&[
        "--tier",
        "hard",
        "--nodes",
        "2000",
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(doc["schema_version"], 2);
    assert_eq!(doc["tier"], "hard");
    assert_eq!(doc["budget"], 2000);
    let positions = doc["positions"].as_u64().unwrap();
    assert!(positions >= 200, "{positions}");
    let groups: Vec<&str> = doc["by_variant"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["group"].as_str().unwrap())
        .collect();
    assert_eq!(
        groups,
        ["brandub", "brandubh", "copenhagen", "tablut", "all"]
    );
    let all = doc["by_variant"].as_array().unwrap().last().unwrap();
    assert_eq!(all["positions"].as_u64(), Some(positions));
    assert_eq!(all["solved"], doc["solved"]);
    let lengths: u64 = doc["by_length"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["positions"].as_u64().unwrap())
        .sum();
    assert_eq!(lengths, positions);
    assert!(doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["nodes"].as_u64().is_some_and(|n| n <= 2000 + 5000)));
    assert!(doc["timing"]["seconds"].is_number());
}

#[test]
fn curve_prints_solved_against_budget_and_writes_an_svg() {
    let dir = std::env::temp_dir().join(format!("taflregress-curve-{}", std::process::id()));
    let svg = dir.join("sub/curve.svg");
    let o = taflregress(&[
        "curve",
        "--max",
        "3000",
        "--filter",
        "brandubh-game2",
        "--svg",
        svg.to_str().unwrap(),
        // The harness runs the command twice (once with stdout closed).
        "--force",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let text = stdout(&o);
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("│") && !l.contains("nodes"))
        .collect();
    assert_eq!(rows.len(), 2, "{text}");
    assert!(
        rows[0].contains("1000") && rows[1].contains("3000"),
        "{text}"
    );
    let chart = std::fs::read_to_string(&svg).unwrap();
    assert!(
        chart.starts_with("<svg") && chart.contains("polyline"),
        "{chart}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    for bad in [
        vec!["curve", "--max", "10"],
        vec!["curve", "--filter", "zzz"],
        vec!["--tier", "medium"],
        vec!["--tier", "hard", "--nodes", "0"],
    ] {
        let o = taflregress(&bad);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
    }
}

/// The moves of a hard fixture's game before its position (its `source` ends with them,
/// the misplay last).
fn moves_before(fixture: &str) -> (serde_json::Value, String) {
    let path = format!(
        "{}/fixtures/misplays/hard/{fixture}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let source = v["source"].as_str().unwrap();
    let moves: Vec<&str> = source.split_once(": ").unwrap().1.split(' ').collect();
    let before = moves[..moves.len() - 1].join(" ");
    (v, before)
}

#[test]
fn analyze_prove_names_a_proven_winning_move_and_rules_out_a_shorter_win() {
    // The fixture's proof (every winning move, shortest 5) is the reference; the game's
    // moves give the prover the same history.
    let (fixture, moves) = moves_before("copenhagen-game224-ply64");
    assert_eq!(fixture["proof"]["shortest"], 5);
    // `analyze` with these arguments: its exit code must be 0.
    let analyze = |args: &[&str]| {
        let o = taflregress(&[&["analyze"], args].concat());
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        stdout(&o)
    };
    let game = ["--variant", "copenhagen", "--moves", moves.as_str()];
    let prove = |within: &str| {
        let text = analyze(&[&game[..], &["--prove", within, "--json"]].concat());
        serde_json::from_str::<serde_json::Value>(&text).unwrap()
    };
    let v = prove("5");
    assert_eq!(v["schema_version"], 2);
    assert_eq!(
        (v["answer"].as_str(), v["side"].as_str()),
        (Some("win"), Some("defenders"))
    );
    let wins = fixture["proof"]["wins"].as_array().unwrap();
    assert!(wins.contains(&v["winning_move"]), "{v}");
    assert!(v["timing"]["seconds"].is_number());
    let v = prove("3");
    assert_eq!(v["answer"], "no win", "{v}");
    assert!(v["winning_move"].is_null());
    // A node limit too small to settle it: undecided, not a wrong answer.
    let text = analyze(&[&game[..], &["--prove", "5", "--nodes", "10"]].concat());
    assert!(text.contains("undecided"), "{text}");
    // A position that is already an ending has nothing to prove.
    let text = analyze(&[
        "--variant",
        "brandub",
        "--position",
        "starti:/7/7/7/K6/7/7/7/",
        "--side",
        "attackers",
        "--prove",
        "3",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["answer"], "game over", "{v}");
}

/// Issue 24: a journal written for one archive was reused for another, and its results
/// reported as the other's. The journal is keyed to the archive's bytes and the settings.
#[test]
fn a_journal_is_refused_for_another_archive_or_other_settings() {
    let dir = std::env::temp_dir().join(format!("taflregress-journal-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let original = std::fs::read_to_string("fixtures/games/brandubh.csv").unwrap();
    let (a, b) = (dir.join("a.csv"), dir.join("b.csv"));
    std::fs::write(&a, &original).unwrap();
    // The same games but the first dropped: another archive.
    let rest: String = original.lines().skip(1).map(|l| format!("{l}\n")).collect();
    std::fs::write(&b, rest).unwrap();
    let journal = dir.join("j.jsonl");
    let mine = |records: &std::path::Path, nodes: &str| {
        taflregress(&[
            "mine",
            "--records",
            records.to_str().unwrap(),
            "--variant",
            "brandubh",
            "--plies",
            "3",
            "--nodes",
            nodes,
            "--games",
            "2",
            "--journal",
            journal.to_str().unwrap(),
        ])
    };
    let first = mine(&a, "2000");
    assert_eq!(
        first.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let written = std::fs::read_to_string(&journal).unwrap();
    assert_eq!(written.lines().count(), 2, "{written}");
    // The same archive and settings resume: nothing is mined again.
    let again = mine(&a, "2000");
    assert_eq!(again.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&journal).unwrap(), written);
    let other = mine(&b, "2000");
    let err = String::from_utf8_lossy(&other.stderr);
    assert_eq!(other.status.code(), Some(2), "{err}");
    assert!(
        err.contains("another archive") && err.contains("line 1"),
        "{err}"
    );
    let settings = mine(&a, "3000");
    let err = String::from_utf8_lossy(&settings.stderr);
    assert_eq!(settings.status.code(), Some(2), "{err}");
    assert!(err.contains("other settings"), "{err}");
    // Neither refusal touched the journal.
    assert_eq!(std::fs::read_to_string(&journal).unwrap(), written);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `prove` on a hand-written draft (no proof, expectation or limit): the proof and the
/// expectation it writes are those of the repository's fixture the draft was cut from
/// (a hand-built escape in two king moves, proven when the fixture was made).
#[test]
fn prove_fills_a_draft_with_the_fixtures_own_proof() {
    let dir = std::env::temp_dir().join(format!("taflregress-draft-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let original: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("fixtures/misplays/brandub-escape-in-2.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let mut draft = original.clone();
    for key in ["proof", "expect", "limit"] {
        draft.as_object_mut().unwrap().remove(key);
    }
    let path = dir.join("draft.json");
    std::fs::write(&path, serde_json::to_string_pretty(&draft).unwrap()).unwrap();
    let o = taflregress(&[
        "prove",
        path.to_str().unwrap(),
        "--kind",
        "wins",
        "--within",
        "3",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(written["proof"], original["proof"]);
    assert_eq!(written["expect"], original["expect"]);
    // A draft with a misspelt field is refused, naming the file, and left as it was.
    std::fs::write(
        &path,
        r#"{"id": "x", "variant": "brandub", "positon": "?"}"#,
    )
    .unwrap();
    let o = taflregress(&[
        "prove",
        path.to_str().unwrap(),
        "--kind",
        "wins",
        "--within",
        "3",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("draft.json"));
    let _ = std::fs::remove_dir_all(&dir);
}
