//! The Wilcoxon signed-rank test on paired differences, as scipy.stats.wilcoxon and R's
//! wilcox.test compute it, with the Hodges–Lehmann estimate and its confidence interval.

mod asymptotic;
mod ci_plan;
mod exact;
mod float_order;
mod hodges_lehmann;
mod near_root;
mod permutation;
mod ranks;
mod ratio;
mod walsh_count;
mod walsh_nearest;
mod walsh_select;

pub use hodges_lehmann::{hodges_lehmann, walsh_order_statistic};
pub use ratio::{log_ratios, ratio_test, ratio_test_with, ratio_test_with_other, RatioTest};

use super::StatsError;
use exact::SignRankDist;
use hodges_lehmann::{walsh_median_above_zero, walsh_median_keeping};
use ranks::{signed_rank_statistic, sorted_signed_rank_statistic};
use walsh_select::BracketEnds;

/// How zero differences are treated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ZeroMethod {
    /// Drop zeros before ranking (R, scipy's default).
    #[default]
    Wilcox,
    /// Rank zeros with the others, then drop their ranks.
    Pratt,
    /// Rank zeros with the others and split their ranks between the signs.
    Zsplit,
}

/// The alternative hypothesis about the location of the differences `x - y`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Alternative {
    /// The differences are not centred on zero.
    #[default]
    TwoSided,
    /// The differences tend to be positive (`x` larger).
    Greater,
    /// The differences tend to be negative (`x` smaller).
    Less,
}

/// How the p-value is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// scipy 1.17's `auto`: with at most 50 differences (zeros included), the exact
    /// distribution when there are no ties and no zeros, else with at most 13 differences the
    /// exact sign-flip distribution ([`Method::Permutation`]); otherwise the normal
    /// approximation.
    #[default]
    Auto,
    /// The exact null distribution of T+ (ranks 1..n), at most [`MAX_EXACT_N`] differences.
    Exact,
    /// The normal approximation with tie correction.
    Asymptotic,
    /// The exact distribution of T+ (midranks, ties kept) over every sign flip of the nonzero
    /// differences: what scipy's `auto` runs for n ≤ 13 with ties or zeros. Only with
    /// [`ZeroMethod::Wilcox`] and at most 13 differences; otherwise [`Method::Asymptotic`].
    Permutation,
}

/// Options of [`wilcoxon`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WilcoxonOptions {
    /// Treatment of zero differences.
    pub zero_method: ZeroMethod,
    /// Alternative hypothesis.
    pub alternative: Alternative,
    /// Exact or normal-approximation p-value.
    pub method: Method,
    /// Continuity correction in the normal approximation.
    pub correction: bool,
    /// Confidence level of the Hodges–Lehmann interval (e.g. 0.95).
    pub confidence: f64,
    /// Keep the zero differences in the Hodges–Lehmann estimate and its interval: the median of
    /// the Walsh averages of all `n` differences, and the interval of the same `n` (the
    /// classical estimator, whose estimand counts a tie as a difference of 0). `false` (the
    /// default) drops them first, as R's `wilcox.test` does; the test itself follows
    /// `zero_method` either way.
    pub estimate_zeros: bool,
}

impl Default for WilcoxonOptions {
    fn default() -> Self {
        Self {
            zero_method: ZeroMethod::Wilcox,
            alternative: Alternative::TwoSided,
            method: Method::Auto,
            correction: false,
            confidence: 0.95,
            estimate_zeros: false,
        }
    }
}

/// The outcome of [`wilcoxon`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WilcoxonResult {
    /// Number of differences that entered the ranking (after the zero method).
    pub n: usize,
    /// T+, the sum of the ranks of the positive differences (R's `V`).
    pub statistic: f64,
    /// P-value of the test for `alternative`.
    pub p_value: f64,
    /// The standardised statistic of the normal approximation, when it was used.
    pub z: Option<f64>,
    /// `Method::Exact` or `Method::Asymptotic`: what was actually used.
    pub method: Method,
    /// Hodges–Lehmann estimate: the median of the Walsh averages of the differences.
    pub estimate: f64,
    /// Whether `estimate` is above zero: known without the estimate under [`Estimates::Sign`];
    /// `None` under [`Estimates::None`].
    pub estimate_above_zero: Option<bool>,
    /// Confidence interval of the location of the differences at `confidence`.
    pub ci: (f64, f64),
    /// Confidence level of `ci`: the requested one, or lower when R would lower it because the
    /// requested level is not achievable (with R's rounding).
    pub confidence: f64,
}

/// Largest number of ranked differences for which [`Method::Exact`] is accepted: the exact null
/// distribution costs O(n³) time and O(n²) memory to tabulate.
pub const MAX_EXACT_N: usize = 1000;

/// The signed-rank test on the differences `d`.
///
/// P-values follow scipy.stats.wilcoxon 1.17 (including its `auto` rules, see [`Method::Auto`]): T+ is the sum of the midranks of the
/// positive differences (for [`ZeroMethod::Zsplit`] plus half the ranks of the zeros); the exact
/// p-value comes from the null distribution of T+ for ranks 1..n (tabulated by dynamic
/// programming; with ties or zeros a non-integral T+ is rounded conservatively, as scipy does);
/// the normal approximation uses the tie-corrected variance n(n+1)(2n+1)/24 − Σ(t³−t)/48 with
/// scipy's adjustments for [`ZeroMethod::Pratt`] (mean and variance without the zeros' ranks,
/// zeros left out of the tie correction) and [`ZeroMethod::Zsplit`] (zeros counted in n and in the
/// tie correction). [`Method::Auto`] uses the exact distribution when n ≤ 50 and there are no ties
/// and no zeros, the normal approximation otherwise (R's rule, except that R requires n < 50; unlike
/// scipy's `auto`, no permutation test is run for small samples with ties).
///
/// The estimate and the interval follow R's `wilcox.test(..., conf.int = TRUE)` on the nonzero
/// differences: with the exact method, the Hodges–Lehmann estimate (median of the Walsh averages)
/// and the interval between the Walsh averages at the `qsignrank` quantiles; with the normal
/// approximation, R's inversion of the (tie- and optionally continuity-corrected) z statistic as a
/// function of the shift. R finds those roots with `uniroot(tol = 1e-4)`; here they are located by
/// bisection to the last bit and snapped to the Walsh average where the statistic jumps, so they
/// agree with R only to about 1e-4 (R's own tolerance). In the asymptotic case R's point estimate
/// is also a `uniroot` of the statistic; this function reports the Walsh median, which is the
/// exact root (when the number of Walsh averages is even the statistic is zero on a whole interval
/// and R returns some point inside it, this function its midpoint). R has no Pratt or Zsplit: for
/// them the estimate and interval are those of the nonzero differences, as for Wilcox; and when
/// `Method::Exact` is forced despite ties or zeros, the interval is still the exact-method one on
/// the nonzero differences (R would fall back to the asymptotic interval). With
/// [`WilcoxonOptions::estimate_zeros`] the estimate and the interval are those of all `n`
/// differences, zeros included (the classical Hodges–Lehmann estimator), the test unchanged.
///
/// `z` is the standardised statistic (after continuity correction) when the normal approximation
/// is used; for the two-sided alternative it is −|z|, as scipy reports it.
///
/// Errors: [`StatsError::NonFinite`] for NaN or infinite input, [`StatsError::NotEnoughData`] when
/// no nonzero difference remains, [`StatsError::Invalid`] for a confidence outside (0, 1), for
/// `Method::Exact` with more than [`MAX_EXACT_N`] ranked differences, or for differences beyond
/// ±f64::MAX/4 (their Walsh sums would overflow).
///
/// Cost: O(n log n) for the ranks; the exact distribution O(n³) time and O(n²) memory (n ≤ 50
/// under `Auto`); the Walsh median and the interval O(n) memory and a few linear passes per
/// order statistic (exact selection by sampling; the interval's bisection evaluates the statistic
/// only near the Walsh average where it crosses the quantile), so n = 1 000 000 is fine.
///
/// ```
/// use treebench::stats::wilcoxon::{wilcoxon, Alternative, Method, WilcoxonOptions};
///
/// // Ten differences, all positive: T+ = 1 + 2 + … + 10 = 55, the largest possible, and the
/// // exact two-sided p-value is 2 / 2^10 (only "all positive" and "all negative" are as extreme).
/// let d = [0.5, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 5.5];
/// let r = wilcoxon(&d, &WilcoxonOptions::default()).unwrap();
/// assert_eq!((r.n, r.statistic, r.method), (10, 55.0, Method::Exact));
/// assert!((r.p_value - 2.0 / 1024.0).abs() < 1e-12);
/// // The Hodges–Lehmann estimate lies inside its 95% interval, which excludes 0.
/// assert!(r.ci.0 > 0.0 && r.ci.0 <= r.estimate && r.estimate <= r.ci.1);
/// // One-sided, "greater": half of it.
/// let opts = WilcoxonOptions { alternative: Alternative::Greater, ..Default::default() };
/// assert!((wilcoxon(&d, &opts).unwrap().p_value - 1.0 / 1024.0).abs() < 1e-12);
/// // No nonzero difference: an error, not a p-value of 1.
/// assert!(wilcoxon(&[0.0, 0.0], &WilcoxonOptions::default()).is_err());
/// ```
pub fn wilcoxon(d: &[f64], opts: &WilcoxonOptions) -> Result<WilcoxonResult, StatsError> {
    wilcoxon_with(d, opts, Estimates::All)
}

/// Which of the Hodges–Lehmann estimate and its interval [`wilcoxon_with`] computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Estimates {
    /// The estimate and the interval.
    All,
    /// The estimate only (the interval is NaN).
    Estimate,
    /// Only whether the estimate is above zero (`estimate_above_zero`; the estimate and the
    /// interval are NaN): one counting pass instead of a selection.
    Sign,
    /// Neither (both NaN): the test alone.
    None,
}

/// [`wilcoxon`], computing only the `what` of the estimate and the interval (the others are NaN,
/// and `confidence` is the requested one): the test's statistic and p-value are the same.
pub fn wilcoxon_with(
    d: &[f64],
    opts: &WilcoxonOptions,
    what: Estimates,
) -> Result<WilcoxonResult, StatsError> {
    wilcoxon_core(d, opts, what, None).map(|(r, _)| r)
}

/// [`wilcoxon_with`], and the p-value of the same test for the alternative `other`: the p-value
/// `wilcoxon_with` with `other` gives (the ranks, the method and the statistic do not depend on
/// the alternative), from one ranking.
pub fn wilcoxon_with_other(
    d: &[f64],
    opts: &WilcoxonOptions,
    what: Estimates,
    other: Alternative,
) -> Result<(WilcoxonResult, f64), StatsError> {
    wilcoxon_core(d, opts, what, Some(other))
        .map(|(r, p)| (r, p.expect("a p-value for the other alternative")))
}

/// The nonzero differences of `d`, sorted; errors for non-finite input, a confidence outside
/// (0, 1), no nonzero difference, or differences too large for Walsh averages.
fn sorted_nonzero(d: &[f64], opts: &WilcoxonOptions) -> Result<Vec<f64>, StatsError> {
    if d.iter().any(|v| !v.is_finite()) {
        return Err(StatsError::NonFinite);
    }
    check_confidence(opts.confidence)?;
    let mut nonzero: Vec<f64> = Vec::with_capacity(d.len());
    nonzero.extend(d.iter().copied().filter(|&v| v != 0.0));
    if nonzero.is_empty() {
        return Err(StatsError::NotEnoughData(
            "no nonzero differences".to_string(),
        ));
    }
    if nonzero.iter().any(|v| v.abs() > f64::MAX / 4.0) {
        return Err(StatsError::Invalid(
            "differences too large in magnitude for Walsh averages".to_string(),
        ));
    }
    // Equal under the total order means the same bits: an unstable sort gives the same slice.
    float_order::sort_total(&mut nonzero);
    Ok(nonzero)
}

/// The method [`Method::Auto`] and an impossible permutation request resolve to (see
/// [`Method`]) for `n` differences, `n_zero` of them zero.
fn resolve_method(opts: &WilcoxonOptions, n: usize, n_zero: usize, ties: bool) -> Method {
    match opts.method {
        Method::Auto => {
            if n > 50 {
                Method::Asymptotic
            } else if !ties && n_zero == 0 {
                Method::Exact
            } else if n <= permutation::MAX_PERMUTATION_N && opts.zero_method == ZeroMethod::Wilcox
            {
                Method::Permutation
            } else {
                Method::Asymptotic
            }
        }
        Method::Permutation
            if n > permutation::MAX_PERMUTATION_N || opts.zero_method != ZeroMethod::Wilcox =>
        {
            Method::Asymptotic
        }
        m => m,
    }
}

/// The p-values (for the alternative asked, and for `other`), the standardised statistic of
/// the normal approximation, the interval and its confidence, by `method`.
type Tested = (f64, Option<f64>, Option<f64>, (f64, f64), f64);

/// The test by `method` on the rank statistic `rs` of `nonzero`, the interval on `located`.
#[allow(clippy::too_many_arguments)]
fn test_by(
    method: Method,
    rs: &ranks::RankStat,
    nonzero: &[f64],
    located: &[f64],
    opts: &WilcoxonOptions,
    what: Estimates,
    other: Option<Alternative>,
    brackets: &BracketEnds,
) -> Result<Tested, StatsError> {
    Ok(match method {
        Method::Exact => {
            let n_nz = located.len();
            if rs.count > MAX_EXACT_N || n_nz > MAX_EXACT_N {
                return Err(StatsError::Invalid(format!(
                    "exact method limited to n <= {MAX_EXACT_N}, got n = {}",
                    rs.count
                )));
            }
            let dist = SignRankDist::new(rs.count);
            let p = dist.p_value(rs.r_plus, opts.alternative);
            let p_other = other.map(|alt| dist.p_value(rs.r_plus, alt));
            let ci_dist = if n_nz == rs.count {
                dist
            } else {
                SignRankDist::new(n_nz)
            };
            let (ci, conf) = if what == Estimates::All {
                exact::exact_ci(located, &ci_dist, opts.alternative, opts.confidence)
            } else {
                ((f64::NAN, f64::NAN), opts.confidence)
            };
            (p, p_other, None, ci, conf)
        }
        Method::Permutation => {
            let (doubled, t2) = ranks::doubled_ranks(nonzero);
            let p = permutation::p_value(&doubled, t2, opts.alternative);
            let p_other = other.map(|alt| permutation::p_value(&doubled, t2, alt));
            let (ci, conf) = asymptotic_ci(located, opts, what, brackets);
            (p, p_other, None, ci, conf)
        }
        Method::Asymptotic | Method::Auto => {
            let (p, z_rep) = asymptotic::p_value(rs, opts.alternative, opts.correction);
            let p_other = other.map(|alt| asymptotic::p_value(rs, alt, opts.correction).0);
            let (ci, conf) = asymptotic_ci(located, opts, what, brackets);
            (p, p_other, Some(z_rep), ci, conf)
        }
    })
}

fn wilcoxon_core(
    d: &[f64],
    opts: &WilcoxonOptions,
    what: Estimates,
    other: Option<Alternative>,
) -> Result<(WilcoxonResult, Option<f64>), StatsError> {
    let nonzero = sorted_nonzero(d, opts)?;
    let n_zero = d.len() - nonzero.len();
    let rs = match opts.zero_method {
        ZeroMethod::Wilcox => sorted_signed_rank_statistic(&nonzero),
        ZeroMethod::Pratt | ZeroMethod::Zsplit => signed_rank_statistic(d, opts.zero_method),
    };
    let method = resolve_method(opts, d.len(), n_zero, rs.has_ties);
    // The differences of the estimate and the interval: the nonzero ones (R), or all of them.
    let all_sorted;
    let located: &[f64] = if opts.estimate_zeros && n_zero > 0 {
        let mut v = d.to_vec();
        float_order::sort_total(&mut v);
        all_sorted = v;
        &all_sorted
    } else {
        &nonzero
    };
    // The estimate first: the interval's selections start from the brackets it kept.
    let mut brackets = BracketEnds::default();
    let (estimate, estimate_above_zero) = match what {
        Estimates::None => (f64::NAN, None),
        Estimates::Sign => (f64::NAN, Some(walsh_median_above_zero(located))),
        Estimates::All | Estimates::Estimate => {
            let e = walsh_median_keeping(located, &mut brackets);
            (e, Some(e > 0.0))
        }
    };
    let (p_value, p_other, z, ci, confidence) =
        test_by(method, &rs, &nonzero, located, opts, what, other, &brackets)?;
    let result = WilcoxonResult {
        n: rs.count,
        statistic: rs.r_plus,
        p_value,
        z,
        method,
        estimate,
        estimate_above_zero,
        ci,
        confidence,
    };
    Ok((result, p_other))
}

/// The asymptotic interval when `what` asks for it (its selections starting from `brackets`).
fn asymptotic_ci(
    sorted: &[f64],
    opts: &WilcoxonOptions,
    what: Estimates,
    brackets: &BracketEnds,
) -> ((f64, f64), f64) {
    if what == Estimates::All {
        let (alt, conf) = (opts.alternative, opts.confidence);
        asymptotic::asymptotic_ci(sorted, alt, conf, opts.correction, brackets)
    } else {
        ((f64::NAN, f64::NAN), opts.confidence)
    }
}

fn check_confidence(c: f64) -> Result<(), StatsError> {
    if c > 0.0 && c < 1.0 {
        Ok(())
    } else {
        Err(StatsError::Invalid(format!(
            "confidence must lie in (0, 1), got {c}"
        )))
    }
}

/// The signed-rank test on paired samples: the differences `x[i] - y[i]`.
pub fn wilcoxon_paired(
    x: &[f64],
    y: &[f64],
    opts: &WilcoxonOptions,
) -> Result<WilcoxonResult, StatsError> {
    if x.len() != y.len() {
        return Err(StatsError::Invalid(format!(
            "paired samples differ in length: {} vs {}",
            x.len(),
            y.len()
        )));
    }
    let d: Vec<f64> = x.iter().zip(y).map(|(a, b)| a - b).collect();
    wilcoxon(&d, opts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors() {
        let o = WilcoxonOptions::default();
        assert_eq!(wilcoxon(&[1.0, f64::NAN], &o), Err(StatsError::NonFinite));
        assert!(matches!(
            wilcoxon(&[0.0, 0.0], &o),
            Err(StatsError::NotEnoughData(_))
        ));
        assert!(matches!(
            wilcoxon(&[], &o),
            Err(StatsError::NotEnoughData(_))
        ));
    }

    /// The median of the Walsh averages, brute force.
    fn walsh_median(d: &[f64]) -> f64 {
        let mut w: Vec<f64> = (0..d.len())
            .flat_map(|i| (i..d.len()).map(move |j| (i, j)))
            .map(|(i, j)| (d[i] + d[j]) / 2.0)
            .collect();
        w.sort_by(f64::total_cmp);
        let m = w.len();
        if m % 2 == 1 {
            w[m / 2]
        } else {
            (w[m / 2 - 1] + w[m / 2]) / 2.0
        }
    }

    /// With `estimate_zeros` the estimate is the Walsh median of every difference, ties (zeros)
    /// included, and lies inside its interval; without, of the nonzero ones (R); the test is
    /// the same either way.
    #[test]
    fn ties_count_in_the_estimate_when_asked() {
        let d = [
            0.0, 0.0, 0.0, 0.0, 0.3, 0.5, -0.1, 0.7, 0.2, 0.0, 0.4, 0.9, 0.0, 0.6, 0.1,
        ];
        let nonzero: Vec<f64> = d.iter().copied().filter(|&v| v != 0.0).collect();
        for method in [Method::Exact, Method::Asymptotic] {
            let r = WilcoxonOptions {
                method,
                ..WilcoxonOptions::default()
            };
            let all = WilcoxonOptions {
                estimate_zeros: true,
                ..r
            };
            let a = wilcoxon(&d, &r).unwrap();
            let b = wilcoxon(&d, &all).unwrap();
            assert_eq!(a.estimate, walsh_median(&nonzero), "{method:?}");
            assert_eq!(b.estimate, walsh_median(&d), "{method:?}");
            assert!(
                b.estimate < a.estimate,
                "the ties pull the estimate towards 0"
            );
            assert!(
                b.ci.0 <= b.estimate && b.estimate <= b.ci.1,
                "{method:?}: {b:?}"
            );
            assert_eq!((a.p_value, a.statistic), (b.p_value, b.statistic));
        }
    }
}
