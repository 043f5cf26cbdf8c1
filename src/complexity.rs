//! How big is a tafl variant? Exact state-space bounds (big integers), Burnside's
//! lemma over the board symmetries a variant keeps, and game-tree estimates, with the
//! published figures set beside the exact values they meant.
//!
//! ```
//! use taflcount::complexity::{ComplexityReport, ComplexitySpec};
//!
//! let spec = ComplexitySpec::throne_and_corners(11, 24, 12).unwrap();
//! let report = ComplexityReport::compute(&spec, &[]);
//! // The essay's 4^121 ≈ 7×10^72.
//! assert_eq!(report.bound("naive").unwrap().scientific, "7.07e72");
//! ```

mod bounds;
mod document;
mod from_rules;
mod game_tree;
mod group;
pub mod legal;
mod material;
pub mod proof_game;
mod published;
mod spec;

pub use crate::board::Symmetry;
pub use bounds::{naive, placements, side_split};
pub use document::{Bound, ComplexityReport, GameTreeRow, Pieces, PublishedRow, SCHEMA_VERSION};
pub use game_tree::{GameTreeError, GameTreeEstimate};
pub use group::symmetry_group;
pub use material::{binomial, count_material, fixed_boards, MaterialCounts, MaterialTable};
pub use published::{claims_for, PublishedClaim, ScientificFigure};
pub use spec::{square_kind, ComplexitySpec, SpecError, StandMask};
