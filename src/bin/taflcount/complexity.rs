//! `taflcount complexity`: parse the board choice, compute, print or write the report.

mod legal;

use std::path::{Path, PathBuf};

use clap::{ArgGroup, Args};
use taflcount::cli::{print, print_json, write_file, CliError, Status};
use taflcount::complexity::{ComplexityReport, ComplexitySpec, GameTreeEstimate};
use taflcount::game::GameError;
use taflcount::report::complexity::{render, render_catalog_markdown};
use taflcount::report::table::TableStyle;
use taflcount::rules::{catalog, Rules};

/// The catalog variant `--dim N` alone stands for.
const VARIANT_OF_SIZE: [(usize, &str); 6] = [
    (7, "brandub"),
    (9, "tablut"),
    (11, "copenhagen"),
    (13, "sea-battle-13"),
    (15, "tablut-15"),
    (19, "alea-evangelii"),
];

#[derive(Args, Debug)]
#[command(group(ArgGroup::new("board").args(["variant", "rules", "dim", "all"])))]
#[command(group(ArgGroup::new("writes").args(["report", "save_samples", "plan"]).multiple(true)))]
pub struct ComplexityArgs {
    /// A catalog variant, e.g. copenhagen, brandub, alea-evangelii (default: copenhagen)
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
    /// An OTN rules string, e.g. "dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
    #[arg(long, value_name = "OTN RULES")]
    rules: Option<String>,
    /// Board side: alone, the catalog's variant of that size; with --attackers and
    /// --defenders, a throne and four king-only corners
    #[arg(long, value_name = "N")]
    dim: Option<usize>,
    /// Attackers at the start (with --dim)
    #[arg(long, value_name = "A", requires_all = ["dim", "defenders"])]
    attackers: Option<usize>,
    /// Defenders at the start, the king not counted (with --dim)
    #[arg(long, value_name = "D", requires_all = ["dim", "attackers"])]
    defenders: Option<usize>,
    /// Average branching factor b for a game-tree estimate b^L
    #[arg(long, value_name = "B", requires = "length")]
    branching: Option<f64>,
    /// Average game length L in plies for a game-tree estimate b^L
    #[arg(long, value_name = "L", requires = "branching")]
    length: Option<f64>,
    /// Every catalog variant
    #[arg(long)]
    all: bool,
    /// With --all: write DIR/complexity.md instead of printing
    #[arg(long, value_name = "DIR", requires = "all")]
    report: Option<PathBuf>,
    /// With --report, --save-samples or --plan: replace the file (or plan) it writes if
    /// it exists (without it, an existing one is refused)
    #[arg(long, requires = "writes")]
    force: bool,
    /// JSON on stdout instead of tables
    #[arg(long)]
    json: bool,
    /// Estimate the legal positions: sample the superset uniformly, decide each sample
    /// (illegal by a proven condition, legal by a replayed proof game, or undecided)
    #[arg(long, conflicts_with_all = ["all", "branching", "length", "attackers"])]
    legal: bool,
    /// With --legal: samples to draw (default 1000)
    #[arg(long, value_name = "N", requires = "legal",
          value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    samples: Option<u64>,
    /// With --legal: the seed; sample i depends on (seed, i) alone (default 1)
    #[arg(long, value_name = "S", requires = "legal")]
    seed: Option<u64>,
    /// With --legal: threads, 1 to 1024 (default: all cores); results do not depend on it
    #[arg(long, value_name = "T", requires = "legal",
          value_parser = clap::value_parser!(u16).range(1..=taflcount::threads::MAX_THREADS as i64))]
    threads: Option<u16>,
    /// With --legal: the proof search's node budget per sample (default 20000)
    #[arg(long, value_name = "B", requires = "legal",
          value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// With --legal: write DIR/<variant>.samples, every sample with its verdict and proof game
    #[arg(long, value_name = "DIR", requires = "legal")]
    save_samples: Option<PathBuf>,
    /// With --save-samples: draw the first sample of each illegality condition found
    /// (the default on a terminal)
    #[arg(
        long = "board",
        id = "draw_board",
        requires = "save_samples",
        conflicts_with = "json"
    )]
    draw_board: bool,
    /// With --legal: write a plan of work units into DIR instead of sampling (run each
    /// unit with `taflcount unit`, then `taflcount merge DIR`; see docs/taflcount.md)
    #[arg(
        long,
        value_name = "DIR",
        requires = "legal",
        conflicts_with = "save_samples"
    )]
    plan: Option<PathBuf>,
    /// With --plan: units to deal the samples into (contiguous index ranges; default 10)
    #[arg(long, value_name = "N", requires = "plan",
          value_parser = clap::value_parser!(u64).range(1..=100_000))]
    units: Option<u64>,
}

pub fn run(args: ComplexityArgs) -> Result<Status, CliError> {
    if args.legal {
        return run_legal(&args);
    }
    run_bounds(&args).map(|()| Status::Success)
}

fn run_bounds(args: &ComplexityArgs) -> Result<(), CliError> {
    let trees = game_trees(args)?;
    if args.all {
        let reports: Vec<ComplexityReport> = catalog::VARIANTS
            .iter()
            .map(|variant| {
                spec_of_rules(&variant.rules()).map(|spec| ComplexityReport::compute(&spec, &trees))
            })
            .collect::<Result<_, _>>()?;
        return match (&args.report, args.json) {
            (Some(dir), _) => write_report(dir, &reports, args.force),
            (None, true) => print_json(&reports),
            (None, false) => {
                let tables: Vec<String> = reports
                    .iter()
                    .map(|r| render(r, TableStyle::Terminal))
                    .collect();
                print(&tables.join("\n"))
            }
        };
    }
    let spec = spec_of(args)?;
    let report = ComplexityReport::compute(&spec, &trees);
    if args.json {
        print_json(&report)
    } else {
        print(&render(&report, TableStyle::Terminal))
    }
}

/// `taflcount merge DIR`.
pub fn merge(dir: &Path, json: bool) -> Result<taflcount::cli::Status, CliError> {
    legal::merge(dir, json)
}

fn run_legal(args: &ComplexityArgs) -> Result<Status, CliError> {
    let rules = rules_of(args)?;
    if let Some(dir) = &args.plan {
        return legal::plan(
            &rules,
            dir,
            args.samples.unwrap_or(1000),
            args.seed.unwrap_or(1),
            args.nodes.unwrap_or(20_000),
            args.units.unwrap_or(10) as usize,
            args.force,
        )
        .map(|()| Status::Success);
    }
    legal::run(
        &rules,
        legal::LegalOptions {
            samples: args.samples.unwrap_or(1000),
            seed: args.seed.unwrap_or(1),
            threads: args.threads.map_or_else(
                || std::thread::available_parallelism().map_or(1, |n| n.get()),
                usize::from,
            ),
            nodes: args.nodes.unwrap_or(20_000),
            json: args.json,
            save_samples: args.save_samples.as_deref(),
            force: args.force,
            board: args.draw_board,
        },
    )
}

/// The rules `--legal` plays: of `--rules`, `--variant` or `--dim` alone (a catalog
/// variant); `--dim` with material has no rules to play.
fn rules_of(args: &ComplexityArgs) -> Result<Rules, CliError> {
    if let Some(text) = &args.rules {
        return text.parse().map_err(|e| CliError::option("--rules", e));
    }
    let name = match args.dim {
        Some(dim) => VARIANT_OF_SIZE
            .iter()
            .find(|(size, _)| *size == dim)
            .map(|(_, name)| *name)
            .ok_or_else(|| {
                CliError::value(
                    "--legal --dim",
                    dim,
                    format!("the catalog has no {dim}x{dim} variant; give --variant or --rules"),
                )
            })?,
        None => args.variant.as_deref().unwrap_or("copenhagen"),
    };
    variant_rules(name)
}

/// The rules of a catalog variant.
fn variant_rules(name: &str) -> Result<Rules, CliError> {
    let variant = catalog::find(name).ok_or_else(|| GameError::UnknownVariant(name.into()))?;
    Ok(variant.rules())
}

fn spec_of(args: &ComplexityArgs) -> Result<ComplexitySpec, CliError> {
    if let Some(text) = &args.rules {
        let rules: Rules = text.parse().map_err(|e| CliError::option("--rules", e))?;
        return spec_of_rules(&rules);
    }
    if let Some(dim) = args.dim {
        if dim % 2 == 0 || !(5..=19).contains(&dim) {
            return Err(CliError::value(
                "--dim",
                dim,
                "the board side must be odd, from 5 to 19",
            ));
        }
        return match (args.attackers, args.defenders) {
            (Some(attackers), Some(defenders)) => {
                ComplexitySpec::throne_and_corners(dim, attackers, defenders)
                    .map_err(CliError::from)
            }
            _ => {
                let name = VARIANT_OF_SIZE
                    .iter()
                    .find(|(size, _)| *size == dim)
                    .map(|(_, name)| *name)
                    .ok_or_else(|| {
                        CliError::input(format!(
                            "the catalog has no {dim}x{dim} variant; give --attackers and --defenders too"
                        ))
                    })?;
                spec_of_variant(name)
            }
        };
    }
    spec_of_variant(args.variant.as_deref().unwrap_or("copenhagen"))
}

fn spec_of_variant(name: &str) -> Result<ComplexitySpec, CliError> {
    spec_of_rules(&variant_rules(name)?)
}

fn spec_of_rules(rules: &Rules) -> Result<ComplexitySpec, CliError> {
    ComplexitySpec::from_rules(rules).map_err(CliError::from)
}

fn game_trees(args: &ComplexityArgs) -> Result<Vec<GameTreeEstimate>, CliError> {
    match (args.branching, args.length) {
        (Some(branching), Some(length)) => {
            let tree = GameTreeEstimate::new("command line", branching, length)
                .map_err(|e| CliError::option("--branching and --length", e))?;
            Ok(vec![tree])
        }
        _ => Ok(Vec::new()),
    }
}

fn write_report(dir: &Path, reports: &[ComplexityReport], force: bool) -> Result<(), CliError> {
    let path = dir.join("complexity.md");
    write_file(&path, render_catalog_markdown(reports).as_bytes(), force)?;
    eprintln!("taflcount: wrote {}", path.display());
    Ok(())
}
