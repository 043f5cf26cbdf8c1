//! taflregress: the AI's regression suite. Runs the misplay fixtures (positions where an
//! AI or a player went wrong, with the proven right answer), analyses one position,
//! writes new fixtures from recorded games, finds misplays in game archives, and prints
//! the node-count signature of the search (`bench`).

use clap::{Args, Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;
use taflcount::cli::output::finish_when_closed;
use taflcount::cli::{
    board, exit_code, print, print_json, read_text_file, CliError, GameArgs, Progress, Status,
};
use taflcount::document::NodeTiming;
use taflcount::game::Game;
use taflcount::moves::{Position, Tables};
use taflcount::notation::{parse_games, play_line, replay, GameRecord};
use taflcount::outln;
use taflcount::regress::{
    self, history_since_capture, judge, AnalysisDocument, Expect, Fixture, LimitSpec, Loaded,
    MineDocument, MisplayRow, Proof, ProofKind, ProveDocument, RegressSuiteDocument,
    SCHEMA_VERSION,
};
use taflcount::render::{Diagram, Tone};
use taflcount::report::regress::{
    bench_text, mine_summary, mine_table, suite_summary, suite_table,
};
use taflcount::report::table::TableStyle;
use taflcount::search::{Limits, Searcher};

mod curve;
mod deep;
mod engine;

/// Run the AI's misplay suite (positions with proven right answers), or analyse, add,
/// mine and bench.
#[derive(Parser, Debug)]
#[command(
    name = "taflregress",
    version,
    args_conflicts_with_subcommands = true,
    after_help = "Examples:\n  taflregress\n  taflregress --filter escape --json\n  taflregress analyze --variant brandub --position \"starti:/7/7/3T3/tt1K1tt/3T3/7/7/\" --side defenders --depth 3\n  taflregress analyze --variant copenhagen --moves \"d1-d3 e5-e2\" --prove 5\n  taflregress add --records fixtures/games/brandubh.csv --game 26 --ply 30 --out my-fixtures\n  taflregress mine --records fixtures/games/brandubh.csv --games 50\n  taflregress mine --records fixtures/games/brandubh.csv --games 5 --plies 9\n  taflregress --tier hard --nodes 10000\n  taflregress --engine search:nodes=20000 --tier hard --min-solved 40\n  taflregress --engine 'otep:\"./my-engine --level 3\"' --movetime 1000 --snapshot my-engine.solved\n  taflregress curve --max 10000 --svg curve.svg\n  taflregress bench\n\nTiers: core (the default) must always pass; hard is scored: the share of its forced wins\nthe AI finds at a node budget, per variant and per length.\n\nAny engine (--engine): both tiers are scored, per variant and per length; an engine that\ncrashes, hangs, plays an illegal move or answers what does not read fails that position\nwith the reason, is restarted, and the run goes on.\n\nExit codes: 0 success, 1 a core position failed (taflcount's own AI), or with --engine\nthe share solved is below --min-solved or --snapshot lost a position; 2 usage or input\nerror."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// The suite directory. Default: the tier built into taflregress (a copy of
    /// fixtures/misplays/ or fixtures/misplays/hard/ made when it was compiled).
    #[arg(long, value_name = "DIR")]
    suite: Option<PathBuf>,
    /// core: every position must pass (exit 1 if one fails); hard: forced wins of 5 plies
    /// or more, scored as the share solved at --nodes.
    #[arg(long, value_name = "core|hard", default_value = "core")]
    tier: Tier,
    /// The node budget of every search: the hard tier's (default 50000, taflengine's
    /// default AI); for the core tier, instead of each fixture's own limit.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Hard tier, or any tier with --engine: positions searched at once, one thread (one
    /// engine process) each; answers do not depend on it, unless the engine's do on time.
    #[arg(long, value_name = "N", default_value_t = 1, visible_alias = "concurrency",
          value_parser = clap::value_parser!(u16).range(1..=taflcount::threads::MAX_THREADS as i64))]
    threads: u16,
    /// Only fixtures whose id or file name contains this text.
    #[arg(long, value_name = "TEXT")]
    filter: Option<String>,
    /// Score this engine instead of taflcount's own AI at the fixtures' limits: any
    /// engine description of taflmatch (search:nodes=50000, mcts:playouts=2000, greedy,
    /// ...) or otep:"COMMAND ARGS", a program speaking the OpenTafl engine protocol.
    #[arg(long, value_name = "SPEC")]
    engine: Option<String>,
    /// With --engine: wall time per move in milliseconds, instead of the engine's own
    /// limit (an outside engine is sent a clock with this much left and counts as hung
    /// 1 s past it).
    #[arg(long, value_name = "MS", requires = "engine", conflicts_with = "nodes",
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    movetime: Option<u64>,
    /// With --engine: exit 1 if the share of positions solved is below P percent (a CI
    /// gate).
    #[arg(long, value_name = "P", requires = "engine", value_parser = percent)]
    min_solved: Option<f64>,
    /// With --engine: compare the solved set with FILE (one fixture id a line, sorted):
    /// the positions gained and lost are listed, and a lost one exits 1. A missing FILE is
    /// written; an existing one is rewritten only with --force.
    #[arg(long, value_name = "FILE", requires = "engine")]
    snapshot: Option<PathBuf>,
    /// With --snapshot: rewrite the snapshot file with this run's solved set.
    #[arg(long, requires = "snapshot")]
    force: bool,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// Draw the position of every failed fixture (the expected and the played move as
    /// arrows); the default on a terminal
    #[arg(long, conflicts_with = "json")]
    board: bool,
}

/// A share in percent, 0 to 100.
fn percent(text: &str) -> Result<f64, String> {
    text.trim_end_matches('%')
        .parse::<f64>()
        .ok()
        .filter(|p| (0.0..=100.0).contains(p))
        .ok_or_else(|| format!("`{text}` is not a percentage from 0 to 100"))
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Search one position and print the move, score, principal variation and nodes.
    Analyze(AnalyzeArgs),
    /// Write a fixture from a recorded game: the position before ply P, the recorded
    /// move as the misplay, the solver's proof and the expectation it supports.
    Add(AddArgs),
    /// List the plies of recorded games where the player to move missed a forced win
    /// within 1 ply (3 with --deep) or allowed one within 2 while a safe move existed.
    Mine(MineArgs),
    /// Complete a hand-written fixture: run the solver, write its proof, the expectation
    /// it supports (when `expect` is empty) and the shallowest depth the AI passes at.
    Prove(ProveArgs),
    /// Search fixed positions to a fixed depth; prints "Nodes searched: N", the search's
    /// behaviour signature.
    Bench(BenchArgs),
    /// The hard tier solved against the node budget (10^3 to 10^7 in half decades), as a
    /// table and optionally an SVG line chart.
    Curve(CurveArgs),
}

/// The tiers of the misplay suite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Tier {
    /// fixtures/misplays/: must always pass.
    Core,
    /// fixtures/misplays/hard/: scored.
    Hard,
}

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  taflregress curve --max 10000\n  taflregress curve --threads 2 --svg reports/hard-tier-curve.svg --json\n  taflregress curve --engine mcts --max 10000"
)]
struct CurveArgs {
    /// One of taflcount's engines (search, mcts, with their options) instead of its AI:
    /// each budget replaces the engine's own limit as its nodes per move. An outside
    /// engine counts no nodes of taflcount's: score it at its own limit with
    /// `taflregress --engine SPEC --tier hard`.
    #[arg(long, value_name = "SPEC")]
    engine: Option<String>,
    /// The hard tier's directory. Default: the hard tier built into taflregress.
    #[arg(long, value_name = "DIR")]
    suite: Option<PathBuf>,
    /// Only fixtures whose id or file name contains this text.
    #[arg(long, value_name = "TEXT")]
    filter: Option<String>,
    /// The largest budget run (the budgets are 1000, 3000, 10000, ... up to 10000000).
    #[arg(long, value_name = "N", default_value_t = 10_000_000,
          value_parser = clap::value_parser!(u64).range(1000..))]
    max: u64,
    /// Positions searched at once, one thread each (answers do not depend on it).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=taflcount::threads::MAX_THREADS as i64))]
    threads: u16,
    /// Also write the curve as an SVG line chart (share solved per variant against the
    /// budget) to this file.
    #[arg(long, value_name = "FILE.svg")]
    svg: Option<PathBuf>,
    /// Replace the --svg file if it exists (without it, an existing file is refused
    /// before the work).
    #[arg(long, requires = "svg")]
    force: bool,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct AnalyzeArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Search to this depth in plies (1 to 60).
    #[arg(long, value_name = "D", conflicts_with_all = ["nodes", "prove"],
          required_unless_present_any = ["nodes", "prove"],
          value_parser = clap::value_parser!(u32).range(1..=60))]
    depth: Option<u32>,
    /// Search until this many nodes (iterative deepening stops at the limit); with
    /// --prove, the positions the prover may make before it answers "undecided".
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Ask the deep prover instead of the search: does the side to move force a win
    /// within N plies (1 to 11)? An exact yes (with a winning first move) or no, or
    /// "undecided" at the node limit (--nodes, default 50000000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=11))]
    prove: Option<u32>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct RecordsArgs {
    /// A game archive (CSV: moves,attacker_captures,defender_captures,result).
    #[arg(long, value_name = "FILE.csv")]
    records: PathBuf,
    /// The catalog variant of the games; default: the file's name (copenhagen, brandubh).
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
}

#[derive(Args, Debug)]
struct AddArgs {
    #[command(flatten)]
    records: RecordsArgs,
    /// The game: its line number in the file (1-based).
    #[arg(long, value_name = "K")]
    game: usize,
    /// The ply whose move was the misplay (1-based; the position is the one before it).
    #[arg(long, value_name = "P")]
    ply: usize,
    /// The fixture's id and file name (letters, digits, `-`, `_`, `.`); default:
    /// VARIANT-gameK-plyP.
    #[arg(long, value_name = "ID")]
    id: Option<String>,
    /// Where to write the fixture.
    #[arg(long, value_name = "DIR", default_value = "fixtures/misplays")]
    out: PathBuf,
    /// Overwrite a fixture of the same id.
    #[arg(long)]
    force: bool,
}

#[derive(Args, Debug)]
struct MineArgs {
    #[command(flatten)]
    records: RecordsArgs,
    /// Only N games (after --skip).
    #[arg(long, value_name = "N")]
    games: Option<usize>,
    /// Leave out the first N games.
    #[arg(long, value_name = "N", default_value_t = 0)]
    skip: usize,
    /// Look for missed wins within 3 plies, not only 1 (much slower).
    #[arg(long, conflicts_with = "plies")]
    deep: bool,
    /// Look for missed wins up to N plies with the deep prover (1 to 11).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=11))]
    plies: Option<u32>,
    /// With --plies: positions the prover may make per ply before the ply counts as
    /// undecided.
    #[arg(long, value_name = "N", default_value_t = 200_000, requires = "plies",
          value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// With --plies: append each game's findings to this file (JSON lines) and skip the
    /// games it already holds, so an interrupted run resumes.
    #[arg(long, value_name = "FILE.jsonl", requires = "plies")]
    journal: Option<PathBuf>,
    /// With --plies: write a hard-tier fixture (with the prover's full proof) into DIR for
    /// each missed win of --min-plies or more.
    #[arg(long, value_name = "DIR", requires = "plies")]
    write: Option<PathBuf>,
    /// With --write: the shortest missed win written, in plies.
    #[arg(long, value_name = "N", default_value_t = 5)]
    min_plies: u32,
    /// With --write: positions the prover may make for one fixture's full proof.
    #[arg(long, value_name = "N", default_value_t = 20_000_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    proof_nodes: u64,
    /// With --plies: one line per game on stderr (for runs in the background).
    #[arg(long)]
    log: bool,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct ProveArgs {
    /// The fixture file (its `proof` and `expect` may be left out); rewritten in place.
    file: PathBuf,
    /// wins: the side to move wins within N plies; safe: every move but a few loses
    /// within N; loses: some moves lose within N.
    #[arg(long, value_name = "wins|safe|loses")]
    kind: String,
    /// The proof's horizon in plies (1 to 11): the full-width solver proves up to 3,
    /// the deep prover (df-pn) beyond.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=11))]
    within: u32,
}

#[derive(Args, Debug)]
struct BenchArgs {
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

fn main() -> ExitCode {
    let cli = taflcount::cli::parse::parse::<Cli>();
    let result = match &cli.command {
        None => run_suite(&cli),
        Some(Command::Analyze(a)) => analyze(a),
        Some(Command::Add(a)) => add(a),
        Some(Command::Mine(m)) => mine(m),
        Some(Command::Prove(p)) => prove(p),
        Some(Command::Bench(b)) => bench(b),
        Some(Command::Curve(c)) => curve::curve(c),
    };
    exit_code("taflregress", result)
}

/// The fixtures of a tier (from `suite`, or built in) that `filter` matches, and the
/// suite's name; an error if none does.
fn tier_fixtures(
    tier: Tier,
    suite: Option<&PathBuf>,
    filter: Option<&String>,
) -> Result<(String, Vec<Loaded>), CliError> {
    let (name, loaded) = match (suite, tier) {
        (Some(dir), _) => (dir.display().to_string(), regress::load_dir(dir)?),
        (None, Tier::Core) => ("built-in".to_string(), regress::built_in()?),
        (None, Tier::Hard) => ("built-in hard".to_string(), regress::built_in_hard()?),
    };
    let chosen: Vec<Loaded> = loaded
        .into_iter()
        .filter(|l| {
            filter.is_none_or(|f| l.fixture.id.contains(f.as_str()) || l.file.contains(f.as_str()))
        })
        .collect();
    if chosen.is_empty() {
        return Err(CliError::input(format!(
            "no fixture in the {name} suite matches"
        )));
    }
    Ok((name, chosen))
}

fn run_suite(cli: &Cli) -> Result<Status, CliError> {
    // The exit code is the suite's verdict, whatever happens to stdout.
    finish_when_closed();
    let (name, chosen) = tier_fixtures(cli.tier, cli.suite.as_ref(), cli.filter.as_ref())?;
    if let Some(spec) = &cli.engine {
        return engine::run(cli, spec, name, &chosen);
    }
    if cli.tier == Tier::Hard {
        let budget = cli.nodes.unwrap_or(regress::tier::DEFAULT_NODES);
        return curve::run_hard(name, &chosen, budget, usize::from(cli.threads), cli.json);
    }
    let progress = Progress::new(chosen.len() as u64, "taflregress");
    let started = Instant::now();
    let results: Vec<_> = chosen
        .iter()
        .map(|l| {
            progress.inc(1);
            match cli.nodes {
                Some(n) => l.run_with(Limits::nodes(n)),
                None => l.run(),
            }
        })
        .collect();
    progress.finish();
    let passed = results.iter().filter(|r| r.pass).count();
    let nodes: u64 = results.iter().map(|r| r.nodes).sum();
    let doc = RegressSuiteDocument {
        header: taflcount::document::Header::new(SCHEMA_VERSION, "taflregress"),
        suite: name,
        positions: results.len(),
        passed,
        failed: results.len() - passed,
        nodes,
        results,
        timing: NodeTiming::new(nodes, started.elapsed().as_secs_f64()),
    };
    if cli.json {
        print_json(&doc)?;
    } else {
        outln!("{}", suite_table(&doc, TableStyle::Terminal))?;
        if board::wanted(cli.board) {
            for (loaded, result) in chosen.iter().zip(&doc.results) {
                if !result.pass {
                    let played = result.played.as_deref();
                    print(&failure_board(loaded, &result.expected, played, None))?;
                }
            }
        }
        outln!("{}", suite_summary(&doc))?;
        eprintln!("{:.2} s", doc.timing.seconds);
    }
    Ok(if doc.failed == 0 {
        Status::Success
    } else {
        Status::CheckFailed
    })
}

/// A failed fixture's position: the expected moves in green, the moves to avoid and the
/// move played in red; `failure` says why no move was judged (an outside engine's crash,
/// hang or illegal answer), if so. The same board for the AI and for `--engine`.
fn failure_board(
    loaded: &Loaded,
    expected: &str,
    played: Option<&str>,
    failure: Option<&str>,
) -> String {
    let mut diagram = Diagram::of_position(&loaded.tables, &loaded.position);
    for mv in &loaded.best {
        diagram = diagram.with_arrow(mv.from, mv.to, Tone::Good, "expected");
    }
    for mv in &loaded.avoid {
        diagram = diagram.with_arrow(mv.from, mv.to, Tone::Bad, "to avoid");
    }
    if let Some(mv) = played
        .and_then(|text| text.split_once('-'))
        .and_then(|(from, to)| Some((from.parse().ok()?, to.parse().ok()?)))
    {
        diagram = diagram.with_arrow(mv.0, mv.1, Tone::Bad, "played");
    }
    let what = match (played, failure) {
        (Some(mv), _) => format!("played {mv}"),
        (None, Some(why)) => why.to_string(),
        (None, None) => "played no move".to_string(),
    };
    format!(
        "\n{} failed: expected {expected}, {what}\n{}",
        loaded.fixture.id,
        board::draw(&diagram)
    )
}

/// The position of the game arguments and the hashes of the positions `--moves` passed.
fn game_with_history(args: &GameArgs) -> Result<(Tables, Position, Vec<u64>), CliError> {
    let mut start_args = args.clone();
    start_args.moves = None;
    let chosen = start_args.game()?;
    let tables = chosen.game.tables;
    let mut position = chosen.position;
    let mut history = Vec::new();
    for (i, word) in args
        .moves
        .iter()
        .flat_map(|m| m.split_whitespace())
        .enumerate()
    {
        history.push(position.hash());
        position = play_line(&tables, position, word).map_err(|mut e| {
            e.ply = i + 1;
            CliError::moves(e)
        })?;
    }
    Ok((tables, position, history))
}

/// Positions the deep prover may make for `analyze --prove` without `--nodes`.
const PROVE_NODES: u64 = 50_000_000;

/// `analyze --prove N`: the deep prover's exact answer.
fn prove_win(a: &AnalyzeArgs, within: u32) -> Result<Status, CliError> {
    let (tables, position, history) = game_with_history(&a.game)?;
    let limit = a.nodes.unwrap_or(PROVE_NODES);
    let ended =
        taflcount::moves::Repetitions::new(&tables, &position, &history).ending(&tables, &position);
    let started = Instant::now();
    let mut prover = regress::Prover::new(&tables, &position, &history)?.with_node_limit(limit);
    let answer = prover.winning_move(&position, within);
    let seconds = started.elapsed().as_secs_f64();
    let side = position.side_to_move();
    let (word, winning_move) = match (&answer, &ended) {
        (Ok(Some(mv)), _) => ("win", Some(mv.to_string())),
        (Ok(None), Some(_)) => ("game over", None),
        (Ok(None), None) => ("no win", None),
        (Err(_), _) => ("undecided", None),
    };
    let doc = ProveDocument {
        header: taflcount::document::Header::new(SCHEMA_VERSION, "taflregress"),
        side: side.to_string(),
        within,
        answer: word.to_owned(),
        winning_move,
        positions: prover.nodes(),
        timing: NodeTiming::new(prover.nodes(), seconds),
    };
    if a.json {
        print_json(&doc)?;
        return Ok(Status::Success);
    }
    let mut diagram = Diagram::of_position(&tables, &position);
    if let Ok(Some(mv)) = &answer {
        diagram = diagram.with_arrow(mv.from, mv.to, Tone::Good, "wins");
    }
    print(&board::draw(&diagram))?;
    match (&answer, &ended) {
        (Ok(Some(mv)), _) => {
            outln!("the {side} force a win within {within} plies: {mv} does it (proven)")?
        }
        (Ok(None), Some(o)) => outln!("the game is over ({}): no move to prove", o.reason.name())?,
        (Ok(None), None) => outln!("the {side} have no forced win within {within} plies (proven)")?,
        (Err(e), _) => outln!("undecided: {e}; raise --nodes")?,
    }
    outln!("positions: {}", doc.positions)?;
    eprintln!("{:.3} s", seconds);
    Ok(Status::Success)
}

fn analyze(a: &AnalyzeArgs) -> Result<Status, CliError> {
    if let Some(within) = a.prove {
        return prove_win(a, within);
    }
    let limits = Limits {
        depth: a.depth,
        nodes: a.nodes,
    };
    let (tables, position, history) = game_with_history(&a.game)?;
    let started = Instant::now();
    let r = Searcher::new(&tables, limits).best_move(&position, &history);
    let doc = AnalysisDocument::new(&r, started.elapsed().as_secs_f64());
    if a.json {
        print_json(&doc)?;
        return Ok(Status::Success);
    }
    let mut diagram = Diagram::of_position(&tables, &position);
    if let Some(mv) = r.best_move {
        diagram = diagram.with_arrow(mv.from, mv.to, Tone::Good, "best");
    }
    print(&board::draw(&diagram))?;
    let best = doc
        .best_move
        .clone()
        .unwrap_or_else(|| "none (the game is over)".into());
    outln!("best move: {best}")?;
    match (r.outcome, r.plies_to_end) {
        (Some(o), Some(p)) => outln!("score: {} ({} in {p} plies)", r.score, o.name())?,
        _ => outln!("score: {}", r.score)?,
    }
    outln!("pv: {}", doc.pv.join(" "))?;
    outln!("depth: {}, nodes: {}", r.depth, r.nodes)?;
    eprintln!(
        "{:.3} s, {:.0} nodes/s",
        doc.timing.seconds, doc.timing.nodes_per_second
    );
    Ok(Status::Success)
}

/// The games of an archive and the game (catalog variant) they are played under. The
/// file is read first, so a missing file is reported as such.
fn read_records(args: &RecordsArgs) -> Result<(Game, Vec<GameRecord>), CliError> {
    let path = args.records.display();
    let text = read_text_file(&args.records)?;
    let games = parse_games(&text).map_err(|e| CliError::file(&path, e))?;
    let name = match &args.variant {
        Some(v) => v.clone(),
        None => args
            .records
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_string(),
    };
    let game = Game::named(&name).map_err(|_| {
        CliError::input(format!(
            "no catalog variant `{name}` for {path}; give --variant"
        ))
    })?;
    Ok((game, games))
}

fn mine(m: &MineArgs) -> Result<Status, CliError> {
    if let Some(plies) = m.plies {
        return deep::mine_deep(m, plies);
    }
    let (game, games) = read_records(&m.records)?;
    let first = m.skip.min(games.len());
    let games = &games[first..(first + m.games.unwrap_or(usize::MAX).min(games.len() - first))];
    let found = regress::mine(&game.tables, games, m.deep)
        .map_err(|e| CliError::file(m.records.records.display(), e))?;
    let doc = MineDocument {
        header: taflcount::document::Header::new(SCHEMA_VERSION, "taflregress"),
        variant: game.name.clone().unwrap_or_default(),
        games: games.len(),
        misplays: found.iter().map(MisplayRow::from).collect(),
        plies: None,
        undecided: None,
        written: Vec::new(),
    };
    if m.json {
        print_json(&doc)?;
    } else {
        outln!("{}", mine_table(&doc, TableStyle::Terminal))?;
        outln!("{}", mine_summary(&doc, m.nodes))?;
    }
    Ok(Status::Success)
}

/// A fixture id is a plain file name: no folder, nothing hidden.
fn check_id(id: &str) -> Result<(), CliError> {
    let plain = !id.is_empty()
        && !id.starts_with('.')
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if plain {
        Ok(())
    } else {
        Err(CliError::value(
            "--id",
            format!("`{id}`"),
            "an id is a plain name of letters, digits, `-`, `_` and `.`",
        ))
    }
}

/// Sets the fixture's limit to the shallowest depth (up to `max`) at which the AI passes.
fn shallowest_passing_depth(file: &str, fixture: &mut Fixture, max: u32) -> Result<bool, CliError> {
    for depth in 1..=max {
        fixture.limit = LimitSpec {
            depth: Some(depth),
            nodes: None,
        };
        if regress::validate(file, fixture.clone())?.run().pass {
            return Ok(true);
        }
    }
    Ok(false)
}

fn add(a: &AddArgs) -> Result<Status, CliError> {
    if let Some(id) = &a.id {
        check_id(id)?;
    }
    let (game, games) = read_records(&a.records)?;
    let variant = game.name.clone().unwrap_or_default();
    let tables = &game.tables;
    let records = a.records.records.display();
    let record = games
        .iter()
        .find(|g| g.line == a.game)
        .ok_or_else(|| CliError::input(format!("{records} has no game on line {}", a.game)))?;
    let r = replay(tables, record).map_err(|e| CliError::game(a.game, e))?;
    if a.ply == 0 || a.ply > r.moves.len() {
        let plies = r.moves.len();
        return Err(CliError::input(format!(
            "game {} has plies 1..{plies}",
            a.game
        )));
    }
    let pos = &r.positions[a.ply - 1];
    if let Some(o) = pos.outcome(tables) {
        return Err(CliError::game(
            a.game,
            format!("the game was over before ply {} ({})", a.ply, o.reason),
        ));
    }
    let id =
        a.id.clone()
            .unwrap_or_else(|| format!("{variant}-game{}-ply{}", a.game, a.ply));
    let path = a.out.join(format!("{id}.json"));
    if path.exists() && !a.force {
        return Err(CliError::input(format!(
            "{} exists; give another --id, or --force to overwrite it",
            path.display()
        )));
    }
    let (history, _) = history_since_capture(&r.positions, &r.moves, a.ply);
    let played = r.moves[a.ply - 1];
    let (kind, within) = judge(tables, pos, &history, played, true).ok_or_else(|| {
        CliError::input(format!(
            "game {} ply {}: the solver finds no missed win within 3 plies and no allowed win \
             within 2 for {played}",
            a.game, a.ply
        ))
    })?;
    let proof = Proof::establish(tables, pos, &history, kind, within);
    let file_name = a
        .records
        .records
        .file_name()
        .and_then(|s| s.to_str())
        .unwrap_or("records");
    let limit = LimitSpec {
        depth: Some(1),
        nodes: None,
    };
    let mut fixture = regress::game_fixture(
        tables, &id, &variant, file_name, record, &r, a.ply, proof, limit,
    );
    if !shallowest_passing_depth(&id, &mut fixture, 5)? {
        eprintln!(
            "taflregress: warning: the AI does not get {id} right at depth 1..5; written with \
             depth 5 (the suite will fail on it)"
        );
    }
    std::fs::create_dir_all(&a.out).map_err(|e| CliError::file(a.out.display(), e))?;
    write_fixture(&path, &fixture)?;
    outln!("wrote {} ({})", path.display(), fixture.proof.statement)?;
    Ok(Status::Success)
}

fn prove(p: &ProveArgs) -> Result<Status, CliError> {
    let file = p.file.display().to_string();
    let text = read_text_file(&p.file)?;
    let kind = match p.kind.as_str() {
        "wins" => ProofKind::Wins,
        "safe" => ProofKind::Safe,
        "loses" => ProofKind::Loses,
        other => {
            return Err(CliError::value(
                "--kind",
                format!("`{other}`"),
                "give wins, safe or loses",
            ))
        }
    };
    let mut fixture = Fixture::parse_draft(&file, &text, p.within)?;
    let (tables, position, history) = regress::setup(&file, &fixture)?;
    fixture.proof = Proof::establish_auto(&tables, &position, &history, kind, p.within)
        .map_err(|e| CliError::file(&file, e))?;
    if fixture.expect.best.is_empty() && fixture.expect.avoid.is_empty() {
        fixture.expect = Expect::from_proof(&fixture.proof, &fixture.misplay);
    }
    if !shallowest_passing_depth(&file, &mut fixture, 6)? {
        eprintln!(
            "taflregress: warning: the AI does not get {} right at depth 1..6",
            fixture.id
        );
    }
    write_fixture(&p.file, &fixture)?;
    outln!(
        "wrote {} (depth {}; {})",
        p.file.display(),
        fixture.limit.depth.unwrap_or(0),
        fixture.proof.statement
    )?;
    Ok(Status::Success)
}

/// Writes a fixture atomically, so a failed write leaves the old one whole (whether an
/// existing fixture may be replaced is decided before).
fn write_fixture(path: &Path, fixture: &Fixture) -> Result<(), CliError> {
    let text = fixture.to_file_text();
    taflcount::cli::write_file(path, text.as_bytes(), true)
}

fn bench(b: &BenchArgs) -> Result<Status, CliError> {
    let progress = Progress::new(regress::BENCH.len() as u64, "bench");
    let doc = regress::bench(&|_| progress.inc(1))?;
    progress.finish();
    if b.json {
        print_json(&doc)?;
    } else {
        print(&bench_text(&doc, TableStyle::Terminal))?;
        eprintln!(
            "Nodes/second: {:.0} ({:.2} s)",
            doc.timing.nodes_per_second, doc.timing.seconds
        );
    }
    Ok(Status::Success)
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
