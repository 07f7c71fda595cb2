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

/// The ranking of the nonzero |x − d| of sorted `x` (as rounded): how many there are, T+ and the
/// tie term Σ(t³ − t). O(n) and allocation-free: the |x − d| are merged from the two monotone
/// halves (negatives from the middle down, positives from the middle up) and ranked group by
/// group as they come. Both sums are exact (integers and halves below 2^53).
pub(super) fn shifted_rank_sums(x: &[f64], d: f64) -> (usize, f64, f64) {
    let n = x.len();
    let a = x.partition_point(|v| v - d < 0.0);
    let b = x.partition_point(|v| v - d <= 0.0);
    let (mut i, mut j) = (a, b);
    let mut ranks = TieRanks::default();
    while i > 0 || j < n {
        if i > 0 && (j == n || -(x[i - 1] - d) <= x[j] - d) {
            i -= 1;
            ranks.push(-(x[i] - d), false);
        } else {
            ranks.push(x[j] - d, true);
            j += 1;
        }
    }
    let (t_plus, ties) = ranks.finish();
    (a + n - b, t_plus, ties)
}

/// [`signed_rank_statistic`] for [`ZeroMethod::Wilcox`] of the nonzero values, sorted: the same
/// numbers from one merge instead of a sort of |v|.
pub(super) fn sorted_signed_rank_statistic(sorted_nonzero: &[f64]) -> RankStat {
    let (_, r_plus, tie_correct) = shifted_rank_sums(sorted_nonzero, 0.0);
    let count = sorted_nonzero.len() as f64;
    let se = count * (count + 1.0) * (2.0 * count + 1.0);
    RankStat {
        r_plus,
        count: sorted_nonzero.len(),
        mean: count * (count + 1.0) * 0.25,
        sd: ((se - tie_correct / 2.0) / 24.0).sqrt(),
        has_ties: tie_correct > 0.0,
    }
}

/// Mid-ranks of ascending values fed one at a time: the sum of the ranks of the positive ones
/// (T+) and the tie term Σ(t³ − t), added group by group in order.
#[derive(Default)]
struct TieRanks {
    /// Values ranked before the current group.
    before: usize,
    /// The current group: its value, size and how many of it are positive.
    value: f64,
    size: usize,
    positive: usize,
    t_plus: f64,
    ties: f64,
}

impl TieRanks {
    fn push(&mut self, v: f64, positive: bool) {
        if self.size > 0 && v == self.value {
            self.size += 1;
        } else {
            self.close_group();
            self.value = v;
            self.size = 1;
        }
        self.positive += usize::from(positive);
    }

    fn close_group(&mut self) {
        if self.size == 0 {
            return;
        }
        let (s, e) = (self.before, self.before + self.size);
        let r = (s + 1 + e) as f64 / 2.0;
        self.t_plus += r * self.positive as f64;
        let t = self.size as f64;
        self.ties += t * t * t - t;
        self.before = e;
        self.size = 0;
        self.positive = 0;
    }

    fn finish(mut self) -> (f64, f64) {
        self.close_group();
        (self.t_plus, self.ties)
    }
}
