//! The speed verdict's sequential rule: look at the paired timings after every batch, stop as
//! soon as the decision is clear, with the error rate controlled over all looks.
//!
//! The data are the per-pair log ratios `d = ln(t_candidate / t_baseline)` (each pair is one
//! position solved by both engines from reset tables, in alternating order). With a noise
//! threshold `θ` (default 2%) let `δ = ln(1 + θ)`. At look `j` of at most `L =
//! ceil(max_pairs / batch)` looks, with `α' = α / L` (Bonferroni over the looks):
//!
//! - **FAIL** (candidate slower) when the one-sided Wilcoxon signed-rank test of `d − δ > 0`
//!   has `p < α'`: the candidate is slower than the baseline by more than the threshold. This is
//!   the same as the lower `1 − α'` confidence bound of the Hodges–Lehmann ratio exceeding
//!   `1 + θ`.
//! - **PASS** when the one-sided test of `d − δ < 0` has `p < α'`: the upper `1 − α'` bound of
//!   the ratio is below `1 + θ`, so any slowdown is within the noise threshold.
//! - otherwise continue; at the last look an undecided comparison **passes** (reported as
//!   inconclusive): the gate fails only on evidence.
//!
//! Because every look uses `α / L`, the chance of a false FAIL over all looks is at most `α`
//! whatever the stopping, at the price of needing a little more evidence per look.

use crate::stats::summary::bootstrap_ratio_of_means;
use crate::stats::wilcoxon::{log_ratios, wilcoxon, Alternative, WilcoxonOptions};
use serde::Serialize;

/// Parameters of the rule.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SequentialRule {
    /// Noise threshold θ as a fraction (0.02 = 2%).
    pub threshold: f64,
    /// Overall false-FAIL rate α.
    pub alpha: f64,
    /// Pairs per look.
    pub batch: usize,
    /// Largest sample.
    pub max_pairs: usize,
}

impl Default for SequentialRule {
    fn default() -> Self {
        Self {
            threshold: 0.02,
            alpha: 0.05,
            batch: 50,
            max_pairs: 1000,
        }
    }
}

impl SequentialRule {
    /// Number of looks `L`.
    #[must_use]
    pub fn looks(&self) -> usize {
        self.max_pairs.div_ceil(self.batch.max(1)).max(1)
    }

    /// The per-look level `α / L`.
    #[must_use]
    pub fn alpha_per_look(&self) -> f64 {
        self.alpha / self.looks() as f64
    }

    /// Whether `n` pairs is a look.
    #[must_use]
    pub fn is_look(&self, n: usize) -> bool {
        n > 0 && (n % self.batch.max(1) == 0 || n >= self.max_pairs)
    }
}

/// What a look decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// Slower beyond the threshold.
    Fail,
    /// Within the threshold.
    Pass,
    /// Not decided at the last look: passes.
    Inconclusive,
    /// Not decided, more pairs to come.
    Continue,
}

/// The statistics of one look.
#[derive(Debug, Clone, Serialize)]
pub struct Look {
    pub pairs: usize,
    pub decision: Decision,
    /// Hodges–Lehmann estimate of the time ratio candidate / baseline (exp of the HL estimate of
    /// the log ratios).
    pub ratio: f64,
    /// Lower and upper one-sided `1 − α/L` bounds of that ratio (together a `1 − 2α/L`
    /// interval).
    pub ratio_ci: (f64, f64),
    /// One-sided p-value of "candidate slower at all" (`d > 0`), for information.
    pub p_slower: f64,
    /// One-sided p-value of "slower beyond the threshold" (`d − δ > 0`): FAIL when `< α/L`.
    pub p_beyond_threshold: f64,
    /// One-sided p-value of "within the threshold" (`d − δ < 0`): PASS when `< α/L`.
    pub p_within_threshold: f64,
    /// Ratio of the mean times, candidate / baseline.
    pub ratio_of_means: f64,
    /// 95% paired percentile-bootstrap interval of the ratio of means.
    pub ratio_of_means_ci: (f64, f64),
    /// Mean times per solve in seconds.
    pub mean_baseline_s: f64,
    pub mean_candidate_s: f64,
}

/// Evaluate the rule on the timings so far (`baseline[i]`, `candidate[i]` in nanoseconds, one
/// pair per position solve). `None` while the data cannot be tested (fewer than 2 pairs, or
/// every log ratio zero).
#[must_use]
pub fn look(rule: &SequentialRule, baseline: &[u64], candidate: &[u64]) -> Option<Look> {
    let n = baseline.len().min(candidate.len());
    if n < 2 {
        return None;
    }
    let b: Vec<f64> = baseline[..n].iter().map(|&t| t as f64 + 1.0).collect();
    let c: Vec<f64> = candidate[..n].iter().map(|&t| t as f64 + 1.0).collect();
    let d = log_ratios(&c, &b);
    let delta = (1.0 + rule.threshold).ln();
    let shifted: Vec<f64> = d.iter().map(|x| x - delta).collect();
    let a = rule.alpha_per_look();
    let test = |xs: &[f64], alt| {
        wilcoxon(
            xs,
            &WilcoxonOptions {
                alternative: alt,
                confidence: 1.0 - a,
                ..WilcoxonOptions::default()
            },
        )
    };
    let slower = test(&d, Alternative::Greater).ok()?;
    let upper = test(&d, Alternative::Less).ok()?;
    let beyond = test(&shifted, Alternative::Greater).ok()?;
    let within = test(&shifted, Alternative::Less).ok()?;
    let decision = if beyond.p_value < a {
        Decision::Fail
    } else if within.p_value < a {
        Decision::Pass
    } else if n >= rule.max_pairs {
        Decision::Inconclusive
    } else {
        Decision::Continue
    };
    let (rom, lo, hi) = bootstrap_ratio_of_means(&b, &c, 2000, 0x6a7e, 0.95).ok()?;
    let mean = |x: &[f64]| x.iter().sum::<f64>() / x.len() as f64 / 1e9;
    Some(Look {
        pairs: n,
        decision,
        ratio: slower.estimate.exp(),
        ratio_ci: (slower.ci.0.exp(), upper.ci.1.exp()),
        p_slower: slower.p_value,
        p_beyond_threshold: beyond.p_value,
        p_within_threshold: within.p_value,
        ratio_of_means: rom,
        ratio_of_means_ci: (lo, hi),
        mean_baseline_s: mean(&b),
        mean_candidate_s: mean(&c),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn noisy(n: usize, base: u64, factor: f64, seed: u64) -> (Vec<u64>, Vec<u64>) {
        // a small deterministic LCG for ±5% noise
        let mut s = seed;
        let mut r = || {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 33) as f64 / (1u64 << 31) as f64) * 0.1 - 0.05
        };
        let b = (0..n)
            .map(|i| (base as f64 * (1.0 + i as f64 % 7.0) * (1.0 + r())) as u64)
            .collect::<Vec<_>>();
        let c = b
            .iter()
            .map(|&t| (t as f64 * factor * (1.0 + r())) as u64)
            .collect();
        (b, c)
    }

    #[test]
    fn decides_clear_cases() {
        let rule = SequentialRule::default();
        let (b, c) = noisy(50, 1_000_000, 1.0, 1);
        assert_eq!(look(&rule, &b, &c).unwrap().decision, Decision::Pass);
        let (b, c) = noisy(50, 1_000_000, 1.3, 2);
        let l = look(&rule, &b, &c).unwrap();
        assert_eq!(l.decision, Decision::Fail);
        assert!(l.ratio > 1.2 && l.ratio < 1.4, "{}", l.ratio);
        assert!(l.ratio_ci.0 > 1.02 && l.ratio_ci.1 > l.ratio);
        let (b, c) = noisy(10, 1_000_000, 1.02, 3);
        assert_eq!(look(&rule, &b, &c).unwrap().decision, Decision::Continue);
        assert_eq!(rule.looks(), 20);
        assert!(rule.is_look(50) && !rule.is_look(51) && rule.is_look(1000));
    }
}
