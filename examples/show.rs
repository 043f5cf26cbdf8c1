use taflcount::moves::Tables;
use taflcount::notation::{parse_games, MoveText, resolve};
use taflcount::moves::Position;
use taflcount::rules::catalog;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let (file, variant, line, ply): (&str, &str, usize, usize) = (&a[1], &a[2], a[3].parse().unwrap(), a[4].parse().unwrap());
    let text = std::fs::read_to_string(file).unwrap();
    let games = parse_games(&text).unwrap();
    let g = games.iter().find(|g| g.line == line).unwrap();
    let t = Tables::new(&catalog::find(variant).unwrap().rules()).unwrap();
    let mut p = Position::start(&t);
    for (i, m) in g.moves.iter().enumerate() {
        if i + 1 == ply { println!("{}to move: {}  next {}", p.layout(&t).picture(), p.side_to_move(), m); }
        let mv = resolve(&t, &p, &MoveText { captures: vec![], ..m.clone() }).unwrap();
        let (n, c) = p.after(&t, mv);
        if i + 1 == ply { println!("captures {:?}", c.iter().map(|s| taflcount::moves::to_square(*s).to_string()).collect::<Vec<_>>()); println!("{}", n.layout(&t).picture()); break; }
        p = n;
    }
}
