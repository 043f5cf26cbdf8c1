//! Errors of the OTN rules parser: each names the key and where its token starts.

use std::fmt;

/// A malformed rules string: which key, where (column of the token, counting from 1),
/// and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError {
    pub key: String,
    pub column: usize,
    pub kind: RulesErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesErrorKind {
    /// The token has no `:`.
    NotKeyValue,
    UnknownKey,
    /// A value outside the allowed set; the text lists what is allowed.
    BadValue {
        value: String,
        expected: String,
    },
    MissingDim,
    MissingStart,
    /// A square list entry that is not a square on this board.
    BadSquare {
        value: String,
    },
    BadTypeList {
        value: String,
        letter: char,
    },
    BadPosition {
        message: String,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            RulesErrorKind::NotKeyValue => write!(
                f,
                "rules string, column {}: `{}` is not a `key:value` token",
                self.column, self.key
            ),
            RulesErrorKind::UnknownKey => write!(
                f,
                "rules string, column {}: unknown key `{}`",
                self.column, self.key
            ),
            RulesErrorKind::BadValue { value, expected } => {
                write!(
                    f,
                    "rules string, key `{}` at column {}: `{}` is not valid, expected {}",
                    self.key, self.column, value, expected
                )
            }
            RulesErrorKind::MissingDim => {
                write!(f, "rules string: the required key `dim` is missing")
            }
            RulesErrorKind::MissingStart => write!(
                f,
                "rules string: a position is required, as `start:` or `starti:`"
            ),
            RulesErrorKind::BadSquare { value } => {
                write!(
                    f,
                    "rules string, key `{}` at column {}: `{}` is not a square of this board",
                    self.key, self.column, value
                )
            }
            RulesErrorKind::BadTypeList { value, letter } => {
                write!(f, "rules string, key `{}` at column {}: `{}` has `{}`, which is not a piece letter (t c n k m g, upper case for defenders)", self.key, self.column, value, letter)
            }
            RulesErrorKind::BadPosition { message } => write!(
                f,
                "rules string, key `{}` at column {}: {}",
                self.key, self.column, message
            ),
        }
    }
}

impl std::error::Error for RulesError {}
