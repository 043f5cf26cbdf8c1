//! Times the deep prover on recorded game plies: whether the side to move wins within N
//! plies (`wins_within`, a proof or a disproof) and, where it does, the full `solve`
//! (every winning first move, every other one disproven), each with a node limit.
//!
//! `cargo run --release --example prover_times -- copenhagen fixtures/games/copenhagen.csv 9 2000000 224:62 70:46`
//! (variant, archive, horizon, node limit, then game:ply pairs: game line from 1, the ply
//! about to be played from 1).
use std::time::Instant;
use taflcount::game::Game;
use taflcount::notation::{parse_games, replay};
use taflcount::regress::{history_since_capture, Prover};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: prover_times VARIANT ARCHIVE WITHIN NODES GAME:PLY...";
    let (Some(variant), Some(file), Some(within), Some(limit)) =
        (args.get(1), args.get(2), args.get(3), args.get(4))
    else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let within: u32 = within.parse().expect("WITHIN: a number");
    let limit: u64 = limit.parse().expect("NODES: a number");
    let game = Game::named(variant).expect("a catalog variant");
    let t = &game.tables;
    let records =
        parse_games(&std::fs::read_to_string(file).expect("the archive")).expect("a valid archive");
    for spec in &args[5..] {
        let (g, ply) = spec.split_once(':').expect("GAME:PLY");
        let (g, ply): (usize, usize) = (g.parse().unwrap(), ply.parse().unwrap());
        let r = replay(t, &records[g - 1]).expect("a legal game");
        let pos = &r.positions[ply - 1];
        let (history, _) = history_since_capture(&r.positions, &r.moves, ply);
        let started = Instant::now();
        let mut p = Prover::new(t, pos, &history)
            .expect("no berserk")
            .with_node_limit(limit);
        let wins = p.wins_within(pos, within);
        let (exists_s, exists_nodes) = (started.elapsed().as_secs_f64(), p.nodes());
        print!("game {g} ply {ply} within {within}: wins {wins:?} in {exists_s:.2} s, {exists_nodes} nodes");
        if wins == Ok(true) {
            let started = Instant::now();
            let mut p = Prover::new(t, pos, &history)
                .expect("no berserk")
                .with_node_limit(limit);
            match p.solve(pos, within) {
                Ok(s) => print!(
                    "; solve: shortest {:?}, {} winning moves, {:.2} s, {} nodes ({:?})",
                    s.win_in,
                    s.winning_moves.len(),
                    started.elapsed().as_secs_f64(),
                    s.nodes,
                    p.stats()
                ),
                Err(e) => print!("; solve: {e} ({:.2} s)", started.elapsed().as_secs_f64()),
            }
        }
        println!();
    }
}
