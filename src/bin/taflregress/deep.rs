//! `taflregress mine --plies N`: the recorded games scanned for missed wins with the deep
//! prover, resumable through a journal, optionally writing a fixture for each missed win
//! long enough for the hard tier.

use crate::{read_records, write_fixture, MineArgs};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::Path;
use std::time::Instant;
use taflcount::cli::{print_json, read_text_file, CliError, Progress, Status};
use taflcount::notation::replay;
use taflcount::outln;
use taflcount::regress::{
    self, game_fixture, DeepMining, GameMining, LimitSpec, MineDocument, MisplayRow, Proof,
    ProofKind, SCHEMA_VERSION,
};
use taflcount::report::regress::mine_table;
use taflcount::report::table::TableStyle;
use taflcount::text;

/// The search budget hard-tier fixtures are written with (`limit.nodes`).
pub const HARD_TIER_NODES: u64 = regress::tier::DEFAULT_NODES;

/// One line of the journal: a game mined under the settings, and what was found.
#[derive(Debug, Serialize, Deserialize)]
struct JournalLine {
    /// The settings the game was mined with; a journal of other settings is refused.
    settings: String,
    game: usize,
    plies: usize,
    misplays: Vec<JournalMisplay>,
    undecided: Vec<usize>,
    nodes: u64,
    /// Fixture files written for this game.
    #[serde(default)]
    written: Vec<String>,
}

#[derive(Debug, Serialize, Deserialize)]
struct JournalMisplay {
    ply: usize,
    side: String,
    #[serde(rename = "move")]
    played: String,
    kind: String,
    within: u32,
}

/// The settings a journal line is keyed to: the archive (a digest of its bytes, so a
/// journal written for another archive, or for this one before an edit, is refused),
/// then every option that changes what is found.
fn settings(m: &MineArgs, archive: &str, variant: &str, plies: u32) -> String {
    format!(
        "archive={archive} variant={variant} plies={plies} nodes={} write={} min-plies={} \
         proof-nodes={}",
        m.nodes,
        m.write
            .as_ref()
            .map_or("-".into(), |p| p.display().to_string()),
        m.min_plies,
        m.proof_nodes
    )
}

/// The games already in the journal (mined with the same settings).
fn read_journal(path: &Path, settings: &str) -> Result<Vec<JournalLine>, CliError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(CliError::about(path.display(), e)),
    };
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let entry: JournalLine = match serde_json::from_str(line) {
            Ok(entry) => entry,
            // A line cut short by an interrupted run: the game is mined again.
            Err(_) if i + 1 == text.lines().count() => continue,
            Err(e) => {
                return Err(CliError::about(
                    format!("{}, line {}", path.display(), i + 1),
                    e,
                ))
            }
        };
        let archive = |s: &str| s.split(' ').next().map(str::to_string);
        if archive(&entry.settings) != archive(settings) {
            return Err(CliError::input(format!(
                "{}: line {} was written for another archive (or this one before an edit); \
                 use another --journal",
                path.display(),
                i + 1,
            )));
        }
        if entry.settings != settings {
            return Err(CliError::input(format!(
                "{}: line {} was mined with other settings ({}); use another --journal",
                path.display(),
                i + 1,
                entry.settings
            )));
        }
        lines.push(entry);
    }
    Ok(lines)
}

fn journal_line(settings: &str, g: &GameMining, written: Vec<String>) -> JournalLine {
    JournalLine {
        settings: settings.to_string(),
        game: g.game,
        plies: g.plies,
        misplays: g
            .misplays
            .iter()
            .map(|m| JournalMisplay {
                ply: m.ply,
                side: m.side.name().to_string(),
                played: m.played.to_string(),
                kind: m.what().to_string(),
                within: m.within,
            })
            .collect(),
        undecided: g.undecided.clone(),
        nodes: g.nodes,
        written,
    }
}

/// `mine --plies N`.
pub fn mine_deep(m: &MineArgs, plies: u32) -> Result<Status, CliError> {
    let (game, games) = read_records(&m.records)?;
    let variant = game.name.clone().unwrap_or_default();
    let tables = &game.tables;
    let chosen: Vec<_> = games
        .iter()
        .skip(m.skip)
        .take(m.games.unwrap_or(usize::MAX))
        .collect();
    let archive = text::digest(&[&read_text_file(&m.records.records)?]);
    let settings = settings(m, &archive, &variant, plies);
    let mut done = match &m.journal {
        Some(path) => read_journal(path, &settings)?,
        None => Vec::new(),
    };
    let mut journal = match &m.journal {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| CliError::about(path.display(), e))?,
        ),
        None => None,
    };
    if let Some(dir) = &m.write {
        std::fs::create_dir_all(dir).map_err(|e| CliError::about(dir.display(), e))?;
    }
    let opts = DeepMining {
        plies,
        node_limit: m.nodes,
    };
    let records_name = m.records.records.display().to_string();
    let progress = Progress::new(chosen.len() as u64, "mine");
    let started = Instant::now();
    for record in &chosen {
        progress.inc(1);
        if done.iter().any(|d| d.game == record.line) {
            continue;
        }
        let game_started = Instant::now();
        let found = regress::mine_game_deep(tables, record, &opts)
            .map_err(|e| CliError::about(m.records.records.display(), e))?;
        let mut written = Vec::new();
        if let Some(dir) = &m.write {
            let r = replay(tables, record)
                .map_err(|e| CliError::input(format!("game {}: {e}", record.line)))?;
            for mp in &found.misplays {
                if mp.kind != ProofKind::Wins || mp.within < m.min_plies {
                    continue;
                }
                let id = format!("{variant}-game{}-ply{}", record.line, mp.ply);
                let path = dir.join(format!("{id}.json"));
                if path.exists() {
                    continue;
                }
                let pos = &r.positions[mp.ply - 1];
                let (history, _) = regress::history_since_capture(&r.positions, &r.moves, mp.ply);
                let proof = match Proof::establish_deep(
                    tables,
                    pos,
                    &history,
                    ProofKind::Wins,
                    mp.within,
                    Some(m.proof_nodes),
                ) {
                    Ok(proof) => proof,
                    Err(e) => {
                        if m.log {
                            eprintln!("game {} ply {}: no fixture: {e}", record.line, mp.ply);
                        }
                        continue;
                    }
                };
                let limit = LimitSpec {
                    depth: None,
                    nodes: Some(HARD_TIER_NODES),
                };
                let fixture = game_fixture(
                    tables,
                    &id,
                    &variant,
                    &records_name,
                    record,
                    &r,
                    mp.ply,
                    proof,
                    limit,
                );
                // Refuse what the suite would refuse.
                regress::validate(&id, fixture.clone())?;
                write_fixture(&path, &fixture)?;
                written.push(format!("{id}.json"));
            }
        }
        let line = journal_line(&settings, &found, written);
        if m.log {
            eprintln!(
                "game {}: {} plies, {} misplays, {} undecided, {} fixtures, {} nodes, {:.1} s \
                 (total {:.0} s)",
                line.game,
                line.plies,
                line.misplays.len(),
                line.undecided.len(),
                line.written.len(),
                line.nodes,
                game_started.elapsed().as_secs_f64(),
                started.elapsed().as_secs_f64()
            );
        }
        if let (Some(file), Some(path)) = (journal.as_mut(), &m.journal) {
            let text = serde_json::to_string(&line)
                .map_err(|e| CliError::input(format!("cannot serialise the journal: {e}")))?;
            writeln!(file, "{text}")
                .and_then(|()| file.flush())
                .map_err(|e| CliError::Write {
                    target: path.display().to_string(),
                    source: e,
                })?;
        }
        done.push(line);
    }
    progress.finish();
    let mut misplays = Vec::new();
    let mut undecided = 0;
    let mut written = Vec::new();
    for record in &chosen {
        if let Some(d) = done.iter().find(|d| d.game == record.line) {
            undecided += d.undecided.len();
            written.extend(d.written.iter().cloned());
            for mp in &d.misplays {
                misplays.push(MisplayRow {
                    game: d.game,
                    ply: mp.ply,
                    played: mp.played.clone(),
                    side: if mp.side == "attackers" {
                        "attackers"
                    } else {
                        "defenders"
                    }
                    .to_owned(),
                    kind: if mp.kind == "missed a win" {
                        "missed a win"
                    } else {
                        "allowed a win"
                    }
                    .to_owned(),
                    within: mp.within,
                });
            }
        }
    }
    let doc = MineDocument {
        header: taflcount::document::Header::new(SCHEMA_VERSION, "taflregress"),
        variant,
        games: chosen.len(),
        misplays,
        plies: Some(plies),
        undecided: Some(undecided),
        written,
    };
    if m.json {
        print_json(&doc)?;
    } else {
        outln!("{}", mine_table(&doc, TableStyle::Terminal))?;
        outln!(
            "{} misplays in {} games of {}; {} plies undecided at {} nodes{}",
            doc.misplays.len(),
            doc.games,
            doc.variant,
            undecided,
            m.nodes,
            if doc.written.is_empty() {
                String::new()
            } else {
                format!("; {} fixtures written", doc.written.len())
            }
        )?;
    }
    Ok(Status::Success)
}
