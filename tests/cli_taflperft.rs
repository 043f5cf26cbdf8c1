//! taflperft as a user runs it: output shapes, JSON schema, exit codes, error messages.

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
fn table_has_one_row_per_depth() {
    let (code, out, _) = taflperft(&["--depth", "3", "--variant", "brandub"]);
    assert_eq!(code, 0);
    for count in ["40", "960", "39,512"] {
        assert!(out.contains(count), "{out}");
    }
}

#[test]
fn divide_lists_root_moves_then_a_blank_line_and_the_total() {
    let (code, out, _) = taflperft(&["--depth", "2", "--variant", "brandub", "--divide"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 40 + 2);
    assert_eq!(lines[40], "");
    assert_eq!(lines[41], "960");
    let sum: u64 = lines[..40]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 960);
    assert!(lines[..40]
        .iter()
        .all(|l| l.contains('-') && l.contains(": ")));
}

#[test]
fn json_document_follows_the_schema() {
    let (code, out, _) = taflperft(&[
        "--depth",
        "2",
        "--json",
        "--divide",
        "--moves",
        "d1-d3 e5-e2",
    ]);
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    // 3 since counts are decimal strings (issue 36).
    assert_eq!(doc["schema_version"], 3);
    assert_eq!(doc["tool"], "taflperft");
    assert_eq!(doc["variant"], "copenhagen");
    assert_eq!(doc["side_to_move"], "attackers");
    assert_eq!(
        doc["position"],
        "/4tttt3/4Tt5/3t7/t4T4t/t4TT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"
    );
    assert_eq!(doc["results"].as_array().unwrap().len(), 2);
    let total: u64 = doc["divide"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["nodes"].as_str().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(
        doc["results"][1]["nodes"]
            .as_str()
            .unwrap()
            .parse::<u64>()
            .unwrap(),
        total
    );
    assert!(doc["timing"]["total_seconds"].is_number());
    assert!(doc["rules"]
        .as_str()
        .unwrap()
        .starts_with("dim:11 name:Copenhagen"));
}

#[test]
fn rules_without_a_name_have_a_null_variant() {
    let (code, out, _) = taflperft(&[
        "--depth",
        "1",
        "--json",
        "--rules",
        "dim:7 ks:w start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    ]);
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(doc["variant"].is_null());
    assert!(doc.get("divide").is_none());
}

#[test]
fn bad_input_names_the_problem_and_exits_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["--depth", "2", "--rules", "dim:7 ks:q start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"], "key `ks` at column 7"),
        (&["--depth", "2", "--rules", "dim:8 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"], "key `dim`"),
        (&["--depth", "2", "--moves", "d1-d3 e5-e9"], "ply 2: illegal move `e5-e9`: the way is blocked at e6"),
        (&["--depth", "2", "--moves", "d1-d3 e5-e2 g1-g3 f4-c4 g3-e3xe4"], "ply 5: `g3-e3xe4` claims to capture e4, but the rules capture e2"),
        (&["--depth", "2", "--moves", "d1-d3 d3-d4"], "ply 2: illegal move `d3-d4`: d3 holds a piece of the attackers, but the defenders are to move"),
        (&["--depth", "2", "--moves", "d1xd3"], "ply 1: `d1xd3` is not a move"),
        (&["--depth", "2", "--position", "/5/5/2K2/5/5/", "--side", "north"], "side `north`"),
        (&["--depth", "2", "--position", "/5/5/2Q2/5/5/", "--side", "defenders"], "column 7: `Q` is not a piece letter"),
        (&["--depth", "2", "--variant", "nope"], "unknown variant `nope`"),
        (&["--depth", "2", "--variant", "brandub", "--position", "/11/11/11/11/11/5K5/11/11/11/11/11/", "--side", "defenders"], "the position is 11x11 but the variant is played on 7x7"),
        (&["--depth", "2", "--position", "/5/5/2K2/5/5/"], "--side"),
    ];
    for (args, expected) in cases {
        input_error(args, expected);
    }
}

/// Runs taflperft with `args`, checks it fails as an input error (exit 2, nothing on
/// stdout, no panic) saying `expected`, and returns its stderr.
fn input_error(args: &[&str], expected: &str) -> String {
    let (code, out, err) = taflperft(args);
    assert_eq!(code, 2, "{args:?}: {err}");
    assert!(out.is_empty(), "{args:?} wrote to stdout: {out}");
    assert!(
        err.contains(expected),
        "{args:?}: stderr `{err}` lacks `{expected}`"
    );
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    err
}

#[test]
fn a_suite_mismatch_exits_1() {
    let dir = std::env::temp_dir().join(format!("taflperft-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("wrong.perft");
    std::fs::write(
        &path,
        "id brandub-wrong\nrules brandub\nperft 1 40\nperft 2 961\n",
    )
    .unwrap();
    let (code, out, _) = taflperft(&["--suite", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("FAIL") && out.contains("expected 961"),
        "{out}"
    );
    std::fs::write(&path, "id brandub\nrules brandub\nperft 2 960\n").unwrap();
    let (code, _, _) = taflperft(&["--suite", path.to_str().unwrap()]);
    assert_eq!(code, 0);
    std::fs::write(&path, "id x\nrules brandub\nperft two 960\n").unwrap();
    let (code, _, err) = taflperft(&["--suite", path.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("line 3"), "{err}");
}

#[test]
fn list_variants_shows_every_catalog_entry_with_its_rules() {
    let (code, out, _) = taflperft(&["--list-variants"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.lines().count(),
        taflcount::rules::catalog::VARIANTS.len()
    );
    assert!(out
        .lines()
        .any(|l| l.starts_with("brandubh") && l.contains("dim:7")));
}

/// A depth whose count could pass the 64-bit counter is refused before any counting:
/// copenhagen's start allows at most 480 moves a position (480^8 > 2^64), brandub's 96
/// (96^10 > 2^64).
#[test]
fn a_depth_past_the_counter_is_refused_with_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--depth", "99"],
            "--depth 99: perft(99) could pass the 64-bit counter",
        ),
        (
            &["--depth", "9"],
            "480^8 > 2^64, so depth 8 is the deepest counted",
        ),
        (
            &["--depth", "11", "--variant", "brandub", "--json"],
            "96^10 > 2^64, so depth 10",
        ),
    ];
    for (args, expected) in cases {
        let err = input_error(args, expected);
        assert!(err.trim_end().ends_with("(see taflperft plan)"), "{err}");
    }
}

/// A count forecast to take long says so, on one stderr line, before it goes on; a
/// short one says nothing. Copenhagen's perft(8) is days of work: the line comes from
/// the growth of depths 1 and 2, and the run is stopped once it is read.
#[test]
fn a_long_count_forecasts_its_time_on_stderr_first() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_taflperft"))
        .args(["--depth", "8"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(line.starts_with("perft(8) may take about "), "{line}");
    assert!(line.contains(" nodes/s); Ctrl-C stops it"), "{line}");

    let (code, out, err) = taflperft(&["--depth", "3", "--variant", "brandub"]);
    assert_eq!(code, 0);
    assert!(!err.contains("may take"), "{err}");
    assert!(!out.contains("may take"), "{out}");
}
