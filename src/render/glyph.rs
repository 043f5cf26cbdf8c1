//! One glyph per piece: a character for the terminal and a shape for SVG, so each of the
//! twelve piece types (six kinds, two sides) looks different on every board.

use crate::board::{Piece, PieceKind, Side};

/// How one piece type is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// The character of the text diagram (one terminal column wide).
    pub character: char,
    /// The SVG shape inside a symbol whose view box is -50..50 on both axes, filled and
    /// stroked by the side's colours.
    pub shape: &'static str,
    /// A path drawn over the shape in the side's mark colour (the king's cross).
    pub mark: Option<&'static str>,
}

/// Attackers are filled dark, defenders light; the kinds differ by shape (circle, diamond,
/// triangle, crowned circle, square, star).
pub fn piece_glyph(piece: Piece) -> Glyph {
    let dark = piece.side == Side::Attackers;
    let character = match (piece.kind, dark) {
        (PieceKind::Taflman, true) => '●',
        (PieceKind::Taflman, false) => '○',
        (PieceKind::Commander, true) => '◆',
        (PieceKind::Commander, false) => '◇',
        (PieceKind::Knight, true) => '▲',
        (PieceKind::Knight, false) => '△',
        (PieceKind::King, true) => '♚',
        (PieceKind::King, false) => '♔',
        (PieceKind::Mercenary, true) => '■',
        (PieceKind::Mercenary, false) => '□',
        (PieceKind::Guard, true) => '★',
        (PieceKind::Guard, false) => '☆',
    };
    let shape = match piece.kind {
        PieceKind::Taflman => r#"<circle r="36"/>"#,
        PieceKind::Commander => r#"<path d="M0 -42 L42 0 L0 42 L-42 0 Z"/>"#,
        PieceKind::Knight => r#"<path d="M0 -40 L40 32 L-40 32 Z"/>"#,
        PieceKind::King => r#"<circle r="40"/>"#,
        PieceKind::Mercenary => r#"<rect x="-33" y="-33" width="66" height="66" rx="6"/>"#,
        PieceKind::Guard => {
            r#"<path d="M0 -44 L11 -15 L42 -14 L18 6 L26 36 L0 19 L-26 36 L-18 6 L-42 -14 L-11 -15 Z"/>"#
        }
    };
    let mark = (piece.kind == PieceKind::King).then_some("M0 -26 V26 M-26 0 H26");
    Glyph {
        character,
        shape,
        mark,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_twelve_piece_types_have_twelve_characters_and_six_shapes() {
        let mut characters = Vec::new();
        let mut shapes = Vec::new();
        for side in Side::BOTH {
            for kind in PieceKind::ALL {
                let glyph = piece_glyph(Piece { side, kind });
                characters.push(glyph.character);
                shapes.push(glyph.shape);
            }
        }
        characters.sort();
        characters.dedup();
        assert_eq!(characters.len(), 12);
        shapes.sort();
        shapes.dedup();
        assert_eq!(shapes.len(), 6);
    }
}
