//! `taflcount complexity` as a user runs it: snapshots of the table and the JSON, the
//! committed report kept in step, and input errors ending with exit code 2.

mod closed_stdout;

use std::path::Path;
use std::process::{Command, Output};

fn taflcount(args: &[&str]) -> Output {
    closed_stdout::output(Command::new(env!("CARGO_BIN_EXE_taflcount")).args(args))
}

fn stdout_of(args: &[&str]) -> String {
    let output = taflcount(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn snapshot(name: &str, text: &str) {
    insta::with_settings!({ snapshot_path => "../snapshots", prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!(name, text);
    });
}

#[test]
fn tables_and_json_of_four_variants() {
    for variant in ["copenhagen", "brandub", "tablut", "alea-evangelii"] {
        snapshot(
            &format!("complexity_{variant}_table"),
            &stdout_of(&["complexity", "--variant", variant]),
        );
        let json = stdout_of(&["complexity", "--variant", variant, "--json"]);
        let parsed: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
        assert_eq!(parsed["schema_version"], 1);
        assert_eq!(parsed["variant"], variant);
        snapshot(&format!("complexity_{variant}_json"), &json);
    }
}

#[test]
fn dim_alone_is_the_catalog_variant_of_that_size() {
    assert_eq!(
        stdout_of(&["complexity", "--dim", "11"]),
        stdout_of(&["complexity", "--variant", "copenhagen"])
    );
    assert_eq!(
        stdout_of(&["complexity", "--dim", "19", "--json"]),
        stdout_of(&["complexity", "--variant", "alea-evangelii", "--json"])
    );
}

#[test]
fn rules_string_and_catalog_name_agree() {
    let rules = "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    assert_eq!(
        stdout_of(&["complexity", "--rules", rules]),
        stdout_of(&["complexity", "--variant", "brandub"])
    );
}

#[test]
fn command_line_game_tree_is_added() {
    let json = stdout_of(&[
        "complexity",
        "--dim",
        "9",
        "--attackers",
        "16",
        "--defenders",
        "8",
        "--branching",
        "30",
        "--length",
        "50",
        "--json",
    ]);
    let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(parsed["variant"], "9x9");
    assert_eq!(parsed["game_tree"][0]["source"], "command line");
    let log10 = parsed["game_tree"][0]["log10"].as_f64().unwrap();
    assert!((log10 - 50.0 * 30f64.log10()).abs() < 1e-3);
}

#[test]
fn the_committed_report_is_current() {
    let dir = std::env::temp_dir().join(format!("taflcount-report-{}", std::process::id()));
    // --force: the harness runs the command twice (once with stdout closed).
    let output = taflcount(&[
        "complexity",
        "--all",
        "--report",
        dir.to_str().unwrap(),
        "--force",
    ]);
    assert!(output.status.success());
    let fresh = std::fs::read_to_string(dir.join("complexity.md")).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    let committed = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("reports/complexity.md"),
    )
    .expect("reports/complexity.md is committed");
    assert_eq!(
        fresh, committed,
        "regenerate with: taflcount complexity --all --report reports/ --force"
    );
}

#[test]
fn input_errors_exit_with_2_and_a_message() {
    let cases: &[&[&str]] = &[
        &["complexity", "--variant", "no-such-variant"],
        &["complexity", "--dim", "8"],
        &["complexity", "--dim", "5"],
        &[
            "complexity",
            "--dim",
            "21",
            "--attackers",
            "1",
            "--defenders",
            "1",
        ],
        &[
            "complexity",
            "--dim",
            "5",
            "--attackers",
            "30",
            "--defenders",
            "1",
        ],
        &["complexity", "--rules", "dim:7 start:/7/7/7/7/7/7/7/"],
        &["complexity", "--rules", "not rules"],
        &["complexity", "--branching", "-3", "--length", "10"],
        &["complexity", "--branching", "30"],
        &["complexity", "--attackers", "3"],
        &["complexity", "--variant", "brandub", "--dim", "7"],
        &["complexity", "--report", "x"],
    ];
    for args in cases {
        let output = taflcount(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(stderr.contains("error"), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}
