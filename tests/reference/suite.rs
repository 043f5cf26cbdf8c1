//! Loader for perft fixture files such as `fixtures/perft/rules.perft`.
//!
//! Format: one entry per block, blocks separated by blank lines; `#` lines are
//! comments. Lines inside a block:
//!
//! ```text
//! id <identifier>
//! rules <OTN rules string>
//! position <start-order record>   (optional)
//! side attackers|defenders         (optional; default: the rules' first mover)
//! perft <depth> <count>            (one or more)
//! ```

use super::Side;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteEntry {
    pub id: String,
    pub rules: String,
    pub position: Option<String>,
    pub side: Option<Side>,
    pub perft: Vec<(u32, u64)>,
    /// The comment lines just before the entry (without the leading `#`).
    pub comment: Vec<String>,
    /// 1-based line number of the `id` line.
    pub line: usize,
}

pub fn load_suite(path: &str) -> Result<Vec<SuiteEntry>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    parse_suite(&text).map_err(|e| format!("{path}: {e}"))
}

pub fn parse_suite(text: &str) -> Result<Vec<SuiteEntry>, String> {
    let mut entries: Vec<SuiteEntry> = Vec::new();
    let mut cur: Option<SuiteEntry> = None;
    let mut comment: Vec<String> = Vec::new();

    fn finish(cur: &mut Option<SuiteEntry>, entries: &mut Vec<SuiteEntry>) -> Result<(), String> {
        if let Some(e) = cur.take() {
            if e.rules.is_empty() {
                return Err(format!(
                    "line {}: entry '{}' has no rules line",
                    e.line, e.id
                ));
            }
            if e.perft.is_empty() {
                return Err(format!(
                    "line {}: entry '{}' has no perft line",
                    e.line, e.id
                ));
            }
            if entries.iter().any(|x| x.id == e.id) {
                return Err(format!("line {}: duplicate id '{}'", e.line, e.id));
            }
            entries.push(e);
        }
        Ok(())
    }

    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim_end();
        if line.trim().is_empty() {
            finish(&mut cur, &mut entries)?;
            continue;
        }
        if let Some(c) = line.trim_start().strip_prefix('#') {
            if cur.is_none() {
                comment.push(c.trim().to_string());
            }
            continue;
        }
        let (key, value) = match line.split_once(' ') {
            Some((k, v)) => (k, v.trim()),
            None => (line, ""),
        };
        if key == "id" {
            finish(&mut cur, &mut entries)?;
            if value.is_empty() || value.contains(' ') {
                return Err(format!("line {n}: bad id '{value}'"));
            }
            cur = Some(SuiteEntry {
                id: value.to_string(),
                rules: String::new(),
                position: None,
                side: None,
                perft: Vec::new(),
                comment: std::mem::take(&mut comment),
                line: n,
            });
            continue;
        }
        let e = cur.as_mut().ok_or_else(|| {
            format!("line {n}: '{key}' line outside an entry (expected 'id ...' first)")
        })?;
        match key {
            "rules" => {
                if value.is_empty() {
                    return Err(format!("line {n}: empty rules"));
                }
                e.rules = value.to_string();
            }
            "position" => e.position = Some(value.to_string()),
            "side" => {
                e.side = Some(
                    value
                        .parse::<Side>()
                        .map_err(|m| format!("line {n}: {m}"))?,
                )
            }
            "perft" => {
                let parts: Vec<&str> = value.split_whitespace().collect();
                if parts.len() != 2 {
                    return Err(format!("line {n}: expected 'perft <depth> <count>'"));
                }
                let d: u32 = parts[0]
                    .parse()
                    .map_err(|_| format!("line {n}: bad depth '{}'", parts[0]))?;
                let c: u64 = parts[1]
                    .replace(['_', ','], "")
                    .parse()
                    .map_err(|_| format!("line {n}: bad count '{}'", parts[1]))?;
                if e.perft.iter().any(|&(x, _)| x == d) {
                    return Err(format!("line {n}: depth {d} given twice"));
                }
                e.perft.push((d, c));
            }
            _ => return Err(format!("line {n}: unknown key '{key}'")),
        }
    }
    finish(&mut cur, &mut entries)?;
    Ok(entries)
}
