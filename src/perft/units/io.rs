//! Reading and writing the documents, each read as untrusted input and checked.

use super::*;

/// Writes `bytes` to `path` atomically ([`crate::files::write_file`]), replacing it.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), UnitsError> {
    crate::files::write_file(path, bytes, true).map_err(|e| match e {
        crate::files::WriteError::Io { path, error } => UnitsError::Write { path, error },
        crate::files::WriteError::Exists(path) => UnitsError::Write {
            error: std::io::ErrorKind::AlreadyExists.into(),
            path,
        },
    })
}

pub(super) fn to_json<T: Serialize>(doc: &T) -> Vec<u8> {
    let mut text = serde_json::to_vec_pretty(doc).expect("documents always serialise");
    text.push(b'\n');
    text
}

/// The files of the plan in `dir` by its own `plan.json`: the plan, its units, their
/// results and the temporary files of any of them. A `unit-999.json` of the user's
/// that the plan never dealt out is not among them.
pub(super) fn own_files(dir: &Path) -> Result<Vec<PathBuf>, UnitsError> {
    let plan_path = dir.join(PLAN_FILE);
    let plan = read_plan(&plan_path)?;
    let mut names = vec![PLAN_FILE.to_string()];
    for i in 0..plan.units {
        let unit = unit_file_name(i, plan.units);
        let result = format!("{}.result.json", unit.trim_end_matches(".json"));
        names.push(unit);
        names.push(result);
    }
    let mut own = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(read_error(dir))? {
        let entry = entry.map_err(read_error(dir))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let base = name.split(".tmp-").next().unwrap_or(&name);
        if names.iter().any(|n| n == base) {
            own.push(entry.path());
        }
    }
    Ok(own)
}

/// Writes a plan into `dir` (created if needed). A folder that already holds a plan is
/// refused unless `force`, which first removes the old plan's own files (as its
/// `plan.json` lists them) and nothing else; a file the new plan would write over that
/// is not the old plan's is refused all the same.
pub fn write_plan(dir: &Path, plan: &Plan, force: bool) -> Result<(), UnitsError> {
    std::fs::create_dir_all(dir).map_err(write_error(dir))?;
    let planned: Vec<String> = plan
        .units
        .iter()
        .map(|u| unit_file_name(u.unit, u.units))
        .chain([PLAN_FILE.to_string()])
        .collect();
    let taken = |dir: &Path| planned.iter().map(|n| dir.join(n)).find(|p| p.exists());
    let has_plan = dir.join(PLAN_FILE).exists();
    if has_plan || taken(dir).is_some() {
        if !force {
            return Err(UnitsError::Exists {
                path: dir.to_path_buf(),
            });
        }
        if has_plan {
            for path in own_files(dir)? {
                std::fs::remove_file(&path).map_err(write_error(&path))?;
            }
        }
        if let Some(path) = taken(dir) {
            return Err(UnitsError::Invalid(format!(
                "{}: not a file of the plan being replaced; move it away first",
                path.display()
            )));
        }
    }
    for u in &plan.units {
        write_atomic(&dir.join(unit_file_name(u.unit, u.units)), &to_json(u))?;
    }
    write_atomic(&dir.join(PLAN_FILE), &to_json(&plan.doc))
}

pub(super) fn read_doc<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<T, UnitsError> {
    let text = std::fs::read(path).map_err(read_error(path))?;
    // A byte-order mark is no part of the JSON (crate::text).
    let text = text.strip_prefix("\u{feff}".as_bytes()).unwrap_or(&text);
    serde_json::from_slice(text)
        .map_err(|e| corrupt(path, format!("not JSON of the expected shape: {e}")))
}

pub(super) fn check_header(
    path: &Path,
    schema: u32,
    kind: &str,
    want: &str,
) -> Result<(), UnitsError> {
    if schema != SCHEMA_VERSION {
        return Err(corrupt(
            path,
            format!("schema_version {schema}, this taflperft reads {SCHEMA_VERSION}"),
        ));
    }
    if kind != want {
        return Err(corrupt(
            path,
            format!("a `{kind}` document where a `{want}` was expected"),
        ));
    }
    Ok(())
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
    let foreign = |reason: String| UnitsError::Foreign {
        path: path.to_path_buf(),
        reason,
    };
    if result.plan_id != unit.plan_id {
        return Err(foreign(format!(
            "plan {} where plan {} was expected",
            result.plan_id, unit.plan_id
        )));
    }
    if result.unit != unit.unit || result.units != unit.units {
        return Err(foreign(format!(
            "the result of unit {} of {}, not of unit {} of {}",
            result.unit, result.units, unit.unit, unit.units
        )));
    }
    if result.unit_digest != unit_digest(&unit.positions) {
        return Err(foreign(
            "computed from other positions than the unit file's".into(),
        ));
    }
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
