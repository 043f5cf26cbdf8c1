//! `taflcount show --json`: a position as a typed document, the very data the diagram
//! draws (pieces, special squares, marks), so a script reads a board without parsing a
//! picture.

use super::Diagram;
use crate::board::{PieceKind, RecordOrder, Side};
use crate::document::Header;
use serde::{Deserialize, Serialize};

/// The layout version of [`ShowDocument`].
pub const SCHEMA_VERSION: u32 = 1;

/// One piece on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceOnSquare {
    /// The square (`e5`).
    pub square: String,
    /// The OTN letter (`t` attacking taflman, `K` the king).
    pub letter: String,
    /// `attackers` or `defenders`.
    pub side: String,
    /// `taflman`, `commander`, `knight`, `king`, `mercenary` or `guard`.
    pub kind: String,
}

/// The special squares of one kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecialOnBoard {
    /// `corner`, `throne`, `attackers' fort` or `defenders' fort`.
    pub kind: String,
    /// Its squares.
    pub squares: Vec<String>,
}

/// A move drawn as an arrow.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArrowOnBoard {
    /// The move (`d1-d3`).
    #[serde(rename = "move")]
    pub mv: String,
    /// `plain`, `good` or `bad`.
    pub tone: String,
    /// The arrow's label, possibly empty.
    pub label: String,
}

/// The position `taflcount show` draws.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShowDocument {
    /// `schema_version`, `tool`: `taflcount`, `mode`: `show`.
    #[serde(flatten)]
    pub header: Header,
    /// The variant's name, as chosen.
    pub variant: String,
    /// The rules as an OTN string.
    pub rules: String,
    /// The board's side length.
    pub dim: usize,
    /// Where the position came from (`start`, `--moves`, `game 3 ply 12 of FILE`).
    pub source: String,
    /// The position record, rank 1 first (`start` order).
    pub position: String,
    /// The side to move.
    pub side_to_move: Option<String>,
    /// How many plies were played to reach the position.
    pub ply: usize,
    /// Every piece, rank 1 first.
    pub pieces: Vec<PieceOnSquare>,
    /// The special squares.
    pub special: Vec<SpecialOnBoard>,
    /// The move that led here (`d1-d3`), if one did.
    pub last_move: Option<String>,
    /// The squares it captured.
    pub captured: Vec<String>,
    /// Highlighted squares.
    pub highlighted: Vec<String>,
    /// Arrows drawn.
    pub arrows: Vec<ArrowOnBoard>,
    /// How the rules end the game here, if they do (`king escaped, defenders win`).
    pub outcome: Option<String>,
    /// With `--illegal`: the verdict of `complexity --legal`'s necessary conditions
    /// (the squares that show a failed one are among `highlighted`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub illegal: Option<IllegalVerdict>,
}

/// What `taflcount show --illegal` found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IllegalVerdict {
    /// True if a condition fails, which proves the position unreachable.
    pub illegal: bool,
    /// The condition's key (`last_move_captures`), empty if none fails.
    pub reason: String,
    /// The condition in words, empty if none fails.
    pub condition: String,
}

impl ShowDocument {
    /// The document of a diagram; `variant`, `rules`, `source`, `ply` and `outcome`
    /// describe where it came from.
    pub fn new(
        diagram: &Diagram,
        variant: &str,
        rules: &str,
        source: &str,
        ply: usize,
        outcome: Option<String>,
    ) -> ShowDocument {
        let names = |squares: &[crate::board::Square]| -> Vec<String> {
            squares.iter().map(|s| s.to_string()).collect()
        };
        ShowDocument {
            header: Header::with_mode(SCHEMA_VERSION, "taflcount", "show"),
            variant: variant.to_string(),
            rules: rules.to_string(),
            dim: diagram.dim(),
            source: source.to_string(),
            position: diagram.layout.record(RecordOrder::RankOneFirst),
            side_to_move: diagram.to_move.map(|s| s.name().to_string()),
            ply,
            pieces: diagram
                .layout
                .pieces()
                .map(|(square, piece)| PieceOnSquare {
                    square: square.to_string(),
                    letter: piece.letter().to_string(),
                    side: piece.side.name().to_string(),
                    kind: piece.kind.name().to_string(),
                })
                .collect(),
            special: diagram
                .special
                .iter()
                .map(|(kind, squares)| SpecialOnBoard {
                    kind: super::special_name(*kind).to_string(),
                    squares: names(squares),
                })
                .collect(),
            last_move: diagram.marks.last_move.map(|(f, t)| format!("{f}-{t}")),
            captured: names(&diagram.marks.captured),
            highlighted: names(&diagram.marks.highlighted),
            arrows: diagram
                .marks
                .arrows
                .iter()
                .map(|a| ArrowOnBoard {
                    mv: format!("{}-{}", a.from, a.to),
                    tone: a.tone.name().to_string(),
                    label: a.label.clone(),
                })
                .collect(),
            outcome,
            illegal: None,
        }
    }

    /// The document with the verdict of `--illegal`, if it was asked for.
    pub fn with_illegal_verdict(
        mut self,
        verdict: Option<impl Into<IllegalVerdict>>,
    ) -> ShowDocument {
        self.illegal = verdict.map(Into::into);
        self
    }

    /// How many pieces of a side and kind the document lists.
    pub fn count(&self, side: Side, kind: PieceKind) -> usize {
        self.pieces
            .iter()
            .filter(|p| p.side == side.name() && p.kind == kind.name())
            .count()
    }
}
