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

/// Reads a suite. Every entry needs an `id`, `rules` and at least one `perft` line.
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
        let err = |message: String| SuiteError { line, message };
        if key == "id" {
            if value.is_empty() {
                return Err(err("`id` needs a name".into()));
            }
            entries.push(SuiteEntry {
                id: value.to_string(),
                line,
                rules: String::new(),
                position: None,
                side: None,
                perft: Vec::new(),
            });
            continue;
        }
        let entry = entries
            .last_mut()
            .ok_or_else(|| err(format!("`{key}` before the first `id`")))?;
        match key {
            "rules" => entry.rules = value.to_string(),
            "position" => entry.position = Some(value.to_string()),
            "side" => entry.side = Some(value.to_string()),
            "perft" => {
                let mut parts = value.split_whitespace();
                let depth = parts.next().and_then(|d| d.parse::<u32>().ok());
                let nodes = parts
                    .next()
                    .and_then(|n| n.replace('_', "").parse::<u64>().ok());
                match (depth, nodes, parts.next()) {
                    (Some(d), Some(n), None) => entry.perft.push((d, n)),
                    _ => {
                        return Err(err(format!(
                            "expected `perft <depth> <nodes>`, found `perft {value}`"
                        )))
                    }
                }
            }
            _ => {
                return Err(err(format!(
                    "unknown key `{key}` (expected id, rules, position, side or perft)"
                )))
            }
        }
    }
    for entry in &entries {
        if entry.rules.is_empty() {
            return Err(SuiteError {
                line: entry.line,
                message: format!("entry `{}` has no `rules`", entry.id),
            });
        }
        if entry.perft.is_empty() {
            return Err(SuiteError {
                line: entry.line,
                message: format!("entry `{}` has no `perft` line", entry.id),
            });
        }
    }
    Ok(entries)
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
