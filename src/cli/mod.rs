//! What only the binaries need (the `cli` feature): the shared arguments, errors and
//! exit codes, output that survives a closed pipe, progress bars. The library below
//! knows nothing of these.

pub mod args;
pub mod board;
pub mod error;
pub mod interrupt;
pub mod output;
pub mod parse;
pub mod progress;

/// Every file a tool reads goes through this (UTF-8 checked, a leading BOM dropped).
pub use crate::text::read_text_file;
pub use args::{ChosenGame, GameArgs};
pub use error::{exit_code, About, CliError, Hint, InputError, Status};
pub use output::{check_writable, json_text, plan_error, print, print_json, write_file};
pub use progress::Progress;
