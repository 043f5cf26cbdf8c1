//! `taflengine` inside the real OpenTafl: one short game through OpenTafl's own engine
//! host, every exchange checked. It needs Java and the OpenTafl harness folder (OpenTafl's
//! jar and `play-one.sh`, described in docs/opentafl.md), which are not part of the
//! repository, so it runs only when `OPENTAFL_DIR` names that folder (or `OPENTAFL_JAR`
//! its `lib/OpenTafl.jar`) and otherwise returns at once, saying why:
//!
//! ```text
//! OPENTAFL_DIR=path/to/opentafl cargo test --test opentafl -- --nocapture
//! ```
//!
//! `OPENTAFL_GAMES=DIR` also checks every game folder under `DIR` (as written by
//! `scripts/opentafl-match.sh` or `play-one.sh`) the same way, without playing.
//!
//! What is checked, each against OpenTafl's own files: the game finished by the rules (no
//! ply cap, no crash, no time expiry), OpenTafl refused no move and saw no engine error,
//! the engine never sent `error`, and taflcount's replay of OpenTafl's moves gives, ply by
//! ply, OpenTafl's position record, OpenTafl's captures and at the end OpenTafl's winner.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use taflcount::board::{RecordOrder, Side};
use taflcount::moves::Repetitions;
use taflcount::notation::{recordable_captures, resolve, MoveText};
use taflcount::otep::game_ignoring_unknown_keys;

/// The harness folder named by the environment, or why there is none.
fn harness() -> Result<PathBuf, String> {
    let dir = match (
        std::env::var_os("OPENTAFL_DIR"),
        std::env::var_os("OPENTAFL_JAR"),
    ) {
        (Some(dir), _) => PathBuf::from(dir),
        (None, Some(jar)) => {
            // OPENTAFL_JAR=.../lib/OpenTafl.jar: the harness folder is two levels up.
            let jar = PathBuf::from(jar);
            jar.parent()
                .and_then(Path::parent)
                .map(Path::to_path_buf)
                .unwrap_or_default()
        }
        (None, None) => return Err("neither OPENTAFL_DIR nor OPENTAFL_JAR is set".into()),
    };
    Ok(dir)
}

/// `key=value` lines of `game.result.txt`.
fn result_of(game: &Path) -> HashMap<String, String> {
    let path = game.join("game.result.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (the game did not end?)", path.display()));
    text.lines()
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Checks one finished game folder; gives its verdict line.
fn check_game(game: &Path) -> String {
    let result = result_of(game);
    let field = |k: &str| {
        result
            .get(k)
            .unwrap_or_else(|| panic!("{}: no `{k}` in game.result.txt", game.display()))
            .as_str()
    };
    let name = game.display();
    assert_eq!(
        field("refused_moves"),
        "0",
        "{name}: OpenTafl refused a move"
    );
    assert_eq!(
        field("engine_errors"),
        "0",
        "{name}: OpenTafl saw an engine error"
    );
    assert_eq!(field("time_expired"), "false", "{name}: time expired");
    assert!(
        ["taflengine won", "OpenTafl AI won", "draw"].contains(&field("result")),
        "{name}: the game did not finish: {}",
        field("verdict")
    );

    // The engine's side of the conversation: never an `error`.
    let log = std::fs::read_to_string(game.join("engine.log")).expect("engine.log");
    let errors: Vec<&str> = log.lines().filter(|l| l.starts_with("> error")).collect();
    assert!(errors.is_empty(), "{name}: the engine sent {errors:?}");
    assert!(
        log.contains("< play "),
        "{name}: the engine was never asked to play"
    );

    // taflcount's replay of OpenTafl's moves, ply by ply, against OpenTafl's records.
    let rules = std::fs::read_to_string(game.join("game.rules.txt")).expect("game.rules.txt");
    let (taflgame, _) = game_ignoring_unknown_keys(rules.trim())
        .unwrap_or_else(|e| panic!("{name}: OpenTafl's rules do not read: {e}"));
    let t = &taflgame.tables;
    let mut position = taflgame.start();
    let mut seen = Repetitions::new(t, &position, &[]);
    let mut ended = None;
    let plies = std::fs::read_to_string(game.join("game.plies.tsv")).expect("game.plies.tsv");
    let mut count = 0;
    for line in plies.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 6, "{name}: `{line}`");
        let (ply, side, simple, captures, record) = (cols[0], cols[1], cols[3], cols[4], cols[5]);
        assert!(ended.is_none(), "{name}: ply {ply} after the end {ended:?}");
        assert_eq!(position.side_to_move().name(), side, "{name}: ply {ply}");
        let text: MoveText = simple.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        let mv = resolve(t, &position, &text)
            .unwrap_or_else(|e| panic!("{name}: ply {ply} {simple} is illegal in taflcount: {e}"));
        let (next, captured) = position.after(t, mv);
        let made: Vec<String> = recordable_captures(&position, &captured)
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut recorded: Vec<String> = captures
            .split('/')
            .filter(|c| !c.is_empty())
            .map(String::from)
            .collect();
        recorded.sort();
        let mut made_sorted = made.clone();
        made_sorted.sort();
        assert_eq!(
            made_sorted, recorded,
            "{name}: ply {ply} {simple}: captures"
        );
        position = next;
        assert_eq!(
            position.layout(t).record(RecordOrder::RankOneFirst),
            record,
            "{name}: ply {ply} {simple}: OpenTafl's record and taflcount's replay differ"
        );
        ended = seen.ending(t, &position);
        seen.push(&position);
        count += 1;
    }
    assert_eq!(field("plies"), count.to_string(), "{name}: plies");
    let Some(end) = ended else {
        panic!("{name}: taflcount's replay does not end the game");
    };
    let winner = match end.winner {
        Some(Side::Attackers) => "attackers",
        Some(Side::Defenders) => "defenders",
        None => "draw",
    };
    assert_eq!(field("winner"), winner, "{name}: winner");
    format!("{name}: {}; taflcount: {:?}", field("verdict"), end.reason)
}

#[test]
fn a_short_game_inside_opentafl_is_accepted_at_every_exchange() {
    let dir = match harness() {
        Ok(dir) => dir,
        Err(why) => {
            eprintln!("skipped: {why} (see docs/opentafl.md, \"The test with OpenTafl\")");
            return;
        }
    };
    let play = dir.join("play-one.sh");
    assert!(
        play.is_file() && dir.join("lib/OpenTafl.jar").is_file(),
        "{} has no play-one.sh and lib/OpenTafl.jar",
        dir.display()
    );
    let out = std::env::temp_dir().join(format!("taflcount-opentafl-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    // Brandub, taflengine attacking with a node limit, OpenTafl's AI at 1 s a move.
    let run = Command::new(&play)
        .arg(env!("CARGO_BIN_EXE_taflengine"))
        .args(["brandub", "attackers"])
        .arg(&out)
        .args(["--engine", "search:nodes=20000"])
        .env("AI_THINK", "1")
        .env("MAX_PLIES", "200")
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", play.display()));
    // OpenTafl's own log lines, kept beside the game's files.
    let _ = std::fs::write(out.join("opentafl.out"), [run.stdout, run.stderr].concat());
    assert!(
        run.status.success(),
        "play-one.sh: {}; see {}",
        run.status,
        out.join("opentafl.out").display()
    );
    let verdict = check_game(&out);
    eprintln!("{verdict}");
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn recorded_games_replay_in_taflcount() {
    let Some(dir) = std::env::var_os("OPENTAFL_GAMES") else {
        eprintln!("skipped: OPENTAFL_GAMES is not set (a folder of finished game folders)");
        return;
    };
    let mut games: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("OPENTAFL_GAMES: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("game.result.txt").is_file())
        .collect();
    games.sort();
    assert!(!games.is_empty(), "no game folders under OPENTAFL_GAMES");
    for game in &games {
        eprintln!("{}", check_game(game));
    }
}
