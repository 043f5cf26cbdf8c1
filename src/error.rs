//! Library errors: what kind of failure each is ([`Kind`], so a program gives each its
//! exit code without reading messages), and the one shape of a located error: where in
//! the input (a line, a column, a file) and what is wrong there. Each parser declares
//! its own type with `located_error!`, so callers match on a type per parser while the
//! boilerplate exists once.

/// What a library error means to whoever called: the kinds a program maps to its exit
/// codes (input 2, a failed check 1, a failed read or write of its own files 1, with its
/// own message).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input (arguments, files, rules, positions, an engine's replies) is wrong.
    Input,
    /// The work was done and a check failed (a run left incomplete, a count that
    /// differs).
    CheckFailed,
    /// The system refused a write (or a read of a file the library itself wrote).
    Io,
}

/// A library error's [`ErrorKind`]: input unless the type says otherwise.
pub trait Kind: std::error::Error {
    /// What kind of failure this is.
    fn kind(&self) -> ErrorKind {
        ErrorKind::Input
    }
}

/// Declares `pub struct $name { pub $place: $type, pub message: String }` with `Display`
/// (`$format` gets the place, then the message), `Error`, and `new`.
macro_rules! located_error {
    ($(#[$doc:meta])* $name:ident { $(#[$place_doc:meta])* $place:ident: $type:ty }, $format:literal) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct $name {
            $(#[$place_doc])*
            pub $place: $type,
            /// What is wrong there.
            pub message: String,
        }

        impl $name {
            /// The error at `place`.
            pub fn new($place: impl Into<$type>, message: impl Into<String>) -> $name {
                $name { $place: $place.into(), message: message.into() }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, $format, self.$place, self.message)
            }
        }

        impl std::error::Error for $name {}

        impl $crate::error::Kind for $name {}
    };
}

pub(crate) use located_error;
