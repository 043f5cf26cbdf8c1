//! taflperft: perft node counts for tafl variants: per depth, divided by root move, bulk
//! or fully played out, on several threads; Knuth's estimate; checks of perft suites.

mod against;
mod merge;
mod plan;
mod unit;

use clap::{Parser, Subcommand};
use std::process::ExitCode;
use std::time::Instant;
use taflcount::board::RecordOrder;
use taflcount::cli::output::finish_when_closed;
use taflcount::cli::parse::{parse_with, Rule};
use taflcount::cli::{
    exit_code, print, print_json, read_text_file, ChosenGame, CliError, GameArgs, Hint, Progress,
    Status,
};
use taflcount::document::NodeTiming;
use taflcount::moves::Tables;
use taflcount::outln;
use taflcount::perft::{
    check_depth, divide_hashed, divide_with_progress, estimate, forecast, parse_suite, perft,
    perft_hashed_threads, perft_threads, perft_within, Counting, DepthCount, DepthTiming,
    DivideRow, EstimateDocument, EstimateRow, EstimateTiming, HashInfo, PerftDocument, PerftTable,
    PerftTiming, Root, SuiteDocument, SuiteRow, SuiteTiming, VariantList, VariantRow,
    SCHEMA_VERSION,
};
use taflcount::report::perft::{
    divide_text, estimate_table, forecast_line, perft_table, suite_line, suite_summary,
};
use taflcount::report::table::TableStyle;
use taflcount::rules::catalog;

/// Count the positions exactly D plies below a tafl position (perft), the standard check
/// of a move generator. Counts follow docs/perft.md: captures applied, finished
/// games have no children, repetition ignored.
#[derive(Parser, Debug)]
#[command(
    name = "taflperft",
    version,
    after_help = "Examples:\n  taflperft --depth 5\n  taflperft --variant brandub --depth 4 --divide\n  taflperft --rules \"dim:7 ks:w start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/\" --depth 3 --json\n  taflperft --depth 3 --moves \"d1-d3 e5-e2 g1-g3\" --divide\n  taflperft --suite fixtures/perft/rules.perft\n  taflperft --estimate --depth 12 --samples 100000 --seed 7\n  taflperft --depth 6 --hash 1024 --threads 2\n  taflperft plan --depth 7 --split 3 --units 64 --out runs/cph7/\n  taflperft --against ./my-engine --variant brandub --depth 4\n  taflperft --against ./my-engine --records fixtures/games/brandubh.csv --variant brandubh --depth 2\n\nExit codes: 0 success, 1 a suite count did not match (or --against found a difference), 2 usage or input error.",
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// The depth in plies; one result row per depth 1..D. A depth whose count could pass
    /// the 64-bit counter is refused (docs/taflperft.md, "Depth limit and time"), and a
    /// count forecast to take over a minute says how long on stderr first.
    #[arg(long, short, value_name = "D", required_unless_present_any = ["list_variants", "suite"],
          value_parser = clap::value_parser!(u32).range(1..=taflcount::perft::MAX_DEPTH as i64))]
    depth: Option<u32>,
    #[command(flatten)]
    game: GameArgs,
    /// Print `move: count` for each root move at depth D, a blank line, then the total.
    #[arg(long)]
    divide: bool,
    /// Play out every leaf instead of counting the last ply's moves (slower; a check).
    #[arg(long)]
    no_bulk: bool,
    /// Threads; the root moves are shared out among them (more threads than root moves
    /// are not started).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=taflcount::threads::MAX_THREADS as i64))]
    threads: u16,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// List the catalog variants with their OTN rules strings.
    #[arg(long, conflicts_with_all = ["depth", "suite", "divide", "no_bulk", "estimate",
          "variant", "rules", "position", "side", "moves", "threads", "hash", "hash_seed",
          "against", "max_nodes", "samples", "seed"])]
    list_variants: bool,
    /// Check every count of a perft suite file (fixtures/perft/*.perft); exit 1 on a
    /// mismatch.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["depth", "divide", "variant",
          "rules", "position", "side", "moves"])]
    suite: Option<String>,
    /// With --suite: skip a count whose expected value is above N, and give up on (skip)
    /// any count that expands more than N positions (generates their moves).
    #[arg(long, value_name = "N", requires = "suite")]
    max_nodes: Option<u64>,
    /// Estimate perft by Knuth's random probes instead of counting: mean, standard
    /// error and log10 for each depth 1..D.
    #[arg(long, conflicts_with_all = ["divide", "no_bulk", "suite"])]
    estimate: bool,
    /// With --estimate: random root-to-depth paths to walk (at least 2, for a
    /// standard error).
    #[arg(long, value_name = "S", default_value_t = 10_000, requires = "estimate",
          value_parser = clap::value_parser!(u64).range(2..))]
    samples: u64,
    /// With --estimate: the seed; path i is walked from (seed, i).
    #[arg(long, value_name = "X", default_value_t = 1, requires = "estimate")]
    seed: u64,
    /// A transposition table of subtree counts of this many MiB (docs/perft-deep.md).
    #[arg(long, value_name = "MB", conflicts_with = "estimate",
          value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    hash: Option<u64>,
    /// With --hash: draw other Zobrist keys, to repeat a count with independent keys.
    #[arg(long, value_name = "S", requires = "hash")]
    hash_seed: Option<u64>,
    /// Compare with another engine's divide and descend to the first position where the
    /// move lists differ (docs/perft-against.md).
    #[arg(long, value_name = "CMD",
          conflicts_with_all = ["suite", "estimate", "divide", "no_bulk", "hash"])]
    against: Option<String>,
    /// With --against: the longest one call of the other engine may take, in seconds;
    /// past it the command is killed and the run stops (exit 2).
    #[arg(long, value_name = "SECONDS", requires = "against", default_value_t = 600.0,
          value_parser = parse_timeout)]
    against_timeout: f64,
    /// With --against: compare at every position of a game archive (CSV, as
    /// fixtures/games/) instead of one root, bisect each difference and group them.
    #[arg(long, value_name = "FILE", requires = "against",
          conflicts_with_all = ["position", "side", "moves"])]
    records: Option<String>,
    /// With --records: the plies to compare at, `A..B` (inclusive; `A..` to the end); a
    /// ply is the number of moves played from the start.
    #[arg(long, value_name = "A..B", requires = "records", value_parser = parse_plies)]
    plies: Option<(usize, usize)>,
    /// With --records: every K-th ply of the range only.
    #[arg(long, value_name = "K", requires = "records",
          value_parser = clap::value_parser!(u64).range(1..=100_000))]
    every: Option<u64>,
    /// With --records: the first N games of the archive only.
    #[arg(long, value_name = "N", requires = "records",
          value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    games: Option<u64>,
    /// With --against: draw the position where the engines part, the moves only one of
    /// them has as arrows (for --records, each group's example); the default on a terminal
    #[arg(long, requires = "against", conflicts_with = "json")]
    board: bool,
}

/// A ply range `A..B` (inclusive) or `A..`.
fn parse_plies(text: &str) -> Result<(usize, usize), String> {
    let bad = || {
        format!(
            "`{}` is not a ply range A..B (e.g. 30..130, or 30.. to the end)",
            taflcount::text::quoted(text)
        )
    };
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let a: usize = a.trim().parse().map_err(|_| bad())?;
    let b: usize = match b.trim() {
        "" => usize::MAX,
        b => b.parse().map_err(|_| bad())?,
    };
    if a > b || a > 100_000 {
        return Err(bad());
    }
    Ok((a, b))
}

/// A timeout in seconds: positive, finite, at most a week.
fn parse_timeout(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 604_800.0 => Ok(s),
        _ => Err(format!(
            "`{}` is not a number of seconds from 0 (excluded) to 604800",
            taflcount::text::quoted(text)
        )),
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Split a deep perft into unit files (docs/perft-deep.md).
    Plan(plan::PlanArgs),
    /// Count one unit file and write its result beside it.
    Unit(unit::UnitArgs),
    /// Add up the results of a plan folder.
    Merge(merge::MergeArgs),
}

impl Cli {
    fn counting(&self) -> Counting {
        if self.no_bulk {
            Counting::Full
        } else {
            Counting::Bulk
        }
    }
}

/// Combinations clap cannot check (its `requires` is skipped when the required option
/// conflicts with one present) and options that would do nothing.
const RULES: &[Rule] = &[
    Rule::Needs(&[], "max_nodes", "suite"),
    Rule::Needs(&[], "samples", "estimate"),
    Rule::Needs(&[], "seed", "estimate"),
    Rule::Needs(&[], "hash_seed", "hash"),
    Rule::Useless(
        &[],
        "threads",
        "estimate",
        "the estimate walks its paths on one thread",
    ),
    Rule::Useless(
        &[],
        "hash",
        "max_nodes",
        "a count with a work limit runs without the table",
    ),
];

fn main() -> ExitCode {
    exit_code("taflperft", run(&parse_with::<Cli>(RULES)))
}

fn run(cli: &Cli) -> Result<Status, CliError> {
    match &cli.command {
        Some(Command::Plan(args)) => return plan::run(args),
        Some(Command::Unit(args)) => return unit::run(args),
        Some(Command::Merge(args)) => return merge::run(args),
        None => {}
    }
    if cli.list_variants {
        return list_variants(cli.json);
    }
    if let Some(path) = &cli.suite {
        return check_suite(cli, path);
    }
    let depth = cli.depth.unwrap_or(1);
    if let Some(command) = &cli.against {
        let threads = usize::from(cli.threads);
        let timeout = std::time::Duration::from_secs_f64(cli.against_timeout);
        if let Some(records) = &cli.records {
            let (first, last) = cli.plies.unwrap_or((0, usize::MAX));
            let scan = against::ScanArgs {
                records,
                first_ply: first,
                last_ply: last,
                every: cli.every.unwrap_or(1) as usize,
                games: cli.games.map(|n| n as usize),
                show_board: cli.board,
            };
            return against::run_scan(command, depth, &cli.game, &scan, threads, timeout, cli.json);
        }
        return against::run(
            command, depth, &cli.game, threads, timeout, cli.json, cli.board,
        );
    }
    let chosen = cli.game.game()?;
    if cli.estimate {
        return run_estimate(cli, &chosen, depth);
    }
    count(cli, &chosen, depth)
}

fn root(chosen: &ChosenGame) -> Root {
    let (game, position) = (&chosen.game, &chosen.position);
    Root {
        variant: game.name.clone(),
        rules: game.rules.to_string(),
        position: position
            .layout(&game.tables)
            .record(RecordOrder::RankOneFirst),
        side_to_move: position.side_to_move().name().to_string(),
    }
}

fn rate(nodes: u128, seconds: f64) -> f64 {
    if seconds > 0.0 {
        nodes as f64 / seconds
    } else {
        0.0
    }
}

/// A count expected to take longer than this says so on stderr before it goes on.
const LONG_SECONDS: f64 = 60.0;

/// Says once on stderr how long the depths still to count may take, when that is long.
struct Forecaster {
    depth: u32,
    warned: bool,
}

impl Forecaster {
    fn look(&mut self, measured: &[(u128, f64)]) {
        if self.warned {
            return;
        }
        if let Some(f) = forecast(measured, self.depth).filter(|f| f.seconds > LONG_SECONDS) {
            eprintln!("{}", forecast_line(self.depth, &f));
            self.warned = true;
        }
    }
}

/// The table of --hash, and the tables re-keyed by --hash-seed.
fn hash_table(
    cli: &Cli,
    rules: &taflcount::rules::Rules,
) -> Result<Option<(PerftTable, Tables)>, CliError> {
    let Some(mb) = cli.hash else {
        return Ok(None);
    };
    let seed = cli.hash_seed.unwrap_or(0);
    let megabytes = usize::try_from(mb).map_err(|_| CliError::input("--hash is too large"))?;
    Ok(Some((
        PerftTable::new(megabytes, seed)?,
        Tables::with_key_seed(rules, seed)?,
    )))
}

fn count(cli: &Cli, chosen: &ChosenGame, depth: u32) -> Result<Status, CliError> {
    let hashed = hash_table(cli, &chosen.game.rules)?;
    let t = hashed
        .as_ref()
        .map_or(&chosen.game.tables, |(_, keyed)| keyed);
    let table = hashed.as_ref().map(|(table, _)| table);
    let pos = &chosen.position;
    let depth = check_depth(t, pos, depth)
        .map_err(|e| CliError::value("--depth", depth, e).with_hint(Hint::See("taflperft plan")))?;
    let counting = cli.counting();
    let threads = usize::from(cli.threads);
    let started = Instant::now();
    let mut forecaster = Forecaster {
        depth,
        warned: false,
    };
    let mut measured: Vec<(u128, f64)> = Vec::new();
    for d in 1..depth {
        forecaster.look(&measured);
        let clock = Instant::now();
        let nodes = match table {
            Some(table) => perft_hashed_threads(t, pos, d, counting, threads, table),
            None => perft(t, pos, d, counting),
        };
        measured.push((nodes.into(), clock.elapsed().as_secs_f64()));
    }
    forecaster.look(&measured);
    let progress = Progress::new(pos.count_moves(t), &format!("perft({depth})"));
    let clock = Instant::now();
    let step = |_| progress.inc(1);
    let divided = match table {
        Some(table) => divide_hashed(t, pos, depth, counting, threads, table, &step),
        None => divide_with_progress(t, pos, depth, counting, threads, &step),
    };
    progress.finish();
    // Each root move's subtree fits 64 bits (`check_depth`); their sum may not.
    let total: u128 = divided.iter().map(|(_, n)| u128::from(*n)).sum();
    measured.push((total, clock.elapsed().as_secs_f64()));
    let results = (1..).zip(&measured);
    let by_depth = results
        .clone()
        .map(|(depth, &(nodes, seconds))| DepthTiming {
            depth,
            timing: NodeTiming {
                seconds,
                nodes_per_second: rate(nodes, seconds),
            },
        })
        .collect();
    let results = results
        .map(|(depth, &(nodes, _))| DepthCount::new(depth, nodes))
        .collect();
    let divide = cli.divide.then(|| {
        divided
            .iter()
            .map(|(m, n)| DivideRow::new(m.to_string(), *n))
            .collect()
    });
    let doc = PerftDocument {
        header: taflcount::document::Header::new(SCHEMA_VERSION, "taflperft"),
        root: root(chosen),
        counting: if cli.no_bulk { "full" } else { "bulk" }.to_owned(),
        hash: cli.hash.map(|megabytes| HashInfo {
            megabytes,
            seed: cli.hash_seed.unwrap_or(0),
        }),
        results,
        divide,
        timing: PerftTiming {
            threads: taflcount::threads::used(threads, divided.len()),
            total_seconds: started.elapsed().as_secs_f64(),
            by_depth,
        },
    };
    if cli.json {
        print_json(&doc)?;
    } else if cli.divide {
        print(&divide_text(&doc))?;
    } else {
        eprintln!(
            "{} ({} to move), {} counting, {} thread(s)",
            doc.root.variant.as_deref().unwrap_or("custom rules"),
            pos.side_to_move(),
            doc.counting,
            doc.timing.threads,
        );
        outln!("{}", perft_table(&doc, TableStyle::Terminal))?;
    }
    Ok(Status::Success)
}

fn run_estimate(cli: &Cli, chosen: &ChosenGame, depth: u32) -> Result<Status, CliError> {
    let (t, pos) = (&chosen.game.tables, &chosen.position);
    let clock = Instant::now();
    let rows = estimate(t, pos, depth, cli.samples, cli.seed);
    let seconds = clock.elapsed().as_secs_f64();
    let by_depth: Vec<EstimateRow> = rows.iter().map(EstimateRow::from).collect();
    let doc = EstimateDocument {
        header: taflcount::document::Header::with_mode(SCHEMA_VERSION, "taflperft", "estimate"),
        root: root(chosen),
        depth,
        samples: cli.samples,
        seed: cli.seed,
        estimate: by_depth.last().expect("depth >= 1").clone(),
        by_depth,
        timing: EstimateTiming {
            seconds,
            paths_per_second: cli.samples as f64 / seconds.max(1e-9),
        },
    };
    if cli.json {
        print_json(&doc)?;
    } else {
        eprintln!(
            "{} ({} to move), Knuth estimate from {} random paths, seed {}, {seconds:.2} s",
            doc.root.variant.as_deref().unwrap_or("custom rules"),
            pos.side_to_move(),
            cli.samples,
            cli.seed
        );
        outln!("{}", estimate_table(&doc, TableStyle::Terminal))?;
    }
    Ok(Status::Success)
}

fn list_variants(json: bool) -> Result<Status, CliError> {
    let variants: Vec<VariantRow> = catalog::VARIANTS
        .iter()
        .map(|v| VariantRow {
            name: v.name.to_string(),
            rules: v.rules().to_string(),
        })
        .collect();
    if json {
        print_json(&VariantList {
            header: taflcount::document::Header::new(SCHEMA_VERSION, "taflperft"),
            variants,
        })?;
    } else {
        for v in &variants {
            outln!("{:<20} {}", v.name, v.rules)?;
        }
    }
    Ok(Status::Success)
}

fn check_suite(cli: &Cli, path: &str) -> Result<Status, CliError> {
    // The exit code is the suite's verdict, whatever happens to stdout.
    finish_when_closed();
    let text = read_text_file(std::path::Path::new(path))?;
    let entries = parse_suite(&text).map_err(|e| CliError::file(path, e))?;
    let counting = cli.counting();
    let threads = usize::from(cli.threads);
    let started = Instant::now();
    let mut results = Vec::new();
    let mut by_count = Vec::new();
    for entry in &entries {
        let (game, root) = entry.setup().map_err(|e| CliError::file(path, e))?;
        let hashed = hash_table(cli, &game.rules)?;
        for &(depth, expected) in &entry.perft {
            let clock = Instant::now();
            // --max-nodes limits the work, not only the count a line claims: a line
            // `perft 100 1` would otherwise run forever.
            let got = match (cli.max_nodes, &hashed) {
                (Some(cap), _) if expected > cap => Err(format!("expected count above {cap}")),
                (Some(cap), _) => perft_within(&game.tables, &root, depth, counting, threads, cap)
                    .ok_or(format!("gave up after expanding {cap} positions")),
                (None, Some((table, t))) => Ok(perft_hashed_threads(
                    t, &root, depth, counting, threads, table,
                )),
                (None, None) => Ok(perft_threads(&game.tables, &root, depth, counting, threads)),
            };
            let (nodes, status, reason) = match got {
                Ok(n) if n == expected => (Some(n), "ok", None),
                Ok(n) => (Some(n), "fail", None),
                Err(why) => (None, "skipped", Some(why)),
            };
            let row = SuiteRow {
                id: entry.id.clone(),
                depth,
                expected,
                nodes,
                status: status.to_owned(),
                reason,
            };
            by_count.push(if nodes.is_some() {
                clock.elapsed().as_secs_f64()
            } else {
                0.0
            });
            if !cli.json {
                outln!("{}", suite_line(&row))?;
            }
            results.push(row);
        }
    }
    let count = |status: &str| results.iter().filter(|r| r.status == status).count();
    let (failed, skipped) = (count("fail"), count("skipped"));
    let doc = SuiteDocument {
        header: taflcount::document::Header::new(SCHEMA_VERSION, "taflperft"),
        suite: path.to_string(),
        checked: results.len() - skipped,
        failed,
        skipped,
        results,
        timing: SuiteTiming {
            threads,
            seconds: started.elapsed().as_secs_f64(),
            by_count,
        },
    };
    if cli.json {
        print_json(&doc)?;
    } else {
        outln!("{}", suite_summary(&doc))?;
    }
    Ok(if failed > 0 {
        Status::CheckFailed
    } else {
        Status::Success
    })
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
