//! The misplay suite for any engine (`taflregress --engine SPEC`): each fixture is set up
//! in the engine (over the OpenTafl engine protocol: `rules`, `position`, `side`, the
//! moves since the last capture, `clock`, `play`) and the move it plays is judged against
//! the fixture's proven expectation, as for taflcount's own AI. An engine that crashes,
//! hangs past its limit, plays an illegal move or answers what does not read fails that
//! fixture with the reason, is restarted, and the run goes on.

use super::document::SCHEMA_VERSION;
use super::fixture::{history_positions, Loaded};
use super::tier::{by_length, by_variant, plies_of, variant_of, Rate, Scored};
use crate::document::Header;
use crate::engine::{
    Engine, EngineError, EngineFactory, EngineSpec, GameSeed, MoveLimit, OtepEngine, Turn,
    BAD_ANSWER, CRASHED, HUNG,
};
use crate::notation::{record, MoveText};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::sync::Mutex;

/// Why an engine got no move judged on a fixture.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Failure {
    /// `engine crashed`, `engine hung`, `illegal move`, `bad answer` or `no move`.
    pub kind: String,
    /// What happened, in the engine's or the host's words.
    pub detail: String,
}

/// What the engine did on one fixture.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineRow {
    /// The fixture's id.
    pub id: String,
    /// Its catalog variant (`rules` when it gives a rules string).
    pub variant: String,
    /// The length of the shortest forced win (or the proof's horizon), in plies.
    pub plies: u32,
    /// `bm m1 m2` (best moves) and/or `am m3` (avoid moves), as in EPD.
    pub expected: String,
    /// The engine's move, if it gave a legal one.
    pub played: Option<String>,
    /// True if the move is one of `best` (when given) and none of `avoid`.
    pub solved: bool,
    /// Why no move was judged, if so.
    pub failure: Option<Failure>,
}

impl Scored for EngineRow {
    fn variant(&self) -> &str {
        &self.variant
    }
    fn plies(&self) -> u32 {
        self.plies
    }
    fn solved(&self) -> bool {
        self.solved
    }
}

/// Fixtures failed by kind of failure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FailureCounts {
    /// The process died (or did not start, or said no `hello`).
    pub crashed: usize,
    /// No answer within the limit and its grace.
    pub hung: usize,
    /// A move the rules forbid in the position.
    pub illegal: usize,
    /// An answer that does not read, or an `error` instead of a move.
    pub bad_answer: usize,
    /// No move at all (an in-process engine that found none).
    pub no_move: usize,
}

impl FailureCounts {
    /// The counts of these rows.
    pub fn of(rows: &[EngineRow]) -> FailureCounts {
        let mut counts = FailureCounts::default();
        for failure in rows.iter().filter_map(|r| r.failure.as_ref()) {
            match failure.kind.as_str() {
                CRASHED => counts.crashed += 1,
                HUNG => counts.hung += 1,
                BAD_ANSWER => counts.bad_answer += 1,
                "illegal move" => counts.illegal += 1,
                _ => counts.no_move += 1,
            }
        }
        counts
    }

    /// Every failure.
    pub fn total(&self) -> usize {
        self.crashed + self.hung + self.illegal + self.bad_answer + self.no_move
    }
}

/// Judges `mv` against the fixture's expectation.
fn right(l: &Loaded, mv: crate::moves::Move) -> bool {
    (l.best.is_empty() || l.best.contains(&mv)) && !l.avoid.contains(&mv)
}

/// Sets one fixture up in `engine` and judges its move; after a failure the engine is
/// reset (an external one restarted with the next fixture).
fn run_one(engine: &mut dyn Engine, l: &Loaded, index: usize) -> EngineRow {
    let t = &l.tables;
    // The first position sent is the one before the history's moves.
    let earlier = history_positions(&l.file, t, &l.position, &l.fixture.history)
        .expect("validated when the fixture was loaded");
    let first = earlier.first().unwrap_or(&l.position).clone();
    let mut moves: Vec<MoveText> = Vec::new();
    for (i, before) in earlier.iter().enumerate() {
        let after = earlier.get(i + 1).unwrap_or(&l.position);
        let mv = before
            .legal_moves(t)
            .into_iter()
            .find(|&m| before.after(t, m).0.hash() == after.hash())
            .expect("each history move was checked when the fixture was loaded");
        moves.push(record(before, mv, &[]));
    }
    let seed = GameSeed {
        seed: 0,
        game: index as u64,
    };
    engine.set_up(seed, &first, t);
    let turn = Turn {
        tables: t,
        position: &l.position,
        history: &l.history,
        moves: &moves,
    };
    let answer = engine.choose(&turn);
    let legal = l.position.legal_moves(t);
    let (played, solved, failure) = match answer {
        Ok(mv) if legal.contains(&mv) => (Some(mv.to_string()), right(l, mv), None),
        Ok(mv) => (
            None,
            false,
            Some(EngineError::Illegal(format!("{mv} is not legal here"))),
        ),
        Err(e) => (None, false, Some(e)),
    };
    if failure.is_some() {
        engine.reset();
    }
    EngineRow {
        id: l.fixture.id.clone(),
        variant: variant_of(l),
        plies: plies_of(l),
        expected: l.expected(),
        played,
        solved,
        failure: failure.map(|e| Failure {
            kind: e.kind().to_owned(),
            detail: e.detail().to_string(),
        }),
    }
}

/// Runs every fixture with the engine `spec` describes, `limit` (if any) replacing its
/// own, on `concurrency` engines at once (external engines: that many processes, each
/// kept for fixture after fixture). Rows come back in the order of `loaded`; `tick` is
/// called after each.
pub fn run_engine(
    loaded: &[Loaded],
    spec: &EngineSpec,
    limit: Option<MoveLimit>,
    concurrency: usize,
    tick: &(dyn Fn(&EngineRow) + Sync),
) -> Vec<EngineRow> {
    let rows: Mutex<Vec<Option<EngineRow>>> = Mutex::new(vec![None; loaded.len()]);
    // External engines are kept between fixtures (a process serves any variant); the
    // in-process ones are made for each fixture's rules.
    let idle: Mutex<Vec<OtepEngine>> = Mutex::new(Vec::new());
    let failed = |l: &Loaded, e: EngineError| EngineRow {
        id: l.fixture.id.clone(),
        variant: variant_of(l),
        plies: plies_of(l),
        expected: l.expected(),
        played: None,
        solved: false,
        failure: Some(Failure {
            kind: e.kind().to_owned(),
            detail: e.detail().to_string(),
        }),
    };
    crate::threads::share_out(concurrency, loaded.len(), &|i| {
        let l = &loaded[i];
        let row = if spec.is_external() {
            let kept = idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
            match kept.or_else(|| spec.external_engine()) {
                Some(mut engine) => {
                    engine.set_limit(limit);
                    let row = run_one(&mut engine, l, i);
                    idle.lock().unwrap_or_else(|e| e.into_inner()).push(engine);
                    row
                }
                None => failed(l, EngineError::Failed("not an external engine".into())),
            }
        } else {
            match spec.create(&l.tables) {
                Ok(mut engine) => {
                    engine.set_limit(limit);
                    run_one(engine.as_mut(), l, i)
                }
                Err(e) => failed(l, e),
            }
        };
        tick(&row);
        rows.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(row);
    });
    rows.into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .flatten()
        .collect()
}

/// The solved set of a run as a snapshot file's text: the ids solved, sorted, one a line.
pub fn solved_ids(rows: &[EngineRow]) -> String {
    let ids: BTreeSet<&str> = rows
        .iter()
        .filter(|r| r.solved)
        .map(|r| r.id.as_str())
        .collect();
    ids.into_iter().map(|id| format!("{id}\n")).collect()
}

/// The comparison of a run's solved set with a snapshot file's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SnapshotDiff {
    /// The snapshot file.
    pub file: String,
    /// False when the file did not exist (it is written, nothing compared).
    pub existed: bool,
    /// Solved now, not in the snapshot (of the fixtures run).
    pub gained: Vec<String>,
    /// In the snapshot, not solved now (of the fixtures run).
    pub lost: Vec<String>,
    /// True if the file was (re)written with this run's solved set.
    pub written: bool,
}

impl SnapshotDiff {
    /// Compares `rows` with the ids of a snapshot's text (`None`: no file yet). Only the
    /// fixtures run are compared, so a `--filter`ed run does not lose the others.
    pub fn compare(file: String, snapshot: Option<&str>, rows: &[EngineRow]) -> SnapshotDiff {
        let Some(text) = snapshot else {
            return SnapshotDiff {
                file,
                existed: false,
                gained: Vec::new(),
                lost: Vec::new(),
                written: false,
            };
        };
        let kept: BTreeSet<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        let mut gained = Vec::new();
        let mut lost = Vec::new();
        for r in rows {
            match (r.solved, kept.contains(r.id.as_str())) {
                (true, false) => gained.push(r.id.clone()),
                (false, true) => lost.push(r.id.clone()),
                _ => {}
            }
        }
        gained.sort();
        lost.sort();
        SnapshotDiff {
            file,
            existed: true,
            gained,
            lost,
            written: false,
        }
    }

    /// The snapshot's new text: the solved ids of the fixtures run, with the snapshot's
    /// ids of fixtures not run kept.
    pub fn updated(snapshot: Option<&str>, rows: &[EngineRow]) -> String {
        let run: BTreeSet<&str> = rows.iter().map(|r| r.id.as_str()).collect();
        let mut ids: BTreeSet<String> = snapshot
            .unwrap_or("")
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#') && !run.contains(l))
            .map(str::to_string)
            .collect();
        ids.extend(rows.iter().filter(|r| r.solved).map(|r| r.id.clone()));
        ids.into_iter().map(|id| format!("{id}\n")).collect()
    }
}

/// A run of a tier with any engine (`taflregress --engine SPEC`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EngineSuiteDocument {
    /// [`SCHEMA_VERSION`] and `taflregress`.
    #[serde(flatten)]
    pub header: Header,
    /// The engine's description, as given.
    pub engine: String,
    /// `core` or `hard`.
    pub tier: String,
    /// The suite folder, or `built-in`.
    pub suite: String,
    /// The limit of each move: `nodes=N`, `movetime=MS` or `the engine's own`.
    pub limit: String,
    /// Positions run.
    pub positions: usize,
    /// Positions solved.
    pub solved: usize,
    /// Solve rates per variant, then `all`.
    pub by_variant: Vec<Rate>,
    /// Solve rates per length of the win.
    pub by_length: Vec<Rate>,
    /// Fixtures failed without a move judged, by kind.
    pub failures: FailureCounts,
    /// `--min-solved`: the share (percent) below which the run fails.
    pub min_solved: Option<f64>,
    /// `--snapshot`: the comparison with the snapshot file.
    pub snapshot: Option<SnapshotDiff>,
    /// One row per position, in file order.
    pub results: Vec<EngineRow>,
    /// Wall time, seconds.
    pub seconds: f64,
}

impl EngineSuiteDocument {
    /// The document of rows run.
    pub fn new(
        engine: String,
        tier: &str,
        suite: String,
        limit: String,
        results: Vec<EngineRow>,
        seconds: f64,
    ) -> EngineSuiteDocument {
        EngineSuiteDocument {
            header: Header::new(SCHEMA_VERSION, "taflregress"),
            engine,
            tier: tier.to_owned(),
            suite,
            limit,
            positions: results.len(),
            solved: results.iter().filter(|r| r.solved).count(),
            by_variant: by_variant(&results),
            by_length: by_length(&results),
            failures: FailureCounts::of(&results),
            min_solved: None,
            snapshot: None,
            results,
            seconds,
        }
    }

    /// The share solved, in percent.
    pub fn percent(&self) -> f64 {
        100.0 * self.solved as f64 / self.positions.max(1) as f64
    }

    /// True if `--min-solved` is given and the share solved is below it.
    pub fn below_gate(&self) -> bool {
        self.min_solved.is_some_and(|p| self.percent() < p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, solved: bool, failure: Option<&'static str>) -> EngineRow {
        EngineRow {
            id: id.into(),
            variant: "brandub".into(),
            plies: 1,
            expected: "bm a1-a2".into(),
            played: None,
            solved,
            failure: failure.map(|kind| Failure {
                kind: kind.to_owned(),
                detail: String::new(),
            }),
        }
    }

    #[test]
    fn failures_are_counted_by_kind() {
        let rows = [
            row("a", true, None),
            row("b", false, Some(CRASHED)),
            row("c", false, Some(HUNG)),
            row("d", false, Some("illegal move")),
            row("e", false, Some(BAD_ANSWER)),
            row("f", false, Some(CRASHED)),
            row("g", false, None),
        ];
        let counts = FailureCounts::of(&rows);
        assert_eq!(
            (
                counts.crashed,
                counts.hung,
                counts.illegal,
                counts.bad_answer,
                counts.no_move
            ),
            (2, 1, 1, 1, 0)
        );
        assert_eq!(counts.total(), 5);
    }

    #[test]
    fn the_snapshot_names_gains_and_losses_of_the_fixtures_run() {
        let rows = [
            row("b", true, None),
            row("c", false, None),
            row("d", true, None),
        ];
        assert_eq!(solved_ids(&rows), "b\nd\n");
        // The snapshot had a (not run), c (now lost) and d (kept); b is gained.
        let diff = SnapshotDiff::compare("s".into(), Some("a\nc\nd\n"), &rows);
        assert_eq!(
            (diff.gained, diff.lost),
            (vec!["b".into()], vec!["c".into()])
        );
        // Updating keeps `a`, whose fixture was not run.
        assert_eq!(SnapshotDiff::updated(Some("a\nc\nd\n"), &rows), "a\nb\nd\n");
        let fresh = SnapshotDiff::compare("s".into(), None, &rows);
        assert!(!fresh.existed && fresh.lost.is_empty());
    }
}
