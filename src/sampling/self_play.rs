//! Self-play: games from the start between two copies of one engine (any engine, an
//! OTEP program included), played by the one game loop (`engine::play`) under every end
//! rule including threefold repetition, up to a ply cap.

use super::sample::{GameEnd, GameSample};
use crate::engine::{play, EngineFactory, GameSeed, Seats};
use crate::moves::{Move, Position, Tables};
use crate::rng::{game_rng, GameRng};
use rand::RngExt;
use std::sync::Mutex;

/// What to play: how many games, the seed, the ply cap, random opening plies and the
/// threads to share the games on.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    /// How many games to play.
    pub games: usize,
    /// The run's seed; game `i` plays from `game_rng(seed, i)`.
    pub seed: u64,
    /// The ply cap: a game still going after this many plies stops unfinished.
    pub max_plies: usize,
    /// Random plies at the start of each game, drawn from the game's stream, so that
    /// an engine whose moves depend on the position alone (a fixed search, most outside
    /// engines) does not play the same game every time. [`opening_plies_for`] gives
    /// the usual choice.
    pub opening_plies: usize,
    /// Threads to share the games on; the result does not depend on it.
    pub threads: usize,
}

/// Random opening plies for self-play of an engine: none for the engines that draw
/// their moves at random (random, greedy), [`RANDOM_OPENING_PLIES`] for the others.
pub fn opening_plies_for(spec: &crate::engine::EngineSpec) -> usize {
    use crate::engine::EngineKind;
    match spec.kind {
        EngineKind::Random | EngineKind::Greedy => 0,
        _ => RANDOM_OPENING_PLIES,
    }
}

/// Random plies at the start of a game of a deterministic engine, so that seeded games
/// differ.
pub const RANDOM_OPENING_PLIES: usize = 2;

/// Up to `plies` random legal moves from the start (fewer if the game ends first).
fn random_opening(t: &Tables, plies: usize, rng: &mut GameRng) -> Vec<Move> {
    let mut pos = Position::start(t);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = pos.legal_moves(t);
        if legal.is_empty() || pos.outcome(t).is_some() {
            break;
        }
        let mv = legal[rng.random_range(0..legal.len())];
        pos.play(t, mv);
        moves.push(mv);
    }
    moves
}

/// Game `game` of a run: its random opening, then the engine on both sides. An engine
/// that cannot be started forfeits the game for the side to move.
pub fn play_one(t: &Tables, run: &SelfPlay, engine: &dyn EngineFactory, game: u64) -> GameSample {
    let seed = GameSeed {
        seed: run.seed,
        game,
    };
    let mut rng = game_rng(seed.seed, seed.game);
    let opening = random_opening(t, run.opening_plies, &mut rng);
    let played = match engine.create(t) {
        Ok(mut engine) => {
            engine.start_game(seed);
            play(t, &opening, Seats::Both(engine.as_mut()), run.max_plies)
        }
        Err(e) => {
            // No ply played: the side to move forfeits (the tools check that an engine
            // starts before any game, so this is an engine that stopped starting).
            return GameSample {
                plies: Vec::new(),
                end: GameEnd::Forfeit {
                    side: Position::start(t).side_to_move(),
                    reason: e.to_string(),
                },
                failure: None,
            };
        }
    };
    GameSample {
        plies: played.branching,
        end: played.end,
        failure: played.failure,
    }
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
    engine: &dyn EngineFactory,
    done: &(dyn Fn(&GameSample) + Sync),
) -> Vec<GameSample> {
    let mut games = Vec::new();
    self_play_each(t, run, engine, done, &mut |game| games.push(game));
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
    engine: &dyn EngineFactory,
    done: &(dyn Fn(&GameSample) + Sync),
    each: &mut dyn FnMut(GameSample),
) {
    let mut first = 0;
    while first < run.games {
        let batch = BATCH.min(run.games - first);
        let slots: Vec<Mutex<Option<GameSample>>> = (0..batch).map(|_| Mutex::new(None)).collect();
        crate::threads::share_out(run.threads, batch, &|k| {
            let game = play_one(t, run, engine, (first + k) as u64);
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
