//! Every count of every suite in fixtures/perft/. The CI tier checks counts up to a node
//! cap; `cargo test --release -- --ignored` checks the rest up to `PLAIN_CAP` (minutes).
//! The deepest counts, above `PLAIN_CAP` (hours of plain perft), are recounted with a
//! table under keys of their own by `deepest_counts_hashed_under_a_third_seed` in
//! tests/perft_hashed.rs.
use taflcount::perft::{parse_suite, perft, perft_threads, Counting};

/// Counts above this many nodes are left to the ignored (release) tier.
const CI_NODE_CAP: u64 = 60_000_000;
/// Counts above this many nodes are recounted hashed, not plain (tests/perft_hashed.rs).
const PLAIN_CAP: u64 = 100_000_000_000;

fn suites() -> Vec<(String, Vec<taflcount::perft::SuiteEntry>)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/perft");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "perft") {
            let text = std::fs::read_to_string(&path).unwrap();
            let suite = parse_suite(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            out.push((path.display().to_string(), suite));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(!out.is_empty());
    out
}

fn check(cap: Option<u64>) {
    let cap_or_plain = cap.unwrap_or(PLAIN_CAP);
    let mut checked = 0;
    let mut failures = Vec::new();
    for (file, suite) in suites() {
        for entry in &suite {
            let (game, root) = entry.setup().unwrap();
            let t = game.tables;
            for &(depth, expected) in &entry.perft {
                if expected > cap_or_plain {
                    continue;
                }
                let got = if cap.is_some() {
                    perft(&t, &root, depth, Counting::Bulk)
                } else {
                    perft_threads(&t, &root, depth, Counting::Bulk, 2)
                };
                checked += 1;
                if got != expected {
                    failures.push(format!(
                        "{file}: {} perft {depth}: got {got}, expected {expected}",
                        entry.id
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked > 30, "only {checked} counts checked");
}

#[test]
fn suites_up_to_the_ci_node_cap() {
    check(Some(CI_NODE_CAP));
}

#[test]
#[ignore = "minutes in release: cargo test --release -- --ignored"]
fn suites_complete() {
    check(None);
}
