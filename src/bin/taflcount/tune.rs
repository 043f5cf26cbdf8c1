//! `taflcount tune`: recorded or self-played games in, evaluation weights fitted to
//! their results out (Texel's method), as a weights file for `search:eval=FILE`.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use taflcount::cli::{
    check_writable, json_text, print, print_json, read_text_file, write_file, CliError, GameArgs,
    Progress,
};
use taflcount::engine::read_weights;
use taflcount::game::Game;
use taflcount::notation::parse_games;
use taflcount::report::table::TableStyle;
use taflcount::report::tune::{headline, render_tables};
use taflcount::search::{Weights, WEIGHT_COUNT, WEIGHT_NAMES};
use taflcount::tune::{
    tune_with_progress, FeatureCounter, PositionOptions, Positions, TuneError, TuneOptions,
    TuneReport, TuneTiming, SCHEMA_VERSION,
};

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  taflcount tune --records fixtures/games/brandubh.csv\n  taflcount tune --records fixtures/games/copenhagen.csv --hold attacker --out tuned.json\n  taflcount tune --records fixtures/games/brandubh.csv --skip-plies 4 --max-positions 5000 --seed 2 --json\n\nSelf-play counts too: repeat --records with archives of taflmatch --records.\n\nEvery position of the games is labelled with the game's result for the side to move\n(win 1, draw 0.5, loss 0); games without a result and positions the side to move wins\nin one move are left out. The scale K that best turns the evaluation into a predicted\nresult (1 / (1 + e^(-eval/K)), least mean squared error) is fitted to the starting\nweights, then each weight moves by a step (first --step, halved when a pass over them\nall changes nothing) while the error falls. Every weight stays within what the search\naccepts. The same games, start, options and seed give the same weights.\n\nThe weights file is what `taflmatch --engine search:nodes=N,eval=FILE` reads: play\nit against the default weights (an SPRT) before trusting it.\n\nExit codes: 0 success, 2 usage or input error (a bad record, weights file or name)."
)]
pub struct TuneArgs {
    /// A CSV game archive (moves,attacker_captures,defender_captures,result), such as
    /// fixtures/games/*.csv or taflmatch --records; repeat for more
    #[arg(long, value_name = "FILE.csv", required = true)]
    records: Vec<PathBuf>,
    /// A catalog variant (default: the one the first archive is named after, such as
    /// brandubh.csv, else copenhagen)
    #[arg(long, value_name = "NAME", conflicts_with = "rules")]
    variant: Option<String>,
    /// An OTN rules string
    #[arg(long, value_name = "OTN RULES")]
    rules: Option<String>,
    /// Write the tuned weights, a JSON object of every field, to this file
    #[arg(long, value_name = "FILE.json")]
    out: Option<PathBuf>,
    /// With --out: replace the file if it exists (without it, it is refused)
    #[arg(long, requires = "out")]
    force: bool,
    /// Weights to start from, a JSON object of some fields as `eval=FILE` reads (the
    /// others keep their defaults; default: the AI's weights)
    #[arg(long, value_name = "FILE.json")]
    start: Option<PathBuf>,
    /// Keep this weight as it starts (e.g. attacker, to keep the unit of the score);
    /// repeat for more
    #[arg(long, value_name = "NAME")]
    hold: Vec<String>,
    /// Seeds the order weights are tried in and the --max-positions sample
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Passes over the weights at most
    #[arg(long, value_name = "N", default_value_t = 100,
          value_parser = clap::value_parser!(u32).range(1..))]
    iterations: u32,
    /// The first step a weight moves by
    #[arg(long, value_name = "N", default_value_t = 16,
          value_parser = clap::value_parser!(i32).range(1..=1000))]
    step: i32,
    /// Leave out the positions of each game's first P plies
    #[arg(long, value_name = "P", default_value_t = 0,
          value_parser = clap::value_parser!(u64).range(0..))]
    skip_plies: u64,
    /// Use this scale K throughout instead of fitting it to the starting weights and
    /// refitting it after each pass (to compare runs on one scale)
    #[arg(long, value_name = "K")]
    scale: Option<f64>,
    /// Use at most N positions, a random sample from --seed
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    max_positions: Option<u64>,
    /// One JSON object on stdout instead of tables
    #[arg(long)]
    json: bool,
}

pub fn run(args: TuneArgs) -> Result<(), CliError> {
    let started = Instant::now();
    let game_args = GameArgs {
        variant: args.variant.clone(),
        rules: args.rules.clone(),
        ..GameArgs::default()
    };
    let game = crate::show::game_of(&game_args, args.records.first().map(PathBuf::as_path))?;
    let start = match &args.start {
        Some(path) => read_weights(path).map_err(|e| CliError::option("--start", e))?,
        None => Weights::default(),
    };
    let held = held_weights(&args.hold)?;
    // The file is checked before the work, not found unwritable after it.
    if let Some(out) = &args.out {
        check_writable(out, args.force)?;
    }
    let positions = read_positions(&args, &game)?;
    let tune_options = TuneOptions {
        seed: args.seed,
        max_passes: args.iterations,
        first_step: args.step,
        held,
        scale: args.scale,
    };
    let progress = Progress::new(u64::from(args.iterations), "tuning");
    let outcome = tune_with_progress(&positions.samples, start, &tune_options, &mut |_, e| {
        progress.set_message(format!("tuning, error {e:.6}"));
        progress.inc(1);
    })
    .map_err(tune_error)?;
    progress.finish();
    if let Some(out) = &args.out {
        write_file(out, json_text(&outcome.weights)?.as_bytes(), args.force)?;
        if !args.json {
            eprintln!("taflcount: wrote {}", out.display());
        }
    }
    let report = TuneReport {
        header: taflcount::document::Header::new(SCHEMA_VERSION, "taflcount"),
        command: "tune".to_owned(),
        variant: game.name.clone(),
        rules: game.rules.to_string(),
        records: args
            .records
            .iter()
            .map(|p| p.display().to_string())
            .collect(),
        seed: args.seed,
        skip_plies: args.skip_plies,
        max_positions: args.max_positions,
        tally: positions.tally.clone(),
        positions_used: positions.samples.len() as u64,
        k_start: outcome.k_start,
        k: outcome.k,
        error_before: outcome.error_before,
        error_after: outcome.error_after,
        passes: outcome.passes,
        converged: outcome.converged,
        held: WEIGHT_NAMES
            .iter()
            .zip(held)
            .filter(|&(_, h)| h)
            .map(|(n, _)| (*n).to_string())
            .collect(),
        start,
        weights: outcome.weights,
        out: args.out.as_ref().map(|p| p.display().to_string()),
        timing: TuneTiming {
            seconds: started.elapsed().as_secs_f64(),
        },
    };
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

/// --hold: which of the weights, in `WEIGHT_NAMES` order, stay as they start.
fn held_weights(names: &[String]) -> Result<[bool; WEIGHT_COUNT], CliError> {
    let mut held = [false; WEIGHT_COUNT];
    for name in names {
        let i = WEIGHT_NAMES.iter().position(|n| n == name).ok_or_else(|| {
            let known = WEIGHT_NAMES.join(", ");
            CliError::value(
                "--hold",
                name,
                format!("no such weight; the weights are {known}"),
            )
        })?;
        held[i] = true;
    }
    Ok(held)
}

/// The positions of every --records archive (past --skip-plies), at most
/// --max-positions of them drawn from --seed.
fn read_positions(args: &TuneArgs, game: &Game) -> Result<Positions, CliError> {
    let options = PositionOptions {
        skip_plies: usize::try_from(args.skip_plies).unwrap_or(usize::MAX),
    };
    let mut positions = Positions::new(FeatureCounter::new(&game.tables));
    for path in &args.records {
        let text = read_text_file(path)?;
        let records = parse_games(&text).map_err(|e| CliError::file(path.display(), e))?;
        positions
            .add_records(&game.tables, &records, &options)
            .map_err(|e| CliError::file(path.display(), e))?;
    }
    if let Some(most) = args.max_positions {
        positions.keep_at_most(usize::try_from(most).unwrap_or(usize::MAX), args.seed);
    }
    Ok(positions)
}

/// A tuning error as the option that caused it.
fn tune_error(e: TuneError) -> CliError {
    match e {
        TuneError::Scale(_) => CliError::option("--scale", e),
        TuneError::Step(_) => CliError::option("--step", e),
        TuneError::StartWeights(_) => CliError::option("--start", e),
        TuneError::NoPositions => CliError::input(e),
    }
}
