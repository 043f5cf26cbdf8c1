//! The divide of bunburya's `hnefatafl` crate (MIT) for a `taflperft --against` call:
//! shared by the example wrapper `examples/against_hnefatafl.rs` and the oracle test
//! `tests/oracle_hnefatafl.rs`.
//!
//! Only the crate's two presets that taflcount's catalog also has are mapped:
//! `copenhagen` and `brandubh` (by the OTN `name:` key). Repetition is switched off,
//! as perft counts without it (docs/perft.md).

use hnefatafl::aliases::{MediumBasicBoardState, SmallBasicBoardState};
use hnefatafl::board::state::BoardState;
use hnefatafl::game::logic::GameLogic;
use hnefatafl::game::state::GameState;
use hnefatafl::game::GameStatus;
use hnefatafl::pieces::Side;
use hnefatafl::play::Play;
use hnefatafl::preset::rules;
use hnefatafl::rules::Ruleset;
use std::str::FromStr;

/// The crate's ruleset for an OTN rules string, and the board size.
pub fn ruleset(otn: &str) -> Result<(Ruleset, usize), String> {
    let value = |key: &str| {
        otn.split_whitespace()
            .find_map(|w| w.strip_prefix(key).and_then(|v| v.strip_prefix(':')))
            .map(str::to_ascii_lowercase)
    };
    let name = value("name").unwrap_or_default();
    let preset = match name.as_str() {
        "copenhagen" => rules::COPENHAGEN,
        "brandubh" => rules::BRANDUBH,
        _ => {
            return Err(format!(
                "the hnefatafl crate has no preset for `name:{name}` (copenhagen, brandubh)"
            ))
        }
    };
    let dim: usize = value("dim")
        .ok_or("the rules have no dim")?
        .parse()
        .map_err(|_| "bad dim")?;
    Ok((
        Ruleset {
            repetition_rule: None,
            ..preset
        },
        dim,
    ))
}

/// Perft below `state`: finished games have no children, the last ply is counted
/// without being played.
fn count<B: BoardState>(logic: &GameLogic<B>, state: GameState<B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if state.status != GameStatus::Ongoing {
        return 0;
    }
    let mut n = 0;
    for tile in state.board.occupied_by_side(state.side_to_play) {
        let Ok(plays) = logic.iter_plays(tile, &state) else {
            continue;
        };
        for vp in plays {
            n += if depth == 1 {
                1
            } else {
                count(logic, logic.do_valid_play(vp, state).new_state, depth - 1)
            };
        }
    }
    n
}

fn divide_on<B: BoardState>(
    ruleset: Ruleset,
    dim: usize,
    depth: u32,
    position: &str,
    side: &str,
    moves: &str,
) -> Result<Vec<(String, u64)>, String> {
    let side = match side {
        "attackers" => Side::Attacker,
        "defenders" => Side::Defender,
        other => return Err(format!("unknown side `{other}`")),
    };
    // taflcount's records list rank 1 first, as the crate's board strings do.
    let fen = position.trim_matches('/');
    let mut state: GameState<B> =
        GameState::new(fen, side).map_err(|e| format!("position `{position}`: {e:?}"))?;
    let logic = GameLogic::new(ruleset, dim as u8);
    for mv in moves.split_whitespace() {
        // The moves lead to the position: played on the board even past an end the
        // engine sees (as taflcount replays archives), which the divide then reports.
        state.status = GameStatus::Ongoing;
        let play = Play::from_str(mv).map_err(|e| format!("move `{mv}`: {e:?}"))?;
        state = logic
            .do_play(play, state)
            .map_err(|e| format!("move `{mv}`: {e:?}"))?
            .new_state;
    }
    let mut out = Vec::new();
    if depth == 0 || state.status != GameStatus::Ongoing {
        return Ok(out);
    }
    for tile in state.board.occupied_by_side(state.side_to_play) {
        let Ok(plays) = logic.iter_plays(tile, &state) else {
            continue;
        };
        for vp in plays {
            let child = logic.do_valid_play(vp, state).new_state;
            out.push((vp.play.to_string(), count(&logic, child, depth - 1)));
        }
    }
    out.sort();
    Ok(out)
}

/// The divide of the crate's engine for one call of the protocol.
pub fn divide(
    depth: u32,
    otn: &str,
    position: &str,
    side: &str,
    moves: &str,
) -> Result<Vec<(String, u64)>, String> {
    let (ruleset, dim) = ruleset(otn)?;
    match dim {
        0..=8 => divide_on::<SmallBasicBoardState>(ruleset, dim, depth, position, side, moves),
        9..=11 => divide_on::<MediumBasicBoardState>(ruleset, dim, depth, position, side, moves),
        _ => Err(format!("no board of size {dim} here")),
    }
}
