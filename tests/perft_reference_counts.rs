//! Every reference count of ../shared/spec/perft.md that fits the CI tier.
use taflcount::moves::{Position, Tables};
use taflcount::perft::{perft, Counting};
use taflcount::rules::{catalog, Rules};

fn check(rules: &Rules, expected: &[u64]) {
    let t = Tables::new(rules).unwrap();
    let start = Position::start(&t);
    for (i, &want) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(perft(&t, &start, depth, Counting::Bulk), want, "{} depth {depth}", rules.name);
    }
}

fn catalog_rules(name: &str) -> Rules {
    catalog::find(name).unwrap().rules()
}

#[test]
fn copenhagen_and_fetlar() {
    check(&catalog_rules("copenhagen"), &[116, 6_788, 806_344]);
    check(&catalog_rules("fetlar"), &[116, 6_788, 806_344]);
}

#[test]
fn brandub() {
    check(&catalog_rules("brandub"), &[40, 960, 39_512, 1_007_392]);
}

#[test]
fn tablut_and_sea_battle() {
    check(&catalog_rules("tablut"), &[80, 4_400, 353_200]);
    check(&catalog_rules("sea-battle-9"), &[80, 4_400, 353_200]);
}

#[test]
fn brandub_defenders_first() {
    let base = catalog::find("brandub").unwrap().rules.replace("atkf:y", "atkf:n");
    check(&base.parse().unwrap(), &[24, 944, 23_984, 975_056]);
    check(&format!("{base} cenp:K").parse().unwrap(), &[24, 944, 23_984, 975_056]);
}
