//! taflmatch as a user runs it: exit codes and the messages of bad input, the JSON
//! documents of the three modes, the same games on one thread and on several, and match
//! games read back by `taflcount branching --records` and `taflregress mine`.

mod closed_stdout;

use std::process::{Command, Output};
use taflcount::document::Timing;
use taflcount::matches::{MatchDocument, RoundRobinDocument, SideBalanceDocument, SCHEMA_VERSION};
use taflcount::sampling::BranchingReport;

fn run(bin: &str, args: &[&str]) -> Output {
    closed_stdout::output(
        Command::new(bin)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(args),
    )
}

fn taflmatch(args: &[&str]) -> Output {
    run(env!("CARGO_BIN_EXE_taflmatch"), args)
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn json<T: serde::de::DeserializeOwned>(o: &Output) -> T {
    assert_eq!(o.status.code(), Some(0), "{}", stderr(o));
    serde_json::from_str(&stdout(o)).unwrap()
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cli-taflmatch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn a_match_prints_the_verdict_and_the_tables() {
    let o = taflmatch(&[
        "--variant",
        "brandub",
        "--engine",
        "search:depth=2",
        "--engine",
        "greedy",
        "--games",
        "20",
        "--concurrency",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with("brandub: 20 games (10 pairs)"), "{text}");
    assert!(text.contains("search:depth=2 vs greedy: "), "{text}");
    assert!(
        text.contains("as attackers W-D-L") && text.contains("DD+WL (1)"),
        "{text}"
    );
    assert!(text.contains("game length: "), "{text}");
}

#[test]
fn bad_input_exits_with_2_and_names_it() {
    let cases: [(&[&str], &str); 8] = [
        (
            &["--engine", "minimax", "--engine", "greedy"],
            "unknown engine `minimax`",
        ),
        (
            &["--engine", "search:depth=3,width=2", "--engine", "greedy"],
            "unknown option `width`",
        ),
        (
            &["--engine", "mcts:playouts=lots", "--engine", "greedy"],
            "playouts=`lots`",
        ),
        (
            &[
                "--engine",
                "greedy",
                "--engine",
                "random",
                "--sprt",
                "elo0=5,elo1=0",
            ],
            "elo0 (5) must be less than elo1 (0)",
        ),
        (
            &[
                "--engine",
                "greedy",
                "--engine",
                "random",
                "--sprt",
                "elo0=0,elo1=5,alpha=1.5",
            ],
            "alpha (1.5) must be between 0 and 1",
        ),
        (
            &["--engine", "greedy", "--engine", "random", "--games", "7"],
            "--games 7 is odd",
        ),
        (
            &[
                "--engine", "greedy", "--engine", "random", "--engine", "search:1",
            ],
            "add --round-robin",
        ),
        (
            &[
                "--engine",
                "search:depth=2,eval=/nonexistent.json",
                "--engine",
                "greedy",
            ],
            "/nonexistent.json",
        ),
    ];
    for (args, message) in cases {
        let mut all = vec!["--variant", "brandub"];
        all.extend_from_slice(args);
        let o = taflmatch(&all);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
        assert!(o.stdout.is_empty());
    }
    // An opening illegal in the variant: the file and line are named.
    let file = temp("openings.txt");
    std::fs::write(&file, "d1-c1 d3-c3\nd1-d3\n").unwrap();
    let o = taflmatch(&[
        "--variant",
        "brandub",
        "--engine",
        "greedy",
        "--engine",
        "random",
        "--openings",
        file.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("line 2: ply 1: illegal move `d1-d3`"),
        "{}",
        stderr(&o)
    );
    // Brandubh records replayed as copenhagen openings.
    let o = taflmatch(&[
        "--variant",
        "copenhagen",
        "--engine",
        "greedy",
        "--engine",
        "random",
        "--openings-from-records",
        "fixtures/games/brandubh.csv",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("game on line 1"), "{}", stderr(&o));
    // clap's own usage errors exit with 2 too.
    assert_eq!(
        taflmatch(&["--engine", "greedy", "--gmaes", "2"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn match_json_has_schema_results_and_timing_apart() {
    let v: MatchDocument = json(&taflmatch(&[
        "--variant",
        "brandub",
        "--engine",
        "greedy",
        "--engine",
        "random",
        "--games",
        "20",
        "--sprt",
        "elo0=0,elo1=100",
        "--json",
    ]));
    assert_eq!(v.header.schema_version, SCHEMA_VERSION);
    assert_eq!(v.header.tool, "taflmatch");
    assert_eq!(v.header.mode.as_deref(), Some("match"));
    assert_eq!(v.engines, ["greedy", "random"]);
    let total = v.results[0].total;
    assert_eq!(total.wins + total.draws + total.losses, v.games as u64);
    let p = v.pentanomial;
    assert_eq!(p.ll + p.ld + p.dd_wl + p.wd + p.ww, v.pairs);
    assert!(v.elo.is_some());
    assert!(v.sprt.is_some());
    assert_eq!(v.openings.needed, 10);
    assert!(v.timing.seconds >= 0.0);
    assert!(v.timing.threads >= 1);
}

#[test]
fn side_balance_and_round_robin_json() {
    let v: SideBalanceDocument = json(&taflmatch(&[
        "--variant",
        "brandub",
        "--engine",
        "greedy",
        "--games",
        "30",
        "--json",
    ]));
    assert_eq!(v.header.mode.as_deref(), Some("side-balance"));
    let a = v.attackers;
    assert_eq!(a.wins + a.draws + a.losses, 30);
    let s = v.attackers_score.unwrap();
    assert!(s.score_lower <= s.score);
    assert!(v.games_summary.length.unwrap().mean > 2.0);

    let v: RoundRobinDocument = json(&taflmatch(&[
        "--variant",
        "brandub",
        "--round-robin",
        "--engine",
        "random",
        "--engine",
        "greedy",
        "--engine",
        "mcts:playouts=30",
        "--games",
        "4",
        "--json",
    ]));
    assert_eq!(v.header.mode.as_deref(), Some("round-robin"));
    assert_eq!(v.ratings.len(), 3);
    assert_eq!(v.pairings.len(), 3);
    let sum: f64 = v.ratings.iter().map(|r| r.elo).sum();
    assert!(sum.abs() < 1e-6);
    assert_eq!(v.games, 12);
}

#[test]
fn one_thread_and_two_threads_play_the_same_games() {
    let args = |threads: &'static str, records: &str| {
        vec![
            "--variant".to_string(),
            "brandub".into(),
            "--engine".into(),
            "search:depth=1".into(),
            "--engine".into(),
            "mcts:playouts=30,cutoff=10".into(),
            "--games".into(),
            "8".into(),
            "--concurrency".into(),
            threads.into(),
            "--seed".into(),
            "4".into(),
            "--json".into(),
            "--records".into(),
            records.into(),
            "--force".into(),
        ]
    };
    let (f1, f2) = (temp("one.csv"), temp("two.csv"));
    let run_with = |threads, file: &std::path::Path| {
        let a = args(threads, file.to_str().unwrap());
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        let mut v: MatchDocument = json(&taflmatch(&a));
        v.timing = Timing {
            seconds: 0.0,
            threads: 0,
        };
        v
    };
    assert_eq!(run_with("1", &f1), run_with("2", &f2));
    assert_eq!(
        std::fs::read_to_string(&f1).unwrap(),
        std::fs::read_to_string(&f2).unwrap()
    );
}

#[test]
fn match_records_are_read_back_by_branching_and_mine() {
    let file = temp("games.csv");
    let o = taflmatch(&[
        "--variant",
        "brandub",
        "--engine",
        "greedy",
        "--engine",
        "random",
        "--games",
        "6",
        "--records",
        file.to_str().unwrap(),
        "--force",
        "--json",
    ]);
    let v: MatchDocument = json(&o);
    let csv = std::fs::read_to_string(&file).unwrap();
    assert_eq!(csv.lines().count(), 6);
    let o = run(
        env!("CARGO_BIN_EXE_taflcount"),
        &[
            "branching",
            "--variant",
            "brandub",
            "--records",
            file.to_str().unwrap(),
            "--json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let b: BranchingReport = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(b.statistics.games, 6);
    // The same game lengths: branching counts plies, the match too.
    let mean = v.games_summary.length.unwrap().mean;
    assert!((b.statistics.length.mean - mean).abs() < 1e-9, "{b:?}");
    let o = run(
        env!("CARGO_BIN_EXE_taflregress"),
        &[
            "mine",
            "--records",
            file.to_str().unwrap(),
            "--variant",
            "brandub",
            "--json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn a_closed_pipe_is_a_quiet_end() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_taflmatch"))
        .args([
            "--variant",
            "brandub",
            "--engine",
            "greedy",
            "--engine",
            "random",
            "--games",
            "40",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn an_existing_records_file_is_kept_unless_forced() {
    let file = temp("kept.csv");
    std::fs::write(&file, "earlier games\n").unwrap();
    let args = |force: bool| {
        let mut a = vec![
            "--variant",
            "brandub",
            "--engine",
            "random",
            "--engine",
            "random",
        ];
        a.extend(["--games", "2", "--records", file.to_str().unwrap()]);
        if force {
            a.push("--force");
        }
        a
    };
    let o = taflmatch(&args(false));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("exists") && stderr(&o).contains("--force"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "earlier games\n");
    let o = taflmatch(&args(true));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&file).unwrap().lines().count(), 2);
    // The engines' sidecar beside it, one line a game; an existing sidecar is kept too,
    // and refused before the archive is made.
    let sidecar = temp("kept.engines.jsonl");
    assert_eq!(
        std::fs::read_to_string(&sidecar).unwrap().lines().count(),
        2
    );
    std::fs::remove_file(&file).unwrap();
    let o = taflmatch(&args(false));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("kept.engines.jsonl exists"),
        "{}",
        stderr(&o)
    );
    assert!(!file.exists());
    assert_eq!(
        std::fs::read_to_string(&sidecar).unwrap().lines().count(),
        2
    );
}

/// Issue 24: Ctrl-C during `taflmatch --records FILE` left an empty file (the games were
/// written at the end) that then blocked the rerun. Each game is appended as it ends; the
/// first Ctrl-C lets the games in play end and prints the report of the games played
/// (exit 130), and the archive holds exactly those games.
#[cfg(unix)]
#[test]
fn ctrl_c_prints_the_partial_report_and_leaves_a_valid_archive() {
    let file = temp("interrupted.csv");
    let _ = std::fs::remove_file(&file);
    let child = Command::new(env!("CARGO_BIN_EXE_taflmatch"))
        .args([
            "--variant",
            "brandub",
            "--engine",
            "search:depth=2",
            "--engine",
            "greedy",
            "--games",
            "100000",
            "--concurrency",
            "2",
            "--json",
            "--records",
        ])
        .arg(&file)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for a few games in the archive, then interrupt.
    let waited = std::time::Instant::now();
    while std::fs::read_to_string(&file).map_or(0, |t| t.lines().count()) < 4 {
        assert!(waited.elapsed().as_secs() < 120, "no games after 2 minutes");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    let doc: MatchDocument = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(doc.interrupted);
    let played = doc.games;
    assert!((4..100000).contains(&played) && played % 2 == 0, "{played}");
    assert!(
        stderr(&o).contains(&format!("after {played} of 100000 games")),
        "{}",
        stderr(&o)
    );
    let archive = std::fs::read_to_string(&file).unwrap();
    let games = taflcount::notation::parse_games(&archive).unwrap();
    assert_eq!(games.len(), played, "the archive holds the report's games");
    assert!(archive.ends_with('\n'));
    // The archive is read back as games of brandub.
    let o = run(
        env!("CARGO_BIN_EXE_taflcount"),
        &[
            "branching",
            "--variant",
            "brandub",
            "--records",
            file.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// Issue 24: an input error found once the archive was created left the file behind,
/// which then blocked the rerun. Here the openings are longer than the ply cap (before:
/// every game a "draw by ply cap" inside its opening, exit 0).
#[test]
fn an_input_error_after_the_archive_was_created_removes_it() {
    let file = temp("never.csv");
    let _ = std::fs::remove_file(&file);
    let o = taflmatch(&[
        "--variant",
        "brandub",
        "--engine",
        "greedy",
        "--engine",
        "random",
        "--games",
        "2",
        "--random-openings",
        "500",
        "--records",
        file.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("an opening of 500 plies") && stderr(&o).contains("cap of 300"),
        "{}",
        stderr(&o)
    );
    assert!(!file.exists(), "no archive is left behind");
}
