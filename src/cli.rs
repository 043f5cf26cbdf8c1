//! What the binaries share: choosing a variant, rules, position, side and moves from the
//! command line; user errors with exit code 2; progress on stderr only on a terminal.

use crate::board::{Layout, RecordOrder, Side};
use crate::moves::{Position, Tables};
use crate::notation::{resolve, MoveText};
use crate::rules::{catalog, Rules};
use clap::Args;
use std::fmt;
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// Exit codes shared by every tool.
pub mod exit {
    /// A check failed: a perft mismatch, a regression.
    pub const CHECK_FAILED: i32 = 1;
    /// Usage or input error.
    pub const USAGE: i32 = 2;
}

/// An error in what the user gave; printed on stderr, exit code 2.
#[derive(Debug)]
pub struct UserError(pub String);

impl fmt::Display for UserError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<E: std::error::Error> From<E> for UserError {
    fn from(e: E) -> UserError {
        UserError(e.to_string())
    }
}

/// Prints the error and exits with the usage code.
pub fn fail(program: &str, error: UserError) -> ! {
    eprintln!("{program}: error: {error}");
    std::process::exit(exit::USAGE);
}

/// The game to work on: a catalog variant or a rules string, optionally another position
/// and moves played from it.
#[derive(Args, Debug, Clone, Default)]
pub struct GameArgs {
    /// A catalog variant (see --list-variants). Default: copenhagen.
    #[arg(long, value_name = "NAME", conflicts_with = "rules")]
    pub variant: Option<String>,
    /// An OTN rules string, e.g. "dim:7 name:Brandub ks:w start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/".
    #[arg(long, value_name = "OTN RULES")]
    pub rules: Option<String>,
    /// A position record in start order (rank 1 first), e.g. "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    /// prefix it with `starti:` to give the top rank first. Needs --side.
    #[arg(long, value_name = "RECORD", requires = "side")]
    pub position: Option<String>,
    /// The side to move in --position: attackers or defenders.
    #[arg(long, value_name = "SIDE")]
    pub side: Option<String>,
    /// Moves to play first, space separated, e.g. "d1-d3 e5-e2 g3-e3xe2" (captures, if
    /// written, must be the ones the rules make).
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
}

/// A game chosen on the command line, validated.
pub struct Game {
    /// The catalog name, or the rules' own name turned into `None` when none was given.
    pub variant: Option<String>,
    pub rules: Rules,
    pub tables: Tables,
    pub position: Position,
}

impl GameArgs {
    /// The rules chosen, with the catalog name if they came from the catalog.
    pub fn rules(&self) -> Result<(Option<String>, Rules), UserError> {
        if let Some(text) = &self.rules {
            let rules: Rules = text.parse()?;
            let name =
                (!rules.name.is_empty()).then(|| rules.name.to_lowercase().replace(' ', "-"));
            return Ok((name, rules));
        }
        let name = self.variant.as_deref().unwrap_or("copenhagen");
        let entry = catalog::find(name).ok_or_else(|| {
            UserError(format!(
                "unknown variant `{name}`; known variants: {}",
                catalog::names().join(", ")
            ))
        })?;
        Ok((Some(entry.name.to_string()), entry.rules()))
    }

    /// Rules, tables, and the position after --position/--side and --moves.
    pub fn game(&self) -> Result<Game, UserError> {
        let (variant, rules) = self.rules()?;
        let tables = Tables::new(&rules)?;
        let side = match &self.side {
            Some(text) => text.parse::<Side>()?,
            None => rules.first_side(),
        };
        let mut position = match &self.position {
            Some(record) => {
                let layout = Layout::parse(record, RecordOrder::RankOneFirst)?;
                Position::from_layout(&tables, &layout, side)?
            }
            None => Position::from_layout(&tables, &rules.start, side)?,
        };
        if let Some(moves) = &self.moves {
            position = play_moves(&tables, position, moves)?;
        }
        Ok(Game {
            variant,
            rules,
            tables,
            position,
        })
    }
}

/// Plays space-separated moves; an illegal move or wrong recorded captures name the ply.
pub fn play_moves(t: &Tables, mut position: Position, moves: &str) -> Result<Position, UserError> {
    // Spaces separate moves; `|` separates the single moves of a berserk turn.
    for (i, word) in moves
        .split(|c: char| c.is_whitespace() || c == '|')
        .filter(|w| !w.is_empty())
        .enumerate()
    {
        let ply = i + 1;
        let text: MoveText = word
            .parse()
            .map_err(|e| UserError(format!("--moves, ply {ply}: {e}")))?;
        let mv = resolve(t, &position, &text)
            .map_err(|e| UserError(format!("--moves, ply {ply}: {e}")))?;
        let (next, captured) = position.after(t, mv);
        if !text.captures.is_empty() {
            let made = crate::notation::recordable_captures(&position, &captured);
            let mut claimed = text.captures.clone();
            claimed.sort();
            if made != claimed {
                let list = |v: &[crate::board::Square]| {
                    if v.is_empty() {
                        "nothing".into()
                    } else {
                        v.iter()
                            .map(|s| s.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    }
                };
                return Err(UserError(format!(
                    "--moves, ply {ply}: `{word}` claims to capture {}, but the rules capture {}",
                    list(&claimed),
                    list(&made)
                )));
            }
        }
        position = next;
    }
    Ok(position)
}

/// A progress bar on stderr that appears only on a terminal, and only once the work has
/// run for a second.
pub struct Progress {
    bar: indicatif::ProgressBar,
    started: Instant,
    shown: std::sync::atomic::AtomicBool,
    enabled: bool,
}

impl Progress {
    pub fn new(total: u64, message: &str) -> Progress {
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(total),
            indicatif::ProgressDrawTarget::hidden(),
        );
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{msg} [{bar:30}] {pos}/{len} {elapsed} (eta {eta})",
            )
            .unwrap()
            .progress_chars("=> "),
        );
        bar.set_message(message.to_string());
        Progress {
            bar,
            started: Instant::now(),
            shown: false.into(),
            enabled: std::io::stderr().is_terminal(),
        }
    }

    pub fn inc(&self, n: u64) {
        self.bar.inc(n);
        if self.enabled
            && self.started.elapsed() > Duration::from_secs(1)
            && !self.shown.swap(true, std::sync::atomic::Ordering::Relaxed)
        {
            self.bar
                .set_draw_target(indicatif::ProgressDrawTarget::stderr());
        }
    }

    pub fn set_message(&self, message: String) {
        self.bar.set_message(message);
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// Writes a JSON document on stdout, pretty and ending with a newline.
pub fn print_json(value: &serde_json::Value) {
    println!(
        "{}",
        serde_json::to_string_pretty(value).expect("JSON values always serialise")
    );
}
