//! What the adapter's two programs share: the checks that keep input the crate cannot
//! read away from it (it panics on some), one-line errors instead of panics, and lines
//! read with a bound.

use std::io::BufRead;

/// The longest line the OTEP engine reads (as taflcount's hosts and engines: 64 KiB).
pub const LINE_LIMIT: usize = 64 << 10;

/// Checks that `record` (rank 1 first or top rank first alike) is a `dim` x `dim` board
/// of the pieces the crate knows: `t` attackers, `T` defenders, `K` one king, digits for
/// empty squares. The crate's own reader skips any other letter and panics on a board of
/// the wrong shape.
pub fn check_record(record: &str, dim: usize) -> Result<(), String> {
    let ranks: Vec<&str> = record.split('/').filter(|r| !r.is_empty()).collect();
    if ranks.len() != dim {
        return Err(format!(
            "position `{}`: {} ranks, not {dim}",
            short(record),
            ranks.len()
        ));
    }
    let mut kings = 0;
    for rank in &ranks {
        let mut squares = 0usize;
        let mut number = String::new();
        for c in rank.chars() {
            if c.is_ascii_digit() {
                number.push(c);
                continue;
            }
            if !number.is_empty() {
                squares += number.parse::<usize>().unwrap_or(usize::MAX / 2);
                number.clear();
            }
            match c {
                't' | 'T' => squares += 1,
                'K' => {
                    kings += 1;
                    squares += 1
                }
                other => {
                    return Err(format!(
                        "position `{}`: `{other}` is not a piece this engine knows (t, T, K)",
                        short(record)
                    ))
                }
            }
        }
        if !number.is_empty() {
            squares += number.parse::<usize>().unwrap_or(usize::MAX / 2);
        }
        if squares != dim {
            return Err(format!(
                "position `{}`: rank `{}` has {squares} squares, not {dim}",
                short(record),
                short(rank)
            ));
        }
    }
    if kings > 1 {
        return Err(format!("position `{}`: {kings} kings", short(record)));
    }
    Ok(())
}

/// The OTN rules keys this engine cannot follow: berserk (`ber`, unless `ber:n`).
/// The crate plays one fixed rule set per board size; these keys change how pieces move
/// in ways it has no code for.
pub fn check_rules(rules: &str) -> Result<(), String> {
    for word in rules.split_whitespace() {
        if let Some(value) = word.strip_prefix("ber:") {
            if value != "n" {
                return Err(format!(
                    "rules `{word}`: berserk is not played by hnefatafl-copenhagen"
                ));
            }
        }
    }
    Ok(())
}

/// Text quoted back short.
pub fn short(text: &str) -> String {
    if text.chars().count() <= 60 {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(60).collect::<String>())
    }
}

/// Runs `work`, turning a panic inside the crate into an error with its message: the
/// caller prints one line, never a backtrace.
pub fn without_panics<T>(work: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
    std::panic::set_hook(hook);
    result.unwrap_or_else(|panic| {
        let why = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "no message".into());
        Err(format!(
            "the hnefatafl-copenhagen crate failed: {}",
            short(&why)
        ))
    })
}

/// One line of at most `limit` bytes: `Ok(None)` at the end of input, `Err` with the
/// start of a longer line (the rest of it is skipped).
pub fn read_line(
    reader: &mut impl BufRead,
    limit: usize,
) -> std::io::Result<Option<Result<String, String>>> {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let available = reader.fill_buf()?;
        if available.is_empty() {
            if line.is_empty() && !too_long {
                return Ok(None);
            }
            break;
        }
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(at) => (&available[..at], Some(at + 1)),
            None => (available, None),
        };
        if !too_long {
            let room = limit.saturating_sub(line.len());
            line.extend_from_slice(&chunk[..chunk.len().min(room)]);
            too_long = chunk.len() > room;
        }
        let used = done.unwrap_or(available.len());
        reader.consume(used);
        if done.is_some() {
            break;
        }
    }
    let text = String::from_utf8_lossy(&line).into_owned();
    Ok(Some(if too_long {
        Err(short(&text))
    } else {
        Ok(text)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_of_the_wrong_shape_or_pieces_are_refused() {
        assert!(check_record("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", 7).is_ok());
        assert!(check_record("/garbage/", 7).is_err());
        assert!(check_record("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/", 7).is_err());
        assert!(check_record("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3c3/", 7).is_err());
        assert!(check_record("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t4/", 7).is_err());
        assert!(check_record("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3K3/", 7).is_err());
        assert!(check_rules("dim:7 ber:y").is_err());
        assert!(check_rules("dim:7 ber:n").is_ok());
    }

    #[test]
    fn long_lines_are_cut_and_skipped() {
        let text = format!("a\n{}\nb", "x".repeat(100));
        let mut reader = std::io::Cursor::new(text);
        assert_eq!(read_line(&mut reader, 10).unwrap(), Some(Ok("a".into())));
        assert!(matches!(read_line(&mut reader, 10).unwrap(), Some(Err(_))));
        assert_eq!(read_line(&mut reader, 10).unwrap(), Some(Ok("b".into())));
        assert_eq!(read_line(&mut reader, 10).unwrap(), None);
    }

    #[test]
    fn a_panic_becomes_an_error() {
        let r: Result<(), String> = without_panics(|| panic!("boom"));
        assert!(r.unwrap_err().contains("boom"));
    }
}
