//! `taflperft --estimate` as a user runs it.

mod closed_stdout;
use std::process::Command;

fn taflperft(args: &[&str]) -> (i32, String, String) {
    let out = closed_stdout::output(Command::new(env!("CARGO_BIN_EXE_taflperft")).args(args));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn estimate_json_follows_the_schema_and_depends_only_on_the_seed() {
    let run = |seed: &str| {
        let (code, out, err) = taflperft(&[
            "--estimate",
            "--variant",
            "brandub",
            "--depth",
            "4",
            "--samples",
            "500",
            "--seed",
            seed,
            "--json",
        ]);
        assert_eq!(code, 0, "{err}");
        let mut doc: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert!(doc["timing"].is_object());
        doc.as_object_mut().unwrap().remove("timing");
        doc
    };
    let doc = run("3");
    // 3 since issue 36 (one version for every taflperft document).
    assert_eq!(doc["schema_version"], 3);
    assert_eq!(doc["tool"], "taflperft");
    assert_eq!(
        (
            doc["depth"].as_u64(),
            doc["samples"].as_u64(),
            doc["seed"].as_u64()
        ),
        (Some(4), Some(500), Some(3))
    );
    let e = &doc["estimate"];
    let number = |v: &serde_json::Value| v.as_str().unwrap().parse::<f64>().unwrap();
    let (mean, stderr) = (number(&e["mean"]), number(&e["stderr"]));
    // The strings keep 6 and 3 significant digits.
    assert!((e["log10"].as_f64().unwrap() - mean.log10()).abs() < 1e-5);
    assert!(
        (mean - 1_007_392.0).abs() <= 4.0 * stderr,
        "{mean} ± {stderr}"
    );
    let (low, high) = (number(&e["interval_95"][0]), number(&e["interval_95"][1]));
    assert!(low < mean && mean < high, "{e}");
    assert!((e["relative_stderr"].as_f64().unwrap() - stderr / mean).abs() < 1e-3);
    assert_eq!(doc["by_depth"][0]["mean"], "4e1");
    assert_eq!(doc["by_depth"][0]["stderr"], "0");
    assert_eq!(doc, run("3"));
    assert_ne!(doc["estimate"], run("4")["estimate"]);
}

#[test]
fn estimate_table_has_a_row_per_depth_and_bad_flags_exit_2() {
    let (code, out, _) = taflperft(&["--estimate", "--depth", "3", "--samples", "100"]);
    assert_eq!(code, 0);
    assert!(out.contains("1.1600e2"), "{out}");
    let rows = out
        .lines()
        .filter(|l| {
            l.trim_start_matches(['|', '│', ' '])
                .starts_with(|c: char| c.is_ascii_digit())
        })
        .count();
    assert_eq!(rows, 3, "{out}");
    let (code, _, _) = taflperft(&["--estimate", "--depth", "3", "--divide"]);
    assert_eq!(code, 2);
    let (code, _, err) = taflperft(&["--estimate", "--depth", "3", "--samples", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--samples"), "{err}");
    let (code, _, _) = taflperft(&["--depth", "3", "--samples", "10"]);
    assert_eq!(code, 2, "--samples needs --estimate");
}
