//! Who played each game of a `taflmatch --records` archive. The archive keeps the four
//! fields of the public archives (`moves,attacker_captures,defender_captures,result`),
//! which every loader of `fixtures/games/` reads and refuses a fifth field, so the
//! engines go into a sidecar file beside it, `NAME.engines.jsonl` for `NAME.csv`: one
//! JSON object a line, line i for game i of the archive, written as the game is.

use super::run::MatchGame;
use crate::board::Side;
use crate::render::viewer::{ViewerGame, ViewerPlayer};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The layout version of a sidecar line.
pub const PLAYERS_SCHEMA_VERSION: u32 = 1;

/// One game's players and result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GamePlayers {
    /// The line's layout version ([`PLAYERS_SCHEMA_VERSION`]).
    pub schema_version: u32,
    /// The game's number in the archive, from 1 (its line among the games).
    pub game: usize,
    /// The engine that played the attackers, as the match names it.
    pub attackers: String,
    /// The engine that played the defenders.
    pub defenders: String,
    /// The archive line's result field: `Black` (attackers won), `White` or `Draw`.
    pub result: String,
    /// The engine that won, `None` for a draw.
    pub winner: Option<String>,
    /// How the game ended (`no defenders`, `ply cap`, `attackers forfeit: ...`).
    pub end: String,
}

/// A sidecar line that cannot be read, or a sidecar that does not fit its archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayersError {
    /// The line, counted from 1 (0: the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for PlayersError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for PlayersError {}

impl crate::error::Kind for PlayersError {}

/// The sidecar of an archive: `NAME.engines.jsonl` beside `NAME.csv`.
pub fn players_path(archive: &Path) -> PathBuf {
    archive.with_extension("engines.jsonl")
}

/// The archive's result field for a winner, as `PlayedGame::csv_line` writes it.
fn result_field(winner: Option<Side>) -> &'static str {
    match winner {
        Some(Side::Attackers) => "Black",
        Some(Side::Defenders) => "White",
        None => "Draw",
    }
}

impl GamePlayers {
    /// The players of `game`, number `number` of its archive; `names` are the run's
    /// engines, which `game.attackers` and `game.defenders` index.
    pub fn of(game: &MatchGame, number: usize, names: &[String]) -> GamePlayers {
        let name = |i: usize| names.get(i).cloned().unwrap_or_default();
        let winner = game.game.winner.map(|side| match side {
            Side::Attackers => name(game.attackers),
            Side::Defenders => name(game.defenders),
        });
        GamePlayers {
            schema_version: PLAYERS_SCHEMA_VERSION,
            game: number,
            attackers: name(game.attackers),
            defenders: name(game.defenders),
            result: result_field(game.game.winner).to_string(),
            winner,
            end: game.game.end.to_string(),
        }
    }

    /// The sidecar line, `\n` included.
    pub fn line(&self) -> String {
        serde_json::to_string(self).expect("plain strings and numbers") + "\n"
    }
}

/// Reads a sidecar and checks it against the result fields of its archive's games, in
/// order: one line a game, numbered from 1, the same results. A sidecar of another
/// archive (or of an archive edited since) is refused.
pub fn parse_players(text: &str, results: &[&str]) -> Result<Vec<GamePlayers>, PlayersError> {
    let mut out = Vec::new();
    for (i, raw) in crate::text::strip_bom(text).lines().enumerate() {
        if raw.trim().is_empty() {
            continue;
        }
        let err = |message: String| PlayersError {
            line: i + 1,
            message,
        };
        let players: GamePlayers =
            serde_json::from_str(raw).map_err(|e| err(format!("not a game's players: {e}")))?;
        if players.schema_version != PLAYERS_SCHEMA_VERSION {
            return Err(err(format!(
                "schema_version {}, this program reads {PLAYERS_SCHEMA_VERSION}",
                players.schema_version
            )));
        }
        let number = out.len() + 1;
        if players.game != number {
            return Err(err(format!(
                "game {}, expected game {number}",
                players.game
            )));
        }
        match results.get(number - 1) {
            Some(&result) if result == players.result => {}
            Some(result) => {
                return Err(err(format!(
                    "game {number}'s result is {}, the archive's {result}",
                    players.result
                )))
            }
            None => {
                return Err(err(format!(
                    "game {number}, but the archive holds {} games",
                    results.len()
                )))
            }
        }
        out.push(players);
    }
    if out.len() != results.len() {
        return Err(PlayersError {
            line: 0,
            message: format!(
                "{} games' players for an archive of {} games",
                out.len(),
                results.len()
            ),
        });
    }
    Ok(out)
}

impl GamePlayers {
    /// `game`, a game of the viewer, with its engines named from this sidecar line;
    /// its result names the winner.
    pub fn name_in(&self, mut game: ViewerGame) -> ViewerGame {
        game.attackers = self.attackers.clone();
        game.defenders = self.defenders.clone();
        if let Some(winner) = &self.winner {
            game.result = format!("{}, {winner}", game.result);
        }
        game
    }
}

/// Each engine of a match's sidecar with its wins, draws and losses over `games`
/// (all the archive's), in the order the engines first appear: the viewer's table.
pub fn viewer_players(games: &[GamePlayers]) -> Vec<ViewerPlayer> {
    let mut engines: Vec<(&str, [usize; 3])> = Vec::new();
    for g in games {
        for (engine, side) in [(&g.attackers, "Black"), (&g.defenders, "White")] {
            let index = match engines.iter().position(|(e, _)| e == engine) {
                Some(i) => i,
                None => {
                    engines.push((engine, [0; 3]));
                    engines.len() - 1
                }
            };
            let column = match g.result.as_str() {
                "Draw" => 1,
                result if result == side => 0,
                _ => 2,
            };
            engines[index].1[column] += 1;
        }
    }
    engines
        .into_iter()
        .map(|(engine, [wins, draws, losses])| ViewerPlayer {
            engine: engine.to_string(),
            results: format!("{wins} wins, {draws} draws, {losses} losses"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(game: usize, result: &str) -> String {
        GamePlayers {
            schema_version: PLAYERS_SCHEMA_VERSION,
            game,
            attackers: "greedy".into(),
            defenders: "random".into(),
            result: result.into(),
            winner: (result == "Black").then(|| "greedy".into()),
            end: "king captured".into(),
        }
        .line()
    }

    #[test]
    fn a_sidecar_reads_back_and_must_fit_its_archive() {
        let text = line(1, "Black") + &line(2, "Draw");
        let read = parse_players(&text, &["Black", "Draw"]).unwrap();
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].winner.as_deref(), Some("greedy"));
        assert_eq!(read[1].winner, None);
        // Another result, another count, another order: refused.
        assert_eq!(
            parse_players(&text, &["White", "Draw"]).unwrap_err().line,
            1
        );
        assert_eq!(parse_players(&text, &["Black"]).unwrap_err().line, 2);
        assert_eq!(
            parse_players(&text, &["Black", "Draw", "Draw"])
                .unwrap_err()
                .line,
            0
        );
        let swapped = line(2, "Draw") + &line(1, "Black");
        assert!(parse_players(&swapped, &["Draw", "Black"]).is_err());
        assert!(parse_players("{", &["Black"]).is_err());
    }

    #[test]
    fn the_sidecar_sits_beside_the_archive() {
        assert_eq!(
            players_path(Path::new("out/m.csv")),
            Path::new("out/m.engines.jsonl")
        );
    }
}
