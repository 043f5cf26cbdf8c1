//! The one document `taflcount complexity` produces; the table, the Markdown report
//! and the JSON are all rendered from it.

use num_bigint::BigUint;
use serde::{Deserialize, Serialize};

use super::bounds;
use super::game_tree::GameTreeEstimate;
use super::material::{count_material, MaterialCounts};
use super::published::{claims_for, ScientificFigure};
use super::spec::ComplexitySpec;
use crate::document::Header;
use crate::number::{log10, round_to, scientific, scientific_from_log10, Rounded};

/// Version of the JSON layout; bump it when a field changes meaning or disappears.
pub const SCHEMA_VERSION: u32 = 1;

/// The size of one variant: its exact bounds, game-tree estimates, and the published
/// figures set beside the exact values they meant.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ComplexityReport {
    /// [`SCHEMA_VERSION`], and "taflcount" as the tool.
    #[serde(flatten)]
    pub header: Header,
    /// The subcommand that wrote it: "complexity".
    pub command: String,
    /// The variant's name (the catalog's, else the rules' own).
    pub variant: String,
    /// The board's side length in squares.
    pub dim: usize,
    /// The squares on the board: `dim` squared.
    pub cells: usize,
    /// The starting material.
    pub pieces: Pieces,
    /// The board symmetries that keep the special squares and the rules.
    pub symmetries: Vec<String>,
    /// The exact bounds on the number of positions, each with what it counts.
    pub bounds: Vec<Bound>,
    /// Game-tree estimates b^L: one from the command line, and the essay's on 11x11.
    pub game_tree: Vec<GameTreeRow>,
    /// The published figures for this board and material, each beside the exact value it
    /// meant.
    pub published: Vec<PublishedRow>,
}

/// The starting material, which the material bounds count up to.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Pieces {
    /// Attackers at the start.
    pub attackers: usize,
    /// Defenders at the start, the king not counted.
    pub defenders: usize,
    /// Kings: always 1, written out so that the JSON states the whole material.
    pub king: usize,
}

/// One exact bound.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bound {
    /// Its stable key: "naive", "placements", "material_up_to_symmetry"...
    pub name: String,
    /// The exact count (a decimal string in JSON).
    #[serde(
        serialize_with = "crate::number::serialize_decimal",
        deserialize_with = "crate::number::deserialize_decimal"
    )]
    pub value: BigUint,
    /// The count to three significant digits ("7.07e72"), in full below a million.
    pub scientific: String,
    /// log10 of the count, to three decimals.
    pub log10: f64,
    /// What is counted, in words, with this variant's numbers.
    pub meaning: String,
}

/// One game-tree estimate b^L.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameTreeRow {
    /// Where b and L come from: "command line" or "essay".
    pub source: String,
    /// b: the average number of legal moves per ply.
    pub branching: f64,
    /// L: the average game length in plies.
    pub length: f64,
    /// b^L to three significant digits.
    pub scientific: String,
    /// L · log10(b), to three decimals.
    pub log10: f64,
}

/// A published figure beside the exact value it meant.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PublishedRow {
    /// The figure as published ("1.4e43").
    pub claim: String,
    /// Where it was published.
    pub source: String,
    /// The bound name, or `game_tree:<source>`.
    pub bound: String,
    /// The exact value, rounded to three digits.
    pub exact: String,
    /// log10(claim) - log10(exact): positive when the claim is too high.
    pub log10_difference: f64,
    /// Whether the exact value rounds to the claim at the precision it was written.
    pub within_rounding: bool,
    /// How the figure was obtained and what is off about it.
    pub note: String,
}

impl ComplexityReport {
    /// Computes every bound for `spec`, the game trees of `extra_trees` (command-line
    /// or measured figures) and the essay's where it applies, and the published rows.
    pub fn compute(spec: &ComplexitySpec, extra_trees: &[GameTreeEstimate]) -> ComplexityReport {
        let cells = spec.cells();
        let (attackers, defenders) = (spec.attackers(), spec.defenders());
        let counts = count_material(spec);
        let bounds = bounds_of(spec, &counts);
        let mut trees: Vec<GameTreeEstimate> = extra_trees.to_vec();
        if spec.dim() == 11 {
            trees.push(GameTreeEstimate::essay());
        }
        let game_tree = trees.iter().map(GameTreeRow::of).collect();
        let published = published_rows(spec, &bounds, &trees);

        ComplexityReport {
            header: Header::new(SCHEMA_VERSION, "taflcount"),
            command: "complexity".to_owned(),
            variant: spec.name().to_owned(),
            dim: spec.dim(),
            cells,
            pieces: Pieces {
                attackers,
                defenders,
                king: 1,
            },
            symmetries: counts.group.iter().map(|s| s.name().to_owned()).collect(),
            bounds,
            game_tree,
            published,
        }
    }

    /// The bound called `name`.
    pub fn bound(&self, name: &str) -> Option<&Bound> {
        self.bounds.iter().find(|b| b.name == name)
    }
}

/// Every bound of `spec`, from the naive one down to the start material up to
/// symmetry, with what each counts.
fn bounds_of(spec: &ComplexitySpec, counts: &MaterialCounts) -> Vec<Bound> {
    let cells = spec.cells();
    let (attackers, defenders) = (spec.attackers(), spec.defenders());
    let kinds = spec.piece_kinds();
    let pieces = attackers + defenders + 1;
    let group_order = counts.group.len();
    let side_split = bounds::side_split(cells, pieces);
    let two = BigUint::from(2u32);
    let bound_values: Vec<(&'static str, BigUint, String)> = vec![
        (
            "naive",
            bounds::naive(cells, kinds),
            format!("(kinds + 1)^N: each of the {cells} squares empty or one of {kinds} piece kinds"),
        ),
        (
            "placements",
            bounds::placements(cells, pieces),
            format!("sum of C({cells}, i), i = 3..{pieces}: which squares are occupied"),
        ),
        (
            "side_split",
            side_split.clone(),
            "the essay's sum of C(N, i) · C(i, k) · k: pieces split between the sides, one made king"
                .to_owned(),
        ),
        (
            "side_split_quarter",
            &side_split / 4u32,
            "side_split / 4: the essay's allowance for rotations".to_owned(),
        ),
        (
            "material",
            counts.raw.total() * &two,
            format!(
                "one king, 0..{attackers} attackers, 0..{defenders} defenders where they may stand; x2 for the side to move"
            ),
        ),
        (
            "material_up_to_symmetry",
            counts.up_to_symmetry.total() * &two,
            format!("material, boards related by one of the {group_order} symmetries counted once; x2 for the side to move"),
        ),
        (
            "start_material",
            counts.raw.get(attackers, defenders).clone(),
            format!("exactly {attackers} attackers, {defenders} defenders and the king, placed where they may stand"),
        ),
        (
            "start_material_up_to_symmetry",
            counts.up_to_symmetry.get(attackers, defenders).clone(),
            format!("start_material, boards related by one of the {group_order} symmetries counted once"),
        ),
    ];
    bound_values
        .into_iter()
        .map(|(name, value, meaning)| Bound {
            name: name.to_owned(),
            scientific: scientific(&value),
            log10: round_to(log10(&value), 3),
            value,
            meaning,
        })
        .collect()
}

impl GameTreeRow {
    /// The row of one game-tree estimate.
    fn of(tree: &GameTreeEstimate) -> GameTreeRow {
        GameTreeRow {
            source: tree.source.clone(),
            branching: tree.branching,
            length: tree.length,
            scientific: scientific_from_log10(tree.log10()),
            log10: round_to(tree.log10(), 3),
        }
    }
}

/// The published figures for this board and material, each beside the exact value of
/// the bound or game tree it claims.
fn published_rows(
    spec: &ComplexitySpec,
    bounds: &[Bound],
    trees: &[GameTreeEstimate],
) -> Vec<PublishedRow> {
    claims_for(spec.dim(), spec.attackers(), spec.defenders())
        .into_iter()
        .filter_map(|claim| {
            let figure = ScientificFigure::parse(claim.claim)?;
            let exact: BigUint = match claim.refers_to.strip_prefix("game_tree:") {
                Some(source) => trees.iter().find(|t| t.source == source)?.exact()?,
                None => bounds
                    .iter()
                    .find(|b| b.name == claim.refers_to)?
                    .value
                    .clone(),
            };
            let rounded = Rounded::of(&exact, figure.digits.len());
            Some(PublishedRow {
                claim: claim.claim.to_owned(),
                source: claim.source.to_owned(),
                bound: claim.refers_to.to_owned(),
                exact: scientific(&exact),
                log10_difference: round_to(figure.log10() - log10(&exact), 3),
                within_rounding: rounded.digits == figure.digits
                    && rounded.exponent == figure.exponent,
                note: claim.note.to_owned(),
            })
        })
        .collect()
}
