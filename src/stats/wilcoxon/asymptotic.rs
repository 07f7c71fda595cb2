//! The normal approximation: the tie-corrected z statistic and its p-value, and R's asymptotic
//! confidence interval (inverting the statistic as a function of the shift).

use super::ci_plan::Plan;
use super::float_order::mid_key;
use super::ranks::{shifted_rank_sums, RankStat};
use super::walsh_nearest::nearest_walsh;
use super::walsh_select::BracketEnds;
use super::Alternative;
use statrs::distribution::{ContinuousCDF, Normal};

/// The p-value of the normal approximation and the z reported for it (−|z| when two-sided, as
/// scipy reports it), with the continuity correction when `correction`.
pub(super) fn p_value(rs: &RankStat, alt: Alternative, correction: bool) -> (f64, f64) {
    let mut z = (rs.r_plus - rs.mean) / rs.sd;
    if correction {
        let sign = match alt {
            Alternative::Greater => 1.0,
            Alternative::Less => -1.0,
            Alternative::TwoSided => sign0(z),
        };
        z -= sign * 0.5 / rs.sd;
    }
    let p = match alt {
        Alternative::Less => norm_cdf(z),
        Alternative::Greater => norm_sf(z),
        Alternative::TwoSided => (2.0 * norm_sf(z.abs())).min(1.0),
    };
    let z_rep = if alt == Alternative::TwoSided {
        -z.abs()
    } else {
        z
    };
    (p, z_rep)
}

/// R's `sign`: 0 for 0.
pub(super) fn sign0(x: f64) -> f64 {
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

/// R's statistic `W(d)` of the asymptotic interval: the standardised signed-rank statistic of
/// `x - d` (zeros dropped, tie-corrected, optionally continuity-corrected). `x` sorted.
/// O(n) and allocation-free: the |x − d| are merged from the two monotone halves (negatives
/// from the middle down, positives from the middle up) and ranked group by group as they come.
/// The interval's root finding evaluates it only where its [`Plan`] cannot tell the side of the
/// root (about 64 times per bound without one).
fn shifted_z(x: &[f64], d: f64, correct: bool, alt: Alternative) -> f64 {
    match shifted_rank_sums(x, d) {
        (0, _, _) => 0.0,
        (nx, t_plus, ties) => standardised(nx, t_plus, ties, correct, alt),
    }
}

/// W from the ranking of `nx` nonzero shifted values: their T+ and tie term Σ(t³ − t).
pub(super) fn standardised(
    nx: usize,
    t_plus: f64,
    ties: f64,
    correct: bool,
    alt: Alternative,
) -> f64 {
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

/// The root of a sign-changing function on [lo, hi] (`flo`, `fhi` its values there), by
/// bisection to adjacent doubles, then snapped to the nearest Walsh average of `x` (the exact
/// location of the jump of the step function) when it is within a few ulps. `plan`, when there
/// is one, tells the side of the root of the midpoints it can vouch for (the others are
/// evaluated): the same path, with a few evaluations instead of about 64.
fn bisect_root(
    x: &[f64],
    f: impl Fn(f64) -> f64,
    plan: Option<&Plan>,
    (mut lo, mut hi): (f64, f64),
    (flo, fhi): (f64, f64),
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
        let fm = match plan.and_then(|p| p.side(mid)) {
            Some(lower_side) => flo * if lower_side { 1.0 } else { -1.0 },
            None => plan
                .and_then(|p| p.near_value(mid))
                .unwrap_or_else(|| f(mid)),
        };
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

/// R's asymptotic interval (the `conf.int` part of `wilcox.test.default` for the normal
/// approximation): widen alpha until the limits are bracketed, then find the shifts at which the
/// statistic crosses the normal quantiles. Returns the interval and the confidence level R reports.
pub(super) fn asymptotic_ci(
    sorted: &[f64],
    alt: Alternative,
    conf: f64,
    correct: bool,
    brackets: &BracketEnds,
) -> ((f64, f64), f64) {
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
    let root = |zq: f64| {
        let ends = (w_min - zq, w_max - zq);
        let plan = Plan::new(sorted, zq, correct, alt, ends, brackets);
        bisect_root(sorted, |d| w(d) - zq, plan.as_ref(), (mumin, mumax), ends)
    };
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
                // The two bounds are independent searches: one a core.
                rayon::join(
                    || root(qnorm_upper(alpha / 2.0)),
                    || root(qnorm(alpha / 2.0)),
                )
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

#[cfg(test)]
mod tests {
    use super::super::float_order::{f64_from_key, f64_key};
    use super::*;

    fn data(n: usize, seed: u64, kind: u32) -> Vec<f64> {
        let mut s = seed;
        let mut next = || {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (s >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut x: Vec<f64> = (0..n)
            .map(|_| {
                let (u, v) = (next(), next());
                match kind {
                    // integer nanoseconds, wide range, a positive shift
                    0 => ((u * 2e8).powf(1.1) * if v < 0.4 { -1.0 } else { 1.0 }).round(),
                    // log ratios
                    1 => (u * 3.0 + 0.2).ln() - (v * 3.0 + 0.2).ln() + 0.05,
                    // heavy ties
                    2 => ((u * 9.0).floor() - 3.0) * 7.0,
                    // near-duplicates: values a few ulps apart
                    4 => ((u * 300.0).floor() + 1.0).ln() * (1.0 + (v * 4.0).floor() * 1e-16) - 2.0,
                    // integers, dense around a small shift: data points at the roots
                    5 => ((u - 0.45) * 400.0 * (v + 0.5)).round(),
                    // centred on zero
                    _ => (u - v) * 1e6,
                }
            })
            .filter(|v| *v != 0.0)
            .collect();
        x.sort_by(f64::total_cmp);
        x
    }

    /// The planned bisection ends where the plain one (W evaluated at every midpoint) does.
    #[test]
    fn planned_roots_equal_plain_bisection() {
        let mut planned = 0;
        for (n, kind) in [
            (80, 0),
            (300, 1),
            (2000, 0),
            (2000, 1),
            (1500, 2),
            (3000, 3),
        ] {
            for seed in 1..4u64 {
                let x = data(n, seed * 977 + n as u64, kind);
                for correct in [false, true] {
                    for alt in [
                        Alternative::TwoSided,
                        Alternative::Greater,
                        Alternative::Less,
                    ] {
                        let w = |d: f64| shifted_z(&x, d, correct, alt);
                        let (lo, hi) = (x[0], x[x.len() - 1]);
                        for zq in [-2.5758, -1.959964, -1.6449, 1.6449, 1.959964, 2.5758] {
                            let ends = (w(lo) - zq, w(hi) - zq);
                            let plan =
                                Plan::new(&x, zq, correct, alt, ends, &BracketEnds::default());
                            planned += usize::from(plan.is_some());
                            let f = |d: f64| w(d) - zq;
                            let fast = bisect_root(&x, f, plan.as_ref(), (lo, hi), ends);
                            let plain = bisect_root(&x, f, None, (lo, hi), ends);
                            assert_eq!(
                                fast.to_bits(),
                                plain.to_bits(),
                                "n {n} kind {kind} zq {zq}"
                            );
                        }
                    }
                }
            }
        }
        assert!(planned > 200, "{planned}");
    }

    /// Near the root, W from the few pairs near it is W from ranking all values, bit for bit.
    #[test]
    fn near_root_values_equal_full_ranking() {
        let mut checked = 0;
        for (n, kind) in [
            (300, 0),
            (2000, 0),
            (2000, 1),
            (1500, 2),
            (3000, 3),
            (800, 4),
            (2500, 5),
        ] {
            let x = data(n, 31 + n as u64, kind);
            let before = checked;
            for correct in [false, true] {
                for alt in [Alternative::TwoSided, Alternative::Less] {
                    let w = |d: f64| shifted_z(&x, d, correct, alt);
                    let (lo, hi) = (x[0], x[x.len() - 1]);
                    for zq in [-1.959964, 1.6449, 2.5758] {
                        let ends = (w(lo) - zq, w(hi) - zq);
                        let Some(plan) =
                            Plan::new(&x, zq, correct, alt, ends, &BracketEnds::default())
                        else {
                            continue;
                        };
                        let root = bisect_root(&x, |d| w(d) - zq, None, (lo, hi), ends);
                        let mut d = root;
                        for step in 0..4000u32 {
                            // Walk away from the root in growing steps, on both sides.
                            let k = f64_key(root)
                                + i64::from(step / 2).pow(2) * i64::from(1 - 2 * (step % 2) as i32);
                            d = if step == 0 { d } else { f64_from_key(k) };
                            if let Some(v) = plan.near_value(d) {
                                assert_eq!(
                                    v.to_bits(),
                                    (w(d) - zq).to_bits(),
                                    "n {n} kind {kind} d {d}"
                                );
                                checked += 1;
                            }
                        }
                    }
                }
            }
            // Every kind but the heavy ties (no plan: too many equal values) has windows.
            assert!(
                kind == 2 || checked - before > 10_000,
                "kind {kind}: {}",
                checked - before
            );
        }
        assert!(checked > 5_000, "{checked}");
    }
}
