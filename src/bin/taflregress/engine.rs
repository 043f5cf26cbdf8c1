//! `taflregress --engine SPEC`: a tier of the misplay suite scored for any engine, an
//! outside program over the OpenTafl engine protocol included.

use crate::{Cli, Tier};
use std::time::{Duration, Instant};
use taflcount::cli::{
    board, print, print_json, read_text_file, write_file, CliError, Progress, Status,
};
use taflcount::engine::{EngineKind, EngineSpec, MoveLimit};
use taflcount::outln;
use taflcount::regress::engines::{run_engine, SnapshotDiff};
use taflcount::regress::EngineSuiteDocument;
use taflcount::regress::Loaded;
use taflcount::report::regress::rates_table;
use taflcount::report::table::TableStyle;

/// How long past `--movetime` an outside engine may take before it counts as hung: the
/// pipes and the scheduler of a loaded machine are not the engine's fault.
pub const GRACE: Duration = Duration::from_secs(1);

/// Without `--movetime`, an outside engine silent this long counts as hung.
pub const HANG: Duration = Duration::from_secs(60);

/// The engine of `--engine`, its files read and, for an outside one, its waits set.
fn engine_spec(text: &str) -> Result<EngineSpec, CliError> {
    let mut spec = EngineSpec::load(text).map_err(|e| CliError::option("--engine", e))?;
    if let EngineKind::Otep { limits, .. } = &mut spec.kind {
        limits.grace = GRACE;
        limits.hang = HANG;
    }
    Ok(spec)
}

/// The per-move limit of `--nodes` or `--movetime`, checked against the engine.
fn move_limit(cli: &Cli, spec: &EngineSpec) -> Result<Option<MoveLimit>, CliError> {
    match (cli.nodes, cli.movetime) {
        (Some(_), Some(_)) => Err(CliError::input("give --nodes or --movetime, not both")),
        (Some(_), None) if spec.is_external() => Err(CliError::input(
            "--nodes: an outside engine counts no nodes of taflcount's; give its limit on its \
             own command line, or --movetime",
        )),
        (Some(n), None) => Ok(Some(MoveLimit::Nodes(n))),
        (None, Some(ms)) => Ok(Some(MoveLimit::Time(Duration::from_millis(ms)))),
        (None, None) => Ok(None),
    }
}

fn limit_text(limit: Option<MoveLimit>) -> String {
    match limit {
        Some(MoveLimit::Nodes(n)) => format!("nodes={n}"),
        Some(MoveLimit::Time(t)) => format!("movetime={}ms", t.as_millis()),
        None => "the engine's own".into(),
    }
}

/// Runs the tier with the engine; exit 1 below `--min-solved` or when the snapshot
/// lost a position.
pub fn run(cli: &Cli, text: &str, suite: String, chosen: &[Loaded]) -> Result<Status, CliError> {
    let spec = engine_spec(text)?;
    let limit = move_limit(cli, &spec)?;
    // A typo in the command is an error of the run, not a crash on every fixture.
    if let Some(first) = chosen.first() {
        spec.check_starts(&first.tables)
            .map_err(|e| CliError::value("--engine", &spec.text, e))?;
    }
    let snapshot = match &cli.snapshot {
        Some(path) if path.exists() => Some(read_text_file(path)?),
        _ => None,
    };
    let tier = match cli.tier {
        Tier::Core => "core",
        Tier::Hard => "hard",
    };
    let progress = Progress::new(chosen.len() as u64, &format!("{} {tier}", spec.text));
    let started = Instant::now();
    let rows = run_engine(chosen, &spec, limit, usize::from(cli.threads), &|row| {
        if let Some(f) = &row.failure {
            eprintln!("taflregress: {}: {}: {}", row.id, f.kind, f.detail);
        }
        progress.inc(1);
    });
    progress.finish();
    let mut doc = EngineSuiteDocument::new(
        spec.text.clone(),
        tier,
        suite,
        limit_text(limit),
        rows,
        started.elapsed().as_secs_f64(),
    );
    doc.min_solved = cli.min_solved;
    if let Some(path) = &cli.snapshot {
        let mut diff = SnapshotDiff::compare(
            path.display().to_string(),
            snapshot.as_deref(),
            &doc.results,
        );
        if !diff.existed || cli.force {
            let text = SnapshotDiff::updated(snapshot.as_deref(), &doc.results);
            write_file(path, text.as_bytes(), cli.force)?;
            diff.written = true;
        }
        doc.snapshot = Some(diff);
    }
    if cli.json {
        print_json(&doc)?;
    } else {
        let rates = doc.by_variant.iter().chain(&doc.by_length);
        outln!("{}", rates_table(rates, TableStyle::Terminal))?;
        if board::wanted(cli.board) {
            for (loaded, row) in chosen.iter().zip(&doc.results) {
                if !row.solved {
                    // The detail often names its kind already (`illegal move `a1-b1`: ...`).
                    let failure = row.failure.as_ref().map(|f| {
                        if f.detail.starts_with(&f.kind) {
                            f.detail.clone()
                        } else {
                            format!("{}: {}", f.kind, f.detail)
                        }
                    });
                    print(&crate::failure_board(
                        loaded,
                        &row.expected,
                        row.played.as_deref(),
                        failure.as_deref(),
                    ))?;
                }
            }
        }
        outln!("{}", summary(&doc))?;
        eprintln!("{:.2} s", doc.seconds);
    }
    let lost = doc
        .snapshot
        .as_ref()
        .is_some_and(|s| !s.written && !s.lost.is_empty());
    Ok(if doc.below_gate() || lost {
        Status::CheckFailed
    } else {
        Status::Success
    })
}

/// The lines under the table: the score, the failures by kind, the gate, the snapshot.
fn summary(doc: &EngineSuiteDocument) -> String {
    let f = &doc.failures;
    let mut out = format!(
        "{} on the {} tier ({}): solved {} of {} ({:.1}%)\nfailures: {} crashed, {} hung, {} illegal moves, {} bad answers, {} no move",
        doc.engine,
        doc.tier,
        doc.limit,
        doc.solved,
        doc.positions,
        doc.percent(),
        f.crashed,
        f.hung,
        f.illegal,
        f.bad_answer,
        f.no_move
    );
    if let Some(p) = doc.min_solved {
        let verdict = if doc.below_gate() { "FAILED" } else { "passed" };
        out.push_str(&format!("\n--min-solved {p}%: {verdict}"));
    }
    if let Some(s) = &doc.snapshot {
        let line = match (s.existed, s.written) {
            (false, _) => format!("\nsnapshot {}: written ({} solved)", s.file, doc.solved),
            (true, written) => format!(
                "\nsnapshot {}: {} gained, {} lost{}{}{}",
                s.file,
                s.gained.len(),
                s.lost.len(),
                if written { "; rewritten (--force)" } else { "" },
                s.gained
                    .iter()
                    .map(|id| format!("\n  + {id}"))
                    .collect::<String>(),
                s.lost
                    .iter()
                    .map(|id| format!("\n  - {id}"))
                    .collect::<String>(),
            ),
        };
        out.push_str(&line);
    }
    out
}
