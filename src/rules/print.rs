//! `Rules` -> OTN rules string. Writes `dim`, `name`, `atkf` and `start` always, every other
//! key only where it differs from the default, in a fixed order, so that printing then
//! parsing gives the same rules.

use super::parse::{default_centre, default_corners};
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

fn squares(list: &[Square]) -> String {
    list.iter().map(|s| format!("{s},")).collect()
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out: Vec<String> = vec![format!("dim:{}", self.dim)];
        if !self.name.is_empty() {
            out.push(format!("name:{}", self.name.replace(' ', "_")));
        }
        if self.escape == Escape::Edge {
            out.push("esc:e".into());
        }
        out.push(format!("atkf:{}", yn(self.attackers_first)));
        if !self.encirclement {
            out.push("surf:n".into());
        }
        let tfr = match self.repetition {
            Repetition::Draw => None,
            Repetition::SideToMoveWins => Some("w"),
            Repetition::RepeaterWins => Some("l"),
            Repetition::Ignored => Some("i"),
        };
        if let Some(v) = tfr {
            out.push(format!("tfr:{v}"));
        }
        let ka = match self.king_armed {
            KingArmed::Yes => None,
            KingArmed::Anvil => Some("a"),
            KingArmed::Hammer => Some("h"),
            KingArmed::No => Some("n"),
        };
        if let Some(v) = ka {
            out.push(format!("ka:{v}"));
        }
        let ks = match self.king_strength {
            KingStrength::Strong => None,
            KingStrength::StrongAtCentre => Some("c"),
            KingStrength::Middleweight => Some("m"),
            KingStrength::Weak => Some("w"),
        };
        if let Some(v) = ks {
            out.push(format!("ks:{v}"));
        }
        let default_jumps = [
            Jump::None,
            Jump::Capture,
            Jump::Jump,
            Jump::None,
            Jump::None,
        ];
        for (i, key) in ["kj", "nj", "cj", "mj", "gj"].iter().enumerate() {
            if self.jumps[i] != default_jumps[i] {
                let v = match self.jumps[i] {
                    Jump::None => "n",
                    Jump::Jump => "j",
                    Jump::Capture => "c",
                    Jump::Restricted => "r",
                };
                out.push(format!("{key}:{v}"));
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
        let all = "tcnkmgTCNKMG";
        #[allow(clippy::type_complexity)] // replaced by the OTN key table
        let kinds: [(&SpecialSquares, &str, Vec<Square>, &str, &str, &str, &str); 4] = [
            (
                &self.corners,
                "cor",
                default_corners(self.dim),
                all,
                "",
                "K",
                "K",
            ),
            (
                &self.centre,
                "cen",
                default_centre(self.dim),
                "tcnkm",
                all,
                all,
                "K",
            ),
            (
                &self.attacker_forts,
                "afor",
                Vec::new(),
                "TCNKM",
                "",
                all,
                all,
            ),
            (
                &self.defender_forts,
                "dfor",
                Vec::new(),
                "tcnkm",
                "",
                all,
                "TCNKM",
            ),
        ];
        for (s, key, default_squares, _, _, _, _) in &kinds {
            let mut sorted = s.squares.clone();
            sorted.sort();
            let mut default_sorted = default_squares.clone();
            default_sorted.sort();
            if sorted != default_sorted {
                out.push(format!("{key}:{}", squares(&s.squares)));
            }
        }
        let mut lists = |suffix: &str,
                         pick: &dyn Fn(&SpecialSquares) -> TypeSet,
                         default: &dyn Fn(usize) -> &'static str| {
            for (i, (s, key, ..)) in kinds.iter().enumerate() {
                let value = pick(s);
                if value != TypeSet::of(default(i)) {
                    out.push(format!("{key}{suffix}:{value}"));
                }
                if suffix == "h" && *key == "cen" && s.hostile_empty != TypeSet::ALL {
                    out.push(format!("cenhe:{}", s.hostile_empty));
                }
            }
        };
        lists("h", &|s| s.hostile, &|i| {
            ["tcnkmgTCNKMG", "tcnkm", "TCNKM", "tcnkm"][i]
        });
        lists("p", &|s| s.pass, &|i| {
            ["K", "tcnkmgTCNKMG", "tcnkmgTCNKMG", "tcnkmgTCNKMG"][i]
        });
        lists("s", &|s| s.stop, &|i| {
            ["K", "K", "tcnkmgTCNKMG", "TCNKM"][i]
        });
        lists("re", &|s| s.reenter, &|_| "tcnkmgTCNKMG");
        match self.shieldwall {
            Shieldwall::None => {}
            Shieldwall::Weak => out.push("sw:w".into()),
            Shieldwall::Strong => out.push("sw:s".into()),
        }
        if !self.shieldwall_flank {
            out.push("swf:n".into());
        }
        if self.edge_fort {
            out.push("efe:y".into());
        }
        if self.linnaean {
            out.push("linc:y".into());
        }
        match self.berserk {
            Berserk::None => {}
            Berserk::Capture => out.push("ber:c".into()),
            Berserk::Move => out.push("ber:m".into()),
        }
        out.push(format!(
            "start:{}",
            self.start.record(RecordOrder::RankOneFirst)
        ));
        f.write_str(&out.join(" "))
    }
}
