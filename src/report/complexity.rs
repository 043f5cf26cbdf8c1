//! `taflcount complexity` as text: a heading, the bounds, the game trees and the
//! published figures beside the exact values they meant.

use std::fmt::Write;

use crate::complexity::ComplexityReport;
use crate::report::number::abbreviate;
use crate::report::table::{new_table, TableStyle};

/// The whole report for one variant.
pub fn render(report: &ComplexityReport, style: TableStyle) -> String {
    let mut out = String::new();
    let heading = format!(
        "{}: {}x{} ({} squares), {} attackers, {} defenders, 1 king; symmetries kept: {} ({})",
        report.variant,
        report.dim,
        report.dim,
        report.cells,
        report.pieces.attackers,
        report.pieces.defenders,
        report.symmetries.len(),
        report.symmetries.join(", "),
    );
    match style {
        TableStyle::Terminal => writeln!(out, "{heading}\n").unwrap(),
        TableStyle::Markdown => writeln!(out, "### {}\n\n{heading}\n", report.variant).unwrap(),
    }

    let mut bounds = new_table(style, &["bound", "exact value", "scientific", "log10", "meaning"], &[1, 2, 3]);
    for bound in &report.bounds {
        bounds.add_row(vec![
            bound.name.to_owned(),
            abbreviate(&bound.value),
            bound.scientific.clone(),
            format!("{:.3}", bound.log10),
            bound.meaning.clone(),
        ]);
    }
    writeln!(out, "{bounds}").unwrap();

    if !report.game_tree.is_empty() {
        let mut trees = new_table(style, &["game tree", "branching", "length", "b^L", "log10"], &[1, 2, 3, 4]);
        for tree in &report.game_tree {
            trees.add_row(vec![
                tree.source.clone(),
                trim_float(tree.branching),
                trim_float(tree.length),
                tree.scientific.clone(),
                format!("{:.3}", tree.log10),
            ]);
        }
        writeln!(out, "\n{trees}").unwrap();
    }

    if !report.published.is_empty() {
        let mut published = new_table(
            style,
            &["published", "source", "meant", "exact", "log10 off", "rounds to it", "note"],
            &[0, 3, 4],
        );
        for row in &report.published {
            published.add_row(vec![
                row.claim.clone(),
                row.source.clone(),
                row.bound.clone(),
                row.exact.clone(),
                format!("{:+.3}", row.log10_difference),
                if row.within_rounding { "yes" } else { "no" }.to_owned(),
                row.note.clone(),
            ]);
        }
        writeln!(out, "\n{published}").unwrap();
    }
    out
}

/// `88` rather than `88.0`, `23.5` as is.
fn trim_float(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}
