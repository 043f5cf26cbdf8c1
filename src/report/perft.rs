//! taflperft's documents as tables and text.

use crate::number::grouped;
use crate::perft::{
    AgainstDetails, AgainstReport, EstimateDocument, Forecast, PerftDocument, SuiteDocument,
    SuiteRow,
};
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
            format!("{:.3}", time.timing.seconds),
            grouped(time.timing.nodes_per_second as u64),
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

/// The warning before a long count: `perft(8) may take about 41 days more (×116.0 per
/// ply at 96,000,000 nodes/s); Ctrl-C stops it`.
pub fn forecast_line(depth: u32, f: &Forecast) -> String {
    let s = f.seconds;
    let about = if s < 120.0 {
        format!("{s:.0} s")
    } else if s < 7_200.0 {
        format!("{:.0} min", s / 60.0)
    } else if s < 172_800.0 {
        format!("{:.0} h", s / 3_600.0)
    } else if s < 3.0e9 {
        format!("{} days", grouped((s / 86_400.0).round() as u128))
    } else {
        format!("{:.1e} years", s / 31_557_600.0)
    };
    format!(
        "perft({depth}) may take about {about} more (×{:.1} per ply at {} nodes/s); \
         Ctrl-C stops it",
        f.growth,
        grouped(f.nodes_per_second.round() as u128)
    )
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

/// `taflperft --against` in words: agreement, or the descent, the position found, what
/// differs there, `board` (a drawing of it, or empty) and the command that reproduces it.
pub fn against_text(report: &AgainstReport, board: &str) -> String {
    let (command, depth) = (&report.command, report.depth);
    let Some(f) = &report.finding else {
        let total = report.nodes.unwrap_or(0);
        return format!(
            "agree: perft({depth}) = {total} for taflperft and `{command}` (same divide)\n"
        );
    };
    let mut out = format!(
        "disagree: perft({depth}) differs; {} step(s) down:\n",
        f.descent.len()
    );
    for step in &f.descent {
        out += &format!(
            "  {}: taflperft {}, other engine {}\n",
            step.mv, step.ours, step.theirs
        );
    }
    out += &format!("position:  {}\n", f.position);
    out += &format!(
        "to move:   {}{}\n",
        f.side_to_move,
        f.berserker
            .as_deref()
            .map(|s| format!(" (berserk continuation of the piece on {s})"))
            .unwrap_or_default()
    );
    let moves = if f.moves.is_empty() {
        "(none)"
    } else {
        &f.moves
    };
    out += &format!("moves:     {moves}\n");
    match &f.details {
        AgainstDetails::Moves { too_many, too_few } => {
            let list = |v: &[String]| {
                if v.is_empty() {
                    "none".to_string()
                } else {
                    v.join(" ")
                }
            };
            out += &format!(
                "too many:  {} (the other engine plays them; they are not legal)\n",
                list(too_many)
            );
            out += &format!(
                "too few:   {} (legal, but the other engine misses them)\n",
                list(too_few)
            );
        }
        AgainstDetails::LeafCount { mv, theirs } => {
            out += &format!("same moves, but the other engine counts {theirs} leaves below {mv} at depth 1 (should be 1)\n");
        }
        AgainstDetails::Total {
            sum_of_divide,
            total,
        } => {
            out += &format!("same moves and counts, but the other engine's total {total} is not the sum of its divide {sum_of_divide}\n");
        }
        AgainstDetails::Inconsistent {
            count_one_level_up,
            divide_sum_here,
        } => {
            out += &format!("same moves and counts here, but one level up the other engine counted {count_one_level_up} for this move and its divide here adds up to {divide_sum_here}\n");
        }
    }
    out += board;
    out += &format!(
        "reproduce: {command} {} '{}' '{}' {} '{}'\n",
        f.depth, f.rules, f.root_position, f.root_side, f.moves
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::{AgainstFinding, DescentStep};

    #[test]
    fn a_finding_reads_as_its_descent_position_and_counts() {
        let finding = AgainstFinding {
            kind: "inconsistent".into(),
            rules: "dim:7".into(),
            root_position: "/7/7/7/3K3/7/7/7/".into(),
            root_side: "attackers".into(),
            moves: "d1-d3".into(),
            position: "/7/7/7/3K3/7/7/7/".into(),
            side_to_move: "defenders".into(),
            berserker: Some("d3".into()),
            depth: 2,
            details: AgainstDetails::Inconsistent {
                count_one_level_up: 960,
                divide_sum_here: 959,
            },
            descent: vec![DescentStep {
                mv: "d1-d3".into(),
                ours: 959,
                theirs: 960,
            }],
        };
        let mut report = AgainstReport::agree("engine", 3, 39_512, 1);
        assert_eq!(
            against_text(&report, ""),
            "agree: perft(3) = 39512 for taflperft and `engine` (same divide)\n"
        );
        report.agree = false;
        report.nodes = None;
        report.finding = Some(finding);
        assert_eq!(
            against_text(&report, "[board]\n"),
            "disagree: perft(3) differs; 1 step(s) down:\n\
             \x20 d1-d3: taflperft 959, other engine 960\n\
             position:  /7/7/7/3K3/7/7/7/\n\
             to move:   defenders (berserk continuation of the piece on d3)\n\
             moves:     d1-d3\n\
             same moves and counts here, but one level up the other engine counted 960 for this move and its divide here adds up to 959\n\
             [board]\n\
             reproduce: engine 2 'dim:7' '/7/7/7/3K3/7/7/7/' attackers 'd1-d3'\n"
        );
    }
}
