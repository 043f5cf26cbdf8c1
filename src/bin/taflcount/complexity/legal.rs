//! `taflcount complexity --legal`: sample the superset, decide each sample, print the
//! estimate beside the bounds (or the JSON document), save the samples if asked.

use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use std::sync::atomic::Ordering;

use taflcount::cli::output::write_error;
use taflcount::cli::progress::Progress;
use taflcount::cli::{board, interrupt, plan_error, print, print_json, CliError, Status};
use taflcount::complexity::legal::{
    merge_samples, plan_samples, run_samples_each, sample_line, samples_header, LegalReport,
    LegalTallies, Prepared,
};
use taflcount::complexity::legal::{FirstIllegal, IllegalReason, Legality, SampleResult};
use taflcount::document::Timing;
use taflcount::files::AtomicFile;
use taflcount::render::Diagram;
use taflcount::report::complexity::legal_text;
use taflcount::rules::Rules;
use taflcount::units::UnitsError;

/// What `--legal` was asked for.
pub struct LegalOptions<'a> {
    pub samples: u64,
    pub seed: u64,
    pub threads: usize,
    pub nodes: u64,
    pub json: bool,
    pub save_samples: Option<&'a Path>,
    pub force: bool,
    /// Draw one illegal sample of each condition (--board, or a terminal).
    pub board: bool,
}

/// `--plan DIR`: the samples dealt into unit files.
pub fn plan(
    rules: &Rules,
    dir: &Path,
    samples: u64,
    seed: u64,
    nodes: u64,
    units: usize,
    force: bool,
) -> Result<(), CliError> {
    let (plan, docs) = plan_samples(rules, seed, nodes, samples, units)?;
    taflcount::units::write_plan(dir, &plan, &docs, force, &[]).map_err(plan_error)?;
    print(&format!(
        "plan {}: {} samples of {} (seed {seed}, proof budget {nodes} nodes) in {units} unit(s) in {}\n",
        plan.plan_id,
        samples,
        plan.variant,
        dir.display()
    ))?;
    eprintln!(
        "taflcount: run each unit-NNN.json with `taflcount unit`, then `taflcount merge {}`",
        dir.display()
    );
    Ok(())
}

/// `taflcount merge DIR`: the report of the merged units, as one run prints it.
pub fn merge(dir: &Path, json: bool) -> Result<taflcount::cli::Status, CliError> {
    taflcount::cli::output::finish_when_closed();
    let merged = match merge_samples(dir) {
        Ok(m) => m,
        Err(e @ UnitsError::Missing { .. }) => {
            eprintln!("taflcount: {}: {e}", dir.display());
            return Ok(taflcount::cli::Status::CheckFailed);
        }
        Err(e) => return Err(e.into()),
    };
    eprintln!(
        "taflcount: plan {}: {} unit(s) merged",
        merged.plan.plan_id, merged.plan.units
    );
    if json {
        print_json(&merged.report)?;
    } else {
        print(&legal_text(&merged.report))?;
    }
    Ok(taflcount::cli::Status::Success)
}

/// The run: samples decided in batches and counted as they come (memory flat in
/// `--samples`), each written to the samples file as it is decided. Ctrl-C (or SIGTERM)
/// stops drawing samples: the batch in hand ends, then the report (and the samples file)
/// covers the samples decided, and the exit code is 130.
pub fn run(rules: &Rules, options: LegalOptions<'_>) -> Result<Status, CliError> {
    let prepared = Prepared::new(rules)?;
    // The file is started before the work: a folder that refuses it is found now.
    let mut saved = match options.save_samples {
        Some(dir) => Some(start_samples_file(dir, &prepared, &options)?),
        None => None,
    };
    let stop = interrupt::stop_flag(
        "taflcount",
        "the samples being decided end, then the report of those decided",
    );
    let progress = Progress::new(options.samples, "deciding samples");
    let started = Instant::now();
    let mut tally = LegalTallies::new(&prepared);
    // A failed write of the samples file stops the run (its error is reported below).
    let write_failed = std::cell::RefCell::new(None);
    let dim = prepared.spec.dim();
    // The lowest-numbered illegal sample of each condition, drawn after the run.
    let mut first_illegal = FirstIllegal::default();
    run_samples_each(
        &prepared,
        options.seed,
        0..options.samples,
        options.nodes,
        options.threads,
        &|| progress.inc(1),
        &|| stop.load(Ordering::SeqCst) || write_failed.borrow().is_some(),
        &mut |result| {
            tally.count(&prepared, &result);
            if let Some((_, file)) = saved.as_mut() {
                if let Err(e) = file.write(sample_line(dim, &result).as_bytes()) {
                    write_failed.borrow_mut().get_or_insert(e);
                }
            }
            first_illegal.note(result);
        },
    );
    progress.finish();
    let interrupted = interrupt::stopped();
    let decided = tally.samples();
    let timings = Timing {
        seconds: (started.elapsed().as_secs_f64() * 1000.0).round() / 1000.0,
        threads: options.threads,
    };
    let mut report =
        LegalReport::of_tallies(&prepared, &tally, options.seed, options.nodes, timings);
    report.interrupted = interrupted;
    if let Some(e) = write_failed.into_inner() {
        return Err(write_error(e));
    }
    if let Some((path, file)) = saved.take() {
        finish_samples_file(&path, file, decided, options.samples, interrupted)?;
        if !options.json && board::wanted(options.board) {
            print(&illegal_boards(rules, dim, first_illegal.samples()))?;
        }
    }
    if options.json {
        print_json(&report)?;
    } else {
        let mut text = legal_text(&report);
        if interrupted {
            text += &format!(
                "interrupted by Ctrl-C after {decided} of {} samples: the figures above cover those\n",
                options.samples
            );
        }
        print(&text)?;
    }
    Ok(if interrupted {
        Status::Interrupted
    } else {
        Status::Success
    })
}

/// --save-samples: the samples file started with its header, removed if the run quits
/// at once.
fn start_samples_file(
    dir: &Path,
    prepared: &Prepared,
    options: &LegalOptions<'_>,
) -> Result<(PathBuf, AtomicFile), CliError> {
    let path = samples_path(dir, prepared.spec.name());
    let mut file = AtomicFile::create(&path, options.force).map_err(write_error)?;
    // A quit at once (a second Ctrl-C, SIGTERM) leaves no half file behind.
    interrupt::remove_on_quit(file.temporary_path());
    let header = [
        format!(
            "taflcount complexity --legal --variant {} --samples {} --seed {} --nodes {}",
            prepared.spec.name(),
            options.samples,
            options.seed,
            options.nodes
        ),
        "every legal line's proof game replays from the start to its placement and side to move"
            .to_owned(),
    ];
    file.write(samples_header(&header).as_bytes())
        .map_err(write_error)?;
    Ok((path, file))
}

/// Ends the samples file, with a note when the run was interrupted after `decided` of
/// its `samples`.
fn finish_samples_file(
    path: &Path,
    mut file: AtomicFile,
    decided: u64,
    samples: u64,
    interrupted: bool,
) -> Result<(), CliError> {
    if interrupted {
        let note = format!("# interrupted: the first {decided} of {samples} samples\n");
        file.write(note.as_bytes()).map_err(write_error)?;
    }
    file.finish().map_err(write_error)?;
    eprintln!("taflcount: wrote {} ({decided} samples)", path.display());
    Ok(())
}

/// DIR/<variant>.samples, the name made safe: the rules' `name:` is user text, and
/// `name:../escaped` wrote outside DIR.
fn samples_path(dir: &Path, variant: &str) -> std::path::PathBuf {
    dir.join(format!("{}.samples", taflcount::files::file_stem(variant)))
}

/// The first sample of each illegality condition, drawn with the squares that show it
/// marked, and the condition in words.
fn illegal_boards(rules: &Rules, dim: usize, results: &[SampleResult]) -> String {
    let mut out = String::new();
    for reason in IllegalReason::ALL {
        let first = results.iter().find_map(|r| match r.verdict {
            Legality::Illegal(found) if found.reason == reason => Some((r, found)),
            _ => None,
        });
        if let Some((r, found)) = first {
            let diagram = Diagram::new(r.element.layout(dim), rules, Some(r.element.side))
                .with_highlights(found.squares.iter());
            let _ = writeln!(
                out,
                "\nsample {}: illegal, {} ({})",
                r.index,
                reason.key(),
                reason.describe()
            );
            out.push_str(&board::draw(&diagram));
        }
    }
    out
}
