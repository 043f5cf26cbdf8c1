//! `taflmatch plan`, `unit` and `merge`: a match spread over many machines
//! (`taflcount::matches::units`; docs/taflmatch.md, "On a cluster").

use std::path::PathBuf;
use std::time::Duration;

use taflcount::cli::{plan_error, print, print_json, CliError, Progress, Status};
use taflcount::document::Timing;
use taflcount::matches::units::{
    merge_match, plan_match, read_match_unit, run_match_unit, MatchPlanInput, MatchUnitRun,
    MergedMatch, EXTRA_FILES, LLR_SVG,
};
use taflcount::matches::{
    openings_from_list, MatchDocument, MatchSettings, RunContext, TaflmatchDocument,
};
use taflcount::outln;
use taflcount::report::matches::match_text;

use crate::{setup, Args};

#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Split a match into unit files of game pairs, for Slurm or GNU parallel
    Plan(Box<PlanArgs>),
    /// Play one unit file and write its result beside it
    Unit(UnitArgs),
    /// Merge the finished units in order: Elo, side balance and the SPRT verdict
    Merge(MergeArgs),
}

/// Write a plan folder: plan.json and unit-NNN.json, each unit a range of game pairs
/// by opening index, with everything its games depend on (engines and their files'
/// digests, openings, seed, ply cap, SPRT). The games are those of the same match run
/// in one process.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  taflmatch plan --out runs/sprt --units 20 --variant brandub --engine search:depth=2 \\\n      --engine search:depth=1 --games 400 --sprt elo0=0,elo1=50 --seed 1\n\nExit codes: 0 planned, 2 usage or input error (an option, an engine, a folder holding a plan)."
)]
pub struct PlanArgs {
    /// The plan folder (created if needed).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Units to deal the pairs into (contiguous ranges; default 10).
    #[arg(long, value_name = "N", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub units: u64,
    #[command(flatten)]
    pub args: Args,
}

/// Play the pairs of one unit file and write unit-NNN.result.json beside it
/// (atomically). A unit already done is skipped; a plan whose SPRT has decided
/// (decision.json beside the unit) is not played, and a unit playing when the decision
/// appears stops without a result.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  taflmatch unit runs/sprt/unit-007.json\n\nExit codes: 0 played, already done or not needed (decided), 2 usage or input error (a corrupt or foreign file, an engine file that differs from the plan's)."
)]
pub struct UnitArgs {
    /// The unit file (unit-NNN.json in a plan folder).
    #[arg(value_name = "UNIT")]
    pub file: PathBuf,
    /// Games played at once, one thread each (default 1: a cluster task is a core).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=taflcount::threads::MAX_THREADS as i64))]
    pub concurrency: u16,
    /// Seconds between looks for a decision while playing.
    #[arg(long, value_name = "S", default_value_t = 5,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub poll: u64,
    /// Print the result document (JSON) instead of a line.
    #[arg(long)]
    pub json: bool,
}

/// Merge the units of a plan folder in index order, up to the first without a result
/// or to the SPRT's decision, and print the report one run prints. With an SPRT, the
/// LLR's path is drawn in DIR/sprt-llr.svg, and a decision is written to
/// DIR/decision.json (units not yet started then exit at once).
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  taflmatch merge runs/sprt --watch\n\nExit codes: 0 merged (every unit, or the SPRT decided), 1 the run is not finished (the units merged are reported), 2 usage or input error (a corrupt, foreign or edited file)."
)]
pub struct MergeArgs {
    /// The plan folder.
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// Merge again as results arrive, printing the LLR, until every unit is merged or
    /// the SPRT decides.
    #[arg(long)]
    pub watch: bool,
    /// With --watch: seconds between merges.
    #[arg(long, value_name = "S", default_value_t = 10, requires = "watch",
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub interval: u64,
    /// Print one JSON document instead of tables.
    #[arg(long)]
    pub json: bool,
}

pub fn run(command: Command) -> Result<Status, CliError> {
    match command {
        Command::Plan(a) => plan(&a),
        Command::Unit(a) => unit(&a),
        Command::Merge(a) => merge(&a),
    }
}

fn plan(a: &PlanArgs) -> Result<Status, CliError> {
    if a.args.records.is_some() {
        return Err(CliError::input("taflmatch plan: --records belongs to the units' run; the merged games are in the results"));
    }
    let s = setup(&a.args)?;
    if !s.is_match() {
        return Err(CliError::input(
            "taflmatch plan: a planned run is a match of exactly two engines",
        ));
    }
    let input = MatchPlanInput {
        variant: s.variant.clone().unwrap_or_else(|| "custom".into()),
        rules: s.rules.to_string(),
        engines: [
            (a.args.engines[0].as_str(), &s.specs[0]),
            (a.args.engines[1].as_str(), &s.specs[1]),
        ],
        time_control: a.args.tc.clone(),
        supply: &s.supply,
        settings: MatchSettings {
            games: a.args.games,
            max_plies: a.args.max_plies,
            seed: a.args.seed,
            threads: 1,
            sprt: s.sprt,
        },
    };
    let (plan, docs) = plan_match(&input, a.units as usize)?;
    taflcount::units::write_plan(&a.out, &plan, &docs, a.args.force, &EXTRA_FILES)
        .map_err(plan_error)?;
    outln!(
        "plan {}: {} games ({} pairs) of {} against {} in {} unit(s) in {}",
        plan.plan_id,
        plan.run.games,
        plan.run.pairs(),
        plan.run.engines[0].spec,
        plan.run.engines[1].spec,
        plan.units,
        a.out.display()
    )?;
    eprintln!(
        "taflmatch: run each unit-NNN.json with `taflmatch unit`, then `taflmatch merge {}`",
        a.out.display()
    );
    Ok(Status::Success)
}

fn unit(a: &UnitArgs) -> Result<Status, CliError> {
    let name = taflcount::units::start_unit(&a.file)?;
    let doc = read_match_unit(&a.file)?;
    let games = 2 * (doc.end_pair - doc.first_pair);
    let progress = Progress::new(games as u64, &name);
    let mut shown = 0;
    let outcome = run_match_unit(
        &a.file,
        usize::from(a.concurrency),
        Duration::from_secs(a.poll),
        &mut |done| {
            progress.inc((done - shown) as u64);
            shown = done;
        },
        &mut |failure| eprintln!("taflcount: {failure}"),
    )?;
    progress.finish();
    let (status, result) = match &outcome {
        MatchUnitRun::Skipped(r) => ("skipped", r),
        MatchUnitRun::Done(r) => ("done", r),
        MatchUnitRun::Decided(d) => {
            outln!(
                "{name}: not played: the plan's SPRT decided ({}, LLR {:.2}) after {} pairs \
                 in units 0..{}",
                match d.state {
                    taflcount::stats::SprtState::AcceptH0 => "H0 accepted",
                    taflcount::stats::SprtState::AcceptH1 => "H1 accepted",
                    taflcount::stats::SprtState::Continue => "no decision",
                },
                d.llr,
                d.pairs,
                d.units_used
            )?;
            return Ok(Status::Success);
        }
    };
    if a.json {
        print_json(result)?;
    } else {
        let t = &result.results[0].total;
        let (w, d, l) = (t.wins, t.draws, t.losses);
        outln!(
            "{name}: {status}: pairs {}..{}: first engine {w}-{d}-{l}, pentanomial {:?}, {} crash(es), {} time loss(es) ({:.1} s)",
            doc.first_pair,
            doc.end_pair,
            result.pentanomial.buckets(),
            result.engine_failures.crashes,
            result.engine_failures.time_losses,
            result.timing.seconds
        )?;
    }
    Ok(Status::Success)
}

/// One line of a merge's state, for --watch.
fn watch_line(m: &MergedMatch) -> String {
    let mut line = format!(
        "units merged {}/{}, {} pairs",
        m.units_used,
        m.plan.units,
        m.result.pentanomial.pairs()
    );
    if let Some(s) = &m.result.sprt {
        line += &format!(
            ", LLR {:.2} [{:.2}, {:.2}]",
            s.llr, s.lower_bound, s.upper_bound
        );
    }
    line
}

fn merge(a: &MergeArgs) -> Result<Status, CliError> {
    taflcount::cli::output::finish_when_closed();
    let m = loop {
        let m = merge_match(&a.dir)?;
        if let Some(s) = &m.result.sprt {
            let svg = taflcount::report::plot::llr_trajectory_svg(
                &format!(
                    "SPRT of {} against {}",
                    m.result.engines[0], m.result.engines[1]
                ),
                &m.llr,
                s.lower_bound,
                s.upper_bound,
            );
            taflcount::units::write_atomic(&a.dir.join(LLR_SVG), svg.as_bytes())?;
        }
        if !a.watch || m.complete {
            break m;
        }
        eprintln!("taflmatch: {}", watch_line(&m));
        std::thread::sleep(Duration::from_secs(a.interval));
    };
    let tables = taflcount::game::Game::from_otn(&m.plan.run.rules)?.tables;
    let run = &m.plan.run;
    let supply = openings_from_list(
        &tables,
        &run.openings,
        run.openings_source.clone(),
        run.openings_duplicates,
    )?;
    let header = RunContext {
        variant: run.variant.clone(),
        rules: run.rules.clone(),
        supply: &supply,
        needed: run.pairs(),
        settings: MatchSettings {
            games: run.games,
            max_plies: run.max_plies,
            seed: run.seed,
            threads: 1,
            sprt: run.sprt,
        },
    };
    eprintln!("taflmatch: plan {}: {}", m.plan.plan_id, watch_line(&m));
    let timing = Timing {
        seconds: m.unit_seconds,
        threads: 1,
    };
    let doc = MatchDocument::new(&header, &m.result, timing);
    if a.json {
        print_json(&TaflmatchDocument::Match(doc))?;
    } else {
        print(&match_text(&doc))?;
    }
    if m.complete {
        if m.decision.is_some() {
            eprintln!(
                "taflmatch: the SPRT decided: {} written; units not started need not run",
                a.dir.join("decision.json").display()
            );
        }
        Ok(Status::Success)
    } else {
        eprintln!(
            "taflmatch: the run is not finished: units 0..{} merged, {} has no result yet",
            m.units_used,
            taflcount::units::unit_file_name(m.units_used, m.plan.units)
        );
        Ok(Status::CheckFailed)
    }
}
