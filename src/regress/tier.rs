//! The hard tier of the misplay suite (`fixtures/misplays/hard/`): forced wins of five
//! plies or more that players missed, scored as a solve rate at a node budget.

/// The node budget the hard tier is scored at unless told otherwise.
pub const DEFAULT_NODES: u64 = 100_000;
