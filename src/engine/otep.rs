//! An engine in another process that speaks the OpenTafl engine protocol: the host (a
//! match, the misplay suite, self-play) plays OpenTafl's part (docs/opentafl.md), in
//! OpenTafl's order: `rules` at each new game, `side` and `start`, then for each turn the
//! moves since the engine last moved as `opponent-move <moves> <position>`, `clock` and
//! `play`, and after its `move` the position as `move <position>`. A game set up in a
//! position (a misplay fixture) is sent as `rules`, `position`, `side`, then the moves
//! played from it one `opponent-move` each. An illegal move is answered by `error` and
//! fails. A process that dies, or does not answer in its time, fails; it is started again
//! for the next game.

use super::interface::{Engine, EngineError, GameSeed, MoveLimit, Turn};
use crate::board::Layout;
use crate::board::{RecordOrder, Side};
use crate::moves::{Move, Position, Tables};
use crate::notation::{resolve, MoveText};
use crate::otep::{Clock, Message};
use crate::process::{Group, LineEvent, Lines, TooLong};
use crate::text::LINE_LIMIT;
use std::io::Write;
use std::process::{ChildStdin, Command, Stdio};
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

/// The running process (in a process group of its own, killed when dropped): its stdin
/// and the lines of its stdout.
struct Process {
    group: Group,
    stdin: ChildStdin,
    /// The engine's lines, at most [`LINE_LIMIT`] bytes each; nothing more is read after
    /// a longer one.
    lines: Lines,
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
            match self.lines.next(Some(left)) {
                LineEvent::TooLong(start) => return Err(too_long(&start)),
                LineEvent::Line(line) => match line.parse::<Message>() {
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
                LineEvent::Timeout => return Ok(None),
                LineEvent::End(_) => {
                    // Its stdout closed: the process is ending, or ended.
                    let status = self
                        .group
                        .wait_for(Duration::from_millis(200))
                        .ok()
                        .flatten();
                    return Err(EngineError::Crashed(match status {
                        Some(s) => format!("the process ended ({s})"),
                        None => "the process ended".into(),
                    }));
                }
            }
        }
    }

    /// `goodbye`, half a second to leave, then the group is killed.
    fn stop(mut self) {
        let _ = self.send(&Message::Goodbye);
        self.group.end_within(Duration::from_millis(500));
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

/// An OTEP engine process as an [`Engine`]. It takes its rules from each turn (and
/// sends `rules` when they change), so one process serves positions of any variant.
pub struct OtepEngine {
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
    /// The rules the process was last sent; `None` after a new game, so every game
    /// begins with `rules`.
    rules_sent: Option<String>,
    /// A game set up in a position: its record and side to move, sent after `rules`.
    first: Option<(String, Side)>,
    /// The per-move limit set from outside: a clock with this much left, and a failure
    /// when no answer comes within it and the grace.
    movetime: Option<Duration>,
}

impl OtepEngine {
    /// An engine run as `command[0] command[1..]`; the process starts with the first game.
    pub fn new(command: Vec<String>, limits: OtepLimits) -> OtepEngine {
        OtepEngine {
            command,
            limits,
            process: None,
            told: 0,
            left: [Duration::ZERO; 2],
            overrun: [Duration::ZERO; 2],
            side_sent: None,
            rules_sent: None,
            first: None,
            movetime: None,
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
        // In a process group of its own (crate::process), so that Ctrl-C at the
        // terminal reaches the host, which lets the games in play end, and not the
        // engine, which would forfeit them by dying; the host's way out kills it.
        let mut group = Group::spawn(&mut command)
            .map_err(|e| EngineError::Crashed(format!("cannot start `{program}`: {e}")))?;
        let stdout = group.take_stdout().expect("piped");
        let stdin = group.take_stdin().expect("piped");
        // The engine's lines are read on a thread of their own (for the time limits); a
        // thread the system refuses is an engine that cannot run, not a panic. Lines are
        // bounded: an engine printing without end forfeits, it does not make the host
        // allocate gigabytes. (A failure here drops `group`, which kills it.)
        let lines = Lines::spawn(stdout, LINE_LIMIT, TooLong::Stop).map_err(|e| {
            EngineError::Failed(format!("cannot start a thread to read `{program}`: {e}"))
        })?;
        let mut process = Process {
            group,
            stdin,
            lines,
        };
        match process.lines.next(Some(self.limits.startup)) {
            LineEvent::Line(line) if line.trim() == "hello" => Ok(process),
            LineEvent::Line(line) => Err(EngineError::Failed(format!(
                "said `{}` instead of hello",
                crate::text::quoted(&line)
            ))),
            LineEvent::TooLong(start) => Err(too_long(&start)),
            LineEvent::Timeout => Err(EngineError::Crashed(format!(
                "no hello within {} s",
                self.limits.startup.as_secs_f64()
            ))),
            LineEvent::End(_) => Err(EngineError::Crashed("ended before saying hello".into())),
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
        // Dropping the process kills its group.
        self.process = None;
    }

    /// One move of the game: the process started if need be, told what it does not
    /// know yet, asked on the clock, and its answer checked.
    fn turn(&mut self, turn: &Turn) -> Result<Move, EngineError> {
        if self.process.is_none() {
            self.process = Some(self.start()?);
            self.rules_sent = None;
        }
        let side = turn.position.side_to_move();
        self.tell_game(turn)?;
        self.send_clock()?;
        let text = self.ask_move(side)?;
        self.accept(turn, text)
    }

    /// Sends what the process does not know of the game yet: the rules (and a set-up
    /// game's position and moves) when they changed, the side to move, the moves since
    /// its last turn with the position after them.
    fn tell_game(&mut self, turn: &Turn) -> Result<(), EngineError> {
        let t = turn.tables;
        let side = turn.position.side_to_move();
        let process = self.process.as_mut().expect("started by turn");
        let rules = t.rules().to_string();
        if self.rules_sent.as_ref() != Some(&rules) {
            process.send(&Message::Rules(rules.clone()))?;
            self.rules_sent = Some(rules);
            self.told = 0;
            self.side_sent = None;
            if let Some((first, first_side)) = &self.first {
                // A set-up game: the position, who is to move in it, then each move
                // from it with the position after it (the record to trust).
                process.send(&Message::Position(first.clone()))?;
                process.send(&Message::Side(*first_side))?;
                self.side_sent = Some(*first_side);
                let mut position = Layout::parse(first, RecordOrder::RankOneFirst)
                    .ok()
                    .and_then(|l| Position::from_layout(t, &l, *first_side).ok());
                for m in turn.moves {
                    let after = position
                        .as_ref()
                        .and_then(|p| resolve(t, p, m).ok().map(|mv| p.after(t, mv).0));
                    process.send(&Message::OpponentMove {
                        moves: vec![plain(m)],
                        position: after
                            .as_ref()
                            .map(|p| p.layout(t).record(RecordOrder::RankOneFirst)),
                    })?;
                    position = after;
                }
                self.told = turn.moves.len();
            }
        }
        if self.side_sent != Some(side) {
            process.send(&Message::Side(side))?;
            if self.side_sent.is_none() {
                process.send(&Message::Start)?;
            }
            self.side_sent = Some(side);
        }
        if self.told < turn.moves.len() {
            let moves: Vec<MoveText> = turn.moves[self.told..].iter().map(plain).collect();
            process.send(&Message::OpponentMove {
                moves,
                position: Some(turn.position.layout(t).record(RecordOrder::RankOneFirst)),
            })?;
            self.told = turn.moves.len();
        }
        Ok(())
    }

    /// Sends the clock, when the game has one: a fixed time per move shows both sides
    /// that much left; a time control shows each side's time left.
    fn send_clock(&mut self) -> Result<(), EngineError> {
        let ms = |d: Duration| d.as_millis() as i64;
        let clock = match (self.movetime, self.limits.time_control) {
            (Some(time), _) => Some((ms(time), ms(time))),
            (None, Some(_)) => Some((ms(self.left[0]), ms(self.left[1]))),
            (None, None) => None,
        }
        .map(|(attacker_ms, defender_ms)| Clock {
            attacker_ms,
            attacker_overtime: false,
            defender_ms,
            defender_overtime: false,
            overtime_seconds: 0,
            attacker_overtimes: 0,
            defender_overtimes: 0,
        });
        if let Some(clock) = clock {
            let process = self.process.as_mut().expect("started by turn");
            process.send(&Message::Clock(clock))?;
        }
        Ok(())
    }

    /// Asks for `side`'s move and waits for it, as long as its clock (and the grace)
    /// allows; gives the text of its `move`, its time charged to its clock.
    fn ask_move(&mut self, side: Side) -> Result<String, EngineError> {
        let process = self.process.as_mut().expect("started by turn");
        let started = Instant::now();
        process.send(&Message::Play(side))?;
        let grace_left = self
            .limits
            .grace
            .saturating_sub(self.overrun[side as usize]);
        let timeout = match (self.movetime, self.limits.time_control) {
            (Some(time), _) => time + self.limits.grace,
            (None, Some(_)) => self.left[side as usize] + grace_left,
            (None, None) => self.limits.hang,
        };
        let answer = process.answer(timeout)?;
        let used = started.elapsed();
        let text = match answer {
            None if self.movetime.is_none() && self.limits.time_control.is_some() => {
                return Err(EngineError::TimeLoss(format!(
                    "no move after {} ms",
                    used.as_millis()
                )))
            }
            None => {
                return Err(EngineError::Hung(format!(
                    "no move in {} ms",
                    used.as_millis()
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
        self.charge_clock(side, used)?;
        Ok(text)
    }

    /// Under a time control, takes `used` off `side`'s clock and adds the increment;
    /// time past the clock comes out of the grace, and past the grace the game is lost.
    fn charge_clock(&mut self, side: Side, used: Duration) -> Result<(), EngineError> {
        if let (None, Some(tc)) = (self.movetime, self.limits.time_control) {
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
        Ok(())
    }

    /// Reads and checks the engine's move: a move that does not read is a bad answer;
    /// one that reads but cannot be played is illegal, and told so. A legal one is
    /// confirmed with the position after it.
    fn accept(&mut self, turn: &Turn, text: String) -> Result<Move, EngineError> {
        let t = turn.tables;
        let process = self.process.as_mut().expect("started by turn");
        let text = text.parse::<MoveText>().map_err(|e| {
            EngineError::Failed(format!("`move {}`: {e}", crate::text::quoted(text.trim())))
        })?;
        match resolve(t, turn.position, &text).map_err(|e| e.to_string()) {
            Ok(mv) => {
                let after = turn.position.after(t, mv).0;
                let record = after.layout(t).record(RecordOrder::RankOneFirst);
                process.send(&Message::Move(record))?;
                self.told += 1;
                Ok(mv)
            }
            Err(why) => {
                // OpenTafl's answer to a move it refuses (2: illegal move, as the text
                // and ExternalEngineHost number it); the game is lost all the same.
                let _ = process.send(&Message::Error {
                    code: 2,
                    text: None,
                });
                Err(EngineError::Illegal(why))
            }
        }
    }
}

/// A move as OTEP's simple moves send it: `a4-a1`, no piece, no captures.
fn plain(m: &MoveText) -> MoveText {
    MoveText {
        piece: None,
        from: m.from,
        to: m.to,
        captures: Vec::new(),
    }
}

impl Engine for OtepEngine {
    fn start_game(&mut self, _seed: GameSeed) {
        self.told = 0;
        self.side_sent = None;
        // `rules` goes with the first turn, which knows them.
        self.rules_sent = None;
        self.first = None;
        if let Some(tc) = self.limits.time_control {
            self.left = [tc.base; 2];
        }
        self.overrun = [Duration::ZERO; 2];
    }

    fn set_up(&mut self, seed: GameSeed, first: &Position, tables: &Tables) {
        self.start_game(seed);
        let record = first.layout(tables).record(RecordOrder::RankOneFirst);
        self.first = Some((record, first.side_to_move()));
    }

    fn set_limit(&mut self, limit: Option<MoveLimit>) {
        // An engine in another process counts no nodes of ours: only time reaches it.
        self.movetime = match limit {
            Some(MoveLimit::Time(time)) => Some(time),
            _ => None,
        };
    }

    fn reset(&mut self) {
        self.drop_process();
    }

    fn choose(&mut self, turn: &Turn) -> Result<Move, EngineError> {
        let result = self.turn(turn);
        if matches!(
            result,
            Err(EngineError::Crashed(_) | EngineError::Hung(_) | EngineError::TimeLoss(_))
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

impl Drop for OtepEngine {
    fn drop(&mut self) {
        if let Some(process) = self.process.take() {
            process.stop();
        }
    }
}
