//! Self-play: games from the start between two players of one kind, under every end
//! rule including threefold repetition, up to a ply cap.

use super::game::{GameEnd, GameSample, PlyBranching};
use super::players::{game_rng, GameRng, Player};
use crate::moves::{Position, Repetitions, Tables};
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

/// Games played between two hand-overs to the caller: enough to keep every thread busy,
/// few enough that memory never depends on the number of games asked for.
const BATCH: usize = 256;

/// Plays `games` games; game `i` uses `game_rng(seed, i)`, so the result is the same on
/// any number of threads. `done` is called once per finished game (for progress).
/// Holds every game in memory: [`self_play_each`] streams them instead.
pub fn self_play(
    t: &Tables,
    run: &SelfPlay,
    player: &dyn Player,
    done: &(dyn Fn(&GameSample) + Sync),
) -> Vec<GameSample> {
    let mut games = Vec::new();
    self_play_each(t, run, player, done, &mut |game| games.push(game));
    games
}

/// Plays `run.games` games and hands each to `each` in game order (0, 1, 2, ...) on the
/// calling thread, whatever the number of threads; game `i` uses `game_rng(seed, i)`.
/// Games are played in batches of a few hundred, so memory holds one batch, never all
/// the games: any count can be streamed into a [`super::StatisticsBuilder`]. `done`
/// is called from the playing thread as each game finishes (for progress).
pub fn self_play_each(
    t: &Tables,
    run: &SelfPlay,
    player: &dyn Player,
    done: &(dyn Fn(&GameSample) + Sync),
    each: &mut dyn FnMut(GameSample),
) {
    let mut first = 0;
    while first < run.games {
        let batch = BATCH.min(run.games - first);
        let slots: Vec<Mutex<Option<GameSample>>> = (0..batch).map(|_| Mutex::new(None)).collect();
        crate::threads::share_out(run.threads, batch, &|k| {
            let mut rng = game_rng(run.seed, (first + k) as u64);
            let game = play_game(t, player, &mut rng, run.max_plies);
            done(&game);
            *slots[k]
                .lock()
                .expect("no thread panics while holding the lock") = Some(game);
        });
        for slot in slots {
            let game = slot.into_inner().expect("threads finished");
            each(game.expect("every game of the batch was played"));
        }
        first += batch;
    }
}
