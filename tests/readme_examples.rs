//! Every example command of README.md runs as written. Each line starting with
//! `$ taflperft`, `$ taflcount`, `$ taflbench` or `$ taflregress` is split like a shell
//! would split it (double and single quotes group words) and run from the repository
//! root. It must exit with 0, or with the code a trailing `# exit N` comment gives. When
//! the output shown under the command is complete (no `...` line), every line of it
//! must appear in what the program printed, so the README cannot drift from the tools.
//! The README's library example is repeated here as a test.

use std::path::Path;
use std::process::Command;
use taflcount::game::Game;
use taflcount::perft::{perft, Counting};

const TOOLS: [&str; 5] = [
    "taflperft",
    "taflcount",
    "taflbench",
    "taflregress",
    "taflmatch",
];

/// One `$ tool ...` line of the README and the output lines shown under it.
#[derive(Debug)]
struct Example {
    line: usize,
    text: String,
    tool: &'static str,
    args: Vec<String>,
    exit: i32,
    shown: Vec<String>,
}

/// Splits a command line into words like a POSIX shell, for the subset the README uses:
/// whitespace separates words, double or single quotes group them, and an unquoted `#`
/// at the start of a word begins a comment. Returns the words and the comment.
fn split_words(line: &str) -> Result<(Vec<String>, Option<String>), String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' | '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some(q) if q == c => break,
                        Some('\\') if c == '"' && matches!(chars.peek(), Some('"' | '\\')) => {
                            word.push(chars.next().unwrap())
                        }
                        Some(other) => word.push(other),
                        None => return Err(format!("unclosed {c} in `{line}`")),
                    }
                }
            }
            '#' if !in_word => {
                let comment: String = chars.collect();
                return Ok((words, Some(comment.trim().to_string())));
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok((words, None))
}

/// The examples of a Markdown text, with the output lines shown under each: the lines
/// up to the next `$` line or the end of the code block.
fn examples(markdown: &str) -> Vec<Example> {
    let lines: Vec<&str> = markdown.lines().collect();
    let mut found = Vec::new();
    for (i, raw) in lines.iter().enumerate() {
        let Some(command) = raw.strip_prefix("$ ") else {
            continue;
        };
        let Some(tool) = TOOLS
            .iter()
            .find(|t| command == **t || command.starts_with(&format!("{t} ")))
        else {
            continue;
        };
        let (words, comment) =
            split_words(command).unwrap_or_else(|e| panic!("README.md line {}: {e}", i + 1));
        let exit = match comment.as_deref() {
            None => 0,
            Some(c) => c
                .strip_prefix("exit ")
                .and_then(|n| n.trim().parse().ok())
                .unwrap_or_else(|| {
                    panic!(
                        "README.md line {}: the comment `# {c}` is not `# exit N`",
                        i + 1
                    )
                }),
        };
        let shown = lines[i + 1..]
            .iter()
            .take_while(|l| !l.starts_with("$ ") && !l.starts_with("```"))
            .map(|l| l.trim_end().to_string())
            .collect();
        found.push(Example {
            line: i + 1,
            text: command.to_string(),
            tool,
            args: words[1..].to_vec(),
            exit,
            shown,
        });
    }
    found
}

fn binary(tool: &str) -> &'static str {
    match tool {
        "taflperft" => env!("CARGO_BIN_EXE_taflperft"),
        "taflcount" => env!("CARGO_BIN_EXE_taflcount"),
        "taflbench" => env!("CARGO_BIN_EXE_taflbench"),
        "taflregress" => env!("CARGO_BIN_EXE_taflregress"),
        "taflmatch" => env!("CARGO_BIN_EXE_taflmatch"),
        other => panic!("no binary {other}"),
    }
}

#[test]
fn the_shell_splitting_handles_quotes_and_comments() {
    let (words, comment) =
        split_words(r#"taflperft --rules "dim:7 ks:w start:/3t3/" --depth 2   # exit 2"#).unwrap();
    assert_eq!(
        words,
        [
            "taflperft",
            "--rules",
            "dim:7 ks:w start:/3t3/",
            "--depth",
            "2"
        ]
    );
    assert_eq!(comment.as_deref(), Some("exit 2"));
    let (words, comment) = split_words(r#"a 'b c' "d \"e\"" f#g"#).unwrap();
    assert_eq!(words, ["a", "b c", r#"d "e""#, "f#g"]);
    assert_eq!(comment, None);
    assert!(split_words(r#"taflperft --moves "d1-d3"#).is_err());
}

#[test]
fn every_readme_example_runs_as_written() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(Path::new(root).join("README.md")).unwrap();
    let found = examples(&readme);
    for tool in TOOLS {
        assert!(
            found.iter().any(|e| e.tool == tool),
            "README.md has no example of {tool}"
        );
    }
    let mut failures = Vec::new();
    for example in &found {
        let out = Command::new(binary(example.tool))
            .args(&example.args)
            .current_dir(root)
            .output()
            .unwrap_or_else(|e| panic!("{}: {e}", example.tool));
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let code = out.status.code().unwrap_or(-1);
        if code != example.exit {
            failures.push(format!(
                "README.md line {}: `{}` exited with {code}, the README implies {}\n{stdout}{stderr}",
                example.line, example.text, example.exit
            ));
            continue;
        }
        if example.shown.iter().any(|l| l.contains("...")) {
            continue; // shortened or machine-dependent output: only the exit code counts
        }
        let printed: Vec<&str> = stdout
            .lines()
            .chain(stderr.lines())
            .map(str::trim_end)
            .collect();
        for line in &example.shown {
            if !printed.contains(&line.as_str()) {
                failures.push(format!(
                    "README.md line {}: `{}` no longer prints\n  {line}\nit printed:\n{stdout}{stderr}",
                    example.line, example.text
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The "Library use" example of the README, line for line: brandub perft(3) is the
/// reference count 39,512 of docs/perft.md.
#[test]
fn the_library_example_of_the_readme_holds() {
    let brandub = Game::named("brandub").unwrap();
    assert_eq!(
        perft(&brandub.tables, &brandub.start(), 3, Counting::Bulk),
        39_512
    );
}
