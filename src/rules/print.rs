//! `Rules` -> OTN rules string. Writes `dim`, `name`, `atkf` and `start` always, every other
//! key only where it differs from the default, in a fixed order, so that printing then
//! parsing gives the same rules.

use super::otn::{
    default_squares, Letters, BERSERK, DEFAULT_JUMPS, ESCAPE, JUMP, JUMP_KEYS, KING_ARMED,
    KING_STRENGTH, REPETITION, SHIELDWALL, SPECIAL_KEYS,
};
use super::*;
use crate::board::{RecordOrder, TypeSet};
use std::fmt;

fn yn(b: bool) -> &'static str {
    if b {
        "y"
    } else {
        "n"
    }
}

/// `key:letter`, unless the value is the key's default.
fn letter_key<T: Copy + PartialEq>(out: &mut Vec<String>, letters: &Letters<T>, value: T) {
    if value != letters.default {
        out.push(format!("{}:{}", letters.key, letters.letter(value)));
    }
}

fn squares(list: &[Square]) -> String {
    list.iter().map(|s| format!("{s},")).collect()
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out: Vec<String> = vec![format!("dim:{}", self.dim)];
        if !self.name.is_empty() {
            out.push(format!("name:{}", self.name.replace(' ', "_")));
        }
        letter_key(&mut out, &ESCAPE, self.escape);
        out.push(format!("atkf:{}", yn(self.attackers_first)));
        if !self.encirclement {
            out.push("surf:n".into());
        }
        letter_key(&mut out, &REPETITION, self.repetition);
        letter_key(&mut out, &KING_ARMED, self.king_armed);
        letter_key(&mut out, &KING_STRENGTH, self.king_strength);
        for (i, key) in JUMP_KEYS.iter().enumerate() {
            if self.jumps[i] != DEFAULT_JUMPS[i] {
                out.push(format!("{key}:{}", JUMP.letter(self.jumps[i])));
            }
        }
        if self.speed.iter().any(|s| s.is_some()) {
            let value = |s: &Option<u8>| s.map_or(String::from("-1"), |n| n.to_string());
            if self.speed.iter().all(|s| *s == self.speed[0]) {
                out.push(format!("spd:{}", value(&self.speed[0])));
            } else {
                out.push(format!(
                    "spd:{}",
                    self.speed.iter().map(value).collect::<Vec<_>>().join(",")
                ));
            }
        }
        let kinds = [
            &self.corners,
            &self.centre,
            &self.attacker_forts,
            &self.defender_forts,
        ];
        for (i, s) in kinds.iter().enumerate() {
            let mut sorted = s.squares.clone();
            sorted.sort();
            let mut default_sorted = default_squares(i, self.dim);
            default_sorted.sort();
            if sorted != default_sorted {
                out.push(format!("{}:{}", SPECIAL_KEYS[i].key, squares(&s.squares)));
            }
        }
        let mut lists = |suffix: &str,
                         pick: &dyn Fn(&SpecialSquares) -> TypeSet,
                         default: &dyn Fn(usize) -> &'static str| {
            for (i, s) in kinds.iter().enumerate() {
                let key = SPECIAL_KEYS[i].key;
                let value = pick(s);
                if value != TypeSet::of(default(i)) {
                    out.push(format!("{key}{suffix}:{value}"));
                }
                if suffix == "h" && key == "cen" && s.hostile_empty != TypeSet::ALL {
                    out.push(format!("cenhe:{}", s.hostile_empty));
                }
            }
        };
        lists("h", &|s| s.hostile, &|i| SPECIAL_KEYS[i].hostile);
        lists("p", &|s| s.pass, &|i| SPECIAL_KEYS[i].pass);
        lists("s", &|s| s.stop, &|i| SPECIAL_KEYS[i].stop);
        lists("re", &|s| s.reenter, &|_| "tcnkmgTCNKMG");
        letter_key(&mut out, &SHIELDWALL, self.shieldwall);
        if !self.shieldwall_flank {
            out.push("swf:n".into());
        }
        if self.edge_fort {
            out.push("efe:y".into());
        }
        if !self.edge_fort_corner {
            out.push("efc:n".into());
        }
        if self.linnaean {
            out.push("linc:y".into());
        }
        letter_key(&mut out, &BERSERK, self.berserk);
        out.push(format!(
            "start:{}",
            self.start.record(RecordOrder::RankOneFirst)
        ));
        f.write_str(&out.join(" "))
    }
}
