//! `taflcount view`: the games of an archive (or of `taflmatch --records`) as one
//! self-contained HTML page to step through in a browser.

use std::path::PathBuf;

use clap::Args;
use taflcount::cli::{read_text_file, write_file, CliError, GameArgs};
use taflcount::matches::{parse_players, players_path, viewer_players, GamePlayers, MatchDocument};
use taflcount::notation::{parse_games, GameRecord};
use taflcount::render::viewer::{html, ViewerGame, ViewerPlayer};

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  taflcount view fixtures/games/brandubh.csv --html brandubh.html\n  taflcount view fixtures/games/copenhagen.csv --game 3 --html game3.html\n\nA match's archive (taflmatch ... --records m.csv): the page names the engines of each\ngame from m.engines.jsonl, which taflmatch writes beside it; --match m.json (taflmatch\n... --json > m.json) takes their results from the match document.\n\nThe page needs no network: open it from disk (file://). Keys: ← → step through a\ngame, Home and End jump; the address keeps #game=N&ply=P.\n\nExit codes: 0 success, 2 usage or input error (a bad record, an illegal move)."
)]
pub struct ViewArgs {
    /// The CSV game archive (moves,attacker_captures,defender_captures,result); the
    /// variant defaults to the file's name (brandubh.csv), else copenhagen
    #[arg(value_name = "FILE.csv")]
    records: PathBuf,
    #[command(flatten)]
    game: GameArgs,
    /// Only this game, counted from 1 (default: every game, chosen on the page)
    #[arg(long = "game", value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    game_number: Option<u64>,
    /// The page to write
    #[arg(long, value_name = "OUT.html")]
    html: PathBuf,
    /// Replace the page if it exists (without it, it is refused)
    #[arg(long)]
    force: bool,
    /// taflmatch's --json document of the match that wrote the archive: its engines and
    /// their results (with the score) are shown above the games; without it, the ones
    /// counted from the sidecar NAME.engines.jsonl beside a taflmatch archive
    #[arg(long = "match", value_name = "MATCH.json")]
    match_document: Option<PathBuf>,
    /// The page's title (default: the archive's file name)
    #[arg(long, value_name = "TEXT")]
    title: Option<String>,
}

pub fn run(args: ViewArgs) -> Result<(), CliError> {
    if args.game.position.is_some() || args.game.moves.is_some() || args.game.side.is_some() {
        return Err(CliError::input(
            "--position, --side and --moves do not apply: archived games start from the variant's start",
        ));
    }
    let game = crate::show::game_of(&args.game, Some(&args.records))?;
    let tables = &game.tables;
    let text = read_text_file(&args.records)?;
    let records = parse_games(&text).map_err(|e| CliError::file(args.records.display(), e))?;
    if records.is_empty() {
        return Err(CliError::input(format!(
            "{} holds no game",
            args.records.display()
        )));
    }
    let chosen: Vec<(usize, &_)> = match args.game_number {
        None => records
            .iter()
            .enumerate()
            .map(|(i, r)| (i + 1, r))
            .collect(),
        Some(n) => {
            let record = usize::try_from(n - 1)
                .ok()
                .and_then(|i| records.get(i))
                .ok_or_else(|| {
                    let holds = format!("{} holds {} games", args.records.display(), records.len());
                    CliError::value("--game", n, holds)
                })?;
            vec![(n as usize, record)]
        }
    };
    let sidecar = sidecar_of(&args.records, &records)?;
    let games = chosen
        .into_iter()
        .map(|(number, record)| {
            let game = ViewerGame::from_record(tables, number, record).map_err(|e| {
                let rules = game.name.as_deref().unwrap_or("the given rules");
                let reason = format!(
                    "{e} (the games are replayed as {rules}: another variant needs \
                     --variant or --rules)"
                );
                CliError::record(args.records.display(), number, record.line, reason)
            })?;
            Ok(match &sidecar {
                Some(players) => players[number - 1].name_in(game),
                None => game,
            })
        })
        .collect::<Result<Vec<_>, CliError>>()?;
    let players = match (&args.match_document, &sidecar) {
        (Some(path), _) => players_of(path)?,
        (None, Some(sidecar)) => viewer_players(sidecar),
        (None, None) => Vec::new(),
    };
    let title = args.title.clone().unwrap_or_else(|| {
        args.records
            .file_name()
            .map_or("games".to_string(), |n| n.to_string_lossy().into_owned())
    });
    let page = html(tables, &title, &players, &games);
    write_file(&args.html, page.as_bytes(), args.force)?;
    eprintln!(
        "taflcount: wrote {} ({} game{})",
        args.html.display(),
        games.len(),
        if games.len() == 1 { "" } else { "s" }
    );
    Ok(())
}

/// The engines of each game, from the sidecar `taflmatch --records` writes beside its
/// archive (`NAME.engines.jsonl`), if there is one; it must fit the archive.
fn sidecar_of(
    archive: &std::path::Path,
    records: &[GameRecord],
) -> Result<Option<Vec<GamePlayers>>, CliError> {
    let path = players_path(archive);
    if !path.exists() {
        return Ok(None);
    }
    let text = read_text_file(&path)?;
    let results: Vec<&str> = records.iter().map(|r| r.result.as_str()).collect();
    parse_players(&text, &results).map(Some).map_err(|e| {
        CliError::file(
            path.display(),
            format!("{e}; not the engines of {}", archive.display()),
        )
    })
}

/// The engines of a taflmatch document and their results in words.
fn players_of(path: &std::path::Path) -> Result<Vec<ViewerPlayer>, CliError> {
    let text = read_text_file(path)?;
    let document: MatchDocument = serde_json::from_str(&text).map_err(|e| {
        let why = taflcount::text::json_error(&text, &e);
        CliError::value(
            "--match",
            path.display(),
            format!("not a taflmatch match document: {why}"),
        )
    })?;
    Ok(document
        .results
        .iter()
        .map(|r| {
            let t = &r.total;
            let score = r
                .score
                .map_or(String::new(), |s| format!(", score {:.1} %", 100.0 * s));
            ViewerPlayer {
                engine: r.engine.clone(),
                results: format!(
                    "{} wins, {} draws, {} losses{score}",
                    t.wins, t.draws, t.losses
                ),
            }
        })
        .collect())
}
