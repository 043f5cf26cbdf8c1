//! One look for every table the tools print: boxes on a terminal, pipes in Markdown.

use comfy_table::{presets, CellAlignment, ContentArrangement, Table};

/// Where a table is going.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableStyle {
    /// Box-drawing characters, for a terminal.
    Terminal,
    /// A Markdown pipe table, for reports.
    Markdown,
}

/// An empty table with `header`; columns listed in `right_aligned` hold numbers.
/// Rows never wrap, so the output does not depend on the terminal's width.
pub fn new_table(style: TableStyle, header: &[&str], right_aligned: &[usize]) -> Table {
    let mut table = Table::new();
    table.load_style(match style {
        TableStyle::Terminal => presets::UTF8_FULL_CONDENSED,
        TableStyle::Markdown => presets::ASCII_MARKDOWN,
    });
    table.set_content_arrangement(ContentArrangement::Disabled);
    table.set_header(header.iter().copied());
    for &column in right_aligned {
        if let Some(column) = table.column_mut(column) {
            column.set_cell_alignment(CellAlignment::Right);
        }
    }
    table
}
