//! The playout policy: a random game, except that a side takes a win in one (the king's
//! escape, the king's capture) and blocks the opponent's win in one when it can. Pure
//! random play walks past both all the time, which makes random playouts say little
//! about a tafl position; these two rules cost little and fix the worst of it.

use crate::board::Side;
use crate::moves::{Move, Position, Tables};
use crate::rng::GameRng as ChaCha8Rng;
use rand::RngExt;

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
        Side::Defenders => pos.king_escape_move(t),
        Side::Attackers => pos.king_capture_move(t),
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
            let lines = pos.king_escape_lines(t);
            if lines.is_empty() {
                return random(rng);
            }
            let blocks: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| lines.contains(m.to))
                .filter(|&m| {
                    let mut after = pos.clone();
                    after.play(t, m);
                    after.side_to_move() == Side::Attackers || !after.king_escapes_in_one(t)
                })
                .collect();
            if blocks.is_empty() {
                random(rng)
            } else {
                blocks[rng.random_range(0..blocks.len())]
            }
        }
        Side::Defenders => {
            if passed(t, pos).king_capture_move(t).is_none() {
                return random(rng);
            }
            let safe: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| {
                    let mut after = pos.clone();
                    after.play(t, m);
                    after.side_to_move() == Side::Defenders || after.king_capture_move(t).is_none()
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
        assert!(passed(&t, &pos).king_capture_move(&t).is_some());
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..20 {
            let m = choose(&t, &pos, &pos.legal_moves(&t), &mut rng);
            let mut after = pos.clone();
            after.play(&t, m);
            assert!(after.king_capture_move(&t).is_none(), "{m}");
        }
    }
}
