//! R's statistic W(d) for shifts d in a small window around a point r, computed from the
//! pairs of values whose order in |x − d| rounding can change, instead of ranking all n values.
//!
//! `asymptotic::shifted_z` ranks the rounded |x_i − d| and needs three exact integers from them:
//! the number of nonzero values, T+ and the tie term Σ(t³ − t). In the pairwise form of the
//! midranks, 2T+ sums over the pairs i ≤ j of values 2, 1 or 0 as x_i + x_j is above, at or
//! below 2d: for two positive x − d always 2, for two negative 0, and for a negative and a
//! positive one as |x_i − d| is below, equal to or above x_j − d (computed as `shifted_z` does).
//!
//! The pairs whose rounded sum is further from 2r than the window (plus rounding) compare the
//! same way for every d in it: they are counted once. The others (near pairs) are kept sorted by
//! their sum: for a d, those further from 2d than the rounding are counted from the sorted sums,
//! and the few within it are compared with the very expressions `shifted_z` uses. A d equal to a
//! data point (a zero, dropped from the ranking) is left to `shifted_z`.
//!
//! Two values can round to one |x − d| only if they are a pair with sum within rounding of 2d or
//! lie on one side within the rounding error of each other (a cluster); every other value's
//! class is its group of equal values. The classes of those few values are formed for each d
//! from their rounded |x − d|. So W is the same double as `shifted_z`'s (the three integers are
//! exact in f64, whatever the order of the sums).

use std::cell::RefCell;

use super::asymptotic::standardised;
use super::float_order::f64_key;
use super::Alternative;

/// The most near pairs of distinct values, and values in clusters; beyond them, no window.
const MAX_NEAR: usize = 1 << 18;

/// A near pair: indices of two distinct values a ≤ b (a = b: the pairs of a value with itself),
/// its rounded sum and the pairs of values of x it stands for.
#[derive(Clone, Copy)]
struct Pair {
    sum: f64,
    a: u32,
    b: u32,
    weight: u64,
}

/// W(d) for d in [lo, hi] (see the module).
pub(super) struct NearRoot {
    lo: f64,
    hi: f64,
    n: usize,
    /// 2 T+ from the pairs whose share is the same for every d in the window.
    fixed2: u64,
    /// Σ(t³ − t) over every group of equal values.
    ties: u64,
    /// Rounding margin of the sums (and of |x − d|).
    err: f64,
    vals: Vec<f64>,
    counts: Vec<u64>,
    /// The near pairs, by ascending sum, and their weights summed from the top.
    near: Vec<Pair>,
    above: Vec<u64>,
    /// The values in clusters (indices).
    clustered: Vec<u32>,
    /// The last range of close pairs `merged_ties` was asked for, with its values (sorted).
    memo: RefCell<Option<((usize, usize), Vec<u32>)>>,
    correct: bool,
    alt: Alternative,
}

/// The distinct values of sorted `x` and how many times each occurs.
fn distinct(x: &[f64]) -> (Vec<f64>, Vec<u64>) {
    let (mut vals, mut counts) = (Vec::with_capacity(x.len()), Vec::with_capacity(x.len()));
    for g in x.chunk_by(|a, b| a == b) {
        vals.push(g[0]);
        counts.push(g.len() as u64);
    }
    (vals, counts)
}

/// Pairs of values of x that a pair of distinct values stands for (a = b: a value with itself).
fn weight(counts: &[u64], a: usize, b: usize) -> u64 {
    if a == b {
        counts[a] * (counts[a] + 1) / 2
    } else {
        counts[a] * counts[b]
    }
}

impl NearRoot {
    /// The evaluator for d within `half` of `r`, on sorted nonzero `x`, or `None` when too many
    /// pairs need handling for each d.
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
        let (vals, counts) = distinct(x);
        // Pairs whose rounded sum is within `band` of 2r are compared for each d; beyond it the
        // exact order (x_i + x_j against 2d) holds by more than the rounding of both sides.
        let band = 6.0 * err + 2.0 * half;
        let (fixed, mut near) = pairs_near(&vals, &counts, 2.0 * r, band)?;
        near.sort_unstable_by_key(|p| f64_key(p.sum));
        let mut above = vec![0u64; near.len() + 1];
        for k in (0..near.len()).rev() {
            above[k] = above[k + 1] + near[k].weight;
        }
        let clustered = clustered(&vals, 2.0 * err);
        if clustered.len() > MAX_NEAR {
            return None;
        }
        Some(NearRoot {
            lo: r - half,
            hi: r + half,
            n,
            fixed2: 2 * fixed,
            ties: counts.iter().map(|&t| t * t * t - t).sum(),
            err,
            vals,
            counts,
            near,
            above,
            clustered,
            memo: RefCell::new(None),
            correct,
            alt,
        })
    }

    /// W(d), when d is in the window and no data point.
    pub(super) fn value(&self, d: f64) -> Option<f64> {
        if !(self.lo <= d && d <= self.hi) {
            return None;
        }
        let at = self.vals.partition_point(|&v| v < d);
        if self.vals.get(at) == Some(&d) {
            return None;
        }
        // Pairs clearly above 2d count 2 each; those within rounding of it, as `shifted_z` ranks.
        let (from, to) = (
            self.near
                .partition_point(|p| p.sum < 2.0 * d - 6.0 * self.err),
            self.near
                .partition_point(|p| p.sum <= 2.0 * d + 6.0 * self.err),
        );
        let mut t2 = self.fixed2 + 2 * self.above[to];
        for p in &self.near[from..to] {
            t2 += self.share2(p, d);
        }
        let ties = self.ties + self.merged_ties((from, to), d);
        Some(standardised(
            self.n,
            t2 as f64 / 2.0,
            ties as f64,
            self.correct,
            self.alt,
        ))
    }

    /// 2 × the pair's share of T+ at d, from the rounded |x − d| as `shifted_z` compares them.
    fn share2(&self, p: &Pair, d: f64) -> u64 {
        let (za, zb) = (self.vals[p.a as usize] - d, self.vals[p.b as usize] - d);
        match (za > 0.0, zb > 0.0) {
            (true, true) => 2 * p.weight,
            (false, false) => 0,
            (a_positive, _) => {
                let (neg, pos) = if a_positive { (-zb, za) } else { (-za, zb) };
                if neg < pos {
                    2 * p.weight
                } else if neg == pos {
                    p.weight
                } else {
                    0
                }
            }
        }
    }

    /// How the classes of equal rounded |x − d| change Σ(t³ − t) from the groups of equal
    /// values: among the values of the pairs `close` to 2d (the range of `near`) and those in
    /// clusters. The values are kept for the next d of the same range (the bisection's last
    /// steps all have one), and their |x − d| come in order from one merge of the values below
    /// and above d (each side monotone) instead of a sort.
    fn merged_ties(&self, close: (usize, usize), d: f64) -> u64 {
        let mut memo = self.memo.borrow_mut();
        if memo.as_ref().map(|m| m.0) != Some(close) {
            let mut ks: Vec<u32> = self.near[close.0..close.1]
                .iter()
                .filter(|p| p.a != p.b)
                .flat_map(|p| [p.a, p.b])
                .chain(self.clustered.iter().copied())
                .collect();
            ks.sort_unstable();
            ks.dedup();
            *memo = Some((close, ks));
        }
        let ks = &memo.as_ref().expect("just set").1;
        if ks.len() < 2 {
            return 0;
        }
        let mag = |k: u32| ((self.vals[k as usize] - d).abs(), self.counts[k as usize]);
        // The values below d have |x − d| falling with the index, those above rising.
        let split = ks.partition_point(|&k| self.vals[k as usize] - d < 0.0);
        let (mut below, mut above) = (split, split);
        let mut mags: Vec<(f64, u64)> = Vec::with_capacity(ks.len());
        while below > 0 || above < ks.len() {
            let take_below =
                above == ks.len() || below > 0 && mag(ks[below - 1]).0 <= mag(ks[above]).0;
            if take_below {
                below -= 1;
                mags.push(mag(ks[below]));
            } else {
                mags.push(mag(ks[above]));
                above += 1;
            }
        }
        mags.chunk_by(|a, b| a.0 == b.0)
            .filter(|class| class.len() > 1)
            .map(|class| {
                let t: u64 = class.iter().map(|m| m.1).sum();
                let apart: u64 = class.iter().map(|m| m.1 * m.1 * m.1 - m.1).sum();
                t * t * t - t - apart
            })
            .sum()
    }
}

/// The distinct values within `gap` of a neighbour (values that rounding may make equal).
fn clustered(vals: &[f64], gap: f64) -> Vec<u32> {
    (0..vals.len())
        .filter(|&k| {
            (k > 0 && vals[k] - vals[k - 1] <= gap)
                || (k + 1 < vals.len() && vals[k + 1] - vals[k] <= gap)
        })
        .map(|k| k as u32)
        .collect()
}

/// Over the pairs a ≤ b of distinct values: the pairs of values of x whose rounded sum exceeds
/// `target + band`, and the pairs within `band` of `target`.
fn pairs_near(vals: &[f64], counts: &[u64], target: f64, band: f64) -> Option<(u64, Vec<Pair>)> {
    let m = vals.len();
    // suffix[j]: the values of x at or above vals[j].
    let mut suffix = vec![0u64; m + 1];
    for j in (0..m).rev() {
        suffix[j] = suffix[j + 1] + counts[j];
    }
    let (mut fixed, mut near) = (0u64, Vec::new());
    // For each a (ascending), the first b with sum > target + band and the first with
    // sum >= target - band: both move down as a grows.
    let (mut far, mut close) = (m, m);
    for a in 0..m {
        let v = vals[a];
        while far > a && v + vals[far - 1] > target + band {
            far -= 1;
        }
        while close > a && v + vals[close - 1] >= target - band {
            close -= 1;
        }
        let f = far.max(a);
        fixed += counts[a] * suffix[f];
        if f == a {
            // The pairs of a value with itself: t(t+1)/2, not t².
            fixed -= counts[a] * counts[a] - weight(counts, a, a);
        }
        if close.max(a) < f {
            near.extend((close.max(a)..f).map(|b| Pair {
                sum: v + vals[b],
                a: a as u32,
                b: b as u32,
                weight: weight(counts, a, b),
            }));
            if near.len() > MAX_NEAR {
                return None;
            }
        }
    }
    Some((fixed, near))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `pairs_near` by its definition, over all pairs a ≤ b.
    fn by_definition(vals: &[f64], counts: &[u64], target: f64, band: f64) -> (u64, Vec<[u64; 3]>) {
        let (mut fixed, mut near) = (0, Vec::new());
        for a in 0..vals.len() {
            for b in a..vals.len() {
                let sum = vals[a] + vals[b];
                if sum > target + band {
                    fixed += weight(counts, a, b);
                } else if sum >= target - band {
                    near.push([a as u64, b as u64, weight(counts, a, b)]);
                }
            }
        }
        (fixed, near)
    }

    /// The two walks give the pairs of the definition: integers with sums exactly at both
    /// edges of the band, a zero band, and continuous values.
    #[test]
    fn near_pairs_match_their_definition() {
        let mut state = 0x853c_49e6_748f_ea9bu64;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as f64 / (1u64 << 31) as f64
        };
        for round in 0..200 {
            let n = 1 + round % 37;
            let mut x: Vec<f64> = (0..n)
                .map(|_| match round % 3 {
                    0 => (next() * 20.0).floor() - 10.0,
                    1 => next() - 0.5,
                    _ => ((next() * 6.0).floor() - 3.0) * 0.25,
                })
                .filter(|v| *v != 0.0)
                .collect();
            x.sort_by(f64::total_cmp);
            let (vals, counts) = distinct(&x);
            let (target, band) = match round % 4 {
                0 => (0.0, 0.0),
                1 => (2.0, 1.0),
                2 => (-1.0, 0.5),
                _ => (next() - 0.5, next() * 0.1),
            };
            let want = by_definition(&vals, &counts, target, band);
            let (fixed, near) = pairs_near(&vals, &counts, target, band).expect("few pairs");
            let got: Vec<[u64; 3]> = near
                .iter()
                .map(|p| [p.a.into(), p.b.into(), p.weight])
                .collect();
            assert_eq!(
                (fixed, got),
                want,
                "round {round}: {vals:?} {target} {band}"
            );
        }
    }
}
