//! The fast engine against the slow, independently written reference of tests/reference:
//! along random games of every catalog variant, the same legal moves, the same captures,
//! the same positions and the same end of the game, ply by ply. Beside the catalog, rule
//! keys no catalog variant uses (`ks:t`, `efc:n`: the readings of other engines that
//! docs/rules-decisions.md names).
mod reference;

mod common;

use common::Rng;
use taflcount::moves::{Position, Tables};
use taflcount::rules::catalog;

#[test]
fn random_games_agree_ply_by_ply() {
    let mut plies_checked = 0;
    let mut captures_seen = 0;
    let mut continuations = 0;
    let mut endings = std::collections::BTreeMap::new();
    let extra = [
        (
            "brandubh-ks-t",
            "dim:7 name:Brandubh atkf:y tfr:w ks:t cenh: cenp:K start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
        ),
        (
            "copenhagen-efc-n",
            "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y efc:n start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
        ),
    ];
    let variants = catalog::VARIANTS
        .iter()
        .map(|v| (v.name, v.rules))
        .chain(extra);
    for (name, rules) in variants {
        let t = Tables::new(&rules.parse().unwrap()).unwrap();
        let mut rng = Rng::new(0xdecaf ^ (name.len() as u64 * 7919));
        for game in 0..25 {
            let mut pos = Position::start(&t);
            let mut slow = reference::RefGame::new(rules, None, None).unwrap();
            for ply in 0..300 {
                let before = pos.layout(&t).to_string();
                let context = || format!("{name} game {game} ply {ply} at {before}");
                let fast_end = pos.outcome(&t).map(|o| o.reason.name());
                assert_eq!(fast_end, slow.is_over(), "end of game: {}", context());
                if let Some(reason) = fast_end {
                    *endings.entry(reason).or_insert(0) += 1;
                    break;
                }
                let mut fast_moves: Vec<String> =
                    pos.legal_moves(&t).iter().map(|m| m.to_string()).collect();
                fast_moves.sort();
                assert_eq!(fast_moves, slow.legal_moves(), "legal moves: {}", context());
                // Prefer captures half of the time, so that captures are exercised.
                let moves = pos.legal_moves(&t);
                let capturing: Vec<_> = moves
                    .iter()
                    .filter(|m| !pos.after(&t, **m).1.is_empty())
                    .copied()
                    .collect();
                let mv = if !capturing.is_empty() && rng.below(2) == 0 {
                    capturing[rng.below(capturing.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                let (next, captured) = pos.after(&t, mv);
                let fast_captured: Vec<String> = captured.iter().map(|&s| s.to_string()).collect();
                let slow_captured = slow.play(&mv.to_string()).unwrap();
                let mut a = fast_captured.clone();
                a.sort();
                let mut b = slow_captured.clone();
                b.sort();
                assert_eq!(a, b, "captures of {mv}: {}", context());
                captures_seen += a.len();
                pos = next;
                continuations += usize::from(pos.berserker().is_some());
                assert_eq!(
                    pos.layout(&t).to_string(),
                    slow.position_record(),
                    "position after {mv}: {}",
                    context()
                );
                plies_checked += 1;
            }
        }
    }
    eprintln!("{plies_checked} plies, {captures_seen} captures, {continuations} berserk continuations, endings {endings:?}");
    assert!(plies_checked > 10_000 && captures_seen > 1_000 && continuations > 20);
}
