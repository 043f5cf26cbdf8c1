//! `taflperft merge`: add up the results of a plan folder.

use std::path::PathBuf;
use taflcount::cli::{print_json, CliError, Status};
use taflcount::outln;
use taflcount::perft::units::{self, UnitsError};
use taflcount::perft::MergeReport;
use taflcount::report::table::{new_table, TableStyle};

/// Check that every unit of a plan folder has a result of the same plan, then print
/// perft per depth and the divide of ply 1.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  taflperft merge runs/cph7/ --json\n\nExit codes: 0 merged, 1 units without a result (named), 2 usage or input error (a corrupt or foreign file)."
)]
pub struct MergeArgs {
    /// The plan folder.
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// Print one JSON object instead of tables.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &MergeArgs) -> Result<Status, CliError> {
    // The exit code is the verdict (every unit there), whatever happens to stdout.
    taflcount::cli::output::finish_when_closed();
    let merged = match units::merge(&args.dir) {
        Ok(m) => m,
        Err(e @ UnitsError::Missing { .. }) => {
            eprintln!("taflperft: {}: {e}", args.dir.display());
            return Ok(Status::CheckFailed);
        }
        Err(e) => return Err(e.into()),
    };
    let plan = &merged.plan;
    if args.json {
        print_json(&MergeReport::new(&merged))?;
        return Ok(Status::Success);
    }
    eprintln!(
        "plan {}: {} unit(s), {} unique positions at ply {}, {:.1} s of unit time",
        plan.plan_id, plan.units, plan.unique_positions, plan.split, merged.unit_seconds
    );
    let mut table = new_table(TableStyle::Terminal, &["depth", "nodes"], &[0, 1]);
    for (d, n) in &merged.totals {
        table.add_row(vec![d.to_string(), n.to_string()]);
    }
    outln!("{table}")?;
    outln!()?;
    for (m, n) in &merged.divide {
        outln!("{m}: {n}")?;
    }
    outln!()?;
    outln!("{}", merged.totals.last().expect("depth >= 2").1)?;
    Ok(Status::Success)
}
