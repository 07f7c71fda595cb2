//! Change since an earlier run (`treebench analyze NEW --against OLD`), as criterion reports it.
//!
//! Both runs must be of the same experiment with the same seed, so they hold the same positions:
//! every solve of NEW is paired with the solve of OLD of the same `(seed, ply, index, engine,
//! repeat)`; the repeats of a position are summed. Per engine and ply, and over all plies:
//! - the change, the ratio of mean times NEW / OLD, with its paired percentile-bootstrap interval;
//! - the two-sided Wilcoxon signed-rank test on the exact integer differences NEW − OLD;
//! - the ratio of total nodes NEW / OLD (exactly 1 for a deterministic engine that did not
//!   change);
//! - a verdict, criterion's rule: **no change** when p ≥ alpha, or when the interval reaches
//!   inside the noise band around 1; **regressed** when the whole interval lies above
//!   1 + `noise`; **improved** when it lies below 1 / (1 + `noise`) (the band is symmetric in
//!   ratio: with `noise` = 0.05 the lower edge is 0.952, criterion's 1 − 0.05 = 0.95 nearly).

use std::path::PathBuf;

use polars::prelude::*;

use crate::stats::summary::bootstrap_ratio_of_means;
use crate::stats::wilcoxon::{wilcoxon, WilcoxonOptions};

use super::compare::{u32s, u64s};
use super::{load_results, validate_csv, AnalysisError};

/// Options of [`against`].
#[derive(Debug, Clone, PartialEq)]
pub struct AgainstOptions {
    /// Compare only this experiment (default: the one experiment the two runs share).
    pub experiment: Option<String>,
    /// Relative change below which a significant change is still "no change" (default 0.05).
    pub noise: f64,
    /// Significance level (default 0.05).
    pub alpha: f64,
    /// Confidence level of the interval (default 0.95).
    pub confidence: f64,
    /// Bootstrap resamples (default 2000).
    pub resamples: usize,
    pub seed: u64,
}

/// Default noise threshold: 5 %. Criterion uses 1 % for benchmarks of many iterations on a quiet
/// machine; treebench times single solves, often on shared machines, where the load alone moves
/// mean times by a few percent from one run to the next.
pub const DEFAULT_NOISE: f64 = 0.05;

impl Default for AgainstOptions {
    fn default() -> Self {
        Self {
            experiment: None,
            noise: DEFAULT_NOISE,
            alpha: 0.05,
            confidence: 0.95,
            resamples: 2000,
            seed: 0x0a9a_1457,
        }
    }
}

/// The verdict on one engine and ply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Improved,
    Regressed,
    NoChange,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Verdict::Improved => "improved",
            Verdict::Regressed => "regressed",
            Verdict::NoChange => "no change",
        })
    }
}

/// Criterion's rule (see the module documentation).
#[must_use]
pub fn verdict(p: f64, ci: (f64, f64), noise: f64, alpha: f64) -> Verdict {
    if p.is_nan() || p >= alpha {
        Verdict::NoChange
    } else if ci.0 > 1.0 + noise {
        Verdict::Regressed
    } else if ci.1 < 1.0 / (1.0 + noise) {
        Verdict::Improved
    } else {
        Verdict::NoChange
    }
}

/// The change of one engine at one ply (`None`: all plies).
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    pub engine: String,
    pub ply: Option<u32>,
    /// Positions paired.
    pub n: usize,
    pub old_ms: f64,
    pub new_ms: f64,
    /// Mean time NEW / OLD.
    pub ratio: f64,
    pub ci: Option<(f64, f64)>,
    pub p_value: Option<f64>,
    /// Total nodes NEW / OLD.
    pub node_ratio: f64,
    pub verdict: Verdict,
}

/// The outcome of [`against`].
#[derive(Debug, Clone, PartialEq)]
pub struct AgainstReport {
    pub experiment: String,
    pub options: AgainstOptions,
    /// Per engine (experiment order): its plies ascending, then its all-plies row.
    pub changes: Vec<Change>,
}

fn frame(paths: &[PathBuf], experiment: &str) -> Result<DataFrame, AnalysisError> {
    Ok(load_results(paths)?
        .lazy()
        .filter(col("experiment").eq(lit(experiment)))
        .collect()?)
}

/// Compare the runs `new` with the runs `old` (see the module documentation).
pub fn against(
    new: &[PathBuf],
    old: &[PathBuf],
    opts: &AgainstOptions,
) -> Result<AgainstReport, AnalysisError> {
    let experiments = |paths: &[PathBuf]| -> Result<Vec<(String, Vec<String>)>, AnalysisError> {
        let mut out: Vec<(String, Vec<String>)> = Vec::new();
        for p in paths {
            for e in validate_csv(p)?.experiments {
                if !out.iter().any(|(n, _)| *n == e.0) {
                    out.push(e);
                }
            }
        }
        Ok(out)
    };
    let (en, eo) = (experiments(new)?, experiments(old)?);
    let shared: Vec<&(String, Vec<String>)> = en
        .iter()
        .filter(|(n, _)| eo.iter().any(|(m, _)| m == n))
        .filter(|(n, _)| opts.experiment.as_ref().is_none_or(|e| e == n))
        .collect();
    let (name, engines) =
        match shared.as_slice() {
            [one] => (one.0.clone(), one.1.clone()),
            [] => return Err(AnalysisError::Data(
                "--against: the two runs share no experiment (compare runs of the same experiment \
                 file)"
                    .into(),
            )),
            _ => {
                return Err(AnalysisError::Data(
                    "--against: the runs share several experiments; choose one with --experiment"
                        .into(),
                ))
            }
        };
    let (dn, d_o) = (frame(new, &name)?, frame(old, &name)?);
    let seeds = |df: &DataFrame| -> Result<Vec<u64>, AnalysisError> {
        let mut s = u64s(df, "seed")?;
        s.sort_unstable();
        s.dedup();
        Ok(s)
    };
    if seeds(&dn)? != seeds(&d_o)? {
        return Err(AnalysisError::Data(format!(
            "--against: experiment `{name}` was run with different seeds ({:?} vs {:?}): the \
             positions differ, nothing can be paired",
            seeds(&dn)?,
            seeds(&d_o)?
        )));
    }
    let mut changes = Vec::new();
    for engine in &engines {
        changes.extend(engine_changes(&dn, &d_o, engine, opts)?);
    }
    if changes.is_empty() {
        return Err(AnalysisError::Data(format!(
            "--against: no position of experiment `{name}` was solved by the same engine in both runs"
        )));
    }
    Ok(AgainstReport {
        experiment: name,
        options: opts.clone(),
        changes,
    })
}

/// One position of one engine in both runs: summed times and nodes over `k` paired repeats.
#[derive(Debug, Clone, Copy)]
struct Unit {
    ply: u32,
    k: u64,
    old_ns: u128,
    new_ns: u128,
    old_nodes: u128,
    new_nodes: u128,
}

fn engine_changes(
    new: &DataFrame,
    old: &DataFrame,
    engine: &str,
    opts: &AgainstOptions,
) -> Result<Vec<Change>, AnalysisError> {
    let side = |df: &DataFrame, p: &str| {
        df.clone()
            .lazy()
            .filter(col("engine").eq(lit(engine)))
            .select([
                col("seed"),
                col("ply"),
                col("index"),
                col("repeat"),
                col("nanos").alias(format!("{p}_ns")),
                col("nodes").alias(format!("{p}_nodes")),
            ])
    };
    let keys: Vec<Expr> = ["seed", "ply", "index", "repeat"]
        .iter()
        .map(|k| col(*k))
        .collect();
    let j = side(new, "n")
        .join(
            side(old, "o"),
            keys.clone(),
            keys,
            JoinArgs::new(JoinType::Inner),
        )
        .sort(
            ["ply", "seed", "index", "repeat"],
            SortMultipleOptions::default(),
        )
        .collect()?;
    let (ply, seed, index) = (u32s(&j, "ply")?, u64s(&j, "seed")?, u32s(&j, "index")?);
    let (nn, on) = (u64s(&j, "n_ns")?, u64s(&j, "o_ns")?);
    let (nk, ok) = (u64s(&j, "n_nodes")?, u64s(&j, "o_nodes")?);
    let mut units: Vec<Unit> = Vec::new();
    for i in 0..ply.len() {
        let same =
            i > 0 && ply[i] == ply[i - 1] && seed[i] == seed[i - 1] && index[i] == index[i - 1];
        if !same {
            units.push(Unit {
                ply: ply[i],
                k: 0,
                old_ns: 0,
                new_ns: 0,
                old_nodes: 0,
                new_nodes: 0,
            });
        }
        let u = units.last_mut().expect("a unit");
        u.k += 1;
        u.new_ns += u128::from(nn[i]);
        u.old_ns += u128::from(on[i]);
        u.new_nodes += u128::from(nk[i]);
        u.old_nodes += u128::from(ok[i]);
    }
    if units.is_empty() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..=units.len() {
        if i == units.len() || units[i].ply != units[start].ply {
            out.push(change(
                engine,
                Some(units[start].ply),
                &units[start..i],
                opts,
            ));
            start = i;
        }
    }
    out.push(change(engine, None, &units, opts));
    Ok(out)
}

fn change(engine: &str, ply: Option<u32>, units: &[Unit], opts: &AgainstOptions) -> Change {
    let ms = |ns: u128, k: u64| ns as f64 / k as f64 / 1e6;
    let old: Vec<f64> = units.iter().map(|u| ms(u.old_ns, u.k)).collect();
    let new: Vec<f64> = units.iter().map(|u| ms(u.new_ns, u.k)).collect();
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let (old_ms, new_ms) = (mean(&old), mean(&new));
    let seed = opts.seed ^ u64::from(ply.map_or(0, |p| p + 1)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let ci = bootstrap_ratio_of_means(&old, &new, opts.resamples, seed, opts.confidence)
        .ok()
        .map(|(_, lo, hi)| (lo, hi));
    // Exact integer differences, scaled to a common multiple of the repeat counts.
    let scale = units
        .iter()
        .fold(1u64, |l, u| super::compare::lcm(l, u.k))
        .min(1 << 20);
    let d: Vec<f64> = units
        .iter()
        .map(|u| ((u.new_ns as i128 - u.old_ns as i128) * i128::from(scale / u.k)) as f64)
        .collect();
    let p_value = wilcoxon(&d, &WilcoxonOptions::default())
        .ok()
        .map(|w| w.p_value);
    let (on, nn) = units.iter().fold((0u128, 0u128), |(a, b), u| {
        (a + u.old_nodes, b + u.new_nodes)
    });
    // All zeros (identical times) give no test: that is no change.
    let verdict = match (p_value, ci) {
        (Some(p), Some(ci)) => verdict(p, ci, opts.noise, opts.alpha),
        _ => Verdict::NoChange,
    };
    Change {
        engine: engine.to_string(),
        ply,
        n: units.len(),
        old_ms,
        new_ms,
        ratio: new_ms / old_ms,
        ci,
        p_value,
        node_ratio: nn as f64 / on as f64,
        verdict,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn criterion_rule() {
        let v = |p, lo, hi| verdict(p, (lo, hi), 0.05, 0.05);
        assert_eq!(v(0.3, 1.5, 2.5), Verdict::NoChange, "not significant");
        assert_eq!(v(0.001, 1.06, 1.2), Verdict::Regressed);
        assert_eq!(
            v(0.001, 1.03, 1.2),
            Verdict::NoChange,
            "reaches into the noise band"
        );
        assert_eq!(v(0.001, 0.5, 0.9), Verdict::Improved);
        assert_eq!(v(0.001, 0.5, 0.96), Verdict::NoChange);
        // The band is symmetric in ratio: 1 / 1.05 = 0.952.
        assert_eq!(v(0.001, 0.5, 0.951), Verdict::Improved);
        assert_eq!(v(0.001, 0.5, 0.953), Verdict::NoChange);
        assert_eq!(verdict(0.001, (0.3, 0.6), 0.5, 0.05), Verdict::Improved);
        assert_eq!(verdict(0.001, (0.3, 0.7), 0.5, 0.05), Verdict::NoChange);
        assert_eq!(v(f64::NAN, 2.0, 3.0), Verdict::NoChange);
    }
}
