//! Writing big exact numbers for people (scientific form, abbreviations) and for
//! machines (decimal strings plus log10).

use num_bigint::BigUint;
use num_traits::Zero;
use serde::{Deserialize, Deserializer, Serializer};

/// log10 of a big integer, accurate to about 15 significant digits. Zero gives -inf.
pub fn log10(value: &BigUint) -> f64 {
    if value.is_zero() {
        return f64::NEG_INFINITY;
    }
    let bits = value.bits();
    // Keep the top 64 bits: the rest changes the logarithm by less than 2^-63.
    let shift = bits.saturating_sub(64);
    let top = value >> shift;
    let top = top.iter_u64_digits().next().unwrap_or(0) as f64;
    top.log10() + shift as f64 * std::f64::consts::LOG10_2
}

/// `x` rounded to `decimals` places, so that JSON and snapshots do not carry float
/// noise in the last digits.
pub fn round_to(x: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (x * scale).round() / scale
}

/// A number rounded to a few significant digits: `digits` `d0 d1 d2...` meaning
/// `d0.d1d2... × 10^exponent`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rounded {
    /// The significant digits kept, as many as were asked for (padded with zeros).
    pub digits: String,
    /// The power of ten of the first digit.
    pub exponent: u64,
}

impl Rounded {
    /// Rounds half up, exactly, from the decimal digits.
    pub fn of(value: &BigUint, significant: usize) -> Rounded {
        let decimal = value.to_str_radix(10);
        let exponent = decimal.len() as u64 - 1;
        if decimal.len() <= significant {
            let mut digits = decimal.clone();
            while digits.len() < significant {
                digits.push('0');
            }
            return Rounded { digits, exponent };
        }
        let mut kept: Vec<u8> = decimal.as_bytes()[..significant]
            .iter()
            .map(|b| b - b'0')
            .collect();
        if decimal.as_bytes()[significant] >= b'5' {
            let mut i = significant;
            loop {
                if i == 0 {
                    // 9.99... rounded up to 10.0: one more digit of exponent.
                    kept.insert(0, 1);
                    kept.pop();
                    return Rounded {
                        digits: to_string(&kept),
                        exponent: exponent + 1,
                    };
                }
                i -= 1;
                if kept[i] == 9 {
                    kept[i] = 0;
                } else {
                    kept[i] += 1;
                    break;
                }
            }
        }
        Rounded {
            digits: to_string(&kept),
            exponent,
        }
    }

    /// `7.07e72`
    pub fn scientific(&self) -> String {
        let (first, rest) = self.digits.split_at(1);
        if rest.is_empty() {
            format!("{first}e{}", self.exponent)
        } else {
            format!("{first}.{rest}e{}", self.exponent)
        }
    }
}

fn to_string(digits: &[u8]) -> String {
    digits.iter().map(|d| char::from(b'0' + d)).collect()
}

/// Scientific form with three significant digits, `1.43e43`; small numbers in full.
pub fn scientific(value: &BigUint) -> String {
    if value < &BigUint::from(1_000_000u32) {
        return value.to_string();
    }
    Rounded::of(value, 3).scientific()
}

/// Scientific form of a number known only by its logarithm, three significant digits.
pub fn scientific_from_log10(log10: f64) -> String {
    let (mantissa, exponent) = mantissa_exponent(log10, 3);
    format!("{mantissa:.2}e{exponent}")
}

/// The mantissa in [1, 10) rounded to `significant` digits and the power of ten of a
/// positive number known by its log10 (finite), the exponent a whole number however
/// large: f64's own formatting would print 10^400 as infinity.
pub fn mantissa_exponent(log10: f64, significant: usize) -> (f64, i64) {
    let mut exponent = log10.floor();
    let scale = 10f64.powi(significant.max(1) as i32 - 1);
    let mut mantissa = (10f64.powf(log10 - exponent) * scale).round() / scale;
    if mantissa >= 10.0 {
        mantissa /= 10.0;
        exponent += 1.0;
    }
    (mantissa, exponent as i64)
}

/// A number known by its natural logarithm in scientific form with up to `significant`
/// digits and no trailing zeros (`1.11269e9`, `4e1`); `0` for ln = −∞. Any size: this is
/// how estimates past f64's range are written.
pub fn scientific_from_ln(ln: f64, significant: usize) -> String {
    if ln == f64::NEG_INFINITY {
        return "0".into();
    }
    if !ln.is_finite() {
        return "NaN".into();
    }
    let (mantissa, exponent) = mantissa_exponent(ln / std::f64::consts::LN_10, significant);
    let digits = format!("{mantissa:.*}", significant.max(1) - 1);
    let digits = if digits.contains('.') {
        digits.trim_end_matches('0').trim_end_matches('.')
    } else {
        &digits
    };
    format!("{digits}e{exponent}")
}

/// The whole number when short, else its head and tail and its length:
/// `7067388259…79104 (73 digits)`.
pub fn abbreviate(value: &BigUint) -> String {
    let decimal = value.to_str_radix(10);
    if decimal.len() <= 24 {
        return decimal;
    }
    format!(
        "{}…{} ({} digits)",
        &decimal[..10],
        &decimal[decimal.len() - 5..],
        decimal.len()
    )
}

/// Serde helper: a big integer as its complete decimal string (JSON numbers lose
/// precision past 2^53).
pub fn serialize_decimal<S: Serializer>(value: &BigUint, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&value.to_str_radix(10))
}

/// Serde helper, the reverse of [`serialize_decimal`]: a big integer from its decimal
/// string, refused unless it is digits alone.
pub fn deserialize_decimal<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<BigUint, D::Error> {
    let text = String::deserialize(deserializer)?;
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(serde::de::Error::custom(format!(
            "`{text}` is not a decimal integer"
        )));
    }
    BigUint::parse_bytes(text.as_bytes(), 10)
        .ok_or_else(|| serde::de::Error::custom(format!("`{text}` is not a decimal integer")))
}

/// Serde helpers for a machine integer (`u64`, `u128`) written as its complete decimal
/// string, as every `--json` writes counts (`#[serde(with = "crate::number::decimal")]`):
/// JSON readers hold numbers past 2^53 inexactly.
pub mod decimal {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::fmt::Display;
    use std::str::FromStr;

    /// The integer as its decimal string.
    pub fn serialize<T: Display, S: Serializer>(
        value: &T,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_str(value)
    }

    /// The integer from its decimal string, refused unless it is digits alone and fits.
    pub fn deserialize<'de, T: FromStr, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<T, D::Error> {
        let text = String::deserialize(deserializer)?;
        parse(&text).map_err(serde::de::Error::custom)
    }

    pub(super) fn parse<T: FromStr>(text: &str) -> Result<T, String> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("`{text}` is not a decimal integer"));
        }
        text.parse()
            .map_err(|_| format!("`{text}` is out of range"))
    }

    /// [`decimal`](self) for an optional integer: `null` when absent.
    pub mod option {
        use serde::{Deserialize, Deserializer, Serializer};
        use std::fmt::Display;
        use std::str::FromStr;

        /// The integer as its decimal string, or `null`.
        pub fn serialize<T: Display, S: Serializer>(
            value: &Option<T>,
            serializer: S,
        ) -> Result<S::Ok, S::Error> {
            match value {
                Some(v) => serializer.collect_str(v),
                None => serializer.serialize_none(),
            }
        }

        /// The integer from its decimal string, or `None` from `null`.
        pub fn deserialize<'de, T: FromStr, D: Deserializer<'de>>(
            deserializer: D,
        ) -> Result<Option<T>, D::Error> {
            Option::<String>::deserialize(deserializer)?
                .map(|text| super::parse(&text).map_err(serde::de::Error::custom))
                .transpose()
        }
    }
}

/// log10 of a count to three decimals, as documents write it beside the count; `None`
/// for zero.
pub fn count_log10(n: impl Into<u128>) -> Option<f64> {
    let n = n.into();
    (n > 0).then(|| round_to((n as f64).log10(), 3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::Pow;

    #[test]
    fn log10_of_powers() {
        let four_121 = BigUint::from(4u32).pow(121u32);
        assert!((log10(&four_121) - 121.0 * 4f64.log10()).abs() < 1e-12);
        assert_eq!(log10(&BigUint::from(1000u32)), 3.0);
        assert_eq!(log10(&BigUint::zero()), f64::NEG_INFINITY);
    }

    #[test]
    fn rounding_is_exact_and_carries() {
        let n = |s: &str| s.parse::<BigUint>().unwrap();
        assert_eq!(Rounded::of(&n("7067388259"), 1).scientific(), "7e9");
        assert_eq!(Rounded::of(&n("14269"), 2).scientific(), "1.4e4");
        assert_eq!(Rounded::of(&n("14250"), 2).scientific(), "1.4e4");
        assert_eq!(Rounded::of(&n("14350"), 2).scientific(), "1.4e4");
        assert_eq!(Rounded::of(&n("14450"), 2).scientific(), "1.4e4");
        assert_eq!(Rounded::of(&n("14550"), 2).scientific(), "1.5e4");
        assert_eq!(Rounded::of(&n("99960"), 3).scientific(), "1.00e5");
        assert_eq!(Rounded::of(&n("42"), 3).scientific(), "4.20e1");
        assert_eq!(scientific(&n("4155006190470120")), "4.16e15");
        assert_eq!(scientific(&n("999999")), "999999");
    }

    #[test]
    fn abbreviation_keeps_head_tail_and_length() {
        let four_121 = BigUint::from(4u32).pow(121u32);
        assert_eq!(abbreviate(&four_121), "7067388259…79104 (73 digits)");
        assert_eq!(abbreviate(&BigUint::from(12345u32)), "12345");
    }

    #[test]
    fn scientific_from_a_natural_logarithm_at_any_size() {
        assert_eq!(scientific_from_ln(40f64.ln(), 6), "4e1");
        assert_eq!(
            scientific_from_ln(1_112_692_338.228f64.ln(), 6),
            "1.11269e9"
        );
        assert_eq!(scientific_from_ln(999_999.7f64.ln(), 6), "1e6");
        assert_eq!(scientific_from_ln(f64::NEG_INFINITY, 6), "0");
        // 10^400.5 = 3.16e400, far past f64.
        assert_eq!(
            scientific_from_ln(400.5 * std::f64::consts::LN_10, 3),
            "3.16e400"
        );
        assert_eq!(scientific_from_log10(1e15), "1.00e1000000000000000");
    }

    #[test]
    fn scientific_from_a_logarithm() {
        assert_eq!(scientific_from_log10(155.5586), "3.62e155");
        assert_eq!(scientific_from_log10(2.0), "1.00e2");
    }
}

/// Digits grouped by thousands for tables: 6116568016 -> `6,116,568,016`.
pub fn grouped(n: impl Into<u128>) -> String {
    let digits = n.into().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod grouping_tests {
    #[test]
    fn thousands_are_grouped() {
        assert_eq!(super::grouped(0u64), "0");
        assert_eq!(super::grouped(999u64), "999");
        assert_eq!(super::grouped(1000u64), "1,000");
        assert_eq!(super::grouped(6_116_568_016u64), "6,116,568,016");
    }
}
