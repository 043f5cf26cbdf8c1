//! The `$ tool ...` examples of a Markdown file (README.md, docs/*.md), read as a shell
//! would split them, with the output shown under each, and a command run with a
//! deadline: shared by readme_examples.rs, docs_examples.rs and help_examples.rs.
// Each test crate that includes this module uses a part of it.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

pub const TOOLS: [&str; 6] = [
    "taflperft",
    "taflcount",
    "taflbench",
    "taflregress",
    "taflmatch",
    "taflengine",
];

/// One `$ tool ...` line of the README and the output lines shown under it.
#[derive(Debug)]
pub struct Example {
    pub line: usize,
    pub text: String,
    pub tool: &'static str,
    pub args: Vec<String>,
    pub exit: i32,
    pub shown: Vec<String>,
}

/// Splits a command line into words like a POSIX shell, for the subset the README uses:
/// whitespace separates words, double or single quotes group them, and an unquoted `#`
/// at the start of a word begins a comment. Returns the words and the comment.
pub fn split_words(line: &str) -> Result<(Vec<String>, Option<String>), String> {
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
pub fn examples(file: &str, markdown: &str) -> Vec<Example> {
    let lines: Vec<&str> = markdown.lines().collect();
    let mut found = Vec::new();
    for (i, raw) in lines.iter().enumerate() {
        let Some(first) = raw.strip_prefix("$ ") else {
            continue;
        };
        // A command continued on the next lines (`\` at the end) is joined.
        let mut command = first.to_string();
        let mut end = i;
        while command.ends_with('\\') && end + 1 < lines.len() {
            command.pop();
            end += 1;
            command.push(' ');
            command.push_str(lines[end].trim());
        }
        let command = command.as_str();
        let Some(tool) = TOOLS
            .iter()
            .find(|t| command == **t || command.starts_with(&format!("{t} ")))
        else {
            continue;
        };
        let (words, comment) =
            split_words(command).unwrap_or_else(|e| panic!("{file} line {}: {e}", i + 1));
        let exit = match comment.as_deref() {
            None => 0,
            Some(c) => c
                .strip_prefix("exit ")
                .and_then(|n| n.trim().parse().ok())
                .unwrap_or_else(|| {
                    panic!(
                        "{file} line {}: the comment `# {c}` is not `# exit N`",
                        i + 1
                    )
                }),
        };
        let shown = lines[end + 1..]
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

/// What a command run with a deadline did: its exit status (`None`: still working at the
/// deadline, then stopped), and what it printed on stdout and stderr so far.
pub struct Ran {
    pub status: Option<ExitStatus>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `binary args` in `dir`, stopping it at `deadline`; its output goes to files in
/// `dir` (a pipe left unread could block it).
pub fn run_with_deadline(binary: &str, args: &[String], dir: &Path, deadline: Duration) -> Ran {
    let (out_path, err_path) = (dir.join("stdout.txt"), dir.join("stderr.txt"));
    let mut child = Command::new(binary)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if started.elapsed() > deadline {
            child.kill().unwrap();
            child.wait().unwrap();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Ran {
        status,
        stdout: std::fs::read_to_string(&out_path).unwrap_or_default(),
        stderr: std::fs::read_to_string(&err_path).unwrap_or_default(),
    }
}
