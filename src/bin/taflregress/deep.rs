//! `taflregress mine --plies N`: the recorded games scanned for missed wins with the deep
//! prover, resumable through a journal, optionally writing a fixture for each missed win
//! long enough for the hard tier.

use crate::{read_records, write_fixture, MineArgs};
use std::path::Path;
use std::time::Instant;
use taflcount::cli::{print_json, read_text_file, CliError, Progress, Status};
use taflcount::moves::Tables;
use taflcount::notation::{replay, GameRecord};
use taflcount::outln;
use taflcount::regress::{
    self, DeepMining, GameMining, HardFixtureError, Journal, JournalLine, MiningSettings, ProofKind,
};
use taflcount::report::regress::{mine_summary, mine_table};
use taflcount::report::table::TableStyle;
use taflcount::text;

/// `mine --plies N`: the games not in the journal are mined and journalled, then the
/// report is made from the journal.
pub fn mine_deep(m: &MineArgs, plies: u32) -> Result<Status, CliError> {
    let (game, games) = read_records(&m.records)?;
    let variant = game.name.clone().unwrap_or_default();
    let chosen: Vec<_> = games
        .iter()
        .skip(m.skip)
        .take(m.games.unwrap_or(usize::MAX))
        .collect();
    let settings = settings(m, &variant, plies)?;
    let mut journal = match &m.journal {
        Some(path) => Journal::open(path, &settings)?,
        None => Journal::none(&settings),
    };
    if let Some(dir) = &m.write {
        std::fs::create_dir_all(dir).map_err(|e| CliError::file(dir.display(), e))?;
    }
    let progress = Progress::new(chosen.len() as u64, "mine");
    let started = Instant::now();
    for record in &chosen {
        progress.inc(1);
        if journal.has(record.line) {
            continue;
        }
        let game_started = Instant::now();
        let line = mine_game(m, &game.tables, &variant, &settings, record)?;
        if m.log {
            log_game(&line, game_started, started);
        }
        journal.append(line)?;
    }
    progress.finish();
    let lines: Vec<usize> = chosen.iter().map(|record| record.line).collect();
    let doc = journal.document(variant, &lines, plies);
    if m.json {
        print_json(&doc)?;
    } else {
        outln!("{}", mine_table(&doc, TableStyle::Terminal))?;
        outln!("{}", mine_summary(&doc, m.nodes))?;
    }
    Ok(Status::Success)
}

/// Everything that changes what the run finds, as its journal keeps it.
fn settings(m: &MineArgs, variant: &str, plies: u32) -> Result<MiningSettings, CliError> {
    Ok(MiningSettings {
        archive: text::digest(&[&read_text_file(&m.records.records)?]),
        variant: variant.to_owned(),
        plies,
        nodes: m.nodes,
        write: m.write.as_ref().map(|p| p.display().to_string()),
        min_plies: m.min_plies,
        proof_nodes: m.proof_nodes,
    })
}

/// One game mined, with the fixtures of its missed wins written under --write.
fn mine_game(
    m: &MineArgs,
    tables: &Tables,
    variant: &str,
    settings: &MiningSettings,
    record: &GameRecord,
) -> Result<JournalLine, CliError> {
    let opts = DeepMining {
        plies: settings.plies,
        node_limit: m.nodes,
    };
    let found = regress::mine_game_deep(tables, record, &opts)
        .map_err(|e| CliError::file(m.records.records.display(), e))?;
    let written = match &m.write {
        Some(dir) => write_fixtures(m, tables, variant, record, &found, dir)?,
        None => Vec::new(),
    };
    Ok(JournalLine::of(settings, &found, written))
}

/// Writes a hard-tier fixture for each missed win of the game at least --min-plies long
/// whose file is not there yet; returns the names of the files written.
fn write_fixtures(
    m: &MineArgs,
    tables: &Tables,
    variant: &str,
    record: &GameRecord,
    found: &GameMining,
    dir: &Path,
) -> Result<Vec<String>, CliError> {
    let records_name = m.records.records.display().to_string();
    let r = replay(tables, record).map_err(|e| CliError::game(record.line, e))?;
    let mut written = Vec::new();
    for mp in &found.misplays {
        if mp.kind != ProofKind::Wins || mp.within < m.min_plies {
            continue;
        }
        let id = format!("{variant}-game{}-ply{}", record.line, mp.ply);
        let path = dir.join(format!("{id}.json"));
        if path.exists() {
            continue;
        }
        let fixture = match regress::hard_tier_fixture(
            tables,
            variant,
            &records_name,
            record,
            &r,
            mp,
            m.proof_nodes,
        ) {
            Ok(fixture) => fixture,
            Err(HardFixtureError::Unproven(e)) => {
                if m.log {
                    eprintln!("game {} ply {}: no fixture: {e}", record.line, mp.ply);
                }
                continue;
            }
            Err(e) => return Err(CliError::from(e)),
        };
        write_fixture(&path, &fixture)?;
        written.push(format!("{id}.json"));
    }
    Ok(written)
}

/// The --log line of a game mined.
fn log_game(line: &JournalLine, game_started: Instant, started: Instant) {
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
