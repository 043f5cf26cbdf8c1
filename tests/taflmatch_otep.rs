//! `taflmatch`'s external engines: the OpenTafl-protocol host against real processes.
//! The deterministic check compares with the in-process engine; a crashing and a hanging
//! engine (tiny shell scripts) must lose their games while the match goes on. Every test
//! is bounded: node-limited searches, a one-second clock for the hanging engine.

use std::path::PathBuf;
use taflcount::board::Side;
use taflcount::matches::{
    openings::random_openings, run_match, EngineFactory, EngineSpec, GameEnd, MatchSettings,
    TimeControl, CRASHED, LOST_ON_TIME,
};
use taflcount::moves::Tables;
use taflcount::rules::catalog;

fn tables(name: &str) -> Tables {
    Tables::new(&catalog::find(name).unwrap().rules()).unwrap()
}

fn settings(games: usize) -> MatchSettings {
    MatchSettings {
        games,
        max_plies: 120,
        seed: 7,
        threads: 1,
        sprt: None,
    }
}

/// A shell script in a fresh temporary file.
fn script(name: &str, body: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("taflmatch-otep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, body).unwrap();
    path
}

fn csv(result: &taflcount::matches::HeadToHead) -> Vec<String> {
    result.games.iter().map(|g| g.game.csv_line()).collect()
}

#[test]
fn taflengine_over_the_protocol_plays_exactly_the_in_process_games() {
    for variant in ["brandub", "tablut"] {
        let t = tables(variant);
        let supply = random_openings(&t, 2, 3, 7);
        let external: EngineSpec = format!(
            "otep:{} --engine search:nodes=400",
            env!("CARGO_BIN_EXE_taflengine")
        )
        .parse()
        .unwrap();
        let internal: EngineSpec = "search:nodes=400".parse().unwrap();
        let a = run_match(
            &t,
            [&external, &external],
            &supply,
            &settings(6),
            &mut |_| {},
            taflcount::matches::RunHooks::default(),
        )
        .unwrap();
        let b = run_match(
            &t,
            [&internal, &internal],
            &supply,
            &settings(6),
            &mut |_| {},
            taflcount::matches::RunHooks::default(),
        )
        .unwrap();
        assert_eq!(a.games.len(), 6);
        assert_eq!(csv(&a), csv(&b), "{variant}");
        assert_eq!((a.summary.crashes, a.summary.time_losses), (0, 0));
    }
}

#[test]
fn a_crashing_engine_loses_each_game_and_the_match_goes_on() {
    // Says hello, then dies when asked to play.
    let crash = script(
        "crash.sh",
        "echo hello\nwhile read -r line; do case \"$line\" in play*) exit 3;; esac; done\n",
    );
    let t = tables("brandub");
    let supply = random_openings(&t, 2, 2, 7);
    let crasher: EngineSpec = format!("otep:/bin/sh {}", crash.display()).parse().unwrap();
    let greedy: EngineSpec = "greedy".parse().unwrap();
    let result = run_match(
        &t,
        [&crasher, &greedy],
        &supply,
        &settings(4),
        &mut |_| {},
        taflcount::matches::RunHooks::default(),
    )
    .unwrap();
    assert_eq!(result.games.len(), 4, "every game is played");
    for g in &result.games {
        let crasher_side = if g.attackers == 0 {
            Side::Attackers
        } else {
            Side::Defenders
        };
        assert_eq!(
            g.game.end,
            GameEnd::Forfeit {
                side: crasher_side,
                reason: CRASHED.into()
            }
        );
    }
    assert_eq!(result.summary.crashes, 4);
}

#[test]
fn a_hanging_engine_loses_on_time() {
    // Says hello, then never answers.
    let hang = script("hang.sh", "echo hello\nwhile read -r line; do :; done\n");
    let t = tables("brandub");
    let supply = random_openings(&t, 2, 1, 7);
    let tc: TimeControl = "0.3+0.01".parse().unwrap();
    let hanger = format!("otep:/bin/sh {}", hang.display())
        .parse::<EngineSpec>()
        .unwrap()
        .with_time_control(Some(tc));
    let greedy: EngineSpec = "greedy".parse().unwrap();
    assert!(!hanger.deterministic());
    let result = run_match(
        &t,
        [&hanger, &greedy],
        &supply,
        &settings(2),
        &mut |_| {},
        taflcount::matches::RunHooks::default(),
    )
    .unwrap();
    assert_eq!(result.games.len(), 2);
    assert_eq!(result.summary.time_losses, 2);
    assert!(result.games.iter().all(|g| matches!(
        &g.game.end,
        GameEnd::Forfeit { reason, .. } if reason == LOST_ON_TIME
    )));
}

#[test]
fn time_controls_read_as_seconds_plus_increment() {
    let tc: TimeControl = "10+0.1".parse().unwrap();
    assert_eq!(tc.base.as_millis(), 10_000);
    assert_eq!(tc.increment.as_millis(), 100);
    assert_eq!("5".parse::<TimeControl>().unwrap().increment.as_millis(), 0);
    for bad in ["", "0+1", "x+1", "5+y", "-1+0"] {
        assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
    }
}

#[test]
fn taflengine_on_a_clock_never_loses_on_time() {
    // `search` without a limit plays on the clock alone: two seconds each plus 20 ms,
    // two brandub games; a flag fall would show as a time loss. Each move spends at
    // most a thirtieth of the clock plus 15 ms and gets 20 back, so over the 30 moves
    // a side makes in 60 plies at least 2000 * (29/30)^30 = 723 ms stay, and the
    // pipes and the scheduler may take about 42 ms a move before the flag falls (on
    // one second, 361 ms and 23 ms: it fell once under a load of 12). That the
    // budgets alone never overspend, however long the game, is tested in
    // `otep::time` (`a_game_on_the_clock_never_spends_more_than_it_has`).
    let t = tables("brandub");
    let supply = random_openings(&t, 2, 1, 7);
    let tc: TimeControl = "2+0.02".parse().unwrap();
    let timed = format!("otep:{} --engine search", env!("CARGO_BIN_EXE_taflengine"))
        .parse::<EngineSpec>()
        .unwrap()
        .with_time_control(Some(tc));
    let settings = MatchSettings {
        max_plies: 60,
        ..settings(2)
    };
    let result = run_match(
        &t,
        [&timed, &timed],
        &supply,
        &settings,
        &mut |_| {},
        taflcount::matches::RunHooks::default(),
    )
    .unwrap();
    assert_eq!(result.games.len(), 2);
    assert_eq!((result.summary.crashes, result.summary.time_losses), (0, 0));
    assert!(result
        .games
        .iter()
        .all(|g| !matches!(g.game.end, GameEnd::Forfeit { .. })));
}

#[test]
fn a_bad_engine_description_is_a_usage_error() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_taflengine"))
        .args(["--engine", "search:depth=zero"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("depth"));
}

#[test]
fn an_illegal_move_loses_the_game_and_is_recorded_as_such() {
    // Answers every `play` with a move from an empty corner square.
    let illegal = script(
        "illegal.sh",
        "echo hello\nwhile read -r line; do case \"$line\" in play*) echo 'move a1-a2';; esac; done\n",
    );
    let t = tables("brandub");
    let supply = random_openings(&t, 2, 1, 7);
    let bad: EngineSpec = format!("otep:/bin/sh {}", illegal.display())
        .parse()
        .unwrap();
    let greedy: EngineSpec = "greedy".parse().unwrap();
    let result = run_match(
        &t,
        [&bad, &greedy],
        &supply,
        &settings(2),
        &mut |_| {},
        taflcount::matches::RunHooks::default(),
    )
    .unwrap();
    for g in &result.games {
        match &g.game.end {
            GameEnd::Forfeit { side, reason } => {
                let bad_side = if g.attackers == 0 {
                    Side::Attackers
                } else {
                    Side::Defenders
                };
                assert_eq!(*side, bad_side);
                assert!(reason.starts_with("illegal move"), "{reason}");
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!((result.summary.crashes, result.summary.time_losses), (0, 0));
}

#[test]
fn the_taflmatch_command_line_gives_the_same_records_both_ways() {
    let dir = std::env::temp_dir().join(format!("taflmatch-otep-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let engine = format!(
        "otep:{} --engine search:nodes=300",
        env!("CARGO_BIN_EXE_taflengine")
    );
    let mut records = Vec::new();
    for (name, spec) in [
        ("external.csv", engine.as_str()),
        ("internal.csv", "search:nodes=300"),
    ] {
        let path = dir.join(name);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_taflmatch"))
            .args(["--variant", "brandub", "--games", "4", "--concurrency", "2"])
            .args(["--engine", spec, "--engine", spec, "--force", "--records"])
            .arg(&path)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(text.contains("engine crashes: 0, time losses: 0"), "{text}");
        records.push(std::fs::read_to_string(&path).unwrap());
    }
    assert_eq!(records[0].lines().count(), 4);
    assert_eq!(records[0], records[1]);
}

#[test]
fn a_bad_time_control_is_a_usage_error_and_json_counts_failures() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_taflmatch"))
        .args([
            "--variant",
            "brandub",
            "--engine",
            "greedy",
            "--engine",
            "random",
        ])
        .args(["--tc", "0+1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--tc"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_taflmatch"))
        .args([
            "--variant",
            "brandub",
            "--engine",
            "greedy",
            "--engine",
            "random",
        ])
        .args(["--games", "2", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let text = json.to_string();
    assert!(
        text.contains("\"crashes\":0") && text.contains("\"time_losses\":0"),
        "{text}"
    );
}

/// Issue 24: a malformed `move` line was passed over as noise, and the engine then
/// "hung" for a minute per game. It forfeits at once, the line quoted.
#[test]
fn a_malformed_move_line_forfeits_at_once_with_the_line_quoted() {
    let t = tables("brandub");
    let supply = random_openings(&t, 2, 1, 7);
    let greedy: EngineSpec = "greedy".parse().unwrap();
    for (name, answer) in [
        ("extra.sh", "move d2-b2 extra"),
        ("bare.sh", "move"),
        ("upper.sh", "MOVE d2-b2"),
    ] {
        let path = script(
            name,
            &format!(
                "echo hello\nwhile read -r line; do case \"$line\" in play*) echo '{answer}';; esac; done\n"
            ),
        );
        let bad: EngineSpec = format!("otep:/bin/sh {}", path.display()).parse().unwrap();
        let started = std::time::Instant::now();
        let result = run_match(
            &t,
            [&bad, &greedy],
            &supply,
            &settings(2),
            &mut |_| {},
            taflcount::matches::RunHooks::default(),
        )
        .unwrap();
        assert!(
            started.elapsed() < std::time::Duration::from_secs(30),
            "{answer}: waited for a hang"
        );
        for g in &result.games {
            match &g.game.end {
                GameEnd::Forfeit { reason, .. } => assert!(
                    reason.contains(&format!("malformed move line `{answer}`")),
                    "{answer}: {reason}"
                ),
                other => panic!("{answer}: {other:?}"),
            }
        }
    }
}

/// Issue 24: the 100 ms grace was granted again on every move and the time left clamped
/// at zero, so an engine could overdraw its clock by almost the grace on every move and
/// never lose. Here taflengine's moves are held back 0.16 s on a 0.3 + 0.1 clock: it
/// overdraws 40 ms on its fourth move and 60 ms on each after, so the overrun passes
/// the grace on its fifth move.
#[test]
fn overruns_add_up_and_the_flag_falls_past_the_grace() {
    let slow = script(
        "slow.sh",
        &format!(
            "'{}' --engine search:nodes=5000 | while IFS= read -r line; do case \"$line\" in 'move '*) sleep 0.16;; esac; printf '%s\\n' \"$line\"; done\n",
            env!("CARGO_BIN_EXE_taflengine")
        ),
    );
    let t = tables("brandub");
    let supply = random_openings(&t, 2, 1, 7);
    let tc: TimeControl = "0.3+0.1".parse().unwrap();
    let slow = format!("otep:/bin/sh {}", slow.display())
        .parse::<EngineSpec>()
        .unwrap()
        .with_time_control(Some(tc));
    let greedy: EngineSpec = "greedy".parse().unwrap();
    let result = run_match(
        &t,
        [&slow, &greedy],
        &supply,
        &settings(4),
        &mut |_| {},
        taflcount::matches::RunHooks::default(),
    )
    .unwrap();
    let mut flagged = 0;
    for g in &result.games {
        let slow_side = if g.attackers == 0 {
            Side::Attackers
        } else {
            Side::Defenders
        };
        match &g.game.end {
            GameEnd::Forfeit { side, reason } => {
                assert_eq!((*side, reason.as_str()), (slow_side, LOST_ON_TIME));
                // Two opening plies, then at most six moves of each side.
                assert!(g.game.moves.len() <= 2 + 2 * 6, "{}", g.game.moves.len());
                flagged += 1;
            }
            // A game may end on the board before the fifth move.
            other => assert!(g.game.moves.len() <= 2 + 2 * 5, "{other:?}"),
        }
    }
    assert!(flagged > 0, "the slow engine never lost on time");
}

/// Issue 24: a typo in an engine's path played every game as a forfeit and printed "won
/// every game, Elo unbounded", exit 0. An engine that cannot start, is not executable,
/// or does not say `hello` stops the run before the first game, naming the engine, and
/// leaves no records file.
#[test]
fn an_engine_that_cannot_start_stops_the_run_before_the_first_game() {
    let not_executable = script("not-executable.txt", "echo hello\n");
    let rude = script("rude.sh", "echo hi\nwhile read -r line; do :; done\n");
    let records =
        std::env::temp_dir().join(format!("taflmatch-nostart-{}.csv", std::process::id()));
    for (engine, says) in [
        ("otep:/nonexistent/taflengin".to_string(), "cannot start"),
        (format!("otep:{}", not_executable.display()), "cannot start"),
        (
            format!("otep:/bin/sh {}", rude.display()),
            "instead of hello",
        ),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_taflmatch"))
            .args(["--variant", "brandub", "--games", "4", "--engine", "greedy"])
            .args(["--engine", &engine, "--records"])
            .arg(&records)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{engine}: {err}");
        assert!(
            err.contains(&engine) && err.contains(says),
            "{engine}: {err}"
        );
        assert!(out.stdout.is_empty(), "{engine}: no game was played");
        assert!(!records.exists(), "{engine}: no records file is left");
    }
}

/// Issue 24: an engine printing a line without end made the host read it whole into
/// memory until the allocation failed. A line past 64 KiB (here 64 MiB of `x` without
/// a newline, then the same with a newline at its end) forfeits the game at once with
/// the line's start quoted, and the host's memory stays small.
#[test]
fn an_endless_line_forfeits_without_filling_memory() {
    let t = tables("brandub");
    let supply = random_openings(&t, 2, 1, 7);
    let greedy: EngineSpec = "greedy".parse().unwrap();
    for (name, tail) in [("endless.sh", ""), ("long.sh", "; echo")] {
        let path = script(
            name,
            &format!(
                "echo hello\nwhile read -r line; do case \"$line\" in play*) \
                 (head -c 67108864 /dev/zero | tr '\\0' x{tail});; esac; done\n"
            ),
        );
        let bad: EngineSpec = format!("otep:/bin/sh {}", path.display()).parse().unwrap();
        let result = run_match(
            &t,
            [&bad, &greedy],
            &supply,
            &settings(2),
            &mut |_| {},
            taflcount::matches::RunHooks::default(),
        )
        .unwrap();
        for g in &result.games {
            match &g.game.end {
                GameEnd::Forfeit { reason, .. } => assert!(
                    reason.contains("printed a line longer than 64 KiB: `xxxxxxxx")
                        && reason.len() < 300,
                    "{name}: {reason}"
                ),
                other => panic!("{name}: {other:?}"),
            }
        }
    }
    // The peak resident memory of this test process stays far below the 64 MiB line.
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let peak: u64 = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse().ok())
        .unwrap();
    assert!(peak < 48 * 1024, "peak {peak} KiB");
}
