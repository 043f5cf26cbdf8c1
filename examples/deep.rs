use taflcount::moves::{Position, Tables};
use taflcount::perft::{perft, Counting};
use taflcount::rules::catalog;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules = if args[1].contains(':') { args[1].parse().unwrap() } else { catalog::find(&args[1]).unwrap().rules() };
    let depth: u32 = args[2].parse().unwrap();
    let counting = if args.get(3).map(|s| s.as_str()) == Some("full") { Counting::Full } else { Counting::Bulk };
    let t = Tables::new(&rules).unwrap();
    let p = Position::start(&t);
    let s = std::time::Instant::now();
    let n = perft(&t, &p, depth, counting);
    let e = s.elapsed().as_secs_f64();
    println!("{} d{depth} {n} {e:.2}s {:.1}M/s", args[1], n as f64 / e / 1e6);
}
