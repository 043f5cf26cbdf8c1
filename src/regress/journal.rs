//! The deep-mining journal: one JSON line per game mined, appended as each game ends,
//! so a long `taflregress mine --plies N` run that stops (Ctrl-C, a crash, a full disk)
//! resumes where it was instead of mining every game again. Each line carries the
//! settings it was mined under; a journal written under other settings (another
//! archive, or this one before an edit) is refused rather than mixed in.

use std::fmt;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::document::{MineDocument, MisplayRow, SCHEMA_VERSION};
use super::mine::GameMining;
use crate::document::Header;
use crate::error::{ErrorKind, Kind};

/// Everything that changes what deep mining finds, so that a journal line is reused only
/// under the very settings it was mined with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MiningSettings {
    /// A digest of the archive's bytes (`text::digest`): an edited archive is another.
    pub archive: String,
    /// The variant's catalog name (empty for a rules string).
    pub variant: String,
    /// The longest win looked for, in plies.
    pub plies: u32,
    /// The prover's budget per question.
    pub nodes: u64,
    /// Where fixtures are written, if they are.
    pub write: Option<String>,
    /// The shortest missed win written as a fixture.
    pub min_plies: u32,
    /// The budget of the proof written into each fixture.
    pub proof_nodes: u64,
}

impl MiningSettings {
    /// The key stored on every journal line: the archive first, then the rest.
    pub fn key(&self) -> String {
        format!(
            "archive={} variant={} plies={} nodes={} write={} min-plies={} proof-nodes={}",
            self.archive,
            self.variant,
            self.plies,
            self.nodes,
            self.write.as_deref().unwrap_or("-"),
            self.min_plies,
            self.proof_nodes
        )
    }
}

/// One game mined, as the journal keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JournalLine {
    /// The settings the game was mined with ([`MiningSettings::key`]).
    pub settings: String,
    /// The game's line in its archive.
    pub game: usize,
    /// Plies examined.
    pub plies: usize,
    /// The misplays found.
    pub misplays: Vec<JournalMisplay>,
    /// Plies the prover gave up on.
    pub undecided: Vec<usize>,
    /// Positions the prover and solver made.
    pub nodes: u64,
    /// Fixture files written for this game.
    #[serde(default)]
    pub written: Vec<String>,
}

/// One misplay on a journal line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JournalMisplay {
    /// The ply, from 1.
    pub ply: usize,
    /// `attackers` or `defenders`.
    pub side: String,
    /// The move played.
    #[serde(rename = "move")]
    pub played: String,
    /// `missed a win` or `allowed a win`.
    pub kind: String,
    /// The proof's horizon in plies.
    pub within: u32,
}

impl JournalLine {
    /// The line for a game just mined under `settings`, with the fixtures written for it.
    pub fn of(settings: &MiningSettings, mined: &GameMining, written: Vec<String>) -> JournalLine {
        JournalLine {
            settings: settings.key(),
            game: mined.game,
            plies: mined.plies,
            misplays: mined
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
            undecided: mined.undecided.clone(),
            nodes: mined.nodes,
            written,
        }
    }

    /// The misplays as rows of the mining report.
    pub fn rows(&self) -> Vec<MisplayRow> {
        self.misplays
            .iter()
            .map(|m| MisplayRow {
                game: self.game,
                ply: m.ply,
                played: m.played.clone(),
                side: m.side.clone(),
                kind: m.kind.clone(),
                within: m.within,
            })
            .collect()
    }
}

/// A journal open for a run: the games it already holds, and the file to append to
/// (none when the run keeps no journal).
#[derive(Debug)]
pub struct Journal {
    key: String,
    lines: Vec<JournalLine>,
    file: Option<(PathBuf, File)>,
}

impl Journal {
    /// A run without a journal: nothing to resume, nothing kept.
    pub fn none(settings: &MiningSettings) -> Journal {
        Journal {
            key: settings.key(),
            lines: Vec::new(),
            file: None,
        }
    }

    /// Opens (or creates) the journal at `path` for a run under `settings`. A last line
    /// cut short (an interrupted write) is dropped, so that game is mined again; any
    /// other unreadable line, or a line of other settings, is refused.
    pub fn open(path: &Path, settings: &MiningSettings) -> Result<Journal, JournalError> {
        let key = settings.key();
        let error = |line: Option<usize>, what: JournalErrorWhat| JournalError {
            path: path.to_path_buf(),
            line,
            what,
        };
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(error(None, JournalErrorWhat::Read(e))),
        };
        let count = text.lines().count();
        let mut lines = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let entry: JournalLine = match serde_json::from_str(line) {
                Ok(entry) => entry,
                Err(_) if i + 1 == count => continue,
                Err(e) => return Err(error(Some(i + 1), JournalErrorWhat::Unreadable(e))),
            };
            let archive = |s: &str| s.split(' ').next().map(str::to_string);
            if archive(&entry.settings) != archive(&key) {
                return Err(error(Some(i + 1), JournalErrorWhat::OtherArchive));
            }
            if entry.settings != key {
                return Err(error(
                    Some(i + 1),
                    JournalErrorWhat::OtherSettings(entry.settings),
                ));
            }
            lines.push(entry);
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| error(None, JournalErrorWhat::Write(e)))?;
        Ok(Journal {
            key,
            lines,
            file: Some((path.to_path_buf(), file)),
        })
    }

    /// Whether the game on archive line `game` was mined already.
    pub fn has(&self, game: usize) -> bool {
        self.lines.iter().any(|l| l.game == game)
    }

    /// The line of game `game`, if it was mined.
    pub fn line(&self, game: usize) -> Option<&JournalLine> {
        self.lines.iter().find(|l| l.game == game)
    }

    /// The report of deep mining to `plies` of the games on archive lines `games` (in
    /// that order), from what the journal holds of them.
    pub fn document(&self, variant: String, games: &[usize], plies: u32) -> MineDocument {
        let mut misplays = Vec::new();
        let mut undecided = 0;
        let mut written = Vec::new();
        for line in games.iter().filter_map(|&game| self.line(game)) {
            undecided += line.undecided.len();
            written.extend(line.written.iter().cloned());
            misplays.extend(line.rows());
        }
        MineDocument {
            header: Header::new(SCHEMA_VERSION, "taflregress"),
            variant,
            games: games.len(),
            misplays,
            plies: Some(plies),
            undecided: Some(undecided),
            written,
        }
    }

    /// Records a game mined in this run (appended and flushed at once when the journal
    /// has a file, so an interruption loses at most the game being mined).
    pub fn append(&mut self, line: JournalLine) -> Result<(), JournalError> {
        debug_assert_eq!(line.settings, self.key);
        if let Some((path, file)) = &mut self.file {
            let text = serde_json::to_string(&line).expect("a journal line serialises");
            writeln!(file, "{text}")
                .and_then(|()| file.flush())
                .map_err(|e| JournalError {
                    path: path.clone(),
                    line: None,
                    what: JournalErrorWhat::Write(e),
                })?;
        }
        self.lines.push(line);
        Ok(())
    }
}

/// Why a journal could not be used.
#[derive(Debug)]
pub struct JournalError {
    /// The journal file.
    pub path: PathBuf,
    /// The line at fault, from 1, if one is.
    pub line: Option<usize>,
    /// What went wrong.
    pub what: JournalErrorWhat,
}

/// What went wrong with a journal.
#[derive(Debug)]
pub enum JournalErrorWhat {
    /// The file exists but could not be read.
    Read(std::io::Error),
    /// A line (not the last) is not a journal line.
    Unreadable(serde_json::Error),
    /// A line was written for another archive (or this one before an edit).
    OtherArchive,
    /// A line was mined under other settings (given).
    OtherSettings(String),
    /// The journal could not be opened for writing or written.
    Write(std::io::Error),
}

impl fmt::Display for JournalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(line) = self.line {
            write!(f, ", line {line}")?;
        }
        match &self.what {
            JournalErrorWhat::Read(e) => write!(f, ": cannot read: {e}"),
            JournalErrorWhat::Unreadable(e) => write!(f, ": not a journal line: {e}"),
            JournalErrorWhat::OtherArchive => write!(
                f,
                ": written for another archive (or this one before an edit); use another journal"
            ),
            JournalErrorWhat::OtherSettings(s) => {
                write!(f, ": mined with other settings ({s}); use another journal")
            }
            JournalErrorWhat::Write(e) => write!(f, ": cannot write: {e}"),
        }
    }
}

impl std::error::Error for JournalError {}

impl Kind for JournalError {
    /// A journal that belongs to other settings is the user's input; a refused read or
    /// write is the system's.
    fn kind(&self) -> ErrorKind {
        match self.what {
            JournalErrorWhat::Read(_) | JournalErrorWhat::Write(_) => ErrorKind::Io,
            _ => ErrorKind::Input,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(plies: u32) -> MiningSettings {
        MiningSettings {
            archive: "abc".into(),
            variant: "brandub".into(),
            plies,
            nodes: 1000,
            write: None,
            min_plies: 5,
            proof_nodes: 10,
        }
    }

    fn line(settings: &MiningSettings, game: usize) -> JournalLine {
        JournalLine {
            settings: settings.key(),
            game,
            plies: 3,
            misplays: vec![JournalMisplay {
                ply: 2,
                side: "defenders".into(),
                played: "d4-d5".into(),
                kind: "missed a win".into(),
                within: 3,
            }],
            undecided: vec![1],
            nodes: 42,
            written: Vec::new(),
        }
    }

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("taflcount-journal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        let _ = std::fs::remove_file(&path);
        path
    }

    #[test]
    fn a_journal_resumes_what_it_recorded() {
        let path = temp("resume.jsonl");
        let s = settings(5);
        let mut j = Journal::open(&path, &s).unwrap();
        assert!(!j.has(7));
        j.append(line(&s, 7)).unwrap();
        let j = Journal::open(&path, &s).unwrap();
        assert!(j.has(7));
        assert_eq!(j.line(7), Some(&line(&s, 7)));
        let rows = j.line(7).unwrap().rows();
        assert_eq!(
            (rows[0].game, rows[0].ply, &*rows[0].side, &*rows[0].kind),
            (7, 2, "defenders", "missed a win")
        );
    }

    #[test]
    fn a_line_cut_short_at_the_end_is_mined_again_but_one_inside_is_refused() {
        let path = temp("cut.jsonl");
        let s = settings(5);
        let whole = serde_json::to_string(&line(&s, 1)).unwrap();
        std::fs::write(&path, format!("{whole}\n{}", &whole[..20])).unwrap();
        let j = Journal::open(&path, &s).unwrap();
        assert!(j.has(1));
        std::fs::write(&path, format!("{}\n{whole}\n", &whole[..20])).unwrap();
        let e = Journal::open(&path, &s).unwrap_err();
        assert!(matches!(e.what, JournalErrorWhat::Unreadable(_)));
        assert_eq!((e.line, e.kind()), (Some(1), ErrorKind::Input));
    }

    #[test]
    fn other_settings_and_other_archives_are_refused() {
        let path = temp("other.jsonl");
        let s = settings(5);
        let mut j = Journal::open(&path, &s).unwrap();
        j.append(line(&s, 1)).unwrap();
        let e = Journal::open(&path, &settings(7)).unwrap_err();
        assert!(matches!(e.what, JournalErrorWhat::OtherSettings(_)), "{e}");
        let mut other = settings(5);
        other.archive = "def".into();
        let e = Journal::open(&path, &other).unwrap_err();
        assert!(matches!(e.what, JournalErrorWhat::OtherArchive), "{e}");
        assert!(e.to_string().contains("line 1"), "{e}");
        assert!(!e.to_string().contains("--"), "no flag named: {e}");
    }
}
