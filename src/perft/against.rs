//! `taflperft --against CMD`: find the exact position where another move generator
//! disagrees with this one (the protocol is in docs/perft-against.md).
//!
//! The other engine prints its divide for a root and a line of moves; we compare it with
//! ours, descend into the first root move whose count differs, and repeat until the
//! move lists themselves differ: that position, and the moves the other engine has too
//! many or too few, is the answer.

use super::units::Root;
use super::{divide, Counting};
use crate::board::{RecordOrder, Side, Square};
use crate::moves::{Move, Position, Tables};
use crate::notation::MoveText;
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
    /// Each move (read from lower case, capture marks dropped) and its count, in the
    /// engine's order.
    pub moves: Vec<(Move, u64)>,
    /// The total after the blank line, if the engine printed one.
    pub total: Option<u64>,
}

/// A move as another engine prints it: `a4-a1xa2` and `A4-A1` read as `a4-a1`, since
/// captures and case are not part of a move's identity here. `None` for anything but
/// `from-to` (a piece letter included).
pub fn engine_move(text: &str) -> Option<Move> {
    let lower = text.trim().to_ascii_lowercase();
    let plain = lower.split('x').next().unwrap_or("");
    match plain.parse::<MoveText>() {
        Ok(MoveText {
            piece: None,
            from,
            to,
            ..
        }) => Some(Move { from, to }),
        _ => None,
    }
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
        let Some(mv) = engine_move(mv.trim_end_matches(':')) else {
            return Err(DivideError::new(
                i + 1,
                format!("`{}` does not start with a move", crate::text::quoted(line)),
            ));
        };
        let n: u64 = n.trim().parse().map_err(|_| {
            DivideError::new(
                i + 1,
                format!("`{}` has no count", crate::text::quoted(line)),
            )
        })?;
        if moves.iter().any(|(m, _)| *m == mv) {
            return Err(DivideError::new(
                i + 1,
                format!("`{}` listed twice", crate::text::quoted(&mv.to_string())),
            ));
        }
        moves.push((mv, n));
    }
    Ok(EngineDivide { moves, total })
}

/// Something that prints divides: the other engine.
pub trait Oracle {
    /// The divide at `depth` of the root after `line` (moves after the root's own).
    fn divide(&mut self, depth: u32, line: &[Move]) -> Result<EngineDivide, AgainstError>;
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
    pub fn moves_argument(&self, line: &[Move]) -> String {
        let below: Vec<String> = line.iter().map(Move::to_string).collect();
        let mut all: Vec<&str> = self.root.moves.split_whitespace().collect();
        all.extend(below.iter().map(String::as_str));
        all.join(" ")
    }
}

impl Oracle for CommandOracle {
    fn divide(&mut self, depth: u32, line: &[Move]) -> Result<EngineDivide, AgainstError> {
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
        read_call(&call, status, &out.into_bytes(), &err.into_bytes())
    }
}

/// What one finished call of the other engine says: its divide, or why it is none (a
/// failure with the tail of its stderr, no output, output that is not a divide). No I/O:
/// [`CommandOracle::divide`] runs the call and hands over what it collected.
fn read_call(
    call: &str,
    status: std::process::ExitStatus,
    out: &[u8],
    err: &[u8],
) -> Result<EngineDivide, AgainstError> {
    if !status.success() {
        let stderr = String::from_utf8_lossy(err);
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
    let text = String::from_utf8_lossy(out);
    if text.trim().is_empty() {
        // An engine that prints nothing has not said "no moves": a divide of a
        // position without moves still prints its total, 0.
        return Err(AgainstError::Engine(format!(
            "{call} printed nothing: not a divide (a position without moves prints a blank line and 0)"
        )));
    }
    parse_divide(&text).map_err(|e| AgainstError::Engine(format!("{call}: {e}")))
}

/// What a bisection found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bisection {
    /// Same moves and counts at the root: nothing to find.
    Agree {
        /// The count both engines give.
        total: u64,
    },
    /// The first disagreement, as deep as it goes (boxed: it holds a position).
    Differ(Box<Finding>),
}

/// Where and how the engines disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Moves from the root to the position.
    pub line: Vec<Move>,
    /// The position there.
    pub position: Position,
    /// The remaining depth at which the disagreement was seen.
    pub depth: u32,
    /// What disagrees there.
    pub kind: FindingKind,
    /// Each step of the descent.
    pub trail: Vec<Step>,
}

impl Finding {
    /// Who moves at the position found.
    pub fn side(&self) -> Side {
        self.position.side_to_move()
    }

    /// The square of the berserk continuation pending there, if any.
    pub fn berserker(&self) -> Option<Square> {
        self.position.berserker()
    }

    /// The position found as a record, rank 1 first.
    pub fn record(&self, t: &Tables) -> String {
        self.position.layout(t).record(RecordOrder::RankOneFirst)
    }
}

/// One step of a bisection's descent: the move whose counts differ, and the counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The move descended into.
    pub mv: Move,
    /// Our count below it.
    pub ours: u64,
    /// The other engine's.
    pub theirs: u64,
}

/// The kind of disagreement at the position found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FindingKind {
    /// The legal moves differ.
    Moves {
        /// Moves the other engine lists and we do not, sorted by their text.
        too_many: Vec<Move>,
        /// Moves we list and the other engine does not, sorted by their text.
        too_few: Vec<Move>,
    },
    /// Same moves, but a count at depth 1 is not 1 (the other engine counts a leaf
    /// wrongly).
    LeafCount {
        /// The first move whose count differs.
        mv: Move,
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

/// Moves in the order their text sorts (`a10-a2` before `a2-a1`), the order the lists
/// of a finding have always been shown in.
fn sorted_by_text(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort_by_cached_key(Move::to_string);
    moves
}

/// How one position's divides compare: the step the descent takes next, or where it
/// ends. No engine is called here; [`bisect`] feeds it both divides.
enum Compared {
    /// The first move whose counts differ: descend into it.
    Descend(Step),
    /// The descent ends: agreement, or a finding of this kind.
    Agree(u64),
    /// The descent ends at a difference of this kind.
    Differ(FindingKind),
}

/// Compares our divide with theirs at one position, `above` being the other engine's
/// count one level up (`None` at the root) and `depth` the depth left.
fn compare(
    ours: &[(Move, u64)],
    theirs: &EngineDivide,
    above: Option<u64>,
    depth: u32,
) -> Compared {
    let too_many: Vec<Move> = theirs
        .moves
        .iter()
        .filter(|(m, _)| !ours.iter().any(|(o, _)| o == m))
        .map(|&(m, _)| m)
        .collect();
    let too_few: Vec<Move> = ours
        .iter()
        .filter(|(o, _)| !theirs.moves.iter().any(|(m, _)| m == o))
        .map(|&(o, _)| o)
        .collect();
    if !too_many.is_empty() || !too_few.is_empty() {
        return Compared::Differ(FindingKind::Moves {
            too_many: sorted_by_text(too_many),
            too_few: sorted_by_text(too_few),
        });
    }
    let differs = ours.iter().find_map(|&(mv, n)| {
        let theirs = theirs
            .moves
            .iter()
            .find(|(x, _)| *x == mv)
            .expect("same moves")
            .1;
        (theirs != n).then_some(Step {
            mv,
            ours: n,
            theirs,
        })
    });
    let sum: u64 = theirs.moves.iter().map(|(_, n)| n).sum();
    match differs {
        None => {
            if let Some(total) = theirs.total.filter(|&total| total != sum) {
                return Compared::Differ(FindingKind::Total { sum, total });
            }
            match above {
                Some(above) => Compared::Differ(FindingKind::Inconsistent { above, below: sum }),
                None => Compared::Agree(sum),
            }
        }
        Some(step) if depth == 1 => Compared::Differ(FindingKind::LeafCount {
            mv: step.mv,
            theirs: step.theirs,
        }),
        Some(step) => Compared::Descend(step),
    }
}

/// Compares our divide of `root` to `depth` with the oracle's (which stands at the same
/// root) and descends to the first position where their move lists differ. `threads`
/// share our counting.
pub fn bisect(
    t: &Tables,
    root: &Position,
    depth: u32,
    threads: usize,
    oracle: &mut dyn Oracle,
) -> Result<Bisection, AgainstError> {
    let mut line: Vec<Move> = Vec::new();
    let mut pos = root.clone();
    let mut d = depth;
    let mut trail: Vec<Step> = Vec::new();
    let kind = loop {
        let ours = divide(t, &pos, d, Counting::Bulk, threads);
        let theirs = oracle.divide(d, &line)?;
        match compare(&ours, &theirs, trail.last().map(|s| s.theirs), d) {
            Compared::Agree(total) => return Ok(Bisection::Agree { total }),
            Compared::Differ(kind) => break kind,
            Compared::Descend(step) => {
                pos.play(t, step.mv);
                trail.push(step);
                line.push(step.mv);
                d -= 1;
            }
        }
    };
    Ok(Bisection::Differ(Box::new(Finding {
        line,
        position: pos,
        depth: d,
        kind,
        trail,
    })))
}

/// Our divide at a line below the root, for reports and tests.
pub fn our_divide(t: &Tables, pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    divide(t, pos, depth, Counting::Bulk, 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divides_read_in_both_formats() {
        let d = parse_divide("a1-a2: 3\nB1-B3xb4 4\n\n7\n").unwrap();
        let texts: Vec<(String, u64)> = d.moves.iter().map(|(m, n)| (m.to_string(), *n)).collect();
        assert_eq!(texts, vec![("a1-a2".into(), 3), ("b1-b3".into(), 4)]);
        assert_eq!(d.total, Some(7));
        assert!(parse_divide("a1-a2: x\n").is_err());
        assert!(parse_divide("a1-a2 1\na1-a2 1\n").is_err());
        assert!(parse_divide("hello\n").is_err());
        assert!(parse_divide("a1-b\n").is_err());
        assert_eq!(parse_divide("\n0\n").unwrap().moves, vec![]);
    }

    #[test]
    fn a_call_reads_as_a_divide_or_says_why_not() {
        use std::os::unix::process::ExitStatusExt;
        let ok = std::process::ExitStatus::from_raw(0);
        let failed = std::process::ExitStatus::from_raw(3 << 8);
        let d = read_call("`x`", ok, b"a1-a2 1\n\n1\n", b"").unwrap();
        assert_eq!(d.total, Some(1));
        let e = read_call("`x`", failed, b"", b"one\ntwo\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "the other engine: `x` failed (exit status: 3): one / two"
        );
        let e = read_call("`x`", ok, b" \n", b"").unwrap_err();
        assert!(e.to_string().contains("`x` printed nothing"), "{e}");
        let e = read_call("`x`", ok, b"hello 3\n", b"").unwrap_err();
        assert!(e.to_string().contains("does not start with a move"), "{e}");
    }

    /// An oracle that is our own engine with one root move's count off by one.
    struct OffByOne(Tables, Position);
    impl Oracle for OffByOne {
        fn divide(&mut self, depth: u32, line: &[Move]) -> Result<EngineDivide, AgainstError> {
            let mut pos = self.1.clone();
            for &m in line {
                pos.play(&self.0, m);
            }
            let mut moves = our_divide(&self.0, &pos, depth);
            if line.is_empty() {
                moves[3].1 += 1;
            }
            Ok(EngineDivide { moves, total: None })
        }
    }

    #[test]
    fn a_count_that_its_own_divide_does_not_support_is_inconsistent() {
        let rules = crate::rules::catalog::find("brandub").unwrap().rules();
        let t = Tables::new(&rules).unwrap();
        let root = Position::start(&t);
        let mut oracle = OffByOne(t.clone(), root.clone());
        let Bisection::Differ(f) = bisect(&t, &root, 3, 1, &mut oracle).unwrap() else {
            panic!("should differ");
        };
        assert_eq!(f.line.len(), 1);
        assert!(matches!(f.kind, FindingKind::Inconsistent { .. }));
    }
}
