//! taflbench as a user runs it: comparing two saved files (handcrafted, so nothing here is
//! timed), exit codes, error messages, and one quick real run for the document's shape.

mod closed_stdout;
use std::path::PathBuf;
use std::process::Command;

fn taflbench(args: &[&str]) -> (i32, String, String) {
    let out = closed_stdout::output(Command::new(env!("CARGO_BIN_EXE_taflbench")).args(args));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A saved run with one brandub perft figure: `median` and `spread` in leaves/s.
fn saved(name: &str, median: f64, spread: f64) -> String {
    let text = format!(
        r#"{{
  "schema_version": 1, "tool": "taflbench", "quick": true,
  "machine": {{"commit": "0123abcd", "rustc": "rustc 1.95.0", "cpu": "Test CPU", "cpus": 2, "threads": 1, "date": "2026-11-21"}},
  "figures": [
    {{"variant": "brandub", "kernel": "perft-bulk", "unit": "leaves/s", "work": "depth 4 from the start, 1 thread",
      "median": {median}, "spread": {spread}, "rates": [{median}], "noisy": false}},
    {{"variant": "brandub", "kernel": "search", "unit": "nodes/s", "work": null, "median": null, "spread": null,
      "rates": [], "noisy": false, "unavailable": "AI not built yet"}}
  ]
}}"#
    );
    write(name, &text)
}

fn write(name: &str, text: &str) -> String {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("taflbench-{name}"));
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn an_equal_run_is_not_a_regression() {
    let baseline = saved("equal-base.json", 100e6, 1e6);
    let current = saved("equal-now.json", 100e6, 1e6);
    let (code, out, err) = taflbench(&["--from", &current, "--baseline", &baseline]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("1.000") && out.contains("unchanged"), "{out}");
    assert!(out.contains("not compared: AI not built yet"), "{out}");
}

#[test]
fn a_fake_slower_run_is_detected() {
    let baseline = saved("slow-base.json", 100e6, 1e6);
    let current = saved("slow-now.json", 70e6, 1e6);
    let (code, out, err) = taflbench(&["--from", &current, "--baseline", &baseline]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("0.700") && out.contains("SLOWER"), "{out}");
    assert!(
        err.contains("1 figure(s) slower than the baseline"),
        "{err}"
    );
}

#[test]
fn a_slowdown_inside_the_noise_does_not_fail() {
    // 30 % slower, but [55, 85] M overlaps [80, 120] M.
    let baseline = saved("noise-base.json", 100e6, 20e6);
    let current = saved("noise-now.json", 70e6, 15e6);
    let (code, out, _) = taflbench(&["--from", &current, "--baseline", &baseline]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("within noise"), "{out}");
}

#[test]
fn the_threshold_is_a_percentage() {
    let baseline = saved("threshold-base.json", 100e6, 1e6);
    let current = saved("threshold-now.json", 70e6, 1e6);
    assert_eq!(
        taflbench(&[
            "--from",
            &current,
            "--baseline",
            &baseline,
            "--threshold",
            "40"
        ])
        .0,
        0
    );
    assert_eq!(
        taflbench(&[
            "--from",
            &current,
            "--baseline",
            &baseline,
            "--threshold",
            "20"
        ])
        .0,
        1
    );
    let (code, _, err) = taflbench(&[
        "--from",
        &current,
        "--baseline",
        &baseline,
        "--threshold",
        "150",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--threshold 150"), "{err}");
}

#[test]
fn the_comparison_is_in_the_json() {
    let baseline = saved("json-base.json", 100e6, 1e6);
    let current = saved("json-now.json", 70e6, 1e6);
    let (code, out, _) = taflbench(&["--from", &current, "--baseline", &baseline, "--json"]);
    assert_eq!(code, 1);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["schema_version"], 1);
    assert_eq!(doc["comparison"]["regression"], true);
    assert_eq!(doc["comparison"]["rows"][0]["verdict"], "slower");
    assert_eq!(doc["comparison"]["rows"][0]["ratio"], 0.7);
}

#[test]
fn bad_files_and_arguments_are_usage_errors() {
    let garbage = write("garbage.json", "{ not json");
    let (code, _, err) = taflbench(&["--from", &garbage]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("taflbench: error: ")
            && err.contains("garbage.json is not a taflbench file"),
        "{err}"
    );

    let future = write("future.json", r#"{"schema_version": 99}"#);
    let (code, _, err) = taflbench(&["--from", &future]);
    assert_eq!(code, 2);
    assert!(err.contains("schema_version 99"), "{err}");

    let (code, _, err) = taflbench(&["--from", "/nonexistent/run.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read /nonexistent/run.json"), "{err}");

    let (code, _, err) = taflbench(&["--variant", "chess", "--quick"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown variant `chess`"), "{err}");

    assert_eq!(taflbench(&["--threads", "0", "--quick"]).0, 2);
}

/// One real quick run: the document's shape, --save, and a run compared with itself
/// (exit 0 whatever the timings, since it is the same file).
#[test]
fn a_quick_run_saves_a_document_that_compares_equal_with_itself() {
    let saved = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("taflbench-quick.json");
    let saved = saved.to_str().unwrap();
    // --force: the harness runs the command twice (once with stdout closed), and the
    // file is left from earlier runs of the tests.
    let (code, out, err) = taflbench(&[
        "--quick",
        "--variant",
        "brandub",
        "--json",
        "--save",
        saved,
        "--force",
    ]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["schema_version"], 1);
    assert_eq!(doc["tool"], "taflbench");
    assert_eq!(doc["quick"], true);
    assert_eq!(doc["machine"]["threads"], 1);
    assert!(doc["machine"]["rustc"]
        .as_str()
        .unwrap()
        .starts_with("rustc "));
    let figures = doc["figures"].as_array().unwrap();
    let kernels: Vec<&str> = figures
        .iter()
        .map(|f| f["kernel"].as_str().unwrap())
        .collect();
    assert_eq!(
        kernels,
        [
            "movegen",
            "perft-bulk",
            "perft-full",
            "copy-make",
            "playouts",
            "search"
        ]
    );
    for f in figures {
        assert!(
            f["median"].as_f64().unwrap() > 0.0 && f["spread"].as_f64().unwrap() >= 0.0,
            "{f}"
        );
        assert_eq!(f["rates"].as_array().unwrap().len(), 5);
    }
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&std::fs::read_to_string(saved).unwrap())
            .unwrap(),
        doc
    );

    let (code, out, _) = taflbench(&["--from", saved, "--baseline", saved]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.matches("unchanged").count(), 6, "{out}");
}

#[test]
fn without_the_games_the_positions_come_from_random_play_and_stderr_says_so() {
    // A folder that exists but holds no archive (a folder that does not exist at all is
    // an input error: tests/hostile_input.rs).
    let empty = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-no-games");
    std::fs::create_dir_all(&empty).unwrap();
    let (code, out, err) = taflbench(&[
        "--quick",
        "--variant",
        "copenhagen",
        "--games",
        empty.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("bench-no-games/copenhagen.csv not found; copenhagen positions come from random play only"), "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(
        doc["figures"][0]["work"]
            .as_str()
            .unwrap()
            .starts_with("every move of 0 real + "),
        "{out}"
    );
}
