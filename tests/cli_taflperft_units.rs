//! taflperft plan / unit / merge as a user (or a cluster) runs them, and --hash on the
//! plain command. Expected totals are published counts (fixtures/perft/reference.perft:
//! brandub from OpenTafl, copenhagen from the reference generator and other engines).
use std::path::{Path, PathBuf};
use std::process::Command;
use taflcount::perft::{DivideRow, MergeReport, PerftDocument};

mod closed_stdout;

const BRANDUB: [u64; 6] = [40, 960, 39_512, 1_007_392, 41_843_336, 1_111_688_896];
const COPENHAGEN: [u64; 4] = [116, 6_788, 806_344, 50_456_804];

/// Runs taflperft as a user would, and also with stdout closed early (issue 15): the
/// same exit code, no panic. `plan` and `unit` write files, so their closed-stdout run
/// goes first in a twin of their folder (a copy as it stands), and the files it leaves
/// must be the ones the ordinary run leaves: a closed pipe loses no work.
fn taflperft(args: &[&str]) -> (i32, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_taflperft"));
    let out = match folder_written(args) {
        Some((at, folder)) => {
            let twin = twin_of(&folder);
            let mut twin_args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            twin_args[at] = twin_args[at].replacen(s(&folder), s(&twin), 1);
            let closed = Command::new(env!("CARGO_BIN_EXE_taflperft"))
                .args(&twin_args)
                .stdout(closed_stdout::closed_stdout())
                .output()
                .unwrap();
            let out = command.args(args).output().unwrap();
            closed_stdout::assert_same_ending(&format!("{args:?}"), &closed, &out);
            assert_eq!(
                folder_contents(&twin),
                folder_contents(&folder),
                "{args:?}: stdout closed, other files"
            );
            out
        }
        None => closed_stdout::output(command.args(args)),
    };
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The argument that names the folder a command writes in, and the folder: `plan`'s
/// `--out`, `unit`'s unit file (in its plan folder).
fn folder_written(args: &[&str]) -> Option<(usize, PathBuf)> {
    match args.first() {
        Some(&"plan") => {
            let at = args.iter().position(|a| *a == "--out")? + 1;
            Some((at, PathBuf::from(args.get(at)?)))
        }
        Some(&"unit") => Some((1, Path::new(args.get(1)?).parent()?.to_path_buf())),
        _ => None,
    }
}

/// A copy of `folder` as it stands (absent if it is), beside it.
fn twin_of(folder: &Path) -> PathBuf {
    let twin = folder.with_file_name(format!(
        "{}-closed-stdout",
        folder.file_name().unwrap().to_str().unwrap()
    ));
    let _ = std::fs::remove_dir_all(&twin);
    if let Ok(entries) = std::fs::read_dir(folder) {
        std::fs::create_dir_all(&twin).unwrap();
        for e in entries {
            let e = e.unwrap();
            std::fs::copy(e.path(), twin.join(e.file_name())).unwrap();
        }
    }
    twin
}

/// Every file of `folder` by name, results without their timing.
fn folder_contents(folder: &Path) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(folder)
        .map(|entries| {
            entries
                .map(|e| {
                    let e = e.unwrap();
                    let name = e.file_name().into_string().unwrap();
                    let mut text = std::fs::read_to_string(e.path()).unwrap_or_default();
                    if name.ends_with(".result.json") {
                        if let Ok(mut doc) = serde_json::from_str::<serde_json::Value>(&text) {
                            doc.as_object_mut().map(|o| o.remove("timing"));
                            text = doc.to_string();
                        }
                    }
                    (name, text)
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// A fresh folder under the target's temporary directory.
fn fresh(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("units-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn plan(dir: &Path, variant: &str, depth: u32, split: u32, units: usize) {
    plan_with(dir, variant, depth, split, units, &[]);
}

/// `plan` with `extra` options; returns what it printed.
fn plan_with(
    dir: &Path,
    variant: &str,
    depth: u32,
    split: u32,
    units: usize,
    extra: &[&str],
) -> String {
    let (depth, split, units) = (depth.to_string(), split.to_string(), units.to_string());
    let mut args = vec![
        "plan",
        "--variant",
        variant,
        "--depth",
        &depth,
        "--split",
        &split,
        "--units",
        &units,
    ];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--out", s(dir)]);
    let (code, out, err) = taflperft(&args);
    assert_eq!(code, 0, "{out}{err}");
    out
}

fn unit_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let n = p.file_name().unwrap().to_str().unwrap();
            n.starts_with("unit-") && n.ends_with(".json") && !n.ends_with(".result.json")
        })
        .collect();
    v.sort();
    v
}

fn run_unit(path: &Path, extra: &[&str]) {
    let mut args = vec!["unit", s(path)];
    args.extend_from_slice(extra);
    let (code, out, err) = taflperft(&args);
    assert_eq!(code, 0, "{out}{err}");
}

fn merge_json(dir: &Path) -> MergeReport {
    let (code, out, err) = taflperft(&["merge", s(dir), "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    serde_json::from_str(&out).unwrap()
}

fn perft_json(args: &[&str]) -> PerftDocument {
    let (code, out, err) = taflperft(args);
    assert_eq!(code, 0, "{out}{err}");
    serde_json::from_str(&out).unwrap()
}

fn totals(doc: &MergeReport) -> Vec<u64> {
    doc.results
        .iter()
        .map(|r| u64::try_from(r.nodes).unwrap())
        .collect()
}

fn divide_sum(doc: &MergeReport) -> u64 {
    doc.divide
        .iter()
        .map(|r| u64::try_from(r.nodes).unwrap())
        .sum()
}

#[test]
fn plan_unit_merge_equals_the_published_counts_at_two_splits() {
    for (variant, counts, splits) in [
        ("brandub", &BRANDUB[..], [2, 3]),
        ("copenhagen", &COPENHAGEN[..], [1, 2]),
    ] {
        let depth = counts.len() as u32;
        for split in splits {
            let dir = fresh(&format!("{variant}-{split}"));
            plan(&dir, variant, depth, split, 4);
            let units = unit_files(&dir);
            assert_eq!(units.len(), 4);
            // Half the units plain, half with a shared table on two threads.
            for (i, u) in units.iter().enumerate() {
                if i % 2 == 0 {
                    run_unit(u, &[]);
                } else {
                    run_unit(u, &["--hash", "16", "--threads", "2"]);
                }
            }
            let doc = merge_json(&dir);
            assert_eq!(totals(&doc), counts, "{variant} split {split}");
            assert_eq!(divide_sum(&doc), counts[counts.len() - 1]);
        }
    }
}

#[test]
fn folded_plans_give_the_published_counts_and_the_direct_divide() {
    for (variant, counts, split) in [
        ("brandub", &BRANDUB[..], 2),
        ("brandub", &BRANDUB[..5], 3),
        ("copenhagen", &COPENHAGEN[..], 2),
    ] {
        let depth = counts.len() as u32;
        let dir = fresh(&format!("folded-{variant}-{split}"));
        let out = plan_with(&dir, variant, depth, split, 3, &["--fold-symmetries"]);
        assert!(
            out.contains("up to the 8 symmetries the rules keep"),
            "{out}"
        );
        for u in unit_files(&dir) {
            run_unit(&u, &["--hash", "8"]);
        }
        let doc = merge_json(&dir);
        assert_eq!(totals(&doc), counts, "{variant} split {split}");
        let direct = perft_json(&[
            "--variant",
            variant,
            "--depth",
            &depth.to_string(),
            "--divide",
            "--json",
        ]);
        let rows = |rows: &[DivideRow]| -> Vec<(String, u64)> {
            let mut v: Vec<(String, u64)> = rows
                .iter()
                .map(|r| (r.mv.clone(), u64::try_from(r.nodes).unwrap()))
                .collect();
            v.sort();
            v
        };
        assert_eq!(
            rows(&doc.divide),
            rows(&direct.divide.unwrap()),
            "{variant} split {split}"
        );
    }
}

#[test]
fn the_merged_divide_equals_the_direct_divide() {
    let dir = fresh("divide");
    plan(&dir, "copenhagen", 4, 2, 3);
    for u in unit_files(&dir) {
        run_unit(&u, &["--hash", "8"]);
    }
    let doc = merge_json(&dir);
    let (code, direct, _) = taflperft(&["--depth", "4", "--divide"]);
    assert_eq!(code, 0);
    let merged: Vec<String> = doc
        .divide
        .iter()
        .map(|r| format!("{}: {}", r.mv, r.nodes))
        .collect();
    let direct: Vec<&str> = direct.lines().take_while(|l| !l.is_empty()).collect();
    assert_eq!(merged, direct);
}

#[test]
fn a_killed_unit_resumes_to_the_same_total() {
    let dir = fresh("killed");
    plan(&dir, "brandub", 6, 2, 2);
    let units = unit_files(&dir);
    // Kill the first unit, most likely mid-run. Whenever the kill comes, the unit
    // leaves no result or a whole one (written atomically at the end), never a
    // half-written one: checked either way, whatever the machine's speed.
    let mut child = Command::new(env!("CARGO_BIN_EXE_taflperft"))
        .args(["unit", s(&units[0])])
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(150));
    child.kill().unwrap();
    child.wait().unwrap();
    let result0 = dir.join("unit-000.result.json");
    if result0.exists() {
        use taflcount::perft::units::{check_result, read_result, read_unit};
        let unit = read_unit(&units[0]).unwrap();
        let result = read_result(&result0)
            .unwrap_or_else(|e| panic!("a killed unit left a broken result: {e}"));
        check_result(&result0, &unit, &result).unwrap();
    }
    // A half-written temporary file of another killed run is ignored.
    std::fs::write(
        dir.join("unit-001.result.json.tmp-4242"),
        "{\"schema_version\": 1, \"ki",
    )
    .unwrap();
    // Merging now names the missing units.
    let (code, _, err) = taflperft(&["merge", s(&dir)]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("unit-001.json"), "{err}");
    for u in &units {
        run_unit(u, &["--hash", "16"]);
    }
    // Running a finished unit again skips it.
    let (code, out, _) = taflperft(&["unit", s(&units[1])]);
    assert_eq!(code, 0);
    assert!(out.contains("skipped"), "{out}");
    assert_eq!(totals(&merge_json(&dir)), BRANDUB);
}

#[test]
fn merging_an_incomplete_run_names_the_missing_units() {
    let dir = fresh("missing");
    plan(&dir, "brandub", 4, 2, 3);
    let units = unit_files(&dir);
    run_unit(&units[0], &[]);
    run_unit(&units[2], &[]);
    let (code, out, err) = taflperft(&["merge", s(&dir)]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("unit-001.json") && !err.contains("unit-000"),
        "{err}"
    );
    assert!(out.is_empty());
}

#[test]
fn a_foreign_or_corrupt_file_is_a_clear_error() {
    let a = fresh("foreign-a");
    let b = fresh("foreign-b");
    plan(&a, "brandub", 4, 2, 2);
    plan(&b, "brandub", 5, 2, 2);
    for u in unit_files(&a).iter().chain(&unit_files(&b)) {
        run_unit(u, &[]);
    }
    // Another plan's result in place of this plan's.
    std::fs::copy(
        b.join("unit-001.result.json"),
        a.join("unit-001.result.json"),
    )
    .unwrap();
    let (code, _, err) = taflperft(&["merge", s(&a)]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("unit-001.result.json") && err.contains("another run"),
        "{err}"
    );
    // A unit file of another plan.
    let c = fresh("foreign-c");
    plan(&c, "brandub", 4, 2, 2);
    std::fs::copy(b.join("unit-000.json"), c.join("unit-000.json")).unwrap();
    let (code, _, err) = taflperft(&["merge", s(&c)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("unit-000.json"), "{err}");
    // A stray unit beyond the plan's units.
    let d = fresh("foreign-d");
    plan(&d, "brandub", 4, 2, 2);
    std::fs::write(d.join("unit-007.json"), "{}").unwrap();
    let (code, _, err) = taflperft(&["merge", s(&d)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("unit-007.json"), "{err}");
    // A truncated result.
    let text = std::fs::read_to_string(b.join("unit-000.result.json")).unwrap();
    std::fs::write(b.join("unit-000.result.json"), &text[..text.len() / 2]).unwrap();
    let (code, _, err) = taflperft(&["merge", s(&b)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("unit-000.result.json"), "{err}");
    // A tampered count no longer adds up.
    let e = fresh("tampered");
    plan(&e, "brandub", 4, 2, 1);
    run_unit(&e.join("unit-000.json"), &[]);
    let path = e.join("unit-000.result.json");
    let mut doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    doc["positions"][0] = serde_json::json!("12345");
    std::fs::write(&path, doc.to_string()).unwrap();
    let (code, _, err) = taflperft(&["merge", s(&e)]);
    assert_eq!(code, 2, "{err}");
    // A corrupt unit file cannot be run.
    std::fs::write(e.join("unit-000.json"), "not json").unwrap();
    let (code, _, err) = taflperft(&["unit", s(&e.join("unit-000.json"))]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("unit-000.json"), "{err}");
    // A unit with an illegal move in a line.
    let f = fresh("illegal");
    plan(&f, "brandub", 4, 2, 1);
    let path = f.join("unit-000.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    doc["positions"][0]["line"] = serde_json::json!("a1-a2 a3-a4");
    std::fs::write(&path, doc.to_string()).unwrap();
    let (code, _, err) = taflperft(&["unit", s(&path)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("position 1"), "{err}");
}

/// Unit files changed before they were run (issue 24): each unit's result then matches
/// its unit file, and before this check the merge added up whatever the files held
/// (brandub perft(5) came out 31,426,055 instead of 41,843,336, exit 0).
#[test]
fn emptied_duplicated_or_edited_units_do_not_merge() {
    let edit = |dir: &Path, name: &str, change: &dyn Fn(&mut serde_json::Value)| {
        let path = dir.join(name);
        let mut doc: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        change(&mut doc);
        std::fs::write(&path, doc.to_string()).unwrap();
    };
    let run_and_merge = |dir: &Path| {
        for u in unit_files(dir) {
            run_unit(&u, &[]);
        }
        let (code, out, err) = taflperft(&["merge", s(dir)]);
        (code, out, err)
    };
    // The plan as dealt out merges to the published count.
    let good = fresh("tamper-none");
    plan(&good, "brandub", 4, 2, 3);
    let (code, out, err) = run_and_merge(&good);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("1007392"), "{out}");

    // Emptied: a unit's positions removed.
    let emptied = fresh("tamper-emptied");
    plan(&emptied, "brandub", 4, 2, 3);
    edit(&emptied, "unit-001.json", &|d| {
        d["positions"] = serde_json::json!([])
    });
    let (code, _, err) = run_and_merge(&emptied);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("not the plan's positions") && err.contains("perft(2) = 960"),
        "{err}"
    );

    // Duplicated: a position of unit 2 copied into unit 1 (paths now add up to more).
    let duplicated = fresh("tamper-duplicated");
    plan(&duplicated, "brandub", 4, 2, 3);
    let text = std::fs::read_to_string(duplicated.join("unit-002.json")).unwrap();
    let other: serde_json::Value = serde_json::from_str(&text).unwrap();
    edit(&duplicated, "unit-001.json", &|d| {
        d["positions"]
            .as_array_mut()
            .unwrap()
            .push(other["positions"][0].clone())
    });
    let (code, _, err) = run_and_merge(&duplicated);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not the plan's positions"), "{err}");

    // Duplicated without changing the sums: a position's line replaced by another's,
    // paths kept, in a plan without the digest (plans written before it).
    let moved = fresh("tamper-repeated");
    plan(&moved, "brandub", 4, 2, 3);
    edit(&moved, "plan.json", &|d| {
        d.as_object_mut().unwrap().remove("positions_digest");
    });
    edit(&moved, "unit-000.json", &|d| {
        d["positions"][0]["line"] = d["positions"][1]["line"].clone()
    });
    let (code, _, err) = run_and_merge(&moved);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("position 2 of unit-000.json is position 1 of unit-000.json again"),
        "{err}"
    );

    // Edited: two positions' paths swapped (same sum, no repeat): only the plan's
    // digest of its positions tells.
    let edited = fresh("tamper-edited");
    plan(&edited, "brandub", 4, 2, 3);
    edit(&edited, "unit-000.json", &|d| {
        let a = d["positions"][0]["paths"].clone();
        let j = (1..d["positions"].as_array().unwrap().len())
            .find(|&j| d["positions"][j]["paths"] != a)
            .expect("two positions reached differently");
        d["positions"][0]["paths"] = d["positions"][j]["paths"].clone();
        d["positions"][j]["paths"] = a;
    });
    let (code, _, err) = run_and_merge(&edited);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("differ from those the plan dealt out"),
        "{err}"
    );
}

#[test]
fn an_existing_plan_is_replaced_only_with_force() {
    let dir = fresh("force");
    plan(&dir, "brandub", 4, 2, 2);
    let (code, _, err) = taflperft(&[
        "plan",
        "--variant",
        "brandub",
        "--depth",
        "4",
        "--split",
        "1",
        "--out",
        s(&dir),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--force"), "{err}");
    let (code, _, err) = taflperft(&[
        "plan",
        "--variant",
        "brandub",
        "--depth",
        "4",
        "--split",
        "1",
        "--out",
        s(&dir),
        "--force",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(unit_files(&dir).len(), 1);
    for (args, why) in [
        (vec!["--split", "4"], "split"),
        (vec!["--split", "1", "--units", "0"], "units"),
        (vec!["--split", "1", "--units", "41"], "unique"),
    ] {
        let out = fresh("bad");
        let mut all = vec![
            "plan",
            "--variant",
            "brandub",
            "--depth",
            "4",
            "--out",
            s(&out),
        ];
        all.extend(args);
        let (code, _, err) = taflperft(&all);
        assert_eq!(code, 2, "{why}: {err}");
    }
}

/// Issue 24: `plan --force` deleted every `unit-*.json` in the folder, a user's
/// `unit-999.json` included; it removes the old plan's own files only. And `unit` checks
/// that its result can be written before it counts.
#[test]
fn force_removes_only_the_plans_own_files_and_unit_checks_its_output_first() {
    let dir = fresh("force-own");
    plan(&dir, "brandub", 4, 2, 2);
    std::fs::write(dir.join("unit-999.json"), "my notes").unwrap();
    std::fs::write(dir.join("notes.txt"), "mine").unwrap();
    plan_with(&dir, "brandub", 4, 1, 1, &["--force"]);
    assert_eq!(
        std::fs::read_to_string(dir.join("unit-999.json")).unwrap(),
        "my notes"
    );
    assert!(dir.join("notes.txt").exists());
    assert!(
        !dir.join("unit-001.json").exists(),
        "the old plan's unit is gone"
    );
    // A result path taken by a folder: refused before counting, naming the result.
    std::fs::create_dir_all(dir.join("unit-000.result.json")).unwrap();
    // (Run directly: the twin-folder check of `taflperft()` copies files, not folders.)
    let out = Command::new(env!("CARGO_BIN_EXE_taflperft"))
        .args(["unit", s(&dir.join("unit-000.json"))])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("cannot write the result beside") && err.contains("in the way"),
        "{err}"
    );
}

#[test]
fn plan_from_a_position_after_moves() {
    let dir = fresh("moves");
    let (code, _, err) = taflperft(&[
        "plan",
        "--variant",
        "copenhagen",
        "--moves",
        "d1-d3 e5-e2",
        "--depth",
        "3",
        "--split",
        "1",
        "--units",
        "2",
        "--out",
        s(&dir),
    ]);
    assert_eq!(code, 0, "{err}");
    for u in unit_files(&dir) {
        run_unit(&u, &[]);
    }
    let doc = merge_json(&dir);
    let direct = perft_json(&["--depth", "3", "--moves", "d1-d3 e5-e2", "--json"]);
    let direct: Vec<u64> = direct
        .results
        .iter()
        .map(|r| u64::try_from(r.nodes).unwrap())
        .collect();
    assert_eq!(totals(&doc), direct);
}

#[test]
fn hash_gives_the_plain_counts_and_divide() {
    let (code, plain, _) = taflperft(&["--variant", "brandub", "--depth", "5", "--divide"]);
    assert_eq!(code, 0);
    for seed in ["0", "77"] {
        let (code, hashed, err) = taflperft(&[
            "--variant",
            "brandub",
            "--depth",
            "5",
            "--divide",
            "--hash",
            "4",
            "--hash-seed",
            seed,
            "--threads",
            "2",
        ]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(hashed, plain);
    }
    assert!(plain.ends_with(&format!("\n{}\n", BRANDUB[4])));
    let doc = perft_json(&["--depth", "3", "--hash", "1", "--json"]);
    assert_eq!(doc.hash.map(|h| h.megabytes), Some(1));
    assert_eq!(doc.results[2].nodes, u128::from(COPENHAGEN[2]));
    let (code, _, err) = taflperft(&["--depth", "3", "--hash", "0"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = taflperft(&["--depth", "3", "--hash-seed", "4"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn the_plain_command_still_works_beside_the_subcommands() {
    let (code, out, _) = taflperft(&["--variant", "brandub", "--depth", "2"]);
    assert_eq!(code, 0);
    assert!(out.contains("960"));
    // Options of the plain command do not mix with a subcommand.
    let (code, _, _) = taflperft(&["--depth", "2", "merge", "x"]);
    assert_eq!(code, 2);
}
