//! `taflperft unit`: count one unit file and write its result beside it.

use taflcount::cli::args::UnitFileArgs;
use taflcount::cli::{print_json, CliError, Progress, Status};
use taflcount::outln;
use taflcount::perft::units::{self, UnitOptions};
use taflcount::perft::{PerftTable, UnitReport, SCHEMA_VERSION};

/// Count the positions of one unit file and write unit-NNN.result.json beside it
/// (atomically). A unit whose result is already there is skipped, so rerunning a killed
/// job resumes the run.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  taflperft unit runs/cph7/unit-017.json --hash 512 --threads 2\n\nExit codes: 0 counted or already done, 2 usage or input error (a corrupt or foreign file)."
)]
pub struct UnitArgs {
    #[command(flatten)]
    pub unit: UnitFileArgs,
    /// A perft table of this many MiB (shared by the threads).
    #[arg(long, value_name = "MB")]
    pub hash: Option<usize>,
    /// With --hash: draw other Zobrist keys, to repeat a count with independent keys.
    #[arg(long, value_name = "S", requires = "hash")]
    pub hash_seed: Option<u64>,
}

pub fn run(args: &UnitArgs) -> Result<Status, CliError> {
    let UnitFileArgs {
        file,
        threads,
        json,
    } = &args.unit;
    let name = taflcount::units::start_unit(file)?;
    let table = match args.hash {
        Some(0) => return Err(CliError::input("--hash must be at least 1 (MiB)")),
        Some(mb) => Some((PerftTable::new(mb, args.hash_seed.unwrap_or(0))?, mb)),
        None => None,
    };
    // Read once for the progress bar's length; run_unit validates it fully.
    let count = units::read_unit(file)?.positions.len();
    let progress = Progress::new(count as u64, &name);
    let options = UnitOptions {
        threads: usize::from(*threads),
        table: table.as_ref().map(|(t, mb)| (t, *mb)),
        progress: &|| progress.inc(1),
    };
    let outcome = units::run_unit(file, &options)?;
    progress.finish();
    let (status, result) = (outcome.status(), outcome.result());
    let total = &result.totals.last().expect("depth > split").nodes;
    if *json {
        print_json(&UnitReport {
            header: taflcount::document::Header::with_mode(SCHEMA_VERSION, "taflperft", "unit"),
            unit: result.unit,
            units: result.units,
            plan_id: result.plan_id.clone(),
            status: status.to_owned(),
            positions: result.positions.len(),
            depth: result.depth,
            nodes: total.parse().unwrap_or(0),
            result: units::result_path(file).display().to_string(),
            timing: result.timing,
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
