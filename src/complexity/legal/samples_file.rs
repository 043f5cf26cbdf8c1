//! Sample positions as a text file anyone can check: one line per sample with its
//! placement, side to move, verdict, and the reason or the proof game.
//!
//! Lines starting with `#` are comments. Every other line has five fields separated
//! by tabs: the sample's index, the side to move (`attackers` or `defenders`), the
//! placement (top rank first, as `/3t3/7/.../`, commanders and knights by their letters
//! `c`, `n`, `C`, `N`), the verdict (`legal`, `illegal` or
//! `undecided`), and the illegal condition's key or the proof game's moves
//! (`d2-d1 e4-e2 ...`).

use super::classify::Legality;
use super::run::SampleResult;
use crate::board::{Layout, RecordOrder, Side, Square};
use crate::moves::Move;

/// One line of a samples file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SampleLine {
    /// The sample's number in its run.
    pub index: u64,
    /// The side to move.
    pub side: Side,
    /// The placement.
    pub layout: Layout,
    /// "legal", "illegal" or "undecided".
    pub verdict: String,
    /// The illegal reason's key, or the proof game's moves, or empty.
    pub detail: String,
    /// The proof game's moves (empty unless legal).
    pub moves: Vec<Move>,
}

/// A line of a samples file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SamplesFileError {
    /// The 1-based line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for SamplesFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for SamplesFileError {}

impl crate::error::Kind for SamplesFileError {}

/// The text of a samples file for `results`, after the comment lines `header`.
pub fn write_samples(header: &[String], dim: usize, results: &[SampleResult]) -> String {
    let mut out = samples_header(header);
    for r in results {
        out.push_str(&sample_line(dim, r));
    }
    out
}

/// The start of a samples file: the comment lines `header`, then the column names.
pub fn samples_header(header: &[String]) -> String {
    let mut out = String::new();
    for line in header {
        out.push_str(&format!("# {line}\n"));
    }
    out.push_str(
        "# index\tside to move\tplacement (top rank first)\tverdict\treason or proof game\n",
    );
    out
}

/// One sample's line of a samples file (a run writes them as they are decided).
pub fn sample_line(dim: usize, r: &SampleResult) -> String {
    let detail = match &r.verdict {
        Legality::Illegal(found) => found.reason.key().to_owned(),
        Legality::Legal(game) => game
            .moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(" "),
        Legality::Undecided(why) => why.key().to_owned(),
    };
    format!(
        "{}\t{}\t{}\t{}\t{}\n",
        r.index,
        r.element.side,
        r.element.layout(dim).record(RecordOrder::TopRankFirst),
        r.verdict.key(),
        detail
    )
}

/// Reads a samples file.
pub fn parse_samples(text: &str) -> Result<Vec<SampleLine>, SamplesFileError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let err = |message: String| SamplesFileError {
            line: i + 1,
            message,
        };
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() != 5 {
            return Err(err(format!("{} fields, expected 5", fields.len())));
        }
        let index = fields[0]
            .parse()
            .map_err(|_| err(format!("index `{}`", fields[0])))?;
        let side: Side = fields[1].parse().map_err(|e| err(format!("{e}")))?;
        let layout =
            Layout::parse(fields[2], RecordOrder::TopRankFirst).map_err(|e| err(format!("{e}")))?;
        let verdict = fields[3].to_owned();
        if !matches!(verdict.as_str(), "legal" | "illegal" | "undecided") {
            return Err(err(format!("verdict `{verdict}`")));
        }
        let mut moves = Vec::new();
        if verdict == "legal" {
            for text in fields[4].split_whitespace() {
                let (from, to) = text
                    .split_once('-')
                    .ok_or_else(|| err(format!("move `{text}`")))?;
                let from: Square = from.parse().map_err(|e| err(format!("{e}")))?;
                let to: Square = to.parse().map_err(|e| err(format!("{e}")))?;
                moves.push(Move { from, to });
            }
        }
        out.push(SampleLine {
            index,
            side,
            layout,
            verdict,
            detail: fields[4].to_owned(),
            moves,
        });
    }
    Ok(out)
}
