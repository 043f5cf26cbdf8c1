//! `taflperft --against CMD --records FILE`: every position of a game archive compared
//! with another engine, each disagreement bisected to its first position
//! ([`super::against::bisect`]) and sorted into groups by what differs, so a run over
//! thousands of positions reads as a handful of rules questions (docs/perft-against.md).
//!
//! An engine that fails on one position (a crash, a timeout, output that is not a
//! divide) is counted and the scan goes on; only an engine that fails on every one of the
//! first [`GIVE_UP_AFTER`] positions stops it, since it is then not an engine at all.
//!
//! The concerns apart: which plies to compare ([`plies_to_compare`]), what differs
//! (`difference`), the tally of groups as findings come in ([`ScanTally`], no I/O), and
//! the document (`report`); [`scan`] only drives the oracle through them.

mod difference;
mod report;
mod tally;

pub use difference::{classify, CountsDiffer, Difference, Route};
pub use report::{
    ScanExample, ScanFailure, ScanGroup, ScanOutcome, ScanReport, SCAN_SCHEMA_VERSION,
};
pub use tally::ScanTally;

use super::against::{bisect, AgainstError, Bisection, CommandOracle, Finding, Oracle};
use crate::board::RecordOrder;
use crate::moves::{Move, Position, Tables};
use crate::notation::{GameRecord, Replay};

/// A scan stops when the engine failed on this many positions before it answered once.
pub const GIVE_UP_AFTER: usize = 10;

/// At most this many engine failures are kept with their message (all are counted).
pub const KEPT_ERRORS: usize = 20;

/// What to scan: which plies of which games, at what depth.
#[derive(Clone, Debug)]
pub struct ScanPlan {
    /// The OTN rules string the games are played under.
    pub rules: String,
    /// Plies from the start to compare at: a position after `ply` moves, first..=last.
    pub first_ply: usize,
    /// The last ply (inclusive); positions past a game's end are not there to compare.
    pub last_ply: usize,
    /// Compare every `every`-th ply of the range only (1: all).
    pub every: usize,
    /// The perft depth compared at each position.
    pub depth: u32,
    /// Threads for taflcount's own counts.
    pub threads: usize,
}

/// Why a scan cannot go on.
#[derive(Debug)]
pub enum ScanError {
    /// The archive's games cannot be set up under the rules.
    Setup(String),
    /// A game of the archive does not replay under the rules (an input error).
    Input(String),
    /// The engine failed on every one of the first positions.
    Engine(String),
}

impl std::fmt::Display for ScanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScanError::Setup(why) | ScanError::Input(why) => write!(f, "{why}"),
            ScanError::Engine(why) => write!(
                f,
                "the other engine failed on each of the first {GIVE_UP_AFTER} positions; the last: {why}"
            ),
        }
    }
}

impl std::error::Error for ScanError {}

/// An oracle that can be pointed at a new root: the scan moves it from position to
/// position.
pub trait RootedOracle: Oracle {
    /// Makes the position after `moves` from `start` the root of the next calls.
    fn set_root(&mut self, t: &Tables, start: &Position, moves: &[Move]);
    /// Calls so far.
    fn calls(&self) -> usize;
}

impl RootedOracle for CommandOracle {
    fn set_root(&mut self, t: &Tables, start: &Position, moves: &[Move]) {
        // The command's arguments: the start as a record, and the moves from it.
        self.root.position = start.layout(t).record(RecordOrder::RankOneFirst);
        self.root.side = start.side_to_move().name().to_string();
        self.root.moves = line_text(moves);
    }
    fn calls(&self) -> usize {
        self.calls
    }
}

/// Moves as the documents and the protocol write them: `a4-a1 d1-d3`.
pub fn line_text(moves: &[Move]) -> String {
    let texts: Vec<String> = moves.iter().map(Move::to_string).collect();
    texts.join(" ")
}

/// One game of the archive, replayed, with the plies to compare at.
pub struct GamePlies {
    /// The game's line in the archive.
    pub line: usize,
    /// The game replayed up to the end the rules see.
    pub replay: Replay,
    /// The plies to compare at, in order.
    pub plies: Vec<usize>,
}

/// Each game's plies to compare at under `plan`, found before any comparison so that
/// progress has a total. Games without such a ply are left out.
pub fn plies_to_compare(
    t: &Tables,
    games: &[GameRecord],
    plan: &ScanPlan,
) -> Result<Vec<GamePlies>, ScanError> {
    let mut todo = Vec::new();
    for record in games {
        // Every game must replay up to the end the rules see, its recorded captures
        // included, as `branching --records` asks (a game that does not is an input
        // error with its line: before, an archive of another variant scanned as "0
        // positions, all skipped", exit 0). Past that end the record goes on only on the
        // players' say-so (a king the rules took may move on), and is not read.
        let replay = crate::notation::replay_to_end(t, record).map_err(|e| {
            ScanError::Input(format!(
                "game {} does not replay under the rules: {e}",
                record.line
            ))
        })?;
        let end = replay.moves.len().min(plan.last_ply);
        let plies: Vec<usize> = (plan.first_ply..=end)
            .filter(|p| (p - plan.first_ply) % plan.every.max(1) == 0)
            .filter(|&p| !replay.positions[p].is_over(t))
            .collect();
        if !plies.is_empty() {
            todo.push(GamePlies {
                line: record.line,
                replay,
                plies,
            });
        }
    }
    Ok(todo)
}

/// The position before the last move that led to the finding's position, and that
/// move (none at the start of the game): what tells a capture from a move rule.
fn parent_of(
    t: &Tables,
    game: &GamePlies,
    ply: usize,
    f: &Finding,
) -> (Option<Position>, Option<Move>) {
    match f.line.split_last() {
        Some((&last, first)) => {
            let mut before = game.replay.positions[ply].clone();
            for &m in first {
                before.play(t, m);
            }
            (Some(before), Some(last))
        }
        None if ply > 0 => (
            Some(game.replay.positions[ply - 1].clone()),
            Some(game.replay.moves[ply - 1]),
        ),
        None => (None, None),
    }
}

/// Scans `games` against `oracle`; `progress` sees (positions done, positions in all)
/// after each position, `failure` each engine failure as it happens. The rules are
/// compiled once, and each position is bisected from the game's own replay.
pub fn scan(
    games: &[GameRecord],
    plan: &ScanPlan,
    oracle: &mut dyn RootedOracle,
    progress: &mut dyn FnMut(usize, usize),
    failure: &mut dyn FnMut(&ScanFailure),
) -> Result<ScanOutcome, ScanError> {
    let game = crate::game::Game::from_otn(&plan.rules)
        .map_err(|e| ScanError::Setup(format!("the rules: {e}")))?;
    let t = &game.tables;
    let start = Position::start(t);
    let todo = plies_to_compare(t, games, plan)?;
    let total: usize = todo.iter().map(|g| g.plies.len()).sum();
    let mut tally = ScanTally::default();
    let mut done = 0;
    for g in &todo {
        for &ply in &g.plies {
            oracle.set_root(t, &start, &g.replay.moves[..ply]);
            let root = &g.replay.positions[ply];
            match bisect(t, root, plan.depth, plan.threads, oracle) {
                Ok(Bisection::Agree { .. }) => tally.agreed(),
                Ok(Bisection::Differ(f)) => {
                    let (before, last) = parent_of(t, g, ply, &f);
                    let difference = classify(t, &game.rules, before.as_ref(), last, &f);
                    let example = ScanExample::of(t, g.line, ply, &g.replay.moves[..ply], &f);
                    tally.differed(difference, example);
                }
                Err(e) => {
                    let failed = ScanFailure {
                        game: g.line,
                        ply,
                        message: match e {
                            AgainstError::Engine(why) => why,
                            timeout => timeout.to_string(),
                        },
                    };
                    failure(&failed);
                    tally.failed(failed)?;
                }
            }
            done += 1;
            progress(done, total);
        }
    }
    Ok(tally.finish(oracle.calls()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::against::{our_divide, EngineDivide, FindingKind};

    /// Our own engine, but one that counts one root move of the start position twice
    /// and fails on a chosen ply.
    struct Quirky {
        tables: Tables,
        root: Option<Position>,
        plies: usize,
        calls: usize,
        fail_ply: Option<usize>,
    }

    impl Oracle for Quirky {
        fn divide(&mut self, depth: u32, line: &[Move]) -> Result<EngineDivide, AgainstError> {
            self.calls += 1;
            if Some(self.plies) == self.fail_ply {
                return Err(AgainstError::Engine("crashed (exit status: 3)".into()));
            }
            let mut pos = self.root.clone().expect("a root");
            for &m in line {
                pos.play(&self.tables, m);
            }
            let mut moves = our_divide(&self.tables, &pos, depth);
            if self.plies == 0 && line.is_empty() {
                moves[0].1 += 1;
            }
            Ok(EngineDivide { moves, total: None })
        }
    }

    impl RootedOracle for Quirky {
        fn set_root(&mut self, t: &Tables, start: &Position, moves: &[Move]) {
            let mut pos = start.clone();
            for &m in moves {
                pos.play(t, m);
            }
            self.root = Some(pos);
            self.plies = moves.len();
        }
        fn calls(&self) -> usize {
            self.calls
        }
    }

    #[test]
    fn failures_are_counted_and_differences_grouped() {
        let rules = crate::rules::catalog::find("brandub").unwrap().rules();
        let games = crate::notation::parse_games("d2-e2 c4-c5 f4-f5 d4-c4,0,0,Ongoing\n").unwrap();
        let plan = ScanPlan {
            rules: rules.to_string(),
            first_ply: 0,
            last_ply: 100,
            every: 1,
            depth: 2,
            threads: 1,
        };
        let mut oracle = Quirky {
            tables: Tables::new(&rules).unwrap(),
            root: None,
            plies: 0,
            calls: 0,
            fail_ply: Some(2),
        };
        let mut failures = 0;
        let out = scan(&games, &plan, &mut oracle, &mut |_, _| {}, &mut |_| {
            failures += 1
        })
        .unwrap();
        assert_eq!(out.positions, 5);
        assert_eq!((out.agreed, out.differed, out.failed), (3, 1, 1));
        assert_eq!(failures, 1);
        assert_eq!(out.failures[0].ply, 2);
        assert_eq!(out.groups.len(), 1);
        assert_eq!(
            out.groups[0].difference,
            Difference::Counts {
                what: CountsDiffer::Inconsistent
            }
        );
    }

    fn brandub_after(moves: &str) -> (crate::game::Game, Position, Position) {
        let game = crate::game::Game::from_otn(
            "dim:7 name:Brandub atkf:y surf:n ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
        )
        .unwrap();
        let layout =
            crate::board::Layout::parse("/1T5/7/2t4/3K3/7/5t1/7/", RecordOrder::RankOneFirst)
                .unwrap();
        let start =
            Position::from_layout(&game.tables, &layout, crate::board::Side::Attackers).unwrap();
        let (pos, _) =
            crate::notation::play_line_moves(&game.tables, start.clone(), moves).unwrap();
        (game, start, pos)
    }

    fn mv(text: &str) -> Move {
        crate::perft::against::engine_move(text).unwrap()
    }

    fn finding(pos: &Position, too_many: &[&str], too_few: &[&str]) -> Finding {
        Finding {
            line: vec![],
            position: pos.clone(),
            depth: 1,
            kind: FindingKind::Moves {
                too_many: too_many.iter().map(|m| mv(m)).collect(),
                too_few: too_few.iter().map(|m| mv(m)).collect(),
            },
            trail: vec![],
        }
    }

    #[test]
    fn captures_are_told_from_move_rules() {
        use crate::board::PieceKind;
        // c3-c1 takes b1 against the corner a1: an engine that still moves b1 missed it.
        let (game, before, pos) = brandub_after("c3-c1");
        let t = &game.tables;
        let last = Some(mv("c3-c1"));
        let f = finding(&pos, &["b1-b2", "b1-b3"], &[]);
        assert_eq!(
            classify(t, &game.rules, Some(&before), last, &f),
            Difference::CaptureOnlyTaflcount {
                piece: Some(PieceKind::Taflman)
            }
        );
        // The king is the defenders' last piece: an engine without his moves ends the
        // game; one without two of them misses moves.
        let kings: Vec<String> = pos
            .legal_moves(t)
            .iter()
            .map(|m| m.to_string())
            .filter(|m| m.starts_with("d4-"))
            .collect();
        let kings: Vec<&str> = kings.iter().map(String::as_str).collect();
        let f = finding(&pos, &[], &kings);
        assert!(matches!(
            classify(t, &game.rules, Some(&before), last, &f),
            Difference::OtherEndsGame { .. }
        ));
        let f = finding(&pos, &[], &kings[..2]);
        assert!(matches!(
            classify(t, &game.rules, Some(&before), last, &f),
            Difference::MissingMoves {
                piece: Some(PieceKind::King),
                ..
            }
        ));
    }

    #[test]
    fn differences_keep_their_words_and_order() {
        use crate::board::{PieceKind, Side};
        // The JSON and the order of groups as they were when the fields were strings.
        let extra = Difference::ExtraMoves {
            piece: Some(PieceKind::Taflman),
            route: Route::OntoCorner,
        };
        let text = r#"{"kind":"extra_moves","piece":"taflman","route":"onto a corner"}"#;
        assert_eq!(serde_json::to_string(&extra).unwrap(), text);
        assert_eq!(serde_json::from_str::<Difference>(text).unwrap(), extra);
        let ends = Difference::TaflcountEndsGame {
            side_to_move: Side::Defenders,
            reason: crate::moves::EndReason::NoLegalMove,
        };
        let text =
            r#"{"kind":"taflcount_ends_game","side_to_move":"defenders","reason":"no legal move"}"#;
        assert_eq!(serde_json::to_string(&ends).unwrap(), text);
        assert_eq!(serde_json::from_str::<Difference>(text).unwrap(), ends);
        assert!(serde_json::from_str::<Difference>(
            r#"{"kind":"capture_only_other","piece":"rook"}"#
        )
        .is_err());
        // "piece" (unknown) sorts between "king" and "taflman", "mixed" before "onto...".
        let missing = |piece, route| Difference::MissingMoves { piece, route };
        let mut list = vec![
            missing(Some(PieceKind::Taflman), Route::Elsewhere),
            missing(None, Route::OntoCorner),
            missing(None, Route::Mixed),
            missing(Some(PieceKind::King), Route::OverThrone),
        ];
        list.sort();
        assert_eq!(
            list,
            vec![
                missing(Some(PieceKind::King), Route::OverThrone),
                missing(None, Route::Mixed),
                missing(None, Route::OntoCorner),
                missing(Some(PieceKind::Taflman), Route::Elsewhere),
            ]
        );
    }
}
