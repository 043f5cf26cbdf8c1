//! Errors of the OTN rules parser: each names the key and where its token starts.

use std::fmt;

/// A malformed rules string: which key, where (column of the token, counting from 1),
/// and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError {
    /// The key of the token at fault (the whole token when it has no `:`; `dim` or
    /// `start` when the key is missing).
    pub key: String,
    /// Where the token starts, from 1; 0 when the key is missing altogether.
    pub column: usize,
    /// What is wrong.
    pub kind: RulesErrorKind,
}

/// What is wrong with a rules string; the `RulesError` around it says where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesErrorKind {
    /// The token has no `:`.
    NotKeyValue,
    /// The key is none of OTN's rules keys (a typo, or an option taflcount does not know).
    UnknownKey,
    /// A value outside the allowed set; the text lists what is allowed.
    BadValue {
        /// The value as written.
        value: String,
        /// What the key accepts, in words.
        expected: String,
    },
    /// There is no `dim` token: nothing can be checked without the board size.
    MissingDim,
    /// There is neither `start` nor `starti`: a variant needs its start position.
    MissingStart,
    /// A square list entry that is not a square on this board.
    BadSquare {
        /// The entry as written.
        value: String,
    },
    /// A type list (`corh`, `cenp`...) holds a character that is no piece letter.
    BadTypeList {
        /// The list as written.
        value: String,
        /// The first character that is not a piece letter.
        letter: char,
    },
    /// The `start` or `starti` record does not parse, or is not `dim` squares wide.
    BadPosition {
        /// What is wrong with the record (where in it, for a record that does not parse).
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

impl crate::error::Kind for RulesError {}
