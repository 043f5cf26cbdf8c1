//! Shell transcripts in Markdown: `$ command` lines and the output shown under them, as
//! README.md and docs/*.md write them. Read here once for the tests that run them
//! (readme_examples.rs, docs_examples.rs; help_examples.rs splits its lines the same
//! way), so every manual follows one set of rules:
//!
//! - A `$` line is split into words as sh splits it: whitespace separates words, single
//!   and double quotes group them, `$NAME` and `"$NAME"` expand a variable set by an
//!   earlier `$ NAME=value` line, and a trailing ` \` goes on on the next line.
//! - A trailing `# exit N` gives the exit code; without it the command exits with 0.
//! - The output shown is the lines under the command up to the next `$` line or the end
//!   of the code block. Each line of it must be among the lines printed (stdout and
//!   stderr, trailing spaces ignored), except that a line `...` stands for lines left
//!   out, and `...` inside a line for text that varies (a timing, the machine): the text
//!   on either side of it must be there. Column widths depend on the text left out, so
//!   the lines of an output with such a line are compared with runs of spaces and of
//!   table rules (`─`, `═`) taken as one.
//! - `$ cat FILE` with lines under it, or a fenced block right after a line ending in
//!   `` `FILE`: ``, says what FILE holds for the commands after it.

use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// Every tool, with the binary `cargo test` built.
pub const TOOLS: [(&str, &str); 6] = [
    ("taflperft", env!("CARGO_BIN_EXE_taflperft")),
    ("taflcount", env!("CARGO_BIN_EXE_taflcount")),
    ("taflbench", env!("CARGO_BIN_EXE_taflbench")),
    ("taflregress", env!("CARGO_BIN_EXE_taflregress")),
    ("taflmatch", env!("CARGO_BIN_EXE_taflmatch")),
    ("taflengine", env!("CARGO_BIN_EXE_taflengine")),
];

/// The binary of a tool.
pub fn binary(tool: &str) -> &'static str {
    TOOLS
        .iter()
        .find(|(name, _)| *name == tool)
        .map(|(_, path)| *path)
        .unwrap_or_else(|| panic!("no binary {tool}"))
}

/// One step of a transcript.
#[derive(Debug)]
pub enum Step {
    /// A tool run, with what it must print.
    Run(Example),
    /// A file the commands after it read: `path` as written, `text` its content.
    File {
        line: usize,
        path: String,
        text: String,
    },
}

/// One `$ tool ...` line and the output shown under it.
#[derive(Debug)]
pub struct Example {
    /// The line of the `$`, from 1.
    pub line: usize,
    /// The command as written, continuation lines joined.
    pub text: String,
    /// Its words, variables expanded; the tool first.
    pub words: Vec<String>,
    /// The exit code it must end with.
    pub exit: i32,
    /// The output lines shown under it, trailing spaces cut.
    pub shown: Vec<String>,
}

impl Example {
    /// The command before an unquoted `|`, if it is piped into another.
    pub fn command(&self) -> &[String] {
        let end = self
            .words
            .iter()
            .position(|w| w == "|")
            .unwrap_or(self.words.len());
        &self.words[..end]
    }

    /// Whether the output goes through a pipe (which these tests do not run).
    pub fn is_piped(&self) -> bool {
        self.command().len() < self.words.len()
    }
}

/// Splits a command line into words like a POSIX shell, for the subset the manuals use:
/// whitespace separates words, double or single quotes group them, `$NAME` (outside
/// single quotes) is the value `vars` gives NAME, and an unquoted `#` at the start of a
/// word begins a comment. Returns the words and the comment.
pub fn split_words(
    line: &str,
    vars: &[(String, String)],
) -> Result<(Vec<String>, Option<String>), String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars().peekable();
    let expand = |chars: &mut std::iter::Peekable<std::str::Chars>| -> Result<String, String> {
        let mut name = String::new();
        while let Some(&c) = chars.peek() {
            if c.is_ascii_alphanumeric() || c == '_' {
                name.push(c);
                chars.next();
            } else {
                break;
            }
        }
        if name.is_empty() {
            return Ok("$".to_string());
        }
        vars.iter()
            .rev()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.clone())
            .ok_or_else(|| format!("`${name}` is not set in `{line}`"))
    };
    while let Some(c) = chars.next() {
        match c {
            '"' | '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some(q) if q == c => break,
                        Some('\\')
                            if c == '"' && matches!(chars.peek(), Some('"' | '\\' | '$')) =>
                        {
                            word.push(chars.next().unwrap())
                        }
                        Some('$') if c == '"' => word.push_str(&expand(&mut chars)?),
                        Some(other) => word.push(other),
                        None => return Err(format!("unclosed {c} in `{line}`")),
                    }
                }
            }
            '$' => {
                let value = expand(&mut chars)?;
                if value.contains(char::is_whitespace) {
                    return Err(format!("quote the variable holding `{value}` in `{line}`"));
                }
                in_word = true;
                word.push_str(&value);
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

/// The file that the fenced block after this line holds: the last `` `name` `` of a
/// line ending in `` `name`: ``, if the name is a path (it has a `/` or a `.`).
fn declared_file(line: &str) -> Option<&str> {
    let inner = line.trim_end().strip_suffix("`:")?;
    let name = &inner[inner.rfind('`')? + 1..];
    (!name.is_empty() && !name.contains(' ') && name.contains(['/', '.'])).then_some(name)
}

/// The steps of a Markdown text, in order. `tools` are the commands that are examples;
/// any other `$` line must be a variable assignment or `cat FILE`.
pub fn steps(markdown: &str, tools: &[&str]) -> Result<Vec<Step>, String> {
    let lines: Vec<&str> = markdown.lines().collect();
    let mut vars: Vec<(String, String)> = Vec::new();
    let mut found = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let start = i;
        if let Some(path) = declared_file(lines[i]) {
            let fence = (i + 1..lines.len()).find(|&j| !lines[j].trim().is_empty());
            if let Some(fence) = fence.filter(|&j| lines[j].starts_with("```")) {
                let body: Vec<&str> = lines[fence + 1..]
                    .iter()
                    .take_while(|l| !l.starts_with("```"))
                    .copied()
                    .collect();
                i = fence + 1 + body.len();
                found.push(Step::File {
                    line: fence + 1,
                    path: path.to_string(),
                    text: body.join("\n") + "\n",
                });
                continue;
            }
        }
        let Some(first) = lines[i].strip_prefix("$ ") else {
            i += 1;
            continue;
        };
        let at = |e: String| format!("line {}: {e}", start + 1);
        let mut command = first.trim_end().to_string();
        while let Some(rest) = command.strip_suffix('\\') {
            i += 1;
            let next = lines
                .get(i)
                .ok_or_else(|| at("the command goes on past the end".into()))?;
            command = format!("{} {}", rest.trim_end(), next.trim());
        }
        i += 1;
        let shown: Vec<String> = lines[i..]
            .iter()
            .take_while(|l| !l.starts_with("$ ") && !l.starts_with("```"))
            .map(|l| l.trim_end().to_string())
            .collect();
        i += shown.len();
        let (words, comment) = split_words(&command, &vars).map_err(at)?;
        let exit = match comment.as_deref() {
            None => 0,
            Some(c) => c
                .strip_prefix("exit ")
                .and_then(|n| n.trim().parse().ok())
                .ok_or_else(|| at(format!("the comment `# {c}` is not `# exit N`")))?,
        };
        match words.as_slice() {
            [tool, ..] if tools.contains(&tool.as_str()) => found.push(Step::Run(Example {
                line: start + 1,
                text: command,
                words,
                exit,
                shown,
            })),
            [cat, path] if cat == "cat" => found.push(Step::File {
                line: start + 1,
                path: path.clone(),
                text: shown.join("\n") + "\n",
            }),
            [assignment] if assignment.contains('=') && shown.is_empty() => {
                let (name, value) = assignment.split_once('=').unwrap();
                if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    return Err(at(format!("`{command}` is not a tool or an assignment")));
                }
                vars.push((name.to_string(), value.to_string()));
            }
            _ => {
                return Err(at(format!(
                    "`{command}` is not an example of {tools:?}, `cat FILE` or `NAME=value`"
                )))
            }
        }
    }
    Ok(found)
}

/// A shown line that stands for lines left out.
pub fn is_elision(shown: &str) -> bool {
    shown.trim() == "..."
}

/// `line` with runs of whitespace, `─` and `═` each made one character.
fn squeeze(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for c in line.trim_end().chars() {
        let c = if c.is_whitespace() { ' ' } else { c };
        if matches!(c, ' ' | '─' | '═') && out.ends_with(c) {
            continue;
        }
        out.push(c);
    }
    out
}

/// Whether `printed` is `shown`, where a `...` in `shown` stands for any text (spaces
/// beside it included).
fn fits(shown: &str, printed: &str) -> bool {
    let parts: Vec<&str> = shown.split("...").collect();
    if parts.len() == 1 {
        return shown == printed;
    }
    let last = parts.len() - 1;
    let (head, tail) = (parts[0].trim_end(), parts[last].trim_start());
    if printed.len() < head.len() + tail.len()
        || !printed.starts_with(head)
        || !printed.ends_with(tail)
    {
        return false;
    }
    let mut rest = &printed[head.len()..printed.len() - tail.len()];
    for part in &parts[1..last] {
        let part = part.trim();
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// The lines of `shown` that `printed` lacks, under the rules of this module.
pub fn missing(shown: &[String], printed: &str) -> Vec<String> {
    let varies = shown.iter().any(|l| !is_elision(l) && l.contains("..."));
    let norm = |l: &str| {
        if varies {
            squeeze(l)
        } else {
            l.trim_end().to_string()
        }
    };
    let printed: Vec<String> = printed.lines().map(norm).collect();
    shown
        .iter()
        .filter(|l| !is_elision(l))
        .filter(|l| {
            let l = norm(l);
            !printed.iter().any(|p| fits(&l, p))
        })
        .cloned()
        .collect()
}

/// What a run printed and how it ended.
pub struct Ran {
    /// How it exited, or `None` if it was still working at the deadline and was stopped.
    pub status: Option<ExitStatus>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `command` with its output in files of `dir`, stopping it (and every process it
/// started) once it has worked for `deadline`.
pub fn run_until(command: &mut Command, dir: &Path, deadline: Duration) -> Ran {
    use std::os::unix::process::CommandExt;
    let (out_path, err_path) = (dir.join(".stdout"), dir.join(".stderr"));
    let mut child = command
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .process_group(0)
        .spawn()
        .unwrap_or_else(|e| panic!("{command:?}: {e}"));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if started.elapsed() > deadline {
            // The whole group: an engine it started must not live on.
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .status();
            let _ = child.kill();
            child.wait().unwrap();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let read =
        |p: &Path| String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned();
    Ran {
        status,
        stdout: read(&out_path),
        stderr: read(&err_path),
    }
}

/// Compiles examples/reference_divide.rs, the reference generator speaking the
/// `taflperft --against` protocol, to `out`: with plain rustc (std only), so no cargo
/// lock is needed.
pub fn build_reference_divide(out: &Path) {
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/reference_divide.rs");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let status = Command::new(rustc)
        .args(["--edition", "2021", "-O", "-o"])
        .arg(out)
        .arg(source)
        .status()
        .expect("rustc runs");
    assert!(status.success(), "building the reference engine failed");
}
