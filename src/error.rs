//! The one shape of a located error: where in the input (a line, a column, a file) and
//! what is wrong there. Each parser declares its own type with [`located_error!`], so
//! callers match on a type per parser while the boilerplate exists once.

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
    };
}

pub(crate) use located_error;
