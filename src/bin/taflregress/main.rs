//! taflregress: the AI's regression suite. Runs the misplay fixtures (positions where an
//! AI or a player went wrong, with the proven right answer), analyses one position,
//! writes new fixtures from recorded games, finds misplays in game archives, and prints
//! the node-count signature of the search (`bench`).

use clap::{Args, Parser, Subcommand};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;
use taflcount::board::{RecordOrder, Side};
use taflcount::cli::{exit_code, print_json, CliError, GameArgs, Status};
use taflcount::moves::{Move, Position, Tables};
use taflcount::notation::play_line;
use taflcount::notation::{parse_games, replay};
use taflcount::outln;
use taflcount::report::table::{new_table, TableStyle};
use taflcount::rules::catalog;
use taflcount::search::{Limits, SearchResult, Searcher};
use taflcount::solver::Solver;
use taflcount::suite::{self, Expect, Fixture, LimitSpec, Loaded, Proof, ProofKind};

const SCHEMA_VERSION: u32 = 1;

/// Run the AI's misplay suite (positions with proven right answers), or analyse, add,
/// mine and bench.
#[derive(Parser, Debug)]
#[command(
    name = "taflregress",
    version,
    after_help = "Examples:\n  taflregress\n  taflregress --filter escape --json\n  taflregress analyze --variant brandub --position \"starti:/7/7/3T3/tt1K1tt/3T3/7/7/\" --side defenders --depth 3\n  taflregress add --records fixtures/games/copenhagen.csv --game 12 --ply 40\n  taflregress mine --records fixtures/games/brandubh.csv\n  taflregress bench\n\nExit codes: 0 success, 1 a position failed, 2 usage or input error."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// The suite directory.
    #[arg(long, value_name = "DIR", default_value = "fixtures/misplays")]
    suite: PathBuf,
    /// Only fixtures whose id or file name contains this text.
    #[arg(long, value_name = "TEXT")]
    filter: Option<String>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Search one position and print the move, score, principal variation and nodes.
    Analyze(AnalyzeArgs),
    /// Write a fixture from a recorded game: the position before ply P, the recorded
    /// move as the misplay, the solver's proof and the expectation it supports.
    Add(AddArgs),
    /// List the plies of recorded games where the player to move missed a forced win
    /// within 3 plies or allowed one within 2 while a safe move existed.
    Mine(MineArgs),
    /// Complete a hand-written fixture: run the solver, write its proof, the expectation
    /// it supports (when `expect` is empty) and the shallowest depth the AI passes at.
    Prove(ProveArgs),
    /// Search fixed positions to a fixed depth; prints "Nodes searched: N".
    Bench,
}

#[derive(Args, Debug)]
struct AnalyzeArgs {
    #[command(flatten)]
    game: GameArgs,
    #[arg(
        long,
        value_name = "D",
        conflicts_with = "nodes",
        required_unless_present = "nodes"
    )]
    depth: Option<u32>,
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
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
    #[arg(long, value_name = "ID")]
    id: Option<String>,
    /// Where to write the fixture.
    #[arg(long, value_name = "DIR", default_value = "fixtures/misplays")]
    out: PathBuf,
}

#[derive(Args, Debug)]
struct MineArgs {
    #[command(flatten)]
    records: RecordsArgs,
    /// Only the first N games.
    #[arg(long, value_name = "N")]
    games: Option<usize>,
    /// Look for missed wins within 3 plies, not only 1 (much slower).
    #[arg(long)]
    deep: bool,
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct ProveArgs {
    /// The fixture file (its `proof` and `expect` may be left out).
    file: PathBuf,
    /// wins: the side to move wins within N plies; safe: every move but a few loses
    /// within N; loses: some moves lose within N.
    #[arg(long, value_name = "wins|safe|loses")]
    kind: String,
    #[arg(long, value_name = "N")]
    within: u32,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        None => run_suite(&cli),
        Some(Command::Analyze(a)) => analyze(a),
        Some(Command::Add(a)) => add(a),
        Some(Command::Mine(m)) => mine(m),
        Some(Command::Prove(p)) => prove(p),
        Some(Command::Bench) => bench(),
    };
    exit_code("taflregress", result)
}

fn run_suite(cli: &Cli) -> Result<Status, CliError> {
    let loaded = suite::load_dir(&cli.suite).map_err(|e| CliError::Input(e.to_string()))?;
    let chosen: Vec<&Loaded> = loaded
        .iter()
        .filter(|l| {
            cli.filter
                .as_ref()
                .is_none_or(|f| l.fixture.id.contains(f.as_str()) || l.file.contains(f.as_str()))
        })
        .collect();
    if chosen.is_empty() {
        return Err(CliError::Input(format!(
            "no fixture in {} matches",
            cli.suite.display()
        )));
    }
    let started = Instant::now();
    let results: Vec<_> = chosen.iter().map(|l| l.run()).collect();
    let seconds = started.elapsed().as_secs_f64();
    let passed = results.iter().filter(|r| r.pass).count();
    let nodes: u64 = results.iter().map(|r| r.nodes).sum();
    if cli.json {
        print_json(&json!({
            "schema_version": SCHEMA_VERSION,
            "suite": cli.suite.display().to_string(),
            "positions": results.len(),
            "passed": passed,
            "failed": results.len() - passed,
            "nodes": nodes.to_string(),
            "results": results,
            "timings": {"seconds": seconds},
        }))?;
    } else {
        let mut table = new_table(
            TableStyle::Terminal,
            &[
                "id", "expected", "played", "result", "score", "depth", "nodes",
            ],
            &[4, 5, 6],
        );
        for r in &results {
            let score = match r.plies_to_end {
                Some(p) => format!("{} in {p}", r.outcome.map_or("end", |o| o.name())),
                None => r.score.to_string(),
            };
            table.add_row(vec![
                r.id.clone(),
                r.expected.clone(),
                r.played.clone().unwrap_or_else(|| "-".into()),
                if r.pass { "pass" } else { "FAIL" }.into(),
                score,
                r.depth.to_string(),
                r.nodes.to_string(),
            ]);
        }
        outln!("{table}")?;
        outln!(
            "solved {passed} of {} ({:.1}%), {nodes} nodes",
            results.len(),
            100.0 * passed as f64 / results.len() as f64
        )?;
        eprintln!("{:.2} s", seconds);
    }
    Ok(if passed == results.len() {
        Status::Success
    } else {
        Status::CheckFailed
    })
}

/// The position of the game arguments and the hashes of the positions `--moves` passed.
fn game_with_history(args: &GameArgs) -> Result<(Tables, Position, Vec<u64>), CliError> {
    let mut start_args = args.clone();
    start_args.moves = None;
    let game = start_args.game()?;
    let mut position = game.position;
    let mut history = Vec::new();
    if let Some(moves) = &args.moves {
        for (i, word) in moves.split_whitespace().enumerate() {
            history.push(position.hash());
            position = play_line(&game.game.tables, position, word).map_err(|mut e| {
                e.ply = i + 1;
                CliError::input(format!("--moves, {e}"))
            })?;
        }
    }
    Ok((game.game.tables, position, history))
}

fn result_json(r: &SearchResult) -> serde_json::Value {
    json!({
        "schema_version": SCHEMA_VERSION,
        "best_move": r.best_move.map(|m| m.to_string()),
        "score": r.score,
        "outcome": r.outcome,
        "plies_to_end": r.plies_to_end,
        "pv": r.pv.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        "depth": r.depth,
        "nodes": r.nodes.to_string(),
    })
}

fn analyze(a: &AnalyzeArgs) -> Result<Status, CliError> {
    let limits = match (a.depth, a.nodes) {
        (Some(0), _) | (_, Some(0)) => {
            return Err(CliError::Input(
                "--depth and --nodes must be at least 1".into(),
            ))
        }
        (Some(d), _) if d > 60 => return Err(CliError::Input("--depth is at most 60".into())),
        (d, n) => Limits { depth: d, nodes: n },
    };
    let (tables, position, history) = game_with_history(&a.game)?;
    let started = Instant::now();
    let r = Searcher::new(&tables, limits).best_move(&position, &history);
    let seconds = started.elapsed().as_secs_f64();
    if a.json {
        let mut doc = result_json(&r);
        doc["timings"] = json!({"seconds": seconds});
        print_json(&doc)?;
    } else {
        print!("{}", position.layout(&tables).picture());
        outln!("{} to move", position.side_to_move())?;
        outln!(
            "best move: {}",
            r.best_move
                .map_or("none (the game is over)".into(), |m| m.to_string())
        )?;
        match (r.outcome, r.plies_to_end) {
            (Some(o), Some(p)) => outln!("score: {} ({} in {p} plies)", r.score, o.name())?,
            _ => outln!("score: {}", r.score)?,
        }
        outln!(
            "pv: {}",
            r.pv.iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        )?;
        outln!("depth: {}, nodes: {}", r.depth, r.nodes)?;
        eprintln!(
            "{:.3} s, {:.0} nodes/s",
            seconds,
            r.nodes as f64 / seconds.max(1e-9)
        );
    }
    Ok(Status::Success)
}

/// The games of an archive and the tables of their variant.
fn read_records(
    args: &RecordsArgs,
) -> Result<(String, Tables, Vec<taflcount::notation::GameRecord>), CliError> {
    let name = match &args.variant {
        Some(v) => v.clone(),
        None => args
            .records
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_string(),
    };
    let variant = catalog::find(&name).ok_or_else(|| {
        CliError::Input(format!(
            "no catalog variant `{name}` for {}; give --variant",
            args.records.display()
        ))
    })?;
    let tables = Tables::new(&variant.rules())?;
    let text = std::fs::read_to_string(&args.records)
        .map_err(|e| CliError::Input(format!("{}: {e}", args.records.display())))?;
    let games = parse_games(&text)
        .map_err(|e| CliError::Input(format!("{}: {e}", args.records.display())))?;
    Ok((variant.name.to_string(), tables, games))
}

/// What the solver says about the move played at one ply, if it was a proven mistake.
fn judge(
    tables: &Tables,
    pos: &Position,
    history: &[u64],
    played: Move,
    deep: bool,
) -> Option<(ProofKind, u32)> {
    let mut solver = Solver::new(tables, pos, history);
    let quick = solver.solve(pos, 1);
    if quick.win_in.is_some() && !quick.winning_moves.contains(&played) {
        return Some((ProofKind::Wins, 1));
    }
    if deep && quick.win_in.is_none() {
        let s = solver.solve(pos, 3);
        if s.win_in.is_some() && !s.winning_moves.contains(&played) {
            return Some((ProofKind::Wins, 3));
        }
    }
    let r = solver.refute(pos, 2);
    if r.losing_moves.contains(&played) && !r.safe_moves.is_empty() {
        let kind = if r.safe_moves.len() <= 6 {
            ProofKind::Safe
        } else {
            ProofKind::Loses
        };
        return Some((kind, 2));
    }
    None
}

/// Positions before each ply, the moves, and for each ply the hashes since the last capture.
fn history_before(tables: &Tables, positions: &[Position], ply: usize) -> (Vec<u64>, Vec<Move>) {
    let _ = tables;
    let pieces = |p: &Position| p.count(Side::Attackers) + p.count(Side::Defenders);
    let current = &positions[ply - 1];
    let mut first = ply - 1;
    while first > 0 && pieces(&positions[first - 1]) == pieces(current) {
        first -= 1;
    }
    (
        positions[first..ply - 1].iter().map(|p| p.hash()).collect(),
        Vec::new(),
    )
}

fn mine(m: &MineArgs) -> Result<Status, CliError> {
    let (variant, tables, games) = read_records(&m.records)?;
    let mut found = Vec::new();
    for game in games.iter().take(m.games.unwrap_or(usize::MAX)) {
        let Ok(r) = replay(&tables, game) else {
            continue;
        };
        for ply in 1..=r.moves.len() {
            let pos = &r.positions[ply - 1];
            if pos.outcome(&tables).is_some() {
                break;
            }
            let (history, _) = history_before(&tables, &r.positions, ply);
            if let Some((kind, within)) = judge(&tables, pos, &history, r.moves[ply - 1], m.deep) {
                found.push((
                    game.line,
                    ply,
                    r.moves[ply - 1],
                    kind,
                    within,
                    pos.side_to_move(),
                ));
            }
        }
    }
    let kind_name = |k: ProofKind| match k {
        ProofKind::Wins => "missed a win",
        ProofKind::Safe | ProofKind::Loses => "allowed a win",
    };
    if m.json {
        print_json(&json!({
            "schema_version": SCHEMA_VERSION,
            "variant": variant,
            "misplays": found.iter().map(|(g, p, mv, k, w, s)| json!({"game": g, "ply": p, "move": mv.to_string(), "side": s.name(), "kind": kind_name(*k), "within": w})).collect::<Vec<_>>(),
        }))?;
    } else {
        let mut table = new_table(
            TableStyle::Terminal,
            &["game", "ply", "side", "played", "what", "within"],
            &[0, 1, 5],
        );
        for (g, p, mv, k, w, s) in &found {
            table.add_row(vec![
                g.to_string(),
                p.to_string(),
                s.name().to_string(),
                mv.to_string(),
                kind_name(*k).to_string(),
                w.to_string(),
            ]);
        }
        outln!("{table}")?;
        outln!(
            "{} misplays in {} games of {variant}",
            found.len(),
            m.games.unwrap_or(games.len()).min(games.len())
        )?;
    }
    Ok(Status::Success)
}

/// Takes history moves back from the position before `ply` to the last capture.
fn history_moves(positions: &[Position], moves: &[Move], ply: usize) -> Vec<String> {
    let pieces = |p: &Position| p.count(Side::Attackers) + p.count(Side::Defenders);
    let current = &positions[ply - 1];
    let mut first = ply - 1;
    while first > 0 && pieces(&positions[first - 1]) == pieces(current) {
        first -= 1;
    }
    moves[first..ply - 1]
        .iter()
        .map(|m| m.to_string())
        .collect()
}

fn add(a: &AddArgs) -> Result<Status, CliError> {
    let (variant, tables, games) = read_records(&a.records)?;
    let game = games.iter().find(|g| g.line == a.game).ok_or_else(|| {
        CliError::Input(format!(
            "{} has no game on line {}",
            a.records.records.display(),
            a.game
        ))
    })?;
    let r = replay(&tables, game).map_err(|e| CliError::Input(format!("game {}: {e}", a.game)))?;
    if a.ply == 0 || a.ply > r.moves.len() {
        return Err(CliError::Input(format!(
            "game {} has plies 1..{}",
            a.game,
            r.moves.len()
        )));
    }
    let pos = &r.positions[a.ply - 1];
    if let Some(o) = pos.outcome(&tables) {
        return Err(CliError::Input(format!(
            "game {}: the game was over before ply {} ({})",
            a.game, a.ply, o.reason
        )));
    }
    let (history, _) = history_before(&tables, &r.positions, a.ply);
    let played = r.moves[a.ply - 1];
    let (kind, within) = judge(&tables, pos, &history, played, true).ok_or_else(|| CliError::Input(format!("game {} ply {}: the solver finds no missed win within 3 plies and no allowed win within 2 for {played}", a.game, a.ply)))?;
    let proof = Proof::establish(&tables, pos, &history, kind, within);
    let expect = match kind {
        ProofKind::Wins => Expect {
            best: proof.wins.clone().unwrap(),
            avoid: vec![],
        },
        ProofKind::Safe => Expect {
            best: proof.safe.clone().unwrap(),
            avoid: vec![],
        },
        ProofKind::Loses => Expect {
            best: vec![],
            avoid: vec![played.to_string()],
        },
    };
    let id =
        a.id.clone()
            .unwrap_or_else(|| format!("{variant}-game{}-ply{}", a.game, a.ply));
    let side = pos.side_to_move();
    let line = r.moves[..a.ply]
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    let mut fixture = Fixture {
        id: id.clone(),
        variant: Some(variant.clone()),
        rules: None,
        position: format!(
            "starti:{}",
            pos.layout(&tables).record(RecordOrder::TopRankFirst)
        ),
        side_to_move: side.name().to_string(),
        history: history_moves(&r.positions, &r.moves, a.ply),
        misplay: played.to_string(),
        expect,
        limit: LimitSpec {
            depth: Some(1),
            nodes: None,
        },
        proof,
        source: format!(
            "{} game {} (line {}), ply {}: {line}",
            a.records
                .records
                .file_name()
                .and_then(|s| s.to_str())
                .unwrap_or("records"),
            a.game,
            game.line,
            a.ply
        ),
        comment: format!("recorded game: the {side} played {played}"),
    };
    // The shallowest depth at which the AI gets it right (up to 5).
    let mut passing = None;
    for depth in 1..=5 {
        fixture.limit = LimitSpec {
            depth: Some(depth),
            nodes: None,
        };
        let loaded =
            suite::validate(&id, fixture.clone()).map_err(|e| CliError::Input(e.to_string()))?;
        if loaded.run().pass {
            passing = Some(depth);
            break;
        }
    }
    if passing.is_none() {
        eprintln!("taflregress: warning: the AI does not get {id} right at depth 1..5; written with depth 5 (the suite will fail on it)");
    }
    let path = a.out.join(format!("{id}.json"));
    write_fixture(&path, &fixture)?;
    outln!("wrote {} ({})", path.display(), fixture.proof.statement)?;
    Ok(Status::Success)
}

fn prove(p: &ProveArgs) -> Result<Status, CliError> {
    let file = p.file.display().to_string();
    let text =
        std::fs::read_to_string(&p.file).map_err(|e| CliError::Input(format!("{file}: {e}")))?;
    let mut value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| CliError::Input(format!("{file}: {e}")))?;
    let kind = match p.kind.as_str() {
        "wins" => ProofKind::Wins,
        "safe" => ProofKind::Safe,
        "loses" => ProofKind::Loses,
        other => {
            return Err(CliError::Input(format!(
                "--kind `{other}`: give wins, safe or loses"
            )))
        }
    };
    if !(1..=7).contains(&p.within) {
        return Err(CliError::Input("--within is 1 to 7 plies".into()));
    }
    let placeholder = json!({"within": p.within, "wins": [], "statement": ""});
    value
        .as_object_mut()
        .ok_or_else(|| CliError::Input(format!("{file}: not a JSON object")))?
        .entry("proof")
        .or_insert(placeholder);
    value
        .as_object_mut()
        .unwrap()
        .entry("expect")
        .or_insert(json!({}));
    value
        .as_object_mut()
        .unwrap()
        .entry("limit")
        .or_insert(json!({"depth": 1}));
    let mut fixture: Fixture =
        serde_json::from_value(value).map_err(|e| CliError::Input(format!("{file}: {e}")))?;
    let (tables, position, history) =
        suite::setup(&file, &fixture).map_err(|e| CliError::Input(e.to_string()))?;
    fixture.proof = Proof::establish(&tables, &position, &history, kind, p.within);
    if fixture.expect.best.is_empty() && fixture.expect.avoid.is_empty() {
        fixture.expect = match kind {
            ProofKind::Wins => Expect {
                best: fixture.proof.wins.clone().unwrap(),
                avoid: vec![],
            },
            ProofKind::Safe => Expect {
                best: fixture.proof.safe.clone().unwrap(),
                avoid: vec![],
            },
            ProofKind::Loses => Expect {
                best: vec![],
                avoid: vec![fixture.misplay.clone()],
            },
        };
    }
    let mut passing = None;
    for depth in 1..=6 {
        fixture.limit = LimitSpec {
            depth: Some(depth),
            nodes: None,
        };
        let loaded =
            suite::validate(&file, fixture.clone()).map_err(|e| CliError::Input(e.to_string()))?;
        if loaded.run().pass {
            passing = Some(depth);
            break;
        }
    }
    if passing.is_none() {
        eprintln!(
            "taflregress: warning: the AI does not get {} right at depth 1..6",
            fixture.id
        );
    }
    write_fixture(&p.file, &fixture)?;
    outln!(
        "wrote {} (depth {}; {})",
        p.file.display(),
        fixture.limit.depth.unwrap(),
        fixture.proof.statement
    )?;
    Ok(Status::Success)
}

fn write_fixture(path: &Path, fixture: &Fixture) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(fixture).expect("fixtures serialise") + "\n";
    std::fs::write(path, text).map_err(|e| CliError::Input(format!("{}: {e}", path.display())))
}

/// The bench positions: variant, position (None = start), side, depth.
const BENCH: &[(&str, Option<&str>, &str, u32)] = &[
    ("copenhagen", None, "attackers", 4),
    ("brandub", None, "attackers", 6),
    ("tablut", None, "attackers", 4),
    ("fetlar", None, "attackers", 4),
];

fn bench() -> Result<Status, CliError> {
    let mut table = new_table(
        TableStyle::Terminal,
        &["variant", "depth", "best move", "score", "nodes"],
        &[1, 3, 4],
    );
    let mut total = 0u64;
    let started = Instant::now();
    for &(name, record, side, depth) in BENCH {
        let args = GameArgs {
            variant: Some(name.into()),
            position: record.map(String::from),
            side: Some(side.into()),
            ..GameArgs::default()
        };
        let game = args.game()?;
        let r =
            Searcher::new(&game.game.tables, Limits::depth(depth)).best_move(&game.position, &[]);
        total += r.nodes;
        table.add_row(vec![
            name.to_string(),
            depth.to_string(),
            r.best_move.map_or("-".into(), |m| m.to_string()),
            r.score.to_string(),
            r.nodes.to_string(),
        ]);
    }
    let seconds = started.elapsed().as_secs_f64();
    outln!("{table}")?;
    outln!("Nodes searched: {total}")?;
    eprintln!(
        "Nodes/second: {:.0} ({:.2} s)",
        total as f64 / seconds.max(1e-9),
        seconds
    );
    Ok(Status::Success)
}
