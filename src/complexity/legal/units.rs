//! The legal-position estimate in work units (`crate::units`): the samples `0..n` of a
//! seeded run dealt into contiguous index ranges, each unit deciding its range (sample
//! `i` from its own stream (seed, i), as in one run), and the merge adding the units'
//! tallies into the very report one run with the same seed and sample count gives.

use serde::{Deserialize, Serialize};
use std::path::Path;

use super::document::{LegalReport, LegalTallies};
use super::run::{run_sample_range, Prepared};
use crate::document::Timing;
use crate::rules::Rules;
use crate::units::{
    check_plan_id, check_result_of_unit_file, check_share, corrupt, doc_digest, existing_result,
    ranges, read_checked, result_path, scan_units, to_json, unit_document, write_atomic,
    UnitDocument, UnitOutcome, UnitState, UnitsError,
};

/// The version of the plan, unit and result documents of sample units.
pub const UNITS_SCHEMA_VERSION: u32 = 1;
const PLAN_KIND: &str = "taflcount-legal-plan";
const UNIT_KIND: &str = "taflcount-legal-unit";
const RESULT_KIND: &str = "taflcount-legal-result";
const TOOL: &str = "taflcount";

/// What a run of samples is: the rules, the seed, the proof budget and the sample
/// count. Its digest with the unit count is the plan id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SampleRun {
    /// The OTN rules string, in full, so that every file stands alone.
    pub rules: String,
    /// The run's seed: sample `i` is drawn from the stream (seed, i).
    pub seed: u64,
    /// The proof search's node budget per sample.
    pub nodes: u64,
    /// Samples in the whole run.
    pub samples: u64,
}

impl SampleRun {
    fn plan_id(&self, units: usize) -> String {
        crate::text::digest(&[
            "taflcount-legal-plan-v1",
            &self.rules,
            &self.seed.to_string(),
            &self.nodes.to_string(),
            &self.samples.to_string(),
            &units.to_string(),
        ])
    }

    fn prepared(&self, path: &Path) -> Result<Prepared, UnitsError> {
        let rules: Rules = self
            .rules
            .parse()
            .map_err(|e| corrupt(path, format!("rules: {e}")))?;
        Prepared::new(&rules).map_err(|e| corrupt(path, e.to_string()))
    }
}

/// `plan.json` of a sample run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SamplePlanDoc {
    /// [`UNITS_SCHEMA_VERSION`].
    pub schema_version: u32,
    /// `taflcount-legal-plan`.
    pub kind: String,
    /// The digest of `run` and `units`, recomputed on reading.
    pub plan_id: String,
    /// The variant's name (for people; the rules say it too).
    pub variant: String,
    /// The run.
    pub run: SampleRun,
    /// How many units the samples are dealt into.
    pub units: usize,
}

/// `unit-NNN.json`: the samples `first..end` of the run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SampleUnitDoc {
    /// [`UNITS_SCHEMA_VERSION`].
    pub schema_version: u32,
    /// `taflcount-legal-unit`.
    pub kind: String,
    /// The plan's id, recomputed from `run` and `units` on reading.
    pub plan_id: String,
    /// This unit's number, from 0.
    pub unit: usize,
    /// How many units the plan has.
    pub units: usize,
    /// The run.
    pub run: SampleRun,
    /// The first sample of the unit.
    pub first: u64,
    /// One past its last sample.
    pub end: u64,
}

/// `unit-NNN.result.json`: the tallies of the unit's samples.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SampleResultDoc {
    /// [`UNITS_SCHEMA_VERSION`].
    pub schema_version: u32,
    /// `taflcount-legal-result`.
    pub kind: String,
    /// The plan of the unit decided.
    pub plan_id: String,
    /// The unit decided.
    pub unit: usize,
    /// How many units the plan has.
    pub units: usize,
    /// The digest of the unit document, so a result cannot pass for another unit's.
    pub unit_digest: String,
    /// What its samples add up to.
    pub tallies: LegalTallies,
    /// Time and threads.
    pub timing: Timing,
}

unit_document!(SamplePlanDoc);
unit_document!(SampleUnitDoc, unit);
unit_document!(SampleResultDoc, unit);

/// A plan of `run` in `units` units: the plan document and the unit documents. The
/// rules are checked (the estimate must handle the variant) before anything is written.
pub fn plan_samples(
    rules: &Rules,
    seed: u64,
    nodes: u64,
    samples: u64,
    units: usize,
) -> Result<(SamplePlanDoc, Vec<SampleUnitDoc>), UnitsError> {
    if units == 0 || samples < units as u64 {
        return Err(UnitsError::Invalid(format!(
            "{units} unit(s) for {samples} sample(s): ask for 1 to {samples} units"
        )));
    }
    let prepared = Prepared::new(rules).map_err(|e| UnitsError::Invalid(e.to_string()))?;
    let run = SampleRun {
        rules: rules.to_string(),
        seed,
        nodes,
        samples,
    };
    let plan_id = run.plan_id(units);
    let docs = ranges(samples, units)
        .into_iter()
        .enumerate()
        .map(|(unit, (first, end))| SampleUnitDoc {
            schema_version: UNITS_SCHEMA_VERSION,
            kind: UNIT_KIND.into(),
            plan_id: plan_id.clone(),
            unit,
            units,
            run: run.clone(),
            first,
            end,
        })
        .collect();
    let plan = SamplePlanDoc {
        schema_version: UNITS_SCHEMA_VERSION,
        kind: PLAN_KIND.into(),
        plan_id,
        variant: prepared.spec.name().to_owned(),
        run,
        units,
    };
    Ok((plan, docs))
}

/// Reads and checks a plan document (its id must match its contents).
pub fn read_sample_plan(path: &Path) -> Result<SamplePlanDoc, UnitsError> {
    let doc: SamplePlanDoc = read_checked(path, TOOL, UNITS_SCHEMA_VERSION, PLAN_KIND)?;
    let id = doc.run.plan_id(doc.units);
    check_plan_id(
        path,
        &doc,
        &id,
        "the plan's rules, seed, budget, samples and units",
    )?;
    Ok(doc)
}

/// Reads and checks a unit document: its id, and its range, which must be the one the
/// plan deals to its number (an edited range would count samples twice or never).
pub fn read_sample_unit(path: &Path) -> Result<SampleUnitDoc, UnitsError> {
    let doc: SampleUnitDoc = read_checked(path, TOOL, UNITS_SCHEMA_VERSION, UNIT_KIND)?;
    let id = doc.run.plan_id(doc.units);
    check_plan_id(
        path,
        &doc,
        &id,
        "the unit's rules, seed, budget, samples and units",
    )?;
    let range = (doc.first, doc.end);
    check_share(path, &doc.identity(), doc.run.samples, range, "samples")?;
    Ok(doc)
}

/// Reads a result document and checks its header.
pub fn read_sample_result(path: &Path) -> Result<SampleResultDoc, UnitsError> {
    read_checked(path, TOOL, UNITS_SCHEMA_VERSION, RESULT_KIND)
}

/// Checks that a result belongs to its unit and adds up (`groups`: the variant's
/// piece-off groups).
fn check_result(
    path: &Path,
    unit: &SampleUnitDoc,
    result: &SampleResultDoc,
    groups: usize,
) -> Result<(), UnitsError> {
    check_result_of_unit_file(path, unit, result, &result.unit_digest)?;
    if let Some(why) = result.tallies.inconsistency(groups, unit.end - unit.first) {
        return Err(corrupt(path, why));
    }
    Ok(())
}

fn groups_of(prepared: &Prepared) -> usize {
    prepared.superset.max_attackers() + prepared.superset.max_defenders() + 1
}

/// How a unit run ended: skipped (its result was already there) or decided now.
pub type SampleUnitRun = UnitOutcome<SampleResultDoc>;

/// Decides a unit's samples on up to `threads` threads (`done` after each) and writes
/// its result atomically beside it; a unit whose valid result is already there is
/// skipped, so a killed job simply runs again.
pub fn run_sample_unit(
    path: &Path,
    threads: usize,
    done: &(dyn Fn() + Sync),
) -> Result<SampleUnitRun, UnitsError> {
    let unit = read_sample_unit(path)?;
    let prepared = unit.run.prepared(path)?;
    let groups = groups_of(&prepared);
    let check = |out: &Path, result: &SampleResultDoc| check_result(out, &unit, result, groups);
    if let Some(result) = existing_result(path, read_sample_result, check)? {
        return Ok(SampleUnitRun::Skipped(result));
    }
    let clock = std::time::Instant::now();
    let results = run_sample_range(
        &prepared,
        unit.run.seed,
        unit.first..unit.end,
        unit.run.nodes,
        threads,
        done,
    );
    let result = SampleResultDoc {
        schema_version: UNITS_SCHEMA_VERSION,
        kind: RESULT_KIND.into(),
        plan_id: unit.plan_id.clone(),
        unit: unit.unit,
        units: unit.units,
        unit_digest: doc_digest(&unit),
        tallies: LegalTallies::of(&prepared, &results),
        timing: Timing {
            seconds: clock.elapsed().as_secs_f64(),
            threads: crate::threads::used(threads, results.len()),
        },
    };
    write_atomic(&result_path(path), &to_json(&result))?;
    Ok(SampleUnitRun::Done(result))
}

/// A merged sample run: the report of one run with the same seed and sample count.
pub struct MergedSamples {
    /// The plan merged.
    pub plan: SamplePlanDoc,
    /// The report; its timings are the units' seconds added up and their most threads.
    pub report: LegalReport,
}

/// Merges a plan folder: every unit must have a valid result of this plan (those
/// without are named in `Missing`). The tallies are added in unit order.
pub fn merge_samples(dir: &Path) -> Result<MergedSamples, UnitsError> {
    let plan =
        crate::units::read_plan_of(dir, "taflcount complexity --legal --plan", read_sample_plan)?;
    let plan_path = dir.join(crate::units::PLAN_FILE);
    let prepared = plan.run.prepared(&plan_path)?;
    let groups = groups_of(&prepared);
    let states = scan_units(
        dir,
        &plan,
        read_sample_unit,
        read_sample_result,
        |out, unit, result| check_result(out, unit, result, groups),
        false,
    )?;
    let missing = crate::units::missing_names(&states);
    if !missing.is_empty() {
        return Err(UnitsError::Missing { names: missing });
    }
    let mut tallies = LegalTallies::default();
    let (mut seconds, mut threads) = (0.0, 0);
    for state in &states {
        if let UnitState::Done(unit, result) = state {
            if unit.run != plan.run {
                return Err(UnitsError::Tampered {
                    dir: dir.to_path_buf(),
                    work: "samples",
                    reason: format!("unit {} is of another run", unit.unit),
                });
            }
            tallies.add(&result.tallies);
            seconds += result.timing.seconds;
            threads = threads.max(result.timing.threads);
        }
    }
    if tallies.tally.samples != plan.run.samples {
        return Err(UnitsError::Tampered {
            dir: dir.to_path_buf(),
            work: "samples",
            reason: format!(
                "they decided {} samples where the plan has {}",
                tallies.tally.samples, plan.run.samples
            ),
        });
    }
    let timings = Timing {
        seconds: (seconds * 1000.0).round() / 1000.0,
        threads,
    };
    let report =
        LegalReport::of_tallies(&prepared, &tallies, plan.run.seed, plan.run.nodes, timings);
    Ok(MergedSamples { plan, report })
}

#[cfg(test)]
mod tests {
    use super::super::run::run_samples;
    use super::*;
    use crate::rules::catalog;

    fn fresh(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("legal-units-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn planned(dir: &Path, samples: u64, units: usize) {
        let rules = catalog::find("brandub").unwrap().rules();
        let (plan, docs) = plan_samples(&rules, 7, 2000, samples, units).unwrap();
        crate::units::write_plan(dir, &plan, &docs, false, &[]).unwrap();
    }

    fn unit(dir: &Path, i: usize) -> std::path::PathBuf {
        dir.join(crate::units::unit_file_name(i, 4))
    }

    #[test]
    fn merged_units_equal_one_run_with_the_same_seed() {
        let dir = fresh("equal");
        planned(&dir, 300, 4);
        for i in [2, 0, 3, 1] {
            assert!(matches!(
                run_sample_unit(&unit(&dir, i), 2, &|| {}).unwrap(),
                SampleUnitRun::Done(_)
            ));
        }
        // Run again: every unit is skipped.
        assert!(matches!(
            run_sample_unit(&unit(&dir, 1), 1, &|| {}).unwrap(),
            SampleUnitRun::Skipped(_)
        ));
        let merged = merge_samples(&dir).unwrap();
        let rules = catalog::find("brandub").unwrap().rules();
        let prepared = Prepared::new(&rules).unwrap();
        let results = run_samples(&prepared, 7, 300, 2000, 1, &|| {});
        let timings = Timing {
            seconds: 0.0,
            threads: 1,
        };
        let one = LegalReport::new(&prepared, &results, 7, 2000, timings);
        let mut report = merged.report;
        report.timings = timings;
        assert_eq!(report, one);
        assert_eq!(report.estimate.tally.samples, 300);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn edited_swapped_or_missing_units_do_not_merge() {
        let dir = fresh("tamper");
        planned(&dir, 40, 4);
        for i in 0..4 {
            run_sample_unit(&unit(&dir, i), 1, &|| {}).unwrap();
        }
        let read = |p: &Path| std::fs::read_to_string(p).unwrap();
        let result = |i| result_path(&unit(&dir, i));
        // A result copied onto another unit's: foreign.
        let saved = read(&result(1));
        std::fs::write(result(1), read(&result(0))).unwrap();
        let e = merge_samples(&dir).err().unwrap().to_string();
        assert!(
            e.contains("unit-001.result.json") && e.contains("another run"),
            "{e}"
        );
        std::fs::write(result(1), &saved).unwrap();
        // A tally edited: corrupt.
        let edited = saved.replacen("\"legal\": ", "\"legal\": 1", 1);
        std::fs::write(result(1), edited).unwrap();
        let e = merge_samples(&dir).err().unwrap().to_string();
        assert!(e.contains("unit-001.result.json"), "{e}");
        std::fs::write(result(1), &saved).unwrap();
        // A unit's range edited (its result recomputed would not help): refused.
        let text = read(&unit(&dir, 2));
        std::fs::write(unit(&dir, 2), text.replace("\"first\": 20", "\"first\": 0")).unwrap();
        let e = merge_samples(&dir).err().unwrap().to_string();
        assert!(e.contains("not the share of unit 2"), "{e}");
        std::fs::write(unit(&dir, 2), &text).unwrap();
        // A result missing: named, a failed check.
        std::fs::remove_file(result(3)).unwrap();
        match merge_samples(&dir) {
            Err(UnitsError::Missing { names }) => assert_eq!(names, ["unit-003.json"]),
            other => panic!("{:?}", other.err()),
        }
        // The plan of another seed: its units are foreign.
        let rules = catalog::find("brandub").unwrap().rules();
        let (plan, _) = plan_samples(&rules, 8, 2000, 40, 4).unwrap();
        std::fs::write(dir.join("plan.json"), to_json(&plan)).unwrap();
        let e = merge_samples(&dir).err().unwrap().to_string();
        assert!(
            e.contains("unit-000.json") && e.contains("another run"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
