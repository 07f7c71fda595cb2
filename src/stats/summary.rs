//! Descriptive statistics of a sample: mean, standard deviation, median, geometric mean,
//! quantiles, and a paired bootstrap interval for a ratio of means.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use super::StatsError;

/// Summary of one sample.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Summary {
    /// Number of values.
    pub n: usize,
    /// Arithmetic mean.
    pub mean: f64,
    /// Sample standard deviation (n − 1 denominator); 0 for n = 1.
    pub sd: f64,
    /// Median (mean of the two middle values for even n).
    pub median: f64,
    /// Smallest value.
    pub min: f64,
    /// Largest value.
    pub max: f64,
}

/// Rejects empty samples and non-finite values.
fn check(xs: &[f64]) -> Result<(), StatsError> {
    if xs.is_empty() {
        return Err(StatsError::NotEnoughData("empty sample".to_string()));
    }
    if xs.iter().any(|v| !v.is_finite()) {
        return Err(StatsError::NonFinite);
    }
    Ok(())
}

fn sorted(xs: &[f64]) -> Vec<f64> {
    let mut s = xs.to_vec();
    s.sort_by(f64::total_cmp);
    s
}

fn mean_of(xs: &[f64]) -> f64 {
    xs.iter().sum::<f64>() / xs.len() as f64
}

/// Summarise a sample of finite values.
///
/// The standard deviation is computed in two passes (deviations from the mean). Errors:
/// [`StatsError::NotEnoughData`] for an empty sample, [`StatsError::NonFinite`] for NaN or ±∞.
/// Time: O(n log n) (sort for the median).
pub fn summarize(xs: &[f64]) -> Result<Summary, StatsError> {
    check(xs)?;
    let s = sorted(xs);
    let n = s.len();
    let mean = mean_of(&s);
    let sd = if n > 1 {
        (s.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1) as f64).sqrt()
    } else {
        0.0
    };
    Ok(Summary {
        n,
        mean,
        sd,
        median: median_sorted(&s),
        min: s[0],
        max: s[n - 1],
    })
}

fn median_sorted(s: &[f64]) -> f64 {
    let n = s.len();
    if n % 2 == 1 {
        s[n / 2]
    } else {
        (s[n / 2 - 1] + s[n / 2]) / 2.0
    }
}

/// The median of a sample (mean of the two middle values for even n).
///
/// Errors as [`summarize`]. Time: O(n) (selection, not a sort).
pub fn median(xs: &[f64]) -> Result<f64, StatsError> {
    check(xs)?;
    let mut s = xs.to_vec();
    let n = s.len();
    let (below, &mut mid, _) = s.select_nth_unstable_by(n / 2, f64::total_cmp);
    Ok(match below.iter().copied().max_by(f64::total_cmp) {
        Some(before) if n % 2 == 0 => (before + mid) / 2.0,
        _ => mid,
    })
}

/// The geometric mean of positive values: exp(mean(ln x)).
///
/// Errors: [`StatsError::NotEnoughData`] for an empty sample, [`StatsError::NonFinite`] for NaN
/// or ±∞, [`StatsError::Invalid`] for a value ≤ 0. Time: O(n).
pub fn geometric_mean(xs: &[f64]) -> Result<f64, StatsError> {
    check(xs)?;
    if let Some(v) = xs.iter().find(|v| **v <= 0.0) {
        return Err(StatsError::Invalid(format!(
            "geometric mean needs positive values, got {v}"
        )));
    }
    Ok((xs.iter().map(|v| v.ln()).sum::<f64>() / xs.len() as f64).exp())
}

/// The `q`-quantile of a sample by linear interpolation between order statistics (Hyndman–Fan
/// type 7, numpy's default `method="linear"`, R's default `type = 7`): with h = (n − 1)·q, the
/// value x₍⌊h⌋₎ + (h − ⌊h⌋)(x₍⌊h⌋+1₎ − x₍⌊h⌋₎) (0-based order statistics), evaluated as numpy does.
///
/// Errors: as [`summarize`], and [`StatsError::Invalid`] for `q` outside [0, 1].
/// Time: O(n log n).
pub fn quantile(xs: &[f64], q: f64) -> Result<f64, StatsError> {
    check(xs)?;
    check_q(q)?;
    Ok(quantile_sorted(&sorted(xs), q))
}

fn check_q(q: f64) -> Result<(), StatsError> {
    if (0.0..=1.0).contains(&q) {
        Ok(())
    } else {
        Err(StatsError::Invalid(format!(
            "quantile level must lie in [0, 1], got {q}"
        )))
    }
}

/// Type-7 quantile of sorted finite values, `q` in [0, 1].
fn quantile_sorted(s: &[f64], q: f64) -> f64 {
    let n = s.len();
    let h = (n - 1) as f64 * q;
    let lo = (h.floor() as usize).min(n - 1);
    let hi = (lo + 1).min(n - 1);
    let t = h - lo as f64;
    let (a, b) = (s[lo], s[hi]);
    let diff = b - a;
    // numpy's _lerp: a + t·(b − a), or b − (1 − t)·(b − a) for t ≥ 0.5 (exact at the ends).
    if t >= 0.5 {
        b - diff * (1.0 - t)
    } else {
        a + diff * t
    }
}

/// A uniform index in `0..n` from `next_u64` by rejection sampling (no modulo bias, independent
/// of the `rand` crate's algorithms).
fn uniform_index(rng: &mut ChaCha8Rng, n: usize) -> usize {
    let n = n as u64;
    // 2^64 mod n values at the top of the range are rejected so that the rest splits evenly.
    let reject = (u64::MAX % n + 1) % n;
    let zone = u64::MAX - reject;
    loop {
        let v = rng.next_u64();
        if v <= zone {
            return (v % n) as usize;
        }
    }
}

/// Paired percentile bootstrap of the ratio of means `mean(candidate) / mean(baseline)`.
///
/// Returns `(point, lower, upper)`: the point estimate on the full sample and the type-7
/// [`quantile`]s at (1 − confidence)/2 and (1 + confidence)/2 of the `resamples` bootstrap
/// ratios. Each resample draws `n` pair indices with replacement (the same index for both
/// samples, keeping the pairing) from a `ChaCha8Rng` seeded with `seed_from_u64(seed)`, by
/// rejection sampling on `next_u64`, so results are reproducible across platforms and versions
/// of `rand`.
///
/// Errors: [`StatsError::Invalid`] for samples of different lengths, `resamples == 0`, a
/// confidence outside (0, 1), a zero baseline mean, or a resample whose baseline mean is zero;
/// [`StatsError::NotEnoughData`] for empty samples; [`StatsError::NonFinite`] for NaN or ±∞.
///
/// Time: O(resamples · n + resamples · log resamples); memory O(resamples).
pub fn bootstrap_ratio_of_means(
    baseline: &[f64],
    candidate: &[f64],
    resamples: usize,
    seed: u64,
    confidence: f64,
) -> Result<(f64, f64, f64), StatsError> {
    if baseline.len() != candidate.len() {
        return Err(StatsError::Invalid(format!(
            "paired samples differ in length: {} vs {}",
            baseline.len(),
            candidate.len()
        )));
    }
    check(baseline)?;
    check(candidate)?;
    if resamples == 0 {
        return Err(StatsError::Invalid(
            "resamples must be positive".to_string(),
        ));
    }
    if !(confidence > 0.0 && confidence < 1.0) {
        return Err(StatsError::Invalid(format!(
            "confidence must lie in (0, 1), got {confidence}"
        )));
    }
    let mb = mean_of(baseline);
    if mb == 0.0 {
        return Err(StatsError::Invalid("baseline mean is zero".to_string()));
    }
    let point = mean_of(candidate) / mb;
    let n = baseline.len();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut ratios = Vec::with_capacity(resamples);
    for _ in 0..resamples {
        let (mut sb, mut sc) = (0.0, 0.0);
        for _ in 0..n {
            let i = uniform_index(&mut rng, n);
            sb += baseline[i];
            sc += candidate[i];
        }
        if sb == 0.0 {
            return Err(StatsError::Invalid(
                "a bootstrap resample has a zero baseline mean".to_string(),
            ));
        }
        // The 1/n factors cancel in the ratio of means.
        ratios.push(sc / sb);
    }
    ratios.sort_by(f64::total_cmp);
    let lower = quantile_sorted(&ratios, (1.0 - confidence) / 2.0);
    let upper = quantile_sorted(&ratios, (1.0 + confidence) / 2.0);
    Ok((point, lower, upper))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() <= tol, "{a} vs {b}");
    }

    #[test]
    fn summarize_basic() {
        let s = summarize(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]).unwrap();
        assert_eq!(s.n, 8);
        assert_eq!(s.mean, 5.0);
        // sum of squared deviations 32, / 7
        close(s.sd, (32.0f64 / 7.0).sqrt(), 1e-15);
        assert_eq!(s.median, 4.5);
        assert_eq!((s.min, s.max), (2.0, 9.0));
        let one = summarize(&[3.5]).unwrap();
        assert_eq!((one.sd, one.median, one.mean), (0.0, 3.5, 3.5));
    }

    #[test]
    fn summarize_errors() {
        assert!(matches!(summarize(&[]), Err(StatsError::NotEnoughData(_))));
        assert_eq!(summarize(&[1.0, f64::NAN]), Err(StatsError::NonFinite));
        assert_eq!(median(&[f64::INFINITY]), Err(StatsError::NonFinite));
    }

    #[test]
    fn median_odd_even() {
        assert_eq!(median(&[3.0, 1.0, 2.0]).unwrap(), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]).unwrap(), 2.5);
        assert_eq!(median(&[-1.0]).unwrap(), -1.0);
    }

    #[test]
    fn geometric_mean_values() {
        close(geometric_mean(&[1.0, 4.0]).unwrap(), 2.0, 1e-15);
        close(geometric_mean(&[2.0, 8.0, 4.0]).unwrap(), 4.0, 1e-14);
        assert!(matches!(
            geometric_mean(&[1.0, 0.0]),
            Err(StatsError::Invalid(_))
        ));
        assert!(matches!(
            geometric_mean(&[1.0, -2.0]),
            Err(StatsError::Invalid(_))
        ));
        assert!(matches!(
            geometric_mean(&[]),
            Err(StatsError::NotEnoughData(_))
        ));
    }

    #[test]
    fn quantile_matches_numpy() {
        // numpy.quantile([1, 2, 3, 4, 10], q) for q = 0, .1, .25, .5, .9, 1:
        // 1.0, 1.4, 2.0, 3.0, 7.6, 10.0 (7.6000000000000005 in numpy).
        let xs = [10.0, 2.0, 4.0, 1.0, 3.0];
        assert_eq!(quantile(&xs, 0.0).unwrap(), 1.0);
        close(quantile(&xs, 0.1).unwrap(), 1.4, 1e-15);
        assert_eq!(quantile(&xs, 0.25).unwrap(), 2.0);
        assert_eq!(quantile(&xs, 0.5).unwrap(), 3.0);
        assert_eq!(quantile(&xs, 0.9).unwrap(), 7.6000000000000005);
        assert_eq!(quantile(&xs, 1.0).unwrap(), 10.0);
        assert_eq!(quantile(&[5.0], 0.3).unwrap(), 5.0);
        assert!(matches!(quantile(&xs, 1.5), Err(StatsError::Invalid(_))));
        assert!(matches!(
            quantile(&xs, f64::NAN),
            Err(StatsError::Invalid(_))
        ));
        assert_eq!(quantile(&xs, 0.5).unwrap(), median(&xs).unwrap());
    }

    #[test]
    fn uniform_index_in_range_and_covers() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut seen = [0usize; 7];
        for _ in 0..7000 {
            seen[uniform_index(&mut rng, 7)] += 1;
        }
        assert!(seen.iter().all(|c| *c > 800 && *c < 1200), "{seen:?}");
        assert_eq!(uniform_index(&mut rng, 1), 0);
    }

    #[test]
    fn bootstrap_constant_ratio_is_exact() {
        // candidate = 2 × baseline pairwise: every resample has ratio exactly 2.
        let b = [1.0, 2.0, 3.0, 4.0, 5.0];
        let c: Vec<f64> = b.iter().map(|v| 2.0 * v).collect();
        let (p, lo, hi) = bootstrap_ratio_of_means(&b, &c, 200, 42, 0.95).unwrap();
        assert_eq!((p, lo, hi), (2.0, 2.0, 2.0));
    }

    #[test]
    fn bootstrap_reproducible_and_sane() {
        let b: Vec<f64> = (0..50).map(|i| 100.0 + (i % 7) as f64).collect();
        let c: Vec<f64> = (0..50).map(|i| 90.0 + (i % 5) as f64 * 3.0).collect();
        let r1 = bootstrap_ratio_of_means(&b, &c, 2000, 7, 0.9).unwrap();
        let r2 = bootstrap_ratio_of_means(&b, &c, 2000, 7, 0.9).unwrap();
        assert_eq!(r1, r2);
        let (p, lo, hi) = r1;
        close(p, 96.0 / 102.94, 1e-12); // numpy: mean(b) = 102.94, mean(c) = 96.0
        assert!(lo < p && p < hi, "{r1:?}");
        assert!(hi - lo < 0.05);
        let r3 = bootstrap_ratio_of_means(&b, &c, 2000, 8, 0.9).unwrap();
        assert_ne!(r1, r3);
        // A wider level gives a wider interval from the same resamples.
        let (_, lo99, hi99) = bootstrap_ratio_of_means(&b, &c, 2000, 7, 0.99).unwrap();
        assert!(lo99 <= lo && hi <= hi99);
    }

    #[test]
    fn bootstrap_errors() {
        let b = [1.0, 2.0];
        assert!(matches!(
            bootstrap_ratio_of_means(&b, &[1.0], 10, 0, 0.95),
            Err(StatsError::Invalid(_))
        ));
        assert!(matches!(
            bootstrap_ratio_of_means(&[], &[], 10, 0, 0.95),
            Err(StatsError::NotEnoughData(_))
        ));
        assert!(matches!(
            bootstrap_ratio_of_means(&b, &b, 0, 0, 0.95),
            Err(StatsError::Invalid(_))
        ));
        assert!(matches!(
            bootstrap_ratio_of_means(&b, &b, 10, 0, 1.0),
            Err(StatsError::Invalid(_))
        ));
        assert!(matches!(
            bootstrap_ratio_of_means(&[1.0, -1.0], &b, 10, 0, 0.95),
            Err(StatsError::Invalid(_))
        ));
        assert_eq!(
            bootstrap_ratio_of_means(&b, &[1.0, f64::NAN], 10, 0, 0.95),
            Err(StatsError::NonFinite)
        );
    }
}
