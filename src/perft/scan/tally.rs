//! The scan's tally as findings come in: counts, distinct positions and one group per
//! [`Difference`]. A state machine without I/O, fed by [`super::scan`].

use super::{Difference, ScanError, ScanExample, ScanFailure, ScanGroup, ScanOutcome};
use super::{GIVE_UP_AFTER, KEPT_ERRORS};
use std::collections::{BTreeMap, BTreeSet};

/// A distinct finding: its group, position, side to move and move lists.
type FindingKey = (Difference, String, String, Vec<String>, Vec<String>);

/// What the scan has found so far.
#[derive(Default)]
pub struct ScanTally {
    out: ScanOutcome,
    seen: BTreeSet<FindingKey>,
    groups: BTreeMap<Difference, ScanGroup>,
}

impl ScanTally {
    /// A position where both engines agree.
    pub fn agreed(&mut self) {
        self.out.positions += 1;
        self.out.agreed += 1;
    }

    /// A position whose bisection ended in `difference`, at `example`.
    pub fn differed(&mut self, difference: Difference, example: ScanExample) {
        self.out.positions += 1;
        self.out.differed += 1;
        let key = (
            difference.clone(),
            example.position.clone(),
            example.side_to_move.clone(),
            example.too_many.clone(),
            example.too_few.clone(),
        );
        let new = self.seen.insert(key);
        let group = self
            .groups
            .entry(difference.clone())
            .or_insert_with(|| ScanGroup {
                description: difference.describe(),
                difference,
                positions: 0,
                hits: 0,
                example: example.clone(),
            });
        group.hits += 1;
        if new {
            group.positions += 1;
        }
        if example.length < group.example.length {
            group.example = example;
        }
    }

    /// A position where the other engine failed. An error once it has failed on every
    /// position of the first [`GIVE_UP_AFTER`]: it is then not an engine at all.
    pub fn failed(&mut self, failed: ScanFailure) -> Result<(), ScanError> {
        self.out.positions += 1;
        self.out.failed += 1;
        if self.out.failed == self.out.positions && self.out.failed >= GIVE_UP_AFTER {
            return Err(ScanError::Engine(failed.message));
        }
        if self.out.failures.len() < KEPT_ERRORS {
            self.out.failures.push(failed);
        }
        Ok(())
    }

    /// The outcome, groups with the most positions first, after `calls` of the engine.
    pub fn finish(self, calls: usize) -> ScanOutcome {
        let mut out = self.out;
        out.groups = self.groups.into_values().collect();
        out.groups.sort_by(|a, b| {
            b.positions
                .cmp(&a.positions)
                .then(a.difference.cmp(&b.difference))
        });
        out.calls = calls;
        out
    }
}
