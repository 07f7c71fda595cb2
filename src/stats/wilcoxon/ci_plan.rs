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
//!   `x − d` (`fuzz`), W is exactly the model's value (no zero, no tie between the two signs);
//! - at or within `fuzz` of a Walsh average that is not a data point, the ranks of the tied or
//!   rounding-swapped pair lie between those of its two sides, and the smaller variance of the
//!   merged ties moves W by less than half a step of T+ (checked from the largest group of equal
//!   values); the model values on either side of the root's neighbours differ from zero by a whole
//!   step, so the side is the model's;
//! - at a data point (a Walsh average of a value with itself) d − x is zero and W drops one rank:
//!   it is always evaluated, as is every d within `fuzz` of the root and of its two neighbours.
//!
//! Whatever the plan cannot vouch for (few values, near-duplicate values, heavy ties, a model value
//! too close to the quantile, end points not of opposite signs) gives no plan: the plain bisection.

use super::walsh_select::{kth_pair_sums, neighbour_sums};
use super::Alternative;

/// Below this many values the plain bisection is cheap enough.
const MIN_N: usize = 64;

/// Which side of the root of W − zq the doubles away from the root lie on.
pub(super) struct Plan<'a> {
    x: &'a [f64],
    /// The Walsh average at which the model changes sign.
    root: f64,
    /// The root and its neighbouring distinct Walsh averages (where present).
    watch: [Option<f64>; 3],
    /// Rounding margin of `x − d` and of the pair sums.
    fuzz: f64,
}

/// The tie term Σ(t³ − t) of the equal values of sorted `x` and the largest group; `None` when two
/// distinct values are so close that subtracting a shift could round them together.
fn tie_groups(x: &[f64], fuzz: f64) -> Option<(f64, usize)> {
    let (mut ties, mut max_t, mut s) = (0.0, 1, 0);
    for e in 1..=x.len() {
        if e < x.len() && x[e] == x[s] {
            continue;
        }
        if e < x.len() && x[e] - x[e - 1] <= fuzz {
            return None;
        }
        let t = (e - s) as f64;
        ties += t * t * t - t;
        max_t = max_t.max(e - s);
        s = e;
    }
    (ties < 2f64.powi(52)).then_some((ties, max_t))
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
    pub(super) fn new(
        x: &'a [f64],
        zq: f64,
        correct: bool,
        alt: Alternative,
        (flo, fhi): (f64, f64),
    ) -> Option<Self> {
        let n = x.len();
        if n < MIN_N || !(flo > 0.0 && fhi < 0.0) || !zq.is_finite() {
            return None;
        }
        let scale = (x[n - 1] - x[0]) + 2.0 * x[0].abs().max(x[n - 1].abs());
        let fuzz = scale * 2f64.powi(-50);
        let (ties, max_t) = tie_groups(x, fuzz)?;
        let nxf = n as f64;
        let sigma = (nxf * (nxf + 1.0) * (2.0 * nxf + 1.0) / 24.0 - ties / 48.0).sqrt();
        // The variance of the most ties a shift can merge: 3 t² Σ(sizes) ≤ 3 t² n.
        let merged = 3.0 * (max_t * max_t) as f64 * nxf / 48.0;
        let s_min = (sigma * sigma - merged).max(0.0).sqrt();
        if zq.abs() * (sigma - s_min) >= 0.5 || zq.abs() * sigma < 2.0 {
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
        let margin = 1e-9 * (zq.abs() + 1.0);
        if !(model.f(c - 1) > margin && model.f(c) < -margin) {
            return None;
        }
        let star = kth_pair_sums(x, c - 1).0;
        let (below, above) = neighbour_sums(x, star);
        Some(Plan {
            x,
            root: star / 2.0,
            watch: [
                Some(star / 2.0),
                below.map(|s| s / 2.0),
                above.map(|s| s / 2.0),
            ],
            fuzz,
        })
    }

    /// For a double `d` inside the bracket: `Some(true)` when W(d) − zq has the sign it has at
    /// the lower end, `Some(false)` the other sign, `None` when it must be evaluated.
    pub(super) fn side(&self, d: f64) -> Option<bool> {
        if self
            .watch
            .iter()
            .flatten()
            .any(|w| (d - w).abs() <= self.fuzz)
        {
            return None;
        }
        let k = self.x.partition_point(|&v| v < d);
        if k < self.x.len() && self.x[k] == d {
            return None;
        }
        Some(d < self.root)
    }
}
