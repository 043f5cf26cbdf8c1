//! The check that removed 88 hard fixtures (fixtures/misplays/hard/README.md): for each
//! fixture of a folder, whether its misplay forces a win within the mining horizon (5
//! plies on 11x11 boards, 7 otherwise), i.e. was a slower win rather than a missed one.
//! `cargo run --release --example hard_filter -- fixtures/misplays/hard 2000000`
//! (folder, node limit); prints `FILE Ok(false) NODES` for a true missed win.
use taflcount::regress::{load_dir, Prover};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = std::path::Path::new(&args[1]);
    let limit: u64 = args[2].parse().unwrap();
    for l in load_dir(dir).unwrap() {
        let horizon = if l.tables.dim() >= 11 { 5 } else { 7 };
        let mut p = Prover::new(&l.tables, &l.position, &l.history)
            .unwrap()
            .with_node_limit(limit);
        let r = p.move_wins(&l.position, l.misplay, horizon);
        println!(
            "{} {:?} {}",
            l.file,
            r.as_ref().map_err(|e| e.to_string()),
            p.nodes()
        );
    }
}
