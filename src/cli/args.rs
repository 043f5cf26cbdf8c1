//! The arguments every tool shares: which game (a catalog variant or a rules string),
//! which position and side, and moves to play first.

use super::error::CliError;
use crate::board::{Layout, RecordOrder, Side};
use crate::game::Game;
use crate::moves::Position;
use crate::notation::play_line;
use clap::Args;

/// The game to work on: a catalog variant or a rules string, optionally another position
/// and moves played from it.
#[derive(Args, Debug, Clone, Default)]
pub struct GameArgs {
    /// A catalog variant (see --list-variants). Default: copenhagen.
    #[arg(long, value_name = "NAME", conflicts_with = "rules")]
    pub variant: Option<String>,
    /// An OTN rules string, e.g. "dim:7 name:Brandub ks:w start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/".
    #[arg(long, value_name = "OTN RULES")]
    pub rules: Option<String>,
    /// A position record in start order (rank 1 first), e.g. "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    /// prefix it with `starti:` to give the top rank first. Needs --side.
    #[arg(long, value_name = "RECORD", requires = "side")]
    pub position: Option<String>,
    /// The side to move in --position: attackers or defenders.
    #[arg(long, value_name = "SIDE")]
    pub side: Option<String>,
    /// Moves to play first, space separated, e.g. "d1-d3 e5-e2 g1-g3 f4-c4 g3-e3xe2"
    /// (captures, if written, must be the ones the rules make).
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
}

/// What the `unit` commands of taflcount and taflperft take: the unit file, the
/// threads and `--json`.
#[derive(Args, Debug, Clone)]
pub struct UnitFileArgs {
    /// The unit file (unit-NNN.json in a plan folder).
    #[arg(value_name = "UNIT")]
    pub file: std::path::PathBuf,
    /// Threads, 1 to 1024; the unit's work is shared out among them, and its result
    /// does not depend on them.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=crate::threads::MAX_THREADS as i64))]
    pub threads: u16,
    /// Print one JSON object instead of a line.
    #[arg(long)]
    pub json: bool,
}

/// A game chosen on the command line, validated, and the position to start from.
pub struct ChosenGame {
    /// The rules, compiled, with the name they were chosen by.
    pub game: Game,
    /// The position after --position/--side and --moves.
    pub position: Position,
}

impl GameArgs {
    /// The rules chosen (default: copenhagen), before any position.
    pub fn resolve(&self) -> Result<Game, CliError> {
        Ok(match (&self.rules, &self.variant) {
            (Some(text), _) => Game::from_otn(text)?,
            (None, name) => Game::named(name.as_deref().unwrap_or("copenhagen"))?,
        })
    }

    /// Rules, tables, and the position after --position/--side and --moves.
    pub fn game(&self) -> Result<ChosenGame, CliError> {
        let game = self.resolve()?;
        let side = match &self.side {
            Some(text) => text.parse::<Side>()?,
            None => game.rules.first_side(),
        };
        let mut position = match &self.position {
            Some(record) => {
                let layout = Layout::parse(record, RecordOrder::RankOneFirst)?;
                Position::from_layout(&game.tables, &layout, side)?
            }
            None => Position::from_layout(&game.tables, &game.rules.start, side)?,
        };
        if let Some(moves) = &self.moves {
            position = play_line(&game.tables, position, moves).map_err(CliError::moves)?;
        }
        Ok(ChosenGame { game, position })
    }
}
