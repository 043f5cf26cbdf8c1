//! `taflperft unit`: count one unit file and write its result beside it.

use std::path::PathBuf;
use taflcount::cli::{print_json, CliError, Progress, Status};
use taflcount::outln;
use taflcount::perft::units::{self, UnitOptions, UnitRun};
use taflcount::perft::{PerftTable, UnitReport, UnitTiming, SCHEMA_VERSION};

/// Count the positions of one unit file and write unit-NNN.result.json beside it
/// (atomically). A unit whose result is already there is skipped, so rerunning a killed
/// job resumes the run.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  taflperft unit runs/cph7/unit-017.json --hash 512 --threads 2\n\nExit codes: 0 counted or already done, 2 usage or input error (a corrupt or foreign file)."
)]
pub struct UnitArgs {
    /// The unit file (unit-NNN.json in a plan folder).
    #[arg(value_name = "UNIT")]
    pub file: PathBuf,
    /// A perft table of this many MiB (shared by the threads).
    #[arg(long, value_name = "MB")]
    pub hash: Option<usize>,
    /// With --hash: draw other Zobrist keys, to repeat a count with independent keys.
    #[arg(long, value_name = "S", requires = "hash")]
    pub hash_seed: Option<u64>,
    /// Threads, 1 to 1024; the unit's positions are shared out among them.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=taflcount::threads::MAX_THREADS as i64))]
    pub threads: u16,
    /// Print one JSON object instead of a line.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &UnitArgs) -> Result<Status, CliError> {
    // Minutes of counting must not end in a result that cannot be written: try the
    // folder first, as the result's temporary file will be made there.
    if args.file.is_file() {
        taflcount::units::probe_result(&args.file).map_err(|source| CliError::Write {
            target: format!(
                "the result beside {} ({})",
                args.file.display(),
                units::result_path(&args.file).display()
            ),
            source,
        })?;
    }
    let table = match args.hash {
        Some(0) => return Err(CliError::Input("--hash must be at least 1 (MiB)".into())),
        Some(mb) => Some((PerftTable::new(mb, args.hash_seed.unwrap_or(0))?, mb)),
        None => None,
    };
    // Read once for the progress bar's length; run_unit validates it fully.
    let count = units::read_unit(&args.file)?.positions.len();
    let name = args
        .file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let progress = Progress::new(count as u64, &name);
    let options = UnitOptions {
        threads: usize::from(args.threads),
        table: table.as_ref().map(|(t, mb)| (t, *mb)),
        progress: &|| progress.inc(1),
    };
    let outcome = units::run_unit(&args.file, &options)?;
    progress.finish();
    let (status, result) = match &outcome {
        UnitRun::Skipped(r) => ("skipped", r),
        UnitRun::Done(r) => ("done", r),
    };
    let total = &result.totals.last().expect("depth > split").nodes;
    if args.json {
        print_json(&UnitReport {
            header: taflcount::document::Header::with_mode(SCHEMA_VERSION, "taflperft", "unit"),
            unit: result.unit,
            units: result.units,
            plan_id: result.plan_id.clone(),
            status: status.to_owned(),
            positions: result.positions.len(),
            depth: result.depth,
            nodes: total.parse().unwrap_or(0),
            result: units::result_path(&args.file).display().to_string(),
            timing: UnitTiming {
                seconds: result.timing.seconds,
                threads: result.timing.threads,
            },
        })?;
    } else {
        outln!(
            "{name}: {status}: {} position(s), {} nodes at depth {} ({:.2} s, {} thread(s))",
            result.positions.len(),
            total,
            result.depth,
            result.timing.seconds,
            result.timing.threads
        )?;
    }
    Ok(Status::Success)
}
