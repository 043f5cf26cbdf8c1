//! The one document `taflcount complexity --legal` produces: the table and the JSON
//! are both made from it.

use serde::{Deserialize, Serialize};

use super::classify::{Legality, Undecided};
use super::estimate::{BigCount, Estimate, Tally};
use super::illegal::IllegalReason;
use super::run::{Prepared, SampleResult};
use crate::complexity::ComplexityReport;
use crate::document::Timing;

/// Version of the JSON layout; bump it when a field changes meaning or disappears.
pub const LEGAL_SCHEMA_VERSION: u32 = 1;

/// What a position is and what the superset counts, stated once for every report.
pub const DEFINITION: &str = "A position is a placement of pieces and the side to move; repetition history and a pending berserk continuation are not part of it (a berserk variant's positions are those with none pending). The superset: the king on a square where he may stand, 0..=A attackers and 0..=D defenders (A, D the start's counts, all types of a side together) on distinct squares where their side may stand, each of a type the start has (commanders and knights at most as many as the start has, the rest taflmen), times the 2 sides to move. Positions after the king's capture (he is off the board) are outside it. Legal means reachable from the start by legal moves, no move being played from a finished game.";

/// The legal-position estimate of one variant.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LegalReport {
    /// `schema_version` ([`LEGAL_SCHEMA_VERSION`]) and `tool` ("taflcount").
    #[serde(flatten)]
    pub header: crate::document::Header,
    /// The subcommand that wrote it: "complexity --legal".
    pub command: String,
    /// The variant's name.
    pub variant: String,
    /// The board's side length.
    pub dim: usize,
    /// Attackers at the start.
    pub attackers: usize,
    /// Defenders at the start, the king not counted.
    pub defenders: usize,
    /// What a position is and what the superset counts.
    pub definition: String,
    /// The run's seed: sample `i` is drawn from the stream (seed, i).
    pub seed: u64,
    /// The proof search's node budget per sample.
    pub nodes: u64,
    /// The superset's exact size.
    pub superset: BigCount,
    /// The estimate over the whole superset.
    pub estimate: Estimate,
    /// Illegal samples per condition.
    pub illegal_by_reason: Vec<ReasonCount>,
    /// Proof games found that did not replay to their target (counted as undecided).
    pub rejected_proof_games: u64,
    /// Samples on which the proof search panicked (counted as undecided).
    pub search_panics: u64,
    /// The estimate per number of pieces off the board (attackers and defenders
    /// missing from the start's material), for the groups that were sampled.
    pub by_pieces_off: Vec<GroupRow>,
    /// The exact bounds `taflcount complexity` prints for this variant.
    pub bounds: Vec<BoundRow>,
    /// The published figures for this board and material.
    pub published: Vec<PublishedFigure>,
    /// True when Ctrl-C (or SIGTERM) stopped the run early: the figures cover the
    /// samples decided until then (`estimate.tally.samples` of them). Left out when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub interrupted: bool,
    /// How long the run took (apart: it changes from run to run).
    pub timings: Timing,
}

/// Illegal samples for one condition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReasonCount {
    /// The condition's key ("no_last_move", ...).
    pub reason: String,
    /// Samples it rejected.
    pub samples: u64,
    /// The condition in words.
    pub meaning: String,
}

/// The estimate within the positions with a given number of pieces off the board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GroupRow {
    /// Attackers and defenders off the board.
    pub pieces_off: usize,
    /// The group's exact size (both sides to move).
    pub superset: BigCount,
    /// The estimate within the group, from its samples.
    pub estimate: Estimate,
}

/// One bound of `taflcount complexity`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoundRow {
    /// Its key ("material", "naive"...).
    pub name: String,
    /// The exact value.
    pub value: BigCount,
    /// What it counts.
    pub meaning: String,
}

/// A published figure.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PublishedFigure {
    /// The figure as published.
    pub claim: String,
    /// Where.
    pub source: String,
    /// The bound it meant.
    pub bound: String,
}

/// What a run's samples add up to: every figure of the report comes from these
/// counts (and the superset), so units' tallies added up give the report of one run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegalTallies {
    /// All the samples by verdict.
    pub tally: Tally,
    /// The samples by pieces off the board (index: attackers and defenders missing).
    pub by_pieces_off: Vec<Tally>,
    /// Illegal samples per condition, in `IllegalReason::ALL`'s order.
    pub illegal_by_reason: Vec<u64>,
    /// Proof games found that did not replay (counted undecided).
    pub rejected_proof_games: u64,
    /// Samples whose proof search panicked (counted undecided).
    pub search_panics: u64,
}

impl LegalTallies {
    /// Empty tallies for a variant's run.
    pub fn new(prepared: &Prepared) -> LegalTallies {
        let superset = &prepared.superset;
        let (max_a, max_d) = (superset.max_attackers(), superset.max_defenders());
        LegalTallies {
            by_pieces_off: vec![Tally::default(); max_a + max_d + 1],
            illegal_by_reason: vec![0; IllegalReason::ALL.len()],
            ..LegalTallies::default()
        }
    }

    /// The tallies of decided samples of a variant.
    pub fn of(prepared: &Prepared, results: &[SampleResult]) -> LegalTallies {
        let mut t = LegalTallies::new(prepared);
        for r in results {
            t.count(prepared, r);
        }
        t
    }

    /// Counts one decided sample, so a run keeps no sample once it is counted (memory
    /// flat in the number of samples).
    pub fn count(&mut self, prepared: &Prepared, r: &SampleResult) {
        let superset = &prepared.superset;
        let (max_a, max_d) = (superset.max_attackers(), superset.max_defenders());
        let key = r.verdict.key();
        self.tally.add(key);
        let off = (max_a - r.element.attackers.len()) + (max_d - r.element.defenders.len());
        self.by_pieces_off[off].add(key);
        match &r.verdict {
            Legality::Illegal(found) => {
                self.illegal_by_reason[IllegalReason::ALL
                    .iter()
                    .position(|&x| x == found.reason)
                    .unwrap()] += 1
            }
            Legality::Undecided(Undecided::RejectedProof) => self.rejected_proof_games += 1,
            Legality::Undecided(Undecided::SearchPanicked) => self.search_panics += 1,
            _ => {}
        }
    }

    /// Samples counted so far.
    pub fn samples(&self) -> u64 {
        self.tally.samples
    }

    /// Adds another run's tallies of the same variant (same group and reason counts).
    pub fn add(&mut self, other: &LegalTallies) {
        let add = |a: &mut Tally, b: &Tally| {
            a.samples += b.samples;
            a.legal += b.legal;
            a.illegal += b.illegal;
            a.undecided += b.undecided;
        };
        add(&mut self.tally, &other.tally);
        if self.by_pieces_off.len() < other.by_pieces_off.len() {
            self.by_pieces_off
                .resize(other.by_pieces_off.len(), Tally::default());
        }
        for (a, b) in self.by_pieces_off.iter_mut().zip(&other.by_pieces_off) {
            add(a, b);
        }
        if self.illegal_by_reason.len() < other.illegal_by_reason.len() {
            self.illegal_by_reason
                .resize(other.illegal_by_reason.len(), 0);
        }
        for (a, b) in self
            .illegal_by_reason
            .iter_mut()
            .zip(&other.illegal_by_reason)
        {
            *a += b;
        }
        self.rejected_proof_games += other.rejected_proof_games;
        self.search_panics += other.search_panics;
    }

    /// Why these tallies cannot be a run's of a variant with `groups` piece-off groups
    /// and `samples` samples; `None` if they add up.
    pub fn inconsistency(&self, groups: usize, samples: u64) -> Option<String> {
        let t = &self.tally;
        let sum = |f: fn(&Tally) -> u64| self.by_pieces_off.iter().map(f).sum::<u64>();
        if t.samples != samples {
            return Some(format!(
                "{} samples where the unit has {samples}",
                t.samples
            ));
        }
        if t.legal + t.illegal + t.undecided != t.samples {
            return Some("its verdicts do not add up to its samples".into());
        }
        if self.by_pieces_off.len() != groups
            || self.illegal_by_reason.len() != IllegalReason::ALL.len()
        {
            return Some("its groups or conditions are not the variant's".into());
        }
        if sum(|g| g.samples) != t.samples
            || sum(|g| g.legal) != t.legal
            || sum(|g| g.illegal) != t.illegal
            || sum(|g| g.undecided) != t.undecided
            || self
                .by_pieces_off
                .iter()
                .any(|g| g.legal + g.illegal + g.undecided != g.samples)
        {
            return Some("its groups do not add up to its tally".into());
        }
        if self.illegal_by_reason.iter().sum::<u64>() != t.illegal
            || self.rejected_proof_games + self.search_panics > t.undecided
        {
            return Some("its conditions do not add up to its illegal samples".into());
        }
        None
    }
}

impl LegalReport {
    /// The report of a run's results.
    pub fn new(
        prepared: &Prepared,
        results: &[SampleResult],
        seed: u64,
        nodes: u64,
        timings: Timing,
    ) -> LegalReport {
        LegalReport::of_tallies(
            prepared,
            &LegalTallies::of(prepared, results),
            seed,
            nodes,
            timings,
        )
    }

    /// The report of a run's tallies (one run's, or its units' added up).
    pub fn of_tallies(
        prepared: &Prepared,
        tallies: &LegalTallies,
        seed: u64,
        nodes: u64,
        timings: Timing,
    ) -> LegalReport {
        let superset = &prepared.superset;
        let size = superset.count();
        let (max_a, max_d) = (superset.max_attackers(), superset.max_defenders());
        let tally = tallies.tally;
        let groups = &tallies.by_pieces_off;
        let by_pieces_off = groups
            .iter()
            .enumerate()
            .filter(|(_, g)| g.samples > 0)
            .map(|(off, g)| {
                let mut group_size = num_bigint::BigUint::default();
                for a in 0..=max_a {
                    for d in 0..=max_d {
                        if (max_a - a) + (max_d - d) == off {
                            group_size += superset.class_count(a, d);
                        }
                    }
                }
                group_size *= 2u32;
                GroupRow {
                    pieces_off: off,
                    superset: BigCount::of(&group_size),
                    estimate: Estimate::new(&group_size, *g),
                }
            })
            .collect();
        let complexity = ComplexityReport::compute(&prepared.spec, &[]);
        LegalReport {
            header: crate::document::Header::new(LEGAL_SCHEMA_VERSION, "taflcount"),
            command: "complexity --legal".to_owned(),
            variant: prepared.spec.name().to_owned(),
            dim: prepared.spec.dim(),
            attackers: max_a,
            defenders: max_d,
            definition: DEFINITION.to_owned(),
            seed,
            nodes,
            superset: BigCount::of(&size),
            estimate: Estimate::new(&size, tally),
            illegal_by_reason: IllegalReason::ALL
                .iter()
                .zip(tallies.illegal_by_reason.iter().copied())
                .map(|(reason, samples)| ReasonCount {
                    reason: reason.key().to_owned(),
                    samples,
                    meaning: reason.describe().to_owned(),
                })
                .collect(),
            rejected_proof_games: tallies.rejected_proof_games,
            search_panics: tallies.search_panics,
            by_pieces_off,
            bounds: complexity
                .bounds
                .iter()
                .map(|b| BoundRow {
                    name: b.name.to_owned(),
                    value: BigCount::of(&b.value),
                    meaning: b.meaning.clone(),
                })
                .collect(),
            published: complexity
                .published
                .iter()
                .map(|p| PublishedFigure {
                    claim: p.claim.clone(),
                    source: p.source.clone(),
                    bound: p.bound.clone(),
                })
                .collect(),
            interrupted: false,
            timings,
        }
    }
}
