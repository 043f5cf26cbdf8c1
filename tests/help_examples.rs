//! Every example of every tool's `--help` runs as written (issue 15: the `--moves`
//! example had no piece on g3, `add --game 12 --ply 40` named a ply game 12 never
//! reached). The examples are read from the help itself, so a new one is tested as soon
//! as it is written: the "Examples:" lines of each command and subcommand, and the
//! `e.g. "..."` values of the options that take a game.
//!
//! Each runs in a scratch folder beside a link to `fixtures/` (examples write
//! `my-fixtures/`, `runs/`, `reports/`). Many are real work (perft 6, a full bench):
//! an example passes when it exits 0, or is still working without an error after a few
//! seconds, when it is stopped; everything a user can get wrong (arguments, files,
//! rules, moves) is checked before the work starts. The two that cannot run here say
//! so in `PLACEHOLDERS`.

mod common;

use common::transcript::{binary, run_until, split_words, Ran, TOOLS};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Examples that stand for something the user supplies, with what is checked instead:
/// (text in the example, what its error must say).
const PLACEHOLDERS: [(&str, &str); 8] = [
    // The user's own engine.
    ("--against ./my-engine", "my-engine"),
    // The user's own engine over the OpenTafl engine protocol (taflregress, branching).
    ("otep:\"./my-engine", "my-engine"),
    // The user's own evaluation weights, the candidate of a tuning run.
    ("eval=new.json", "new.json"),
    // Adds up the results of all 64 units of the plan example, hours of counting.
    ("merge runs/cph7/", "unit"),
    // The plan folders of `taflcount complexity --legal --plan` and `taflmatch plan`,
    // made by the user's own plan command (the manuals run the whole path).
    ("unit runs/cph-legal/", "unit-003.json"),
    ("merge runs/cph-legal", "plan.json"),
    ("unit runs/sprt/", "unit-007.json"),
    ("merge runs/sprt", "plan.json"),
];

/// How long an example may work before it is stopped (and passes, if it said nothing
/// wrong so far).
const DEADLINE: Duration = Duration::from_secs(3);

/// Splits a command line as sh would (quotes group words; a `#` comment is dropped).
fn split(line: &str) -> Vec<String> {
    split_words(line, &[]).unwrap_or_else(|e| panic!("{e}")).0
}

fn help(tool: &str, path: &[&str]) -> String {
    let o = Command::new(binary(tool))
        .args(path)
        .arg("--help")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{tool} {path:?} --help");
    String::from_utf8(o.stdout).unwrap()
}

/// The subcommands listed in a help text.
fn subcommands(text: &str) -> Vec<String> {
    let Some(start) = text.find("Commands:\n") else {
        return Vec::new();
    };
    text[start + 10..]
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// The example lines of a help text: after `Example:` or `Examples:`, indented; a line
/// ending in ` \` goes on on the next, as in sh.
fn examples(text: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    let mut inside = false;
    let mut continued = false;
    for line in text.lines() {
        if line.starts_with("Example") && line.ends_with(':') {
            inside = true;
        } else if inside && line.starts_with("  ") {
            let words = line.trim();
            let (words, goes_on) = match words.strip_suffix('\\') {
                Some(rest) => (rest.trim_end(), true),
                None => (words, false),
            };
            match found.last_mut() {
                Some(last) if continued => {
                    last.push(' ');
                    last.push_str(words);
                }
                _ => found.push(words.to_string()),
            }
            continued = goes_on;
        } else {
            inside = false;
            continued = false;
        }
    }
    found
}

/// Every example of every tool, its subcommands included, in help order.
fn all_examples() -> Vec<String> {
    let mut all = Vec::new();
    for (tool, _) in TOOLS {
        let top = help(tool, &[]);
        all.extend(examples(&top));
        for sub in subcommands(&top) {
            all.extend(examples(&help(tool, &[&sub])));
        }
    }
    all
}

/// The plan the `unit` and `merge` examples work on, made first in their folder.
const PLAN: &str = "taflperft plan --depth 7 --split 3 --units 64 --out runs/cph7/";

/// A fresh folder for one example.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("help-examples-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("reports")).unwrap();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    std::os::unix::fs::symlink(fixtures, dir.join("fixtures")).unwrap();
    // The saved runs the taflbench examples compare (a real run takes minutes).
    let run = serde_json::json!({
        "schema_version": 1, "tool": "taflbench", "quick": true,
        "machine": {"commit": "c", "rustc": "rustc", "cpu": "cpu", "cpus": 2, "threads": 1,
                    "date": "2026-11-23", "load_average": null},
        "figures": [{"variant": "copenhagen", "kernel": "movegen", "unit": "moves/s",
                     "work": "w", "median": 100.0, "spread": 1.0, "rates": [100.0],
                     "noisy": false}]
    });
    for name in ["before.json", "after.json"] {
        std::fs::write(dir.join(name), run.to_string()).unwrap();
    }
    dir
}

/// Runs one example in `dir`: Ok if it exits 0 or is still working at the deadline with
/// nothing wrong on stderr; Err with what went wrong otherwise.
fn run_example(dir: &Path, line: &str) -> Result<(), String> {
    let words = split(line);
    let Ran {
        status,
        stderr: err,
        ..
    } = run_until(
        Command::new(binary(&words[0]))
            .args(&words[1..])
            .current_dir(dir),
        dir,
        DEADLINE,
    );
    if let Some((_, says)) = PLACEHOLDERS.iter().find(|(text, _)| line.contains(text)) {
        return match status {
            Some(s) if s.code() != Some(0) && err.contains(says) && !err.contains("panicked") => {
                Ok(())
            }
            _ => Err(format!(
                "placeholder example: expected an error naming `{says}`: {err}"
            )),
        };
    }
    match status {
        Some(s) if s.success() => Ok(()),
        Some(s) => Err(format!("exit {:?}: {err}", s.code())),
        None if err.contains("error") || err.contains("panicked") => {
            Err(format!("stopped, but said: {err}"))
        }
        None => Ok(()),
    }
}

/// Runs the plan example to its end (a few seconds), for the examples that use it.
fn make_plan(dir: &Path) -> Result<(), String> {
    let words = split(PLAN);
    let o = Command::new(binary(&words[0]))
        .args(&words[1..])
        .current_dir(dir)
        .output()
        .unwrap();
    if o.status.success() {
        Ok(())
    } else {
        Err(format!("the plan: {}", String::from_utf8_lossy(&o.stderr)))
    }
}

#[test]
fn every_help_example_runs_as_written() {
    let all = all_examples();
    assert!(all.len() > 20, "{all:#?}");
    assert!(
        all.iter().any(|l| l == PLAN),
        "the plan example changed: {all:#?}"
    );
    // Each example in a folder of its own, four at a time (most wait on a deadline).
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failed = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(line) = all.get(i) else { break };
                let dir = scratch(&i.to_string());
                // The saved runs are there to be read: an example that saves one
                // (`--save before.json`) starts without it, as a user's folder would.
                let words: Vec<&str> = line.split_whitespace().collect();
                for w in words.windows(2).filter(|w| w[0] == "--save") {
                    let _ = std::fs::remove_file(dir.join(w[1]));
                }
                let needs_plan = line.contains("runs/cph7/") && !line.contains(" plan ");
                let setup = if needs_plan { make_plan(&dir) } else { Ok(()) };
                if let Err(e) = setup.and_then(|()| run_example(&dir, line)) {
                    failed.lock().unwrap().push(format!("{line}\n    {e}"));
                }
            });
        }
    });
    let failed = failed.into_inner().unwrap();
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// The `e.g. "..."` values of the game options run in the command they document.
#[test]
fn every_option_example_runs_as_written() {
    let dir = scratch("options");
    let mut checked = 0;
    for (tool, path, run) in [
        ("taflperft", vec![], vec!["taflperft", "--depth", "1"]),
        (
            "taflcount",
            vec!["complexity"],
            vec!["taflcount", "complexity"],
        ),
        (
            "taflregress",
            vec!["analyze"],
            vec!["taflregress", "analyze", "--depth", "1"],
        ),
    ] {
        let text = help(tool, &path);
        for line in text.lines().map(str::trim) {
            let Some((_, rest)) = line.split_once("e.g. \"") else {
                continue;
            };
            let value = rest.split('"').next().unwrap();
            // The option is on this line (short help) or the last one above it.
            let option = text
                .lines()
                .map(str::trim)
                .take_while(|l| *l != line)
                .chain([line])
                .filter(|l| l.starts_with("--"))
                .last()
                .unwrap()
                .split_whitespace()
                .next()
                .unwrap()
                .to_string();
            let mut words: Vec<String> = run.iter().map(|w| w.to_string()).collect();
            words.push(option.clone());
            words.push(value.to_string());
            if option == "--position" {
                words.extend(["--variant", "brandub", "--side", "attackers"].map(String::from));
            }
            let quoted: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
            run_example(&dir, &quoted.join(" "))
                .unwrap_or_else(|e| panic!("{tool} {option} e.g. \"{value}\": {e}"));
            checked += 1;
        }
    }
    assert!(checked >= 6, "{checked} option examples found");
}

#[test]
fn an_example_may_go_on_on_the_next_line() {
    let text = "Examples:\n  tool --a 1 \\\n      --b 2\n  tool --c\n\nExit codes: 0";
    assert_eq!(examples(text), ["tool --a 1 --b 2", "tool --c"]);
}

#[test]
fn the_splitter_reads_quotes_like_sh() {
    assert_eq!(
        split(r#"taflperft --rules "dim:7 ks:w" --depth 3"#),
        ["taflperft", "--rules", "dim:7 ks:w", "--depth", "3"]
    );
    assert_eq!(split(r#"a "" b"#), ["a", "", "b"]);
}
