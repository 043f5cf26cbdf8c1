//! OTN rules string -> `Rules`. Tokens are `key:value` separated by spaces, in any order;
//! a repeated key: the last one wins. Square lists and the position are resolved once
//! `dim` is known, so `dim` may come anywhere.

use super::error::{RulesError, RulesErrorKind};
use super::otn::{
    default_squares, Letters, BERSERK, DEFAULT_JUMPS, ESCAPE, JUMP, JUMP_KEYS, KING_ARMED,
    KING_STRENGTH, REPETITION, SHIELDWALL, SPECIAL_KEYS,
};
use super::*;
use crate::board::{Layout, RecordOrder, Square, TypeSet, MAX_DIM};

struct Token<'a> {
    key: &'a str,
    value: &'a str,
    column: usize,
}

fn bad(token: &Token, expected: &str) -> RulesError {
    RulesError {
        key: token.key.to_string(),
        column: token.column,
        kind: RulesErrorKind::BadValue {
            value: token.value.to_string(),
            expected: expected.to_string(),
        },
    }
}

fn boolean(token: &Token) -> Result<bool, RulesError> {
    match token.value {
        "y" => Ok(true),
        "n" => Ok(false),
        _ => Err(bad(token, "`y` or `n`")),
    }
}

fn type_list(token: &Token) -> Result<TypeSet, RulesError> {
    TypeSet::parse(token.value).map_err(|(_, letter)| RulesError {
        key: token.key.to_string(),
        column: token.column,
        kind: RulesErrorKind::BadTypeList {
            value: token.value.to_string(),
            letter,
        },
    })
}

fn square_list(token: &Token, dim: usize) -> Result<Vec<Square>, RulesError> {
    let mut squares = Vec::new();
    for part in token.value.split(',').filter(|p| !p.is_empty()) {
        let square: Square = part
            .parse()
            .ok()
            .filter(|s: &Square| s.on_board(dim))
            .ok_or_else(|| RulesError {
                key: token.key.to_string(),
                column: token.column,
                kind: RulesErrorKind::BadSquare {
                    value: part.to_string(),
                },
            })?;
        if !squares.contains(&square) {
            squares.push(square);
        }
    }
    Ok(squares)
}

fn speed(token: &Token) -> Result<[Option<u8>; 12], RulesError> {
    const EXPECTED: &str = "-1 or 0 (unlimited), one number, two (`attackers,defenders`), or a list for tcnkTCNK (8), tcnkmTCNKM (10) or tcnkmgTCNKMG (12)";
    let values: Vec<Option<u8>> = token
        .value
        .split(',')
        .filter(|p| !p.is_empty())
        .map(|p| match p.parse::<i32>() {
            Ok(-1) | Ok(0) => Ok(None),
            Ok(n) if (1..=MAX_DIM as i32).contains(&n) => Ok(Some(n as u8)),
            _ => Err(bad(token, EXPECTED)),
        })
        .collect::<Result<_, _>>()?;
    // Map each list length onto the 12 types tcnkmgTCNKMG; missing mercenaries and
    // guards move like the side's taflmen.
    let per_type: [usize; 12] = match values.len() {
        1 => [0; 12],
        2 => [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1],
        8 => [0, 1, 2, 3, 0, 0, 4, 5, 6, 7, 4, 4],
        10 => [0, 1, 2, 3, 4, 0, 5, 6, 7, 8, 9, 5],
        12 => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        _ => return Err(bad(token, EXPECTED)),
    };
    Ok(per_type.map(|i| values[i]))
}

fn tokens(text: &str) -> Result<Vec<Token<'_>>, RulesError> {
    let mut out = Vec::new();
    let mut offset = 0;
    for raw in text.split(' ') {
        // Columns count characters, as a user does, not bytes.
        let column = offset + 1;
        offset += raw.chars().count() + 1;
        if raw.is_empty() {
            continue;
        }
        let (key, value) = raw.split_once(':').ok_or_else(|| RulesError {
            key: raw.to_string(),
            column,
            kind: RulesErrorKind::NotKeyValue,
        })?;
        out.push(Token { key, value, column });
    }
    Ok(out)
}

/// Special squares of kind `index` with the defaults of the notation.
fn special(index: usize, dim: usize) -> SpecialSquares {
    let key = &SPECIAL_KEYS[index];
    SpecialSquares {
        squares: default_squares(index, dim),
        hostile: TypeSet::of(key.hostile),
        hostile_empty: TypeSet::of(key.hostile_empty),
        pass: TypeSet::of(key.pass),
        stop: TypeSet::of(key.stop),
        reenter: TypeSet::ALL,
    }
}

/// The value of a one-letter key.
fn letter<T: Copy + PartialEq>(token: &Token, letters: &Letters<T>) -> Result<T, RulesError> {
    letters
        .value(token.value)
        .ok_or_else(|| bad(token, letters.expected))
}

/// Parses a whole rules string (`Rules::from_str`).
pub(super) fn parse_rules(text: &str) -> Result<Rules, RulesError> {
    let tokens = tokens(text)?;
    // First `dim`, so that squares can be checked against the board.
    let dim = board_size(&tokens)?;
    let mut rules = defaults(dim);
    let mut has_start = false;
    for token in &tokens {
        if token.key == "start" || token.key == "starti" {
            rules.start = start_layout(token, dim)?;
            has_start = true;
        } else if !set_special_squares(&mut rules, token, dim)? {
            set_key(&mut rules, token)?;
        }
    }
    if !has_start {
        return Err(RulesError {
            key: "start".into(),
            column: 0,
            kind: RulesErrorKind::MissingStart,
        });
    }
    Ok(rules)
}

/// The board size: the last `dim` of the string, which every rules string needs.
fn board_size(tokens: &[Token]) -> Result<usize, RulesError> {
    let mut dim = None;
    for token in tokens {
        if token.key == "dim" {
            let n: usize = token
                .value
                .parse()
                .map_err(|_| bad(token, "an odd board size from 5 to 19"))?;
            if n % 2 == 0 || !(5..=MAX_DIM).contains(&n) {
                return Err(bad(token, "an odd board size from 5 to 19"));
            }
            dim = Some(n);
        }
    }
    dim.ok_or(RulesError {
        key: "dim".into(),
        column: 0,
        kind: RulesErrorKind::MissingDim,
    })
}

/// The rules a string of only `dim` would give: every key at the notation's default,
/// an empty board.
fn defaults(dim: usize) -> Rules {
    Rules {
        name: String::new(),
        dim,
        escape: ESCAPE.default,
        attackers_first: true,
        encirclement: true,
        repetition: REPETITION.default,
        king_armed: KING_ARMED.default,
        king_strength: KING_STRENGTH.default,
        jumps: DEFAULT_JUMPS,
        speed: [None; 12],
        corners: special(0, dim),
        centre: special(1, dim),
        attacker_forts: special(2, dim),
        defender_forts: special(3, dim),
        shieldwall: SHIELDWALL.default,
        shieldwall_flank: true,
        edge_fort: false,
        edge_fort_corner: true,
        linnaean: false,
        berserk: BERSERK.default,
        start: Layout::empty(dim),
    }
}

/// Sets one rule of the game from its key (special squares and `start` aside); a key
/// the notation does not have is an error.
fn set_key(rules: &mut Rules, t: &Token) -> Result<(), RulesError> {
    match t.key {
        "dim" => {}
        "name" => rules.name = t.value.replace('_', " "),
        "esc" => rules.escape = letter(t, &ESCAPE)?,
        "atkf" => rules.attackers_first = boolean(t)?,
        "surf" => rules.encirclement = boolean(t)?,
        "efe" => rules.edge_fort = boolean(t)?,
        "efc" => rules.edge_fort_corner = boolean(t)?,
        "linc" => rules.linnaean = boolean(t)?,
        "swf" => rules.shieldwall_flank = boolean(t)?,
        "tfr" => rules.repetition = letter(t, &REPETITION)?,
        "ka" => rules.king_armed = letter(t, &KING_ARMED)?,
        "ks" => rules.king_strength = letter(t, &KING_STRENGTH)?,
        key if JUMP_KEYS.contains(&key) => {
            let index = JUMP_KEYS.iter().position(|k| *k == key).unwrap_or(0);
            rules.jumps[index] = letter(t, &JUMP)?;
        }
        "spd" => rules.speed = speed(t)?,
        "sw" => rules.shieldwall = letter(t, &SHIELDWALL)?,
        "ber" => rules.berserk = letter(t, &BERSERK)?,
        _ => {
            return Err(RulesError {
                key: t.key.to_string(),
                column: t.column,
                kind: RulesErrorKind::UnknownKey,
            })
        }
    }
    Ok(())
}

/// Sets where the special squares are and what they do to each piece type, if `t` is
/// one of their keys; false if it is not.
fn set_special_squares(rules: &mut Rules, t: &Token, dim: usize) -> Result<bool, RulesError> {
    match t.key {
        "cor" => rules.corners.squares = square_list(t, dim)?,
        "cen" => rules.centre.squares = square_list(t, dim)?,
        "afor" => rules.attacker_forts.squares = square_list(t, dim)?,
        "dfor" => rules.defender_forts.squares = square_list(t, dim)?,
        "corh" => rules.corners.hostile = type_list(t)?,
        "cenh" => rules.centre.hostile = type_list(t)?,
        "cenhe" => rules.centre.hostile_empty = type_list(t)?,
        "aforh" => rules.attacker_forts.hostile = type_list(t)?,
        "dforh" => rules.defender_forts.hostile = type_list(t)?,
        "corp" => rules.corners.pass = type_list(t)?,
        "cenp" => rules.centre.pass = type_list(t)?,
        "aforp" => rules.attacker_forts.pass = type_list(t)?,
        "dforp" => rules.defender_forts.pass = type_list(t)?,
        "cors" => rules.corners.stop = type_list(t)?,
        "cens" => rules.centre.stop = type_list(t)?,
        "afors" => rules.attacker_forts.stop = type_list(t)?,
        "dfors" => rules.defender_forts.stop = type_list(t)?,
        "corre" => rules.corners.reenter = type_list(t)?,
        "cenre" => rules.centre.reenter = type_list(t)?,
        "aforre" => rules.attacker_forts.reenter = type_list(t)?,
        "dforre" => rules.defender_forts.reenter = type_list(t)?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// The start position of `start` (rank 1 first) or `starti` (top rank first), on a
/// board of `dim`.
fn start_layout(t: &Token, dim: usize) -> Result<Layout, RulesError> {
    let order = if t.key == "start" {
        RecordOrder::RankOneFirst
    } else {
        RecordOrder::TopRankFirst
    };
    let layout = Layout::parse(t.value, order).map_err(|e| RulesError {
        key: t.key.to_string(),
        column: t.column,
        kind: RulesErrorKind::BadPosition {
            message: format!("character {} of the record: {}", e.column, e.message),
        },
    })?;
    if layout.dim() != dim {
        return Err(RulesError {
            key: t.key.to_string(),
            column: t.column,
            kind: RulesErrorKind::BadPosition {
                message: format!("the record is {0}x{0} but `dim` is {1}", layout.dim(), dim),
            },
        });
    }
    Ok(layout)
}
