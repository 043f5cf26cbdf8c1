//! Helpers shared by the integration tests (each test crate uses some of them).
#![allow(dead_code)]

pub mod transcript;

use taflcount::board::{Layout, Piece, Side, Square};
use taflcount::moves::{Position, Tables};
use taflcount::notation::{parse_games, GameRecord};

/// The recorded games of `fixtures/games/FILE` (the repository's own archives).
pub fn recorded_games(file: &str) -> Vec<GameRecord> {
    let path = format!("{}/fixtures/games/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_games(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The library's own seeded generator, so every test run plays the same games.
pub use taflcount::rng::SplitMix64 as Rng;

/// A position with the king, `defenders` defenders and `attackers` attackers on random
/// squares (off the corners and the centre), a random side to move, or `None` if the
/// draw is not a legal, unfinished position.
pub fn random_position(
    t: &Tables,
    rng: &mut Rng,
    attackers: usize,
    defenders: usize,
) -> Option<Position> {
    let dim = t.dim();
    let mut layout = Layout::empty(dim);
    let mut free: Vec<Square> = (0..dim)
        .flat_map(|r| (0..dim).map(move |f| Square::new(f, r)))
        .filter(|s| !t.is_corner(s.file(), s.rank()) && (s.file(), s.rank()) != (dim / 2, dim / 2))
        .collect();
    let mut place = |piece: Piece, layout: &mut Layout| {
        let i = rng.below(free.len());
        layout.set(free.swap_remove(i), Some(piece));
    };
    place(Piece::KING, &mut layout);
    for _ in 0..defenders {
        place(Piece::DEFENDER, &mut layout);
    }
    for _ in 0..attackers {
        place(Piece::ATTACKER, &mut layout);
    }
    let side = if rng.below(2) == 0 {
        Side::Attackers
    } else {
        Side::Defenders
    };
    let pos = Position::from_layout(t, &layout, side).ok()?;
    pos.outcome(t).is_none().then_some(pos)
}

/// Every position of `games` random games of at most `plies` plies from the start of
/// `t`'s variant, each game from the library's seeded generator.
pub fn random_play(t: &Tables, seed: u64, games: usize, plies: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start(t);
        for _ in 0..plies {
            out.push(pos.clone());
            if pos.outcome(t).is_some() {
                break;
            }
            let moves = pos.legal_moves(t);
            if moves.is_empty() {
                break;
            }
            pos.play(t, moves[rng.below(moves.len())]);
        }
    }
    out
}
