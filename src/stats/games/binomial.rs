//! Wilson's score interval and McNemar's exact test, as statsmodels 0.15 computes them, with
//! binomial tail sums in log space.

use statrs::function::factorial::ln_factorial;

use super::Z95;
use crate::stats::StatsError;

/// Wilson's 95% score interval for `k` successes in `n` trials (statsmodels
/// `proportion_confint(k, n, 0.05, "wilson")`), clipped to [0, 1]. Errors:
/// [`StatsError::NotEnoughData`] for n = 0, [`StatsError::Invalid`] for k > n.
pub fn wilson_interval(k: u64, n: u64) -> Result<(f64, f64), StatsError> {
    if n == 0 {
        return Err(StatsError::NotEnoughData("no trials".to_string()));
    }
    if k > n {
        return Err(StatsError::Invalid(format!("{k} successes in {n} trials")));
    }
    let (p, n) = (k as f64 / n as f64, n as f64);
    let z2 = Z95 * Z95;
    let centre = p + z2 / (2.0 * n);
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let denom = 1.0 + z2 / n;
    Ok((
        ((centre - half) / denom).clamp(0.0, 1.0),
        ((centre + half) / denom).clamp(0.0, 1.0),
    ))
}

/// McNemar's exact test of two paired binary outcomes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct McNemar {
    /// min(b, c): the smaller discordant count.
    pub statistic: u64,
    /// Two-sided p-value min(1, 2·P(X ≤ min(b, c))), X ~ Binomial(b + c, ½); 1 for b = c = 0.
    pub p_value: f64,
}

/// The largest b + c [`mcnemar_exact`] takes: 2⁴⁰ (its binomial sum has O(√(b + c)) terms).
pub const MAX_MCNEMAR_PAIRS: u64 = 1 << 40;

/// McNemar's exact test on the discordant counts `b` (first yes, second no) and `c` (the
/// reverse), as statsmodels `mcnemar(table, exact=True)`. The binomial terms are evaluated in
/// log space by Loader's saddle-point expansion (R's `dbinom`), so the p-value keeps ~1e-12
/// relative accuracy at any count; p-values below ~1e-308 are 0. Errors:
/// [`StatsError::Invalid`] if b + c is over [`MAX_MCNEMAR_PAIRS`].
pub fn mcnemar_exact(b: u64, c: u64) -> Result<McNemar, StatsError> {
    let n = b.saturating_add(c);
    if n > MAX_MCNEMAR_PAIRS {
        return Err(StatsError::Invalid(format!(
            "{b} + {c} discordant pairs: at most {MAX_MCNEMAR_PAIRS}"
        )));
    }
    let statistic = b.min(c);
    let p_value = (2.0 * binomial_cdf(statistic, n, 0.5)).min(1.0);
    Ok(McNemar { statistic, p_value })
}

/// P(X ≤ k) for X ~ Binomial(n, p), 0 < p < 1: the tail on the side of k away from the mean,
/// summed from k outwards while the terms matter (O(√n) terms).
pub(super) fn binomial_cdf(k: u64, n: u64, p: f64) -> f64 {
    if k >= n {
        1.0
    } else if (k as f64) < n as f64 * p {
        binomial_tail(k, n, p, true)
    } else {
        1.0 - binomial_tail(k + 1, n, p, false)
    }
}

/// Σ P(X = i) for i from `from` down to 0 (`down`) or up to n, where the terms fall: the terms
/// relative to the first by their ratios, then scaled by the first.
fn binomial_tail(from: u64, n: u64, p: f64, down: bool) -> f64 {
    let odds = p / (1.0 - p);
    let (mut i, mut term, mut sum) = (from, 1.0f64, 1.0f64);
    while term > sum * 1e-17 && ((down && i > 0) || (!down && i < n)) {
        let (num, den) = if down {
            (i as f64, (n - i + 1) as f64 * odds)
        } else {
            ((n - i) as f64 * odds, (i + 1) as f64)
        };
        term *= num / den;
        sum += term;
        i = if down { i - 1 } else { i + 1 };
    }
    (ln_pmf(from, n, p) + sum.ln()).exp()
}

/// ln P(X = x) for X ~ Binomial(n, p), by Loader's expansion (C. Loader, "Fast and accurate
/// computation of binomial probabilities", 2000; R's `dbinom_raw`): no ln Γ(n) of large n, whose
/// rounding would cost ~n·ln(n)·1e-16 absolute.
fn ln_pmf(x: u64, n: u64, p: f64) -> f64 {
    let (x, n, q) = (x as f64, n as f64, 1.0 - p);
    if x == 0.0 {
        return n * (-p).ln_1p();
    }
    if x == n {
        return n * p.ln();
    }
    let lc = stirling_error(n)
        - stirling_error(x)
        - stirling_error(n - x)
        - deviance(x, n * p)
        - deviance(n - x, n * q);
    lc - 0.5 * ((2.0 * std::f64::consts::PI).ln() + x.ln() + (-x / n).ln_1p())
}

/// ln(n!) − (n + ½)·ln n + n − ½·ln(2π) for an integer n ≥ 1 (R's `stirlerr`).
fn stirling_error(n: f64) -> f64 {
    if n <= 15.0 {
        let ln_sqrt_2pi = 0.5 * (2.0 * std::f64::consts::PI).ln();
        return ln_factorial(n as u64) - (n + 0.5) * n.ln() + n - ln_sqrt_2pi;
    }
    let (s0, s1, s2, s3, s4) = (
        1.0 / 12.0,
        1.0 / 360.0,
        1.0 / 1260.0,
        1.0 / 1680.0,
        1.0 / 1188.0,
    );
    let nn = n * n;
    let series = if n > 500.0 {
        s0 - s1 / nn
    } else if n > 80.0 {
        s0 - (s1 - s2 / nn) / nn
    } else if n > 35.0 {
        s0 - (s1 - (s2 - s3 / nn) / nn) / nn
    } else {
        s0 - (s1 - (s2 - (s3 - s4 / nn) / nn) / nn) / nn
    };
    series / n
}

/// x·ln(x/m) + m − x without cancellation (R's `bd0`): a series in v = (x − m)/(x + m) when x
/// is near m.
fn deviance(x: f64, m: f64) -> f64 {
    if (x - m).abs() >= 0.1 * (x + m) {
        return x * (x / m).ln() + m - x;
    }
    let v = (x - m) / (x + m);
    let (mut s, mut term) = ((x - m) * v, 2.0 * x * v);
    for j in 1..1000 {
        term *= v * v;
        let next = s + term / f64::from(2 * j + 1);
        if next == s {
            break;
        }
        s = next;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_errors() {
        assert!(matches!(
            wilson_interval(0, 0),
            Err(StatsError::NotEnoughData(_))
        ));
        assert!(matches!(wilson_interval(4, 3), Err(StatsError::Invalid(_))));
        let (lo, hi) = wilson_interval(u64::MAX / 3, u64::MAX).unwrap();
        assert!(
            lo < 1.0 / 3.0 && 1.0 / 3.0 < hi && hi - lo < 1e-9,
            "{lo} {hi}"
        );
    }

    #[test]
    fn mcnemar_large_counts() {
        // scipy.stats.binomtest(k, n, 0.5).pvalue, scipy 1.17.1.
        for (b, c, want) in [
            (49_800, 50_200, 0.2070389717642225),
            (49_000, 51_000, 2.5887160383468943e-10),
            (12_345, 11_655, 8.676798676790108e-06),
        ] {
            let p = mcnemar_exact(b, c).unwrap().p_value;
            assert!(((p - want) / want).abs() < 1e-9, "{b} {c}: {p:e}");
        }
        assert_eq!(mcnemar_exact(0, 100_000).unwrap().p_value, 0.0);
        assert_eq!(mcnemar_exact(50_000, 50_000).unwrap().p_value, 1.0);
        // 2⁴⁰ discordant pairs, 10⁶ apart: the normal approximation with continuity correction
        // 2·Φ(−(10⁶ − 1)/√n) = 0.3288 is as good as 1e-6 here.
        let (b, c) = (
            (MAX_MCNEMAR_PAIRS - 1_000_000) / 2,
            (MAX_MCNEMAR_PAIRS + 1_000_000) / 2,
        );
        let p = mcnemar_exact(b, c).unwrap().p_value;
        let z = (c - b - 1) as f64 / (MAX_MCNEMAR_PAIRS as f64).sqrt();
        let normal = statrs::function::erf::erfc(z / std::f64::consts::SQRT_2);
        assert!((p - normal).abs() < 1e-6, "{p} {normal}");
        assert!(mcnemar_exact(MAX_MCNEMAR_PAIRS, 1).is_err());
        assert!(mcnemar_exact(u64::MAX, 1).is_err());
        // P(X > 70) for X ~ Binomial(1000, 0.05): scipy binom.sf(70, 1000, 0.05).
        assert!((1.0 - binomial_cdf(70, 1000, 0.05) - 0.002330300547608593).abs() < 1e-12);
    }
}
