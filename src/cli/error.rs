//! What ends a tool's run, and the exit code each ending gets.

use std::fmt;
use std::io;
use std::process::ExitCode;

/// Exit code: a check failed (a perft mismatch, a regression).
pub const CHECK_FAILED: u8 = 1;
/// Exit code: usage or input error.
pub const USAGE: u8 = 2;

/// How a run that did its work ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Everything checked passed: exit 0.
    Success,
    /// A check failed (a perft count, a regression position): exit 1.
    CheckFailed,
    /// Ctrl-C stopped the run; what it had was reported: exit 130.
    Interrupted,
}

/// Why a run stopped early.
#[derive(Debug)]
pub enum CliError {
    /// Bad arguments or bad input: exit 2, with the message on stderr.
    Input(InputError),
    /// A result could not be written: exit 1.
    Write {
        /// What was being written (`<stdout>` or a path).
        target: String,
        /// The operating system's reason.
        source: io::Error,
    },
    /// A library check failed, with its message (a run left incomplete): exit 1.
    Check(String),
    /// The system refused a write the library made, with its message: exit 1.
    Io(String),
    /// A result could not be encoded (JSON): a fault of the program, not of the input,
    /// so exit 1, never the input error's 2.
    Encode(String),
    /// The reader of stdout went away (`| head`): a quiet exit 0.
    ClosedPipe,
}

/// What an input error is about, written before its reason so that the user sees which
/// option, file or game to fix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum About {
    /// An option, or options given together: `--tc: reason`.
    Option(&'static str),
    /// An option with the value given: `--engine search:x: reason`.
    Value {
        /// The option.
        option: &'static str,
        /// Its value as the user gave it (quoted or shortened by the caller).
        value: String,
    },
    /// A file that was read: `path: reason`.
    File(String),
    /// A game of an archive, by its line: `game 3: reason`.
    Game(usize),
    /// A game of an archive by its number and line: `games.csv game 2 (line 3): reason`.
    Record {
        /// The archive.
        file: String,
        /// The game's number, from 1.
        number: usize,
        /// Its line in the archive.
        line: usize,
    },
    /// The `--moves` list, whose reason names the ply: `--moves, ply 2: reason`.
    Moves,
}

/// What the user can do about an input error, written after its reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// A file that exists: `reason; --force replaces it`.
    Force,
    /// The option that sets the limit the run hit: `reason (see --against-timeout)`.
    See(&'static str),
}

/// An input error: what it is about, the reason (a library's typed error or a sentence
/// of the tool's, kept as the [`source`](std::error::Error::source)), and a hint. The one
/// place their text is put together.
#[derive(Debug)]
pub struct InputError {
    about: Option<About>,
    reason: Box<dyn std::error::Error + Send + Sync>,
    hint: Option<Hint>,
}

impl InputError {
    /// What the error is about, if anything in particular.
    pub fn about(&self) -> Option<&About> {
        self.about.as_ref()
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.about {
            None => {}
            Some(About::Option(option)) => write!(f, "{option}: ")?,
            Some(About::Value { option, value }) => write!(f, "{option} {value}: ")?,
            Some(About::File(path)) => write!(f, "{path}: ")?,
            Some(About::Game(line)) => write!(f, "game {line}: ")?,
            Some(About::Record { file, number, line }) => {
                write!(f, "{file} game {number} (line {line}): ")?
            }
            Some(About::Moves) => f.write_str("--moves, ")?,
        }
        write!(f, "{}", self.reason)?;
        match self.hint {
            None => Ok(()),
            Some(Hint::Force) => f.write_str("; --force replaces it"),
            Some(Hint::See(option)) => write!(f, " (see {option})"),
        }
    }
}

impl std::error::Error for InputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(self.reason.as_ref())
    }
}

/// A reason: a library's error, or a sentence (`&str`, `String`).
type Reason = Box<dyn std::error::Error + Send + Sync>;

impl CliError {
    fn input_about(about: Option<About>, reason: impl Into<Reason>) -> CliError {
        CliError::Input(InputError {
            about,
            reason: reason.into(),
            hint: None,
        })
    }

    /// An input error that is a sentence of its own.
    pub fn input(reason: impl Into<Reason>) -> CliError {
        CliError::input_about(None, reason)
    }

    /// An input error about an option: `--tc: reason`.
    pub fn option(option: &'static str, reason: impl Into<Reason>) -> CliError {
        CliError::input_about(Some(About::Option(option)), reason)
    }

    /// An input error about the value an option was given: `--engine VALUE: reason`.
    pub fn value(
        option: &'static str,
        value: impl fmt::Display,
        reason: impl Into<Reason>,
    ) -> CliError {
        let value = value.to_string();
        CliError::input_about(Some(About::Value { option, value }), reason)
    }

    /// An input error about a file that was read: `path: reason`.
    pub fn file(path: impl fmt::Display, reason: impl Into<Reason>) -> CliError {
        CliError::input_about(Some(About::File(path.to_string())), reason)
    }

    /// An input error about the game on `line` of an archive: `game 3: reason`.
    pub fn game(line: usize, reason: impl Into<Reason>) -> CliError {
        CliError::input_about(Some(About::Game(line)), reason)
    }

    /// An input error about game `number` of the archive `file`, on `line`:
    /// `games.csv game 2 (line 3): reason`.
    pub fn record(
        file: impl fmt::Display,
        number: usize,
        line: usize,
        reason: impl Into<Reason>,
    ) -> CliError {
        let file = file.to_string();
        CliError::input_about(Some(About::Record { file, number, line }), reason)
    }

    /// An input error in `--moves`, whose reason names the ply: `--moves, ply 2: ...`.
    pub fn moves(reason: impl Into<Reason>) -> CliError {
        CliError::input_about(Some(About::Moves), reason)
    }

    /// An engine that does not start: `--engine NAME: cannot play: reason`, the name
    /// shortened, so that no game is played with it.
    pub fn cannot_play(engine: &str, reason: impl fmt::Display) -> CliError {
        let engine = crate::text::quoted(engine);
        CliError::value("--engine", engine, format!("cannot play: {reason}"))
    }

    /// A file the tool would write that exists, refused without `--force` (`option`
    /// names the option that gave it, if any).
    pub fn exists(option: Option<&'static str>, path: &std::path::Path) -> CliError {
        let reason = format!(
            "{} exists; name another file, or add --force to replace it",
            path.display()
        );
        CliError::input_about(option.map(About::Option), reason)
    }

    /// The same error with a hint after it; an error other than an input error is
    /// left as it is.
    pub fn with_hint(self, hint: Hint) -> CliError {
        match self {
            CliError::Input(error) => CliError::Input(InputError {
                hint: Some(hint),
                ..error
            }),
            other => other,
        }
    }

    /// The process's exit code for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Input(_) => USAGE,
            CliError::ClosedPipe => 0,
            CliError::Write { .. } | CliError::Check(_) | CliError::Io(_) | CliError::Encode(_) => {
                CHECK_FAILED
            }
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(error) => error.fmt(f),
            CliError::Write { target, source } => write!(f, "cannot write {target}: {source}"),
            CliError::Check(message) | CliError::Io(message) => f.write_str(message),
            CliError::Encode(message) => write!(f, "cannot encode the result: {message}"),
            CliError::ClosedPipe => f.write_str("stdout was closed"),
        }
    }
}

/// A library error keeps its kind to the edge: input errors exit 2 (the library's error
/// kept as the source), failed checks and refused writes 1, each with the library's
/// message (which names the key, the position, the move or the file).
impl<E: crate::error::Kind + Send + Sync + 'static> From<E> for CliError {
    fn from(error: E) -> CliError {
        match error.kind() {
            crate::error::ErrorKind::Input => CliError::input(error),
            crate::error::ErrorKind::CheckFailed => CliError::Check(error.to_string()),
            crate::error::ErrorKind::Io => CliError::Io(error.to_string()),
        }
    }
}

/// The process's exit code for a run's result; errors are printed as
/// `program: error: message` on stderr. A run a signal is quitting waits here for that
/// exit (see [`super::interrupt::wait_if_quitting`]).
pub fn exit_code(program: &str, result: Result<Status, CliError>) -> ExitCode {
    super::interrupt::wait_if_quitting();
    match result {
        Ok(Status::Success) | Err(CliError::ClosedPipe) => ExitCode::SUCCESS,
        Ok(Status::CheckFailed) => ExitCode::from(CHECK_FAILED),
        Ok(Status::Interrupted) => ExitCode::from(super::interrupt::INTERRUPTED),
        Err(error) => {
            eprintln!(
                "{program}: error: {}",
                crate::text::shortened(&error.to_string())
            );
            ExitCode::from(error.exit_code())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::units::UnitsError;
    use std::path::{Path, PathBuf};

    /// Each library error kind reaches its own exit code: before, every library error
    /// was an input error (exit 2), a failed write of a plan folder included.
    #[test]
    fn library_errors_keep_their_kind_to_the_exit_code() {
        let write = UnitsError::Write {
            path: PathBuf::from("plan"),
            error: io::Error::other("read-only"),
        };
        let e = CliError::from(write);
        assert!(
            matches!(e, CliError::Io(ref m) if m == "cannot write plan: read-only"),
            "{e}"
        );
        assert_eq!(e.exit_code(), CHECK_FAILED);
        let missing = UnitsError::Missing {
            names: vec!["unit-000.json".into()],
        };
        assert!(matches!(CliError::from(missing), CliError::Check(_)));
        let read = UnitsError::Read {
            path: PathBuf::from("unit.json"),
            error: io::Error::from(io::ErrorKind::NotFound),
        };
        assert_eq!(CliError::from(read).exit_code(), USAGE);
        let rules = "dim:4".parse::<crate::rules::Rules>().unwrap_err();
        let e = CliError::from(rules.clone());
        assert_eq!(e.exit_code(), USAGE);
        assert_eq!(e.to_string(), rules.to_string());
    }

    /// Every way an input error is about something, as the user reads it, each with
    /// exit 2; the library's error stays its source.
    #[test]
    fn input_errors_name_what_they_are_about_in_one_spelling() {
        let rules = "dim:4".parse::<crate::rules::Rules>().unwrap_err();
        let cases = [
            (
                CliError::input("no games to measure"),
                "no games to measure",
            ),
            (CliError::option("--tc", "bad clock"), "--tc: bad clock"),
            (
                CliError::value("--engine", "search:x", "unknown key"),
                "--engine search:x: unknown key",
            ),
            (
                CliError::file("games.csv", "line 2: no moves"),
                "games.csv: line 2: no moves",
            ),
            (
                CliError::game(7, "ply 3: illegal"),
                "game 7: ply 3: illegal",
            ),
            (
                CliError::record("a.csv", 2, 3, "ply 1: illegal"),
                "a.csv game 2 (line 3): ply 1: illegal",
            ),
            (
                CliError::moves("ply 2: illegal move"),
                "--moves, ply 2: illegal move",
            ),
            (
                CliError::cannot_play("otep:\"x\"", "no hello"),
                "--engine otep:\"x\": cannot play: no hello",
            ),
            (
                CliError::exists(None, Path::new("out.json")),
                "out.json exists; name another file, or add --force to replace it",
            ),
            (
                CliError::exists(Some("--records"), Path::new("games.csv")),
                "--records: games.csv exists; name another file, or add --force to replace it",
            ),
            (
                CliError::input("plan exists").with_hint(Hint::Force),
                "plan exists; --force replaces it",
            ),
            (
                CliError::input("no answer in 5s").with_hint(Hint::See("--against-timeout")),
                "no answer in 5s (see --against-timeout)",
            ),
        ];
        for (error, text) in cases {
            assert_eq!(error.to_string(), text);
            assert_eq!(error.exit_code(), USAGE, "{text}");
        }
        let e = CliError::option("--rules", rules.clone());
        assert_eq!(e.to_string(), format!("--rules: {rules}"));
        let CliError::Input(input) = e else {
            panic!("not an input error")
        };
        assert_eq!(input.about(), Some(&About::Option("--rules")));
        let source = std::error::Error::source(&input).unwrap();
        assert_eq!(source.to_string(), rules.to_string());
    }

    /// What is not the input's fault exits 1 with a message that says what failed; a
    /// closed pipe exits 0; a hint leaves an error other than an input error alone.
    #[test]
    fn other_failures_say_what_failed_and_exit_1() {
        let write = CliError::Write {
            target: "<stdout>".into(),
            source: io::Error::other("disk full"),
        };
        assert_eq!(write.to_string(), "cannot write <stdout>: disk full");
        assert_eq!(write.exit_code(), CHECK_FAILED);
        let encode = CliError::Encode("key must be a string".into());
        assert_eq!(
            encode.to_string(),
            "cannot encode the result: key must be a string"
        );
        assert_eq!(encode.exit_code(), CHECK_FAILED);
        let check = CliError::Check("2 units missing".into()).with_hint(Hint::Force);
        assert_eq!(check.to_string(), "2 units missing");
        assert_eq!(check.exit_code(), CHECK_FAILED);
        assert_eq!(
            CliError::Io("cannot write plan".into()).exit_code(),
            CHECK_FAILED
        );
        assert_eq!(CliError::ClosedPipe.exit_code(), 0);
    }
}
