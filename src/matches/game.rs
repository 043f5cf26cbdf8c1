//! One match game: an opening, then the two engines in turn until the rules end the game
//! (threefold repetition included, as the variant's `tfr` says) or the ply cap stops it.
//! The game is kept as the CSV archives of `fixtures/games/` write games, so that
//! `taflcount branching --records` and `taflregress mine` read match games back.

use super::engine::{Engine, EngineError, Turn};
use super::openings::Opening;
use crate::board::Side;
use crate::moves::{Position, Repetitions, Tables};
use crate::notation::{recordable_captures, MoveText};
use std::fmt;

/// Why a match game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The rules ended it.
    Rules {
        /// The rule that ended it, in words (`king captured`, `repetition`, ...).
        reason: String,
    },
    /// The ply cap: scored a draw.
    MaxPlies,
    /// The side to move gave an illegal move (or none): it loses.
    Forfeit {
        /// The side that forfeited.
        side: Side,
        /// What it did: `illegal move d4-d7`, or the engine's error.
        reason: String,
    },
}

impl fmt::Display for GameEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameEnd::Rules { reason } => f.write_str(reason),
            GameEnd::MaxPlies => f.write_str("ply cap"),
            GameEnd::Forfeit { side, reason } => write!(f, "{side} forfeit: {reason}"),
        }
    }
}

/// A finished match game.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame {
    /// Every move from the start, the opening's included, with captures.
    pub moves: Vec<MoveText>,
    /// How many of `moves` the opening gave; the engines played the rest.
    pub opening_plies: usize,
    /// `None`: a draw (by the rules or the ply cap).
    pub winner: Option<Side>,
    /// Why the game ended.
    pub end: GameEnd,
    /// Pieces the attackers captured, as the archives count them (the king left out).
    pub attacker_captures: u32,
    /// Pieces the defenders captured, counted the same way.
    pub defender_captures: u32,
}

impl PlayedGame {
    /// Plies played, the opening's included.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// The game as one line of a CSV archive: `moves,attacker_captures,defender_captures,
    /// result` with `Black` (attackers won), `White` (defenders won) or `Draw` (also for
    /// a game stopped by the ply cap, which the match scores as a draw).
    pub fn csv_line(&self) -> String {
        let moves = self
            .moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let result = match self.winner {
            Some(Side::Attackers) => "Black",
            Some(Side::Defenders) => "White",
            None => "Draw",
        };
        format!(
            "{moves},{},{},{result}",
            self.attacker_captures, self.defender_captures
        )
    }
}

/// Plays one game: the opening, then `engines[side]` moves for `side` (index 0 the
/// attackers, 1 the defenders, as `Side as usize`). Each engine's `new_game` is called
/// first with its seed.
pub fn play_game(
    t: &Tables,
    opening: &Opening,
    engines: [&mut dyn Engine; 2],
    seeds: [u64; 2],
    max_plies: usize,
) -> PlayedGame {
    let [attackers, defenders] = engines;
    attackers.new_game(seeds[0]);
    defenders.new_game(seeds[1]);
    let engines: [&mut dyn Engine; 2] = [attackers, defenders];
    let mut pos = Position::start(t);
    let mut seen = Repetitions::new(t, &pos, &[]);
    let mut hashes: Vec<u64> = Vec::new();
    let mut game = PlayedGame {
        moves: Vec::new(),
        opening_plies: opening.moves.len(),
        winner: None,
        end: GameEnd::MaxPlies,
        attacker_captures: 0,
        defender_captures: 0,
    };
    let mut ply = 0;
    loop {
        let side = pos.side_to_move();
        let mv = if ply < opening.moves.len() {
            opening.moves[ply]
        } else {
            if game.moves.len() >= max_plies {
                game.end = GameEnd::MaxPlies;
                break;
            }
            let turn = Turn {
                tables: t,
                position: &pos,
                history: &hashes,
                moves: &game.moves,
            };
            match engines[side as usize].choose(&turn) {
                Ok(mv) if pos.legal_moves(t).contains(&mv) => mv,
                Ok(mv) => {
                    game.winner = Some(side.opponent());
                    game.end = GameEnd::Forfeit {
                        side,
                        reason: format!("illegal move {mv}"),
                    };
                    break;
                }
                Err(e) => {
                    // Crashes and time losses under fixed words (the report counts
                    // them); the details go to stderr.
                    let reason = match &e {
                        EngineError::Crashed(_) | EngineError::TimeLoss(_) => {
                            eprintln!("taflmatch: {side}: {e}");
                            e.kind().to_string()
                        }
                        EngineError::Illegal(why) => format!("illegal move ({why})"),
                        _ => e.to_string(),
                    };
                    game.winner = Some(side.opponent());
                    game.end = GameEnd::Forfeit { side, reason };
                    break;
                }
            }
        };
        let (next, captured) = pos.after(t, mv);
        let recorded = recordable_captures(&pos, &captured);
        match side {
            Side::Attackers => game.attacker_captures += recorded.len() as u32,
            Side::Defenders => game.defender_captures += recorded.len() as u32,
        }
        let mut text = crate::notation::record(&pos, mv, &captured);
        text.captures = recorded;
        game.moves.push(text);
        hashes.push(pos.hash());
        pos = next;
        ply += 1;
        // rules.md's order: no attackers, no defenders, repetition, then the others; the
        // one repetition tracker applies the variant's `tfr`.
        let end = seen.ending(t, &pos).map(|o| (o.winner, o.reason));
        seen.push(&pos);
        if let Some((winner, reason)) = end {
            game.winner = winner;
            game.end = GameEnd::Rules {
                reason: reason.to_string(),
            };
            break;
        }
    }
    let [attackers, defenders] = engines;
    attackers.finish(game.winner);
    defenders.finish(game.winner);
    game
}
