//! Issue 15, hostile input: each test below reproduces one way the tools crashed, hung,
//! answered wrong without a word or lost a file, and checks it no longer does. Inputs
//! are the ones an adversary typed; every one must end in a clear answer or a clear
//! one-line error with exit code 2.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn binary(tool: &str) -> &'static str {
    match tool {
        "taflperft" => env!("CARGO_BIN_EXE_taflperft"),
        "taflcount" => env!("CARGO_BIN_EXE_taflcount"),
        "taflbench" => env!("CARGO_BIN_EXE_taflbench"),
        "taflregress" => env!("CARGO_BIN_EXE_taflregress"),
        "taflmatch" => env!("CARGO_BIN_EXE_taflmatch"),
        "taflengine" => env!("CARGO_BIN_EXE_taflengine"),
        _ => panic!("no tool {tool}"),
    }
}

/// Runs a tool from the repository's root.
fn run(tool: &str, args: &[&str]) -> Output {
    Command::new(binary(tool))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The same run with stdout closed early (the write end of a pipe whose reader is
/// gone): the exit code must not change, and nothing may panic. Every exit-code check
/// below goes through here.
fn same_with_stdout_closed(tool: &str, args: &[&str], code: Option<i32>) {
    let o = Command::new(binary(tool))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .stdout(closed_stdout())
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs");
    let err = stderr(&o);
    assert!(
        !err.contains("panicked"),
        "{tool} {args:?}, stdout closed: {err}"
    );
    assert_eq!(
        o.status.code(),
        code,
        "{tool} {args:?}, stdout closed: {err}"
    );
}

/// Exit 0 and no panic; the parsed JSON of stdout.
fn json_ok(tool: &str, args: &[&str]) -> serde_json::Value {
    let o = run(tool, args);
    assert_eq!(o.status.code(), Some(0), "{tool} {args:?}: {}", stderr(&o));
    same_with_stdout_closed(tool, args, Some(0));
    serde_json::from_str(&stdout(&o)).unwrap_or_else(|e| panic!("{tool} {args:?}: {e}"))
}

/// Exit 2 with one error line that contains every one of `needles`, and no panic.
fn usage_error(tool: &str, args: &[&str], needles: &[&str]) -> String {
    let o = run(tool, args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{tool} {args:?}: {err}");
    assert!(!err.contains("panicked"), "{tool} {args:?}: {err}");
    for needle in needles {
        assert!(
            err.contains(needle),
            "{tool} {args:?}: `{needle}` not in: {err}"
        );
    }
    same_with_stdout_closed(tool, args, Some(2));
    err
}

/// A fresh empty folder under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Kilobytes of resident memory of a running process (Linux).
fn resident_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

// ---------------------------------------------------------------------------------
// Threads: a count is range-checked, never more threads than work, a refused spawn
// is no crash.

#[test]
fn every_threads_option_is_range_checked_and_names_itself() {
    for (tool, args) in [
        ("taflperft", vec!["--depth", "1"]),
        (
            "taflcount",
            vec!["branching", "--variant", "brandub", "--games", "1"],
        ),
        ("taflbench", vec!["--quick"]),
        // Issue 24: one range everywhere (taflregress took 1..=256, `taflperft unit`
        // any number).
        ("taflregress", vec!["--tier", "hard"]),
        ("taflregress", vec!["curve"]),
        ("taflperft", vec!["unit", "no-such-unit.json"]),
    ] {
        for bad in ["0", "1025", "4294967295", "-1"] {
            let mut a = args.clone();
            a.extend(["--threads", bad]);
            usage_error(tool, &a, &["--threads"]);
        }
    }
    // taflmatch's is --concurrency: `--concurrency 1000000` spent minutes starting
    // threads for two games (found by the issue 15 audit).
    for bad in ["0", "1025", "1000000", "4294967295", "-1"] {
        usage_error(
            "taflmatch",
            &[
                "--variant",
                "brandub",
                "--engine",
                "greedy",
                "--engine",
                "random",
                "--games",
                "2",
                "--concurrency",
                bad,
            ],
            &["--concurrency"],
        );
    }
}

#[test]
fn more_threads_than_work_start_only_as_many_as_there_is_work() {
    let doc = json_ok(
        "taflperft",
        &[
            "--variant",
            "brandub",
            "--depth",
            "1",
            "--threads",
            "1024",
            "--json",
        ],
    );
    assert_eq!(doc["results"][0]["nodes"], "40");
    assert_eq!(
        doc["timing"]["threads"], 40,
        "one thread per root move at most"
    );
    let doc = json_ok(
        "taflcount",
        &[
            "branching",
            "--variant",
            "brandub",
            "--games",
            "3",
            "--threads",
            "1024",
            "--json",
        ],
    );
    assert_eq!(doc["games"], 3);
    assert_eq!(doc["timing"]["threads"], 3, "one thread per game at most");
    let doc = json_ok(
        "taflmatch",
        &[
            "--variant",
            "brandub",
            "--engine",
            "greedy",
            "--engine",
            "random",
            "--games",
            "2",
            "--concurrency",
            "1024",
            "--json",
        ],
    );
    assert_eq!(doc["timing"]["threads"], 2, "one thread per game at most");
}

/// The system refuses every new thread when each asks for a 1 TiB stack (RUST_MIN_STACK
/// sets the default stack size of spawned threads; the kernel will not map it): the old
/// self-play panicked with "failed to spawn thread"; now the calling thread does all the
/// work. (A memory limit refuses threads the same way, but only after some started,
/// which leaves the test at the mercy of the machine's load.)
#[test]
fn a_refused_thread_is_no_crash() {
    let refuse = |tool: &str, args: &[&str]| {
        let o = Command::new(binary(tool))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("RUST_MIN_STACK", "1099511627776")
            .args(args)
            .output()
            .unwrap();
        let err = stderr(&o);
        assert!(!err.contains("panicked"), "{tool} {args:?}: {err}");
        assert_eq!(o.status.code(), Some(0), "{tool} {args:?}: {err}");
        serde_json::from_str::<serde_json::Value>(&stdout(&o)).unwrap()
    };
    let doc = refuse(
        "taflcount",
        &[
            "branching",
            "--variant",
            "brandub",
            "--games",
            "20",
            "--threads",
            "8",
            "--json",
        ],
    );
    assert_eq!(doc["games"], 20);
    let doc = refuse(
        "taflperft",
        &[
            "--variant",
            "brandub",
            "--depth",
            "3",
            "--threads",
            "8",
            "--json",
        ],
    );
    assert_eq!(doc["results"][2]["nodes"], "39512");
    // taflmatch panicked with "failed to spawn thread" (found by the issue 15 audit).
    let doc = refuse(
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
            "--concurrency",
            "2",
            "--json",
        ],
    );
    assert_eq!(doc["games"], 4, "{doc}");
    // The hard tier spawned its own threads and panicked "failed to spawn thread"
    // (issue 22); it now goes through the one pool.
    let doc = refuse(
        "taflregress",
        &[
            "--tier",
            "hard",
            "--filter",
            "brandub",
            "--threads",
            "2",
            "--nodes",
            "1000",
            "--json",
        ],
    );
    assert_eq!(doc["tier"], "hard", "{doc}");
    // taflengine thinks on a thread of its own, for its status lines: refused, it
    // thinks on the main one and still answers with a move.
    let mut child = Command::new(binary("taflengine"))
        .env("RUST_MIN_STACK", "1099511627776")
        .args(["--engine", "search:depth=1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let rules = taflcount::rules::catalog::find("brandub").unwrap().rules;
    let script = format!("rules {rules}\nside attackers\nstart\nplay attackers\ngoodbye\n");
    std::io::Write::write_all(child.stdin.as_mut().unwrap(), script.as_bytes()).unwrap();
    let o = child.wait_with_output().unwrap();
    let (out, err) = (stdout(&o), stderr(&o));
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(out.lines().any(|l| l.starts_with("move ")), "{out}");
}

// ---------------------------------------------------------------------------------
// Self-play streams its games: no memory proportional to --games.

#[test]
fn a_huge_game_count_streams_in_little_memory() {
    let branching = |games| {
        vec![
            "branching",
            "--variant",
            "brandub",
            "--threads",
            "1",
            "--games",
            games,
        ]
    };
    // taflmatch kept a slot per game the same way (found by the issue 15 audit).
    let matched = |games| {
        vec![
            "--variant",
            "brandub",
            "--engine",
            "random",
            "--engine",
            "random",
            "--concurrency",
            "1",
            "--games",
            games,
        ]
    };
    let runs = [
        ("taflcount", branching("1000000000")),
        ("taflcount", branching("18446744073709551615")),
        ("taflmatch", matched("1000000000")),
        ("taflmatch", matched("18446744073709551614")),
    ];
    for (tool, args) in runs {
        let mut child = Command::new(binary(tool))
            .args(&args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The old code allocated a slot per game first: 32 GB (an abort), or a capacity
        // overflow panic, within milliseconds.
        let started = Instant::now();
        let mut peak = 0;
        while started.elapsed() < Duration::from_millis(1500) {
            std::thread::sleep(Duration::from_millis(100));
            if let Some(status) = child.try_wait().unwrap() {
                let mut err = String::new();
                std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
                panic!("{tool} {args:?}: ended early with {status}: {err}");
            }
            peak = peak.max(resident_kb(child.id()).unwrap_or(0));
        }
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(peak < 200_000, "{tool} {args:?}: {peak} kB resident");
    }
    // A round robin of three engines cannot count 3 x (2^64 - 2) games: refused.
    usage_error(
        "taflmatch",
        &[
            "--variant",
            "brandub",
            "--round-robin",
            "--engine",
            "random",
            "--engine",
            "greedy",
            "--engine",
            "search:depth=1",
            "--games",
            "18446744073709551614",
        ],
        &["--games", "more games than can be counted"],
    );
}

// ---------------------------------------------------------------------------------
// Numbers out of range: the message names the option, a negative number included.

#[test]
fn negative_and_zero_numbers_are_refused_by_name() {
    let cases: &[(&str, &[&str], &str)] = &[
        ("taflperft", &["--depth", "-1"], "--depth"),
        (
            "taflperft",
            &["--depth", "1", "--threads", "-1"],
            "--threads",
        ),
        (
            "taflperft",
            &["--estimate", "--depth", "2", "--samples", "-1"],
            "--samples",
        ),
        (
            "taflperft",
            &["--estimate", "--depth", "2", "--seed", "-1"],
            "--seed",
        ),
        ("taflperft", &["--depth", "2", "--hash", "-1"], "--hash"),
        (
            "taflperft",
            &["--depth", "2", "--hash", "1", "--hash-seed", "-1"],
            "--hash-seed",
        ),
        ("taflcount", &["complexity", "--dim", "-1"], "--dim"),
        (
            "taflcount",
            &[
                "complexity",
                "--dim",
                "7",
                "--attackers",
                "-1",
                "--defenders",
                "1",
            ],
            "--attackers",
        ),
        (
            "taflcount",
            &["complexity", "--branching", "-3", "--length", "10"],
            "--branching",
        ),
        (
            "taflcount",
            &["complexity", "--branching", "3", "--length", "-10"],
            "--length",
        ),
        ("taflcount", &["branching", "--games", "-1"], "--games"),
        ("taflcount", &["branching", "--games", "0"], "--games"),
        (
            "taflcount",
            &["branching", "--max-plies", "-1"],
            "--max-plies",
        ),
        (
            "taflcount",
            &["branching", "--max-plies", "0"],
            "--max-plies",
        ),
        ("taflcount", &["branching", "--seed", "-1"], "--seed"),
        (
            "taflbench",
            // With --baseline, so the check reached is the number's, not the missing
            // partner's (which `every_usage_error_is_one_line...` covers).
            &["--quick", "--threshold", "-5", "--baseline", "x.json"],
            "--threshold",
        ),
        (
            "taflperft",
            &["plan", "--depth", "5000", "--split", "3", "--out", "x"],
            "--depth",
        ),
        ("taflregress", &["analyze", "--depth", "-1"], "--depth"),
        ("taflregress", &["analyze", "--nodes", "-1"], "--nodes"),
        (
            "taflregress",
            &["mine", "--records", "x.csv", "--games", "-1"],
            "--games",
        ),
        (
            "taflregress",
            &["add", "--records", "x.csv", "--game", "-1", "--ply", "1"],
            "--game",
        ),
        (
            "taflregress",
            &["prove", "x.json", "--kind", "wins", "--within", "-1"],
            "--within",
        ),
    ];
    for (tool, args, option) in cases {
        usage_error(tool, args, &[option]);
    }
    // taflmatch came after the issue: the same for its numbers.
    for (option, bad) in [
        ("--games", "-2"),
        ("--games", "0"),
        ("--concurrency", "-1"),
        ("--plies", "-1"),
        ("--random-openings", "-1"),
        ("--max-plies", "-1"),
        ("--max-plies", "0"),
        ("--seed", "-1"),
    ] {
        usage_error(
            "taflmatch",
            &[
                "--variant",
                "brandub",
                "--engine",
                "greedy",
                "--engine",
                "random",
                option,
                bad,
            ],
            &[option],
        );
    }
}

/// A record archive whose games have no moves measured nothing: the old table was NaN.
#[test]
fn games_without_plies_are_an_input_error() {
    let dir = scratch("no-plies");
    let csv = dir.join("empty-games.csv");
    std::fs::write(&csv, ",0,0,Draw\n,0,0,Ongoing\n").unwrap();
    usage_error(
        "taflcount",
        &[
            "branching",
            "--variant",
            "brandub",
            "--records",
            csv.to_str().unwrap(),
        ],
        &["no plies"],
    );
}

// ---------------------------------------------------------------------------------
// Text: a byte-order mark, non-ASCII characters, binary files and directories.

const BOM: &str = "\u{feff}";
const BRANDUB_SUITE: &str = "id brandub-start\nrules brandub\nperft 1 40\nperft 2 960\n";

/// A UTF-8 byte-order mark at the start of every kind of text file a tool reads is
/// dropped: the same file without it gives the same answer.
#[test]
fn a_byte_order_mark_starts_any_file_harmlessly() {
    let dir = scratch("bom");
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, format!("{BOM}{text}")).unwrap();
        path.to_str().unwrap().to_string()
    };
    // A suite: the BOM was an invisible "unknown key".
    let suite = write("suite.perft", BRANDUB_SUITE);
    let doc = json_ok("taflperft", &["--suite", &suite, "--json"]);
    assert_eq!(
        (doc["checked"].as_u64(), doc["failed"].as_u64()),
        (Some(2), Some(0))
    );
    // A game archive, read by taflcount and taflregress.
    let games: String = std::fs::read_to_string("fixtures/games/brandubh.csv")
        .unwrap()
        .lines()
        .take(5)
        .map(|l| format!("{l}\n"))
        .collect();
    let csv = write("brandubh.csv", &games);
    let doc = json_ok(
        "taflcount",
        &[
            "branching",
            "--variant",
            "brandubh",
            "--records",
            &csv,
            "--json",
        ],
    );
    assert_eq!(doc["games"], 5);
    let doc = json_ok("taflregress", &["mine", "--records", &csv, "--json"]);
    assert_eq!(doc["games"], 5);
    // A fixture folder.
    let fixtures = dir.join("fixtures");
    std::fs::create_dir_all(&fixtures).unwrap();
    let fixture = std::fs::read_to_string("fixtures/misplays/brandub-escape-in-1.json").unwrap();
    std::fs::write(fixtures.join("escape.json"), format!("{BOM}{fixture}")).unwrap();
    let doc = json_ok(
        "taflregress",
        &["--suite", fixtures.to_str().unwrap(), "--json"],
    );
    assert_eq!(doc["positions"], 1);
}

#[test]
fn a_saved_bench_file_may_start_with_a_byte_order_mark() {
    let dir = scratch("bom-bench");
    let path = dir.join("run.json");
    std::fs::write(&path, format!("{BOM}{}", bench_document(100.0, 2.0))).unwrap();
    let o = run("taflbench", &["--from", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// A taflbench document with one figure of this median and spread.
fn bench_document(median: f64, spread: f64) -> String {
    serde_json::json!({
        "schema_version": 1, "tool": "taflbench", "quick": true,
        "machine": {"commit": "abc", "rustc": "rustc", "cpu": "cpu", "cpus": 2, "threads": 1,
                    "date": "2026-11-23", "load_average": null},
        "figures": [{"variant": "brandub", "kernel": "movegen", "unit": "moves/s",
                     "work": "every move", "median": median, "spread": spread,
                     "rates": [median], "noisy": false}]
    })
    .to_string()
}

#[test]
fn non_ascii_is_reported_as_characters_at_character_columns() {
    // The old position parser read bytes: `é` came out as `Ã`.
    usage_error(
        "taflperft",
        &[
            "--variant",
            "brandub",
            "--position",
            "/7/7/7/2é4/7/7/7/",
            "--side",
            "attackers",
            "--depth",
            "1",
        ],
        &["`é`", "column 9"],
    );
    // The token after a two-byte `ü` starts at character 20 (byte 21).
    usage_error(
        "taflperft",
        &[
            "--depth",
            "1",
            "--rules",
            "dim:7 name:Brandüb ks:q start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
        ],
        &["key `ks` at column 20"],
    );
    usage_error(
        "taflperft",
        &["--depth", "1", "--variant", "brandüb"],
        &["brandüb"],
    );
    usage_error(
        "taflperft",
        &["--depth", "1", "--moves", "d1-d3 é5-e2"],
        &["é5-e2", "ply 2"],
    );
}

#[test]
fn an_empty_rank_is_named_instead_of_a_wrong_board_size() {
    // Seven ranks and a stray `//`: the old message spoke of an 8-row board.
    let err = usage_error(
        "taflperft",
        &[
            "--variant",
            "brandub",
            "--position",
            "/3t3/3t3/3T3//ttTKTtt/3T3/3t3/3t3/",
            "--side",
            "attackers",
            "--depth",
            "1",
        ],
        &["row 4 of the record is empty"],
    );
    assert!(!err.contains("8 rows"), "{err}");
    usage_error(
        "taflperft",
        &[
            "--depth",
            "1",
            "--rules",
            "dim:7 start:/3t3/3t3/3T3/ttTKTtt//3T3/3t3/3t3/",
        ],
        &["row 5 of the record is empty"],
    );
}

/// Every file option meets a missing file, a directory and a binary file with a message
/// that says which (mine --records /nonexistent.csv said "no catalog variant").
#[test]
fn missing_binary_and_directory_files_are_named_as_such() {
    let dir = scratch("files");
    let binary = dir.join("binary.csv");
    std::fs::write(&binary, b"\x00\x01\xff\xfe\x80 not text").unwrap();
    let folder = dir.join("folder.csv");
    std::fs::create_dir_all(&folder).unwrap();
    let missing = dir.join("nonexistent.csv");
    let cases: [(&str, Vec<&str>); 6] = [
        ("taflperft", vec!["--suite"]),
        ("taflcount", vec!["branching", "--records"]),
        ("taflregress", vec!["mine", "--records"]),
        (
            "taflregress",
            vec!["add", "--game", "1", "--ply", "1", "--records"],
        ),
        (
            "taflregress",
            vec!["prove", "--kind", "wins", "--within", "1"],
        ),
        ("taflbench", vec!["--from"]),
    ];
    for (tool, args) in cases {
        for (path, says) in [
            (&missing, "does not exist"),
            (&folder, "is a directory"),
            (&binary, "not a UTF-8 text file"),
        ] {
            let mut a = args.clone();
            a.push(path.to_str().unwrap());
            usage_error(tool, &a, &[says]);
        }
    }
    // taflmatch and taflengine, after the issue: openings and evaluation weights said
    // "No such file or directory (os error 2)" and "stream did not contain valid UTF-8".
    let players = ["--variant", "brandub", "--engine", "greedy", "--engine"];
    for (path, says) in [
        (&missing, "does not exist"),
        (&folder, "is a directory"),
        (&binary, "not a UTF-8 text file"),
    ] {
        let path = path.to_str().unwrap();
        for option in ["--openings", "--openings-from-records"] {
            let mut a = players.to_vec();
            a.extend(["random", "--games", "2", option, path]);
            usage_error("taflmatch", &a, &[option, says]);
        }
        let eval = format!("search:depth=1,eval={path}");
        let mut a = players.to_vec();
        a.extend([eval.as_str(), "--games", "2"]);
        usage_error("taflmatch", &a, &["evaluation weights", says]);
        usage_error(
            "taflengine",
            &["--engine", &eval],
            &["evaluation weights", says],
        );
    }
}

/// A `--games` folder whose archive is a directory or binary was "not found" (random
/// positions, exit 0); a folder that does not exist at all is named too.
#[test]
fn a_games_folder_with_an_unreadable_archive_is_an_error() {
    let dir = scratch("games-folder");
    std::fs::create_dir_all(dir.join("copenhagen.csv")).unwrap();
    let args = |d: &Path| {
        let d = d.to_str().unwrap().to_string();
        run(
            "taflbench",
            &["--quick", "--variant", "copenhagen", "--games", &d],
        )
    };
    let o = args(&dir);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("is a directory"), "{}", stderr(&o));
    std::fs::remove_dir_all(dir.join("copenhagen.csv")).unwrap();
    std::fs::write(dir.join("copenhagen.csv"), b"\xff\xfe\x00binary").unwrap();
    let o = args(&dir);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("not a UTF-8 text file"),
        "{}",
        stderr(&o)
    );
    let o = args(&dir.join("no-such-folder"));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("no such folder"), "{}", stderr(&o));
}

// ---------------------------------------------------------------------------------
// Arithmetic: nothing overflows into 0, inf, NaN or null.

/// --estimate --depth 80 (the essays' game length) reported a standard error of 0 from
/// depth 75, `inf%` at 76 and `"mean": null` past 151: the sums overflowed f64.
#[test]
fn a_deep_estimate_is_finite_at_every_depth() {
    let doc = json_ok(
        "taflperft",
        &[
            "--estimate",
            "--depth",
            "200",
            "--samples",
            "40",
            "--seed",
            "1",
            "--json",
        ],
    );
    let rows = doc["by_depth"].as_array().unwrap();
    assert_eq!(rows.len(), 200);
    let mut past_f64 = 0;
    for row in rows {
        if row["mean"] == "0" {
            continue; // every path ended before this depth
        }
        let log10 = row["log10"].as_f64().unwrap();
        let relative = row["relative_stderr"].as_f64().unwrap();
        assert!(
            relative.is_finite() && (row["depth"] == 1 || relative > 0.0),
            "{row}"
        );
        let mean: f64 = row["mean"].as_str().unwrap().parse().unwrap();
        if mean.is_infinite() {
            past_f64 += 1;
            let exponent: f64 = row["mean"]
                .as_str()
                .unwrap()
                .split('e')
                .nth(1)
                .unwrap()
                .parse()
                .unwrap();
            assert!((exponent - log10.floor()).abs() <= 1.0, "{row}");
        }
        let high = row["interval_95"][1].as_str().unwrap();
        assert!(
            high != "0" && !high.contains("inf") && !high.contains("NaN"),
            "{row}"
        );
    }
    assert!(
        past_f64 > 0,
        "the test should reach depths past f64's range"
    );
    let o = run(
        "taflperft",
        &["--estimate", "--depth", "160", "--samples", "20"],
    );
    assert_eq!(o.status.code(), Some(0));
    let table = stdout(&o);
    assert!(!table.contains("inf") && !table.contains("NaN"), "{table}");
}

// ---------------------------------------------------------------------------------
// Suites: --max-nodes limits the work; a suite that says one thing twice is refused.

/// `perft 100 1` ran forever even with --max-nodes 1000: the limit looked at the count
/// the line claims (1), not at the work.
#[test]
fn max_nodes_limits_the_work_of_a_count() {
    let dir = scratch("max-nodes");
    let suite = dir.join("deep.perft");
    std::fs::write(&suite, "id deep\nrules brandub\nperft 2 960\nperft 100 1\n").unwrap();
    let suite = suite.to_str().unwrap();
    for threads in ["1", "2"] {
        let doc = json_ok(
            "taflperft",
            &[
                "--suite",
                suite,
                "--max-nodes",
                "1000",
                "--threads",
                threads,
                "--json",
            ],
        );
        assert_eq!(
            (doc["checked"].as_u64(), doc["skipped"].as_u64()),
            (Some(1), Some(1))
        );
        let row = &doc["results"][1];
        assert_eq!(row["status"], "skipped");
        assert!(row["reason"].as_str().unwrap().contains("gave up"), "{row}");
        assert!(row.get("nodes").is_none());
        assert!(doc["timing"]["by_count"].is_array() && row.get("seconds").is_none());
    }
    let o = run("taflperft", &["--suite", suite, "--max-nodes", "1000"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o).contains("1 passed, 0 failed, 1 skipped"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn suites_that_repeat_themselves_or_hold_nothing_are_refused() {
    let dir = scratch("suites");
    let entry = "id a\nrules brandub\nperft 1 40\n";
    for (name, text, says) in [
        (
            "rules-twice",
            format!("{entry}rules tablut\n"),
            "already has a `rules` line",
        ),
        (
            "id-twice",
            format!("{entry}{entry}"),
            "id `a` is also the id of the entry on line 1",
        ),
        (
            "depth-twice",
            format!("{entry}perft 1 41\n"),
            "already has a count at depth 1",
        ),
        ("empty", "# nothing\n".to_string(), "no entries"),
        ("bom-only", BOM.to_string(), "no entries"),
    ] {
        let path = dir.join(format!("{name}.perft"));
        std::fs::write(&path, text).unwrap();
        usage_error("taflperft", &["--suite", path.to_str().unwrap()], &[says]);
    }
}

// ---------------------------------------------------------------------------------
// Options that do nothing in a combination are refused, the same way everywhere.

#[test]
fn options_that_would_do_nothing_are_refused() {
    let cases: &[(&str, &[&str], &str)] = &[
        (
            "taflperft",
            &["--list-variants", "--depth", "3"],
            "--list-variants",
        ),
        (
            "taflperft",
            &["--list-variants", "--threads", "4"],
            "--list-variants",
        ),
        (
            "taflperft",
            &["--list-variants", "--hash", "64"],
            "--list-variants",
        ),
        (
            "taflperft",
            &["--depth", "3", "--max-nodes", "1000"],
            "--max-nodes needs --suite",
        ),
        (
            "taflperft",
            &["--depth", "3", "--divide", "--samples", "10"],
            "--samples needs --estimate",
        ),
        (
            "taflperft",
            &["--suite", "x.perft", "--seed", "4"],
            "--seed needs --estimate",
        ),
        (
            "taflperft",
            &["--estimate", "--depth", "2", "--hash-seed", "3"],
            "--hash-seed needs --hash",
        ),
        (
            "taflperft",
            &["--estimate", "--depth", "2", "--threads", "2"],
            "--threads does nothing with --estimate",
        ),
        (
            "taflperft",
            &["--suite", "x.perft", "--max-nodes", "9", "--hash", "8"],
            "--hash does nothing with --max-nodes",
        ),
        (
            "taflcount",
            &["complexity", "--all", "--json", "--report", "out"],
            "--json does nothing with --report",
        ),
        (
            "taflcount",
            &["complexity", "--variant", "brandub", "--report", "out"],
            "--report needs --all",
        ),
        (
            "taflcount",
            &[
                "complexity",
                "--variant",
                "brandub",
                "--attackers",
                "3",
                "--defenders",
                "2",
            ],
            "--attackers needs --dim",
        ),
        (
            "taflcount",
            &["branching", "--records", "x.csv", "--threads", "2"],
            "--threads",
        ),
        (
            "taflcount",
            &["branching", "--records", "x.csv", "--seed", "2"],
            "--seed",
        ),
        (
            "taflbench",
            &["--from", "x.json", "--games", "fixtures/games"],
            "--games",
        ),
        ("taflbench", &["--quick", "--threshold", "5"], "--baseline"),
        ("taflregress", &["--filter", "x", "bench"], "--filter"),
        (
            "taflregress",
            &["--json", "mine", "--records", "x.csv"],
            "--json",
        ),
    ];
    for (tool, args, says) in cases {
        usage_error(tool, args, &[says]);
    }
}

/// `complexity --branching 1e308 --length 1e308` printed `NaNeinf`.
#[test]
fn a_game_tree_past_any_float_is_refused_where_it_enters() {
    usage_error(
        "taflcount",
        &["complexity", "--branching", "1e308", "--length", "1e308"],
        &["--branching and --length", "log10 of inf"],
    );
    usage_error(
        "taflcount",
        &["complexity", "--branching", "1e10", "--length", "1e12"],
        &["log10 of 1e13"],
    );
    // Large but meaningful figures print in scientific form, never inf or NaN.
    let o = run(
        "taflcount",
        &["complexity", "--branching", "1e15", "--length", "1e6"],
    );
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(
        text.contains("1e15") && text.contains("1.00e15000000"),
        "{text}"
    );
    assert!(!text.contains("NaN") && !text.contains("inf"), "{text}");
}

/// A saved bench file with a zero or negative median gave "faster" or "within noise".
#[test]
fn a_saved_bench_file_is_validated_like_any_input() {
    let dir = scratch("bench-values");
    let good = dir.join("good.json");
    std::fs::write(&good, bench_document(100.0, 2.0)).unwrap();
    for (name, median, spread) in [
        ("zero", 0.0, 0.0),
        ("negative", -50.0, 1.0),
        ("spread", 100.0, -3.0),
    ] {
        let bad = dir.join(format!("{name}.json"));
        std::fs::write(&bad, bench_document(median, spread)).unwrap();
        let (good, bad) = (good.to_str().unwrap(), bad.to_str().unwrap());
        usage_error(
            "taflbench",
            &["--from", good, "--baseline", bad],
            &["not a valid taflbench run"],
        );
        usage_error(
            "taflbench",
            &["--from", bad, "--baseline", good],
            &["not a valid taflbench run"],
        );
    }
}

// ---------------------------------------------------------------------------------
// JSON: fields named and typed alike across the tools.

/// `nodes` is a count as a decimal string (the standard for big integers in every
/// `--json`; taflperft's since issue 36) or, in the tools that do not follow it yet, a
/// whole number; times stand in a `timing` object (never `timings`), and every document
/// says its schema.
#[test]
fn json_fields_are_named_and_typed_alike_in_every_tool() {
    fn walk(v: &serde_json::Value, path: &str, strings: bool, problems: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(map) => {
                for (key, value) in map {
                    let here = format!("{path}.{key}");
                    if key == "timings" {
                        problems.push(format!("{here}: `timings`, not `timing`"));
                    }
                    let decimal = value
                        .as_str()
                        .is_some_and(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()));
                    let whole = !strings && value.is_u64();
                    if key == "nodes" && !decimal && !whole && !value.is_null() {
                        problems.push(format!("{here}: {value} is not a decimal string"));
                    }
                    let is_time = key.contains("seconds") || key.ends_with("per_second");
                    if is_time && !path.contains(".timing") {
                        problems.push(format!("{here}: a time outside `timing`"));
                    }
                    walk(value, &here, strings, problems);
                }
            }
            serde_json::Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    walk(item, &format!("{path}[{i}]"), strings, problems);
                }
            }
            _ => {}
        }
    }
    let dir = scratch("json-alike");
    let bench = dir.join("run.json");
    std::fs::write(&bench, bench_document(100.0, 2.0)).unwrap();
    let bench = bench.to_str().unwrap();
    let runs: &[(&str, &[&str])] = &[
        (
            "taflperft",
            &["--variant", "brandub", "--depth", "2", "--divide", "--json"],
        ),
        (
            "taflperft",
            &[
                "--variant",
                "brandub",
                "--depth",
                "2",
                "--estimate",
                "--samples",
                "20",
                "--json",
            ],
        ),
        (
            "taflperft",
            &[
                "--suite",
                "fixtures/perft/berserk.perft",
                "--max-nodes",
                "2000",
                "--json",
            ],
        ),
        ("taflperft", &["--list-variants", "--json"]),
        (
            "taflcount",
            &["complexity", "--variant", "brandub", "--json"],
        ),
        (
            "taflcount",
            &[
                "branching",
                "--variant",
                "brandub",
                "--games",
                "3",
                "--json",
            ],
        ),
        (
            "taflbench",
            &["--from", bench, "--baseline", bench, "--json"],
        ),
        ("taflregress", &["--filter", "escape-in-1", "--json"]),
        (
            "taflregress",
            &["analyze", "--variant", "brandub", "--depth", "2", "--json"],
        ),
        (
            "taflregress",
            &[
                "mine",
                "--records",
                "fixtures/games/brandubh.csv",
                "--games",
                "2",
                "--json",
            ],
        ),
        ("taflregress", &["bench", "--json"]),
        (
            "taflmatch",
            &[
                "--variant",
                "brandub",
                "--engine",
                "search:depth=1",
                "--engine",
                "greedy",
                "--games",
                "2",
                "--json",
            ],
        ),
        (
            "taflmatch",
            &[
                "--variant",
                "brandub",
                "--engine",
                "greedy",
                "--games",
                "2",
                "--json",
            ],
        ),
        (
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
                "search:depth=1",
                "--games",
                "2",
                "--json",
            ],
        ),
    ];
    let mut problems = Vec::new();
    for (tool, args) in runs {
        let doc = json_ok(tool, args);
        let name = format!("{tool} {}", args.join(" "));
        if doc["schema_version"].as_u64().is_none() || doc["tool"] != *tool {
            problems.push(format!("{name}: no schema_version or tool"));
        }
        // taflperft follows the standard; taflregress, taflmatch and taflbench are to.
        walk(&doc, &name, *tool == "taflperft", &mut problems);
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

// ---------------------------------------------------------------------------------
// A closed pipe (`| head -1`) ends every tool quietly with exit 0.

/// The write end of a pipe whose reader has already exited: every write to it fails
/// with EPIPE at once, as when `head` has read its line (deterministic, unlike dropping
/// a reader while the tool may or may not have written yet).
fn closed_stdout() -> Stdio {
    let mut reader = Command::new("true").stdin(Stdio::piped()).spawn().unwrap();
    let writer = reader.stdin.take().unwrap();
    reader.wait().unwrap();
    Stdio::from(writer)
}

#[test]
fn every_tool_survives_a_closed_stdout() {
    let dir = scratch("closed-pipe");
    let bench = dir.join("run.json");
    std::fs::write(&bench, bench_document(100.0, 2.0)).unwrap();
    let bench = bench.to_str().unwrap();
    let runs: &[(&str, &[&str])] = &[
        ("taflperft", &["--variant", "brandub", "--depth", "4"]),
        (
            "taflperft",
            &["--variant", "brandub", "--depth", "3", "--divide"],
        ),
        (
            "taflperft",
            &["--variant", "brandub", "--depth", "3", "--json"],
        ),
        ("taflperft", &["--list-variants"]),
        ("taflperft", &["--list-variants", "--json"]),
        ("taflperft", &["--suite", "fixtures/perft/berserk.perft"]),
        (
            "taflperft",
            &["--suite", "fixtures/perft/berserk.perft", "--json"],
        ),
        (
            "taflperft",
            &[
                "--estimate",
                "--variant",
                "brandub",
                "--depth",
                "5",
                "--samples",
                "50",
            ],
        ),
        ("taflcount", &["complexity", "--variant", "brandub"]),
        (
            "taflcount",
            &["complexity", "--variant", "brandub", "--json"],
        ),
        ("taflcount", &["complexity", "--all"]),
        (
            "taflcount",
            &["branching", "--variant", "brandub", "--games", "5"],
        ),
        (
            "taflcount",
            &[
                "branching",
                "--variant",
                "brandub",
                "--games",
                "5",
                "--json",
            ],
        ),
        ("taflbench", &["--from", bench]),
        (
            "taflbench",
            &["--from", bench, "--baseline", bench, "--json"],
        ),
        ("taflbench", &["--quick", "--variant", "brandub"]),
        ("taflregress", &["--filter", "brandub-escape"]),
        ("taflregress", &["--filter", "brandub-escape", "--json"]),
        ("taflregress", &["bench"]),
        ("taflregress", &["bench", "--json"]),
        (
            "taflregress",
            &["analyze", "--variant", "brandub", "--depth", "2"],
        ),
        (
            "taflregress",
            &[
                "mine",
                "--records",
                "fixtures/games/brandubh.csv",
                "--games",
                "3",
            ],
        ),
        (
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
            ],
        ),
        (
            "taflmatch",
            &[
                "--variant",
                "brandub",
                "--engine",
                "greedy",
                "--games",
                "3",
                "--json",
            ],
        ),
        (
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
                "search:depth=1",
                "--games",
                "2",
            ],
        ),
        // Says `hello` at once, then reads its (empty) stdin.
        ("taflengine", &["--engine", "search:depth=1"]),
    ];
    for (tool, args) in runs {
        let o = Command::new(binary(tool))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(*args)
            .stdout(closed_stdout())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = stderr(&o);
        assert!(!err.contains("panicked"), "{tool} {args:?}: {err}");
        assert!(!err.contains("error"), "{tool} {args:?}: {err}");
        assert_eq!(o.status.code(), Some(0), "{tool} {args:?}: {err}");
    }
}

/// A closed pipe stops the printing of a check, not the check: `taflbench --baseline
/// | head -1` exited 0 over a regression and skipped `--save`, a failing suite behind
/// `| head -1` exited 0 (found by the issue 15 audit, when every exit-code test was
/// rerun with stdout closed).
#[test]
fn a_closed_pipe_keeps_the_verdict_and_the_saved_file() {
    let dir = scratch("closed-verdict");
    // A baseline no machine reaches: the quick run is slower, exit 1.
    let base = dir.join("base.json");
    let text = bench_document(1e15, 1.0)
        .replace("\"movegen\"", "\"perft-bulk\"")
        .replace("moves/s", "leaves/s")
        .replace("every move", "depth 4 from the start, 1 thread");
    std::fs::write(&base, text).unwrap();
    let saved = dir.join("saved.json");
    let args = [
        "--quick",
        "--variant",
        "brandub",
        "--baseline",
        base.to_str().unwrap(),
        "--save",
        saved.to_str().unwrap(),
    ];
    same_with_stdout_closed("taflbench", &args, Some(1));
    let text = std::fs::read_to_string(&saved).expect("--save wrote its file");
    assert!(text.contains("\"movegen\""), "{text}");
    let suite = dir.join("wrong.perft");
    std::fs::write(&suite, "id a\nrules brandub\nperft 1 40\nperft 2 961\n").unwrap();
    let suite = suite.to_str().unwrap();
    same_with_stdout_closed("taflperft", &["--suite", suite], Some(1));
    same_with_stdout_closed("taflperft", &["--suite", suite, "--json"], Some(1));
}

// ---------------------------------------------------------------------------------
// Fixed by the restructure (issue 10); checked here so they stay fixed.

/// `b5-c5xd5`, where d5 holds the king and the move captures him, was rejected as
/// "the rules capture nothing": archives leave the king's capture out, a user writes it.
#[test]
fn a_move_written_with_the_kings_capture_is_accepted() {
    use taflcount::board::{Layout, RecordOrder, Side};
    use taflcount::game::Game;
    use taflcount::moves::Position;
    use taflcount::notation::play_line;
    let game = Game::named("brandub").unwrap();
    let layout = Layout::parse("starti:/7/7/1t1Kt2/7/7/7/7/", RecordOrder::RankOneFirst).unwrap();
    let start = Position::from_layout(&game.tables, &layout, Side::Attackers).unwrap();
    let written = play_line(&game.tables, start.clone(), "b5-c5xd5").unwrap();
    let plain = play_line(&game.tables, start.clone(), "b5-c5").unwrap();
    assert_eq!(written.layout(&game.tables), plain.layout(&game.tables));
    assert!(
        written.outcome(&game.tables).is_some(),
        "the king is captured"
    );
    let e = play_line(&game.tables, start, "b5-c5xe5").unwrap_err();
    assert!(e.to_string().contains("but the rules capture d5"), "{e}");
    // The same through a tool.
    let doc = json_ok(
        "taflperft",
        &[
            "--variant",
            "brandub",
            "--position",
            "starti:/7/7/1t1Kt2/7/7/7/7/",
            "--side",
            "attackers",
            "--moves",
            "b5-c5xd5",
            "--depth",
            "1",
            "--json",
        ],
    );
    assert_eq!(doc["results"][0]["nodes"], "0", "the game is over");
}

/// `mine` on games of another variant said "0 misplays in 50 games" with exit 0.
#[test]
fn mining_games_that_do_not_replay_names_the_game() {
    usage_error(
        "taflregress",
        &[
            "mine",
            "--records",
            "fixtures/games/copenhagen.csv",
            "--variant",
            "brandubh",
            "--games",
            "50",
        ],
        &["game on line 1 does not replay", "the right variant"],
    );
}

/// `add` overwrote a fixture silently, and `--id ../../x` wrote outside `--out`.
#[test]
fn add_keeps_existing_fixtures_and_plain_names() {
    let dir = scratch("add");
    let out = dir.join("my-fixtures");
    let out = out.to_str().unwrap();
    let add = |extra: &[&str]| {
        let mut args = vec![
            "add",
            "--records",
            "fixtures/games/brandubh.csv",
            "--game",
            "26",
            "--ply",
            "30",
            "--out",
            out,
        ];
        args.extend(extra);
        run("taflregress", &args)
    };
    let first = add(&[]);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let path = Path::new(out).join("brandubh-game26-ply30.json");
    std::fs::write(&path, "hand-edited").unwrap();
    let again = add(&[]);
    assert_eq!(again.status.code(), Some(2));
    assert!(stderr(&again).contains("--force"), "{}", stderr(&again));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "hand-edited",
        "not overwritten"
    );
    assert_eq!(add(&["--force"]).status.code(), Some(0));
    assert_ne!(std::fs::read_to_string(&path).unwrap(), "hand-edited");
    for id in ["../../x", "a/b", ".hidden", ""] {
        let o = add(&["--id", id]);
        assert_eq!(o.status.code(), Some(2), "{id}");
        assert!(stderr(&o).contains("plain name"), "{id}: {}", stderr(&o));
    }
    assert!(!dir.join("x.json").exists() && !Path::new(out).join("../../x.json").exists());
}

/// Found by tests/properties.rs: a fixture whose history names a square off its board
/// (`s19-s1` on 7x7) panicked indexing the layout.
#[test]
fn a_fixture_history_off_the_board_is_an_error() {
    let text = std::fs::read_to_string("fixtures/misplays/brandub-escape-in-1.json").unwrap();
    let mut fixture: serde_json::Value = serde_json::from_str(&text).unwrap();
    for history in ["s19-s1", "a1-s19", "g7-a9"] {
        fixture["history"] = serde_json::json!([history]);
        let e = taflcount::regress::load_text("off.json", &fixture.to_string())
            .err()
            .unwrap();
        assert!(e.to_string().contains("the board is 7x7"), "{history}: {e}");
    }
}

/// Issue 24: clap's own errors printed a usage block and a tip under a bare `error:`,
/// unlike every other error of the tools. Every usage error is now one line, `tool:
/// error: ...`, whatever clap found (an unknown option, a bad value, a missing
/// option, a conflict, a subcommand missing its argument).
#[test]
fn every_usage_error_is_one_line_with_the_tools_name() {
    for (tool, args) in [
        ("taflperft", vec!["--bogus"]),
        ("taflperft", vec!["--depth", "x"]),
        (
            "taflperft",
            vec!["--depth", "2", "--position", "/5/5/2K2/5/5/"],
        ),
        ("taflperft", vec!["--list-variants", "--depth", "3"]),
        ("taflperft", vec!["merge"]),
        ("taflcount", vec!["complexity", "--bogus"]),
        ("taflbench", vec!["--threads", "0"]),
        ("taflregress", vec!["curve", "--max", "1"]),
        (
            "taflmatch",
            vec![
                "--engine",
                "greedy",
                "--plies",
                "3",
                "--random-openings",
                "2",
            ],
        ),
        ("taflengine", vec!["--bogus"]),
    ] {
        let o = run(tool, &args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{tool} {args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{tool} {args:?}: {err}");
        assert!(
            err.starts_with(&format!("{tool}: error: ")),
            "{tool} {args:?}: {err}"
        );
        assert!(!err.contains("error: error"), "{tool} {args:?}: {err}");
    }
}

/// Issue 24: a bad rules string was prefixed twice (`rules string, rules string, column
/// 8: unknown key`), once by the rules and once by the game. Each layer now says a thing
/// once: no error repeats a part of itself.
#[test]
fn no_error_repeats_its_own_prefix() {
    for (tool, args) in [
        (
            "taflperft",
            vec!["--rules", "dim:7 foo:bar", "--depth", "1"],
        ),
        ("taflperft", vec!["--rules", "dim:7 king", "--depth", "1"]),
        ("taflperft", vec!["--rules", "dim:8", "--depth", "1"]),
        ("taflcount", vec!["complexity", "--rules", "dim:x"]),
        (
            "taflregress",
            vec!["analyze", "--rules", "dim:7 ks:q", "--depth", "1"],
        ),
    ] {
        let o = run(tool, &args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{tool} {args:?}: {err}");
        assert_eq!(
            err.matches("rules string").count(),
            1,
            "{tool} {args:?}: {err}"
        );
        let parts: Vec<&str> = err.split([',', ':']).map(str::trim).collect();
        assert!(
            parts.windows(2).all(|w| w[0] != w[1] || w[0].is_empty()),
            "{tool} {args:?}: {err}"
        );
    }
}

/// Issue 24: a huge value (100,000 characters) came back whole in its error: `--moves`,
/// `--rules`, `--variant`, `--depth`, an engine spec, `--tc`, `--player`. Every error
/// is now one short line, whichever layer quoted the value (`text::shortened`).
#[test]
fn no_error_echoes_a_huge_input_back() {
    let huge = "x".repeat(100_000);
    let rules = format!("dim:7 {huge}");
    let spec = format!("search:{huge}");
    let spaced = "x ".repeat(50_000);
    for (tool, args) in [
        (
            "taflperft",
            vec!["--variant", "brandub", "--depth", "1", "--moves", &huge],
        ),
        (
            "taflperft",
            vec!["--variant", "brandub", "--depth", "1", "--moves", &spaced],
        ),
        ("taflperft", vec!["--rules", &rules, "--depth", "1"]),
        ("taflperft", vec!["--variant", &huge, "--depth", "1"]),
        ("taflperft", vec!["--depth", &huge]),
        ("taflmatch", vec!["--engine", &spec]),
        ("taflmatch", vec!["--engine", "greedy", "--tc", &huge]),
        ("taflcount", vec!["complexity", "--rules", &huge]),
        ("taflcount", vec!["branching", "--player", &huge]),
    ] {
        let o = run(tool, &args);
        let err = stderr(&o);
        assert_eq!(
            o.status.code(),
            Some(2),
            "{tool}: {}",
            &err[..err.len().min(300)]
        );
        assert!(
            err.len() < 2500,
            "{tool}: {} bytes: {}",
            err.len(),
            &err[..300]
        );
        assert_eq!(err.lines().count(), 1, "{tool}");
    }
}

/// Issue 24: `taflbench --save` and `--report`, `taflregress curve --svg`, `taflcount
/// complexity --report` and `branching --report` overwrote an existing file in silence.
/// Each is now refused (exit 2, before any work, the file untouched) unless `--force`,
/// and written atomically when it is written.
#[test]
fn every_written_file_is_refused_if_it_exists_unless_forced() {
    let dir = scratch("force");
    let saved = dir.join("saved.json");
    let o = run(
        "taflbench",
        &[
            "--quick",
            "--variant",
            "brandub",
            "--save",
            saved.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let taken = |name: &str| {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "the user's own\n").unwrap();
        path
    };
    let (save, report, svg) = (taken("b.json"), taken("bench.md"), taken("curve.svg"));
    let complexity = taken("complexity/complexity.md");
    let branching = taken("branching/branching-brandub-random.md");
    let s = |p: &PathBuf| p.to_str().unwrap().to_string();
    let cases: Vec<(&str, Vec<String>, &PathBuf)> = vec![
        (
            "taflbench",
            vec!["--quick", "--variant", "brandub", "--save", &s(&save)]
                .into_iter()
                .map(String::from)
                .collect(),
            &save,
        ),
        (
            "taflbench",
            vec!["--from", &s(&saved), "--report", &s(&report)]
                .into_iter()
                .map(String::from)
                .collect(),
            &report,
        ),
        (
            "taflregress",
            [
                "curve",
                "--max",
                "1000",
                "--filter",
                "brandub",
                "--svg",
                &s(&svg),
            ]
            .into_iter()
            .map(String::from)
            .collect(),
            &svg,
        ),
        (
            "taflcount",
            [
                "complexity",
                "--all",
                "--report",
                &s(&dir.join("complexity")),
            ]
            .into_iter()
            .map(String::from)
            .collect(),
            &complexity,
        ),
        (
            "taflcount",
            [
                "branching",
                "--variant",
                "brandub",
                "--player",
                "random",
                "--games",
                "5",
                "--report",
                &s(&dir.join("branching")),
            ]
            .into_iter()
            .map(String::from)
            .collect(),
            &branching,
        ),
    ];
    for (tool, args, path) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = run(tool, &args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{tool} {args:?}: {err}");
        assert!(
            err.contains("exists") && err.contains("--force"),
            "{tool}: {err}"
        );
        assert_eq!(std::fs::read_to_string(path).unwrap(), "the user's own\n");
        let mut forced = args.clone();
        forced.push("--force");
        let o = run(tool, &forced);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{tool} {forced:?}: {}",
            stderr(&o)
        );
        assert_ne!(
            std::fs::read_to_string(path).unwrap(),
            "the user's own\n",
            "{tool}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 22: every library error became a usage error at the edge, so a plan folder that
/// could not be written exited 2 as if the command were wrong. A failed write exits 1
/// and says what could not be written.
#[test]
fn a_plan_folder_that_cannot_be_written_is_a_failed_write() {
    let dir = scratch("unwritable-plan");
    let file = dir.join("a-file");
    std::fs::write(&file, "not a folder\n").unwrap();
    let out = file.join("plan");
    let o = run(
        "taflperft",
        &[
            "plan",
            "--variant",
            "brandub",
            "--depth",
            "3",
            "--split",
            "1",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with("taflperft: error: cannot write ") && err.contains("a-file"),
        "{err}"
    );
}
