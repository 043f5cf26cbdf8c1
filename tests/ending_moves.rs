//! `moves::EndingMoves`, the prover's filter of the moves that can end the game now,
//! against the rules themselves: on random games of every catalog variant, every legal
//! move after which `Position::outcome` (end.rs) gives its mover the win must be among
//! the moves the filter lets through. A move it leaves out would make the prover miss
//! a win, and its proofs wrong.

use std::collections::BTreeMap;
use taflcount::board::{Layout, RecordOrder, Side};
use taflcount::moves::{EndingMoves, Move, Position, Scope, Square, Tables};
use taflcount::notation::{parse_games, replay};
use taflcount::rng::SplitMix64;
use taflcount::rules::catalog::{self, VARIANTS};

/// Checks the filter on `pos`; counts the winning moves met by reason.
fn check(
    name: &str,
    t: &Tables,
    ending: &EndingMoves,
    pos: &Position,
    reasons: &mut BTreeMap<&'static str, usize>,
) -> bool {
    let mut out = Vec::new();
    let scope = ending.scope(pos, false);
    ending.moves_in(pos, scope, &mut out);
    let moves = pos.legal_moves(t);
    let me = pos.side_to_move();
    for &m in &moves {
        let mut after = pos.clone();
        after.play(t, m);
        if let Some(o) = after.outcome(t).filter(|o| o.winner == Some(me)) {
            *reasons.entry(o.reason.name()).or_insert(0) += 1;
            assert!(
                out.contains(&m),
                "{name}: {m} wins ({}) but the filter ({scope:?}) leaves it out in {} with {me:?} to move",
                o.reason,
                pos.layout(t)
            );
        }
    }
    // Everything it lists is a legal move.
    assert!(out.iter().all(|m| moves.contains(m)), "{name}");
    scope != Scope::Every
}

/// Every position of the recorded games (fixtures/games), where the endings random
/// games never reach (encirclement, edge forts) were played by people.
#[test]
fn recorded_games_endings_pass_the_filter() {
    let mut reasons = BTreeMap::new();
    for (file, variant) in [
        ("copenhagen.csv", "copenhagen"),
        ("brandubh.csv", "brandubh"),
    ] {
        let path = format!("{}/fixtures/games/{file}", env!("CARGO_MANIFEST_DIR"));
        let games = parse_games(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let t = Tables::new(&catalog::find(variant).unwrap().rules()).unwrap();
        let ending = EndingMoves::new(&t);
        for game in &games {
            let Ok(r) = replay(&t, game) else { continue };
            // The last plies hold the endings; earlier ones mostly repeat the random test.
            let from = 0;
            for pos in &r.positions[from..] {
                if pos.outcome(&t).is_none() {
                    check(variant, &t, &ending, pos, &mut reasons);
                }
            }
        }
    }
    eprintln!("winning moves by reason: {reasons:?}");
    // One edge fort only in 2,277 games: the hand-made one below makes up for it.
    for reason in ["escape", "king captured", "encirclement", "no legal move"] {
        assert!(
            reasons.get(reason).is_some_and(|&n| n >= 5),
            "{reason}: {reasons:?}"
        );
    }
}

#[test]
fn every_move_that_ends_the_game_passes_the_filter() {
    let mut rng = SplitMix64::new(0x656e_6469_6e67);
    let (mut targeted, mut positions) = (0usize, 0usize);
    let mut reasons = BTreeMap::new();
    for variant in VARIANTS {
        let Ok(t) = Tables::new(&variant.rules()) else {
            continue;
        };
        let ending = EndingMoves::new(&t);
        for _game in 0..16 {
            let mut pos = Position::start(&t);
            for _ply in 0..200 {
                if pos.outcome(&t).is_some() {
                    break;
                }
                let moves = pos.legal_moves(&t);
                if moves.is_empty() {
                    break;
                }
                positions += 1;
                targeted += usize::from(check(variant.name, &t, &ending, &pos, &mut reasons));
                let m = moves[rng.below(moves.len())];
                pos.play(&t, m);
            }
        }
    }
    eprintln!("{positions} positions, {targeted} filtered, winning moves by reason: {reasons:?}");
    let wins: usize = reasons.values().sum();
    assert!(positions > 10_000, "{positions} positions");
    assert!(
        targeted > positions / 2,
        "{targeted} of {positions} filtered"
    );
    assert!(wins > 500, "only {wins} winning moves met");
}

/// A hand-made edge fort (copenhagen): the king on f1, the empty e1, g1, e2, f2 and g2
/// around him, defenders on d1, h1, d2, h2, e3, f3 and g6, attackers far off on c9 and i9;
/// defenders to move. Worked by hand with the edge-fort test of docs/rules-decisions.md
/// (guards G: on each line a neighbour off the board, the king, a guard or a fort square;
/// an edge guard also safe from shieldwalls). The region leaks only through g2-g3, so a
/// closing move must fill g2 or g3 and leave no new hole; exactly three do:
/// - `g6-g3`: the wall d1 h1 d2 h2 e3 f3 g3, every member guarded;
/// - `g6-g2`: region e1 g1 e2 f2; h2 is no wall member but guards h1 from inward (A2 of
///   the disagreements table);
/// - `h2-g2`: the same region; h1's inward square is empty, but its row is shut by the
///   fort square g1 (A1).
///
/// No other move seals: `d2-g2`, `e3-e2`, `f3-f2`, `f3-g3` open the square they leave,
/// `g6-g4`/`g6-g5` leave g3 leaking through h3, king moves leave the edge or the region
/// open. The rule before issue 25's fixes saw only `g6-g3`.
#[test]
fn a_closing_edge_fort_passes_the_filter() {
    let t = Tables::new(&catalog::find("copenhagen").unwrap().rules()).unwrap();
    let record = "/3T1K1T3/3T3T3/4TT5/11/11/6T4/11/11/2t5t2/11/11/";
    let layout = Layout::parse(record, RecordOrder::RankOneFirst).unwrap();
    let pos = Position::from_layout(&t, &layout, Side::Defenders).unwrap();
    let mv = |from: (usize, usize), to: (usize, usize)| Move {
        from: Square::new(from.0, from.1),
        to: Square::new(to.0, to.1),
    };
    let closing = [mv((6, 5), (6, 2)), mv((6, 5), (6, 1)), mv((7, 1), (6, 1))];
    for m in closing {
        let mut after = pos.clone();
        after.play(&t, m);
        let outcome = after.outcome(&t).expect("the fort ends the game");
        assert_eq!(outcome.reason.name(), "edge fort", "{m:?}");
        assert_eq!(outcome.winner, Some(Side::Defenders), "{m:?}");
    }
    let mut reasons = BTreeMap::new();
    check("copenhagen", &t, &EndingMoves::new(&t), &pos, &mut reasons);
    assert_eq!(reasons.get("edge fort"), Some(&3), "{reasons:?}");
}
