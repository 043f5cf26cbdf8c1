//! Property tests over every parser (issue 15): rules strings, position records, moves
//! with captures, move lines, suite files, fixtures, saved bench files and game
//! archives; and those of taflmatch and taflengine (OTEP lines, engine descriptions,
//! SPRT parameters, time controls). For each, on generated and mutated input: never a
//! panic; what parses prints back to text that parses to the same value; and on random
//! positions, bulk perft equals perft played out.
//!
//! proptest shrinks a failure to the smallest input that still fails, which a
//! hand-rolled generator does not. The generator is seeded, so a run is repeatable.
//!
//! Two runs of the same properties:
//! - `prop_*`, in CI: 300 to 5,000 cases each, the whole file in about 8 s on two busy
//!   cores;
//! - `fuzz_*`, ignored: `cargo test --release --test properties -- --ignored fuzz`,
//!   `FUZZ_CASES` cases each (default 10,000,000) and `FUZZ_SEED`; results and times
//!   are in reports/robustness.md.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestCaseError};
use std::rc::Rc;
use taflcount::bench::BenchDocument;
use taflcount::board::{Layout, Piece, RecordOrder, Side, Square};
use taflcount::moves::{Position, Tables};
use taflcount::notation::{parse_games, play_line, record, replay, MoveText};
use taflcount::perft::{parse_suite, perft, perft_within, Counting, SuiteEntry};
use taflcount::rng::SplitMix64;
use taflcount::rules::{catalog, Rules};

// ---------------------------------------------------------------------------------
// Configuration: the same properties in CI and in the long run.

fn config(cases: u32, seed: u64) -> Config {
    Config {
        cases,
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(seed),
        ..Config::default()
    }
}

/// A few hundred cases, seeded: the CI run.
fn ci(cases: u32) -> Config {
    config(cases, 0x7AF1_0015)
}

/// `FUZZ_CASES` cases (default ten million), seed `FUZZ_SEED`: the long run.
fn fuzz() -> Config {
    let var = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.replace('_', "").parse().ok())
            .unwrap_or(default)
    };
    let cases = var("FUZZ_CASES", 10_000_000).min(u64::from(u32::MAX)) as u32;
    config(cases, var("FUZZ_SEED", 1))
}

// ---------------------------------------------------------------------------------
// Generators.

/// Text of `0..max` pieces drawn from `alphabet`.
fn text_of(alphabet: &'static [&'static str], max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(alphabet), 0..max).prop_map(|v| v.concat())
}

/// `base` with a few characters replaced, inserted or deleted.
fn mutated(base: String, alphabet: &'static [&'static str]) -> impl Strategy<Value = String> {
    let edit = (any::<usize>(), 0..3u8, prop::sample::select(alphabet));
    prop::collection::vec(edit, 0..5).prop_map(move |edits| {
        let mut chars: Vec<char> = base.chars().collect();
        for (at, op, piece) in edits {
            let i = if chars.is_empty() {
                0
            } else {
                at % chars.len()
            };
            match op {
                0 if !chars.is_empty() => {
                    chars.remove(i);
                }
                1 => chars.splice(i..i, piece.chars()).for_each(drop),
                _ if !chars.is_empty() => {
                    chars.splice(i..=i, piece.chars()).for_each(drop);
                }
                _ => {}
            }
        }
        chars.into_iter().collect()
    })
}

/// Characters that mean something to some parser, and some that mean nothing.
const NOISE: &[&str] = &[
    " ", "  ", ":", ",", "/", "-", "x", "|", "_", "#", "\n", "\r\n", "\t", "0", "1", "7", "9",
    "11", "19", "99", "a", "d", "k", "s", "t", "T", "K", "c", "C", "n", "m", "g", "y", "w", "é",
    "ü", "\u{feff}", "\u{0}", "dim", "start", "starti", "id", "rules", "perft", "e5", "a1", "s19",
];

const RULE_KEYS: &[&str] = &[
    "dim", "name", "esc", "atkf", "surf", "efe", "linc", "swf", "tfr", "ka", "ks", "kj", "nj",
    "cj", "mj", "gj", "spd", "sw", "ber", "cor", "cen", "afor", "dfor", "corh", "cenh", "cenhe",
    "aforh", "dforh", "corp", "cenp", "aforp", "dforp", "cors", "cens", "afors", "dfors", "corre",
    "cenre", "aforre", "dforre", "start", "starti", "bogus", "",
];

const RULE_VALUES: &[&str] = &[
    "",
    "y",
    "n",
    "c",
    "e",
    "d",
    "w",
    "l",
    "i",
    "a",
    "h",
    "s",
    "m",
    "j",
    "r",
    "0",
    "-1",
    "1",
    "2",
    "5",
    "7",
    "9",
    "11",
    "13",
    "19",
    "20",
    "1,2",
    "3,3,3,3,3,3,3,3",
    "a1",
    "a1,g7",
    "d4",
    "s19",
    "z9",
    "tcnkmg",
    "TCNKMG",
    "tK",
    "q",
    "Brandub_x",
    "é",
    "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    "/7/7/7/3K3/7/7/7/",
    "/5/5/2K2/5/5/",
    "/1c1t3/7/3T3/ttTKTtt/3T3/3N3/7/",
];

/// A rules string: a catalog one mutated, tokens from the notation's keys and values,
/// or noise.
fn rules_text() -> impl Strategy<Value = String> {
    let catalog_text =
        (0..catalog::VARIANTS.len()).prop_map(|i| catalog::VARIANTS[i].rules().to_string());
    let tokens = prop::collection::vec(
        (
            prop::sample::select(RULE_KEYS),
            prop::sample::select(RULE_VALUES),
        ),
        0..12,
    )
    .prop_map(|t| {
        t.iter()
            .map(|(k, v)| format!("{k}:{v}"))
            .collect::<Vec<_>>()
            .join(" ")
    });
    prop_oneof![
        catalog_text.clone(),
        catalog_text.prop_flat_map(|t| mutated(t, NOISE)),
        tokens.clone(),
        tokens.prop_map(|t| format!("dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/ {t}")),
        text_of(NOISE, 30),
    ]
}

const LETTERS: &[char] = &['t', 'c', 'n', 'k', 'm', 'g', 'T', 'C', 'N', 'K', 'M', 'G'];

/// A random board: a side, and each square empty or one of the twelve pieces.
fn board(dim: usize) -> impl Strategy<Value = Layout> {
    prop::collection::vec(
        prop::option::weighted(0.3, prop::sample::select(LETTERS)),
        dim * dim,
    )
    .prop_map(move |cells| {
        let mut layout = Layout::empty(dim);
        for (i, c) in cells.into_iter().enumerate() {
            let piece = c.and_then(Piece::from_letter);
            layout.set(Square::new(i % dim, i / dim), piece);
        }
        layout
    })
}

const RECORD_ALPHABET: &[&str] = &[
    "/", "/", "1", "2", "3", "5", "7", "0", "9", "11", "t", "T", "K", "k", "c", "N", "x", " ", "é",
    "start:", "starti:", "\u{feff}",
];

/// A position record: a real one, mutated, or noise.
fn record_text() -> impl Strategy<Value = String> {
    let real = (
        prop::sample::select(vec![5usize, 7, 9, 11, 13, 19]),
        any::<bool>(),
    )
        .prop_flat_map(|(dim, top)| {
            board(dim).prop_map(move |l| {
                let order = if top {
                    RecordOrder::TopRankFirst
                } else {
                    RecordOrder::RankOneFirst
                };
                let prefix = if top { "starti:" } else { "" };
                format!("{prefix}{}", l.record(order))
            })
        });
    prop_oneof![
        real.clone(),
        real.prop_flat_map(|t| mutated(t, RECORD_ALPHABET)),
        text_of(RECORD_ALPHABET, 40),
    ]
}

const MOVE_ALPHABET: &[&str] = &[
    "a", "d", "e", "s", "t", "z", "K", "T", "Q", "1", "4", "9", "10", "19", "0", "-", "x", "/",
    "|", " ", "é", "e5", "a1", "s19", "d1-d3", "xe2",
];

thread_local! {
    static TABLES: std::cell::RefCell<Vec<Option<Rc<Tables>>>> =
        std::cell::RefCell::new(vec![None; catalog::VARIANTS.len()]);
}

/// A move as written: a piece letter or not, two squares (some off any board), and
/// captures after `x`, joined by `/` or `x`; then mutated, or noise.
fn move_text() -> impl Strategy<Value = String> {
    let square = (0u8..21, 0u8..22).prop_map(|(f, r)| format!("{}{r}", (b'a' + f) as char));
    let structured = (
        prop::sample::select(vec!["", "", "", "K", "T", "k", "Q", "é"]),
        square.clone(),
        square.clone(),
        prop::collection::vec(square, 0..3),
        any::<bool>(),
    )
        .prop_map(|(piece, from, to, captures, slash)| {
            let mut text = format!("{piece}{from}-{to}");
            for (i, c) in captures.iter().enumerate() {
                text.push_str(if i == 0 || !slash { "x" } else { "/" });
                text.push_str(c);
            }
            text
        })
        .boxed();
    prop_oneof![
        structured.clone(),
        structured.prop_flat_map(|t| mutated(t, MOVE_ALPHABET)),
        text_of(MOVE_ALPHABET, 12),
    ]
}

/// A line of `plies` random legal moves from a variant's start, written with their
/// captures.
fn legal_line(variant: usize, seed: u64, plies: usize) -> String {
    let t = tables(variant);
    let mut pos = Position::start(&t);
    let mut rng = SplitMix64::new(seed);
    let mut words = Vec::new();
    for _ in 0..plies {
        if pos.is_over(&t) {
            break;
        }
        let moves = pos.legal_moves(&t);
        let mv = moves[rng.below(moves.len())];
        let (next, captured) = pos.after(&t, mv);
        words.push(record(&pos, mv, &captured).to_string());
        pos = next;
    }
    words.join(" ")
}

/// A variant and a move line: legal moves, mutated (so it goes wrong somewhere).
fn move_line() -> impl Strategy<Value = (usize, String)> {
    (small_variant(), any::<u64>(), 0usize..40).prop_flat_map(|(v, seed, plies)| {
        let line = legal_line(v, seed, plies);
        prop_oneof![Just(line.clone()), mutated(line, MOVE_ALPHABET)].prop_map(move |l| (v, l))
    })
}

/// The tables of a catalog variant, compiled once per variant and test thread.
fn tables(variant: usize) -> Rc<Tables> {
    TABLES.with(|cache| {
        cache.borrow_mut()[variant]
            .get_or_insert_with(|| {
                Rc::new(Tables::new(&catalog::VARIANTS[variant].rules()).expect("compiles"))
            })
            .clone()
    })
}

/// A position reached by `plies` random moves from a variant's start, and its tables.
fn random_position(variant: usize, seed: u64, plies: usize) -> (Rc<Tables>, Position) {
    let t = tables(variant);
    let mut pos = Position::start(&t);
    let mut rng = SplitMix64::new(seed);
    for _ in 0..plies {
        if pos.is_over(&t) {
            break;
        }
        let moves = pos.legal_moves(&t);
        if moves.is_empty() {
            break;
        }
        pos.play(&t, moves[rng.below(moves.len())]);
    }
    (t, pos)
}

/// Catalog variants on boards up to 11x11 (deeper checks stay quick).
fn small_variant() -> impl Strategy<Value = usize> {
    let small: Vec<usize> = (0..catalog::VARIANTS.len())
        .filter(|&i| catalog::VARIANTS[i].rules().dim <= 11)
        .collect();
    prop::sample::select(small)
}

// ---------------------------------------------------------------------------------
// The properties, shared by the CI and the long runs.

/// Rules strings: no panic; what parses prints back to the same rules; compiling them
/// for play and generating the start's moves does not panic either.
fn rules_property(text: &str) -> Result<(), TestCaseError> {
    let Ok(rules) = text.parse::<Rules>() else {
        return Ok(());
    };
    let printed = rules.to_string();
    let again: Rules = printed
        .parse()
        .map_err(|e| TestCaseError::fail(format!("`{printed}` does not parse back: {e}")))?;
    prop_assert_eq!(&again, &rules, "printed as `{}`", printed);
    prop_assert_eq!(again.to_string(), printed);
    if let Ok(t) = Tables::new(&rules) {
        let start = Position::start(&t);
        let moves = start.legal_moves(&t);
        prop_assert_eq!(moves.len() as u64, start.count_moves(&t));
    }
    Ok(())
}

/// Position records: no panic; what parses prints back in both orders to the same
/// layout; a position made from it for a game of its size does not panic.
fn record_property(text: &str) -> Result<(), TestCaseError> {
    let Ok(layout) = Layout::parse(text, RecordOrder::RankOneFirst) else {
        return Ok(());
    };
    for order in [RecordOrder::RankOneFirst, RecordOrder::TopRankFirst] {
        let printed = layout.record(order);
        let again = Layout::parse(&printed, order)
            .map_err(|e| TestCaseError::fail(format!("`{printed}`: {e}")))?;
        prop_assert_eq!(&again, &layout);
    }
    let game = catalog::VARIANTS
        .iter()
        .position(|v| v.rules().dim == layout.dim())
        .map(tables);
    if let Some(t) = game {
        if let Ok(pos) = Position::from_layout(&t, &layout, Side::Attackers) {
            let _ = pos.legal_moves(&t);
            prop_assert_eq!(pos.layout(&t), layout);
        }
    }
    Ok(())
}

/// Move texts: no panic; what parses prints back to the same move.
fn move_text_property(text: &str) -> Result<(), TestCaseError> {
    if let Ok(m) = text.parse::<MoveText>() {
        let printed = m.to_string();
        prop_assert_eq!(
            printed.parse::<MoveText>().ok(),
            Some(m),
            "printed `{}`",
            printed
        );
    }
    Ok(())
}

/// Every legal move of a random position, written with the captures it makes (the
/// king's included), plays back through a move line to the same position; written
/// without captures too.
fn moves_with_captures_property(
    variant: usize,
    seed: u64,
    plies: usize,
) -> Result<(), TestCaseError> {
    let (t, pos) = random_position(variant, seed, plies);
    if pos.is_over(&t) {
        return Ok(());
    }
    for mv in pos.legal_moves(&t) {
        let (after, captured) = pos.after(&t, mv);
        let written = record(&pos, mv, &captured).to_string();
        let played = play_line(&t, pos.clone(), &written)
            .map_err(|e| TestCaseError::fail(format!("`{written}`: {e}")))?;
        prop_assert_eq!(&played, &after, "`{}`", written);
        prop_assert_eq!(played.hash(), after.hash());
        let bare = mv.to_string();
        let bare = play_line(&t, pos.clone(), &bare)
            .map_err(|e| TestCaseError::fail(format!("`{bare}`: {e}")))?;
        prop_assert_eq!(&bare, &after);
    }
    Ok(())
}

/// Move lines (random legal moves, mutated) from a variant's start: no panic.
fn move_line_property(variant: usize, line: &str) -> Result<(), TestCaseError> {
    let t = tables(variant);
    let _ = play_line(&t, Position::start(&t), line);
    Ok(())
}

/// Suite text: no panic, and an entry that reads can be set up without one.
fn suite_property(text: &str) -> Result<(), TestCaseError> {
    if let Ok(entries) = parse_suite(text) {
        prop_assert!(!entries.is_empty());
        for e in &entries {
            let _ = e.setup();
        }
    }
    Ok(())
}

/// A suite printed from entries reads back as those entries.
fn suite_round_trip(entries: Vec<SuiteEntry>) -> Result<(), TestCaseError> {
    let text = print_suite(&entries);
    let read = parse_suite(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    prop_assert_eq!(read.len(), entries.len());
    for (r, e) in read.iter().zip(&entries) {
        prop_assert_eq!(
            (&r.id, &r.rules, &r.position, &r.side, &r.perft),
            (&e.id, &e.rules, &e.position, &e.side, &e.perft)
        );
    }
    Ok(())
}

fn suite_entries() -> impl Strategy<Value = Vec<SuiteEntry>> {
    let entry = (
        prop::sample::select(catalog::VARIANTS.iter().map(|v| v.name).collect::<Vec<_>>()),
        prop::option::of(prop::sample::select(vec!["attackers", "defenders"])),
        prop::option::of(prop::sample::select(vec![
            "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
            "starti:/7/7/7/3K3/7/7/7/",
            "/11/11/11/11/11/5K5/11/11/11/11/11/",
        ])),
        prop::collection::btree_map(1u32..20, any::<u64>(), 1..4),
    );
    prop::collection::vec(entry, 1..5).prop_map(|entries| {
        entries
            .into_iter()
            .enumerate()
            .map(|(i, (rules, side, position, perft))| SuiteEntry {
                id: format!("entry-{i}"),
                line: 0,
                rules: rules.to_string(),
                position: position.map(String::from),
                side: side.map(String::from),
                perft: perft.into_iter().collect(),
            })
            .collect()
    })
}

const SUITE_LINES: &[&str] = &[
    "id a\n",
    "id b\n",
    "id \n",
    "rules brandub\n",
    "rules dim:7 start:/7/7/7/3K3/7/7/7/\n",
    "rules \n",
    "rules nope\n",
    "position /7/7/7/3K3/7/7/7/\n",
    "position /5/\n",
    "side attackers\n",
    "side defenders\n",
    "side up\n",
    "perft 1 40\n",
    "perft 2 960\n",
    "perft 1_000 5\n",
    "perft x 1\n",
    "perft 1 1 1\n",
    "# comment\n",
    "\n",
    "  \n",
    "\u{feff}",
    "bogus key\n",
    "perft 99999999999 1\n",
];

/// A suite as text: generated entries printed, with lines from `SUITE_LINES` inserted
/// or replaced, or lines alone, or noise.
fn suite_text() -> impl Strategy<Value = String> {
    let printed = suite_entries()
        .prop_map(|entries| print_suite(&entries))
        .boxed();
    let edited = printed.clone().prop_flat_map(|text| {
        let lines: Vec<String> = text.lines().map(|l| format!("{l}\n")).collect();
        let edit = (
            any::<usize>(),
            any::<bool>(),
            prop::sample::select(SUITE_LINES),
        );
        prop::collection::vec(edit, 1..4).prop_map(move |edits| {
            let mut lines = lines.clone();
            for (at, replace, line) in edits {
                let i = at % (lines.len() + 1);
                if replace && i < lines.len() {
                    lines[i] = line.to_string();
                } else {
                    lines.insert(i, line.to_string());
                }
            }
            lines.concat()
        })
    });
    prop_oneof![
        printed,
        edited,
        text_of(SUITE_LINES, 12),
        text_of(NOISE, 40)
    ]
}

fn print_suite(entries: &[SuiteEntry]) -> String {
    let mut text = String::from("# generated\n");
    for e in entries {
        text.push_str(&format!("id {}\nrules {}\n", e.id, e.rules));
        if let Some(p) = &e.position {
            text.push_str(&format!("position {p}\n"));
        }
        if let Some(s) = &e.side {
            text.push_str(&format!("side {s}\n"));
        }
        for (d, n) in &e.perft {
            text.push_str(&format!("perft {d} {n}\n\n"));
        }
    }
    text
}

/// The misplay fixtures' texts, to mutate.
fn fixture_texts() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/misplays");
    // The core tier's files (the hard tier is the folder `hard/`).
    let mut texts: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    texts.sort();
    texts
}

const JSON_VALUES: &[&str] = &[
    "null",
    "0",
    "-1",
    "1e999",
    "3",
    "41",
    "true",
    "\"\"",
    "\"é\"",
    "\"a4-a1\"",
    "\"z9-z1\"",
    "\"attackers\"",
    "\"nobody\"",
    "\"brandub\"",
    "\"nope\"",
    "[]",
    "[\"a4-a1\"]",
    "{}",
    "{\"depth\": 0}",
    "{\"nodes\": 5}",
    "\"/7/7/7/3K3/7/7/7/\"",
    "\"starti:/7/7/7/7/7/7/7/\"",
];

/// A fixture: a real one with one field replaced, or its text mutated.
fn fixture_text() -> impl Strategy<Value = String> {
    let texts = fixture_texts();
    let n = texts.len();
    let fields = (0..n, any::<usize>(), prop::sample::select(JSON_VALUES)).prop_map({
        let texts = texts.clone();
        move |(i, field, value)| {
            let mut v: serde_json::Value = serde_json::from_str(&texts[i]).unwrap();
            let map = v.as_object_mut().unwrap();
            let key = map.keys().nth(field % map.len()).unwrap().clone();
            map.insert(
                key,
                serde_json::from_str(value).unwrap_or(serde_json::Value::Null),
            );
            v.to_string()
        }
    });
    let edits = (0..n).prop_flat_map(move |i| mutated(texts[i].clone(), NOISE));
    prop_oneof![fields, edits]
}

/// Fixture text: no panic; a fixture that loads serialises and loads back equal.
fn fixture_property(text: &str) -> Result<(), TestCaseError> {
    if let Ok(loaded) = taflcount::regress::load_text("fuzz.json", text) {
        let json = serde_json::to_string(&loaded.fixture).unwrap();
        let again = taflcount::regress::load_text("fuzz.json", &json)
            .map_err(|e| TestCaseError::fail(format!("{e}")))?;
        prop_assert_eq!(&again.fixture, &loaded.fixture);
    }
    Ok(())
}

/// A saved bench file with random figures.
fn bench_document() -> impl Strategy<Value = BenchDocument> {
    let rate = 1e-3f64..1e12;
    let figure = (
        prop::sample::select(vec!["brandub", "copenhagen"]),
        prop::sample::select(vec!["movegen", "perft-bulk"]),
        prop::option::of((rate.clone(), 0.0f64..1e6, prop::collection::vec(rate, 0..4))),
    );
    (
        any::<bool>(),
        1usize..64,
        prop::collection::vec(figure, 0..6),
    )
        .prop_map(|(quick, threads, figures)| {
            let text = serde_json::json!({
                "schema_version": 1, "tool": "taflbench", "quick": quick,
                "machine": {"commit": "c", "rustc": "r", "cpu": "é", "cpus": threads,
                            "threads": threads, "date": "2026-11-23", "load_average": 1.5},
                "figures": figures.iter().map(|(variant, kernel, m)| match m {
                    Some((median, spread, rates)) => serde_json::json!({
                        "variant": variant, "kernel": kernel, "unit": "u/s", "work": "w",
                        "median": median, "spread": spread, "rates": rates, "noisy": false}),
                    None => serde_json::json!({
                        "variant": variant, "kernel": kernel, "unit": "u/s", "work": null,
                        "median": null, "spread": null, "unavailable": "not built"}),
                }).collect::<Vec<_>>()
            });
            BenchDocument::parse("gen.json", &text.to_string()).expect("a valid document")
        })
}

/// A bench file's text: a generated document, mutated or not.
fn bench_text() -> impl Strategy<Value = String> {
    let json = bench_document()
        .prop_map(|d| serde_json::to_string_pretty(&d.to_json()).unwrap())
        .boxed();
    prop_oneof![
        json.clone(),
        json.prop_flat_map(|t| mutated(t, NOISE)),
        text_of(NOISE, 30)
    ]
}

/// Bench files: no panic; what loads prints back and loads equal.
fn bench_property(text: &str) -> Result<(), TestCaseError> {
    if let Ok(doc) = BenchDocument::parse("fuzz.json", text) {
        let printed = serde_json::to_string_pretty(&doc.to_json()).unwrap();
        let again = BenchDocument::parse("fuzz.json", &printed)
            .map_err(|e| TestCaseError::fail(format!("{e}")))?;
        prop_assert_eq!(again, doc);
    }
    Ok(())
}

/// A random game from a variant's start, written as an archive line (moves with their
/// captures, the capture counts, a result), read back and replayed: the same moves and
/// positions.
fn archive_round_trip(variant: usize, seed: u64, plies: usize) -> Result<(), TestCaseError> {
    let t = tables(variant);
    let mut pos = Position::start(&t);
    let mut rng = SplitMix64::new(seed);
    let (mut words, mut positions) = (Vec::new(), vec![pos.clone()]);
    let mut counts = [0u32; 2];
    for _ in 0..plies {
        if pos.is_over(&t) {
            break;
        }
        let moves = pos.legal_moves(&t);
        let mv = moves[rng.below(moves.len())];
        let (next, captured) = pos.after(&t, mv);
        // Archives leave the king's capture out: it ends the game instead.
        let written: Vec<_> = captured
            .iter()
            .copied()
            .filter(|&s| Some(s) != pos.king())
            .collect();
        counts[pos.side_to_move().index()] += written.len() as u32;
        words.push(record(&pos, mv, &written).to_string());
        pos = next;
        positions.push(pos.clone());
    }
    let line = format!("{},{},{},Ongoing\n", words.join(" "), counts[0], counts[1]);
    let games = parse_games(&line).map_err(|e| TestCaseError::fail(format!("{e}: {line}")))?;
    prop_assert_eq!(games.len(), 1);
    let r = replay(&t, &games[0]).map_err(|e| TestCaseError::fail(format!("{e}: {line}")))?;
    prop_assert_eq!(r.positions.len(), positions.len());
    for (a, b) in r.positions.iter().zip(&positions) {
        prop_assert_eq!(a, b);
    }
    Ok(())
}

const ARCHIVE_ALPHABET: &[&str] = &[
    ",", ",", "0", "1", "2", " ", "\n", "d1-d3", "e5-e2", "d6-c6", "e4-e1", "xe2", "x", "/",
    "timeout", "Black", "White", "Draw", "Ongoing", "é", "\u{feff}", "-", "a", "9",
];

fn archive_text() -> impl Strategy<Value = String> {
    let real = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/games/bench/brandubh.csv"
    ))
    .unwrap();
    let lines: Vec<String> = real.lines().map(|l| format!("{l}\n")).collect();
    let real_line = prop::sample::select(lines);
    prop_oneof![
        real_line.clone(),
        real_line.prop_flat_map(|l| mutated(l, ARCHIVE_ALPHABET)),
        text_of(ARCHIVE_ALPHABET, 40),
    ]
}

/// Archive text: no panic reading it, replaying its games under brandubh or measuring
/// them.
fn archive_property(text: &str) -> Result<(), TestCaseError> {
    if let Ok(games) = parse_games(text) {
        let t = tables(
            catalog::VARIANTS
                .iter()
                .position(|v| v.name == "brandubh")
                .unwrap(),
        );
        for g in &games {
            let _ = replay(&t, g);
        }
        let _ = taflcount::sampling::sample_records(&t, &games);
    }
    Ok(())
}

/// Bulk perft equals perft played out, and the budgeted count equals both, on a random
/// position of a random variant.
fn bulk_property(variant: usize, seed: u64, plies: usize, depth: u32) -> Result<(), TestCaseError> {
    let (t, pos) = random_position(variant, seed, plies);
    let bulk = perft(&t, &pos, depth, Counting::Bulk);
    prop_assert_eq!(bulk, perft(&t, &pos, depth, Counting::Full));
    prop_assert_eq!(
        perft_within(&t, &pos, depth, Counting::Bulk, 2, u64::MAX),
        Some(bulk)
    );
    Ok(())
}

/// `Position::null_move` passes the turn: the same board with the other side to move,
/// as built from scratch (its Zobrist key computed anew, no berserk move pending).
fn null_move_property(variant: usize, seed: u64, plies: usize) -> Result<(), TestCaseError> {
    let (t, pos) = random_position(variant, seed, plies);
    let mut passed = pos.clone();
    passed.null_move(&t);
    let other = pos.side_to_move().opponent();
    let fresh = Position::from_layout(&t, &pos.layout(&t), other).expect("a played board");
    prop_assert_eq!(passed.side_to_move(), other);
    prop_assert_eq!(passed.hash(), fresh.hash());
    prop_assert_eq!(passed.legal_moves(&t), fresh.legal_moves(&t));
    Ok(())
}

/// The same on a random board (any pieces anywhere), when the engine takes it.
fn bulk_on_random_boards(
    variant: usize,
    layout: &Layout,
    defenders: bool,
) -> Result<(), TestCaseError> {
    let t = tables(variant);
    let side = if defenders {
        Side::Defenders
    } else {
        Side::Attackers
    };
    let Ok(pos) = Position::from_layout(&t, layout, side) else {
        return Ok(());
    };
    for depth in 1..=2 {
        prop_assert_eq!(
            perft(&t, &pos, depth, Counting::Bulk),
            perft(&t, &pos, depth, Counting::Full),
            "depth {} of {}",
            depth,
            layout
        );
    }
    Ok(())
}

/// Evaluation weights that pass `Weights::check`: random, then scaled down until the
/// largest score they allow is below the game ends.
fn accepted_weights() -> impl Strategy<Value = taflcount::search::Weights> {
    let n = taflcount::search::WEIGHT_COUNT;
    prop::collection::vec(-200_000i32..200_000, n).prop_map(|v| {
        let w = taflcount::search::Weights::from_values(std::array::from_fn(|i| v[i]));
        let max = w.max_score().max(1);
        let bound = i64::from(taflcount::search::score::WIN_BOUND) - 1;
        if max <= bound {
            return w;
        }
        // Every weight scaled alike (by `values`, so a new weight cannot be missed).
        let scaled = w.values().map(|x| (i64::from(x) * bound / max) as i32);
        taflcount::search::Weights::from_values(scaled)
    })
}

/// Issue 24: accepted weights never score a position past the game ends, on reachable
/// positions and on boards of any pieces anywhere.
fn weights_property(
    w: taflcount::search::Weights,
    (v, layout, defenders): (usize, Layout, bool),
    seed: u64,
    plies: usize,
) -> Result<(), TestCaseError> {
    prop_assert!(w.check().is_ok(), "{:?}", w);
    let t = tables(v);
    let side = if defenders {
        Side::Defenders
    } else {
        Side::Attackers
    };
    let mut positions = vec![random_position(v, seed, plies).1];
    positions.extend(Position::from_layout(&t, &layout, side).ok());
    let eval = taflcount::search::Evaluator::new(&t, w);
    for pos in positions {
        let score = eval.evaluate(&t, &pos);
        prop_assert!(
            i64::from(score).abs() <= w.max_score()
                && score.abs() < taflcount::search::score::WIN_BOUND,
            "{} with {:?}",
            score,
            w
        );
    }
    Ok(())
}

fn variant_and_board() -> impl Strategy<Value = (usize, Layout, bool)> {
    let small: Vec<usize> = (0..catalog::VARIANTS.len())
        .filter(|&i| catalog::VARIANTS[i].rules().dim <= 9)
        .collect();
    prop::sample::select(small).prop_flat_map(|v| {
        let dim = catalog::VARIANTS[v].rules().dim;
        (Just(v), board(dim), any::<bool>())
    })
}

// ---------------------------------------------------------------------------------
// The parsers of taflmatch and taflengine (after the issue): OTEP lines, engine
// descriptions, SPRT parameters and time controls.

const OTEP_WORDS: &[&str] = &[
    "hello",
    "simple-moves",
    "on",
    "off",
    "rules",
    "start",
    "position",
    "side",
    "attackers",
    "defenders",
    "clock",
    "analyze",
    "analysis",
    "play",
    "move",
    "error",
    "opponent-move",
    "finish",
    "goodbye",
    "status",
    " ",
    "  ",
    "\t",
    "0",
    "1",
    "-1",
    "3",
    "60000",
    "*",
    "d1-d3",
    "d1-d3xc3",
    "e5-e2|e2-e1",
    "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    "dim:7",
    "ks:w",
    "0.5",
    "-0.5",
    "1e309",
    "NaN",
    "4294967296",
    "é",
    "\u{0}",
    "\r",
];

/// An OTEP line: a real one mutated, or a soup of the protocol's words.
fn otep_text() -> impl Strategy<Value = String> {
    let real = prop::sample::select(vec![
        "hello",
        "simple-moves on",
        "rules dim:7 name:Brandub ks:w start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
        "start",
        "position /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
        "side attackers",
        "clock 60000 60000 0 0 0",
        "clock 60000* 60000 5 2 1000",
        "analyze 3 10",
        "analysis 1 d1-d3 0.5",
        "play defenders",
        "move d1-d3",
        "error 3 illegal move",
        "opponent-move d1-d3 /3t3/7/3T3/ttTKTtt/3T3/3t3/3t3/",
        "finish 1",
        "goodbye",
        "status thinking",
    ])
    .prop_map(str::to_string);
    prop_oneof![
        real.prop_flat_map(|t| mutated(t, OTEP_WORDS)),
        text_of(OTEP_WORDS, 8),
        text_of(NOISE, 20),
    ]
}

/// OTEP lines: no panic; what parses prints back to a line that parses to the same
/// message.
fn otep_property(text: &str) -> Result<(), TestCaseError> {
    use taflcount::otep::Message;
    if let Ok(message) = text.parse::<Message>() {
        let printed = message.to_string();
        let again: Message = printed
            .parse()
            .map_err(|e| TestCaseError::fail(format!("`{printed}` does not parse back: {e}")))?;
        prop_assert_eq!(again, message, "printed as `{}`", printed);
    }
    Ok(())
}

/// The bounded line reader of the OTEP host and of taflengine's stdin, on any bytes,
/// any line limit and any buffer size, against a model: the input split at `\n`, each
/// piece a line (its `\r` dropped, bytes that are not UTF-8 replaced) when it holds at
/// most `limit` bytes, else "too long" with at most 80 characters of its first
/// `limit + 1` bytes (all that is read of it), the rest skipped.
fn line_reader_property(bytes: &[u8], limit: usize, buffer: usize) -> Result<(), TestCaseError> {
    use std::io::BufReader;
    use taflcount::text::{read_line_bounded, skip_line, BoundedLine};
    let mut expected = Vec::new();
    let mut pieces: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    // The last piece is not ended by `\n`: empty, it is no line at all.
    let last = pieces.pop().unwrap_or_default();
    let ended = pieces.into_iter().map(|p| (p, true));
    for (piece, ended) in ended.chain((!last.is_empty()).then_some((last, false))) {
        expected.push(if piece.len() > limit {
            // Only limit + 1 bytes of it are read: its start comes from those.
            let start = String::from_utf8_lossy(&piece[..(limit + 1).min(320)]);
            BoundedLine::TooLong(start.chars().take(80).collect())
        } else {
            // `\r\n` ends a line as `\n` does; a lone `\r` is kept.
            let piece = match piece.strip_suffix(b"\r") {
                Some(stripped) if ended => stripped,
                _ => piece,
            };
            BoundedLine::Line(String::from_utf8_lossy(piece).into_owned())
        });
    }
    let mut reader = BufReader::with_capacity(buffer, bytes);
    let mut got = Vec::new();
    while let Some(line) = read_line_bounded(&mut reader, limit).unwrap() {
        if matches!(line, BoundedLine::TooLong(_)) {
            skip_line(&mut reader).unwrap();
        }
        got.push(line);
        prop_assert!(got.len() <= expected.len() + 1, "runs past the input");
    }
    prop_assert_eq!(got, expected);
    Ok(())
}

fn line_reader_input() -> impl Strategy<Value = (Vec<u8>, usize, usize)> {
    let piece = prop_oneof![
        "[ -~]{0,30}".prop_map(String::into_bytes),
        Just(b"\r".to_vec()),
        Just(b"\n".to_vec()),
        prop::collection::vec(any::<u8>(), 0..40),
        "x{100,2000}".prop_map(String::into_bytes),
    ];
    (
        prop::collection::vec(piece, 0..30).prop_map(|p| p.concat()),
        1usize..400,
        1usize..70,
    )
}

/// Text near a divide: move lines, counts, blank lines, totals, and raw bytes (any
/// size, a long line among them), as another engine might print.
fn divide_bytes() -> impl Strategy<Value = Vec<u8>> {
    let line = prop_oneof![
        "[a-k](10|11|[1-9])-[a-k](10|11|[1-9]):? [0-9]{1,20}",
        Just(String::new()),
        "[0-9]{1,25}",
        "[ -~]{0,40}",
        "x{1000,20000}",
    ];
    (
        prop::collection::vec(line, 0..40),
        prop::collection::vec(any::<u8>(), 0..2000),
        any::<bool>(),
    )
        .prop_map(|(lines, raw, raw_first)| {
            let text = lines.join("\n").into_bytes();
            if raw_first {
                [raw, text].concat()
            } else {
                [text, raw].concat()
            }
        })
}

/// The divide reader never panics on any bytes; what it accepts is a list of distinct
/// moves; what it refuses is one short line of error, however long the bad line.
fn divide_property(bytes: &[u8]) -> Result<(), TestCaseError> {
    use taflcount::perft::against::parse_divide;
    let text = String::from_utf8_lossy(bytes);
    match parse_divide(&text) {
        Ok(divide) => {
            let mut seen = std::collections::HashSet::new();
            for (mv, _) in &divide.moves {
                prop_assert!(seen.insert(*mv), "`{}` twice", mv);
            }
        }
        Err(e) => {
            let message = e.to_string();
            prop_assert!(!message.contains('\n'), "{}", message);
            prop_assert!(
                message.chars().count() < 400,
                "{} characters",
                message.len()
            );
        }
    }
    Ok(())
}

const MATCH_WORDS: &[&str] = &[
    "random",
    "greedy",
    "search",
    "mcts",
    "otep",
    ":",
    ",",
    "=",
    "depth",
    "nodes",
    "movetime",
    "playouts",
    "cutoff",
    "c",
    "seed",
    "eval",
    "elo0",
    "elo1",
    "alpha",
    "beta",
    "model",
    "logistic",
    "normalized",
    "0",
    "1",
    "2",
    "-1",
    "0.05",
    "1.5",
    "100ms",
    "2s",
    "1e309",
    "NaN",
    "inf",
    "+",
    "10",
    "0.1",
    "18446744073709551616",
    " ",
    "\"",
    "é",
    "\u{0}",
];

/// Match options (engine descriptions, SPRT parameters, time controls): a real one
/// mutated, or a soup of their words.
fn match_text() -> impl Strategy<Value = String> {
    let real = prop::sample::select(vec![
        "search:depth=3",
        "search:nodes=20000,eval=no-such-weights.json",
        "mcts:playouts=500,cutoff=40,c=1.4,seed=3",
        "mcts:movetime=100ms",
        "random",
        "greedy",
        "otep:\"no-such-engine --engine search\"",
        "elo0=0,elo1=5,alpha=0.05,beta=0.05",
        "elo0=-5,elo1=5,model=logistic",
        "10+0.1",
        "60",
    ])
    .prop_map(str::to_string);
    prop_oneof![
        real.prop_flat_map(|t| mutated(t, MATCH_WORDS)),
        text_of(MATCH_WORDS, 10),
    ]
}

/// Engine descriptions, SPRT parameters and time controls: no panic; SPRT parameters
/// print back to the same parameters; a time control read is positive and finite.
fn match_property(text: &str) -> Result<(), TestCaseError> {
    use taflcount::matches::{EngineSpec, TimeControl};
    use taflcount::stats::SprtParameters;
    // An `otep:` description is only read here, never started.
    let _ = text.parse::<EngineSpec>();
    if let Ok(sprt) = text.parse::<SprtParameters>() {
        let printed = sprt.to_string();
        let again: SprtParameters = printed
            .parse()
            .map_err(|e| TestCaseError::fail(format!("`{printed}` does not parse back: {e}")))?;
        prop_assert_eq!(again, sprt, "printed as `{}`", printed);
    }
    if let Ok(tc) = text.parse::<TimeControl>() {
        prop_assert!(!tc.base.is_zero() && tc.base.as_secs() < 10_000_000);
    }
    Ok(())
}

// ---------------------------------------------------------------------------------
// CI: 300 to 5,000 cases each, by cost.

proptest! {
    #![proptest_config(ci(5000))]
    #[test]
    fn prop_rules_strings(text in rules_text()) { rules_property(&text)?; }
    #[test]
    fn prop_position_records(text in record_text()) { record_property(&text)?; }
    #[test]
    fn prop_move_texts(text in move_text()) { move_text_property(&text)?; }
    #[test]
    fn prop_suite_files(text in suite_text()) { suite_property(&text)?; }
    #[test]
    fn prop_suite_round_trip(entries in suite_entries()) { suite_round_trip(entries)?; }
    #[test]
    fn prop_archives(text in archive_text()) { archive_property(&text)?; }
    #[test]
    fn prop_bench_files(text in bench_text()) { bench_property(&text)?; }
    #[test]
    fn prop_otep_lines(text in otep_text()) { otep_property(&text)?; }
    #[test]
    fn prop_match_options(text in match_text()) { match_property(&text)?; }
}

proptest! {
    #![proptest_config(ci(300))]
    #[test]
    fn prop_divide_output(bytes in divide_bytes()) { divide_property(&bytes)?; }
}

proptest! {
    #![proptest_config(ci(1000))]
    #[test]
    fn prop_move_lines((v, line) in move_line()) {
        move_line_property(v, &line)?;
    }
    #[test]
    fn prop_fixtures(text in fixture_text()) { fixture_property(&text)?; }
    #[test]
    fn prop_archive_round_trip(v in small_variant(), seed in any::<u64>(), plies in 0usize..120) {
        archive_round_trip(v, seed, plies)?;
    }
}

proptest! {
    #![proptest_config(ci(300))]
    #[test]
    fn prop_moves_with_captures(v in small_variant(), seed in any::<u64>(), plies in 0usize..80) {
        moves_with_captures_property(v, seed, plies)?;
    }
    #[test]
    fn prop_bulk_equals_played_out(v in small_variant(), seed in any::<u64>(), plies in 0usize..80, depth in 1u32..=2) {
        bulk_property(v, seed, plies, depth)?;
    }
    #[test]
    fn prop_line_reader((bytes, limit, buffer) in line_reader_input()) {
        line_reader_property(&bytes, limit, buffer)?;
    }
    #[test]
    fn prop_accepted_weights_stay_inside_the_game_ends(
        w in accepted_weights(), board in variant_and_board(), seed in any::<u64>(), plies in 0usize..80,
    ) {
        weights_property(w, board, seed, plies)?;
    }
    #[test]
    fn prop_null_move_passes_the_turn(v in small_variant(), seed in any::<u64>(), plies in 0usize..80) {
        null_move_property(v, seed, plies)?;
    }
    #[test]
    fn prop_bulk_on_random_boards((v, layout, defenders) in variant_and_board()) {
        bulk_on_random_boards(v, &layout, defenders)?;
    }
}

// ---------------------------------------------------------------------------------
// The long run: the same properties, FUZZ_CASES cases each.

proptest! {
    #![proptest_config(fuzz())]
    #[test]
    #[ignore = "the long fuzz run: cargo test --release --test properties -- --ignored fuzz"]
    fn fuzz_rules_strings(text in rules_text()) { rules_property(&text)?; }
    #[test]
    #[ignore = "the long fuzz run"]
    fn fuzz_position_records(text in record_text()) { record_property(&text)?; }
    #[test]
    #[ignore = "the long fuzz run"]
    fn fuzz_move_texts(text in move_text()) { move_text_property(&text)?; }
    #[test]
    #[ignore = "the long fuzz run"]
    fn fuzz_move_lines((v, line) in move_line()) {
        move_line_property(v, &line)?;
    }
    #[test]
    #[ignore = "the long fuzz run"]
    fn fuzz_moves_with_captures(v in small_variant(), seed in any::<u64>(), plies in 0usize..80) {
        moves_with_captures_property(v, seed, plies)?;
    }
    #[test]
    #[ignore = "the long fuzz run"]
    fn fuzz_suite_files(text in suite_text()) { suite_property(&text)?; }
    #[test]
    #[ignore = "the long fuzz run"]
    fn fuzz_fixtures(text in fixture_text()) { fixture_property(&text)?; }
    #[test]
    #[ignore = "the long fuzz run"]
    fn fuzz_bench_files(text in bench_text()) { bench_property(&text)?; }
    #[test]
    #[ignore = "the long fuzz run"]
    fn fuzz_archives(text in archive_text()) { archive_property(&text)?; }
    #[test]
    #[ignore = "the long fuzz run"]
    fn fuzz_archive_round_trip(v in small_variant(), seed in any::<u64>(), plies in 0usize..120) {
        archive_round_trip(v, seed, plies)?;
    }
    #[test]
    #[ignore = "the long fuzz run"]
    fn fuzz_bulk_equals_played_out(v in small_variant(), seed in any::<u64>(), plies in 0usize..80, depth in 1u32..=2) {
        bulk_property(v, seed, plies, depth)?;
    }
    #[test]
    #[ignore = "the long fuzz run"]
    fn fuzz_suite_round_trip(entries in suite_entries()) { suite_round_trip(entries)?; }
    #[test]
    #[ignore = "the long fuzz run"]
    fn fuzz_otep_lines(text in otep_text()) { otep_property(&text)?; }
    #[test]
    #[ignore = "the long fuzz run"]
    fn fuzz_line_reader((bytes, limit, buffer) in line_reader_input()) {
        line_reader_property(&bytes, limit, buffer)?;
    }
    #[test]
    #[ignore = "the long fuzz run"]
    fn fuzz_match_options(text in match_text()) { match_property(&text)?; }
    #[test]
    #[ignore = "the long fuzz run"]
    fn fuzz_bulk_on_random_boards((v, layout, defenders) in variant_and_board()) {
        bulk_on_random_boards(v, &layout, defenders)?;
    }
}
