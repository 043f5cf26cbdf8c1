//! The playout policy: a random game, except that a side takes a win in one (the king's
//! escape, the king's capture) and blocks the opponent's win in one when it can. Pure
//! random play walks past both all the time, which makes random playouts say little
//! about a tafl position; these two rules cost little and fix the worst of it.

use crate::board::Side;
use crate::moves::{file_of, rank_of, sq, BitIter, Move, Mover, Position, Sq, Tables};
use crate::rng::GameRng as ChaCha8Rng;
use rand::RngExt;

/// The king's escape routes: the escape squares he reaches in one move, and every square
/// on the way to one of them (the escape square included), as (file, rank) bit words.
fn escape_lines(t: &Tables, pos: &Position, king: Sq) -> Option<Vec<Sq>> {
    let pm = pos.piece_moves(t, Mover::King, king);
    let (kf, kr) = (file_of(king), rank_of(king));
    let mut squares = Vec::new();
    for b in BitIter(pm.along_rank) {
        let f = b - 1;
        if t.escape_squares()[kr] & (1 << b) != 0 {
            let (lo, hi) = if f < kf { (f, kf - 1) } else { (kf + 1, f) };
            squares.extend((lo..=hi).map(|x| sq(x, kr)));
        }
    }
    for b in BitIter(pm.along_file) {
        let r = b - 1;
        if t.escape_squares()[r] & (1 << (kf + 1)) != 0 {
            let (lo, hi) = if r < kr { (r, kr - 1) } else { (kr + 1, r) };
            squares.extend((lo..=hi).map(|y| sq(kf, y)));
        }
    }
    (!squares.is_empty()).then_some(squares)
}

/// A king move onto an escape square, for the defenders to move (not in the middle of
/// another piece's berserk turn).
fn king_escape(t: &Tables, pos: &Position) -> Option<Move> {
    let king = pos.king()?;
    if pos.side_to_move() != Side::Defenders || pos.berserker().is_some_and(|b| b != king) {
        return None;
    }
    let pm = pos.piece_moves(t, Mover::King, king);
    pm.iter()
        .find(|m| t.escape_squares()[rank_of(m.to)] & (1 << (file_of(m.to) + 1)) != 0)
}

fn next_to(a: Sq, b: Sq) -> bool {
    let (af, ar, bf, br) = (file_of(a), rank_of(a), file_of(b), rank_of(b));
    af.abs_diff(bf) + ar.abs_diff(br) == 1
}

/// A move of the attackers (to move in `pos`, or as if they were) that captures the king:
/// only moves landing next to him can.
fn king_capture(t: &Tables, pos: &Position) -> Option<Move> {
    let king = pos.king()?;
    let mut found = None;
    pos.for_each_piece_moves(t, |pm| {
        if found.is_some() {
            return;
        }
        for m in pm.iter().filter(|m| next_to(m.to, king)) {
            let mut after = pos.clone();
            after.play(t, m);
            if after.king().is_none() {
                found = Some(m);
                return;
            }
        }
    });
    found
}

/// `pos` with the other side to move (and no berserk turn pending): what the opponent
/// could do if it were its turn.
fn passed(t: &Tables, pos: &Position) -> Position {
    let mut q = pos.clone();
    q.null_move(t);
    q
}

/// A move for the side to move that wins at once by the king's escape or capture.
pub(crate) fn winning_move(t: &Tables, pos: &Position) -> Option<Move> {
    match pos.side_to_move() {
        Side::Defenders => king_escape(t, pos),
        Side::Attackers => king_capture(t, pos),
    }
}

/// The policy's move among `moves` (the legal moves of `pos`, not empty).
pub(crate) fn choose(t: &Tables, pos: &Position, moves: &[Move], rng: &mut ChaCha8Rng) -> Move {
    if let Some(m) = winning_move(t, pos) {
        return m;
    }
    let random = |rng: &mut ChaCha8Rng| moves[rng.random_range(0..moves.len())];
    match pos.side_to_move() {
        Side::Attackers => {
            // Does the king escape next move? Only a move onto one of his lines can stop it.
            let Some(king) = pos.king() else {
                return random(rng);
            };
            let Some(lines) = escape_lines(t, pos, king) else {
                return random(rng);
            };
            let blocks: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| lines.contains(&m.to))
                .filter(|&m| {
                    let mut after = pos.clone();
                    after.play(t, m);
                    after.side_to_move() == Side::Attackers
                        || after
                            .king()
                            .is_none_or(|k| escape_lines(t, &after, k).is_none())
                })
                .collect();
            if blocks.is_empty() {
                random(rng)
            } else {
                blocks[rng.random_range(0..blocks.len())]
            }
        }
        Side::Defenders => {
            if king_capture(t, &passed(t, pos)).is_none() {
                return random(rng);
            }
            let safe: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| {
                    let mut after = pos.clone();
                    after.play(t, m);
                    after.side_to_move() == Side::Defenders || king_capture(t, &after).is_none()
                })
                .collect();
            if safe.is_empty() {
                random(rng)
            } else {
                safe[rng.random_range(0..safe.len())]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{mv, position as setup};
    use rand::SeedableRng;

    #[test]
    fn the_king_takes_his_escape() {
        // Brandub (rank 1 first), defenders to move: the king on a3 slides down to a1.
        let (t, pos) = setup("brandub", "/7/7/K6/3T3/t2t3/7/3t3/", Side::Defenders);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..10 {
            assert_eq!(
                choose(&t, &pos, &pos.legal_moves(&t), &mut rng),
                mv("a3-a1")
            );
        }
    }

    #[test]
    fn the_attackers_block_an_escape_and_take_the_king() {
        // Attackers to move; the king on a3 would slide to a1 next (a5's attacker shuts
        // the way up to a7). Only a2 blocks the file, and only d2's attacker reaches it
        // (c2 and b2 on its way are no block).
        let (t, pos) = setup("brandub", "/7/3t3/K6/7/t6/7/3t3/", Side::Attackers);
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        for _ in 0..10 {
            assert_eq!(
                choose(&t, &pos, &pos.legal_moves(&t), &mut rng),
                mv("d2-a2")
            );
        }
        // Brandub's king is weak (ks:w: two attackers capture him). King on d5, an
        // attacker on c5: e7-e5 closes the sandwich and wins.
        let (t, pos) = setup("brandub", "/7/7/7/7/2tK3/7/4t2/", Side::Attackers);
        let win = winning_move(&t, &pos).unwrap();
        assert_eq!(win, mv("e7-e5"));
        assert_eq!(choose(&t, &pos, &pos.legal_moves(&t), &mut rng), win);
    }

    #[test]
    fn the_defenders_step_out_of_a_capture() {
        // Defenders to move, the king on d5 beside the attacker on c5; the attacker on e7
        // threatens e7-e5. Every defender move the policy picks leaves no capture (the
        // defender on b1 has 9 moves that leave it, the king some that do not).
        let (t, pos) = setup("brandub", "/1T5/7/7/7/2tK3/7/4t2/", Side::Defenders);
        assert!(king_capture(&t, &passed(&t, &pos)).is_some());
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..20 {
            let m = choose(&t, &pos, &pos.legal_moves(&t), &mut rng);
            let mut after = pos.clone();
            after.play(&t, m);
            assert!(king_capture(&t, &after).is_none(), "{m}");
        }
    }
}
