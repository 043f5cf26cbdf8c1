//! Other programs run by taflcount (an OTEP engine, `taflperft --against`'s divide
//! command), owned one way: each starts in a process group of its own, its output is read
//! with a bound on threads of their own (so every wait has a timeout), and the whole
//! group is killed on every way out: an explicit end, a drop (an error, a panic that
//! unwinds) and [`kill_all`], which the programs call when a signal ends them.
//!
//! A group of its own keeps Ctrl-C at the terminal away from the engine (the host decides
//! what an interrupt means, and a dying engine would forfeit the games in play), and lets
//! one kill reach what a shell command started (`sh -c "a | b"`). The price is that the
//! terminal's signal no longer reaches the child by itself: hence the registry of live
//! groups that [`kill_all`] empties.

use std::collections::BTreeSet;
use std::io::{self, BufRead, BufReader, Read};
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The process groups alive now (by the id of their leader).
static LIVE: Mutex<BTreeSet<u32>> = Mutex::new(BTreeSet::new());
/// Set by [`kill_all`]: no group starts after it.
static ENDING: AtomicBool = AtomicBool::new(false);

fn live() -> std::sync::MutexGuard<'static, BTreeSet<u32>> {
    // A panic while the lock was held leaves a set that is still right.
    LIVE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Sends SIGKILL to the process group `group` (nothing where there are no groups).
fn kill_group_id(group: u32) {
    #[cfg(unix)]
    if let Ok(id) = libc::pid_t::try_from(group) {
        if id > 0 {
            // SAFETY: kill(2) takes plain integers and touches no memory of ours; a group
            // already gone is ESRCH, which changes nothing.
            unsafe {
                libc::kill(-id, libc::SIGKILL);
            }
        }
    }
    #[cfg(not(unix))]
    let _ = group;
}

/// Kills every process group started through this module and still alive, and refuses
/// to start any more. A program calls it on its way out when a signal ends it (the
/// handler runs on a thread of its own, so a lock here is safe).
pub fn kill_all() {
    ENDING.store(true, Ordering::SeqCst);
    let groups = std::mem::take(&mut *live());
    for group in groups {
        kill_group_id(group);
    }
}

/// The number of process groups alive now (for tests and diagnostics).
pub fn live_groups() -> usize {
    live().len()
}

/// A running program in a process group of its own. Dropping it kills the group.
pub struct Group {
    child: Child,
    /// False once the group has been killed and waited for.
    running: bool,
}

impl Group {
    /// Starts `command` in a process group of its own and registers the group, so that
    /// [`kill_all`] reaches it. Fails once [`kill_all`] has run.
    pub fn spawn(command: &mut Command) -> io::Result<Group> {
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(command, 0);
        // Spawned under the lock: a signal's kill_all either sees the group or runs first
        // and stops it from starting.
        let mut groups = live();
        if ENDING.load(Ordering::SeqCst) {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "the program is ending",
            ));
        }
        let child = command.spawn()?;
        groups.insert(child.id());
        Ok(Group {
            child,
            running: true,
        })
    }

    /// The process id of the leader (also the group's id).
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// The pipe to the program's stdin, if it was piped and not taken yet.
    pub fn take_stdin(&mut self) -> Option<ChildStdin> {
        self.child.stdin.take()
    }

    /// The pipe from the program's stdout, if it was piped and not taken yet.
    pub fn take_stdout(&mut self) -> Option<ChildStdout> {
        self.child.stdout.take()
    }

    /// The pipe from the program's stderr, if it was piped and not taken yet.
    pub fn take_stderr(&mut self) -> Option<ChildStderr> {
        self.child.stderr.take()
    }

    /// The leader's exit status if it has ended (what it started may live on: [`kill`]
    /// or the drop ends that too).
    ///
    /// [`kill`]: Group::kill
    pub fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        self.child.try_wait()
    }

    /// Waits up to `timeout` for the leader to end; `None` if it has not.
    pub fn wait_for(&mut self, timeout: Duration) -> io::Result<Option<ExitStatus>> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait()? {
                return Ok(Some(status));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(None);
            }
            std::thread::sleep(left.min(Duration::from_millis(5)));
        }
    }

    /// Kills the whole group, waits for the leader and forgets the group; its exit
    /// status if it could be read.
    pub fn kill(&mut self) -> Option<ExitStatus> {
        if !self.running {
            return self.child.try_wait().ok().flatten();
        }
        self.running = false;
        let id = self.child.id();
        kill_group_id(id);
        let _ = self.child.kill();
        let status = self.child.wait().ok();
        live().remove(&id);
        status
    }

    /// Gives the program `grace` to end by itself (after a `goodbye`), then kills the
    /// group.
    pub fn end_within(mut self, grace: Duration) {
        let _ = self.wait_for(grace);
        self.kill();
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.kill();
    }
}

/// One line of another program's output, as a [`Lines`] reader hands it over.
#[derive(Debug, PartialEq, Eq)]
pub enum LineEvent {
    /// A whole line, without its end.
    Line(String),
    /// A line past the limit: its start (what follows depends on [`TooLong`]).
    TooLong(String),
    /// The stream ended (`None`) or failed (the reason).
    End(Option<String>),
    /// Nothing within the time asked.
    Timeout,
}

/// What a [`Lines`] reader does after a line past its limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TooLong {
    /// Skips to the line's end and reads on (a host's odd line is answered, not fatal).
    Skip,
    /// Reads no more (an engine flooding its output has failed).
    Stop,
}

/// The lines of a stream, each at most `limit` bytes, read on a thread of their own so
/// that every wait for one has a timeout. Reading stops at the end of the stream, at a
/// failure, when the reader is dropped, or (with [`TooLong::Stop`]) at a long line.
pub struct Lines {
    source: Source,
}

enum Source {
    Thread(Receiver<LineEvent>),
    /// The system refused the thread: lines are read when asked for, without a timeout.
    Here(Box<dyn BufRead + Send>, usize, TooLong, bool),
}

/// Reads one line of at most `limit` bytes.
fn read_one<R: BufRead>(reader: &mut R, limit: usize, on_long: TooLong) -> LineEvent {
    use crate::text::{read_line_bounded, skip_line, BoundedLine};
    match read_line_bounded(reader, limit) {
        Ok(Some(BoundedLine::Line(line))) => LineEvent::Line(line),
        Ok(Some(BoundedLine::TooLong(start))) => match on_long {
            TooLong::Stop => LineEvent::TooLong(start),
            TooLong::Skip => match skip_line(reader) {
                Ok(_) => LineEvent::TooLong(start),
                Err(e) => LineEvent::End(Some(e.to_string())),
            },
        },
        Ok(None) => LineEvent::End(None),
        Err(e) => LineEvent::End(Some(e.to_string())),
    }
}

impl Lines {
    /// Starts reading `stream` on a thread of its own; fails if the system refuses the
    /// thread (see [`Lines::here`]).
    pub fn spawn(
        stream: impl Read + Send + 'static,
        limit: usize,
        on_long: TooLong,
    ) -> io::Result<Lines> {
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new().spawn(move || {
            let mut reader = BufReader::new(stream);
            loop {
                let event = read_one(&mut reader, limit, on_long);
                let last = matches!(event, LineEvent::End(_))
                    || (on_long == TooLong::Stop && matches!(event, LineEvent::TooLong(_)));
                if tx.send(event).is_err() || last {
                    break;
                }
            }
        })?;
        Ok(Lines {
            source: Source::Thread(rx),
        })
    }

    /// Lines read on the calling thread when asked for: waits cannot time out. For when
    /// the system refuses a thread and waiting without a bound is acceptable.
    pub fn here(stream: impl Read + Send + 'static, limit: usize, on_long: TooLong) -> Lines {
        Lines {
            source: Source::Here(Box::new(BufReader::new(stream)), limit, on_long, false),
        }
    }

    /// The next line, waiting at most `timeout` (`None`: as long as it takes).
    pub fn next(&mut self, timeout: Option<Duration>) -> LineEvent {
        match &mut self.source {
            Source::Thread(rx) => match timeout {
                Some(t) => match rx.recv_timeout(t) {
                    Ok(event) => event,
                    Err(RecvTimeoutError::Timeout) => LineEvent::Timeout,
                    Err(RecvTimeoutError::Disconnected) => LineEvent::End(None),
                },
                None => rx.recv().unwrap_or(LineEvent::End(None)),
            },
            Source::Here(reader, limit, on_long, done) => {
                if *done {
                    return LineEvent::End(None);
                }
                let event = read_one(reader, *limit, *on_long);
                *done = matches!(event, LineEvent::End(_))
                    || (*on_long == TooLong::Stop && matches!(event, LineEvent::TooLong(_)));
                event
            }
        }
    }

    /// True when lines are read on a thread, so [`next`](Lines::next) honours its timeout.
    pub fn can_time_out(&self) -> bool {
        matches!(self.source, Source::Thread(_))
    }
}

/// A whole stream read on a thread of its own, at most `limit` bytes kept.
pub struct Collected {
    rx: Receiver<(Vec<u8>, bool)>,
    result: Option<(Vec<u8>, bool)>,
}

impl Collected {
    /// Starts reading `stream` to its end; past `limit` bytes reading stops and the
    /// stream is marked as over its limit.
    pub fn spawn(stream: impl Read + Send + 'static, limit: usize) -> io::Result<Collected> {
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new().spawn(move || {
            let _ = tx.send(read_bounded(stream, limit));
        })?;
        Ok(Collected { rx, result: None })
    }

    /// Waits up to `timeout` for the end of the stream; true once it has ended (or its
    /// reader failed).
    pub fn wait(&mut self, timeout: Duration) -> bool {
        if self.result.is_none() {
            match self.rx.recv_timeout(timeout) {
                Ok(result) => self.result = Some(result),
                Err(RecvTimeoutError::Timeout) => return false,
                Err(RecvTimeoutError::Disconnected) => self.result = Some((Vec::new(), false)),
            }
        }
        true
    }

    /// True if the stream ended and went past its limit.
    pub fn over_limit(&self) -> bool {
        self.result.as_ref().is_some_and(|r| r.1)
    }

    /// The bytes kept (empty before the end).
    pub fn into_bytes(self) -> Vec<u8> {
        self.result.map(|r| r.0).unwrap_or_default()
    }
}

/// Reads at most `limit` bytes of `from`; says whether it had to stop.
fn read_bounded(mut from: impl Read, limit: usize) -> (Vec<u8>, bool) {
    let mut kept = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        match from.read(&mut buf) {
            Ok(0) | Err(_) => return (kept, false),
            Ok(n) => {
                let room = limit.saturating_sub(kept.len());
                kept.extend_from_slice(&buf[..n.min(room)]);
                if n > room {
                    return (kept, true);
                }
            }
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::process::Stdio;

    fn alive(pid: u32) -> bool {
        // A zombie (ended, not yet reaped by whoever adopted it) counts as gone.
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|s| s.rsplit(')').next().map(|r| r.trim().to_string()))
            .is_some_and(|r| !r.starts_with('Z'))
    }

    #[test]
    fn dropping_a_group_kills_what_its_shell_started() {
        let mut command = Command::new("sh");
        command
            .args(["-c", "sleep 30 & echo $!; wait"])
            .stdout(Stdio::piped());
        let mut group = Group::spawn(&mut command).unwrap();
        let mut lines = Lines::spawn(group.take_stdout().unwrap(), 100, TooLong::Stop).unwrap();
        let LineEvent::Line(pid) = lines.next(Some(Duration::from_secs(10))) else {
            panic!("no pid");
        };
        let pid: u32 = pid.trim().parse().unwrap();
        assert!(alive(pid));
        drop(group);
        // Killed processes take a moment to be torn down (and then wait, zombies, to be
        // reaped by whoever adopted them): a few seconds at most.
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        while alive(pid) && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(!alive(pid), "the shell's child survived the drop");
    }

    #[test]
    fn long_lines_are_cut_and_skipped_or_stop_the_reader() {
        let text = format!("a\n{}\nb\n", "x".repeat(50));
        let mut skip = Lines::spawn(io::Cursor::new(text.clone()), 10, TooLong::Skip).unwrap();
        let t = Some(Duration::from_secs(5));
        assert_eq!(skip.next(t), LineEvent::Line("a".into()));
        assert!(matches!(skip.next(t), LineEvent::TooLong(_)));
        assert_eq!(skip.next(t), LineEvent::Line("b".into()));
        assert_eq!(skip.next(t), LineEvent::End(None));
        let mut stop = Lines::spawn(io::Cursor::new(text), 10, TooLong::Stop).unwrap();
        assert_eq!(stop.next(t), LineEvent::Line("a".into()));
        assert!(matches!(stop.next(t), LineEvent::TooLong(_)));
        assert_eq!(stop.next(t), LineEvent::End(None));
    }

    #[test]
    fn a_silent_stream_times_out() {
        let mut command = Command::new("sleep");
        command.arg("5").stdout(Stdio::piped());
        let mut group = Group::spawn(&mut command).unwrap();
        let mut lines = Lines::spawn(group.take_stdout().unwrap(), 100, TooLong::Stop).unwrap();
        assert_eq!(
            lines.next(Some(Duration::from_millis(20))),
            LineEvent::Timeout
        );
    }

    #[test]
    fn collected_output_is_bounded() {
        let mut c = Collected::spawn(io::Cursor::new(vec![b'x'; 100]), 10).unwrap();
        assert!(c.wait(Duration::from_secs(5)));
        assert!(c.over_limit());
        assert_eq!(c.into_bytes().len(), 10);
    }
}
