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
    check_shape(depth, split, units)?;
    let (t, start) = root.setup(0)?;
    let (folded, images) = folded_symmetries(root, fold_symmetries)?;
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
    walk.walk_root_moves(&root_moves)?;
    let Walk { shallow, found, .. } = walk;
    if found.len() < units {
        return Err(UnitsError::Invalid(format!(
            "only {} unique position(s) at ply {split}: ask for at most that many units",
            found.len()
        )));
    }
    let id = plan_id(root, depth, split, units, &folded);
    let names: Vec<String> = root_moves.iter().map(|m| m.to_string()).collect();
    let unique = found.len() as u64;
    let template = UnitDoc {
        schema_version: SCHEMA_VERSION,
        kind: UNIT_KIND.into(),
        plan_id: id.clone(),
        unit: 0,
        units,
        root: root.clone(),
        depth,
        split,
        folded: folded.clone(),
        positions: Vec::new(),
    };
    let unit_docs = deal_into_units(&template, found, &names);
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

/// Refuses a split outside 1..depth and a plan of no units, before any work.
fn check_shape(depth: u32, split: u32, units: usize) -> Result<(), UnitsError> {
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
    Ok(())
}

/// The symmetries folded (their names, for the plan, the identity included) and the
/// images a position is compared under (the identity left out); none without folding.
fn folded_symmetries(
    root: &Root,
    fold_symmetries: bool,
) -> Result<(Vec<String>, Vec<Symmetry>), UnitsError> {
    let group = if fold_symmetries {
        symmetries_of(root)?
    } else {
        Vec::new()
    };
    let folded = group.iter().map(|g| g.name().to_string()).collect();
    let images = group
        .into_iter()
        .filter(|&g| g != Symmetry::Identity)
        .collect();
    Ok((folded, images))
}

/// The unique positions dealt round-robin into the units, in the order they were first
/// reached; each unit is `template` with its number and positions.
fn deal_into_units(template: &UnitDoc, found: Vec<Unique>, names: &[String]) -> Vec<UnitDoc> {
    let units = template.units;
    let mut unit_docs: Vec<UnitDoc> = (0..units)
        .map(|unit| UnitDoc {
            unit,
            ..template.clone()
        })
        .collect();
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
    unit_docs
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
    /// Walks every root move in turn to ply `split`; refuses a plan that would keep more
    /// than `max_positions` positions.
    fn walk_root_moves(&mut self, root_moves: &[Move]) -> Result<(), UnitsError> {
        for (i, &mv) in root_moves.iter().enumerate() {
            let mut child = self.start.clone();
            child.play(self.t, mv);
            self.line.push(mv);
            self.enumerate(&child, 1, i);
            self.line.pop();
            if self.found.len() > self.max_positions {
                return Err(UnitsError::Invalid(format!(
                    "ply {} holds more than {} unique positions, more than a plan keeps: \
                     split at a shallower ply",
                    self.split, self.max_positions
                )));
            }
        }
        Ok(())
    }

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
            self.count_path(pos, first);
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

    /// Counts a path through root move `first` to `pos` at ply `split`: on the unique
    /// position it is, or its image under a folded symmetry, or on a new one.
    fn count_path(&mut self, pos: &Position, first: usize) {
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
        // The position itself first (most repeats are transpositions), then its images.
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
    }
}
