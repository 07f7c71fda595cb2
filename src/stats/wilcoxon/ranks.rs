//! Signed ranks: midranks of |d|, T+ and the moments of its normal approximation.

use super::ZeroMethod;

/// T+ and the moments of its normal approximation, scipy's `_wilcoxon_statistic`.
pub(super) struct RankStat {
    pub(super) r_plus: f64,
    pub(super) count: usize,
    pub(super) mean: f64,
    pub(super) sd: f64,
    pub(super) has_ties: bool,
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

/// Doubled midranks of `|v|` (integers: midranks are multiples of 1/2) and the doubled T+, for
/// values that are all nonzero.
pub(super) fn doubled_ranks(v: &[f64]) -> (Vec<u64>, u64) {
    let (ranks, _) = abs_midranks(v);
    let doubled: Vec<u64> = ranks.iter().map(|r| (2.0 * r) as u64).collect();
    let t = v
        .iter()
        .zip(&doubled)
        .filter(|(x, _)| **x > 0.0)
        .map(|(_, r)| r)
        .sum();
    (doubled, t)
}

pub(super) fn signed_rank_statistic(v: &[f64], zero_method: ZeroMethod) -> RankStat {
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
