//! Running many games: head-to-head matches in pairs (with an optional SPRT), round
//! robins, and one engine against itself for the variant's side balance.
//!
//! Games are numbered; game `g` is fixed by its number (opening, sides, seeds), runs on
//! whichever thread takes it, and its result is stored under its number. Everything
//! reported is computed from the games in number order, and an SPRT stops at the first
//! prefix of pairs that crosses a bound, so for deterministic engines the report is the
//! same on any number of threads.

use super::openings::OpeningSupply;
use crate::board::Side;
use crate::engine::{play_game, EngineError, EngineFactory, GameEnd, PlayedGame};
use crate::moves::Tables;
use crate::sampling::Moments;
use crate::stats::{
    fit_bradley_terry, EloEstimate, FitError, GameScore, PairingResult, Pentanomial, Rating,
    SprtParameters, SprtState, Trinomial,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::atomic::AtomicBool;

/// How many games, how long, on how many threads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatchSettings {
    /// Games per match (per pairing in a round robin); even for pairs.
    pub games: usize,
    /// A game still going after this many plies (the opening's included) is a draw.
    pub max_plies: usize,
    /// The run's seed: the engines' seeds in game `g` come from it and `g` alone, not
    /// from the thread that plays the game.
    pub seed: u64,
    /// Games played at once, one per thread (0 counts as 1). For deterministic engines
    /// the result does not depend on it.
    pub threads: usize,
    /// Stop a head-to-head match once this SPRT accepts a hypothesis (round robins and
    /// side balance runs ignore it).
    pub sprt: Option<SprtParameters>,
}

/// Why a run could not be made.
#[derive(Debug)]
pub enum MatchError {
    /// An engine could not be started.
    Engine {
        /// The engine's name.
        engine: String,
        /// Why it could not start.
        error: EngineError,
    },
    /// The round robin's ratings cannot be fitted.
    Fit(FitError),
    /// Settings that make no run (too few engines, unusable openings).
    Settings(String),
    /// A number of games that makes no run (odd for pairs, zero, past counting).
    GameCount(String),
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Engine { engine, error } => write!(f, "engine `{engine}`: {error}"),
            MatchError::Fit(e) => write!(f, "round robin ratings: {e}"),
            MatchError::Settings(why) | MatchError::GameCount(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for MatchError {}

impl crate::error::Kind for MatchError {}

/// One game of a run, with who played which side.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchGame {
    /// The engine that played the attackers, an index into the run's engines.
    pub attackers: usize,
    /// The engine that played the defenders, an index like `attackers`.
    pub defenders: usize,
    /// The opening's index in the supply.
    pub opening: usize,
    /// The game itself.
    pub game: PlayedGame,
}

impl MatchGame {
    /// The score of engine `engine` in this game (it must have played it).
    pub fn score_of(&self, engine: usize) -> GameScore {
        let side = if engine == self.attackers {
            Side::Attackers
        } else {
            Side::Defenders
        };
        match self.game.winner {
            None => GameScore::Draw,
            Some(w) if w == side => GameScore::Win,
            Some(_) => GameScore::Loss,
        }
    }
}

/// An engine's results: overall and by the side it played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideResults {
    /// All its games.
    pub total: Trinomial,
    /// Its games as the attackers.
    pub as_attackers: Trinomial,
    /// Its games as the defenders.
    pub as_defenders: Trinomial,
}

impl SideResults {
    fn add(&mut self, side: Side, score: GameScore) {
        self.total.add(score);
        match side {
            Side::Attackers => self.as_attackers.add(score),
            Side::Defenders => self.as_defenders.add(score),
        }
    }
}

/// Game lengths and how games ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    /// How many games.
    pub games: usize,
    /// Plies per game, the opening's included.
    pub length: Option<Moments>,
    /// Games by the way they ended: `attackers by king captured`, `draw by ply cap`, ...
    pub ends: BTreeMap<String, usize>,
    /// Games lost by an engine whose process crashed or hung.
    pub crashes: usize,
    /// Games lost on time.
    pub time_losses: usize,
}

impl GameSummary {
    fn of(games: &[MatchGame]) -> GameSummary {
        let lengths: Vec<f64> = games.iter().map(|g| g.game.plies() as f64).collect();
        let mut ends = BTreeMap::new();
        let (mut crashes, mut time_losses) = (0, 0);
        for g in games {
            if let GameEnd::Forfeit { reason, .. } = &g.game.end {
                crashes += usize::from(reason == crate::engine::CRASHED);
                time_losses += usize::from(reason == crate::engine::LOST_ON_TIME);
            }
            let label = match (&g.game.end, g.game.winner) {
                (GameEnd::Unfinished, _) => "draw by ply cap".to_string(),
                (GameEnd::Forfeit { side, reason }, _) => format!("{side} forfeit ({reason})"),
                (GameEnd::Rules { reason, .. }, Some(w)) => format!("{w} by {reason}"),
                (GameEnd::Rules { reason, .. }, None) => format!("draw by {reason}"),
                // A match plays its games; no record's result ends them.
                (GameEnd::Recorded { .. }, _) => "recorded result".to_string(),
            };
            *ends.entry(label).or_insert(0) += 1;
        }
        GameSummary {
            games: games.len(),
            length: Moments::of(&lengths),
            ends,
            crashes,
            time_losses,
        }
    }
}

/// Where an SPRT ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtReport {
    /// The test that was run.
    pub parameters: SprtParameters,
    /// The log-likelihood ratio (natural log) of the pairs played.
    pub llr: f64,
    /// ln(beta/(1-alpha)): H0 is accepted at or below it.
    pub lower_bound: f64,
    /// ln((1-beta)/alpha): H1 is accepted at or above it.
    pub upper_bound: f64,
    /// The decision; `Continue` if the games ran out first.
    pub state: SprtState,
}

impl SprtReport {
    fn of(parameters: SprtParameters, pairs: &Pentanomial) -> SprtReport {
        let llr = parameters.llr(pairs);
        SprtReport {
            parameters,
            llr,
            lower_bound: parameters.lower_bound(),
            upper_bound: parameters.upper_bound(),
            state: parameters.state(llr),
        }
    }
}

/// The result of two engines' match, from the first engine's point of view.
#[derive(Clone, Debug, PartialEq)]
pub struct HeadToHead {
    /// The two engines' names (`EngineFactory::name`), in the order given.
    pub engines: [String; 2],
    /// The games played, in number order: pair p is games 2p (the first engine
    /// attacking) and 2p + 1 (the second engine attacking), from opening p.
    pub games: Vec<MatchGame>,
    /// `settings.games / 2`; more than were played if the SPRT stopped the match.
    pub pairs_planned: usize,
    /// Each engine's results overall and by side, indexed as `engines`.
    pub results: [SideResults; 2],
    /// The pairs, counted for the first engine.
    pub pentanomial: Pentanomial,
    /// The first engine's Elo against the second, from the pairs; `None` without pairs.
    pub elo: Option<EloEstimate>,
    /// Where the SPRT ended, if the settings asked for one.
    pub sprt: Option<SprtReport>,
    /// The games' lengths and endings.
    pub summary: GameSummary,
}

/// What a running match has so far (complete pairs in number order).
#[derive(Clone, Debug, PartialEq)]
pub struct MatchProgress {
    /// Games in the pairs counted so far: the pairs in number order up to the first one
    /// with a game not finished yet (or up to the pair where the SPRT stopped).
    pub games_done: usize,
    /// `settings.games`: the most the match will play.
    pub games_planned: usize,
    /// The pairs counted so far, for the first engine.
    pub pentanomial: Pentanomial,
    /// The first engine's Elo from those pairs; `None` before the first pair.
    pub elo: Option<EloEstimate>,
    /// The SPRT's log-likelihood ratio so far; `None` without an SPRT.
    pub llr: Option<f64>,
}

/// A per-game seed from the run's seed, the game number and the engine slot.
fn seed_for(seed: u64, game: usize, slot: u64) -> u64 {
    crate::rng::mix64(seed ^ (game as u64).wrapping_mul(crate::rng::GOLDEN_GAMMA) ^ slot << 61)
}

/// Plays games 0..count through the one thread pool ([`crate::threads::share_collect`]);
/// the first error stops the run and is returned.
fn run_jobs(
    count: usize,
    threads: usize,
    stop: Option<&AtomicBool>,
    job: &(dyn Fn(usize) -> Result<MatchGame, MatchError> + Sync),
    collect: &mut dyn FnMut(usize, MatchGame) -> Option<usize>,
) -> Result<(), MatchError> {
    let mut failure = None;
    crate::threads::share_collect(count, threads, stop, job, &mut |i, result| match result {
        Ok(game) => collect(i, game),
        Err(e) => {
            failure.get_or_insert(e);
            Some(0)
        }
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

fn create<'t>(
    factory: &dyn EngineFactory,
    t: &'t Tables,
) -> Result<Box<dyn crate::engine::Engine + 't>, MatchError> {
    factory.create(t).map_err(|error| MatchError::Engine {
        engine: factory.name().to_string(),
        error,
    })
}

/// A run needs at least one opening (an empty supply, e.g. random plies that always
/// end the game, makes none), and openings shorter than the ply cap: a game cut off at
/// the cap inside its opening is a draw no engine played.
fn check_openings(openings: &OpeningSupply, settings: &MatchSettings) -> Result<(), MatchError> {
    if openings.openings.is_empty() {
        return Err(MatchError::Settings(format!(
            "no openings: {} gave none",
            openings.source
        )));
    }
    if let Some(long) = openings
        .openings
        .iter()
        .find(|o| o.moves.len() >= settings.max_plies)
    {
        return Err(MatchError::Settings(format!(
            "an opening of {} plies, from {}, leaves no game under the cap of {} plies",
            long.moves.len(),
            openings.source,
            settings.max_plies
        )));
    }
    Ok(())
}

/// Plays one game between engine slots `a` (attackers) and `b` (defenders).
fn one_game(
    t: &Tables,
    factories: &[&dyn EngineFactory],
    (a, b): (usize, usize),
    openings: &OpeningSupply,
    opening: usize,
    settings: &MatchSettings,
    number: usize,
) -> Result<MatchGame, MatchError> {
    let mut attackers = create(factories[a], t)?;
    let mut defenders = create(factories[b], t)?;
    let game = play_game(
        t,
        &openings.get(opening).moves,
        [attackers.as_mut(), defenders.as_mut()],
        [
            seed_for(settings.seed, number, 0),
            seed_for(settings.seed, number, 1),
        ],
        settings.max_plies,
    );
    Ok(MatchGame {
        attackers: a,
        defenders: b,
        opening: opening % openings.openings.len(),
        game,
    })
}

/// Finished games by number. It grows with the games played, never with the number
/// asked for: a slot per game up front (`vec![None; games]`) made `--games
/// 18446744073709551614` a capacity-overflow panic and a billion games a reservation of
/// hundreds of gigabytes. Games are handed out in number order, so the slots in use
/// never run more than the threads ahead of the games finished.
struct Slots {
    games: Vec<Option<MatchGame>>,
    /// Games 0..prefix have all ended.
    prefix: usize,
    /// Games 0..emitted have been handed to `RunHooks::game_ended`.
    emitted: usize,
}

impl Slots {
    fn new() -> Slots {
        Slots {
            games: Vec::new(),
            prefix: 0,
            emitted: 0,
        }
    }

    fn put(&mut self, number: usize, game: MatchGame) {
        if self.games.len() <= number {
            self.games.resize_with(number + 1, || None);
        }
        self.games[number] = Some(game);
        while self.get(self.prefix).is_some() {
            self.prefix += 1;
        }
    }

    fn get(&self, number: usize) -> Option<&MatchGame> {
        self.games.get(number).and_then(Option::as_ref)
    }

    /// How many games from game 0 on have all ended; `whole` rounds down to a multiple
    /// of it (2 for pairs).
    fn ended(&self, whole: usize) -> usize {
        self.prefix - self.prefix % whole
    }

    /// Hands games emitted..upto (all ended) to the hook, in number order.
    fn emit(&mut self, upto: usize, hooks: &mut RunHooks) {
        if let Some(hook) = hooks.game_ended.as_mut() {
            while self.emitted < upto {
                hook(self.get(self.emitted).expect("emitted games have ended"));
                self.emitted += 1;
            }
        }
    }

    /// Games 0..count, every one of them played.
    fn into_games(mut self, count: usize) -> Vec<MatchGame> {
        self.games.truncate(count);
        assert_eq!(
            self.games.len(),
            count,
            "every game before the end was played"
        );
        self.games
            .into_iter()
            .map(|g| g.expect("every game before the end was played"))
            .collect()
    }
}

/// What a caller may add to a run: an archive written as the games end, and a way to
/// stop early (Ctrl-C).
#[derive(Default)]
pub struct RunHooks<'a> {
    /// Called on the calling thread with each game the result will hold, in number
    /// order, as soon as it and every game before it have ended (in whole pairs where
    /// games are paired): a file appended from it is a valid archive at every moment,
    /// and holds exactly the result's games at the end.
    pub game_ended: Option<&'a mut dyn FnMut(&MatchGame)>,
    /// Once set, no further game starts; the games in play end, and the result holds
    /// the games from game 0 up to the first one not played (whole pairs where games
    /// are paired), as if the run had been asked for that many.
    pub stop: Option<&'a AtomicBool>,
    /// Called on the calling thread as each game ends in which an engine crashed, hung
    /// or lost on time, with its error in full ([`PlayedGame::failure`]): the library
    /// prints nothing, the program shows it.
    pub engine_failed: Option<&'a mut dyn FnMut(&str)>,
}

impl RunHooks<'_> {
    /// Hands `game`'s engine failure, if any, to `engine_failed`.
    fn report_failure(&mut self, game: &MatchGame) {
        if let (Some(hook), Some(failure)) = (self.engine_failed.as_mut(), &game.game.failure) {
            hook(failure);
        }
    }
}

/// Two engines, `settings.games` games in pairs, stopped early if the SPRT decides.
/// `progress` is called on the calling thread after each finished game.
pub fn run_match(
    t: &Tables,
    engines: [&dyn EngineFactory; 2],
    openings: &OpeningSupply,
    settings: &MatchSettings,
    progress: &mut dyn FnMut(&MatchProgress),
    mut hooks: RunHooks,
) -> Result<HeadToHead, MatchError> {
    if settings.games == 0 || settings.games % 2 != 0 {
        return Err(MatchError::GameCount(format!(
            "{} is not a positive even number: games are played in pairs",
            settings.games
        )));
    }
    check_openings(openings, settings)?;
    let pairs = settings.games / 2;
    let factories = [engines[0], engines[1]];
    let job = |g: usize| {
        let slots = if g % 2 == 0 { (0, 1) } else { (1, 0) };
        one_game(t, &factories, slots, openings, g / 2, settings, g)
    };
    let stop = hooks.stop;
    let mut slots = Slots::new();
    let mut pentanomial = Pentanomial::default();
    let mut complete = 0;
    let mut decided = None;
    let mut collect = |g: usize, game: MatchGame| {
        hooks.report_failure(&game);
        slots.put(g, game);
        let mut stop = None;
        while decided.is_none() && complete < pairs {
            let (Some(first), Some(second)) =
                (slots.get(2 * complete), slots.get(2 * complete + 1))
            else {
                break;
            };
            pentanomial.add(first.score_of(0), second.score_of(0));
            complete += 1;
            if let Some(sprt) = settings.sprt {
                if sprt.state(sprt.llr(&pentanomial)) != SprtState::Continue {
                    decided = Some(complete);
                    stop = Some(2 * complete);
                }
            }
        }
        slots.emit(2 * complete, &mut hooks);
        progress(&MatchProgress {
            games_done: 2 * complete,
            games_planned: settings.games,
            pentanomial,
            elo: pentanomial.estimate(),
            llr: settings.sprt.map(|s| s.llr(&pentanomial)),
        });
        stop
    };
    run_jobs(settings.games, settings.threads, stop, &job, &mut collect)?;
    // The pairs counted: every pair, those up to the SPRT's decision, or those up to
    // the first pair not played when the run was stopped.
    let games = slots.into_games(2 * complete);
    Ok(HeadToHead::of(
        [engines[0].name().to_string(), engines[1].name().to_string()],
        pairs,
        settings.sprt,
        games,
    ))
}

impl HeadToHead {
    /// The result of a match's games (whole pairs, in number order): what one run
    /// reports, and what a merge of its work units reports from the same games.
    pub fn of(
        engines: [String; 2],
        pairs_planned: usize,
        sprt: Option<SprtParameters>,
        games: Vec<MatchGame>,
    ) -> HeadToHead {
        let mut results = [SideResults::default(); 2];
        let mut pentanomial = Pentanomial::default();
        for (i, g) in games.iter().enumerate() {
            results[g.attackers].add(Side::Attackers, g.score_of(g.attackers));
            results[g.defenders].add(Side::Defenders, g.score_of(g.defenders));
            if i % 2 == 1 {
                pentanomial.add(games[i - 1].score_of(0), g.score_of(0));
            }
        }
        HeadToHead {
            engines,
            pairs_planned,
            results,
            elo: pentanomial.estimate(),
            sprt: sprt.map(|s| SprtReport::of(s, &pentanomial)),
            pentanomial,
            summary: GameSummary::of(&games),
            games,
        }
    }
}

/// Plays the pairs numbered `pairs` of a match (a work unit's share): pair p is games
/// 2p (the first engine attacking) and 2p + 1, from opening p, with the seeds of those
/// game numbers, so the games are those of a whole run. No SPRT stops it; `hooks.stop`
/// does (the games in play end). Returns the whole pairs played from the first, in order;
/// `progress` gets the games ended so far.
pub fn play_pairs(
    t: &Tables,
    engines: [&dyn EngineFactory; 2],
    openings: &OpeningSupply,
    settings: &MatchSettings,
    pairs: std::ops::Range<usize>,
    progress: &mut dyn FnMut(usize),
    mut hooks: RunHooks,
) -> Result<Vec<MatchGame>, MatchError> {
    check_openings(openings, settings)?;
    let first = 2 * pairs.start;
    let count = 2 * pairs.len();
    let job = |j: usize| {
        let g = first + j;
        let slots = if g % 2 == 0 { (0, 1) } else { (1, 0) };
        one_game(t, &engines, slots, openings, g / 2, settings, g)
    };
    let stop = hooks.stop;
    let mut slots = Slots::new();
    let mut done = 0;
    let mut collect = |j: usize, game: MatchGame| {
        hooks.report_failure(&game);
        slots.put(j, game);
        slots.emit(slots.ended(2), &mut hooks);
        done += 1;
        progress(done);
        None
    };
    run_jobs(count, settings.threads, stop, &job, &mut collect)?;
    let played = slots.ended(2);
    Ok(slots.into_games(played))
}

/// One pairing of a round robin, from engine `a`'s point of view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pairing {
    /// The first engine, an index into the round robin's engines (a < b).
    pub a: usize,
    /// The second engine, an index like `a`.
    pub b: usize,
    /// `a`'s game pairs against `b`.
    pub pentanomial: Pentanomial,
    /// `a`'s games.
    pub games: Trinomial,
    /// `a`'s Elo against `b`, from the pairs (`Pentanomial::estimate`).
    pub elo: Option<EloEstimate>,
}

/// A round robin's result.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundRobin {
    /// The engines' names, in the order given: what `Pairing` and `results` index.
    pub engines: Vec<String>,
    /// Pairings (a, b), a < b, each `settings.games` games from openings 0, 1, ...:
    /// games 2p and 2p + 1 of a pairing are a pair (a attacking first).
    pub pairings: Vec<Pairing>,
    /// Each engine's results over all its pairings, overall and by side.
    pub results: Vec<SideResults>,
    /// Bradley-Terry ratings, relative to the pool's mean.
    pub ratings: Vec<Rating>,
    /// Virtual draws added to each pairing for the fit.
    pub prior_draws: f64,
    /// The games, pairing by pairing.
    pub games: Vec<MatchGame>,
    /// Lengths and endings of all the games.
    pub summary: GameSummary,
}

/// Every pair of engines plays `settings.games` games in pairs; one Elo scale is fitted.
pub fn run_round_robin(
    t: &Tables,
    engines: &[&dyn EngineFactory],
    openings: &OpeningSupply,
    settings: &MatchSettings,
    prior_draws: f64,
    progress: &mut dyn FnMut(usize, usize),
    mut hooks: RunHooks,
) -> Result<RoundRobin, MatchError> {
    check_round_robin(engines.len(), settings)?;
    check_openings(openings, settings)?;
    let n = engines.len();
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect();
    let per = settings.games;
    let total = pairs.len().checked_mul(per).ok_or_else(|| {
        MatchError::GameCount(format!(
            "{per} for each of {} pairings is more games than can be counted",
            pairs.len()
        ))
    })?;
    let job = |j: usize| {
        let (a, b) = pairs[j / per];
        let g = j % per;
        let slots = if g % 2 == 0 { (a, b) } else { (b, a) };
        one_game(t, engines, slots, openings, g / 2, settings, j)
    };
    let stop = hooks.stop;
    let mut slots = Slots::new();
    let mut done = 0;
    let mut collect = |j: usize, game: MatchGame| {
        hooks.report_failure(&game);
        slots.put(j, game);
        slots.emit(slots.ended(2), &mut hooks);
        done += 1;
        progress(done, total);
        None
    };
    run_jobs(total, settings.threads, stop, &job, &mut collect)?;
    // Pairings run one after another: a stopped run has the first ones whole, one in
    // part (whole pairs) and none of the rest.
    let played = slots.ended(2);
    let games = slots.into_games(played);
    let (results, pairings) = tally_pairings(n, &pairs, per, &games);
    let ratings = ratings_of(n, &pairings, prior_draws)?;
    Ok(RoundRobin {
        engines: engines.iter().map(|e| e.name().to_string()).collect(),
        pairings,
        results,
        ratings,
        prior_draws,
        summary: GameSummary::of(&games),
        games,
    })
}

/// A round robin needs two engines or more and a positive even number of games a pairing.
fn check_round_robin(engines: usize, settings: &MatchSettings) -> Result<(), MatchError> {
    if engines < 2 {
        return Err(MatchError::Settings(
            "a round robin needs at least two engines".into(),
        ));
    }
    if settings.games == 0 || settings.games % 2 != 0 {
        return Err(MatchError::GameCount(format!(
            "{} is not a positive even number: games are played in pairs",
            settings.games
        )));
    }
    Ok(())
}

/// Each of `n` engines' results by side, and each pairing's games, pairs and Elo, from
/// `games` played `per` a pairing in the order of `pairs` (the last ones may be short).
fn tally_pairings(
    n: usize,
    pairs: &[(usize, usize)],
    per: usize,
    games: &[MatchGame],
) -> (Vec<SideResults>, Vec<Pairing>) {
    let mut results = vec![SideResults::default(); n];
    let mut pairings = Vec::new();
    for (k, &(a, b)) in pairs.iter().enumerate() {
        let block = &games[(k * per).min(games.len())..((k + 1) * per).min(games.len())];
        let mut pentanomial = Pentanomial::default();
        let mut trinomial = Trinomial::default();
        for (i, g) in block.iter().enumerate() {
            results[g.attackers].add(Side::Attackers, g.score_of(g.attackers));
            results[g.defenders].add(Side::Defenders, g.score_of(g.defenders));
            trinomial.add(g.score_of(a));
            if i % 2 == 1 {
                pentanomial.add(block[i - 1].score_of(a), g.score_of(a));
            }
        }
        pairings.push(Pairing {
            a,
            b,
            pentanomial,
            games: trinomial,
            elo: pentanomial.estimate(),
        });
    }
    (results, pairings)
}

/// The Bradley-Terry ratings of `n` engines from their pairings' points.
fn ratings_of(n: usize, pairings: &[Pairing], prior_draws: f64) -> Result<Vec<Rating>, MatchError> {
    let fit: Vec<PairingResult> = pairings
        .iter()
        .map(|p| PairingResult {
            a: p.a,
            b: p.b,
            games: p.games.games() as f64,
            points_a: p.games.points(),
        })
        .collect();
    fit_bradley_terry(n, &fit, prior_draws).map_err(MatchError::Fit)
}

/// One engine against itself: the variant's side balance under that engine.
#[derive(Clone, Debug, PartialEq)]
pub struct SideBalance {
    /// The engine's name.
    pub engine: String,
    /// The attackers' results.
    pub attackers: Trinomial,
    /// The attackers' mean score with its 95% interval (from `Trinomial::estimate`).
    pub attackers_score: Option<EloEstimate>,
    /// Game `g` from opening `g`.
    pub games: Vec<MatchGame>,
    /// The games' lengths and endings.
    pub summary: GameSummary,
}

/// `settings.games` games of one engine against itself, game `g` from opening `g`.
pub fn run_side_balance(
    t: &Tables,
    engine: &dyn EngineFactory,
    openings: &OpeningSupply,
    settings: &MatchSettings,
    progress: &mut dyn FnMut(usize, usize),
    mut hooks: RunHooks,
) -> Result<SideBalance, MatchError> {
    if settings.games == 0 {
        return Err(MatchError::GameCount("must be at least 1".into()));
    }
    check_openings(openings, settings)?;
    let factories = [engine];
    let job = |g: usize| one_game(t, &factories, (0, 0), openings, g, settings, g);
    let stop = hooks.stop;
    let mut slots = Slots::new();
    let mut done = 0;
    let mut collect = |g: usize, game: MatchGame| {
        hooks.report_failure(&game);
        slots.put(g, game);
        slots.emit(slots.ended(1), &mut hooks);
        done += 1;
        progress(done, settings.games);
        None
    };
    run_jobs(settings.games, settings.threads, stop, &job, &mut collect)?;
    let played = slots.ended(1);
    let games = slots.into_games(played);
    let mut attackers = Trinomial::default();
    for g in &games {
        attackers.add(match g.game.winner {
            None => GameScore::Draw,
            Some(Side::Attackers) => GameScore::Win,
            Some(Side::Defenders) => GameScore::Loss,
        });
    }
    Ok(SideBalance {
        engine: engine.name().to_string(),
        attackers,
        attackers_score: attackers.estimate(),
        summary: GameSummary::of(&games),
        games,
    })
}

#[cfg(test)]
mod tests {
    use super::super::openings::{random_openings, start_only};
    use super::*;
    use crate::engine::EngineSpec;
    use crate::engine::{Engine, Turn};
    use crate::moves::Move;
    use crate::notation::{parse_games, MoveText};
    use crate::rules::catalog;
    use crate::sampling::sample_records;
    use std::sync::atomic::Ordering;

    fn tables(name: &str) -> Tables {
        Tables::new(&catalog::find(name).unwrap().rules()).unwrap()
    }

    fn spec(text: &str) -> EngineSpec {
        text.parse().unwrap()
    }

    fn settings(games: usize, threads: usize) -> MatchSettings {
        MatchSettings {
            games,
            max_plies: 200,
            seed: 5,
            threads,
            sprt: None,
        }
    }

    /// Plays a fixed list of moves, whatever the position: the move numbered by the ply.
    struct Script(Vec<&'static str>);

    impl Engine for Script {
        fn start_game(&mut self, _seed: crate::engine::GameSeed) {}

        fn choose(&mut self, turn: &Turn) -> Result<Move, EngineError> {
            let text: MoveText = self.0[turn.moves.len()].parse().unwrap();
            Ok(Move {
                from: text.from,
                to: text.to,
            })
        }
    }

    struct ScriptFactory(Vec<&'static str>);

    impl EngineFactory for ScriptFactory {
        fn name(&self) -> &str {
            "script"
        }
        fn deterministic(&self) -> bool {
            true
        }
        fn create<'t>(&self, _: &'t Tables) -> Result<Box<dyn Engine + 't>, EngineError> {
            Ok(Box::new(Script(self.0.clone())))
        }
    }

    #[test]
    fn threefold_repetition_ends_a_game_as_the_variant_says() {
        // Copenhagen (tfr:w): d1-c1 f4-e4 c1-d1 e4-f4 brings the start back with the
        // attackers to move (its 2nd occurrence after 4 plies, its 3rd after 8): the side
        // to move in the repeated position, the attackers, win.
        let t = tables("copenhagen");
        let script = ScriptFactory(vec![
            "d1-c1", "f4-e4", "c1-d1", "e4-f4", "d1-c1", "f4-e4", "c1-d1", "e4-f4", "d1-c1",
        ]);
        let r = run_side_balance(
            &t,
            &script,
            &start_only(),
            &settings(1, 1),
            &mut |_, _| {},
            RunHooks::default(),
        )
        .unwrap();
        let game = &r.games[0].game;
        assert_eq!(game.plies(), 8);
        assert_eq!(game.winner, Some(Side::Attackers));
        assert_eq!(
            game.end,
            GameEnd::Rules {
                winner: Some(Side::Attackers),
                reason: crate::moves::EndReason::Repetition
            }
        );
        assert_eq!(r.summary.ends["attackers by repetition"], 1);
        // Brandub has no `tfr`: the default, a threefold repetition is a draw.
        let t = tables("brandub");
        let script = ScriptFactory([["d1-c1", "d3-c3", "c1-d1", "c3-d3"]; 3].concat());
        let r = run_side_balance(
            &t,
            &script,
            &start_only(),
            &settings(1, 1),
            &mut |_, _| {},
            RunHooks::default(),
        )
        .unwrap();
        assert_eq!((r.games[0].game.plies(), r.games[0].game.winner), (8, None));
    }

    #[test]
    fn an_illegal_move_forfeits_the_game() {
        let t = tables("brandub");
        let script = ScriptFactory(vec!["d1-c1", "d4-d7"]);
        let r = run_side_balance(
            &t,
            &script,
            &start_only(),
            &settings(1, 1),
            &mut |_, _| {},
            RunHooks::default(),
        )
        .unwrap();
        let game = &r.games[0].game;
        assert_eq!(game.winner, Some(Side::Attackers));
        assert!(matches!(
            &game.end,
            GameEnd::Forfeit {
                side: Side::Defenders,
                ..
            }
        ));
        assert_eq!(game.plies(), 1);
    }

    #[test]
    fn a_wish_for_more_threads_than_games_is_no_hang() {
        // The old run_jobs started every thread asked for: `--concurrency 1000000` spent
        // minutes starting threads for two games, usize::MAX never ended.
        let t = tables("brandub");
        let (a, b) = (spec("greedy"), spec("random"));
        let supply = random_openings(&t, 2, 2, 3);
        let one = run_match(
            &t,
            [&a, &b],
            &supply,
            &settings(4, 1),
            &mut |_| {},
            RunHooks::default(),
        )
        .unwrap();
        let many = run_match(
            &t,
            [&a, &b],
            &supply,
            &settings(4, usize::MAX),
            &mut |_| {},
            RunHooks::default(),
        );
        assert_eq!(many.unwrap(), one);
    }

    #[test]
    fn pairs_swap_sides_and_any_thread_count_gives_the_same_match() {
        let t = tables("brandub");
        let (a, b) = (spec("search:depth=2"), spec("mcts:playouts=40,cutoff=10"));
        let supply = random_openings(&t, 2, 4, 3);
        let one = run_match(
            &t,
            [&a, &b],
            &supply,
            &settings(8, 1),
            &mut |_| {},
            RunHooks::default(),
        )
        .unwrap();
        let three = run_match(
            &t,
            [&a, &b],
            &supply,
            &settings(8, 3),
            &mut |_| {},
            RunHooks::default(),
        )
        .unwrap();
        assert_eq!(one, three);
        for (i, g) in one.games.iter().enumerate() {
            assert_eq!(g.opening, i / 2);
            assert_eq!(
                (g.attackers, g.defenders),
                if i % 2 == 0 { (0, 1) } else { (1, 0) }
            );
            assert_eq!(g.game.opening_plies, 2);
        }
        assert_eq!(one.pentanomial.pairs(), 4);
        assert_eq!(one.results[0].total.games(), 8);
        assert_eq!(one.results[0].as_attackers.games(), 4);
        assert_eq!(one.results[0].total, one.results[1].total.reversed());
    }

    #[test]
    fn the_sprt_stops_at_the_same_pair_on_any_thread_count() {
        // Greedy against random on brandub: greedy wins nearly every game, so a test of
        // 0 against 200 normalized Elo accepts H1 long before 200 games.
        let t = tables("brandub");
        let (a, b) = (spec("greedy"), spec("random"));
        let supply = random_openings(&t, 2, 100, 3);
        let run = |threads| {
            let s = MatchSettings {
                sprt: Some("elo0=0,elo1=200".parse().unwrap()),
                ..settings(200, threads)
            };
            let mut seen = 0;
            let r = run_match(
                &t,
                [&a, &b],
                &supply,
                &s,
                &mut |p| seen = p.games_done,
                RunHooks::default(),
            )
            .unwrap();
            assert_eq!(seen, r.games.len());
            r
        };
        let one = run(1);
        let sprt = one.sprt.unwrap();
        assert_eq!(sprt.state, SprtState::AcceptH1);
        assert!(sprt.llr >= sprt.upper_bound);
        assert!(one.games.len() < 200, "{}", one.games.len());
        assert_eq!(one, run(2));
    }

    #[test]
    fn hooks_see_the_results_games_in_order_and_a_stop_keeps_whole_pairs() {
        let t = tables("brandub");
        let (a, b) = (spec("greedy"), spec("random"));
        let supply = random_openings(&t, 2, 100, 3);
        for threads in [1, 3] {
            // The SPRT stops the match: the hook sees exactly the games reported, in
            // number order, none of those played past the decision.
            let s = MatchSettings {
                sprt: Some("elo0=0,elo1=200".parse().unwrap()),
                ..settings(200, threads)
            };
            let mut seen = Vec::new();
            let mut hook = |g: &MatchGame| seen.push(g.clone());
            let hooks = RunHooks {
                game_ended: Some(&mut hook),
                stop: None,
                engine_failed: None,
            };
            let r = run_match(&t, [&a, &b], &supply, &s, &mut |_| {}, hooks).unwrap();
            assert_eq!(seen, r.games, "{threads} threads");
            // Stopped after the third game ended: the games in play end, the result
            // holds whole pairs from game 0, and the hook saw the same games.
            let stop = AtomicBool::new(false);
            let mut seen = Vec::new();
            let mut ended = 0;
            let mut hook = |g: &MatchGame| seen.push(g.clone());
            let hooks = RunHooks {
                game_ended: Some(&mut hook),
                stop: Some(&stop),
                engine_failed: None,
            };
            let r = run_match(
                &t,
                [&a, &b],
                &supply,
                &settings(200, threads),
                &mut |p| {
                    ended = p.games_done;
                    if ended >= 3 {
                        stop.store(true, Ordering::SeqCst);
                    }
                },
                hooks,
            )
            .unwrap();
            assert_eq!(seen, r.games);
            assert!(
                r.games.len() >= 4 && r.games.len() % 2 == 0,
                "{}",
                r.games.len()
            );
            // The stop took effect: the match did not play its 200 games. How many games
            // end after it depends on scheduling (on a loaded machine the workers can
            // play dozens while the collecting thread waits for a core: CI saw 100), so
            // no tighter bound is asserted here; `threads.rs` tests the lowered limit
            // with timed jobs.
            assert!(r.games.len() < 200, "{}", r.games.len());
            assert_eq!(r.pentanomial.pairs() as usize, r.games.len() / 2);
            // A stop before the first game: no game, and a result all the same.
            let stop = AtomicBool::new(true);
            let hooks = RunHooks {
                game_ended: None,
                stop: Some(&stop),
                engine_failed: None,
            };
            let r = run_side_balance(
                &t,
                &a,
                &supply,
                &settings(10, threads),
                &mut |_, _| {},
                hooks,
            )
            .unwrap();
            assert!(r.games.is_empty());
        }
    }

    #[test]
    fn match_games_read_back_as_archive_records() {
        // Games written as CSV lines replay under the rules (moves and captures) and
        // give back each game's length and result.
        let t = tables("brandubh");
        let (a, b) = (spec("greedy"), spec("random"));
        let supply = random_openings(&t, 2, 6, 8);
        let r = run_match(
            &t,
            [&a, &b],
            &supply,
            &settings(12, 2),
            &mut |_| {},
            RunHooks::default(),
        )
        .unwrap();
        let csv: String = r.games.iter().map(|g| g.game.csv_line() + "\n").collect();
        let records = parse_games(&csv).unwrap();
        let samples = sample_records(&t, &records).unwrap();
        assert_eq!(samples.len(), 12);
        let mut captures = 0;
        for (g, s) in r.games.iter().zip(&samples) {
            assert_eq!(s.length(), g.game.plies());
            assert_eq!(s.end.winner(), g.game.winner);
            captures += g.game.attacker_captures + g.game.defender_captures;
        }
        assert!(captures > 0, "some games capture");
    }

    #[test]
    fn a_round_robin_rates_every_engine_on_one_scale() {
        let t = tables("brandub");
        let (r0, g0, s1) = (spec("random"), spec("greedy"), spec("search:depth=1"));
        let supply = random_openings(&t, 2, 4, 1);
        let rr = run_round_robin(
            &t,
            &[&r0, &g0, &s1],
            &supply,
            &settings(8, 2),
            1.0,
            &mut |_, _| {},
            RunHooks::default(),
        )
        .unwrap();
        assert_eq!(rr.pairings.len(), 3);
        assert_eq!(rr.games.len(), 24);
        assert!(rr.pairings.iter().all(|p| p.pentanomial.pairs() == 4));
        assert!(rr.ratings[0].elo < rr.ratings[1].elo, "{:?}", rr.ratings);
        assert!((rr.ratings.iter().map(|r| r.elo).sum::<f64>()).abs() < 1e-6);
        assert!(rr.results.iter().all(|r| r.total.games() == 16));
    }

    #[test]
    fn side_balance_counts_every_game_once() {
        let t = tables("brandub");
        let supply = random_openings(&t, 2, 10, 2);
        let r = run_side_balance(
            &t,
            &spec("greedy"),
            &supply,
            &settings(10, 2),
            &mut |_, _| {},
            RunHooks::default(),
        )
        .unwrap();
        assert_eq!(r.attackers.games(), 10);
        assert_eq!(r.summary.games, 10);
        assert_eq!(r.summary.ends.values().sum::<usize>(), 10);
        assert!(run_match(
            &t,
            [&spec("greedy"); 2].map(|s| s as &dyn EngineFactory),
            &supply,
            &settings(3, 1),
            &mut |_| {},
            RunHooks::default(),
        )
        .is_err());
        // No random brandub game lasts 3000 plies: no opening, an error, not a panic.
        let none = random_openings(&t, 3000, 2, 1);
        assert!(none.openings.is_empty());
        let e = run_side_balance(
            &t,
            &spec("greedy"),
            &none,
            &settings(2, 1),
            &mut |_, _| {},
            RunHooks::default(),
        );
        assert!(matches!(e, Err(MatchError::Settings(_))));
    }
}
