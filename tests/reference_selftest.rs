//! Self-test of the reference rules implementation (`tests/reference/`): perft counts
//! from `../shared/spec/perft.md`, hand-worked capture positions, and the fixture
//! suite `fixtures/perft/rules.perft`.

mod reference;

use reference::{divide, perft, RefGame, Side};

const COPENHAGEN_START: &str = "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
const TABLUT_START: &str = "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";
const BRANDUB_START: &str = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

fn copenhagen() -> String {
    format!("dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:{COPENHAGEN_START}")
}
fn fetlar() -> String {
    format!("dim:11 name:Fetlar atkf:y nj:n cj:n start:{COPENHAGEN_START}")
}
fn brandub() -> String {
    format!("dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:{BRANDUB_START}")
}
fn brandub_dfirst() -> String {
    format!("dim:7 name:Brandub surf:n atkf:n ks:w cenh: cenhe: start:{BRANDUB_START}")
}
fn tablut() -> String {
    format!("dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh: cenhe:tcnkTCNK linc:y start:{TABLUT_START}")
}
fn sea_battle_9() -> String {
    format!("dim:9 name:Sea_Battle esc:e atkf:y ka:n nj:n cj:n cor: cen: start:{TABLUT_START}")
}

fn check_perft(rules: &str, side: Option<Side>, expected: &[u64]) {
    for (i, &e) in expected.iter().enumerate() {
        let d = i as u32 + 1;
        let got = perft(rules, None, side, d).unwrap();
        assert_eq!(got, e, "perft({d}) of {rules}");
    }
}

#[test]
fn perft_copenhagen() {
    check_perft(&copenhagen(), None, &[116, 6_788, 806_344]);
}

#[test]
fn perft_fetlar() {
    check_perft(&fetlar(), None, &[116, 6_788, 806_344]);
}

#[test]
fn perft_brandub() {
    check_perft(&brandub(), None, &[40, 960, 39_512, 1_007_392]);
}

#[test]
fn perft_brandub_defenders_first() {
    check_perft(&brandub_dfirst(), None, &[24, 944, 23_984, 975_056]);
}

#[test]
fn perft_brandub_defenders_first_cenp_king() {
    let r = format!("{} cenp:K", brandub_dfirst());
    check_perft(&r, None, &[24, 944, 23_984, 975_056]);
}

#[test]
fn perft_tablut() {
    check_perft(&tablut(), None, &[80, 4_400, 353_200]);
}

#[test]
fn perft_sea_battle_9() {
    check_perft(&sea_battle_9(), None, &[80, 4_400, 353_200]);
}

#[test]
fn moves_at_the_start() {
    for (rules, a, d) in [
        (brandub(), 40, 24),
        (tablut(), 80, 56),
        (sea_battle_9(), 80, 56),
        (fetlar(), 116, 60),
        (copenhagen(), 116, 60),
    ] {
        let ga = RefGame::new(&rules, None, Some(Side::Attackers)).unwrap();
        let gd = RefGame::new(&rules, None, Some(Side::Defenders)).unwrap();
        assert_eq!(ga.legal_moves().len(), a, "{rules}");
        assert_eq!(gd.legal_moves().len(), d, "{rules}");
    }
}
