//! The occupancy words the evaluation and the move ordering read. The engine keeps them
//! crate-private; this is the one place the search depends on that layout (a public
//! accessor in `moves::Position` would let it go).

use crate::board::{Side, MAX_DIM};
use crate::moves::Position;

/// `ranks(pos, side)[rank]`: bit `file + 1` set where a piece of `side` stands.
#[inline(always)]
pub(crate) fn ranks(pos: &Position, side: Side) -> &[u32; MAX_DIM] {
    pos.pieces(side).words()
}
