//! The legal-position estimate (issue 26) held against independent facts: positions
//! reached by real and random play never fail a necessary condition; hand-made
//! positions fail the one they should; on a 5x5 board small enough to search
//! exhaustively, the reachable positions are counted by breadth-first search and the
//! sampled estimate's interval holds that count; the samples kept in fixtures replay.

mod common;

use std::collections::{HashSet, VecDeque};

use num_bigint::BigUint;
use taflcount::board::{Layout, RecordOrder, Side};
use taflcount::complexity::legal::{
    parse_samples, run_samples, Element, Estimate, IllegalReason, Illegality, Prepared, Tally,
};
use taflcount::complexity::proof_game::verify_proof_game;
use taflcount::complexity::proof_game::ProofGame;
use taflcount::moves::Position;
use taflcount::notation::replay;
use taflcount::rng::game_rng;
use taflcount::rules::{catalog, Rules};

fn prepared(name: &str) -> Prepared {
    Prepared::new(&catalog::find(name).unwrap().rules()).unwrap()
}

/// Every position of every recorded game, every ply, passes the conditions.
fn archive_passes(file: &str, variant: &str) -> (usize, usize) {
    let games = common::recorded_games(file);
    let p = prepared(variant);
    let check = p.check();
    let mut positions = 0;
    for game in &games {
        let r = replay(&p.tables, game).unwrap();
        // Only the plies before an end the rules see: after it the players played on.
        let last = r.ended_early.map_or(r.positions.len(), |(ply, _)| ply + 1);
        for (ply, pos) in r.positions[..last].iter().enumerate() {
            assert_eq!(
                check.check(pos),
                None,
                "{file} line {} ply {ply}:\n{}",
                game.line,
                pos.layout(&p.tables).picture()
            );
            positions += 1;
        }
    }
    (games.len(), positions)
}

#[test]
fn no_position_of_the_recorded_games_is_rejected() {
    // All 2,277 games: 525 brandubh, 1,752 copenhagen.
    let (brandubh, plies) = archive_passes("brandubh.csv", "brandubh");
    eprintln!("brandubh: {brandubh} games, {plies} positions");
    assert_eq!(brandubh, 525);
    let (copenhagen, plies) = archive_passes("copenhagen.csv", "copenhagen");
    eprintln!("copenhagen: {copenhagen} games, {plies} positions");
    assert_eq!(copenhagen, 1752);
}

/// Plays `games` random games of `variant` (at most `plies` single moves each, games
/// drawn from `seed`) and holds every position at the start of a turn against the
/// conditions. With `capture_half`, a capture is chosen half the time when one exists.
/// Returns the positions checked and those skipped in the middle of a berserk turn.
fn self_play_never_rejected(
    variant: &str,
    games: u64,
    seed: u64,
    plies: usize,
    capture_half: bool,
) -> (usize, usize) {
    use rand::RngExt;
    let p = prepared(variant);
    let check = p.check();
    let (mut checked, mut continued) = (0, 0);
    for g in 0..games {
        let mut rng = game_rng(seed, g);
        let mut pos = Position::start(&p.tables);
        for ply in 0..plies {
            if pos.berserker().is_none() {
                checked += 1;
                assert_eq!(
                    check.check(&pos),
                    None,
                    "{variant} game {g} ply {ply}, {:?} to move:\n{}",
                    pos.side_to_move(),
                    pos.layout(&p.tables).picture()
                );
            } else {
                continued += 1;
            }
            if pos.outcome(&p.tables).is_some() {
                break;
            }
            let moves = pos.legal_moves(&p.tables);
            let captures: Vec<_> = if capture_half {
                moves
                    .iter()
                    .copied()
                    .filter(|&mv| !pos.after(&p.tables, mv).1.is_empty())
                    .collect()
            } else {
                Vec::new()
            };
            let mv = if !captures.is_empty() && rng.random_range(0..2) == 0 {
                captures[rng.random_range(0..captures.len())]
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            pos.play(&p.tables, mv);
        }
    }
    (checked, continued)
}

#[test]
fn no_position_of_random_self_play_is_rejected() {
    for (variant, games) in [
        ("brandub", 60),
        ("tablut", 30),
        ("copenhagen", 15),
        ("sea-battle-9", 20),
        ("foteviken-tablut", 20),
        ("fetlar", 10),
        ("alea-evangelii", 5),
    ] {
        let (_, continued) = self_play_never_rejected(variant, games, 26, 300, false);
        assert_eq!(continued, 0, "{variant} has no berserk");
    }
}

/// Random self-play in the berserk variants (commanders and knights that jump, a
/// jumping king, multi-move turns): no position at the start of a turn fails a
/// condition. Half the moves are captures when one exists, so that jumps, captures and
/// berserk continuations happen often.
#[test]
fn no_position_of_random_berserk_self_play_is_rejected() {
    let (mut checked, mut continued) = (0, 0);
    for variant in ["berserk", "parberserk"] {
        let (c, k) = self_play_never_rejected(variant, 30, 27, 400, true);
        checked += c;
        continued += k;
    }
    eprintln!("{checked} turn-start positions checked, {continued} mid-turn skipped");
    assert!(checked > 5_000 && continued > 50, "{checked} {continued}");
}

fn position(p: &Prepared, top_rank_first: &str, side: Side) -> Position {
    let layout = Layout::parse(top_rank_first, RecordOrder::TopRankFirst).unwrap();
    Position::from_layout(&p.tables, &layout, side).unwrap()
}

/// Hand-made brandub positions (weak king, corners escape, armed king), each worked
/// out by hand.
#[test]
fn hand_made_positions_fail_the_condition_they_should() {
    let p = prepared("brandub");
    let check = p.check();
    // The king on a corner with the defenders to move: the attackers moved last, from a
    // game the king's escape had ended.
    let escaped = position(&p, "/K6/7/3t3/7/7/7/7/", Side::Defenders);
    assert_eq!(check.check(&escaped), Some(IllegalReason::GameOverBefore));
    // The same with the attackers to move: the king's move to the corner ended it.
    let escaped = position(&p, "/K6/7/3t3/7/7/7/7/", Side::Attackers);
    assert_eq!(check.check(&escaped), None);
    // Defenders to move: the attackers moved last, and their only piece, on b7, has
    // no square to come from: a7 is a corner (king only), c7 holds the king, b6 a
    // defender.
    let boxed = position(&p, "/1tK4/1T5/7/7/7/7/7/", Side::Defenders);
    assert_eq!(check.check(&boxed), Some(IllegalReason::NoLastMove));
    // Attackers to move: the defenders moved last. The king on a3 is walled in by the
    // attackers on a4, b3 and a2. The defender on b4 came down the b-file or along
    // rank 4 from the right, and arriving it sandwiches the attacker on b3 against the
    // defender on b2; the defender on b2 likewise against the one on b4. Every last
    // move captures the attacker on b3, which still stands.
    let walled = position(&p, "/7/7/7/tT5/Kt5/tT5/7/", Side::Attackers);
    assert_eq!(check.check(&walled), Some(IllegalReason::LastMoveCaptures));
}

/// The squares names, sorted, of a condition's evidence.
fn marked(found: Option<Illegality>) -> (IllegalReason, Vec<String>) {
    let found = found.expect("illegal");
    let mut names: Vec<String> = found.squares.iter().map(|s| s.to_string()).collect();
    names.sort();
    (found.reason, names)
}

/// The squares each condition marks, on the hand-made positions above and one circle of
/// sandwiches, each worked out by hand.
#[test]
fn each_condition_marks_the_squares_its_argument_turns_on() {
    let p = prepared("brandub");
    let check = p.check();
    let explain = |record: &str, side: Side| marked(check.explain(&position(&p, record, side)));
    // Every attacker candidate (the lone attacker on d5 slid from anywhere on its lines;
    // no defender stands next to it to capture) started with the king on a7, a corner.
    assert_eq!(
        explain("/K6/7/3t3/7/7/7/7/", Side::Defenders),
        (IllegalReason::GameOverBefore, vec!["a7".into()])
    );
    // The attackers' only piece, b7, cannot have moved.
    assert_eq!(
        explain("/1tK4/1T5/7/7/7/7/7/", Side::Defenders),
        (IllegalReason::NoLastMove, vec!["b7".into()])
    );
    // b4 arriving captures b3 against b2, b2 arriving captures b3 against b4; the king
    // on a3 has no square to come from. The sandwich b2-b3-b4 shows both.
    assert_eq!(
        explain("/7/7/7/tT5/Kt5/tT5/7/", Side::Attackers),
        (
            IllegalReason::LastMoveCaptures,
            vec!["b2".into(), "b3".into(), "b4".into()]
        )
    );
    // The first arrival_order sample of docs/legal-positions.md: the defender on c7
    // stands between the attackers on b7 and d7, so it came after b7; the attacker on b7
    // stands between the corner a7 (hostile) and c7, so it came after c7. The defenders'
    // last move c6-c7 captures nothing (b7's far side is the empty corner, d7's the empty
    // e7) and the king stands on f7, no escape square: (a) and (b) pass. The only other
    // sandwich, f3 between f4 and f2, is no circle.
    assert_eq!(
        explain("/1tTt1K1/3t3/7/1t3t1/1T2TT1/2tt1t1/7/", Side::Attackers),
        (IllegalReason::ArrivalOrder, vec!["b7".into(), "c7".into()])
    );
    // The defender of e3 one square down, in the attackers' fortress square e2; every
    // other piece on its start square.
    let p = prepared("foteviken-tablut");
    let fort = position(
        &p,
        "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/9/4T4/3ttt3/",
        Side::Attackers,
    );
    assert_eq!(
        marked(p.check().explain(&fort)),
        (IllegalReason::UnreachableSquare, vec!["e2".into()])
    );
}

/// Foteviken-tablut's attackers' fortresses admit no one else (`aforre:`): the start
/// with the defender on e3 moved into the fortress square e2, whose attacker left.
#[test]
fn a_defender_in_a_fortress_is_unreachable() {
    let p = prepared("foteviken-tablut");
    let check = p.check();
    let fort = "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/9/4T4/3ttt3/";
    let moved_out = "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/9/3ttt3/";
    // The attacker of e2 gone and the defender of e3 one square down: unreachable.
    let fort = position(&p, fort, Side::Attackers);
    assert_eq!(check.check(&fort), Some(IllegalReason::UnreachableSquare));
    // Only the attacker gone: the defender may well have stayed on e3.
    let moved_out = position(&p, moved_out, Side::Attackers);
    assert_ne!(
        check.check(&moved_out),
        Some(IllegalReason::UnreachableSquare)
    );
}

/// A berserk position (defenders to move) whose only possible last move is a jump: the
/// attackers' commander on e1 is walled in by defenders on d1, f1 and e2, and commanders
/// jump (`cj:j`, the default) from g1 over f1. Block the three jumps (c1, g1, e3)
/// and no last move is left.
#[test]
fn a_jump_is_a_last_move() {
    let p = prepared("berserk");
    let check = p.check();
    let jumped = position(
        &p,
        "/11/11/11/11/11/5K5/11/11/11/4T6/3TcT5/",
        Side::Defenders,
    );
    assert_eq!(check.check(&jumped), None);
    let before = position(
        &p,
        "/11/11/11/11/11/5K5/11/11/11/4T6/3T1Tc4/",
        Side::Attackers,
    );
    let mv = taflcount::moves::Move {
        from: "g1".parse().unwrap(),
        to: "e1".parse().unwrap(),
    };
    assert!(before.legal_moves(&p.tables).contains(&mv));
    assert_eq!(before.after(&p.tables, mv).0, jumped);
    let blocked = position(
        &p,
        "/11/11/11/11/11/5K5/11/11/4T6/4T6/2TTcTT4/",
        Side::Defenders,
    );
    assert_eq!(check.check(&blocked), Some(IllegalReason::NoLastMove));
}

/// A 5x5 variant with two attackers, one defender and the king; strong king (two
/// attackers can never capture him), corners escape, no encirclement.
const TINY: &str = "dim:5 name:Tiny surf:n atkf:y ks:s cenh: cenhe: start:/2t2/5/1TK2/5/2t2/";

/// The same with a weak king, whom two attackers capture.
const TINY_WEAK: &str = "dim:5 name:Tiny surf:n atkf:y ks:w cenh: cenhe: start:/2t2/5/1TK2/5/2t2/";

/// Every position reachable from the start (placement and side to move; no move from
/// a finished game), by breadth-first search. Shortest paths never repeat a
/// position, so repetition rules cannot cut one off. Positions without the king (after
/// his capture) are left out, as the superset leaves them out.
fn reachable(p: &Prepared) -> HashSet<Element> {
    let t = &p.tables;
    let start = Position::start(t);
    let mut seen: HashSet<Element> = HashSet::new();
    let mut queue = VecDeque::new();
    let key = |pos: &Position| Element::of_layout(&pos.layout(t), pos.side_to_move());
    seen.insert(key(&start).unwrap());
    queue.push_back(start);
    while let Some(pos) = queue.pop_front() {
        if pos.outcome(t).is_some() {
            continue;
        }
        for mv in pos.legal_moves(t) {
            let mut next = pos.clone();
            next.play(t, mv);
            if let Some(e) = key(&next) {
                if seen.insert(e) {
                    queue.push_back(next);
                }
            }
        }
    }
    seen
}

/// The exhaustive count of `rules`, checked against the conditions and the sampled
/// estimate; returns (reachable, superset, tally).
fn small_board_check(rules: &str, samples: u64) -> (u64, BigUint, Tally) {
    let rules: Rules = rules.parse().unwrap();
    let p = Prepared::new(&rules).unwrap();
    let reachable = reachable(&p);
    let tally = held_against_exhaustive(&p, &reachable, samples);
    (reachable.len() as u64, p.superset.count(), tally)
}

/// Holds the conditions and `samples` samples (seed 7) against an exhaustive set of
/// reachable positions: every reachable one ranks in the superset and passes every
/// condition, every proven verdict agrees, and the sampled interval holds the count.
fn held_against_exhaustive(p: &Prepared, reachable: &HashSet<Element>, samples: u64) -> Tally {
    let exact = reachable.len() as u64;
    let check = p.check();
    for e in reachable {
        // In the superset, and never rejected.
        p.superset.rank(e).unwrap();
        assert_eq!(check.check(&p.position(e)), None, "{e:?}");
    }
    let results = run_samples(p, 7, samples, 2000, 2, &|| {});
    let mut tally = Tally::default();
    for r in &results {
        tally.add(r.verdict.key());
        // A proven verdict agrees with the exhaustive search.
        match r.verdict.key() {
            "legal" => assert!(reachable.contains(&r.element), "{:?}", r.element),
            "illegal" => assert!(!reachable.contains(&r.element), "{:?}", r.element),
            _ => {}
        }
    }
    let estimate = Estimate::new(&p.superset.count(), tally);
    let low: BigUint = estimate.lower_bound_low.value.parse().unwrap();
    let high: BigUint = estimate.upper_bound_high.value.parse().unwrap();
    eprintln!(
        "{exact} reachable of {}; {tally:?}, interval [{low}, {high}]",
        p.superset.count()
    );
    assert!(low <= BigUint::from(exact) && BigUint::from(exact) <= high);
    tally
}

#[test]
fn small_board_exact_count_lies_in_the_sampled_interval() {
    let (exact, superset, tally) = small_board_check(TINY, 4000);
    assert!(BigUint::from(exact) < superset);
    // The proof search decides the reachable samples: under 5% stay undecided.
    assert!(tally.undecided * 20 < tally.samples, "{tally:?}");
}

/// The weak king: the proof search may panic here (a look-ahead capture of the king);
/// such samples count as undecided, and the interval must still hold the count.
#[test]
fn small_board_exact_count_with_a_weak_king() {
    let (exact, _, _) = small_board_check(TINY_WEAK, 4000);
    assert_eq!(exact, 159_146);
}

/// 5x5 berserk boards: an attacker taflman and a commander (jumping, `cj:j`), the king
/// (jumping from and to the corners and throne, `kj:r`) and a knight (jumping and
/// capturing, `nj:c`), with `ber:m` or `ber:c`.
const TINY_BERSERK: [&str; 2] = [
    "dim:5 name:TinyBerserk surf:n atkf:y ks:w kj:r ber:m cenh: cenhe: start:/2t2/5/1NK2/5/2c2/",
    "dim:5 name:TinyBerserk surf:n atkf:y ks:w kj:r ber:c cenh: cenhe: start:/2t2/5/1NK2/5/2c2/",
];

/// A position as a hash-set key: the engine's Zobrist hash (which covers a pending
/// continuation) to hash, the engine's equality to compare.
struct State(Position);

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.0 == other.0
    }
}

impl Eq for State {}

impl std::hash::Hash for State {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.0.hash().hash(h);
    }
}

/// Every turn-start position reachable from the start, by breadth-first search over
/// the engine's states (a pending berserk continuation is a state of its own, expanded
/// but not counted: positions are counted at the start of a turn).
fn reachable_turn_starts(p: &Prepared) -> HashSet<Element> {
    let t = &p.tables;
    let start = Position::start(t);
    let mut seen = HashSet::new();
    seen.insert(State(start.clone()));
    let mut queue = VecDeque::from([start]);
    while let Some(pos) = queue.pop_front() {
        if pos.outcome(t).is_some() || pos.king().is_none() {
            continue;
        }
        for mv in pos.legal_moves(t) {
            let mut next = pos.clone();
            next.play(t, mv);
            if next.king().is_some() && seen.insert(State(next.clone())) {
                queue.push_back(next);
            }
        }
    }
    seen.into_iter()
        .filter(|s| s.0.berserker().is_none())
        .map(|s| Element::of_layout(&s.0.layout(t), s.0.side_to_move()).unwrap())
        .collect()
}

/// The tiny berserk boards searched exhaustively: every reachable turn-start position
/// ranks in the typed superset and passes every condition; every proven verdict of 2,000
/// samples agrees with the search, and the sampled interval holds the exact count.
#[test]
fn small_berserk_boards_exact_count_lies_in_the_sampled_interval() {
    // The counts docs/legal-positions.md quotes.
    for (rules, exact) in TINY_BERSERK.into_iter().zip([318_728, 318_624]) {
        let rules: Rules = rules.parse().unwrap();
        let p = Prepared::new(&rules).unwrap();
        let reachable = reachable_turn_starts(&p);
        assert_eq!(reachable.len(), exact);
        let tally = held_against_exhaustive(&p, &reachable, 2000);
        assert!(tally.legal > 0 && tally.illegal > 0, "{tally:?}");
    }
}

/// The samples kept under fixtures/legal/samples: each legal line's proof game replays
/// to its position, each illegal line fails the condition it names, and each line is
/// the sample its index draws.
#[test]
fn fixture_samples_replay() {
    let dir = format!("{}/fixtures/legal/samples", env!("CARGO_MANIFEST_DIR"));
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    let mut legal = 0;
    for entry in entries {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "samples") {
            continue;
        }
        let variant = path.file_stem().unwrap().to_str().unwrap();
        let p = prepared(variant);
        let check = p.check();
        let start = Position::start(&p.tables);
        let text = std::fs::read_to_string(&path).unwrap();
        let seed: u64 = text
            .lines()
            .find_map(|l| l.split("--seed ").nth(1))
            .and_then(|s| s.split_whitespace().next())
            .and_then(|s| s.parse().ok())
            .expect("the header names the seed");
        for line in parse_samples(&text).unwrap() {
            let pos = Position::from_layout(&p.tables, &line.layout, line.side).unwrap();
            let (_, drawn) = taflcount::complexity::legal::sample(&p.superset, seed, line.index);
            assert_eq!(Element::of_layout(&line.layout, line.side).unwrap(), drawn);
            match line.verdict.as_str() {
                "legal" => {
                    let game = ProofGame {
                        moves: line.moves.clone(),
                    };
                    verify_proof_game(&p.tables, &start, &pos, &game.moves)
                        .unwrap_or_else(|e| panic!("{variant} sample {}: {e}", line.index));
                    legal += 1;
                }
                "illegal" => {
                    let reason = check.check(&pos).expect("rejected");
                    assert_eq!(reason.key(), line.detail, "{variant} sample {}", line.index);
                }
                _ => {}
            }
        }
    }
    eprintln!("{legal} proof games replayed");
}

// The command line.

use std::process::{Command, Output};
use taflcount::complexity::legal::LegalReport;

fn taflcount(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_taflcount"))
        .args(args)
        .output()
        .unwrap()
}

fn json_report(args: &[&str]) -> LegalReport {
    let out = taflcount(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("the typed document reads back")
}

#[test]
fn json_is_one_typed_document_and_threads_change_nothing() {
    let args = [
        "complexity",
        "--legal",
        "--variant",
        "brandub",
        "--samples",
        "60",
        "--seed",
        "9",
        "--nodes",
        "3000",
        "--json",
    ];
    let mut one = json_report(&[&args[..], &["--threads", "1"]].concat());
    let two = json_report(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(one.header.schema_version, 1);
    assert_eq!(
        (one.variant.as_str(), one.seed, one.nodes),
        ("brandub", 9, 3000)
    );
    let t = one.estimate.tally;
    assert_eq!(t.samples, 60);
    assert_eq!(t.legal + t.illegal + t.undecided, 60);
    // The superset is the `material` bound that `taflcount complexity` prints.
    let material = one.bounds.iter().find(|b| b.name == "material").unwrap();
    assert_eq!(material.value, one.superset);
    let complexity = taflcount(&["complexity", "--variant", "brandub", "--json"]);
    let complexity: serde_json::Value = serde_json::from_slice(&complexity.stdout).unwrap();
    let printed = complexity["bounds"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == "material")
        .unwrap()["value"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(one.superset.value, printed);
    assert_eq!(two.timings.threads, 2);
    one.timings = two.timings;
    assert_eq!(one, two);
}

#[test]
fn the_table_names_the_figures() {
    let out = taflcount(&[
        "complexity",
        "--legal",
        "--variant",
        "tablut",
        "--samples",
        "20",
        "--nodes",
        "2000",
        "--threads",
        "1",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for needle in [
        "tablut: legal positions from 20 uniform samples",
        "superset",
        "lower bound",
        "upper bound",
        "bound material",
        "game_over_before",
        "pieces off",
    ] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
}

#[test]
fn every_catalog_variant_runs() {
    for variant in catalog::names() {
        let out = taflcount(&[
            "complexity",
            "--legal",
            "--variant",
            variant,
            "--samples",
            "4",
            "--nodes",
            "500",
            "--threads",
            "1",
            "--json",
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{variant}: {stderr}");
        let report: LegalReport = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(report.estimate.tally.samples, 4, "{variant}");
    }
}

#[test]
fn bad_input_exits_2_with_a_message() {
    for (args, needle) in [
        (
            &[
                "complexity",
                "--legal",
                "--rules",
                "dim:7 start:/3m3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
            ][..],
            "the start holds mercenary",
        ),
        (
            &["complexity", "--legal", "--variant", "nosuch"][..],
            "unknown variant",
        ),
        (&["complexity", "--samples", "5"][..], "--legal"),
        (&["complexity", "--legal", "--samples", "0"][..], "samples"),
        (
            &[
                "complexity",
                "--legal",
                "--dim",
                "7",
                "--attackers",
                "3",
                "--defenders",
                "2",
            ][..],
            "cannot be used",
        ),
        (
            &["complexity", "--legal", "--dim", "17"][..],
            "no 17x17 variant",
        ),
    ] {
        let out = taflcount(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
}

#[test]
fn saved_samples_read_back_and_are_not_overwritten() {
    let dir = std::env::temp_dir().join(format!("taflcount-legal-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let d = dir.to_str().unwrap();
    let args = [
        "complexity",
        "--legal",
        "--variant",
        "brandub",
        "--samples",
        "30",
        "--nodes",
        "3000",
        "--threads",
        "1",
        "--save-samples",
        d,
    ];
    assert!(taflcount(&args).status.success());
    let text = std::fs::read_to_string(dir.join("brandub.samples")).unwrap();
    let lines = parse_samples(&text).unwrap();
    assert_eq!(lines.len(), 30);
    assert!(lines.iter().enumerate().all(|(i, l)| l.index == i as u64));
    let again = taflcount(&args);
    assert_eq!(again.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}
