//! The signed-rank test of a ratio: the Wilcoxon test on per-pair log ratios, with the
//! Hodges–Lehmann estimate and its interval taken back to a ratio. One estimand, one test: the
//! interval is the inversion of the test whose p-value is reported, so at a confidence of
//! 1 − alpha the two agree in direction and significance.

use super::{
    wilcoxon_with, wilcoxon_with_other, Alternative, Estimates, WilcoxonOptions, WilcoxonResult,
};
use crate::stats::StatsError;

/// The per-pair log ratios ln(x[i] / y[i]) (both positive; the caller leaves out other pairs).
#[must_use]
pub fn log_ratios(x: &[f64], y: &[f64]) -> Vec<f64> {
    x.iter().zip(y).map(|(a, b)| (a / b).ln()).collect()
}

/// The outcome of [`ratio_test`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatioTest {
    /// exp(Hodges–Lehmann estimate of ln(x / y)): the typical ratio x / y (a geometric-mean-like
    /// centre of the per-pair ratios).
    pub ratio: f64,
    /// exp of the interval of the log ratios: the interval of `ratio` at `test.confidence`.
    pub ci: (f64, f64),
    /// The test on the log ratios (estimate and interval in log units).
    pub test: WilcoxonResult,
}

/// The Wilcoxon signed-rank test of `ln(x / y)` (paired, every value > 0) with `opts`.
pub fn ratio_test(x: &[f64], y: &[f64], opts: &WilcoxonOptions) -> Result<RatioTest, StatsError> {
    ratio_test_with(x, y, opts, Estimates::All)
}

/// [`ratio_test`] computing only the `what` of the estimate and interval (see [`wilcoxon_with`]).
pub fn ratio_test_with(
    x: &[f64],
    y: &[f64],
    opts: &WilcoxonOptions,
    what: Estimates,
) -> Result<RatioTest, StatsError> {
    check_pairs(x, y)?;
    Ok(from_log_test(wilcoxon_with(&log_ratios(x, y), opts, what)?))
}

/// [`ratio_test_with`], and the p-value of the same test for the alternative `other` (see
/// [`super::wilcoxon_with_other`]).
pub fn ratio_test_with_other(
    x: &[f64],
    y: &[f64],
    opts: &WilcoxonOptions,
    what: Estimates,
    other: Alternative,
) -> Result<(RatioTest, f64), StatsError> {
    check_pairs(x, y)?;
    let (test, p) = wilcoxon_with_other(&log_ratios(x, y), opts, what, other)?;
    Ok((from_log_test(test), p))
}

fn from_log_test(test: WilcoxonResult) -> RatioTest {
    RatioTest {
        ratio: test.estimate.exp(),
        ci: (test.ci.0.exp(), test.ci.1.exp()),
        test,
    }
}

/// Paired samples of one length, every value positive.
fn check_pairs(x: &[f64], y: &[f64]) -> Result<(), StatsError> {
    if x.len() != y.len() {
        return Err(StatsError::Invalid(format!(
            "paired samples differ in length: {} vs {}",
            x.len(),
            y.len()
        )));
    }
    if x.iter().chain(y).any(|v| !(*v > 0.0)) {
        return Err(StatsError::Invalid("a ratio needs positive values".into()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interval_and_p_agree() {
        // x is 1.2 times y, with ±3% noise: the interval excludes 1 and p is small; with the
        // ratio exactly 1 ± noise the interval covers 1 and p is large.
        let y: Vec<f64> = (1..=60).map(|i| 1000.0 * f64::from(i)).collect();
        let noise = |i: usize| 1.0 + 0.03 * ((i * 7919 % 13) as f64 / 6.0 - 1.0);
        let x: Vec<f64> = y
            .iter()
            .enumerate()
            .map(|(i, v)| v * 1.2 * noise(i))
            .collect();
        let r = ratio_test(&x, &y, &WilcoxonOptions::default()).unwrap();
        assert!((r.ratio - 1.2).abs() < 0.02, "{r:?}");
        assert!(r.ci.0 > 1.0 && r.ci.0 <= r.ratio && r.ratio <= r.ci.1);
        assert!(r.test.p_value < 0.05);
        let x: Vec<f64> = y.iter().enumerate().map(|(i, v)| v * noise(i)).collect();
        let r = ratio_test(&x, &y, &WilcoxonOptions::default()).unwrap();
        assert_eq!(
            r.ci.0 <= 1.0 && 1.0 <= r.ci.1,
            r.test.p_value >= 0.05,
            "{r:?}"
        );
        assert!(ratio_test(&[1.0, 0.0], &[1.0, 1.0], &WilcoxonOptions::default()).is_err());
    }
}
