//! `taflregress --tier hard` (the hard tier's solve rate at one budget) and
//! `taflregress curve` (solved against the budget).

use crate::{tier_fixtures, CurveArgs, Tier};
use std::time::Instant;
use taflcount::cli::{check_writable, print_json, write_file, CliError, Progress, Status};
use taflcount::document::NodeTiming;
use taflcount::engine::{EngineSpec, MoveLimit};
use taflcount::outln;
use taflcount::regress::engines::run_engine;
use taflcount::regress::tier::{run_tier, CURVE_BUDGETS};
use taflcount::regress::{CurveDocument, CurvePoint, TierDocument};
use taflcount::regress::{Loaded, SCHEMA_VERSION};
use taflcount::report::regress::{curve_svg, curve_table, tier_summary, tier_table};
use taflcount::report::table::TableStyle;

/// The hard tier at `budget` nodes. Always exit 0: the hard tier is a score, not a check.
pub fn run_hard(
    suite: String,
    chosen: &[Loaded],
    budget: u64,
    threads: usize,
    json: bool,
) -> Result<Status, CliError> {
    let progress = Progress::new(chosen.len() as u64, "hard tier");
    let started = Instant::now();
    let rows = run_tier(chosen, budget, threads, &|| progress.inc(1));
    progress.finish();
    let doc = TierDocument::new(suite, budget, rows, started.elapsed().as_secs_f64());
    if json {
        print_json(&doc)?;
    } else {
        outln!("{}", tier_table(&doc, TableStyle::Terminal))?;
        outln!("{}", tier_summary(&doc))?;
        eprintln!("{:.2} s", doc.timing.seconds);
    }
    Ok(Status::Success)
}

/// `taflregress curve`.
pub fn curve(c: &CurveArgs) -> Result<Status, CliError> {
    let (suite, chosen) = tier_fixtures(Tier::Hard, c.suite.as_ref(), c.filter.as_ref())?;
    let budgets: Vec<u64> = CURVE_BUDGETS
        .iter()
        .copied()
        .filter(|&b| b <= c.max)
        .collect();
    // The SVG file is checked before the work, so a path that cannot be written (or a
    // file that would be replaced unasked) is reported at once.
    if let Some(path) = &c.svg {
        check_writable(path, c.force)?;
    }
    let engine = match &c.engine {
        Some(text) => {
            let spec = EngineSpec::load(text).map_err(|e| CliError::option("--engine", e))?;
            if spec.is_external() {
                return Err(CliError::value(
                    "--engine",
                    text,
                    "an outside engine counts no nodes of taflcount's, so it has no curve \
                     against the node budget; score it at its own limit with taflregress \
                     --engine SPEC --tier hard",
                ));
            }
            Some(spec)
        }
        None => None,
    };
    let progress = Progress::new((budgets.len() * chosen.len()) as u64, "curve");
    let started = Instant::now();
    let mut points = Vec::new();
    for &budget in &budgets {
        progress.set_message(format!("curve at {budget} nodes"));
        let point = match &engine {
            Some(spec) => {
                let limit = Some(MoveLimit::Nodes(budget));
                let rows = run_engine(&chosen, spec, limit, c.threads as usize, &|_| {
                    progress.inc(1)
                });
                CurvePoint::of(budget, &rows, 0)
            }
            None => {
                let rows = run_tier(&chosen, budget, c.threads as usize, &|| progress.inc(1));
                CurvePoint::new(budget, &rows)
            }
        };
        points.push(point);
    }
    progress.finish();
    let nodes = points.iter().map(|p| p.nodes).sum();
    let doc = CurveDocument {
        header: taflcount::document::Header::new(SCHEMA_VERSION, "taflregress"),
        tier: "hard".to_owned(),
        suite,
        engine: engine.as_ref().map(|s| s.text.clone()),
        positions: chosen.len(),
        points,
        timing: NodeTiming::new(nodes, started.elapsed().as_secs_f64()),
    };
    if let Some(path) = &c.svg {
        write_file(path, curve_svg(&doc).as_bytes(), c.force)?;
    }
    if c.json {
        print_json(&doc)?;
    } else {
        outln!("{}", curve_table(&doc, TableStyle::Terminal))?;
        outln!(
            "hard tier: {} positions, solved (share) per variant at each node budget{}",
            doc.positions,
            doc.engine
                .as_ref()
                .map_or(String::new(), |e| format!(", engine {e}"))
        )?;
        eprintln!("{:.2} s", doc.timing.seconds);
    }
    Ok(Status::Success)
}
