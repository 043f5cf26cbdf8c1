//! Issue 35: Ctrl-C or SIGTERM left outside engines running, re-parented to init. Each
//! tool that runs another program is started here in a process group of its own, as a
//! shell starts a foreground job; once its engine runs (the engine writes its process id,
//! and that of a child of its own, to a file), the signal goes to the tool's whole group,
//! as the terminal sends Ctrl-C; then no process the engine started may be alive.
//! The engines hang (they never answer `play` and ignore a closed stdin), so only the
//! tool's way out can end them.
#![cfg(unix)]

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("taflcount-signals-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// An OTEP engine that says hello, records its pid and a child's, and then hangs: it
/// never answers, and a closed stdin does not end it.
fn hanging_engine(dir: &Path) -> PathBuf {
    let pids = dir.join("pids");
    let script = dir.join("engine.sh");
    std::fs::write(
        &script,
        format!(
            "echo hello\nsleep 300 &\necho $! >> '{p}'\necho $$ >> '{p}'\nexec sleep 300\n",
            p = pids.display()
        ),
    )
    .unwrap();
    script
}

/// True while `pid` runs (a zombie, ended and waiting to be reaped, counts as ended).
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| s.rsplit(')').next().map(|r| r.trim().to_string()))
        .is_some_and(|state| !state.starts_with('Z'))
}

fn pids(file: &Path) -> Vec<u32> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect()
}

/// Starts `command` as a foreground job would run (a group of its own).
fn start(command: &mut Command) -> Child {
    command
        .process_group(0)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits until `at_least` pids are recorded in `file` (the engine runs, after the
/// tool's start-up check).
fn wait_for_pids(file: &Path, at_least: usize, tool: &mut Child) -> Vec<u32> {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let found = pids(file);
        if found.len() >= at_least {
            // The engine's `exec sleep` follows its last pid at once.
            std::thread::sleep(Duration::from_millis(200));
            return found;
        }
        assert!(
            tool.try_wait().unwrap().is_none(),
            "the tool ended before its engine ran"
        );
        assert!(Instant::now() < deadline, "the engine never started");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn signal_group(tool: &Child, signal: &str) {
    let status = Command::new("kill")
        .args(["-s", signal, "--", &format!("-{}", tool.id())])
        .status()
        .unwrap();
    assert!(status.success());
}

/// Sends the signals to the tool's group; then the tool must end within a few seconds
/// with 130 (Ctrl-C) or 143 (SIGTERM) and leave no engine process alive.
fn end_and_check(mut tool: Child, signals: &[&str], pid_file: &Path, what: &str) {
    for (i, signal) in signals.iter().enumerate() {
        if i > 0 {
            std::thread::sleep(Duration::from_millis(300));
        }
        signal_group(&tool, signal);
    }
    let deadline = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(status) = tool.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = tool.kill();
            panic!("{what}: still running 20 s after {signals:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    // SIGKILL is delivered before kill(2) returns, so the tool's exit means its engines
    // are gone; a short grace covers the kernel tearing the processes down.
    std::thread::sleep(Duration::from_millis(100));
    let survivors: Vec<u32> = pids(pid_file).into_iter().filter(|&p| alive(p)).collect();
    for &p in &survivors {
        let _ = Command::new("kill").args(["-9", &p.to_string()]).status();
    }
    let mut err = String::new();
    if let Some(mut e) = tool.stderr.take() {
        let _ = std::io::Read::read_to_string(&mut e, &mut err);
    }
    assert!(
        survivors.is_empty(),
        "{what}: engine processes {survivors:?} survived {signals:?} (stderr: {err})"
    );
    // 128 + the signal that ended it, as a shell reports it.
    let expected = if signals.last() == Some(&"TERM") {
        143
    } else {
        130
    };
    assert_eq!(
        status.code(),
        Some(expected),
        "{what}: {status} (stderr: {err})"
    );
}

#[test]
fn taflmatch_kills_its_engines_and_leaves_no_empty_records_on_quit() {
    for signals in [&["INT", "INT"][..], &["TERM"][..]] {
        let dir = dir(&format!("taflmatch-{}", signals.len()));
        let engine = hanging_engine(&dir);
        let records = dir.join("games.csv");
        let tool = start(
            Command::new(env!("CARGO_BIN_EXE_taflmatch"))
                .args(["--variant", "brandub", "--games", "2", "--engine", "greedy"])
                .arg("--engine")
                .arg(format!("otep:/bin/sh {}", engine.display()))
                .arg("--records")
                .arg(&records),
        );
        let mut tool = tool;
        // Two engines' worth: the start-up check's, then the game's.
        wait_for_pids(&dir.join("pids"), 4, &mut tool);
        end_and_check(tool, signals, &dir.join("pids"), "taflmatch");
        assert!(
            !records.exists(),
            "taflmatch {signals:?}: an empty records file was left to block the rerun"
        );
        assert!(
            !dir.join("games.engines.jsonl").exists(),
            "taflmatch {signals:?}: an empty engines sidecar was left to block the rerun"
        );
    }
}

#[test]
fn taflperft_against_kills_the_divide_command() {
    let dir = dir("against");
    let pids = dir.join("pids");
    let command = format!(
        "sleep 300 & echo $! >> '{p}'; echo $$ >> '{p}'; sleep 300; true",
        p = pids.display()
    );
    for signal in ["INT", "TERM"] {
        let _ = std::fs::remove_file(&pids);
        let mut tool = start(
            Command::new(env!("CARGO_BIN_EXE_taflperft"))
                .args(["--variant", "brandub", "--depth", "2", "--against"])
                .arg(&command),
        );
        wait_for_pids(&pids, 2, &mut tool);
        end_and_check(
            tool,
            &[signal],
            &pids,
            &format!("taflperft --against, {signal}"),
        );
    }
}

#[test]
fn taflperft_records_scan_kills_the_divide_command() {
    let dir = dir("scan");
    let pids = dir.join("pids");
    let command = format!("echo $$ >> '{p}'; sleep 300; true", p = pids.display());
    let records = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/games/brandubh.csv");
    let mut tool = start(
        Command::new(env!("CARGO_BIN_EXE_taflperft"))
            .args([
                "--variant",
                "brandub",
                "--depth",
                "1",
                "--games",
                "1",
                "--against",
            ])
            .arg(&command)
            .arg("--records")
            .arg(&records),
    );
    wait_for_pids(&pids, 1, &mut tool);
    end_and_check(tool, &["INT"], &pids, "taflperft --against --records");
}

#[test]
fn branching_kills_its_engine() {
    let dir = dir("branching");
    let engine = hanging_engine(&dir);
    let mut tool = start(
        Command::new(env!("CARGO_BIN_EXE_taflcount"))
            .args([
                "branching",
                "--variant",
                "brandub",
                "--games",
                "2",
                "--player",
            ])
            .arg(format!("otep:/bin/sh {}", engine.display())),
    );
    wait_for_pids(&dir.join("pids"), 4, &mut tool);
    end_and_check(tool, &["TERM"], &dir.join("pids"), "taflcount branching");
}

#[test]
fn taflregress_kills_its_engine() {
    let dir = dir("regress");
    let engine = hanging_engine(&dir);
    let mut tool = start(
        Command::new(env!("CARGO_BIN_EXE_taflregress"))
            .args(["--threads", "1", "--engine"])
            .arg(format!("otep:/bin/sh {}", engine.display())),
    );
    wait_for_pids(&dir.join("pids"), 4, &mut tool);
    end_and_check(tool, &["INT"], &dir.join("pids"), "taflregress --engine");
}

/// `complexity --legal` on Ctrl-C lost every decided sample (no report, an empty
/// `--save-samples` folder), and `--samples 100000000` aborted at once on a 14 GB
/// allocation. Now samples are decided in batches and counted as they come: the run
/// is alive after a second, and Ctrl-C gives the report of the samples decided, the
/// samples file with exactly those, and exit 130.
#[test]
fn legal_reports_the_samples_decided_on_ctrl_c() {
    let dir = dir("legal");
    let folder = dir.join("samples");
    let tool = Command::new(env!("CARGO_BIN_EXE_taflcount"))
        .args([
            "complexity",
            "--legal",
            "--variant",
            "brandub",
            "--samples",
            "100000000",
        ])
        .args(["--threads", "1", "--nodes", "200", "--save-samples"])
        .arg(&folder)
        .process_group(0)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let mut tool = tool;
    assert!(
        tool.try_wait().unwrap().is_none(),
        "the run ended early: {:?}",
        tool.wait_with_output().unwrap()
    );
    signal_group(&tool, "INT");
    let deadline = Instant::now() + Duration::from_secs(60);
    while tool.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "still running after Ctrl-C");
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = tool.wait_with_output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    let decided: u64 = stdout
        .split("interrupted by Ctrl-C after ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no interrupted line: {stdout}"));
    assert!(decided > 0, "{stdout}");
    let files: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(
        files.len(),
        1,
        "one samples file, no temporary one: {files:?}"
    );
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let lines = text.lines().filter(|l| !l.starts_with('#')).count() as u64;
    assert_eq!(lines, decided, "the file holds the samples reported");
    assert!(text.contains(&format!("# interrupted: the first {decided} of 100000000")));
}
