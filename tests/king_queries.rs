//! The king queries of `moves` (escape in one, capture in one) against brute force:
//! every legal move played and the result looked at, on random games of every catalog
//! variant. Brute force needs nothing of the queries' masks, only move generation and
//! play, which perft checks against published counts.

use taflcount::board::Side;
use taflcount::moves::{Position, Tables};
use taflcount::rng::SplitMix64;
use taflcount::rules::catalog::VARIANTS;

/// The king's legal moves that land on an escape square, with the defenders to move.
fn escapes_by_brute_force(t: &Tables, pos: &Position) -> usize {
    let Some(king) = pos.king() else { return 0 };
    let mut q = pos.clone();
    if q.side_to_move() != Side::Defenders {
        q.null_move(t);
    }
    q.legal_moves(t)
        .into_iter()
        .filter(|m| m.from == king && t.escape_squares().contains(m.to))
        .count()
}

/// True if a legal move of the side to move takes the king.
fn capture_by_brute_force(t: &Tables, pos: &Position) -> bool {
    pos.king().is_some()
        && pos.legal_moves(t).into_iter().any(|m| {
            let mut after = pos.clone();
            after.play(t, m);
            after.king().is_none()
        })
}

#[test]
fn king_queries_agree_with_playing_every_move() {
    let mut rng = SplitMix64::new(0x6b69_6e67);
    let (mut escapes, mut captures, mut positions) = (0, 0, 0);
    for variant in VARIANTS {
        let Ok(t) = Tables::new(&variant.rules()) else {
            continue;
        };
        for _game in 0..12 {
            let mut pos = Position::start(&t);
            for _ply in 0..160 {
                if pos.outcome(&t).is_some() {
                    break;
                }
                let moves = pos.legal_moves(&t);
                if moves.is_empty() {
                    break;
                }
                if pos.berserker().is_none() {
                    positions += 1;
                    let n = escapes_by_brute_force(&t, &pos);
                    let king = pos.king();
                    assert_eq!(
                        king.map_or(0, |k| pos.king_escapes(&t, k).len() as usize),
                        n,
                        "{}: escapes of {}",
                        variant.name,
                        pos.layout(&t)
                    );
                    assert_eq!(pos.king_escapes_in_one(&t), n > 0);
                    if pos.side_to_move() == Side::Defenders {
                        let m = pos.king_escape_move(&t);
                        assert_eq!(m.is_some(), n > 0);
                        if let Some(m) = m {
                            assert!(moves.contains(&m) && t.escape_squares().contains(m.to));
                        }
                        // Every stop of all his escapes lands on one of their lines.
                        let lines = pos.king_escape_lines(&t);
                        let mut passed = pos.clone();
                        passed.null_move(&t);
                        for b in passed.legal_moves(&t) {
                            let mut after = passed.clone();
                            after.play(&t, b);
                            if n > 0 && escapes_by_brute_force(&t, &after) == 0 {
                                assert!(
                                    lines.contains(b.to) || after.king() != king,
                                    "{}: {b} stops the escape off the lines",
                                    variant.name
                                );
                            }
                        }
                    }
                    escapes += usize::from(n > 0);
                    let capture = capture_by_brute_force(&t, &pos);
                    let found = pos.king_capture_move(&t);
                    assert_eq!(found.is_some(), capture, "{}: capture", variant.name);
                    if let Some(m) = found {
                        let mut after = pos.clone();
                        after.play(&t, m);
                        assert!(after.king().is_none());
                    }
                    captures += usize::from(capture);
                }
                let m = moves[rng.below(moves.len())];
                pos.play(&t, m);
            }
        }
    }
    // The random games must have met both queries' answers often enough to mean much.
    assert!(positions > 5_000, "{positions} positions");
    assert!(
        escapes > 100 && captures > 20,
        "{escapes} escapes, {captures} captures"
    );
}
