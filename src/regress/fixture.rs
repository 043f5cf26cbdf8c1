//! Misplay fixtures: positions where an AI (or a player) went wrong, each with the right
//! answer, checked after every change of the AI. One JSON file per position in
//! `fixtures/misplays/`; this module loads and validates them (errors name the file and
//! the field), runs the search on them and proves their expectations with the solver.

use super::prover::{Prover, ProverError};
use super::solver::{Refutation, Solution, Solver};
use crate::board::{Layout, RecordOrder, Side};
use crate::game::Game;
use crate::moves::{Move, Position, Tables};
use crate::notation::{resolve, MoveText};
use crate::search::{Limits, SearchOutcome, Searcher};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// One fixture file as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fixture {
    /// The fixture's name, unique in its suite; the file is `ID.json`.
    pub id: String,
    /// A catalog name; give this or `rules`, not both.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// An OTN rules string, for a variant the catalog does not hold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// A position record, rank 1 first, or top rank first after `starti:`.
    pub position: String,
    /// `attackers` or `defenders`.
    pub side_to_move: String,
    /// Moves played before the position, oldest first, none of them a capture (a
    /// capture ends the window in which positions can repeat).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<String>,
    /// The move a weaker or older AI, or a player in a recorded game, chose.
    pub misplay: String,
    /// What the AI must play, or must not.
    pub expect: Expect,
    /// The search the AI gets.
    pub limit: LimitSpec,
    /// What the solver established, which `expect` must follow from.
    pub proof: Proof,
    /// Where the position comes from: `hand-built`, or the archive, game line, ply and
    /// moves of a recorded game.
    pub source: String,
    /// Why the position is in the suite, in words.
    #[serde(default)]
    pub comment: String,
}

impl Fixture {
    /// The file as the suites keep it: pretty JSON and a final newline.
    pub fn to_file_text(&self) -> String {
        serde_json::to_string_pretty(self).expect("a fixture serialises") + "\n"
    }

    /// A hand-written draft for `taflregress prove`: a fixture file that may leave out
    /// `proof`, `expect` and `limit`, which get placeholders (a proof within `within`
    /// plies, no expectation, depth 1) for the prover and the depth search to replace.
    pub fn parse_draft(file: &str, text: &str, within: u32) -> Result<Fixture, FixtureError> {
        let err = |e: &dyn std::fmt::Display| FixtureError::new(file, e.to_string());
        let mut value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| err(&crate::text::json_error(text, &e)))?;
        let object = value
            .as_object_mut()
            .ok_or_else(|| err(&"not a JSON object"))?;
        let placeholder = Proof {
            within,
            shortest: None,
            wins: Some(Vec::new()),
            safe: None,
            loses: None,
            safe_count: None,
            statement: String::new(),
        };
        let depth_one = LimitSpec {
            depth: Some(1),
            nodes: None,
        };
        let value_of =
            |v: Result<serde_json::Value, serde_json::Error>| v.expect("plain data serialises");
        object
            .entry("proof")
            .or_insert_with(|| value_of(serde_json::to_value(&placeholder)));
        object
            .entry("expect")
            .or_insert_with(|| value_of(serde_json::to_value(Expect::default())));
        object
            .entry("limit")
            .or_insert_with(|| value_of(serde_json::to_value(depth_one)));
        serde_json::from_value(value).map_err(|e| err(&e))
    }
}

/// Any move of `best` is right; no move of `avoid` is.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// Moves of which the AI must play one (EPD's `bm`); empty: any move not avoided.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub best: Vec<String>,
    /// Moves the AI must not play (EPD's `am`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub avoid: Vec<String>,
}

impl Expect {
    /// What a proof lets a fixture expect: the winning (or safe) moves as best, or, where
    /// the proof is that the move played loses, that move avoided.
    pub fn from_proof(proof: &Proof, misplay: &str) -> Expect {
        match proof.kind() {
            Some(ProofKind::Wins) => Expect {
                best: proof.wins.clone().unwrap_or_default(),
                avoid: vec![],
            },
            Some(ProofKind::Safe) => Expect {
                best: proof.safe.clone().unwrap_or_default(),
                avoid: vec![],
            },
            _ => Expect {
                best: vec![],
                avoid: vec![misplay.to_string()],
            },
        }
    }
}

/// `{"depth": D}` or `{"nodes": N}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimitSpec {
    /// Search to this many plies (1 to 40).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// Search until this many positions are made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
}

/// What the solver established, in one of three forms, with a sentence saying it.
/// - `wins`: the side to move wins within `within` plies (shortest `shortest`), and
///   exactly these moves force it;
/// - `safe`: every move but these lets the opponent force a win within `within` plies;
/// - `loses`: exactly these moves let the opponent force a win within `within` plies,
///   and `safe_count` moves do not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Proof {
    /// The proof's horizon in plies, 1 to 11 (the deep prover beyond 3).
    pub within: u32,
    /// `wins`: the shortest forced win in plies; absent when there is none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shortest: Option<u32>,
    /// `wins`: every move that forces the win, sorted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wins: Option<Vec<String>>,
    /// `safe`: the only moves after which the opponent forces no win, sorted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub safe: Option<Vec<String>>,
    /// `loses`: every move after which the opponent forces a win, sorted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loses: Option<Vec<String>>,
    /// `loses`: how many moves do not lose within the horizon.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub safe_count: Option<usize>,
    /// The proof in one sentence, for people reading the file.
    pub statement: String,
}

/// Which form of proof to establish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofKind {
    /// Which moves force a win for the side to move (`Solver::solve`).
    Wins,
    /// Which moves do not let the opponent force a win, every other move doing so
    /// (`Solver::refute`).
    Safe,
    /// Which moves let the opponent force a win, and how many do not.
    Loses,
}

crate::error::located_error!(
    /// A fixture that cannot be used, and why.
    FixtureError {
        /// The fixture's file name.
        file: String
    },
    "{}: {}"
);

/// A validated fixture, ready to run.
pub struct Loaded {
    /// The file it came from, for messages.
    pub file: String,
    /// The fixture as written.
    pub fixture: Fixture,
    /// Its rules compiled.
    pub tables: Tables,
    /// The position to play from.
    pub position: Position,
    /// Hashes of the positions before `position`, oldest first.
    pub history: Vec<u64>,
    /// `misplay`, resolved to a legal move.
    pub misplay: Move,
    /// `expect.best`, resolved.
    pub best: Vec<Move>,
    /// `expect.avoid`, resolved.
    pub avoid: Vec<Move>,
    /// `limit`, checked.
    pub limits: Limits,
}

fn list(moves: &[String]) -> String {
    match moves.len() {
        0 => "no move".into(),
        1 => moves[0].clone(),
        n => format!("{} and {}", moves[..n - 1].join(", "), moves[n - 1]),
    }
}

fn plies(n: u32) -> String {
    if n == 1 {
        "1 ply".into()
    } else {
        format!("{n} plies")
    }
}

fn texts(moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// The longest proof horizon a fixture may claim, in plies.
pub const MAX_WITHIN: u32 = 11;
/// Proofs up to this horizon are made by the full-width solver, longer ones by the deep
/// prover.
pub const FULL_WIDTH_WITHIN: u32 = 3;

impl Proof {
    /// Runs the solver and states what it found, in the given form.
    pub fn establish(
        tables: &Tables,
        position: &Position,
        history: &[u64],
        kind: ProofKind,
        within: u32,
    ) -> Proof {
        let mut solver = Solver::new(tables, position, history);
        match kind {
            ProofKind::Wins => Proof::of_solution(&solver.solve(position, within)),
            ProofKind::Safe | ProofKind::Loses => {
                Proof::of_refutation(&solver.refute(position, within), kind)
            }
        }
    }

    /// `establish` with the deep prover (`regress::Prover`), for horizons the full-width
    /// solver cannot reach; the same proof whenever both finish (tests/prover.rs).
    /// `node_limit`: give up after this many positions.
    pub fn establish_deep(
        tables: &Tables,
        position: &Position,
        history: &[u64],
        kind: ProofKind,
        within: u32,
        node_limit: Option<u64>,
    ) -> Result<Proof, ProverError> {
        let mut prover = Prover::new(tables, position, history)?;
        if let Some(limit) = node_limit {
            prover = prover.with_node_limit(limit);
        }
        Ok(match kind {
            ProofKind::Wins => Proof::of_solution(&prover.solve(position, within)?),
            ProofKind::Safe | ProofKind::Loses => {
                Proof::of_refutation(&prover.refute(position, within)?, kind)
            }
        })
    }

    /// The proof by the full-width solver up to `FULL_WIDTH_WITHIN` plies (the core
    /// suite's proofs, as they were made), by the deep prover beyond (no node limit; the
    /// two agree wherever both finish, tests/prover.rs). `Err` only under berserk rules
    /// beyond the full-width horizon.
    pub fn establish_auto(
        tables: &Tables,
        position: &Position,
        history: &[u64],
        kind: ProofKind,
        within: u32,
    ) -> Result<Proof, ProverError> {
        if within <= FULL_WIDTH_WITHIN {
            Ok(Proof::establish(tables, position, history, kind, within))
        } else {
            Proof::establish_deep(tables, position, history, kind, within, None)
        }
    }

    /// The `wins` proof stating a solution.
    pub fn of_solution(s: &Solution) -> Proof {
        let (side, within) = (s.side, s.within);
        let wins = texts(&s.winning_moves);
        let statement = match s.win_in {
            Some(n) => format!(
                "the {side} win within {} (shortest {n}); only {} {}",
                plies(within),
                list(&wins),
                if wins.len() == 1 { "does it" } else { "do it" }
            ),
            None => format!("the {side} have no win within {}", plies(within)),
        };
        Proof {
            within,
            shortest: s.win_in,
            wins: Some(wins),
            safe: None,
            loses: None,
            safe_count: None,
            statement,
        }
    }

    /// The `safe` or `loses` proof stating a refutation.
    pub fn of_refutation(r: &Refutation, kind: ProofKind) -> Proof {
        let (side, within) = (r.side, r.within);
        let mut proof = Proof {
            within,
            shortest: None,
            wins: None,
            safe: None,
            loses: None,
            safe_count: None,
            statement: String::new(),
        };
        let (safe, loses) = (texts(&r.safe_moves), texts(&r.losing_moves));
        let total = safe.len() + loses.len();
        let foe = side.opponent();
        if kind == ProofKind::Safe {
            proof.statement = format!("the {foe} force a win within {} after every move of the {side} but {} ({} of {total})", plies(within), list(&safe), safe.len());
            proof.safe = Some(safe);
        } else {
            proof.statement = format!("the {foe} force a win within {} after {} ({} of {total} moves); {} moves do not lose so fast", plies(within), list(&loses), loses.len(), safe.len());
            proof.safe_count = Some(safe.len());
            proof.loses = Some(loses);
        }
        proof
    }

    /// The form of the proof; `None` unless exactly one of `wins`, `safe`, `loses` is
    /// given.
    pub fn kind(&self) -> Option<ProofKind> {
        match (&self.wins, &self.safe, &self.loses) {
            (Some(_), None, None) => Some(ProofKind::Wins),
            (None, Some(_), None) => Some(ProofKind::Safe),
            (None, None, Some(_)) => Some(ProofKind::Loses),
            _ => None,
        }
    }
}

/// The game a fixture names, through the one resolver: a catalog variant or an OTN
/// rules string.
pub fn fixture_game(file: &str, fixture: &Fixture) -> Result<Game, FixtureError> {
    let err = |message: String| FixtureError::new(file.to_string(), message);
    match (&fixture.variant, &fixture.rules) {
        (Some(name), None) => Game::named(name).map_err(|e| err(format!("`variant`: {e}"))),
        (None, Some(text)) => Game::from_otn(text).map_err(|e| err(format!("`rules`: {e}"))),
        (Some(_), Some(_)) => Err(err("give `variant` or `rules`, not both".into())),
        (None, None) => Err(err(
            "missing `variant` (a catalog name) or `rules` (an OTN rules string)".into(),
        )),
    }
}

/// The move of field `field` in the fixture `file`.
fn parse_move(
    file: &str,
    t: &Tables,
    pos: &Position,
    text: &str,
    field: &str,
) -> Result<Move, FixtureError> {
    let err = |e: &dyn std::fmt::Display| FixtureError::new(file, format!("`{field}`: {e}"));
    let mt: MoveText = text.parse().map_err(|e| err(&e))?;
    resolve(t, pos, &mt).map_err(|e| err(&e))
}

/// The positions before `position` that the history moves pass through, oldest first,
/// found by taking the moves back one by one and checking each forward again (an engine
/// in another process is sent the first of them and the moves).
pub fn history_positions(
    file: &str,
    t: &Tables,
    position: &Position,
    moves: &[String],
) -> Result<Vec<Position>, FixtureError> {
    let mut later = position.clone();
    let mut positions = Vec::new();
    for (i, text) in moves.iter().enumerate().rev() {
        let err = |message: String| FixtureError::new(file, format!("`history[{i}]`: {message}"));
        let mt: MoveText = text.parse().map_err(|e| err(format!("{e}")))?;
        // The layout is indexed by these squares: off the board they are an error,
        // not a panic (found by tests/properties.rs).
        if !mt.from.on_board(t.dim()) || !mt.to.on_board(t.dim()) {
            return Err(err(format!(
                "`{text}` cannot be taken back: the board is {0}x{0}",
                t.dim()
            )));
        }
        let mover = later.side_to_move().opponent();
        let mut layout = later.layout(t);
        let piece = layout
            .get(mt.to)
            .filter(|p| p.side == mover)
            .ok_or_else(|| {
                err(format!(
                    "`{text}` cannot be taken back: {} holds no piece of the {mover}",
                    mt.to
                ))
            })?;
        if layout.get(mt.from).is_some() {
            return Err(err(format!(
                "`{text}` cannot be taken back: {} is occupied",
                mt.from
            )));
        }
        layout.set(mt.to, None);
        layout.set(mt.from, Some(piece));
        let earlier = Position::from_layout(t, &layout, mover).map_err(|e| err(format!("{e}")))?;
        let mv = resolve(t, &earlier, &mt).map_err(|e| err(format!("{e}")))?;
        let (replayed, captured) = earlier.after(t, mv);
        if !captured.is_empty() || replayed.layout(t) != later.layout(t) {
            return Err(err(format!("`{text}` captures when played forward; the history may only hold the moves since the last capture")));
        }
        later = earlier;
        positions.push(later.clone());
    }
    positions.reverse();
    Ok(positions)
}

/// The rules, position and history hashes of a fixture (its proof and expectation aside).
pub fn setup(file: &str, fixture: &Fixture) -> Result<(Tables, Position, Vec<u64>), FixtureError> {
    let err = |message: String| FixtureError::new(file, message);
    let tables = fixture_game(file, fixture)?.tables;
    let side: Side = fixture
        .side_to_move
        .parse()
        .map_err(|e| err(format!("`side_to_move`: {e}")))?;
    let layout = Layout::parse(&fixture.position, RecordOrder::RankOneFirst)
        .map_err(|e| err(format!("`position`: {e}")))?;
    let position = Position::from_layout(&tables, &layout, side)
        .map_err(|e| err(format!("`position`: {e}")))?;
    if let Some(o) = position.outcome(&tables) {
        return Err(err(format!(
            "`position`: the game is already over ({}, {})",
            o.reason,
            o.winner.map_or("draw".into(), |w| format!("the {w} win"))
        )));
    }
    let history = history_positions(file, &tables, &position, &fixture.history)?
        .iter()
        .map(Position::hash)
        .collect();
    Ok((tables, position, history))
}

/// Validates a parsed fixture; `file` names it in errors.
pub fn validate(file: &str, fixture: Fixture) -> Result<Loaded, FixtureError> {
    let err = |message: String| FixtureError {
        file: file.to_string(),
        message,
    };
    if fixture.id.trim().is_empty() {
        return Err(err("`id` is empty".into()));
    }
    let (tables, position, history) = setup(file, &fixture)?;
    let misplay = parse_move(file, &tables, &position, &fixture.misplay, "misplay")?;
    let moves = |field: &str, texts: &[String]| -> Result<Vec<Move>, FixtureError> {
        texts
            .iter()
            .enumerate()
            .map(|(i, m)| parse_move(file, &tables, &position, m, &format!("{field}[{i}]")))
            .collect()
    };
    let best = moves("expect.best", &fixture.expect.best)?;
    let avoid = moves("expect.avoid", &fixture.expect.avoid)?;
    if best.is_empty() && avoid.is_empty() {
        return Err(err("`expect` needs `best` or `avoid` moves".into()));
    }
    if !best.is_empty() && best.contains(&misplay) {
        return Err(err(format!(
            "`misplay` {misplay} is one of `expect.best`: it is no misplay"
        )));
    }
    if !avoid.is_empty() && !avoid.contains(&misplay) && best.is_empty() {
        return Err(err(format!(
            "`misplay` {misplay} is not in `expect.avoid`: it is no misplay"
        )));
    }
    let limits = match (fixture.limit.depth, fixture.limit.nodes) {
        (Some(d), None) if (1..=40).contains(&d) => Limits::depth(d),
        (None, Some(n)) if n > 0 => Limits::nodes(n),
        _ => {
            return Err(err(
                "`limit` must be {\"depth\": 1..40} or {\"nodes\": N > 0}".into(),
            ))
        }
    };
    let kind = fixture
        .proof
        .kind()
        .ok_or_else(|| err("`proof` needs exactly one of `wins`, `safe` or `loses`".into()))?;
    let within = fixture.proof.within;
    if !(1..=MAX_WITHIN).contains(&within) {
        return Err(err(format!(
            "`proof.within` is {within}; the solver proves 1 to {MAX_WITHIN} plies"
        )));
    }
    let listed = |v: &Option<Vec<String>>| v.clone().unwrap_or_default();
    let subset = |a: &[Move], b: &[String]| a.iter().all(|m| b.contains(&m.to_string()));
    match kind {
        ProofKind::Wins if !subset(&best, &listed(&fixture.proof.wins)) || best.is_empty() => {
            return Err(err("`expect.best` must be among `proof.wins`".into()))
        }
        ProofKind::Safe if !subset(&best, &listed(&fixture.proof.safe)) || best.is_empty() => {
            return Err(err("`expect.best` must be among `proof.safe`".into()))
        }
        ProofKind::Loses
            if !subset(&avoid, &listed(&fixture.proof.loses))
                || avoid.is_empty()
                || fixture.proof.safe_count == Some(0) =>
        {
            return Err(err(
                "`expect.avoid` must be among `proof.loses`, and some move must be safe".into(),
            ))
        }
        _ => {}
    }
    let claimed =
        |v: &Option<Vec<String>>| v.as_ref().is_some_and(|l| l.contains(&misplay.to_string()));
    let misplay_proven = match kind {
        ProofKind::Wins => !claimed(&fixture.proof.wins),
        ProofKind::Safe => !claimed(&fixture.proof.safe),
        ProofKind::Loses => claimed(&fixture.proof.loses),
    };
    if !misplay_proven {
        return Err(err(format!(
            "`misplay` {misplay}: the proof does not show it wrong"
        )));
    }
    Ok(Loaded {
        file: file.to_string(),
        fixture,
        tables,
        position,
        history,
        misplay,
        best,
        avoid,
        limits,
    })
}

/// Reads and validates one fixture from its text; `file` names it in errors.
pub fn load_text(file: &str, text: &str) -> Result<Loaded, FixtureError> {
    let text = crate::text::strip_bom(text);
    let fixture: Fixture = serde_json::from_str(text).map_err(|e| {
        FixtureError::new(
            file,
            format!("not a fixture: {}", crate::text::json_error(text, &e)),
        )
    })?;
    validate(file, fixture)
}

/// Reads and validates one fixture file.
pub fn load_file(path: &Path) -> Result<Loaded, FixtureError> {
    let file = path.display().to_string();
    let text = crate::text::read_text_file(path)
        .map_err(|e| FixtureError::new(file.clone(), e.to_string()))?;
    load_text(&file, &text)
}

/// Validates fixtures given as (file name, text) and checks that their ids are unique.
pub fn load_texts<'a>(
    files: impl IntoIterator<Item = (String, &'a str)>,
) -> Result<Vec<Loaded>, FixtureError> {
    let mut loaded: Vec<Loaded> = Vec::new();
    for (file, text) in files {
        let l = load_text(&file, text)?;
        if let Some(other) = loaded.iter().find(|o| o.fixture.id == l.fixture.id) {
            let message = format!("`id` {} is also the id of {}", l.fixture.id, other.file);
            return Err(FixtureError::new(l.file, message));
        }
        loaded.push(l);
    }
    Ok(loaded)
}

/// Every `*.json` fixture of a directory, sorted by file name; ids must be unique.
pub fn load_dir(dir: &Path) -> Result<Vec<Loaded>, FixtureError> {
    let err = |e: std::io::Error| {
        FixtureError::new(
            dir.display().to_string(),
            format!("cannot read the suite directory: {e}"),
        )
    };
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(err)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    let mut texts = Vec::new();
    for path in &paths {
        let file = path.display().to_string();
        let text = crate::text::read_text_file(path)
            .map_err(|e| FixtureError::new(file.clone(), e.to_string()))?;
        texts.push((file, text));
    }
    load_texts(texts.iter().map(|(f, t)| (f.clone(), t.as_str())))
}

/// The core suite (`fixtures/misplays/`) as compiled into the library, so an installed
/// taflregress runs it from any directory. The files are named without their folder.
pub fn built_in() -> Result<Vec<Loaded>, FixtureError> {
    load_texts(
        BUILT_IN
            .iter()
            .map(|&(name, text)| (name.to_string(), text)),
    )
}

/// The hard tier built into the program (a copy of `fixtures/misplays/hard/` made when it
/// was compiled), validated.
pub fn built_in_hard() -> Result<Vec<Loaded>, FixtureError> {
    load_texts(
        BUILT_IN_HARD
            .iter()
            .map(|&(name, text)| (format!("hard/{name}"), text)),
    )
}

// `BUILT_IN` and `BUILT_IN_HARD: &[(&str, &str)]`, (file name, text) sorted by name, made
// by build.rs.
include!(concat!(env!("OUT_DIR"), "/misplays.rs"));

/// What the AI did on one fixture. Serialised whole into the snapshots.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixtureResult {
    /// The fixture's id.
    pub id: String,
    /// `bm m1 m2` (best moves) and/or `am m3` (avoid moves), as in EPD.
    pub expected: String,
    /// The AI's move; `None` if it found none.
    pub played: Option<String>,
    /// True if the move is one of `best` (when given) and none of `avoid`.
    pub pass: bool,
    /// The search's score, for the side to move.
    pub score: i32,
    /// The game end the search proved, if any.
    pub outcome: Option<SearchOutcome>,
    /// Plies to that end.
    pub plies_to_end: Option<u32>,
    /// The last completed iteration.
    pub depth: u32,
    /// Positions the search made.
    pub nodes: u64,
    /// The principal variation, starting with `played`.
    pub pv: Vec<String>,
}

impl Loaded {
    /// `bm ...` / `am ...`.
    pub fn expected(&self) -> String {
        let mut parts = Vec::new();
        if !self.fixture.expect.best.is_empty() {
            parts.push(format!("bm {}", self.fixture.expect.best.join(" ")));
        }
        if !self.fixture.expect.avoid.is_empty() {
            parts.push(format!("am {}", self.fixture.expect.avoid.join(" ")));
        }
        parts.join("; ")
    }

    /// Runs the search under the fixture's limit and judges the move.
    pub fn run(&self) -> FixtureResult {
        self.run_with(self.limits)
    }

    /// Runs the search under other limits (a tier's node budget) and judges the move.
    pub fn run_with(&self, limits: Limits) -> FixtureResult {
        let result = Searcher::new(&self.tables, limits).best_move(&self.position, &self.history);
        let pass = match result.best_move {
            Some(mv) => {
                (self.best.is_empty() || self.best.contains(&mv)) && !self.avoid.contains(&mv)
            }
            None => false,
        };
        FixtureResult {
            id: self.fixture.id.clone(),
            expected: self.expected(),
            played: result.best_move.map(|m| m.to_string()),
            pass,
            score: result.score,
            outcome: result.outcome,
            plies_to_end: result.plies_to_end,
            depth: result.depth,
            nodes: result.nodes,
            pv: result.pv.iter().map(|m| m.to_string()).collect(),
        }
    }

    /// Proves the fixture's `proof` again (`Proof::establish_auto`); the error says what
    /// differs.
    pub fn check_proof(&self) -> Result<(), FixtureError> {
        let kind = self.fixture.proof.kind().expect("validated");
        let again = Proof::establish_auto(
            &self.tables,
            &self.position,
            &self.history,
            kind,
            self.fixture.proof.within,
        )
        .map_err(|e| FixtureError::new(self.file.clone(), format!("cannot prove again: {e}")))?;
        if again == self.fixture.proof {
            Ok(())
        } else {
            let json = |p: &Proof| serde_json::to_string(p).unwrap_or_default();
            Err(FixtureError::new(
                self.file.clone(),
                format!(
                    "the solver establishes {}\n  but the fixture claims {}",
                    json(&again),
                    json(&self.fixture.proof)
                ),
            ))
        }
    }
}
