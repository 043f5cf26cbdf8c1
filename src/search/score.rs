//! Scores: centipawn-like evaluation units, and game ends that carry their distance.
//! A win reached `p` plies from the root scores `WIN - p`, so a shorter win is better
//! and "escape in 3 plies" can be read back from the score.

/// The score of a win at the root (never reached: a win is at least one ply away).
pub const WIN: i32 = 1_000_000;
/// Scores beyond this (in absolute value) are game ends.
pub const WIN_BOUND: i32 = WIN - 1_000;
/// Above every score.
pub const INFINITY: i32 = WIN + 1;

/// The score, for the side to move at ply `ply`, of a win for it `plies` from the root.
#[inline]
pub fn win_at(plies: usize) -> i32 {
    WIN - plies as i32
}

/// Plies from the root to the game's end, if the score is a game end.
pub fn plies_to_end(score: i32) -> Option<u32> {
    (score.abs() > WIN_BOUND).then(|| (WIN - score.abs()) as u32)
}

/// A stored score is relative to the node, not the root: game ends are shifted.
#[inline]
pub fn to_table(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score read back at `ply` from the root: the inverse of [`to_table`].
#[inline]
pub fn from_table(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}
