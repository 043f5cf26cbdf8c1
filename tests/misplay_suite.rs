//! The misplay suite: every fixture loads and validates, every `proof` is established
//! again by the solver (no expectation is taken on trust), the AI passes every position,
//! and each full result (move, score, pv, nodes) matches its reviewed snapshot in
//! `snapshots/`, so a change of search behaviour shows up as a snapshot diff.

use std::collections::BTreeSet;
use std::path::Path;
use taflcount::regress::{self as suite, Fixture, Loaded};

fn fixtures() -> Vec<Loaded> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/misplays");
    suite::load_dir(&dir).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_suite_is_large_and_varied() {
    let all = fixtures();
    assert!(all.len() >= 50, "{} fixtures", all.len());
    let variants: BTreeSet<String> = all
        .iter()
        .map(|l| {
            l.fixture
                .variant
                .clone()
                .unwrap_or_else(|| l.tables.rules().name.clone())
        })
        .collect();
    assert!(variants.len() >= 4, "{variants:?}");
    let mined = all
        .iter()
        .filter(|l| l.fixture.source.contains(".csv game"))
        .count();
    assert!(mined >= 20, "{mined} fixtures from recorded games");
    // The categories the suite promises, by id.
    for topic in [
        "escape-in-1",
        "escape-in-2",
        "escape-in-3",
        "stop-the-escape",
        "capture-the",
        "walk-into-capture",
        "edge-fort",
        "shieldwall",
        "encirclement",
        "repetition-loses",
    ] {
        assert!(
            all.iter().any(|l| l.fixture.id.contains(topic)),
            "no fixture about {topic}"
        );
    }
    assert!(all.iter().any(|l| !l.fixture.history.is_empty()));
}

#[test]
fn every_proof_is_established_again_by_the_solver() {
    let failures: Vec<String> = fixtures()
        .iter()
        .filter_map(|l| l.check_proof().err().map(|e| e.to_string()))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_ai_passes_every_position_and_matches_its_snapshot() {
    let mut failed = Vec::new();
    for l in fixtures() {
        let result = l.run();
        if !result.pass {
            failed.push(format!(
                "{}: expected {}, played {:?}",
                result.id, result.expected, result.played
            ));
        }
        insta::with_settings!({ snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true }, {
            insta::assert_json_snapshot!(format!("misplay_{}", result.id), result);
        });
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

fn a_fixture() -> Fixture {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/misplays/brandub-capture-the-king.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn error_of(f: Fixture) -> String {
    match suite::validate("x.json", f) {
        Ok(_) => panic!("accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn bad_fixtures_are_refused_with_the_field_named() {
    let mut f = a_fixture();
    f.variant = Some("brandubb".into());
    assert!(error_of(f).starts_with("x.json: `variant`: unknown variant `brandubb`"));
    let mut f = a_fixture();
    f.misplay = "d2-d9".into();
    assert!(error_of(f).contains("`misplay`: illegal move `d2-d9`"));
    let mut f = a_fixture();
    f.expect.best = vec!["d2-d3".into()];
    let e = error_of(f);
    assert!(e.contains("`misplay` d2-d3 is one of `expect.best`"), "{e}");
    let mut f = a_fixture();
    f.expect.best = vec!["b5-b6".into()];
    assert!(error_of(f).contains("`expect.best` must be among `proof.wins`"));
    let mut f = a_fixture();
    f.position = "starti:/7/7/1tK4/7/7/3t3/".into();
    assert!(error_of(f).contains("`position`"));
    let mut f = a_fixture();
    f.side_to_move = "white-ish".into();
    assert!(error_of(f).contains("`side_to_move`"));
    let mut f = a_fixture();
    f.limit.depth = None;
    assert!(error_of(f).contains("`limit`"));
    let mut f = a_fixture();
    f.history = vec!["d1-d2".into()];
    assert!(error_of(f).contains("`history[0]`: `d1-d2` cannot be taken back"));
    let mut f = a_fixture();
    f.proof.wins = None;
    assert!(error_of(f).contains("`proof` needs exactly one of"));
}

#[test]
fn a_wrong_proof_is_caught() {
    let mut f = a_fixture();
    f.proof.statement =
        "the attackers win within 1 ply (shortest 1); only d2-d5 and b5-b6 do it".into();
    f.proof.wins = Some(vec!["b5-b6".into(), "d2-d5".into()]);
    let loaded = suite::validate("x.json", f).unwrap();
    let e = loaded.check_proof().unwrap_err().to_string();
    assert!(e.contains("the solver establishes"), "{e}");
}
