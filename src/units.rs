//! Work units: one long run (a deep perft, a match, a legal-position estimate) split
//! into files that any scheduler runs (Slurm job arrays, GNU parallel, a shell loop),
//! and merged back into the report of a single run. This module is what the three
//! share; each owns only its documents and its arithmetic (`perft::units`,
//! `matches::units`, `complexity::legal::units`).
//!
//! A plan folder holds `plan.json`, `unit-NNN.json` (self-contained: a cluster node
//! needs only that file) and, once run, `unit-NNN.result.json` beside each unit.
//! Every file is read as untrusted input: its schema version and kind, its plan id
//! (a digest of the plan's defining fields, recomputed from the file's own fields by
//! the owner), its unit number, and a digest of the unit's work in each result, so a
//! result cannot pass for another unit's. Files are written atomically, a finished
//! unit is skipped when run again (resume), and a plan is replaced only when asked
//! (`force`), after every reason to refuse has been checked and before anything is
//! deleted.

use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt;
use std::path::{Path, PathBuf};

/// The plan document's name in a plan folder.
pub const PLAN_FILE: &str = "plan.json";

/// What went wrong with a plan, a unit or a merge: `Missing` is a check that failed,
/// `Write` the system's refusal, everything else an input error (see its `Kind`).
#[derive(Debug)]
pub enum UnitsError {
    /// A file or folder given could not be read.
    Read {
        /// The file (or folder).
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// A file or folder could not be written.
    Write {
        /// The file (or folder).
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// A file is not a valid document of its kind.
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong in it.
        reason: String,
    },
    /// A file belongs to another plan (or another unit of this one).
    Foreign {
        /// The file.
        path: PathBuf,
        /// Whose it is instead.
        reason: String,
    },
    /// The plan folder already holds a plan and `force` was not given.
    Exists {
        /// The plan folder.
        path: PathBuf,
    },
    /// Impossible plan parameters, or a root that cannot be set up.
    Invalid(String),
    /// Merge: the unit files together are not the plan's work (emptied, duplicated or
    /// edited units), so their results cannot add up to the plan's.
    Tampered {
        /// The plan folder.
        dir: PathBuf,
        /// What the units hold: `positions`, `games`, `samples`.
        work: &'static str,
        /// What does not add up.
        reason: String,
    },
    /// A unit's result could not be written beside it (checked before the work).
    ResultUnwritable {
        /// The unit file.
        unit: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// Merge: these units have no result (or no unit file) yet.
    Missing {
        /// The unit files still to run, with a note where the unit file itself is absent.
        names: Vec<String>,
    },
}

impl fmt::Display for UnitsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnitsError::Read { path, error } => write!(f, "{}: {error}", path.display()),
            UnitsError::Write { path, error } => {
                write!(f, "cannot write {}: {error}", path.display())
            }
            UnitsError::Corrupt { path, reason } => {
                write!(
                    f,
                    "{}: not a valid file of this plan: {reason}",
                    path.display()
                )
            }
            UnitsError::Foreign { path, reason } => {
                write!(f, "{}: belongs to another run: {reason}", path.display())
            }
            UnitsError::Exists { path } => write!(
                f,
                "{} already holds a plan (replacing it was not asked for)",
                path.display()
            ),
            UnitsError::Invalid(reason) => f.write_str(reason),
            UnitsError::Tampered { dir, work, reason } => write!(
                f,
                "{}: the unit files are not the plan's {work}: {reason}",
                dir.display()
            ),
            UnitsError::ResultUnwritable { unit, error } => write!(
                f,
                "cannot write the result beside {} ({}): {error}",
                unit.display(),
                result_path(unit).display()
            ),
            UnitsError::Missing { names } => write!(
                f,
                "the run is incomplete: {} unit(s) without a result: {}",
                names.len(),
                names.join(", ")
            ),
        }
    }
}

impl std::error::Error for UnitsError {}

impl crate::error::Kind for UnitsError {
    fn kind(&self) -> crate::error::ErrorKind {
        match self {
            UnitsError::Write { .. } | UnitsError::ResultUnwritable { .. } => {
                crate::error::ErrorKind::Io
            }
            UnitsError::Missing { .. } => crate::error::ErrorKind::CheckFailed,
            _ => crate::error::ErrorKind::Input,
        }
    }
}

/// A corrupt file: what is wrong in it.
pub fn corrupt(path: &Path, reason: impl Into<String>) -> UnitsError {
    UnitsError::Corrupt {
        path: path.to_path_buf(),
        reason: reason.into(),
    }
}

/// A foreign file: whose it is instead.
pub fn foreign(path: &Path, reason: impl Into<String>) -> UnitsError {
    UnitsError::Foreign {
        path: path.to_path_buf(),
        reason: reason.into(),
    }
}

/// Maps a read error of `path`.
pub fn read_error(path: &Path) -> impl FnOnce(std::io::Error) -> UnitsError + '_ {
    move |error| UnitsError::Read {
        path: path.to_path_buf(),
        error,
    }
}

/// Maps a write error of `path`.
pub fn write_error(path: &Path) -> impl FnOnce(std::io::Error) -> UnitsError + '_ {
    move |error| UnitsError::Write {
        path: path.to_path_buf(),
        error,
    }
}

/// What every plan, unit and result document says about itself, so that the
/// framework checks them alike.
pub struct Identity<'a> {
    /// The document's schema version.
    pub schema_version: u32,
    /// Its kind (`taflmatch-unit`, ...), so that no other document passes for it.
    pub kind: &'a str,
    /// The plan it belongs to.
    pub plan_id: &'a str,
    /// Its unit number; `None` for the plan itself.
    pub unit: Option<usize>,
    /// How many units the plan has.
    pub units: usize,
}

/// A plan, unit or result document of some kind of work.
pub trait UnitDocument: Serialize + DeserializeOwned {
    /// The document's identity.
    fn identity(&self) -> Identity<'_>;
}

/// Implements [`UnitDocument`] for documents with the fields `schema_version`, `kind`,
/// `plan_id` and `units`: `unit_document!(PlanDoc)` for a document of the whole plan,
/// `unit_document!(UnitDoc, unit)` for one with a `unit` number.
macro_rules! unit_document {
    ($doc:ty) => {
        $crate::units::unit_document!(@with $doc, |_: &$doc| None);
    };
    ($doc:ty, unit) => {
        $crate::units::unit_document!(@with $doc, |d: &$doc| Some(d.unit));
    };
    (@with $doc:ty, $unit:expr) => {
        impl $crate::units::UnitDocument for $doc {
            fn identity(&self) -> $crate::units::Identity<'_> {
                $crate::units::Identity {
                    schema_version: self.schema_version,
                    kind: &self.kind,
                    plan_id: &self.plan_id,
                    unit: $unit(self),
                    units: self.units,
                }
            }
        }
    };
}
pub(crate) use unit_document;

/// How a unit run ended (a match unit can also end in its SPRT's decision: its own).
#[derive(Debug)]
pub enum UnitOutcome<R> {
    /// Its result was already there and valid.
    Skipped(R),
    /// Worked out now and written.
    Done(R),
}

impl<R> UnitOutcome<R> {
    /// `skipped` or `done`, as the unit commands print it.
    pub fn status(&self) -> &'static str {
        match self {
            UnitOutcome::Skipped(_) => "skipped",
            UnitOutcome::Done(_) => "done",
        }
    }

    /// The unit's result, either way.
    pub fn result(&self) -> &R {
        match self {
            UnitOutcome::Skipped(r) | UnitOutcome::Done(r) => r,
        }
    }
}

/// The file name of unit `i` of `units`: `unit-017.json` (more digits past 1000 units).
pub fn unit_file_name(i: usize, units: usize) -> String {
    let width = units.saturating_sub(1).to_string().len().max(3);
    format!("unit-{i:0width$}.json")
}

/// The result file beside a unit file: `unit-017.json` -> `unit-017.result.json`.
pub fn result_path(unit_path: &Path) -> PathBuf {
    let name = unit_path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = name.strip_suffix(".json").unwrap_or(&name);
    unit_path.with_file_name(format!("{stem}.result.json"))
}

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

/// A document as the plan folder keeps it: pretty JSON and a final newline.
pub fn to_json<T: Serialize>(doc: &T) -> Vec<u8> {
    let mut text = serde_json::to_vec_pretty(doc).expect("documents always serialise");
    text.push(b'\n');
    text
}

/// Reads a document of the expected shape (no more checks: see [`read_checked`]).
pub fn read_doc<T: DeserializeOwned>(path: &Path) -> Result<T, UnitsError> {
    let text = std::fs::read(path).map_err(read_error(path))?;
    // A byte-order mark is no part of the JSON (crate::text).
    let text = text.strip_prefix("\u{feff}".as_bytes()).unwrap_or(&text);
    serde_json::from_slice(text)
        .map_err(|e| corrupt(path, format!("not JSON of the expected shape: {e}")))
}

/// Checks a document's schema version and kind; `tool` names the program that reads
/// `schema` in the message.
pub fn check_header(
    path: &Path,
    tool: &str,
    (schema, want_schema): (u32, u32),
    (kind, want): (&str, &str),
) -> Result<(), UnitsError> {
    if schema != want_schema {
        return Err(corrupt(
            path,
            format!("schema_version {schema}, this {tool} reads {want_schema}"),
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

/// Reads a document and checks its header and unit number against its unit count.
pub fn read_checked<T: UnitDocument>(
    path: &Path,
    tool: &str,
    schema: u32,
    kind: &str,
) -> Result<T, UnitsError> {
    let doc: T = read_doc(path)?;
    let id = doc.identity();
    check_header(path, tool, (id.schema_version, schema), (id.kind, kind))?;
    if id.units == 0 || id.unit.is_some_and(|u| u >= id.units) {
        return Err(corrupt(path, "impossible unit number or unit count"));
    }
    Ok(doc)
}

/// Checks that a result is the result of this unit: same plan, same unit and count.
pub fn check_result_identity(
    path: &Path,
    unit: &Identity<'_>,
    result: &Identity<'_>,
) -> Result<(), UnitsError> {
    if result.plan_id != unit.plan_id {
        return Err(foreign(
            path,
            format!(
                "plan {} where plan {} was expected",
                result.plan_id, unit.plan_id
            ),
        ));
    }
    if result.unit != unit.unit || result.units != unit.units {
        return Err(foreign(
            path,
            format!(
                "the result of unit {} of {}, not of unit {} of {}",
                result.unit.unwrap_or(0),
                result.units,
                unit.unit.unwrap_or(0),
                unit.units
            ),
        ));
    }
    Ok(())
}

/// Checks that a result is this unit's: the same plan, unit and count
/// ([`check_result_identity`]), and worked out from this very unit's work: `digests`
/// are the digest of the work the result records and the unit's own; `other` says
/// what a result with another digest was computed from.
pub fn check_result_of<U: UnitDocument, R: UnitDocument>(
    path: &Path,
    unit: &U,
    result: &R,
    (recorded, own): (&str, &str),
    other: &str,
) -> Result<(), UnitsError> {
    check_result_identity(path, &unit.identity(), &result.identity())?;
    if recorded != own {
        return Err(foreign(path, other));
    }
    Ok(())
}

/// [`check_result_of`] for a result that records the [`doc_digest`] of its unit file
/// (`recorded`).
pub fn check_result_of_unit_file<U: UnitDocument, R: UnitDocument>(
    path: &Path,
    unit: &U,
    result: &R,
    recorded: &str,
) -> Result<(), UnitsError> {
    let own = doc_digest(unit);
    let other = "computed from another unit file than this one";
    check_result_of(path, unit, result, (recorded, &own), other)
}

/// Checks a document's plan id against the id recomputed from its own fields
/// (`fields` names them in the message): an edited plan or unit file has another.
pub fn check_plan_id<T: UnitDocument>(
    path: &Path,
    doc: &T,
    recomputed: &str,
    fields: &str,
) -> Result<(), UnitsError> {
    if doc.identity().plan_id != recomputed {
        return Err(corrupt(
            path,
            format!("the plan id does not match {fields}"),
        ));
    }
    Ok(())
}

/// Checks that a unit's range `first..end` is the share [`ranges`] deals to its number
/// out of `count` items (`what`: `samples`, `pairs`): an edited range would do work
/// twice or never.
pub fn check_share(
    path: &Path,
    unit: &Identity<'_>,
    count: u64,
    (first, end): (u64, u64),
    what: &str,
) -> Result<(), UnitsError> {
    let number = unit.unit.unwrap_or(0);
    if count < unit.units as u64 || ranges(count, unit.units)[number] != (first, end) {
        return Err(corrupt(
            path,
            format!(
                "{what} {first}..{end} are not the share of unit {number} of {}",
                unit.units
            ),
        ));
    }
    Ok(())
}

/// The valid result already beside a unit file, if there is one (`read` it, then
/// `check` it against the unit): a finished unit is skipped, so a killed job simply
/// runs again.
pub fn existing_result<R>(
    unit_path: &Path,
    read: impl FnOnce(&Path) -> Result<R, UnitsError>,
    check: impl FnOnce(&Path, &R) -> Result<(), UnitsError>,
) -> Result<Option<R>, UnitsError> {
    let out = result_path(unit_path);
    if !out.exists() {
        return Ok(None);
    }
    let result = read(&out)?;
    check(&out, &result)?;
    Ok(Some(result))
}

/// Checks that a unit read from the file at `expected` place `i` of a plan folder is
/// that plan's unit `i`.
pub fn check_unit_place(
    path: &Path,
    plan: &Identity<'_>,
    unit: &Identity<'_>,
    i: usize,
) -> Result<(), UnitsError> {
    if unit.plan_id != plan.plan_id {
        return Err(foreign(
            path,
            format!(
                "plan {} where the folder's plan is {}",
                unit.plan_id, plan.plan_id
            ),
        ));
    }
    if unit.unit != Some(i) || unit.units != plan.units {
        return Err(foreign(
            path,
            format!("it says it is unit {}", unit.unit.unwrap_or(0)),
        ));
    }
    Ok(())
}

/// Minutes of work must not end in a result that cannot be written: tries the folder
/// beside `unit_path` (where the result's temporary file will be made) and refuses a
/// folder standing where the result goes. Call it before the work.
pub fn probe_result(unit_path: &Path) -> std::io::Result<()> {
    let out = result_path(unit_path);
    if out.is_dir() {
        return Err(std::io::Error::other("a folder of that name is in the way"));
    }
    let probe = out.with_file_name(format!(
        "{}.probe-{}",
        out.file_name().unwrap_or_default().to_string_lossy(),
        std::process::id()
    ));
    std::fs::File::create(&probe)?;
    std::fs::remove_file(&probe)
}

/// What every unit command does before its work: tries that the result can be written
/// beside an existing unit file ([`probe_result`]; a missing one is left to the reader
/// of the unit, which names it), and gives the unit file's name for its progress bar
/// and its line.
pub fn start_unit(unit_path: &Path) -> Result<String, UnitsError> {
    if unit_path.is_file() {
        probe_result(unit_path).map_err(|error| UnitsError::ResultUnwritable {
            unit: unit_path.to_path_buf(),
            error,
        })?;
    }
    Ok(unit_path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default())
}

/// The unit count of the plan in `dir`, read from its `plan.json` without trusting more
/// of it: what [`own_files`] and [`write_plan`] need of a plan of any kind.
fn planned_units(dir: &Path) -> Result<usize, UnitsError> {
    let path = dir.join(PLAN_FILE);
    let doc: serde_json::Value = read_doc(&path)?;
    let kind = doc.get("kind").and_then(|k| k.as_str()).unwrap_or_default();
    match doc.get("units").and_then(|u| u.as_u64()) {
        Some(n) if n > 0 && kind.ends_with("-plan") && n <= 1_000_000 => Ok(n as usize),
        _ => Err(corrupt(&path, "no plan with a unit count")),
    }
}

/// The files of the plan in `dir` by its own `plan.json`: the plan, its units, their
/// results, the files named in `extra` (a decision, a picture) and the temporary files
/// of any of them. A `unit-999.json` of the user's that the plan never dealt out is not
/// among them.
pub fn own_files(dir: &Path, extra: &[&str]) -> Result<Vec<PathBuf>, UnitsError> {
    let units = planned_units(dir)?;
    let mut names: Vec<String> = vec![PLAN_FILE.to_string()];
    names.extend(extra.iter().map(|s| s.to_string()));
    for i in 0..units {
        let unit = unit_file_name(i, units);
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

/// Writes a plan into `dir` (created if needed): the unit documents under their file
/// names, then `plan.json` (last, so that a folder with a plan has all its units). A
/// folder that already holds a plan is refused unless `force`; with it, every reason
/// to refuse is checked first (an unreadable old plan, a file the new plan would write
/// over that is not the old plan's), and only then are the old plan's own files
/// (as its `plan.json` lists them, with `extra`) removed, and nothing else.
pub fn write_plan<P: Serialize, U: Serialize>(
    dir: &Path,
    plan: &P,
    units: &[U],
    force: bool,
    extra: &[&str],
) -> Result<(), UnitsError> {
    std::fs::create_dir_all(dir).map_err(write_error(dir))?;
    let planned: Vec<String> = (0..units.len())
        .map(|i| unit_file_name(i, units.len()))
        .chain([PLAN_FILE.to_string()])
        .collect();
    let taken: Vec<PathBuf> = planned
        .iter()
        .map(|n| dir.join(n))
        .filter(|p| p.exists())
        .collect();
    let has_plan = dir.join(PLAN_FILE).exists();
    if has_plan || !taken.is_empty() {
        if !force {
            return Err(UnitsError::Exists {
                path: dir.to_path_buf(),
            });
        }
        let own = if has_plan {
            own_files(dir, extra)?
        } else {
            Vec::new()
        };
        if let Some(path) = taken.iter().find(|p| !own.contains(p)) {
            return Err(UnitsError::Invalid(format!(
                "{}: not a file of the plan being replaced; move it away first",
                path.display()
            )));
        }
        for path in own {
            std::fs::remove_file(&path).map_err(write_error(&path))?;
        }
    }
    for (i, u) in units.iter().enumerate() {
        write_atomic(&dir.join(unit_file_name(i, units.len())), &to_json(u))?;
    }
    write_atomic(&dir.join(PLAN_FILE), &to_json(plan))
}

/// Reads the plan of a plan folder, or says that the folder has none (`make` names
/// the command that makes one).
pub fn read_plan_of<T: UnitDocument>(
    dir: &Path,
    make: &str,
    read: impl FnOnce(&Path) -> Result<T, UnitsError>,
) -> Result<T, UnitsError> {
    let plan_path = dir.join(PLAN_FILE);
    if !plan_path.exists() {
        return Err(UnitsError::Invalid(format!(
            "{}: no {PLAN_FILE}: not a plan folder (make one with `{make}`)",
            dir.display()
        )));
    }
    read(&plan_path)
}

/// Refuses a folder holding a unit or result file that is none of the plan's `units`.
pub fn check_no_foreign_units(dir: &Path, units: usize) -> Result<(), UnitsError> {
    let expected: Vec<String> = (0..units).map(|i| unit_file_name(i, units)).collect();
    for entry in std::fs::read_dir(dir).map_err(read_error(dir))? {
        let entry = entry.map_err(read_error(dir))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let unit_name = name
            .strip_suffix(".result.json")
            .map(|s| format!("{s}.json"));
        let unit_name = unit_name.as_deref().unwrap_or(&name);
        if name.starts_with("unit-")
            && name.ends_with(".json")
            && !expected.iter().any(|e| e == unit_name)
        {
            return Err(foreign(
                &entry.path(),
                format!(
                    "the plan has units {} to {}",
                    expected[0],
                    expected[units - 1]
                ),
            ));
        }
    }
    Ok(())
}

/// Where one unit of a plan folder stands.
#[derive(Debug)]
pub enum UnitState<U, R> {
    /// Its unit file is absent.
    NoUnitFile,
    /// Its unit file, without a result yet.
    Pending(U),
    /// Its unit file and its result, both checked.
    Done(U, R),
}

/// The units of a plan folder in index order, each read and checked: its place in the
/// plan (`check_unit_place`), and its result's identity (the owner checks the rest in
/// `check`). With `in_order`, the scan stops at the first unit without a result (as a
/// sequential test must: fishtest takes batches in order), so the states returned
/// are a prefix of finished units and at most one more.
pub fn scan_units<P, U, R>(
    dir: &Path,
    plan: &P,
    read_unit: impl Fn(&Path) -> Result<U, UnitsError>,
    read_result: impl Fn(&Path) -> Result<R, UnitsError>,
    check: impl Fn(&Path, &U, &R) -> Result<(), UnitsError>,
    in_order: bool,
) -> Result<Vec<UnitState<U, R>>, UnitsError>
where
    P: UnitDocument,
    U: UnitDocument,
    R: UnitDocument,
{
    let plan_id = plan.identity();
    check_no_foreign_units(dir, plan_id.units)?;
    let mut states = Vec::new();
    for i in 0..plan_id.units {
        let unit_path = dir.join(unit_file_name(i, plan_id.units));
        if !unit_path.exists() {
            states.push(UnitState::NoUnitFile);
            if in_order {
                break;
            }
            continue;
        }
        let unit = read_unit(&unit_path)?;
        check_unit_place(&unit_path, &plan_id, &unit.identity(), i)?;
        let out = result_path(&unit_path);
        if !out.exists() {
            states.push(UnitState::Pending(unit));
            if in_order {
                break;
            }
            continue;
        }
        let result = read_result(&out)?;
        check_result_identity(&out, &unit.identity(), &result.identity())?;
        check(&out, &unit, &result)?;
        states.push(UnitState::Done(unit, result));
    }
    Ok(states)
}

/// The names of the units in `states` that have no result, for `UnitsError::Missing`.
pub fn missing_names<U, R>(states: &[UnitState<U, R>]) -> Vec<String> {
    let units = states.len();
    states
        .iter()
        .enumerate()
        .filter_map(|(i, s)| match s {
            UnitState::NoUnitFile => Some(format!(
                "{} (the unit file itself)",
                unit_file_name(i, units)
            )),
            UnitState::Pending(_) => Some(unit_file_name(i, units)),
            UnitState::Done(..) => None,
        })
        .collect()
}

/// A digest of a document's canonical JSON: what a result holds of its unit's work
/// (a unit digest), so that a result cannot pass for another unit file's.
pub fn doc_digest<T: Serialize>(doc: &T) -> String {
    let text = serde_json::to_string(doc).expect("documents always serialise");
    crate::text::digest(&[&text])
}

/// The digest of a file's bytes (`text::digest` of its contents as bytes), to name an
/// outside program or an evaluation file in a plan: a node whose file differs refuses
/// the unit.
pub fn file_digest(path: &Path) -> Result<String, UnitsError> {
    let bytes = std::fs::read(path).map_err(read_error(path))?;
    let mut h: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
    for b in bytes {
        h ^= u128::from(b);
        h = h.wrapping_mul(0x0000_0000_0100_0000_0000_0000_0000_013b);
    }
    Ok(format!("{h:032x}"))
}

/// The half-open index ranges of `count` items dealt into `units` contiguous units,
/// as even as can be (the first `count % units` units one longer): units in index
/// order cover 0..count in order, which a sequential test needs.
pub fn ranges(count: u64, units: usize) -> Vec<(u64, u64)> {
    let units = units.max(1) as u64;
    let (base, extra) = (count / units, count % units);
    let mut start = 0;
    (0..units)
        .map(|i| {
            let len = base + u64::from(i < extra);
            let r = (start, start + len);
            start += len;
            r
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Serialize, Deserialize)]
    struct Doc {
        schema_version: u32,
        kind: String,
        plan_id: String,
        unit: Option<usize>,
        units: usize,
    }

    impl UnitDocument for Doc {
        fn identity(&self) -> Identity<'_> {
            Identity {
                schema_version: self.schema_version,
                kind: &self.kind,
                plan_id: &self.plan_id,
                unit: self.unit,
                units: self.units,
            }
        }
    }

    fn doc(kind: &str, plan: &str, unit: Option<usize>, units: usize) -> Doc {
        Doc {
            schema_version: 1,
            kind: kind.into(),
            plan_id: plan.into(),
            unit,
            units,
        }
    }

    fn fresh(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("units-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn ranges_cover_everything_in_order() {
        assert_eq!(ranges(10, 3), [(0, 4), (4, 7), (7, 10)]);
        assert_eq!(ranges(2, 4), [(0, 1), (1, 2), (2, 2), (2, 2)]);
    }

    /// Issue 35: `plan --force` deleted the old plan and its finished results before it
    /// found a file in the way; every refusal now comes before any deletion.
    #[test]
    fn force_refuses_before_it_deletes_anything() {
        let dir = fresh("force-first");
        let units = [doc("x-unit", "a", Some(0), 1)];
        write_plan(&dir, &doc("x-plan", "a", None, 1), &units, false, &[]).unwrap();
        std::fs::write(dir.join("unit-000.result.json"), "finished work").unwrap();
        // The new plan has two units; unit-001.json is the user's, not the old plan's.
        std::fs::write(dir.join("unit-001.json"), "mine").unwrap();
        let two = [
            doc("x-unit", "b", Some(0), 2),
            doc("x-unit", "b", Some(1), 2),
        ];
        let plan_b = doc("x-plan", "b", None, 2);
        assert!(matches!(
            write_plan(&dir, &plan_b, &two, false, &[]),
            Err(UnitsError::Exists { .. })
        ));
        let e = write_plan(&dir, &plan_b, &two, true, &[]).unwrap_err();
        assert!(e.to_string().contains("unit-001.json"), "{e}");
        // Nothing was deleted: the old plan and its finished result are whole.
        for name in ["plan.json", "unit-000.json", "unit-000.result.json"] {
            assert!(dir.join(name).exists(), "{name} was deleted");
        }
        let plan: Doc = read_doc(&dir.join(PLAN_FILE)).unwrap();
        assert_eq!(plan.plan_id, "a");
        // An unreadable old plan is a refusal too, before any deletion.
        std::fs::remove_file(dir.join("unit-001.json")).unwrap();
        std::fs::write(dir.join(PLAN_FILE), "{").unwrap();
        assert!(write_plan(&dir, &plan_b, &two, true, &[]).is_err());
        assert!(dir.join("unit-000.result.json").exists());
        // With nothing in the way, force replaces the plan and its results.
        std::fs::remove_file(dir.join(PLAN_FILE)).unwrap();
        std::fs::remove_file(dir.join("unit-000.json")).unwrap();
        std::fs::remove_file(dir.join("unit-000.result.json")).unwrap();
        write_plan(&dir, &plan_b, &two, false, &[]).unwrap();
        std::fs::write(dir.join("unit-000.result.json"), "old").unwrap();
        write_plan(&dir, &doc("x-plan", "c", None, 1), &units, true, &[]).unwrap();
        assert!(!dir.join("unit-000.result.json").exists());
        assert!(!dir.join("unit-001.json").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_scan_in_order_stops_at_the_first_unit_without_a_result() {
        let dir = fresh("scan");
        let units: Vec<Doc> = (0..3).map(|i| doc("x-unit", "p", Some(i), 3)).collect();
        let plan = doc("x-plan", "p", None, 3);
        write_plan(&dir, &plan, &units, false, &[]).unwrap();
        for i in [0, 2] {
            let r = doc("x-result", "p", Some(i), 3);
            write_atomic(&dir.join(format!("unit-00{i}.result.json")), &to_json(&r)).unwrap();
        }
        let read = |kind: &'static str| move |p: &Path| read_checked::<Doc>(p, "test", 1, kind);
        let ok = |_: &Path, _: &Doc, _: &Doc| Ok(());
        let all = scan_units(&dir, &plan, read("x-unit"), read("x-result"), ok, false).unwrap();
        assert_eq!(missing_names(&all), ["unit-001.json"]);
        let prefix = scan_units(&dir, &plan, read("x-unit"), read("x-result"), ok, true).unwrap();
        assert_eq!(prefix.len(), 2);
        assert!(matches!(prefix[1], UnitState::Pending(_)));
        // A result of another unit, copied over, is foreign.
        std::fs::copy(
            dir.join("unit-002.result.json"),
            dir.join("unit-001.result.json"),
        )
        .unwrap();
        let e = scan_units(&dir, &plan, read("x-unit"), read("x-result"), ok, false).unwrap_err();
        assert!(matches!(e, UnitsError::Foreign { .. }), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
