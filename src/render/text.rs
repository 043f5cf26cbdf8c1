//! The board as Unicode text for a terminal: files and ranks labelled, special squares
//! marked, the last move in `( )`, highlighted squares in `[ ]`, captured squares as
//! `×`, arrows listed under the board, and a legend of what is on it. Colour (ANSI) is
//! an option the caller turns on only for a terminal without `NO_COLOR`; every mark is
//! readable without it.

use super::{piece_glyph, special_name, Diagram};
use crate::board::{Piece, PieceKind, Side, Square};
use crate::rules::SpecialKind;
use std::fmt::Write;

/// How to write the diagram.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextStyle {
    /// ANSI colours: pieces by side, marks in colour. Never for a pipe or `NO_COLOR`.
    pub colour: bool,
}

/// The character of an empty special square.
fn special_character(kind: SpecialKind) -> char {
    match kind {
        SpecialKind::Corner => '⊠',
        SpecialKind::Centre => '⊡',
        SpecialKind::AttackerFort => '⊟',
        SpecialKind::DefenderFort => '⊞',
    }
}

const RESET: &str = "\x1b[0m";

fn paint(out: &mut String, colour: bool, code: &str, text: &str) {
    if colour {
        let _ = write!(out, "\x1b[{code}m{text}{RESET}");
    } else {
        out.push_str(text);
    }
}

/// The diagram as lines of text, top rank first, each line ending in `\n`.
pub fn text(diagram: &Diagram, style: TextStyle) -> String {
    let dim = diagram.dim();
    let colour = style.colour;
    let marks = &diagram.marks;
    let files: String = (0..dim)
        .map(|f| format!(" {} ", (b'a' + f as u8) as char))
        .collect::<String>()
        .trim_end()
        .to_string();
    let mut out = String::new();
    let _ = writeln!(out, "   {files}");
    for rank in (0..dim).rev() {
        let _ = write!(out, "{:>2} ", rank + 1);
        for file in 0..dim {
            let square = Square::new(file, rank);
            let piece = diagram.layout.get(square);
            let (character, code) = match piece {
                Some(p) => (
                    piece_glyph(p).character.to_string(),
                    match (p.side, p.kind) {
                        (_, PieceKind::King) => "1;33",
                        (Side::Attackers, _) => "1;31",
                        (Side::Defenders, _) => "1;34",
                    },
                ),
                None if marks.captured.contains(&square) => ("×".to_string(), "1;31"),
                None => match diagram.special_at(square) {
                    Some(kind) => (special_character(kind).to_string(), "2"),
                    None => ("·".to_string(), "2"),
                },
            };
            let on_last = marks
                .last_move
                .is_some_and(|(from, to)| from == square || to == square);
            let (open, close, bracket_code) = if marks.highlighted.contains(&square) {
                ("[", "]", "1;36")
            } else if on_last {
                ("(", ")", "1;33")
            } else {
                (" ", " ", "0")
            };
            paint(&mut out, colour && open != " ", bracket_code, open);
            paint(&mut out, colour, code, &character);
            paint(&mut out, colour && close != " ", bracket_code, close);
        }
        let _ = writeln!(out, " {}", rank + 1);
    }
    let _ = writeln!(out, "   {files}");
    if let Some(side) = diagram.to_move {
        let _ = writeln!(out, "{side} to move");
    }
    if let Some((from, to)) = marks.last_move {
        let _ = write!(out, "last move {from}-{to}");
        if !marks.captured.is_empty() {
            let list: Vec<String> = marks.captured.iter().map(|s| s.to_string()).collect();
            let _ = write!(out, ", captured {}", list.join(" "));
        }
        out.push('\n');
    } else if !marks.captured.is_empty() {
        let list: Vec<String> = marks.captured.iter().map(|s| s.to_string()).collect();
        let _ = writeln!(out, "captured {}", list.join(" "));
    }
    if !marks.highlighted.is_empty() {
        let list: Vec<String> = marks.highlighted.iter().map(|s| s.to_string()).collect();
        let _ = writeln!(out, "marked [ ] {}", list.join(" "));
    }
    for arrow in &marks.arrows {
        let _ = write!(out, "→ {}-{}", arrow.from, arrow.to);
        if !arrow.label.is_empty() {
            let _ = write!(out, " {}", arrow.label);
        }
        out.push('\n');
    }
    out.push_str(&legend(diagram));
    out
}

/// One line naming each glyph on the board: pieces, then special squares.
fn legend(diagram: &Diagram) -> String {
    let mut items = Vec::new();
    for side in Side::BOTH {
        for kind in PieceKind::ALL {
            let piece = Piece { side, kind };
            if diagram.layout.count(side, kind) > 0 {
                let owner = if side == Side::Attackers {
                    "attacking"
                } else {
                    "defending"
                };
                let name = if kind == PieceKind::King && side == Side::Defenders {
                    "king".to_string()
                } else {
                    format!("{owner} {}", kind.name())
                };
                items.push(format!("{} {name}", piece_glyph(piece).character));
            }
        }
    }
    for (kind, _) in &diagram.special {
        items.push(format!(
            "{} {}",
            special_character(*kind),
            special_name(*kind)
        ));
    }
    if items.is_empty() {
        String::new()
    } else {
        items.join("  ") + "\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Layout, RecordOrder};
    use crate::game::Game;
    use crate::render::{Diagram, Tone};

    fn brandub() -> Diagram {
        let game = Game::named("brandub").unwrap();
        Diagram::new(game.rules.start.clone(), &game.rules, Some(Side::Attackers))
    }

    #[test]
    fn a_piece_stands_where_its_record_puts_it() {
        // Hand-read from the record: rank 4 is `ttTKTtt`, the king on d4.
        let out = text(&brandub(), TextStyle::default());
        let rank4 = out.lines().find(|l| l.starts_with(" 4 ")).unwrap();
        assert_eq!(rank4, " 4  ●  ●  ○  ♔  ○  ●  ●  4");
        let rank7 = out.lines().find(|l| l.starts_with(" 7 ")).unwrap();
        assert_eq!(rank7, " 7  ⊠  ·  ·  ●  ·  ·  ⊠  7");
        assert!(!out.contains('\x1b'));
    }

    #[test]
    fn marks_show_without_colour_and_colour_only_when_asked() {
        let game = Game::named("brandub").unwrap();
        let layout =
            Layout::parse("/3t3/7/3T3/ttTKTt1/3T3/3t3/6t/", RecordOrder::RankOneFirst).unwrap();
        let mut diagram = Diagram::new(layout, &game.rules, None);
        diagram.marks.last_move = Some(("g7".parse().unwrap(), "g6".parse().unwrap()));
        diagram.marks.captured = vec!["d2".parse().unwrap()];
        let diagram = diagram.with_highlights(["d4".parse().unwrap()]).with_arrow(
            "d1".parse().unwrap(),
            "a1".parse().unwrap(),
            Tone::Good,
            "expected",
        );
        let plain = text(&diagram, TextStyle::default());
        assert!(plain.contains(" 2  ·  ·  ·  ×  ·  ·  ·  2"), "{plain}");
        assert!(plain.contains("[♔]"), "{plain}");
        assert!(plain.contains("(●)"), "{plain}");
        assert!(plain.contains("last move g7-g6, captured d2"), "{plain}");
        assert!(plain.contains("→ d1-a1 expected"), "{plain}");
        let coloured = text(&diagram, TextStyle { colour: true });
        assert!(coloured.contains("\x1b[1;33m♔"), "{coloured}");
    }
}
