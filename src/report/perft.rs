//! taflperft's documents as tables and text.

use crate::number::grouped;
use crate::perft::{EstimateDocument, PerftDocument, SuiteDocument, SuiteRow};
use crate::report::table::{new_table, TableStyle};

/// Depth, nodes, seconds and nodes per second, one row per depth.
pub fn perft_table(doc: &PerftDocument, style: TableStyle) -> String {
    let mut table = new_table(
        style,
        &["depth", "nodes", "seconds", "nodes/s"],
        &[0, 1, 2, 3],
    );
    for (count, time) in doc.results.iter().zip(&doc.timing.by_depth) {
        table.add_row(vec![
            count.depth.to_string(),
            grouped(count.nodes),
            format!("{:.3}", time.seconds),
            grouped(time.nodes_per_second as u64),
        ]);
    }
    table.to_string()
}

/// `move: count` lines, a blank line and the total: the divide format chess engines
/// print, so two engines' outputs can be compared with `diff`.
pub fn divide_text(doc: &PerftDocument) -> String {
    let mut out = String::new();
    for row in doc.divide.iter().flatten() {
        out.push_str(&format!("{}: {}\n", row.mv, row.nodes));
    }
    let total = doc.results.last().map_or(0, |r| r.nodes);
    out.push_str(&format!("\n{total}\n"));
    out
}

/// Depth, estimate, standard error, relative error and log10.
pub fn estimate_table(doc: &EstimateDocument, style: TableStyle) -> String {
    let header = ["depth", "estimate", "± se", "rel. se", "log10"];
    let mut table = new_table(style, &header, &[0, 1, 2, 3, 4]);
    // From logarithms, so depths past f64's range print like the others.
    let scientific = |log10: f64, significant: usize| {
        let (m, e) = crate::number::mantissa_exponent(log10, significant);
        format!("{m:.*}e{e}", significant - 1)
    };
    for e in &doc.by_depth {
        let (estimate, se, relative) = match (e.log10, e.relative_stderr) {
            (Some(l), Some(r)) if r > 0.0 => (
                scientific(l, 5),
                scientific(l + r.log10(), 3),
                format!("{:.2}%", 100.0 * r),
            ),
            (Some(l), _) => (scientific(l, 5), "0.00e0".into(), "0.00%".into()),
            (None, _) => ("0".into(), "-".into(), "-".into()),
        };
        table.add_row(vec![
            e.depth.to_string(),
            estimate,
            se,
            relative,
            e.log10.map_or("-".into(), |l| format!("{l:.3}")),
        ]);
    }
    table.to_string()
}

/// One suite line: `ok   brandub-start   perft 3 = 39512`, `FAIL ... (expected N)`, or
/// `skip ... perft 9 (expected N): why`.
pub fn suite_line(row: &SuiteRow) -> String {
    if row.status == "skipped" {
        return format!(
            "skip {:<32} perft {} (expected {}): {}",
            row.id,
            row.depth,
            row.expected,
            row.reason.as_deref().unwrap_or("skipped")
        );
    }
    let nodes = row.nodes.map_or("-".into(), |n| n.to_string());
    let tail = if row.status == "fail" {
        format!(" (expected {})", row.expected)
    } else {
        String::new()
    };
    let status = if row.status == "ok" { "ok" } else { "FAIL" };
    format!(
        "{status:<4} {:<32} perft {} = {nodes}{tail}",
        row.id, row.depth
    )
}

/// The closing line of a suite run: `N passed, N failed`, and `, N skipped` if any were.
pub fn suite_summary(doc: &SuiteDocument) -> String {
    let skipped = if doc.skipped > 0 {
        format!(", {} skipped", doc.skipped)
    } else {
        String::new()
    };
    format!(
        "{} passed, {} failed{skipped}",
        doc.checked - doc.failed,
        doc.failed
    )
}
