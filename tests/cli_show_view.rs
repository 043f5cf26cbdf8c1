//! `taflcount show` and `taflcount view` as a user runs them: boards hand-worked from the
//! records, the marks of the last move and its captures, the JSON document, the SVG and
//! HTML files (refused over an existing file without --force), and exit code 2 with a
//! clear message for every bad input.

mod closed_stdout;
use std::path::PathBuf;
use std::process::Command;

/// One run, for commands that write a file (the closed-stdout rerun of `taflcount`
/// would find the file the first run wrote).
fn taflcount_once(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_taflcount"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn taflcount(args: &[&str]) -> (i32, String, String) {
    let out = closed_stdout::output(
        Command::new(env!("CARGO_BIN_EXE_taflcount"))
            .env_remove("NO_COLOR")
            .args(args),
    );
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

const BRANDUBH_GAMES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/games/brandubh.csv");

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("show-view-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn rank(text: &str, rank: usize) -> &str {
    let prefix = format!("{rank:>2} ");
    text.lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no rank {rank} in\n{text}"))
}

#[test]
fn show_draws_the_start_with_its_throne_and_corners() {
    let (code, out, err) = taflcount(&["show", "--variant", "brandub"]);
    assert_eq!(code, 0, "{err}");
    // Brandub's record /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/, read by hand.
    assert_eq!(out.lines().next().unwrap(), "    a  b  c  d  e  f  g");
    assert_eq!(rank(&out, 7), " 7  ⊠  ·  ·  ●  ·  ·  ⊠  7");
    assert_eq!(rank(&out, 4), " 4  ●  ●  ○  ♔  ○  ●  ●  4");
    assert_eq!(rank(&out, 1), " 1  ⊠  ·  ·  ●  ·  ·  ⊠  1");
    assert!(out.contains("attackers to move"), "{out}");
    // A pipe gets no colour.
    assert!(!out.contains('\x1b'), "{out}");
}

#[test]
fn show_marks_the_last_move_and_its_capture_in_a_recorded_game() {
    // Game 3 of the archive, ply 5: `e2-d2xd3` takes d3 against the empty throne.
    let (code, out, err) = taflcount(&[
        "show",
        "--variant",
        "brandubh",
        "--records",
        BRANDUBH_GAMES,
        "--game",
        "3",
        "--ply",
        "5",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(rank(&out, 5), " 5  ·  ·  ○  ○  ·  ●  ·  5");
    assert_eq!(rank(&out, 4), " 4  ●  ●  ♔  ⊡  ○  ·  ●  4");
    assert_eq!(rank(&out, 3), " 3  ·  ·  ·  ×  ·  ·  ·  3");
    assert_eq!(rank(&out, 2), " 2  ·  ·  · (●)(·) ·  ·  2");
    assert!(out.contains("defenders to move"), "{out}");
    assert!(out.contains("last move e2-d2, captured d3"), "{out}");
    // The variant is the archive's name when none is given.
    let (code, named, err) = taflcount(&[
        "show",
        "--records",
        BRANDUBH_GAMES,
        "--game",
        "3",
        "--ply",
        "5",
    ]);
    assert_eq!((code, named.as_str()), (0, out.as_str()), "{err}");
    // The same position through --moves.
    let (code, same, err) = taflcount(&[
        "show",
        "--variant",
        "brandubh",
        "--moves",
        "d2-e2 c4-c5 f4-f5 d4-c4 e2-d2xd3",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(same, out);
}

#[test]
fn show_json_lists_every_piece_and_the_marks() {
    let (code, out, err) = taflcount(&[
        "show",
        "--variant",
        "brandubh",
        "--records",
        BRANDUBH_GAMES,
        "--game",
        "3",
        "--ply",
        "5",
        "--highlight",
        "c4",
        "--arrows",
        "c4-c1",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["schema_version"], 1);
    assert_eq!(doc["tool"], "taflcount");
    assert_eq!(doc["mode"], "show");
    assert_eq!(doc["dim"], 7);
    assert_eq!(doc["ply"], 5);
    assert_eq!(doc["side_to_move"], "defenders");
    // 8 attackers and 4 defenders with the king at the start, one defender taken.
    assert_eq!(doc["pieces"].as_array().unwrap().len(), 12);
    assert_eq!(doc["last_move"], "e2-d2");
    assert_eq!(doc["captured"], serde_json::json!(["d3"]));
    assert_eq!(doc["highlighted"], serde_json::json!(["c4"]));
    assert_eq!(doc["arrows"][0]["move"], "c4-c1");
    assert!(doc["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["square"] == "c4" && p["letter"] == "K"));
}

#[test]
fn show_writes_an_svg_and_never_over_a_file_unasked() {
    let dir = scratch("svg");
    let path = dir.join("board.svg");
    let path_text = path.to_str().unwrap();
    let (code, out, err) = taflcount_once(&["show", "--variant", "tablut", "--svg", path_text]);
    assert_eq!(code, 0, "{err}");
    assert!(out.is_empty(), "{out}");
    let svg = std::fs::read_to_string(&path).unwrap();
    let document = roxmltree::Document::parse(&svg).unwrap();
    let pieces = document
        .descendants()
        .filter(|n| n.attribute("class") == Some("piece"))
        .count();
    assert_eq!(pieces, 25, "tablut: 16 attackers, 8 defenders and the king");
    let (code, _, err) = taflcount_once(&["show", "--variant", "tablut", "--svg", path_text]);
    assert_eq!(code, 2);
    assert!(err.contains("--force"), "{err}");
    let (code, _, err) = taflcount_once(&[
        "show",
        "--variant",
        "brandub",
        "--svg",
        path_text,
        "--force",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&path).unwrap().contains("7x7"));
}

#[test]
fn show_refuses_bad_input_with_exit_2() {
    for (args, needle) in [
        (
            vec![
                "show",
                "--variant",
                "brandubh",
                "--records",
                BRANDUBH_GAMES,
                "--game",
                "3",
                "--ply",
                "16",
            ],
            "game 3 has 15 plies",
        ),
        (
            vec![
                "show",
                "--variant",
                "brandubh",
                "--records",
                BRANDUBH_GAMES,
                "--game",
                "100000",
            ],
            "holds",
        ),
        (
            vec![
                "show",
                "--variant",
                "brandubh",
                "--records",
                "no-such-file.csv",
            ],
            "no-such-file.csv",
        ),
        (
            vec!["show", "--variant", "brandub", "--highlight", "h9"],
            "off the 7x7 board",
        ),
        (
            vec!["show", "--variant", "brandub", "--highlight", "zz"],
            "not a square",
        ),
        (
            vec!["show", "--variant", "brandub", "--arrows", "d4"],
            "not a move",
        ),
        (
            vec!["show", "--variant", "brandub", "--moves", "d1-d3"],
            "--moves, ply 1",
        ),
        (vec!["show", "--variant", "nonesuch"], "unknown variant"),
        (vec!["show", "--ply", "3"], "--records"),
    ] {
        let (code, out, err) = taflcount(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
    }
}

#[test]
fn view_writes_one_self_contained_page_of_the_archive() {
    let dir = scratch("view");
    let page = dir.join("games.html");
    let page_text = page.to_str().unwrap();
    let (code, _, err) = taflcount_once(&[
        "view",
        BRANDUBH_GAMES,
        "--variant",
        "brandubh",
        "--game",
        "3",
        "--html",
        page_text,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("1 game"), "{err}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    for outside in ["<script src", "<link", "https://", "@import", "url(http"] {
        assert!(!html.contains(outside), "{outside}");
    }
    // The replayed boards ride along: ply 5's (after e2-d2xd3) among them, rank 1 first.
    assert!(
        html.contains(r#""text":"e2-d2xd3","from":"e2","to":"d2","captured":["d3"]"#),
        "{html}"
    );
    // Every piece symbol the script may place is defined once.
    for letter in ["t", "T", "K", "c", "C", "n", "N", "m", "M", "g", "G", "k"] {
        assert_eq!(
            html.matches(&format!(r#"<symbol id="piece-{letter}""#))
                .count(),
            1,
            "{letter}"
        );
    }
    let (code, _, err) = taflcount_once(&[
        "view",
        BRANDUBH_GAMES,
        "--variant",
        "brandubh",
        "--html",
        page_text,
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--force"), "{err}");
    let (code, _, err) = taflcount_once(&[
        "view",
        BRANDUBH_GAMES,
        "--variant",
        "brandubh",
        "--html",
        page_text,
        "--force",
    ]);
    assert_eq!(code, 0, "{err}");
    // A title cannot close the page's script or open one of its own.
    let (code, _, err) = taflcount_once(&[
        "view",
        BRANDUBH_GAMES,
        "--variant",
        "brandubh",
        "--game",
        "1",
        "--html",
        page_text,
        "--force",
        "--title",
        "</script><script>alert(1)</script>",
    ]);
    assert_eq!(code, 0, "{err}");
    let html = std::fs::read_to_string(&page).unwrap();
    // Inside the data script the title is a JSON string whose `</` is written `<\/`,
    // so it cannot end the script; elsewhere it is escaped text.
    let data_start = html
        .find(r#"<script type="application/json" id="data">"#)
        .unwrap();
    let data_end = data_start + html[data_start..].find("</script>").unwrap();
    let outside = format!("{}{}", &html[..data_start], &html[data_end..]);
    assert!(!outside.contains("<script>alert"), "{outside}");
    assert!(html[data_start..data_end].contains(r#"<\/script><script>alert(1)<\/script>"#));
    assert_eq!(
        html.matches("</script>").count(),
        2,
        "the data and the script, nothing else"
    );
    let (code, _, err) = taflcount_once(&[
        "view",
        BRANDUBH_GAMES,
        "--variant",
        "brandubh",
        "--html",
        page_text,
        "--force",
    ]);
    assert_eq!(code, 0, "{err}");
    let games = std::fs::read_to_string(BRANDUBH_GAMES)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .count();
    assert!(err.contains(&format!("{games} games")), "{err}");
}

#[test]
fn view_refuses_bad_input_with_exit_2() {
    let dir = scratch("view-bad");
    let illegal = dir.join("illegal.csv");
    std::fs::write(&illegal, "d1-d3,0,0,Ongoing\n").unwrap();
    let not_match = dir.join("not-a-match.json");
    std::fs::write(&not_match, "{\"schema_version\": 1}").unwrap();
    let out_page = dir.join("out.html");
    let out_page = out_page.to_str().unwrap();
    for (args, needle) in [
        (
            vec![
                "view",
                illegal.to_str().unwrap(),
                "--variant",
                "brandub",
                "--html",
                out_page,
            ],
            "game 1 (line 1)",
        ),
        (
            vec![
                "view",
                illegal.to_str().unwrap(),
                "--variant",
                "brandub",
                "--html",
                out_page,
            ],
            "replayed as brandub: another variant needs --variant or --rules",
        ),
        (
            vec![
                "view",
                "no-such.csv",
                "--variant",
                "brandub",
                "--html",
                out_page,
            ],
            "no-such.csv",
        ),
        (
            vec![
                "view",
                BRANDUBH_GAMES,
                "--variant",
                "brandubh",
                "--game",
                "100000",
                "--html",
                out_page,
            ],
            "holds",
        ),
        (
            vec![
                "view",
                BRANDUBH_GAMES,
                "--variant",
                "brandubh",
                "--match",
                not_match.to_str().unwrap(),
                "--html",
                out_page,
            ],
            "not a taflmatch match document",
        ),
        (
            vec![
                "view",
                BRANDUBH_GAMES,
                "--variant",
                "brandubh",
                "--moves",
                "d2-e2",
                "--html",
                out_page,
            ],
            "do not apply",
        ),
        (
            vec!["view", BRANDUBH_GAMES, "--variant", "brandubh"],
            "--html",
        ),
    ] {
        let (code, _, err) = taflcount(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    assert!(!std::path::Path::new(out_page).exists());
}

#[test]
fn show_arrows_take_a_tone() {
    let (code, out, err) = taflcount(&[
        "show",
        "--variant",
        "brandub",
        "--arrows",
        "d4-d5:good,b4-b1:bad,d2-c2",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let tones: Vec<&str> = doc["arrows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["tone"].as_str().unwrap())
        .collect();
    assert_eq!(tones, ["good", "bad", "plain"]);
    let (code, _, err) = taflcount(&["show", "--variant", "brandub", "--arrows", "d4-d5:great"]);
    assert_eq!(code, 2);
    assert!(err.contains("not a tone"), "{err}");
}

/// Other tools draw the same board with `--board`: a failed misplay fixture (a budget
/// of one node does not find brandubh-game109-ply26's win) and the illegal samples of
/// `complexity --legal`.
#[test]
fn tools_draw_their_positions_with_board() {
    let out = closed_stdout::output(Command::new(env!("CARGO_BIN_EXE_taflregress")).args([
        "--filter",
        "brandubh-game109-ply26",
        "--nodes",
        "1",
        "--board",
    ]));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains(
            "brandubh-game109-ply26 failed: expected bm d5-b5 d5-c5 d5-d3 d5-d4 d5-e5 d5-g5, played"
        ),
        "{text}"
    );
    // The fixture's position (starti:/3t3/t4t1/3K3/t6/1t2t1t/7/3t3/, read by hand): the
    // king alone on rank 5.
    assert!(text.contains(" 5  ·  ·  ·  ♔  ·  ·  ·  5"), "{text}");
    assert!(
        text.contains("→ d5-b5 expected") && text.contains("→ d5-g5 expected"),
        "{text}"
    );
    assert!(text.contains(" played\n"), "{text}");

    let dir = scratch("legal-board");
    let (code, out, err) = taflcount_once(&[
        "complexity",
        "--legal",
        "--variant",
        "brandub",
        "--samples",
        "100",
        "--nodes",
        "1",
        "--threads",
        "1",
        "--save-samples",
        dir.to_str().unwrap(),
        "--board",
    ]);
    assert_eq!(code, 0, "{err}");
    let samples = std::fs::read_to_string(dir.join("brandub.samples")).unwrap();
    // Each condition the samples file names is drawn once, at its first sample, with
    // the squares of its argument marked.
    let mut drawn = 0;
    for key in ["game_over_before", "arrival_order"] {
        let first = samples.lines().find(|l| l.split('\t').nth(4) == Some(key));
        if let Some(line) = first {
            let index = line.split('\t').next().unwrap();
            let heading = format!("sample {index}: illegal, {key}");
            assert!(out.contains(&heading), "{out}");
            let board = &out[out.find(&heading).unwrap()..];
            let board = &board[..board.find(" to move\n").unwrap()];
            let end = out.find(&heading).unwrap() + board.len();
            let marked = out[end..].lines().nth(1).unwrap();
            assert!(marked.starts_with("marked [ ] "), "{out}");
            assert!(board.contains('['), "{board}");
            drawn += 1;
        }
    }
    assert!(drawn > 0, "{samples}");
    assert!(
        out.contains("illegal, ") && out.contains("    a  b  c  d  e  f  g"),
        "{out}"
    );
}

/// `show --illegal`: the conditions of `complexity --legal` judge the position shown and
/// mark the squares they turn on (the hand-worked sandwich of tests/legal_positions.rs:
/// the attacker on b3 between the defenders on b2 and b4, whichever arrived last).
#[test]
fn show_illegal_marks_the_squares_of_the_failed_condition() {
    let walled = [
        "show",
        "--variant",
        "brandub",
        "--position",
        "starti:/7/7/7/tT5/Kt5/tT5/7/",
        "--side",
        "attackers",
        "--illegal",
    ];
    let (code, out, err) = taflcount(&walled);
    assert_eq!(code, 0, "{err}");
    assert_eq!(rank(&out, 4), " 4  ● [○] ·  ⊡  ·  ·  ·  4");
    assert_eq!(rank(&out, 3), " 3  ♔ [●] ·  ·  ·  ·  ·  3");
    assert_eq!(rank(&out, 2), " 2  ● [○] ·  ·  ·  ·  ·  2");
    assert!(out.contains("marked [ ] b2 b3 b4\n"), "{out}");
    assert!(
        out.contains("illegal: last_move_captures (every possible last move captures a piece still standing)"),
        "{out}"
    );
    let mut json_args = walled.to_vec();
    json_args.push("--json");
    let (code, out, err) = taflcount(&json_args);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["highlighted"], serde_json::json!(["b2", "b3", "b4"]));
    assert_eq!(doc["illegal"]["illegal"], true);
    assert_eq!(doc["illegal"]["reason"], "last_move_captures");
    // The start passes every condition; without --illegal the document has no verdict.
    let (code, out, _) = taflcount(&["show", "--variant", "brandub", "--illegal"]);
    assert_eq!(code, 0);
    assert!(out.contains("passes every condition"), "{out}");
    let (_, out, _) = taflcount(&["show", "--variant", "brandub", "--json"]);
    assert!(!out.contains("\"illegal\""), "{out}");
    // More attackers than the start has: not a position the conditions judge.
    let (code, _, err) = taflcount(&[
        "show",
        "--variant",
        "brandub",
        "--position",
        "starti:/ttttttt/ttttttt/7/3K3/7/7/7/",
        "--side",
        "attackers",
        "--illegal",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--illegal: not a position the conditions judge"),
        "{err}"
    );
}

/// A match's archive and document: the page shows the games and each engine's results.
/// The archive keeps the four fields every loader reads; the engines of each game are in
/// the sidecar beside it, which the page reads by itself: pair p is games 2p + 1 (the
/// first engine attacking) and 2p + 2 (docs/taflmatch.md), and the totals it gives each
/// engine are the match document's.
#[test]
fn view_shows_a_taflmatch_archive_with_its_engines() {
    let dir = scratch("match");
    let (csv, json, page) = (dir.join("m.csv"), dir.join("m.json"), dir.join("m.html"));
    let out = Command::new(env!("CARGO_BIN_EXE_taflmatch"))
        .args([
            "--variant",
            "brandub",
            "--engine",
            "greedy",
            "--engine",
            "random",
            "--games",
            "4",
            "--seed",
            "3",
        ])
        .arg("--records")
        .arg(&csv)
        .arg("--json")
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(&json, &out.stdout).unwrap();
    let document: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let (code, _, err) = taflcount_once(&[
        "view",
        csv.to_str().unwrap(),
        "--variant",
        "brandub",
        "--match",
        json.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("4 games"), "{err}");
    let html = std::fs::read_to_string(&page).unwrap();
    let totals: Vec<String> = document["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|result| {
            let total = &result["total"];
            format!(
                r#""engine":{},"results":"{} wins, {} draws, {} losses"#,
                result["engine"], total["wins"], total["draws"], total["losses"]
            )
        })
        .collect();
    assert_eq!(totals.len(), 2);
    for words in &totals {
        assert!(html.contains(words), "{words}\n{html}");
    }

    // The archive as every loader reads it: four fields a line, four games.
    let archive = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(archive.lines().count(), 4);
    assert!(
        archive.lines().all(|l| l.split(',').count() == 4),
        "{archive}"
    );
    assert_eq!(taflcount::notation::parse_games(&archive).unwrap().len(), 4);
    // The sidecar: one line a game, the sides swapped within each pair, the result the
    // archive's.
    let sidecar = std::fs::read_to_string(dir.join("m.engines.jsonl")).unwrap();
    let lines: Vec<serde_json::Value> = sidecar
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    for (i, (line, game)) in lines.iter().zip(archive.lines()).enumerate() {
        let (attackers, defenders) = if i % 2 == 0 {
            ("greedy", "random")
        } else {
            ("random", "greedy")
        };
        assert_eq!(line["game"], i + 1);
        assert_eq!(line["attackers"], attackers, "{line}");
        assert_eq!(line["defenders"], defenders, "{line}");
        let result = game.rsplit(',').next().unwrap();
        assert_eq!(line["result"], result, "{line}");
        let winner = match result {
            "Black" => serde_json::json!(attackers),
            "White" => serde_json::json!(defenders),
            _ => serde_json::Value::Null,
        };
        assert_eq!(line["winner"], winner, "{line}");
    }

    // Without --match the page names the engines of every game and gives each engine
    // the totals of the match document, counted from the sidecar.
    let bare = dir.join("bare.html");
    let (code, _, err) = taflcount_once(&[
        "view",
        csv.to_str().unwrap(),
        "--variant",
        "brandub",
        "--html",
        bare.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let html = std::fs::read_to_string(&bare).unwrap();
    for words in &totals {
        assert!(html.contains(words), "{words}\n{html}");
    }
    assert_eq!(
        html.matches(r#""attackers":"greedy","defenders":"random""#)
            .count(),
        2,
        "{html}"
    );
    assert_eq!(
        html.matches(r#""attackers":"random","defenders":"greedy""#)
            .count(),
        2,
        "{html}"
    );
    assert!(html.contains(r#"$("engines").textContent"#), "{html}");

    // A sidecar that does not fit its archive (a game dropped) is refused.
    let short = dir.join("short.csv");
    let kept: Vec<&str> = archive.lines().take(3).collect();
    std::fs::write(&short, kept.join("\n") + "\n").unwrap();
    std::fs::copy(dir.join("m.engines.jsonl"), dir.join("short.engines.jsonl")).unwrap();
    let (code, _, err) = taflcount_once(&[
        "view",
        short.to_str().unwrap(),
        "--variant",
        "brandub",
        "--html",
        dir.join("short.html").to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("short.engines.jsonl") && err.contains("archive"),
        "{err}"
    );
}
