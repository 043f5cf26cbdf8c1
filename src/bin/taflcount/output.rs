//! Results go to stdout; a closed pipe (`taflcount ... | head`) ends the run quietly.

use std::io::{self, Write};
use std::path::PathBuf;

use crate::error::CliError;

pub fn print(text: &str) -> Result<(), CliError> {
    let mut stdout = io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(CliError::Write {
            path: PathBuf::from("<stdout>"),
            source: e,
        }),
        _ => Ok(()),
    }
}
