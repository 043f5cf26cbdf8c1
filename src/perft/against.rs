//! `taflperft --against CMD`: find the exact position where another move generator
//! disagrees with this one (the protocol is in docs/perft-against.md).
//!
//! The other engine prints its divide for a root and a line of moves; we compare it with
//! ours, descend into the first root move whose count differs, and repeat until the
//! move lists themselves differ: that position, and the moves the other engine has too
//! many or too few, is the answer.

use super::units::Root;
use super::{divide, Counting};
use crate::board::RecordOrder;
use crate::moves::{Position, Tables};
use crate::process::{Collected, Group};
use std::fmt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Why the comparison could not be made.
#[derive(Debug)]
pub enum AgainstError {
    /// The other engine could not be started, failed, or printed something else than a
    /// divide.
    Engine(String),
    /// The root could not be set up.
    Root(String),
    /// The other engine was stopped after its time for one call ran out.
    Timeout {
        /// The call (the command and its arguments).
        call: String,
        /// What it had not done in time: `gave no divide` or `did not end`.
        what: &'static str,
        /// The time it had, in seconds.
        seconds: f64,
    },
}

impl fmt::Display for AgainstError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgainstError::Engine(why) => write!(f, "the other engine: {why}"),
            AgainstError::Root(why) => write!(f, "the root: {why}"),
            AgainstError::Timeout {
                call,
                what,
                seconds,
            } => write!(f, "the other engine: {call} {what} within {seconds} s"),
        }
    }
}

impl std::error::Error for AgainstError {}

impl crate::error::Kind for AgainstError {}

/// A divide as an engine prints it: `move count` (or `move: count`) per line, a blank
/// line, the total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineDivide {
    /// Each move (normalised: lower case, capture marks dropped) and its count, in the
    /// engine's order.
    pub moves: Vec<(String, u64)>,
    /// The total after the blank line, if the engine printed one.
    pub total: Option<u64>,
}

/// `a4-a1xa2` and `A4-A1` read as `a4-a1`: captures and case are not part of a move's
/// identity here.
fn normalise_move(text: &str) -> String {
    let lower = text.trim().to_ascii_lowercase();
    lower.split('x').next().unwrap_or("").to_string()
}

crate::error::located_error!(
    /// A line of another engine's divide output that cannot be read.
    DivideError {
        /// The line of the output, from 1.
        line: usize
    },
    "divide output, line {}: {}"
);

/// Reads a divide. Lines before the blank line are moves with counts; the first
/// non-empty line after it is the total.
pub fn parse_divide(text: &str) -> Result<EngineDivide, DivideError> {
    let mut moves = Vec::new();
    let mut total = None;
    let mut after_blank = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() {
            after_blank = true;
            continue;
        }
        if after_blank {
            if total.is_some() {
                return Err(DivideError::new(
                    i + 1,
                    format!("`{}` after the total", crate::text::quoted(line)),
                ));
            }
            total = Some(line.parse::<u64>().map_err(|_| {
                DivideError::new(
                    i + 1,
                    format!("`{}` is not a total", crate::text::quoted(line)),
                )
            })?);
            continue;
        }
        let (mv, n) = line
            .rsplit_once(|c: char| c == ':' || c.is_whitespace())
            .ok_or_else(|| {
                DivideError::new(
                    i + 1,
                    format!("`{}` is not `move count`", crate::text::quoted(line)),
                )
            })?;
        let mv = normalise_move(mv.trim_end_matches(':'));
        if !mv.contains('-') {
            return Err(DivideError::new(
                i + 1,
                format!("`{}` does not start with a move", crate::text::quoted(line)),
            ));
        }
        let n: u64 = n.trim().parse().map_err(|_| {
            DivideError::new(
                i + 1,
                format!("`{}` has no count", crate::text::quoted(line)),
            )
        })?;
        if moves.iter().any(|(m, _)| *m == mv) {
            return Err(DivideError::new(
                i + 1,
                format!("`{}` listed twice", crate::text::quoted(&mv)),
            ));
        }
        moves.push((mv, n));
    }
    Ok(EngineDivide { moves, total })
}

/// Something that prints divides: the other engine.
pub trait Oracle {
    /// The divide at `depth` of the root after `line` (moves after the root's own).
    fn divide(&mut self, depth: u32, line: &[String]) -> Result<EngineDivide, AgainstError>;
}

/// The most an engine may print for one divide: a divide is a few hundred short lines,
/// so past this it is flooding, and the call is stopped instead of filling memory.
pub const MAX_DIVIDE_OUTPUT: usize = 4 << 20;

/// How long one call of the other engine may take unless told otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(600);

/// What an oracle calls once a call has run for a while, with the call described.
pub type WaitNotice = Box<dyn FnMut(&str)>;

/// An external command, run as `CMD DEPTH "RULES" "POSITION" SIDE "MOVES"` through
/// `sh -c`, so CMD may hold its own arguments (and be a pipeline).
pub struct CommandOracle {
    /// The command line, as given to `--against`.
    pub command: String,
    /// The root every call starts from; its moves come first in the moves argument.
    pub root: Root,
    /// Invocations so far.
    pub calls: usize,
    /// The longest one call may take; past it the command (its whole process group) is
    /// killed and the comparison stops with an error.
    pub timeout: Duration,
    /// Called once when a call has run for a while (a terminal line "waiting for...").
    pub on_wait: Option<WaitNotice>,
}

impl CommandOracle {
    /// An oracle that has not been called yet, with the default timeout.
    pub fn new(command: &str, root: Root) -> CommandOracle {
        CommandOracle {
            command: command.to_string(),
            root,
            calls: 0,
            timeout: DEFAULT_TIMEOUT,
            on_wait: None,
        }
    }

    /// The moves argument for a line: the root's moves, then the line.
    pub fn moves_argument(&self, line: &[String]) -> String {
        let mut all: Vec<&str> = self.root.moves.split_whitespace().collect();
        all.extend(line.iter().map(String::as_str));
        all.join(" ")
    }
}

impl Oracle for CommandOracle {
    fn divide(&mut self, depth: u32, line: &[String]) -> Result<EngineDivide, AgainstError> {
        self.calls += 1;
        let moves = self.moves_argument(line);
        let call = format!(
            "`{}` at depth {depth} after \"{}\"",
            self.command,
            crate::text::quoted(&moves)
        );
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!("{} \"$@\"", self.command))
            .arg("taflperft-against")
            .arg(depth.to_string())
            .arg(&self.root.rules)
            .arg(&self.root.position)
            .arg(&self.root.side)
            .arg(&moves)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // Its own process group (crate::process): every way out of this call, and a
        // signal that ends taflperft, kills the shell and all it started.
        let mut group = Group::spawn(&mut command)
            .map_err(|e| AgainstError::Engine(format!("cannot run `{}`: {e}", self.command)))?;
        // Both pipes are read on threads of their own, so the waits below can time out;
        // a thread the system refuses is a failed call, not a panic.
        let out = Collected::spawn(group.take_stdout().expect("piped"), MAX_DIVIDE_OUTPUT);
        let err = Collected::spawn(group.take_stderr().expect("piped"), 64 << 10);
        let (mut out, mut err) = match (out, err) {
            (Ok(out), Ok(err)) => (out, err),
            (Err(e), _) | (_, Err(e)) => {
                return Err(AgainstError::Engine(format!(
                    "{call}: cannot start a thread to read it: {e}"
                )))
            }
        };
        let started = Instant::now();
        let timeout = self.timeout;
        let left = || timeout.saturating_sub(started.elapsed());
        let timed_out = |what| AgainstError::Timeout {
            call: call.clone(),
            what,
            seconds: timeout.as_secs_f64(),
        };
        let mut warned = false;
        loop {
            if left().is_zero() {
                return Err(timed_out("gave no divide"));
            }
            if out.wait(left().min(Duration::from_secs(2))) {
                break;
            }
            if !warned {
                if let Some(wait) = self.on_wait.as_mut() {
                    wait(&call);
                }
                warned = true;
            }
        }
        if out.over_limit() {
            return Err(AgainstError::Engine(format!(
                "{call} printed more than {} MiB: not a divide",
                MAX_DIVIDE_OUTPUT >> 20
            )));
        }
        if !err.wait(left()) {
            return Err(timed_out("gave no divide"));
        }
        // Both pipes are closed; a process that lives on without them still has the
        // rest of its time.
        let status = match group.wait_for(left()) {
            Ok(Some(status)) => status,
            Ok(None) => return Err(timed_out("did not end")),
            Err(e) => return Err(AgainstError::Engine(format!("{call}: {e}"))),
        };
        // What the shell started and left behind ends with the call.
        drop(group);
        let (out, err) = (out.into_bytes(), err.into_bytes());
        if !status.success() {
            let stderr = String::from_utf8_lossy(&err);
            let tail: Vec<String> = stderr
                .lines()
                .rev()
                .take(5)
                .map(crate::text::quoted)
                .collect();
            return Err(AgainstError::Engine(format!(
                "{call} failed ({status}){}{}",
                if tail.is_empty() { "" } else { ": " },
                tail.into_iter().rev().collect::<Vec<_>>().join(" / ")
            )));
        }
        let text = String::from_utf8_lossy(&out);
        if text.trim().is_empty() {
            // An engine that prints nothing has not said "no moves": a divide of a
            // position without moves still prints its total, 0.
            return Err(AgainstError::Engine(format!(
                "{call} printed nothing: not a divide (a position without moves prints a blank line and 0)"
            )));
        }
        parse_divide(&text).map_err(|e| AgainstError::Engine(format!("{call}: {e}")))
    }
}

/// What the comparison found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Same moves and counts at the root: nothing to find.
    Agree {
        /// The count both engines give.
        total: u64,
    },
    /// The first disagreement, as deep as it goes.
    Differ(Finding),
}

/// Where and how the engines disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Moves from the root (after the root's own moves) to the position.
    pub line: Vec<String>,
    /// The position there, as a record (rank 1 first).
    pub position: String,
    /// The side to move there: `attackers` or `defenders`.
    pub side: String,
    /// The berserk continuation pending there, if any.
    pub berserker: Option<String>,
    /// The remaining depth at which the disagreement was seen.
    pub depth: u32,
    /// What disagrees there.
    pub kind: FindingKind,
    /// Each step of the descent: the move descended into, our count, theirs.
    pub trail: Vec<(String, u64, u64)>,
}

/// The kind of disagreement at the position found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FindingKind {
    /// The legal moves differ.
    Moves {
        /// Moves the other engine lists and we do not, sorted.
        too_many: Vec<String>,
        /// Moves we list and the other engine does not, sorted.
        too_few: Vec<String>,
    },
    /// Same moves, but a count at depth 1 is not 1 (the other engine counts a leaf
    /// wrongly).
    LeafCount {
        /// The first move whose count differs.
        mv: String,
        /// The other engine's count for it.
        theirs: u64,
    },
    /// Same moves and counts, but the engine's total is not their sum.
    Total {
        /// The sum of the engine's per-move counts (ours agree with them).
        sum: u64,
        /// The total the engine printed.
        total: u64,
    },
    /// One level up the engine gave this move another count than its own divide below
    /// it adds up to (a nondeterministic engine, or a divide that does not match its
    /// perft).
    Inconsistent {
        /// The engine's count for the move, one level up.
        above: u64,
        /// The sum of its divide below the move.
        below: u64,
    },
}

/// Compares our divide of `root` to `depth` with the oracle's and descends to the first
/// position where their move lists differ. `threads` share our counting.
pub fn bisect(
    root: &Root,
    depth: u32,
    threads: usize,
    oracle: &mut dyn Oracle,
) -> Result<Verdict, AgainstError> {
    let (t, start) = root
        .setup(0)
        .map_err(|e| AgainstError::Root(e.to_string()))?;
    let mut line: Vec<String> = Vec::new();
    let mut pos = start.clone();
    let mut d = depth;
    let mut trail: Vec<(String, u64, u64)> = Vec::new();
    loop {
        let ours: Vec<(String, u64)> = divide(&t, &pos, d, Counting::Bulk, threads)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect();
        let theirs = oracle.divide(d, &line)?;
        let finding = |kind| {
            Ok(Verdict::Differ(Finding {
                line: line.clone(),
                position: pos.layout(&t).record(RecordOrder::RankOneFirst),
                side: pos.side_to_move().name().to_string(),
                berserker: pos.berserker().map(|s| s.to_string()),
                depth: d,
                kind,
                trail: trail.clone(),
            }))
        };
        let mut too_many: Vec<String> = theirs
            .moves
            .iter()
            .filter(|(m, _)| !ours.iter().any(|(o, _)| o == m))
            .map(|(m, _)| m.clone())
            .collect();
        let mut too_few: Vec<String> = ours
            .iter()
            .filter(|(o, _)| !theirs.moves.iter().any(|(m, _)| m == o))
            .map(|(o, _)| o.clone())
            .collect();
        if !too_many.is_empty() || !too_few.is_empty() {
            too_many.sort();
            too_few.sort();
            return finding(FindingKind::Moves { too_many, too_few });
        }
        let differs = ours.iter().find_map(|(m, n)| {
            let theirs = theirs
                .moves
                .iter()
                .find(|(x, _)| x == m)
                .expect("same moves")
                .1;
            (theirs != *n).then(|| (m.clone(), *n, theirs))
        });
        let sum: u64 = theirs.moves.iter().map(|(_, n)| n).sum();
        match differs {
            None => {
                if let Some(total) = theirs.total.filter(|&total| total != sum) {
                    return finding(FindingKind::Total { sum, total });
                }
                if let Some(&(_, _, above)) = trail.last() {
                    return finding(FindingKind::Inconsistent { above, below: sum });
                }
                return Ok(Verdict::Agree { total: sum });
            }
            Some((mv, _, theirs_n)) if d == 1 => {
                return finding(FindingKind::LeafCount {
                    mv,
                    theirs: theirs_n,
                });
            }
            Some((mv, ours_n, theirs_n)) => {
                let m = pos
                    .legal_moves(&t)
                    .into_iter()
                    .find(|x| x.to_string() == mv)
                    .expect("one of our moves");
                pos.play(&t, m);
                trail.push((mv.clone(), ours_n, theirs_n));
                line.push(mv);
                d -= 1;
            }
        }
    }
}

/// Our divide at a line below the root, for reports and tests.
pub fn our_divide(t: &Tables, pos: &Position, depth: u32) -> Vec<(String, u64)> {
    divide(t, pos, depth, Counting::Bulk, 1)
        .into_iter()
        .map(|(m, n)| (m.to_string(), n))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divides_read_in_both_formats() {
        let d = parse_divide("a1-a2: 3\nB1-B3xb4 4\n\n7\n").unwrap();
        assert_eq!(d.moves, vec![("a1-a2".into(), 3), ("b1-b3".into(), 4)]);
        assert_eq!(d.total, Some(7));
        assert!(parse_divide("a1-a2: x\n").is_err());
        assert!(parse_divide("a1-a2 1\na1-a2 1\n").is_err());
        assert!(parse_divide("hello\n").is_err());
        assert_eq!(parse_divide("\n0\n").unwrap().moves, vec![]);
    }

    /// An oracle that is our own engine with one root move's count off by one.
    struct OffByOne(Root);
    impl Oracle for OffByOne {
        fn divide(&mut self, depth: u32, line: &[String]) -> Result<EngineDivide, AgainstError> {
            let (t, root) = self.0.setup(0).unwrap();
            let (pos, _) =
                crate::notation::play_line_moves(&t, root.clone(), &line.join(" ")).unwrap();
            let mut moves = our_divide(&t, &pos, depth);
            if line.is_empty() {
                moves[3].1 += 1;
            }
            Ok(EngineDivide { moves, total: None })
        }
    }

    #[test]
    fn a_count_that_its_own_divide_does_not_support_is_inconsistent() {
        let rules = crate::rules::catalog::find("brandub").unwrap().rules();
        let root = Root {
            position: rules.start.record(RecordOrder::RankOneFirst),
            rules: rules.to_string(),
            side: "attackers".into(),
            moves: String::new(),
        };
        let Verdict::Differ(f) = bisect(&root, 3, 1, &mut OffByOne(root.clone())).unwrap() else {
            panic!("should differ");
        };
        assert_eq!(f.line.len(), 1);
        assert!(matches!(f.kind, FindingKind::Inconsistent { .. }));
    }
}
