//! The `hnefatafl-copenhagen` crate's AI (AGPL-3.0-or-later) as an engine of the OpenTafl
//! engine protocol (OTEP), so that `taflmatch --engine otep:"..."` can play it:
//!
//! ```text
//! hnefatafl-copenhagen-otep [--ai monte-carlo|basic] [--millis MS] [--depth D]
//! ```
//!
//! `monte-carlo` (the default) thinks for `--millis` a move (default 1000; the host's
//! clock, when it sends a shorter one, wins) with its playouts `--depth` plies deep
//! (default 20, the crate's own); `basic` is its alpha-beta to `--depth` (default 4).
//! The crate knows one rule set per board size (7x7, 11x11, 13x13): of the rules only
//! `dim` and the start position are read. The position records the host sends are
//! trusted (the crate's own history is forgotten after each, so its ban on a defender
//! repeating a board does not apply here: the host judges repetitions).

use hnefatafl_copenhagen::ai::{AiBasic, AiMonteCarlo, AI};
use hnefatafl_copenhagen::board::{Board, BoardSize};
use hnefatafl_copenhagen::game::{Game, PreviousBoards};
use hnefatafl_copenhagen::play::{Plae, Plays};
use hnefatafl_copenhagen::role::Role;
use hnefatafl_copenhagen::status::Status;
use hnefatafl_copenhagen::time::TimeSettings;
use std::collections::VecDeque;
use std::io::Write;
use std::sync::mpsc;
use std::time::Duration;

/// What `--ai` chose.
enum Choice {
    MonteCarlo { millis: u64, depth: u8 },
    Basic { depth: u8 },
}

fn options() -> Result<Choice, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut ai = "monte-carlo".to_string();
    let (mut millis, mut depth) = (1000u64, None);
    let mut i = 0;
    while i < args.len() {
        let value = args
            .get(i + 1)
            .ok_or(format!("{} needs a value", args[i]))?;
        match args[i].as_str() {
            "--ai" => ai = value.clone(),
            "--millis" => {
                millis = value
                    .parse()
                    .ok()
                    .filter(|&m| (1..=3_600_000).contains(&m))
                    .ok_or(format!("--millis {value}: give 1 to 3600000"))?
            }
            "--depth" => {
                depth = Some(
                    value
                        .parse::<u8>()
                        .ok()
                        .filter(|&d| d >= 1)
                        .ok_or(format!("--depth {value}: give 1 to 255"))?,
                )
            }
            other => return Err(format!("unknown option `{other}`")),
        }
        i += 2;
    }
    match ai.as_str() {
        "monte-carlo" => Ok(Choice::MonteCarlo {
            millis,
            depth: depth.unwrap_or(20),
        }),
        "basic" => Ok(Choice::Basic {
            depth: depth.unwrap_or(4),
        }),
        other => Err(format!("--ai {other}: give monte-carlo or basic")),
    }
}

/// Forgets the history: no repetition ban, no 140-ply draw (the host keeps both).
fn forget(game: &mut Game) {
    game.previous_boards = PreviousBoards(vec![game.board.clone()]);
    game.plays = Plays::new(&TimeSettings::UnTimed);
    game.status = Status::Ongoing;
}

/// A record as the host sends it (rank 1 first) in the crate's order (top rank first).
fn board_of(record: &str, dim: usize) -> Result<Board, String> {
    adapter::check_record(record, dim)?;
    let ranks: Vec<&str> = record.split('/').filter(|r| !r.is_empty()).rev().collect();
    Board::open_tafl_deserialize(&format!("/{}/", ranks.join("/")))
        .map_err(|e| format!("position `{record}`: {e:?}"))
}

fn role(side: &str) -> Result<Role, String> {
    match side {
        "attackers" => Ok(Role::Attacker),
        "defenders" => Ok(Role::Defender),
        other => Err(format!("unknown side `{other}`")),
    }
}

fn other(role: Role) -> Role {
    match role {
        Role::Attacker => Role::Defender,
        _ => Role::Attacker,
    }
}

/// The engine's state between lines.
struct Engine {
    choice: Choice,
    game: Option<Game>,
    /// The time the host's last `clock` gives the side to move, in milliseconds.
    clock_ms: Option<u64>,
    /// The board's size, from the last `rules`.
    dim: usize,
}

impl Engine {
    fn game(&mut self) -> Result<&mut Game, String> {
        self.game.as_mut().ok_or("no `rules` yet".to_string())
    }

    /// Answers one line; `Ok(None)` when there is nothing to say, `Err` for an `error`.
    fn line(&mut self, line: &str) -> Result<Option<String>, String> {
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match command {
            "rules" => {
                let value = |key: &str| {
                    rest.split_whitespace()
                        .find_map(|w| w.strip_prefix(key).and_then(|v| v.strip_prefix(':')))
                };
                let dim = value("dim").ok_or("the rules have no dim")?;
                let size: BoardSize = dim.parse().map_err(|e| format!("dim:{dim}: {e}"))?;
                adapter::check_rules(rest)?;
                let dim: usize = dim.parse().map_err(|_| format!("dim:{dim}"))?;
                let mut game = Game::make(size, &TimeSettings::UnTimed);
                if let Some(start) = value("start") {
                    game.board = board_of(start, dim)?;
                }
                self.dim = dim;
                // OTN's `atkf` defaults to the attackers first.
                game.turn = if value("atkf") == Some("n") {
                    Role::Defender
                } else {
                    Role::Attacker
                };
                forget(&mut game);
                self.game = Some(game);
                Ok(None)
            }
            "position" => {
                let dim = self.dim;
                let game = self.game()?;
                let board = board_of(rest, dim)?;
                game.board = board;
                forget(game);
                Ok(None)
            }
            // After `position`, the side to move (OpenTafl's reading); otherwise the side
            // this engine plays, which `play` says again.
            "side" => {
                let turn = role(rest)?;
                self.game()?.turn = turn;
                Ok(None)
            }
            "clock" => {
                // `clock A D ...`: the side to move's time is read at `play`.
                let fields: Vec<i64> = rest
                    .split_whitespace()
                    .take(2)
                    .map(|f| f.trim_end_matches('*').parse().unwrap_or(0))
                    .collect();
                self.clock_ms = match (fields.first(), fields.get(1)) {
                    (Some(&a), Some(&d)) => Some(a.min(d).max(0) as u64),
                    _ => None,
                };
                Ok(None)
            }
            "opponent-move" | "move" => {
                // The position after the move is the one to trust (taflcount's host and
                // OpenTafl both send it).
                let mut fields = rest.split_whitespace();
                let moves = fields.next().unwrap_or("");
                let record = fields.next();
                let dim = self.dim;
                let game = self.game()?;
                let mover = game.turn;
                match record {
                    Some(record) => game.board = board_of(record, dim)?,
                    None if command == "opponent-move" => {
                        return Err(format!(
                            "`opponent-move {moves}` without the position after it"
                        ))
                    }
                    // `move RECORD` from the host: the record is the only field.
                    None => game.board = board_of(moves, dim)?,
                }
                game.turn = other(mover);
                forget(game);
                Ok(None)
            }
            "play" => {
                let turn = role(rest)?;
                let clock = self.clock_ms;
                let choice = match self.choice {
                    Choice::MonteCarlo { millis, depth } => {
                        // Leave a margin on the host's clock for the answer to travel.
                        let millis = clock.map_or(millis, |c| millis.min(c.saturating_sub(50)));
                        Choice::MonteCarlo {
                            millis: millis.max(10),
                            depth,
                        }
                    }
                    Choice::Basic { depth } => Choice::Basic { depth },
                };
                let game = self.game()?;
                game.turn = turn;
                forget(game);
                let mut thinking = game.clone();
                let generated = match choice {
                    Choice::MonteCarlo { millis, depth } => {
                        AiMonteCarlo::new(Duration::from_millis(millis), depth)
                            .generate_move(&mut thinking)
                    }
                    Choice::Basic { depth } => {
                        AiBasic::new(depth, true).generate_move(&mut thinking)
                    }
                }
                .map_err(|e| format!("no move: {e}"))?;
                match generated.play {
                    Plae::Play(play) => Ok(Some(
                        format!("move {}-{}", play.from, play.to).to_lowercase(),
                    )),
                    resign => Err(format!("the AI resigns ({resign})")),
                }
            }
            "start" | "finish" | "simple-moves" | "status" | "hello" => Ok(None),
            "analyze" => Err("analysis is not offered".into()),
            other => Err(format!("unknown command `{other}`")),
        }
    }
}

fn main() {
    let choice = match options() {
        Ok(choice) => choice,
        Err(e) => {
            eprintln!("hnefatafl-copenhagen-otep: {e}");
            std::process::exit(2);
        }
    };
    let mut engine = Engine {
        choice,
        game: None,
        clock_ms: None,
        dim: 0,
    };
    let say = |text: &str| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    };
    say("hello");
    // The host's lines, each at most 64 KiB, read on a thread of their own so that
    // `goodbye`, `quit` or the end of input end the engine at once, even while its AI
    // thinks (it thought on for its full time before).
    let (tx, lines) = mpsc::channel::<Option<Result<String, String>>>();
    std::thread::spawn(move || {
        let mut stdin = std::io::stdin().lock();
        loop {
            match adapter::read_line(&mut stdin, adapter::LINE_LIMIT) {
                Ok(Some(line)) => {
                    if tx.send(Some(line)).is_err() {
                        break;
                    }
                }
                _ => {
                    let _ = tx.send(None);
                    break;
                }
            }
        }
    });
    let quits = |line: &Option<Result<String, String>>| match line {
        None => true,
        Some(Ok(text)) => matches!(text.trim(), "goodbye" | "quit"),
        Some(Err(_)) => false,
    };
    let mut pending: VecDeque<Option<Result<String, String>>> = VecDeque::new();
    loop {
        let next = match pending.pop_front() {
            Some(line) => line,
            None => lines.recv().unwrap_or(None),
        };
        if quits(&next) {
            std::process::exit(0);
        }
        let line = match next {
            Some(Ok(line)) => line,
            Some(Err(start)) => {
                say(&format!(
                    "error 0 a line longer than {} KiB: `{start}`",
                    adapter::LINE_LIMIT >> 10
                ));
                continue;
            }
            None => std::process::exit(0),
        };
        let line = line.trim().to_string();
        if line.is_empty() {
            continue;
        }
        let plays = line.starts_with("play");
        // The line is answered on a thread; meanwhile the host is heard.
        let answer = std::thread::scope(|scope| {
            let worker = scope.spawn(|| adapter::without_panics(|| engine.line(&line)));
            while !worker.is_finished() {
                match lines.recv_timeout(Duration::from_millis(5)) {
                    Ok(line) if quits(&line) => std::process::exit(0),
                    Ok(line) => pending.push_back(line),
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Err(mpsc::RecvTimeoutError::Disconnected) => std::process::exit(0),
                }
            }
            worker
                .join()
                .unwrap_or_else(|_| Err("the engine failed".into()))
        });
        match answer {
            Ok(Some(answer)) => say(&answer),
            Ok(None) => {}
            // The protocol's two codes from an engine: -1 (critical: the host ends the
            // game) when it cannot move, 0 (shown, the game goes on) for the rest.
            Err(why) if plays => say(&format!("error -1 {why}")),
            Err(why) => say(&format!("error 0 {why}")),
        }
    }
}
