//! `taflcount tune` as tables (terminal or markdown): the fit, then each weight before
//! and after.

use super::table::{new_table, TableStyle};
use crate::search::WEIGHT_NAMES;
use crate::tune::TuneReport;

/// One line saying what was fitted on.
pub fn headline(report: &TuneReport) -> String {
    let t = &report.tally;
    format!(
        "{}: {} games from {} ({} unfinished left out); {} positions used, seed {}",
        report.variant.as_deref().unwrap_or("custom rules"),
        t.games,
        report.records.join(", "),
        t.games_unfinished,
        report.positions_used,
        report.seed
    )
}

/// The fit's figures, then the weights' table.
pub fn render_tables(report: &TuneReport, style: TableStyle) -> String {
    let mut fit = new_table(style, &["fit", "value"], &[1]);
    let t = &report.tally;
    for (what, value) in [
        ("positions labelled".to_string(), t.positions.to_string()),
        (
            "left out: first plies".to_string(),
            t.skipped_opening.to_string(),
        ),
        (
            "left out: won in one move".to_string(),
            t.skipped_decided.to_string(),
        ),
        (
            "positions used".to_string(),
            report.positions_used.to_string(),
        ),
        (
            "scale K before".to_string(),
            format!("{:.1}", report.k_start),
        ),
        ("scale K after".to_string(), format!("{:.1}", report.k)),
        (
            "mean squared error before".to_string(),
            format!("{:.6}", report.error_before),
        ),
        (
            "mean squared error after".to_string(),
            format!("{:.6}", report.error_after),
        ),
        (
            "passes".to_string(),
            format!(
                "{}{}",
                report.passes,
                if report.converged {
                    " (converged)"
                } else {
                    " (limit reached)"
                }
            ),
        ),
    ] {
        fit.add_row(vec![what, value]);
    }
    let mut weights = new_table(style, &["weight", "start", "tuned", "change"], &[1, 2, 3]);
    let (start, tuned) = (report.start.values(), report.weights.values());
    for (i, name) in WEIGHT_NAMES.iter().enumerate() {
        let held = report.held.iter().any(|h| h == name);
        weights.add_row(vec![
            if held {
                format!("{name} (held)")
            } else {
                (*name).to_string()
            },
            start[i].to_string(),
            tuned[i].to_string(),
            format!("{:+}", tuned[i] - start[i]),
        ]);
    }
    format!("{fit}\n\n{weights}\n")
}
