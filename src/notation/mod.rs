//! Text in and out: moves (`a4-a1`, OTN move records with captures) and game archives.
//! Position records and rules strings live with their types (`board::Layout`, `rules`).

mod game_record;
mod line;
mod move_text;
mod replay;

pub use game_record::{parse_games, GameRecord, RecordError};
pub use line::{play_line, play_line_moves, LineError, LineErrorKind};
pub use move_text::{
    record, resolve, resolve_ignoring_end, turn_record, IllegalMove, MoveSyntaxError, MoveText,
};
pub use replay::{recordable_captures, replay, replay_to_end, Replay, ReplayError};
