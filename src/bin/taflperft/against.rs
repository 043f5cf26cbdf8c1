//! `taflperft --against CMD`: bisect to the first position where another engine's move
//! generator disagrees with taflperft's (protocol: docs/perft-against.md).

use std::time::Instant;
use taflcount::cli::{board, print, print_json, CliError, GameArgs, Hint, Progress, Status};
use taflcount::notation::parse_games;
use taflcount::perft::against::{bisect, AgainstError, Bisection, CommandOracle};
use taflcount::perft::scan::{scan, ScanPlan, ScanReport};
use taflcount::perft::{AgainstDetails, AgainstFinding, AgainstReport};
use taflcount::render::{Diagram, Tone};
use taflcount::report::perft::against_text;
use taflcount::report::table::{new_table, TableStyle};

pub fn run(
    command: &str,
    depth: u32,
    game: &GameArgs,
    threads: usize,
    timeout: std::time::Duration,
    json_out: bool,
    show_board: bool,
) -> Result<Status, CliError> {
    // The exit code is the verdict, whatever happens to stdout.
    taflcount::cli::output::finish_when_closed();
    let root = super::plan::root_of(game)?;
    let mut oracle = CommandOracle::new(command, root.clone());
    oracle.timeout = timeout;
    // A slow engine is not a hung one, but the user should know what is being waited for.
    if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        oracle.on_wait = Some(Box::new(|call: &str| {
            eprintln!("taflperft: waiting for the engine: {call}")
        }));
    }
    // The root the command is given as text, and the same root compiled for our counts.
    let chosen = game.game()?;
    let tables = &chosen.game.tables;
    let verdict =
        bisect(tables, &chosen.position, depth, threads, &mut oracle).map_err(|e| match e {
            AgainstError::Timeout { .. } => {
                CliError::input(e).with_hint(Hint::See("--against-timeout"))
            }
            e => CliError::from(e),
        })?;
    let report = match &verdict {
        Bisection::Agree { total } => AgainstReport::agree(command, depth, *total, oracle.calls),
        Bisection::Differ(f) => {
            AgainstReport::differ(command, depth, tables, &root, f, oracle.calls)
        }
    };
    if json_out {
        print_json(&report)?;
    } else {
        let board = match &report.finding {
            Some(f) if board::wanted(show_board) => finding_board(f),
            _ => String::new(),
        };
        print(&against_text(&report, &board))?;
    }
    Ok(if report.agree {
        Status::Success
    } else {
        Status::CheckFailed
    })
}

/// The position found with the moves that differ drawn (empty when they are counts).
fn finding_board(f: &AgainstFinding) -> String {
    match &f.details {
        AgainstDetails::Moves { too_many, too_few } => {
            disagreement_board(&f.rules, &f.position, &f.side_to_move, too_many, too_few)
        }
        _ => String::new(),
    }
}

/// What `--records` and its options ask for.
pub struct ScanArgs<'a> {
    pub records: &'a str,
    pub first_ply: usize,
    pub last_ply: usize,
    pub every: usize,
    pub games: Option<usize>,
    /// Draw each group's example position (--board, or a terminal).
    pub show_board: bool,
}

/// `--against CMD --records FILE`: every chosen position of an archive compared, the
/// differences grouped (taflcount::perft::scan).
pub fn run_scan(
    command: &str,
    depth: u32,
    game: &GameArgs,
    args: &ScanArgs,
    threads: usize,
    timeout: std::time::Duration,
    json_out: bool,
) -> Result<Status, CliError> {
    taflcount::cli::output::finish_when_closed();
    let chosen = game.resolve()?;
    let rules = chosen.rules.to_string();
    let path = std::path::Path::new(args.records);
    let text = taflcount::cli::read_text_file(path)?;
    let mut games = parse_games(&text).map_err(|e| CliError::file(args.records, e))?;
    if let Some(n) = args.games {
        games.truncate(n);
    }
    let plan = ScanPlan {
        rules: rules.clone(),
        first_ply: args.first_ply,
        last_ply: args.last_ply,
        every: args.every,
        depth,
        threads,
    };
    let mut oracle = CommandOracle::new(
        command,
        taflcount::perft::units::Root {
            rules: rules.clone(),
            position: String::new(),
            side: String::new(),
            moves: String::new(),
        },
    );
    oracle.timeout = timeout;
    // The bar (on a terminal only) is made at the first position, when the total is known.
    let mut progress: Option<Progress> = None;
    let started = Instant::now();
    let outcome = scan(
        &games,
        &plan,
        &mut oracle,
        &mut |_, total| {
            progress
                .get_or_insert_with(|| {
                    Progress::new(total as u64, &format!("perft({depth}) positions"))
                })
                .inc(1)
        },
        &mut |failure| {
            // One line per failure on stderr: the scan goes on.
            eprintln!(
                "taflperft: game {}, ply {}: {}",
                failure.game, failure.ply, failure.message
            )
        },
    )
    .map_err(|e| CliError::file(args.records, e))?;
    if let Some(bar) = &progress {
        bar.finish();
    }
    let report = ScanReport::new(
        command,
        args.records,
        rules,
        depth,
        games.len(),
        outcome,
        started.elapsed().as_secs_f64(),
    );
    if json_out {
        print_json(&report)?;
    } else {
        print(&scan_text(&report, board::wanted(args.show_board)))?;
    }
    Ok(
        if report.outcome.differed > 0 || report.outcome.failed > 0 {
            Status::CheckFailed
        } else {
            Status::Success
        },
    )
}

/// The scan as a summary line, a table of groups and each group's example.
fn scan_text(report: &ScanReport, show_board: bool) -> String {
    let r = &report.outcome;
    let (games, depth, seconds) = (report.games, report.depth, report.seconds);
    let mut out = format!(
        "{} position(s) of {} game(s) at perft({}): {} agree, {} differ, {} engine failure(s); {} call(s), {:.1} s\n",
        r.positions, games, depth, r.agreed, r.differed, r.failed, r.calls, seconds
    );
    if !r.groups.is_empty() {
        let mut table = new_table(
            TableStyle::Terminal,
            &["group", "what differs", "positions", "hits", "example"],
            &[0, 2, 3],
        );
        for (i, g) in r.groups.iter().enumerate() {
            table.add_row(vec![
                (i + 1).to_string(),
                g.description.clone(),
                g.positions.to_string(),
                g.hits.to_string(),
                format!(
                    "game {} ply {}, {} plies",
                    g.example.game, g.example.ply, g.example.length
                ),
            ]);
        }
        out += &format!("{table}\n");
        for (i, g) in r.groups.iter().enumerate() {
            let e = &g.example;
            // Long lists (every move of a side, when one engine ends the game) shortened.
            let list = |v: &[String]| match v.len() {
                0 => "none".to_string(),
                1..=12 => v.join(" "),
                n => format!("{} ... ({n} moves)", v[..8].join(" ")),
            };
            out += &format!("\ngroup {}: {}\n", i + 1, g.description);
            out += &format!("  position:  {} ({} to move)\n", e.position, e.side_to_move);
            out += &format!("  too many:  {}\n", list(&e.too_many));
            out += &format!("  too few:   {}\n", list(&e.too_few));
            if !e.detail.is_empty() {
                out += &format!("  detail:    {}\n", e.detail);
            }
            if show_board {
                out += &disagreement_board(
                    &report.rules,
                    &e.position,
                    &e.side_to_move,
                    &e.too_many,
                    &e.too_few,
                );
            }
            out += &format!(
                "  moves:     {}\n",
                if e.moves.is_empty() {
                    "(none)"
                } else {
                    &e.moves
                }
            );
        }
    }
    for f in &r.failures {
        out += &format!("\nfailed: game {}, ply {}: {}", f.game, f.ply, f.message);
    }
    if r.failed > r.failures.len() {
        out += &format!("\n(and {} more failures)", r.failed - r.failures.len());
    }
    if !r.failures.is_empty() {
        out.push('\n');
    }
    out
}

/// The position where the engines part: the moves only the other engine plays in red,
/// the legal moves it misses in green (empty when the record does not read).
fn disagreement_board(
    rules: &str,
    position: &str,
    side: &str,
    too_many: &[String],
    too_few: &[String],
) -> String {
    let Ok(rules) = rules.parse::<taflcount::rules::Rules>() else {
        return String::new();
    };
    match Diagram::of_record(&rules, position, side) {
        Some(diagram) => board::draw(
            &diagram
                .with_move_arrows(too_many, Tone::Bad, "only the other engine (illegal)")
                .with_move_arrows(too_few, Tone::Good, "legal, missed by the other engine"),
        ),
        None => String::new(),
    }
}
