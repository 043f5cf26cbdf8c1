//! The standard normal distribution: its distribution function (for the LOS) and its
//! quantile function (for intervals at other levels than 95%).

/// Φ(x), the probability that a standard normal variable is at most `x`.
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

/// The complementary error function, to about 1e-15 relative error: a continued
/// fraction in the tails and the Taylor series of erf near zero.
fn erfc(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    if x < 0.0 {
        return 2.0 - erfc(-x);
    }
    if x < 2.0 {
        // erf(x) = 2/sqrt(pi) * sum_n (-1)^n x^(2n+1) / (n! (2n+1)); the terms fall fast
        // enough below 2 for double precision.
        let mut term = x;
        let mut sum = x;
        let x2 = x * x;
        let mut n = 0.0;
        while term.abs() > 1e-17 * sum.abs() {
            n += 1.0;
            term *= -x2 / n;
            sum += term / (2.0 * n + 1.0);
        }
        return 1.0 - sum * 2.0 / std::f64::consts::PI.sqrt();
    }
    if x > 27.0 {
        return 0.0;
    }
    // Lentz's algorithm for erfc(x) = exp(-x^2)/sqrt(pi) * 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))).
    let tiny = 1e-300;
    let mut f = x;
    let mut c = x;
    let mut d = 0.0;
    for k in 1..500 {
        let a = k as f64 / 2.0;
        d = x + a * d;
        d = if d.abs() < tiny { tiny } else { d };
        c = x + a / c;
        c = if c.abs() < tiny { tiny } else { c };
        d = 1.0 / d;
        let delta = c * d;
        f *= delta;
        if (delta - 1.0).abs() < 1e-16 {
            break;
        }
    }
    (-x * x).exp() / (f * std::f64::consts::PI.sqrt())
}

/// The quantile function Φ⁻¹(p) for 0 < p < 1: Acklam's rational approximation refined
/// by two Newton steps on `normal_cdf`.
pub fn normal_quantile(p: f64) -> f64 {
    if !(p > 0.0 && p < 1.0) {
        return if p == 0.0 {
            f64::NEG_INFINITY
        } else if p == 1.0 {
            f64::INFINITY
        } else {
            f64::NAN
        };
    }
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    let low = 0.024_25;
    let mut x = if p < low {
        let q = (-2.0 * p.ln()).sqrt();
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    } else if p <= 1.0 - low {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    } else {
        let q = (-2.0 * (1.0 - p).ln()).sqrt();
        -(((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    for _ in 0..2 {
        let density = (-x * x / 2.0).exp() / (2.0 * std::f64::consts::PI).sqrt();
        x -= (normal_cdf(x) - p) / density;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values_of_the_normal_distribution() {
        // Tables of the standard normal distribution (e.g. Abramowitz and Stegun 26.2):
        // Φ(0) = 1/2, Φ(1) = 0.841344746068543, Φ(1.959963984540054) = 0.975,
        // Φ(-3) = 0.00134989803163009, Φ(-8) = 6.22096057427178e-16.
        assert_eq!(normal_cdf(0.0), 0.5);
        assert!((normal_cdf(1.0) - 0.841_344_746_068_543).abs() < 1e-14);
        assert!((normal_cdf(1.959_963_984_540_054) - 0.975).abs() < 1e-14);
        assert!((normal_cdf(-3.0) - 0.001_349_898_031_630_09).abs() < 1e-16);
        assert!((normal_cdf(-8.0) / 6.220_960_574_271_78e-16 - 1.0).abs() < 1e-10);
        assert!((normal_cdf(2.5) + normal_cdf(-2.5) - 1.0).abs() < 1e-15);
    }

    #[test]
    fn the_quantile_inverts_the_distribution_function() {
        assert!((normal_quantile(0.975) - 1.959_963_984_540_054).abs() < 1e-12);
        assert!(normal_quantile(0.5).abs() < 1e-15);
        for p in [1e-9, 0.001, 0.02, 0.3, 0.7, 0.99, 1.0 - 1e-9] {
            assert!(
                (normal_cdf(normal_quantile(p)) / p - 1.0).abs() < 1e-10,
                "{p}"
            );
        }
        assert!(normal_quantile(1.5).is_nan());
    }
}
