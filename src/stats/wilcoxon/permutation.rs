//! The exact sign-flip distribution of T+ with midranks: scipy's `auto` choice for small samples
//! with ties or zeros (`PermutationMethod()` over all 2^n sign flips when 2^n ≤ 9999, n ≤ 13).

use super::Alternative;

/// Largest sample (zeros included) for which scipy 1.17's `auto` enumerates every sign flip:
/// 2^13 = 8192 ≤ 9999, its default number of resamples.
pub(super) const MAX_PERMUTATION_N: usize = 13;

/// P-value of T+ (the sum of the midranks of the positive values of `ranked`) against the
/// distribution of T+ over every assignment of signs to the nonzero values.
///
/// Midranks are multiples of 1/2, so the sums are counted exactly on doubled ranks (subset sums
/// by dynamic programming over the multiset of ranks). Zeros carry no rank (Wilcox's method) and
/// flipping them changes nothing, so they scale both counts alike and drop out of the fraction.
/// Two-sided: 2 · min(P(T ≤ t), P(T ≥ t)), clipped to 1, as `scipy.stats.permutation_test` does.
pub(super) fn p_value(doubled_ranks: &[u64], doubled_t_plus: u64, alt: Alternative) -> f64 {
    let total: u64 = doubled_ranks.iter().sum();
    // counts[s] = number of sign assignments whose doubled T+ is s.
    let mut counts = vec![0f64; total as usize + 1];
    counts[0] = 1.0;
    let mut top = 0usize;
    for &r in doubled_ranks {
        let r = r as usize;
        for s in (0..=top).rev() {
            let c = counts[s];
            if c != 0.0 {
                counts[s + r] += c;
            }
        }
        top += r;
    }
    let all = 2f64.powi(doubled_ranks.len() as i32);
    let t = doubled_t_plus as usize;
    let le = counts[..=t.min(total as usize)].iter().sum::<f64>() / all;
    let ge = counts[t.min(total as usize + 1)..].iter().sum::<f64>() / all;
    match alt {
        Alternative::Less => le,
        Alternative::Greater => ge,
        Alternative::TwoSided => (2.0 * le.min(ge)).min(1.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enumerates_sign_flips() {
        // Ranks 1, 2, 3 (doubled 2, 4, 6): T+ over the 8 flips is 0,1,2,3,3,4,5,6.
        let r = [2, 4, 6];
        assert_eq!(p_value(&r, 6, Alternative::Greater), 5.0 / 8.0);
        assert_eq!(p_value(&r, 6, Alternative::Less), 5.0 / 8.0);
        assert_eq!(p_value(&r, 12, Alternative::Greater), 1.0 / 8.0);
        assert_eq!(p_value(&r, 12, Alternative::TwoSided), 2.0 / 8.0);
        // Tied midranks 1.5, 1.5, 3 (doubled 3, 3, 6): T+ in {0, 1.5, 1.5, 3, 3, 4.5, 4.5, 6}.
        let t = [3, 3, 6];
        assert_eq!(p_value(&t, 9, Alternative::Greater), 3.0 / 8.0);
        assert_eq!(p_value(&t, 9, Alternative::Less), 7.0 / 8.0);
    }
}
