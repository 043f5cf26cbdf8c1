//! The deep prover against its oracle, the full-width solver: the same wins, shortest
//! wins, winning moves and losing moves on every position where both finish. Random
//! small positions (sparse ones, where every move is tried for immediate wins, and
//! crowded ones, where only targeted moves are), positions with a game history that
//! makes repetition end the game inside the search, positions of the recorded games,
//! and every fixture of the core misplay suite.

mod common;

use common::{random_position, Rng};
use std::path::Path;
use taflcount::board::{Layout, Piece, RecordOrder, Side, Square};
use taflcount::game::Game;
use taflcount::moves::{Move, Position, Tables};
use taflcount::notation::replay;
use taflcount::regress::{self, history_since_capture, Proof, Prover, ProverError, Solver};
use taflcount::rules::{Escape, Rules};

fn tables(rules: &str) -> Tables {
    Tables::new(&rules.parse::<Rules>().unwrap()).unwrap()
}

/// A game history that returns to its positions: a random move and reply played, taken
/// back, played again, and part of the way once more, so that the root's position and
/// its neighbours have occurred before and some moves repeat a position a third time.
fn shuffled(t: &Tables, rng: &mut Rng, start: &Position) -> Option<(Position, Vec<u64>)> {
    let pick = |pos: &Position, rng: &mut Rng| -> Option<Move> {
        let moves = pos.legal_moves(t);
        (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
    };
    let m1 = pick(start, rng)?;
    let (a, cap) = start.after(t, m1);
    if !cap.is_empty() || a.outcome(t).is_some() {
        return None;
    }
    let r1 = pick(&a, rng)?;
    let (b, cap) = a.after(t, r1);
    if !cap.is_empty() || b.outcome(t).is_some() {
        return None;
    }
    let back = |m: Move| Move {
        from: m.to,
        to: m.from,
    };
    let cycle = [m1, r1, back(m1), back(r1)];
    let mut pos = start.clone();
    let mut history = Vec::new();
    let extra = 1 + rng.below(3);
    for &mv in cycle.iter().cycle().take(4 + extra) {
        if !pos.legal_moves(t).contains(&mv) {
            return None;
        }
        history.push(pos.hash());
        let (next, cap) = pos.after(t, mv);
        if !cap.is_empty() || next.outcome(t).is_some() {
            return None;
        }
        pos = next;
    }
    Some((pos, history))
}

struct Case {
    rules: &'static str,
    seed: u64,
    count: usize,
    attackers: usize,
    defenders: usize,
    max_plies: u32,
    history: bool,
}

/// Solver and prover on `count` random positions, for every horizon up to `max_plies`:
/// the same `solve` and `refute` answers. Returns what the sample exercised.
fn compare(case: &Case) -> Seen {
    let t = tables(case.rules);
    let mut rng = Rng::new(case.seed);
    let mut seen = Seen::default();
    let mut checked = 0;
    while checked < case.count {
        let Some(start) = random_position(&t, &mut rng, case.attackers, case.defenders) else {
            continue;
        };
        let (pos, history) = if case.history {
            match shuffled(&t, &mut rng, &start) {
                Some(x) => x,
                None => continue,
            }
        } else {
            (start, Vec::new())
        };
        checked += 1;
        let picture = || {
            format!(
                "{}\n{}{:?} to move",
                case.rules,
                pos.layout(&t).picture(),
                pos.side_to_move()
            )
        };
        for n in 1..=case.max_plies {
            let expected = Solver::new(&t, &pos, &history).solve(&pos, n);
            let mut prover = Prover::new(&t, &pos, &history).unwrap();
            let got = prover.solve(&pos, n).unwrap();
            seen.targeted += prover.stats().targeted;
            assert_eq!(
                (got.win_in, &got.winning_moves),
                (expected.win_in, &expected.winning_moves),
                "solve within {n}\n{}",
                picture()
            );
            seen.wins += usize::from(expected.win_in.is_some());
            // `winning_move`: a move exactly when the solver finds a win, and one of its
            // winning moves.
            let mut prover = Prover::new(&t, &pos, &history).unwrap();
            match prover.winning_move(&pos, n).unwrap() {
                Some(mv) => assert!(
                    expected.winning_moves.contains(&mv),
                    "winning_move {mv} within {n}, not the solver's\n{}",
                    picture()
                ),
                None => assert!(
                    expected.win_in.is_none(),
                    "winning_move within {n} found none\n{}",
                    picture()
                ),
            }
            if n == case.max_plies {
                // `shortest_win` asks 1, 3, 5, ... plies, then `n`: the solver's
                // shortest win, or the odd horizon just above an even one.
                let mut prover = Prover::new(&t, &pos, &history).unwrap();
                let shortest = prover.shortest_win(&pos, n).unwrap();
                assert_eq!(
                    shortest,
                    expected.win_in.map(|w| (w | 1).min(n)),
                    "shortest_win within {n}\n{}",
                    picture()
                );
                // `move_wins`: exactly the winning moves force a win (the winning ones
                // and the first few others are asked).
                let mut asked: Vec<Move> = pos.legal_moves(&t).into_iter().take(8).collect();
                asked.extend(expected.winning_moves.iter().copied());
                for mv in asked {
                    assert_eq!(
                        prover.move_wins(&pos, mv, n).unwrap(),
                        expected.winning_moves.contains(&mv),
                        "move_wins {mv} within {n}\n{}",
                        picture()
                    );
                }
            }
            if !history.is_empty() {
                let forgetful = Solver::new(&t, &pos, &[]).solve(&pos, n);
                seen.repetition_mattered += usize::from(
                    (forgetful.win_in, &forgetful.winning_moves)
                        != (expected.win_in, &expected.winning_moves),
                );
            }
            let expected = Solver::new(&t, &pos, &history).refute(&pos, n);
            let got = Prover::new(&t, &pos, &history)
                .unwrap()
                .refute(&pos, n)
                .unwrap();
            assert_eq!(
                (&got.losing_moves, &got.safe_moves),
                (&expected.losing_moves, &expected.safe_moves),
                "refute within {n}\n{}",
                picture()
            );
            seen.losses += expected.losing_moves.len();
        }
    }
    seen
}

/// What a comparison exercised.
#[derive(Default)]
struct Seen {
    /// Horizons at which the side to move wins.
    wins: usize,
    /// Losing moves found by `refute`.
    losses: usize,
    /// The prover's immediate-win tests that tried only targeted moves.
    targeted: u64,
    /// Horizons at which the solver's answer changes when the history is left out.
    repetition_mattered: usize,
}

const TINY: &str = "dim:5 name:Tiny ks:w tfr:i surf:y start:/1t3/5/2K2/5/3t1/";
const BRANDUB: &str = "dim:7 name:Brandub surf:n atkf:y ks:w tfr:i cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
const BRANDUBH: &str =
    "dim:7 name:Brandubh atkf:y tfr:w ks:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
const COPENHAGEN: &str = "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
const TABLUT: &str = "dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh: cenhe:tcnkTCNK linc:y start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";

#[test]
fn agrees_with_the_solver_on_sparse_5x5_positions_to_5_plies() {
    let Seen { wins, losses, .. } = compare(&Case {
        rules: TINY,
        seed: 7,
        count: 60,
        attackers: 3,
        defenders: 1,
        max_plies: 5,
        history: false,
    });
    assert!(wins > 0 && losses > 0, "wins {wins}, losing moves {losses}");
}

#[test]
fn agrees_with_the_solver_on_sparse_brandub_positions_to_5_plies() {
    let Seen { wins, losses, .. } = compare(&Case {
        rules: BRANDUB,
        seed: 3,
        count: 25,
        attackers: 3,
        defenders: 1,
        max_plies: 5,
        history: false,
    });
    assert!(wins > 0 && losses > 0, "wins {wins}, losing moves {losses}");
}

#[test]
fn agrees_with_the_solver_on_crowded_brandubh_positions() {
    // Enough pieces off the edge that only targeted moves are tried for immediate wins.
    let Seen {
        wins,
        losses,
        targeted,
        ..
    } = compare(&Case {
        rules: BRANDUBH,
        seed: 5,
        count: 40,
        attackers: 9,
        defenders: 7,
        max_plies: 4,
        history: false,
    });
    assert!(wins > 0 && losses > 0, "wins {wins}, losing moves {losses}");
    assert!(targeted > 100, "{targeted} targeted immediate-win tests");
}

#[test]
fn agrees_with_the_solver_on_crowded_copenhagen_positions() {
    // Shieldwalls, edge forts, encirclement, a strong king; crowded boards.
    let Seen {
        wins,
        losses,
        targeted,
        ..
    } = compare(&Case {
        rules: COPENHAGEN,
        seed: 11,
        count: 30,
        attackers: 22,
        defenders: 11,
        max_plies: 3,
        history: false,
    });
    assert!(wins > 0 && losses > 0, "wins {wins}, losing moves {losses}");
    assert!(targeted > 1000, "{targeted} targeted immediate-win tests");
}

#[test]
fn agrees_with_the_solver_on_crowded_tablut_positions() {
    // Edge escape, Linnaean capture, a king strong at the centre.
    let Seen {
        wins,
        losses,
        targeted,
        ..
    } = compare(&Case {
        rules: TABLUT,
        seed: 13,
        count: 30,
        attackers: 14,
        defenders: 8,
        max_plies: 3,
        history: false,
    });
    assert!(wins > 0 && losses > 0, "wins {wins}, losing moves {losses}");
    assert!(targeted > 1000, "{targeted} targeted immediate-win tests");
}

#[test]
fn agrees_with_the_solver_when_repetition_ends_games_inside_the_search() {
    for (tfr, seed) in [("w", 17), ("l", 19), ("d", 23)] {
        let rules: &'static str = Box::leak(
            format!("dim:7 name:Shuffle surf:n ks:w tfr:{tfr} cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/")
                .into_boxed_str(),
        );
        let Seen {
            wins,
            losses,
            repetition_mattered,
            ..
        } = compare(&Case {
            rules,
            seed,
            count: 40,
            attackers: 3,
            defenders: 1,
            max_plies: 5,
            history: true,
        });
        assert!(
            wins > 0 && losses > 0,
            "tfr:{tfr}: wins {wins}, losing moves {losses}"
        );
        if tfr != "d" {
            assert!(
                repetition_mattered > 0,
                "tfr:{tfr}: the history never mattered"
            );
        }
        let Seen {
            wins,
            losses,
            targeted,
            ..
        } = compare(&Case {
            rules: BRANDUBH,
            seed: seed + 100,
            count: 20,
            attackers: 8,
            defenders: 6,
            max_plies: 4,
            history: true,
        });
        assert!(
            wins + losses > 0,
            "crowded, tfr:w: wins {wins}, losing moves {losses}"
        );
        assert!(targeted > 0, "{targeted} targeted immediate-win tests");
    }
}

/// Plies of recorded games, with their histories: solve within 3 and refute within 2,
/// as `taflregress mine --deep` asks the solver.
fn compare_on_games(variant: &str, file: &str, games: usize, every: usize) -> usize {
    let game = Game::named(variant).unwrap();
    let t = &game.tables;
    let records = common::recorded_games(file);
    let mut compared = 0;
    for record in records.iter().take(games) {
        let r = replay(t, record).unwrap();
        for ply in (1..=r.moves.len()).step_by(every) {
            let pos = &r.positions[ply - 1];
            if pos.outcome(t).is_some() {
                break;
            }
            let (history, _) = history_since_capture(&r.positions, &r.moves, ply);
            let expected = Solver::new(t, pos, &history).solve(pos, 3);
            let got = Prover::new(t, pos, &history)
                .unwrap()
                .solve(pos, 3)
                .unwrap();
            assert_eq!(
                (got.win_in, &got.winning_moves),
                (expected.win_in, &expected.winning_moves),
                "{file} game {} ply {ply}",
                record.line
            );
            let expected = Solver::new(t, pos, &history).refute(pos, 2);
            let got = Prover::new(t, pos, &history)
                .unwrap()
                .refute(pos, 2)
                .unwrap();
            assert_eq!(
                got.losing_moves, expected.losing_moves,
                "{file} game {} ply {ply}",
                record.line
            );
            compared += 1;
        }
    }
    compared
}

#[test]
fn agrees_with_the_solver_on_recorded_brandubh_games() {
    assert!(compare_on_games("brandubh", "brandubh.csv", 60, 1) > 1000);
}

#[test]
fn agrees_with_the_solver_on_recorded_copenhagen_games() {
    assert!(compare_on_games("copenhagen", "copenhagen.csv", 50, 3) > 400);
}

#[test]
fn establishes_every_core_fixture_proof_as_the_solver_did() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/misplays");
    let fixtures = regress::load_dir(&dir).unwrap();
    assert!(fixtures.len() >= 50);
    for l in &fixtures {
        let kind = l.fixture.proof.kind().unwrap();
        let proof = Proof::establish_deep(
            &l.tables,
            &l.position,
            &l.history,
            kind,
            l.fixture.proof.within,
            None,
        )
        .unwrap();
        assert_eq!(proof, l.fixture.proof, "{}", l.file);
    }
}

#[test]
fn a_lone_brandub_king_escapes_in_five_and_the_prover_says_which_moves_do_it() {
    // The core suite's brandub-escape-in-3 position, checked by the solver there.
    let game = Game::named("brandub").unwrap();
    let t = &game.tables;
    let layout = Layout::parse(
        "starti:/1t3t1/7/t5t/3K3/t5t/7/1t3t1/",
        RecordOrder::RankOneFirst,
    )
    .unwrap();
    let pos = Position::from_layout(t, &layout, Side::Defenders).unwrap();
    let s = Prover::new(t, &pos, &[]).unwrap().solve(&pos, 7).unwrap();
    assert_eq!(s.win_in, Some(5));
    let solver = Solver::new(t, &pos, &[]).solve(&pos, 7);
    assert_eq!(s.winning_moves, solver.winning_moves);
}

#[test]
fn a_node_limit_gives_up_with_an_error_not_a_wrong_answer() {
    let game = Game::named("copenhagen").unwrap();
    let t = &game.tables;
    let pos = Position::start(t);
    let r = Prover::new(t, &pos, &[])
        .unwrap()
        .with_node_limit(1000)
        .solve(&pos, 9);
    assert!(matches!(r, Err(ProverError::Exhausted { .. })), "{r:?}");
}

#[test]
fn berserk_rules_are_refused() {
    let game = Game::named("parberserk").unwrap();
    let pos = Position::start(&game.tables);
    assert_eq!(
        Prover::new(&game.tables, &pos, &[]).err(),
        Some(ProverError::Berserk)
    );
}

/// Every move that wins at once, found by playing every legal move.
fn brute_immediate_wins(t: &Tables, pos: &Position) -> Vec<Move> {
    let me = pos.side_to_move();
    let mut wins: Vec<Move> = pos
        .legal_moves(t)
        .into_iter()
        .filter(|&m| {
            let (child, _) = pos.after(t, m);
            child.outcome(t).is_some_and(|o| o.winner == Some(me))
        })
        .collect();
    wins.sort();
    wins
}

/// A position built around one way of ending the game, to test the prover's choice of
/// moves for immediate wins where that ending is one move away.
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// Pieces anywhere.
    Uniform,
    /// Attackers on the border of a rectangle with a gap or two, defenders inside, more
    /// attackers outside: encirclement in one move.
    Ring,
    /// The king on an edge among defenders: an edge fort in one move.
    Fort,
    /// A few defenders hemmed in by attackers: no legal move after one attacker move.
    Boxed,
    /// Few attackers among many defenders: the last attackers taken.
    LastAttackers,
}

fn shaped_position(t: &Tables, rng: &mut Rng, shape: Shape) -> Option<Position> {
    let dim = t.dim();
    let mut layout = Layout::empty(dim);
    let centre = (dim / 2, dim / 2);
    let free = |layout: &Layout, f: usize, r: usize| {
        !t.is_corner(f, r) && (f, r) != centre && layout.get(Square::new(f, r)).is_none()
    };
    let put = |layout: &mut Layout, f: usize, r: usize, piece: Piece| {
        if f < dim && r < dim && free(layout, f, r) {
            layout.set(Square::new(f, r), Some(piece));
            true
        } else {
            false
        }
    };
    let scatter = |layout: &mut Layout, rng: &mut Rng, piece: Piece, n: usize| {
        for _ in 0..n * 4 {
            let (f, r) = (rng.below(dim), rng.below(dim));
            if free(layout, f, r) {
                layout.set(Square::new(f, r), Some(piece));
            }
            if layout.pieces().filter(|(_, p)| *p == piece).count() >= n {
                break;
            }
        }
    };
    match shape {
        Shape::Uniform => {
            scatter(&mut layout, rng, Piece::KING, 1);
            let d = 1 + rng.below(2 * dim);
            scatter(&mut layout, rng, Piece::DEFENDER, d);
            let a = 1 + rng.below(3 * dim);
            scatter(&mut layout, rng, Piece::ATTACKER, a);
        }
        Shape::Ring => {
            let (w, h) = (3 + rng.below(dim - 3), 3 + rng.below(dim - 3));
            let (x0, y0) = (rng.below(dim - w + 1), rng.below(dim - h + 1));
            let mut border = Vec::new();
            for f in x0..x0 + w {
                border.push((f, y0));
                border.push((f, y0 + h - 1));
            }
            for r in y0 + 1..y0 + h - 1 {
                border.push((x0, r));
                border.push((x0 + w - 1, r));
            }
            let gaps = 1 + rng.below(2);
            for _ in 0..gaps {
                let i = rng.below(border.len());
                border.swap_remove(i);
            }
            for &(f, r) in &border {
                put(&mut layout, f, r, Piece::ATTACKER);
            }
            let inside: Vec<(usize, usize)> = (x0 + 1..x0 + w - 1)
                .flat_map(|f| (y0 + 1..y0 + h - 1).map(move |r| (f, r)))
                .collect();
            if inside.is_empty() {
                return None;
            }
            let (kf, kr) = inside[rng.below(inside.len())];
            put(&mut layout, kf, kr, Piece::KING);
            for _ in 0..rng.below(inside.len() + 1) {
                let (f, r) = inside[rng.below(inside.len())];
                put(&mut layout, f, r, Piece::DEFENDER);
            }
            let a = rng.below(8);
            for _ in 0..a {
                let (f, r) = (rng.below(dim), rng.below(dim));
                if !(x0..x0 + w).contains(&f) || !(y0..y0 + h).contains(&r) {
                    put(&mut layout, f, r, Piece::ATTACKER);
                }
            }
        }
        Shape::Fort => {
            let along = rng.below(dim);
            let (kf, kr) = match rng.below(4) {
                0 => (along, 0),
                1 => (along, dim - 1),
                2 => (0, along),
                _ => (dim - 1, along),
            };
            if !put(&mut layout, kf, kr, Piece::KING) {
                return None;
            }
            for _ in 0..2 + rng.below(8) {
                let f = (kf + rng.below(5)).checked_sub(2);
                let r = (kr + rng.below(5)).checked_sub(2);
                if let (Some(f), Some(r)) = (f, r) {
                    put(&mut layout, f, r, Piece::DEFENDER);
                }
            }
            let d = rng.below(dim);
            scatter(&mut layout, rng, Piece::DEFENDER, d + 3);
            let a = 4 + rng.below(2 * dim);
            scatter(&mut layout, rng, Piece::ATTACKER, a);
        }
        Shape::Boxed => {
            scatter(&mut layout, rng, Piece::KING, 1);
            let d = rng.below(4);
            scatter(&mut layout, rng, Piece::DEFENDER, d + 1);
            let defenders: Vec<(usize, usize)> = layout
                .pieces()
                .filter(|(_, p)| p.side == Side::Defenders)
                .map(|(s, _)| (s.file(), s.rank()))
                .collect();
            for (f, r) in defenders {
                for (df, dr) in [(1isize, 0isize), (-1, 0), (0, 1), (0, -1)] {
                    if rng.below(4) != 0 {
                        let (nf, nr) = (f as isize + df, r as isize + dr);
                        if nf >= 0 && nr >= 0 {
                            put(&mut layout, nf as usize, nr as usize, Piece::ATTACKER);
                        }
                    }
                }
            }
            let a = rng.below(2 * dim);
            scatter(&mut layout, rng, Piece::ATTACKER, a);
        }
        Shape::LastAttackers => {
            scatter(&mut layout, rng, Piece::KING, 1);
            let d = dim + rng.below(2 * dim);
            scatter(&mut layout, rng, Piece::DEFENDER, d);
            let a = 1 + rng.below(6);
            scatter(&mut layout, rng, Piece::ATTACKER, a);
        }
    }
    if layout.pieces().filter(|(_, p)| *p == Piece::KING).count() != 1 {
        return None;
    }
    let side = if rng.below(2) == 0 {
        Side::Attackers
    } else {
        Side::Defenders
    };
    let pos = Position::from_layout(t, &layout, side).ok()?;
    pos.outcome(t).is_none().then_some(pos)
}

#[test]
fn immediate_wins_are_exactly_the_moves_that_win_at_once() {
    // The prover tries only targeted moves where it can show no other move wins at once;
    // here its answer is compared with playing every move, on positions built around
    // each ending, under rules with and without each ending.
    let rule_sets = [
        COPENHAGEN,
        "dim:11 name:Copenhagen_relaxed atkf:y tfr:w sw:s swf:n efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
        "dim:11 name:Fetlar atkf:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
        BRANDUBH,
        BRANDUB,
        TABLUT,
        "dim:9 name:Edge_fort_9 efe:y ks:m sw:w start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
    ];
    let shapes = [
        Shape::Uniform,
        Shape::Ring,
        Shape::Fort,
        Shape::Boxed,
        Shape::LastAttackers,
    ];
    let mut rng = Rng::new(29);
    let (mut targeted, mut wins_seen) = (0u64, [0usize; 5]);
    for rules in rule_sets {
        let t = tables(rules);
        for (i, &shape) in shapes.iter().enumerate() {
            if matches!(shape, Shape::Fort) && t.rules().escape == Escape::Edge {
                // The king on an edge has escaped.
                continue;
            }
            let (mut made, mut tries) = (0, 0);
            while made < 1500 {
                tries += 1;
                assert!(
                    tries < 100_000,
                    "{rules} {shape:?}: no position after {tries} tries"
                );
                let Some(pos) = shaped_position(&t, &mut rng, shape) else {
                    continue;
                };
                made += 1;
                let mut prover = Prover::new(&t, &pos, &[]).unwrap();
                let mut got = prover.immediate_wins_at_root(&pos);
                got.sort();
                let expected = brute_immediate_wins(&t, &pos);
                assert_eq!(
                    got,
                    expected,
                    "{rules} {shape:?}\n{}{:?} to move",
                    pos.layout(&t).picture(),
                    pos.side_to_move()
                );
                targeted += prover.stats().targeted;
                wins_seen[i] += usize::from(!expected.is_empty());
            }
        }
    }
    assert!(targeted > 10_000, "{targeted} targeted tests");
    assert!(wins_seen.iter().all(|&w| w > 20), "{wins_seen:?}");
}

#[test]
fn winning_move_plays_a_proven_move_of_every_fifth_hard_fixture_and_finds_no_shorter_win() {
    // The hard tier's proofs (`Prover::solve`, every winning move at the full horizon)
    // are the reference: `winning_move` names one of their moves at that horizon, and
    // none two plies short of the shortest win.
    let hard = regress::built_in_hard().unwrap_or_else(|e| panic!("{e}"));
    for l in hard.iter().step_by(5) {
        let f = &l.fixture;
        let shortest = f.proof.shortest.expect("a hard fixture proves a win");
        let mut prover = Prover::new(&l.tables, &l.position, &l.history).unwrap();
        let mv = prover
            .winning_move(&l.position, f.proof.within)
            .unwrap()
            .unwrap_or_else(|| panic!("{}: no winning move within {}", f.id, f.proof.within));
        let wins = f
            .proof
            .wins
            .as_ref()
            .expect("a hard fixture lists its winning moves");
        assert!(wins.contains(&mv.to_string()), "{}: {mv}", f.id);
        let mut prover = Prover::new(&l.tables, &l.position, &l.history).unwrap();
        assert_eq!(
            prover.winning_move(&l.position, shortest - 2).unwrap(),
            None,
            "{}: a win within {}",
            f.id,
            shortest - 2
        );
    }
}
