//! Helpers shared by the unit tests of several modules.

use crate::board::{Layout, RecordOrder, Side};
use crate::moves::{Move, Position, Tables};
use crate::rules::catalog;

/// A catalog variant's tables and a position on its board, from a record written rank 1
/// first, with `side` to move. Panics on a bad name or record: the tests write them.
pub fn position(variant: &str, record: &str, side: Side) -> (Tables, Position) {
    let t = Tables::new(&catalog::find(variant).unwrap().rules()).unwrap();
    let layout = Layout::parse(record, RecordOrder::RankOneFirst).unwrap();
    let pos = Position::from_layout(&t, &layout, side).unwrap();
    (t, pos)
}

/// A catalog variant's tables and its start position. Panics on a bad name.
pub fn start(variant: &str) -> (Tables, Position) {
    let t = Tables::new(&catalog::find(variant).unwrap().rules()).unwrap();
    let pos = Position::start(&t);
    (t, pos)
}

/// A move written `a1-b1`, captures left out.
pub fn mv(text: &str) -> Move {
    let (a, b) = text.split_once('-').unwrap();
    Move {
        from: a.parse().unwrap(),
        to: b.parse().unwrap(),
    }
}
