//! Text as the tools read it, handled once: files are read whole and must be UTF-8, a
//! byte-order mark at the start is dropped (editors on Windows write one, and it would
//! otherwise be an invisible first character of the first key), and places in a line
//! are counted in characters, not bytes, so `é` is one column, as the user sees it.

use std::fmt;
use std::io::{self, BufRead, Read};
use std::path::Path;

/// The UTF-8 byte-order mark, U+FEFF.
pub const BOM: char = '\u{feff}';

/// `text` without a leading byte-order mark. Every parser of whole files calls it, so
/// text handed over from anywhere is read alike.
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// The 1-based column of the character starting at byte `byte` of `line`: characters,
/// not bytes, are what a user counts.
pub fn column_of(line: &str, byte: usize) -> usize {
    let byte = byte.min(line.len());
    line.char_indices().take_while(|&(i, _)| i < byte).count() + 1
}

/// The longest input quoted back in a message, in characters: an outside program's
/// line or a user's value can be megabytes, and an error must stay one readable line.
pub const QUOTE_LIMIT: usize = 80;

/// `text` to quote in a message: at most [`QUOTE_LIMIT`] characters, then `…` and how
/// many more there were.
pub fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        None => text.to_string(),
        Some((cut, _)) => {
            let more = text[cut..].chars().count();
            format!("{}… ({more} more characters)", &text[..cut])
        }
    }
}

/// The longest line read from another program or from stdin, in bytes: OTEP's longest
/// lines (a rules string, a position) are a few hundred bytes; an engine printing
/// without end must not make the reader allocate gigabytes.
pub const LINE_LIMIT: usize = 64 * 1024;

/// One line read with a bound ([`read_line_bounded`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoundedLine {
    /// A line without its `\n` (or `\r\n`); bytes that are not UTF-8 replaced by `�`.
    Line(String),
    /// A line longer than the limit: its start for the message, at most 80 characters
    /// of the `limit + 1` bytes read of it. The rest of it is not read; [`skip_line`]
    /// skips it.
    TooLong(String),
}

/// Reads one line of at most `limit` bytes. `None` at the end of the input (a last line
/// without `\n` is a line).
pub fn read_line_bounded(
    reader: &mut impl BufRead,
    limit: usize,
) -> std::io::Result<Option<BoundedLine>> {
    let mut bytes = Vec::new();
    let read = reader
        .take(limit as u64 + 1)
        .read_until(b'\n', &mut bytes)?;
    if read == 0 {
        return Ok(None);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
    } else if bytes.len() > limit {
        let start = String::from_utf8_lossy(&bytes[..bytes.len().min(4 * QUOTE_LIMIT)]);
        return Ok(Some(BoundedLine::TooLong(
            start.chars().take(QUOTE_LIMIT).collect(),
        )));
    }
    Ok(Some(BoundedLine::Line(
        String::from_utf8_lossy(&bytes).into_owned(),
    )))
}

/// Reads and drops the rest of a line (after [`BoundedLine::TooLong`]) without holding
/// it; false at the end of the input.
pub fn skip_line(reader: &mut impl BufRead) -> std::io::Result<bool> {
    loop {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            return Ok(false);
        }
        match buf.iter().position(|&b| b == b'\n') {
            Some(i) => {
                reader.consume(i + 1);
                return Ok(true);
            }
            None => {
                let n = buf.len();
                reader.consume(n);
            }
        }
    }
}

/// The longest word (a run without spaces) an error message keeps whole, and the
/// longest message, in characters.
const WORD_LIMIT: usize = 160;
const MESSAGE_LIMIT: usize = 2000;

/// An error message made safe to print: each word longer than 160 characters cut as
/// [`quoted`] cuts, then the whole cut past 2,000 characters. The net under every
/// message the tools print: a value a user passed or a program printed (megabytes, at
/// worst) is never echoed back whole, whichever layer quoted it.
pub fn shortened(message: &str) -> String {
    let words: Vec<String> = message
        .split(' ')
        .map(|word| match word.char_indices().nth(WORD_LIMIT) {
            None => word.to_string(),
            Some(_) => quoted(word),
        })
        .collect();
    let text = words.join(" ");
    match text.char_indices().nth(MESSAGE_LIMIT) {
        None => text,
        Some((cut, _)) => {
            let more = text[cut..].chars().count();
            format!("{}… ({more} more characters)", &text[..cut])
        }
    }
}

/// A JSON parse error's message with its column counted in characters: serde_json
/// counts bytes, so after an `é` every column would be one too far to the right.
pub fn json_error(text: &str, error: &serde_json::Error) -> String {
    let full = error.to_string();
    let (line, byte_column) = (error.line(), error.column());
    let suffix = format!(" at line {line} column {byte_column}");
    let (Some(message), Some(text_line)) = (
        full.strip_suffix(&suffix),
        strip_bom(text).lines().nth(line.wrapping_sub(1)),
    ) else {
        return full;
    };
    // serde_json's column is the number of bytes read on the line, the faulty one
    // included: the faulty character is the last one starting before that.
    let column = column_of(text_line, byte_column) - 1;
    format!("{message} at line {line} column {}", column.max(1))
}

/// A text file that could not be read.
#[derive(Debug)]
pub enum TextFileError {
    /// The operating system refused: no such file, no permission...
    Read {
        /// The path as given.
        path: String,
        /// Why.
        source: io::Error,
    },
    /// The path names a directory.
    Directory {
        /// The path as given.
        path: String,
    },
    /// The file is larger than [`MAX_TEXT_FILE`] (or endless: `/dev/zero`).
    TooLarge {
        /// The path as given.
        path: String,
    },
    /// The file is not UTF-8 text (a binary file, or another encoding).
    NotText {
        /// The path as given.
        path: String,
        /// The 1-based line holding the first byte that is not UTF-8.
        line: usize,
    },
}

impl fmt::Display for TextFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextFileError::Read { path, source } if source.kind() == io::ErrorKind::NotFound => {
                write!(f, "cannot read {path}: the file does not exist")
            }
            TextFileError::Read { path, source } => write!(f, "cannot read {path}: {source}"),
            TextFileError::Directory { path } => {
                write!(f, "cannot read {path}: it is a directory, not a file")
            }
            TextFileError::TooLarge { path } => write!(
                f,
                "cannot read {path}: larger than {} MiB (no input of the tools is that long; \
                 is it the right file?)",
                MAX_TEXT_FILE >> 20
            ),
            TextFileError::NotText { path, line } => write!(
                f,
                "cannot read {path}: not a UTF-8 text file (line {line} holds bytes that are \
                 not UTF-8; is it a binary file?)"
            ),
        }
    }
}

impl std::error::Error for TextFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TextFileError::Read { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl crate::error::Kind for TextFileError {}

impl TextFileError {
    /// True when the file is simply not there (a caller may have a fallback).
    pub fn is_not_found(&self) -> bool {
        matches!(self, TextFileError::Read { source, .. } if source.kind() == io::ErrorKind::NotFound)
    }
}

/// The largest text file the tools read (256 MiB: the copenhagen archive of 1000 games
/// is 0.6 MiB). A larger one, or an endless one (`/dev/zero`), is refused after this
/// much, instead of growing the memory until the allocation fails.
pub const MAX_TEXT_FILE: usize = 256 << 20;

/// Reads a whole text file: UTF-8 or an error saying where it is not, without a leading
/// byte-order mark. A directory is named as such, not as an I/O error code; a file past
/// [`MAX_TEXT_FILE`] is refused.
pub fn read_text_file(path: &Path) -> Result<String, TextFileError> {
    read_text_file_capped(path, MAX_TEXT_FILE)
}

fn read_text_file_capped(path: &Path, limit: usize) -> Result<String, TextFileError> {
    use std::io::Read;
    let name = || path.display().to_string();
    if path.is_dir() {
        return Err(TextFileError::Directory { path: name() });
    }
    let read_error = |source| TextFileError::Read {
        path: name(),
        source,
    };
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(limit as u64 + 1).read_to_end(&mut bytes))
        .map_err(read_error)?;
    if bytes.len() > limit {
        return Err(TextFileError::TooLarge { path: name() });
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let line = 1 + e.as_bytes()[..valid]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        TextFileError::NotText { path: name(), line }
    })?;
    Ok(match text.strip_prefix(BOM) {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// A stable 128-bit digest of text parts (FNV-1a, each part closed by a zero byte so
/// that `["ab", "c"]` and `["a", "bc"]` differ), as 32 hex digits. It tells files and
/// settings apart; it is no defence against a forger.
pub fn digest(parts: &[&str]) -> String {
    let mut h: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
    for part in parts {
        for b in part.bytes().chain([0u8]) {
            h ^= u128::from(b);
            h = h.wrapping_mul(0x0000_0000_0100_0000_0000_0000_0000_013b);
        }
    }
    format!("{h:032x}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn shortened_cuts_long_words_and_long_messages_only() {
        let plain = "rules string, column 8: unknown key `foo`";
        assert_eq!(shortened(plain), plain);
        // The word is "`" + 161 y's + "`": 163 characters, the first 80 kept.
        let word = "y".repeat(161);
        assert_eq!(
            shortened(&format!("bad `{word}` here")),
            format!("bad `{}… (83 more characters) here", &word[..79])
        );
        // 3,000 characters of short words: the first 2,000 kept.
        let long = "ab ".repeat(1000);
        let cut = shortened(&long);
        let tail = "… (1000 more characters)";
        assert!(cut.ends_with(tail));
        assert_eq!(cut.chars().count(), 2000 + tail.chars().count());
    }

    use super::*;

    #[test]
    fn quoted_input_is_shortened_by_characters() {
        assert_eq!(quoted("move d2-b2"), "move d2-b2");
        let long = "é".repeat(QUOTE_LIMIT + 5);
        assert_eq!(
            quoted(&long),
            format!("{}… (5 more characters)", "é".repeat(QUOTE_LIMIT))
        );
        assert_eq!(quoted(&"x".repeat(QUOTE_LIMIT)), "x".repeat(QUOTE_LIMIT));
    }

    #[test]
    fn columns_count_characters() {
        assert_eq!(column_of("abc", 0), 1);
        assert_eq!(column_of("abc", 2), 3);
        // `é` is two bytes but one column: the `x` after it is column 2.
        assert_eq!(column_of("éx", 2), 2);
        assert_eq!(column_of("éx", 99), 3);
    }

    #[test]
    fn json_errors_count_characters() {
        let text = "{\"id\": \"é\", \"x\": ]}";
        let e = serde_json::from_str::<serde_json::Value>(text).unwrap_err();
        // `]` is byte 19 but character 18.
        assert_eq!(e.column(), 19);
        assert_eq!(json_error(text, &e), "expected value at line 1 column 18");
        let e = serde_json::from_str::<serde_json::Value>("").unwrap_err();
        assert_eq!(json_error("", &e), e.to_string());
    }

    #[test]
    fn a_bom_is_dropped_once() {
        assert_eq!(strip_bom("\u{feff}id x"), "id x");
        assert_eq!(strip_bom("id x"), "id x");
        assert_eq!(strip_bom("\u{feff}\u{feff}x"), "\u{feff}x");
    }

    #[test]
    fn files_that_are_not_text_say_so() {
        let dir = std::env::temp_dir().join(format!("taflcount-text-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let binary = dir.join("binary.csv");
        std::fs::write(&binary, b"a4-a1,0,0,Draw\n\xff\xfe\x00\x01").unwrap();
        let e = read_text_file(&binary).unwrap_err();
        assert!(matches!(e, TextFileError::NotText { line: 2, .. }), "{e}");
        let e = read_text_file(&dir).unwrap_err();
        assert!(e.to_string().contains("is a directory"), "{e}");
        let e = read_text_file(&dir.join("missing.csv")).unwrap_err();
        assert!(
            e.is_not_found() && e.to_string().contains("does not exist"),
            "{e}"
        );
        let bom = dir.join("bom.perft");
        std::fs::write(&bom, "\u{feff}id x\n").unwrap();
        assert_eq!(read_text_file(&bom).unwrap(), "id x\n");
        // Issue 35: /dev/zero as a record file grew to 2 GB before the allocation failed.
        let e = read_text_file_capped(&bom, 3).unwrap_err();
        assert!(e.to_string().contains("larger than"), "{e}");
        #[cfg(unix)]
        {
            let e = read_text_file_capped(Path::new("/dev/zero"), 1 << 20).unwrap_err();
            assert!(matches!(e, TextFileError::TooLarge { .. }), "{e}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
