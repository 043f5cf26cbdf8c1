//! Output shared by the tools: number formatting for tables and JSON, table styles,
//! and the renderers of each tool's document.

pub mod bench;
pub mod complexity;
pub mod number;
pub mod table;
