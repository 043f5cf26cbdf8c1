//! The positions the tuner learns from: each position of a recorded game, as the
//! evaluation's feature counts, labelled with the game's result for the side to move.

use crate::board::Side;
use crate::moves::{Position, Tables};
use crate::notation::{replay, GameRecord};
use crate::rng::SplitMix64;
use crate::sampling::{record_end, GameEnd, RecordsError};
use crate::search::{Evaluator, Weights, WEIGHT_COUNT};
use serde::{Deserialize, Serialize};

/// One labelled position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// What each weight multiplies in the evaluation of the position (in the order of
    /// `search::WEIGHT_NAMES`), signed for the side to move: the evaluation is the dot
    /// product of these with the weights.
    pub counts: [i32; WEIGHT_COUNT],
    /// The game's result for the side to move: 1 a win, 0.5 a draw, 0 a loss.
    pub label: f64,
}

/// Reads a position's feature counts from the evaluation itself: the evaluation is a
/// sum of weight times count, so an evaluator with one weight 1 and the others 0 gives
/// that weight's count. Nothing here repeats how a feature is counted.
pub struct FeatureCounter {
    unit: Vec<Evaluator>,
}

impl FeatureCounter {
    /// The counter for one variant's board.
    pub fn new(t: &Tables) -> FeatureCounter {
        let base = Evaluator::new(t, Weights::default());
        let unit = (0..WEIGHT_COUNT)
            .map(|i| {
                let mut e = base.clone();
                let mut values = [0; WEIGHT_COUNT];
                values[i] = 1;
                e.weights = Weights::from_values(values);
                e
            })
            .collect();
        FeatureCounter { unit }
    }

    /// The feature counts of `pos`, for the side to move.
    pub fn counts(&self, t: &Tables, pos: &Position) -> [i32; WEIGHT_COUNT] {
        std::array::from_fn(|i| self.unit[i].evaluate(t, pos))
    }
}

/// Which positions of a game are used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PositionOptions {
    /// Leave out the first this many plies' positions (openings played from a book or
    /// at random say little about the result).
    pub skip_plies: usize,
}

/// What the games gave: how many were read, used, and why positions were left out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionTally {
    /// Games read.
    pub games: u64,
    /// Games left out because they have no result (`Ongoing`, unfinished).
    pub games_unfinished: u64,
    /// Positions labelled.
    pub positions: u64,
    /// Positions left out among the first plies (`skip_plies`).
    pub skipped_opening: u64,
    /// Positions left out because the side to move wins in one move (the king escapes
    /// or is captured): the evaluation is never asked about them, the search sees the
    /// end.
    pub skipped_decided: u64,
}

/// The labelled positions of any number of archives, gathered for one variant.
pub struct Positions {
    counter: FeatureCounter,
    /// The positions, in the order of the games and plies read.
    pub samples: Vec<Sample>,
    /// What was read and left out.
    pub tally: PositionTally,
}

impl Positions {
    /// No positions yet; `counter` is the variant's.
    pub fn new(counter: FeatureCounter) -> Positions {
        Positions {
            counter,
            samples: Vec::new(),
            tally: PositionTally::default(),
        }
    }

    /// Replays `records` and adds their positions up to the end [`record_end`] finds;
    /// games without a result are counted and left out. A record that does not replay is
    /// an error naming its line.
    pub fn add_records(
        &mut self,
        t: &Tables,
        records: &[GameRecord],
        options: &PositionOptions,
    ) -> Result<(), RecordsError> {
        for record in records {
            let game = replay(t, record).map_err(|error| RecordsError {
                line: record.line,
                error,
            })?;
            self.tally.games += 1;
            let (length, end) = record_end(record, &game);
            if matches!(end, GameEnd::Unfinished) {
                self.tally.games_unfinished += 1;
                continue;
            }
            let winner = end.winner();
            for (ply, pos) in game.positions[..length].iter().enumerate() {
                if ply < options.skip_plies {
                    self.tally.skipped_opening += 1;
                    continue;
                }
                if wins_in_one(t, pos) {
                    self.tally.skipped_decided += 1;
                    continue;
                }
                let label = match winner {
                    None => 0.5,
                    Some(side) if side == pos.side_to_move() => 1.0,
                    Some(_) => 0.0,
                };
                self.samples.push(Sample {
                    counts: self.counter.counts(t, pos),
                    label,
                });
                self.tally.positions += 1;
            }
        }
        Ok(())
    }

    /// Keeps `most` positions chosen at random from `seed` (all of them if there are no
    /// more), in their original order.
    pub fn keep_at_most(&mut self, most: usize, seed: u64) {
        let n = self.samples.len();
        if n <= most {
            return;
        }
        // A partial Fisher-Yates shuffle of the indices picks `most` of them uniformly.
        let mut rng = SplitMix64::new(seed);
        let mut index: Vec<usize> = (0..n).collect();
        for i in 0..most {
            let j = i + rng.below(n - i);
            index.swap(i, j);
        }
        let mut chosen = index[..most].to_vec();
        chosen.sort_unstable();
        self.samples = chosen.into_iter().map(|i| self.samples[i]).collect();
    }
}

/// True if the side to move ends the game in one move: the defenders' king escapes or
/// the attackers capture him.
fn wins_in_one(t: &Tables, pos: &Position) -> bool {
    match pos.side_to_move() {
        Side::Defenders => pos.king_escape_move(t).is_some(),
        Side::Attackers => pos.king_capture_move(t).is_some(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_games;
    use crate::rules::catalog;
    use crate::search::WEIGHT_NAMES;

    fn brandubh() -> Tables {
        Tables::new(&catalog::find("brandubh").unwrap().rules()).unwrap()
    }

    fn archive_games(lines: usize) -> Vec<GameRecord> {
        let text = include_str!("../../fixtures/games/brandubh.csv");
        let head: String = text.lines().take(lines).map(|l| format!("{l}\n")).collect();
        parse_games(&head).unwrap()
    }

    #[test]
    fn the_names_are_the_weights_files_fields_in_the_order_of_values() {
        let w = Weights::default();
        let json = serde_json::to_value(w).unwrap();
        let object = json.as_object().unwrap();
        assert_eq!(object.len(), WEIGHT_NAMES.len());
        for (name, value) in WEIGHT_NAMES.iter().zip(w.values()) {
            assert_eq!(object[*name], value, "{name}");
        }
        assert_eq!(Weights::from_values(w.values()), w);
    }

    #[test]
    fn the_evaluation_is_the_counts_times_the_weights_in_recorded_positions() {
        // The tuner's premise: the evaluation is linear in its weights. Checked with the
        // default weights and with others, in every position of 30 recorded games.
        let t = brandubh();
        let counter = FeatureCounter::new(&t);
        let other = Weights::from_values([97, 203, -7, 11, 3, 350, -20, 41, 19, 23, 17, 60]);
        let mut checked = 0;
        for record in archive_games(30) {
            for pos in replay(&t, &record).unwrap().positions {
                let counts = counter.counts(&t, &pos);
                for w in [Weights::default(), other] {
                    let dot: i32 = counts.iter().zip(w.values()).map(|(c, w)| c * w).sum();
                    assert_eq!(dot, Evaluator::new(&t, w).evaluate(&t, &pos));
                }
                checked += 1;
            }
        }
        assert!(checked > 300, "{checked}");
    }

    #[test]
    fn labels_are_the_result_for_the_side_to_move() {
        // Hand-made: the defenders win (White) a game of 4 plies; the rules do not end it.
        let t = brandubh();
        let games = parse_games("d2-b2 d3-f3 b2-b3 f3-f2,0,0,White\nd2-b2,0,0,Ongoing\n").unwrap();
        let mut positions = Positions::new(FeatureCounter::new(&t));
        let options = PositionOptions { skip_plies: 1 };
        positions.add_records(&t, &games, &options).unwrap();
        // Plies 2 to 4 (the first skipped): defenders, attackers, defenders to move.
        let labels: Vec<f64> = positions.samples.iter().map(|s| s.label).collect();
        assert_eq!(labels, [1.0, 0.0, 1.0]);
        assert_eq!(
            positions.tally,
            PositionTally {
                games: 2,
                games_unfinished: 1,
                positions: 3,
                skipped_opening: 1,
                skipped_decided: 0,
            }
        );
    }

    #[test]
    fn a_record_of_another_variant_is_an_error_naming_its_line() {
        let t = brandubh();
        let games = parse_games("a1-a2,0,0,White\n").unwrap();
        let mut positions = Positions::new(FeatureCounter::new(&t));
        let error = positions
            .add_records(&t, &games, &PositionOptions::default())
            .unwrap_err();
        assert_eq!(error.line, 1);
    }

    #[test]
    fn a_sample_of_positions_depends_on_the_seed_alone() {
        let t = brandubh();
        let gather = |seed| {
            let mut p = Positions::new(FeatureCounter::new(&t));
            p.add_records(&t, &archive_games(20), &PositionOptions::default())
                .unwrap();
            let all = p.samples.len();
            p.keep_at_most(100, seed);
            (all, p.samples)
        };
        let (all, a) = gather(3);
        assert!(all > 100);
        assert_eq!(a.len(), 100);
        assert_eq!(a, gather(3).1);
        assert_ne!(a, gather(4).1);
    }

    #[test]
    fn the_fit_lowers_the_error_of_recorded_games_and_repeats_under_a_seed() {
        let t = brandubh();
        let mut p = Positions::new(FeatureCounter::new(&t));
        p.add_records(&t, &archive_games(120), &PositionOptions::default())
            .unwrap();
        let options = crate::tune::TuneOptions {
            max_passes: 30,
            held: std::array::from_fn(|i| i == 0),
            ..crate::tune::TuneOptions::default()
        };
        let outcome = crate::tune::tune(&p.samples, Weights::default(), &options).unwrap();
        assert!(
            outcome.error_after < outcome.error_before - 0.005,
            "{} -> {}",
            outcome.error_before,
            outcome.error_after
        );
        assert_eq!(outcome.weights.attacker, 100);
        assert!(outcome.weights.check().is_ok());
        assert_eq!(
            crate::tune::tune(&p.samples, Weights::default(), &options).unwrap(),
            outcome
        );
    }
}
