//! taflbench: states per second for each variant and kernel, the median of several runs
//! after a warm-up; saved to JSON and compared against a saved baseline.

use clap::Parser;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use taflcount::bench::{
    compare, measure_workload, BenchDocument, BenchReport, Comparison, GameSource, KernelOptions,
    Machine, Plan, Workload, DEFAULT_THRESHOLD, DEFAULT_VARIANTS, KERNELS,
};
use taflcount::cli::output::finish_when_closed;
use taflcount::cli::parse::{parse_with, Rule};
use taflcount::cli::{
    check_writable, exit_code, json_text, print_json, write_file, CliError, Progress, Status,
};
use taflcount::game::GameError;
use taflcount::outln;
use taflcount::report::bench::{
    comparison_table, figures_table, load_warning, machine_line, markdown_report, noise_warning,
};
use taflcount::report::table::TableStyle;
use taflcount::rules::catalog;

const REPORT_COMMAND: &str =
    "cargo run --release --bin taflbench -- --report reports/bench.md --force";

/// Measure taflcount in states per second: move generation, perft (bulk and played out),
/// copy-make, random playouts and the AI's search, per variant; compare with a saved run.
#[derive(Parser, Debug)]
#[command(
    name = "taflbench",
    version,
    after_help = "Examples:\n  taflbench --quick\n  taflbench --variant copenhagen --save before.json\n  taflbench --variant copenhagen --baseline before.json\n  taflbench --from after.json --baseline before.json --threshold 5\n  taflbench --report reports/bench.md\n\nA figure is SLOWER when its median is more than the threshold below the baseline's and\nthe intervals median ± spread of the two runs do not overlap.\n\nExit codes: 0 success, 1 a figure is slower than the baseline, 2 usage or input error."
)]
struct Cli {
    /// A catalog variant; repeat for several. Default: brandub, tablut, copenhagen, alea-evangelii.
    #[arg(long, value_name = "NAME")]
    variant: Vec<String>,
    /// Fewer, shorter runs of the same work (a few seconds per variant).
    #[arg(long)]
    quick: bool,
    /// Threads for the perft kernels, 1 to 1024 (never more than root moves).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=taflcount::threads::MAX_THREADS as i64))]
    threads: u16,
    /// Print one JSON object instead of tables.
    #[arg(long)]
    json: bool,
    /// Write the run as JSON to FILE (for a later --baseline).
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Compare with a run saved by --save; exit 1 if a figure is slower.
    #[arg(long, value_name = "FILE")]
    baseline: Option<String>,
    /// Percent slower that counts as a regression (with --baseline).
    #[arg(long, value_name = "PCT", default_value_t = 100.0 * DEFAULT_THRESHOLD, requires = "baseline")]
    threshold: f64,
    /// Take the figures from a saved run instead of measuring (to compare two saved runs).
    #[arg(long, value_name = "FILE",
          conflicts_with_all = ["variant", "quick", "threads", "save", "games"])]
    from: Option<String>,
    /// Write the Markdown report (reports/bench.md) to FILE.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// Replace the files of --save and --report if they exist (without it, an existing
    /// file is refused before any measuring).
    #[arg(long)]
    force: bool,
    /// A folder of recorded games (copenhagen.csv, brandubh.csv) to take real positions
    /// from. Default: the first 20 games of each archive in fixtures/games/, built in.
    #[arg(long, value_name = "DIR")]
    games: Option<PathBuf>,
}

/// Combinations clap does not check: an option that needs another, given without it.
const RULES: &[Rule] = &[Rule::Needs(&[], "threshold", "baseline")];

fn main() -> ExitCode {
    exit_code("taflbench", run(&parse_with::<Cli>(RULES)))
}

fn run(cli: &Cli) -> Result<Status, CliError> {
    // The exit code is a verdict with --baseline, and --save/--report are written after
    // the tables: a closed pipe must not skip either.
    finish_when_closed();
    if !(cli.threshold > 0.0 && cli.threshold < 100.0) {
        return Err(CliError::input(format!(
            "--threshold {} must be a percentage between 0 and 100",
            cli.threshold
        )));
    }
    let variants = chosen_variants(cli)?;
    // Minutes of measuring must not end in a file that cannot be written.
    for path in cli.save.iter().chain(&cli.report) {
        check_writable(path, cli.force)?;
    }
    let baseline = cli
        .baseline
        .as_deref()
        .map(BenchDocument::load)
        .transpose()?;
    let doc = match &cli.from {
        Some(path) => BenchDocument::load(path)?,
        None => measure_all(cli, &variants)?,
    };
    let comparison = baseline
        .as_ref()
        .map(|b| compare(&doc, b, cli.threshold / 100.0));
    if let Some(b) = &baseline {
        warn_about_baseline(b, &doc);
    }
    if cli.json {
        let baseline = cli.baseline.as_deref().unwrap_or_default();
        let compared = comparison.as_ref().map(|c| (c, baseline, cli.threshold));
        print_json(&BenchReport::new(doc.clone(), compared))?;
    } else {
        print_tables(cli, &doc, comparison.as_ref())?;
    }
    for warning in load_warning(&doc.machine)
        .into_iter()
        .chain(noise_warning(&doc))
    {
        eprintln!("taflbench: warning: {warning}");
    }
    write_files(cli, &doc)?;
    match &comparison {
        Some(c) if c.has_regression() => {
            eprintln!(
                "taflbench: {} figure(s) slower than the baseline beyond the noise",
                c.slower()
            );
            Ok(Status::CheckFailed)
        }
        _ => Ok(Status::Success),
    }
}

/// --variant, each a catalog name, or the default set.
fn chosen_variants(cli: &Cli) -> Result<Vec<&str>, CliError> {
    let variants: Vec<&str> = if cli.variant.is_empty() {
        DEFAULT_VARIANTS.to_vec()
    } else {
        cli.variant.iter().map(String::as_str).collect()
    };
    for name in &variants {
        if catalog::find(name).is_none() {
            return Err(GameError::UnknownVariant(name.to_string()).into());
        }
    }
    Ok(variants)
}

/// Warns when the baseline was measured on another machine, or on a loaded one.
fn warn_about_baseline(baseline: &BenchDocument, doc: &BenchDocument) {
    let (then, now) = (&baseline.machine, &doc.machine);
    if then.cpu != now.cpu || then.threads != now.threads {
        eprintln!(
            "taflbench: warning: the baseline was measured on {}, this run on {}",
            machine_line(then),
            machine_line(now)
        );
    }
    if let Some(warning) = load_warning(then) {
        eprintln!("taflbench: warning: baseline: {warning}");
    }
}

/// The machine, the figures and the comparison with --baseline as tables.
fn print_tables(
    cli: &Cli,
    doc: &BenchDocument,
    comparison: Option<&Comparison>,
) -> Result<(), CliError> {
    outln!("{}\n", machine_line(&doc.machine))?;
    outln!("{}", figures_table(doc, TableStyle::Terminal))?;
    if let Some(c) = comparison {
        outln!(
            "\ncompared with {} (threshold {} %):\n",
            cli.baseline.as_deref().unwrap_or_default(),
            cli.threshold
        )?;
        outln!("{}", comparison_table(c, TableStyle::Terminal))?;
    }
    Ok(())
}

/// --save and --report.
fn write_files(cli: &Cli, doc: &BenchDocument) -> Result<(), CliError> {
    if let Some(path) = &cli.save {
        let text = json_text(&doc.to_json())?;
        write_file(path, text.as_bytes(), cli.force)?;
    }
    if let Some(path) = &cli.report {
        write_file(
            path,
            markdown_report(doc, REPORT_COMMAND).as_bytes(),
            cli.force,
        )?;
    }
    Ok(())
}

fn measure_all(cli: &Cli, variants: &[&str]) -> Result<BenchDocument, CliError> {
    let plan = if cli.quick { Plan::QUICK } else { Plan::FULL };
    let options = KernelOptions {
        threads: usize::from(cli.threads),
    };
    let machine = Machine::detect(Path::new(env!("CARGO_MANIFEST_DIR")), options.threads);
    let progress = Progress::new((variants.len() * KERNELS.len()) as u64, "taflbench");
    let mut figures = Vec::new();
    for name in variants {
        let games = match &cli.games {
            Some(dir) => GameSource::Dir(dir),
            None => GameSource::BuiltIn,
        };
        let workload = Workload::new(name, games)?;
        if let Some(path) = &workload.missing_archive {
            eprintln!("taflbench: {path} not found; {name} positions come from random play only");
        }
        figures.extend(measure_workload(&workload, &options, plan, |kernel| {
            progress.set_message(format!("{name} {}", kernel.id));
            progress.inc(1);
        }));
    }
    progress.finish();
    Ok(BenchDocument::new(cli.quick, machine, figures))
}

#[cfg(test)]
mod tests {
    use taflcount::cli::parse::{command, problems};

    /// Every option has help text and reads `-1` as its value (so its own check, which
    /// names it, refuses a negative number).
    #[test]
    fn every_option_has_help_and_reads_negative_numbers() {
        assert_eq!(problems(command::<super::Cli>()), Vec::<String>::new());
    }
}
