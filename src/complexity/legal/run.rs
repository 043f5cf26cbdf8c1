//! A whole run: draw the samples, decide each on any number of threads, tally. Sample
//! `i` depends on (seed, i) alone, so the verdicts do not depend on the thread count.

use std::sync::Mutex;

use num_bigint::BigUint;

use super::classify::{classify, Legality};
use super::illegal::{IllegalCheck, Illegality};
use super::sample::sample;
use super::superset::{Element, Superset};
use crate::board::{Layout, PieceKind, Side};
use crate::complexity::proof_game::{last_move_possible, ProofBudget};
use crate::complexity::{ComplexitySpec, SpecError};
use crate::moves::{Position, Tables, Unsupported};
use crate::rules::Rules;

/// Why a variant cannot be estimated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LegalError {
    /// The counting facts cannot be read off the rules.
    Spec(SpecError),
    /// The engine cannot play the variant.
    Engine(String),
    /// The start holds pieces the superset does not place (mercenaries, which change
    /// sides, and guards).
    ExoticPieces(String),
}

impl std::fmt::Display for LegalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LegalError::Spec(e) => write!(f, "{e}"),
            LegalError::Engine(e) => write!(f, "the engine cannot play this variant: {e}"),
            LegalError::ExoticPieces(kinds) => write!(
                f,
                "the start holds {kinds}; the legal-position estimate places only the king, taflmen, commanders and knights"
            ),
        }
    }
}

impl std::error::Error for LegalError {}

impl crate::error::Kind for LegalError {}

impl From<Unsupported> for LegalError {
    fn from(e: Unsupported) -> LegalError {
        LegalError::Engine(e.to_string())
    }
}

/// A variant made ready for estimating: its tables, counting facts and superset.
pub struct Prepared {
    /// The rules compiled for play.
    pub tables: Tables,
    /// The counting facts.
    pub spec: ComplexitySpec,
    /// The superset, counted.
    pub superset: Superset,
}

impl Prepared {
    /// Checks that the variant is one the estimate handles and counts its superset.
    pub fn new(rules: &Rules) -> Result<Prepared, LegalError> {
        let start = rules.start();
        let exotic: Vec<&str> = start
            .pieces()
            .map(|(_, p)| p.kind)
            .filter(|k| matches!(k, PieceKind::Mercenary | PieceKind::Guard))
            .map(|k| k.name())
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        if !exotic.is_empty() {
            return Err(LegalError::ExoticPieces(exotic.join(" and ")));
        }
        let tables = Tables::new(rules)?;
        let spec = ComplexitySpec::from_rules(rules).map_err(LegalError::Spec)?;
        let types = Side::BOTH.map(|side| {
            [PieceKind::Commander, PieceKind::Knight]
                .into_iter()
                .map(|kind| (kind, start.count(side, kind)))
                .filter(|&(_, n)| n > 0)
                .collect()
        });
        let superset = Superset::with_types(&spec, types);
        Ok(Prepared {
            tables,
            spec,
            superset,
        })
    }

    /// The necessary conditions of this variant.
    pub fn check(&self) -> IllegalCheck<'_> {
        IllegalCheck::new(&self.tables, self.spec.may_stand_by_index().to_vec())
    }

    /// The conditions applied to a placement and side to move, with the squares that
    /// show a failed one; an error, in words, for a placement the superset does not hold
    /// (the conditions are proven for its elements alone).
    pub fn explain(&self, layout: &Layout, side: Side) -> Result<Option<Illegality>, String> {
        let element = Element::of_layout(layout, side).ok_or_else(|| {
            "the conditions judge only positions of one king, taflmen, commanders and knights"
                .to_string()
        })?;
        self.superset
            .rank(&element)
            .map_err(|e| format!("not a position the conditions judge: {e}"))?;
        Ok(self.check().explain(&self.position(&element)))
    }

    /// The position of a superset element.
    pub fn position(&self, element: &Element) -> Position {
        Position::from_layout(&self.tables, &element.layout(self.spec.dim()), element.side)
            .expect("a superset element holds only pieces the engine plays")
    }

    /// A target for measuring the proof-game search: sample `index` of a run seeded
    /// with `seed`, the estimate's own uniform draw, or `None` when its side not to move
    /// cannot have made the last move ([`last_move_possible`]), an obviously broken
    /// target the search need not be tried on.
    pub fn test_target(&self, seed: u64, index: u64) -> Option<Position> {
        let (_, element) = sample(&self.superset, seed, index);
        let pos = self.position(&element);
        last_move_possible(&self.tables, &pos).then_some(pos)
    }
}

/// One decided sample.
#[derive(Clone, Debug)]
pub struct SampleResult {
    /// Its number in the run.
    pub index: u64,
    /// Its rank in the superset.
    pub rank: BigUint,
    /// The element drawn.
    pub element: Element,
    /// What is known of it.
    pub verdict: Legality,
}

/// The lowest-numbered illegal sample of each illegality condition among the results
/// noted, whatever their order (threads hand them back out of order): the examples a
/// report draws.
#[derive(Clone, Debug, Default)]
pub struct FirstIllegal {
    kept: Vec<SampleResult>,
}

impl FirstIllegal {
    /// Keeps `result` if it is illegal for a condition no lower-numbered sample kept shows.
    pub fn note(&mut self, result: SampleResult) {
        let Legality::Illegal(found) = result.verdict else {
            return;
        };
        let same = |r: &SampleResult| matches!(r.verdict, Legality::Illegal(f) if f.reason == found.reason);
        match self.kept.iter_mut().find(|r| same(r)) {
            Some(kept) if kept.index <= result.index => {}
            Some(kept) => *kept = result,
            None => self.kept.push(result),
        }
    }

    /// The samples kept, at most one per condition.
    pub fn samples(&self) -> &[SampleResult] {
        &self.kept
    }
}

/// Draws samples `0..samples` of a run seeded with `seed` and decides each with a
/// proof-search budget of `nodes`, on up to `threads` threads; `done` is called after
/// each sample (for progress). The results come back in sample order. Holds every
/// result: [`run_samples_each`] streams them.
pub fn run_samples(
    prepared: &Prepared,
    seed: u64,
    samples: u64,
    nodes: u64,
    threads: usize,
    done: &(dyn Fn() + Sync),
) -> Vec<SampleResult> {
    run_sample_range(prepared, seed, 0..samples, nodes, threads, done)
}

/// [`run_samples`] for the samples numbered `range` only (a work unit's share): sample
/// `i` is the same as in a whole run, drawn from the stream (seed, i).
pub fn run_sample_range(
    prepared: &Prepared,
    seed: u64,
    range: std::ops::Range<u64>,
    nodes: u64,
    threads: usize,
    done: &(dyn Fn() + Sync),
) -> Vec<SampleResult> {
    let mut results = Vec::new();
    run_samples_each(
        prepared,
        seed,
        range,
        nodes,
        threads,
        done,
        &|| false,
        &mut |r| results.push(r),
    );
    results
}

/// Samples decided per thread between two hand-overs to the caller: enough to keep
/// every thread busy, few enough that memory never depends on the number of samples
/// asked for and that a stop is heard soon.
const BATCH_PER_THREAD: u64 = 64;

/// [`run_sample_range`], each result handed to `each` in sample order as its batch ends
/// and then dropped, so memory stays flat in the number of samples. `stop` is asked
/// between batches: once it is true no more samples are drawn (the batch in hand ends
/// first). Gives the number of samples handed over.
#[allow(clippy::too_many_arguments)]
pub fn run_samples_each(
    prepared: &Prepared,
    seed: u64,
    range: std::ops::Range<u64>,
    nodes: u64,
    threads: usize,
    done: &(dyn Fn() + Sync),
    stop: &dyn Fn() -> bool,
    each: &mut dyn FnMut(SampleResult),
) -> u64 {
    let check = prepared.check();
    let start = Position::start(&prepared.tables);
    let budget = ProofBudget { nodes };
    let mut first = range.start;
    while first < range.end && !stop() {
        let batch = (BATCH_PER_THREAD * threads.max(1) as u64).min(range.end - first);
        let slots: Mutex<Vec<Option<SampleResult>>> = Mutex::new(vec![None; batch as usize]);
        crate::threads::share_out(threads, batch as usize, &|k| {
            let i = first + k as u64;
            let (rank, element) = sample(&prepared.superset, seed, i);
            let pos = prepared.position(&element);
            let verdict = classify(&prepared.tables, &check, &start, &pos, budget);
            let result = SampleResult {
                index: i,
                rank,
                element,
                verdict,
            };
            slots.lock().expect("no job panics holding the lock")[k] = Some(result);
            done();
        });
        for r in slots.into_inner().expect("no job panicked") {
            each(r.expect("every sample ran"));
        }
        first += batch;
    }
    first - range.start
}
