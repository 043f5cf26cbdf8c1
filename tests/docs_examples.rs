//! Every example of the manuals (docs/*.md) runs as written (issue 24), so they cannot
//! drift from the tools: each `$ taflperft|taflcount|taflbench|taflregress|taflmatch|
//! taflengine ...` line, read by the rules of tests/common/transcript.rs (the README's
//! rules): it exits 0 or with its `# exit N`, and prints every line shown under it, `...`
//! standing for what is left out or varies (timings, the machine).
//!
//! The examples of one manual run in order, in a scratch folder of their own beside a link
//! to `fixtures/` (they write `runs/`, `reports/` and files they later read); a path
//! under `/tmp/` is taken inside that folder, and printed back as `/tmp/`. What a reader
//! supplies (an engine, a Slurm run, a saved benchmark) is made by `STAND_INS`; the
//! examples that are long work are stopped early (`LONG`), and the one that cannot run
//! here is checked another way (`PLACEHOLDERS`).

mod common;

use common::transcript::{self, binary, missing, run_until, Example, Step};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The tools whose examples run.
const TOOLS: [&str; 6] = [
    "taflperft",
    "taflcount",
    "taflbench",
    "taflregress",
    "taflmatch",
    "taflengine",
];

/// Examples that are long work (text in the example), each with why in a comment: they
/// are stopped after `DEADLINE` and pass if they have said nothing wrong by then
/// (everything a reader can get wrong, the arguments, files, weights and engines, is
/// checked before the work starts). One that ends before the deadline is checked in full.
const LONG: [&str; 5] = [
    // docs/taflmatch.md, the SPRT walkthrough: 728 to 2000 games, 21 s and more on 2 cores.
    "--games 2000 --concurrency 2 --sprt",
    // docs/taflmatch.md: 120 games, a third of them with 1000 MCTS playouts a move (16 s).
    "--round-robin",
    // docs/taflmatch.md: 100 games with a clock over OTEP, 77 s and 56 s.
    "otep:",
    // docs/taflregress.md: the 373 hard positions at 8 budgets, 44 s on both cores.
    "taflregress curve",
    // docs/perft-deep.md: copenhagen's 806,344 paths to ply 3 folded, 7 s.
    "--depth 7 --split 3 --units 64 --fold-symmetries",
];

/// How long a `LONG` example works before it is stopped.
const DEADLINE: Duration = Duration::from_secs(2);

/// How long any other example may take: it must end and be checked in full.
const LIMIT: Duration = Duration::from_secs(120);

/// Makes a stand-in in an example's folder.
type Make = fn(&Path) -> Result<(), String>;

/// What a reader supplies to an example, made in its folder before the first example
/// whose text holds the key.
const STAND_INS: [(&str, Make); 5] = [
    // docs/perft-against.md: "your engine"; the manual's own runs use the reference
    // generator of the tests, compiled from examples/reference_divide.rs.
    ("./reference_divide", reference_divide),
    // docs/taflmatch.md: two builds of taflengine copied into old/ and new/; the run
    // shown has the same AI in both, as here.
    ("old/taflengine", two_builds),
    // docs/taflregress.md and docs/taflcount.md: taflengine copied beside, as the outside
    // engine of `--engine otep:"./taflengine ..."` and `--player otep:"./taflengine ..."`.
    ("./taflengine", one_build),
    // docs/perft-deep.md: a brandub perft(6) plan run on Slurm (reports/perft-distributed.md);
    // here a plan split at ply 3 (less work than the report's ply 2; the merged counts do
    // not depend on the split), its units run one after the other.
    ("runs/slurm-b6", slurm_run),
    // docs/taflbench.md: the second saved run, described in words beside the first.
    ("/tmp/after.json", after_json),
];

/// Examples that cannot run as written: (text in the example, the command run instead,
/// a line it must print), with why.
const PLACEHOLDERS: [(&str, &str, &str); 1] = [
    // docs/taflregress.md, "I changed the evaluation": the suite of a scratch copy whose
    // evaluation was edited by hand, piped through grep. This build keeps the real
    // evaluation, so what is checked is that the whole suite it ran passes here too.
    (
        "taflregress | grep",
        "taflregress",
        "solved 53 of 53 (100.0%), ... nodes",
    ),
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh folder for the examples of one manual.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("docs-examples")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["reports", "tmp"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    std::os::unix::fs::symlink(root().join("fixtures"), dir.join("fixtures")).unwrap();
    dir
}

/// A path of an example inside its folder: `/tmp/...` under the folder's `tmp/`.
fn local(dir: &Path, path: &str) -> Result<PathBuf, String> {
    match path.strip_prefix("/tmp") {
        Some(rest) if rest.is_empty() || rest.starts_with('/') => {
            Ok(dir.join("tmp").join(rest.trim_start_matches('/')))
        }
        _ if path.starts_with('/') => Err(format!("`{path}` is outside the example's folder")),
        _ => Ok(dir.join(path)),
    }
}

fn reference_divide(dir: &Path) -> Result<(), String> {
    transcript::build_reference_divide(&dir.join("reference_divide"));
    Ok(())
}

fn one_build(dir: &Path) -> Result<(), String> {
    std::os::unix::fs::symlink(binary("taflengine"), dir.join("taflengine"))
        .map_err(|e| e.to_string())
}

fn two_builds(dir: &Path) -> Result<(), String> {
    for build in ["old", "new"] {
        std::fs::create_dir_all(dir.join(build)).map_err(|e| e.to_string())?;
        std::os::unix::fs::symlink(binary("taflengine"), dir.join(build).join("taflengine"))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn slurm_run(dir: &Path) -> Result<(), String> {
    let plan = "plan --variant brandub --depth 6 --split 3 --units 8 --out runs/slurm-b6";
    let mut commands = vec![plan.to_string()];
    commands.extend((0..8).map(|u| format!("unit runs/slurm-b6/unit-00{u}.json --hash 64")));
    for args in commands {
        let out = Command::new(binary("taflperft"))
            .args(args.split(' '))
            .current_dir(dir)
            .output()
            .map_err(|e| e.to_string())?;
        if !out.status.success() {
            return Err(format!(
                "taflperft {args}: {}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    Ok(())
}

/// docs/taflbench.md: "`/tmp/after.json` is the same with `"commit": "4567cdef"`,
/// `"date": "2026-11-22"`, the perft figure at a median of 70,000,000 (spread 1,000,000,
/// rates 69, 70 and 71 million) and the playouts at 42,000 (spread 4,000, rates 38,000,
/// 42,000 and 46,000)".
fn after_json(dir: &Path) -> Result<(), String> {
    let before = std::fs::read_to_string(dir.join("tmp/before.json"))
        .map_err(|e| format!("before.json, shown before it: {e}"))?;
    let mut run: serde_json::Value = serde_json::from_str(&before).map_err(|e| e.to_string())?;
    run["machine"]["commit"] = "4567cdef".into();
    run["machine"]["date"] = "2026-11-22".into();
    let figures = [
        (70_000_000, 1_000_000, [69_000_000, 70_000_000, 71_000_000]),
        (42_000, 4_000, [38_000, 42_000, 46_000]),
    ];
    for (i, (median, spread, rates)) in figures.into_iter().enumerate() {
        let figure = &mut run["figures"][i];
        figure["median"] = median.into();
        figure["spread"] = spread.into();
        figure["rates"] = rates.to_vec().into();
    }
    std::fs::write(dir.join("tmp/after.json"), run.to_string()).map_err(|e| e.to_string())
}

/// Runs one example in `dir`; Err says what is wrong.
fn check(dir: &Path, example: &Example) -> Result<(), String> {
    let tmp = dir.join("tmp").display().to_string();
    let printed = |stdout: &str, stderr: &str| format!("{stdout}{stderr}").replace(&tmp, "/tmp");
    if let Some((_, instead, says)) = PLACEHOLDERS
        .iter()
        .find(|(text, _, _)| example.text.contains(text))
    {
        let words: Vec<&str> = instead.split(' ').collect();
        let ran = run_until(
            Command::new(binary(words[0]))
                .args(&words[1..])
                .current_dir(dir),
            dir,
            LIMIT,
        );
        let out = printed(&ran.stdout, &ran.stderr);
        return match ran.status {
            Some(s) if s.success() && missing(&[says.to_string()], &out).is_empty() => Ok(()),
            _ => Err(format!(
                "placeholder: `{instead}` must exit 0 and print `{says}`:\n{out}"
            )),
        };
    }
    if example.is_piped() {
        return Err("a pipe: only single commands run here (or add a placeholder)".into());
    }
    let words = example.command();
    let args = words[1..]
        .iter()
        .map(|w| {
            if w.starts_with("/tmp/") || w == "/tmp" {
                local(dir, w).map(|p| p.display().to_string())
            } else {
                Ok(w.clone())
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    let long = LONG.iter().any(|text| example.text.contains(text));
    let ran = run_until(
        Command::new(binary(&words[0])).args(&args).current_dir(dir),
        dir,
        if long { DEADLINE } else { LIMIT },
    );
    let out = printed(&ran.stdout, &ran.stderr);
    let Some(status) = ran.status else {
        return if !long {
            Err(format!("still working after {LIMIT:?}:\n{out}"))
        } else if out.contains("error") || out.contains("panicked") {
            Err(format!("stopped at the deadline, but said:\n{out}"))
        } else {
            Ok(())
        };
    };
    let code = status.code().unwrap_or(-1);
    if code != example.exit {
        return Err(format!(
            "exited with {code}, the manual implies {}:\n{out}",
            example.exit
        ));
    }
    let lacking = missing(&example.shown, &out);
    if lacking.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "no longer prints\n  {}\nit printed:\n{out}",
            lacking.join("\n  ")
        ))
    }
}

/// The manuals, each with its steps.
fn manuals() -> Vec<(String, Vec<Step>)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).unwrap();
            let steps =
                transcript::steps(&text, &TOOLS).unwrap_or_else(|e| panic!("docs/{name}, {e}"));
            found.push((name, steps));
        }
    }
    // The manuals with long work first, so that they do not start last.
    let light = |steps: &[Step]| {
        !steps.iter().any(|s| match s {
            Step::Run(e) => LONG.iter().any(|k| e.text.contains(k)),
            Step::File { .. } => false,
        })
    };
    found.sort_by_key(|(name, steps)| (light(steps), name.clone()));
    found
}

/// Runs the steps of one manual in order; returns what failed and each example's time.
fn run_manual(name: &str, steps: &[Step]) -> (Vec<String>, Vec<(Duration, String)>) {
    let dir = scratch(name.trim_end_matches(".md"));
    let (mut failed, mut times) = (Vec::new(), Vec::new());
    let mut made: Vec<&str> = Vec::new();
    for step in steps {
        let example = match step {
            Step::File { line, path, text } => {
                let written = local(&dir, path).and_then(|p| {
                    std::fs::create_dir_all(p.parent().unwrap()).map_err(|e| e.to_string())?;
                    std::fs::write(p, text).map_err(|e| e.to_string())
                });
                if let Err(e) = written {
                    failed.push(format!("docs/{name} line {line}: `{path}`: {e}"));
                }
                continue;
            }
            Step::Run(example) => example,
        };
        let started = Instant::now();
        let mut result = Ok(());
        for (key, make) in STAND_INS {
            if example.text.contains(key) && !made.contains(&key) {
                made.push(key);
                result = result.and_then(|()| make(&dir).map_err(|e| format!("{key}: {e}")));
            }
        }
        if let Err(e) = result.and_then(|()| check(&dir, example)) {
            failed.push(format!(
                "docs/{name} line {}: `{}`: {e}",
                example.line, example.text
            ));
        }
        times.push((
            started.elapsed(),
            format!("docs/{name} line {}", example.line),
        ));
    }
    (failed, times)
}

#[test]
fn every_manual_example_runs_as_written() {
    let manuals = manuals();
    let examples: Vec<&Example> = manuals
        .iter()
        .flat_map(|(_, steps)| steps)
        .filter_map(|s| match s {
            Step::Run(e) => Some(e),
            Step::File { .. } => None,
        })
        .collect();
    assert!(examples.len() >= 60, "{} examples found", examples.len());
    for tool in &TOOLS[..5] {
        assert!(
            examples.iter().any(|e| e.words[0] == *tool),
            "no manual has an example of {tool}"
        );
    }
    // Every exception is still needed.
    let keys = LONG
        .iter()
        .copied()
        .chain(STAND_INS.iter().map(|(k, _)| *k))
        .chain(PLACEHOLDERS.iter().map(|(k, _, _)| *k));
    for key in keys {
        assert!(
            examples.iter().any(|e| e.text.contains(key)),
            "no example holds `{key}` any more"
        );
    }
    // One manual at a time on each of two threads (the machine may have two cores).
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new((Vec::new(), Vec::new()));
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((name, steps)) = manuals.get(i) else {
                    break;
                };
                let (failed, times) = run_manual(name, steps);
                let mut all = results.lock().unwrap();
                all.0.extend(failed);
                all.1.extend(times);
            });
        }
    });
    let (failed, mut times) = results.into_inner().unwrap();
    times.sort();
    for (took, what) in times.iter().rev().take(8) {
        eprintln!("{:6.2} s  {what}", took.as_secs_f64());
    }
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
}

#[test]
fn a_command_goes_on_and_takes_variables() {
    let text =
        "```\n$ R=\"dim:7 ks:w\"\n$ taflperft --rules \"$R\" \\\n    --depth 2   # exit 1\nout\n\
                $ taflperft --rules '$R' --depth 1\n```\n";
    let steps = transcript::steps(text, &TOOLS).unwrap();
    let [Step::Run(a), Step::Run(b)] = steps.as_slice() else {
        panic!("{steps:?}")
    };
    assert_eq!(
        a.words,
        ["taflperft", "--rules", "dim:7 ks:w", "--depth", "2"]
    );
    assert_eq!(
        (a.exit, a.shown.as_slice()),
        (1, ["out".to_string()].as_slice())
    );
    assert_eq!(b.words, ["taflperft", "--rules", "$R", "--depth", "1"]);
    assert!(transcript::steps("$ taflperft --rules \"$S\"\n", &TOOLS).is_err());
    assert!(transcript::steps("$ D=3\n$ taflperft --depth $D\n", &TOOLS).is_ok());
    assert!(transcript::steps("$ echo hello\n", &TOOLS).is_err());
}

#[test]
fn files_are_shown_by_cat_or_after_their_name() {
    let text = "```\n$ cat new.json\n{\"a\": 1}\n```\n\nSay `/tmp/x.json`:\n\n```json\n{}\n```\n\n\
                Run `taflregress`:\n```\n$ taflregress\n```\n";
    let steps = transcript::steps(text, &TOOLS).unwrap();
    let files: Vec<(&str, &str)> = steps
        .iter()
        .filter_map(|s| match s {
            Step::File { path, text, .. } => Some((path.as_str(), text.as_str())),
            Step::Run(_) => None,
        })
        .collect();
    // `taflregress` is no path: its block is a transcript.
    assert_eq!(
        files,
        [("new.json", "{\"a\": 1}\n"), ("/tmp/x.json", "{}\n")]
    );
    assert!(matches!(&steps[2], Step::Run(e) if e.words == ["taflregress"]));
}

#[test]
fn elided_text_matches_anything_and_nothing_else() {
    let printed = "┌───────┬────────┐\n│ depth ┆  secs │\n╞═══════╪════════╡\n│     1 ┆ 12.345 │\nplan 4d1e: done (0.85 s, 1 thread(s))\n";
    let lines = |ls: &[&str]| ls.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    // Widths follow the elided figures: rules and padding are not compared.
    let shown = lines(&[
        "┌───┬───┐",
        "│ depth ┆ secs │",
        "│ 1 ┆ ... │",
        "...",
        "plan 4d1e: done (... s, 1 thread(s))",
    ]);
    assert!(missing(&shown, printed).is_empty());
    assert_eq!(missing(&lines(&["│ 2 ┆ ... │"]), printed), ["│ 2 ┆ ... │"]);
    assert_eq!(
        missing(&lines(&["plan 4d1e: done (... s, 2 thread(s))"]), printed),
        ["plan 4d1e: done (... s, 2 thread(s))"]
    );
    // Without an elided figure, every character counts.
    assert_eq!(
        missing(&lines(&["│ 1 ┆ 12.345 │"]), printed),
        ["│ 1 ┆ 12.345 │"]
    );
    assert!(missing(&lines(&["│     1 ┆ 12.345 │", "..."]), printed).is_empty());
}
