//! Players for self-play. Each chooses one legal move; randomness comes only from the
//! game's own generator, so a game is fixed by (seed, game index) alone.

use crate::moves::{Move, Position, Square, Tables};
pub use crate::rng::{game_rng, GameRng};
use rand::RngExt;
use std::fmt;
use std::str::FromStr;

/// A self-play player: picks one of `moves` (the legal moves of `pos`, never empty).
pub trait Player: Sync {
    /// `history`: the hashes of the game's earlier positions, oldest first (for the
    /// repetition rule of players that look ahead).
    fn choose(
        &self,
        t: &Tables,
        pos: &Position,
        moves: &[Move],
        history: &[u64],
        rng: &mut GameRng,
    ) -> Move;
}

/// Uniformly random among the legal moves.
pub struct RandomPlayer;

impl Player for RandomPlayer {
    fn choose(
        &self,
        _: &Tables,
        _: &Position,
        moves: &[Move],
        _: &[u64],
        rng: &mut GameRng,
    ) -> Move {
        moves[rng.random_range(0..moves.len())]
    }
}

/// The one-ply player of the Octagon Theory essay. A move that wins at once (the king's
/// escape, his capture, any other end in the mover's favour) is taken; otherwise each
/// move scores the pieces it captures, less one if the moved piece can be captured by a
/// reply landing next to it (the king: less a thousand, since that loses the game). The
/// best score is played, ties broken at random.
pub struct GreedyPlayer;

const WINS: i32 = i32::MAX;
const KING_EXPOSED: i32 = -1000;

impl GreedyPlayer {
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
}

impl Player for GreedyPlayer {
    fn choose(
        &self,
        t: &Tables,
        pos: &Position,
        moves: &[Move],
        _: &[u64],
        rng: &mut GameRng,
    ) -> Move {
        let mut best = i32::MIN;
        let mut ties: Vec<Move> = Vec::new();
        for &mv in moves {
            let score = GreedyPlayer::score(t, pos, mv);
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
    let (f, r) = (at.file() as isize, at.rank() as isize);
    let neighbours: Vec<Square> = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        .iter()
        .filter(|(df, dr)| t.on_board(f + df, r + dr))
        .map(|(df, dr)| Square::new((f + df) as usize, (r + dr) as usize))
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

/// The players the command line offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// [`RandomPlayer`]: uniformly random moves.
    Random,
    /// [`GreedyPlayer`]: the essay's one-ply player.
    Greedy,
    /// The AI's fixed-depth search.
    Search {
        /// The search depth in plies, 1 to 64.
        depth: u32,
    },
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerKind::Random => f.write_str("random"),
            PlayerKind::Greedy => f.write_str("greedy"),
            PlayerKind::Search { depth } => write!(f, "search:{depth}"),
        }
    }
}

/// A player name that is not `random`, `greedy` or `search:DEPTH`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSyntaxError(pub String);

impl fmt::Display for PlayerSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown player `{}`; expected random, greedy or search:DEPTH (DEPTH from 1 to 64)",
            self.0
        )
    }
}

impl std::error::Error for PlayerSyntaxError {}

impl crate::error::Kind for PlayerSyntaxError {}

impl FromStr for PlayerKind {
    type Err = PlayerSyntaxError;

    fn from_str(text: &str) -> Result<PlayerKind, PlayerSyntaxError> {
        match text {
            "random" => Ok(PlayerKind::Random),
            "greedy" => Ok(PlayerKind::Greedy),
            _ => text
                .strip_prefix("search:")
                .and_then(|d| d.parse::<u32>().ok())
                .filter(|d| (1..=64).contains(d))
                .map(|depth| PlayerKind::Search { depth })
                .ok_or_else(|| PlayerSyntaxError(text.to_string())),
        }
    }
}

/// The AI (`taflcount::search`) at a fixed depth. The search is deterministic, so two of
/// them would play the same game every time: the first `RANDOM_OPENING_PLIES` plies of
/// a game are drawn from the game's seeded stream, then the search plays.
pub struct SearchPlayer {
    /// The search depth in plies.
    pub depth: u32,
}

/// Random plies at the start of a `search:D` game, so that seeded games differ.
pub const RANDOM_OPENING_PLIES: usize = 2;

impl Player for SearchPlayer {
    fn choose(
        &self,
        t: &Tables,
        pos: &Position,
        moves: &[Move],
        history: &[u64],
        rng: &mut GameRng,
    ) -> Move {
        if history.len() < RANDOM_OPENING_PLIES {
            return moves[rng.random_range(0..moves.len())];
        }
        let result = crate::search::Searcher::new(t, crate::search::Limits::depth(self.depth))
            .best_move(pos, history);
        result
            .best_move
            .filter(|m| moves.contains(m))
            .unwrap_or(moves[0])
    }
}

impl PlayerKind {
    /// The player itself.
    pub fn player(self) -> Box<dyn Player> {
        match self {
            PlayerKind::Random => Box::new(RandomPlayer),
            PlayerKind::Greedy => Box::new(GreedyPlayer),
            PlayerKind::Search { depth } => Box::new(SearchPlayer { depth }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Side;
    use crate::test_support::{mv, position as setup};

    #[test]
    fn player_names_parse_and_print() {
        assert_eq!("random".parse(), Ok(PlayerKind::Random));
        assert_eq!("greedy".parse(), Ok(PlayerKind::Greedy));
        assert_eq!("search:4".parse(), Ok(PlayerKind::Search { depth: 4 }));
        for bad in ["search:", "search:0", "search:x", "Random", "minimax"] {
            assert!(bad.parse::<PlayerKind>().is_err(), "{bad}");
        }
        assert_eq!(PlayerKind::Search { depth: 4 }.to_string(), "search:4");
    }

    #[test]
    fn the_same_seed_and_game_give_the_same_stream_and_games_differ() {
        let draw = |seed, game| -> Vec<u32> {
            let mut rng = game_rng(seed, game);
            (0..8).map(|_| rng.random_range(0..1000)).collect()
        };
        assert_eq!(draw(7, 3), draw(7, 3));
        assert_ne!(draw(7, 3), draw(7, 4));
        assert_ne!(draw(7, 3), draw(8, 3));
    }

    #[test]
    fn greedy_king_escapes_when_he_can() {
        // Brandub (records rank 1 first), defenders to move: the king on a3 has a clear
        // file down to the corner a1, an escape; nothing else wins.
        let (t, pos) = setup("brandub", "/7/7/K6/3T3/t2t3/7/3t3/", Side::Defenders);
        let moves = pos.legal_moves(&t);
        assert!(moves.contains(&mv("a3-a1")));
        let mut rng = game_rng(1, 0);
        for _ in 0..20 {
            assert_eq!(
                GreedyPlayer.choose(&t, &pos, &moves, &[], &mut rng),
                mv("a3-a1")
            );
        }
    }

    #[test]
    fn greedy_scores_captures() {
        // Attackers to move. c1-c3 lands next to the defender on d3 with the attacker on
        // e3 behind it: one capture, and the only defender left, the king on a5, cannot
        // take c3 alone. f7-f6 captures nothing and is safe.
        let (t, pos) = setup("brandub", "/2t4/7/3Tt2/7/K6/7/5t1/", Side::Attackers);
        assert_eq!(GreedyPlayer::score(&t, &pos, mv("c1-c3")), 1);
        assert_eq!(GreedyPlayer::score(&t, &pos, mv("f7-f6")), 0);
        let mut rng = game_rng(3, 0);
        assert_eq!(
            GreedyPlayer.choose(&t, &pos, &pos.legal_moves(&t), &[], &mut rng),
            mv("c1-c3")
        );
    }

    #[test]
    fn greedy_scores_a_piece_left_en_prise_as_minus_one() {
        // Defenders to move. d3-d2 stands between c2 (empty) and the attacker on e2, and
        // the attacker on c7 can slide down the open c-file to c2 and capture it: -1.
        // d3-d1 stands between c1 and e1, and no attacker can fill both: 0.
        let (t, pos) = setup("brandub", "/7/4t2/3T3/6K/7/7/2t4/", Side::Defenders);
        assert_eq!(GreedyPlayer::score(&t, &pos, mv("d3-d2")), -1);
        assert_eq!(GreedyPlayer::score(&t, &pos, mv("d3-d1")), 0);
    }

    #[test]
    fn greedy_keeps_the_weak_king_out_of_a_two_sided_capture() {
        // Brandub's king is captured by two. c5-c6 puts him beside the attacker on b6,
        // and f6-d6 closes the pair; c5-c4 is safe.
        let (t, pos) = setup("brandub", "/7/7/7/7/2K4/1t3t1/7/", Side::Defenders);
        assert_eq!(GreedyPlayer::score(&t, &pos, mv("c5-c6")), KING_EXPOSED);
        assert_eq!(GreedyPlayer::score(&t, &pos, mv("c5-c4")), 0);
    }
}
