//! The statistics of one row of a comparison (one ply, or all plies) from exact integer units.

use statrs::distribution::{ContinuousCDF, Normal};

use crate::stats::summary::{bootstrap_ratio_of_means, geometric_mean, median};
use crate::stats::wilcoxon::{
    ratio_test_with_other, wilcoxon_with, wilcoxon_with_other, Alternative, Estimates,
    WilcoxonOptions,
};
use crate::stats::StatsError;

use super::{
    AnalyzeOptions, Effect, IntervalMethod, MeanSd, PlyRow, RankTest, Relation, TimePerNode,
};

/// One unit of the statistics: a position with its `k` paired repeats summed (or one pair).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Unit {
    pub(super) ply: u32,
    pub(super) k: u64,
    pub(super) b_ns: u128,
    pub(super) c_ns: u128,
    pub(super) b_nodes: u128,
    pub(super) c_nodes: u128,
    pub(super) b_probes: u64,
    pub(super) c_probes: u64,
}

impl Unit {
    /// `scale` × (mean baseline time − mean candidate time) in ns, exactly (`scale` is a
    /// multiple of `k`); as f64, exact below 2^53.
    pub(super) fn diff(&self, scale: u64) -> f64 {
        let d = (self.b_ns as i128 - self.c_ns as i128) * i128::from(scale / self.k);
        // As `to_f64`: the 64-bit conversion where it fits.
        let small = d as i64;
        if i128::from(small) == d {
            small as f64
        } else {
            std::hint::black_box(d) as f64
        }
    }
    fn b_ms(&self) -> f64 {
        to_f64(self.b_ns) / self.k as f64 / 1e6
    }
    fn c_ms(&self) -> f64 {
        to_f64(self.c_ns) / self.k as f64 / 1e6
    }
}

/// `v as f64`, by the hardware's u64 conversion when `v` fits (the same rounding; u128's and
/// i128's are library calls of about 50 instructions). The wide path goes through
/// `black_box`: without it LLVM folds both paths into the library call, since they give the same
/// value.
fn to_f64(v: u128) -> f64 {
    let small = v as u64;
    if u128::from(small) == v {
        small as f64
    } else {
        std::hint::black_box(v) as f64
    }
}

fn mean_sd(x: &[f64]) -> MeanSd {
    let n = x.len() as f64;
    let mean = x.iter().sum::<f64>() / n;
    let sd = if x.len() <= 1 {
        0.0
    } else {
        (x.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0)).sqrt()
    };
    MeanSd { mean, sd }
}

pub(super) fn ply_row(
    ply: Option<u32>,
    units: &[Unit],
    scale: u64,
    opts: &AnalyzeOptions,
) -> PlyRow {
    let mut notes = Vec::new();
    let mut note = |what: &str, e: StatsError| notes.push(format!("{what}: {e}"));
    let b: Vec<f64> = units.iter().map(Unit::b_ms).collect();
    let c: Vec<f64> = units.iter().map(Unit::c_ms).collect();

    // Reserved: a vector collected through a filter grows by copying.
    let mut ratios: Vec<f64> = Vec::with_capacity(b.len());
    ratios.extend(
        b.iter()
            .zip(&c)
            .filter(|(x, y)| **x > 0.0 && **y > 0.0)
            .map(|(x, y)| x / y),
    );
    let mut zero_note = None;
    if ratios.len() < b.len() {
        zero_note = Some(format!(
            "{} pairs with a zero time left out of the ratios",
            b.len() - ratios.len()
        ));
    }
    let median_ratio = median(&ratios).map_err(|e| note("median ratio", e)).ok();
    let geomean_ratio = geometric_mean(&ratios)
        .map_err(|e| note("geometric-mean ratio", e))
        .ok();

    let (speedup_ci, speedup_ci_method) = if opts.bootstrap_resamples == 0 {
        (None, None)
    } else if b.len() > opts.bootstrap_max_pairs {
        let ci = delta_method_speedup_ci(&b, &c, opts.confidence);
        (ci, ci.map(|_| IntervalMethod::DeltaMethod))
    } else {
        let seed = opts.seed
            ^ (ply.map(|p| p as u64 + 1).unwrap_or(0)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let ci = bootstrap_ratio_of_means(&b, &c, opts.bootstrap_resamples, seed, opts.confidence)
            // The bootstrap gives candidate/baseline: invert to a speed-up.
            .map(|(_, lo, hi)| (1.0 / hi, 1.0 / lo))
            .map_err(|e| note("bootstrap", e))
            .ok();
        (ci, ci.map(|_| IntervalMethod::Bootstrap))
    };

    let d: Vec<f64> = units.iter().map(|u| u.diff(scale)).collect();
    let two_sided = WilcoxonOptions {
        alternative: Alternative::TwoSided,
        confidence: opts.confidence,
        ..WilcoxonOptions::default()
    };
    // The tests on the differences and on the log ratios are independent: one a core.
    let (test, effect) = rayon::join(
        || rank_test(&d, scale, &two_sided),
        || effect(&b, &c, &two_sided),
    );
    let test = test.map_err(|e| note("Wilcoxon", e)).ok();
    let effect = effect.map_err(|e| note("Wilcoxon on log ratios", e)).ok();
    notes.extend(zero_note);

    let (b_nodes, c_nodes) = units.iter().fold((0.0, 0.0), |(x, y), u| {
        (
            x + to_f64(u.b_nodes) / u.k as f64,
            y + to_f64(u.c_nodes) / u.k as f64,
        )
    });
    let time_per_node = time_per_node(units, &b, &c, b_nodes, c_nodes, opts);
    let solves: u64 = units.iter().map(|u| u.k).sum();
    let (bp, cp) = units
        .iter()
        .fold((0u64, 0u64), |(x, y), u| (x + u.b_probes, y + u.c_probes));
    let probes = (bp + cp > 0).then(|| (bp as f64 / solves as f64, cp as f64 / solves as f64));
    let (b_ms, c_ms) = (mean_sd(&b), mean_sd(&c));
    PlyRow {
        ply,
        n: units.len(),
        zeros: d.iter().filter(|x| **x == 0.0).count(),
        faster: d.iter().filter(|x| **x > 0.0).count(),
        slower: d.iter().filter(|x| **x < 0.0).count(),
        baseline_ms: b_ms,
        candidate_ms: c_ms,
        effect,
        speedup: b_ms.mean / c_ms.mean,
        speedup_ci,
        speedup_ci_method,
        median_ratio,
        geomean_ratio,
        node_ratio: b_nodes / c_nodes,
        time_per_node,
        probes,
        test,
        significant: false,
        notes,
    }
}

/// The Wilcoxon test of the exact differences `d` (in units of 1/`scale` ns), two-sided with its
/// Hodges–Lehmann estimate and interval, and one-sided (its p-value only).
fn rank_test(d: &[f64], scale: u64, two_sided: &WilcoxonOptions) -> Result<RankTest, StatsError> {
    // Differences are in units of 1/scale ns: back to ms for the estimate.
    let to_ms = 1.0 / (scale as f64 * 1e6);
    // The one-sided p-value from the same ranking.
    let (t, p_greater) = wilcoxon_with_other(d, two_sided, Estimates::All, Alternative::Greater)?;
    Ok(RankTest {
        n: t.n,
        t_plus: t.statistic,
        p_value: t.p_value,
        p_greater,
        p_holm: None,
        method: t.method,
        hl_ms: t.estimate * to_ms,
        hl_ci_ms: (t.ci.0 * to_ms, t.ci.1 * to_ms),
    })
}

/// The [`Effect`] of the pairs with both times above zero (the others have no ratio).
fn effect(b: &[f64], c: &[f64], two_sided: &WilcoxonOptions) -> Result<Effect, StatsError> {
    let (mut bp, mut cp) = (Vec::with_capacity(b.len()), Vec::with_capacity(c.len()));
    for (&x, &y) in b.iter().zip(c).filter(|(x, y)| **x > 0.0 && **y > 0.0) {
        bp.push(x);
        cp.push(y);
    }
    let (b, c) = (bp, cp);
    let (t, p_greater) =
        ratio_test_with_other(&b, &c, two_sided, Estimates::All, Alternative::Greater)?;
    Ok(Effect {
        speedup: t.ratio,
        ci: t.ci,
        n: t.test.n,
        t_plus: t.test.statistic,
        p_value: t.test.p_value,
        p_greater,
        p_holm: None,
        method: t.test.method,
    })
}

/// Time per node of both engines (total time / total nodes) and the two-sided Wilcoxon test of
/// the per-unit differences ln(baseline ns/node) − ln(candidate ns/node).
fn time_per_node(
    units: &[Unit],
    b: &[f64],
    c: &[f64],
    b_nodes: f64,
    c_nodes: f64,
    opts: &AnalyzeOptions,
) -> TimePerNode {
    let b_total: f64 = b.iter().sum::<f64>() * 1e6;
    let c_total: f64 = c.iter().sum::<f64>() * 1e6;
    let mut logs: Vec<f64> = Vec::with_capacity(units.len());
    logs.extend(
        units
            .iter()
            .filter(|u| u.b_ns > 0 && u.c_ns > 0 && u.b_nodes > 0 && u.c_nodes > 0)
            .map(|u| {
                (to_f64(u.b_ns) / to_f64(u.b_nodes)).ln()
                    - (to_f64(u.c_ns) / to_f64(u.c_nodes)).ln()
            }),
    );
    let test = wilcoxon_with(
        &logs,
        &WilcoxonOptions {
            confidence: opts.confidence,
            ..WilcoxonOptions::default()
        },
        Estimates::Estimate,
    )
    .ok();
    let relation = match test {
        Some(t) if t.p_value < opts.alpha => {
            // A positive difference: the baseline takes longer per node.
            if t.estimate > 0.0 {
                Relation::Lower
            } else {
                Relation::Higher
            }
        }
        _ => Relation::Equal,
    };
    TimePerNode {
        baseline_ns: b_total / b_nodes,
        candidate_ns: c_total / c_nodes,
        p_value: test.map(|t| t.p_value),
        relation,
        estimate: test.map(|t| (-t.estimate).exp()).filter(|r| r.is_finite()),
    }
}

/// Normal interval of mean(b) / mean(c) by the delta method (first-order Taylor expansion of the
/// ratio, with the sample covariance of the pairs). For large samples only.
fn delta_method_speedup_ci(b: &[f64], c: &[f64], confidence: f64) -> Option<(f64, f64)> {
    let n = b.len() as f64;
    if b.len() < 2 {
        return None;
    }
    let mb = b.iter().sum::<f64>() / n;
    let mc = c.iter().sum::<f64>() / n;
    let (mut vb, mut vc, mut cov) = (0.0, 0.0, 0.0);
    for (x, y) in b.iter().zip(c) {
        vb += (x - mb) * (x - mb);
        vc += (y - mc) * (y - mc);
        cov += (x - mb) * (y - mc);
    }
    let (vb, vc, cov) = (vb / (n - 1.0), vc / (n - 1.0), cov / (n - 1.0));
    let r = mb / mc;
    let var = (vb - 2.0 * r * cov + r * r * vc) / (n * mc * mc);
    let z = Normal::new(0.0, 1.0)
        .ok()?
        .inverse_cdf(1.0 - (1.0 - confidence) / 2.0);
    let half = z * var.max(0.0).sqrt();
    (half.is_finite() && mc > 0.0).then_some((r - half, r + half))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(k: u64, b_ns: u128, c_ns: u128) -> Unit {
        Unit {
            ply: 8,
            k,
            b_ns,
            c_ns,
            b_nodes: 10 * k as u128,
            c_nodes: 10 * k as u128,
            ..Unit::default()
        }
    }

    #[test]
    fn integer_differences_tie_and_zero_exactly() {
        // Times whose float-ms differences would not tie exactly (0.3 − 0.1 ≠ 0.2 in binary)
        // are exact integers here: 200 ns twice (a tie), and one zero.
        let units = [unit(1, 300_000, 100_000), unit(1, 1_200_000, 1_000_000)];
        // In float ms: 0.3 − 0.1 = 0.19999999999999998 but 1.2 − 1.0 = 0.19999999999999996.
        assert_ne!(0.3f64 - 0.1, 1.2f64 - 1.0);
        assert_eq!(units[0].diff(1), units[1].diff(1));
        let units = [
            unit(1, 300, 100),
            unit(1, 1_200, 1_000),
            unit(1, 7, 7),
            unit(1, 50, 80),
        ];
        let r = ply_row(Some(8), &units, 1, &AnalyzeOptions::default());
        assert_eq!((r.n, r.zeros, r.faster, r.slower), (4, 1, 2, 1));
        let t = r.test.unwrap();
        // Nonzero |d| = 200, 200, 30: midranks 2.5, 2.5, 1; T+ = 5.
        assert_eq!((t.n, t.t_plus), (3, 5.0));
        // Sign flips of (2.5, 2.5, 1): T+ ≥ 5 in 2 of 8 (5 and 6): 0.25.
        assert_eq!(t.p_greater, 0.25);
        assert_eq!(t.method, crate::stats::wilcoxon::Method::Permutation);
        // Repeats: sums scaled to a common multiple keep differences exact.
        let u = unit(2, 301, 100);
        assert_eq!(u.diff(6), 603.0);
    }

    #[test]
    fn time_per_node_relation() {
        // The candidate spends twice the time per node on every position.
        let units: Vec<Unit> = (1..=20u128)
            .map(|i| Unit {
                ply: 8,
                k: 1,
                b_ns: 1000 * i,
                c_ns: 1000 * i + 7 * i,
                b_nodes: 100 * i,
                c_nodes: 50 * i,
                ..Unit::default()
            })
            .collect();
        let r = ply_row(None, &units, 1, &AnalyzeOptions::default());
        assert_eq!(r.time_per_node.relation, Relation::Higher);
        assert!((r.time_per_node.ratio() - 2.014).abs() < 1e-9);
        assert!(r.probes.is_none());
    }
}
