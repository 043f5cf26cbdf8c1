//! The board as SVG: a scalable board with labelled files and ranks, special squares
//! shaded and crossed, the last move tinted, captured squares crossed out in red,
//! highlighted squares outlined, and arrows for moves. Every piece is one `<use>`
//! element of class `piece` (with `data-square` and `data-piece`, its OTN letter), drawn
//! from the twelve symbols of [`defs`], which the game viewer shares.

use super::{piece_glyph, special_name, Diagram, Tone};
use crate::board::{Piece, PieceKind, Side, Square};
use std::fmt::Write;

/// The side of one square, in SVG user units.
pub const CELL: usize = 40;
/// The margin that holds the file and rank labels.
pub const MARGIN: usize = 24;

/// The SVG id of a piece type's symbol: `piece-t` for an attacking taflman, `piece-K`
/// for the king (ids are case-sensitive).
pub fn symbol_id(piece: Piece) -> String {
    format!("piece-{}", piece.letter())
}

/// The width and height of a board of side `dim`.
pub fn size(dim: usize) -> usize {
    dim * CELL + 2 * MARGIN
}

/// The top-left corner of a square: rank 1 at the bottom, file a at the left.
pub fn origin(dim: usize, square: Square) -> (usize, usize) {
    (
        MARGIN + square.file() * CELL,
        MARGIN + (dim - 1 - square.rank()) * CELL,
    )
}

fn centre(dim: usize, square: Square) -> (f64, f64) {
    let (x, y) = origin(dim, square);
    ((x + CELL / 2) as f64, (y + CELL / 2) as f64)
}

/// The shared definitions: one symbol per piece type, an arrowhead per tone, and the
/// style of every class the boards use.
pub fn defs() -> String {
    let mut out = String::from("<defs>\n<style>");
    out.push_str(STYLE);
    out.push_str("</style>\n");
    for side in Side::BOTH {
        let (fill, stroke, mark_colour) = match side {
            Side::Attackers => ("#2b2b2b", "#000000", "#f0d060"),
            Side::Defenders => ("#fafafa", "#222222", "#b8860b"),
        };
        for kind in PieceKind::ALL {
            let piece = Piece { side, kind };
            let glyph = piece_glyph(piece);
            let mark = glyph.mark.map_or(String::new(), |d| {
                format!(r#"<path d="{d}" fill="none" stroke="{mark_colour}" stroke-width="9"/>"#)
            });
            let _ = writeln!(
                out,
                r#"<symbol id="{}" viewBox="-50 -50 100 100"><g fill="{fill}" stroke="{stroke}" stroke-width="4">{}</g>{mark}</symbol>"#,
                symbol_id(piece),
                glyph.shape
            );
        }
    }
    for tone in [Tone::Plain, Tone::Good, Tone::Bad] {
        let _ = writeln!(
            out,
            r#"<marker id="head-{}" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 Z" fill="{}"/></marker>"#,
            tone.name(),
            tone_colour(tone)
        );
    }
    out.push_str("</defs>\n");
    out
}

const STYLE: &str = "\
.board{fill:#e9d4a7}\
.square{fill:none;stroke:#8a6a3b;stroke-width:1}\
.special{fill:#c99f62}\
.special-x{stroke:#8a6a3b;stroke-width:1.5}\
.label{font:12px sans-serif;fill:#5a4526;text-anchor:middle;dominant-baseline:central}\
.last{fill:#f3e35a;fill-opacity:.75}\
.highlight{fill:none;stroke:#1b8fd1;stroke-width:4}\
.captured{stroke:#c62828;stroke-width:4;stroke-linecap:round}\
.arrow{stroke-width:6;stroke-linecap:round;opacity:.8;fill:none}";

/// The colour of an arrow and its head.
fn tone_colour(tone: Tone) -> &'static str {
    match tone {
        Tone::Plain => "#1565c0",
        Tone::Good => "#2e7d32",
        Tone::Bad => "#c62828",
    }
}

/// The board without pieces or marks: background, special squares, grid and labels.
/// The viewer draws its pieces over this very board.
pub fn board(diagram: &Diagram) -> String {
    let dim = diagram.dim();
    let total = size(dim);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<rect class="board" x="0" y="0" width="{total}" height="{total}"/>"#
    );
    for (kind, squares) in &diagram.special {
        for &square in squares {
            let (x, y) = origin(dim, square);
            let (x2, y2) = (x + CELL, y + CELL);
            let _ = writeln!(
                out,
                r#"<g class="special-square" data-kind="{}"><rect class="special" x="{x}" y="{y}" width="{CELL}" height="{CELL}"/><path class="special-x" d="M{x} {y} L{x2} {y2} M{x2} {y} L{x} {y2}"/></g>"#,
                special_name(*kind)
            );
        }
    }
    for rank in 0..dim {
        for file in 0..dim {
            let (x, y) = origin(dim, Square::new(file, rank));
            let _ = writeln!(
                out,
                r#"<rect class="square" x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>"#
            );
        }
    }
    let half = MARGIN / 2;
    for i in 0..dim {
        let at = MARGIN + i * CELL + CELL / 2;
        let letter = (b'a' + i as u8) as char;
        let number = dim - i;
        let far = total - half;
        let _ = writeln!(
            out,
            r#"<text class="label" x="{at}" y="{far}">{letter}</text><text class="label" x="{half}" y="{at}">{number}</text>"#
        );
    }
    out
}

/// The marks under the pieces: the last move's squares.
fn under_pieces(diagram: &Diagram) -> String {
    let dim = diagram.dim();
    let mut out = String::new();
    if let Some((from, to)) = diagram.marks.last_move {
        for square in [from, to] {
            let (x, y) = origin(dim, square);
            let _ = writeln!(
                out,
                r#"<rect class="last" x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>"#
            );
        }
    }
    out
}

/// One `<use>` element for a piece.
pub fn piece_element(dim: usize, square: Square, piece: Piece) -> String {
    let (x, y) = origin(dim, square);
    let inset = CELL / 10;
    let side = CELL - 2 * inset;
    format!(
        r##"<use class="piece" data-square="{square}" data-piece="{letter}" href="#{id}" x="{px}" y="{py}" width="{side}" height="{side}"/>"##,
        letter = piece.letter(),
        id = symbol_id(piece),
        px = x + inset,
        py = y + inset,
    )
}

/// The marks over the pieces: captures, highlights, arrows.
fn over_pieces(diagram: &Diagram) -> String {
    let dim = diagram.dim();
    let mut out = String::new();
    for &square in &diagram.marks.captured {
        let (x, y) = origin(dim, square);
        let (a, b) = (x + CELL / 4, y + CELL / 4);
        let (c, d) = (x + 3 * CELL / 4, y + 3 * CELL / 4);
        let _ = writeln!(
            out,
            r#"<path class="captured" data-square="{square}" d="M{a} {b} L{c} {d} M{c} {b} L{a} {d}"/>"#
        );
    }
    for &square in &diagram.marks.highlighted {
        let (x, y) = origin(dim, square);
        let (x, y, side) = (x + 2, y + 2, CELL - 4);
        let _ = writeln!(
            out,
            r#"<rect class="highlight" data-square="{square}" x="{x}" y="{y}" width="{side}" height="{side}"/>"#
        );
    }
    for arrow in &diagram.marks.arrows {
        let (x1, y1) = centre(dim, arrow.from);
        let (x2, y2) = centre(dim, arrow.to);
        let tone = arrow.tone.name();
        let _ = writeln!(
            out,
            r#"<line class="arrow arrow-{tone}" stroke="{}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" marker-end="url(#head-{tone})"><title>{}-{} {}</title></line>"#,
            tone_colour(arrow.tone),
            arrow.from,
            arrow.to,
            escape(&arrow.label)
        );
    }
    out
}

/// Text made safe for XML content and attributes.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The whole diagram as a standalone SVG document.
pub fn svg(diagram: &Diagram) -> String {
    let dim = diagram.dim();
    let total = size(dim);
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="tafl-board" viewBox="0 0 {total} {total}" width="{total}" height="{total}">"#
    );
    out.push('\n');
    let _ = writeln!(out, "<title>{}</title>", escape(&title(diagram)));
    out.push_str(&defs());
    out.push_str(&board(diagram));
    out.push_str(&under_pieces(diagram));
    for (square, piece) in diagram.layout.pieces() {
        out.push_str(&piece_element(dim, square, piece));
        out.push('\n');
    }
    out.push_str(&over_pieces(diagram));
    out.push_str("</svg>\n");
    out
}

/// A one-line description for screen readers and tooltips.
fn title(diagram: &Diagram) -> String {
    let mut title = format!(
        "{}x{} tafl board: {} attackers, {} defenders",
        diagram.dim(),
        diagram.dim(),
        diagram.layout.count_side(Side::Attackers),
        diagram.layout.count_side(Side::Defenders)
    );
    if let Some(side) = diagram.to_move {
        let _ = write!(title, "; {side} to move");
    }
    if let Some((from, to)) = diagram.marks.last_move {
        let _ = write!(title, "; last move {from}-{to}");
    }
    title
}
