//! `taflcount show`: one position drawn as a Unicode diagram, an SVG file, or a JSON
//! document. The position is the variant's start, `--position`/`--side`, `--moves`
//! played from either, or game N ply P of a `--records` archive.

use std::path::PathBuf;

use clap::Args;
use taflcount::board::Square;
use taflcount::cli::{board, print, print_json, read_text_file, write_file, CliError, GameArgs};
use taflcount::complexity::legal::{Illegality, Prepared};
use taflcount::moves::{Position, Tables};
use taflcount::notation::{parse_games, play_line_moves, replay};
use taflcount::render::document::ShowDocument;
use taflcount::render::svg::svg;
use taflcount::render::{Diagram, Tone};

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  taflcount show --variant brandub\n  taflcount show --variant brandub --moves \"d2-b2 d3-f3\"\n  taflcount show --variant tablut --position /9/9/9/9/4K4/9/9/9/9/ --side defenders --arrows e5-e9\n  taflcount show --records fixtures/games/brandubh.csv --game 3 --ply 10 --svg board.svg\n  taflcount show --variant copenhagen --json\n\nThe diagram: ● ○ attacking and defending taflmen, ♔ the king, ◆ ◇ commanders,\n▲ △ knights, ■ □ mercenaries, ★ ☆ guards; ⊡ the throne, ⊠ corners, ⊟ ⊞ forts;\n( ) the last move, × a captured piece, [ ] --highlight. Colour only on a terminal\nwithout NO_COLOR.\n\nExit codes: 0 success, 2 usage or input error (a bad record, move or square)."
)]
pub struct ShowArgs {
    #[command(flatten)]
    game: GameArgs,
    /// A CSV game archive (moves,attacker_captures,defender_captures,result): show the
    /// position of --game at --ply, the last move and its captures marked (the variant
    /// defaults to the file's name, e.g. brandubh.csv)
    #[arg(long, value_name = "FILE.csv", conflicts_with_all = ["position", "moves", "side"])]
    records: Option<PathBuf>,
    /// With --records: the game, counted from 1 (default 1)
    #[arg(long = "game", value_name = "N", requires = "records",
          value_parser = clap::value_parser!(u64).range(1..))]
    game_number: Option<u64>,
    /// With --records: the position after this many plies (0 the start; default: the
    /// game's end)
    #[arg(long, value_name = "P", requires = "records",
          value_parser = clap::value_parser!(u64).range(0..))]
    ply: Option<u64>,
    /// Squares to mark, e.g. "d4 e5" (spaces or commas between them)
    #[arg(long, value_name = "SQUARES")]
    highlight: Option<String>,
    /// Moves to draw as arrows without playing them, e.g. "d4-d7 e5-e1"; `d4-d7:good`
    /// draws one green, `d4-d5:bad` red (blue by default)
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    arrows: Option<String>,
    /// Write the board as SVG to this file instead of printing a diagram
    #[arg(long, value_name = "FILE.svg", conflicts_with = "json")]
    svg: Option<PathBuf>,
    /// With --svg: replace the file if it exists (without it, it is refused)
    #[arg(long, requires = "svg")]
    force: bool,
    /// The position as a JSON document (pieces, special squares, marks) instead of a diagram
    #[arg(long)]
    json: bool,
    /// Judge the position by the necessary conditions of `complexity --legal` and mark
    /// the squares that show a failed one (the sandwich of an impossible capture, a
    /// circle of sandwiches, ...)
    #[arg(long, conflicts_with = "records")]
    illegal: bool,
}

/// The diagram to show, where it came from and how many plies led to it.
struct Shown {
    diagram: Diagram,
    source: String,
    ply: usize,
    position: Position,
}

pub fn run(args: ShowArgs) -> Result<(), CliError> {
    let game = game_of(&args.game, args.records.as_deref())?;
    let tables = &game.tables;
    let mut shown = match &args.records {
        Some(path) => from_records(tables, path, args.game_number, args.ply)?,
        None => from_moves(&args.game)?,
    };
    let dim = tables.dim();
    let illegal = if args.illegal {
        Some(judge(&game.rules, &mut shown)?)
    } else {
        None
    };
    if let Some(text) = &args.highlight {
        for word in words(text) {
            shown
                .diagram
                .marks
                .highlighted
                .push(square_on(word, dim, "--highlight")?);
        }
    }
    if let Some(text) = &args.arrows {
        for word in words(text) {
            let (word, tone) = match word.split_once(':') {
                None | Some((_, "plain")) => (word.split(':').next().unwrap_or(word), Tone::Plain),
                Some((w, "good")) => (w, Tone::Good),
                Some((w, "bad")) => (w, Tone::Bad),
                Some((_, other)) => {
                    return Err(CliError::option(
                        "--arrows",
                        format!("`{other}` is not a tone: plain, good or bad"),
                    ))
                }
            };
            let (from, to) = word.split_once('-').ok_or_else(|| {
                CliError::option("--arrows", format!("`{word}` is not a move like d4-d7"))
            })?;
            let from = square_on(from, dim, "--arrows")?;
            let to = square_on(to, dim, "--arrows")?;
            shown.diagram = shown.diagram.with_arrow(from, to, tone, "");
        }
    }
    let outcome = shown.position.outcome(tables).map(|o| {
        let winner = o
            .winner
            .map_or("a draw".to_string(), |s| format!("{s} win"));
        format!("{}, {winner}", o.reason)
    });
    let verdict = illegal.map(|found| match found {
        Some(found) => format!(
            "illegal: {} ({}), marked [ ]",
            found.reason.key(),
            found.reason.describe()
        ),
        None => "passes every condition of complexity --legal (which proves nothing)".into(),
    });
    if let Some(path) = &args.svg {
        write_file(path, svg(&shown.diagram).as_bytes(), args.force)?;
        eprintln!("taflcount: wrote {}", path.display());
        if let Some(verdict) = verdict {
            eprintln!("taflcount: {verdict}");
        }
        return Ok(());
    }
    if args.json {
        let variant = game.name.clone().unwrap_or_default();
        let document = ShowDocument::new(
            &shown.diagram,
            &variant,
            &game.rules.to_string(),
            &shown.source,
            shown.ply,
            outcome,
        )
        .with_illegal_verdict(illegal.map(|found| found.map(|f| f.reason)));
        return print_json(&document);
    }
    let mut out = board::draw(&shown.diagram);
    if let Some(verdict) = verdict {
        out.push_str(&verdict);
        out.push('\n');
    }
    if let Some(outcome) = outcome {
        out.push_str(&format!("game over: {outcome}\n"));
    }
    print(&out)
}

/// The rules chosen; for an archive without --variant or --rules, the catalog variant
/// its file is named after (`brandubh.csv`), as taflregress reads archives.
pub fn game_of(
    args: &GameArgs,
    records: Option<&std::path::Path>,
) -> Result<taflcount::game::Game, CliError> {
    if args.variant.is_none() && args.rules.is_none() {
        let stem = records.and_then(|p| p.file_stem()).and_then(|s| s.to_str());
        if let Some(game) = stem.and_then(|s| taflcount::game::Game::named(s).ok()) {
            return Ok(game);
        }
    }
    args.resolve()
}

/// `--illegal`: the conditions' verdict on the shown position, its squares marked.
fn judge(
    rules: &taflcount::rules::Rules,
    shown: &mut Shown,
) -> Result<Option<Illegality>, CliError> {
    if shown.position.berserker().is_some() {
        return Err(CliError::input(
            "--illegal: a berserk turn is still going on; the conditions judge positions between turns",
        ));
    }
    let prepared = Prepared::new(rules).map_err(|e| CliError::option("--illegal", e))?;
    let found = prepared
        .explain(&shown.diagram.layout, shown.position.side_to_move())
        .map_err(|e| CliError::option("--illegal", e))?;
    if let Some(found) = found {
        shown.diagram.marks.highlighted.extend(found.squares.iter());
    }
    Ok(found)
}

fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
}

/// A square named on the command line, checked against the board.
fn square_on(word: &str, dim: usize, option: &'static str) -> Result<Square, CliError> {
    let square: Square = word
        .parse()
        .map_err(|_| CliError::option(option, format!("`{word}` is not a square like e5")))?;
    if !square.on_board(dim) {
        let off = format!("{square} is off the {dim}x{dim} board");
        return Err(CliError::option(option, off));
    }
    Ok(square)
}

/// The start, or --position/--side, then --moves with the last one marked.
fn from_moves(args: &GameArgs) -> Result<Shown, CliError> {
    let before_moves = GameArgs {
        moves: None,
        ..args.clone()
    };
    let chosen = before_moves.game()?;
    let tables = &chosen.game.tables;
    let source = if args.position.is_some() {
        "--position"
    } else {
        "start"
    };
    let Some(line) = &args.moves else {
        return Ok(Shown {
            diagram: Diagram::of_position(tables, &chosen.position),
            source: source.to_string(),
            ply: 0,
            position: chosen.position,
        });
    };
    let (position, moves) =
        play_line_moves(tables, chosen.position.clone(), line).map_err(CliError::moves)?;
    let Some(&last) = moves.last() else {
        return Ok(Shown {
            diagram: Diagram::of_position(tables, &position),
            source: source.to_string(),
            ply: 0,
            position,
        });
    };
    // The position before the last move, to mark that move and what it took.
    let mut before = chosen.position;
    for &mv in &moves[..moves.len() - 1] {
        before.play(tables, mv);
    }
    Ok(Shown {
        diagram: Diagram::after_move(tables, &before, last),
        source: format!("{source} and --moves"),
        ply: moves.len(),
        position,
    })
}

/// Game `number` of an archive after `ply` plies (its end by default).
fn from_records(
    tables: &Tables,
    path: &std::path::Path,
    number: Option<u64>,
    ply: Option<u64>,
) -> Result<Shown, CliError> {
    let text = read_text_file(path)?;
    let games = parse_games(&text).map_err(|e| CliError::file(path.display(), e))?;
    let number = number.unwrap_or(1);
    let Some(record) = usize::try_from(number - 1).ok().and_then(|i| games.get(i)) else {
        let plural = if games.len() == 1 { "" } else { "s" };
        let holds = format!("{} holds {} game{plural}", path.display(), games.len());
        return Err(CliError::value("--game", number, holds));
    };
    let played = replay(tables, record)
        .map_err(|e| CliError::record(path.display(), number as usize, record.line, e))?;
    let length = played.moves.len();
    let ply = match ply {
        None => length,
        Some(p) if p as usize <= length => p as usize,
        Some(p) => {
            let plies = format!("game {number} has {length} plies");
            return Err(CliError::value("--ply", p, plies));
        }
    };
    let diagram = if ply == 0 {
        Diagram::of_position(tables, &played.positions[0])
    } else {
        Diagram::after_move(tables, &played.positions[ply - 1], played.moves[ply - 1])
    };
    Ok(Shown {
        diagram,
        source: format!("{} game {number} ply {ply}", path.display()),
        ply,
        position: played.positions[ply].clone(),
    })
}
