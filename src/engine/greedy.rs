//! The one-ply greedy engine of the Octagon Theory essay: it takes a win at once, else
//! the move that captures most while leaving the moved piece safe, ties broken from the
//! game's seeded stream.

use crate::moves::{Direction, Move, Position, Square, Tables};
use crate::rng::GameRng;
use rand::RngExt;

/// The one-ply player of the Octagon Theory essay. A move that wins at once (the king's
/// escape, his capture, any other end in the mover's favour) is taken; otherwise each
/// move scores the pieces it captures, less one if the moved piece can be captured by a
/// reply landing next to it (the king: less a thousand, since that loses the game). The
/// best score is played, ties broken at random.
pub struct Greedy;

const WINS: i32 = i32::MAX;
const KING_EXPOSED: i32 = -1000;

impl Greedy {
    /// The greedy score of one move.
    pub fn score(t: &Tables, pos: &Position, mv: Move) -> i32 {
        let me = pos.side_to_move();
        let king_moves = pos.king() == Some(mv.from);
        let mut child = pos.clone();
        let mut captures = 0;
        child.play_with(t, mv, |_| captures += 1);
        if child.outcome(t).is_some_and(|o| o.winner == Some(me)) {
            return WINS;
        }
        if !exposed(t, &child, mv.to) {
            captures
        } else if king_moves {
            KING_EXPOSED + captures
        } else {
            captures - 1
        }
    }

    /// The best-scoring move of `moves` (the legal moves of `pos`, never empty).
    pub fn choose(t: &Tables, pos: &Position, moves: &[Move], rng: &mut GameRng) -> Move {
        let mut best = i32::MIN;
        let mut ties: Vec<Move> = Vec::new();
        for &mv in moves {
            let score = Greedy::score(t, pos, mv);
            if score > best {
                best = score;
                ties.clear();
            }
            if score == best {
                ties.push(mv);
            }
        }
        ties[rng.random_range(0..ties.len())]
    }
}

/// True if some reply of the side to move in `pos` that lands orthogonally next to `at`
/// captures the piece on `at`.
fn exposed(t: &Tables, pos: &Position, at: Square) -> bool {
    let neighbours: Vec<Square> = Direction::ALL
        .iter()
        .filter_map(|&d| at.step(t.dim(), d))
        .collect();
    let mut found = false;
    pos.for_each_piece_moves(t, |piece| {
        if found {
            return;
        }
        for reply in piece.iter().filter(|m| neighbours.contains(&m.to)) {
            let mut after = pos.clone();
            after.play_with(t, reply, |s| found |= s == at);
            if found {
                return;
            }
        }
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Side;
    use crate::rng::game_rng;
    use crate::test_support::{mv, position as setup};

    #[test]
    fn greedy_king_escapes_when_he_can() {
        // Brandub (records rank 1 first), defenders to move: the king on a3 has a clear
        // file down to the corner a1, an escape; nothing else wins.
        let (t, pos) = setup("brandub", "/7/7/K6/3T3/t2t3/7/3t3/", Side::Defenders);
        let moves = pos.legal_moves(&t);
        assert!(moves.contains(&mv("a3-a1")));
        let mut rng = game_rng(1, 0);
        for _ in 0..20 {
            assert_eq!(Greedy::choose(&t, &pos, &moves, &mut rng), mv("a3-a1"));
        }
    }

    #[test]
    fn greedy_scores_captures() {
        // Attackers to move. c1-c3 lands next to the defender on d3 with the attacker on
        // e3 behind it: one capture, and the only defender left, the king on a5, cannot
        // take c3 alone. f7-f6 captures nothing and is safe.
        let (t, pos) = setup("brandub", "/2t4/7/3Tt2/7/K6/7/5t1/", Side::Attackers);
        assert_eq!(Greedy::score(&t, &pos, mv("c1-c3")), 1);
        assert_eq!(Greedy::score(&t, &pos, mv("f7-f6")), 0);
        let mut rng = game_rng(3, 0);
        assert_eq!(
            Greedy::choose(&t, &pos, &pos.legal_moves(&t), &mut rng),
            mv("c1-c3")
        );
    }

    #[test]
    fn greedy_scores_a_piece_left_en_prise_as_minus_one() {
        // Defenders to move. d3-d2 stands between c2 (empty) and the attacker on e2, and
        // the attacker on c7 can slide down the open c-file to c2 and capture it: -1.
        // d3-d1 stands between c1 and e1, and no attacker can fill both: 0.
        let (t, pos) = setup("brandub", "/7/4t2/3T3/6K/7/7/2t4/", Side::Defenders);
        assert_eq!(Greedy::score(&t, &pos, mv("d3-d2")), -1);
        assert_eq!(Greedy::score(&t, &pos, mv("d3-d1")), 0);
    }

    #[test]
    fn greedy_keeps_the_weak_king_out_of_a_two_sided_capture() {
        // Brandub's king is captured by two. c5-c6 puts him beside the attacker on b6,
        // and f6-d6 closes the pair; c5-c4 is safe.
        let (t, pos) = setup("brandub", "/7/7/7/7/2K4/1t3t1/7/", Side::Defenders);
        assert_eq!(Greedy::score(&t, &pos, mv("c5-c6")), KING_EXPOSED);
        assert_eq!(Greedy::score(&t, &pos, mv("c5-c4")), 0);
    }
}
