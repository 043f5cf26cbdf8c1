//! Merging the results of a plan's units into perft per depth and the divide.

use super::*;

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
    let plan = crate::units::read_plan_of(dir, "taflperft plan", read_plan)?;
    let plan_path = dir.join(PLAN_FILE);
    let expected: Vec<String> = (0..plan.units)
        .map(|i| unit_file_name(i, plan.units))
        .collect();
    let states = crate::units::scan_units(dir, &plan, read_unit, read_result, check_result, false)?;
    let missing = crate::units::missing_names(&states);
    if !missing.is_empty() {
        return Err(UnitsError::Missing { names: missing });
    }
    let loaded: Vec<(UnitDoc, ResultDoc)> = states
        .into_iter()
        .filter_map(|s| match s {
            crate::units::UnitState::Done(u, r) => Some((u, r)),
            _ => None,
        })
        .collect();
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
pub(super) fn check_units_make_the_plan(
    dir: &Path,
    plan_path: &Path,
    plan: &PlanDoc,
    names: &[String],
    loaded: &[(UnitDoc, ResultDoc)],
) -> Result<(), UnitsError> {
    let tampered = |reason: String| UnitsError::Tampered {
        dir: dir.to_path_buf(),
        work: "positions",
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
