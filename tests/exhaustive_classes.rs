//! The exhaustive check of brandub's small material classes (issue 26), held against
//! the sampler, the superset and the classifier. For each class below the start's
//! material, U (the closure of the entry candidates) holds every reachable position and
//! L (the closure of positions with a replayed proof game) only reachable ones; the
//! method is in docs/legal-positions.md, "Exhaustive classes".

use taflcount::board::DenseSquare;
use taflcount::complexity::legal::{
    wilson, ClassCheck, ClassRun, ClassifierTally, Element, ExhaustiveError, Prepared, Z_95,
};
use taflcount::complexity::proof_game::ProofBudget;
use taflcount::moves::Position;
use taflcount::rng::{mix64, SplitMix64};
use taflcount::rules::catalog;

fn prepared(name: &str) -> Prepared {
    Prepared::new(&catalog::find(name).unwrap().rules()).unwrap()
}

const BUDGET: ProofBudget = ProofBudget { nodes: 20_000 };

/// Checks the class, with `known` the runs of classes checked before.
fn run(p: &Prepared, a: usize, d: usize, known: &[&ClassRun]) -> ClassRun {
    ClassCheck::new(p, a, d).unwrap().run(BUDGET, 50, known)
}

/// The classifier on the class (all, or one position in `every`), set against the
/// exhaustive sets: no contradiction, and the exact share inside the classifier's
/// bounds (the counts themselves when the whole class is classified, the 95% Wilson
/// ends of the two shares for a sample).
fn classifier_agrees(p: &Prepared, run: &ClassRun, every: u64) -> ClassifierTally {
    let (a, d) = (run.count.attackers, run.count.defenders);
    let check = ClassCheck::new(p, a, d).unwrap();
    let t0 = std::time::Instant::now();
    let tally = check.classifier_tally(run, ProofBudget { nodes: 3000 }, every, 26);
    eprintln!(
        "({a}, {d}) classifier: {tally:?} {:.1}s",
        t0.elapsed().as_secs_f64()
    );
    assert_eq!(tally.legal_outside_upper, 0, "proven legal outside U");
    assert_eq!(tally.illegal_inside_lower, 0, "proven illegal inside L");
    let exact = run.count.exact.expect("closed");
    let n = tally.classified;
    if every == 1 {
        assert_eq!(n, run.count.class_size);
        assert_eq!(tally.in_lower, exact);
        assert!(tally.legal <= exact && exact <= n - tally.illegal);
    } else {
        let share = exact as f64 / run.count.class_size as f64;
        let (low, _) = wilson(tally.legal, n, Z_95);
        let (_, high) = wilson(n - tally.illegal, n, Z_95);
        assert!(low <= share && share <= high, "{low} {share} {high}");
    }
    tally
}

/// Every position of L is in the superset's class and passes the necessary
/// conditions; L lies inside U.
fn lower_passes(p: &Prepared, run: &ClassRun) {
    let check = ClassCheck::new(p, run.count.attackers, run.count.defenders).unwrap();
    let conditions = p.check();
    assert!(run.lower.is_subset(&run.upper));
    for n in run.lower.iter() {
        let e = check.index().element(n);
        p.superset.rank(&e).unwrap();
        assert_eq!(conditions.check(&check.position(&e)), None, "{e:?}");
    }
}

#[test]
fn brandub_small_classes_are_counted_exactly() {
    let p = prepared("brandub");
    // Each class's count is the superset's (both sides to move).
    let mut runs: Vec<ClassRun> = Vec::new();
    for (a, d) in [(1, 0), (2, 0), (1, 1), (0, 1)] {
        let known: Vec<&ClassRun> = runs.iter().collect();
        let r = run(&p, a, d, &known);
        eprintln!("{:?}", r.count);
        assert_eq!(
            r.count.class_size,
            u64::try_from(p.superset.class_count(a, d)).unwrap() * 2
        );
        assert!(r.count.lower_inside_upper);
        assert_eq!(r.count.gap, 0, "({a}, {d}): U \\ L is not empty");
        lower_passes(&p, &r);
        runs.push(r);
    }
    // The figures of the first run, pinned: a change is worth a look.
    let exact: Vec<u64> = runs.iter().map(|r| r.count.exact.unwrap()).collect();
    assert_eq!(exact, [4032, 84726, 169396, 724]);
    // A lone king and one attacker, one defender: the whole class through the
    // classifier; the bigger classes by a sample.
    let whole = classifier_agrees(&p, &runs[0], 1);
    // Independently of the closure, every reachable position of (1, 0) has a proof
    // game of its own: the classifier proves exactly |L| of them legal.
    assert_eq!(whole.legal, runs[0].count.exact.unwrap());
    assert!(whole.illegal > 0);
    classifier_agrees(&p, &runs[3], 8);
    classifier_agrees(&p, &runs[2], 400);
}

/// Random games: every position they reach in a checked class lies in its U (the
/// upper set misses no reachable position) -- and, checked backwards, in its L.
#[test]
fn random_games_stay_inside_the_sets() {
    let p = prepared("brandub");
    let t = &p.tables;
    let mut runs: Vec<ClassRun> = Vec::new();
    for (a, d) in [(1, 0), (2, 0), (1, 1), (0, 1)] {
        let known: Vec<&ClassRun> = runs.iter().collect();
        let r = run(&p, a, d, &known);
        runs.push(r);
    }
    let mut hits = 0;
    for game in 0..3000 {
        let mut rng = SplitMix64::new(mix64(26 ^ game));
        let mut pos = Position::start(t);
        for _ in 0..400 {
            if pos.outcome(t).is_some() {
                break;
            }
            let moves = pos.legal_moves(t);
            pos.play(t, moves[rng.below(moves.len())]);
            for r in &runs {
                if let Some(n) = r.index.number_of(&pos) {
                    hits += 1;
                    assert!(r.upper.contains(n), "outside U: {pos:?}");
                    assert!(r.lower.contains(n), "outside L: {pos:?}");
                }
            }
        }
    }
    eprintln!("{hits} positions of random games in the checked classes");
    assert!(hits > 100);
}

#[test]
fn classes_the_check_cannot_take_are_refused() {
    let p = prepared("brandub");
    let start = (p.superset.max_attackers(), p.superset.max_defenders());
    assert_eq!(
        ClassCheck::new(&p, start.0, start.1).err(),
        Some(ExhaustiveError::NotBelowStart)
    );
    assert_eq!(
        ClassCheck::new(&p, 9, 0).err(),
        Some(ExhaustiveError::NotBelowStart)
    );
    // Shieldwalls capture pieces away from the moved piece.
    let copenhagen = prepared("copenhagen");
    assert!(matches!(
        ClassCheck::new(&copenhagen, 1, 0).err(),
        Some(ExhaustiveError::Captures(_))
    ));
    // Commanders and knights: the numbering places taflmen only.
    let berserk = prepared("berserk");
    assert!(matches!(
        ClassCheck::new(&berserk, 1, 0).err(),
        Some(ExhaustiveError::Captures(_))
    ));
    // 9x9: more squares than a 64-bit word numbers.
    let sea_battle = prepared("sea-battle-9");
    assert_eq!(
        ClassCheck::new(&sea_battle, 1, 0).err(),
        Some(ExhaustiveError::TooBig)
    );
    let e = Element {
        side: taflcount::board::Side::Attackers,
        king: DenseSquare::new(24),
        attackers: vec![DenseSquare::new(3)],
        defenders: vec![],
        typed: vec![],
    };
    let check = ClassCheck::new(&p, 1, 0).unwrap();
    assert_eq!(check.index().element(check.index().number(&e).unwrap()), e);
}

/// The report's table (reports/legal-positions.md, "Cross-checks"): run with
/// `CLASSES="2,1 1,2 0,2" cargo test --test exhaustive_classes -- --ignored --nocapture`
/// (the test profile is optimised; classes in order, as a class's sets prune and prove
/// entries of the classes below it; `SAMPLE` positions per class for the classifier,
/// `FAILURES` failed searches before L stops growing).
#[test]
#[ignore]
fn report_table() {
    let p = prepared("brandub");
    let classes = std::env::var("CLASSES").unwrap_or_else(|_| "1,0 0,1".into());
    let sample: u64 = std::env::var("SAMPLE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let failures: u64 = std::env::var("FAILURES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let mut runs: Vec<ClassRun> = Vec::new();
    for c in classes.split_whitespace() {
        let (a, d) = c.split_once(',').unwrap();
        let (a, d): (usize, usize) = (a.parse().unwrap(), d.parse().unwrap());
        let t0 = std::time::Instant::now();
        let check = ClassCheck::new(&p, a, d).unwrap();
        let known: Vec<&ClassRun> = runs.iter().collect();
        let r = check.run(BUDGET, failures, &known);
        let secs = t0.elapsed().as_secs_f64();
        eprintln!("{:?} {secs:.1}s", r.count);
        let every = (r.count.class_size / sample).max(1);
        let t1 = std::time::Instant::now();
        let tally = check.classifier_tally(&r, BUDGET, every, 26);
        let csecs = t1.elapsed().as_secs_f64();
        eprintln!("{tally:?} {csecs:.1}s");
        let c = &r.count;
        // The classifier's bounds hold the share (both ends of a bracket).
        let n = tally.classified;
        let (low, _) = wilson(tally.legal, n, Z_95);
        let (_, high) = wilson(n - tally.illegal, n, Z_95);
        let size = c.class_size as f64;
        let upper = (c.upper - c.gap_rejected) as f64 / size;
        let lower = c.lower as f64 / size;
        assert!(
            low <= lower && upper <= high,
            "{low} {lower} {upper} {high}"
        );
        assert_eq!(tally.legal_outside_upper + tally.illegal_inside_lower, 0);
        let status = match (c.exact, c.exact_with_conditions) {
            (Some(x), _) => format!("exact: {x}"),
            (None, Some(x)) => format!(
                "{x}; the {} of U \\ L fail a condition ({:?})",
                c.gap, c.gap_by_reason
            ),
            (None, None) => format!("gap {} ({} fail a condition)", c.gap, c.gap_rejected),
        };
        println!(
            "| ({a}, {d}) | {} | {} | {} | {} | {status} | {} + {} | {} | {} / {} / {} | {:.1} s | {:.1} s |",
            c.class_size,
            c.entry_candidates,
            c.upper,
            c.lower,
            c.proofs_known,
            c.proofs,
            tally.classified,
            tally.legal,
            tally.illegal,
            tally.undecided,
            secs,
            csecs
        );
        runs.push(r);
    }
}
