//! Change since an earlier run (`treebench analyze NEW --against OLD`), as criterion reports it.
//!
//! Both runs must be of the same experiment with the same seed, so they hold the same positions:
//! every solve of NEW is paired with the solve of OLD of the same `(seed, ply, index, engine,
//! repeat)`; the repeats of a position are summed. Per engine and ply, and over all plies:
//! - the change NEW / OLD: the Hodges–Lehmann estimate of the per-position log ratio taken back
//!   to a ratio, with the interval from inverting the same two-sided Wilcoxon signed-rank test
//!   whose p-value is shown ([`crate::stats::wilcoxon::ratio_test`]); per ply the p-values are
//!   Holm-adjusted across the engine's plies;
//! - the ratio of mean times NEW / OLD, a second figure;
//! - the ratio of total nodes NEW / OLD (exactly 1 for a deterministic engine that did not
//!   change);
//! - a verdict, criterion's rule: **no change** when p ≥ alpha, or when the interval reaches
//!   inside the noise band around 1; **regressed** when the whole interval lies above
//!   1 + `noise`; **improved** when it lies below 1 / (1 + `noise`) (the band is symmetric in
//!   ratio); and **inconclusive** on every line when the two runs' machines differed beyond the
//!   thresholds of [`super::machine`] (load, CPU model, frequency, governor).

use std::path::PathBuf;

use crate::stats::multiple::holm;
use crate::stats::wilcoxon::{ratio_test, WilcoxonOptions};

use super::frame::Frame;
use super::load::{load_checked, Loaded};
use super::machine::{compare_machines, MachineComparison};
use super::{read_metadata, AnalysisError};

/// Options of [`against`].
#[derive(Debug, Clone, PartialEq)]
pub struct AgainstOptions {
    /// Compare only this experiment (default: the one experiment the two runs share).
    pub experiment: Option<String>,
    /// Relative change below which a significant change is still "no change" (default
    /// [`DEFAULT_NOISE`]).
    pub noise: f64,
    /// Measure the noise threshold from the runs' repeats instead ([`auto_noise`]).
    pub noise_auto: bool,
    /// Significance level (default 0.05).
    pub alpha: f64,
    /// Confidence level of the interval (default 0.95).
    pub confidence: f64,
    /// Bootstrap resamples (default 2000).
    pub resamples: usize,
    pub seed: u64,
}

/// Default noise threshold: 20 %. Criterion uses 1 % for benchmarks of many iterations on a
/// quiet machine; treebench times single solves, often on shared machines. Measured on the
/// 2-core development machine (a virtual machine shared with other developers, their builds
/// held off by a lock): of 15 back-to-back pairs of runs of the default experiment by the same
/// build, the all-plies change of an engine ranged from 0.81x to 1.85x; 12 pairs stayed within
/// 0.83x-1.20x, and the others moved with the machine's speed (see [`super::machine`]).
pub const DEFAULT_NOISE: f64 = 0.20;

impl Default for AgainstOptions {
    fn default() -> Self {
        Self {
            experiment: None,
            noise: DEFAULT_NOISE,
            noise_auto: false,
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
    /// The machines of the two runs differed ([`AgainstReport::machine`]).
    Inconclusive,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Verdict::Improved => "improved",
            Verdict::Regressed => "regressed",
            Verdict::NoChange => "no change",
            Verdict::Inconclusive => "inconclusive",
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
    /// The change NEW / OLD: exp of the Hodges–Lehmann estimate of ln(new / old) per position.
    pub ratio: Option<f64>,
    /// Its interval, from the same Wilcoxon test as `p_value`.
    pub ci: Option<(f64, f64)>,
    /// Two-sided p of that test; Holm-adjusted across the engine's plies for a ply.
    pub p_value: Option<f64>,
    /// Mean time NEW / OLD (a second figure).
    pub ratio_of_means: f64,
    /// Total nodes NEW / OLD.
    pub node_ratio: f64,
    pub verdict: Verdict,
}

/// The outcome of [`against`].
#[derive(Debug, Clone, PartialEq)]
pub struct AgainstReport {
    pub experiment: String,
    pub options: AgainstOptions,
    /// Where the noise threshold comes from (the default, the option, or the repeats).
    pub noise_source: String,
    /// The two runs' machines compared.
    pub machine: MachineComparison,
    /// Per engine (experiment order): its plies ascending, then its all-plies row.
    pub changes: Vec<Change>,
}

/// One run's solves of the compared experiment: its frame and the experiment's rows.
pub struct Run {
    frame: Frame,
    rows: Vec<u32>,
}

impl Run {
    fn new(
        loaded: &mut Loaded,
        paths: &[PathBuf],
        experiment: &str,
    ) -> Result<Self, AnalysisError> {
        let frame = loaded.frame(paths)?;
        let rows = frame.rows_of(experiment)?;
        Ok(Self { frame, rows })
    }

    /// The run's seeds, sorted, once each.
    fn seeds(&self) -> Result<Vec<u64>, AnalysisError> {
        let seed = self.frame.u64s("seed")?;
        let mut s: Vec<u64> = self.rows.iter().map(|&r| seed[r as usize]).collect();
        s.sort_unstable();
        s.dedup();
        Ok(s)
    }

    /// The rows of `engine`, in file order.
    fn rows_of(&self, engine: &str) -> Result<Vec<u32>, AnalysisError> {
        let Some(code) = Frame::code(&self.frame.engines, engine) else {
            return Ok(Vec::new());
        };
        let e = self.frame.u32s("engine")?;
        Ok(self
            .rows
            .iter()
            .copied()
            .filter(|&r| e[r as usize] == code)
            .collect())
    }
}

/// The experiments of the files checked, in order of first appearance, each with its engines in
/// the first file that has it.
fn experiments(loaded: &Loaded) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for s in &loaded.summaries {
        for e in &s.experiments {
            if !out.iter().any(|(n, _)| *n == e.0) {
                out.push(e.clone());
            }
        }
    }
    out
}

/// Compare the runs `new` with the runs `old` (see the module documentation).
pub fn against(
    new: &[PathBuf],
    old: &[PathBuf],
    opts: &AgainstOptions,
) -> Result<AgainstReport, AnalysisError> {
    let (mut ln, mut lo) = (load_checked(new)?, load_checked(old)?);
    let (en, eo) = (experiments(&ln), experiments(&lo));
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
    let (dn, d_o) = (
        Run::new(&mut ln, new, &name)?,
        Run::new(&mut lo, old, &name)?,
    );
    if dn.seeds()? != d_o.seeds()? {
        return Err(AnalysisError::Data(format!(
            "--against: experiment `{name}` was run with different seeds ({:?} vs {:?}): the \
             positions differ, nothing can be paired",
            dn.seeds()?,
            d_o.seeds()?
        )));
    }
    let mut opts = opts.clone();
    let noise_source = if opts.noise_auto {
        opts.noise = auto_noise(&[&dn, &d_o], &engines)?;
        "measured from the repeats (--noise auto: twice the largest change between repeat \
         passes of an engine within a run)"
            .to_string()
    } else if opts.noise == DEFAULT_NOISE {
        "the default, from same-build pairs of runs on a shared 2-core machine".to_string()
    } else {
        "given with --noise".to_string()
    };
    let machine = compare_machines(first_meta(old)?.as_ref(), first_meta(new)?.as_ref());
    let mut changes = Vec::new();
    for engine in &engines {
        changes.extend(engine_changes(&dn, &d_o, engine, &opts)?);
    }
    if !machine.differed.is_empty() {
        for c in &mut changes {
            c.verdict = Verdict::Inconclusive;
        }
    }
    if changes.is_empty() {
        return Err(AnalysisError::Data(format!(
            "--against: no position of experiment `{name}` was solved by the same engine in both runs"
        )));
    }
    Ok(AgainstReport {
        experiment: name,
        options: opts,
        noise_source,
        machine,
        changes,
    })
}

/// The `.meta.json` of the first of `paths` that has one.
fn first_meta(paths: &[PathBuf]) -> Result<Option<serde_json::Value>, AnalysisError> {
    for p in paths {
        if let Some((_, v)) = read_metadata(p)? {
            return Ok(Some(v));
        }
    }
    Ok(None)
}

/// The noise threshold measured from the repeats: per run and engine, the mean time of each
/// repeat pass over the positions against the first pass's; twice the largest relative change
/// (the passes of one run already differ that much with nothing changed). An error without
/// repeats.
pub fn auto_noise(runs: &[&Run], engines: &[String]) -> Result<f64, AnalysisError> {
    let mut worst: Option<f64> = None;
    for run in runs {
        let (repeat, ns) = (run.frame.u32s("repeat")?, run.frame.u64s("nanos")?);
        for e in engines {
            let mut sums: Vec<(u128, u64)> = Vec::new();
            for i in run.rows_of(e)?.into_iter().map(|r| r as usize) {
                let r = repeat[i] as usize;
                if sums.len() <= r {
                    sums.resize(r + 1, (0, 0));
                }
                sums[r].0 += u128::from(ns[i]);
                sums[r].1 += 1;
            }
            let mean = |(t, n): (u128, u64)| t as f64 / n.max(1) as f64;
            let Some(first) = sums.first().copied().filter(|s| s.1 > 0) else {
                continue;
            };
            for s in sums.iter().skip(1).filter(|s| s.1 > 0) {
                let change = (mean(*s) / mean(first) - 1.0).abs();
                worst = Some(worst.map_or(change, |w: f64| w.max(change)));
            }
        }
    }
    match worst {
        Some(w) => Ok((2.0 * w).min(0.99)),
        None => Err(AnalysisError::Data(
            "--noise auto: the runs have one repeat per position, so they hold no measure of \
             run-to-run noise; run with repeats >= 2 or give --noise a fraction"
                .into(),
        )),
    }
}

/// One position of one engine in both runs: summed times and nodes over `k` paired repeats.
#[derive(Debug, Clone, Copy, Default)]
struct Unit {
    ply: u32,
    seed: u64,
    index: u32,
    k: u64,
    old_ns: u128,
    new_ns: u128,
    old_nodes: u128,
    new_nodes: u128,
}

/// One engine's solves of a run, sorted by `(ply, seed, index, repeat)`: the key and the row.
fn keyed_solves(
    run: &Run,
    engine: &str,
) -> Result<Vec<((u32, u64, u32, u32), u32)>, AnalysisError> {
    let f = &run.frame;
    let (ply, seed, index, repeat) = (
        f.u32s("ply")?,
        f.u64s("seed")?,
        f.u32s("index")?,
        f.u32s("repeat")?,
    );
    let mut v: Vec<_> = run
        .rows_of(engine)?
        .into_iter()
        .map(|r| {
            let i = r as usize;
            ((ply[i], seed[i], index[i], repeat[i]), r)
        })
        .collect();
    v.sort_unstable();
    Ok(v)
}

/// The units of one engine: its solves in both runs paired by `(seed, ply, index, repeat)`
/// (every combination where a key repeats, as an inner join gives), summed per position.
fn paired_units(new: &Run, old: &Run, engine: &str) -> Result<Vec<Unit>, AnalysisError> {
    let (a, b) = (keyed_solves(new, engine)?, keyed_solves(old, engine)?);
    let (nn, nk) = (new.frame.u64s("nanos")?, new.frame.u64s("nodes")?);
    let (on, ok) = (old.frame.u64s("nanos")?, old.frame.u64s("nodes")?);
    let mut units: Vec<Unit> = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].0.cmp(&b[j].0) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                let key = a[i].0;
                let i_end = i + a[i..].iter().take_while(|x| x.0 == key).count();
                let j_end = j + b[j..].iter().take_while(|x| x.0 == key).count();
                let same = units
                    .last()
                    .is_some_and(|u| (u.ply, u.seed, u.index) == (key.0, key.1, key.2));
                if !same {
                    units.push(Unit {
                        ply: key.0,
                        seed: key.1,
                        index: key.2,
                        ..Unit::default()
                    });
                }
                let u = units.last_mut().expect("a unit");
                for &(_, x) in &a[i..i_end] {
                    for &(_, y) in &b[j..j_end] {
                        let (x, y) = (x as usize, y as usize);
                        u.k += 1;
                        u.new_ns += u128::from(nn[x]);
                        u.old_ns += u128::from(on[y]);
                        u.new_nodes += u128::from(nk[x]);
                        u.old_nodes += u128::from(ok[y]);
                    }
                }
                (i, j) = (i_end, j_end);
            }
        }
    }
    Ok(units)
}

fn engine_changes(
    new: &Run,
    old: &Run,
    engine: &str,
    opts: &AgainstOptions,
) -> Result<Vec<Change>, AnalysisError> {
    let units = paired_units(new, old, engine)?;
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
    // Holm across the engine's plies (the all-plies row is one test, unadjusted).
    let adjusted = holm(
        &out.iter()
            .map(|c| c.p_value.unwrap_or(f64::NAN))
            .collect::<Vec<_>>(),
    );
    for (c, p) in out.iter_mut().zip(adjusted) {
        if c.p_value.is_some() {
            c.p_value = Some(p);
            c.verdict = verdict_of(c, opts);
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
    // The per-position log ratios of the positions timed above zero in both runs.
    let (n2, o2): (Vec<f64>, Vec<f64>) = new
        .iter()
        .zip(&old)
        .filter(|(a, b)| **a > 0.0 && **b > 0.0)
        .map(|(a, b)| (*a, *b))
        .unzip();
    let test = ratio_test(
        &n2,
        &o2,
        &WilcoxonOptions {
            confidence: opts.confidence,
            ..WilcoxonOptions::default()
        },
    )
    .ok();
    let (on, nn) = units.iter().fold((0u128, 0u128), |(a, b), u| {
        (a + u.old_nodes, b + u.new_nodes)
    });
    let mut c = Change {
        engine: engine.to_string(),
        ply,
        n: units.len(),
        old_ms,
        new_ms,
        ratio: test.map(|t| t.ratio),
        ci: test.map(|t| t.ci),
        p_value: test.map(|t| t.test.p_value),
        ratio_of_means: new_ms / old_ms,
        node_ratio: if on > 0 && nn > 0 {
            nn as f64 / on as f64
        } else {
            f64::NAN
        },
        verdict: Verdict::NoChange,
    };
    c.verdict = verdict_of(&c, opts);
    c
}

/// The verdict of a change from its (possibly adjusted) p and its interval. All log ratios zero
/// (identical times) give no test: that is no change.
fn verdict_of(c: &Change, opts: &AgainstOptions) -> Verdict {
    match (c.p_value, c.ci) {
        (Some(p), Some(ci)) => verdict(p, ci, opts.noise, opts.alpha),
        _ => Verdict::NoChange,
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
