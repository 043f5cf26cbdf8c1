//! taflbench's library: kernels (the work), measurement (warm-up, median, spread), the
//! machine a run was made on, saved documents and their comparison.
//!
//! The criterion benches in `benches/kernels.rs` run the same [`KERNELS`], so the two
//! measure the same code.

mod compare;
mod document;
mod kernel;
mod machine;
mod measure;
mod workload;

pub use compare::{
    compare, verdict, BenchReport, Comparison, ComparisonReport, ComparisonRow, SpeedChange,
    DEFAULT_THRESHOLD,
};
pub use document::{BenchDocument, Figure, LoadError, SCHEMA_VERSION};
pub use kernel::{
    bulk_depth, find_kernel, full_depth, random_game, Job, Kernel, KernelOptions, Prepare, KERNELS,
    PLAYOUT_GAMES, PLAYOUT_MAX_PLIES, PLAYOUT_SEED,
};
pub use machine::Machine;
pub use measure::{measure, Measurement, Plan, NOISY_SPREAD};
pub use workload::{
    built_in_games, games_file, GameSource, Workload, WorkloadError, RANDOM_GAMES,
    RANDOM_GAME_PLIES, REAL_GAMES,
};

/// The variants measured when none is named.
pub const DEFAULT_VARIANTS: &[&str] = &["brandub", "tablut", "copenhagen", "alea-evangelii"];

/// Measures every kernel on one workload; `before` is called as each kernel starts.
pub fn measure_workload(
    w: &Workload,
    options: &KernelOptions,
    plan: Plan,
    mut before: impl FnMut(&Kernel),
) -> Vec<Figure> {
    KERNELS
        .iter()
        .map(|kernel| {
            before(kernel);
            match kernel.prepare {
                Ok(prepare) => {
                    let mut job = prepare(w, options);
                    let measurement = measure(plan, &mut job.run);
                    Figure::measured(&w.variant, kernel.id, kernel.unit, job.work, measurement)
                }
                Err(why) => Figure::unavailable(&w.variant, kernel.id, kernel.unit, why),
            }
        })
        .collect()
}
