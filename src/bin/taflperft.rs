//! taflperft: perft node counts for tafl variants: per depth, divided by root move, bulk
//! or fully played out, on several threads; and checks of perft suites.

// Modules in src/bin/taflperft/ (as taflcount does; drop the paths once this file is
// src/bin/taflperft/main.rs).
#[path = "taflperft/against.rs"]
mod against;
#[path = "taflperft/merge.rs"]
mod merge;
#[path = "taflperft/plan.rs"]
mod plan;
#[path = "taflperft/unit.rs"]
mod unit;

use clap::{Parser, Subcommand};
use comfy_table::{CellAlignment, Table};
use serde_json::json;
use std::time::Instant;
use taflcount::board::RecordOrder;
use taflcount::cli::{exit, fail, print_json, GameArgs, Progress, UserError};
use taflcount::moves::Tables;
use taflcount::perft::{
    divide_hashed, divide_with_progress, estimate, parse_suite, perft, perft_hashed_threads,
    Counting, PerftTable,
};
use taflcount::rules::catalog;

const SCHEMA_VERSION: u32 = 1;

/// Count the positions exactly D plies below a tafl position (perft), the standard check
/// of a move generator. Counts follow docs/perft.md: captures applied, finished
/// games have no children, repetition ignored.
#[derive(Parser, Debug)]
#[command(
    name = "taflperft",
    version,
    after_help = "Examples:\n  taflperft --depth 5\n  taflperft --variant brandub --depth 4 --divide\n  taflperft --rules \"dim:7 ks:w start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/\" --depth 3 --json\n  taflperft --depth 3 --moves \"d1-d3 e5-e2\" --divide\n  taflperft --suite fixtures/perft/rules.perft\n  taflperft --estimate --depth 12 --samples 100000 --seed 7\n  taflperft --depth 6 --hash 1024 --threads 2\n  taflperft plan --depth 7 --split 3 --units 64 --out runs/cph7/\n  taflperft --against ./my-engine --variant brandub --depth 4\n\nExit codes: 0 success, 1 a suite count did not match (or --against found a difference), 2 usage or input error.",
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// The depth in plies; one result row per depth 1..D.
    #[arg(long, short, value_name = "D", required_unless_present_any = ["list_variants", "suite"])]
    depth: Option<u32>,
    #[command(flatten)]
    game: GameArgs,
    /// Print `move: count` for each root move at depth D, a blank line, then the total.
    #[arg(long)]
    divide: bool,
    /// Play out every leaf instead of counting the last ply's moves (slower; a check).
    #[arg(long)]
    no_bulk: bool,
    /// Threads; the root moves are shared out among them.
    #[arg(long, value_name = "N", default_value_t = 1)]
    threads: usize,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// List the catalog variants with their OTN rules strings.
    #[arg(long)]
    list_variants: bool,
    /// Check every count of a perft suite file (fixtures/perft/*.perft); exit 1 on a mismatch.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["depth", "divide"])]
    suite: Option<String>,
    /// With --suite: skip counts above this many nodes.
    #[arg(long, value_name = "N", requires = "suite")]
    max_nodes: Option<u64>,
    /// Estimate perft by Knuth's random probes instead of counting: mean, standard
    /// error and log10 for each depth 1..D.
    #[arg(long, conflicts_with_all = ["divide", "no_bulk", "suite"])]
    estimate: bool,
    /// With --estimate: random root-to-depth paths to walk.
    #[arg(
        long,
        value_name = "S",
        default_value_t = 10_000,
        requires = "estimate"
    )]
    samples: u64,
    /// With --estimate: the seed; path i is walked from (seed, i).
    #[arg(long, value_name = "X", default_value_t = 1, requires = "estimate")]
    seed: u64,
    /// A transposition table of subtree counts of this many MiB (docs/perft-deep.md).
    #[arg(long, value_name = "MB", conflicts_with = "estimate")]
    hash: Option<usize>,
    /// With --hash: draw other Zobrist keys, to repeat a count with independent keys.
    #[arg(long, value_name = "S", requires = "hash")]
    hash_seed: Option<u64>,
    /// Compare with another engine's divide and descend to the first position where the
    /// move lists differ (docs/perft-against.md).
    #[arg(long, value_name = "CMD", conflicts_with_all = ["suite", "estimate", "divide", "no_bulk", "hash"])]
    against: Option<String>,
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

fn main() {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(code) => std::process::exit(code),
        Err(e) => fail("taflperft", e),
    }
}

fn run(cli: &Cli) -> Result<i32, UserError> {
    match &cli.command {
        Some(Command::Plan(args)) => return plan::run(args),
        Some(Command::Unit(args)) => return unit::run(args),
        Some(Command::Merge(args)) => return merge::run(args),
        None => {}
    }
    if cli.threads == 0 {
        return Err(UserError("--threads must be at least 1".into()));
    }
    if cli.list_variants {
        list_variants(cli.json);
        return Ok(0);
    }
    if let Some(path) = &cli.suite {
        return check_suite(cli, path);
    }
    let depth = cli.depth.expect("clap requires --depth");
    if depth == 0 {
        return Err(UserError("--depth must be at least 1".into()));
    }
    if let Some(command) = &cli.against {
        return against::run(command, depth, &cli.game, cli.threads, cli.json);
    }
    let game = cli.game.game()?;
    if cli.estimate {
        return run_estimate(cli, &game, depth);
    }
    let (table, keyed) = hash_table(cli, &game.rules)?;
    let counting = if cli.no_bulk {
        Counting::Full
    } else {
        Counting::Bulk
    };
    let (t, root) = (keyed.as_ref().unwrap_or(&game.tables), &game.position);
    let mut rows = Vec::new();
    let started = Instant::now();
    for d in 1..depth {
        let clock = Instant::now();
        let nodes = match &table {
            Some(table) => perft_hashed_threads(t, root, d, counting, cli.threads, table),
            None => perft(t, root, d, counting),
        };
        rows.push((d, nodes, clock.elapsed().as_secs_f64()));
    }
    let progress = Progress::new(root.count_moves(t), &format!("perft({depth})"));
    let clock = Instant::now();
    let divided = match &table {
        Some(table) => divide_hashed(t, root, depth, counting, cli.threads, table, &|_| {
            progress.inc(1)
        }),
        None => divide_with_progress(t, root, depth, counting, cli.threads, &|_| progress.inc(1)),
    };
    progress.finish();
    let total: u64 = divided.iter().map(|(_, n)| n).sum();
    rows.push((depth, total, clock.elapsed().as_secs_f64()));
    let total_seconds = started.elapsed().as_secs_f64();
    let position_record = root.layout(t).record(RecordOrder::RankOneFirst);
    if cli.json {
        let mut doc = json!({
            "schema_version": SCHEMA_VERSION,
            "tool": "taflperft",
            "variant": game.variant,
            "rules": game.rules.to_string(),
            "position": position_record,
            "side_to_move": root.side_to_move().name(),
            "counting": if cli.no_bulk { "full" } else { "bulk" },
            "hash": cli.hash.map(|mb| json!({"megabytes": mb, "seed": cli.hash_seed.unwrap_or(0)})),
            "results": rows.iter().map(|(d, n, _)| json!({"depth": d, "nodes": n})).collect::<Vec<_>>(),
        });
        if cli.divide {
            doc["divide"] = divided
                .iter()
                .map(|(m, n)| json!({"move": m.to_string(), "nodes": n}))
                .collect();
        }
        doc["timing"] = json!({
            "threads": cli.threads,
            "total_seconds": total_seconds,
            "by_depth": rows.iter().map(|(d, n, s)| json!({"depth": d, "seconds": s, "nodes_per_second": rate(*n, *s)})).collect::<Vec<_>>(),
        });
        print_json(&doc);
    } else if cli.divide {
        for (m, n) in &divided {
            println!("{m}: {n}");
        }
        println!();
        println!("{total}");
    } else {
        let mut table = Table::new();
        table.set_header(vec!["depth", "nodes", "seconds", "nodes/s"]);
        for (d, n, s) in &rows {
            table.add_row(vec![
                d.to_string(),
                group(*n),
                format!("{s:.3}"),
                group(rate(*n, *s) as u64),
            ]);
        }
        for c in 0..4 {
            table
                .column_mut(c)
                .unwrap()
                .set_cell_alignment(CellAlignment::Right);
        }
        eprintln!(
            "{} ({} to move), {} counting, {} thread(s)",
            game.variant.as_deref().unwrap_or("custom rules"),
            root.side_to_move(),
            if cli.no_bulk { "full" } else { "bulk" },
            cli.threads
        );
        println!("{table}");
    }
    Ok(0)
}

/// The perft table of --hash, and the tables under --hash-seed's Zobrist keys.
fn hash_table(
    cli: &Cli,
    rules: &taflcount::rules::Rules,
) -> Result<(Option<PerftTable>, Option<Tables>), UserError> {
    match cli.hash {
        None => Ok((None, None)),
        Some(0) => Err(UserError("--hash must be at least 1 (MiB)".into())),
        Some(mb) => {
            let seed = cli.hash_seed.unwrap_or(0);
            Ok((
                Some(PerftTable::new(mb, seed)?),
                Some(Tables::with_key_seed(rules, seed)?),
            ))
        }
    }
}

fn run_estimate(cli: &Cli, game: &taflcount::cli::Game, depth: u32) -> Result<i32, UserError> {
    if cli.samples == 0 {
        return Err(UserError("--samples must be at least 1".into()));
    }
    let (t, root) = (&game.tables, &game.position);
    let clock = Instant::now();
    let rows = estimate(t, root, depth, cli.samples, cli.seed);
    let seconds = clock.elapsed().as_secs_f64();
    let last = rows.last().expect("depth >= 1");
    let number = |x: f64| if x.is_finite() { json!(x) } else { json!(null) };
    if cli.json {
        let row = |e: &taflcount::perft::PerftEstimate| json!({"depth": e.depth, "mean": number(e.mean), "stderr": number(e.stderr), "log10": number(e.log10())});
        print_json(&json!({
            "schema_version": SCHEMA_VERSION,
            "tool": "taflperft",
            "mode": "estimate",
            "variant": game.variant,
            "rules": game.rules.to_string(),
            "position": root.layout(t).record(RecordOrder::RankOneFirst),
            "side_to_move": root.side_to_move().name(),
            "depth": depth,
            "samples": cli.samples,
            "seed": cli.seed,
            "estimate": {"mean": number(last.mean), "stderr": number(last.stderr), "log10": number(last.log10())},
            "by_depth": rows.iter().map(row).collect::<Vec<_>>(),
            "timing": {"seconds": seconds, "paths_per_second": cli.samples as f64 / seconds.max(1e-9)},
        }));
        return Ok(0);
    }
    eprintln!(
        "{} ({} to move), Knuth estimate from {} random paths, seed {}, {seconds:.2} s",
        game.variant.as_deref().unwrap_or("custom rules"),
        root.side_to_move(),
        cli.samples,
        cli.seed
    );
    let mut table = Table::new();
    table.set_header(vec!["depth", "estimate", "± se", "rel. se", "log10"]);
    for e in &rows {
        table.add_row(vec![
            e.depth.to_string(),
            format!("{:.4e}", e.mean),
            format!("{:.2e}", e.stderr),
            format!("{:.2}%", 100.0 * e.stderr / e.mean),
            format!("{:.3}", e.log10()),
        ]);
    }
    for c in 0..5 {
        table
            .column_mut(c)
            .unwrap()
            .set_cell_alignment(CellAlignment::Right);
    }
    println!("{table}");
    Ok(0)
}

fn rate(nodes: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        nodes as f64 / seconds
    } else {
        0.0
    }
}

/// 6116568016 -> 6,116,568,016
fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn list_variants(json_out: bool) {
    if json_out {
        let list: Vec<_> = catalog::VARIANTS
            .iter()
            .map(|v| json!({"name": v.name, "rules": v.rules().to_string()}))
            .collect();
        print_json(
            &json!({"schema_version": SCHEMA_VERSION, "tool": "taflperft", "variants": list}),
        );
        return;
    }
    for v in catalog::VARIANTS {
        println!("{:<20} {}", v.name, v.rules().to_string());
    }
}

fn check_suite(cli: &Cli, path: &str) -> Result<i32, UserError> {
    let text = std::fs::read_to_string(path).map_err(|e| UserError(format!("{path}: {e}")))?;
    let entries = parse_suite(&text).map_err(|e| UserError(format!("{path}: {e}")))?;
    let counting = if cli.no_bulk {
        Counting::Full
    } else {
        Counting::Bulk
    };
    let mut results = Vec::new();
    let mut failed = 0;
    for entry in &entries {
        let (rules, t, root) = entry
            .setup()
            .map_err(|e| UserError(format!("{path}: {e}")))?;
        let (table, keyed) = hash_table(cli, &rules)?;
        let t = keyed.unwrap_or(t);
        for &(depth, expected) in &entry.perft {
            if cli.max_nodes.is_some_and(|cap| expected > cap) {
                results.push(json!({"id": entry.id, "depth": depth, "expected": expected, "status": "skipped"}));
                continue;
            }
            let clock = Instant::now();
            let got = if let Some(table) = &table {
                taflcount::perft::perft_hashed_threads(
                    &t,
                    &root,
                    depth,
                    counting,
                    cli.threads,
                    table,
                )
            } else if cli.threads > 1 {
                taflcount::perft::perft_threads(&t, &root, depth, counting, cli.threads)
            } else {
                perft(&t, &root, depth, counting)
            };
            let ok = got == expected;
            failed += usize::from(!ok);
            if !cli.json {
                println!(
                    "{:<4} {:<32} perft {depth} = {got} {}",
                    if ok { "ok" } else { "FAIL" },
                    entry.id,
                    if ok {
                        String::new()
                    } else {
                        format!("(expected {expected})")
                    }
                );
            }
            results.push(json!({"id": entry.id, "depth": depth, "expected": expected, "nodes": got, "status": if ok {"ok"} else {"fail"}, "seconds": clock.elapsed().as_secs_f64()}));
        }
    }
    let checked = results.iter().filter(|r| r["status"] != "skipped").count();
    if cli.json {
        print_json(
            &json!({"schema_version": SCHEMA_VERSION, "tool": "taflperft", "suite": path, "checked": checked, "failed": failed, "results": results}),
        );
    } else {
        println!("{} passed, {} failed", checked - failed, failed);
    }
    Ok(if failed > 0 { exit::CHECK_FAILED } else { 0 })
}
