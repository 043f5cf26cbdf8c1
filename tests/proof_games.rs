//! Proof games (issue 26): the stored proof games replay to their positions, checked
//! twice (the replay checker, and the moves played back as text with
//! `notation::play_line`); the search solves hand-made and recorded targets and
//! refuses unreachable ones; the checker rejects what is not a proof game.

mod common;

use std::path::Path;
use taflcount::board::{Layout, RecordOrder, Side};
use taflcount::complexity::legal::Prepared;
use taflcount::complexity::proof_game::{
    arrival_order_conflict, find_proof_game, verify_proof_game, ProofBudget, ProofGameError,
};
use taflcount::game::Game;
use taflcount::moves::{Move, Position, Tables};
use taflcount::notation::{play_line, play_line_moves, replay};
use taflcount::rng::SplitMix64;
use taflcount::rules::catalog;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/legal/proof-games");
const BUDGET: ProofBudget = ProofBudget { nodes: 200_000 };

/// A stored proof game: the variant, the target and the move line.
struct Fixture {
    variant: String,
    position: String,
    side: Side,
    plies: usize,
    moves: String,
}

fn read_fixture(path: &Path) -> Fixture {
    let text = std::fs::read_to_string(path).unwrap();
    let field = |key: &str| -> String {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{key}: ")))
            .unwrap_or_else(|| panic!("{}: no `{key}:` line", path.display()))
            .trim()
            .to_string()
    };
    Fixture {
        variant: field("variant"),
        position: field("position"),
        side: field("side").parse().unwrap(),
        plies: field("plies").parse().unwrap(),
        moves: field("moves"),
    }
}

#[test]
fn every_stored_proof_game_replays_to_its_position() {
    let mut per_variant = std::collections::BTreeMap::new();
    for entry in std::fs::read_dir(FIXTURES).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("txt") {
            continue;
        }
        let f = read_fixture(&path);
        let game = Game::named(&f.variant).unwrap();
        let t = &game.tables;
        let target = rank_one_first(t, &f.position, f.side);
        let start = Position::start(t);
        // Played back as text: every move legal, every written capture the rules' own.
        let (reached, moves) = play_line_moves(t, start.clone(), &f.moves)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(moves.len(), f.plies, "{}", path.display());
        assert!(
            reached == target,
            "{}: the line ends elsewhere",
            path.display()
        );
        assert_eq!(
            reached.layout(t).to_string(),
            f.position,
            "{}",
            path.display()
        );
        assert_eq!(reached.side_to_move(), f.side, "{}", path.display());
        // The replay checker: no end of the game (repetition included) before the last move.
        verify_proof_game(t, &start, &target, &moves)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        *per_variant.entry(f.variant).or_insert(0) += 1;
    }
    for variant in ["brandub", "tablut", "copenhagen"] {
        assert!(
            per_variant.get(variant).copied().unwrap_or(0) >= 20,
            "{variant}: fewer than 20 fixtures: {per_variant:?}"
        );
    }
}

/// Finds a proof game, checks it with the checker and by playing its text back.
fn solve(variant: &str, target: &Position) -> Vec<Move> {
    let game = Game::named(variant).unwrap();
    let t = &game.tables;
    let start = Position::start(t);
    let proof = find_proof_game(t, &start, target, BUDGET)
        .unwrap_or_else(|| panic!("{variant}: no proof game for {}", target.layout(t)));
    assert_eq!(verify_proof_game(t, &start, target, &proof.moves), Ok(()));
    let line = proof.line(t, &start);
    let again = play_line(t, start, &line).unwrap();
    assert!(
        again == *target,
        "{variant}: the line {line} ends elsewhere"
    );
    proof.moves
}

#[test]
fn solves_hand_made_targets_with_captures_a_tempo_and_a_final_escape() {
    // Brandub: two attackers and one defender captured, reached by a hand-played line
    // (the line itself shows the target is legal). The search finds its own way.
    let game = Game::named("brandub").unwrap();
    let t = &game.tables;
    let start = Position::start(t);
    let target = play_line(
        t,
        start.clone(),
        "d7-f7 d5-b5 d6-c6 b5-b6 a4-a6xb6 e4-e7xf7",
    )
    .unwrap();
    assert_eq!(target.count(Side::Attackers), 7);
    assert_eq!(target.count(Side::Defenders), 4);
    let moves = solve("brandub", &target);
    assert!(!moves.is_empty());
    // The start position with the defenders to move needs a lost tempo.
    let mut waiting = start.clone();
    waiting.null_move(t);
    let moves = solve("brandub", &waiting);
    assert_eq!(moves.len() % 2, 1);
    // Tablut: the king ends on an edge (an escape), the attackers to move; the last move
    // must be the king's, since the game ends there.
    let game = Game::named("tablut").unwrap();
    let t = &game.tables;
    let target = play_line(
        t,
        Position::start(t),
        "a4-b4 e3-h3 b4-a4 e4-e3 a4-b4 e5-e4 b4-a4 e4-g4 a4-b4 g4-g1",
    )
    .unwrap();
    assert!(target.is_over(t));
    let moves = solve("tablut", &target);
    let king_last = Position::start(t);
    let before = moves[..moves.len() - 1]
        .iter()
        .fold(king_last, |mut p, &mv| {
            p.play(t, mv);
            p
        });
    assert_eq!(before.king(), Some(moves[moves.len() - 1].from));
}

/// A position from a layout written rank 1 first.
fn rank_one_first(t: &Tables, layout: &str, side: Side) -> Position {
    let layout = Layout::parse(layout, RecordOrder::RankOneFirst).unwrap();
    Position::from_layout(t, &layout, side).unwrap()
}

#[test]
fn refuses_targets_no_game_reaches() {
    let budget = ProofBudget { nodes: 20_000 };
    // Tablut: the king on an edge with the defenders to move. The attackers moved
    // last, so the king stood on the edge before: the game was over already.
    let game = Game::named("tablut").unwrap();
    let t = &game.tables;
    let start = Position::start(t);
    let escaped = rank_one_first(
        t,
        "/3ttt3/4t4/4T4/t3T3t/ttTT1TTtt/t3T3t/4T4/4t4/3tKt3/",
        Side::Defenders,
    );
    assert_eq!(find_proof_game(t, &start, &escaped, budget), None);
    // Brandub: nine attackers, one more than the start has.
    let game = Game::named("brandub").unwrap();
    let t = &game.tables;
    let start = Position::start(t);
    let nine = rank_one_first(t, "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/2tt3/", Side::Attackers);
    assert_eq!(find_proof_game(t, &start, &nine, budget), None);
    // Brandub: the defender on c1 between the attackers on b1 and d1, and the attacker
    // on b1 between the corner a1 and that defender: whichever of the three arrived
    // last captured one of the others (docs/proof-games.md).
    let circle = rank_one_first(t, "/1tTt3/7/7/3K3/7/7/7/", Side::Defenders);
    assert!(arrival_order_conflict(t, &circle));
    assert_eq!(find_proof_game(t, &start, &circle, budget), None);
}

#[test]
fn the_checker_rejects_what_is_not_a_proof_game() {
    let game = Game::named("brandub").unwrap();
    let t = &game.tables;
    let start = Position::start(t);
    let line = |text: &str| play_line_moves(t, start.clone(), text).unwrap().1;
    let shuffle = line("d7-e7 d5-c5 e7-d7 c5-d5");
    assert_eq!(verify_proof_game(t, &start, &start, &shuffle), Ok(()));
    // Twice round: the start occurs a third time, which ends the game (a draw under
    // brandub's `tfr`): a proof game may end there, but not go on.
    let twice: Vec<_> = shuffle.iter().chain(&shuffle).copied().collect();
    assert_eq!(verify_proof_game(t, &start, &start, &twice), Ok(()));
    let mut on = twice.clone();
    on.push(line("d7-e7")[0]);
    let after = play_line(t, start.clone(), "d7-e7").unwrap();
    assert!(matches!(
        verify_proof_game(t, &start, &after, &on),
        Err(ProofGameError::GameOver { ply: 9, .. })
    ));
    // A move the piece cannot make, and a line that ends elsewhere.
    let mut bad = shuffle.clone();
    bad[2] = line("d7-f7")[0];
    assert!(matches!(
        verify_proof_game(t, &start, &start, &bad),
        Err(ProofGameError::Illegal { ply: 3, .. })
    ));
    assert_eq!(
        verify_proof_game(t, &start, &start, &shuffle[..3]),
        Err(ProofGameError::WrongPosition { plies: 3 })
    );
    // The king escapes to a corner: the game is over, nothing may follow.
    let escape = line("d7-e7 e4-e6 e7-d7 d4-e4 d7-e7 e4-e1 e7-d7 e1-g1");
    let end = play_line(
        t,
        start.clone(),
        "d7-e7 e4-e6 e7-d7 d4-e4 d7-e7 e4-e1 e7-d7 e1-g1",
    )
    .unwrap();
    assert!(end.is_over(t));
    assert_eq!(verify_proof_game(t, &start, &end, &escape), Ok(()));
    let mut beyond = escape.clone();
    beyond.push(Move {
        from: "d7".parse().unwrap(),
        to: "e7".parse().unwrap(),
    });
    assert!(matches!(
        verify_proof_game(t, &start, &end, &beyond),
        Err(ProofGameError::GameOver { ply: 9, .. })
    ));
}

#[test]
fn finds_positions_of_recorded_games() {
    for (variant, file) in [
        ("brandubh", "brandubh.csv"),
        ("copenhagen", "copenhagen.csv"),
    ] {
        let game = Game::named(variant).unwrap();
        let t = &game.tables;
        let records = common::recorded_games(file);
        let mut tried = 0;
        for record in records.iter().step_by(37) {
            let replay = replay(t, record).unwrap();
            let last = replay
                .ended_early
                .map_or(replay.moves.len(), |(ply, _)| ply);
            let ply = last / 2 + 1;
            if ply > last || replay.positions[ply].king().is_none() {
                continue;
            }
            solve(variant, &replay.positions[ply]);
            tried += 1;
        }
        assert!(tried >= 10, "{variant}: only {tried} positions tried");
    }
}

/// Twelve uniform superset samples per variant without an order conflict: the search
/// proves nearly all of them, each proof checked by replay. "Nearly all" is at most two
/// misses: on 300 such samples (docs/proof-games.md) the search solved 95% of tablut's,
/// the hardest variant's, and at 95% twelve targets miss more than two with chance 2%.
#[test]
fn solves_nearly_all_random_test_targets() {
    for (variant, seed) in [("brandub", 7), ("tablut", 8), ("copenhagen", 9)] {
        let rules = catalog::find(variant).unwrap().rules();
        let prepared = Prepared::new(&rules).unwrap();
        let t = &prepared.tables;
        let start = Position::start(t);
        let (mut tried, mut found) = (0, 0);
        for index in 0.. {
            if tried == 12 {
                break;
            }
            let Some(target) = prepared.test_target(seed, index) else {
                continue;
            };
            if arrival_order_conflict(t, &target) {
                continue;
            }
            tried += 1;
            if let Some(proof) = find_proof_game(t, &start, &target, BUDGET) {
                assert_eq!(verify_proof_game(t, &start, &target, &proof.moves), Ok(()));
                found += 1;
            }
        }
        assert!(found >= 10, "{variant}: {found} of {tried}");
    }
}

/// The order-conflict proof never rejects a position reached by real play: every ply
/// of every recorded game, and random self-play of the three variants.
#[test]
fn order_conflicts_never_reject_a_played_position() {
    let mut checked = 0;
    for (variant, file) in [
        ("brandubh", "brandubh.csv"),
        ("copenhagen", "copenhagen.csv"),
    ] {
        let game = Game::named(variant).unwrap();
        let t = &game.tables;
        let records = common::recorded_games(file);
        for record in &records {
            let replay = replay(t, record).unwrap();
            let last = replay
                .ended_early
                .map_or(replay.moves.len(), |(ply, _)| ply);
            for pos in &replay.positions[..=last] {
                if pos.king().is_some() {
                    assert!(
                        !arrival_order_conflict(t, pos),
                        "{variant}, line {}: {} {}",
                        record.line,
                        pos.layout(t),
                        pos.side_to_move()
                    );
                    checked += 1;
                }
            }
        }
    }
    let mut rng = SplitMix64::new(26);
    for variant in ["brandub", "tablut", "copenhagen"] {
        let game = Game::named(variant).unwrap();
        let t = &game.tables;
        for _ in 0..40 {
            let mut pos = Position::start(t);
            for _ in 0..200 {
                if pos.is_over(t) {
                    break;
                }
                let moves = pos.legal_moves(t);
                pos.play(t, moves[rng.below(moves.len())]);
                if pos.king().is_some() {
                    assert!(
                        !arrival_order_conflict(t, &pos),
                        "{variant}: {} {}",
                        pos.layout(t),
                        pos.side_to_move()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100_000, "{checked}");
}

/// Berserk and parberserk (commanders and knights that jump, a jumping king, turns of
/// several moves after a capture): targets reached by random play, captures preferred
/// half the time, at the start of a turn. The search finds a proof game for nearly
/// all; each replays, also as text; parberserk's play berserk turns.
#[test]
fn solves_berserk_targets_of_random_play() {
    for (variant, seed) in [("berserk", 11), ("parberserk", 12)] {
        let game = Game::named(variant).unwrap();
        let t = &game.tables;
        let start = Position::start(t);
        let mut rng = SplitMix64::new(seed);
        let (mut tried, mut found, mut captured, mut continued) = (0, 0, 0, 0);
        while tried < 12 {
            let plies = 6 + rng.below(40);
            let mut pos = start.clone();
            for _ in 0..plies {
                if pos.is_over(t) {
                    break;
                }
                let moves = pos.legal_moves(t);
                let captures: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&mv| !pos.after(t, mv).1.is_empty())
                    .collect();
                let mv = if !captures.is_empty() && rng.below(2) == 0 {
                    captures[rng.below(captures.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                pos.play(t, mv);
            }
            if pos.berserker().is_some() || pos.king().is_none() || pos == start {
                continue;
            }
            tried += 1;
            if pos.count(Side::Attackers) + pos.count(Side::Defenders)
                < start.count(Side::Attackers) + start.count(Side::Defenders)
            {
                captured += 1;
            }
            if find_proof_game(t, &start, &pos, BUDGET).is_some() {
                let moves = solve(variant, &pos);
                let mut replayed = start.clone();
                for mv in moves {
                    replayed.play(t, mv);
                    continued += usize::from(replayed.berserker().is_some());
                }
                found += 1;
            }
        }
        eprintln!(
            "{variant}: {found} of {tried} found, {captured} with captures, \
             {continued} berserk continuations in the proof games"
        );
        assert!(
            captured >= 6,
            "{variant}: only {captured} targets with captures"
        );
        assert!(found >= 10, "{variant}: {found} of {tried}");
        // With `ber:m` the search finishes berserk turns (a continuation is pending
        // after some move of its games); with `ber:c` it avoids them.
        if variant == "parberserk" {
            assert!(
                continued > 0,
                "{variant}: no berserk turn in the proof games"
            );
        }
    }
}

/// Parberserk's start sandwiches a piece of its own (the attacker on f7 between the
/// defenders on f6 and f8), so a constraint among pieces that may never have moved
/// holds only loosely; the start is no conflict, and a circle of pieces that all moved
/// still is: the defender on c13 between the attackers on b13 and d13, b13 between the
/// corner a13 and c13.
#[test]
fn order_conflicts_with_a_start_that_sandwiches() {
    let game = Game::named("parberserk").unwrap();
    let t = &game.tables;
    let start = Position::start(t);
    let f = |s: &str| s.parse().unwrap();
    assert_eq!(
        (
            start.piece_at(f("f7")),
            start.piece_at(f("f6")),
            start.piece_at(f("f8"))
        ),
        (
            Some(taflcount::board::Piece::ATTACKER),
            Some(taflcount::board::Piece::DEFENDER),
            Some(taflcount::board::Piece::DEFENDER)
        )
    );
    assert!(!arrival_order_conflict(t, &start));
    let layout = Layout::parse(
        "/1tTt9/13/13/13/13/13/6K6/13/13/13/13/13/13/",
        RecordOrder::TopRankFirst,
    )
    .unwrap();
    let circle = Position::from_layout(t, &layout, Side::Defenders).unwrap();
    assert!(arrival_order_conflict(t, &circle));
    assert_eq!(
        find_proof_game(t, &start, &circle, ProofBudget { nodes: 20_000 }),
        None
    );
}
