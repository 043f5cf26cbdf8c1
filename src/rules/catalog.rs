//! Named variants: the rules strings the OpenTafl engine writes for its built-ins
//! (`docs/rules.md`), plus `brandubh`, the rules of the recorded brandubh games.

use super::Rules;

/// A named variant of the catalog.
#[derive(Clone, Copy, Debug)]
pub struct Variant {
    /// The name the tools accept (`--variant copenhagen`): lower case, words joined by `-`.
    pub name: &'static str,
    /// The OTN rules string, start position included.
    pub rules: &'static str,
}

impl Variant {
    /// The parsed rules. The catalog strings are checked by the tests, so this cannot fail.
    pub fn rules(&self) -> Rules {
        self.rules
            .parse()
            .unwrap_or_else(|e| panic!("catalog entry {}: {e}", self.name))
    }
}

macro_rules! variant {
    ($name:expr, $($part:expr),+) => {
        Variant { name: $name, rules: concat!($($part),+) }
    };
}

// `concat!` needs literals, so the shared start records are repeated through macros.
macro_rules! eleven {
    () => {
        "start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"
    };
}
macro_rules! nine {
    () => {
        "start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/"
    };
}
macro_rules! seven {
    () => {
        "start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
    };
}

/// Every variant taflcount plays: the catalog of rules.md, `brandubh`, and `parberserk`.
pub const VARIANTS: &[Variant] = &[
    variant!("sea-battle-9", "dim:9 name:Sea_Battle esc:e atkf:y ka:n nj:n cj:n cor: cen: ", nine!()),
    variant!("fetlar", "dim:11 name:Fetlar atkf:y nj:n cj:n ", eleven!()),
    variant!("copenhagen", "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y ", eleven!()),
    variant!("copenhagen-relaxed", "dim:11 name:Copenhagen_(relaxed_shieldwall) atkf:y tfr:w sw:s swf:n efe:y ", eleven!()),
    variant!("berserk", "dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/"),
    variant!("brandub", "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: ", seven!()),
    variant!("brandubh", "dim:7 name:Brandubh atkf:y tfr:w ks:c ", seven!()),
    variant!("tawlbwrdd", "dim:11 name:Tawlbwrdd esc:e atkf:y ks:w nj:n cj:n cor: cen: start:/4ttt4/4t1t4/5t5/5T5/tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4/"),
    variant!("tablut", "dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh: cenhe:tcnkTCNK linc:y ", nine!()),
    variant!(
        "foteviken-tablut",
        "dim:9 name:Foteviken_Tablut esc:e atkf:y nj:n cor: afor:a4,a5,a6,b5,d1,e1,f1,e2,i4,i5,i6,h5,d9,e9,f9,e8, cenp:tcnkTCNK aforp:tcnkTCNK cens: cenh: cenhe:K aforh:K cenre: aforre: ",
        nine!()
    ),
    variant!("magpie", "dim:7 name:Magpie surf:n atkf:y ks:m spd:-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1, ", seven!()),
    variant!("computer-fetlar", "dim:11 name:Computer_Fetlar atkf:y tfr:w ", eleven!()),
    variant!("tablut-15", "dim:15 name:Tablut esc:e atkf:y ks:c nj:n cor: cens: cenh: start:/5ttttt5/6ttt6/7t7/7t7/7T7/t5TTT5t/tt3T1T1T3tt/ttttTTTKTTTtttt/tt3T1T1T3tt/t5TTT5t/7T7/7t7/7t7/6ttt6/5ttttt5/"),
    variant!("sea-battle-13", "dim:13 name:Sea_Battle_(Parlett) esc:e atkf:y ka:n nj:n cj:n cor: cen: start:/4ttttt4/5t1t5/6t6/6T6/t3T3T3t/tt3TTT3tt/t1tT1TKT1Tt1t/tt3TTT3tt/t3T3T3t/6T6/6t6/5t1t5/4ttttt4/"),
    variant!("parberserk", "dim:13 name:ParBerserk atkf:n tfr:w kj:r ks:m cenp:TCNK ber:m starti:/4ttctt4/5t1t5/6c6/6T6/t3T3N3t/tt3TTT3tt/c1cT1tKT1Tc1c/tt3TTT3tt/t3N3T3t/6T6/6c6/5t1t5/4ttctt4/"),
    variant!(
        "alea-evangelii",
        "dim:19 name:Alea_Evangelii atkf:y tfr:w cor:a1,a2,b1,b2,a18,b18,a19,b19,r1,r2,s1,s2,r18,r19,s18,s19, cenp:tcnkTCNK cens: cenh: cenhe:tcnkTCNK start:/2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/4T2T1T1T2T4/3t2T1TKT1T2t3/4T2T1T1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/7t1t1t7/t4t7t4t/19/2t2t7t2t2/"
    ),
];

/// The catalog entry of this name (case-insensitive; `_` and `-` are the same).
pub fn find(name: &str) -> Option<&'static Variant> {
    let wanted = name.to_ascii_lowercase().replace('_', "-");
    VARIANTS.iter().find(|v| v.name == wanted)
}

/// The catalog's names, for error messages and `--list-variants`.
pub fn names() -> Vec<&'static str> {
    VARIANTS.iter().map(|v| v.name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_parses_and_round_trips() {
        for v in VARIANTS {
            let rules = v.rules();
            let printed = rules.to_string();
            let again: Rules = printed
                .parse()
                .unwrap_or_else(|e| panic!("{}: {e}\n{printed}", v.name));
            assert_eq!(rules, again, "{}", v.name);
            assert_eq!(again.to_string(), printed);
        }
    }
}
