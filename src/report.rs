//! Output shared by the tools: SVG plots, and with the `cli` feature the tables and
//! Markdown pages rendered from each tool's document.

#[cfg(feature = "cli")]
pub mod bench;
#[cfg(feature = "cli")]
pub mod branching;
#[cfg(feature = "cli")]
pub mod complexity;
#[cfg(feature = "cli")]
pub mod matches;
#[cfg(feature = "cli")]
pub mod perft;
pub mod plot;
#[cfg(feature = "cli")]
pub mod regress;
#[cfg(feature = "cli")]
pub mod table;
#[cfg(feature = "cli")]
pub mod tune;
