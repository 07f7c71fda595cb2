//! The exact method: the null distribution of T+ for ranks 1..n, its p-values and quantiles, and
//! R's exact confidence interval.

use super::hodges_lehmann::walsh_kth_sorted;
use super::Alternative;

/// R's `signif(x, 2)`.
fn signif2(x: f64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let e = x.abs().log10().floor() as i32;
    let scale = 10f64.powi(1 - e);
    (x * scale).round() / scale
}

/// Null distribution of T+ for ranks 1..n: cumulative subset counts.
pub(super) struct SignRankDist {
    /// `cum[s]` = number of subsets of 1..n with sum ≤ s.
    cum: Vec<f64>,
    /// 2^-n.
    scale: f64,
}

impl SignRankDist {
    pub(super) fn new(n: usize) -> Self {
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

    pub(super) fn total(&self) -> i64 {
        self.cum.len() as i64 - 1
    }

    /// P(T ≤ k).
    pub(super) fn cdf(&self, k: i64) -> f64 {
        if k < 0 {
            0.0
        } else if k >= self.total() {
            1.0
        } else {
            self.cum[k as usize] * self.scale
        }
    }

    /// P(T ≥ k), by symmetry P(T ≤ N − k).
    pub(super) fn sf(&self, k: i64) -> f64 {
        self.cdf(self.total() - k)
    }

    /// R's `qsignrank(p, n)`: the smallest q with P(T ≤ q) ≥ p (with R's 10·ε fuzz).
    pub(super) fn quantile(&self, p: f64) -> i64 {
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
    /// The p-value of T+ = `r_plus` for `alt`; a non-integral T+ (ties, zeros) is rounded
    /// conservatively, as scipy does.
    pub(super) fn p_value(&self, r_plus: f64, alt: Alternative) -> f64 {
        let lo = r_plus.ceil() as i64;
        let hi = r_plus.floor() as i64;
        match alt {
            Alternative::Less => self.cdf(lo),
            Alternative::Greater => self.sf(hi),
            Alternative::TwoSided => (2.0 * self.sf(hi).min(self.cdf(lo))).min(1.0),
        }
    }
}

/// R's exact interval: Walsh averages at the `qsignrank` quantiles. Returns the interval and the
/// confidence level R reports (lowered when the requested one is not achievable).
pub(super) fn exact_ci(
    sorted: &[f64],
    dist: &SignRankDist,
    alt: Alternative,
    conf: f64,
) -> ((f64, f64), f64) {
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn signif() {
        assert_eq!(signif2(0.0390625), 0.039);
        assert_eq!(signif2(0.1234), 0.12);
    }
}
