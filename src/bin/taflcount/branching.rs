//! `taflcount branching`: self-play or recorded games in, branching factor and game
//! length statistics out (tables, JSON, or a markdown page with an SVG plot).

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;
use taflcount::cli::{
    check_writable, print, print_json, read_text_file, write_file, CliError, GameArgs, Progress,
};
use taflcount::document::Timing;
use taflcount::engine::{EngineFactory, EngineSpec, ForfeitTally};
use taflcount::files::file_stem;
use taflcount::moves::Tables;
use taflcount::notation::parse_games;
use taflcount::report::branching::{headline, render_markdown, render_tables};
use taflcount::report::plot::branching_by_ply_svg;
use taflcount::report::table::TableStyle;
use taflcount::sampling::{
    opening_plies_for, sample_records, self_play_each, BranchingReport, GameSample, SelfPlay,
    Source, StatisticsBuilder, SCHEMA_VERSION,
};

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  taflcount branching --variant brandub --games 1000 --player greedy\n  taflcount branching --variant brandub --games 100 --player search:nodes=2000\n  taflcount branching --variant brandub --games 20 --player 'otep:\"./my-engine --level 3\"'\n  taflcount branching --records fixtures/games/copenhagen.csv --json\n  taflcount branching --variant tablut --games 500 --report reports/branching\n\nExit codes: 0 success, 1 the player forfeited most of its games (it crashed, hung or\nanswered garbage), 2 usage or input error; 130 ended by Ctrl-C or SIGTERM."
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

/// Where the measured games came from, as the report names it.
struct Origin {
    source: Source,
    player: Option<String>,
    seed: Option<u64>,
    max_plies: Option<usize>,
    records: Option<String>,
    threads: usize,
}

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
    let origin = match &args.records {
        Some(path) => {
            check_report(&args, variant.as_deref(), None)?;
            replay_records(&args, path, &tables, &mut statistics)?
        }
        None => self_play(&args, variant.as_deref(), &tables, &mut statistics)?,
    };
    if statistics.games() == 0 {
        return Err(CliError::input("no games to measure"));
    }
    if statistics.positions() == 0 {
        return Err(CliError::input(
            "the games have no plies to measure: every one ended before its first move",
        ));
    }
    let report = BranchingReport {
        header: taflcount::document::Header::new(SCHEMA_VERSION, "taflcount"),
        command: "branching".to_owned(),
        variant,
        source: origin.source,
        player: origin.player,
        seed: origin.seed,
        statistics: statistics.finish(),
        rules: rules.to_string(),
        max_plies: origin.max_plies,
        records: origin.records,
        timing: Timing {
            seconds: started.elapsed().as_secs_f64(),
            threads: origin.threads,
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

/// --report's folder and files, checked before the work, not found unwritable after.
fn check_report(
    args: &BranchingArgs,
    variant: Option<&str>,
    player: Option<&str>,
) -> Result<(), CliError> {
    match &args.report {
        Some(dir) => report_paths(dir, variant, player)
            .iter()
            .try_for_each(|path| check_writable(path, args.force)),
        None => Ok(()),
    }
}

/// --records: the archive's games (the first --games) replayed into `statistics`.
fn replay_records(
    args: &BranchingArgs,
    path: &Path,
    tables: &Tables,
    statistics: &mut StatisticsBuilder,
) -> Result<Origin, CliError> {
    let text = read_text_file(path)?;
    let mut all = parse_games(&text).map_err(|e| CliError::file(path.display(), e))?;
    if let Some(n) = args.games {
        all.truncate(usize::try_from(n).unwrap_or(usize::MAX));
    }
    let samples = sample_records(tables, &all).map_err(|e| CliError::file(path.display(), e))?;
    for game in &samples {
        statistics.add(game);
    }
    Ok(Origin {
        source: Source::Records,
        player: None,
        seed: None,
        max_plies: None,
        records: Some(path.display().to_string()),
        threads: 1,
    })
}

/// Self-play of --player against itself, each game folded into `statistics`; a player
/// that forfeits most of its games fails the run.
fn self_play(
    args: &BranchingArgs,
    variant: Option<&str>,
    tables: &Tables,
    statistics: &mut StatisticsBuilder,
) -> Result<Origin, CliError> {
    let spec = EngineSpec::load(&args.player).map_err(|e| CliError::option("--player", e))?;
    // An outside program that does not start is an error of the run, not a
    // forfeit of every game.
    spec.check_starts(tables)
        .map_err(|e| CliError::value("--player", &spec.text, e))?;
    check_report(args, variant, Some(spec.name()))?;
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
    let mut forfeits = ForfeitTally::default();
    let done = |game: &GameSample| {
        if let Some(failure) = &game.failure {
            eprintln!("taflcount: {failure}");
        }
        progress.inc(1)
    };
    self_play_each(tables, &run, &spec, &done, &mut |game| {
        // Self-play: every forfeit is the one engine's.
        forfeits.add(&game.end, |_| true);
        statistics.add(&game)
    });
    progress.finish();
    // An engine that crashes or answers garbage on every move gives a "report"
    // of forfeits: a failed run, the engine named, not a result.
    if forfeits.mostly_forfeits() {
        return Err(CliError::Check(format!(
            "--player {} {}: the figures would measure its failures, not the game",
            taflcount::text::quoted(spec.name()),
            forfeits.describe()
        )));
    }
    Ok(Origin {
        source: Source::SelfPlay,
        player: Some(spec.name().to_string()),
        seed: Some(args.seed),
        max_plies: Some(run.max_plies),
        records: None,
        threads: taflcount::threads::used(threads, run.games),
    })
}

/// DIR/branching-VARIANT-SOURCE.svg and .md, SOURCE the player or `records`, both
/// names made safe (`taflcount::files::file_stem`: a `name:../x` stays in DIR).
fn report_paths(dir: &Path, variant: Option<&str>, player: Option<&str>) -> [PathBuf; 2] {
    let variant = file_stem(variant.unwrap_or("custom"));
    let source = player.map_or("records".to_string(), file_stem);
    let stem = format!("branching-{variant}-{source}");
    [
        dir.join(format!("{stem}.svg")),
        dir.join(format!("{stem}.md")),
    ]
}

/// DIR/branching-VARIANT-SOURCE.md and .svg, SOURCE the player or `records`.
fn write_report(dir: &Path, report: &BranchingReport, force: bool) -> Result<(), CliError> {
    let [svg_path, md_path] =
        report_paths(dir, report.variant.as_deref(), report.player.as_deref());
    let svg_name = svg_path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
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
        (svg_path, branching_by_ply_svg(report)),
        (
            md_path,
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
