//! taflregress's documents as tables and text.

use crate::regress::{BenchDocument, MineDocument, SuiteDocument};
use crate::report::table::{new_table, TableStyle};

/// One row per fixture: expectation, move played, pass or FAIL, score, depth, nodes.
pub fn suite_table(doc: &SuiteDocument, style: TableStyle) -> String {
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
pub fn suite_summary(doc: &SuiteDocument) -> String {
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

/// The bench table followed by `Nodes searched: N`, the line engines' benches end with.
pub fn bench_text(doc: &BenchDocument, style: TableStyle) -> String {
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
