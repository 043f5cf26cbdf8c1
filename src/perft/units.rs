//! Work units: a deep perft split into files that any scheduler can run (`docs/perft-deep.md`).
//!
//! `plan` enumerates the positions `split` plies below the root, merges equal positions
//! (by position equality, side to move, pending berserk continuation and last mover
//! included; the hash only finds the candidates), counts the move sequences reaching
//! each from every root move, and deals the unique positions into unit files. A unit's
//! result holds the subtree count of each of its positions; `merge` multiplies them by
//! the paths and adds them up into perft per depth and the divide of ply 1.
//!
//! Every file is read as untrusted input: schema version, kind, plan id (a hash of the
//! root, depth, split and unit count, recomputed from the file's own fields), unit
//! number, the digest of the unit's positions, and every move replayed legally.

use super::hashed::{perft_hashed, PerftTable};
use super::{perft, Counting};
use crate::board::{Layout, RecordOrder, Side, Symmetry};
use crate::moves::{Move, Position, Tables};
use crate::notation::play_line_moves;
use crate::rules::Rules;
use crate::text::digest;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The version of the plan, unit and result documents.
pub const SCHEMA_VERSION: u32 = 1;
const PLAN_KIND: &str = "taflperft-plan";
const UNIT_KIND: &str = "taflperft-unit";
const RESULT_KIND: &str = "taflperft-unit-result";
/// The plan document's name in a plan folder.
pub const PLAN_FILE: &str = "plan.json";

/// What went wrong with a plan, a unit or a merge. `Missing` is a check that failed
/// (exit 1 in taflperft); everything else is an input error (exit 2).
#[derive(Debug)]
pub enum UnitsError {
    /// A file could not be read or written.
    Io {
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
    /// Merge: the unit files together are not the plan's positions (emptied,
    /// duplicated or edited units), so their counts cannot add up to the plan's perft.
    Tampered {
        /// The plan folder.
        dir: PathBuf,
        /// What does not add up.
        reason: String,
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
            UnitsError::Io { path, error } => write!(f, "{}: {error}", path.display()),
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
                "{} already holds a plan; use --force to replace it",
                path.display()
            ),
            UnitsError::Invalid(reason) => f.write_str(reason),
            UnitsError::Tampered { dir, reason } => write!(
                f,
                "{}: the unit files are not the plan's positions: {reason}",
                dir.display()
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

fn corrupt(path: &Path, reason: impl Into<String>) -> UnitsError {
    UnitsError::Corrupt {
        path: path.to_path_buf(),
        reason: reason.into(),
    }
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> UnitsError + '_ {
    move |error| UnitsError::Io {
        path: path.to_path_buf(),
        error,
    }
}

/// The root of a plan: rules, a position record (rank 1 first), the side to move there
/// and the moves played from it (space separated, `from-to`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Root {
    /// The OTN rules string, written out in full so that the file stands alone.
    pub rules: String,
    /// The position before `moves`, as a record with rank 1 first.
    pub position: String,
    /// Who moves in `position`: `attackers` or `defenders`.
    pub side: String,
    /// The moves from `position` to the root, space separated; often empty.
    pub moves: String,
}

impl Root {
    /// The tables (Zobrist keys from `key_seed`) and the root position.
    pub fn setup(&self, key_seed: u64) -> Result<(Tables, Position), UnitsError> {
        let invalid =
            |what: &str, e: &dyn fmt::Display| UnitsError::Invalid(format!("{what}: {e}"));
        let rules: Rules = self.rules.parse().map_err(|e| invalid("rules", &e))?;
        let tables = Tables::with_key_seed(&rules, key_seed).map_err(|e| invalid("rules", &e))?;
        let layout = Layout::parse(&self.position, RecordOrder::RankOneFirst)
            .map_err(|e| invalid("position", &e))?;
        let side: Side = self.side.parse().map_err(|e| invalid("side", &e))?;
        let start =
            Position::from_layout(&tables, &layout, side).map_err(|e| invalid("position", &e))?;
        let (pos, _) =
            play_line_moves(&tables, start, &self.moves).map_err(|e| invalid("moves", &e))?;
        Ok((tables, pos))
    }
}

/// A count per depth; big numbers as decimal strings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DepthCount {
    /// Plies below the root.
    pub depth: u32,
    /// The count, in decimal (deep counts outgrow what JSON readers hold exactly).
    pub nodes: String,
}

/// A count per root move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveCount {
    /// The root move, `from-to` (`move` in JSON).
    #[serde(rename = "move")]
    pub mv: String,
    /// The count below it, in decimal.
    pub nodes: String,
}

/// `plan.json`: what the units share.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanDoc {
    /// `SCHEMA_VERSION`; a reader refuses any other.
    pub schema_version: u32,
    /// `taflperft-plan`, so that no other document of the run passes for it.
    pub kind: String,
    /// `plan_id` of the root, depth, split and units below, checked on reading.
    pub plan_id: String,
    /// The position counted.
    pub root: Root,
    /// The perft depth of the whole run.
    pub depth: u32,
    /// The ply where the tree is cut into units: 1 to `depth - 1`.
    pub split: u32,
    /// How many unit files the plan has.
    pub units: usize,
    /// The root's moves in generation order (the rows of the merged divide).
    pub root_moves: Vec<String>,
    /// The unique positions at ply `split`, over all units.
    pub unique_positions: u64,
    /// Perft at depths 1..=split, counted while planning.
    pub shallow: Vec<DepthCount>,
    /// The board symmetries under which positions at ply `split` were merged
    /// (`plan --fold-symmetries`), by name, the identity first; empty if positions were
    /// merged only when equal.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub folded: Vec<String>,
    /// A digest of every unit's positions and paths, in unit order (`unit_digest` of
    /// each, hashed together), so a merge can tell an edited unit file from the one
    /// planned. Absent in plans written before it existed; their merge still checks
    /// that the paths add up to perft(split) and that no position repeats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub positions_digest: Option<String>,
}

/// One position of a unit: a line reaching it from the root, and how many move
/// sequences reach it through each root move (in a folded plan, reach it or one of its
/// images under the folded symmetries, which have the same subtree counts).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitPosition {
    /// The first move sequence found from the root to the position, space separated.
    pub line: String,
    /// For each root move through which the position is reached: the move, and how
    /// many move sequences starting with it reach it.
    pub paths: Vec<(String, u64)>,
}

/// `unit-NNN.json`: self-contained, so a cluster node needs only this file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitDoc {
    /// `SCHEMA_VERSION`; a reader refuses any other.
    pub schema_version: u32,
    /// `taflperft-unit`.
    pub kind: String,
    /// The plan's id, recomputed from this file's own fields on reading.
    pub plan_id: String,
    /// This unit's number, from 0.
    pub unit: usize,
    /// How many units the plan has.
    pub units: usize,
    /// The plan's root.
    pub root: Root,
    /// The plan's depth.
    pub depth: u32,
    /// The plan's split: every position here lies `split` plies below the root.
    pub split: u32,
    /// The plan's folded symmetries (see `PlanDoc::folded`); part of the plan id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub folded: Vec<String>,
    /// The unique positions dealt to this unit.
    pub positions: Vec<UnitPosition>,
}

/// The table a unit was counted with, if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HashUsed {
    /// The table's size as asked for, in MiB (`--hash`).
    pub megabytes: usize,
    /// The key seed (`--hash-seed`): the table's and the engine's Zobrist keys.
    pub seed: u64,
}

/// Time and threads, kept apart so that documents compare without them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Timing {
    /// Wall-clock seconds spent counting the unit.
    pub seconds: f64,
    /// The threads that shared the work.
    pub threads: usize,
}

/// `unit-NNN.result.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultDoc {
    /// `SCHEMA_VERSION`; a reader refuses any other.
    pub schema_version: u32,
    /// `taflperft-unit-result`.
    pub kind: String,
    /// The plan of the unit counted.
    pub plan_id: String,
    /// The unit counted, from 0.
    pub unit: usize,
    /// How many units the plan has.
    pub units: usize,
    /// The digest of the unit's positions, so a result cannot pass for another unit file.
    pub unit_digest: String,
    /// The plan's depth.
    pub depth: u32,
    /// The plan's split.
    pub split: u32,
    /// The table the unit was counted with; `None` for plain perft.
    pub hash: Option<HashUsed>,
    /// Perft contributions at depths split+1..=depth (each position's count times its
    /// paths).
    pub totals: Vec<DepthCount>,
    /// Contributions to the divide of ply 1 at `depth`: one row per root move that
    /// reaches the unit's positions, sorted by the move's text.
    pub divide: Vec<MoveCount>,
    /// Each position's subtree count at depth - split, in the unit's order.
    pub positions: Vec<String>,
    /// Time and threads, apart so that results compare without them.
    pub timing: Timing,
}

/// The plan id: a hash of the root, the depth, the split, the number of units and the
/// folded symmetries (left out when there are none, so plans made before folding keep
/// their ids).
pub fn plan_id(root: &Root, depth: u32, split: u32, units: usize, folded: &[String]) -> String {
    let (depth, split, units) = (depth.to_string(), split.to_string(), units.to_string());
    let mut parts = vec![
        "taflperft-plan-v1",
        &root.rules,
        &root.position,
        &root.side,
        &root.moves,
        &depth,
        &split,
        &units,
    ];
    if !folded.is_empty() {
        parts.push("folded");
        parts.extend(folded.iter().map(String::as_str));
    }
    digest(&parts)
}

/// The symmetries a plan of `root` folds: every one its rules keep (`Rules::symmetries`).
fn symmetries_of(root: &Root) -> Result<Vec<Symmetry>, UnitsError> {
    let rules: Rules = root
        .rules
        .parse()
        .map_err(|e| UnitsError::Invalid(format!("rules: {e}")))?;
    Ok(rules.symmetries())
}

/// Checks a document's `folded` names: all of them, exactly the symmetries its rules
/// keep, the identity first. Anything else could merge positions whose counts differ.
fn check_folded(path: &Path, root: &Root, folded: &[String]) -> Result<(), UnitsError> {
    if folded.is_empty() {
        return Ok(());
    }
    let kept: Vec<String> = symmetries_of(root)
        .map_err(|e| corrupt(path, e.to_string()))?
        .iter()
        .map(|g| g.name().to_string())
        .collect();
    if folded != kept.as_slice() {
        return Err(corrupt(
            path,
            format!(
                "`folded` lists {}, but the rules keep exactly {}",
                folded.join(", "),
                kept.join(", ")
            ),
        ));
    }
    Ok(())
}

/// The digest of a unit's positions.
pub fn unit_digest(positions: &[UnitPosition]) -> String {
    let mut parts = Vec::new();
    let counts: Vec<String> = positions
        .iter()
        .flat_map(|p| p.paths.iter().map(|(_, n)| n.to_string()))
        .collect();
    let mut c = counts.iter();
    for p in positions {
        parts.push(p.line.as_str());
        for (m, _) in &p.paths {
            parts.push(m.as_str());
            parts.push(c.next().expect("one count per path"));
        }
    }
    digest(&parts)
}

/// The digest of a plan's units, in unit order: see `PlanDoc::positions_digest`.
pub fn positions_digest(units: &[UnitDoc]) -> String {
    let digests: Vec<String> = units.iter().map(|u| unit_digest(&u.positions)).collect();
    let parts: Vec<&str> = digests.iter().map(String::as_str).collect();
    digest(&parts)
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

/// Equal as far as any perft below can tell: pieces, side to move, berserk continuation,
/// last mover and a captured king.
fn same_position(a: &Position, b: &Position) -> bool {
    a == b && a.last_mover == b.last_mover && a.king_captured == b.king_captured
}

/// A plan in memory: the plan document and its units.
#[derive(Clone, Debug)]
pub struct Plan {
    /// What the units share: `plan.json`.
    pub doc: PlanDoc,
    /// The units, by number.
    pub units: Vec<UnitDoc>,
}

struct Unique {
    moves: Vec<Move>,
    paths: Vec<(usize, u64)>,
}

/// Plans a perft of `root` to `depth`: unique positions at ply `split` dealt round-robin
/// into `units` units (in the order they are first reached). With `fold_symmetries`, a
/// position that is the image of one already found under a symmetry the rules keep is
/// merged into it: perft is invariant under those symmetries, so a symmetric start
/// leaves up to 8 times fewer positions to count.
pub fn plan(
    root: &Root,
    depth: u32,
    split: u32,
    units: usize,
    fold_symmetries: bool,
) -> Result<Plan, UnitsError> {
    plan_watched(
        root,
        depth,
        split,
        units,
        fold_symmetries,
        MAX_PLAN_POSITIONS,
        &mut |_| {},
    )
}

/// The most unique positions a plan holds. Planning keeps every position with its moves
/// and paths (260 bytes each in the walk, measured on copenhagen at ply 4, and as much
/// again for the unit files' text), so five million take about 3 GB; past that the
/// split is too deep for one machine to plan, and a shallower split with the same depth
/// leaves the deep work to the units, where it belongs. Before this cap, copenhagen at
/// ply 5 took every byte it could get and aborted (issue 24).
pub const MAX_PLAN_POSITIONS: usize = 5_000_000;

/// [`plan`], stopping with an error once more than `max_positions` unique positions are
/// found, and calling `progress` with the paths to ply `split` walked so far, every
/// 65,536 of them (the total is perft(split), which [`super::estimate`] foretells).
pub fn plan_watched(
    root: &Root,
    depth: u32,
    split: u32,
    units: usize,
    fold_symmetries: bool,
    max_positions: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<Plan, UnitsError> {
    if split == 0 || split >= depth {
        return Err(UnitsError::Invalid(format!(
            "--split must be between 1 and depth - 1 = {} (got {split})",
            depth.saturating_sub(1)
        )));
    }
    if units == 0 {
        return Err(UnitsError::Invalid("--units must be at least 1".into()));
    }
    let (t, start) = root.setup(0)?;
    let group = if fold_symmetries {
        symmetries_of(root)?
    } else {
        Vec::new()
    };
    let folded: Vec<String> = group.iter().map(|g| g.name().to_string()).collect();
    let images: Vec<Symmetry> = group
        .into_iter()
        .filter(|&g| g != Symmetry::Identity)
        .collect();
    let root_moves = if start.is_over(&t) {
        Vec::new()
    } else {
        start.legal_moves(&t)
    };
    let mut walk = Walk {
        t: &t,
        start: &start,
        split,
        images: &images,
        line: Vec::with_capacity(split as usize),
        shallow: vec![0u64; split as usize + 1],
        found: Vec::new(),
        by_hash: HashMap::new(),
        max_positions,
        progress,
    };
    for (i, &mv) in root_moves.iter().enumerate() {
        let mut child = start.clone();
        child.play(&t, mv);
        walk.line.push(mv);
        walk.enumerate(&child, 1, i);
        walk.line.pop();
        if walk.found.len() > max_positions {
            return Err(UnitsError::Invalid(format!(
                "ply {split} holds more than {max_positions} unique positions, more than \
                 a plan keeps: split at a shallower ply"
            )));
        }
    }
    let Walk { shallow, found, .. } = walk;
    if found.len() < units {
        return Err(UnitsError::Invalid(format!(
            "only {} unique position(s) at ply {split}: ask for at most that many units",
            found.len()
        )));
    }
    let id = plan_id(root, depth, split, units, &folded);
    let names: Vec<String> = root_moves.iter().map(|m| m.to_string()).collect();
    let mut unit_docs: Vec<UnitDoc> = (0..units)
        .map(|unit| UnitDoc {
            schema_version: SCHEMA_VERSION,
            kind: UNIT_KIND.into(),
            plan_id: id.clone(),
            unit,
            units,
            root: root.clone(),
            depth,
            split,
            folded: folded.clone(),
            positions: Vec::new(),
        })
        .collect();
    let unique = found.len() as u64;
    for (i, u) in found.into_iter().enumerate() {
        let line = u
            .moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let paths = u
            .paths
            .iter()
            .map(|&(m, n)| (names[m].clone(), n))
            .collect();
        unit_docs[i % units]
            .positions
            .push(UnitPosition { line, paths });
    }
    Ok(Plan {
        doc: PlanDoc {
            schema_version: SCHEMA_VERSION,
            kind: PLAN_KIND.into(),
            plan_id: id,
            root: root.clone(),
            depth,
            split,
            units,
            root_moves: names,
            unique_positions: unique,
            shallow: (1..=split)
                .map(|d| DepthCount {
                    depth: d,
                    nodes: shallow[d as usize].to_string(),
                })
                .collect(),
            folded,
            positions_digest: Some(positions_digest(&unit_docs)),
        },
        units: unit_docs,
    })
}

/// The walk to ply `split` that finds a plan's unique positions.
struct Walk<'a> {
    t: &'a Tables,
    start: &'a Position,
    split: u32,
    images: &'a [Symmetry],
    /// The moves from the root to the position walked.
    line: Vec<Move>,
    /// Paths to each ply up to `split`.
    shallow: Vec<u64>,
    found: Vec<Unique>,
    by_hash: HashMap<u64, Vec<usize>>,
    /// Past this many unique positions the walk stops (the caller reports it).
    max_positions: usize,
    progress: &'a mut dyn FnMut(u64),
}

impl Walk<'_> {
    fn enumerate(&mut self, pos: &Position, ply: u32, first: usize) {
        if self.found.len() > self.max_positions {
            return;
        }
        self.shallow[ply as usize] += 1;
        if ply == self.split {
            let paths = self.shallow[ply as usize];
            if paths % (1 << 16) == 0 {
                (self.progress)(paths);
            }
            let (t, start) = (self.t, self.start);
            let known = |image: &Position, found: &[Unique], by_hash: &HashMap<u64, Vec<usize>>| {
                by_hash.get(&image.hash())?.iter().copied().find(|&i| {
                    let mut q = start.clone();
                    for &mv in &found[i].moves {
                        q.play(t, mv);
                    }
                    same_position(image, &q)
                })
            };
            // The position itself first (most repeats are transpositions), then its
            // images.
            let same = known(pos, &self.found, &self.by_hash).or_else(|| {
                self.images
                    .iter()
                    .find_map(|&g| known(&pos.transformed(t, g), &self.found, &self.by_hash))
            });
            let i = same.unwrap_or_else(|| {
                self.by_hash
                    .entry(pos.hash())
                    .or_default()
                    .push(self.found.len());
                self.found.push(Unique {
                    moves: self.line.clone(),
                    paths: Vec::new(),
                });
                self.found.len() - 1
            });
            let paths = &mut self.found[i].paths;
            match paths.iter_mut().find(|(m, _)| *m == first) {
                Some((_, n)) => *n += 1,
                None => paths.push((first, 1)),
            }
            return;
        }
        if pos.ended_before_moving(self.t) {
            return;
        }
        pos.for_each_piece_moves(self.t, |piece| {
            for mv in piece.iter() {
                let mut child = pos.clone();
                child.play(self.t, mv);
                self.line.push(mv);
                self.enumerate(&child, ply + 1, first);
                self.line.pop();
            }
        });
    }
}

/// Writes `bytes` to `path` atomically ([`crate::files::write_file`]), replacing it.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), UnitsError> {
    crate::files::write_file(path, bytes, true).map_err(|e| match e {
        crate::files::WriteError::Io { path, error } => UnitsError::Io { path, error },
        crate::files::WriteError::Exists(path) => UnitsError::Io {
            error: std::io::ErrorKind::AlreadyExists.into(),
            path,
        },
    })
}

fn to_json<T: Serialize>(doc: &T) -> Vec<u8> {
    let mut text = serde_json::to_vec_pretty(doc).expect("documents always serialise");
    text.push(b'\n');
    text
}

/// The files of the plan in `dir` by its own `plan.json`: the plan, its units, their
/// results and the temporary files of any of them. A `unit-999.json` of the user's
/// that the plan never dealt out is not among them.
fn own_files(dir: &Path) -> Result<Vec<PathBuf>, UnitsError> {
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
    for entry in std::fs::read_dir(dir).map_err(io(dir))? {
        let entry = entry.map_err(io(dir))?;
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
    std::fs::create_dir_all(dir).map_err(io(dir))?;
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
                std::fs::remove_file(&path).map_err(io(&path))?;
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

fn read_doc<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<T, UnitsError> {
    let text = std::fs::read(path).map_err(io(path))?;
    // A byte-order mark is no part of the JSON (crate::text).
    let text = text.strip_prefix("\u{feff}".as_bytes()).unwrap_or(&text);
    serde_json::from_slice(text)
        .map_err(|e| corrupt(path, format!("not JSON of the expected shape: {e}")))
}

fn check_header(path: &Path, schema: u32, kind: &str, want: &str) -> Result<(), UnitsError> {
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

fn parse_count(path: &Path, text: &str) -> Result<u128, UnitsError> {
    text.parse::<u128>()
        .map_err(|_| corrupt(path, format!("`{text}` is not a count")))
}

fn parse_counts(path: &Path, texts: &[String]) -> Result<Vec<u128>, UnitsError> {
    texts.iter().map(|t| parse_count(path, t)).collect()
}

/// A unit's total at full depth and its divide contributions (one per root move that
/// reaches the unit, sorted by the move's text), from per-position counts.
fn contributions(unit: &UnitDoc, counts: &[u128]) -> (u128, Vec<(String, u128)>) {
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

/// How a unit run ended.
#[derive(Debug)]
pub enum UnitRun {
    /// Its result was already there and valid.
    Skipped(ResultDoc),
    /// Counted now and written.
    Done(ResultDoc),
}

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
    let out = result_path(path);
    let seed = options.table.map_or(0, |(t, _)| t.seed());
    let unit = load_unit(path, seed)?;
    if out.exists() {
        let done = read_result(&out)?;
        check_result(&out, &unit.doc, &done)?;
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
            DepthCount {
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
    write_atomic(&out, &to_json(&result))?;
    Ok(UnitRun::Done(result))
}

/// A merged run.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The plan merged.
    pub plan: PlanDoc,
    /// Perft at depths 1..=depth.
    pub totals: Vec<(u32, u128)>,
    /// The divide of ply 1 at full depth, in the root's generation order.
    pub divide: Vec<(String, u128)>,
    /// The units' own seconds, added up.
    pub unit_seconds: f64,
}

/// Merges a plan folder: every unit must have a valid result of this plan. Units
/// without a result are named in `Missing`; a corrupt or foreign file is an error of
/// its own.
pub fn merge(dir: &Path) -> Result<Merged, UnitsError> {
    let plan_path = dir.join(PLAN_FILE);
    if !plan_path.exists() {
        return Err(UnitsError::Invalid(format!(
            "{}: no {PLAN_FILE}: not a plan folder (make one with `taflperft plan`)",
            dir.display()
        )));
    }
    let plan = read_plan(&plan_path)?;
    // Every unit or result file in the folder must be one of this plan's.
    let expected: Vec<String> = (0..plan.units)
        .map(|i| unit_file_name(i, plan.units))
        .collect();
    for entry in std::fs::read_dir(dir).map_err(io(dir))? {
        let entry = entry.map_err(io(dir))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let unit_name = name
            .strip_suffix(".result.json")
            .map(|s| format!("{s}.json"));
        let unit_name = unit_name.as_deref().unwrap_or(&name);
        if name.starts_with("unit-")
            && name.ends_with(".json")
            && !expected.iter().any(|e| e == unit_name)
        {
            return Err(UnitsError::Foreign {
                path: entry.path(),
                reason: format!(
                    "the plan has units {} to {}",
                    expected[0],
                    expected[plan.units - 1]
                ),
            });
        }
    }
    let mut missing = Vec::new();
    let mut loaded = Vec::new();
    for name in &expected {
        let unit_path = dir.join(name);
        if !unit_path.exists() {
            missing.push(format!("{name} (the unit file itself)"));
            continue;
        }
        let unit = read_unit(&unit_path)?;
        if unit.plan_id != plan.plan_id {
            return Err(UnitsError::Foreign {
                path: unit_path,
                reason: format!(
                    "plan {} where the folder's plan is {}",
                    unit.plan_id, plan.plan_id
                ),
            });
        }
        if expected[unit.unit] != *name {
            return Err(UnitsError::Foreign {
                path: unit_path,
                reason: format!("it says it is unit {}", unit.unit),
            });
        }
        let out = result_path(&unit_path);
        if !out.exists() {
            missing.push(name.clone());
            continue;
        }
        let result = read_result(&out)?;
        check_result(&out, &unit, &result)?;
        loaded.push((unit, result));
    }
    if !missing.is_empty() {
        return Err(UnitsError::Missing { names: missing });
    }
    check_units_make_the_plan(dir, &plan_path, &plan, &expected, &loaded)?;
    let mut totals: Vec<(u32, u128)> = Vec::new();
    for c in &plan.shallow {
        totals.push((c.depth, parse_count(&plan_path, &c.nodes)?));
    }
    let mut deep = vec![0u128; (plan.depth - plan.split) as usize];
    let mut divide: Vec<(String, u128)> = plan.root_moves.iter().map(|m| (m.clone(), 0)).collect();
    let mut unit_seconds = 0.0;
    for (unit, result) in &loaded {
        let out = result_path(&dir.join(&expected[unit.unit]));
        for (slot, c) in deep.iter_mut().zip(&result.totals) {
            *slot += parse_count(&out, &c.nodes)?;
        }
        for c in &result.divide {
            let row = divide.iter_mut().find(|(m, _)| *m == c.mv).ok_or_else(|| {
                corrupt(
                    &out,
                    format!("`{}` is not one of the plan's root moves", c.mv),
                )
            })?;
            row.1 += parse_count(&out, &c.nodes)?;
        }
        unit_seconds += result.timing.seconds;
    }
    for (i, n) in deep.into_iter().enumerate() {
        totals.push((plan.split + 1 + i as u32, n));
    }
    Ok(Merged {
        plan,
        totals,
        divide,
        unit_seconds,
    })
}

/// The units of a merge must hold exactly the positions the plan dealt out: their paths
/// add up to the plan's own perft(split), their number is the plan's count of unique
/// positions, no position (or, in a folded plan, no image of one) appears twice, and
/// their digest is the plan's. Each result is already tied to its unit file by
/// `check_result`, so an emptied, duplicated or edited unit file is caught here.
fn check_units_make_the_plan(
    dir: &Path,
    plan_path: &Path,
    plan: &PlanDoc,
    names: &[String],
    loaded: &[(UnitDoc, ResultDoc)],
) -> Result<(), UnitsError> {
    let tampered = |reason: String| UnitsError::Tampered {
        dir: dir.to_path_buf(),
        reason,
    };
    let units: Vec<UnitDoc> = loaded.iter().map(|(u, _)| u.clone()).collect();
    let perft_split = match plan.shallow.last() {
        Some(c) => parse_count(plan_path, &c.nodes)?,
        None => return Err(corrupt(plan_path, "no perft(split) in the plan")),
    };
    let paths: u128 = units
        .iter()
        .flat_map(|u| u.positions.iter().flat_map(|p| p.paths.iter()))
        .map(|&(_, n)| n as u128)
        .sum();
    if paths != perft_split {
        return Err(tampered(format!(
            "their paths add up to {paths} where the plan counted perft({}) = {perft_split}",
            plan.split
        )));
    }
    let positions: usize = units.iter().map(|u| u.positions.len()).sum();
    if positions as u64 != plan.unique_positions {
        return Err(tampered(format!(
            "they hold {positions} positions where the plan dealt out {}",
            plan.unique_positions
        )));
    }
    // Every position replayed once: none may repeat, nor be an image of another under
    // the folded symmetries (the plan merged those).
    let images: Vec<Symmetry> = symmetries_of(&plan.root)?
        .into_iter()
        .filter(|g| g != &Symmetry::Identity && plan.folded.iter().any(|f| f == g.name()))
        .collect();
    // Only keys are kept (a deep plan has millions of positions); a repeated key is
    // confirmed by replaying the earlier line.
    let mut seen: HashMap<u64, Vec<(usize, usize)>> = HashMap::new();
    let mut tables = Vec::with_capacity(units.len());
    for unit in &units {
        let path = dir.join(&names[unit.unit]);
        tables.push(
            unit.root
                .setup(0)
                .map_err(|e| corrupt(&path, format!("root: {e}")))?,
        );
    }
    let replay = |k: usize, i: usize| -> Result<Position, UnitsError> {
        let (t, root) = &tables[k];
        play_line_moves(t, root.clone(), &units[k].positions[i].line)
            .map(|(pos, _)| pos)
            .map_err(|e| {
                let path = dir.join(&names[units[k].unit]);
                corrupt(&path, format!("position {}: {e}", i + 1))
            })
    };
    for (k, unit) in units.iter().enumerate() {
        let t = &tables[k].0;
        for i in 0..unit.positions.len() {
            let pos = replay(k, i)?;
            let key = images
                .iter()
                .map(|&g| pos.transformed(t, g).hash())
                .fold(pos.hash(), u64::min);
            for &(k0, i0) in seen.get(&key).into_iter().flatten() {
                let q = replay(k0, i0)?;
                if q == pos || images.iter().any(|&g| pos.transformed(t, g) == q) {
                    return Err(tampered(format!(
                        "position {} of {} is position {} of {} again",
                        i + 1,
                        names[unit.unit],
                        i0 + 1,
                        names[units[k0].unit]
                    )));
                }
            }
            seen.entry(key).or_default().push((k, i));
        }
    }
    if let Some(want) = &plan.positions_digest {
        if positions_digest(&units) != *want {
            return Err(tampered(
                "their positions or paths differ from those the plan dealt out".into(),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::catalog;

    fn brandub_root() -> Root {
        let rules = catalog::find("brandub").unwrap().rules();
        Root {
            position: rules.start.record(RecordOrder::RankOneFirst),
            rules: rules.to_string(),
            side: "attackers".into(),
            moves: String::new(),
        }
    }

    #[test]
    fn a_plan_stops_past_its_positions_cap_and_reports_progress() {
        // perft(3) of brandub is 39,512 paths to 20,984 unique positions (docs/perft.md,
        // docs/perft-deep.md); a cap of 100 stops the walk early.
        let mut calls = Vec::new();
        let e = plan_watched(&brandub_root(), 4, 3, 1, false, 100, &mut |p| calls.push(p))
            .err()
            .unwrap();
        assert!(
            e.to_string().contains("more than 100 unique positions"),
            "{e}"
        );
        // Uncapped, progress comes every 65,536 paths: brandub's 1,007,392 paths to ply
        // 4 give 15 calls.
        let mut calls = Vec::new();
        let p = plan_watched(&brandub_root(), 5, 4, 1, false, usize::MAX, &mut |p| {
            calls.push(p)
        })
        .unwrap();
        assert_eq!(p.doc.shallow.last().unwrap().nodes, "1007392");
        assert_eq!(calls.len(), 15);
        assert!(calls
            .iter()
            .enumerate()
            .all(|(i, &c)| c == (i as u64 + 1) * 65_536));
    }

    #[test]
    fn plan_counts_every_path_once_and_merges_transpositions() {
        let plan = plan(&brandub_root(), 4, 3, 3, false).unwrap();
        // brandub perft(1..3): 40, 960, 39,512 (published).
        let shallow: Vec<&str> = plan.doc.shallow.iter().map(|c| c.nodes.as_str()).collect();
        assert_eq!(shallow, ["40", "960", "39512"]);
        let paths: u64 = plan
            .units
            .iter()
            .flat_map(|u| &u.positions)
            .flat_map(|p| p.paths.iter().map(|(_, n)| n))
            .sum();
        assert_eq!(paths, 39_512);
        // Two quiet attacker moves of different pieces commute: fewer unique positions.
        let unique: usize = plan.units.iter().map(|u| u.positions.len()).sum();
        assert_eq!(unique as u64, plan.doc.unique_positions);
        assert!(plan.doc.unique_positions < 39_512);
    }

    #[test]
    fn folding_merges_images_and_keeps_every_path() {
        let plain = plan(&brandub_root(), 4, 3, 3, false).unwrap();
        let folded = plan(&brandub_root(), 4, 3, 3, true).unwrap();
        assert_eq!(folded.doc.folded.len(), 8);
        assert_ne!(folded.doc.plan_id, plain.doc.plan_id);
        // Same paths, about an eighth of the positions (a few are their own images).
        let paths = |p: &Plan| -> u64 {
            p.units
                .iter()
                .flat_map(|u| &u.positions)
                .flat_map(|q| q.paths.iter().map(|(_, n)| n))
                .sum()
        };
        assert_eq!(paths(&folded), 39_512);
        let (f, p) = (folded.doc.unique_positions, plain.doc.unique_positions);
        assert!(f * 8 >= p && f * 7 < p, "{f} folded of {p}");
        // No two folded positions are images of each other.
        let (t, start) = brandub_root().setup(0).unwrap();
        let reps: Vec<Position> = folded
            .units
            .iter()
            .flat_map(|u| &u.positions)
            .map(|q| play_line_moves(&t, start.clone(), &q.line).unwrap().0)
            .collect();
        let mut seen = std::collections::HashSet::new();
        for r in &reps {
            for g in Symmetry::ALL {
                let image = r.transformed(&t, g);
                assert!(
                    g == Symmetry::Identity || !seen.contains(&image.hash()),
                    "an image already planned"
                );
            }
            seen.insert(r.hash());
        }
    }

    #[test]
    fn a_folded_list_the_rules_do_not_keep_is_refused() {
        let folded = plan(&brandub_root(), 4, 2, 1, true).unwrap();
        let mut unit = folded.units[0].clone();
        let dir = std::env::temp_dir().join(format!("units-folded-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("unit-000.json");
        // A rule set with a corner missing keeps fewer symmetries than the unit claims.
        unit.root.rules = unit
            .root
            .rules
            .replace("name:Brandub", "name:Brandub cor:a1");
        unit.plan_id = plan_id(&unit.root, unit.depth, unit.split, unit.units, &unit.folded);
        std::fs::write(&path, to_json(&unit)).unwrap();
        let err = read_unit(&path).unwrap_err().to_string();
        assert!(err.contains("`folded`"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_split_at_or_below_the_depth_is_refused() {
        assert!(matches!(
            plan(&brandub_root(), 3, 3, 1, false),
            Err(UnitsError::Invalid(_))
        ));
        assert!(matches!(
            plan(&brandub_root(), 3, 0, 1, false),
            Err(UnitsError::Invalid(_))
        ));
    }

    #[test]
    fn unit_names_and_result_names() {
        assert_eq!(unit_file_name(17, 64), "unit-017.json");
        assert_eq!(unit_file_name(17, 2000), "unit-0017.json");
        assert_eq!(
            result_path(Path::new("runs/x/unit-017.json")),
            Path::new("runs/x/unit-017.result.json")
        );
    }
}
