//! Every `$ tool ...` example of the manuals (docs/*.md) runs as written, and what it
//! prints is what the manual shows (issue 24: the manuals had drifted from the tools).
//! The rules of tests/readme_examples.rs: the exit code is 0 or the `# exit N` of the
//! line; every output line shown must appear in what the tool printed, unless the shown
//! output holds a `...` line (shortened, or figures of this machine: times, rates).
//!
//! Each example runs in a scratch folder beside a link to `fixtures/` (examples write
//! `runs/`, `reports/`, `/tmp/...` files). An example still working after a few
//! seconds (a deep perft, a full bench, a long match) is stopped and passes if it said
//! nothing wrong so far: what it prints is then not compared. The examples that need
//! something the user supplies are in `PLACEHOLDERS`, each with what is checked instead.

mod markdown_examples;

use markdown_examples::{examples, run_with_deadline, Example, Ran};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long an example may work before it is stopped.
const DEADLINE: Duration = Duration::from_secs(4);

/// Examples that stand for something the user has, with what their error must say:
/// (text in the example, what the error names).
const PLACEHOLDERS: &[(&str, &str)] = &[
    // The user's own evaluation weights, the candidate of a tuning run.
    ("eval=new.json", "new.json"),
    ("eval=heavier.json", "heavier.json"),
    // Two builds of the user's engine.
    ("otep:\"old/taflengine", "old/taflengine"),
    // A shell variable the manual sets on the line before, and the reference engine of
    // tests/reference, built by the test that uses it.
    ("$R", ""),
    ("./reference_divide", "reference_divide"),
    // The merge of a plan whose units ran on a cluster.
    ("merge runs/slurm-b6", "runs/slurm-b6"),
    // Files the manual describes in its prose or shows as JSON above the command, at
    // absolute paths (not run: whatever /tmp holds would decide the outcome).
    ("/tmp/after.json", ""),
    ("/tmp/my-escape.json", ""),
    // The output of a scratch copy of the repository with a changed AI.
    ("taflregress | grep", ""),
];

fn binary(tool: &str) -> &'static str {
    match tool {
        "taflperft" => env!("CARGO_BIN_EXE_taflperft"),
        "taflcount" => env!("CARGO_BIN_EXE_taflcount"),
        "taflbench" => env!("CARGO_BIN_EXE_taflbench"),
        "taflregress" => env!("CARGO_BIN_EXE_taflregress"),
        "taflmatch" => env!("CARGO_BIN_EXE_taflmatch"),
        "taflengine" => env!("CARGO_BIN_EXE_taflengine"),
        other => panic!("no binary {other}"),
    }
}

/// A fresh folder for one example, with `fixtures/` linked and `reports/` made.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("docs-examples-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("reports")).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::os::unix::fs::symlink(root.join("fixtures"), dir.join("fixtures")).unwrap();
    dir
}

/// A line with its durations (`0.85 s`, `12 ms`) replaced by `<time>`: the one part of
/// an output that differs from run to run and machine to machine; every count stays.
fn untimed(line: &str) -> String {
    let words: Vec<&str> = line.trim_end().split(' ').collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let digits = words[i].trim_start_matches(['(', '[']);
        let opening = &words[i][..words[i].len() - digits.len()];
        let number = !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit() || c == '.');
        let unit = words
            .get(i + 1)
            .map(|w| w.trim_end_matches([',', ')', ';']));
        if number && matches!(unit, Some("s" | "ms")) {
            let closing = &words[i + 1][unit.unwrap().len()..];
            out.push(format!("{opening}<time>{closing}"));
            i += 2;
        } else {
            out.push(words[i].to_string());
            i += 1;
        }
    }
    out.join(" ")
}

#[test]
fn durations_and_only_durations_are_masked() {
    assert_eq!(
        untimed("done: 2623 position(s), 134997080 nodes at depth 6 (0.85 s, 1 thread(s))"),
        "done: 2623 position(s), 134997080 nodes at depth 6 (<time>, 1 thread(s))"
    );
    assert_eq!(untimed("took 12 ms"), "took <time>");
    assert_eq!(untimed("12 moves"), "12 moves");
}

/// Whether `line` is `shown`, where each `...` in `shown` stands for any text (a time,
/// a rate, a part left out) and the spaces beside it.
fn glob(shown: &str, line: &str) -> bool {
    let mut parts: Vec<&str> = shown.split("...").collect();
    if parts.len() == 1 {
        return shown == line;
    }
    // The padding beside `...` is part of what it stands for (a figure's width).
    let n = parts.len();
    for (i, part) in parts.iter_mut().enumerate() {
        if i > 0 {
            *part = part.trim_start_matches(' ');
        }
        if i + 1 < n {
            *part = part.trim_end_matches(' ');
        }
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !line.starts_with(first) || line.len() < first.len() + last.len() || !line.ends_with(last) {
        return false;
    }
    let mut rest = &line[first.len()..line.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

#[test]
fn three_dots_stand_for_any_text() {
    assert!(glob(
        "|     1 |        116 |     ... |         ... |",
        "|     1 |        116 |   0.001 |   1,000,000 |"
    ));
    assert!(!glob(
        "|     2 |        116 |     ... |",
        "|     1 |        116 |   0.001 |"
    ));
    assert!(glob("a...", "abc") && glob("...c", "abc") && !glob("a...d", "abc"));
    assert!(glob("same", "same") && !glob("same", "same but more"));
}

/// Runs one example; Ok, or what went wrong.
fn check(file: &str, example: &Example, dir: &Path) -> Result<(), String> {
    let at = format!("{file} line {}: `{}`", example.line, example.text);
    let placeholder = PLACEHOLDERS
        .iter()
        .find(|(text, _)| example.text.contains(text));
    if let Some((_, "")) = placeholder {
        return Ok(());
    }
    let Ran {
        status,
        stdout: out,
        stderr: err,
    } = run_with_deadline(binary(example.tool), &example.args, dir, DEADLINE);
    if let Some((_, says)) = placeholder {
        return match status {
            Some(s) if s.code() == Some(2) && err.contains(says) && !err.contains("panicked") => {
                Ok(())
            }
            _ => Err(format!(
                "{at}: a placeholder, expected exit 2 naming `{says}`: {err}"
            )),
        };
    }
    let Some(status) = status else {
        return if err.contains("error") || err.contains("panicked") {
            Err(format!("{at}: stopped after {DEADLINE:?}, but said: {err}"))
        } else {
            Ok(())
        };
    };
    let code = status.code().unwrap_or(-1);
    if code != example.exit {
        return Err(format!(
            "{at}: exited with {code}, the manual implies {}\n{out}{err}",
            example.exit
        ));
    }
    let printed: Vec<String> = out.lines().chain(err.lines()).map(untimed).collect();
    let missing: Vec<&String> = example
        .shown
        .iter()
        .filter(|l| !l.trim().is_empty() && l.trim() != "...")
        .filter(|l| !printed.iter().any(|p| glob(&untimed(l), p)))
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{at}: no longer prints\n  {}\nit printed:\n{out}{err}",
            missing
                .iter()
                .map(|l| l.as_str())
                .collect::<Vec<_>>()
                .join("\n  ")
        ))
    }
}

#[test]
fn every_manual_example_runs_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    for path in &files {
        let name = format!("docs/{}", path.file_name().unwrap().to_string_lossy());
        let text = std::fs::read_to_string(path).unwrap();
        for example in examples(&name, &text) {
            all.push((name.clone(), example));
        }
    }
    assert!(all.len() >= 50, "only {} examples found", all.len());
    // The examples of one manual run in order in one folder (a plan, then its units);
    // the manuals run four at a time.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failed = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(path) = files.get(i) else { break };
                let name = format!("docs/{}", path.file_name().unwrap().to_string_lossy());
                let dir = scratch(&i.to_string());
                for (_, example) in all.iter().filter(|(file, _)| *file == name) {
                    if let Err(e) = check(&name, example, &dir) {
                        failed.lock().unwrap().push(e);
                    }
                }
                let _ = std::fs::remove_dir_all(&dir);
            });
        }
    });
    let failed = failed.into_inner().unwrap();
    assert!(
        failed.is_empty(),
        "{}\n\n{} failed",
        failed.join("\n\n"),
        failed.len()
    );
}
