//! Figures published for tafl variants, each paired with the exact quantity it was
//! meant to be, so the report can say how far apart they are.

/// A published figure and the bound (or game-tree row) it estimates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublishedClaim {
    /// As published, in scientific form: `1.4e43`.
    pub claim: &'static str,
    /// Where it was published.
    pub source: &'static str,
    /// The bound name it corresponds to, or `game_tree:<source>`.
    pub refers_to: &'static str,
    /// How the figure was obtained and what is off about it.
    pub note: &'static str,
}

/// The hand-run sums of the tafl essays for 11x11 with 24 attackers, 12 defenders
/// and a king.
const ESSAY_11X11_STATES: [PublishedClaim; 3] = [
    PublishedClaim {
        claim: "7e72",
        source: "essay",
        refers_to: "naive",
        note: "4^121: every square empty, attacker, defender or king",
    },
    PublishedClaim {
        claim: "3e31",
        source: "essay",
        refers_to: "placements",
        note: "sum of C(121, i) for i = 3..37",
    },
    PublishedClaim {
        claim: "1.4e43",
        source: "essay",
        refers_to: "side_split_quarter",
        note: "pieces split between the sides, divided by 4 for rotations",
    },
];

const ESSAY_11X11_TREE: PublishedClaim = PublishedClaim {
    claim: "1e167",
    source: "essay",
    refers_to: "game_tree:essay",
    note: "88^80 is 10^155.56, not 10^167: the exponent is 11.4 too high",
};

/// The figures quoted for brandub (7x7, 8 attackers, 4 defenders, a king).
const BRANDUB: [PublishedClaim; 2] = [
    PublishedClaim {
        claim: "4.4e15",
        source: "brandub",
        refers_to: "side_split_quarter",
        note: "the essay's 11x11 formula on 7x7 (i = 3..13) gives 4.16e15: the figure is 6% high",
    },
    PublishedClaim {
        claim: "1.3e36",
        source: "brandub",
        refers_to: "naive",
        note: "above 4^49, the count of every 7x7 board, so no state-space count; it equals 2^120 = 1.33e36, i.e. a b^L game tree such as 8^40",
    },
];

/// The published figures that apply to a board of side `dim` with this material.
pub fn claims_for(dim: usize, attackers: usize, defenders: usize) -> Vec<PublishedClaim> {
    let mut claims = Vec::new();
    if dim == 11 && attackers == 24 && defenders == 12 {
        claims.extend(ESSAY_11X11_STATES);
    }
    if dim == 11 {
        claims.push(ESSAY_11X11_TREE);
    }
    if dim == 7 && attackers == 8 && defenders == 4 {
        claims.extend(BRANDUB);
    }
    claims
}

/// A figure in scientific form, split into its significant digits and exponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScientificFigure {
    /// The significant digits as written: "14" for `1.4e43`; their count is the precision.
    pub digits: String,
    /// The power of ten of the first digit.
    pub exponent: u64,
}

impl ScientificFigure {
    /// Parses `1.4e43`, `7e72`. The number of digits written is the precision claimed.
    pub fn parse(text: &str) -> Option<ScientificFigure> {
        let (mantissa, exponent) = text.split_once('e')?;
        let exponent = exponent.parse().ok()?;
        let digits: String = mantissa.chars().filter(|&c| c != '.').collect();
        let leading_ok = mantissa
            .chars()
            .next()
            .is_some_and(|c| ('1'..='9').contains(&c));
        if !leading_ok || !digits.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        Some(ScientificFigure { digits, exponent })
    }

    /// log10 of the figure, to compare it with the exact value's.
    pub fn log10(&self) -> f64 {
        let mantissa: f64 = format!("{}.{}", &self.digits[..1], &self.digits[1..])
            .parse()
            .unwrap_or(1.0);
        mantissa.log10() + self.exponent as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_claim_parses() {
        for claim in ESSAY_11X11_STATES
            .iter()
            .chain(&BRANDUB)
            .chain([&ESSAY_11X11_TREE])
        {
            assert!(
                ScientificFigure::parse(claim.claim).is_some(),
                "{}",
                claim.claim
            );
        }
        let f = ScientificFigure::parse("1.4e43").unwrap();
        assert_eq!(
            f,
            ScientificFigure {
                digits: "14".into(),
                exponent: 43
            }
        );
        assert!((f.log10() - 43.146128).abs() < 1e-6);
        assert_eq!(ScientificFigure::parse("0.4e3"), None);
    }

    #[test]
    fn claims_apply_to_their_boards_only() {
        assert_eq!(claims_for(11, 24, 12).len(), 4);
        assert_eq!(claims_for(11, 32, 12).len(), 1);
        assert_eq!(claims_for(7, 8, 4).len(), 2);
        assert!(claims_for(9, 16, 8).is_empty());
    }
}
