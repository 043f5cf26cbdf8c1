//! One owner per rules question: where the engine answers a question fast from its own
//! words and the rules' plain definition answers it for any piece, the two agree on
//! every square of random positions of every catalog variant (exotic pieces included).

mod common;

use common::random_play;
use taflcount::board::{Direction, Side, Square};
use taflcount::moves::{Position, Tables};
use taflcount::rules::catalog;

fn catalog_tables() -> Vec<(&'static str, Tables)> {
    catalog::names()
        .into_iter()
        .map(|name| {
            let rules = catalog::find(name).expect("listed").rules();
            (
                name,
                Tables::new(&rules).expect("a catalog variant compiles"),
            )
        })
        .collect()
}

fn squares(dim: usize) -> impl Iterator<Item = Square> {
    (0..dim).flat_map(move |r| (0..dim).map(move |f| Square::new(f, r)))
}

#[test]
fn position_hostility_is_the_rules_definition_for_the_piece_there() {
    let mut checked = 0;
    for (name, t) in catalog_tables() {
        for pos in random_play(&t, 7, 6, 120) {
            for s in squares(t.dim()) {
                for victim in [Side::Attackers, Side::Defenders] {
                    let fast = pos.hostile_to(&t, victim, s);
                    let defined = t.hostile_with(victim, s, pos.piece_at(s));
                    assert_eq!(
                        fast,
                        defined,
                        "{name}: {s} hostile to {victim:?}? position {:?}",
                        pos.layout(&t)
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100_000, "only {checked} squares checked");
}

#[test]
fn hostility_of_an_unarmed_king_on_a_hostile_throne_follows_the_throne() {
    // The case the proof search's old copy got wrong: an enemy king that is no anvil,
    // standing on a square hostile when occupied. By rules.md the square is hostile
    // then (its hostility does not depend on who occupies it), and an armed king is an
    // anvil wherever he stands.
    for (name, t) in catalog_tables() {
        let Some(king) = Position::start(&t).king() else {
            continue;
        };
        let occupied =
            t.hostile_when_occupied(Side::Attackers)[king.rank()] & (1 << (king.file() + 1)) != 0;
        let king_piece = Position::start(&t).piece_at(king);
        let expected = t.king_anvil() || occupied;
        assert_eq!(
            t.hostile_with(Side::Attackers, king, king_piece),
            expected,
            "{name}: the king's start square"
        );
    }
}

#[test]
fn escape_moves_are_the_kings_moves_onto_escape_squares() {
    for (name, t) in catalog_tables() {
        for pos in random_play(&t, 11, 4, 150) {
            let king = pos.king();
            let mut escapes_by_moves = 0;
            for mv in pos.legal_moves(&t) {
                let by_owner = t.is_escape(king, mv.from, mv.to);
                let by_hand = king == Some(mv.from) && t.escape_squares().contains(mv.to);
                assert_eq!(by_owner, by_hand, "{name}: {mv}");
                escapes_by_moves += usize::from(by_owner);
            }
            // With the king to move (no berserk turn of another piece), his escapes
            // among the legal moves are those `king_escapes` lists.
            if let (Some(k), Side::Defenders, None) = (king, pos.side_to_move(), pos.berserker()) {
                if pos.outcome(&t).is_none() {
                    assert_eq!(
                        escapes_by_moves,
                        pos.king_escapes(&t, k).len() as usize,
                        "{name}: {:?}",
                        pos.layout(&t)
                    );
                }
            }
        }
    }
}

#[test]
fn step_and_dense_index_agree_with_coordinates() {
    for dim in [5, 7, 11, 19] {
        for s in squares(dim) {
            assert_eq!(Square::from_dense(s.dense(dim), dim), s);
            assert!(s.dense(dim) < dim * dim);
            for d in Direction::ALL {
                let (df, dr) = d.offset();
                let (f, r) = (s.file() as isize + df, s.rank() as isize + dr);
                let on = f >= 0 && r >= 0 && f < dim as isize && r < dim as isize;
                let expected = on.then(|| Square::new(f as usize, r as usize));
                assert_eq!(s.step(dim, d), expected, "{s} {d:?} on {dim}x{dim}");
                if let Some(n) = expected {
                    assert_eq!(n.step(dim, d.opposite()), Some(s));
                }
            }
        }
    }
}
