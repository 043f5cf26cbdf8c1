//! `taflmatch`: is the AI stronger or weaker after a change? Matches between engines in
//! game pairs with Elo, normalized Elo, LOS and an optional SPRT; round robins on one
//! Elo scale; one engine against itself for the variant's side balance.

mod units;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::Instant;

use clap::Parser;
use taflcount::board::Side;
use taflcount::cli::{
    exit_code, interrupt, print, print_json, CliError, GameArgs, Progress, Status,
};
use taflcount::document::Timing;
use taflcount::engine::ForfeitTally;
use taflcount::matches::openings::{
    openings_from_records, openings_from_text, random_openings, OpeningSupply,
};
use taflcount::matches::players_path;
use taflcount::matches::{
    run_match, run_round_robin, run_side_balance, EngineFactory, EngineSpec, GamePlayers,
    MatchDocument, MatchError, MatchGame, MatchSettings, RoundRobinDocument, RunContext, RunHooks,
    SideBalanceDocument, TaflmatchDocument, TimeControl,
};
use taflcount::moves::Tables;
use taflcount::report::matches::{progress_line, taflmatch_text};
use taflcount::stats::SprtParameters;
use taflcount::text::read_text_file;
use taflcount::threads::used;

/// Round robins: virtual draws added to each pairing that was played, so that a perfect
/// score keeps a finite rating (BayesElo's prior is two).
const PRIOR_DRAWS: f64 = 1.0;

/// Plies taken from each recorded game when --plies is not given.
const DEFAULT_RECORD_PLIES: usize = 4;

/// Random plies per opening when no opening option is given.
const DEFAULT_RANDOM_PLIES: usize = 2;

#[derive(Parser, Debug)]
#[command(
    name = "taflmatch",
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    version,
    about = "Matches between tafl engines: Elo with intervals, SPRT, round robins, side balance",
    after_help = "Engines: random, greedy, search:depth=N | nodes=N | movetime=100ms [,eval=FILE.json],\n  mcts:playouts=N | nodes=N | movetime=100ms [,cutoff=PLIES,c=C,seed=S,eval=FILE.json],\n  otep:\"CMD ARGS\" (an OpenTafl-protocol engine, e.g. otep:\"old/taflengine --engine search\"; --tc sets its clock;\n  a crash, a hang or a time loss loses the game and the engine is restarted)\n\nModes: two engines play a match in game pairs (same opening, sides swapped);\n  one engine alone plays itself and reports the side balance;\n  --round-robin plays every pair of two or more engines and fits one Elo scale.\n\nExamples:\n  taflmatch --variant brandub --engine search:depth=3 --engine search:depth=2 --games 200\n  taflmatch --variant copenhagen --engine search:nodes=20000,eval=new.json --engine search:nodes=20000 \\\n      --games 2000 --concurrency 2 --sprt elo0=0,elo1=5,alpha=0.05,beta=0.05\n  taflmatch --variant tablut --engine greedy --games 500\n  taflmatch --variant brandub --round-robin --engine random --engine greedy --engine mcts:playouts=500\n\nExit codes: 0 success, 1 an engine forfeited most of its games (it crashed, hung or\nanswered garbage: the figures are printed, but are no result), 2 usage or input error\n(engine, option, SPRT parameter, opening), 130 ended by Ctrl-C or SIGTERM."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<units::Command>,
    #[command(flatten)]
    args: Args,
}

/// The options of a run (and of a planned one: `taflmatch plan`).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A catalog variant, e.g. copenhagen, brandub, tablut (default: copenhagen)
    #[arg(long, value_name = "NAME", conflicts_with = "rules")]
    variant: Option<String>,
    /// An OTN rules string instead of a catalog variant
    #[arg(long, value_name = "OTN RULES")]
    rules: Option<String>,
    /// An engine; give two for a match, one for the side balance, more with --round-robin
    #[arg(long = "engine", value_name = "ENGINE", required = true)]
    pub engines: Vec<String>,
    /// Games to play: a match's maximum (even, in pairs), each pairing's in a round robin
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub games: usize,
    /// Games played at once, one thread each, 1 to 1024 (default: all cores; never more than games)
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..=taflcount::threads::MAX_THREADS as i64))]
    concurrency: Option<u16>,
    /// Openings from a file: one move list a line ("d1-d3 e5-e2"), `#` comments
    #[arg(long, value_name = "FILE", group = "opening")]
    openings: Option<PathBuf>,
    /// Openings from the first --plies plies of the games of a CSV archive
    #[arg(long, value_name = "FILE.csv", group = "opening")]
    openings_from_records: Option<PathBuf>,
    /// Plies taken from each recorded game (default 4; only with --openings-from-records)
    #[arg(long, value_name = "N", requires = "openings_from_records",
          conflicts_with_all = ["openings", "random_openings"])]
    plies: Option<usize>,
    /// Openings of N seeded random plies (the default: 2)
    #[arg(long, value_name = "N", group = "opening")]
    random_openings: Option<usize>,
    /// Stop a match when the SPRT decides: elo0=0,elo1=5[,alpha=0.05,beta=0.05][,model=logistic]
    /// (normalized Elo bounds unless model=logistic)
    #[arg(long, value_name = "PARAMETERS")]
    sprt: Option<String>,
    /// A game still going after this many plies is a draw
    #[arg(long, value_name = "N", default_value_t = 300)]
    pub max_plies: usize,
    /// Write every game to a CSV archive (moves,attacker_captures,defender_captures,result),
    /// and its engines and result to the sidecar FILE.engines.jsonl beside it
    #[arg(long, value_name = "FILE.csv")]
    pub records: Option<PathBuf>,
    /// With --records: replace an existing file (without it, an existing file is refused
    /// before any game is played, so no archive of earlier games is lost); with `plan`:
    /// replace the plan in the folder
    #[arg(long)]
    pub force: bool,
    /// The seed of openings and engines; the same seed gives the same games
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Play every pair of engines and fit one Elo scale (Bradley-Terry)
    #[arg(long)]
    round_robin: bool,
    /// The clock of external engines (otep:...): seconds plus increment, e.g. 10+0.1
    #[arg(long, value_name = "SECONDS+INC")]
    pub tc: Option<String>,
    /// One JSON document on stdout instead of tables
    #[arg(long)]
    json: bool,
}

fn main() -> ExitCode {
    let cli = taflcount::cli::parse::parse::<Cli>();
    exit_code(
        "taflmatch",
        match cli.command {
            Some(command) => units::run(command),
            None => run(cli.args),
        },
    )
}

/// What the run plays.
enum Mode {
    Match,
    RoundRobin,
    SideBalance,
}

/// What a run (or a plan) is made of, its options checked.
pub struct Setup {
    pub variant: Option<String>,
    pub rules: taflcount::rules::Rules,
    pub tables: Tables,
    pub tc: Option<TimeControl>,
    pub specs: Vec<EngineSpec>,
    mode: Mode,
    pub sprt: Option<SprtParameters>,
    threads: usize,
    needed: usize,
    pub supply: OpeningSupply,
}

impl Setup {
    /// True for a match of two engines (the only mode a plan takes).
    pub fn is_match(&self) -> bool {
        matches!(self.mode, Mode::Match)
    }
}

/// Checks the options and makes the openings.
pub fn setup(args: &Args) -> Result<Setup, CliError> {
    let game_args = GameArgs {
        variant: args.variant.clone(),
        rules: args.rules.clone(),
        ..GameArgs::default()
    };
    let game = game_args.resolve()?;
    let (tc, specs) = engines(args)?;
    let mode = mode(specs.len(), args.round_robin)?;
    let sprt = sprt(args, &mode)?;
    check_game_counts(args, &mode)?;
    let threads = args.concurrency.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get().min(1024)),
        usize::from,
    );
    // Openings needed: one per pair, or one per game in the side balance.
    let needed = match mode {
        Mode::SideBalance => args.games,
        _ => args.games / 2,
    };
    let supply = openings(args, &game.tables, needed)?;
    Ok(Setup {
        variant: game.name,
        rules: game.rules,
        tables: game.tables,
        tc,
        specs,
        mode,
        sprt,
        threads,
        needed,
        supply,
    })
}

/// The clock of external engines and every `--engine`, each on that clock.
fn engines(args: &Args) -> Result<(Option<TimeControl>, Vec<EngineSpec>), CliError> {
    let tc = match &args.tc {
        Some(text) => Some(
            text.parse::<TimeControl>()
                .map_err(|e| CliError::option("--tc", e))?,
        ),
        None => None,
    };
    let specs: Vec<EngineSpec> = args
        .engines
        .iter()
        .map(|text| {
            EngineSpec::load(text)
                .map(|spec| spec.with_time_control(tc))
                .map_err(|e| CliError::option("--engine", e))
        })
        .collect::<Result<_, _>>()?;
    if tc.is_some() && !specs.iter().any(EngineSpec::is_external) {
        return Err(CliError::input(
            "--tc does nothing here: it is the clock of external (otep:) engines, and none \
             is given (in-process engines take movetime= or nodes=)",
        ));
    }
    Ok((tc, specs))
}

/// What `engines` engines play, with or without `--round-robin`.
fn mode(engines: usize, round_robin: bool) -> Result<Mode, CliError> {
    match (engines, round_robin) {
        (1, false) => Ok(Mode::SideBalance),
        (1, true) => Err(CliError::input("--round-robin needs at least two engines")),
        (2, false) => Ok(Mode::Match),
        (_, true) => Ok(Mode::RoundRobin),
        (n, false) => Err(CliError::input(format!(
            "{n} engines: a match takes two (add --round-robin to play every pair)"
        ))),
    }
}

/// `--sprt`, which only a match of two engines takes.
fn sprt(args: &Args, mode: &Mode) -> Result<Option<SprtParameters>, CliError> {
    match &args.sprt {
        None => Ok(None),
        Some(_) if !matches!(mode, Mode::Match) => Err(CliError::input(
            "--sprt needs a match of exactly two engines",
        )),
        Some(text) => Ok(Some(
            text.parse::<SprtParameters>()
                .map_err(|e| CliError::option("--sprt", e))?,
        )),
    }
}

/// `--games` (even where games are paired) and `--max-plies`, each at least 1.
fn check_game_counts(args: &Args, mode: &Mode) -> Result<(), CliError> {
    if args.games == 0 {
        return Err(CliError::input("--games must be at least 1"));
    }
    if !matches!(mode, Mode::SideBalance) && args.games % 2 != 0 {
        return Err(CliError::input(format!(
            "--games {} is odd: a match plays games in pairs (each engine once on each side)",
            args.games
        )));
    }
    if args.max_plies == 0 {
        return Err(CliError::input("--max-plies must be at least 1"));
    }
    Ok(())
}

fn run(args: Args) -> Result<Status, CliError> {
    if args.force && args.records.is_none() {
        return Err(CliError::input(
            "--force replaces the --records file; give --records",
        ));
    }
    let setup = setup(&args)?;
    check_engines_start(&setup)?;
    let mut archive = open_archive(&args, &setup.specs)?;
    warn_if_openings_repeat(&setup);
    let planned = planned_games(&setup, args.games);
    let (mut document, games) = match play(&args, &setup, planned, archive.as_mut()) {
        Ok(played) => played,
        Err(e) => {
            if let Some(a) = archive {
                a.discard_if_empty();
            }
            return Err(e);
        }
    };
    let interrupted = interrupt::stopped() && archive.as_ref().is_none_or(|a| a.error.is_none());
    document.set_interrupted(interrupted);
    let note = interrupted.then(|| {
        format!(
            "interrupted by Ctrl-C after {} of {planned} games: the figures above cover those\n",
            games.len()
        )
    });
    render(&args, &document, note, archive)?;
    check_forfeits(&setup.specs, &games)?;
    Ok(if interrupted {
        Status::Interrupted
    } else {
        Status::Success
    })
}

/// The `--records` archive, if asked for, before any game is played.
fn open_archive<'p>(args: &'p Args, specs: &[EngineSpec]) -> Result<Option<Archive<'p>>, CliError> {
    let Some(path) = &args.records else {
        return Ok(None);
    };
    let names = specs.iter().map(|s| s.name().to_string()).collect();
    Ok(Some(Archive::create(path, args.force, names)?))
}

/// The document as JSON or tables (a run Ctrl-C ended says so, on stderr beside JSON),
/// then the archive closed.
fn render(
    args: &Args,
    document: &TaflmatchDocument,
    note: Option<String>,
    archive: Option<Archive>,
) -> Result<(), CliError> {
    if args.json {
        print_json(document)?;
    } else {
        print(&(taflmatch_text(document) + note.as_deref().unwrap_or_default()))?;
    }
    if let Some(a) = archive {
        a.finish()?;
    }
    if let Some(note) = note.filter(|_| args.json) {
        eprint!("taflmatch: {note}");
    }
    Ok(())
}

/// An engine that cannot start would forfeit every game and make the other look
/// unbeatable: the run stops before the first game instead.
fn check_engines_start(setup: &Setup) -> Result<(), CliError> {
    for spec in &setup.specs {
        spec.check_starts(&setup.tables)
            .map_err(|e| CliError::cannot_play(spec.name(), e))?;
    }
    Ok(())
}

/// Fewer distinct openings than the run needs: they repeat, which the user is told.
fn warn_if_openings_repeat(setup: &Setup) {
    let (supply, needed) = (&setup.supply, setup.needed);
    if supply.exhausted(needed) {
        eprintln!(
            "taflmatch: warning: only {n} distinct openings ({}) for up to {needed} {}: \
             they repeat after the first {n}",
            supply.source,
            if matches!(setup.mode, Mode::SideBalance) {
                "games"
            } else {
                "pairs"
            },
            n = supply.openings.len(),
        );
    }
}

/// Games the run may play: every pairing's in a round robin.
fn planned_games(setup: &Setup, games: usize) -> usize {
    match setup.mode {
        Mode::RoundRobin => {
            let n = setup.specs.len();
            (n * (n - 1) / 2).saturating_mul(games)
        }
        _ => games,
    }
}

/// Plays the run's games (each appended to the archive as it ends, a game lost by a
/// crashing engine told on stderr) and returns its document and games.
fn play(
    args: &Args,
    setup: &Setup,
    planned: usize,
    mut archive: Option<&mut Archive>,
) -> Result<Played, CliError> {
    let settings = MatchSettings {
        games: args.games,
        max_plies: args.max_plies,
        seed: args.seed,
        threads: setup.threads,
        sprt: setup.sprt,
    };
    let started = Instant::now();
    let stop = interrupt::stop_flag("taflmatch", "the games in play end, then the report");
    let mut append = |g: &MatchGame| {
        if let Some(a) = archive.as_mut() {
            if !a.append(g) {
                // The archive cannot keep up: stop rather than play games it loses.
                stop.store(true, Ordering::SeqCst);
            }
        }
    };
    let mut engine_failed = |failure: &str| eprintln!("taflcount: {failure}");
    let hooks = RunHooks {
        game_ended: Some(&mut append),
        stop: Some(stop),
        engine_failed: Some(&mut engine_failed),
    };
    let games = Games {
        setup,
        factories: setup
            .specs
            .iter()
            .map(|s| s as &dyn EngineFactory)
            .collect(),
        settings,
        progress: Progress::new(planned as u64, "games"),
        started,
        planned,
    };
    let played = match setup.mode {
        Mode::Match => games.head_to_head(hooks),
        Mode::RoundRobin => games.round_robin(hooks),
        Mode::SideBalance => games.side_balance(hooks),
    };
    played.map_err(match_error)
}

/// A run's document and the games it played.
type Played = (TaflmatchDocument, Vec<MatchGame>);

/// What each mode plays with, and the document it makes of its result.
struct Games<'a> {
    setup: &'a Setup,
    factories: Vec<&'a dyn EngineFactory>,
    settings: MatchSettings,
    progress: Progress,
    started: Instant,
    planned: usize,
}

impl Games<'_> {
    /// The header every mode's document starts from.
    fn context(&self) -> RunContext<'_> {
        RunContext {
            variant: self
                .setup
                .variant
                .clone()
                .unwrap_or_else(|| "custom".into()),
            rules: self.setup.rules.to_string(),
            supply: &self.setup.supply,
            needed: self.setup.needed,
            settings: self.settings,
        }
    }

    /// The bar finished and the run's time, once its games are played.
    fn timing(&self) -> Timing {
        self.progress.finish();
        Timing {
            seconds: self.started.elapsed().as_secs_f64(),
            threads: used(self.setup.threads, self.planned),
        }
    }

    fn head_to_head(&self, hooks: RunHooks) -> Result<Played, MatchError> {
        let mut done = 0;
        let result = run_match(
            &self.setup.tables,
            [self.factories[0], self.factories[1]],
            &self.setup.supply,
            &self.settings,
            &mut |p| {
                self.progress.inc((p.games_done.max(done) - done) as u64);
                done = done.max(p.games_done);
                self.progress.set_message(progress_line(p));
            },
            hooks,
        )?;
        let document = MatchDocument::new(&self.context(), &result, self.timing());
        Ok((TaflmatchDocument::Match(document), result.games))
    }

    fn round_robin(&self, hooks: RunHooks) -> Result<Played, MatchError> {
        let result = run_round_robin(
            &self.setup.tables,
            &self.factories,
            &self.setup.supply,
            &self.settings,
            PRIOR_DRAWS,
            &mut |_, _| self.progress.inc(1),
            hooks,
        )?;
        let document = RoundRobinDocument::new(&self.context(), &result, self.timing());
        Ok((TaflmatchDocument::RoundRobin(document), result.games))
    }

    fn side_balance(&self, hooks: RunHooks) -> Result<Played, MatchError> {
        let result = run_side_balance(
            &self.setup.tables,
            self.factories[0],
            &self.setup.supply,
            &self.settings,
            &mut |_, _| self.progress.inc(1),
            hooks,
        )?;
        let document = SideBalanceDocument::new(&self.context(), &result, self.timing());
        Ok((TaflmatchDocument::SideBalance(document), result.games))
    }
}

/// An engine that forfeited most of its games (it says hello, then crashes on every
/// move) makes its opponent "win every game": the figures are printed, but the run is
/// a failed one, the engine named.
fn check_forfeits(specs: &[EngineSpec], games: &[MatchGame]) -> Result<(), CliError> {
    for (index, spec) in specs.iter().enumerate() {
        let mut tally = ForfeitTally::default();
        for g in games
            .iter()
            .filter(|g| g.attackers == index || g.defenders == index)
        {
            tally.add(&g.game.end, |side| match side {
                Side::Attackers => g.attackers == index,
                Side::Defenders => g.defenders == index,
            });
        }
        if tally.mostly_forfeits() {
            return Err(CliError::Check(format!(
                "--engine {} {}: the run measures its failures, not its play",
                taflcount::text::quoted(spec.name()),
                tally.describe()
            )));
        }
    }
    Ok(())
}

/// `--records FILE`: each game appended as it ends (whole pairs first where games are
/// paired), so the file is a valid archive at every moment, an interrupted run's
/// included. Beside it, the sidecar `FILE.engines.jsonl` (`matches::players_path`) gets
/// the game's engines and result in the same write order: line i for game i.
struct Archive<'p> {
    path: &'p Path,
    file: fs::File,
    players_path: PathBuf,
    players: fs::File,
    /// The run's engine names, which a game's sides index.
    names: Vec<String>,
    written: usize,
    /// The first failed write; no game is written after it.
    error: Option<std::io::Error>,
}

/// Opens `path` for writing, refusing one that exists unless `force`.
fn open_new(path: &Path, force: bool) -> Result<fs::File, CliError> {
    let mut options = fs::OpenOptions::new();
    options.write(true);
    if force {
        options.create(true).truncate(true);
    } else {
        options.create_new(true);
    }
    options.open(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => exists(path),
        _ => CliError::option("--records", format!("cannot write {}: {e}", path.display())),
    })
}

/// The refusal of a file that exists without --force.
fn exists(path: &Path) -> CliError {
    CliError::exists(Some("--records"), path)
}

impl<'p> Archive<'p> {
    /// Creates the archive and its sidecar, refusing either if it exists unless `force`.
    fn create(path: &'p Path, force: bool, names: Vec<String>) -> Result<Archive<'p>, CliError> {
        let players_path = players_path(path);
        // Both found before the archive is made, so a refusal leaves nothing behind.
        for existing in [path, players_path.as_path()] {
            if !force && existing.exists() {
                return Err(exists(existing));
            }
        }
        let file = open_new(path, force)?;
        let players = match open_new(&players_path, force) {
            Ok(f) => f,
            Err(e) => {
                drop(file);
                let _ = fs::remove_file(path);
                return Err(e);
            }
        };
        // A run that a signal ends before its first game leaves no empty file behind.
        taflcount::cli::interrupt::remove_if_empty_on_quit(path);
        taflcount::cli::interrupt::remove_if_empty_on_quit(&players_path);
        Ok(Archive {
            path,
            file,
            players_path,
            players,
            names,
            written: 0,
            error: None,
        })
    }

    /// Appends one game in one write, then its players; false once a write has failed.
    fn append(&mut self, game: &MatchGame) -> bool {
        if self.error.is_none() {
            let players = GamePlayers::of(game, self.written + 1, &self.names);
            let written = self
                .file
                .write_all((game.game.csv_line() + "\n").as_bytes())
                .and_then(|()| self.players.write_all(players.line().as_bytes()));
            match written {
                Ok(()) => self.written += 1,
                Err(e) => self.error = Some(e),
            }
        }
        self.error.is_none()
    }

    /// After a run that failed before its first game: no file is left behind.
    fn discard_if_empty(self) {
        if self.written == 0 {
            drop(self.file);
            drop(self.players);
            let _ = fs::remove_file(self.path);
            let _ = fs::remove_file(&self.players_path);
        }
    }

    fn finish(mut self) -> Result<(), CliError> {
        let synced = self.file.sync_all().and_then(|()| self.players.sync_all());
        let error = self.error.take().or(synced.err());
        match error {
            Some(source) => Err(CliError::Write {
                target: format!(
                    "{} (it holds the first {} games; {} their engines)",
                    self.path.display(),
                    self.written,
                    self.players_path.display()
                ),
                source,
            }),
            None => {
                eprintln!(
                    "taflmatch: wrote {} games to {} and their engines to {}",
                    self.written,
                    self.path.display(),
                    self.players_path.display()
                );
                Ok(())
            }
        }
    }
}

/// The openings the arguments ask for, `needed` of them for random ones.
fn openings(args: &Args, tables: &Tables, needed: usize) -> Result<OpeningSupply, CliError> {
    if let Some(path) = &args.openings {
        let text = read_text_file(path).map_err(|e| CliError::option("--openings", e))?;
        return Ok(openings_from_text(
            tables,
            &text,
            &path.display().to_string(),
        )?);
    }
    if let Some(path) = &args.openings_from_records {
        let plies = args.plies.unwrap_or(DEFAULT_RECORD_PLIES);
        if plies == 0 {
            return Err(CliError::input("--plies must be at least 1"));
        }
        let text =
            read_text_file(path).map_err(|e| CliError::option("--openings-from-records", e))?;
        return Ok(openings_from_records(
            tables,
            &text,
            &path.display().to_string(),
            plies,
        )?);
    }
    let plies = args.random_openings.unwrap_or(DEFAULT_RANDOM_PLIES);
    Ok(random_openings(tables, plies, needed, args.seed))
}

/// A library run error at the command line: a bad number of games names `--games`.
fn match_error(e: MatchError) -> CliError {
    match e {
        MatchError::GameCount(why) => CliError::option("--games", why),
        other => other.into(),
    }
}

#[cfg(test)]
mod tests {
    use taflcount::cli::parse::{command, problems};

    /// Every option has help text and reads `-1` as its value (so its own check, which
    /// names it, refuses a negative number).
    #[test]
    fn every_option_has_help_and_reads_negative_numbers() {
        assert_eq!(problems(command::<super::Cli>()), Vec::<String>::new());
    }
}
