//! Openings: the first plies of each pair's games, so that deterministic engines do not
//! play the same game over and over and the match samples many positions. From a file
//! of move lists, from the first plies of recorded games, or seeded random plies. An
//! opening that leads to a position already supplied is left out, so no opening is played
//! twice in a run unless the supply runs out (the run then says so).

use crate::moves::{Move, Position, Repetitions, Tables};
use crate::notation::{parse_games, recordable_captures, resolve, MoveText};
use crate::rng::game_rng;
use rand::RngExt;
use std::collections::HashSet;
use std::fmt;

/// One opening: moves from the variant's start.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    /// The moves to play from the start, in order.
    pub moves: Vec<Move>,
    /// The moves as recorded, with their captures.
    pub records: Vec<MoveText>,
}

impl Opening {
    /// The moves as text, space separated (`d1-d3 e5-e2`; the start position is empty).
    pub fn text(&self) -> String {
        self.records
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Where a match's openings come from.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OpeningSource {
    /// Every game from the variant's start.
    Start,
    /// A file of move lists, one opening a line.
    File(String),
    /// The first plies of each game of a CSV archive.
    Records {
        /// The archive's path, as given.
        path: String,
        /// Plies taken from the start of each game.
        plies: usize,
    },
    /// Seeded random legal plies.
    Random {
        /// Plies per opening.
        plies: usize,
        /// The openings' seed; opening `i` is drawn from its stream `i`.
        seed: u64,
    },
}

impl fmt::Display for OpeningSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningSource::Start => f.write_str("the start position"),
            OpeningSource::File(path) => write!(f, "openings from {path}"),
            OpeningSource::Records { path, plies } => {
                write!(f, "the first {plies} plies of the games in {path}")
            }
            OpeningSource::Random { plies, seed } => {
                let s = if *plies == 1 { "y" } else { "ies" };
                write!(f, "{plies} random pl{s} (seed {seed})")
            }
        }
    }
}

/// An opening that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningError {
    /// Where: `line 3` of a file, `game on line 12` of an archive.
    pub at: String,
    /// What is wrong with it, e.g. `ply 2: ...` or `no openings in the file`.
    pub message: String,
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "opening at {}: {}", self.at, self.message)
    }
}

impl std::error::Error for OpeningError {}

impl crate::error::Kind for OpeningError {}

/// The openings of a run, in the order they are played.
#[derive(Clone, Debug)]
pub struct OpeningSupply {
    /// Where the openings came from (named in reports and errors).
    pub source: OpeningSource,
    /// Distinct openings in playing order. Empty if none could be made (random plies
    /// that always end the game): the runs refuse such a supply.
    pub openings: Vec<Opening>,
    /// Openings of the source left out because their position was supplied already.
    pub duplicates: usize,
}

impl OpeningSupply {
    /// The opening of game unit `index` (a pair, or a game), cycling when they run out.
    /// The supply must not be empty (the runs check).
    pub fn get(&self, index: usize) -> &Opening {
        &self.openings[index % self.openings.len()]
    }

    /// True if `needed` units need more openings than there are: some repeat.
    pub fn exhausted(&self, needed: usize) -> bool {
        needed > self.openings.len()
    }
}

/// Plays written moves from the start; every move must be legal, its captures (if
/// written) the ones the rules make, and the game must not be over after them.
fn play_written(t: &Tables, words: &[&str]) -> Result<(Opening, Position), String> {
    let mut pos = Position::start(t);
    // The game loop's own test of the end (repetition included): an opening after which
    // it would end the game at once is no opening.
    let mut seen = Repetitions::new(t, &pos, &[]);
    let mut opening = Opening {
        moves: Vec::new(),
        records: Vec::new(),
    };
    for (i, word) in words.iter().enumerate() {
        let ply = i + 1;
        let text: MoveText = word.parse().map_err(|e| format!("ply {ply}: {e}"))?;
        let mv = resolve(t, &pos, &text).map_err(|e| format!("ply {ply}: {e}"))?;
        let (next, captured) = pos.after(t, mv);
        let made = recordable_captures(&pos, &captured);
        if !text.captures.is_empty() {
            let mut claimed = text.captures.clone();
            claimed.sort();
            if claimed != made {
                return Err(format!(
                    "ply {ply}: `{word}` claims other captures than the rules make"
                ));
            }
        }
        opening.records.push(MoveText {
            piece: text.piece,
            from: text.from,
            to: text.to,
            captures: made,
        });
        opening.moves.push(mv);
        pos = next;
        if let Some(o) = seen.ending(t, &pos) {
            return Err(format!("the game is over after ply {ply} ({})", o.reason));
        }
        seen.push(&pos);
    }
    Ok((opening, pos))
}

/// Keeps the openings whose final position (and side to move) is new.
fn dedup(candidates: Vec<(Opening, Position)>) -> (Vec<Opening>, usize) {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut duplicates = 0;
    for (opening, pos) in candidates {
        if seen.insert(pos.hash()) {
            out.push(opening);
        } else {
            duplicates += 1;
        }
    }
    (out, duplicates)
}

/// The openings of a supply written out as text (`Opening::text`, one each), played
/// again from the start: a work unit's copy of its plan's openings. Each must be legal
/// and leave the game going; none is left out, so opening `i` stays opening `i`.
pub fn openings_from_list(
    t: &Tables,
    texts: &[String],
    source: OpeningSource,
    duplicates: usize,
) -> Result<OpeningSupply, OpeningError> {
    let mut openings = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (opening, _) = play_written(t, &words).map_err(|message| OpeningError {
            at: format!("opening {}", i + 1),
            message,
        })?;
        openings.push(opening);
    }
    Ok(OpeningSupply {
        source,
        openings,
        duplicates,
    })
}

/// Openings from text: one a line, moves separated by spaces (`|` between the moves of
/// a berserk turn is read as a space); `#` starts a comment; blank lines are skipped.
/// An illegal opening is an error naming its line.
pub fn openings_from_text(
    t: &Tables,
    text: &str,
    path: &str,
) -> Result<OpeningSupply, OpeningError> {
    let mut candidates = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let body = line.split('#').next().unwrap_or("");
        let words: Vec<&str> = body
            .split(|c: char| c.is_whitespace() || c == '|')
            .filter(|w| !w.is_empty())
            .collect();
        if words.is_empty() {
            continue;
        }
        let played = play_written(t, &words).map_err(|message| OpeningError {
            at: format!("{path}, line {}", i + 1),
            message,
        })?;
        candidates.push(played);
    }
    if candidates.is_empty() {
        return Err(OpeningError {
            at: path.to_string(),
            message: "no openings in the file".into(),
        });
    }
    let (openings, duplicates) = dedup(candidates);
    Ok(OpeningSupply {
        source: OpeningSource::File(path.to_string()),
        openings,
        duplicates,
    })
}

/// The first `plies` plies of every game in a CSV archive's text. Games shorter than
/// that, or over within them, are skipped; a game whose first plies are illegal under
/// these rules is an error (an archive of another variant).
pub fn openings_from_records(
    t: &Tables,
    csv: &str,
    path: &str,
    plies: usize,
) -> Result<OpeningSupply, OpeningError> {
    let games = parse_games(csv).map_err(|e| OpeningError {
        at: path.to_string(),
        message: e.to_string(),
    })?;
    let mut candidates = Vec::new();
    for game in &games {
        if game.moves.len() < plies {
            continue;
        }
        let words: Vec<String> = game.moves[..plies].iter().map(|m| m.to_string()).collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        match play_written(t, &words) {
            Ok(played) => candidates.push(played),
            Err(message) if message.starts_with("the game is over") => {}
            Err(message) => {
                return Err(OpeningError {
                    at: format!("{path}, game on line {}", game.line),
                    message,
                })
            }
        }
    }
    if candidates.is_empty() {
        return Err(OpeningError {
            at: path.to_string(),
            message: format!("no game has {plies} plies to take an opening from"),
        });
    }
    let (openings, duplicates) = dedup(candidates);
    Ok(OpeningSupply {
        source: OpeningSource::Records {
            path: path.to_string(),
            plies,
        },
        openings,
        duplicates,
    })
}

/// The most random openings drawn for one run: beyond it they repeat (as when fewer
/// distinct ones exist). Drawing one opening per pair up front made `--games 10^9` draw
/// for hours before the first game, and `--games 18446744073709551614` overflow.
pub const MAX_RANDOM_OPENINGS: usize = 1 << 16;

/// Up to `count` distinct openings of `plies` uniformly random legal plies, opening `i`
/// drawn from the seeded stream `i`; draws that end the game or repeat a position
/// already supplied are redrawn, up to a bound (fewer openings then: the supply is
/// exhausted). At most [`MAX_RANDOM_OPENINGS`], whatever `count` asks.
pub fn random_openings(t: &Tables, plies: usize, count: usize, seed: u64) -> OpeningSupply {
    let count = count.min(MAX_RANDOM_OPENINGS);
    let source = OpeningSource::Random { plies, seed };
    if plies == 0 {
        return OpeningSupply {
            source,
            openings: vec![Opening {
                moves: vec![],
                records: vec![],
            }],
            duplicates: 0,
        };
    }
    let mut seen = HashSet::new();
    let mut openings = Vec::new();
    let attempts = 20 * count as u64 + 1000;
    let mut duplicates = 0;
    for stream in 0..attempts {
        if openings.len() >= count {
            break;
        }
        let mut rng = game_rng(seed ^ 0x6f70_656e, stream);
        let mut pos = Position::start(t);
        let mut repetitions = Repetitions::new(t, &pos, &[]);
        let mut opening = Opening {
            moves: Vec::new(),
            records: Vec::new(),
        };
        let mut ok = true;
        for _ in 0..plies {
            let moves = pos.legal_moves(t);
            if moves.is_empty() {
                ok = false;
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            let (next, captured) = pos.after(t, mv);
            opening
                .records
                .push(crate::notation::record(&pos, mv, &captured));
            opening.records.last_mut().expect("pushed").captures =
                recordable_captures(&pos, &captured);
            opening.moves.push(mv);
            pos = next;
            if repetitions.ending(t, &pos).is_some() {
                ok = false;
                break;
            }
            repetitions.push(&pos);
        }
        if !ok {
            continue;
        }
        if seen.insert(pos.hash()) {
            openings.push(opening);
        } else {
            duplicates += 1;
        }
    }
    OpeningSupply {
        source,
        openings,
        duplicates,
    }
}

/// The start position as the only opening.
pub fn start_only() -> OpeningSupply {
    OpeningSupply {
        source: OpeningSource::Start,
        openings: vec![Opening {
            moves: vec![],
            records: vec![],
        }],
        duplicates: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::catalog;

    fn tables(name: &str) -> Tables {
        Tables::new(&catalog::find(name).unwrap().rules()).unwrap()
    }

    #[test]
    fn openings_from_a_file_are_checked_and_deduplicated() {
        let t = tables("brandub");
        let text = "# brandub openings\nd2-e2 d3-c3\n\nd6-c6  # a comment\nd2-e2 d3-c3\n";
        let supply = openings_from_text(&t, text, "o.txt").unwrap();
        assert_eq!(supply.openings.len(), 2);
        assert_eq!(supply.duplicates, 1);
        assert_eq!(supply.openings[0].text(), "d2-e2 d3-c3");
        assert!(supply.exhausted(3) && !supply.exhausted(2));
        assert_eq!(supply.get(3).text(), "d6-c6");
        let err = openings_from_text(&t, "d2-e2\nd2-d9\n", "o.txt").unwrap_err();
        assert_eq!(err.at, "o.txt, line 2");
        assert!(err.message.contains("ply 1"), "{err}");
        let err = openings_from_text(&t, "d2-e2 d2-e3\n", "o.txt").unwrap_err();
        assert!(err.message.contains("ply 2"), "{err}");
        assert!(openings_from_text(&t, "# nothing\n", "o.txt").is_err());
    }

    /// Issue 24: an opening whose plies repeat the start three times made every game a
    /// draw at ply 8. The game loop's test of the end (repetition included) runs after
    /// each ply of an opening, and an opening it would end is refused.
    #[test]
    fn an_opening_that_ends_the_game_in_any_way_is_refused() {
        let t = tables("brandub");
        let shuffle = "d1-c1 d3-c3 c1-d1 c3-d3 d1-c1 d3-c3 c1-d1 c3-d3\n";
        let err = openings_from_text(&t, shuffle, "o.txt").unwrap_err();
        assert!(
            err.message.contains("over after ply 8 (repetition)"),
            "{err}"
        );
        // One ply short of the third occurrence is an opening.
        let ok = "d1-c1 d3-c3 c1-d1 c3-d3 d1-c1 d3-c3 c1-d1\n";
        assert_eq!(
            openings_from_text(&t, ok, "o.txt").unwrap().openings.len(),
            1
        );
    }

    #[test]
    fn openings_from_recorded_games() {
        let t = tables("brandubh");
        let csv = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/fixtures/games/brandubh.csv"
        ))
        .unwrap();
        let supply = openings_from_records(&t, &csv, "brandubh.csv", 4).unwrap();
        assert!(supply.openings.len() > 100, "{}", supply.openings.len());
        assert!(supply.duplicates > 0);
        assert!(supply.openings.iter().all(|o| o.moves.len() == 4));
        // Brandubh records replayed under copenhagen's 11x11 rules are refused.
        let err = openings_from_records(&tables("copenhagen"), &csv, "brandubh.csv", 4);
        assert!(err.is_err());
    }

    #[test]
    fn random_openings_are_distinct_legal_and_seeded() {
        let t = tables("brandub");
        let a = random_openings(&t, 2, 50, 9);
        assert_eq!(a.openings.len(), 50);
        assert_eq!(a.openings, random_openings(&t, 2, 50, 9).openings);
        assert_ne!(a.openings, random_openings(&t, 2, 50, 10).openings);
        let positions: HashSet<u64> = a
            .openings
            .iter()
            .map(|o| {
                let mut p = Position::start(&t);
                for &m in &o.moves {
                    assert!(p.legal_moves(&t).contains(&m));
                    p.play(&t, m);
                }
                p.hash()
            })
            .collect();
        assert_eq!(positions.len(), 50);
        // Brandub has 40 first moves: 100 one-ply openings cannot be found.
        let one = random_openings(&t, 1, 100, 1);
        assert_eq!(one.openings.len(), 40);
        assert!(one.exhausted(100));
    }
}
