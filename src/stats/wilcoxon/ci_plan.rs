//! Where the bisection of the asymptotic interval can skip evaluating the statistic.
//!
//! R's statistic W(d) (see `asymptotic::shifted_z`) is a step function of the shift d: between
//! two consecutive Walsh averages, T+ of `x − d` is the number of Walsh averages above d, and the
//! tie term is that of the equal values of `x`. So the count c of pair sums ≤ 2d alone gives W
//! there, with the very formula `shifted_z` evaluates; the root is at the Walsh average where that
//! model of W − zq changes sign. [`Plan::side`] answers, for a double d away from that average,
//! from its two neighbouring distinct averages and from the data points, which side of the root d
//! is on; the bisection evaluates W only where it does not know. Its path, and so its result, is
//! the one of the plain bisection (which evaluates W at every step), because:
//!
//! - between two consecutive distinct Walsh averages, away from them by more than the rounding of
//!   `x − d` (`fuzz`), W is the model's value (no zero, no tie between the two signs), up to ties
//!   of values closer than `fuzz` that the subtraction may round together (bounded, and required
//!   to be smaller than the model's distance from the quantile on either side of the root);
//! - at or within `fuzz` of a Walsh average that is not a data point, the ranks of the tied or
//!   rounding-swapped pair lie between those of its two sides, and the smaller variance of the
//!   merged ties moves W·σ by a bounded amount (from the groups of equal values); the nearest
//!   averages on either side are watched (evaluated) until the model is further from the
//!   quantile than that bound, a whole step of T+ per average;
//! - at a data point (a Walsh average of a value with itself) d − x is zero and W drops one rank:
//!   it is always evaluated, as is every d within `fuzz` of the root and of its two neighbours.
//!
//! Whatever the plan cannot vouch for (few values, heavy ties, a model value
//! too close to the quantile, end points not of opposite signs) gives no plan: the plain bisection.

use super::near_root::NearRoot;
use super::walsh_select::{kth_pair_sum_and_nearest, BracketEnds};
use super::Alternative;

/// Below this many values the plain bisection is cheap enough.
const MIN_N: usize = 64;
/// The most neighbouring Walsh averages watched on each side of the root.
const MAX_STEPS: usize = 64;
/// The shifts within this many `fuzz` of the watched averages get W from [`NearRoot`].
const NEAR_WINDOW: f64 = 4.0;

/// Which side of the root of W − zq the doubles away from the root lie on.
pub(super) struct Plan<'a> {
    x: &'a [f64],
    /// The Walsh average at which the model changes sign.
    root: f64,
    /// The root and its nearest distinct Walsh averages on either side.
    watch: Vec<f64>,
    /// Rounding margin of `x − d` and of the pair sums.
    fuzz: f64,
    /// W around the watched averages, where the bisection evaluates it, without ranking all of x.
    near: Option<NearRoot>,
    /// The quantile W is compared with.
    zq: f64,
}

/// The ties of sorted `x`: of its equal values, and of its clusters of values closer than `fuzz`
/// (which subtracting a shift may round together).
struct Ties {
    /// Σ(t³ − t) over the groups of equal values.
    exact: f64,
    /// Σ(T³ − T) over the clusters.
    clusters: f64,
    /// The largest cluster and Σ T².
    max_t: f64,
    squares: f64,
}

fn ties(x: &[f64], fuzz: f64) -> Ties {
    let mut t = Ties {
        exact: 0.0,
        clusters: 0.0,
        max_t: 1.0,
        squares: 0.0,
    };
    let (mut group, mut cluster) = (0, 0);
    for e in 1..=x.len() {
        if e == x.len() || x[e] != x[group] {
            let g = (e - group) as f64;
            t.exact += g * g * g - g;
            group = e;
        }
        if e == x.len() || x[e] - x[e - 1] > fuzz {
            let c = (e - cluster) as f64;
            t.clusters += c * c * c - c;
            t.squares += c * c;
            t.max_t = t.max_t.max(c);
            cluster = e;
        }
    }
    t
}

/// How far (in units of T+) the variance's ties can move W·σ away from the model, between Walsh
/// averages (`between`: rounding of near-equal values only) and at or near one (`at`: also the
/// groups a shift d merges, the group of each value v < d (size p) with that of 2d − v (size q),
/// adding 3pq(p + q) to the tie term; Σ pq ≤ Σ T² (Cauchy–Schwarz), so at most 6 max(T) Σ T²).
fn deviations(t: &Ties, sigma: f64, zq: f64) -> (f64, f64) {
    let shrink = |extra: f64| zq.abs() * (sigma - (sigma * sigma - extra / 48.0).max(0.0).sqrt());
    let rounding = t.clusters - t.exact;
    (
        shrink(rounding),
        shrink(rounding + 6.0 * t.max_t * t.squares),
    )
}

/// The model of W − zq at c pair sums ≤ 2d, as `shifted_z` computes W (n values, no zero).
struct Model {
    total: u64,
    nxf: f64,
    sigma: f64,
    zq: f64,
    correct: bool,
    alt: Alternative,
}

impl Model {
    fn f(&self, c: u64) -> f64 {
        let nxf = self.nxf;
        let zd = (self.total - c) as f64 - nxf * (nxf + 1.0) / 4.0;
        let corr = if self.correct {
            match self.alt {
                Alternative::TwoSided => super::asymptotic::sign0(zd) * 0.5,
                Alternative::Greater => 0.5,
                Alternative::Less => -0.5,
            }
        } else {
            0.0
        };
        (zd - corr) / self.sigma - self.zq
    }

    /// The smallest count at which the model is ≤ 0 (it decreases with c), with f > 0 at c − 1.
    fn first_nonpositive(&self) -> Option<u64> {
        if !(self.f(0) > 0.0) || self.f(self.total) > 0.0 {
            return None;
        }
        let (mut lo, mut hi) = (0u64, self.total); // f(lo) > 0 >= f(hi)
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if self.f(mid) > 0.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Some(hi)
    }
}

impl<'a> Plan<'a> {
    /// The plan for the root of W − zq on sorted nonzero `x`, with W − zq at the two ends of the
    /// bracket `flo` (> 0 for a plan) and `fhi` (< 0), or `None` (see the module's conditions).
    /// Its selection starts from the brackets in `brackets` (of earlier selections on `x`).
    pub(super) fn new(
        x: &'a [f64],
        zq: f64,
        correct: bool,
        alt: Alternative,
        (flo, fhi): (f64, f64),
        brackets: &BracketEnds,
    ) -> Option<Self> {
        let n = x.len();
        if n < MIN_N || !(flo > 0.0 && fhi < 0.0) || !zq.is_finite() {
            return None;
        }
        let scale = (x[n - 1] - x[0]) + 2.0 * x[0].abs().max(x[n - 1].abs());
        let fuzz = scale * 2f64.powi(-50);
        let t = ties(x, fuzz);
        let nxf = n as f64;
        let sigma = (nxf * (nxf + 1.0) * (2.0 * nxf + 1.0) / 24.0 - t.exact / 48.0).sqrt();
        let (between, at) = deviations(&t, sigma, zq);
        // Neighbouring averages watched on each side: beyond them the model is a whole step
        // (one pair) per average further from the quantile than `at`.
        let steps = at.ceil() as usize + 1;
        if t.exact >= 2f64.powi(52) || between >= 0.5 || steps > MAX_STEPS || zq.abs() * sigma < 2.0
        {
            return None;
        }
        let total = (n as u64) * (n as u64 + 1) / 2;
        let model = Model {
            total,
            nxf,
            sigma,
            zq,
            correct,
            alt,
        };
        let c = model.first_nonpositive()?;
        // With no values closer than `fuzz`, W between Walsh averages is the model's very double;
        // else within `between` of it (plus a few ulps of its arithmetic).
        let margin = if between > 0.0 {
            between / sigma + 1e-12 * (zq.abs() + 1.0)
        } else {
            0.0
        };
        if !(model.f(c - 1) > margin && model.f(c) < -margin) {
            return None;
        }
        let (star, (below, above)) = kth_pair_sum_and_nearest(x, c - 1, steps, brackets);
        let root = star / 2.0;
        let mut watch = vec![root];
        watch.extend(below.iter().chain(&above).map(|s| s / 2.0));
        let reach = watch.iter().map(|w| (w - root).abs()).fold(0.0, f64::max);
        let near = NearRoot::new(x, root, reach + NEAR_WINDOW * fuzz, correct, alt);
        Some(Plan {
            x,
            root,
            watch,
            fuzz,
            near,
            zq,
        })
    }

    /// For a double `d` inside the bracket: `Some(true)` when W(d) − zq has the sign it has at
    /// the lower end, `Some(false)` the other sign, `None` when it must be evaluated.
    pub(super) fn side(&self, d: f64) -> Option<bool> {
        if self.watch.iter().any(|w| (d - w).abs() <= self.fuzz) {
            return None;
        }
        let k = self.x.partition_point(|&v| v < d);
        if k < self.x.len() && self.x[k] == d {
            return None;
        }
        Some(d < self.root)
    }

    /// W(d) − zq, exactly as `shifted_z` gives it, for a `d` near the watched averages (`None`
    /// elsewhere).
    pub(super) fn near_value(&self, d: f64) -> Option<f64> {
        Some(self.near.as_ref()?.value(d)? - self.zq)
    }
}
