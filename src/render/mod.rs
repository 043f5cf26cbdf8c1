//! Boards for people: a position drawn as Unicode text for a terminal ([`text`]) or as
//! SVG for reports and browsers ([`svg`]), with the same marks (the last move, captured
//! squares, highlighted squares, arrows), and the one-page game viewer ([`viewer`]).
//!
//! A [`Diagram`] is plain data: a [`Layout`], the special squares of its rules, and
//! [`Marks`]. Both renderers read it and nothing else, so the terminal and the SVG
//! never disagree about what a position holds.

pub mod document;
mod glyph;
pub mod svg;
pub mod text;
pub mod viewer;

pub use glyph::{piece_glyph, Glyph};

use crate::board::{Layout, RecordOrder, Side, Square};
use crate::moves::{Move, Position, Tables};
use crate::rules::{Rules, SpecialKind};

/// How an arrow is meant: a move that is right, one that is wrong, or one merely shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// A move shown without judgement (a line of play, the moves of a group).
    Plain,
    /// The move that should be played, or the move only one side has.
    Good,
    /// The move that was played wrongly, or the move the other side lacks.
    Bad,
}

impl Tone {
    /// The word the text diagram and the SVG classes use.
    pub fn name(self) -> &'static str {
        match self {
            Tone::Plain => "plain",
            Tone::Good => "good",
            Tone::Bad => "bad",
        }
    }
}

/// An arrow from one square to another, with its meaning and an optional label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// Where the move starts.
    pub from: Square,
    /// Where it ends.
    pub to: Square,
    /// What the arrow means.
    pub tone: Tone,
    /// A word that the text diagram prints beside the move ("expected", "played").
    pub label: String,
}

/// What a diagram marks besides the pieces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The move that led to this position: its two squares are tinted.
    pub last_move: Option<(Square, Square)>,
    /// Squares whose pieces the last move captured (now empty): crossed out.
    pub captured: Vec<Square>,
    /// Squares to draw the eye to (a sandwich, an impossible capture).
    pub highlighted: Vec<Square>,
    /// Moves drawn as arrows (listed under a text diagram).
    pub arrows: Vec<Arrow>,
}

/// A position ready to draw: its pieces, its special squares, its marks and the side to
/// move. Build it with [`Diagram::new`] or [`Diagram::of_position`].
#[derive(Clone, Debug)]
pub struct Diagram {
    /// The pieces.
    pub layout: Layout,
    /// The special squares of each kind on this board (corners, throne, forts).
    pub special: Vec<(SpecialKind, Vec<Square>)>,
    /// Whose move it is, when known.
    pub to_move: Option<Side>,
    /// What to mark.
    pub marks: Marks,
}

impl Diagram {
    /// A diagram of `layout` under `rules`, without marks. Special squares that lie off
    /// the layout's board (rules of another size) are left out.
    pub fn new(layout: Layout, rules: &Rules, to_move: Option<Side>) -> Diagram {
        let dim = layout.dim();
        let special = SpecialKind::ALL
            .iter()
            .map(|&kind| {
                let squares = rules.special(kind).squares.iter();
                (
                    kind,
                    squares
                        .filter(|s| s.on_board(dim))
                        .copied()
                        .collect::<Vec<_>>(),
                )
            })
            .filter(|(_, squares)| !squares.is_empty())
            .collect();
        Diagram {
            layout,
            special,
            to_move,
            marks: Marks::default(),
        }
    }

    /// A diagram of a fast position, read through its public accessors.
    pub fn of_position(tables: &Tables, position: &Position) -> Diagram {
        Diagram::new(
            position.layout(tables),
            tables.rules(),
            Some(position.side_to_move()),
        )
    }

    /// The diagram after `mv` is played from `position`: the move and its captures
    /// marked, the king's capture included.
    pub fn after_move(tables: &Tables, position: &Position, mv: Move) -> Diagram {
        let (next, captured) = position.after(tables, mv);
        let mut diagram = Diagram::of_position(tables, &next);
        let mut captured = captured;
        captured.sort();
        captured.dedup();
        diagram.marks.last_move = Some((mv.from, mv.to));
        diagram.marks.captured = captured;
        diagram
    }

    /// Adds an arrow and hands the diagram back, for chaining.
    pub fn with_arrow(mut self, from: Square, to: Square, tone: Tone, label: &str) -> Diagram {
        self.marks.arrows.push(Arrow {
            from,
            to,
            tone,
            label: label.to_string(),
        });
        self
    }

    /// A diagram of a position record (`start` order unless it says `starti:`) and a
    /// side to move as other programs write them; `None` for a record that does not read
    /// or does not fit the rules' board.
    pub fn of_record(rules: &Rules, record: &str, side: &str) -> Option<Diagram> {
        let layout = Layout::parse(record, RecordOrder::RankOneFirst).ok()?;
        (layout.dim() == rules.dim).then(|| Diagram::new(layout, rules, side.parse().ok()))
    }

    /// Adds an arrow for each move written `a1-a4` (captures after `x` and a berserk
    /// turn's later moves are left out; a word that is no move is skipped).
    pub fn with_move_arrows(mut self, moves: &[String], tone: Tone, label: &str) -> Diagram {
        let dim = self.dim();
        for text in moves {
            let first = text.split('|').next().unwrap_or("");
            let Some((from, to)) = first.split_once('-') else {
                continue;
            };
            let to = to.split('x').next().unwrap_or("");
            if let (Ok(from), Ok(to)) = (from.parse::<Square>(), to.parse::<Square>()) {
                if from.on_board(dim) && to.on_board(dim) {
                    self = self.with_arrow(from, to, tone, label);
                }
            }
        }
        self
    }

    /// Adds highlighted squares and hands the diagram back, for chaining.
    pub fn with_highlights(mut self, squares: impl IntoIterator<Item = Square>) -> Diagram {
        self.marks.highlighted.extend(squares);
        self
    }

    /// The board's side length.
    pub fn dim(&self) -> usize {
        self.layout.dim()
    }

    /// The special kind of a square, if any (the first listed wins: corners, then the
    /// throne, then forts).
    pub fn special_at(&self, square: Square) -> Option<SpecialKind> {
        self.special
            .iter()
            .find(|(_, squares)| squares.contains(&square))
            .map(|(kind, _)| *kind)
    }
}

/// The name of a special kind in legends and SVG classes.
pub fn special_name(kind: SpecialKind) -> &'static str {
    match kind {
        SpecialKind::Corner => "corner",
        SpecialKind::Centre => "throne",
        SpecialKind::AttackerFort => "attackers' fort",
        SpecialKind::DefenderFort => "defenders' fort",
    }
}
