//! Self-play: games from the start between two players of one kind, under every end
//! rule including threefold repetition, up to a ply cap.

use super::game::{GameEnd, GameSample, PlyBranching};
use super::players::{game_rng, GameRng, Player};
use crate::moves::{Position, Repetitions, Tables};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// What to play: how many games, the seed, the ply cap and the threads to share them on.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    /// How many games to play.
    pub games: usize,
    /// The run's seed; game `i` plays from `game_rng(seed, i)`.
    pub seed: u64,
    /// The ply cap: a game still going after this many plies stops unfinished.
    pub max_plies: usize,
    /// Threads to share the games on; the result does not depend on it.
    pub threads: usize,
}

/// One game from the start; it stops unfinished after `max_plies` plies.
pub fn play_game(
    t: &Tables,
    player: &dyn Player,
    rng: &mut GameRng,
    max_plies: usize,
) -> GameSample {
    let mut pos = Position::start(t);
    let mut seen = Repetitions::new(t, &pos, &[]);
    let mut hashes = Vec::new();
    let mut plies = Vec::new();
    let end = loop {
        if let Some(outcome) = pos.outcome(t) {
            break GameEnd::Rules {
                winner: outcome.winner,
                reason: outcome.reason,
            };
        }
        if plies.len() >= max_plies {
            break GameEnd::Unfinished;
        }
        let moves = pos.legal_moves(t);
        plies.push(PlyBranching {
            side: pos.side_to_move(),
            moves: moves.len() as u32,
        });
        let mv = player.choose(t, &pos, &moves, &hashes, rng);
        hashes.push(pos.hash());
        pos.play(t, mv);
        if let Some(outcome) = seen.repeated(&pos) {
            break GameEnd::Rules {
                winner: outcome.winner,
                reason: outcome.reason,
            };
        }
        seen.push(&pos);
    };
    GameSample { plies, end }
}

/// Plays `games` games; game `i` uses `game_rng(seed, i)`, so the result is the same on
/// any number of threads. `done` is called once per finished game (for progress).
pub fn self_play(
    t: &Tables,
    run: &SelfPlay,
    player: &dyn Player,
    done: &(dyn Fn(&GameSample) + Sync),
) -> Vec<GameSample> {
    let results: Mutex<Vec<Option<GameSample>>> = Mutex::new(vec![None; run.games]);
    let next = AtomicUsize::new(0);
    let work = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= run.games {
            break;
        }
        let mut rng = game_rng(run.seed, i as u64);
        let game = play_game(t, player, &mut rng, run.max_plies);
        done(&game);
        results
            .lock()
            .expect("no thread panics while holding the lock")[i] = Some(game);
    };
    if run.threads <= 1 {
        work();
    } else {
        std::thread::scope(|s| {
            for _ in 0..run.threads {
                s.spawn(work);
            }
        });
    }
    results
        .into_inner()
        .expect("threads finished")
        .into_iter()
        .map(|g| g.expect("every game was played"))
        .collect()
}
