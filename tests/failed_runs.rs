//! Issue 35, runs that must fail rather than read as results, and files that must be
//! safe before the work: each test reproduces what a hostile new user saw and checks
//! the tool now answers with a clear error and the right exit code.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "taflcount-failed-runs-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// An OTEP engine that says hello and then dies at its first `play`.
fn crashing_engine(dir: &Path) -> String {
    let script = dir.join("crash.sh");
    std::fs::write(
        &script,
        "echo hello\nwhile read -r line; do case \"$line\" in play*) exit 3;; esac; done\n",
    )
    .unwrap();
    format!("otep:/bin/sh {}", script.display())
}

/// "An engine that says hello and then crashes on every move still won every game,
/// exit 0" (its opponent did): the run is a failed one, exit 1, the engine named.
#[test]
fn a_match_of_forfeits_is_a_failed_run_naming_the_engine() {
    let dir = scratch("match");
    let engine = crashing_engine(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_taflmatch"))
        .args(["--variant", "brandub", "--games", "2", "--engine", "greedy"])
        .args(["--engine", &engine])
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&engine) && err.contains("forfeited 2 of its 2 games"),
        "{err}"
    );
    // Two working engines are still a result.
    let out = Command::new(env!("CARGO_BIN_EXE_taflmatch"))
        .args(["--variant", "brandub", "--games", "2", "--engine", "greedy"])
        .args(["--engine", "random"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// `branching --player otep:` with a crashing engine printed a normal report of
/// forfeits, exit 0.
#[test]
fn branching_of_forfeits_is_a_failed_run_naming_the_engine() {
    let dir = scratch("branching");
    let engine = crashing_engine(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_taflcount"))
        .args([
            "branching",
            "--variant",
            "brandub",
            "--games",
            "3",
            "--threads",
            "1",
        ])
        .args(["--player", &engine])
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&engine) && err.contains("forfeited 3 of its 3 games"),
        "{err}"
    );
    assert!(out.stdout.is_empty(), "no report of forfeits is printed");
}

/// `taflengine --engine otep:foo` said hello and failed only at the first `play`.
#[test]
fn taflengine_checks_its_inner_engine_at_start() {
    let out = Command::new(env!("CARGO_BIN_EXE_taflengine"))
        .args(["--engine", "otep:/nonexistent/engine"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("cannot play") && err.contains("/nonexistent/engine"),
        "{err}"
    );
    assert!(
        out.stdout.is_empty(),
        "no hello from an engine that cannot play"
    );
}

/// `--save-samples` named its file after the rules' `name:`; `name:../escaped` wrote
/// outside the folder. And an existing samples file said "add --force", which `--legal`
/// refused.
#[test]
fn saved_samples_stay_in_their_folder_and_force_replaces_them() {
    let dir = scratch("samples");
    let folder = dir.join("out");
    let rules = "dim:7 name:../escaped start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    let legal = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_taflcount"))
            .args(["complexity", "--legal", "--rules", rules, "--samples", "2"])
            .args(["--threads", "1", "--save-samples"])
            .arg(&folder)
            .args(extra)
            .output()
            .unwrap()
    };
    let out = legal(&[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        !dir.join("escaped.samples").exists(),
        "written outside the folder"
    );
    assert!(folder.join("escaped.samples").exists());
    let out = legal(&[]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("add --force"), "{err}");
    let out = legal(&["--force"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "the advice works: {}",
        stderr(&out)
    );
    // --force without a file to write does nothing: refused.
    let out = Command::new(env!("CARGO_BIN_EXE_taflcount"))
        .args(["complexity", "--variant", "brandub", "--force"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

/// Work first, then the write failed: an unwritable folder was found only after the
/// samples were decided (or the games played, the curve run, the bench measured).
/// `/proc/self` exists and takes no file, for root too. Each run here would take hours
/// if it started its work; it must fail at once.
#[cfg(target_os = "linux")]
#[test]
fn an_unwritable_folder_is_refused_before_the_work() {
    let runs: [(&str, &[&str]); 4] = [
        (
            env!("CARGO_BIN_EXE_taflcount"),
            &[
                "complexity",
                "--legal",
                "--variant",
                "copenhagen",
                "--samples",
                "100000000",
                "--save-samples",
                "/proc/self",
            ],
        ),
        (
            env!("CARGO_BIN_EXE_taflcount"),
            &[
                "branching",
                "--variant",
                "copenhagen",
                "--games",
                "100000000",
                "--report",
                "/proc/self",
            ],
        ),
        (
            env!("CARGO_BIN_EXE_taflregress"),
            &[
                "curve",
                "--max",
                "100000000",
                "--svg",
                "/proc/self/curve.svg",
            ],
        ),
        (
            env!("CARGO_BIN_EXE_taflbench"),
            &["--save", "/proc/self/bench.json"],
        ),
    ];
    for (tool, args) in runs {
        let started = Instant::now();
        let out = Command::new(tool).args(args).output().unwrap();
        let err = stderr(&out);
        assert!(
            matches!(out.status.code(), Some(1 | 2)) && err.contains("/proc/self"),
            "{args:?}: {err}"
        );
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{args:?}: the work ran before the write was checked"
        );
    }
}

/// No input file had a size cap: `/dev/zero` as a record file grew to 2 GB before the
/// allocation failed. It is refused past the cap (256 MiB) with a clear error.
#[cfg(unix)]
#[test]
fn an_endless_input_file_is_refused_at_the_cap() {
    let out = Command::new(env!("CARGO_BIN_EXE_taflcount"))
        .args(["branching", "--records", "/dev/zero"])
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("/dev/zero") && err.contains("larger than 256 MiB"),
        "{err}"
    );
}
