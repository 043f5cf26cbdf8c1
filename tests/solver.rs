//! The solver against an independent brute force (full-width negamax over every line,
//! no early exits, the engine's `outcome()` as the only judge) on small random
//! positions, and against hand-worked positions, repetition included.

use taflcount::board::{Layout, RecordOrder, Side};
use taflcount::moves::{Move, Position, Tables};
use taflcount::regress::Solver;
use taflcount::rules::Rules;

// The library's seeded generator and random small positions, shared with tests/prover.rs.
mod common;
use common::{random_position, Rng};

fn tables(rules: &str) -> Tables {
    Tables::new(&rules.parse::<Rules>().unwrap()).unwrap()
}

fn position(t: &Tables, record: &str, side: Side) -> Position {
    Position::from_layout(
        t,
        &Layout::parse(record, RecordOrder::RankOneFirst).unwrap(),
        side,
    )
    .unwrap()
}

/// +1: the side to move forces a win within `n` plies; -1: the opponent does; 0: neither.
/// Every move is searched, every reply too: nothing is cut.
fn brute(t: &Tables, pos: &Position, n: u32) -> i32 {
    let mover = pos.side_to_move();
    let mut best = -2;
    for mv in pos.legal_moves(t) {
        best = best.max(brute_move(t, pos, mv, n, mover));
    }
    best
}

fn brute_move(t: &Tables, pos: &Position, mv: Move, n: u32, mover: Side) -> i32 {
    let (child, _) = pos.after(t, mv);
    match child.outcome(t) {
        Some(o) if o.winner == Some(mover) => 1,
        Some(o) if o.winner.is_some() => -1,
        Some(_) => 0,
        None if n <= 1 => 0,
        None => -brute(t, &child, n - 1),
    }
}

fn compare_on_random_positions(
    rules: &str,
    seed: u64,
    count: usize,
    attackers: usize,
    defenders: usize,
    max_plies: u32,
) {
    let t = tables(rules);
    let mut rng = Rng::new(seed);
    let (mut checked, mut wins, mut losses) = (0, 0, 0);
    while checked < count {
        let Some(pos) = random_position(&t, &mut rng, attackers, defenders) else {
            continue;
        };
        checked += 1;
        for n in 1..=max_plies {
            let mut solver = Solver::new(&t, &pos, &[]);
            let solution = solver.solve(&pos, n);
            let value = brute(&t, &pos, n);
            assert_eq!(
                solution.win_in.is_some(),
                value == 1,
                "{rules}\n{}{:?} to move, within {n}",
                pos.layout(&t).picture(),
                pos.side_to_move()
            );
            let mover = pos.side_to_move();
            let expected: Vec<Move> = pos
                .legal_moves(&t)
                .into_iter()
                .filter(|&m| brute_move(&t, &pos, m, n, mover) == 1)
                .collect();
            if let Some(shortest) = solution.win_in {
                assert_eq!(
                    solution.winning_moves,
                    expected,
                    "{}within {n}",
                    pos.layout(&t).picture()
                );
                wins += 1;
                // The shortest win is the first horizon with a win.
                assert!((1..shortest).step_by(2).all(|m| brute(&t, &pos, m) != 1));
            }
            let refutation = Solver::new(&t, &pos, &[]).refute(&pos, n);
            let losing: Vec<Move> = pos
                .legal_moves(&t)
                .into_iter()
                .filter(|&m| brute_move(&t, &pos, m, n, mover) == -1)
                .collect();
            assert_eq!(
                refutation.losing_moves,
                losing,
                "{}within {n}",
                pos.layout(&t).picture()
            );
            losses += losing.len();
        }
    }
    // The sample must exercise both answers, or the comparison proves little.
    assert!(wins > 0 && losses > 0, "wins {wins}, losing moves {losses}");
}

#[test]
fn agrees_with_brute_force_on_5x5() {
    // Corner escape, weak king, no repetition: the engine's outcome() alone judges.
    compare_on_random_positions(
        "dim:5 name:Tiny ks:w tfr:i surf:y start:/1t3/5/2K2/5/3t1/",
        7,
        40,
        3,
        1,
        4,
    );
}

#[test]
fn agrees_with_brute_force_on_5x5_strong_king_edge_escape() {
    compare_on_random_positions(
        "dim:5 name:Tiny esc:e ks:s tfr:i start:/1t3/5/2K2/5/3t1/",
        11,
        40,
        4,
        1,
        3,
    );
}

#[test]
fn agrees_with_brute_force_on_brandub_boards() {
    compare_on_random_positions("dim:7 name:Brandub surf:n atkf:y ks:w tfr:i cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", 3, 12, 3, 1, 3);
}

#[test]
fn hand_worked_lone_king_wins_in_three_by_reaching_any_edge() {
    // Brandub, king alone on d4, one attacker on b2. No corner is one move away; from any
    // edge square the king threatens two corners and one attacker blocks only one.
    let t = tables("dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
    let pos = position(&t, "starti:/7/7/7/3K3/7/1t5/7/", Side::Defenders);
    let mut solver = Solver::new(&t, &pos, &[]);
    assert_eq!(solver.solve(&pos, 1).win_in, None);
    let s = solver.solve(&pos, 3);
    assert_eq!(s.win_in, Some(3));
    let mut moves: Vec<String> = s.winning_moves.iter().map(|m| m.to_string()).collect();
    moves.sort();
    assert_eq!(moves, ["d4-a4", "d4-d1", "d4-d7", "d4-g4"]);
}

#[test]
fn hand_worked_escape_in_one() {
    // Copenhagen: king on b1 with a clear path to a1; also to k1? c1..j1 blocked at e1.
    let t = tables("dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/");
    let pos = position(
        &t,
        "starti:/11/11/11/5t5/11/3t3t3/11/11/11/11/1K2t6/",
        Side::Defenders,
    );
    let s = Solver::new(&t, &pos, &[]).solve(&pos, 1);
    assert_eq!(s.win_in, Some(1));
    assert_eq!(
        s.winning_moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>(),
        ["b1-a1"]
    );
}

/// Positions of a king shuffling c3-c2-c3 while an attacker shuffles f6-f5-f6, from
/// (king c2, attacker f6, attackers to move): after 7 moves the defenders are to move in
/// a position seen twice, and c3-c2 makes (king c2, attacker f6) appear a third time.
fn shuffle(tfr: &str) -> (Tables, Position, Vec<u64>) {
    let t = tables(&format!("dim:7 name:Shuffle surf:n ks:w tfr:{tfr} cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"));
    let mut pos = position(&t, "starti:/7/5t1/7/7/7/2K4/7/", Side::Attackers);
    let mut history = Vec::new();
    for m in [
        "f6-f5", "c2-c3", "f5-f6", "c3-c2", "f6-f5", "c2-c3", "f5-f6",
    ] {
        history.push(pos.hash());
        let mv = *pos
            .legal_moves(&t)
            .iter()
            .find(|mv| mv.to_string() == m)
            .unwrap();
        pos.play(&t, mv);
    }
    (t, pos, history)
}

#[test]
fn hand_worked_repetition_loses_for_the_repeater_under_tfr_w() {
    let (t, pos, history) = shuffle("w");
    let r = Solver::new(&t, &pos, &history).refute(&pos, 1);
    assert_eq!(
        r.losing_moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>(),
        ["c3-c2"]
    );
    // Without the history the same move is harmless.
    assert!(Solver::new(&t, &pos, &[])
        .refute(&pos, 1)
        .losing_moves
        .is_empty());
}

#[test]
fn hand_worked_repetition_wins_for_the_repeater_under_tfr_l() {
    let (t, pos, history) = shuffle("l");
    let s = Solver::new(&t, &pos, &history).solve(&pos, 1);
    assert_eq!(s.win_in, Some(1));
    assert_eq!(
        s.winning_moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>(),
        ["c3-c2"]
    );
}

#[test]
fn hand_worked_repetition_draw_neither_wins_nor_loses() {
    let (t, pos, history) = shuffle("d");
    assert_eq!(Solver::new(&t, &pos, &history).solve(&pos, 1).win_in, None);
    assert!(Solver::new(&t, &pos, &history)
        .refute(&pos, 1)
        .losing_moves
        .is_empty());
}
