//! `taflregress --engine SPEC`: the misplay suite for any engine (issue 23). taflcount's
//! own search over the OpenTafl engine protocol (`taflengine`) must score exactly what the
//! same search scores in process; deliberately broken engines (the first legal move
//! always, a process that dies on its fifth position, one that never answers, one that
//! plays an illegal move, one that answers what does not read) must get the scores and
//! the reasons worked out here from the fixtures themselves. The broken engines are tiny
//! shell scripts (around `taflengine --engine first` where they need legal moves).
//! Every test is bounded: node-limited searches, a 200 ms move time for the hanging one.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use taflcount::regress::{self, Loaded};

const TAFLENGINE: &str = env!("CARGO_BIN_EXE_taflengine");

fn taflregress(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_taflregress"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .unwrap()
}

/// A scratch folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("regress-engines-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A shell script in `dir`.
fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, body).unwrap();
    path.display().to_string()
}

/// The JSON document of a run that exits `code`.
fn run_json(args: &[&str], code: i32) -> serde_json::Value {
    let mut a = args.to_vec();
    a.push("--json");
    let o = taflregress(&a);
    assert_eq!(
        o.status.code(),
        Some(code),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).unwrap()
}

/// Per fixture id: (played move, solved, failure kind).
type Rows = BTreeMap<String, (Option<String>, bool, Option<String>)>;

fn rows(doc: &serde_json::Value) -> Rows {
    doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["id"].as_str().unwrap().to_string(),
                (
                    r["played"].as_str().map(str::to_string),
                    r["solved"].as_bool().unwrap(),
                    r["failure"]["kind"].as_str().map(str::to_string),
                ),
            )
        })
        .collect()
}

/// The core fixtures, copied into a suite folder (in file order).
fn safe_suite(dir: &Path) -> Vec<Loaded> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/misplays");
    let safe: Vec<Loaded> = regress::built_in().unwrap();
    for l in &safe {
        std::fs::copy(root.join(&l.file), dir.join(&l.file)).unwrap();
    }
    assert_eq!(safe.len(), 53);
    safe
}

/// What `first` scores, worked out from each fixture: the first legal move judged
/// against its best and avoid moves.
fn first_move_scores(fixtures: &[Loaded]) -> Rows {
    fixtures
        .iter()
        .map(|l| {
            let mv = l.position.legal_moves(&l.tables)[0];
            let solved = (l.best.is_empty() || l.best.contains(&mv)) && !l.avoid.contains(&mv);
            (l.fixture.id.clone(), (Some(mv.to_string()), solved, None))
        })
        .collect()
}

#[test]
fn taflengine_over_the_protocol_scores_exactly_what_the_search_scores_in_process() {
    let inside = run_json(&["--engine", "search:nodes=3000"], 0);
    let engine = format!("otep:{TAFLENGINE} --engine search:nodes=3000");
    let outside = run_json(&["--engine", &engine, "--concurrency", "2"], 0);
    assert_eq!(inside["positions"], 53);
    assert_eq!(inside["failures"]["crashed"], 0);
    // Every fixture alike, over the protocol and in process: the same move judged the
    // same way (taflengine reads OpenTafl's `side` after `position` as who is to move,
    // so fixtures with history are set up right too).
    assert_eq!(rows(&outside), rows(&inside));
}

#[test]
fn the_first_legal_move_engine_scores_what_the_fixtures_say() {
    let dir = scratch("first");
    let fixtures = safe_suite(&dir);
    let expected = first_move_scores(&fixtures);
    let engine = format!("otep:{TAFLENGINE} --engine first");
    let suite = dir.display().to_string();
    let doc = run_json(&["--engine", &engine, "--suite", &suite], 0);
    assert_eq!(rows(&doc), expected);
    let solved = expected.values().filter(|r| r.1).count();
    assert_eq!(doc["solved"], solved);
    // Something a first move gets right and something it does not: a real test.
    assert!(solved > 0 && solved < expected.len(), "{solved}");
    // In process, the same.
    let doc = run_json(&["--engine", "first", "--suite", &suite], 0);
    assert_eq!(rows(&doc), expected);
    // The CI gate: just above the share solved fails, at it passes.
    let share = 100.0 * solved as f64 / expected.len() as f64;
    let above = format!("{}", share + 0.5);
    let at = format!("{}", share - 0.01);
    run_json(
        &[
            "--engine",
            "first",
            "--suite",
            &suite,
            "--min-solved",
            &above,
        ],
        1,
    );
    run_json(
        &["--engine", "first", "--suite", &suite, "--min-solved", &at],
        0,
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_engine_that_dies_on_its_fifth_position_fails_it_and_is_restarted() {
    let dir = scratch("crash");
    let fixtures = safe_suite(&dir);
    // taflengine --engine first behind a filter that ends the process at the fifth
    // `play` it passes on: the engine's output ends with it.
    let crash = script(
        &dir,
        "crash5.sh",
        "n=0\nwhile IFS= read -r line; do\n  case \"$line\" in play*) n=$((n+1)); [ \"$n\" -ge 5 ] && exit 3;; esac\n  printf '%s\\n' \"$line\"\ndone | \"$1\" --engine first\n",
    );
    let mut expected = first_move_scores(&fixtures);
    // Each process serves four positions and dies on the fifth: positions 5, 10, 15...
    for (i, l) in fixtures.iter().enumerate() {
        if (i + 1) % 5 == 0 {
            expected.insert(
                l.fixture.id.clone(),
                (None, false, Some("engine crashed".into())),
            );
        }
    }
    let engine = format!("otep:/bin/sh {crash} {TAFLENGINE}");
    let suite = dir.display().to_string();
    let doc = run_json(&["--engine", &engine, "--suite", &suite], 0);
    assert_eq!(rows(&doc), expected);
    assert_eq!(doc["failures"]["crashed"], fixtures.len() / 5);
    assert_eq!(doc["positions"], fixtures.len());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn hanging_illegal_and_unreadable_answers_fail_with_their_reason() {
    let dir = scratch("broken");
    let cases = [
        // Says hello, then never answers.
        ("hang.sh", "", "engine hung", "no move in"),
        // a1 is a corner of every catalog board: no piece ever stands there.
        ("illegal.sh", "move a1-b1", "illegal move", "a1"),
        ("garbage.sh", "move banana", "bad answer", "banana"),
        ("refuses.sh", "error 0 no thanks", "bad answer", "error 0"),
    ];
    for (name, answer, kind, detail) in cases {
        let body = if answer.is_empty() {
            "echo hello\nwhile read -r line; do :; done\n".to_string()
        } else {
            format!(
                "echo hello\nwhile read -r line; do case \"$line\" in play*) echo \"{answer}\";; esac; done\n"
            )
        };
        let engine = format!("otep:/bin/sh {}", script(&dir, name, &body));
        let doc = run_json(
            &[
                "--engine",
                &engine,
                "--filter",
                "brandub-escape-in",
                "--movetime",
                "200",
            ],
            0,
        );
        assert_eq!(doc["positions"], 3, "{name}");
        assert_eq!(doc["solved"], 0, "{name}");
        for r in doc["results"].as_array().unwrap() {
            assert_eq!(r["failure"]["kind"], kind, "{name}");
            let text = r["failure"]["detail"].as_str().unwrap();
            assert!(text.contains(detail), "{name}: {text}");
        }
        let counts = &doc["failures"];
        let total: u64 = ["crashed", "hung", "illegal", "bad_answer", "no_move"]
            .iter()
            .map(|k| counts[k].as_u64().unwrap())
            .sum();
        assert_eq!(total, 3, "{name}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_snapshot_file_lists_the_solved_set_and_names_losses() {
    let dir = scratch("snapshot");
    let snap = dir.join("first.solved");
    let snap_arg = snap.display().to_string();
    let args = [
        "--engine",
        "first",
        "--filter",
        "brandub",
        "--snapshot",
        &snap_arg,
    ];
    // No file yet: written, one sorted id a line.
    let doc = run_json(&args, 0);
    let text = std::fs::read_to_string(&snap).unwrap();
    let solved: Vec<&str> = text.lines().collect();
    assert_eq!(solved.len(), doc["solved"].as_u64().unwrap() as usize);
    assert!(solved.windows(2).all(|w| w[0] < w[1]), "{text}");
    assert!(!solved.is_empty());
    // The same run again: nothing gained or lost, the file unchanged.
    let doc = run_json(&args, 0);
    assert_eq!(doc["snapshot"]["gained"], serde_json::json!([]));
    assert_eq!(doc["snapshot"]["lost"], serde_json::json!([]));
    // A snapshot claiming one more solved position: it is lost, exit 1, file kept.
    let unsolved = rows(&doc)
        .into_iter()
        .find(|(_, r)| !r.1)
        .map(|(id, _)| id)
        .unwrap();
    let mut ids: Vec<String> = text.lines().map(str::to_string).collect();
    ids.push(unsolved.clone());
    ids.sort();
    let claimed: String = ids.iter().map(|id| format!("{id}\n")).collect();
    std::fs::write(&snap, &claimed).unwrap();
    let doc = run_json(&args, 1);
    assert_eq!(doc["snapshot"]["lost"], serde_json::json!([unsolved]));
    assert_eq!(std::fs::read_to_string(&snap).unwrap(), claimed);
    // --force accepts the run: the file is rewritten, exit 0.
    let mut forced = args.to_vec();
    forced.push("--force");
    let doc = run_json(&forced, 0);
    assert_eq!(doc["snapshot"]["written"], true);
    assert_eq!(std::fs::read_to_string(&snap).unwrap(), text);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn engine_options_are_checked_before_any_position() {
    let cases: [(&[&str], &str); 4] = [
        (&["--engine", "minimax"], "unknown engine `minimax`"),
        (
            &["--engine", "otep:/nonexistent/engine"],
            "cannot start `/nonexistent/engine`",
        ),
        (
            &["--engine", "otep:/bin/true", "--nodes", "100"],
            "--nodes: an outside engine",
        ),
        (&["--min-solved", "50"], "--engine"),
    ];
    for (args, says) in cases {
        let o = taflregress(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// `curve --engine`: the search named as an engine, its limit replaced by each budget,
/// solves what the AI solves at that budget, on the hard tier.
#[test]
fn the_curve_of_the_search_as_an_engine_is_the_ais_curve() {
    let points = |engine: Option<&str>| {
        let mut args = vec!["curve", "--max", "3000", "--filter", "game1"];
        if let Some(e) = engine {
            args.extend(["--engine", e]);
        }
        let doc = run_json(&args, 0);
        assert_eq!(doc["engine"].as_str(), engine);
        doc["points"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["budget"].clone(),
                    p["solved"].clone(),
                    p["by_variant"].clone(),
                )
            })
            .collect::<Vec<_>>()
    };
    let ai = points(None);
    assert_eq!(ai.len(), 2);
    assert_eq!(ai, points(Some("search:depth=1")));
    let o = taflregress(&["curve", "--engine", "otep:/bin/true"]);
    assert_eq!(o.status.code(), Some(2));
}

/// An outside engine's failed positions are drawn with `--board`, as the AI's are: the
/// expected moves and the move played as arrows under the board. `first` over the
/// protocol plays the first legal move (worked out here from each fixture); an engine
/// that answers the illegal a1-b1 gets its failure named above an unmarked move.
#[test]
fn an_outside_engines_failures_are_drawn_with_board() {
    let fixtures: Vec<Loaded> = regress::built_in()
        .unwrap()
        .into_iter()
        .filter(|l| l.fixture.id.contains("brandub-escape-in"))
        .collect();
    assert_eq!(fixtures.len(), 3);
    let engine = format!("otep:{TAFLENGINE} --engine first");
    let out = taflregress(&[
        "--engine",
        &engine,
        "--filter",
        "brandub-escape-in",
        "--board",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let mut drawn = 0;
    for (id, (played, solved, _)) in first_move_scores(&fixtures) {
        let l = fixtures.iter().find(|l| l.fixture.id == id).unwrap();
        let played = played.unwrap();
        let heading = format!("{id} failed: expected {}, played {played}\n", l.expected());
        assert_eq!(text.contains(&heading), !solved, "{heading}\n{text}");
        if !solved {
            drawn += 1;
            let board = &text[text.find(&heading).unwrap()..];
            assert!(board.contains(&format!("→ {played} played\n")), "{board}");
            for best in &l.best {
                assert!(board.contains(&format!("→ {best} expected\n")), "{board}");
            }
            assert!(board.contains("    a  b  c  d  e  f  g"), "{board}");
        }
    }
    assert!(
        drawn > 0,
        "first solves every escape: no board to check\n{text}"
    );

    let dir = scratch("board");
    let illegal = script(
        &dir,
        "illegal.sh",
        "echo hello\nwhile read -r line; do case \"$line\" in play*) echo \"move a1-b1\";; esac; done\n",
    );
    let engine = format!("otep:/bin/sh {illegal}");
    let out = taflregress(&[
        "--engine",
        &engine,
        "--filter",
        "brandub-escape-in-1",
        "--board",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    let l = fixtures
        .iter()
        .find(|l| l.fixture.id == "brandub-escape-in-1")
        .unwrap();
    let heading = format!(
        "brandub-escape-in-1 failed: expected {}, illegal move",
        l.expected()
    );
    let line = text.lines().find(|line| line.starts_with(&heading));
    assert!(line.is_some_and(|line| line.contains("a1-b1")), "{text}");
    assert!(text.contains("→ a4-a1 expected\n"), "{text}");
    assert!(!text.contains(" played\n"), "{text}");
    std::fs::remove_dir_all(dir).unwrap();
}
