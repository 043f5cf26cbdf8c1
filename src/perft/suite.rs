//! Perft suites (`fixtures/perft/*.perft`): blocks of `id`, `rules`, optional `position`
//! and `side`, and `perft <depth> <nodes>` lines; `#` starts a comment line.
//!
//! ```text
//! # brandub from the start
//! id brandub-start
//! rules dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/
//! side attackers
//! perft 1 40
//! perft 2 960
//! ```

use crate::board::{Layout, RecordOrder, Side};
use crate::game::Game;
use crate::moves::Position;

/// One position of a suite and its expected counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteEntry {
    /// The entry's name in results and errors.
    pub id: String,
    /// 1-based line of the `id`.
    pub line: usize,
    /// A catalog name or an OTN rules string.
    pub rules: String,
    /// A position record (rank 1 first unless it starts `starti:`); the rules' start if absent.
    pub position: Option<String>,
    /// The side to move ("attackers", "defenders"); the rules' first mover if absent.
    pub side: Option<String>,
    /// (depth, nodes), in file order.
    pub perft: Vec<(u32, u64)>,
}

crate::error::located_error!(
    /// A suite that cannot be read, or an entry that cannot be set up.
    SuiteError {
        /// The line at fault, from 1 (an entry's `id` line when the entry is incomplete
        /// or cannot be set up).
        line: usize
    },
    "perft suite, line {}: {}"
);

/// Reads a suite. Every entry needs an `id`, `rules` and at least one `perft` line; a
/// suite needs an entry. A second `rules`, `position` or `side` line in one entry, a
/// second count of one depth, or an id used twice is an error: the old reader kept the
/// last line and checked something other than what the file seemed to say.
pub fn parse_suite(text: &str) -> Result<Vec<SuiteEntry>, SuiteError> {
    let mut entries: Vec<SuiteEntry> = Vec::new();
    for (i, raw) in crate::text::strip_bom(text).lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let (key, value) = trimmed
            .split_once(char::is_whitespace)
            .map(|(k, v)| (k, v.trim()))
            .unwrap_or((trimmed, ""));
        let read = if key == "id" {
            SuiteEntry::starting(&entries, value, line).map(|entry| entries.push(entry))
        } else {
            match entries.last_mut() {
                Some(entry) => entry.read(key, value),
                None => Err(format!("`{key}` before the first `id`")),
            }
        };
        read.map_err(|message| SuiteError { line, message })?;
    }
    if entries.is_empty() {
        return Err(SuiteError {
            line: 1,
            message: "the suite has no entries (an entry starts with an `id` line)".into(),
        });
    }
    for entry in &entries {
        entry.check_complete()?;
    }
    Ok(entries)
}

impl SuiteEntry {
    /// A new entry from its `id` line: a name no earlier entry has.
    fn starting(entries: &[SuiteEntry], id: &str, line: usize) -> Result<SuiteEntry, String> {
        if id.is_empty() {
            return Err("`id` needs a name".into());
        }
        if let Some(other) = entries.iter().find(|e| e.id == id) {
            return Err(format!(
                "id `{id}` is also the id of the entry on line {}",
                other.line
            ));
        }
        Ok(SuiteEntry {
            id: id.to_string(),
            line,
            rules: String::new(),
            position: None,
            side: None,
            perft: Vec::new(),
        })
    }

    /// One `key value` line of the entry; each key but `perft` once.
    fn read(&mut self, key: &str, value: &str) -> Result<(), String> {
        let again = |key: &str| {
            format!(
                "entry `{}` already has a `{key}` line; one per entry",
                self.id
            )
        };
        match key {
            "rules" if !self.rules.is_empty() => return Err(again("rules")),
            "position" if self.position.is_some() => return Err(again("position")),
            "side" if self.side.is_some() => return Err(again("side")),
            "rules" if value.is_empty() => return Err("`rules` needs a value".into()),
            "rules" => self.rules = value.to_string(),
            "position" => self.position = Some(value.to_string()),
            "side" => self.side = Some(value.to_string()),
            "perft" => self.read_count(value)?,
            _ => {
                return Err(format!(
                    "unknown key `{key}` (expected id, rules, position, side or perft)"
                ))
            }
        }
        Ok(())
    }

    /// `perft <depth> <nodes>`: one count per depth, the depth within `MAX_DEPTH`.
    fn read_count(&mut self, value: &str) -> Result<(), String> {
        let mut parts = value.split_whitespace();
        let depth = parts.next().and_then(|d| d.parse::<u32>().ok());
        let nodes = parts
            .next()
            .and_then(|n| n.replace('_', "").parse::<u64>().ok());
        match (depth, nodes, parts.next()) {
            (Some(d), Some(_), None) if self.perft.iter().any(|&(k, _)| k == d) => Err(format!(
                "entry `{}` already has a count at depth {d}",
                self.id
            )),
            (Some(d), Some(_), None) if !(1..=super::MAX_DEPTH).contains(&d) => {
                Err(format!("depth {d} is not in 1..={}", super::MAX_DEPTH))
            }
            (Some(d), Some(n), None) => {
                self.perft.push((d, n));
                Ok(())
            }
            _ => Err(format!(
                "expected `perft <depth> <nodes>`, found `perft {value}`"
            )),
        }
    }

    /// Refuses an entry without `rules` or without a count, at its `id` line.
    fn check_complete(&self) -> Result<(), SuiteError> {
        let missing = if self.rules.is_empty() {
            "`rules`"
        } else if self.perft.is_empty() {
            "`perft` line"
        } else {
            return Ok(());
        };
        Err(SuiteError {
            line: self.line,
            message: format!("entry `{}` has no {missing}", self.id),
        })
    }
}

impl SuiteEntry {
    /// The game the entry names (a catalog name or an OTN rules string, through the one
    /// resolver) and its root position.
    pub fn setup(&self) -> Result<(Game, Position), SuiteError> {
        let error = |e: &dyn std::fmt::Display| SuiteError {
            line: self.line,
            message: format!("entry `{}`: {e}", self.id),
        };
        let game = Game::resolve(&self.rules).map_err(|e| error(&e))?;
        let side = match &self.side {
            Some(s) => s.parse::<Side>().map_err(|e| error(&e))?,
            None => game.rules.first_side(),
        };
        let layout = match &self.position {
            Some(record) => {
                Layout::parse(record, RecordOrder::RankOneFirst).map_err(|e| error(&e))?
            }
            None => game.rules.start.clone(),
        };
        let root = Position::from_layout(&game.tables, &layout, side).map_err(|e| error(&e))?;
        Ok((game, root))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ENTRY: &str = "id a\nrules brandub\nperft 1 40\n";

    fn error(text: &str) -> String {
        parse_suite(text).unwrap_err().to_string()
    }

    #[test]
    fn a_good_suite_reads() {
        let entries =
            parse_suite(&format!("# c\n{ENTRY}\nid b\nrules brandub\nperft 2 960\n")).unwrap();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[1].perft, vec![(2, 960)]);
    }

    #[test]
    fn repeated_lines_and_ids_are_errors() {
        assert!(error(&format!("{ENTRY}rules tablut\n"))
            .contains("line 4: entry `a` already has a `rules` line"));
        assert!(error(&format!("{ENTRY}side defenders\nside attackers\n")).contains("`side` line"));
        assert!(error(&format!(
            "{ENTRY}position /7/7/7/7/7/7/7/\nposition /7/7/7/7/7/7/7/\n"
        ))
        .contains("`position` line"));
        assert!(error(&format!("{ENTRY}perft 1 41\n")).contains("already has a count at depth 1"));
        // Issue 24: a suite's depth is checked like --depth (1001 was accepted).
        assert!(error(&format!("{ENTRY}perft 1001 40\n"))
            .contains("line 4: depth 1001 is not in 1..=1000"));
        assert!(error(&format!("{ENTRY}perft 0 1\n")).contains("depth 0 is not in"));
        assert!(error(&format!("{ENTRY}{ENTRY}"))
            .contains("line 4: id `a` is also the id of the entry on line 1"));
    }

    #[test]
    fn a_suite_without_entries_is_an_error() {
        for text in ["", "# only a comment\n", "\u{feff}\n\n"] {
            assert!(error(text).contains("no entries"), "{text:?}");
        }
    }

    #[test]
    fn a_byte_order_mark_is_no_key() {
        assert_eq!(parse_suite(&format!("\u{feff}{ENTRY}")).unwrap().len(), 1);
    }
}
