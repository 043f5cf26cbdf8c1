//! The search's behaviour signature: fixed searches from fixed positions whose node
//! total changes exactly when the search's behaviour does (as chess engines' `bench`).

use super::document::{BenchRow, RegressBenchDocument, SCHEMA_VERSION};
use crate::document::NodeTiming;
use crate::game::{Game, GameError};
use crate::search::{Limits, Searcher};
use std::time::Instant;

/// The bench searches: variant (from its start, attackers to move) and depth.
pub const BENCH: &[(&str, u32)] = &[
    ("copenhagen", 4),
    ("brandub", 6),
    ("tablut", 4),
    ("fetlar", 4),
];

/// Runs every bench search; `done` is called after each (for progress).
pub fn bench(done: &dyn Fn(&BenchRow)) -> Result<RegressBenchDocument, GameError> {
    let started = Instant::now();
    let mut rows = Vec::new();
    for &(variant, depth) in BENCH {
        let game = Game::named(variant)?;
        let r = Searcher::new(&game.tables, Limits::depth(depth)).best_move(&game.start(), &[]);
        let row = BenchRow {
            variant: variant.to_owned(),
            depth,
            best_move: r.best_move.map(|m| m.to_string()),
            score: r.score,
            nodes: r.nodes,
        };
        done(&row);
        rows.push(row);
    }
    let nodes = rows.iter().map(|r| r.nodes).sum();
    let timing = NodeTiming::new(nodes, started.elapsed().as_secs_f64());
    Ok(RegressBenchDocument {
        header: crate::document::Header::new(SCHEMA_VERSION, "taflregress"),
        rows,
        nodes,
        timing,
    })
}
