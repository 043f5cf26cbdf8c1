//! `taflperft plan`: split a deep perft into unit files (src/perft/units/).

use std::path::PathBuf;
use taflcount::board::{Layout, RecordOrder};
use taflcount::cli::{plan_error, print_json, CliError, GameArgs, Progress, Status};
use taflcount::notation::play_line_moves;
use taflcount::outln;
use taflcount::perft::units::{self, Root};
use taflcount::perft::{estimate, PlanReport, Seconds, SCHEMA_VERSION};

/// Random walks that foretell the paths to the split ply (a few milliseconds).
const ESTIMATE_SAMPLES: u64 = 2000;

/// Enumerate the unique positions SPLIT plies below the root and deal them into unit
/// files, each run later by `taflperft unit`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  taflperft plan --variant copenhagen --depth 7 --split 3 --units 64 --out runs/cph7/\n  taflperft plan --variant tablut --depth 7 --split 3 --units 16 --fold-symmetries --out runs/tab7/\n\nExit codes: 0 success, 2 usage or input error (an existing plan without --force)."
)]
pub struct PlanArgs {
    /// The depth of the perft to plan.
    #[arg(long, short, value_name = "D",
          value_parser = clap::value_parser!(u32).range(1..=taflcount::perft::MAX_DEPTH as i64))]
    pub depth: u32,
    /// The ply at which the tree is cut into unique positions (1..D-1).
    #[arg(long, value_name = "S")]
    pub split: u32,
    /// How many unit files to deal the positions into.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub units: usize,
    /// The plan folder (created; refused if it already holds a plan, unless --force).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Replace the plan already in --out (its unit and result files are removed).
    #[arg(long)]
    pub force: bool,
    /// Merge each position with its mirror images and rotations under the symmetries the
    /// rules keep (their special squares map onto themselves): perft is the same for all
    /// of them, so a symmetric variant has up to 8 times fewer positions to count. The
    /// divide and every total are unchanged.
    #[arg(long)]
    pub fold_symmetries: bool,
    #[command(flatten)]
    pub game: GameArgs,
    /// Print one JSON object instead of a summary.
    #[arg(long)]
    pub json: bool,
}

/// The plan's root from the command line: rules, the position before --moves, its side,
/// and the moves rewritten as plain `from-to`.
pub fn root_of(game_args: &GameArgs) -> Result<Root, CliError> {
    let game = game_args.game()?; // validates everything, captures claimed in --moves too
    let before = GameArgs {
        moves: None,
        ..game_args.clone()
    }
    .game()?;
    let (t, start) = (&before.game.tables, &before.position);
    let moves = match &game_args.moves {
        Some(text) => {
            let (_, moves) = play_line_moves(t, start.clone(), text).map_err(CliError::moves)?;
            moves
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        }
        None => String::new(),
    };
    let record = start.layout(t).record(RecordOrder::RankOneFirst);
    debug_assert!(Layout::parse(&record, RecordOrder::RankOneFirst).is_ok());
    Ok(Root {
        rules: game.game.rules.to_string(),
        position: record,
        side: start.side_to_move().name().to_string(),
        moves,
    })
}

pub fn run(args: &PlanArgs) -> Result<Status, CliError> {
    let root = root_of(&args.game)?;
    let clock = std::time::Instant::now();
    // A deep split is long work and much memory: foretell it, then show how far it got.
    let (t, start) = root.setup(0)?;
    let foretold = estimate(&t, &start, args.split, ESTIMATE_SAMPLES, 1)
        .last()
        .map_or(0.0, |e| 10f64.powf(e.log10()));
    if foretold > 1e6 {
        eprintln!(
            "taflperft: ply {} holds about {foretold:.2e} paths (from {ESTIMATE_SAMPLES} random \
             walks); a plan keeps at most {} unique positions",
            args.split,
            units::MAX_PLAN_POSITIONS
        );
    }
    let progress = Progress::new(
        foretold.min(u64::MAX as f64) as u64,
        &format!("paths to ply {} (foretold)", args.split),
    );
    let mut shown = 0;
    let plan = units::plan_watched(
        &root,
        args.depth,
        args.split,
        args.units,
        args.fold_symmetries,
        units::MAX_PLAN_POSITIONS,
        &mut |paths| {
            progress.inc(paths - shown);
            shown = paths;
        },
    );
    progress.finish();
    let plan = plan?;
    // A folder that cannot be written is a failed write (exit 1, the error's kind).
    units::write_plan(&args.out, &plan, args.force).map_err(plan_error)?;
    let seconds = clock.elapsed().as_secs_f64();
    let paths = plan.doc.shallow.last().map_or("0", |c| c.nodes.as_str());
    if args.json {
        print_json(&PlanReport {
            header: taflcount::document::Header::with_mode(SCHEMA_VERSION, "taflperft", "plan"),
            plan_id: plan.doc.plan_id.clone(),
            out: args.out.display().to_string(),
            depth: args.depth,
            split: args.split,
            units: args.units,
            unique_positions: plan.doc.unique_positions,
            paths: paths.parse().unwrap_or(0),
            folded: plan.doc.folded.clone(),
            timing: Seconds { seconds },
        })?;
    } else {
        outln!(
            "plan {}: perft({}) of {} split at ply {}: {} paths to {} unique positions{}, {} unit(s) in {}",
            plan.doc.plan_id,
            args.depth,
            if root.moves.is_empty() { "the root".to_string() } else { format!("the root after {}", root.moves) },
            args.split,
            paths,
            plan.doc.unique_positions,
            match plan.doc.folded.len() {
                0 => String::new(),
                1 => " (the rules keep no symmetry to fold)".to_string(),
                n => format!(" up to the {n} symmetries the rules keep"),
            },
            args.units,
            args.out.display()
        )?;
        eprintln!("planned in {seconds:.2} s; run each unit-NNN.json with `taflperft unit`, then `taflperft merge {}`", args.out.display());
    }
    Ok(Status::Success)
}
