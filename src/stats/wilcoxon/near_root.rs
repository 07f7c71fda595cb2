//! R's statistic W(d) for shifts d in a small window around a point r, computed from the few
//! values whose order in |x − d| rounding can change, instead of ranking all n values.
//!
//! `asymptotic::shifted_z` ranks the rounded |x_i − d| and needs three exact integers from them:
//! the number of nonzero values, T+ and the tie term Σ(t³ − t). With no data point in the window
//! (so every x − d keeps its sign), for the a negatives and P positives:
//!
//! - T+ = P(P+1)/2 + C< + C=/2, where C< counts the pairs (negative i, positive j) with
//!   |x_i − d| < x_j − d and C= those with the two equal (the pairwise form of the midranks);
//! - Σ(t³ − t) runs over the classes of equal rounded |x − d|.
//!
//! Away from 2r by more than the rounding error, the comparison of a pair is that of x_i + x_j
//! with 2d, the same for every d in the window: such pairs are counted once. Only the pairs with
//! x_i + x_j near 2r are compared for each d, with the very expressions `shifted_z` uses. Two
//! values can round to one |x − d| only if they are such a pair or lie on one side within the
//! rounding error of each other (a cluster); every other value's class is its group of equal
//! values, counted once. The classes of the values in clusters and near pairs are formed for
//! each d from their rounded |x − d|. So W is the same double as `shifted_z`'s (the three
//! integers are exact in f64, whatever the order of the sums).

use super::asymptotic::standardised;
use super::Alternative;

/// The most pairs of distinct values near 2r, and values in them or in clusters, handled for
/// each d; beyond them, no window.
const MAX_NEAR: usize = 1 << 14;

/// A distinct value of x, how many times it occurs, and whether it is below r.
#[derive(Clone, Copy)]
struct Value {
    v: f64,
    count: u64,
    negative: bool,
}

impl Value {
    /// |x − d| as `shifted_z` rounds it.
    fn magnitude(&self, d: f64) -> f64 {
        if self.negative {
            -(self.v - d)
        } else {
            self.v - d
        }
    }
}

/// W(d) for d in [lo, hi] (see the module).
pub(super) struct NearRoot {
    lo: f64,
    hi: f64,
    n: usize,
    /// 2 T+ from the pairs whose order is the same for every d in the window, P(P+1) included.
    fixed2: u64,
    /// Σ(t³ − t) of the groups of equal values outside clusters and near pairs.
    fixed_ties: u64,
    /// The values in clusters or near pairs.
    involved: Vec<Value>,
    /// The near pairs: indices into `involved` of a negative and a positive value.
    near: Vec<(u32, u32)>,
    correct: bool,
    alt: Alternative,
}

/// The distinct values of sorted `x` and how many times each occurs.
fn distinct(x: &[f64]) -> (Vec<f64>, Vec<u64>) {
    x.chunk_by(|a, b| a == b)
        .map(|g| (g[0], g.len() as u64))
        .unzip()
}

impl NearRoot {
    /// The evaluator for d within `half` of `r`, on sorted nonzero `x`, or `None` when a data
    /// point is in the window or too many values need handling for each d.
    pub(super) fn new(
        x: &[f64],
        r: f64,
        half: f64,
        correct: bool,
        alt: Alternative,
    ) -> Option<Self> {
        let n = x.len();
        if n == 0 || !r.is_finite() || !(half >= 0.0) {
            return None;
        }
        // A bound on the rounding error of x − d and of x_i + x_j (four times the largest).
        let big = x[0].abs().max(x[n - 1].abs()) + r.abs() + half;
        let err = big * 2f64.powi(-51);
        let a = x.partition_point(|&v| v < r);
        let guard = half + 2.0 * err;
        if x[a.saturating_sub(1)..(a + 1).min(n)]
            .iter()
            .any(|&v| (v - r).abs() <= guard)
        {
            return None;
        }
        let (vals, counts) = distinct(x);
        let split = vals.partition_point(|&v| v < r);
        // Pairs whose rounded sum is within `band` of 2r are compared for each d; beyond it the
        // exact order (x_i + x_j against 2d) holds by more than the rounding of both sides.
        let band = 6.0 * err + 2.0 * half;
        let (above, pairs) = pairs_near(&vals, &counts, split, 2.0 * r, band)?;
        let mut flag = clustered(&vals, split, 2.0 * err);
        for &(i, j) in &pairs {
            flag[i] = true;
            flag[j] = true;
        }
        let mut index = vec![u32::MAX; vals.len()];
        let mut involved = Vec::new();
        let mut fixed_ties = 0;
        for (k, (&v, &t)) in vals.iter().zip(&counts).enumerate() {
            if flag[k] {
                index[k] = involved.len() as u32;
                involved.push(Value {
                    v,
                    count: t,
                    negative: k < split,
                });
            } else {
                fixed_ties += t * t * t - t;
            }
        }
        if involved.len() > MAX_NEAR {
            return None;
        }
        let near = pairs.iter().map(|&(i, j)| (index[i], index[j])).collect();
        let p = (n - a) as u64;
        Some(NearRoot {
            lo: r - half,
            hi: r + half,
            n,
            fixed2: p * (p + 1) + 2 * above,
            fixed_ties,
            involved,
            near,
            correct,
            alt,
        })
    }

    /// W(d), when d is in the window.
    pub(super) fn value(&self, d: f64) -> Option<f64> {
        if !(self.lo <= d && d <= self.hi) {
            return None;
        }
        let mut t2 = self.fixed2;
        for &(i, j) in &self.near {
            let (a, b) = (self.involved[i as usize], self.involved[j as usize]);
            let (u, v) = (a.magnitude(d), b.magnitude(d));
            if u < v {
                t2 += 2 * a.count * b.count;
            } else if u == v {
                t2 += a.count * b.count;
            }
        }
        let ties = self.fixed_ties + self.class_ties(d);
        Some(standardised(
            self.n,
            t2 as f64 / 2.0,
            ties as f64,
            self.correct,
            self.alt,
        ))
    }

    /// Σ(t³ − t) over the classes of equal rounded |x − d| of the involved values.
    fn class_ties(&self, d: f64) -> u64 {
        let mut mags: Vec<(f64, u64)> = self
            .involved
            .iter()
            .map(|v| (v.magnitude(d), v.count))
            .collect();
        mags.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
        mags.chunk_by(|a, b| a.0 == b.0)
            .map(|class| class.iter().map(|m| m.1).sum::<u64>())
            .map(|t| t * t * t - t)
            .sum()
    }
}

/// Flags of the distinct values within `gap` of a neighbour on their side of `split` (values
/// that rounding may make equal).
fn clustered(vals: &[f64], split: usize, gap: f64) -> Vec<bool> {
    let mut flag = vec![false; vals.len()];
    for k in 1..vals.len() {
        if k != split && vals[k] - vals[k - 1] <= gap {
            flag[k] = true;
            flag[k - 1] = true;
        }
    }
    flag
}

/// For the negative distinct values `vals[..split]` and the positive ones `vals[split..]`: the
/// number of (negative, positive) pairs of values of x (with their counts) whose rounded sum
/// exceeds `target + band`, and the pairs of distinct values (indices) within `band` of it.
fn pairs_near(
    vals: &[f64],
    counts: &[u64],
    split: usize,
    target: f64,
    band: f64,
) -> Option<(u64, Vec<(usize, usize)>)> {
    let m = vals.len();
    // suffix[j]: the values of x at or above vals[j].
    let mut suffix = vec![0u64; m + 1];
    for j in (0..m).rev() {
        suffix[j] = suffix[j + 1] + counts[j];
    }
    let (mut above, mut near) = (0u64, Vec::new());
    // For each negative (ascending), the first positive with sum > target + band and the
    // first with sum >= target - band: both move down as the negative grows.
    let (mut far, mut close) = (m, m);
    for i in 0..split {
        let v = vals[i];
        while far > split && v + vals[far - 1] > target + band {
            far -= 1;
        }
        while close > split && v + vals[close - 1] >= target - band {
            close -= 1;
        }
        above += counts[i] * suffix[far];
        near.extend((close..far).map(|j| (i, j)));
        if near.len() > MAX_NEAR {
            return None;
        }
    }
    Some((above, near))
}
