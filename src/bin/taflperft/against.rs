//! `taflperft --against CMD`: bisect to the first position where another engine's move
//! generator disagrees with taflperft's (protocol: docs/perft-against.md).

use serde_json::json;
use taflcount::cli::{print_json, CliError, GameArgs, Status};
use taflcount::outln;
use taflcount::perft::against::{bisect, CommandOracle, FindingKind, Verdict};
use taflcount::perft::{AgainstFinding, AgainstReport, DescentStep, SCHEMA_VERSION};

pub fn run(
    command: &str,
    depth: u32,
    game: &GameArgs,
    threads: usize,
    timeout: std::time::Duration,
    json_out: bool,
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
    let verdict = bisect(&root, depth, threads, &mut oracle)?;
    let calls = oracle.calls;
    match verdict {
        Verdict::Agree { total } => {
            if json_out {
                print_json(&AgainstReport {
                    schema_version: SCHEMA_VERSION,
                    tool: "taflperft",
                    mode: "against",
                    command: command.to_string(),
                    depth,
                    agree: true,
                    nodes: Some(total),
                    finding: None,
                    calls,
                })?;
            } else {
                outln!(
                    "agree: perft({depth}) = {total} for taflperft and `{command}` (same divide)"
                )?;
            }
            Ok(Status::Success)
        }
        Verdict::Differ(f) => {
            let mut all_moves: Vec<&str> = root.moves.split_whitespace().collect();
            all_moves.extend(f.line.iter().map(String::as_str));
            let moves = all_moves.join(" ");
            let (what, details) = match &f.kind {
                FindingKind::Moves { too_many, too_few } => {
                    ("moves", json!({"too_many": too_many, "too_few": too_few}))
                }
                FindingKind::LeafCount { mv, theirs } => {
                    ("leaf_count", json!({"move": mv, "theirs": theirs}))
                }
                FindingKind::Total { sum, total } => {
                    ("total", json!({"sum_of_divide": sum, "total": total}))
                }
                FindingKind::Inconsistent { above, below } => (
                    "inconsistent",
                    json!({"count_one_level_up": above, "divide_sum_here": below}),
                ),
            };
            if json_out {
                let finding = AgainstFinding {
                    kind: what,
                    rules: root.rules.clone(),
                    root_position: root.position.clone(),
                    root_side: root.side.clone(),
                    moves: moves.clone(),
                    position: f.position.clone(),
                    side_to_move: f.side.clone(),
                    berserker: f.berserker.clone(),
                    depth: f.depth,
                    details,
                    descent: f
                        .trail
                        .iter()
                        .map(|(m, o, t)| DescentStep {
                            mv: m.clone(),
                            ours: *o,
                            theirs: *t,
                        })
                        .collect(),
                };
                print_json(&AgainstReport {
                    schema_version: SCHEMA_VERSION,
                    tool: "taflperft",
                    mode: "against",
                    command: command.to_string(),
                    depth,
                    agree: false,
                    nodes: None,
                    finding: Some(finding),
                    calls,
                })?;
                return Ok(Status::CheckFailed);
            }
            outln!(
                "disagree: perft({depth}) differs; {} step(s) down:",
                f.trail.len()
            )?;
            for (m, o, t) in &f.trail {
                outln!("  {m}: taflperft {o}, other engine {t}")?;
            }
            outln!("position:  {}", f.position)?;
            outln!(
                "to move:   {}{}",
                f.side,
                f.berserker
                    .as_deref()
                    .map(|s| format!(" (berserk continuation of the piece on {s})"))
                    .unwrap_or_default()
            )?;
            outln!(
                "moves:     {}",
                if moves.is_empty() { "(none)" } else { &moves }
            )?;
            match &f.kind {
                FindingKind::Moves { too_many, too_few } => {
                    let list = |v: &[String]| {
                        if v.is_empty() {
                            "none".to_string()
                        } else {
                            v.join(" ")
                        }
                    };
                    outln!(
                        "too many:  {} (the other engine plays them; they are not legal)",
                        list(too_many)
                    )?;
                    outln!(
                        "too few:   {} (legal, but the other engine misses them)",
                        list(too_few)
                    )?;
                }
                FindingKind::LeafCount { mv, theirs } => {
                    outln!("same moves, but the other engine counts {theirs} leaves below {mv} at depth 1 (should be 1)")?;
                }
                FindingKind::Total { sum, total } => {
                    outln!("same moves and counts, but the other engine's total {total} is not the sum of its divide {sum}")?;
                }
                FindingKind::Inconsistent { above, below } => {
                    outln!("same moves and counts here, but one level up the other engine counted {above} for this move and its divide here adds up to {below}")?;
                }
            }
            outln!(
                "reproduce: {command} {} '{}' '{}' {} '{}'",
                f.depth,
                root.rules,
                root.position,
                root.side,
                moves
            )?;
            Ok(Status::CheckFailed)
        }
    }
}
