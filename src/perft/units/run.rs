//! Running one unit: its positions counted (hashed, on threads), its result written.

use super::*;

/// A unit ready to count: its document, tables and positions (every line replayed).
pub struct LoadedUnit {
    /// The unit as read.
    pub doc: UnitDoc,
    /// The root's rules compiled, with the Zobrist keys of the seed asked for.
    pub tables: Tables,
    /// The unit's positions, in the file's order.
    pub positions: Vec<Position>,
}

/// Reads a unit and replays every line from the root; an illegal move or a line of the
/// wrong length is a corrupt unit.
pub fn load_unit(path: &Path, key_seed: u64) -> Result<LoadedUnit, UnitsError> {
    let doc = read_unit(path)?;
    let (tables, root) = doc
        .root
        .setup(key_seed)
        .map_err(|e| corrupt(path, format!("root: {e}")))?;
    let root_moves: Vec<String> = root
        .legal_moves(&tables)
        .iter()
        .map(|m| m.to_string())
        .collect();
    let mut positions = Vec::with_capacity(doc.positions.len());
    for (i, p) in doc.positions.iter().enumerate() {
        let (pos, moves) = play_line_moves(&tables, root.clone(), &p.line)
            .map_err(|e| corrupt(path, format!("position {}: {e}", i + 1)))?;
        if moves.len() != doc.split as usize {
            return Err(corrupt(
                path,
                format!(
                    "position {}: {} moves where the split is {}",
                    i + 1,
                    moves.len(),
                    doc.split
                ),
            ));
        }
        if let Some((m, _)) = p.paths.iter().find(|(m, _)| !root_moves.contains(m)) {
            return Err(corrupt(
                path,
                format!("position {}: `{m}` is not a root move", i + 1),
            ));
        }
        positions.push(pos);
    }
    Ok(LoadedUnit {
        doc,
        tables,
        positions,
    })
}

/// How a unit run ended: skipped (its result was already there) or counted now.
pub type UnitRun = crate::units::UnitOutcome<ResultDoc>;

/// Options of a unit run.
pub struct UnitOptions<'a> {
    /// Threads sharing the unit's positions; 0 or 1 counts on the calling thread.
    pub threads: usize,
    /// The table, and the megabytes it was asked with (recorded in the result).
    pub table: Option<(&'a PerftTable, usize)>,
    /// Called with each position finished.
    pub progress: &'a (dyn Fn() + Sync),
}

/// Counts a unit and writes its result atomically beside it; a unit whose valid result
/// is already there is skipped, so a killed run simply starts again.
pub fn run_unit(path: &Path, options: &UnitOptions) -> Result<UnitRun, UnitsError> {
    let seed = options.table.map_or(0, |(t, _)| t.seed());
    let unit = load_unit(path, seed)?;
    let check = |out: &Path, done: &ResultDoc| check_result(out, &unit.doc, done);
    if let Some(done) = crate::units::existing_result(path, read_result, check)? {
        return Ok(UnitRun::Skipped(done));
    }
    let clock = std::time::Instant::now();
    let reach = unit.doc.depth - unit.doc.split;
    let n = unit.positions.len();
    let counts = Mutex::new(vec![vec![0u64; reach as usize]; n]);
    let t = &unit.tables;
    crate::threads::share_out(options.threads, n, &|i| {
        let pos = &unit.positions[i];
        let row: Vec<u64> = (1..=reach)
            .map(|d| match options.table {
                Some((table, _)) => perft_hashed(t, pos, d, Counting::Bulk, table),
                None => perft(t, pos, d, Counting::Bulk),
            })
            .collect();
        counts.lock().expect("no panics while counting")[i] = row;
        (options.progress)();
    });
    let counts = counts.into_inner().expect("no panics while counting");
    let doc = &unit.doc;
    let totals = (1..=reach)
        .map(|d| {
            let sum: u128 = doc
                .positions
                .iter()
                .zip(&counts)
                .map(|(p, c)| {
                    c[d as usize - 1] as u128
                        * p.paths.iter().map(|(_, n)| *n as u128).sum::<u128>()
                })
                .sum();
            DepthTotal {
                depth: doc.split + d,
                nodes: sum.to_string(),
            }
        })
        .collect();
    let last: Vec<u128> = counts
        .iter()
        .map(|c| c[reach as usize - 1] as u128)
        .collect();
    let (_, divide) = contributions(doc, &last);
    let result = ResultDoc {
        schema_version: SCHEMA_VERSION,
        kind: RESULT_KIND.into(),
        plan_id: doc.plan_id.clone(),
        unit: doc.unit,
        units: doc.units,
        unit_digest: unit_digest(&doc.positions),
        depth: doc.depth,
        split: doc.split,
        hash: options.table.map(|(t, mb)| HashUsed {
            megabytes: mb,
            seed: t.seed(),
        }),
        totals,
        divide: divide
            .into_iter()
            .map(|(mv, n)| MoveCount {
                mv,
                nodes: n.to_string(),
            })
            .collect(),
        positions: last.iter().map(|c| c.to_string()).collect(),
        timing: Timing {
            seconds: clock.elapsed().as_secs_f64(),
            threads: crate::threads::used(options.threads, n),
        },
    };
    write_atomic(&result_path(path), &to_json(&result))?;
    Ok(UnitRun::Done(result))
}
