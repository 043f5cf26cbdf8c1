//! `taflcount branching` as a user runs it: the JSON schema, determinism under a seed on
//! any number of threads, recorded games, the report files, exit codes. Then `taflcount
//! tune`, which reads the same archives: its document, its weights file, a seed's
//! repeatability, bad input.

mod closed_stdout;
use std::process::Command;

fn taflcount(args: &[&str]) -> (i32, String, String) {
    let out = closed_stdout::output(Command::new(env!("CARGO_BIN_EXE_taflcount")).args(args));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = taflcount(args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

const COPENHAGEN_GAMES: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/games/copenhagen.csv");
const BRANDUBH_GAMES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/games/brandubh.csv");

#[test]
fn self_play_json_follows_the_schema() {
    let doc = json(&[
        "branching",
        "--variant",
        "brandub",
        "--games",
        "30",
        "--player",
        "greedy",
        "--seed",
        "5",
        "--json",
    ]);
    assert_eq!(doc["schema_version"], 1);
    assert_eq!(doc["tool"], "taflcount");
    assert_eq!(doc["command"], "branching");
    assert_eq!(doc["variant"], "brandub");
    assert_eq!(doc["source"], "self-play");
    assert_eq!(doc["player"], "greedy");
    assert_eq!(doc["seed"], 5);
    assert_eq!(doc["games"], 30);
    let b = &doc["branching"];
    for field in ["mean", "stderr", "geometric_mean"] {
        assert!(b[field].as_f64().unwrap() > 0.0, "{field}");
    }
    assert!(b["by_side"]["attackers"]["mean"].as_f64().unwrap() > 0.0);
    assert!(b["by_side"]["defenders"]["mean"].as_f64().unwrap() > 0.0);
    let by_ply = b["by_ply"].as_array().unwrap();
    assert_eq!(by_ply[0]["ply"], 1);
    assert_eq!(by_ply[0]["n"], 30);
    // Every game starts from the same position: 40 moves for brandub's attackers.
    assert_eq!(by_ply[0]["mean"], 40.0);
    assert_eq!(by_ply[0]["side"], "attackers");
    for field in ["mean", "median", "stderr"] {
        assert!(doc["length"][field].is_number(), "{field}");
    }
    let tree = &doc["game_tree"];
    assert!(
        tree["log10_mean_b_pow_mean_l"].as_f64().unwrap()
            >= tree["mean_sum_log10_b"].as_f64().unwrap()
    );
    let o = &doc["outcomes"];
    let total: u64 = ["attackers", "defenders", "draw", "unfinished"]
        .iter()
        .map(|k| o[k].as_u64().unwrap())
        .sum();
    assert_eq!(total, 30);
    // One position per ply played.
    let plies: f64 = doc["length"]["mean"].as_f64().unwrap() * 30.0;
    assert_eq!(doc["positions"].as_f64().unwrap(), plies.round());
    assert!(doc["timing"]["seconds"].is_number());
}

#[test]
fn the_same_seed_gives_the_same_numbers_on_any_number_of_threads() {
    let run = |threads: &str, seed: &str| {
        let mut doc = json(&[
            "branching",
            "--variant",
            "tablut",
            "--games",
            "40",
            "--player",
            "random",
            "--seed",
            seed,
            "--threads",
            threads,
            "--json",
        ]);
        doc.as_object_mut().unwrap().remove("timing");
        doc
    };
    let one = run("1", "11");
    assert_eq!(one, run("3", "11"));
    assert_eq!(one, run("1", "11"));
    assert_ne!(
        one["branching"]["mean"],
        run("2", "12")["branching"]["mean"]
    );
}

#[test]
fn a_ply_cap_leaves_games_unfinished() {
    let doc = json(&[
        "branching",
        "--variant",
        "copenhagen",
        "--games",
        "4",
        "--max-plies",
        "6",
        "--json",
    ]);
    assert_eq!(doc["outcomes"]["unfinished"], 4);
    assert_eq!(doc["length"]["max"], 6.0);
    assert_eq!(doc["positions"], 24);
}

#[test]
fn recorded_copenhagen_games_replay_and_measure() {
    let doc = json(&["branching", "--records", COPENHAGEN_GAMES, "--json"]);
    assert_eq!(doc["source"], "records");
    assert_eq!(doc["player"], serde_json::Value::Null);
    assert_eq!(doc["seed"], serde_json::Value::Null);
    assert_eq!(doc["games"], 1752);
    // The first position of every game is the start: 116 moves.
    assert_eq!(doc["branching"]["by_ply"][0]["mean"], 116.0);
    assert_eq!(doc["branching"]["by_ply"][1]["side"], "defenders");
    let positions = doc["positions"].as_u64().unwrap();
    assert!((80_000..95_000).contains(&positions), "{positions}");
}

#[test]
fn recorded_brandubh_table_snapshot() {
    let (code, out, err) = taflcount(&[
        "branching",
        "--variant",
        "brandubh",
        "--records",
        BRANDUBH_GAMES,
    ]);
    assert_eq!(code, 0, "{err}");
    let text = out.replace(BRANDUBH_GAMES, "fixtures/games/brandubh.csv");
    insta::with_settings!({ snapshot_path => "../snapshots", prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!("branching_brandubh_records_table", text);
    });
}

#[test]
fn report_writes_a_markdown_page_and_an_svg() {
    let dir = std::env::temp_dir().join(format!("taflcount-branching-{}", std::process::id()));
    let (code, _, err) = taflcount(&[
        "branching",
        "--variant",
        "brandub",
        "--games",
        "20",
        "--report",
        dir.to_str().unwrap(),
        // The harness runs each command twice (once with stdout closed): the second
        // run replaces the first one's files, which it refuses without --force.
        "--force",
    ]);
    assert_eq!(code, 0, "{err}");
    let page = std::fs::read_to_string(dir.join("branching-brandub-random.md")).unwrap();
    assert!(
        page.contains("![") && page.contains("(branching-brandub-random.svg)"),
        "{page}"
    );
    assert!(page.contains("| game length (plies)"));
    let svg = std::fs::read_to_string(dir.join("branching-brandub-random.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<polygon").count(), 2, "one band per side");
    assert_eq!(
        svg.matches("<polyline").count(),
        2,
        "one mean line per side"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bad_input_exits_2_with_a_clear_message() {
    let (code, _, err) = taflcount(&["branching", "--player", "search:0"]);
    assert_eq!(code, 2);
    // One engine grammar for every tool (issue 23): the message names the option,
    // the engine and what a depth may be.
    assert!(
        err.contains("--player: engine `search:0`: depth=`0` is not valid"),
        "{err}"
    );
    let (code, _, err) = taflcount(&["branching", "--player", "minimax"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown engine `minimax`"), "{err}");
    let (code, _, err) = taflcount(&["branching", "--variant", "nosuch"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown variant"), "{err}");
    let (code, _, err) = taflcount(&["branching", "--records", "/nonexistent/games.csv"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read /nonexistent/games.csv"), "{err}");
    // Brandubh games do not replay under brandub rules: the error names the game's line.
    let (code, _, err) = taflcount(&[
        "branching",
        "--variant",
        "copenhagen",
        "--records",
        BRANDUBH_GAMES,
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("game on line 1"), "{err}");
    let (code, _, _) = taflcount(&["branching", "--records", COPENHAGEN_GAMES, "--seed", "3"]);
    assert_eq!(code, 2, "--seed means nothing for records");
}

#[test]
fn the_search_player_plays_seeded_games_that_differ() {
    let args = [
        "branching",
        "--variant",
        "brandub",
        "--player",
        "search:1",
        "--games",
        "6",
        "--seed",
        "3",
        "--json",
    ];
    let (code, out, err) = taflcount(&args);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["player"], "search:1");
    assert_eq!(doc["games"], 6);
    // Two seeded random opening plies make the games differ; the same seed repeats them.
    assert!(
        doc["length"]["sd"].as_f64().unwrap() > 0.0
            || doc["branching"]["by_ply"][2]["sd"].as_f64().unwrap_or(0.0) > 0.0,
        "{out}"
    );
    let (_, again, _) = taflcount(&args);
    let strip = |s: &str| {
        s.lines()
            .filter(|l| !l.contains("seconds"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(strip(&out), strip(&again));
}

/// Issue 23: self-play of any engine. taflcount's search over the OpenTafl engine
/// protocol (`taflengine`) plays the very games the search plays in process, so the two
/// samples are equal but for the engine's name; a process that dies forfeits its games
/// and the run still reports them.
#[test]
fn self_play_of_an_outside_engine_samples_its_games() {
    let run = |player: &str| {
        let mut doc = json(&[
            "branching",
            "--variant",
            "brandub",
            "--games",
            "6",
            "--player",
            player,
            "--seed",
            "4",
            "--threads",
            "2",
            "--json",
        ]);
        let doc = doc.as_object_mut().unwrap();
        doc.remove("timing");
        doc.remove("player");
        serde_json::Value::Object(doc.clone())
    };
    let outside = format!(
        "otep:\"{} --engine search:nodes=300\"",
        env!("CARGO_BIN_EXE_taflengine")
    );
    let doc = run(&outside);
    assert_eq!(doc, run("search:nodes=300"));
    assert_eq!(doc["games"], 6);
    // Two random plies, then the search: the games differ.
    assert!(doc["length"]["max"].as_f64() > doc["length"]["min"].as_f64());

    let dir = std::env::temp_dir().join(format!("branching-otep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let crash = dir.join("crash.sh");
    std::fs::write(
        &crash,
        "echo hello\nwhile read -r line; do case \"$line\" in play*) exit 3;; esac; done\n",
    )
    .unwrap();
    let crasher = format!("otep:/bin/sh {}", crash.display());
    // Each game: two random plies, then the engine dies and the side to move forfeits.
    // Issue 35: that printed a normal report of forfeits, exit 0; a run of forfeits is
    // now a failed run naming the engine (tests/failed_runs.rs has the rest).
    let (code, out, err) = taflcount(&[
        "branching",
        "--variant",
        "brandub",
        "--games",
        "3",
        "--player",
        &crasher,
        "--json",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("forfeited 3 of its 3 games (the last: engine crashed"),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// A scratch folder holding `brandubh.csv`, the first `games` games of the brandubh
/// archive (named so that the variant is taken from the file's name).
fn brandubh_head(games: usize, tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("taflcount-tune-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(BRANDUBH_GAMES).unwrap();
    let head: String = text.lines().take(games).map(|l| format!("{l}\n")).collect();
    std::fs::write(dir.join("brandubh.csv"), head).unwrap();
    dir
}

#[test]
fn tune_fits_recorded_games_and_writes_the_same_weights_for_a_seed() {
    let dir = brandubh_head(80, "fit");
    let archive = dir.join("brandubh.csv");
    let run = |out: &str, seed: &str| {
        json(&[
            "tune",
            "--records",
            archive.to_str().unwrap(),
            "--hold",
            "attacker",
            "--seed",
            seed,
            "--max-positions",
            "1000",
            "--out",
            dir.join(out).to_str().unwrap(),
            // The harness runs each command twice, the second replacing the first's file.
            "--force",
            "--json",
        ])
    };
    let doc = run("a.json", "7");
    assert_eq!(doc["schema_version"], 1);
    assert_eq!(doc["tool"], "taflcount");
    assert_eq!(doc["command"], "tune");
    assert_eq!(doc["variant"], "brandubh");
    assert_eq!(doc["tally"]["games"], 80);
    assert_eq!(doc["positions_used"], 1000);
    // Counted in the file apart from the replay: 5 of the 80 games are `Ongoing`, and
    // the other 75 write 1,518 moves (the `timeout` word left out), one position
    // before each; none is ended early by the rules.
    assert_eq!(doc["tally"]["games_unfinished"], 5);
    let t = &doc["tally"];
    assert_eq!(
        t["positions"].as_u64().unwrap() + t["skipped_decided"].as_u64().unwrap(),
        1518
    );
    assert!(t["skipped_decided"].as_u64().unwrap() > 0);
    let (before, after) = (
        doc["error_before"].as_f64().unwrap(),
        doc["error_after"].as_f64().unwrap(),
    );
    assert!(
        after < before && before < 0.25 + 1e-9,
        "{before} -> {after}"
    );
    assert!(doc["k"].as_f64().unwrap() > 0.0);
    assert_eq!(doc["weights"]["attacker"], 100);
    assert_eq!(doc["held"], serde_json::json!(["attacker"]));
    // The file is the document's weights, and reads back as an evaluation.
    let written = std::fs::read_to_string(dir.join("a.json")).unwrap();
    let weights: taflcount::search::Weights = serde_json::from_str(&written).unwrap();
    assert_eq!(serde_json::to_value(weights).unwrap(), doc["weights"]);
    assert!(taflcount::engine::read_weights(&dir.join("a.json")).is_ok());
    // The same seed, the same file; another seed samples other positions.
    run("b.json", "7");
    assert_eq!(
        written,
        std::fs::read_to_string(dir.join("b.json")).unwrap()
    );
    let other = run("c.json", "8");
    assert_ne!(other["error_before"], doc["error_before"]);
    // Without --force an existing file is refused before any work.
    let (code, _, err) = taflcount(&[
        "tune",
        "--records",
        archive.to_str().unwrap(),
        "--out",
        dir.join("a.json").to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--force"), "{err}");
    // The table names every weight.
    let (code, out, err) = taflcount(&[
        "tune",
        "--records",
        archive.to_str().unwrap(),
        "--iterations",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("brandubh: 80 games from "), "{out}");
    for name in taflcount::search::WEIGHT_NAMES {
        assert!(out.contains(name), "{name}: {out}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn tune_refuses_bad_input_with_exit_2() {
    let dir = brandubh_head(5, "bad");
    let archive = dir.join("brandubh.csv");
    let archive = archive.to_str().unwrap();
    let (weights, ongoing) = (dir.join("weights.json"), dir.join("ongoing.csv"));
    let (weights, ongoing) = (weights.to_str().unwrap(), ongoing.to_str().unwrap());
    std::fs::write(ongoing, "d2-b2,0,0,Ongoing\n").unwrap();
    std::fs::write(weights, "{\"defender\": \"many\"}").unwrap();
    let cases: [(&[&str], &str); 7] = [
        (&["tune"], "--records"),
        (&["tune", "--records", "no-such.csv"], "no-such.csv"),
        (
            &["tune", "--records", archive, "--hold", "queen"],
            "--hold queen: no such weight",
        ),
        (
            &["tune", "--records", archive, "--variant", "copenhagen"],
            "(are these records of another variant?)",
        ),
        (
            &["tune", "--records", archive, "--start", weights],
            "--start",
        ),
        (
            &["tune", "--records", archive, "--scale", "0"],
            "--scale: the scale K must be a positive number",
        ),
        (
            &["tune", "--variant", "brandubh", "--records", ongoing],
            "no positions to tune on",
        ),
    ];
    for (args, message) in cases {
        let (code, out, err) = taflcount(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}
