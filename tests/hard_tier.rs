//! The hard tier (`fixtures/misplays/hard/`): at least 200 forced wins of 5 plies or
//! more that players missed, over four variants, each with the deep prover's proof; its
//! solved set at a fixed budget is a reviewed snapshot, so `cargo insta review` after an
//! AI change names the hard positions gained and lost.
//!
//! The snapshot runs at `SNAPSHOT_NODES`, the tier's default budget (taflengine's AI),
//! on every `cargo test` (the test profile is optimised: a few seconds). Proving every
//! fixture again takes minutes: every 10th is proven again here, all of them in the
//! ignored test (`cargo test --release --test hard_tier -- --ignored`).

use std::collections::BTreeMap;
use std::path::Path;
use taflcount::regress::tier::{run_tier, DEFAULT_NODES};
use taflcount::regress::TierDocument;
use taflcount::regress::{self, Loaded, ProofKind};

/// The budget of the snapshotted solved set.
const SNAPSHOT_NODES: u64 = DEFAULT_NODES;

fn hard() -> Vec<Loaded> {
    regress::built_in_hard().unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_built_in_copy_is_the_fixture_folder() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/misplays/hard");
    let on_disk = regress::load_dir(&dir).unwrap_or_else(|e| panic!("{e}"));
    let ids = |v: &[Loaded]| v.iter().map(|l| l.fixture.clone()).collect::<Vec<_>>();
    assert_eq!(ids(&on_disk), ids(&hard()));
}

#[test]
fn the_tier_holds_200_missed_wins_of_5_plies_or_more_over_four_variants() {
    let all = hard();
    assert!(all.len() >= 200, "{} hard fixtures", all.len());
    let mut per_variant: BTreeMap<String, usize> = BTreeMap::new();
    for l in &all {
        let f = &l.fixture;
        assert_eq!(f.proof.kind(), Some(ProofKind::Wins), "{}", f.id);
        let shortest = f.proof.shortest.unwrap_or(0);
        assert!(
            shortest >= 5 && shortest <= f.proof.within,
            "{}: shortest {shortest}",
            f.id
        );
        // The player's move is no winning move (validation checks it against the
        // proof), and the position comes from a game.
        assert!(!l.best.contains(&l.misplay), "{}", f.id);
        assert!(f.source.contains(".csv game"), "{}: {}", f.id, f.source);
        *per_variant
            .entry(f.variant.clone().unwrap_or_default())
            .or_default() += 1;
    }
    for v in ["copenhagen", "brandubh", "brandub", "tablut"] {
        assert!(
            per_variant.get(v).copied().unwrap_or(0) >= 5,
            "{per_variant:?}"
        );
    }
}

/// Proves fixtures again with the deep prover; the failures.
fn prove_again(every: usize) -> Vec<String> {
    hard()
        .iter()
        .step_by(every)
        .filter_map(|l| l.check_proof().err().map(|e| e.to_string()))
        .collect()
}

#[test]
fn every_tenth_proof_is_established_again() {
    let failures = prove_again(10);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore = "minutes: every hard proof again (cargo test --release --test hard_tier -- --ignored)"]
fn every_proof_is_established_again() {
    let failures = prove_again(1);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_solved_set_matches_its_snapshot() {
    let all = hard();
    let rows = run_tier(&all, SNAPSHOT_NODES, 2, &|| {});
    let doc = TierDocument::new("built-in hard".into(), SNAPSHOT_NODES, rows, 0.0);
    // The tier discriminates: neither almost nothing nor almost everything is solved.
    assert!(
        doc.solved * 10 > doc.positions && doc.solved * 10 < doc.positions * 9,
        "solved {} of {}",
        doc.solved,
        doc.positions
    );
    insta::with_settings!({ snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true }, {
        insta::assert_snapshot!(format!("hard_tier_solved_at_{SNAPSHOT_NODES}_nodes"), doc.solved_set());
    });
}

#[test]
fn a_tenth_of_the_budget_solves_fewer() {
    // The curve rises: the tier at a tenth of the budget solves fewer.
    let all = hard();
    let solved = |budget| {
        run_tier(&all, budget, 2, &|| {})
            .iter()
            .filter(|r| r.solved)
            .count()
    };
    let (low, high) = (solved(SNAPSHOT_NODES / 10), solved(SNAPSHOT_NODES));
    assert!(
        low < high,
        "{low} at {} nodes, {high} at {SNAPSHOT_NODES}",
        SNAPSHOT_NODES / 10
    );
}
