use std::collections::BTreeMap;
use taflcount::moves::Tables;
use taflcount::notation::{parse_games, replay};
use taflcount::rules::catalog;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&a[1]).unwrap();
    let t = Tables::new(&catalog::find(&a[2]).unwrap().rules()).unwrap();
    let mut tally = BTreeMap::new();
    for g in parse_games(&text).unwrap() {
        let r = replay(&t, &g).unwrap();
        let o = r.final_outcome.map(|o| format!("{:?} {}", o.winner, o.reason)).unwrap_or("-".into());
        *tally.entry((g.result.clone(), g.timeout, o)).or_insert(0) += 1;
    }
    for (k, v) in tally { println!("{v:5} {k:?}"); }
}
