//! The whole-board (bit-parallel) move counting against the per-piece generator it
//! replaced in bulk perft: equal counts on random positions of every catalog variant,
//! exotic pieces, re-entry classes, speed limits and jumps included.

mod common;

use common::{random_play, random_position, Rng};
use taflcount::board::Side;
use taflcount::moves::{EndReason, Position, Tables};
use taflcount::rules::catalog;

fn check(name: &str, t: &Tables, pos: &Position) {
    let bulk = pos.count_moves(t);
    let by_piece = pos.count_moves_by_piece(t);
    let listed = pos.legal_moves(t).len() as u64;
    assert_eq!(
        (bulk, by_piece),
        (listed, listed),
        "{name}: {} with {:?} to move",
        pos.layout(t),
        pos.side_to_move()
    );
    if let Some(g) = t.geometry() {
        // The bitboards hold exactly the pieces of the rank words.
        for side in Side::BOTH {
            let from_words: Vec<_> = pos.pieces(side).iter().collect();
            let from_bits: Vec<_> = g.squares(pos.bitboard(side)).collect();
            let mut sorted = from_words.clone();
            sorted.sort_by_key(|s| (s.rank(), s.file()));
            assert_eq!(from_bits, sorted, "{name}: {side:?}'s bitboard");
        }
    }
}

#[test]
fn bulk_counts_equal_per_piece_counts_in_random_play_of_every_variant() {
    let mut positions = 0;
    for name in catalog::names() {
        let t = Tables::new(&catalog::find(name).unwrap().rules()).unwrap();
        for pos in random_play(&t, 3, 8, 200) {
            check(name, &t, &pos);
            positions += 1;
        }
    }
    assert!(positions > 10_000, "only {positions} positions");
}

#[test]
fn bulk_counts_equal_per_piece_counts_on_random_boards() {
    let mut rng = Rng::new(17);
    let mut positions = 0;
    for name in catalog::names() {
        let t = Tables::new(&catalog::find(name).unwrap().rules()).unwrap();
        let cells = t.dim() * t.dim();
        for _ in 0..300 {
            let attackers = rng.below(cells / 3) + 1;
            let defenders = rng.below(cells / 4);
            if let Some(pos) = random_position(&t, &mut rng, attackers, defenders) {
                check(name, &t, &pos);
                positions += 1;
            }
        }
    }
    assert!(positions > 1_000, "only {positions} positions");
}

/// Checks every move `child_count` answers in `pos` against playing it and counting
/// the child's moves piece by piece: how many it answered, and how many of those
/// children ended by encirclement.
fn check_child_counts(name: &str, t: &Tables, pos: &Position) -> (usize, usize) {
    let (mut answered, mut encircled) = (0, 0);
    if !pos.child_counts_apply(t) || pos.ended_before_moving(t) {
        return (0, 0);
    }
    for mv in pos.legal_moves(t) {
        let Some(n) = pos.child_count(t, mv) else {
            continue;
        };
        let mut child = pos.clone();
        child.play(t, mv);
        let played = if child.ended_before_moving(t) {
            if child.outcome(t).map(|o| o.reason) == Some(EndReason::Encirclement) {
                encircled += 1;
            }
            0
        } else {
            child.count_moves_by_piece(t)
        };
        assert_eq!(n, played, "{name}: {mv} in {}", pos.layout(t));
        answered += 1;
    }
    (answered, encircled)
}

#[test]
fn child_counts_equal_playing_the_move_in_random_play_of_every_variant() {
    let mut answered = 0;
    for name in catalog::names() {
        let t = Tables::new(&catalog::find(name).unwrap().rules()).unwrap();
        for pos in random_play(&t, 5, 6, 200) {
            answered += check_child_counts(name, &t, &pos).0;
        }
    }
    assert!(
        answered > 100_000,
        "only {answered} moves answered without playing"
    );
}

#[test]
fn child_counts_equal_playing_the_move_where_encirclement_is_near() {
    // Crowded random boards with a few defenders: attackers' moves that close (or do
    // not close) the last way out are common, so the shortcut that skips the flood
    // (`keeps_an_exit`) meets the cases where it must not.
    let mut rng = Rng::new(23);
    let (mut answered, mut encircled) = (0, 0);
    for name in catalog::names() {
        let t = Tables::new(&catalog::find(name).unwrap().rules()).unwrap();
        let cells = t.dim() * t.dim();
        for _ in 0..400 {
            let attackers = cells * 2 / 5 + rng.below(cells / 5);
            let defenders = rng.below(3);
            let Some(mut pos) = random_position(&t, &mut rng, attackers, defenders) else {
                continue;
            };
            if pos.side_to_move() != Side::Attackers {
                pos.null_move(&t);
            }
            let (a, e) = check_child_counts(name, &t, &pos);
            answered += a;
            encircled += e;
        }
    }
    assert!(answered > 50_000, "only {answered} moves answered");
    assert!(
        encircled > 100,
        "only {encircled} moves encircled the defenders"
    );
}
