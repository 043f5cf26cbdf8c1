//! The `hnefatafl-copenhagen` crate's engine (AGPL-3.0-or-later) behind the
//! `taflperft --against` protocol of taflcount's docs/perft-against.md:
//!
//! ```text
//! taflperft-against-hnefatafl-copenhagen DEPTH "OTN RULES" "POSITION RECORD" SIDE "MOVES"
//! ```
//!
//! prints `move: count` per legal move, a blank line and the total. The crate knows one
//! rule set per board size (7x7, 11x11, 13x13); the OTN rules only give the size.
//! Perft counts without history, so the crate's ban on a defender repeating a board and
//! its draw after 140 plies are switched off: both are reset before every move.
//! With the environment variable `EXPLAIN` set, it says on stderr how the crate sees
//! the position (status, turn, its `can_not_escape` adjudication, the king).

use hnefatafl_copenhagen::board::{Board, BoardSize};
use hnefatafl_copenhagen::game::{Game, PreviousBoards};
use hnefatafl_copenhagen::play::{Plae, Play, Plays, Vertex};
use hnefatafl_copenhagen::role::Role;
use hnefatafl_copenhagen::status::Status;
use hnefatafl_copenhagen::time::TimeSettings;
use std::process::ExitCode;

/// Forgets the history: no repetition ban, no 140-ply draw.
fn forget(game: &mut Game) {
    game.previous_boards = PreviousBoards(vec![game.board.clone()]);
    game.plays = Plays::new(&TimeSettings::UnTimed);
}

fn moves_of(game: &Game) -> Vec<Play> {
    let legal = game.all_legal_moves();
    let mut plays = Vec::new();
    for (from, tos) in legal.moves {
        for to in tos {
            plays.push(Play {
                role: legal.role,
                from,
                to,
            });
        }
    }
    plays
}

fn count(game: &Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.status != Status::Ongoing {
        return 0;
    }
    let plays = moves_of(game);
    if depth == 1 {
        return plays.len() as u64;
    }
    plays
        .into_iter()
        .map(|play| {
            let mut child = game.clone();
            forget(&mut child);
            match child.play(&Plae::Play(play)) {
                Ok(_) => count(&child, depth - 1),
                Err(_) => 0,
            }
        })
        .sum()
}

fn run(args: &[String]) -> Result<String, String> {
    let [depth, rules, position, side, moves] = args else {
        return Err(format!(
            "expected DEPTH \"OTN RULES\" \"POSITION RECORD\" SIDE \"MOVES\", got {} argument(s)",
            args.len()
        ));
    };
    let depth: u32 = depth.parse().map_err(|_| format!("bad depth `{depth}`"))?;
    let dim = rules
        .split_whitespace()
        .find_map(|w| w.strip_prefix("dim:"))
        .ok_or("the rules have no dim")?;
    let size: BoardSize = dim.parse().map_err(|e| format!("dim:{dim}: {e}"))?;
    // What the crate cannot read is refused here, before it panics on it.
    adapter::check_rules(rules)?;
    let side_dim: usize = dim.parse().map_err(|_| format!("dim:{dim}"))?;
    adapter::check_record(position, side_dim)?;
    // taflcount writes rank 1 first; the crate reads the top rank first.
    let ranks: Vec<&str> = position
        .split('/')
        .filter(|r| !r.is_empty())
        .rev()
        .collect();
    let record = format!("/{}/", ranks.join("/"));
    let board = Board::open_tafl_deserialize(&record)
        .map_err(|e| format!("position `{position}`: {e:?}"))?;
    if board.size() != size {
        return Err(format!("position `{position}` is not {dim}x{dim}"));
    }
    let mut game = Game::make(size, &TimeSettings::UnTimed);
    game.board = board;
    game.turn = match side.as_str() {
        "attackers" => Role::Attacker,
        "defenders" => Role::Defender,
        other => return Err(format!("unknown side `{other}`")),
    };
    forget(&mut game);
    for mv in moves.split_whitespace() {
        let (from, to) = mv.split_once('-').ok_or(format!("bad move `{mv}`"))?;
        let vertex = |s: &str| Vertex::try_from((size, s)).map_err(|e| format!("move `{mv}`: {e}"));
        let play = Play {
            role: game.turn,
            from: vertex(from)?,
            to: vertex(to)?,
        };
        // The moves lead to the position: played on the board even past an end the
        // engine sees (as taflcount replays archives), which the divide then reports.
        forget(&mut game);
        game.status = Status::Ongoing;
        game.play(&Plae::Play(play))
            .map_err(|e| format!("move `{mv}`: {e:?}"))?;
    }
    // For settling a disagreement by hand: what the crate says about the position.
    if std::env::var_os("EXPLAIN").is_some() {
        eprintln!(
            "status {:?}, turn {:?}, can_not_escape {}, king {:?}",
            game.status,
            game.turn,
            game.board.can_not_escape(),
            game.board.king.map(|k| k.to_string())
        );
    }
    let mut divide: Vec<(String, u64)> = Vec::new();
    if depth > 0 && game.status == Status::Ongoing {
        for play in moves_of(&game) {
            let name = format!("{}-{}", play.from, play.to).to_lowercase();
            let mut child = game.clone();
            forget(&mut child);
            child
                .play(&Plae::Play(play))
                .map_err(|e| format!("{name}: {e:?}"))?;
            divide.push((name, count(&child, depth - 1)));
        }
    }
    divide.sort();
    let mut out = String::new();
    for (mv, n) in &divide {
        out += &format!("{mv}: {n}\n");
    }
    let total: u64 = divide.iter().map(|(_, n)| n).sum();
    out += &format!("\n{total}\n");
    Ok(out)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // One line on stderr whatever happens: the host quotes it, never a backtrace.
    match adapter::without_panics(|| run(&args)) {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("taflperft-against-hnefatafl-copenhagen: {why}");
            ExitCode::from(2)
        }
    }
}
