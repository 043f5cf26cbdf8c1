//! Planning: the walk to the split ply that finds the unique positions, dealt into units.

use super::*;

/// A plan in memory: the plan document and its units.
#[derive(Clone, Debug)]
pub struct Plan {
    /// What the units share: `plan.json`.
    pub doc: PlanDoc,
    /// The units, by number.
    pub units: Vec<UnitDoc>,
}

pub(super) struct Unique {
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
/// 65,536 of them (the total is perft(split), which [`crate::perft::estimate`] foretells).
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
            "the split depth must be between 1 and depth - 1 = {} (got {split})",
            depth.saturating_sub(1)
        )));
    }
    if units == 0 {
        return Err(UnitsError::Invalid(
            "the number of units must be at least 1".into(),
        ));
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
                .map(|d| DepthTotal {
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
pub(super) struct Walk<'a> {
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
