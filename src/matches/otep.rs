//! An engine in another process that speaks the OpenTafl engine protocol, as a match
//! player: taflmatch plays OpenTafl's part (docs/opentafl.md), in OpenTafl's order:
//! `rules` at each new game, `side` and `start`, then for each turn the moves since the
//! engine last moved as `opponent-move <moves> <position>`, `clock` and `play`, and after
//! its `move` the position as `move <position>`. An illegal move is answered by `error`
//! and loses the game. A process that dies, or does not answer in its time, loses the
//! game; it is started again for the next one.

use super::engine::{Engine, EngineError, Turn};
use crate::board::{RecordOrder, Side};
use crate::moves::{Move, Tables};
use crate::notation::{resolve, MoveText};
use crate::otep::{Clock, Message};
use crate::text::{read_line_bounded, BoundedLine, LINE_LIMIT};
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// A time control: `10+0.1` is 10 seconds each plus 0.1 second per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Each side's time at the start.
    pub base: Duration,
    /// Added after each move.
    pub increment: Duration,
}

impl std::str::FromStr for TimeControl {
    type Err = String;

    /// `SECONDS[+INCREMENT]`, e.g. `10+0.1` or `60`.
    fn from_str(text: &str) -> Result<TimeControl, String> {
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let seconds = |t: &str| {
            t.trim()
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e7)
                .map(Duration::from_secs_f64)
        };
        match (seconds(base), seconds(inc)) {
            (Some(base), Some(increment)) if !base.is_zero() => Ok(TimeControl { base, increment }),
            _ => Err(format!(
                "`{text}` is not a time control; write seconds plus increment, e.g. 10+0.1"
            )),
        }
    }
}

/// How long to wait for an engine's answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OtepLimits {
    /// The clock, if the match has one.
    pub time_control: Option<TimeControl>,
    /// Without a clock, an engine silent this long is taken as hung.
    pub hang: Duration,
    /// With a clock, the flag falls once the time an engine used beyond its clock,
    /// added up over the game, passes this (the pipes and the scheduler of a loaded
    /// machine are not the engine's fault, but the grace is granted once, not per move).
    pub grace: Duration,
    /// The time to wait for `hello` after starting the process.
    pub startup: Duration,
}

impl Default for OtepLimits {
    fn default() -> OtepLimits {
        OtepLimits {
            time_control: None,
            hang: Duration::from_secs(60),
            grace: Duration::from_millis(100),
            startup: Duration::from_secs(10),
        }
    }
}

/// The running process: its stdin and the lines of its stdout, read by a thread.
struct Process {
    child: Child,
    stdin: ChildStdin,
    /// The engine's lines; `Err` holds the start of a line past [`LINE_LIMIT`], after
    /// which nothing more is read.
    lines: Receiver<Result<String, String>>,
}

impl Process {
    fn send(&mut self, message: &Message) -> Result<(), EngineError> {
        writeln!(self.stdin, "{message}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| EngineError::Crashed(format!("cannot write to it: {e}")))
    }

    /// The next `move` or `error` line within `timeout`; other lines (`status`,
    /// `simple-moves`, lines it cannot read) are passed over, as OpenTafl does.
    fn answer(&mut self, timeout: Duration) -> Result<Option<Message>, EngineError> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Err(start)) => return Err(too_long(&start)),
                Ok(Ok(line)) => match line.parse::<Message>() {
                    Ok(message @ (Message::Move(_) | Message::Error { .. })) => {
                        return Ok(Some(message))
                    }
                    // A `move` line that does not parse (`move`, `move a1-a2 extra`,
                    // `MOVE a1-a2`) is a broken answer, not noise: passing over it would
                    // leave the engine to time out on a move it believes it made.
                    Err(_) if is_move_line(&line) => {
                        return Err(EngineError::Failed(format!(
                            "malformed move line `{}`",
                            crate::text::quoted(line.trim())
                        )))
                    }
                    _ => continue,
                },
                Err(RecvTimeoutError::Timeout) => return Ok(None),
                Err(RecvTimeoutError::Disconnected) => {
                    let status = self.child.wait().ok();
                    return Err(EngineError::Crashed(match status {
                        Some(s) => format!("the process ended ({s})"),
                        None => "the process ended".into(),
                    }));
                }
            }
        }
    }

    fn stop(mut self) {
        let _ = self.send(&Message::Goodbye);
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The failure of an engine that printed a line past [`LINE_LIMIT`].
fn too_long(start: &str) -> EngineError {
    EngineError::Failed(format!(
        "printed a line longer than {} KiB: `{start}…`",
        LINE_LIMIT / 1024
    ))
}

/// True for a line whose first word is `move` in any case: an answer meant as a move.
fn is_move_line(line: &str) -> bool {
    line.split_whitespace()
        .next()
        .is_some_and(|w| w.eq_ignore_ascii_case("move"))
}

/// An OTEP engine process as a match [`Engine`].
pub struct OtepEngine<'t> {
    tables: &'t Tables,
    command: Vec<String>,
    limits: OtepLimits,
    process: Option<Process>,
    /// Moves of the game the engine has been told about (or played).
    told: usize,
    /// Time left per side (attackers, defenders), with a clock.
    left: [Duration; 2],
    /// Time used beyond the clock so far per side: the flag falls once it passes the
    /// grace, which is granted once per game, not again on every move.
    overrun: [Duration; 2],
    side_sent: Option<Side>,
}

impl<'t> OtepEngine<'t> {
    /// An engine run as `command[0] command[1..]`; the process starts with the first game.
    pub fn new(tables: &'t Tables, command: Vec<String>, limits: OtepLimits) -> OtepEngine<'t> {
        OtepEngine {
            tables,
            command,
            limits,
            process: None,
            told: 0,
            left: [Duration::ZERO; 2],
            overrun: [Duration::ZERO; 2],
            side_sent: None,
        }
    }

    fn start(&self) -> Result<Process, EngineError> {
        let (program, args) = self
            .command
            .split_first()
            .ok_or_else(|| EngineError::Failed("empty command".into()))?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // In a process group of its own, so that Ctrl-C at the terminal reaches the
        // host, which lets the games in play end, and not the engine, which would
        // forfeit them by dying.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| EngineError::Crashed(format!("cannot start `{program}`: {e}")))?;
        let stdout = child.stdout.take().expect("piped");
        let stdin = child.stdin.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        // The engine's lines are read on a thread of their own (for the time limits); a
        // thread the system refuses is an engine that cannot run, not a panic.
        // Lines are bounded: an engine printing without end forfeits, it does not make
        // the host allocate gigabytes.
        let reader = std::thread::Builder::new().spawn(move || {
            let mut stdout = BufReader::new(stdout);
            loop {
                let sent = match read_line_bounded(&mut stdout, LINE_LIMIT) {
                    Ok(Some(BoundedLine::Line(line))) => tx.send(Ok(line)),
                    Ok(Some(BoundedLine::TooLong(start))) => {
                        let _ = tx.send(Err(start));
                        break;
                    }
                    Ok(None) | Err(_) => break,
                };
                if sent.is_err() {
                    break;
                }
            }
        });
        if let Err(e) = reader {
            let _ = child.kill();
            let _ = child.wait();
            return Err(EngineError::Failed(format!(
                "cannot start a thread to read `{program}`: {e}"
            )));
        }
        let mut process = Process {
            child,
            stdin,
            lines,
        };
        match process.lines.recv_timeout(self.limits.startup) {
            Ok(Ok(line)) if line.trim() == "hello" => Ok(process),
            Ok(Ok(line)) => {
                let _ = process.child.kill();
                let _ = process.child.wait();
                Err(EngineError::Failed(format!(
                    "said `{}` instead of hello",
                    crate::text::quoted(&line)
                )))
            }
            Ok(Err(start)) => {
                let _ = process.child.kill();
                let _ = process.child.wait();
                Err(too_long(&start))
            }
            Err(_) => {
                let _ = process.child.kill();
                let _ = process.child.wait();
                Err(EngineError::Crashed("no hello".into()))
            }
        }
    }

    /// Starts the process, waits for its `hello` and says goodbye: a check before the
    /// first game that the command runs and speaks the protocol, so a typo in a path is
    /// an error of the run, not a forfeit of every game.
    pub fn check_starts(&self) -> Result<(), EngineError> {
        self.start().map(Process::stop)
    }

    /// Gives up the process after a failure: the next game starts a new one.
    fn drop_process(&mut self) {
        if let Some(mut process) = self.process.take() {
            let _ = process.child.kill();
            let _ = process.child.wait();
        }
    }

    fn turn(&mut self, turn: &Turn) -> Result<Move, EngineError> {
        if self.process.is_none() {
            self.process = Some(self.start()?);
            let rules = self.tables.rules().to_string();
            self.process
                .as_mut()
                .unwrap()
                .send(&Message::Rules(rules))?;
        }
        let t = self.tables;
        let record = turn.position.layout(t).record(RecordOrder::RankOneFirst);
        let side = turn.position.side_to_move();
        let process = self.process.as_mut().expect("started above");
        if self.side_sent != Some(side) {
            process.send(&Message::Side(side))?;
            if self.side_sent.is_none() {
                process.send(&Message::Start)?;
            }
            self.side_sent = Some(side);
        }
        if self.told < turn.moves.len() {
            let moves: Vec<MoveText> = turn.moves[self.told..]
                .iter()
                .map(|m| MoveText {
                    piece: None,
                    from: m.from,
                    to: m.to,
                    captures: Vec::new(),
                })
                .collect();
            process.send(&Message::OpponentMove {
                moves,
                position: Some(record),
            })?;
            self.told = turn.moves.len();
        }
        let clock = self.limits.time_control.map(|_| {
            let ms = |d: Duration| d.as_millis() as i64;
            Clock {
                attacker_ms: ms(self.left[0]),
                attacker_overtime: false,
                defender_ms: ms(self.left[1]),
                defender_overtime: false,
                overtime_seconds: 0,
                attacker_overtimes: 0,
                defender_overtimes: 0,
            }
        });
        if let Some(clock) = clock {
            process.send(&Message::Clock(clock))?;
        }
        let started = Instant::now();
        process.send(&Message::Play(side))?;
        let grace_left = self
            .limits
            .grace
            .saturating_sub(self.overrun[side as usize]);
        let timeout = match self.limits.time_control {
            Some(_) => self.left[side as usize] + grace_left,
            None => self.limits.hang,
        };
        let answer = process.answer(timeout)?;
        let used = started.elapsed();
        let text = match answer {
            None if self.limits.time_control.is_some() => {
                return Err(EngineError::TimeLoss(format!(
                    "no move after {} ms",
                    used.as_millis()
                )))
            }
            None => {
                return Err(EngineError::Crashed(format!(
                    "hung: no move in {} s",
                    used.as_secs()
                )))
            }
            Some(Message::Move(text)) => text,
            Some(Message::Error { code, text }) => {
                return Err(EngineError::Failed(format!(
                    "the engine sent error {code}{}",
                    text.map_or(String::new(), |t| format!(" ({t})"))
                )))
            }
            Some(other) => return Err(EngineError::Failed(format!("`{other}` instead of a move"))),
        };
        if let Some(tc) = self.limits.time_control {
            let (left, overrun) = (
                &mut self.left[side as usize],
                &mut self.overrun[side as usize],
            );
            *overrun += used.saturating_sub(*left);
            if *overrun > self.limits.grace {
                return Err(EngineError::TimeLoss(format!(
                    "moved after {} ms, {} ms past its clock in all",
                    used.as_millis(),
                    overrun.as_millis()
                )));
            }
            *left = left.saturating_sub(used) + tc.increment;
        }
        let mv = text
            .parse::<MoveText>()
            .map_err(|e| e.to_string())
            .and_then(|m| resolve(t, turn.position, &m).map_err(|e| e.to_string()));
        match mv {
            Ok(mv) => {
                let after = turn.position.after(t, mv).0;
                let record = after.layout(t).record(RecordOrder::RankOneFirst);
                process.send(&Message::Move(record))?;
                self.told += 1;
                Ok(mv)
            }
            Err(why) => {
                // OpenTafl's answer to a move it refuses; the game is lost all the same.
                let _ = process.send(&Message::Error {
                    code: 3,
                    text: None,
                });
                Err(EngineError::Illegal(why))
            }
        }
    }
}

impl Engine for OtepEngine<'_> {
    fn new_game(&mut self, _seed: u64) {
        self.told = 0;
        self.side_sent = None;
        if let Some(tc) = self.limits.time_control {
            self.left = [tc.base; 2];
        }
        self.overrun = [Duration::ZERO; 2];
        let rules = self.tables.rules().to_string();
        if let Some(process) = self.process.as_mut() {
            if process.send(&Message::Rules(rules)).is_err() {
                self.drop_process();
            }
        }
    }

    fn choose(&mut self, turn: &Turn) -> Result<Move, EngineError> {
        let result = self.turn(turn);
        if matches!(
            result,
            Err(EngineError::Crashed(_) | EngineError::TimeLoss(_))
        ) {
            self.drop_process();
        }
        result
    }

    fn finish(&mut self, winner: Option<Side>) {
        let code = match winner {
            None => 1,
            Some(Side::Attackers) => 2,
            Some(Side::Defenders) => 3,
        };
        if let Some(process) = self.process.as_mut() {
            if process.send(&Message::Finish(code)).is_err() {
                self.drop_process();
            }
        }
    }
}

impl Drop for OtepEngine<'_> {
    fn drop(&mut self) {
        if let Some(process) = self.process.take() {
            process.stop();
        }
    }
}
