//! Differential checks of the engine against itself: bulk against full perft, perft
//! invariance under the board's symmetries, the incremental hash against a recomputed
//! one, and text round trips, over start positions and positions of random games.
mod common;

use common::Rng;
use taflcount::board::Symmetry;
use taflcount::board::{Layout, RecordOrder};
use taflcount::moves::{Move, Position, Tables};
use taflcount::notation::MoveText;
use taflcount::perft::{perft, Counting};
use taflcount::rules::{catalog, Rules};

/// Positions met in a few random games of the variant.
fn random_positions(t: &Tables, seed: u64, games: usize, max_plies: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed | 1);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start(t);
        let plies = 1 + rng.below(max_plies);
        for _ in 0..plies {
            if pos.is_over(t) {
                break;
            }
            let moves = pos.legal_moves(t);
            pos.play(t, moves[rng.below(moves.len())]);
        }
        out.push(pos);
    }
    out
}

/// A depth whose perft stays near `budget` nodes, from the branching at the root.
fn depth_for(t: &Tables, pos: &Position, budget: u64) -> u32 {
    let b = pos.count_moves(t).max(2);
    let mut depth = 1;
    let mut nodes = b;
    while depth < 4 && nodes * b <= budget {
        nodes *= b;
        depth += 1;
    }
    depth
}

fn tables(name: &str) -> Tables {
    Tables::new(&catalog::find(name).unwrap().rules()).unwrap()
}

#[test]
fn bulk_counting_equals_playing_every_leaf() {
    for v in catalog::VARIANTS {
        let t = tables(v.name);
        let mut positions = vec![Position::start(&t)];
        positions.extend(random_positions(&t, 7 + v.name.len() as u64, 6, 60));
        for pos in &positions {
            let d = depth_for(&t, pos, 300_000);
            let bulk = perft(&t, pos, d, Counting::Bulk);
            let full = perft(&t, pos, d, Counting::Full);
            assert_eq!(bulk, full, "{} depth {d} at {}", v.name, pos.layout(&t));
        }
    }
}

#[test]
fn perft_is_invariant_under_board_symmetries() {
    let mut tested = 0;
    for v in catalog::VARIANTS {
        let rules = v.rules();
        if rules.symmetries().len() != 8 {
            continue;
        }
        tested += 1;
        let t = Tables::new(&rules).unwrap();
        for pos in random_positions(&t, 99 + v.name.len() as u64, 4, 40) {
            let d = depth_for(&t, &pos, 100_000);
            let base = perft(&t, &pos, d, Counting::Bulk);
            for &g in &Symmetry::ALL[1..] {
                let image = pos.transformed(&t, g);
                assert_eq!(
                    perft(&t, &image, d, Counting::Bulk),
                    base,
                    "{} symmetry {} depth {d} of {}",
                    v.name,
                    g.name(),
                    pos.layout(&t)
                );
            }
        }
    }
    assert!(tested >= 10, "only {tested} symmetric variants");
}

#[test]
fn incremental_hash_equals_recomputed_hash() {
    for v in catalog::VARIANTS {
        let t = tables(v.name);
        let mut rng = Rng::new(0x5eed ^ v.name.len() as u64);
        for _ in 0..20 {
            let mut pos = Position::start(&t);
            for _ in 0..120 {
                assert_eq!(pos.hash(), pos.recompute_hash(&t), "{}", v.name);
                if pos.is_over(&t) {
                    break;
                }
                let moves = pos.legal_moves(&t);
                pos.play(&t, moves[rng.below(moves.len())]);
            }
        }
    }
}

#[test]
fn equal_positions_hash_equal_and_side_to_move_counts() {
    let t = tables("copenhagen");
    let start = Position::start(&t);
    // Two move orders to the same position.
    let play = |moves: &[&str]| {
        let mut p = start.clone();
        for m in moves {
            let text: MoveText = m.parse().unwrap();
            let mv = taflcount::notation::resolve(&t, &p, &text).unwrap();
            p.play(&t, mv);
        }
        p
    };
    let a = play(&["d1-d3", "e5-e2", "h1-h3", "g5-g2"]);
    let b = play(&["h1-h3", "g5-g2", "d1-d3", "e5-e2"]);
    assert_eq!(a.hash(), b.hash());
    let flipped =
        Position::from_layout(&t, &a.layout(&t), taflcount::board::Side::Attackers).unwrap();
    let other =
        Position::from_layout(&t, &a.layout(&t), taflcount::board::Side::Defenders).unwrap();
    assert_ne!(flipped.hash(), other.hash());
}

#[test]
fn text_round_trips() {
    for v in catalog::VARIANTS {
        let t = tables(v.name);
        for pos in random_positions(&t, 3, 5, 80) {
            let layout = pos.layout(&t);
            for order in [RecordOrder::RankOneFirst, RecordOrder::TopRankFirst] {
                let text = layout.record(order);
                assert_eq!(Layout::parse(&text, order).unwrap(), layout);
            }
            if pos.is_over(&t) {
                continue;
            }
            for mv in pos.legal_moves(&t) {
                let text = mv.to_string();
                let parsed: MoveText = text.parse().unwrap();
                let back: Move = taflcount::notation::resolve(&t, &pos, &parsed).unwrap();
                assert_eq!(back, mv);
                let (_, captured) = pos.after(&t, mv);
                let record = taflcount::notation::record(&pos, mv, &captured).to_string();
                assert_eq!(record.parse::<MoveText>().unwrap().to_string(), record);
            }
        }
        let rules = v.rules();
        assert_eq!(rules.to_string().parse::<Rules>().unwrap(), rules);
    }
}
