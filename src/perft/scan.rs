//! `taflperft --against CMD --records FILE`: every position of a game archive compared
//! with another engine, each disagreement bisected to its first position
//! ([`super::against::bisect`]) and sorted into groups by what differs, so a run over
//! thousands of positions reads as a handful of rules questions (docs/perft-against.md).
//!
//! An engine that fails on one position (a crash, a timeout, output that is not a
//! divide) is counted and the scan goes on; only an engine that fails on every one of the
//! first [`GIVE_UP_AFTER`] positions stops it, since it is then not an engine at all.

use super::against::{bisect, AgainstError, Finding, FindingKind, Oracle, Verdict};
use super::units::Root;
use crate::board::Square;
use crate::board::{PieceKind, RecordOrder};
use crate::moves::{Position, Tables};
use crate::notation::{play_line_moves, GameRecord};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The version of [`ScanReport`]'s layout (2: `games_not_replayed` gone, a game that
/// does not replay is an input error).
pub const SCAN_SCHEMA_VERSION: u32 = 2;

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

/// How one engine's and taflcount's position lists differ, in the few kinds a rules
/// question takes. The group key of a finding.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Difference {
    /// The other engine has no move here (it ends the game), taflcount plays on.
    OtherEndsGame {
        /// Who is to move (and, for the other engine, has lost or is stuck).
        side_to_move: String,
    },
    /// taflcount ends the game here (`reason`), the other engine plays on.
    TaflcountEndsGame {
        /// Who is to move.
        side_to_move: String,
        /// taflcount's end rule ("edge fort", "encirclement"...).
        reason: String,
    },
    /// The last move captured a piece in taflcount that the other engine keeps (it
    /// still moves it).
    CaptureOnlyTaflcount {
        /// The kind of the piece the other engine keeps.
        piece: String,
    },
    /// The other engine lacks every move of a piece taflcount keeps: it captured it.
    CaptureOnlyOther {
        /// The kind of the piece.
        piece: String,
    },
    /// The other engine plays moves taflcount does not allow.
    ExtraMoves {
        /// The kind of piece that moves.
        piece: String,
        /// Where the moves go: `onto a corner`, `onto the throne`, `over the throne`,
        /// `elsewhere`, or `mixed`.
        route: String,
    },
    /// The other engine lacks moves taflcount allows.
    MissingMoves {
        /// The kind of piece that moves.
        piece: String,
        /// Where the moves go, as for `ExtraMoves`.
        route: String,
    },
    /// Same moves, but a count, a total or a repeated divide of the other engine does
    /// not add up (`leaf_count`, `total`, `inconsistent`).
    Counts {
        /// Which of the three.
        what: String,
    },
}

impl Difference {
    /// The group in words, for the table.
    pub fn describe(&self) -> String {
        match self {
            Difference::OtherEndsGame { side_to_move } => {
                format!("other engine ends the game, taflcount plays on ({side_to_move} to move)")
            }
            Difference::TaflcountEndsGame {
                side_to_move,
                reason,
            } => format!(
                "taflcount ends the game ({reason}), other engine plays on ({side_to_move} to move)"
            ),
            Difference::CaptureOnlyTaflcount { piece } => {
                format!("capture: taflcount takes a {piece} the other engine keeps")
            }
            Difference::CaptureOnlyOther { piece } => {
                format!("capture: other engine takes a {piece} taflcount keeps")
            }
            Difference::ExtraMoves { piece, route } => {
                format!("moves: other engine plays {piece} moves {route} that taflcount forbids")
            }
            Difference::MissingMoves { piece, route } => {
                format!("moves: other engine misses legal {piece} moves {route}")
            }
            Difference::Counts { what } => format!("counts: the other engine's {what}"),
        }
    }
}

/// One disagreement, at the first position the bisection found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScanExample {
    /// The game's line in the archive (its number).
    pub game: usize,
    /// The ply of the game the scan compared at (moves from the start).
    pub ply: usize,
    /// Every move from the start to the position found: the game's first `ply`, then
    /// the bisection's line.
    pub moves: String,
    /// Plies from the start to the position found.
    pub length: usize,
    /// The position found, rank 1 first.
    pub position: String,
    /// Who moves there.
    pub side_to_move: String,
    /// The remaining depth at which the engines differ there.
    pub depth: u32,
    /// Moves the other engine has and taflcount does not, sorted.
    pub too_many: Vec<String>,
    /// Moves taflcount has and the other engine does not, sorted.
    pub too_few: Vec<String>,
    /// For the count kinds: what the other engine said, in words.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
}

/// One group of findings: one kind of difference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScanGroup {
    /// What differs.
    pub difference: Difference,
    /// The same in words.
    pub description: String,
    /// Distinct positions found (a position reached from several scanned plies counts
    /// once).
    pub positions: usize,
    /// Scanned positions whose bisection ended in this group.
    pub hits: usize,
    /// The shortest example (fewest plies from the start).
    pub example: ScanExample,
}

/// A position the other engine failed on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScanFailure {
    /// The game's line in the archive.
    pub game: usize,
    /// The ply compared at.
    pub ply: usize,
    /// What went wrong.
    pub message: String,
}

/// The whole scan: `taflperft --against CMD --records FILE --json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScanReport {
    /// [`SCAN_SCHEMA_VERSION`], `taflperft` and `scan`.
    #[serde(flatten)]
    pub header: crate::document::Header,
    /// The other engine's command.
    pub command: String,
    /// The archive scanned.
    pub records: String,
    /// The OTN rules string.
    pub rules: String,
    /// The depth compared.
    pub depth: u32,
    /// Games read from the archive (after `--games`).
    pub games: usize,
    /// What the scan found.
    #[serde(flatten)]
    pub outcome: ScanOutcome,
    /// Wall-clock seconds of the whole scan.
    pub seconds: f64,
}

impl ScanReport {
    /// The report of a finished scan of `games` games of the archive `records` at
    /// `depth`, against `command`, that took `seconds`.
    pub fn new(
        command: &str,
        records: &str,
        rules: String,
        depth: u32,
        games: usize,
        outcome: ScanOutcome,
        seconds: f64,
    ) -> ScanReport {
        ScanReport {
            header: crate::document::Header::with_mode(SCAN_SCHEMA_VERSION, "taflperft", "scan"),
            command: command.to_owned(),
            records: records.to_owned(),
            rules,
            depth,
            games,
            outcome,
            seconds,
        }
    }
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
    /// Makes `root` the root of the next calls.
    fn set_root(&mut self, root: &Root);
    /// Calls so far.
    fn calls(&self) -> usize;
}

impl RootedOracle for super::against::CommandOracle {
    fn set_root(&mut self, root: &Root) {
        self.root = root.clone();
    }
    fn calls(&self) -> usize {
        self.calls
    }
}

/// How a finding reads as a group: our own position there tells a game end from a
/// capture from a move rule. `before` is the position before `last_move`, the move
/// that led to `pos` (none at the start); `rules` name the corners and the throne.
pub fn classify(
    t: &Tables,
    rules: &crate::rules::Rules,
    before: Option<&Position>,
    last_move: Option<&str>,
    pos: &Position,
    f: &Finding,
) -> Difference {
    let side_to_move = f.side.clone();
    let (too_many, too_few) = match &f.kind {
        FindingKind::Moves { too_many, too_few } => (too_many, too_few),
        FindingKind::LeafCount { .. } => {
            return Difference::Counts {
                what: "leaf count at depth 1".into(),
            }
        }
        FindingKind::Total { .. } => {
            return Difference::Counts {
                what: "total (not the sum of its divide)".into(),
            }
        }
        FindingKind::Inconsistent { .. } => {
            return Difference::Counts {
                what: "count one level up (not what its divide adds up to)".into(),
            }
        }
    };
    let ours: Vec<String> = if pos.is_over(t) {
        Vec::new()
    } else {
        pos.legal_moves(t).iter().map(|m| m.to_string()).collect()
    };
    if ours.is_empty() && !too_many.is_empty() {
        let reason = pos
            .outcome(t)
            .map(|o| o.reason.name().to_string())
            .unwrap_or_else(|| "no legal move".into());
        return Difference::TaflcountEndsGame {
            side_to_move,
            reason,
        };
    }
    if !ours.is_empty() && too_few.len() == ours.len() && too_many.is_empty() {
        return Difference::OtherEndsGame { side_to_move };
    }
    let kind_at = |p: &Position, square: &str| -> String {
        square_of(square)
            .and_then(|s| p.piece_at(s))
            .map(|piece| piece.kind.name().to_string())
            .unwrap_or_else(|| "piece".into())
    };
    let from_of = |m: &String| m.split('-').next().unwrap_or("").to_string();
    // A move of the other engine from a square taflcount emptied by a capture: the
    // other engine kept the piece.
    if let Some(m) = too_many
        .iter()
        .find(|m| square_of(&from_of(m)).is_some_and(|s| pos.piece_at(s).is_none()))
    {
        let piece = before.map_or("piece".into(), |b| kind_at(b, &from_of(m)));
        return Difference::CaptureOnlyTaflcount { piece };
    }
    // Every move of one of our pieces missing, a piece the last move could have taken
    // (next to where it landed, or on the same edge for a shieldwall): the other engine
    // no longer has it.
    let landed = last_move
        .and_then(|m| m.split('-').nth(1))
        .and_then(|s| s.parse::<crate::board::Square>().ok());
    let takeable = |from: &str| {
        let (Some(to), Ok(from)) = (landed, from.parse::<crate::board::Square>()) else {
            return false;
        };
        let (df, dr) = (
            to.file().abs_diff(from.file()),
            to.rank().abs_diff(from.rank()),
        );
        let edge = |s: crate::board::Square| t.on_edge(s.file(), s.rank());
        df + dr == 1
            || (edge(to) && edge(from) && (to.file() == from.file() || to.rank() == from.rank()))
    };
    let whole_piece_missing = too_few.iter().map(from_of).find(|from| {
        let ours_from = ours.iter().filter(|m| from_of(m) == *from).count();
        let missing = too_few.iter().filter(|m| from_of(m) == *from).count();
        ours_from == missing && !too_many.iter().any(|m| from_of(m) == *from) && takeable(from)
    });
    // Unless all the missing moves cross or reach a special square: then a move rule
    // (a piece whose only moves cross the throne is no capture).
    let special_route = !matches!(route(rules, too_few).as_str(), "elsewhere" | "mixed");
    let whole_piece_missing = whole_piece_missing.filter(|_| !special_route);
    if let Some(from) = whole_piece_missing {
        if too_many.is_empty() {
            return Difference::CaptureOnlyOther {
                piece: kind_at(pos, &from),
            };
        }
    }
    let mover = |list: &Vec<String>| {
        let kinds: Vec<PieceKind> = list
            .iter()
            .filter_map(|m| square_of(&from_of(m)))
            .filter_map(|s| pos.piece_at(s))
            .map(|p| p.kind)
            .collect();
        if kinds.contains(&PieceKind::King) {
            "king".to_string()
        } else {
            kinds
                .first()
                .map_or("piece".into(), |k| k.name().to_string())
        }
    };
    if !too_many.is_empty() {
        Difference::ExtraMoves {
            piece: mover(too_many),
            route: route(rules, too_many),
        }
    } else {
        Difference::MissingMoves {
            piece: mover(too_few),
            route: route(rules, too_few),
        }
    }
}

/// Where a list of moves goes, in the terms a move rule is written in: `onto a corner`,
/// `onto the throne`, `over the throne`, `elsewhere`, or `mixed` when they differ.
fn route(rules: &crate::rules::Rules, moves: &[String]) -> String {
    use crate::board::Square;
    let one = |m: &String| -> &'static str {
        let squares: Option<(Square, Square)> = m
            .split_once('-')
            .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)));
        let Some((from, to)) = squares else {
            return "elsewhere";
        };
        if rules.corners.squares.contains(&to) {
            return "onto a corner";
        }
        if rules.centre.squares.contains(&to) {
            return "onto the throne";
        }
        let between = |a: usize, b: usize, x: usize| a.min(b) < x && x < a.max(b);
        let over = rules.centre.squares.iter().any(|c| {
            (from.file() == to.file()
                && c.file() == from.file()
                && between(from.rank(), to.rank(), c.rank()))
                || (from.rank() == to.rank()
                    && c.rank() == from.rank()
                    && between(from.file(), to.file(), c.file()))
        });
        if over {
            "over the throne"
        } else {
            "elsewhere"
        }
    };
    let mut kinds: Vec<&str> = moves.iter().map(one).collect();
    kinds.sort();
    kinds.dedup();
    match kinds.as_slice() {
        [one] => one.to_string(),
        _ => "mixed".to_string(),
    }
}

/// A square in the simple notation (`e5`), if it is one.
fn square_of(text: &str) -> Option<Square> {
    text.parse::<Square>().ok()
}

/// A distinct finding: its group, position and move lists.
type FindingKey = (Difference, String, String, Vec<String>, Vec<String>);

/// Scans `games` against `oracle`; `progress` sees (positions done, positions in all)
/// after each position, `failure` each engine failure as it happens.
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
    let start_record = start.layout(t).record(RecordOrder::RankOneFirst);
    let start_side = start.side_to_move().name().to_string();
    // Each game's plies to compare at, found first so the progress has a total.
    let mut todo: Vec<(usize, Vec<String>, Vec<usize>)> = Vec::new();
    for record in games {
        // Every game must replay up to the end the rules see, its recorded captures
        // included, as `branching --records` asks (a game that does not is an input
        // error with its line: before, an archive of another variant scanned as "0
        // positions, all skipped", exit 0). Past that end the record goes on only on the
        // players' say-so (a king the rules took may move on), and is not read.
        let replayed = crate::notation::replay_to_end(t, record).map_err(|e| {
            ScanError::Input(format!(
                "game {} does not replay under the rules: {e}",
                record.line
            ))
        })?;
        let moves: Vec<String> = replayed.moves.iter().map(|m| m.to_string()).collect();
        let positions = &replayed.positions;
        let end = moves.len().min(plan.last_ply);
        let plies: Vec<usize> = (plan.first_ply..=end)
            .filter(|p| (p - plan.first_ply) % plan.every.max(1) == 0)
            .filter(|&p| !positions[p].is_over(t))
            .collect();
        if !plies.is_empty() {
            todo.push((record.line, moves, plies));
        }
    }
    let total: usize = todo.iter().map(|(_, _, p)| p.len()).sum();
    let mut out = ScanOutcome::default();
    let mut seen: BTreeMap<FindingKey, ()> = BTreeMap::new();
    let mut groups: BTreeMap<Difference, ScanGroup> = BTreeMap::new();
    let mut done = 0;
    for (line, moves, plies) in &todo {
        for &ply in plies {
            let root = Root {
                rules: plan.rules.clone(),
                position: start_record.clone(),
                side: start_side.clone(),
                moves: moves[..ply].join(" "),
            };
            oracle.set_root(&root);
            out.positions += 1;
            match bisect(&root, plan.depth, plan.threads, oracle) {
                Ok(Verdict::Agree { .. }) => out.agreed += 1,
                Ok(Verdict::Differ(f)) => {
                    out.differed += 1;
                    let mut all: Vec<String> = moves[..ply].to_vec();
                    all.extend(f.line.iter().cloned());
                    let (pos, before) = position_and_parent(t, &start, &all)
                        .map_err(|e| ScanError::Setup(format!("game {line}: {e}")))?;
                    let difference = classify(
                        t,
                        &game.rules,
                        before.as_ref(),
                        all.last().map(String::as_str),
                        &pos,
                        &f,
                    );
                    let (too_many, too_few, detail) = match &f.kind {
                        FindingKind::Moves { too_many, too_few } => {
                            (too_many.clone(), too_few.clone(), String::new())
                        }
                        FindingKind::LeafCount { mv, theirs } => (
                            vec![],
                            vec![],
                            format!("{theirs} leaves below {mv} at depth 1"),
                        ),
                        FindingKind::Total { sum, total } => (
                            vec![],
                            vec![],
                            format!("total {total}, sum of its divide {sum}"),
                        ),
                        FindingKind::Inconsistent { above, below } => (
                            vec![],
                            vec![],
                            format!("{above} one level up, {below} in its divide here"),
                        ),
                    };
                    let key = (
                        difference.clone(),
                        f.position.clone(),
                        f.side.clone(),
                        too_many.clone(),
                        too_few.clone(),
                    );
                    let new = seen.insert(key, ()).is_none();
                    let example = ScanExample {
                        game: *line,
                        ply,
                        moves: all.join(" "),
                        length: all.len(),
                        position: f.position.clone(),
                        side_to_move: f.side.clone(),
                        depth: f.depth,
                        too_many,
                        too_few,
                        detail,
                    };
                    let group = groups
                        .entry(difference.clone())
                        .or_insert_with(|| ScanGroup {
                            description: difference.describe(),
                            difference,
                            positions: 0,
                            hits: 0,
                            example: example.clone(),
                        });
                    group.hits += 1;
                    if new {
                        group.positions += 1;
                    }
                    if example.length < group.example.length {
                        group.example = example;
                    }
                }
                Err(AgainstError::Root(why)) => {
                    return Err(ScanError::Setup(format!("game {line}, ply {ply}: {why}")))
                }
                Err(e @ (AgainstError::Engine(_) | AgainstError::Timeout { .. })) => {
                    let why = match e {
                        AgainstError::Engine(why) => why,
                        timeout => timeout.to_string(),
                    };
                    out.failed += 1;
                    let failed = ScanFailure {
                        game: *line,
                        ply,
                        message: why,
                    };
                    failure(&failed);
                    if out.failed == out.positions && out.failed >= GIVE_UP_AFTER {
                        return Err(ScanError::Engine(failed.message));
                    }
                    if out.failures.len() < KEPT_ERRORS {
                        out.failures.push(failed);
                    }
                }
            }
            done += 1;
            progress(done, total);
        }
    }
    let mut groups: Vec<ScanGroup> = groups.into_values().collect();
    groups.sort_by(|a, b| {
        b.positions
            .cmp(&a.positions)
            .then(a.difference.cmp(&b.difference))
    });
    out.groups = groups;
    out.calls = oracle.calls();
    Ok(out)
}

/// The position after `moves` from `start`, and the one before the last of them.
fn position_and_parent(
    t: &Tables,
    start: &Position,
    moves: &[String],
) -> Result<(Position, Option<Position>), String> {
    let Some((last, first)) = moves.split_last() else {
        return Ok((start.clone(), None));
    };
    let (before, _) =
        play_line_moves(t, start.clone(), &first.join(" ")).map_err(|e| e.to_string())?;
    let (pos, _) = play_line_moves(t, before.clone(), last).map_err(|e| e.to_string())?;
    Ok((pos, Some(before)))
}

/// What a scan found; the report adds its labels and timing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScanOutcome {
    /// Positions compared (engine failures included).
    pub positions: usize,
    /// Positions where both engines give the same divide.
    pub agreed: usize,
    /// Positions where they differ (each bisected into one of the groups).
    pub differed: usize,
    /// Positions where the other engine failed.
    pub failed: usize,
    /// The groups, most positions first.
    pub groups: Vec<ScanGroup>,
    /// The first failures, with their messages.
    pub failures: Vec<ScanFailure>,
    /// Calls of the other engine.
    pub calls: usize,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::against::{our_divide, EngineDivide};

    /// Our own engine, but one that ends the game whenever the defenders are to move
    /// with the king on rank 1 (a made-up edge rule), and fails on a chosen ply.
    struct Quirky {
        root: Root,
        calls: usize,
        fail_ply: Option<usize>,
    }

    impl Oracle for Quirky {
        fn divide(&mut self, depth: u32, line: &[String]) -> Result<EngineDivide, AgainstError> {
            self.calls += 1;
            let (t, root) = self.root.setup(0).unwrap();
            let plies = self.root.moves.split_whitespace().count();
            if Some(plies) == self.fail_ply {
                return Err(AgainstError::Engine("crashed (exit status: 3)".into()));
            }
            let (pos, _) = play_line_moves(&t, root, &line.join(" ")).unwrap();
            let mut moves = our_divide(&t, &pos, depth);
            // An engine that counts one root move of the start position twice.
            if plies == 0 && line.is_empty() {
                moves[0].1 += 1;
            }
            Ok(EngineDivide { moves, total: None })
        }
    }

    impl RootedOracle for Quirky {
        fn set_root(&mut self, root: &Root) {
            self.root = root.clone();
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
            root: Root {
                rules: String::new(),
                position: String::new(),
                side: String::new(),
                moves: String::new(),
            },
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
        assert!(matches!(
            out.groups[0].difference,
            Difference::Counts { .. }
        ));
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
        let (pos, _) = play_line_moves(&game.tables, start.clone(), moves).unwrap();
        (game, start, pos)
    }

    fn finding(pos: &Position, t: &Tables, too_many: &[&str], too_few: &[&str]) -> Finding {
        Finding {
            line: vec![],
            position: pos.layout(t).record(RecordOrder::RankOneFirst),
            side: pos.side_to_move().name().into(),
            berserker: None,
            depth: 1,
            kind: FindingKind::Moves {
                too_many: too_many.iter().map(|m| m.to_string()).collect(),
                too_few: too_few.iter().map(|m| m.to_string()).collect(),
            },
            trail: vec![],
        }
    }

    #[test]
    fn captures_are_told_from_move_rules() {
        // c3-c1 takes b1 against the corner a1: an engine that still moves b1 missed it.
        let (game, before, pos) = brandub_after("c3-c1");
        let t = &game.tables;
        let f = finding(&pos, t, &["b1-b2", "b1-b3"], &[]);
        assert_eq!(
            classify(t, &game.rules, Some(&before), Some("c3-c1"), &pos, &f),
            Difference::CaptureOnlyTaflcount {
                piece: "taflman".into()
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
        let f = finding(&pos, t, &[], &kings);
        assert!(matches!(
            classify(t, &game.rules, Some(&before), Some("c3-c1"), &pos, &f),
            Difference::OtherEndsGame { .. }
        ));
        let f = finding(&pos, t, &[], &kings[..2]);
        assert!(matches!(
            classify(t, &game.rules, Some(&before), Some("c3-c1"), &pos, &f),
            Difference::MissingMoves { piece, .. } if piece == "king"
        ));
    }
}
