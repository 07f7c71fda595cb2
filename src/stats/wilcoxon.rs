//! The Wilcoxon signed-rank test on paired differences, as scipy.stats.wilcoxon and R's
//! wilcox.test compute it, with the Hodges–Lehmann estimate and its confidence interval.

use super::StatsError;
use statrs::distribution::{ContinuousCDF, Normal};

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
    /// Exact when n ≤ 50 with no ties and no zeros, asymptotic otherwise (scipy's `auto`).
    #[default]
    Auto,
    /// The exact null distribution of T+ (ranks 1..n), at most [`MAX_EXACT_N`] differences.
    Exact,
    /// The normal approximation with tie correction.
    Asymptotic,
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
}

impl Default for WilcoxonOptions {
    fn default() -> Self {
        Self {
            zero_method: ZeroMethod::Wilcox,
            alternative: Alternative::TwoSided,
            method: Method::Auto,
            correction: false,
            confidence: 0.95,
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
/// P-values follow scipy.stats.wilcoxon (1.17/1.18): T+ is the sum of the midranks of the
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
/// the nonzero differences (R would fall back to the asymptotic interval).
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
/// under `Auto`); the Walsh median and the interval O(n) memory and O(n · 64) time per order
/// statistic (bisection on the value with linear-time counting), so n = 100 000 is fine.
pub fn wilcoxon(d: &[f64], opts: &WilcoxonOptions) -> Result<WilcoxonResult, StatsError> {
    if d.iter().any(|v| !v.is_finite()) {
        return Err(StatsError::NonFinite);
    }
    check_confidence(opts.confidence)?;
    let mut nonzero: Vec<f64> = d.iter().copied().filter(|&v| v != 0.0).collect();
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
    let n_zero = d.len() - nonzero.len();
    let ranked: &[f64] = match opts.zero_method {
        ZeroMethod::Wilcox => &nonzero,
        ZeroMethod::Pratt | ZeroMethod::Zsplit => d,
    };
    let rs = signed_rank_statistic(ranked, opts.zero_method);

    let method = match opts.method {
        Method::Auto => {
            if rs.count <= 50 && !rs.has_ties && n_zero == 0 {
                Method::Exact
            } else {
                Method::Asymptotic
            }
        }
        m => m,
    };

    nonzero.sort_by(f64::total_cmp);
    let n_nz = nonzero.len();

    let (p_value, z, ci, confidence) = match method {
        Method::Exact => {
            if rs.count > MAX_EXACT_N || n_nz > MAX_EXACT_N {
                return Err(StatsError::Invalid(format!(
                    "exact method limited to n <= {MAX_EXACT_N}, got n = {}",
                    rs.count
                )));
            }
            let dist = SignRankDist::new(rs.count);
            let lo = rs.r_plus.ceil() as i64;
            let hi = rs.r_plus.floor() as i64;
            let p = match opts.alternative {
                Alternative::Less => dist.cdf(lo),
                Alternative::Greater => dist.sf(hi),
                Alternative::TwoSided => (2.0 * dist.sf(hi).min(dist.cdf(lo))).min(1.0),
            };
            let ci_dist = if n_nz == rs.count {
                dist
            } else {
                SignRankDist::new(n_nz)
            };
            let (ci, conf) = exact_ci(&nonzero, &ci_dist, opts.alternative, opts.confidence);
            (p, None, ci, conf)
        }
        Method::Asymptotic | Method::Auto => {
            let mut z = (rs.r_plus - rs.mean) / rs.sd;
            if opts.correction {
                let sign = match opts.alternative {
                    Alternative::Greater => 1.0,
                    Alternative::Less => -1.0,
                    Alternative::TwoSided => sign0(z),
                };
                z -= sign * 0.5 / rs.sd;
            }
            let p = match opts.alternative {
                Alternative::Less => norm_cdf(z),
                Alternative::Greater => norm_sf(z),
                Alternative::TwoSided => (2.0 * norm_sf(z.abs())).min(1.0),
            };
            let z_rep = if opts.alternative == Alternative::TwoSided {
                -z.abs()
            } else {
                z
            };
            let (ci, conf) =
                asymptotic_ci(&nonzero, opts.alternative, opts.confidence, opts.correction);
            (p, Some(z_rep), ci, conf)
        }
    };

    Ok(WilcoxonResult {
        n: rs.count,
        statistic: rs.r_plus,
        p_value,
        z,
        method,
        estimate: walsh_median_sorted(&nonzero),
        ci,
        confidence,
    })
}

/// The Hodges–Lehmann estimate of location of a sample: the median of its Walsh averages
/// (x_i + x_j)/2, i ≤ j (all values, zeros included; [`wilcoxon`] passes the nonzero ones).
///
/// Time: O(n log n + 64 n), memory O(n) (selection, never materialising the n(n+1)/2 averages).
pub fn hodges_lehmann(xs: &[f64]) -> Result<f64, StatsError> {
    if xs.is_empty() {
        return Err(StatsError::NotEnoughData("empty sample".to_string()));
    }
    if xs.iter().any(|v| !v.is_finite()) {
        return Err(StatsError::NonFinite);
    }
    if xs.iter().any(|v| v.abs() > f64::MAX / 4.0) {
        return Err(StatsError::Invalid(
            "values too large in magnitude for Walsh averages".to_string(),
        ));
    }
    let mut s = xs.to_vec();
    s.sort_by(f64::total_cmp);
    Ok(walsh_median_sorted(&s))
}

/// The k-th smallest (0-based) Walsh average (x_i + x_j)/2, i ≤ j, of `xs`; `k < n(n+1)/2`.
///
/// Time: O(n log n + 64 n), memory O(n).
pub fn walsh_order_statistic(xs: &[f64], k: u64) -> Result<f64, StatsError> {
    let n = xs.len() as u64;
    if k >= n * (n + 1) / 2 {
        return Err(StatsError::Invalid(format!(
            "order statistic {k} out of range for {n} values"
        )));
    }
    if xs.iter().any(|v| !v.is_finite()) {
        return Err(StatsError::NonFinite);
    }
    let mut s = xs.to_vec();
    s.sort_by(f64::total_cmp);
    Ok(walsh_kth_sorted(&s, k))
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

/// R's `sign`: 0 for 0.
fn sign0(x: f64) -> f64 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        0.0
    }
}

fn std_normal() -> Normal {
    Normal::new(0.0, 1.0).expect("standard normal")
}

fn norm_cdf(z: f64) -> f64 {
    std_normal().cdf(z)
}

fn norm_sf(z: f64) -> f64 {
    std_normal().sf(z)
}

/// R's `qnorm(p)` (lower tail), total on [0, 1].
fn qnorm(p: f64) -> f64 {
    if p.is_nan() {
        f64::NAN
    } else if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        std_normal().inverse_cdf(p)
    }
}

/// R's `qnorm(p, lower.tail = FALSE)`.
fn qnorm_upper(p: f64) -> f64 {
    -qnorm(p)
}

/// R's `signif(x, 2)`.
fn signif2(x: f64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let e = x.abs().log10().floor() as i32;
    let scale = 10f64.powi(1 - e);
    (x * scale).round() / scale
}

/// T+ and the moments of its normal approximation, scipy's `_wilcoxon_statistic`.
struct RankStat {
    r_plus: f64,
    count: usize,
    mean: f64,
    sd: f64,
    has_ties: bool,
}

/// Midranks of `|v|` in the input order, and the sizes of the tie groups in increasing order of
/// `|v|` with a flag telling whether the group is the zeros.
fn abs_midranks(v: &[f64]) -> (Vec<f64>, Vec<(usize, bool)>) {
    let n = v.len();
    let mut idx: Vec<usize> = (0..n).collect();
    idx.sort_by(|&a, &b| v[a].abs().total_cmp(&v[b].abs()));
    let mut ranks = vec![0.0; n];
    let mut groups = Vec::new();
    let mut s = 0;
    while s < n {
        let a = v[idx[s]].abs();
        let mut e = s + 1;
        while e < n && v[idx[e]].abs() == a {
            e += 1;
        }
        let r = (s + 1 + e) as f64 / 2.0;
        for &i in &idx[s..e] {
            ranks[i] = r;
        }
        groups.push((e - s, a == 0.0));
        s = e;
    }
    (ranks, groups)
}

fn signed_rank_statistic(v: &[f64], zero_method: ZeroMethod) -> RankStat {
    let (ranks, groups) = abs_midranks(v);
    let mut r_plus = 0.0;
    let mut r_zero = 0.0;
    for (x, r) in v.iter().zip(&ranks) {
        if *x > 0.0 {
            r_plus += r;
        } else if *x == 0.0 {
            r_zero += r;
        }
    }
    if zero_method == ZeroMethod::Zsplit {
        r_plus += r_zero / 2.0;
    }
    let count = v.len() as f64;
    let mut mean = count * (count + 1.0) * 0.25;
    let mut se = count * (count + 1.0) * (2.0 * count + 1.0);
    let n_zero = v.iter().filter(|x| **x == 0.0).count() as f64;
    let mut tie_correct = 0.0;
    for &(t, is_zero) in &groups {
        if zero_method == ZeroMethod::Pratt && is_zero {
            continue; // zeros are not in Pratt's tie correction
        }
        let t = t as f64;
        tie_correct += t * t * t - t;
    }
    if zero_method == ZeroMethod::Pratt {
        mean -= n_zero * (n_zero + 1.0) * 0.25;
        se -= n_zero * (n_zero + 1.0) * (2.0 * n_zero + 1.0);
    }
    let sd = ((se - tie_correct / 2.0) / 24.0).sqrt();
    RankStat {
        r_plus,
        count: v.len(),
        mean,
        sd,
        has_ties: groups.iter().any(|&(t, _)| t > 1),
    }
}

/// Null distribution of T+ for ranks 1..n: cumulative subset counts.
struct SignRankDist {
    /// `cum[s]` = number of subsets of 1..n with sum ≤ s.
    cum: Vec<f64>,
    /// 2^-n.
    scale: f64,
}

impl SignRankDist {
    fn new(n: usize) -> Self {
        let total = n * (n + 1) / 2;
        let mut c = vec![0.0f64; total + 1];
        c[0] = 1.0;
        for k in 1..=n {
            let top = k * (k + 1) / 2;
            for s in (k..=top).rev() {
                c[s] += c[s - k];
            }
        }
        let mut acc = 0.0;
        for x in c.iter_mut() {
            acc += *x;
            *x = acc;
        }
        SignRankDist {
            cum: c,
            scale: 0.5f64.powi(n as i32),
        }
    }

    fn total(&self) -> i64 {
        self.cum.len() as i64 - 1
    }

    /// P(T ≤ k).
    fn cdf(&self, k: i64) -> f64 {
        if k < 0 {
            0.0
        } else if k >= self.total() {
            1.0
        } else {
            self.cum[k as usize] * self.scale
        }
    }

    /// P(T ≥ k), by symmetry P(T ≤ N − k).
    fn sf(&self, k: i64) -> f64 {
        self.cdf(self.total() - k)
    }

    /// R's `qsignrank(p, n)`: the smallest q with P(T ≤ q) ≥ p (with R's 10·ε fuzz).
    fn quantile(&self, p: f64) -> i64 {
        let total = self.total();
        if p <= 0.0 {
            return 0;
        }
        if p >= 1.0 {
            return total;
        }
        if p <= 0.5 {
            let x = p - 10.0 * f64::EPSILON;
            let mut q = 0;
            while q < total && self.cdf(q) < x {
                q += 1;
            }
            q
        } else {
            let x = 1.0 - p + 10.0 * f64::EPSILON;
            let mut q = 0;
            while q < total && self.cdf(q) <= x {
                q += 1;
            }
            total - q
        }
    }
}

/// R's exact interval: Walsh averages at the `qsignrank` quantiles. Returns the interval and the
/// confidence level R reports (lowered when the requested one is not achievable).
fn exact_ci(sorted: &[f64], dist: &SignRankDist, alt: Alternative, conf: f64) -> ((f64, f64), f64) {
    let total = dist.total();
    let alpha = 1.0 - conf;
    let (ci, achieved) = match alt {
        Alternative::TwoSided => {
            let qu = dist.quantile(alpha / 2.0).max(1);
            let ql = total - qu;
            (
                (
                    walsh_kth_sorted(sorted, (qu - 1) as u64),
                    walsh_kth_sorted(sorted, ql as u64),
                ),
                2.0 * dist.cdf(qu - 1),
            )
        }
        Alternative::Greater => {
            let qu = dist.quantile(alpha).max(1);
            (
                (walsh_kth_sorted(sorted, (qu - 1) as u64), f64::INFINITY),
                dist.cdf(qu - 1),
            )
        }
        Alternative::Less => {
            let qu = dist.quantile(alpha).max(1);
            let ql = total - qu;
            (
                (f64::NEG_INFINITY, walsh_kth_sorted(sorted, ql as u64)),
                dist.cdf(qu - 1),
            )
        }
    };
    let conf = if achieved - alpha > alpha / 2.0 {
        1.0 - signif2(achieved)
    } else {
        conf
    };
    (ci, conf)
}

/// R's statistic `W(d)` of the asymptotic interval: the standardised signed-rank statistic of
/// `x - d` (zeros dropped, tie-corrected, optionally continuity-corrected). `x` sorted.
/// O(n): the |x − d| are merged from the two monotone halves instead of sorted.
fn shifted_z(x: &[f64], d: f64, correct: bool, alt: Alternative) -> f64 {
    let xd: Vec<f64> = x.iter().map(|v| v - d).collect();
    let a = xd.partition_point(|v| *v < 0.0);
    let b = xd.partition_point(|v| *v <= 0.0);
    // Merge |negatives| (indices a-1 down to 0) with positives (b..n), ascending.
    let mut merged: Vec<(f64, bool)> = Vec::with_capacity(a + xd.len() - b);
    let (mut i, mut j) = (a, b);
    while i > 0 || j < xd.len() {
        let take_neg = if i == 0 {
            false
        } else if j == xd.len() {
            true
        } else {
            -xd[i - 1] <= xd[j]
        };
        if take_neg {
            merged.push((-xd[i - 1], false));
            i -= 1;
        } else {
            merged.push((xd[j], true));
            j += 1;
        }
    }
    let nx = merged.len();
    if nx == 0 {
        return 0.0;
    }
    let mut t_plus = 0.0;
    let mut ties = 0.0;
    let mut s = 0;
    while s < nx {
        let v = merged[s].0;
        let mut e = s + 1;
        while e < nx && merged[e].0 == v {
            e += 1;
        }
        let r = (s + 1 + e) as f64 / 2.0;
        let pos = merged[s..e].iter().filter(|m| m.1).count() as f64;
        t_plus += r * pos;
        let t = (e - s) as f64;
        ties += t * t * t - t;
        s = e;
    }
    let nxf = nx as f64;
    let zd = t_plus - nxf * (nxf + 1.0) / 4.0;
    let sigma = (nxf * (nxf + 1.0) * (2.0 * nxf + 1.0) / 24.0 - ties / 48.0).sqrt();
    let corr = if correct {
        match alt {
            Alternative::TwoSided => sign0(zd) * 0.5,
            Alternative::Greater => 0.5,
            Alternative::Less => -0.5,
        }
    } else {
        0.0
    };
    (zd - corr) / sigma
}

/// Monotone map of finite f64 (and ±∞) onto i64: a < b ⇔ key(a) < key(b) (−0 just below +0).
fn f64_key(x: f64) -> i64 {
    let b = x.to_bits() as i64;
    b ^ ((((b >> 63) as u64) >> 1) as i64)
}

fn f64_from_key(k: i64) -> f64 {
    let b = k ^ ((((k >> 63) as u64) >> 1) as i64);
    f64::from_bits(b as u64)
}

/// The double halfway (in bit order) between `lo` and `hi`.
fn mid_key(lo: f64, hi: f64) -> Option<f64> {
    let (kl, kh) = (f64_key(lo) as i128, f64_key(hi) as i128);
    if kh - kl <= 1 {
        None
    } else {
        Some(f64_from_key((kl + (kh - kl) / 2) as i64))
    }
}

/// The root of a sign-changing function on [lo, hi] (`flo`, `fhi` its values there), by
/// bisection to adjacent doubles, then snapped to the nearest Walsh average of `x` (the exact
/// location of the jump of the step function) when it is within a few ulps.
fn bisect_root(
    x: &[f64],
    f: impl Fn(f64) -> f64,
    mut lo: f64,
    mut hi: f64,
    flo: f64,
    fhi: f64,
) -> f64 {
    // R's zeroin returns an end point at which the function is exactly zero.
    if flo == 0.0 {
        return lo;
    }
    if fhi == 0.0 {
        return hi;
    }
    let lo_pos = flo > 0.0;
    while let Some(mid) = mid_key(lo, hi) {
        let fm = f(mid);
        if fm == 0.0 {
            return mid;
        }
        if (fm > 0.0) == lo_pos {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let r = hi;
    let w = nearest_walsh(x, r);
    let tol = 8.0 * f64::EPSILON * r.abs().max(w.abs()).max(f64::MIN_POSITIVE);
    if (w - r).abs() <= tol {
        w
    } else {
        r
    }
}

/// The Walsh average of sorted `x` nearest to `v`. O(n log n).
fn nearest_walsh(x: &[f64], v: f64) -> f64 {
    let mut best = f64::NAN;
    let mut best_dist = f64::INFINITY;
    let target = 2.0 * v;
    for i in 0..x.len() {
        let rest = &x[i..];
        let p = rest.partition_point(|&y| x[i] + y < target);
        for j in [p.wrapping_sub(1), p] {
            if j < rest.len() {
                let w = (x[i] + rest[j]) / 2.0;
                let dist = (w - v).abs();
                if dist < best_dist {
                    best_dist = dist;
                    best = w;
                }
            }
        }
    }
    best
}

/// R's asymptotic interval (the `conf.int` part of `wilcox.test.default` for the normal
/// approximation): widen alpha until the limits are bracketed, then find the shifts at which the
/// statistic crosses the normal quantiles. Returns the interval and the confidence level R reports.
fn asymptotic_ci(sorted: &[f64], alt: Alternative, conf: f64, correct: bool) -> ((f64, f64), f64) {
    let mumin = sorted[0];
    let mumax = sorted[sorted.len() - 1];
    let w = |d: f64| shifted_z(sorted, d, correct, alt);
    let w_min = w(mumin);
    let w_max = w(mumax);
    if !w_min.is_finite() || !w_max.is_finite() {
        let ci = match alt {
            Alternative::TwoSided => (f64::NAN, f64::NAN),
            Alternative::Greater => (f64::NAN, f64::INFINITY),
            Alternative::Less => (f64::NEG_INFINITY, f64::NAN),
        };
        return (ci, 0.0);
    }
    let root = |zq: f64| bisect_root(sorted, |d| w(d) - zq, mumin, mumax, w_min - zq, w_max - zq);
    let median = walsh_free_median(sorted);
    let mut alpha = 1.0 - conf;
    // R doubles alpha until the requested quantiles are inside [W(max), W(min)]; this always
    // stops by alpha < 2 because W(min) ≥ 0 ≥ W(max). The cap is a safety net only.
    let mut guard = 0;
    let ci = match alt {
        Alternative::TwoSided => {
            while guard < 64
                && (w_min - qnorm_upper(alpha / 2.0) < 0.0 || w_max - qnorm(alpha / 2.0) > 0.0)
            {
                alpha *= 2.0;
                guard += 1;
            }
            if alpha < 1.0 {
                (root(qnorm_upper(alpha / 2.0)), root(qnorm(alpha / 2.0)))
            } else {
                (median, median)
            }
        }
        Alternative::Greater => {
            while guard < 64 && w_min - qnorm_upper(alpha) < 0.0 {
                alpha *= 2.0;
                guard += 1;
            }
            let l = if alpha < 1.0 {
                root(qnorm_upper(alpha))
            } else {
                median
            };
            (l, f64::INFINITY)
        }
        Alternative::Less => {
            // R checks the bracket with qnorm(alpha/2) but solves for qnorm(alpha); kept as is.
            while guard < 64 && w_max - qnorm(alpha / 2.0) > 0.0 {
                alpha *= 2.0;
                guard += 1;
            }
            let u = if alpha < 1.0 {
                root(qnorm(alpha))
            } else {
                median
            };
            (f64::NEG_INFINITY, u)
        }
    };
    let conf = if alpha >= 1.0 || 1.0 - conf < alpha * 0.75 {
        1.0 - alpha.min(1.0)
    } else {
        conf
    };
    (ci, conf)
}

/// R's `median(x)` of sorted values.
fn walsh_free_median(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    }
}

/// Number of pairs i ≤ j of sorted `x` with x_i + x_j ≤ v. O(n) by two pointers (floating-point
/// addition is monotone, so the bound on j only moves down as i grows).
fn walsh_sums_le(x: &[f64], v: f64) -> u64 {
    let n = x.len();
    let mut count = 0u64;
    let mut j = n; // exclusive bound: x[i] + x[j'] <= v for all i <= j' < j
    for i in 0..n {
        while j > i && x[i] + x[j - 1] > v {
            j -= 1;
        }
        if j <= i {
            break;
        }
        count += (j - i) as u64;
    }
    count
}

/// The k-th smallest (0-based) Walsh average of sorted `x`: bisection over the doubles in bit
/// order on the value of the pair sum, counting with [`walsh_sums_le`]. At most ~64 passes.
fn walsh_kth_sorted(x: &[f64], k: u64) -> f64 {
    let n = x.len();
    // Invariant: count(lo) <= k < count(hi).
    let mut hi = x[n - 1] + x[n - 1];
    let mut lo = f64_from_key(f64_key(x[0] + x[0]) - 1);
    while let Some(mid) = mid_key(lo, hi) {
        if walsh_sums_le(x, mid) > k {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    // No double lies strictly between lo and hi, so the (k+1)-th smallest sum is hi.
    hi / 2.0
}

/// Median of the Walsh averages of sorted `x` (R: `median(diffs)`).
fn walsh_median_sorted(x: &[f64]) -> f64 {
    let n = x.len() as u64;
    let total = n * (n + 1) / 2;
    if total % 2 == 1 {
        walsh_kth_sorted(x, total / 2)
    } else {
        (walsh_kth_sorted(x, total / 2 - 1) + walsh_kth_sorted(x, total / 2)) / 2.0
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

    fn brute_walsh(x: &[f64]) -> Vec<f64> {
        let mut w = Vec::new();
        for i in 0..x.len() {
            for j in i..x.len() {
                w.push((x[i] + x[j]) / 2.0);
            }
        }
        w.sort_by(f64::total_cmp);
        w
    }

    #[test]
    fn walsh_selection_matches_brute_force() {
        let xs = [3.0, -1.5, 2.25, 2.25, 0.1, -7.0, 4.0, 0.1, 1e-3];
        let mut s = xs.to_vec();
        s.sort_by(f64::total_cmp);
        let w = brute_walsh(&s);
        for (k, v) in w.iter().enumerate() {
            assert_eq!(walsh_kth_sorted(&s, k as u64), *v, "k = {k}");
        }
    }

    #[test]
    fn signrank_distribution_small() {
        // n = 3: sums 0,1,2,3,3,4,5,6.
        let d = SignRankDist::new(3);
        assert_eq!(d.cdf(0), 0.125);
        assert_eq!(d.cdf(3), 0.625);
        assert_eq!(d.sf(3), 0.625);
        assert_eq!(d.sf(6), 0.125);
        assert_eq!(d.quantile(0.125), 0);
        assert_eq!(d.quantile(0.2), 1);
    }

    #[test]
    fn key_order() {
        let v = [-1e300, -1.0, -5e-324, -0.0, 0.0, 5e-324, 1.0, f64::MAX];
        for w in v.windows(2) {
            assert!(f64_key(w[0]) < f64_key(w[1]));
        }
        for x in v {
            assert_eq!(f64_from_key(f64_key(x)).to_bits(), x.to_bits());
        }
    }

    #[test]
    fn signif() {
        assert_eq!(signif2(0.0390625), 0.039);
        assert_eq!(signif2(0.1234), 0.12);
    }

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
}
