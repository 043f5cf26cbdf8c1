//! Compares the subtree counts of two unit runs of the same perft, position by position:
//! a plan folder A and a plan folder B of the same root, depth and split (folded or
//! not, counted with or without a table, under any key seed). Every position of B with a
//! result is looked up in A, directly or through any of the 8 board symmetries, and the
//! counts must be equal. This is how a folded run (`plan --fold-symmetries`) is checked
//! against an unfolded one, and a hashed run against a plain recount (reports/perft.md).
//!
//! `cargo run --release --example compare_units -- runs/tab7f runs/tab7`
//! Exit 0: every position found agrees; 1: a count differs; 2: bad input.
use std::collections::HashMap;
use std::path::Path;
use std::process::ExitCode;
use taflcount::board::Symmetry;
use taflcount::moves::Position;
use taflcount::perft::units::{self, load_unit, read_result, result_path};

/// Every unit of `dir` that has a result: its positions (keys of seed 0) with counts.
fn counted(dir: &Path) -> Result<(units::UnitDoc, Vec<(Position, u128)>), String> {
    let mut out = Vec::new();
    let mut any = None;
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy().into_owned();
            n.starts_with("unit-") && n.ends_with(".json") && !n.contains(".result")
        })
        .collect();
    names.sort();
    for path in names {
        let result = result_path(&path);
        if !result.exists() {
            continue;
        }
        let unit = load_unit(&path, 0).map_err(|e| e.to_string())?;
        let doc = read_result(&result).map_err(|e| e.to_string())?;
        units::check_result(&result, &unit.doc, &doc).map_err(|e| e.to_string())?;
        for (pos, count) in unit.positions.into_iter().zip(&doc.positions) {
            out.push((pos, count.parse().map_err(|e| format!("{count}: {e}"))?));
        }
        any = Some(unit.doc);
    }
    let doc = any.ok_or_else(|| format!("{}: no unit has a result", dir.display()))?;
    Ok((doc, out))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 2 {
        eprintln!("usage: compare_units PLAN_DIR_A PLAN_DIR_B");
        return ExitCode::from(2);
    }
    let ((a_doc, a), (b_doc, b)) =
        match (counted(Path::new(&args[0])), counted(Path::new(&args[1]))) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(e), _) | (_, Err(e)) => {
                eprintln!("compare_units: {e}");
                return ExitCode::from(2);
            }
        };
    if (&a_doc.root, a_doc.depth, a_doc.split) != (&b_doc.root, b_doc.depth, b_doc.split) {
        eprintln!("compare_units: the two runs count different roots, depths or splits");
        return ExitCode::from(2);
    }
    let (tables, _) = a_doc.root.setup(0).expect("checked when loaded");
    let mut by_hash: HashMap<u64, Vec<usize>> = HashMap::new();
    for (i, (pos, _)) in a.iter().enumerate() {
        by_hash.entry(pos.hash()).or_default().push(i);
    }
    let (mut equal, mut differ, mut absent) = (0u64, 0u64, 0u64);
    let mut through = [0u64; 8];
    for (pos, count) in &b {
        let found = Symmetry::ALL.iter().enumerate().find_map(|(gi, &g)| {
            let image = pos.transformed(&tables, g);
            by_hash
                .get(&image.hash())?
                .iter()
                .find(|&&i| a[i].0 == image)
                .map(|&i| (gi, a[i].1))
        });
        match found {
            Some((gi, theirs)) if theirs == *count => {
                equal += 1;
                through[gi] += 1;
            }
            Some((_, theirs)) => {
                differ += 1;
                eprintln!("differ: {} in B, {theirs} in A", count);
            }
            None => absent += 1,
        }
    }
    let via: Vec<String> = Symmetry::ALL
        .iter()
        .zip(through)
        .filter(|(_, n)| *n > 0)
        .map(|(g, n)| format!("{} {n}", g.name()))
        .collect();
    println!(
        "A: {} counted positions; B: {} counted positions; of B's: {equal} equal in A ({}), {differ} differ, {absent} not counted in A",
        a.len(),
        b.len(),
        via.join(", ")
    );
    if differ > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
