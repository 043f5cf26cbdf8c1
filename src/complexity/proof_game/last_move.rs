//! A filter of obviously broken test targets: can the side not to move have made the
//! last move?

use crate::moves::{Position, Tables};

/// True if the side not to move has a piece that can have made the last move: it
/// came along a line from an empty square where it may stand, the position before was
/// not over, and its arrival captures nothing (what it captured would be gone). Not a
/// proven condition of legality, a filter of obviously broken test targets.
pub fn last_move_possible(tables: &Tables, pos: &Position) -> bool {
    let mover = pos.side_to_move().opponent();
    let layout = pos.layout(tables);
    for x in pos.pieces(mover).iter() {
        let piece = pos.piece_at(x).expect("a piece");
        for from in layout.open_lines(x) {
            let mut before = layout.clone();
            before.set(from, Some(piece));
            before.set(x, None);
            let Ok(prev) = Position::from_layout(tables, &before, mover) else {
                continue;
            };
            let mv = crate::moves::Move { from, to: x };
            if prev.ended_before_moving(tables) || !super::capture::legal(tables, &prev, mv) {
                continue;
            }
            let (after, captured) = prev.after(tables, mv);
            if captured.is_empty() && after == *pos {
                return true;
            }
        }
    }
    false
}
