//! bunburya's `hnefatafl` crate (MIT, a dev-dependency) as an independent oracle: its
//! divide, in process, against taflcount's at positions drawn at random from the
//! recorded copenhagen and brandubh games, through the same scan as
//! `taflperft --against CMD --records FILE` (taflcount::perft::scan): every 3rd ply of
//! 100 copenhagen games and every ply of 80 brandubh games, at depth 2. Every difference
//! must belong to a group settled in docs/rules-decisions.md ("Disagreements with other
//! engines"); a new kind fails and names its position.

#[path = "../examples/hnefatafl_divide/mod.rs"]
mod hnefatafl_divide;

use taflcount::board::RecordOrder;
use taflcount::moves::{EndReason, Move, Position, Tables};
use taflcount::notation::{parse_games, GameRecord};
use taflcount::perft::against::{engine_move, AgainstError, EngineDivide, Oracle};
use taflcount::perft::scan::{line_text, scan, Difference, RootedOracle, ScanPlan};
use taflcount::perft::units::Root;
use taflcount::rng::SplitMix64;

/// The crate's engine, called in process with the protocol's arguments.
struct Bunburya {
    root: Root,
    calls: usize,
}

impl Oracle for Bunburya {
    fn divide(&mut self, depth: u32, line: &[Move]) -> Result<EngineDivide, AgainstError> {
        self.calls += 1;
        let below = line_text(line);
        let mut moves: Vec<&str> = self.root.moves.split_whitespace().collect();
        moves.extend(below.split_whitespace());
        let moves = hnefatafl_divide::divide(
            depth,
            &self.root.rules,
            &self.root.position,
            &self.root.side,
            &moves.join(" "),
        )
        .map_err(AgainstError::Engine)?;
        let moves = moves
            .into_iter()
            .map(|(m, n)| {
                let mv = engine_move(&m)
                    .ok_or_else(|| AgainstError::Engine(format!("`{m}` is not a move")))?;
                Ok((mv, n))
            })
            .collect::<Result<_, AgainstError>>()?;
        Ok(EngineDivide { moves, total: None })
    }
}

impl RootedOracle for Bunburya {
    fn set_root(&mut self, t: &Tables, start: &Position, moves: &[Move]) {
        self.root.position = start.layout(t).record(RecordOrder::RankOneFirst);
        self.root.side = start.side_to_move().name().to_string();
        self.root.moves = line_text(moves);
    }
    fn calls(&self) -> usize {
        self.calls
    }
}

/// `n` games of an archive drawn at random (a fixed seed, so a failure repeats).
fn sample(file: &str, n: usize, seed: u64) -> Vec<GameRecord> {
    let text = std::fs::read_to_string(format!(
        "{}/fixtures/games/{file}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let mut games = parse_games(&text).unwrap();
    let mut rng = SplitMix64::new(seed);
    let mut chosen = Vec::new();
    while chosen.len() < n && !games.is_empty() {
        let i = rng.below(games.len());
        chosen.push(games.swap_remove(i));
    }
    chosen
}

/// The groups settled in docs/rules-decisions.md for bunburya's engine.
fn settled(difference: &Difference) -> bool {
    match difference {
        // B1: bunburya's encirclement needs every attacker of the ring to be
        // uncapturable; the Copenhagen text (and taflcount) does not.
        // A3: bunburya sees no edge fort once its region holds a corner; taflcount keeps
        // the text; `efc:n` selects bunburya's reading (tested below).
        Difference::TaflcountEndsGame { reason, .. } => {
            *reason == EndReason::Encirclement || *reason == EndReason::EdgeFort
        }
        _ => false,
    }
}

fn check(variant: &str, file: &str, games: usize, every: usize) {
    let rules = taflcount::rules::catalog::find(variant).unwrap().rules();
    let plan = ScanPlan {
        rules: rules.to_string(),
        first_ply: 0,
        last_ply: usize::MAX,
        every,
        depth: 2,
        threads: 1,
    };
    let mut oracle = Bunburya {
        root: Root {
            rules: rules.to_string(),
            position: String::new(),
            side: String::new(),
            moves: String::new(),
        },
        calls: 0,
    };
    let games = sample(file, games, 25);
    let out = scan(&games, &plan, &mut oracle, &mut |_, _| {}, &mut |_| {}).unwrap();
    eprintln!(
        "{variant}: {} positions, {} differ, groups {:?}",
        out.positions,
        out.differed,
        out.groups
            .iter()
            .map(|g| (&g.description, g.positions))
            .collect::<Vec<_>>()
    );
    assert_eq!(out.failed, 0, "{:?}", out.failures);
    assert!(out.positions > 100, "{} positions only", out.positions);
    for group in &out.groups {
        assert!(
            settled(&group.difference),
            "{variant}: a difference with bunburya's hnefatafl not in docs/rules-decisions.md: {}\n  position {} ({} to move)\n  moves {}\n  too many {:?}\n  too few {:?}",
            group.description,
            group.example.position,
            group.example.side_to_move,
            group.example.moves,
            group.example.too_many,
            group.example.too_few
        );
    }
}

#[test]
fn copenhagen_divides_agree_with_bunburyas_engine_but_for_settled_groups() {
    check("copenhagen", "copenhagen.csv", 100, 3);
}

/// Group A3's example (fixtures/perft/disagreements.perft, copenhagen game 1436 + `b9-b10`:
/// an edge fort whose region holds the corner a11). By default taflcount ends the game
/// there and bunburya's engine plays on; under `efc:n`, the key that selects bunburya's
/// reading, taflcount's divide is bunburya's, move for move.
#[test]
fn efc_n_makes_taflcount_read_a_fort_with_a_corner_as_bunburya_does() {
    use taflcount::board::{Layout, RecordOrder, Side};
    use taflcount::moves::{Position, Tables};
    use taflcount::perft::{divide, Counting};
    let record = "/3ttttt3/5t5/11/4t1t4/1t2TTTt3/8t1t/5t1t3/tT8t/T3T6/KT3t5/2Ttt1tt3/";
    let mut rules = taflcount::rules::catalog::find("copenhagen")
        .unwrap()
        .rules();
    let theirs = hnefatafl_divide::divide(2, &rules.to_string(), record, "attackers", "").unwrap();
    assert_eq!(theirs.len(), 152);
    let ours = |rules: &taflcount::rules::Rules| {
        let t = Tables::new(rules).unwrap();
        let layout = Layout::parse(record, RecordOrder::RankOneFirst).unwrap();
        let pos = Position::from_layout(&t, &layout, Side::Attackers).unwrap();
        let mut d: Vec<(String, u64)> = divide(&t, &pos, 2, Counting::Full, 1)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect();
        d.sort();
        d
    };
    assert!(
        ours(&rules).is_empty(),
        "taflcount's default: the fort ends the game"
    );
    rules.edge_fort_corner = false;
    assert!(rules.to_string().contains("efc:n"));
    let mut theirs = theirs;
    theirs.sort();
    assert_eq!(ours(&rules), theirs);
}

#[test]
fn brandubh_divides_agree_with_bunburyas_engine_but_for_settled_groups() {
    check("brandubh", "brandubh.csv", 80, 1);
}
