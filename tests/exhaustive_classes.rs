//! The exhaustive check of brandub's small material classes (issue 26).

use taflcount::complexity::legal::{ClassCheck, Prepared};
use taflcount::complexity::proof_game::ProofBudget;
use taflcount::rules::catalog;

fn prepared(name: &str) -> Prepared {
    Prepared::new(&catalog::find(name).unwrap().rules()).unwrap()
}

/// Measures classes given in `CLASSES` ("2,1 1,2").
#[test]
#[ignore]
fn measure() {
    let p = prepared("brandub");
    let classes = std::env::var("CLASSES").unwrap_or_else(|_| "1,0 0,1".into());
    let mut runs = Vec::new();
    for c in classes.split_whitespace() {
        let (a, d) = c.split_once(',').unwrap();
        let (a, d): (usize, usize) = (a.parse().unwrap(), d.parse().unwrap());
        let t0 = std::time::Instant::now();
        let check = ClassCheck::new(&p, a, d).unwrap();
        let known: Vec<&taflcount::complexity::legal::ClassRun> = runs.iter().collect();
        let run = check.run(ProofBudget { nodes: 20_000 }, 200, &known);
        eprintln!("{:?} {:.1}s", run.count, t0.elapsed().as_secs_f64());
        runs.push(run);
    }
}
