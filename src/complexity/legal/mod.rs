//! How many legal positions a variant has (issue 26): a superset counted exactly and
//! sampled uniformly, each sample decided legal (a proof game replayed by the engine),
//! illegal (a necessary condition proven in docs/legal-positions.md) or undecided, and
//! the estimate |superset| x legal share with 95% Wilson intervals. Small material
//! classes are also counted exactly ([`ClassCheck`]), to cross-check the estimate.

mod class_index;
mod classify;
mod colex;
mod document;
mod estimate;
mod exhaustive;
mod illegal;
mod reach;
mod run;
mod sample;
mod samples_file;
mod superset;
mod units;

pub use class_index::{ClassIndex, ClassSet, MAX_CELLS};
pub use classify::{classify, Legality, Undecided};
pub use document::{
    BoundRow, GroupRow, LegalReport, LegalTallies, PublishedFigure, ReasonCount, DEFINITION,
    LEGAL_SCHEMA_VERSION,
};
pub use estimate::{ratio, scale, wilson, BigCount, Estimate, Share, Tally, Z_95};
pub use exhaustive::{
    ClassCheck, ClassCount, ClassRun, ClassifierTally, ExhaustiveError, MAX_NUMBERS,
    WITNESS_SEARCHES,
};
pub use illegal::{IllegalCheck, IllegalReason, Illegality};
pub use reach::Reach;
pub use run::{
    run_sample_range, run_samples, run_samples_each, FirstIllegal, LegalError, Prepared,
    SampleResult,
};
pub use sample::{chi_square_critical, sample, uniform_below};
pub use samples_file::{
    parse_samples, sample_line, samples_header, write_samples, SampleLine, SamplesFileError,
};
pub use superset::{Element, RankError, Superset};
pub use units::{
    merge_samples, plan_samples, read_sample_plan, read_sample_result, read_sample_unit,
    run_sample_unit, MergedSamples, SamplePlanDoc, SampleResultDoc, SampleRun, SampleUnitDoc,
    SampleUnitRun, UNITS_SCHEMA_VERSION,
};
