//! Positions where taflcount and another engine disagreed (docs/rules-decisions.md,
//! "Disagreements with other engines"), with the answer the rules give.

use taflcount::board::Side;
use taflcount::moves::{EndReason, Position, Tables};
use taflcount::notation::play_line_moves;
use taflcount::rules::catalog;

/// Recorded copenhagen game 1739's first 82 plies, then the attackers' `c1-b1`.
const GAME_1739_AND_C1_B1: &str =
    "h1-h4 g5-g2 e1-e3 g2-i2 k5-i5 g6-g4 k4-i4 d6-d3 a8-c8 f4-f3 a4-f4 d3-f3 h4-f4 e5-e3 \
         k6-k3 e3-f3 g1-i1 e6-e1 i4-f4 g7-g1 i5-i3 f6-g6 a5-a3 g6-g10 h11-h10 e7-e10 f2-c2 \
         g10-g2 i3-i2 f5-i5 g11-i11 h6-h1 c8-e8 g2-d2 a7-d7 d2-d3 k8-g8 d3-b3 c2-b2 b3-c3 \
         d1-c1 c3-c11 b6-b11 c11-c9 e8-e9 c9-c11 b2-b11 c11-c7 e9-c9 f7-e7 a6-a8 e7-e9 \
         j6-j9 c7-b7 i2-b2 b7-b10 a8-a10 b10-b9 d11-d9 b9-a9 h10-a10 a9-b9 a10-b10 b9-a9 \
         b10-a10 a9-a7 a10-a9 a7-j7 f4-j4 e9-g9 g8-i8 j7-f7 e11-e10 g1-g2 j4-j2 f7-f1 f11-f3 \
         g2-f2 k7-g7 f1-g1 d9-d4 i5-g5 c1-b1";

fn copenhagen_after(moves: &str) -> (Tables, Position) {
    let t = Tables::new(&catalog::find("copenhagen").unwrap().rules()).unwrap();
    let (pos, _) = play_line_moves(&t, Position::start(&t), moves).unwrap();
    (t, pos)
}

/// Issue 25's example: recorded copenhagen game 1739's first 82 plies, then `c1-b1` and
/// `g5-g2`. The king on g1 among e1, h1, f2, g2 with the empty f1:
///
/// ```text
///  2 . t . . . T T . . t .
///  1 . t . . T . K T t . .
///    a b c d e f g h i j k
/// ```
///
/// No attacker can ever reach f1 (walled in) or stand in front of g1 and g2's owner;
/// e1 and h1 have an attacker-free square in front of them (e2, h2 are open) but neither
/// can be taken by a shieldwall: e1's row is closed by the empty f1 that no attacker
/// reaches, h1's row runs into the king, whose front g2 is a defender. Custodially, e1
/// needs an attacker on f1 and h1 one on g1. So the fort cannot be broken: the defenders
/// have won (Copenhagen rules, "exit forts"), as bunburya's `hnefatafl` and
/// `hnefatafl-copenhagen` both say.
#[test]
fn an_edge_fort_whose_edge_members_cannot_be_shieldwalled_is_a_fort() {
    let (t, pos) = copenhagen_after(&format!("{GAME_1739_AND_C1_B1} g5-g2"));
    assert_eq!(
        pos.layout(&t)
            .record(taflcount::board::RecordOrder::RankOneFirst),
        "/1t2T1KTt2/1t3TT2t1/t4t4t/3t7/11/11/6t4/8t2/t1t3T2t1/4t6/1t6t2/"
    );
    let outcome = pos.outcome(&t).expect("the game is over");
    assert_eq!(outcome.reason, EndReason::EdgeFort);
    assert_eq!(outcome.winner, Some(Side::Defenders));
}

/// The control: one move earlier, before `g5-g2`, the square g2 in front of the king is
/// open to the attackers (the taflman on g7 can reach it), so there is no fort yet.
#[test]
fn the_same_position_one_move_earlier_is_no_fort() {
    let (t, pos) = copenhagen_after(GAME_1739_AND_C1_B1);
    assert_eq!(pos.outcome(&t), None);
}

/// Scan group A2: copenhagen game 717, its first 31 plies, then `e2-e1`. The king on e1
/// with R = {e2}; the wall d1 f1 d2 f2 e3. e3 has the open d3 on one side and f3, a
/// defender outside the wall, on the other; f3 cannot be taken either (f2 below it, e3
/// beside it), so e3 never can, and the fort stands: bunburya's `hnefatafl` calls it won.
///
/// ```text
///  4 . t . t . t . t . . t
///  3 t t . . T T . . . t .
///  2 . . t T . T . t t . .
///  1 . . t T K T t . . . .
///    a b c d e f g h i j k
/// ```
#[test]
fn a_wall_member_guarded_by_an_uncapturable_defender_outside_the_wall_is_safe() {
    let t = Tables::new(&catalog::find("copenhagen").unwrap().rules()).unwrap();
    let layout = taflcount::board::Layout::parse(
        "/2tTKTt4/2tT1T1tt2/tt2TT3t1/1t1t1t1t2t/11/t8tt/t5T3t/t4T4t/11/5t5/5tt4/",
        taflcount::board::RecordOrder::RankOneFirst,
    )
    .unwrap();
    let pos = Position::from_layout(&t, &layout, Side::Attackers).unwrap();
    let outcome = pos.outcome(&t).expect("the game is over");
    assert_eq!(outcome.reason, EndReason::EdgeFort);
    assert_eq!(outcome.winner, Some(Side::Defenders));
}

/// Group C2 under `ks:t` (hnefatafl-copenhagen's 7x7 king): recorded brandubh game 5 ends
/// with `f5-e5xd5`, which puts the king on e4 between the attackers on e3 and e5 beside
/// the empty throne d4. Under `ks:t` that is a capture, as hnefatafl-copenhagen says (it
/// ends the game there); under the catalog's `ks:c` he is strong beside the throne and
/// the game goes on (bunburya: 16 moves), worked by hand from the diagram:
///
/// ```text
///  5 . . t . t . .
///  4 t . T . K . t
///  3 . . T . t . .
///    a b c d e f g
/// ```
#[test]
fn ks_t_takes_the_king_beside_the_throne_between_two() {
    let game5 = "d2-e2 d3-d2 b4-b2 d2-d3 d6-c6 d3-c3 c6-c5 e4-e6 d7-d6 d4-e4 f4-f5 e6-e7 \
                 e2-e3 e7-d7xd6 f5-e5xd5";
    let start = "start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    let play = |rules: &str| {
        let t = Tables::new(&rules.parse().unwrap()).unwrap();
        let (pos, _) = play_line_moves(&t, Position::start(&t), game5).unwrap();
        (pos.outcome(&t), pos.king())
    };
    let (outcome, king) = play(&format!("dim:7 atkf:y ks:t cenh: cenp:K {start}"));
    let outcome = outcome.expect("the king is taken");
    assert_eq!(outcome.reason, EndReason::KingCaptured);
    assert_eq!((outcome.winner, king), (Some(Side::Attackers), None));
    let (outcome, king) = play(&format!("dim:7 atkf:y ks:c {start}"));
    assert_eq!(outcome, None);
    assert_eq!(king.map(|k| k.to_string()), Some("e4".to_string()));
}
