//! Every example command of README.md runs as written. Each line starting with
//! `$ taflperft`, `$ taflcount`, `$ taflbench`, `$ taflregress` or `$ taflmatch` is split
//! like a shell would split it and run from the repository root. It must exit with 0, or
//! with the code a trailing `# exit N` comment gives, and print every line shown under
//! it, `...` standing for what is left out or varies, so the README cannot drift from the
//! tools. The rules are those of every manual: tests/common/transcript.rs. The README's
//! library example is repeated here as a test. A path under `/tmp/` in an example is
//! taken inside a scratch folder of the run and printed back as `/tmp/`.

mod common;

use common::transcript::{self, binary, missing, split_words, Step};
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

#[test]
fn the_shell_splitting_handles_quotes_and_comments() {
    let (words, comment) = split_words(
        r#"taflperft --rules "dim:7 ks:w start:/3t3/" --depth 2   # exit 2"#,
        &[],
    )
    .unwrap();
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
    let (words, comment) = split_words(r#"a 'b c' "d \"e\"" f#g"#, &[]).unwrap();
    assert_eq!(words, ["a", "b c", r#"d "e""#, "f#g"]);
    assert_eq!(comment, None);
    assert!(split_words(r#"taflperft --moves "d1-d3"#, &[]).is_err());
}

#[test]
fn every_readme_example_runs_as_written() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(Path::new(root).join("README.md")).unwrap();
    let found: Vec<transcript::Example> = transcript::steps(&readme, &TOOLS)
        .unwrap_or_else(|e| panic!("README.md, {e}"))
        .into_iter()
        .map(|step| match step {
            Step::Run(example) => example,
            Step::File { line, .. } => panic!("README.md line {line}: a file to write"),
        })
        .collect();
    for tool in TOOLS {
        assert!(
            found.iter().any(|e| e.words[0] == tool),
            "README.md has no example of {tool}"
        );
    }
    let mut failures = Vec::new();
    // A file an example writes under `/tmp/` goes to a scratch folder of this run, and
    // is printed back as `/tmp/`, so the examples never leave files behind or find old ones.
    let scratch =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("readme-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let scratch_text = scratch.display().to_string();
    for example in &found {
        let args: Vec<String> = example.words[1..]
            .iter()
            .map(|w| match w.strip_prefix("/tmp/") {
                Some(rest) => format!("{scratch_text}/{rest}"),
                None => w.clone(),
            })
            .collect();
        let out = Command::new(binary(&example.words[0]))
            .args(&args)
            .current_dir(root)
            .output()
            .unwrap_or_else(|e| panic!("{}: {e}", example.text));
        let stdout = String::from_utf8_lossy(&out.stdout).replace(&scratch_text, "/tmp");
        let stderr = String::from_utf8_lossy(&out.stderr).replace(&scratch_text, "/tmp");
        let code = out.status.code().unwrap_or(-1);
        if code != example.exit {
            failures.push(format!(
                "README.md line {}: `{}` exited with {code}, the README implies {}\n{stdout}{stderr}",
                example.line, example.text, example.exit
            ));
            continue;
        }
        for line in missing(&example.shown, &format!("{stdout}{stderr}")) {
            failures.push(format!(
                "README.md line {}: `{}` no longer prints\n  {line}\nit printed:\n{stdout}{stderr}",
                example.line, example.text
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
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
