//! A match in work units (`crate::units`), the way fishtest spreads an SPRT over many
//! machines: the plan fixes everything a game depends on (rules, engines and the
//! digests of their files, openings written out, seed, ply cap, SPRT bounds) and deals
//! the game pairs into contiguous ranges by opening index. A unit plays its pairs with
//! the game numbers, openings, colours and seeds of a single run, so merging every unit
//! gives the single run's games and pentanomial counts exactly.
//!
//! The merge is sequential: it takes units in index order only and stops at the first
//! one without a result, so the SPRT sees the pairs in the order one run plays them,
//! whatever order the units finish in. When the SPRT decides, the merge writes a
//! decision file; a unit that starts after it (or is running when it appears) stops
//! at once without a result, so an early stop frees the cluster.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use super::openings::{openings_from_list, OpeningSource, OpeningSupply};
use super::run::{play_pairs, HeadToHead, MatchGame, MatchSettings, RunHooks};
use crate::board::Side;
use crate::document::Timing;
use crate::engine::{EngineFactory, EngineKind, EngineSpec, GameEnd, PlayedGame, PlyBranching};
use crate::moves::{EndReason, Tables};
use crate::notation::MoveText;
use crate::stats::{Pentanomial, SprtParameters, SprtState};
use crate::units::{
    corrupt, doc_digest, file_digest, foreign, read_checked, read_doc, result_path, to_json,
    unit_document, write_atomic, UnitDocument, UnitState, UnitsError,
};

/// The version of the plan, unit, result and decision documents of match units.
pub const MATCH_UNITS_SCHEMA_VERSION: u32 = 1;
const PLAN_KIND: &str = "taflmatch-plan";
const UNIT_KIND: &str = "taflmatch-unit";
const RESULT_KIND: &str = "taflmatch-unit-result";
const DECISION_KIND: &str = "taflmatch-decision";
const TOOL: &str = "taflmatch";
/// The decision file a merge writes when the SPRT decides.
pub const DECISION_FILE: &str = "decision.json";
/// The LLR picture a merge writes beside the plan.
pub const LLR_SVG: &str = "sprt-llr.svg";
/// Files of a plan folder besides units and results (a replaced plan removes them).
pub const EXTRA_FILES: [&str; 2] = [DECISION_FILE, LLR_SVG];

/// A file an engine depends on, named by path and digest: a node where the file's
/// digest differs refuses the unit (its engine would not be the planned one).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineFile {
    /// What the file is: `program` (an `otep:` engine's), `eval` (weights) or `host`
    /// (the program that plays the in-process engines).
    pub role: String,
    /// The path, as resolved at planning (search `PATH` for a bare program name).
    pub path: String,
    /// [`crate::units::file_digest`] of its bytes.
    pub digest: String,
}

/// One engine of a plan: its description and the files it depends on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlannedEngine {
    /// The `--engine` text.
    pub spec: String,
    /// Its files.
    pub files: Vec<EngineFile>,
}

/// Everything the games of a planned match depend on. Its digest with the unit count
/// is the plan id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchRun {
    /// The variant's name (for the report).
    pub variant: String,
    /// The OTN rules string played, in full.
    pub rules: String,
    /// The two engines, the first the one whose Elo is reported.
    pub engines: [PlannedEngine; 2],
    /// The clock of `otep:` engines (`--tc`), if any.
    pub time_control: Option<String>,
    /// Games at most (pairs: half of it).
    pub games: usize,
    /// The ply cap.
    pub max_plies: usize,
    /// The run's seed.
    pub seed: u64,
    /// The SPRT, if one stops the match.
    pub sprt: Option<SprtParameters>,
    /// Where the openings came from.
    pub openings_source: OpeningSource,
    /// Openings of the source left out as repeats.
    pub openings_duplicates: usize,
    /// The openings, one per pair in order (cycled when fewer), as move text.
    pub openings: Vec<String>,
}

impl MatchRun {
    fn plan_id(&self, units: usize) -> String {
        crate::text::digest(&["taflmatch-plan-v1", &doc_digest(self), &units.to_string()])
    }

    /// The pairs of the run.
    pub fn pairs(&self) -> usize {
        self.games / 2
    }
}

/// `plan.json` of a match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchPlanDoc {
    /// [`MATCH_UNITS_SCHEMA_VERSION`].
    pub schema_version: u32,
    /// `taflmatch-plan`.
    pub kind: String,
    /// The digest of `run` and `units`, recomputed on reading.
    pub plan_id: String,
    /// The match.
    pub run: MatchRun,
    /// How many units the pairs are dealt into.
    pub units: usize,
}

/// `unit-NNN.json`: pairs `first_pair..end_pair` of the match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchUnitDoc {
    /// [`MATCH_UNITS_SCHEMA_VERSION`].
    pub schema_version: u32,
    /// `taflmatch-unit`.
    pub kind: String,
    /// The plan's id, recomputed from `run` and `units` on reading.
    pub plan_id: String,
    /// This unit's number, from 0.
    pub unit: usize,
    /// How many units the plan has.
    pub units: usize,
    /// The match.
    pub run: MatchRun,
    /// The unit's first pair.
    pub first_pair: usize,
    /// One past its last pair.
    pub end_pair: usize,
}

/// One game as a result file keeps it: enough to give back the very game played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The engine (0 or 1) that played the attackers.
    pub attackers: usize,
    /// The engine that played the defenders.
    pub defenders: usize,
    /// The opening's index.
    pub opening: usize,
    /// Every move with its captures, space separated (the opening's included).
    pub moves: String,
    /// How many of them the opening gave.
    pub opening_plies: usize,
    /// The winner, `attackers` or `defenders`; `None` for a draw.
    pub winner: Option<String>,
    /// How the game ended: `rules: <reason>`, `ply cap` or `forfeit <side>: <why>`.
    pub end: String,
    /// Branching before each ply: the number of legal moves of the side to move.
    pub branching: Vec<u32>,
    /// Pieces the attackers captured.
    pub attacker_captures: u32,
    /// Pieces the defenders captured.
    pub defender_captures: u32,
}

const END_REASONS: [EndReason; 8] = EndReason::ALL;

impl GameRecord {
    /// The record of a game.
    pub fn of(g: &MatchGame) -> GameRecord {
        let end = match &g.game.end {
            GameEnd::Rules { reason, .. } => format!("rules: {}", reason.name()),
            GameEnd::Unfinished => "ply cap".into(),
            GameEnd::Forfeit { side, reason } => format!("forfeit {side}: {reason}"),
            GameEnd::Recorded { .. } => "recorded".into(),
        };
        GameRecord {
            attackers: g.attackers,
            defenders: g.defenders,
            opening: g.opening,
            moves: g
                .game
                .moves
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            opening_plies: g.game.opening_plies,
            winner: g.game.winner.map(|w| w.to_string()),
            end,
            branching: g.game.branching.iter().map(|b| b.moves).collect(),
            attacker_captures: g.game.attacker_captures,
            defender_captures: g.game.defender_captures,
        }
    }

    /// The game back, or why the record cannot be one.
    pub fn game(&self) -> Result<MatchGame, String> {
        let winner: Option<Side> = match &self.winner {
            Some(w) => Some(w.parse().map_err(|e| format!("winner: {e}"))?),
            None => None,
        };
        let moves: Vec<MoveText> = self
            .moves
            .split_whitespace()
            .map(|m| m.parse().map_err(|e| format!("move `{m}`: {e}")))
            .collect::<Result<_, _>>()?;
        let end = if let Some(name) = self.end.strip_prefix("rules: ") {
            let reason = END_REASONS
                .into_iter()
                .find(|r| r.name() == name)
                .ok_or_else(|| format!("unknown end `{}`", self.end))?;
            GameEnd::Rules { winner, reason }
        } else if self.end == "ply cap" {
            GameEnd::Unfinished
        } else if let Some(rest) = self.end.strip_prefix("forfeit ") {
            let (side, reason) = rest
                .split_once(": ")
                .ok_or_else(|| format!("unknown end `{}`", self.end))?;
            let side: Side = side.parse().map_err(|e| format!("{e}"))?;
            if winner != Some(side.opponent()) {
                return Err("a forfeit won by the side that forfeited".into());
            }
            GameEnd::Forfeit {
                side,
                reason: reason.to_string(),
            }
        } else {
            return Err(format!("unknown end `{}`", self.end));
        };
        if self.branching.len() > moves.len() + 1
            || self.opening_plies > moves.len()
            || self.attackers > 1
            || self.defenders > 1
            || self.attackers == self.defenders
        {
            return Err("its plies, branching or engines do not fit together".into());
        }
        let sides = |i: usize| {
            if i % 2 == 0 {
                Side::Attackers
            } else {
                Side::Defenders
            }
        };
        Ok(MatchGame {
            attackers: self.attackers,
            defenders: self.defenders,
            opening: self.opening,
            game: PlayedGame {
                moves,
                opening_plies: self.opening_plies,
                winner,
                branching: self
                    .branching
                    .iter()
                    .enumerate()
                    .map(|(i, &moves)| PlyBranching {
                        side: sides(i),
                        moves,
                    })
                    .collect(),
                end,
                attacker_captures: self.attacker_captures,
                defender_captures: self.defender_captures,
                // Reported when the game was played; result files keep the end only.
                failure: None,
            },
        })
    }
}

/// `unit-NNN.result.json`: the unit's games and what they add up to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchResultDoc {
    /// [`MATCH_UNITS_SCHEMA_VERSION`].
    pub schema_version: u32,
    /// `taflmatch-unit-result`.
    pub kind: String,
    /// The plan of the unit played.
    pub plan_id: String,
    /// The unit played.
    pub unit: usize,
    /// How many units the plan has.
    pub units: usize,
    /// The digest of the unit document, so a result cannot pass for another unit's.
    pub unit_digest: String,
    /// The unit's pairs, counted for the first engine.
    pub pentanomial: Pentanomial,
    /// Each engine's results overall and by side.
    pub results: [super::run::SideResults; 2],
    /// Games lost by a crashed or hung engine, and on time.
    pub engine_failures: EngineFailures,
    /// The games in number order (pair p: games 2p and 2p + 1).
    pub games: Vec<GameRecord>,
    /// The games as CSV archive lines, in the same order.
    pub records: Vec<String>,
    /// Time and threads.
    pub timing: Timing,
}

/// Games lost by an engine's failure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineFailures {
    /// Games lost by an engine whose process crashed or hung.
    pub crashes: usize,
    /// Games lost on time.
    pub time_losses: usize,
}

/// `decision.json`: the SPRT decided; units not yet played need not be.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DecisionDoc {
    /// [`MATCH_UNITS_SCHEMA_VERSION`].
    pub schema_version: u32,
    /// `taflmatch-decision`.
    pub kind: String,
    /// The plan decided.
    pub plan_id: String,
    /// How many units the plan has.
    pub units: usize,
    /// The units merged to reach it (units 0..units_used).
    pub units_used: usize,
    /// The pairs counted when it decided.
    pub pairs: u64,
    /// The decision.
    pub state: SprtState,
    /// The LLR then.
    pub llr: f64,
}

unit_document!(MatchPlanDoc);
unit_document!(MatchUnitDoc, unit);
unit_document!(MatchResultDoc, unit);
unit_document!(DecisionDoc);

/// Where a program named by an `otep:` command is: as given if it has a `/`, else
/// the first match on `PATH`.
fn program_path(name: &str) -> Option<PathBuf> {
    if name.contains('/') {
        return Some(PathBuf::from(name));
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// The files an engine depends on, with their digests.
pub fn engine_files(spec: &EngineSpec) -> Result<Vec<EngineFile>, UnitsError> {
    let file = |role: &str, path: PathBuf| -> Result<EngineFile, UnitsError> {
        Ok(EngineFile {
            role: role.into(),
            digest: file_digest(&path)?,
            path: path.display().to_string(),
        })
    };
    let mut files = Vec::new();
    match &spec.kind {
        EngineKind::Otep { command, .. } => {
            let name = command.first().map(String::as_str).unwrap_or_default();
            let path = program_path(name).ok_or_else(|| {
                UnitsError::Invalid(format!("otep: program `{name}` not found on PATH"))
            })?;
            files.push(file("program", path)?);
        }
        EngineKind::Search {
            eval: Some(path), ..
        }
        | EngineKind::Mcts {
            eval: Some(path), ..
        } => files.push(file("eval", path.clone())?),
        _ => {}
    }
    if !spec.is_external() {
        let host = std::env::current_exe().map_err(|e| {
            UnitsError::Invalid(format!("cannot find the running program's file: {e}"))
        })?;
        files.push(file("host", host)?);
    }
    Ok(files)
}

/// What a match plan needs besides the engines: the settings as one run takes them.
pub struct MatchPlanInput<'a> {
    /// The variant's name.
    pub variant: String,
    /// The rules played.
    pub rules: String,
    /// The two engines' texts and loaded descriptions.
    pub engines: [(&'a str, &'a EngineSpec); 2],
    /// `--tc`, as given.
    pub time_control: Option<String>,
    /// The openings (at least one per pair, or they cycle).
    pub supply: &'a OpeningSupply,
    /// Games, ply cap, seed and SPRT (threads are the units' own).
    pub settings: MatchSettings,
}

/// A plan of a match in `units` units of contiguous pairs.
pub fn plan_match(
    input: &MatchPlanInput,
    units: usize,
) -> Result<(MatchPlanDoc, Vec<MatchUnitDoc>), UnitsError> {
    let s = &input.settings;
    if s.games == 0 || s.games % 2 != 0 {
        return Err(UnitsError::Invalid(format!(
            "{} games: a planned match plays a positive even number (pairs)",
            s.games
        )));
    }
    let pairs = s.games / 2;
    if units == 0 || units > pairs {
        return Err(UnitsError::Invalid(format!(
            "{units} unit(s) for {pairs} pair(s): ask for 1 to {pairs} units"
        )));
    }
    if input.supply.openings.is_empty() {
        return Err(UnitsError::Invalid(format!(
            "no openings: {} gave none",
            input.supply.source
        )));
    }
    let engines = [0, 1].map(|i| {
        let (text, spec) = input.engines[i];
        engine_files(spec).map(|files| PlannedEngine {
            spec: text.to_string(),
            files,
        })
    });
    let [a, b] = engines;
    let run = MatchRun {
        variant: input.variant.clone(),
        rules: input.rules.clone(),
        engines: [a?, b?],
        time_control: input.time_control.clone(),
        games: s.games,
        max_plies: s.max_plies,
        seed: s.seed,
        sprt: s.sprt,
        openings_source: input.supply.source.clone(),
        openings_duplicates: input.supply.duplicates,
        openings: input.supply.openings.iter().map(|o| o.text()).collect(),
    };
    let plan_id = run.plan_id(units);
    let docs = crate::units::ranges(pairs as u64, units)
        .into_iter()
        .enumerate()
        .map(|(unit, (first, end))| MatchUnitDoc {
            schema_version: MATCH_UNITS_SCHEMA_VERSION,
            kind: UNIT_KIND.into(),
            plan_id: plan_id.clone(),
            unit,
            units,
            run: run.clone(),
            first_pair: first as usize,
            end_pair: end as usize,
        })
        .collect();
    Ok((
        MatchPlanDoc {
            schema_version: MATCH_UNITS_SCHEMA_VERSION,
            kind: PLAN_KIND.into(),
            plan_id,
            run,
            units,
        },
        docs,
    ))
}

/// Reads and checks a plan document (its id must match its contents).
pub fn read_match_plan(path: &Path) -> Result<MatchPlanDoc, UnitsError> {
    let doc: MatchPlanDoc = read_checked(path, TOOL, MATCH_UNITS_SCHEMA_VERSION, PLAN_KIND)?;
    let id = doc.run.plan_id(doc.units);
    crate::units::check_plan_id(path, &doc, &id, "the plan's match and units")?;
    Ok(doc)
}

/// Reads and checks a unit document: its id, and its pairs, which must be those the
/// plan deals to its number.
pub fn read_match_unit(path: &Path) -> Result<MatchUnitDoc, UnitsError> {
    let doc: MatchUnitDoc = read_checked(path, TOOL, MATCH_UNITS_SCHEMA_VERSION, UNIT_KIND)?;
    let id = doc.run.plan_id(doc.units);
    crate::units::check_plan_id(path, &doc, &id, "the unit's match and units")?;
    let range = (doc.first_pair as u64, doc.end_pair as u64);
    crate::units::check_share(
        path,
        &doc.identity(),
        doc.run.pairs() as u64,
        range,
        "pairs",
    )?;
    Ok(doc)
}

/// Reads a result document and checks its header.
pub fn read_match_result(path: &Path) -> Result<MatchResultDoc, UnitsError> {
    read_checked(path, TOOL, MATCH_UNITS_SCHEMA_VERSION, RESULT_KIND)
}

/// The games of a result, checked against its unit: the unit's pairs whole, in order,
/// their colours and openings those of the plan, and the counts the games add up to.
fn check_result(
    path: &Path,
    unit: &MatchUnitDoc,
    result: &MatchResultDoc,
) -> Result<Vec<MatchGame>, UnitsError> {
    crate::units::check_result_of_unit_file(path, unit, result, &result.unit_digest)?;
    let n = 2 * (unit.end_pair - unit.first_pair);
    if result.games.len() != n || result.records.len() != n {
        return Err(corrupt(
            path,
            format!(
                "{} games where the unit has {n}",
                result.games.len().max(result.records.len())
            ),
        ));
    }
    let openings = unit.run.openings.len();
    let mut games = Vec::with_capacity(n);
    for (j, record) in result.games.iter().enumerate() {
        let g = 2 * unit.first_pair + j;
        let game = record
            .game()
            .map_err(|e| corrupt(path, format!("game {g}: {e}")))?;
        let colours = if g % 2 == 0 { (0, 1) } else { (1, 0) };
        if (game.attackers, game.defenders) != colours || game.opening != (g / 2) % openings {
            return Err(corrupt(
                path,
                format!("game {g}: not the colours or the opening the plan gives it"),
            ));
        }
        if result.records[j] != game.game.csv_line() {
            return Err(corrupt(
                path,
                format!("game {g}: its archive line is not its game"),
            ));
        }
        games.push(game);
    }
    let mine = HeadToHead::of([String::new(), String::new()], 0, None, games.clone());
    if mine.pentanomial != result.pentanomial
        || mine.results != result.results
        || mine.summary.crashes != result.engine_failures.crashes
        || mine.summary.time_losses != result.engine_failures.time_losses
    {
        return Err(corrupt(path, "its counts do not add up to its games"));
    }
    Ok(games)
}

/// The loaded engines and openings of a unit, its engine files checked on this node.
struct Loaded {
    tables: Tables,
    specs: [EngineSpec; 2],
    supply: OpeningSupply,
}

fn load(path: &Path, run: &MatchRun) -> Result<Loaded, UnitsError> {
    let tables = crate::game::Game::from_otn(&run.rules)
        .map_err(|e| corrupt(path, format!("rules: {e}")))?
        .tables;
    let tc = match &run.time_control {
        Some(text) => Some(
            text.parse::<crate::engine::TimeControl>()
                .map_err(|e| corrupt(path, format!("time control: {e}")))?,
        ),
        None => None,
    };
    let mut specs = Vec::new();
    for planned in &run.engines {
        let spec = EngineSpec::load(&planned.spec)
            .map_err(|e| UnitsError::Invalid(format!("engine `{}`: {e}", planned.spec)))?
            .with_time_control(tc);
        let here = engine_files(&spec)?;
        for (want, have) in planned.files.iter().zip(&here) {
            if want.role == "host" && want.digest != have.digest {
                return Err(UnitsError::Invalid(format!(
                    "engine `{}`: this program ({}) is not the one that planned the match \
                     (digest {} where the plan has {}): run the units with the planning build",
                    planned.spec, have.path, have.digest, want.digest
                )));
            }
            if want.role != "host" && (want.digest != have.digest || want.path != have.path) {
                return Err(UnitsError::Invalid(format!(
                    "engine `{}`: its {} file {} on this node is not the planned one \
                     (digest {} where the plan has {} for {})",
                    planned.spec, want.role, have.path, have.digest, want.digest, want.path
                )));
            }
        }
        if planned.files.len() != here.len() {
            return Err(corrupt(path, "the engine's files are not the plan's"));
        }
        specs.push(spec);
    }
    let supply = openings_from_list(
        &tables,
        &run.openings,
        run.openings_source.clone(),
        run.openings_duplicates,
    )
    .map_err(|e| corrupt(path, e.to_string()))?;
    let [a, b]: [EngineSpec; 2] = specs.try_into().expect("two engines");
    Ok(Loaded {
        tables,
        specs: [a, b],
        supply,
    })
}

/// How a unit run ended.
#[derive(Debug)]
pub enum MatchUnitRun {
    /// Its result was already there and valid.
    Skipped(MatchResultDoc),
    /// Played now and written.
    Done(MatchResultDoc),
    /// The plan's SPRT had decided (before the unit started, or while it played): no
    /// result is written, none is needed.
    Decided(DecisionDoc),
}

/// The decision beside a unit, if a merge wrote one for this plan.
pub fn decision_of(dir: &Path, plan_id: &str) -> Result<Option<DecisionDoc>, UnitsError> {
    let path = dir.join(DECISION_FILE);
    if !path.exists() {
        return Ok(None);
    }
    let doc: DecisionDoc = read_doc(&path)?;
    crate::units::check_header(
        &path,
        TOOL,
        (doc.schema_version, MATCH_UNITS_SCHEMA_VERSION),
        (&doc.kind, DECISION_KIND),
    )?;
    if doc.plan_id != plan_id {
        return Err(foreign(
            &path,
            format!("plan {} where plan {plan_id} was expected", doc.plan_id),
        ));
    }
    Ok(Some(doc))
}

/// Plays a unit's pairs, `threads` games at once, and writes its result atomically
/// beside it; `progress` gets the games ended, `engine_failed` each engine error in
/// full (a crash, a hang, a time loss) as its game ends. A unit whose valid result is already
/// there is skipped; a plan already decided is not played; a decision appearing while
/// the unit plays stops it (looked for as games end, at most once every `poll`).
pub fn run_match_unit(
    path: &Path,
    threads: usize,
    poll: std::time::Duration,
    progress: &mut dyn FnMut(usize),
    engine_failed: &mut dyn FnMut(&str),
) -> Result<MatchUnitRun, UnitsError> {
    let unit = read_match_unit(path)?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let check = |out: &Path, result: &MatchResultDoc| check_result(out, &unit, result).map(drop);
    if let Some(result) = crate::units::existing_result(path, read_match_result, check)? {
        return Ok(MatchUnitRun::Skipped(result));
    }
    if let Some(decision) = decision_of(dir, &unit.plan_id)? {
        return Ok(MatchUnitRun::Decided(decision));
    }
    let loaded = load(path, &unit.run)?;
    let settings = MatchSettings {
        games: unit.run.games,
        max_plies: unit.run.max_plies,
        seed: unit.run.seed,
        threads,
        sprt: None,
    };
    let clock = std::time::Instant::now();
    // A decision appearing while the games are played stops the unit: looked for as
    // games end (on the calling thread), at most once every `poll`.
    let stop = AtomicBool::new(false);
    let mut looked = std::time::Instant::now();
    let mut watch = |done: usize| {
        progress(done);
        if looked.elapsed() >= poll {
            looked = std::time::Instant::now();
            if dir.join(DECISION_FILE).exists() {
                stop.store(true, Ordering::SeqCst);
            }
        }
    };
    let engines: [&dyn EngineFactory; 2] = [&loaded.specs[0], &loaded.specs[1]];
    let games = play_pairs(
        &loaded.tables,
        engines,
        &loaded.supply,
        &settings,
        unit.first_pair..unit.end_pair,
        &mut watch,
        RunHooks {
            stop: Some(&stop),
            engine_failed: Some(engine_failed),
            game_ended: None,
        },
    )
    .map_err(|e| UnitsError::Invalid(e.to_string()))?;
    if stop.load(Ordering::SeqCst) {
        if let Some(decision) = decision_of(dir, &unit.plan_id)? {
            return Ok(MatchUnitRun::Decided(decision));
        }
    }
    let h = HeadToHead::of([String::new(), String::new()], 0, None, games);
    let result = MatchResultDoc {
        schema_version: MATCH_UNITS_SCHEMA_VERSION,
        kind: RESULT_KIND.into(),
        plan_id: unit.plan_id.clone(),
        unit: unit.unit,
        units: unit.units,
        unit_digest: doc_digest(&unit),
        pentanomial: h.pentanomial,
        results: h.results,
        engine_failures: EngineFailures {
            crashes: h.summary.crashes,
            time_losses: h.summary.time_losses,
        },
        records: h.games.iter().map(|g| g.game.csv_line()).collect(),
        games: h.games.iter().map(GameRecord::of).collect(),
        timing: Timing {
            seconds: clock.elapsed().as_secs_f64(),
            threads: crate::threads::used(threads, h.games.len()),
        },
    };
    write_atomic(&result_path(path), &to_json(&result))?;
    Ok(MatchUnitRun::Done(result))
}

/// A merge of a match plan: the units in index order up to the first without a result
/// (or up to the SPRT's decision), as one run would report them.
pub struct MergedMatch {
    /// The plan merged.
    pub plan: MatchPlanDoc,
    /// The match of the pairs merged: what one run reports (its `pairs_planned` the
    /// plan's pairs).
    pub result: HeadToHead,
    /// Units merged (units 0..units_used).
    pub units_used: usize,
    /// True if every unit was merged or the SPRT decided: the result is final.
    pub complete: bool,
    /// The LLR after each pair merged (empty without an SPRT).
    pub llr: Vec<f64>,
    /// The units' seconds, added up.
    pub unit_seconds: f64,
    /// The decision written by this merge or an earlier one, if the SPRT decided.
    pub decision: Option<DecisionDoc>,
}

/// Merges a match plan folder in unit order (see [`MergedMatch`]); when the SPRT
/// decides, writes the decision file (once) so that units not yet started need not be.
pub fn merge_match(dir: &Path) -> Result<MergedMatch, UnitsError> {
    let plan = crate::units::read_plan_of(dir, "taflmatch plan", read_match_plan)?;
    let states = crate::units::scan_units(
        dir,
        &plan,
        read_match_unit,
        read_match_result,
        |out, unit, result| check_result(out, unit, result).map(|_| ()),
        true,
    )?;
    let mut games = Vec::new();
    let mut unit_seconds = 0.0;
    let mut done_units = Vec::new();
    for state in &states {
        if let UnitState::Done(unit, result) = state {
            if unit.run != plan.run {
                return Err(UnitsError::Tampered {
                    dir: dir.to_path_buf(),
                    work: "games",
                    reason: format!("unit {} is of another match", unit.unit),
                });
            }
            let out = result_path(&dir.join(crate::units::unit_file_name(unit.unit, plan.units)));
            games.extend(check_result(&out, unit, result)?);
            unit_seconds += result.timing.seconds;
            done_units.push(unit.end_pair);
        }
    }
    // The SPRT over the pairs in order: stop at the first pair that decides, as one
    // run does.
    let mut llr = Vec::new();
    let mut decided_at = None;
    if let Some(sprt) = plan.run.sprt {
        let mut p = Pentanomial::default();
        for pair in games.chunks(2) {
            p.add(pair[0].score_of(0), pair[1].score_of(0));
            let l = sprt.llr(&p);
            llr.push(l);
            if sprt.state(l) != SprtState::Continue {
                decided_at = Some(llr.len());
                break;
            }
        }
    }
    if let Some(pairs) = decided_at {
        games.truncate(2 * pairs);
    }
    let units_used = match decided_at {
        Some(pairs) => done_units.iter().position(|&end| end >= pairs).unwrap_or(0) + 1,
        None => done_units.len(),
    };
    let result = HeadToHead::of(
        [
            plan.run.engines[0].spec.clone(),
            plan.run.engines[1].spec.clone(),
        ],
        plan.run.pairs(),
        plan.run.sprt,
        games,
    );
    let mut decision = decision_of(dir, &plan.plan_id)?;
    if let (Some(pairs), Some(sprt)) = (decided_at, result.sprt) {
        if decision.is_none() {
            let doc = DecisionDoc {
                schema_version: MATCH_UNITS_SCHEMA_VERSION,
                kind: DECISION_KIND.into(),
                plan_id: plan.plan_id.clone(),
                units: plan.units,
                units_used,
                pairs: pairs as u64,
                state: sprt.state,
                llr: sprt.llr,
            };
            write_atomic(&dir.join(DECISION_FILE), &to_json(&doc))?;
            decision = Some(doc);
        }
    }
    Ok(MergedMatch {
        complete: decided_at.is_some() || done_units.len() == plan.units,
        plan,
        result,
        units_used,
        llr,
        unit_seconds,
        decision,
    })
}

#[cfg(test)]
mod tests {
    use super::super::openings::random_openings;
    use super::super::run::{run_match, RunHooks};
    use super::*;
    use crate::rules::catalog;
    use crate::units::unit_file_name;

    fn fresh(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("match-units-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn tables() -> Tables {
        Tables::new(&catalog::find("brandub").unwrap().rules()).unwrap()
    }

    fn settings(games: usize, sprt: Option<&str>) -> MatchSettings {
        MatchSettings {
            games,
            max_plies: 200,
            seed: 5,
            threads: 1,
            sprt: sprt.map(|s| s.parse().unwrap()),
        }
    }

    /// Plans `games` games of `a` against `b` in `units` units into `dir`.
    fn planned(dir: &Path, a: &str, b: &str, s: &MatchSettings, units: usize) -> OpeningSupply {
        let t = tables();
        let supply = random_openings(&t, 2, s.games / 2, 3);
        let (sa, sb) = (EngineSpec::load(a).unwrap(), EngineSpec::load(b).unwrap());
        let input = MatchPlanInput {
            variant: "brandub".into(),
            rules: catalog::find("brandub").unwrap().rules().to_string(),
            engines: [(a, &sa), (b, &sb)],
            time_control: None,
            supply: &supply,
            settings: *s,
        };
        let (plan, docs) = plan_match(&input, units).unwrap();
        crate::units::write_plan(dir, &plan, &docs, false, &EXTRA_FILES).unwrap();
        supply
    }

    fn unit(dir: &Path, i: usize, units: usize) -> PathBuf {
        dir.join(unit_file_name(i, units))
    }

    fn play(dir: &Path, i: usize, units: usize) -> MatchUnitRun {
        let poll = std::time::Duration::from_millis(100);
        run_match_unit(&unit(dir, i, units), 2, poll, &mut |_| {}, &mut |_| {}).unwrap()
    }

    #[test]
    fn merged_units_equal_the_single_run_game_for_game() {
        let dir = fresh("equal");
        let s = settings(20, None);
        let supply = planned(&dir, "greedy", "search:depth=1", &s, 4);
        // Units finish out of order: a merge takes them in order, stopping at a gap.
        assert!(matches!(play(&dir, 2, 4), MatchUnitRun::Done(_)));
        assert!(matches!(play(&dir, 0, 4), MatchUnitRun::Done(_)));
        let partial = merge_match(&dir).unwrap();
        assert_eq!((partial.units_used, partial.complete), (1, false));
        assert_eq!(partial.result.games.len(), 6);
        play(&dir, 3, 4);
        play(&dir, 1, 4);
        assert!(matches!(play(&dir, 1, 4), MatchUnitRun::Skipped(_)));
        let merged = merge_match(&dir).unwrap();
        assert!(merged.complete && merged.units_used == 4);
        let t = tables();
        let (a, b) = (
            EngineSpec::load("greedy").unwrap(),
            EngineSpec::load("search:depth=1").unwrap(),
        );
        let one = run_match(&t, [&a, &b], &supply, &s, &mut |_| {}, RunHooks::default()).unwrap();
        assert_eq!(merged.result, one);
        assert_eq!(merged.result.pentanomial.pairs(), 10);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_sprt_stops_across_units_and_later_units_are_not_played() {
        // Greedy against random on brandub: greedy wins nearly every pair, so a test of
        // 0 against 200 normalized Elo accepts H1 within a few pairs.
        let dir = fresh("sprt");
        let s = settings(80, Some("elo0=0,elo1=200"));
        let supply = planned(&dir, "greedy", "random", &s, 8);
        let t = tables();
        let (a, b) = (
            EngineSpec::load("greedy").unwrap(),
            EngineSpec::load("random").unwrap(),
        );
        let one = run_match(&t, [&a, &b], &supply, &s, &mut |_| {}, RunHooks::default()).unwrap();
        let decided = one.pentanomial.pairs() as usize;
        assert!(decided < 40, "{decided}");
        // Units of 5 pairs: play those up to the decision.
        for i in 0..decided.div_ceil(5) {
            play(&dir, i, 8);
        }
        assert!(!dir.join(DECISION_FILE).exists());
        let merged = merge_match(&dir).unwrap();
        assert_eq!(merged.result, one);
        assert!(merged.complete);
        assert_eq!(merged.units_used, decided.div_ceil(5));
        assert_eq!(merged.llr.len(), decided);
        let decision = merged.decision.unwrap();
        assert_eq!(decision.state, SprtState::AcceptH1);
        assert!(dir.join(DECISION_FILE).exists());
        // The last unit starts after the decision: it exits without playing.
        match play(&dir, 7, 8) {
            MatchUnitRun::Decided(d) => assert_eq!(d.pairs, decided as u64),
            other => panic!("{other:?}"),
        }
        assert!(!result_path(&unit(&dir, 7, 8)).exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn tampered_swapped_or_foreign_results_and_changed_engines_are_refused() {
        let dir = fresh("tamper");
        let s = settings(8, None);
        planned(&dir, "greedy", "random", &s, 2);
        play(&dir, 0, 2);
        play(&dir, 1, 2);
        let read = |p: &Path| std::fs::read_to_string(p).unwrap();
        let r0 = result_path(&unit(&dir, 0, 2));
        let r1 = result_path(&unit(&dir, 1, 2));
        let saved = read(&r1);
        // Another unit's result copied over: foreign.
        std::fs::write(&r1, read(&r0)).unwrap();
        let e = merge_match(&dir).err().unwrap().to_string();
        assert!(
            e.contains("unit-001.result.json") && e.contains("another run"),
            "{e}"
        );
        // A game's result edited (a draw made a win): its counts no longer fit.
        let doc: MatchResultDoc = serde_json::from_str(&saved).unwrap();
        let mut edited = doc.clone();
        edited.pentanomial = Pentanomial::from_buckets([0, 0, 0, 0, 4]);
        std::fs::write(&r1, to_json(&edited)).unwrap();
        let e = merge_match(&dir).err().unwrap().to_string();
        assert!(e.contains("do not add up"), "{e}");
        // A game dropped: refused.
        let mut short = doc.clone();
        short.games.pop();
        std::fs::write(&r1, to_json(&short)).unwrap();
        assert!(merge_match(&dir).is_err());
        std::fs::write(&r1, &saved).unwrap();
        assert!(merge_match(&dir).unwrap().complete);
        // A stray unit file of no plan: foreign.
        std::fs::write(dir.join("unit-005.json"), "{}").unwrap();
        let e = merge_match(&dir).err().unwrap().to_string();
        assert!(e.contains("unit-005.json"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_unit_refuses_an_engine_file_that_differs_from_the_plans() {
        let dir = fresh("digest");
        std::fs::create_dir_all(&dir).unwrap();
        let program = dir.join("engine.sh");
        std::fs::write(&program, "#!/bin/sh\nexit 1\n").unwrap();
        let text = format!("otep:{}", program.display());
        let s = settings(4, None);
        planned(&dir, &text, "random", &s, 2);
        let plan = read_match_plan(&dir.join(crate::units::PLAN_FILE)).unwrap();
        assert_eq!(plan.run.engines[0].files[0].role, "program");
        // The node's copy differs: the unit refuses before any game.
        std::fs::write(&program, "#!/bin/sh\nexit 2\n").unwrap();
        let poll = std::time::Duration::from_millis(100);
        let e = run_match_unit(&unit(&dir, 0, 2), 1, poll, &mut |_| {}, &mut |_| {})
            .err()
            .unwrap()
            .to_string();
        assert!(
            e.contains("not the planned one") && e.contains("engine.sh"),
            "{e}"
        );
        assert!(!result_path(&unit(&dir, 0, 2)).exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
