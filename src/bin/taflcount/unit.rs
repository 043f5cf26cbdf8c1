//! `taflcount unit` and `taflcount merge`: the legal-position estimate in work units
//! (planned by `taflcount complexity --legal --plan DIR`).

use std::path::PathBuf;

use taflcount::cli::args::UnitFileArgs;
use taflcount::cli::{print_json, CliError, Progress, Status};
use taflcount::complexity::legal::{read_sample_unit, run_sample_unit};
use taflcount::outln;

/// Decide the samples of one unit file and write unit-NNN.result.json beside it
/// (atomically). A unit whose result is already there is skipped, so rerunning a
/// killed job resumes the run.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  taflcount unit runs/cph-legal/unit-003.json --threads 2\n\nExit codes: 0 decided or already done, 2 usage or input error (a corrupt or foreign file)."
)]
pub struct UnitArgs {
    #[command(flatten)]
    pub unit: UnitFileArgs,
}

pub fn run(UnitArgs { unit: args }: &UnitArgs) -> Result<Status, CliError> {
    let name = taflcount::units::start_unit(&args.file)?;
    let unit = read_sample_unit(&args.file)?;
    let progress = Progress::new(unit.end - unit.first, &name);
    let outcome = run_sample_unit(&args.file, usize::from(args.threads), &|| progress.inc(1))?;
    progress.finish();
    let (status, result) = (outcome.status(), outcome.result());
    if args.json {
        print_json(result)?;
    } else {
        let t = &result.tallies.tally;
        outln!(
            "{name}: {status}: samples {}..{}: {} legal, {} illegal, {} undecided ({:.2} s, {} thread(s))",
            unit.first,
            unit.end,
            t.legal,
            t.illegal,
            t.undecided,
            result.timing.seconds,
            result.timing.threads
        )?;
    }
    Ok(Status::Success)
}

/// Check that every unit of a plan folder has a result of the same plan, then print
/// the estimate one run with the same seed and sample count prints.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  taflcount merge runs/cph-legal --json\n\nExit codes: 0 merged, 1 units without a result (named), 2 usage or input error (a corrupt, foreign or edited file)."
)]
pub struct MergeArgs {
    /// The plan folder.
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// Print the JSON document instead of tables.
    #[arg(long)]
    pub json: bool,
}
