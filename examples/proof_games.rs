//! Measures the proof-game search on random test targets, the uniform superset samples
//! of the legal-position estimate (docs/proof-games.md):
//! `cargo run --release --example proof_games -- [VARIANT...] [--samples N] [--seed S]
//! [--nodes B] [--show-failures]`. Prints per variant the targets tried, the proof
//! games found, the mean plies and the mean and largest time per target.
//! `--games FILE` (first VARIANT) tries positions of recorded games instead;
//! `--write-fixtures DIR` writes N proof games per variant; `--one VARIANT RECORD SIDE`
//! prints the proof game of one target (put `--nodes` before it).

use std::time::Instant;
use taflcount::complexity::legal::Prepared;
use taflcount::complexity::proof_game::{arrival_order_conflict, find_proof_game, ProofBudget};
use taflcount::game::Game;
use taflcount::moves::Position;
use taflcount::rng::SplitMix64;

fn main() {
    let mut variants = Vec::new();
    let mut samples = 200usize;
    let mut seed = 1u64;
    let mut nodes = 200_000u64;
    let mut show = false;
    let mut games: Option<String> = None;
    let mut fixtures: Option<String> = None;
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
            "--games" => games = args.next(),
            "--write-fixtures" => fixtures = args.next(),
            "--one" => {
                let (Some(name), Some(record), Some(side)) =
                    (args.next(), args.next(), args.next())
                else {
                    panic!("--one needs VARIANT RECORD SIDE");
                };
                one(&name, &record, &side, nodes);
                return;
            }
            _ => variants.push(arg),
        }
    }
    if variants.is_empty() {
        variants = vec!["brandub".into(), "tablut".into(), "copenhagen".into()];
    }
    if let Some(path) = games {
        let name = variants
            .first()
            .cloned()
            .unwrap_or_else(|| "copenhagen".into());
        recorded(&name, &path, samples, seed, nodes, show);
        return;
    }
    for name in variants {
        let prepared = prepared(&name);
        let t = &prepared.tables;
        let start = Position::start(t);
        if let Some(dir) = &fixtures {
            write_fixtures(&name, dir, samples, seed, nodes);
            continue;
        }
        let (mut tried, mut found, mut plies, mut drawn, mut cycles) = (0, 0, 0, 0, 0);
        let mut worst = 0f64;
        let clock = Instant::now();
        while tried < samples {
            drawn += 1;
            let Some(target) = prepared.test_target(seed, drawn - 1) else {
                continue;
            };
            tried += 1;
            if arrival_order_conflict(t, &target) {
                cycles += 1;
            }
            let one = Instant::now();
            let answer = find_proof_game(t, &start, &target, ProofBudget { nodes });
            worst = worst.max(one.elapsed().as_secs_f64());
            match answer {
                Some(g) => {
                    found += 1;
                    plies += g.moves.len();
                }
                None if show && !arrival_order_conflict(t, &target) => {
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
            "{name}: {found}/{tried} found ({:.1}%; {:.1}% of the {} without an order conflict), {drawn} drawn, mean {:.0} plies, {:.2} ms per target, worst {:.0} ms",
            100.0 * found as f64 / tried as f64,
            100.0 * found as f64 / (tried - cycles).max(1) as f64,
            tried - cycles,
            plies as f64 / found.max(1) as f64,
            1000.0 * secs / tried as f64,
            1000.0 * worst
        );
    }
}

/// Positions of recorded games (legal by construction): one position at a random ply
/// of each game, until `samples` were tried.
fn recorded(name: &str, path: &str, samples: usize, seed: u64, nodes: u64, show: bool) {
    let game = Game::named(name).expect("a catalog variant");
    let t = &game.tables;
    let start = Position::start(t);
    let text = std::fs::read_to_string(path).expect("a readable archive");
    let records = taflcount::notation::parse_games(&text).expect("an archive");
    let mut rng = SplitMix64::new(seed);
    let (mut tried, mut found) = (0, 0);
    let clock = Instant::now();
    for record in &records {
        if tried >= samples {
            break;
        }
        let Ok(replay) = taflcount::notation::replay(t, record) else {
            continue;
        };
        let last = replay
            .ended_early
            .map_or(replay.moves.len(), |(ply, _)| ply);
        if last == 0 {
            continue;
        }
        let ply = 1 + rng.below(last);
        let target = &replay.positions[ply];
        if target.king().is_none() {
            // Outside the superset: the king was captured.
            continue;
        }
        tried += 1;
        match find_proof_game(t, &start, target, ProofBudget { nodes }) {
            Some(_) => found += 1,
            None if show => eprintln!(
                "{name}: none for {} {} (ply {ply}, conflict {})",
                target.layout(t),
                target.side_to_move(),
                arrival_order_conflict(t, target)
            ),
            None => {}
        }
    }
    println!(
        "{name} recorded: {found}/{tried} found, {:.2} ms per target",
        1000.0 * clock.elapsed().as_secs_f64() / tried.max(1) as f64
    );
}

/// Writes the proof games of the first `count` random targets that get one, one file
/// each, `DIR/VARIANT-NN.txt`.
fn write_fixtures(name: &str, dir: &str, count: usize, seed: u64, nodes: u64) {
    let prepared = prepared(name);
    let t = &prepared.tables;
    let start = Position::start(t);
    let mut written = 0;
    for index in 0.. {
        if written == count {
            break;
        }
        let Some(target) = prepared.test_target(seed, index) else {
            continue;
        };
        let Some(proof) = find_proof_game(t, &start, &target, ProofBudget { nodes }) else {
            continue;
        };
        written += 1;
        let text = format!(
            "# A proof game of a random test target: cargo run --release --example proof_games -- {name} --write-fixtures DIR --samples {count} --seed {seed}\nvariant: {name}\nposition: {}\nside: {}\nplies: {}\nmoves: {}\n",
            target.layout(t),
            target.side_to_move(),
            proof.moves.len(),
            proof.line(t, &start)
        );
        let path = std::path::Path::new(dir).join(format!("{name}-{written:02}.txt"));
        taflcount::files::write_file(&path, text.as_bytes(), true).expect("a writable directory");
    }
    println!("{name}: {written} fixtures in {dir}");
}

/// A catalog variant made ready for the legal-position estimate, whose uniform superset
/// samples are the test targets.
fn prepared(name: &str) -> Prepared {
    let variant = taflcount::rules::catalog::find(name).expect("a catalog variant");
    Prepared::new(&variant.rules()).expect("a variant the estimate handles")
}

/// The proof game of one target, as a move line, or `none`.
fn one(name: &str, record: &str, side: &str, nodes: u64) {
    let game = Game::named(name).expect("a catalog variant");
    let t = &game.tables;
    let layout =
        taflcount::board::Layout::parse(record, taflcount::board::RecordOrder::RankOneFirst)
            .expect("a position record");
    let side = side.parse().expect("attackers or defenders");
    let target = Position::from_layout(t, &layout, side).expect("a position of the variant");
    let start = Position::start(t);
    match find_proof_game(t, &start, &target, ProofBudget { nodes }) {
        Some(g) => println!("{}", g.line(t, &start)),
        None => println!(
            "none (order conflict: {})",
            arrival_order_conflict(t, &target)
        ),
    }
}
