//! `taflregress mine --plies N`: the recorded games scanned for missed wins with the deep
//! prover, resumable through a journal, optionally writing a fixture for each missed win
//! long enough for the hard tier.

use crate::{read_records, write_fixture, MineArgs};
use std::time::Instant;
use taflcount::cli::{print_json, read_text_file, CliError, Progress, Status};
use taflcount::notation::replay;
use taflcount::outln;
use taflcount::regress::{
    self, DeepMining, HardFixtureError, Journal, JournalLine, MineDocument, MiningSettings,
    ProofKind, SCHEMA_VERSION,
};
use taflcount::report::regress::mine_table;
use taflcount::report::table::TableStyle;
use taflcount::text;

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
    let settings = MiningSettings {
        archive: text::digest(&[&read_text_file(&m.records.records)?]),
        variant: variant.clone(),
        plies,
        nodes: m.nodes,
        write: m.write.as_ref().map(|p| p.display().to_string()),
        min_plies: m.min_plies,
        proof_nodes: m.proof_nodes,
    };
    let mut journal = match &m.journal {
        Some(path) => Journal::open(path, &settings)?,
        None => Journal::none(&settings),
    };
    if let Some(dir) = &m.write {
        std::fs::create_dir_all(dir).map_err(|e| CliError::file(dir.display(), e))?;
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
        if journal.has(record.line) {
            continue;
        }
        let game_started = Instant::now();
        let found = regress::mine_game_deep(tables, record, &opts)
            .map_err(|e| CliError::file(m.records.records.display(), e))?;
        let mut written = Vec::new();
        if let Some(dir) = &m.write {
            let r = replay(tables, record).map_err(|e| CliError::game(record.line, e))?;
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
                    &variant,
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
        }
        let line = JournalLine::of(&settings, &found, written);
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
        journal.append(line)?;
    }
    progress.finish();
    let mut misplays = Vec::new();
    let mut undecided = 0;
    let mut written = Vec::new();
    for record in &chosen {
        if let Some(d) = journal.line(record.line) {
            undecided += d.undecided.len();
            written.extend(d.written.iter().cloned());
            misplays.extend(d.rows());
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
