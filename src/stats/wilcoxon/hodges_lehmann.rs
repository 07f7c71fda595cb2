//! The Hodges–Lehmann estimate and the order statistics of the Walsh averages (x_i + x_j)/2,
//! i ≤ j, by selection (never materialising the n(n+1)/2 averages).

use super::walsh_count::count_le;
use super::walsh_select::{kth_pair_sum, kth_pair_sums_keeping, BracketEnds};
use crate::stats::StatsError;

/// The Hodges–Lehmann estimate of location of a sample: the median of its Walsh averages
/// (x_i + x_j)/2, i ≤ j (all values, zeros included; [`super::wilcoxon`] passes the nonzero ones).
///
/// Time: O(n log n) (a few linear passes of selection), memory O(n) (never materialising the
/// n(n+1)/2 averages).
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
/// Time: O(n log n), memory O(n).
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

/// The k-th smallest (0-based) Walsh average of sorted `x`: half the k-th smallest pair sum,
/// selected exactly ([`kth_pair_sum`]: what bisection over the doubles on the value of the
/// sum finds, in a few linear passes).
pub(super) fn walsh_kth_sorted(x: &[f64], k: u64) -> f64 {
    kth_pair_sum(x, k) / 2.0
}

/// Median of the Walsh averages of sorted `x` (R: `median(diffs)`).
pub(super) fn walsh_median_sorted(x: &[f64]) -> f64 {
    walsh_median_keeping(x, &mut BracketEnds::default())
}

/// [`walsh_median_sorted`], keeping the selection's brackets in `brackets` for the interval's
/// selections on `x`.
pub(super) fn walsh_median_keeping(x: &[f64], brackets: &mut BracketEnds) -> f64 {
    let n = x.len() as u64;
    let total = n * (n + 1) / 2;
    if total % 2 == 1 {
        kth_pair_sums_keeping(x, total / 2, brackets).0 / 2.0
    } else {
        let (a, b) = kth_pair_sums_keeping(x, total / 2 - 1, brackets);
        let b = b.expect("an even count has a next sum");
        (a / 2.0 + b / 2.0) / 2.0
    }
}

/// `walsh_median_sorted(x) > 0.0`, from the count of pair sums at or below zero (one pass)
/// where that count decides it. It does unless the two middle sums of an even count straddle
/// zero, or values below 2^-1000 in magnitude could make a nonzero sum halve to zero: then the
/// median itself.
pub(super) fn walsh_median_above_zero(x: &[f64]) -> bool {
    let n = x.len() as u64;
    let total = n * (n + 1) / 2;
    if total == 0 || x.iter().any(|v| v.abs() < 2f64.powi(-1000)) {
        return walsh_median_sorted(x) > 0.0;
    }
    // Every nonzero sum is a multiple of 2^-1052: it and its halves keep their sign.
    let at_or_below = count_le(x, 0.0);
    let k = (total - 1) / 2; // the (lower) middle sum, 0-based
    if total % 2 == 1 || at_or_below <= k || at_or_below >= k + 2 {
        at_or_below <= k
    } else {
        walsh_median_sorted(x) > 0.0
    }
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

    /// The sign from one count is the sign of the median: odd and even counts, medians of both
    /// signs, zero and straddling middle sums, ties, and values small enough to underflow.
    #[test]
    fn median_sign_by_counting() {
        let mut seed = 11u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as i64 % 9 - 4
        };
        let mut checked = [0usize; 2];
        for n in 1..40 {
            for scale in [1.0, 0.25, 1e-310] {
                for _ in 0..20 {
                    let mut x: Vec<f64> = (0..n)
                        .map(|_| next() as f64 * scale)
                        .filter(|v| *v != 0.0)
                        .collect();
                    x.sort_by(f64::total_cmp);
                    if x.is_empty() {
                        continue;
                    }
                    let want = walsh_median_sorted(&x) > 0.0;
                    assert_eq!(walsh_median_above_zero(&x), want, "{x:?}");
                    checked[usize::from(want)] += 1;
                }
            }
        }
        assert!(checked[0] > 100 && checked[1] > 100, "{checked:?}");
    }
}
