//! Every recorded game of fixtures/games replays under its catalog rules: every move
//! legal, every recorded capture exactly the captures the rules make.
use std::collections::BTreeMap;
use taflcount::board::Side;
use taflcount::moves::Tables;
use taflcount::notation::{parse_games, replay};
use taflcount::rules::catalog;

struct Summary {
    games: usize,
    ended_early: BTreeMap<String, usize>,
}

fn replay_archive(file: &str, variant: &str) -> Summary {
    let path = format!("{}/fixtures/games/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e} "));
    let games = parse_games(&text).unwrap();
    let t = Tables::new(&catalog::find(variant).unwrap().rules()).unwrap();
    let mut failures = Vec::new();
    let mut ended_early = BTreeMap::new();
    let mut decided = BTreeMap::new();
    for game in &games {
        match replay(&t, game) {
            Err(e) => failures.push(format!("{file} line {}: {e}", game.line)),
            Ok(r) => {
                // Where the rules end the game, they name the winner the record names.
                if let Some(outcome) = r.final_outcome {
                    let recorded = match game.result.as_str() {
                        "Black" => Some(Side::Attackers),
                        "White" => Some(Side::Defenders),
                        _ => None,
                    };
                    if outcome.winner != recorded {
                        failures.push(format!("{file} line {}: the rules end the game ({}, {:?} win) but the record says `{}`", game.line, outcome.reason, outcome.winner, game.result));
                    }
                    *decided.entry(outcome.reason.to_string()).or_insert(0) += 1;
                }
                if let Some((ply, outcome)) = r.ended_early {
                    eprintln!("{file} line {}: the rules end the game after ply {ply} of {} ({}), the players played on", game.line, game.moves.len(), outcome.reason);
                    *ended_early.entry(outcome.reason.to_string()).or_insert(0) += 1;
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} games disagree with the rules:\n{}",
        failures.len(),
        games.len(),
        failures.join("\n")
    );
    eprintln!("{file}: games the rules decide at their last ply: {decided:?}");
    Summary {
        games: games.len(),
        ended_early,
    }
}

#[test]
fn copenhagen_archive_replays() {
    let s = replay_archive("copenhagen.csv", "copenhagen");
    assert_eq!(s.games, 1752);
    // No recorded game went on past an end the rules see (encirclement, edge fort...).
    assert_eq!(
        s.ended_early.values().sum::<usize>(),
        0,
        "{:?}",
        s.ended_early
    );
}

#[test]
fn brandubh_archive_replays() {
    let s = replay_archive("brandubh.csv", "brandubh");
    assert_eq!(s.games, 525);
    assert_eq!(
        s.ended_early.values().sum::<usize>(),
        0,
        "{:?}",
        s.ended_early
    );
}
