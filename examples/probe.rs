//! Measures the deep prover on every ply of recorded games: how many plies it settles
//! within a node limit and where the work goes.
//! `cargo run --release --example probe -- brandubh fixtures/games/brandubh.csv 20 7 200000`
//! (variant, archive, games, plies, node limit).
use std::time::Instant;
use taflcount::game::Game;
use taflcount::notation::{parse_games, replay};
use taflcount::regress::{history_since_capture, Prover};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant = &args[1];
    let file = &args[2];
    let games: usize = args[3].parse().unwrap();
    let plies: u32 = args[4].parse().unwrap();
    let limit: u64 = args[5].parse().unwrap();
    let game = Game::named(variant).unwrap();
    let t = &game.tables;
    let records = parse_games(&std::fs::read_to_string(file).unwrap()).unwrap();
    let (mut yes, mut no, mut undecided, mut nodes) = (0, 0, 0, 0u64);
    let (mut targeted, mut every) = (0, 0);
    let (mut exp, mut fr, mut frn, mut thn) = (0, 0, 0, 0);
    let started = Instant::now();
    let mut hist = vec![0u64; 12];
    for record in records.iter().take(games) {
        let r = replay(t, record).unwrap();
        for ply in 1..=r.moves.len() {
            let pos = &r.positions[ply - 1];
            if pos.outcome(t).is_some() {
                break;
            }
            let (history, _) = history_since_capture(&r.positions, &r.moves, ply);
            let mut p = Prover::new(t, pos, &history)
                .unwrap()
                .with_node_limit(limit);
            match p.wins_within(pos, plies) {
                Ok(true) => yes += 1,
                Ok(false) => no += 1,
                Err(_) => undecided += 1,
            }
            let n = p.nodes();
            nodes += n;
            let b = (64 - n.leading_zeros()) as usize / 2;
            hist[b.min(11)] += 1;
            targeted += p.stats().targeted;
            every += p.stats().every_move;
            exp += p.stats().expansions;
            fr += p.stats().frontier;
            frn += p.stats().frontier_nodes;
            thn += p.stats().threat_nodes;
        }
    }
    println!("{variant} within {plies}: yes {yes} no {no} undecided {undecided}; nodes {nodes} ({:.2} s, {:.0} nodes/s); targeted {targeted} every {every}", started.elapsed().as_secs_f64(), nodes as f64 / started.elapsed().as_secs_f64());
    println!("expansions {exp} frontier {fr} frontier nodes {frn} threat nodes {thn}");
    println!("nodes per position, by powers of 4: {hist:?}");
}
