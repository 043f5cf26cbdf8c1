//! When and how the programs draw a board: on a terminal by default, with `--board`
//! anywhere, in colour only on a terminal without `NO_COLOR` (<https://no-color.org>).

use crate::render::text::{text, TextStyle};
use crate::render::Diagram;
use std::io::IsTerminal;

/// True when a board should be drawn: asked for with `--board`, or stdout is a terminal.
pub fn wanted(flag: bool) -> bool {
    flag || std::io::stdout().is_terminal()
}

/// Colour only for a terminal, and never when `NO_COLOR` is set to anything non-empty.
pub fn style() -> TextStyle {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    TextStyle {
        colour: !no_color && std::io::stdout().is_terminal(),
    }
}

/// The diagram as text in the style of this output.
pub fn draw(diagram: &Diagram) -> String {
    text(diagram, style())
}
