//! `taflcount branching`: self-play or recorded games in, branching factor and game
//! length statistics out (tables, JSON, or a markdown page with an SVG plot).

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;
use taflcount::cli::{
    check_writable, print, print_json, read_text_file, write_file, CliError, GameArgs, Progress,
};
use taflcount::engine::{EngineFactory, EngineSpec};
use taflcount::notation::parse_games;
use taflcount::report::branching::{headline, render_markdown, render_tables};
use taflcount::report::plot::branching_by_ply_svg;
use taflcount::report::table::TableStyle;
use taflcount::sampling::{
    opening_plies_for, sample_records, self_play_each, BranchingReport, SelfPlay, Source,
    StatisticsBuilder, Timing, SCHEMA_VERSION,
};

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  taflcount branching --variant brandub --games 1000 --player greedy\n  taflcount branching --variant brandub --games 100 --player search:nodes=2000\n  taflcount branching --variant brandub --games 20 --player 'otep:\"./my-engine --level 3\"'\n  taflcount branching --records fixtures/games/copenhagen.csv --json\n  taflcount branching --variant tablut --games 500 --report reports/branching\n\nExit codes: 0 success, 2 usage or input error."
)]
pub struct BranchingArgs {
    /// A catalog variant, e.g. copenhagen, brandub, tablut (default: copenhagen)
    #[arg(long, value_name = "NAME", conflicts_with = "rules")]
    variant: Option<String>,
    /// An OTN rules string
    #[arg(long, value_name = "OTN RULES")]
    rules: Option<String>,
    /// Self-play: games to play (default 100). Records: replay only the first N.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    games: Option<u64>,
    /// The self-play engine on both sides, as taflmatch's --engine: random, greedy,
    /// first, search:depth=N (or search:N, nodes=N, movetime=100ms), mcts:playouts=N, or
    /// otep:"COMMAND ARGS" for any program speaking the OpenTafl engine protocol. Engines
    /// other than random and greedy play 2 random plies first, from the game's seed
    #[arg(
        long,
        value_name = "PLAYER",
        default_value = "random",
        conflicts_with = "records"
    )]
    player: String,
    /// Replay the games of a CSV archive (moves,attacker_captures,defender_captures,result)
    /// instead of self-play
    #[arg(long, value_name = "FILE.csv")]
    records: Option<PathBuf>,
    /// Self-play: stop a game unfinished after this many plies
    #[arg(
        long,
        value_name = "M",
        default_value_t = 1000,
        conflicts_with = "records",
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    max_plies: u64,
    /// Self-play: the seed; game i is played from (seed, i), so any thread count gives
    /// the same games
    #[arg(
        long,
        value_name = "S",
        default_value_t = 1,
        conflicts_with = "records"
    )]
    seed: u64,
    /// Threads for self-play, 1 to 1024 (default: all cores; never more than games)
    #[arg(long, value_name = "N", conflicts_with = "records",
          value_parser = clap::value_parser!(u16).range(1..=taflcount::threads::MAX_THREADS as i64))]
    threads: Option<u16>,
    /// One JSON object on stdout instead of tables
    #[arg(long)]
    json: bool,
    /// Also write a markdown page and an SVG plot into DIR
    #[arg(long, value_name = "DIR")]
    report: Option<PathBuf>,
    /// With --report: replace its files if they exist (without it, they are refused)
    #[arg(long, requires = "report")]
    force: bool,
}

/// Self-play games when --games is not given.
const DEFAULT_GAMES: u64 = 100;

pub fn run(args: BranchingArgs) -> Result<(), CliError> {
    let game_args = GameArgs {
        variant: args.variant.clone(),
        rules: args.rules.clone(),
        ..GameArgs::default()
    };
    let game = game_args.resolve()?;
    let (variant, rules, tables) = (game.name, game.rules, game.tables);
    let started = Instant::now();
    let mut statistics = StatisticsBuilder::new(rules.first_side());
    let (source, player, seed, max_plies, records, threads) = match &args.records {
        Some(path) => {
            let text = read_text_file(path)?;
            let mut all = parse_games(&text)
                .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
            if let Some(n) = args.games {
                all.truncate(usize::try_from(n).unwrap_or(usize::MAX));
            }
            let samples = sample_records(&tables, &all)
                .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
            for game in &samples {
                statistics.add(game);
            }
            let records = Some(path.display().to_string());
            (Source::Records, None, None, None, records, 1)
        }
        None => {
            let spec = EngineSpec::load(&args.player)
                .map_err(|e| CliError::Input(format!("--player: {e}")))?;
            // An outside program that does not start is an error of the run, not a
            // forfeit of every game.
            spec.check_starts(&tables)
                .map_err(|e| CliError::Input(format!("--player {}: {e}", spec.text)))?;
            let games = args.games.unwrap_or(DEFAULT_GAMES);
            let threads = args.threads.map_or_else(
                || std::thread::available_parallelism().map_or(1, |n| n.get()),
                usize::from,
            );
            let run = SelfPlay {
                games: usize::try_from(games).unwrap_or(usize::MAX),
                seed: args.seed,
                max_plies: usize::try_from(args.max_plies).unwrap_or(usize::MAX),
                opening_plies: opening_plies_for(&spec),
                threads,
            };
            let progress = Progress::new(games, &format!("{} self-play", spec.name()));
            // Streamed: each game is folded into the statistics and dropped, so no
            // memory grows with --games.
            self_play_each(&tables, &run, &spec, &|_| progress.inc(1), &mut |game| {
                statistics.add(&game)
            });
            progress.finish();
            (
                Source::SelfPlay,
                Some(spec.name().to_string()),
                Some(args.seed),
                Some(run.max_plies),
                None,
                taflcount::threads::used(threads, run.games),
            )
        }
    };
    if statistics.games() == 0 {
        return Err(CliError::Input("no games to measure".into()));
    }
    if statistics.positions() == 0 {
        return Err(CliError::Input(
            "the games have no plies to measure: every one ended before its first move".into(),
        ));
    }
    let report = BranchingReport {
        header: taflcount::document::Header::new(SCHEMA_VERSION, "taflcount"),
        command: "branching".to_owned(),
        variant,
        source,
        player,
        seed,
        statistics: statistics.finish(),
        rules: rules.to_string(),
        max_plies,
        records,
        timing: Timing {
            seconds: started.elapsed().as_secs_f64(),
            threads,
        },
    };
    if let Some(dir) = &args.report {
        write_report(dir, &report, args.force)?;
    }
    if args.json {
        print_json(&report)
    } else {
        print(&format!(
            "{}\n\n{}",
            headline(&report),
            render_tables(&report, TableStyle::Terminal)
        ))
    }
}

/// An engine description as part of a file name: `search:4` is `search-4`, and an
/// `otep:"..."` command's slashes, quotes and spaces become `-` too (runs of them one).
fn file_stem_of(player: &str) -> String {
    let mut stem = String::new();
    for c in player.chars() {
        if c.is_ascii_alphanumeric() || matches!(c, '=' | '_' | '.') {
            stem.push(c);
        } else if !stem.ends_with('-') {
            stem.push('-');
        }
    }
    stem.trim_matches('-').chars().take(80).collect()
}

/// DIR/branching-VARIANT-SOURCE.md and .svg, SOURCE the player or `records`.
fn write_report(dir: &Path, report: &BranchingReport, force: bool) -> Result<(), CliError> {
    let variant = report.variant.as_deref().unwrap_or("custom");
    let source = report
        .player
        .as_deref()
        .map_or("records".to_string(), file_stem_of);
    let stem = format!("branching-{variant}-{source}");
    let svg_name = format!("{stem}.svg");
    let command = std::env::args()
        .skip(1)
        .map(|a| {
            if a.contains(' ') {
                format!("\"{a}\"")
            } else {
                a
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    let files = [
        (dir.join(&svg_name), branching_by_ply_svg(report)),
        (
            dir.join(format!("{stem}.md")),
            render_markdown(report, &svg_name, &format!("taflcount {command}")),
        ),
    ];
    // Both files checked before either is written: a report is never half replaced.
    for (path, _) in &files {
        check_writable(path, force)?;
    }
    for (path, text) in files {
        write_file(&path, text.as_bytes(), force)?;
        eprintln!("taflcount: wrote {}", path.display());
    }
    Ok(())
}
