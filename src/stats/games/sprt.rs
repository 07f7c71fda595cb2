//! The generalized SPRT of fishtest (`LLRcalc.py`): Wald's bounds, the log-likelihood ratio of
//! the logistic and the normalized elo model, and a seeded simulation of whole tests.

use std::f64::consts::SQRT_2;

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use super::{expected_score, Counts, Pdf, Pentanomial, NELO_PER_T};
use crate::stats::StatsError;

/// `MLE_t_value` stops when no probability of the iterate moves by this much (fishtest's rule).
const MLE_STEP: f64 = 1e-9;
/// At most this many `MLE_t_value` iterations. fishtest stops at 10 but needs 2 to 5; with the
/// same stop rule the result is fishtest's whenever fishtest converges.
const MLE_MAX_ITER: usize = 100;
/// fishtest asserts that the t-value of the `MLE_t_value` result is this close to its target.
const MLE_T_TOL: f64 = 1e-5;

/// What the bounds of an SPRT measure (fishtest `elo_model`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EloModel {
    /// Logistic Elo; the constrained statistic is the expected score (`LLR_logistic`).
    Logistic,
    /// Normalized Elo; the constrained statistic is the t-value (`LLR_normalized`). What new
    /// fishtest tests use.
    Normalized,
}

/// The widest normalized bound (nElo) an SPRT on game pairs accepts: 2/3 of
/// [`NELO_PER_T`] (≈ 231.6). `MLE_t_value` starts from the uniform distribution on the five
/// pair scores (mean ½, σ² = ⅛), where every constraint term bᵢ = aᵢ − ½ − t(σ² + (aᵢ − μ)²)/(2σ)
/// is at or below 0 once t ≥ 2√2/3, i.e. at a pair t-value of nElo·√2/[`NELO_PER_T`] ≥ 2√2/3:
/// the fit fails on every count from that bound on (fishtest raises there too).
pub const MAX_NORMALIZED_ELO: f64 = NELO_PER_T * 2.0 / 3.0;

/// The hypothesis an SPRT accepts when its LLR leaves the bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Accepted {
    /// The LLR fell below the lower bound: Elo = elo0 (fishtest "rejected").
    H0,
    /// The LLR rose above the upper bound: Elo = elo1 (fishtest "accepted").
    H1,
}

/// A generalized sequential probability ratio test of Elo = elo0 (H0) against Elo = elo1 (H1):
/// α is the probability of accepting H1 when H0 holds, β that of accepting H0 under H1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
    model: EloModel,
}

impl Sprt {
    /// An SPRT with bounds `elo0 < elo1` in the units of `model`. Errors:
    /// [`StatsError::NonFinite`], [`StatsError::Invalid`] unless elo0 < elo1, α, β > 0 and
    /// α + β < 1, or for logistic bounds whose expected score rounds to 0 or 1.
    pub fn new(
        elo0: f64,
        elo1: f64,
        alpha: f64,
        beta: f64,
        model: EloModel,
    ) -> Result<Self, StatsError> {
        if ![elo0, elo1, alpha, beta].iter().all(|v| v.is_finite()) {
            return Err(StatsError::NonFinite);
        }
        let scores_ok = model == EloModel::Normalized
            || (expected_score(elo0) > 0.0 && expected_score(elo1) < 1.0);
        let reach = MAX_NORMALIZED_ELO;
        if model == EloModel::Normalized && (elo0.abs() >= reach || elo1.abs() >= reach) {
            return Err(StatsError::Invalid(format!(
                "normalized SPRT bounds must lie within ±{reach:.1} nElo (got {elo0}, {elo1}): \
                 fishtest's fit of a game-pair distribution reaches no further; \
                 use logistic bounds (--elo-model logistic) for larger differences"
            )));
        }
        if !(elo0 < elo1 && alpha > 0.0 && beta > 0.0 && alpha + beta < 1.0 && scores_ok) {
            return Err(StatsError::Invalid(format!(
                "SPRT needs elo0 < elo1, alpha, beta > 0, alpha + beta < 1 \
                 (got {elo0}, {elo1}, {alpha}, {beta})"
            )));
        }
        Ok(Self {
            elo0,
            elo1,
            alpha,
            beta,
            model,
        })
    }

    /// The bounds (elo0, elo1), in the units of [`Sprt::model`].
    #[must_use]
    pub fn elo_bounds(&self) -> (f64, f64) {
        (self.elo0, self.elo1)
    }

    /// The elo model of the bounds.
    #[must_use]
    pub fn model(&self) -> EloModel {
        self.model
    }

    /// The probability of accepting H1 when H0 holds.
    #[must_use]
    pub fn alpha(&self) -> f64 {
        self.alpha
    }

    /// The probability of accepting H0 when H1 holds.
    #[must_use]
    pub fn beta(&self) -> f64 {
        self.beta
    }

    /// fishtest's settings for new tests: normalized Elo, α = β = 0.05.
    pub fn fishtest(nelo0: f64, nelo1: f64) -> Result<Self, StatsError> {
        Self::new(nelo0, nelo1, 0.05, 0.05, EloModel::Normalized)
    }

    /// The lower bound of the LLR: ln(β / (1 − α)).
    #[must_use]
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound of the LLR: ln((1 − β) / α).
    #[must_use]
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The decision for `llr`: H0 below the lower bound, H1 above the upper one, else none
    /// (also for NaN).
    #[must_use]
    pub fn accepted(&self, llr: f64) -> Option<Accepted> {
        if llr < self.lower_bound() {
            Some(Accepted::H0)
        } else if llr > self.upper_bound() {
            Some(Accepted::H1)
        } else {
            None
        }
    }

    /// The GSPRT log-likelihood ratio of `c` (fishtest `LLR_logistic` / `LLR_normalized`):
    /// N·Σ p̂ᵢ·ln(pᵢ⁽¹⁾ / pᵢ⁽⁰⁾), with p⁽ᵏ⁾ the maximum-likelihood distribution on the cells
    /// whose statistic (expected score, or t-value) is that of elo_k. Errors as
    /// [`moments`](super::moments), and [`StatsError::Invalid`] when no distribution on the
    /// cells reaches a normalized bound, or the fit fails for extreme counts (one cell holding
    /// more than ~10⁶ games and others none; fishtest raises in both cases too).
    ///
    /// ```
    /// use treebench::stats::games::{Accepted, Pentanomial, Sprt};
    /// let sprt = Sprt::fishtest(0.0, 2.0).unwrap();
    /// let c = Pentanomial { counts: [10789, 19328, 33806, 19402, 10543] };
    /// let llr = sprt.llr(&c).unwrap();
    /// assert!((llr - -6.070429067588585).abs() < 1e-9);
    /// assert_eq!(sprt.accepted(llr), Some(Accepted::H0));
    /// ```
    pub fn llr(&self, c: &impl Counts) -> Result<f64, StatsError> {
        let pdf = Pdf::new(c.cells())?;
        let r0 = self.log_ratios(&pdf, self.elo0)?;
        let r1 = self.log_ratios(&pdf, self.elo1)?;
        let mean_jump: f64 = pdf
            .p()
            .iter()
            .zip(r0.iter().zip(&r1))
            .map(|(p, (x0, x1))| p * (x0 - x1))
            .sum();
        Ok(pdf.n * mean_jump)
    }

    /// ln(p̂ᵢ / pᵢ) for the constrained fit p at `elo`.
    fn log_ratios(&self, pdf: &Pdf, elo: f64) -> Result<[f64; 5], StatsError> {
        match self.model {
            EloModel::Logistic => {
                let s = expected_score(elo);
                let mut b = [0.0; 5];
                for (b, a) in b.iter_mut().zip(&pdf.a[..pdf.k]) {
                    *b = a - s;
                }
                let x = secular(pdf.p(), &b[..pdf.k])?;
                Ok(b.map(|b| (x * b).ln_1p()))
            }
            EloModel::Normalized => {
                let t = elo / NELO_PER_T;
                mle_t_value(pdf, if pdf.k == 5 { t * SQRT_2 } else { t })
            }
        }
    }
}

/// The root x of f(x) = Σ pᵢbᵢ / (1 + x·bᵢ) with every 1 + x·bᵢ > 0 (fishtest `secular`). f falls
/// from +∞ to −∞ on (−1/max b, −1/min b), so the root is unique. Found by Newton's method kept
/// inside a bracket that every step narrows, bisecting whenever a Newton step would leave the
/// bracket or shrink too slowly ("rtsafe", Numerical Recipes §9.4), to
/// 2.2e-16 · (|x| + 1/max|b|): the limit of f64 for every 1 + x·bᵢ.
fn secular(p: &[f64], b: &[f64]) -> Result<f64, StatsError> {
    let (bmin, bmax) = b
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &v| {
            (lo.min(v), hi.max(v))
        });
    if !(bmin < 0.0 && bmax > 0.0) {
        return Err(StatsError::Invalid(format!(
            "no distribution on the cells meets the bound (constraint terms {bmin}..{bmax})"
        )));
    }
    let scale = 1.0 / bmax.max(-bmin);
    let (mut lo, mut hi) = (-1.0 / bmax, -1.0 / bmin);
    let (mut x, mut step, mut step_before) = (0.0f64, hi - lo, hi - lo);
    // Bisection alone ends within ~1,100 halvings (the f64 exponent range and 52 bits).
    for _ in 0..2000 {
        let (mut f, mut slope) = (0.0, 0.0);
        for (p, b) in p.iter().zip(b) {
            let r = b / (1.0 + x * b);
            f += p * r;
            slope -= p * r * r;
        }
        match f {
            v if v > 0.0 => lo = x,
            v if v < 0.0 => hi = x,
            _ => return Ok(x),
        }
        let newton = x - f / slope;
        if newton > lo && newton < hi && (2.0 * f).abs() <= (step_before * slope).abs() {
            (step_before, step) = (step, f / slope);
            x = newton;
        } else {
            (step_before, step) = (step, 0.5 * (hi - lo));
            x = lo + step;
        }
        if step.abs() <= f64::EPSILON * (x.abs() + scale) || x <= lo || x >= hi {
            return Ok(x);
        }
    }
    Ok(x)
}

/// The maximum-likelihood distribution with t-value (μ − ½)/σ = `t` by fishtest's fixed point
/// (`MLE_t_value`): from the uniform distribution, bᵢ = aᵢ − ½ − t(σ² + (aᵢ − μ)²)/(2σ) with μ, σ
/// of the iterate, x the [`secular`] root, next iterate p̂ᵢ/(1 + x·bᵢ); stop when no probability
/// moves by [`MLE_STEP`]. Returns ln(p̂ᵢ/pᵢ) = ln(1 + x·bᵢ).
fn mle_t_value(pdf: &Pdf, t: f64) -> Result<[f64; 5], StatsError> {
    let k = pdf.k;
    let mut q = [1.0 / k as f64; 5];
    let (mut b, mut x) = ([0.0; 5], 0.0);
    for _ in 0..MLE_MAX_ITER {
        let (mu, var) = pdf.mean_var(&q[..k]);
        let sigma = var.sqrt();
        for (b, a) in b.iter_mut().zip(&pdf.a[..k]) {
            *b = a - 0.5 - t * sigma * (1.0 + ((mu - a) / sigma).powi(2)) / 2.0;
        }
        x = secular(pdf.p(), &b[..k])?;
        let mut moved = 0.0f64;
        for i in 0..k {
            let next = pdf.p[i] / (1.0 + x * b[i]);
            moved = moved.max((next - q[i]).abs());
            q[i] = next;
        }
        if moved < MLE_STEP {
            break;
        }
    }
    let (mu, var) = pdf.mean_var(&q[..k]);
    let miss = ((mu - 0.5) / var.sqrt() - t).abs();
    if miss.is_nan() || miss >= MLE_T_TOL {
        return Err(StatsError::Invalid(format!(
            "no distribution with t-value {t} found"
        )));
    }
    Ok(b.map(|b| (x * b).ln_1p()))
}

/// How a simulated SPRT ended.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SprtRun {
    /// The decision, or none when `max_pairs` pairs were played first.
    pub accepted: Option<Accepted>,
    /// Pairs played.
    pub pairs: u64,
    /// The LLR at the last check.
    pub llr: f64,
}

/// Simulates `sprt` on game pairs drawn independently from the pentanomial probabilities
/// `probs` (one ChaCha8 stream seeded with `seed`), checking the LLR after every `check_every`
/// pairs (as fishtest does after each worker's batch) until it leaves the bounds or
/// `max_pairs` pairs are played. Errors: [`StatsError::Invalid`] for probabilities that are
/// negative or do not sum to 1 (±1e-9) or `check_every` = 0; LLR errors as [`Sprt::llr`].
pub fn simulate_sprt(
    sprt: &Sprt,
    probs: &[f64; 5],
    seed: u64,
    check_every: u64,
    max_pairs: u64,
) -> Result<SprtRun, StatsError> {
    let total: f64 = probs.iter().sum();
    let sums_to_one = (1.0 - 1e-9..=1.0 + 1e-9).contains(&total);
    if !probs.iter().all(|p| (0.0..=1.0).contains(p)) || !sums_to_one || check_every == 0 {
        return Err(StatsError::Invalid(format!(
            "probabilities {probs:?}, check every {check_every}"
        )));
    }
    let mut cumulative = [0.0; 5];
    let mut running = 0.0;
    for (c, p) in cumulative.iter_mut().zip(probs) {
        running += p / total;
        *c = running;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut counts, mut llr) = (Pentanomial::default(), 0.0);
    for pairs in 1..=max_pairs {
        let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        counts.counts[cumulative.iter().position(|&c| u < c).unwrap_or(4)] += 1;
        if pairs % check_every == 0 || pairs == max_pairs {
            llr = sprt.llr(&counts)?;
            if let Some(d) = sprt.accepted(llr) {
                return Ok(SprtRun {
                    accepted: Some(d),
                    pairs,
                    llr,
                });
            }
        }
    }
    Ok(SprtRun {
        accepted: None,
        pairs: max_pairs,
        llr,
    })
}

#[cfg(test)]
mod tests {
    use super::super::binomial::binomial_cdf;
    use super::*;

    /// Pair probabilities of an even, drawish match: symmetric, so the mean pair score is ½
    /// (Elo 0, nElo 0) exactly; E(a − ½)² = 0.035.
    const EVEN: [f64; 5] = [0.02, 0.2, 0.56, 0.2, 0.02];
    const EVEN_SQ: f64 = 0.035;
    /// [`EVEN`] with `delta` of the LL pairs moved to WW: mean ½ + δ, variance 0.035 − δ².
    fn shifted(delta: f64) -> [f64; 5] {
        [0.02 - delta, 0.2, 0.56, 0.2, 0.02 + delta]
    }

    const RUNS: u64 = 1000;
    const CHECK_EVERY: u64 = 16;

    /// How many of [`RUNS`] simulated SPRTs (seeds 0, 1, ...) end with `wrong`; each must end
    /// within 10⁶ pairs. Also returns the mean number of pairs.
    fn wrong_decisions(sprt: &Sprt, probs: &[f64; 5], wrong: Accepted) -> (u64, f64) {
        let (mut count, mut pairs) = (0, 0);
        for seed in 0..RUNS {
            let run = simulate_sprt(sprt, probs, seed, CHECK_EVERY, 1_000_000).unwrap();
            assert!(run.accepted.is_some(), "seed {seed}: {run:?}");
            count += u64::from(run.accepted == Some(wrong));
            pairs += run.pairs;
        }
        (count, pairs as f64 / RUNS as f64)
    }

    /// The most wrong decisions of [`RUNS`] that a true error rate `rate` explains: the smallest
    /// x with P(X > x) ≤ 0.001 for X ~ Binomial(RUNS, rate) (73 for rate 0.05).
    fn most_wrong(rate: f64) -> u64 {
        (0..=RUNS)
            .find(|&x| 1.0 - binomial_cdf(x, RUNS, rate) <= 1e-3)
            .unwrap()
    }

    /// α and β of fishtest's GSPRT, simulated where the truth is exactly elo0 (for α) and
    /// exactly elo1 (for β). Wald's bounds hold the error rates near α and β (at most about
    /// α/(1 − β) = 0.0526 when the LLR is watched continuously; checking every 16 pairs lets it
    /// overshoot the bounds, which only lowers them). The count of wrong decisions must stay
    /// within what a true rate of 0.05 explains (P(X > limit) ≤ 0.001): a GSPRT whose real
    /// error rate were 0.08 would pass with probability below 1e-3.
    fn check_error_rates(sprt: &Sprt, at_h1: [f64; 5], label: &str) {
        let (false_h1, pairs0) = wrong_decisions(sprt, &EVEN, Accepted::H1);
        let (false_h0, pairs1) = wrong_decisions(sprt, &at_h1, Accepted::H0);
        eprintln!(
            "{label}: {false_h1}/{RUNS} H1 accepted under H0 (mean {pairs0:.0} pairs), \
             {false_h0}/{RUNS} H0 accepted under H1 (mean {pairs1:.0} pairs), limit {}",
            most_wrong(0.05)
        );
        assert!(false_h1 <= most_wrong(0.05) && false_h0 <= most_wrong(0.05));
        assert_eq!(most_wrong(0.05), 73);
    }

    #[test]
    fn simulated_error_rates_logistic() {
        let sprt = Sprt::new(0.0, 2.0, 0.05, 0.05, EloModel::Logistic).unwrap();
        check_error_rates(&sprt, shifted(expected_score(2.0) - 0.5), "logistic [0, 2]");
    }

    #[test]
    fn simulated_error_rates_normalized() {
        let sprt = Sprt::fishtest(0.0, 5.0).unwrap();
        // The pair t-value of nElo 5 is t = √2·5/C; δ/√(0.035 − δ²) = t gives δ.
        let t = 5.0 / NELO_PER_T * SQRT_2;
        let delta = t * EVEN_SQ.sqrt() / (1.0 + t * t).sqrt();
        let probs = shifted(delta);
        let (m, v) = Pdf::new(&[1; 5]).unwrap().mean_var(&probs);
        assert!(((m - 0.5) / v.sqrt() - t).abs() < 1e-15);
        check_error_rates(&sprt, probs, "normalized [0, 5]");
    }

    #[test]
    fn bounds_and_decisions() {
        let s = Sprt::fishtest(0.0, 2.0).unwrap();
        assert!((s.upper_bound() - 19f64.ln()).abs() < 1e-15);
        assert!((s.lower_bound() + 19f64.ln()).abs() < 1e-15);
        assert_eq!(s.accepted(2.95), Some(Accepted::H1));
        assert_eq!(s.accepted(-2.95), Some(Accepted::H0));
        assert_eq!((s.accepted(2.94), s.accepted(f64::NAN)), (None, None));
        let bad = |e0, e1, a, b, m| Sprt::new(e0, e1, a, b, m).is_err();
        assert!(bad(2.0, 0.0, 0.05, 0.05, EloModel::Normalized));
        assert!(bad(0.0, 0.0, 0.05, 0.05, EloModel::Normalized));
        assert!(bad(0.0, 2.0, 0.0, 0.05, EloModel::Logistic));
        assert!(bad(0.0, 2.0, 0.5, 0.5, EloModel::Logistic));
        assert!(bad(0.0, 1e6, 0.05, 0.05, EloModel::Logistic));
        assert_eq!(Sprt::fishtest(f64::NAN, 2.0), Err(StatsError::NonFinite));
        // A normalized bound the fit cannot reach is refused up front with the range (the
        // LLR path was all 0.000 at 232 and beyond, and the gate read "inconclusive").
        for far in [232.0, 500.0] {
            let e = Sprt::fishtest(0.0, far).unwrap_err().to_string();
            assert!(e.contains("231.6") && e.contains("logistic"), "{e}");
            assert!(Sprt::fishtest(-far, 0.0).is_err());
        }
        // just inside it the fit works on every kind of count
        let near = Sprt::fishtest(-231.0, 231.0).unwrap();
        for counts in [
            [1, 2, 3, 2, 1],
            [0, 0, 0, 0, 9],
            [9, 0, 0, 0, 0],
            [0, 0, 5, 0, 0],
        ] {
            assert!(near.llr(&Pentanomial { counts }).is_ok(), "{counts:?}");
        }
        let bad_probs = [0.5, 0.6, -0.1, 0.0, 0.0];
        assert!(simulate_sprt(&s, &bad_probs, 0, 1, 10).is_err());
        assert!(simulate_sprt(&s, &[0.3; 5], 0, 1, 10).is_err());
        assert!(simulate_sprt(&s, &EVEN, 0, 0, 10).is_err());
        let run = simulate_sprt(&s, &EVEN, 7, 3, 10).unwrap();
        assert_eq!((run.accepted, run.pairs), (None, 10));
    }

    /// The constrained fits meet their constraint to rounding, and at t = 0 the normalized fit
    /// is the logistic fit for score ½ (FORMULAS.md's sanity property).
    #[test]
    fn constrained_fits() {
        let pdf = Pdf::new(&[10789, 19328, 33806, 19402, 10543]).unwrap();
        let logistic = Sprt::new(-1.75, 0.25, 0.05, 0.05, EloModel::Logistic).unwrap();
        let normalized = Sprt::fishtest(-1.75, 0.25).unwrap();
        let fit = |r: [f64; 5]| -> Vec<f64> { (0..5).map(|i| pdf.p[i] / r[i].exp()).collect() };
        let q = fit(logistic.log_ratios(&pdf, -1.75).unwrap());
        let (m, v) = pdf.mean_var(&q);
        assert!(
            (q.iter().sum::<f64>() - 1.0).abs() < 1e-14
                && (m - expected_score(-1.75)).abs() < 1e-15
        );
        let q = fit(normalized.log_ratios(&pdf, 0.25).unwrap());
        let (m2, v2) = pdf.mean_var(&q);
        assert!(
            ((m2 - 0.5) / v2.sqrt() - 0.25 / NELO_PER_T * SQRT_2).abs() < 1e-9,
            "{v}"
        );
        let (a, b) = (
            logistic.log_ratios(&pdf, 0.0).unwrap(),
            normalized.log_ratios(&pdf, 0.0).unwrap(),
        );
        assert!(
            a.iter().zip(&b).all(|(a, b)| (a - b).abs() < 1e-14),
            "{a:?} {b:?}"
        );
    }
}
