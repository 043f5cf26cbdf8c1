//! The misplay suite for any engine (`taflregress --engine SPEC`): each fixture is set up
//! in the engine (over the OpenTafl engine protocol: `rules`, `position`, `side`, the
//! moves since the last capture, `clock`, `play`) and the move it plays is judged against
//! the fixture's proven expectation, as for taflcount's own AI. An engine that crashes,
//! hangs past its limit, plays an illegal move or answers what does not read fails that
//! fixture with the reason, is restarted, and the run goes on.

use super::fixture::{history_positions, Loaded};
use super::score::Scored;
use crate::engine::{
    Engine, EngineError, EngineFactory, EngineSpec, GameSeed, MoveLimit, OtepEngine, SearchEffort,
    Turn, BAD_ANSWER, CRASHED, HUNG,
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

/// The variant a fixture is scored under.
fn variant_of(l: &Loaded) -> String {
    l.fixture
        .variant
        .clone()
        .unwrap_or_else(|| "rules".to_string())
}

/// The length of a hard fixture's win: its proof's shortest, else its horizon.
fn plies_of(l: &Loaded) -> u32 {
    l.fixture.proof.shortest.unwrap_or(l.fixture.proof.within)
}

/// One fixture judged: the row, and what the engine's search went through when it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// What the engine did.
    pub row: EngineRow,
    /// The depth and nodes of its search ([`Engine::last_effort`]).
    pub effort: Option<SearchEffort>,
}

/// Judges `mv` against the fixture's expectation.
fn right(l: &Loaded, mv: crate::moves::Move) -> bool {
    (l.best.is_empty() || l.best.contains(&mv)) && !l.avoid.contains(&mv)
}

/// Sets one fixture up in `engine` and judges its move; after a failure the engine is
/// reset (an external one restarted with the next fixture).
fn run_one(engine: &mut dyn Engine, l: &Loaded, index: usize) -> Judged {
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
    let effort = engine.last_effort();
    if failure.is_some() {
        engine.reset();
    }
    let row = EngineRow {
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
    };
    Judged { row, effort }
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
    judge_all(loaded, spec, limit, concurrency, tick)
        .into_iter()
        .map(|judged| judged.row)
        .collect()
}

/// [`run_engine`] with what each search went through: the one runner of the suite, for
/// any engine and for the hard tier's AI (`tier::run_tier`) alike.
pub fn judge_all(
    loaded: &[Loaded],
    spec: &EngineSpec,
    limit: Option<MoveLimit>,
    concurrency: usize,
    tick: &(dyn Fn(&EngineRow) + Sync),
) -> Vec<Judged> {
    let rows: Mutex<Vec<Option<Judged>>> = Mutex::new(vec![None; loaded.len()]);
    // External engines are kept between fixtures (a process serves any variant); the
    // in-process ones are made for each fixture's rules.
    let idle: Mutex<Vec<OtepEngine>> = Mutex::new(Vec::new());
    let failed = |l: &Loaded, e: EngineError| Judged {
        row: EngineRow {
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
        },
        effort: None,
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
        tick(&row.row);
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
