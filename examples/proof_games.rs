//! Measures the proof-game search on random test targets (docs/proof-games.md):
//! `cargo run --release --example proof_games -- [VARIANT...] [--samples N] [--seed S]
//! [--nodes B] [--show-failures]`. Prints per variant the targets tried, the proof
//! games found, the mean plies and the mean and largest time per target.

use std::time::Instant;
use taflcount::complexity::proof_game::{find_proof_game, random_target, ProofBudget};
use taflcount::complexity::ComplexitySpec;
use taflcount::game::Game;
use taflcount::moves::Position;
use taflcount::rng::SplitMix64;

fn main() {
    let mut variants = Vec::new();
    let mut samples = 200usize;
    let mut seed = 1u64;
    let mut nodes = 200_000u64;
    let mut show = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| -> u64 {
            args.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{name} needs a number"))
        };
        match arg.as_str() {
            "--samples" => samples = value("--samples") as usize,
            "--seed" => seed = value("--seed"),
            "--nodes" => nodes = value("--nodes"),
            "--show-failures" => show = true,
            _ => variants.push(arg),
        }
    }
    if variants.is_empty() {
        variants = vec!["brandub".into(), "tablut".into(), "copenhagen".into()];
    }
    for name in variants {
        let game = Game::named(&name).expect("a catalog variant");
        let t = &game.tables;
        let spec = ComplexitySpec::from_rules(&game.rules).expect("a countable variant");
        let start = Position::start(t);
        let mut rng = SplitMix64::new(seed);
        let (mut tried, mut found, mut plies, mut drawn) = (0, 0, 0, 0);
        let mut worst = 0f64;
        let clock = Instant::now();
        while tried < samples {
            drawn += 1;
            let Some(target) = random_target(t, &spec, &mut rng) else {
                continue;
            };
            tried += 1;
            let one = Instant::now();
            let answer = find_proof_game(t, &start, &target, ProofBudget { nodes });
            worst = worst.max(one.elapsed().as_secs_f64());
            match answer {
                Some(g) => {
                    found += 1;
                    plies += g.moves.len();
                }
                None if show => {
                    eprintln!(
                        "{name}: none for {} {}",
                        target.layout(t),
                        target.side_to_move()
                    );
                }
                None => {}
            }
        }
        let secs = clock.elapsed().as_secs_f64();
        println!(
            "{name}: {found}/{tried} found ({:.1}%), {drawn} drawn, mean {:.0} plies, {:.2} ms per target, worst {:.0} ms",
            100.0 * found as f64 / tried as f64,
            plies as f64 / found.max(1) as f64,
            1000.0 * secs / tried as f64,
            1000.0 * worst
        );
    }
}
