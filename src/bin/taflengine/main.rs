//! `taflengine`: taflcount's AI as an engine of the OpenTafl engine protocol (OTEP) on
//! stdin and stdout, so OpenTafl can host it and `taflmatch --engine otep:"..."` can
//! play two builds against each other. The conversation itself is
//! `taflcount::otep::Session`; this program reads lines, thinks and writes answers.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser;
use taflcount::cli::{exit_code, CliError, Status};
use taflcount::matches::{EngineFactory, EngineKind, EngineSpec, Turn};
use taflcount::moves::{Move, Position, Tables};
use taflcount::notation::{record, MoveText};
use taflcount::otep::{reply_wait, Action, AnalysedLine, Message, Request, Session, TimeKeeper};
use taflcount::process::{LineEvent, Lines, TooLong};
use taflcount::search::{Limits, Searcher, TranspositionTable, Weights};
use taflcount::text::LINE_LIMIT;

/// Time per move when the engine has no fixed limit and the host sends no clock.
const UNTIMED_MOVETIME: Duration = Duration::from_secs(1);
/// How often a `status` line reports that the engine is still thinking.
const STATUS_EVERY: Duration = Duration::from_millis(1000);
/// How long a search may run before the engine looks for a line from the host.
const WATCH_EVERY: Duration = Duration::from_millis(2);
/// The longest `--min-reply-ms` accepted (a minute: beyond it the option is a typo).
const MAX_MIN_REPLY_MS: u64 = 60_000;

#[derive(Parser, Debug)]
#[command(
    name = "taflengine",
    version,
    about = "taflcount's AI speaking the OpenTafl engine protocol on stdin/stdout",
    after_help = "Engines: search:depth=N | nodes=N | movetime=100ms [,eval=FILE.json], plain `search` \
(or `search:eval=FILE.json`) to play on the host's clock,\n  mcts:playouts=N | nodes=N | movetime=100ms [,...], random, greedy.\n\
With a clock from the host, a fixed limit is still cut short so the engine never loses on time.\n\n\
A `move` is never sent sooner than --min-reply-ms after `play` (never later than the clock \
allows): OpenTafl's own AI crashes when an engine answers within a few milliseconds.\n\n\
OpenTafl: see docs/opentafl.md for the engines/*.ini that runs this program.\n\n\
Exit codes: 0 after `goodbye` or a closed stdin, 2 usage error."
)]
struct Args {
    /// The AI and its limits, as taflmatch's --engine
    #[arg(long, value_name = "ENGINE", default_value = "search:nodes=50000")]
    engine: String,
    /// Append the conversation to this file (`<` host lines, `>` engine lines)
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    /// Answer `play` no sooner than this (0: at once). OpenTafl 0.4.8's AI thread reads
    /// its workspace after handing its move over and crashes when the engine's reply
    /// starts its next search first (a NullPointerException in printSearchStats)
    #[arg(long, value_name = "MS", default_value_t = 50, allow_negative_numbers = true,
          value_parser = clap::value_parser!(u64).range(0..=MAX_MIN_REPLY_MS))]
    min_reply_ms: u64,
}

fn main() -> ExitCode {
    exit_code("taflengine", run(taflcount::cli::parse::parse::<Args>()))
}

/// The AI: its description, and whether it has a fixed limit of its own.
struct Player {
    spec: EngineSpec,
    /// False for plain `search`: the clock (or [`UNTIMED_MOVETIME`]) is its only limit.
    fixed: bool,
    /// The least time between `play` and `move`.
    min_reply: Duration,
}

fn player(text: &str) -> Result<Player, CliError> {
    // `search` without a limit: the clock (or UNTIMED_MOVETIME) limits it.
    let (spec, fixed) = EngineSpec::load_on_clock(text, UNTIMED_MOVETIME)
        .map_err(|e| CliError::option("--engine", e))?;
    // An inner OTEP engine that cannot start would fail every `play`: refuse it now,
    // before `hello`, so the host sees an engine that did not start.
    if let Some(inner) = spec.external_engine() {
        inner
            .check_starts()
            .map_err(|e| CliError::cannot_play(&spec.text, e))?;
    }
    Ok(Player {
        spec,
        fixed,
        min_reply: Duration::ZERO,
    })
}

/// Where lines go: stdout (flushed per line) and the log.
struct Wire {
    out: io::StdoutLock<'static>,
    log: Option<File>,
}

impl Wire {
    fn send(&mut self, message: &Message) -> Result<(), CliError> {
        let line = message.to_string();
        if let Some(log) = &mut self.log {
            let _ = writeln!(log, "> {line}");
        }
        writeln!(self.out, "{line}")
            .and_then(|()| self.out.flush())
            .map_err(|e| {
                if e.kind() == io::ErrorKind::BrokenPipe {
                    CliError::ClosedPipe
                } else {
                    CliError::Write {
                        target: "<stdout>".into(),
                        source: e,
                    }
                }
            })
    }

    fn received(&mut self, line: &str) {
        if let Some(log) = &mut self.log {
            let _ = writeln!(log, "< {line}");
        }
    }
}

/// The host's lines (`taflcount::process::Lines`, at most [`LINE_LIMIT`] bytes each, a
/// longer one skipped to its end). Read on a thread of their own, so that `goodbye`,
/// `quit` or a closed stdin stop a search at once instead of after it (12 s after
/// `goodbye` before, issue 24); read here when the system refuses the thread.
struct Inputs {
    lines: Lines,
    /// Lines that came during a search, answered after it.
    pending: VecDeque<LineEvent>,
}

impl Inputs {
    fn start() -> Inputs {
        let lines = Lines::spawn(io::stdin(), LINE_LIMIT, TooLong::Skip)
            .unwrap_or_else(|_| Lines::here(io::stdin(), LINE_LIMIT, TooLong::Skip));
        Inputs {
            lines,
            pending: VecDeque::new(),
        }
    }

    /// The next line, waiting for it.
    fn next(&mut self) -> LineEvent {
        self.pending
            .pop_front()
            .unwrap_or_else(|| self.lines.next(None))
    }

    /// During a search: waits up to `timeout` for a line; `goodbye`, `quit` or the end
    /// of stdin end the process at once (exit 0), other lines wait for the search.
    fn watch(&mut self, timeout: Duration, wire: &mut Wire) {
        if !self.lines.can_time_out() {
            std::thread::sleep(timeout);
            return;
        }
        let input = self.lines.next(Some(timeout));
        let quits = match &input {
            LineEvent::Line(line) => {
                wire.received(line.trim());
                matches!(line.split_whitespace().next(), Some("goodbye" | "quit"))
            }
            LineEvent::TooLong(_) => false,
            LineEvent::Timeout => return,
            LineEvent::End(_) => true,
        };
        if quits {
            // What the engine started (an inner OTEP engine) ends with it.
            taflcount::process::kill_all();
            std::process::exit(0);
        }
        self.pending.push_back(input);
    }
}

fn run(args: Args) -> Result<Status, CliError> {
    let mut player = player(&args.engine)?;
    player.min_reply = Duration::from_millis(args.min_reply_ms);
    let log = match &args.log {
        Some(path) => Some(
            File::options()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| {
                    CliError::option("--log", format!("cannot open {}: {e}", path.display()))
                })?,
        ),
        None => None,
    };
    let mut wire = Wire {
        out: io::stdout().lock(),
        log,
    };
    wire.send(&Message::Hello)?;
    let mut session = Session::new();
    let mut clock = TimeKeeper::default();
    // The search's transposition table, kept from move to move within a game.
    let mut memory = Mutex::new(None);
    let mut inputs = Inputs::start();
    loop {
        let text = match inputs.next() {
            LineEvent::Line(text) => text,
            LineEvent::TooLong(start) => {
                wire.send(&Message::Error {
                    code: 0,
                    text: Some(format!(
                        "a line longer than {} KiB: `{start}…`",
                        LINE_LIMIT / 1024
                    )),
                })?;
                continue;
            }
            LineEvent::End(None) | LineEvent::Timeout => return Ok(Status::Success),
            LineEvent::End(Some(e)) => {
                return Err(CliError::input(format!("cannot read stdin: {e}")))
            }
        };
        let text = text.trim();
        wire.received(text);
        let previous_rules = session.game().map(|g| g.rules.clone());
        let actions = session.handle_line(text);
        if session.game().map(|g| &g.rules) != previous_rules.as_ref() || text.starts_with("rules")
        {
            clock = TimeKeeper::default();
        }
        // A new game, or a move of ours the host refused (taken back): the next search
        // starts from an empty table, as a fresh engine's would, so that it answers the
        // same position with the same move under a node limit.
        if text.starts_with("rules") || text.starts_with("error") || text.starts_with("start") {
            *memory.get_mut().unwrap_or_else(|e| e.into_inner()) = None;
        }
        for action in actions {
            match action {
                Action::Send(message) => wire.send(&message)?,
                Action::Quit => return Ok(Status::Success),
                Action::Think(request) => think(
                    &player,
                    &mut session,
                    &mut clock,
                    &memory,
                    request,
                    &mut wire,
                    &mut inputs,
                )?,
            }
        }
    }
}

/// A search's answer, with what the status and analysis lines say about it.
struct Thought {
    best: Option<Move>,
    pv: Vec<Move>,
    score: Option<i32>,
    depth: u32,
    nodes: u64,
}

impl Thought {
    /// No move found, or none at all (the thinking thread is gone).
    fn nothing() -> Thought {
        Thought {
            best: None,
            pv: Vec::new(),
            score: None,
            depth: 0,
            nodes: 0,
        }
    }
}

/// Answers `play` or `analyze`: the budget, the search with the host heard meanwhile,
/// the reply held back to --min-reply-ms, then the answer.
fn think(
    player: &Player,
    session: &mut Session,
    keeper: &mut TimeKeeper,
    memory: &Mutex<Option<TranspositionTable>>,
    request: Request,
    wire: &mut Wire,
    inputs: &mut Inputs,
) -> Result<(), CliError> {
    let (Some(game), Some(position)) = (session.game(), session.position()) else {
        return wire.send(&Message::Error {
            code: 0,
            text: Some("no game to think about".into()),
        });
    };
    let tables = &game.tables;
    let position = position.clone();
    let history = session.history().to_vec();
    let moves = session.moves().to_vec();
    let side = position.side_to_move();
    let remaining = session.clock().map(|c| c.spendable_ms(side));
    let untimed = (!player.fixed).then_some(UNTIMED_MOVETIME);
    let budget = keeper.think_budget(request, remaining, untimed);
    wire.send(&Message::Status(format!(
        "thinking for {side} with {}{}",
        player.spec.text,
        budget.map_or(String::new(), |b| format!(", at most {} ms", b.as_millis()))
    )))?;
    let started = Instant::now();
    let run = || search(player, tables, &position, &history, &moves, budget, memory);
    let thought = think_heard(&run, started, wire, inputs)?;
    let searched = started.elapsed();
    if let Request::Play(_) = request {
        hold_reply(budget, player.min_reply, started, wire, inputs);
        if let Some(ms) = remaining {
            keeper.spent(ms, started.elapsed());
        }
    }
    let summary = summary(&thought, searched);
    let Some(best) = thought.best else {
        return wire.send(&Message::Error {
            code: -1,
            text: Some("the engine found no move".into()),
        });
    };
    match request {
        Request::Play(_) => answer_play(session, best, summary, wire),
        Request::Analyze { .. } => {
            answer_analysis(tables, &position, &thought, best, summary, wire)
        }
    }
}

/// Runs `run` on a thread of its own while the host is heard (`goodbye` ends the engine
/// at once) and a `status` line says every STATUS_EVERY that the engine still thinks.
fn think_heard(
    run: &(dyn Fn() -> Thought + Sync),
    started: Instant,
    wire: &mut Wire,
    inputs: &mut Inputs,
) -> Result<Thought, CliError> {
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        let thinker = std::thread::Builder::new().spawn_scoped(scope, move || {
            let _ = tx.send(run());
        });
        if thinker.is_err() {
            // The system refused the thread: think here, without status lines.
            return Ok(run());
        }
        let mut next_status = started + STATUS_EVERY;
        loop {
            inputs.watch(WATCH_EVERY, wire);
            match rx.try_recv() {
                Ok(thought) => return Ok(thought),
                Err(mpsc::TryRecvError::Empty) => {
                    if Instant::now() >= next_status {
                        next_status += STATUS_EVERY;
                        wire.send(&Message::Status(format!(
                            "still thinking, {:.1} s",
                            started.elapsed().as_secs_f64()
                        )))?;
                    }
                }
                Err(mpsc::TryRecvError::Disconnected) => return Ok(Thought::nothing()),
            }
        }
    })
}

/// Holds a move back: never sooner than `min_reply` after `started`, never later than
/// the budget allows; the host is heard meanwhile (`goodbye` still ends the engine).
fn hold_reply(
    budget: Option<Duration>,
    min_reply: Duration,
    started: Instant,
    wire: &mut Wire,
    inputs: &mut Inputs,
) {
    loop {
        let wait = reply_wait(budget, min_reply, started.elapsed());
        if wait.is_zero() {
            break;
        }
        inputs.watch(wait.min(STATUS_EVERY), wire);
    }
}

/// The `status` line of a search's figures.
fn summary(thought: &Thought, searched: Duration) -> String {
    format!(
        "depth {} score {} nodes {} time {} ms",
        thought.depth,
        thought.score.map_or("-".into(), |s| s.to_string()),
        thought.nodes,
        searched.as_millis()
    )
}

/// Plays `best` and sends the move (or the session's refusal), then the figures.
fn answer_play(
    session: &mut Session,
    best: Move,
    summary: String,
    wire: &mut Wire,
) -> Result<(), CliError> {
    let reply = match session.play(best) {
        Ok(reply) => reply,
        Err(e) => e.message(),
    };
    wire.send(&reply)?;
    wire.send(&Message::Status(summary))
}

/// Sends the figures, then the line found from `position` (`best` alone if the
/// principal variation does not start with it).
fn answer_analysis(
    t: &Tables,
    position: &Position,
    thought: &Thought,
    best: Move,
    summary: String,
    wire: &mut Wire,
) -> Result<(), CliError> {
    let pv = if thought.pv.first() == Some(&best) {
        thought.pv.clone()
    } else {
        vec![best]
    };
    let line = AnalysedLine {
        moves: move_texts(t, position, &pv),
        evaluation: thought.score.map_or(0.0, |s| s as f64 / 100.0),
    };
    wire.send(&Message::Status(summary))?;
    wire.send(&Message::Analysis(vec![line]))
}

/// The records of a line of moves from `position` (stops at the first that is not legal).
fn move_texts(t: &Tables, position: &Position, line: &[Move]) -> Vec<MoveText> {
    let mut pos = position.clone();
    let mut texts = Vec::new();
    for &mv in line {
        if !pos.legal_moves(t).contains(&mv) {
            break;
        }
        let (next, captured) = pos.after(t, mv);
        texts.push(record(&pos, mv, &captured));
        pos = next;
    }
    texts
}

/// Runs the AI once. `budget` caps its time (with its own limits, the first reached).
fn search(
    player: &Player,
    t: &Tables,
    position: &Position,
    history: &[u64],
    moves: &[MoveText],
    budget: Option<Duration>,
    memory: &Mutex<Option<TranspositionTable>>,
) -> Thought {
    // Plain `search` carries UNTIMED_MOVETIME as its movetime only for when there is no
    // budget: the budget (the clock's) replaces it, it does not cap it (it did: plain
    // `search` never thought more than 1 s, whatever the clock, issue 23).
    let cap = |own: Option<Duration>| match (own.filter(|_| player.fixed), budget) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    match &player.spec.kind {
        EngineKind::Search {
            limits,
            movetime,
            weights,
            ..
        } => {
            let limits = if *limits == Limits::default() && cap(*movetime).is_none() {
                Limits::depth(4)
            } else {
                *limits
            };
            let weights = weights.unwrap_or_else(|| Weights::for_rules(t.rules()));
            let mut searcher = Searcher::with_weights(t, limits, weights);
            let kept = memory.lock().unwrap_or_else(|e| e.into_inner()).take();
            searcher = match kept {
                Some(table) => searcher.with_table(table),
                None => searcher.keeping_table(),
            };
            if let Some(time) = cap(*movetime) {
                searcher = searcher.with_time_limit(time);
            }
            let result = searcher.best_move(position, history);
            *memory.lock().unwrap_or_else(|e| e.into_inner()) = Some(searcher.into_table());
            Thought {
                best: result.best_move,
                pv: result.pv,
                score: Some(result.score),
                depth: result.depth,
                nodes: result.nodes,
            }
        }
        kind => {
            let mut spec = player.spec.clone();
            if let EngineKind::Mcts { config, .. } = &mut spec.kind {
                config.limits.movetime = cap(config.limits.movetime);
            }
            let _ = kind;
            let best = spec.create(t).ok().and_then(|mut engine| {
                engine.new_game(0);
                engine
                    .choose(&Turn {
                        tables: t,
                        position,
                        history,
                        moves,
                    })
                    .ok()
            });
            Thought {
                best,
                pv: Vec::new(),
                score: None,
                depth: 0,
                nodes: 0,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use taflcount::cli::parse::{command, problems};

    /// Every option has help text and reads `-1` as its value (so its own check, which
    /// names it, refuses a negative number).
    #[test]
    fn every_option_has_help_and_reads_negative_numbers() {
        assert_eq!(problems(command::<super::Args>()), Vec::<String>::new());
    }
}
