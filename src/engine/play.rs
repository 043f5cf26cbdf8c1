//! The one game loop: a game from the variant's start (an opening first, if any), then
//! the engines in turn until the rules end it (threefold repetition included, as the
//! variant's `tfr` says), an engine fails (it forfeits), or the ply cap stops it. Matches
//! and self-play both play here. The game is kept as the CSV archives of
//! `fixtures/games/` write games, so that `taflcount branching --records` and
//! `taflregress mine` read match games back, with the branching factor met before each
//! ply for the statistics of self-play.

use super::interface::{Engine, EngineError, Turn};
use crate::board::Side;
use crate::moves::{EndReason, Move, Position, Repetitions, Tables};
use crate::notation::{recordable_captures, MoveText};
use std::fmt;

/// How a game ended: a played game, or a recorded one read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The rules ended it: a winner (`None`: a draw) and the rule.
    Rules {
        /// The winner; `None` for a draw.
        winner: Option<Side>,
        /// The rule that ended the game.
        reason: EndReason,
    },
    /// A recorded game with the result its record gives (resignation, time, agreement):
    /// `None` is a draw.
    Recorded {
        /// The recorded winner; `None` for a draw.
        winner: Option<Side>,
    },
    /// Stopped unfinished: the ply cap (a match scores it a draw), an abandoned record.
    Unfinished,
    /// The side to move gave an illegal move (or none, or its engine failed): it loses.
    Forfeit {
        /// The side that forfeited.
        side: Side,
        /// What it did: `illegal move d4-d7`, or the engine's error.
        reason: String,
    },
}

impl GameEnd {
    /// The winner, if someone won.
    pub fn winner(&self) -> Option<Side> {
        match *self {
            GameEnd::Rules { winner, .. } | GameEnd::Recorded { winner } => winner,
            GameEnd::Forfeit { side, .. } => Some(side.opponent()),
            GameEnd::Unfinished => None,
        }
    }

    /// True for a draw, by the rules or by the record.
    pub fn is_draw(&self) -> bool {
        matches!(
            self,
            GameEnd::Rules { winner: None, .. } | GameEnd::Recorded { winner: None }
        )
    }

    /// A short label: `attackers by king captured`, `draw by repetition`, `unfinished`,
    /// `defenders forfeit`.
    pub fn label(&self) -> String {
        match self {
            GameEnd::Rules {
                winner: Some(side),
                reason,
            } => format!("{} by {}", side.name(), reason),
            GameEnd::Rules {
                winner: None,
                reason,
            } => format!("draw by {reason}"),
            GameEnd::Recorded { winner: Some(side) } => {
                format!("{} (recorded result)", side.name())
            }
            GameEnd::Recorded { winner: None } => "draw (recorded result)".to_string(),
            GameEnd::Unfinished => "unfinished".to_string(),
            GameEnd::Forfeit { side, .. } => format!("{} forfeit", side.name()),
        }
    }
}

impl fmt::Display for GameEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameEnd::Rules { reason, .. } => write!(f, "{reason}"),
            GameEnd::Recorded { .. } => f.write_str("recorded result"),
            GameEnd::Unfinished => f.write_str("ply cap"),
            GameEnd::Forfeit { side, reason } => write!(f, "{side} forfeit: {reason}"),
        }
    }
}

/// One engine's forfeits over a run. A run in which an engine forfeits most of its
/// games (it crashes, hangs or answers garbage on every move) measures that failure, not
/// its play: the tools report such a run as failed, naming the engine, instead of
/// printing its figures as a result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ForfeitTally {
    /// Games the engine played.
    pub games: usize,
    /// Games it forfeited.
    pub forfeits: usize,
    /// The reason of its last forfeit.
    pub last_reason: Option<String>,
}

impl ForfeitTally {
    /// Counts one game; `end` is how it ended, `forfeiting` whether the forfeit (if it
    /// was one) is this engine's.
    pub fn add(&mut self, end: &GameEnd, forfeiting: impl Fn(Side) -> bool) {
        self.games += 1;
        if let GameEnd::Forfeit { side, reason } = end {
            if forfeiting(*side) {
                self.forfeits += 1;
                self.last_reason = Some(reason.clone());
            }
        }
    }

    /// True when more than half of the engine's games were forfeits.
    pub fn mostly_forfeits(&self) -> bool {
        self.games > 0 && 2 * self.forfeits > self.games
    }

    /// `forfeited 8 of its 10 games (last: crashed: ...)`.
    pub fn describe(&self) -> String {
        format!(
            "forfeited {} of its {} games{}",
            self.forfeits,
            self.games,
            self.last_reason
                .as_deref()
                .map_or(String::new(), |r| format!(" (the last: {r})"))
        )
    }
}

/// The position before one ply: who was to move and how many legal moves they had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlyBranching {
    /// Who was to move.
    pub side: Side,
    /// How many legal moves they had: the branching factor.
    pub moves: u32,
}

/// Who plays: one engine for both sides (self-play), or one per side.
pub enum Seats<'a, 'e> {
    /// The same engine moves for both sides.
    Both(&'a mut (dyn Engine + 'e)),
    /// `[attackers, defenders]`.
    Each([&'a mut (dyn Engine + 'e); 2]),
}

impl<'e> Seats<'_, 'e> {
    fn engine(&mut self, side: Side) -> &mut (dyn Engine + 'e) {
        match self {
            Seats::Both(engine) => &mut **engine,
            Seats::Each(engines) => &mut *engines[side as usize],
        }
    }

    /// Tells every engine seated that the game ended with `winner`.
    fn finish(&mut self, winner: Option<Side>) {
        match self {
            Seats::Both(engine) => engine.finish(winner),
            Seats::Each([attackers, defenders]) => {
                attackers.finish(winner);
                defenders.finish(winner);
            }
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
    /// Who was to move before each ply and how many legal moves they had.
    pub branching: Vec<PlyBranching>,
    /// Why the game ended.
    pub end: GameEnd,
    /// Pieces the attackers captured, as the archives count them (the king left out).
    pub attacker_captures: u32,
    /// Pieces the defenders captured, counted the same way.
    pub defender_captures: u32,
    /// When an engine crashed, hung or lost on time, its error in full (`attackers:
    /// engine crashed: ...`; `end` keeps only the fixed words the reports count), for the
    /// caller to show: the library prints nothing.
    pub failure: Option<String>,
}

impl PlayedGame {
    /// Records `mv` played from `pos`, which had `legal` moves: the branching, the
    /// captures as the archives count them and the move's text; returns the position
    /// after it.
    fn push_ply(&mut self, t: &Tables, pos: &Position, mv: Move, legal: usize) -> Position {
        let side = pos.side_to_move();
        self.branching.push(PlyBranching {
            side,
            moves: legal as u32,
        });
        let (next, captured) = pos.after(t, mv);
        let recorded = recordable_captures(pos, &captured);
        match side {
            Side::Attackers => self.attacker_captures += recorded.len() as u32,
            Side::Defenders => self.defender_captures += recorded.len() as u32,
        }
        let mut text = crate::notation::record(pos, mv, &captured);
        text.captures = recorded;
        self.moves.push(text);
        next
    }

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
    opening: &[Move],
    engines: [&mut dyn Engine; 2],
    seeds: [u64; 2],
    max_plies: usize,
) -> PlayedGame {
    let [attackers, defenders] = engines;
    attackers.new_game(seeds[0]);
    defenders.new_game(seeds[1]);
    play(t, opening, Seats::Each([attackers, defenders]), max_plies)
}

/// Plays one game between seated engines whose games have begun (`start_game`): the
/// opening's moves (legal, checked by the caller), then the engines until the rules end
/// the game, an engine fails or `max_plies` plies are played.
pub fn play(t: &Tables, opening: &[Move], mut seats: Seats, max_plies: usize) -> PlayedGame {
    let mut pos = Position::start(t);
    let mut seen = Repetitions::new(t, &pos, &[]);
    let mut hashes: Vec<u64> = Vec::new();
    let mut game = PlayedGame {
        moves: Vec::new(),
        opening_plies: opening.len(),
        winner: None,
        branching: Vec::new(),
        end: GameEnd::Unfinished,
        attacker_captures: 0,
        defender_captures: 0,
        failure: None,
    };
    let mut ply = 0;
    loop {
        let side = pos.side_to_move();
        let legal = pos.legal_moves(t);
        let mv = if ply < opening.len() {
            opening[ply]
        } else {
            if game.moves.len() >= max_plies {
                game.end = GameEnd::Unfinished;
                break;
            }
            let turn = Turn {
                tables: t,
                position: &pos,
                history: &hashes,
                moves: &game.moves,
            };
            match engine_move(seats.engine(side), &turn, &legal) {
                Ok(mv) => mv,
                Err((end, failure)) => {
                    game.end = end;
                    game.failure = failure;
                    break;
                }
            }
        };
        let next = game.push_ply(t, &pos, mv, legal.len());
        hashes.push(pos.hash());
        pos = next;
        ply += 1;
        // rules.md's order: no attackers, no defenders, repetition, then the others; the
        // one repetition tracker applies the variant's `tfr`.
        let end = seen.ending(t, &pos);
        seen.push(&pos);
        if let Some(outcome) = end {
            game.end = GameEnd::Rules {
                winner: outcome.winner,
                reason: outcome.reason,
            };
            break;
        }
    }
    game.winner = game.end.winner();
    seats.finish(game.winner);
    game
}

/// The engine's move on `turn`, or the forfeit that ends the game with, for a crash, a
/// hang or a time loss, its error in full.
fn engine_move(
    engine: &mut dyn Engine,
    turn: &Turn,
    legal: &[Move],
) -> Result<Move, (GameEnd, Option<String>)> {
    let side = turn.position.side_to_move();
    let forfeit = |reason: String| GameEnd::Forfeit { side, reason };
    match engine.choose(turn) {
        Ok(mv) if legal.contains(&mv) => Ok(mv),
        Ok(mv) => Err((forfeit(format!("illegal move {mv}")), None)),
        // Crashes and time losses under fixed words (the report counts them); the
        // details go to the caller in `failure`.
        Err(e) => Err(match &e {
            EngineError::Crashed(_) | EngineError::Hung(_) => (
                forfeit(super::interface::CRASHED.to_string()),
                Some(format!("{side}: {e}")),
            ),
            EngineError::TimeLoss(_) => {
                (forfeit(e.kind().to_string()), Some(format!("{side}: {e}")))
            }
            EngineError::Illegal(why) => (forfeit(format!("illegal move ({why})")), None),
            _ => (forfeit(e.to_string()), None),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_of_mostly_forfeits_is_told_apart() {
        let lost = GameEnd::Forfeit {
            side: Side::Defenders,
            reason: "crashed".into(),
        };
        let mut tally = ForfeitTally::default();
        tally.add(&lost, |s| s == Side::Defenders);
        tally.add(&GameEnd::Unfinished, |_| true);
        // Half is not most.
        assert!(!tally.mostly_forfeits());
        tally.add(&lost, |s| s == Side::Defenders);
        assert!(tally.mostly_forfeits());
        // The opponent's forfeits are not this engine's.
        let mut other = ForfeitTally::default();
        other.add(&lost, |s| s == Side::Attackers);
        assert!(!other.mostly_forfeits());
        assert_eq!(
            tally.describe(),
            "forfeited 2 of its 3 games (the last: crashed)"
        );
    }
}
