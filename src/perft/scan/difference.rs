//! What differs at a position a bisection found, in the few kinds a rules question
//! takes: the group key of a scan. Typed (side, end rule, piece kind, route); the words
//! are written only where the document is.

use crate::board::{PieceKind, Side, Square};
use crate::moves::{EndReason, Move, Position, Tables};
use crate::perft::against::{Finding, FindingKind};
use crate::rules::Rules;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cmp::Ordering;

/// How one engine's and taflcount's position lists differ. Ordered by variant, then by
/// the words of its fields (the order the groups of a report tie-break in).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Difference {
    /// The other engine has no move here (it ends the game), taflcount plays on.
    OtherEndsGame {
        /// Who is to move (and, for the other engine, has lost or is stuck).
        #[serde(with = "named")]
        side_to_move: Side,
    },
    /// taflcount ends the game here (`reason`), the other engine plays on.
    TaflcountEndsGame {
        /// Who is to move.
        #[serde(with = "named")]
        side_to_move: Side,
        /// taflcount's end rule (`no legal move` when the side to move has none).
        #[serde(with = "named")]
        reason: EndReason,
    },
    /// The last move captured a piece in taflcount that the other engine keeps (it
    /// still moves it).
    CaptureOnlyTaflcount {
        /// The kind of the piece the other engine keeps (`piece` when unknown).
        #[serde(with = "named")]
        piece: Option<PieceKind>,
    },
    /// The other engine lacks every move of a piece taflcount keeps: it captured it.
    CaptureOnlyOther {
        /// The kind of the piece.
        #[serde(with = "named")]
        piece: Option<PieceKind>,
    },
    /// The other engine plays moves taflcount does not allow.
    ExtraMoves {
        /// The kind of piece that moves (the king if any of them is his).
        #[serde(with = "named")]
        piece: Option<PieceKind>,
        /// Where the moves go.
        route: Route,
    },
    /// The other engine lacks moves taflcount allows.
    MissingMoves {
        /// The kind of piece that moves.
        #[serde(with = "named")]
        piece: Option<PieceKind>,
        /// Where the moves go.
        route: Route,
    },
    /// Same moves, but a count, a total or a repeated divide of the other engine does
    /// not add up.
    Counts {
        /// Which of the three.
        what: CountsDiffer,
    },
}

/// Where a list of moves goes, in the terms a move rule is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Route {
    /// Every move ends on a corner.
    #[serde(rename = "onto a corner")]
    OntoCorner,
    /// Every move ends on the throne.
    #[serde(rename = "onto the throne")]
    OntoThrone,
    /// Every move passes over the throne.
    #[serde(rename = "over the throne")]
    OverThrone,
    /// None of the above.
    #[serde(rename = "elsewhere")]
    Elsewhere,
    /// The moves differ in where they go (or there are none).
    #[serde(rename = "mixed")]
    Mixed,
}

impl Route {
    /// The route in words, as the JSON writes it.
    pub fn name(self) -> &'static str {
        match self {
            Route::OntoCorner => "onto a corner",
            Route::OntoThrone => "onto the throne",
            Route::OverThrone => "over the throne",
            Route::Elsewhere => "elsewhere",
            Route::Mixed => "mixed",
        }
    }
}

/// Which of the other engine's counts does not add up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CountsDiffer {
    /// A count at depth 1 that is not 1.
    #[serde(rename = "leaf count at depth 1")]
    LeafCount,
    /// A total that is not the sum of the divide above it.
    #[serde(rename = "total (not the sum of its divide)")]
    Total,
    /// A count one level up that its divide here does not add up to.
    #[serde(rename = "count one level up (not what its divide adds up to)")]
    Inconsistent,
}

impl CountsDiffer {
    /// The count in words, as the JSON writes it.
    pub fn name(self) -> &'static str {
        match self {
            CountsDiffer::LeafCount => "leaf count at depth 1",
            CountsDiffer::Total => "total (not the sum of its divide)",
            CountsDiffer::Inconsistent => "count one level up (not what its divide adds up to)",
        }
    }
}

/// A value written by its name in the documents, read back by it.
trait Named: Sized + Copy {
    fn name(self) -> &'static str;
    fn every() -> Vec<Self>;
}

impl Named for Side {
    fn name(self) -> &'static str {
        Side::name(self)
    }
    fn every() -> Vec<Side> {
        Side::BOTH.to_vec()
    }
}

impl Named for Option<PieceKind> {
    fn name(self) -> &'static str {
        self.map_or("piece", PieceKind::name)
    }
    fn every() -> Vec<Option<PieceKind>> {
        std::iter::once(None)
            .chain(PieceKind::ALL.map(Some))
            .collect()
    }
}

impl Named for EndReason {
    fn name(self) -> &'static str {
        EndReason::name(self)
    }
    fn every() -> Vec<EndReason> {
        EndReason::ALL.to_vec()
    }
}

/// Serde by name, for the fields of a [`Difference`].
mod named {
    use super::*;

    pub fn serialize<T: Named, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(value.name())
    }

    pub fn deserialize<'de, T: Named, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
        let text = String::deserialize(d)?;
        T::every()
            .into_iter()
            .find(|v| v.name() == text)
            .ok_or_else(|| serde::de::Error::custom(format!("`{text}` is not known here")))
    }
}

impl Difference {
    /// The variant's place, then its fields in words: what the order goes by.
    fn sort_key(&self) -> (u8, &'static str, &'static str) {
        match *self {
            Difference::OtherEndsGame { side_to_move } => (0, side_to_move.name(), ""),
            Difference::TaflcountEndsGame {
                side_to_move,
                reason,
            } => (1, side_to_move.name(), reason.name()),
            Difference::CaptureOnlyTaflcount { piece } => (2, Named::name(piece), ""),
            Difference::CaptureOnlyOther { piece } => (3, Named::name(piece), ""),
            Difference::ExtraMoves { piece, route } => (4, Named::name(piece), route.name()),
            Difference::MissingMoves { piece, route } => (5, Named::name(piece), route.name()),
            Difference::Counts { what } => (6, what.name(), ""),
        }
    }

    /// The group in words, for the table.
    pub fn describe(&self) -> String {
        match *self {
            Difference::OtherEndsGame { side_to_move } => format!(
                "other engine ends the game, taflcount plays on ({} to move)",
                side_to_move.name()
            ),
            Difference::TaflcountEndsGame {
                side_to_move,
                reason,
            } => format!(
                "taflcount ends the game ({}), other engine plays on ({} to move)",
                reason.name(),
                side_to_move.name()
            ),
            Difference::CaptureOnlyTaflcount { piece } => format!(
                "capture: taflcount takes a {} the other engine keeps",
                Named::name(piece)
            ),
            Difference::CaptureOnlyOther { piece } => format!(
                "capture: other engine takes a {} taflcount keeps",
                Named::name(piece)
            ),
            Difference::ExtraMoves { piece, route } => format!(
                "moves: other engine plays {} moves {} that taflcount forbids",
                Named::name(piece),
                route.name()
            ),
            Difference::MissingMoves { piece, route } => format!(
                "moves: other engine misses legal {} moves {}",
                Named::name(piece),
                route.name()
            ),
            Difference::Counts { what } => {
                format!("counts: the other engine's {}", what.name())
            }
        }
    }
}

impl PartialOrd for Difference {
    fn partial_cmp(&self, other: &Difference) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Difference {
    fn cmp(&self, other: &Difference) -> Ordering {
        self.sort_key().cmp(&other.sort_key())
    }
}

/// How a finding reads as a group: our own position there tells a game end from a
/// capture from a move rule. `before` is the position before `last_move`, the move
/// that led to the finding's position (none at the start); `rules` name the corners and
/// the throne.
pub fn classify(
    t: &Tables,
    rules: &Rules,
    before: Option<&Position>,
    last_move: Option<Move>,
    f: &Finding,
) -> Difference {
    let pos = &f.position;
    let (too_many, too_few) = match &f.kind {
        FindingKind::Moves { too_many, too_few } => (too_many, too_few),
        FindingKind::LeafCount { .. } => {
            return Difference::Counts {
                what: CountsDiffer::LeafCount,
            }
        }
        FindingKind::Total { .. } => {
            return Difference::Counts {
                what: CountsDiffer::Total,
            }
        }
        FindingKind::Inconsistent { .. } => {
            return Difference::Counts {
                what: CountsDiffer::Inconsistent,
            }
        }
    };
    let lists = MoveLists {
        ours: if pos.is_over(t) {
            Vec::new()
        } else {
            pos.legal_moves(t)
        },
        too_many,
        too_few,
    };
    game_end(t, pos, f.side(), &lists)
        .or_else(|| capture(t, rules, pos, before, last_move, &lists))
        .unwrap_or_else(|| move_rule(rules, pos, &lists))
}

/// A finding's position's moves: taflcount's, and those the other engine listed that
/// taflcount does not (`too_many`) or lacked (`too_few`).
struct MoveLists<'a> {
    ours: Vec<Move>,
    too_many: &'a [Move],
    too_few: &'a [Move],
}

/// One engine ends the game where the other still moves.
fn game_end(
    t: &Tables,
    pos: &Position,
    side_to_move: Side,
    lists: &MoveLists,
) -> Option<Difference> {
    let (ours, too_many, too_few) = (&lists.ours, lists.too_many, lists.too_few);
    if ours.is_empty() && !too_many.is_empty() {
        let reason = pos.outcome(t).map_or(EndReason::NoLegalMove, |o| o.reason);
        return Some(Difference::TaflcountEndsGame {
            side_to_move,
            reason,
        });
    }
    if !ours.is_empty() && too_few.len() == ours.len() && too_many.is_empty() {
        return Some(Difference::OtherEndsGame { side_to_move });
    }
    None
}

/// The kind of the piece on `s` in `p`, if any.
fn kind_at(p: &Position, s: Square) -> Option<PieceKind> {
    p.piece_at(s).map(|piece| piece.kind)
}

/// One engine captured a piece the other kept.
fn capture(
    t: &Tables,
    rules: &Rules,
    pos: &Position,
    before: Option<&Position>,
    last_move: Option<Move>,
    lists: &MoveLists,
) -> Option<Difference> {
    let MoveLists {
        ours,
        too_many,
        too_few,
    } = lists;
    // A move of the other engine from a square taflcount emptied by a capture: the
    // other engine kept the piece.
    if let Some(m) = too_many.iter().find(|m| pos.piece_at(m.from).is_none()) {
        return Some(Difference::CaptureOnlyTaflcount {
            piece: before.and_then(|b| kind_at(b, m.from)),
        });
    }
    // Every move of one of our pieces missing, a piece the last move could have taken
    // (next to where it landed, or on the same edge for a shieldwall): the other engine
    // no longer has it.
    let takeable = |from: Square| {
        let Some(to) = last_move.map(|m| m.to) else {
            return false;
        };
        let (df, dr) = (
            to.file().abs_diff(from.file()),
            to.rank().abs_diff(from.rank()),
        );
        let edge = |s: Square| t.on_edge(s.file(), s.rank());
        df + dr == 1
            || (edge(to) && edge(from) && (to.file() == from.file() || to.rank() == from.rank()))
    };
    let from_count = |list: &[Move], from: Square| list.iter().filter(|m| m.from == from).count();
    let whole_piece_missing = too_few.iter().map(|m| m.from).find(|&from| {
        from_count(ours, from) == from_count(too_few, from)
            && from_count(too_many, from) == 0
            && takeable(from)
    });
    // Unless all the missing moves cross or reach a special square: then a move rule
    // (a piece whose only moves cross the throne is no capture).
    let special_route = !matches!(route(rules, too_few), Route::Elsewhere | Route::Mixed);
    let from = whole_piece_missing.filter(|_| !special_route)?;
    too_many.is_empty().then(|| Difference::CaptureOnlyOther {
        piece: kind_at(pos, from),
    })
}

/// The engines differ on the moves of a piece: a move rule.
fn move_rule(rules: &Rules, pos: &Position, lists: &MoveLists) -> Difference {
    let mover = |list: &[Move]| {
        let kinds: Vec<PieceKind> = list.iter().filter_map(|m| kind_at(pos, m.from)).collect();
        if kinds.contains(&PieceKind::King) {
            Some(PieceKind::King)
        } else {
            kinds.first().copied()
        }
    };
    if !lists.too_many.is_empty() {
        Difference::ExtraMoves {
            piece: mover(lists.too_many),
            route: route(rules, lists.too_many),
        }
    } else {
        Difference::MissingMoves {
            piece: mover(lists.too_few),
            route: route(rules, lists.too_few),
        }
    }
}

/// Where a list of moves goes: one [`Route`] for all, or `Mixed` when they differ.
fn route(rules: &Rules, moves: &[Move]) -> Route {
    let one = |m: &Move| -> Route {
        let (from, to) = (m.from, m.to);
        if rules.corners.squares.contains(&to) {
            return Route::OntoCorner;
        }
        if rules.centre.squares.contains(&to) {
            return Route::OntoThrone;
        }
        let between = |a: usize, b: usize, x: usize| a.min(b) < x && x < a.max(b);
        let over = rules.centre.squares.iter().any(|c| {
            (from.file() == to.file()
                && c.file() == from.file()
                && between(from.rank(), to.rank(), c.rank()))
                || (from.rank() == to.rank()
                    && c.rank() == from.rank()
                    && between(from.file(), to.file(), c.file()))
        });
        if over {
            Route::OverThrone
        } else {
            Route::Elsewhere
        }
    };
    let mut routes = moves.iter().map(one);
    match routes.next() {
        Some(first) if routes.all(|r| r == first) => first,
        _ => Route::Mixed,
    }
}
