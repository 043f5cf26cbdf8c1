//! taflperft --against CMD with the reference generator of tests/reference/ as the
//! other engine (examples/reference_divide.rs, built here with plain rustc): it agrees
//! everywhere, and its copies with one rule broken on purpose are caught at the right
//! position and move.
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

mod closed_stdout;
mod common;

use taflcount::perft::{AgainstDetails, AgainstFinding, AgainstReport};

const BRANDUB: &str =
    "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

/// The reference engine, compiled once per test run.
fn reference_engine() -> &'static PathBuf {
    static ENGINE: OnceLock<PathBuf> = OnceLock::new();
    ENGINE.get_or_init(|| {
        let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("reference_divide");
        common::transcript::build_reference_divide(&out);
        out
    })
}

fn against(engine_args: &str, args: &[&str]) -> (i32, String, String) {
    let command = format!("'{}' {engine_args}", reference_engine().display());
    // As every exit-code test: also with stdout closed early (issue 15).
    let out = closed_stdout::output(
        Command::new(env!("CARGO_BIN_EXE_taflperft"))
            .arg("--against")
            .arg(&command)
            .args(args),
    );
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn finding(out: &str) -> AgainstFinding {
    let doc: AgainstReport = serde_json::from_str(out).unwrap();
    assert!(!doc.agree, "{out}");
    doc.finding.unwrap()
}

/// The moves of a `moves` finding: (too many, too few).
fn moves_of(f: &AgainstFinding) -> (Vec<String>, Vec<String>) {
    match &f.details {
        AgainstDetails::Moves { too_many, too_few } => (too_many.clone(), too_few.clone()),
        other => panic!("not a moves finding: {other:?}"),
    }
}

#[test]
fn the_reference_agrees_with_taflperft() {
    for args in [
        vec!["--variant", "brandub", "--depth", "3"],
        vec!["--variant", "copenhagen", "--depth", "2", "--moves", "d1-d3 e5-e2"],
        vec!["--rules", BRANDUB, "--position", "/1T5/7/2t4/3K3/7/5t1/7/", "--side", "attackers", "--depth", "3"],
        // Berserk and exotic pieces (fixtures/perft/berserk.perft).
        vec!["--rules", "dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/", "--depth", "2"],
    ] {
        let (code, out, err) = against("", &args);
        assert_eq!(code, 0, "{args:?}: {out}{err}");
        assert!(out.starts_with("agree"), "{out}");
    }
}

#[test]
fn a_missed_capture_is_found_at_the_capturing_move() {
    // Attackers to move; c3-c1 captures the defender on b1 against the corner a1. The
    // broken engine finds corners never hostile, so after c3-c1 it still has b1's moves.
    let (code, out, err) = against(
        "--break corner-capture",
        &[
            "--rules",
            BRANDUB,
            "--position",
            "/1T5/7/2t4/3K3/7/5t1/7/",
            "--side",
            "attackers",
            "--depth",
            "3",
            "--json",
        ],
    );
    assert_eq!(code, 1, "{out}{err}");
    let f = finding(&out);
    assert_eq!(f.kind, "moves");
    assert_eq!(f.moves, "c3-c1");
    // The position there, as taflperft has it: b1 captured, defenders to move.
    assert_eq!(f.position, "/2t4/7/7/3K3/7/5t1/7/");
    assert_eq!(f.side_to_move, "defenders");
    let (too_many, too_few) = moves_of(&f);
    assert!(
        !too_many.is_empty() && too_many.iter().all(|m| m.starts_with("b1-")),
        "{too_many:?}"
    );
    assert_eq!(too_few.len(), 0);
}

#[test]
fn a_forbidden_square_allowed_is_found_one_move_deep() {
    // Defenders to move at the root; then the attacker on a3 may go to a2 only, but the
    // broken engine lets it stop on the corner a1.
    let (code, out, err) = against(
        "--break corner-stop",
        &[
            "--rules",
            BRANDUB,
            "--position",
            "/7/7/t6/3K3/7/7/5T1/",
            "--side",
            "defenders",
            "--depth",
            "3",
            "--json",
        ],
    );
    assert_eq!(code, 1, "{out}{err}");
    let f = finding(&out);
    assert_eq!(f.kind, "moves");
    assert_eq!(moves_of(&f), (vec!["a3-a1".to_string()], vec![]));
    assert_eq!(f.side_to_move, "attackers");
    // One defender move down, found by descending from a count that differed.
    assert_eq!(f.descent.len(), 1);
    assert_eq!(f.moves.split(' ').count(), 1);
    // The text report names the position and the move.
    let (code, text, _) = against(
        "--break corner-stop",
        &[
            "--rules",
            BRANDUB,
            "--position",
            "/7/7/t6/3K3/7/7/5T1/",
            "--side",
            "defenders",
            "--depth",
            "3",
        ],
    );
    assert_eq!(code, 1);
    assert!(text.contains("too many:  a3-a1"), "{text}");
}

#[test]
fn an_engine_that_fails_or_prints_nonsense_is_an_input_error() {
    let (code, _, err) = against(
        "--break no-such-rule",
        &["--variant", "brandub", "--depth", "2"],
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("unknown rule to break"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_taflperft"))
        .args([
            "--against",
            "echo hello",
            "--variant",
            "brandub",
            "--depth",
            "2",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("hello"));
}

/// The example wrapper of docs/perft-against.md, as written there, in a fresh folder
/// beside an engine called `./my-engine`.
fn wrapper_folder(name: &str, engine: &str) -> PathBuf {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/perft-against.md"
    ))
    .unwrap();
    let section = &doc[doc
        .find("## An example wrapper")
        .expect("the wrapper section")..];
    let start = section.find("```sh\n").expect("a sh block") + "```sh\n".len();
    let wrapper = &section[start..start + section[start..].find("```").unwrap()];
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("wrapper-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("my-engine-divide"), wrapper).unwrap();
    std::fs::write(dir.join("my-engine"), engine).unwrap();
    let status = Command::new("chmod")
        .args(["+x", "my-engine"])
        .current_dir(&dir)
        .status()
        .unwrap();
    assert!(status.success());
    dir
}

fn against_in(dir: &PathBuf, command: &str, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_taflperft"))
        .arg("--against")
        .arg(command)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Issue 24: the documented wrapper piped the engine into awk, so a crashed engine was
/// read as an empty divide ("every move missing", exit 1). Now a crash, and output that
/// is empty, are "not a divide" (exit 2); a working engine behind the same wrapper
/// agrees with taflperft.
#[test]
fn the_documented_wrapper_reports_a_crash_and_empty_output_as_errors() {
    let args = ["--variant", "brandub", "--depth", "3"];
    // An engine with a stdin command loop: the reference generator behind a shim that
    // reads the wrapper's five commands.
    let shim = format!(
        "#!/bin/sh\nmoves=\"\"\nwhile IFS= read -r line; do\n  case \"$line\" in\n    \"rules \"*) rules=${{line#rules }};;\n    \"position \"*) rest=${{line#position }}; position=${{rest% *}}; side=${{rest##* }};;\n    \"play \"*) moves=${{line#play }};;\n    \"divide \"*) depth=${{line#divide }};;\n    quit) break;;\n  esac\ndone\nexec '{}' \"$depth\" \"$rules\" \"$position\" \"$side\" \"$moves\"\n",
        reference_engine().display()
    );
    let good = wrapper_folder("good", &shim);
    let (code, out, err) = against_in(&good, "sh my-engine-divide", &args);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("agree: perft(3) = 39512"), "{out}");

    let crashing = wrapper_folder("crash", "#!/bin/sh\ncat >/dev/null\nexit 3\n");
    let (code, out, err) = against_in(&crashing, "sh my-engine-divide", &args);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("failed (exit status: 3)"), "{err}");

    let silent = wrapper_folder("silent", "#!/bin/sh\ncat >/dev/null\n");
    let (code, out, err) = against_in(&silent, "sh my-engine-divide", &args);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("my-engine printed nothing"), "{err}");

    // Without a wrapper: empty output, a flood, and a hang are errors of their own.
    let (code, _, err) = against_in(&silent, "true", &args);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("printed nothing: not a divide"), "{err}");
    let (code, _, err) = against_in(&silent, "yes", &args);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("more than 4 MiB: not a divide"), "{err}");
    let started = std::time::Instant::now();
    let mut hang = args.to_vec();
    hang.extend(["--against-timeout", "1"]);
    let (code, _, err) = against_in(&silent, "sleep 1000 #", &hang);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("gave no divide within 1 s"), "{err}");
    // The hint names the option here, at the edge; the library's message does not.
    assert!(err.contains("(see --against-timeout)"), "{err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(30));
}

/// `--against --records`: the archive's positions, each difference bisected and grouped.
fn scan(command: &str, args: &[&str]) -> (i32, String, String) {
    let brandubh = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/games/brandubh.csv");
    let out = closed_stdout::output(
        Command::new(env!("CARGO_BIN_EXE_taflperft"))
            .args([
                "--against",
                command,
                "--records",
                brandubh,
                "--variant",
                "brandubh",
            ])
            .args(args),
    );
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn scan_report(out: &str) -> taflcount::perft::scan::ScanReport {
    serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

#[test]
fn a_scan_groups_one_broken_rule_into_one_group() {
    // Attacker taflmen may stop on corners in the broken engine: from the start a4-a1
    // is already one of its moves. Every scanned position ends in that one group.
    let engine = format!("'{}' --break corner-stop", reference_engine().display());
    // Games 1-3 have 4, 3 and 15 plies: plies 0..4 give 5 + 4 + 5 positions.
    let args = ["--depth", "2", "--games", "3", "--plies", "0..4", "--json"];
    let (code, out, err) = scan(&engine, &args);
    assert_eq!(code, 1, "{out}{err}");
    let report = scan_report(&out);
    // 2 since issue 35 (`games_not_replayed` gone: such a game is an input error).
    assert_eq!(report.header.schema_version, 2);
    assert_eq!((report.games, report.outcome.positions), (3, 14));
    let report = report.outcome;
    assert_eq!(report.failed, 0);
    assert_eq!(report.agreed + report.differed, 14);
    assert!(report.differed > 0, "{out}");
    assert_eq!(report.groups.len(), 1, "{out}");
    let group = &report.groups[0];
    assert_eq!(
        group.difference,
        taflcount::perft::scan::Difference::ExtraMoves {
            piece: Some(taflcount::board::PieceKind::Taflman),
            route: taflcount::perft::scan::Route::OntoCorner,
        }
    );
    assert_eq!(group.hits, report.differed);
    // Every extra move ends on a corner.
    let corners = ["a1", "a7", "g1", "g7"];
    assert!(
        group
            .example
            .too_many
            .iter()
            .all(|m| corners.contains(&m.split('-').nth(1).unwrap())),
        "{:?}",
        group.example
    );
    // The shortest example is the start position itself (game 1, ply 0).
    assert_eq!(group.example.length, 0);
    // The same as a table.
    let (code, text, _) = scan(&engine, &args[..args.len() - 1]);
    assert_eq!(code, 1);
    assert!(
        text.contains("other engine plays taflman moves onto a corner that taflcount forbids"),
        "{text}"
    );
    assert!(
        text.contains("14 position(s) of 3 game(s) at perft(2)"),
        "{text}"
    );
}

#[test]
fn a_scan_survives_an_engine_that_crashes_hangs_or_prints_garbage() {
    // The reference engine, except: after 1 move it crashes, after 2 it hangs, after 3
    // it prints garbage. Game 1 has 4 plies: positions 0 and 4 agree.
    let engine = format!(
        "sh -c 'n=$(echo \"$5\" | wc -w); case $n in 1) exit 3;; 2) sleep 100;; 3) echo garbage; exit 0;; esac; exec \"$0\" \"$@\"' '{}'",
        reference_engine().display()
    );
    let started = std::time::Instant::now();
    let (code, out, err) = scan(
        &engine,
        &[
            "--depth",
            "2",
            "--games",
            "1",
            "--plies",
            "0..5",
            "--json",
            "--against-timeout",
            "1",
        ],
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
    assert_eq!(code, 1, "{out}{err}");
    let report = scan_report(&out).outcome;
    assert_eq!(
        (report.positions, report.agreed, report.failed),
        (5, 2, 3),
        "{out}"
    );
    let plies: Vec<usize> = report.failures.iter().map(|f| f.ply).collect();
    assert_eq!(plies, [1, 2, 3]);
    assert!(
        report.failures[0]
            .message
            .contains("failed (exit status: 3)"),
        "{out}"
    );
    assert!(
        report.failures[1]
            .message
            .contains("gave no divide within 1 s"),
        "{out}"
    );
    assert!(report.failures[2].message.contains("garbage"), "{out}");
    // Each failure was also said on stderr as it happened.
    assert_eq!(err.matches("taflperft: game 1, ply").count(), 3, "{err}");
}

#[test]
fn a_scan_stops_when_the_engine_never_answers_and_refuses_bad_ranges() {
    let (code, _, err) = scan("false", &["--depth", "1"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("failed on each of the first 10 positions"),
        "{err}"
    );
    let (code, _, err) = scan("true", &["--depth", "1", "--plies", "9..3"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is not a ply range"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_taflperft"))
        .args(["--records", "x.csv", "--depth", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_scan_stops_each_game_where_taflcount_sees_it_end() {
    // With a weak king (ks:w) taflcount captures him in games the record plays on; the
    // scan follows each game only that far (playing on without a king panicked once).
    let weak = "dim:7 name:Brandubh atkf:y tfr:w ks:w start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    let brandubh = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/games/brandubh.csv");
    let out = Command::new(env!("CARGO_BIN_EXE_taflperft"))
        .arg("--against")
        .arg(reference_engine())
        .args([
            "--records",
            brandubh,
            "--rules",
            weak,
            "--depth",
            "1",
            "--games",
            "40",
            "--json",
        ])
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    let report = scan_report(&stdout);
    assert_eq!(report.games, 40);
    assert_eq!(report.outcome.agreed, report.outcome.positions);
}

/// Issue 35: an archive of another variant read as "0 positions ... 50 games skipped",
/// exit 0, and the scan took null moves, off-board squares and captures the rules do not
/// make. A game that does not replay (the same check as `branching --records`) is an
/// input error naming its line, before the engine is called once.
#[test]
fn a_game_that_does_not_replay_is_an_input_error_with_its_line() {
    let copenhagen = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/games/copenhagen.csv");
    let out = Command::new(env!("CARGO_BIN_EXE_taflperft"))
        .args(["--against", "false", "--records", copenhagen])
        .args(["--variant", "brandubh", "--depth", "1"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("game 1 does not replay"), "{err}");
    let dir = std::env::temp_dir().join(format!("scan-bad-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Brandubh from the start: d2-e2 is an attacker's move; d4-d4 goes nowhere, d2-d9
    // leaves the 7x7 board, and d2-e2xe3 claims a capture the move does not make.
    for (record, says) in [
        ("d2-e2 d4-d4,0,0,Ongoing", "ply 2"),
        ("d2-d9,0,0,Ongoing", "ply 1"),
        (
            "d2-e2xe3,0,0,Ongoing",
            "the record captures e3, the rules capture none",
        ),
        (
            "d6-c6 e4-e1 f4-e4 d3-f3,0,0,Ongoing\nd2-e2 e4-e4,0,0,Ongoing",
            "game 2",
        ),
    ] {
        let file = dir.join("bad.csv");
        std::fs::write(&file, format!("{record}\n")).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_taflperft"))
            .args(["--against", "false", "--records"])
            .arg(&file)
            .args(["--variant", "brandubh", "--depth", "1"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{record}: {err}");
        assert!(
            err.contains("does not replay") && err.contains(says),
            "{record}: {err}"
        );
    }
}
