//! taflregress's documents as tables and text.

use crate::regress::score::Rate;
use crate::regress::{CurveDocument, TierDocument};
use crate::regress::{MineDocument, RegressBenchDocument, RegressSuiteDocument};
use crate::report::plot::{line_band_plot_from, Series};
use crate::report::table::{new_table, TableStyle};

/// One row per fixture: expectation, move played, pass or FAIL, score, depth, nodes.
pub fn suite_table(doc: &RegressSuiteDocument, style: TableStyle) -> String {
    let header = [
        "id", "expected", "played", "result", "score", "depth", "nodes",
    ];
    let mut table = new_table(style, &header, &[4, 5, 6]);
    for r in &doc.results {
        let score = match r.plies_to_end {
            Some(p) => format!("{} in {p}", r.outcome.map_or("end", |o| o.name())),
            None => r.score.to_string(),
        };
        table.add_row(vec![
            r.id.clone(),
            r.expected.clone(),
            r.played.clone().unwrap_or_else(|| "-".into()),
            if r.pass { "pass" } else { "FAIL" }.into(),
            score,
            r.depth.to_string(),
            r.nodes.to_string(),
        ]);
    }
    table.to_string()
}

/// `solved 52 of 53 (98.1%), 12345 nodes`.
pub fn suite_summary(doc: &RegressSuiteDocument) -> String {
    format!(
        "solved {} of {} ({:.1}%), {} nodes",
        doc.passed,
        doc.positions,
        100.0 * doc.passed as f64 / doc.positions.max(1) as f64,
        doc.nodes
    )
}

/// One row per misplay found.
pub fn mine_table(doc: &MineDocument, style: TableStyle) -> String {
    let header = ["game", "ply", "side", "played", "what", "within"];
    let mut table = new_table(style, &header, &[0, 1, 5]);
    for m in &doc.misplays {
        table.add_row(vec![
            m.game.to_string(),
            m.ply.to_string(),
            m.side.to_string(),
            m.played.clone(),
            m.kind.to_string(),
            m.within.to_string(),
        ]);
    }
    table.to_string()
}

/// The line under the mining table: `N misplays in G games of V`, and after deep mining
/// (`--plies`) the plies left undecided at the prover's `node_limit` and the fixtures
/// written.
pub fn mine_summary(doc: &MineDocument, node_limit: u64) -> String {
    let found = format!(
        "{} misplays in {} games of {}",
        doc.misplays.len(),
        doc.games,
        doc.variant
    );
    let Some(undecided) = doc.undecided else {
        return found;
    };
    let written = if doc.written.is_empty() {
        String::new()
    } else {
        format!("; {} fixtures written", doc.written.len())
    };
    format!("{found}; {undecided} plies undecided at {node_limit} nodes{written}")
}

/// The bench table followed by `Nodes searched: N`, the line engines' benches end with.
pub fn bench_text(doc: &RegressBenchDocument, style: TableStyle) -> String {
    let header = ["variant", "depth", "best move", "score", "nodes"];
    let mut table = new_table(style, &header, &[1, 3, 4]);
    for r in &doc.rows {
        table.add_row(vec![
            r.variant.to_string(),
            r.depth.to_string(),
            r.best_move.clone().unwrap_or_else(|| "-".into()),
            r.score.to_string(),
            r.nodes.to_string(),
        ]);
    }
    format!("{table}\nNodes searched: {}\n", doc.nodes)
}

fn percent(r: &Rate) -> String {
    format!("{:.1}%", 100.0 * r.rate)
}

/// The hard tier's solve rates: one row per variant, `all`, then one per length.
pub fn tier_table(doc: &TierDocument, style: TableStyle) -> String {
    rates_table(doc.by_variant.iter().chain(&doc.by_length), style)
}

/// Solve rates, one row each: the hard tier's, or any engine's on a tier.
pub fn rates_table<'a>(rates: impl Iterator<Item = &'a Rate>, style: TableStyle) -> String {
    let header = ["group", "positions", "solved", "rate"];
    let mut table = new_table(style, &header, &[1, 2, 3]);
    for r in rates {
        table.add_row(vec![
            r.group.clone(),
            r.positions.to_string(),
            r.solved.to_string(),
            percent(r),
        ]);
    }
    table.to_string()
}

/// `hard tier at 50000 nodes: solved 120 of 240 (50.0%), 12345 nodes`.
pub fn tier_summary(doc: &TierDocument) -> String {
    format!(
        "hard tier at {} nodes: solved {} of {} ({:.1}%), {} nodes",
        doc.budget,
        doc.solved,
        doc.positions,
        100.0 * doc.solved as f64 / doc.positions.max(1) as f64,
        doc.nodes
    )
}

/// One row per budget: positions solved in all and per variant.
pub fn curve_table(doc: &CurveDocument, style: TableStyle) -> String {
    let groups: Vec<String> = doc
        .points
        .first()
        .map(|p| p.by_variant.iter().map(|r| r.group.clone()).collect())
        .unwrap_or_default();
    let mut header = vec!["nodes".to_string()];
    header.extend(groups.iter().map(|g| {
        let n = doc.points[0]
            .by_variant
            .iter()
            .find(|r| &r.group == g)
            .map_or(0, |r| r.positions);
        format!("{g} ({n})")
    }));
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let right: Vec<usize> = (0..header.len()).collect();
    let mut table = new_table(style, &header, &right);
    for p in &doc.points {
        let mut row = vec![p.budget.to_string()];
        for g in &groups {
            row.push(
                p.by_variant
                    .iter()
                    .find(|r| &r.group == g)
                    .map_or("-".into(), |r| format!("{} ({})", r.solved, percent(r))),
            );
        }
        table.add_row(row);
    }
    table.to_string()
}

const COLORS: [&str; 6] = [
    "#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#222222",
];

/// The curve as an SVG line chart: the share solved (percent) per variant and in all,
/// against log10 of the budget.
pub fn curve_svg(doc: &CurveDocument) -> String {
    let groups: Vec<String> = doc
        .points
        .first()
        .map(|p| p.by_variant.iter().map(|r| r.group.clone()).collect())
        .unwrap_or_default();
    let series: Vec<Series> = groups
        .iter()
        .enumerate()
        .map(|(i, g)| Series {
            label: g.clone(),
            color: if g == "all" {
                COLORS[COLORS.len() - 1]
            } else {
                COLORS[i % (COLORS.len() - 1)]
            },
            points: doc
                .points
                .iter()
                .filter_map(|p| {
                    let r = p.by_variant.iter().find(|r| &r.group == g)?;
                    Some(((p.budget as f64).log10(), 100.0 * r.rate, 0.0))
                })
                .collect(),
        })
        .collect();
    let x_min = doc
        .points
        .first()
        .map_or(3.0, |p| (p.budget as f64).log10().floor());
    line_band_plot_from(
        x_min,
        &format!(
            "Hard tier: positions solved against the node budget ({} positions)",
            doc.positions
        ),
        "log10 of the node budget per position",
        "solved (%)",
        &series,
        "taflregress curve",
    )
}
