//! A scored run of the misplay suite: the share of positions solved, per variant and
//! per length of the win, for the AI's hard tier and for any engine alike.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Positions solved of a group.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    /// The group: a variant, or a length (`5 plies`), or `all`.
    pub group: String,
    /// Positions in the group.
    pub positions: usize,
    /// Positions solved.
    pub solved: usize,
    /// `solved / positions`, 0 to 1.
    pub rate: f64,
}

/// A row of a scored run: its variant, the length of its win, and whether it was solved.
pub trait Scored {
    /// The variant the fixture is scored under.
    fn variant(&self) -> &str;
    /// The length of the fixture's win (or its proof's horizon), in plies.
    fn plies(&self) -> u32;
    /// True if the engine played a right move.
    fn solved(&self) -> bool;
}

impl Rate {
    fn of<'a, R: Scored + 'a>(group: String, rows: impl Iterator<Item = &'a R>) -> Rate {
        let (mut positions, mut solved) = (0, 0);
        for r in rows {
            positions += 1;
            solved += usize::from(r.solved());
        }
        Rate {
            group,
            positions,
            solved,
            rate: solved as f64 / positions.max(1) as f64,
        }
    }
}

/// Solve rates by variant (sorted by name), then `all`.
pub fn by_variant<R: Scored>(rows: &[R]) -> Vec<Rate> {
    let mut groups: BTreeMap<&str, Vec<&R>> = BTreeMap::new();
    for r in rows {
        groups.entry(r.variant()).or_default().push(r);
    }
    let mut rates: Vec<Rate> = groups
        .into_iter()
        .map(|(g, rs)| Rate::of(g.to_string(), rs.into_iter()))
        .collect();
    rates.push(Rate::of("all".into(), rows.iter()));
    rates
}

/// Solve rates by length of the win (shortest first).
pub fn by_length<R: Scored>(rows: &[R]) -> Vec<Rate> {
    let mut groups: BTreeMap<u32, Vec<&R>> = BTreeMap::new();
    for r in rows {
        groups.entry(r.plies()).or_default().push(r);
    }
    groups
        .into_iter()
        .map(|(p, rs)| Rate::of(format!("{p} plies"), rs.into_iter()))
        .collect()
}
