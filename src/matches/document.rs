//! What taflmatch reports, one struct per kind of run (a match, a round robin, the side
//! balance): `--json` prints these structs, `examples/strength_report.rs` reads them
//! back, and the binary's tables are rendered from the same results.

use super::openings::OpeningSupply;
use super::run::{GameSummary, HeadToHead, MatchSettings, RoundRobin, SideBalance, SideResults};
use crate::document::{Header, Timing};
use crate::sampling::Moments;
use crate::stats::{EloEstimate, Pentanomial, SprtState, Trinomial};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The JSON layout version of every taflmatch document.
pub const SCHEMA_VERSION: u32 = 1;

/// What a document says about the run beside its result: the variant, the openings
/// and the settings.
#[derive(Clone, Debug)]
pub struct RunContext<'a> {
    /// The variant's name (`custom` for nameless rules).
    pub variant: String,
    /// The OTN rules string played.
    pub rules: String,
    /// The openings the games started from.
    pub supply: &'a OpeningSupply,
    /// Openings the run needs (pairs, or games in the side balance).
    pub needed: usize,
    /// The run's settings.
    pub settings: MatchSettings,
}

impl RunContext<'_> {
    /// The openings as the document states them, `used` of them played (pairs, or games
    /// in the side balance).
    pub fn openings(&self, used: usize) -> OpeningsReport {
        OpeningsReport {
            source: self.supply.source.to_string(),
            available: self.supply.openings.len(),
            needed: self.needed,
            used,
            repeated: self.supply.exhausted(used),
            duplicates_skipped: self.supply.duplicates,
        }
    }
}

/// Where the openings came from and whether they ran out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpeningsReport {
    /// The source, in words (a file, an archive, seeded random plies).
    pub source: String,
    /// Distinct openings the source gave.
    pub available: usize,
    /// Openings the run needed.
    pub needed: usize,
    /// Openings played.
    pub used: usize,
    /// True if some openings were played twice: the source ran out.
    pub repeated: bool,
    /// Openings of the source left out as repeats of a position supplied already.
    pub duplicates_skipped: usize,
}

/// One engine's results, overall and by side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EngineResults {
    /// The engine's name.
    pub engine: String,
    /// All its games.
    pub total: Trinomial,
    /// Its mean score over them (`null` without games).
    pub score: Option<f64>,
    /// Its games as the attackers.
    pub as_attackers: Trinomial,
    /// Its games as the defenders.
    pub as_defenders: Trinomial,
}

/// The games' lengths and how they ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SummaryReport {
    /// Plies per game, the opening's included (`null` without games).
    pub length: Option<Moments>,
    /// Games by the way they ended: `attackers by king captured`, `draw by ply cap`...
    pub ends: BTreeMap<String, usize>,
    /// Games lost by an engine whose process crashed or hung (0 when read from a
    /// document written before engine processes played).
    #[serde(default)]
    pub crashes: usize,
    /// Games lost on time (0 when read from a document written before time controls).
    #[serde(default)]
    pub time_losses: usize,
}

impl From<&GameSummary> for SummaryReport {
    fn from(s: &GameSummary) -> SummaryReport {
        SummaryReport {
            length: s.length.clone(),
            ends: s.ends.clone(),
            crashes: s.crashes,
            time_losses: s.time_losses,
        }
    }
}

fn engine_results(names: &[String], results: &[SideResults]) -> Vec<EngineResults> {
    names
        .iter()
        .zip(results)
        .map(|(name, r)| EngineResults {
            engine: name.clone(),
            total: r.total,
            score: r.total.score(),
            as_attackers: r.as_attackers,
            as_defenders: r.as_defenders,
        })
        .collect()
}

/// An Elo difference with its sign, to a tenth: `+12.4`, `-3.0` (and `+0.0`, never
/// `-0.0`).
pub fn signed(x: f64) -> String {
    let x = if x.abs() < 0.05 { 0.0 } else { x };
    format!("{x:+.1}")
}

/// A match's verdict in one line: `A vs B: +12.4 +/- 6.1 Elo, LLR 2.96, H1 accepted`.
pub fn verdict(result: &HeadToHead) -> String {
    let [a, b] = &result.engines;
    let mut line = format!("{a} vs {b}: ");
    match &result.elo {
        Some(e) if e.score >= 0.999 => line += "won every game, Elo unbounded (above +1199)",
        Some(e) if e.score <= 0.001 => line += "lost every game, Elo unbounded (below -1199)",
        Some(e) => line += &format!("{} +/- {:.1} Elo", signed(e.elo), e.elo_error),
        None => line += "no complete pair",
    }
    if let Some(s) = &result.sprt {
        line += &format!(", LLR {:.2}", s.llr);
        line += match s.state {
            SprtState::AcceptH1 => ", H1 accepted",
            SprtState::AcceptH0 => ", H0 accepted",
            SprtState::Continue => ", no decision",
        };
    }
    line
}

/// A match of two engines in game pairs (`taflmatch --engine A --engine B`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchDocument {
    /// [`SCHEMA_VERSION`], `taflmatch` and `match`.
    #[serde(flatten)]
    pub header: Header,
    /// The variant's name.
    pub variant: String,
    /// The OTN rules string played.
    pub rules: String,
    /// The two engines, in the order given.
    pub engines: Vec<String>,
    /// Games played.
    pub games: usize,
    /// Complete game pairs counted.
    pub pairs: u64,
    /// Pairs the settings asked for (more than played if the SPRT stopped the match).
    pub pairs_planned: usize,
    /// The ply cap of a game.
    pub max_plies: usize,
    /// The run's seed.
    pub seed: u64,
    /// The openings.
    pub openings: OpeningsReport,
    /// The result in one line ([`verdict`]).
    pub verdict: String,
    /// Each engine's results.
    pub results: Vec<EngineResults>,
    /// The pairs, counted for the first engine.
    pub pentanomial: Pentanomial,
    /// The first engine's Elo against the second (`null` without pairs).
    pub elo: Option<EloEstimate>,
    /// Where the SPRT ended, if one was asked for.
    pub sprt: Option<super::run::SprtReport>,
    /// The games' lengths and endings.
    pub games_summary: SummaryReport,
    /// Wall time and threads.
    pub timing: Timing,
    /// True if Ctrl-C stopped the run: the figures cover the games played (false when
    /// read from a document written before Ctrl-C was handled).
    #[serde(default)]
    pub interrupted: bool,
}

impl MatchDocument {
    /// The document of the match `r`.
    pub fn new(c: &RunContext, r: &HeadToHead, timing: Timing) -> MatchDocument {
        MatchDocument {
            header: Header::with_mode(SCHEMA_VERSION, "taflmatch", "match"),
            variant: c.variant.clone(),
            rules: c.rules.clone(),
            engines: r.engines.to_vec(),
            games: r.games.len(),
            pairs: r.pentanomial.pairs(),
            pairs_planned: r.pairs_planned,
            max_plies: c.settings.max_plies,
            seed: c.settings.seed,
            openings: c.openings(r.pentanomial.pairs() as usize),
            verdict: verdict(r),
            results: engine_results(&r.engines, &r.results),
            pentanomial: r.pentanomial,
            elo: r.elo,
            sprt: r.sprt,
            games_summary: (&r.summary).into(),
            timing,
            interrupted: false,
        }
    }
}

/// One engine's Bradley-Terry rating in a round robin.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingRow {
    /// The engine's name.
    pub engine: String,
    /// Elo relative to the pool's mean.
    pub elo: f64,
    /// Half the width of its 95% interval.
    pub error: f64,
    /// Its standard error.
    pub stderr: f64,
    /// Games the engine played.
    pub games: u64,
    /// Its mean score (`null` without games).
    pub score: Option<f64>,
}

/// One pairing of a round robin, from the first engine's view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairingRow {
    /// The first engine.
    pub engine: String,
    /// The second engine.
    pub opponent: String,
    /// The first engine's games.
    pub games: Trinomial,
    /// Its game pairs.
    pub pentanomial: Pentanomial,
    /// Its Elo against the opponent, from the pairs (`null` without pairs).
    pub elo: Option<EloEstimate>,
}

/// A round robin of two or more engines (`taflmatch --round-robin`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundRobinDocument {
    /// [`SCHEMA_VERSION`], `taflmatch` and `round-robin`.
    #[serde(flatten)]
    pub header: Header,
    /// The variant's name.
    pub variant: String,
    /// The OTN rules string played.
    pub rules: String,
    /// The engines, in the order given.
    pub engines: Vec<String>,
    /// Games played, over all pairings.
    pub games: usize,
    /// Games per pairing.
    pub games_per_pairing: usize,
    /// The ply cap of a game.
    pub max_plies: usize,
    /// The run's seed.
    pub seed: u64,
    /// The openings.
    pub openings: OpeningsReport,
    /// Virtual draws added to each pairing for the fit.
    pub prior_draws: f64,
    /// The ratings, in the order of `engines`.
    pub ratings: Vec<RatingRow>,
    /// Every pairing.
    pub pairings: Vec<PairingRow>,
    /// Each engine's results over all its pairings.
    pub results: Vec<EngineResults>,
    /// The games' lengths and endings.
    pub games_summary: SummaryReport,
    /// Wall time and threads.
    pub timing: Timing,
    /// True if Ctrl-C stopped the run: the figures cover the games played (false when
    /// read from a document written before Ctrl-C was handled).
    #[serde(default)]
    pub interrupted: bool,
}

impl RoundRobinDocument {
    /// The document of the round robin `r`.
    pub fn new(c: &RunContext, r: &RoundRobin, timing: Timing) -> RoundRobinDocument {
        RoundRobinDocument {
            header: Header::with_mode(SCHEMA_VERSION, "taflmatch", "round-robin"),
            variant: c.variant.clone(),
            rules: c.rules.clone(),
            engines: r.engines.clone(),
            games: r.games.len(),
            games_per_pairing: c.settings.games,
            max_plies: c.settings.max_plies,
            seed: c.settings.seed,
            openings: c.openings(c.settings.games / 2),
            prior_draws: r.prior_draws,
            ratings: r
                .engines
                .iter()
                .zip(&r.ratings)
                .zip(&r.results)
                .map(|((name, rating), res)| RatingRow {
                    engine: name.clone(),
                    elo: rating.elo,
                    error: rating.error,
                    stderr: rating.stderr,
                    games: res.total.games(),
                    score: res.total.score(),
                })
                .collect(),
            pairings: r
                .pairings
                .iter()
                .map(|p| PairingRow {
                    engine: r.engines[p.a].clone(),
                    opponent: r.engines[p.b].clone(),
                    games: p.games,
                    pentanomial: p.pentanomial,
                    elo: p.elo,
                })
                .collect(),
            results: engine_results(&r.engines, &r.results),
            games_summary: (&r.summary).into(),
            timing,
            interrupted: false,
        }
    }
}

/// One engine against itself: the variant's side balance (`taflmatch` with one engine).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideBalanceDocument {
    /// [`SCHEMA_VERSION`], `taflmatch` and `side-balance`.
    #[serde(flatten)]
    pub header: Header,
    /// The variant's name.
    pub variant: String,
    /// The OTN rules string played.
    pub rules: String,
    /// The one engine.
    pub engines: Vec<String>,
    /// Games played.
    pub games: usize,
    /// The ply cap of a game.
    pub max_plies: usize,
    /// The run's seed.
    pub seed: u64,
    /// The openings.
    pub openings: OpeningsReport,
    /// The attackers' results.
    pub attackers: Trinomial,
    /// The attackers' mean score with its 95% interval (`null` without games).
    pub attackers_score: Option<EloEstimate>,
    /// The share of drawn games.
    pub draw_rate: f64,
    /// The games' lengths and endings.
    pub games_summary: SummaryReport,
    /// Wall time and threads.
    pub timing: Timing,
    /// True if Ctrl-C stopped the run: the figures cover the games played (false when
    /// read from a document written before Ctrl-C was handled).
    #[serde(default)]
    pub interrupted: bool,
}

impl SideBalanceDocument {
    /// The document of the side balance `r`.
    pub fn new(c: &RunContext, r: &SideBalance, timing: Timing) -> SideBalanceDocument {
        let a = &r.attackers;
        SideBalanceDocument {
            header: Header::with_mode(SCHEMA_VERSION, "taflmatch", "side-balance"),
            variant: c.variant.clone(),
            rules: c.rules.clone(),
            engines: vec![r.engine.clone()],
            games: r.games.len(),
            max_plies: c.settings.max_plies,
            seed: c.settings.seed,
            openings: c.openings(r.games.len()),
            attackers: *a,
            attackers_score: r.attackers_score,
            draw_rate: a.draws as f64 / a.games().max(1) as f64,
            games_summary: (&r.summary).into(),
            timing,
            interrupted: false,
        }
    }
}

/// Any taflmatch document, told apart by its fields.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum TaflmatchDocument {
    /// A head-to-head match.
    Match(MatchDocument),
    /// A round robin.
    RoundRobin(RoundRobinDocument),
    /// A side balance run.
    SideBalance(SideBalanceDocument),
}

impl TaflmatchDocument {
    /// Marks the run as stopped by Ctrl-C (or not).
    pub fn set_interrupted(&mut self, interrupted: bool) {
        match self {
            TaflmatchDocument::Match(d) => d.interrupted = interrupted,
            TaflmatchDocument::RoundRobin(d) => d.interrupted = interrupted,
            TaflmatchDocument::SideBalance(d) => d.interrupted = interrupted,
        }
    }
}
