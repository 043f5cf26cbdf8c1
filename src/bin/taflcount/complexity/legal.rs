//! `taflcount complexity --legal`: sample the superset, decide each sample, print the
//! estimate beside the bounds (or the JSON document), save the samples if asked.

use std::fmt::Write;
use std::path::Path;
use std::time::Instant;

use taflcount::cli::progress::Progress;
use taflcount::cli::{print, write_file, CliError};
use taflcount::complexity::legal::{
    merge_samples, plan_samples, run_samples, write_samples, Estimate, LegalReport, Prepared,
    Timings,
};
use taflcount::report::table::{new_table, TableStyle};
use taflcount::rules::Rules;
use taflcount::units::UnitsError;

/// What `--legal` was asked for.
pub struct LegalOptions<'a> {
    pub samples: u64,
    pub seed: u64,
    pub threads: usize,
    pub nodes: u64,
    pub json: bool,
    pub save_samples: Option<&'a Path>,
    pub force: bool,
}

/// `--plan DIR`: the samples dealt into unit files.
pub fn plan(
    rules: &Rules,
    dir: &Path,
    samples: u64,
    seed: u64,
    nodes: u64,
    units: usize,
    force: bool,
) -> Result<(), CliError> {
    let (plan, docs) = plan_samples(rules, seed, nodes, samples, units)?;
    taflcount::units::write_plan(dir, &plan, &docs, force, &[]).map_err(|e| match e {
        UnitsError::Exists { .. } => CliError::Input(format!("{e}; --force replaces it")),
        e => e.into(),
    })?;
    print(&format!(
        "plan {}: {} samples of {} (seed {seed}, proof budget {nodes} nodes) in {units} unit(s) in {}\n",
        plan.plan_id,
        samples,
        plan.variant,
        dir.display()
    ))?;
    eprintln!(
        "taflcount: run each unit-NNN.json with `taflcount unit`, then `taflcount merge {}`",
        dir.display()
    );
    Ok(())
}

/// `taflcount merge DIR`: the report of the merged units, as one run prints it.
pub fn merge(dir: &Path, json: bool) -> Result<taflcount::cli::Status, CliError> {
    taflcount::cli::output::finish_when_closed();
    let merged = match merge_samples(dir) {
        Ok(m) => m,
        Err(e @ UnitsError::Missing { .. }) => {
            eprintln!("taflcount: {}: {e}", dir.display());
            return Ok(taflcount::cli::Status::CheckFailed);
        }
        Err(e) => return Err(e.into()),
    };
    eprintln!(
        "taflcount: plan {}: {} unit(s) merged",
        merged.plan.plan_id, merged.plan.units
    );
    if json {
        let json = serde_json::to_string_pretty(&merged.report)
            .map_err(|e| CliError::Input(format!("cannot encode JSON: {e}")))?;
        print(&(json + "\n"))?;
    } else {
        print(&render(&merged.report))?;
    }
    Ok(taflcount::cli::Status::Success)
}

pub fn run(rules: &Rules, options: LegalOptions<'_>) -> Result<(), CliError> {
    let prepared = Prepared::new(rules).map_err(|e| CliError::Input(e.to_string()))?;
    if let Some(dir) = options.save_samples {
        taflcount::cli::check_writable(&samples_path(dir, prepared.spec.name()), options.force)?;
    }
    let progress = Progress::new(options.samples, "deciding samples");
    let started = Instant::now();
    let results = run_samples(
        &prepared,
        options.seed,
        options.samples,
        options.nodes,
        options.threads,
        &|| progress.inc(1),
    );
    progress.finish();
    let timings = Timings {
        seconds: (started.elapsed().as_secs_f64() * 1000.0).round() / 1000.0,
        threads: options.threads,
    };
    let report = LegalReport::new(&prepared, &results, options.seed, options.nodes, timings);
    if let Some(dir) = options.save_samples {
        let path = samples_path(dir, prepared.spec.name());
        let header = vec![
            format!(
                "taflcount complexity --legal --variant {} --samples {} --seed {} --nodes {}",
                report.variant, options.samples, options.seed, options.nodes
            ),
            "every legal line's proof game replays from the start to its placement and side to move".to_owned(),
        ];
        let text = write_samples(&header, prepared.spec.dim(), &results);
        write_file(&path, text.as_bytes(), options.force)?;
        eprintln!("taflcount: wrote {}", path.display());
    }
    if options.json {
        let json = serde_json::to_string_pretty(&report)
            .map_err(|e| CliError::Input(format!("cannot encode JSON: {e}")))?;
        print(&(json + "\n"))
    } else {
        print(&render(&report))
    }
}

fn samples_path(dir: &Path, variant: &str) -> std::path::PathBuf {
    dir.join(format!("{variant}.samples"))
}

fn share(estimate: &Estimate) -> [String; 3] {
    let pct = |s: &taflcount::complexity::legal::Share| {
        format!(
            "{:.2}% [{:.2}, {:.2}]",
            100.0 * s.fraction,
            100.0 * s.low,
            100.0 * s.high
        )
    };
    [
        pct(&estimate.legal),
        pct(&estimate.illegal),
        pct(&estimate.undecided),
    ]
}

/// The report as text: the heading, the estimate beside the bounds, the classes.
fn render(report: &LegalReport) -> String {
    let mut out = String::new();
    let e = &report.estimate;
    writeln!(
        out,
        "{}: legal positions from {} uniform samples of the superset (seed {}, proof budget {} nodes, {:.1} s on {} thread{})\n",
        report.variant,
        e.tally.samples,
        report.seed,
        report.nodes,
        report.timings.seconds,
        report.timings.threads,
        if report.timings.threads == 1 { "" } else { "s" }
    )
    .unwrap();
    let [legal, illegal, undecided] = share(e);
    writeln!(
        out,
        "proven legal {legal}, proven illegal {illegal}, undecided {undecided} (95% Wilson intervals)\n"
    )
    .unwrap();
    let mut table = new_table(
        TableStyle::Terminal,
        &["figure", "scientific", "log10", "what it is"],
        &[1, 2],
    );
    let row = |table: &mut comfy_table::Table,
               name: &str,
               c: &taflcount::complexity::legal::BigCount,
               what: &str| {
        table.add_row(vec![
            name.to_owned(),
            c.scientific.clone(),
            c.log10.map_or("-".to_owned(), |l| format!("{l:.3}")),
            what.to_owned(),
        ]);
    };
    row(
        &mut table,
        "superset",
        &report.superset,
        if report
            .bounds
            .iter()
            .any(|b| b.name == "material" && b.value.value == report.superset.value)
        {
            "exact: every element sampled from (= bound material)"
        } else {
            "exact: every element sampled from (> bound material: it tells a side's types apart)"
        },
    );
    row(
        &mut table,
        "upper bound, 95% end",
        &e.upper_bound_high,
        "the estimate's upper end: not proven illegal, interval top",
    );
    row(
        &mut table,
        "upper bound",
        &e.upper_bound,
        "superset x share not proven illegal",
    );
    row(
        &mut table,
        "estimate",
        &e.point,
        "superset x (legal + undecided/2) share; exact estimate when nothing is undecided",
    );
    row(
        &mut table,
        "lower bound",
        &e.lower_bound,
        "superset x share proven legal",
    );
    row(
        &mut table,
        "lower bound, 95% end",
        &e.lower_bound_low,
        "the estimate's lower end: proven legal, interval bottom",
    );
    for bound in &report.bounds {
        row(
            &mut table,
            &format!("bound {}", bound.name),
            &bound.value,
            &bound.meaning,
        );
    }
    for p in &report.published {
        table.add_row(vec![
            format!("published ({})", p.bound),
            p.claim.clone(),
            String::new(),
            p.source.clone(),
        ]);
    }
    writeln!(out, "{table}\n").unwrap();
    let mut reasons = new_table(
        TableStyle::Terminal,
        &["illegal by", "samples", "condition"],
        &[1],
    );
    for r in &report.illegal_by_reason {
        reasons.add_row(vec![
            r.reason.clone(),
            r.samples.to_string(),
            r.meaning.clone(),
        ]);
    }
    if report.rejected_proof_games > 0 {
        reasons.add_row(vec![
            "(rejected proof games)".to_owned(),
            report.rejected_proof_games.to_string(),
            "found by the search but failed the replay; counted undecided".to_owned(),
        ]);
    }
    if report.search_panics > 0 {
        reasons.add_row(vec![
            "(search panics)".to_owned(),
            report.search_panics.to_string(),
            "the proof search panicked; counted undecided".to_owned(),
        ]);
    }
    writeln!(out, "{reasons}\n").unwrap();
    let mut groups = new_table(
        TableStyle::Terminal,
        &[
            "pieces off",
            "superset",
            "samples",
            "legal",
            "illegal",
            "undecided",
            "estimate [95%]",
        ],
        &[0, 1, 2],
    );
    for g in &report.by_pieces_off {
        let [legal, illegal, undecided] = share(&g.estimate);
        groups.add_row(vec![
            g.pieces_off.to_string(),
            g.superset.scientific.clone(),
            g.estimate.tally.samples.to_string(),
            legal,
            illegal,
            undecided,
            format!(
                "{} [{}, {}]",
                g.estimate.point.scientific,
                g.estimate.lower_bound_low.scientific,
                g.estimate.upper_bound_high.scientific
            ),
        ]);
    }
    writeln!(out, "{groups}").unwrap();
    out
}
