//! Reading and writing the documents, each read as untrusted input and checked.

use super::*;

pub use crate::units::write_atomic;
pub(super) use crate::units::{read_doc, to_json};

/// Writes a plan into `dir` (created if needed). A folder that already holds a plan is
/// refused unless `force`, which (once nothing else is in the way) removes the old
/// plan's own files (as its `plan.json` lists them) and nothing else; a file the new
/// plan would write over that is not the old plan's is refused, before any deletion.
pub fn write_plan(dir: &Path, plan: &Plan, force: bool) -> Result<(), UnitsError> {
    crate::units::write_plan(dir, &plan.doc, &plan.units, force, &[])
}

pub(super) fn check_header(
    path: &Path,
    schema: u32,
    kind: &str,
    want: &str,
) -> Result<(), UnitsError> {
    crate::units::check_header(path, "taflperft", (schema, SCHEMA_VERSION), (kind, want))
}

/// Reads and checks a plan document (its id must match its contents).
pub fn read_plan(path: &Path) -> Result<PlanDoc, UnitsError> {
    let doc: PlanDoc = read_doc(path)?;
    check_header(path, doc.schema_version, &doc.kind, PLAN_KIND)?;
    if doc.plan_id != plan_id(&doc.root, doc.depth, doc.split, doc.units, &doc.folded) {
        return Err(corrupt(
            path,
            "the plan id does not match the plan's root, depth, split, units and folded symmetries",
        ));
    }
    check_folded(path, &doc.root, &doc.folded)?;
    if doc.split == 0 || doc.split >= doc.depth || doc.units == 0 {
        return Err(corrupt(path, "impossible depth, split or unit count"));
    }
    if doc.shallow.len() != doc.split as usize
        || doc
            .shallow
            .iter()
            .enumerate()
            .any(|(i, c)| c.depth != i as u32 + 1 || c.nodes.parse::<u128>().is_err())
    {
        return Err(corrupt(
            path,
            "`shallow` must hold the counts of depths 1..=split",
        ));
    }
    Ok(doc)
}

/// Reads a unit document and checks its header and id (not yet its moves: see `load_unit`).
pub fn read_unit(path: &Path) -> Result<UnitDoc, UnitsError> {
    let doc: UnitDoc = read_doc(path)?;
    check_header(path, doc.schema_version, &doc.kind, UNIT_KIND)?;
    if doc.plan_id != plan_id(&doc.root, doc.depth, doc.split, doc.units, &doc.folded) {
        return Err(corrupt(
            path,
            "the plan id does not match the unit's root, depth, split, units and folded symmetries",
        ));
    }
    check_folded(path, &doc.root, &doc.folded)?;
    if doc.split == 0 || doc.split >= doc.depth || doc.unit >= doc.units {
        return Err(corrupt(path, "impossible depth, split or unit number"));
    }
    if doc
        .positions
        .iter()
        .any(|p| p.paths.is_empty() || p.paths.iter().any(|(_, n)| *n == 0))
    {
        return Err(corrupt(path, "a position without paths"));
    }
    Ok(doc)
}

/// Reads a result document and checks its header.
pub fn read_result(path: &Path) -> Result<ResultDoc, UnitsError> {
    let doc: ResultDoc = read_doc(path)?;
    check_header(path, doc.schema_version, &doc.kind, RESULT_KIND)?;
    Ok(doc)
}

/// Checks that a result belongs to a unit: same plan, same unit, same positions, and
/// numbers that add up.
pub fn check_result(path: &Path, unit: &UnitDoc, result: &ResultDoc) -> Result<(), UnitsError> {
    let own = unit_digest(&unit.positions);
    crate::units::check_result_of(
        path,
        unit,
        result,
        (&result.unit_digest, &own),
        "computed from other positions than the unit file's",
    )?;
    let reach = unit.depth - unit.split;
    if result.depth != unit.depth
        || result.split != unit.split
        || result.positions.len() != unit.positions.len()
        || result.totals.len() != reach as usize
        || result
            .totals
            .iter()
            .enumerate()
            .any(|(i, c)| c.depth != unit.split + 1 + i as u32)
    {
        return Err(corrupt(
            path,
            "the depths or the number of positions do not match the unit",
        ));
    }
    let counts = parse_counts(path, &result.positions)?;
    let (total, divide) = contributions(unit, &counts);
    let total_at_depth = parse_count(path, &result.totals[reach as usize - 1].nodes)?;
    let divide_sum: u128 = result
        .divide
        .iter()
        .map(|c| parse_count(path, &c.nodes))
        .sum::<Result<u128, _>>()?;
    if total != total_at_depth || divide_sum != total || divide.len() != result.divide.len() {
        return Err(corrupt(
            path,
            "its totals do not add up to its position counts",
        ));
    }
    for (a, b) in divide.iter().zip(&result.divide) {
        if a.0 != b.mv || a.1.to_string() != b.nodes {
            return Err(corrupt(
                path,
                format!("its divide of {} does not add up", b.mv),
            ));
        }
    }
    Ok(())
}

pub(super) fn parse_count(path: &Path, text: &str) -> Result<u128, UnitsError> {
    text.parse::<u128>()
        .map_err(|_| corrupt(path, format!("`{text}` is not a count")))
}

pub(super) fn parse_counts(path: &Path, texts: &[String]) -> Result<Vec<u128>, UnitsError> {
    texts.iter().map(|t| parse_count(path, t)).collect()
}

/// A unit's total at full depth and its divide contributions (one per root move that
/// reaches the unit, sorted by the move's text), from per-position counts.
pub(super) fn contributions(unit: &UnitDoc, counts: &[u128]) -> (u128, Vec<(String, u128)>) {
    let mut total = 0u128;
    let mut divide: Vec<(String, u128)> = Vec::new();
    for (p, &c) in unit.positions.iter().zip(counts) {
        for (m, n) in &p.paths {
            total += c * *n as u128;
            match divide.iter_mut().find(|(x, _)| x == m) {
                Some((_, v)) => *v += c * *n as u128,
                None => divide.push((m.clone(), c * *n as u128)),
            }
        }
    }
    divide.sort_by(|a, b| a.0.cmp(&b.0));
    (total, divide)
}
