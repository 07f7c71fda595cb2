//! Pairing of engines (the solves of one position and repeat are adjacent in key order) into
//! exact integer units, and the comparisons built from them.

use std::sync::{Mutex, OnceLock};

use crate::stats::multiple::holm;

use super::frame::{gather, Frame, Keyed};
use super::ply::{ply_row, Unit};
use super::{
    AnalysisError, AnalyzeOptions, Comparison, EngineTimes, ExperimentAnalysis, Pairs, PairsMode,
    AUTO_ALL_PAIRS_MAX,
};

/// The (baseline, candidate) pairs to compare, in order.
fn pairs_to_compare(
    name: &str,
    engines: &[String],
    opts: &AnalyzeOptions,
) -> Result<(String, Vec<(String, String)>), AnalysisError> {
    let baseline = match &opts.baseline {
        Some(b) if engines.contains(b) => b.clone(),
        Some(b) => {
            return Err(AnalysisError::Data(format!(
                "experiment `{name}`: baseline engine `{b}` not found (engines: {})",
                engines.join(", ")
            )))
        }
        None => engines[0].clone(),
    };
    for c in &opts.candidates {
        if !engines.contains(c) {
            return Err(AnalysisError::Data(format!(
                "experiment `{name}`: candidate engine `{c}` not found (engines: {})",
                engines.join(", ")
            )));
        }
    }
    // The baseline first, then the other engines in the experiment's order.
    let ordered: Vec<String> = std::iter::once(baseline.clone())
        .chain(engines.iter().filter(|e| **e != baseline).cloned())
        .collect();
    let all = match opts.pairs {
        PairsMode::All => true,
        PairsMode::Baseline => false,
        PairsMode::Auto => opts.candidates.is_empty() && engines.len() <= AUTO_ALL_PAIRS_MAX,
    };
    let mut pairs = Vec::new();
    if !opts.candidates.is_empty() && !all {
        for c in opts.candidates.iter().filter(|c| **c != baseline) {
            pairs.push((baseline.clone(), c.clone()));
        }
    } else {
        let keep = |e: &String| opts.candidates.is_empty() || opts.candidates.contains(e);
        for (i, b) in ordered.iter().enumerate() {
            if i > 0 && !all {
                break;
            }
            for c in &ordered[i + 1..] {
                if i == 0 && keep(c) || i > 0 && keep(b) && keep(c) {
                    pairs.push((b.clone(), c.clone()));
                }
            }
        }
    }
    Ok((baseline, pairs))
}

pub(super) fn analyze_experiment(
    frame: &Frame,
    name: &str,
    engines: Vec<String>,
    metadata: Vec<(std::path::PathBuf, serde_json::Value)>,
    opts: &AnalyzeOptions,
) -> Result<ExperimentAnalysis, AnalysisError> {
    let (baseline, pairs) = pairs_to_compare(name, &engines, opts)?;
    let rows = frame.rows_of(name)?;
    let records = rows.len() as u64;
    let keyed = Keyed::new(frame, &rows)?;
    let (duplicates, solves) = rayon::join(
        || check_duplicates(&keyed, frame, name),
        || Solves::new(frame, &keyed),
    );
    duplicates?;
    let solves = solves?;
    let (prepared, distributions, facts) =
        prepare_and_compute(&solves, name, &pairs, &engines, opts, || {
            super::facts::run_facts(frame, &rows, &keyed, &engines)
        });
    let mut warnings = Vec::new();
    let mut comparisons = Vec::with_capacity(pairs.len());
    // The first error in the pairs' order, then that of the facts.
    for p in prepared {
        let (p, ply_rows) = p?;
        let (c, w) = p.finish(ply_rows, opts);
        comparisons.push(c);
        warnings.extend(w);
    }
    let facts = facts?;
    Ok(ExperimentAnalysis {
        name: name.to_string(),
        engines,
        baseline,
        records,
        metadata,
        comparisons,
        distributions,
        warnings,
        facts,
        options: opts.clone(),
        chess: None,
        specs: Vec::new(),
    })
}

/// A position solved twice by the same engine in the same repeat would pair twice.
fn check_duplicates(k: &Keyed, frame: &Frame, name: &str) -> Result<(), AnalysisError> {
    let same = |i: usize| k.same_solve(i, i - 1) && k.engine[i] == k.engine[i - 1];
    let (mut count, mut first): (usize, Option<usize>) = (0, None);
    for i in 1..k.order.len() {
        if same(i) && (i == 1 || !same(i - 1)) {
            count += 1;
            let at = |i: usize| (k.ply[i], k.index[i]);
            if first.is_none_or(|f| at(i) < at(f)) {
                first = Some(i);
            }
        }
    }
    let Some(i) = first else {
        return Ok(());
    };
    Err(AnalysisError::Data(format!(
        "experiment `{name}`: {count} solves appear more than once (e.g. ply {}, index {}, \
         repeat {}, engine `{}`): was the same file given twice?",
        k.ply[i], k.index[i], k.repeat[i], frame.engines[k.engine[i] as usize]
    )))
}

/// The solves of one experiment in key order, with the columns the comparisons read, gathered
/// into that order once (the comparisons then read them in sequence).
pub(super) struct Solves<'a> {
    keyed: &'a Keyed,
    /// The groups of one position and repeat (ranges of `keyed.order`).
    groups: Vec<std::ops::Range<usize>>,
    nanos: Vec<u64>,
    nodes: Vec<u64>,
    probes: Vec<u32>,
    engines: &'a [String],
    /// Solves per engine (by code).
    counts: Vec<usize>,
}

impl<'a> Solves<'a> {
    fn new(frame: &'a Frame, keyed: &'a Keyed) -> Result<Self, AnalysisError> {
        let mut counts = vec![0; frame.engines.len()];
        for &e in &keyed.engine {
            counts[e as usize] += 1;
        }
        let (nanos, nodes, probes) = (
            frame.u64s("nanos")?,
            frame.u64s("nodes")?,
            frame.u32s("probes")?,
        );
        let o = &keyed.order;
        let ((nanos, nodes), (probes, groups)) = rayon::join(
            || rayon::join(|| gather(nanos, o), || gather(nodes, o)),
            || rayon::join(|| gather(probes, o), || keyed.groups()),
        );
        Ok(Self {
            counts,
            keyed,
            groups,
            nanos,
            nodes,
            probes,
            engines: &frame.engines,
        })
    }

    fn code(&self, engine: &str) -> u32 {
        Frame::code(self.engines, engine).unwrap_or(u32::MAX)
    }

    /// Solves of `engine` in the experiment.
    fn count(&self, engine: u32) -> usize {
        self.counts.get(engine as usize).copied().unwrap_or(0)
    }
}

/// The solves of `baseline` and `candidate` of the same `(seed, ply, index, repeat)`, sorted by
/// ply, seed, index, repeat, as column vectors (with the seeds and indices of the pairs).
fn pair_up(s: &Solves, baseline: u32, candidate: u32) -> (Pairs, Vec<u64>, Vec<u32>) {
    let k = s.keyed;
    let n = s.groups.len();
    let (mut m, mut seeds, mut indices) = (
        Pairs::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
    );
    for g in &s.groups {
        // The group's rows of the two engines (one each at most: `check_duplicates`), by a
        // scan without an early exit: the engines' order within a group alternates, so where
        // a search would stop is not predictable.
        let (mut b, mut c) = (usize::MAX, usize::MAX);
        for i in g.clone() {
            let e = k.engine[i];
            b = if e == baseline { i } else { b };
            c = if e == candidate { i } else { c };
        }
        if b == usize::MAX || c == usize::MAX {
            continue;
        }
        m.ply.push(k.ply[b]);
        m.baseline_ms.push(s.nanos[b] as f64 / 1e6);
        m.candidate_ms.push(s.nanos[c] as f64 / 1e6);
        m.baseline_nodes.push(s.nodes[b]);
        m.candidate_nodes.push(s.nodes[c]);
        m.baseline_ns.push(s.nanos[b]);
        m.candidate_ns.push(s.nanos[c]);
        m.baseline_probes.push(s.probes[b]);
        m.candidate_probes.push(s.probes[c]);
        seeds.push(k.seed[b]);
        indices.push(k.index[b]);
    }
    (m, seeds, indices)
}

/// One comparison's pairs and units, before its rows.
struct Prepared<'a> {
    baseline: &'a str,
    candidate: &'a str,
    measurements: Pairs,
    units: Vec<Unit>,
    warnings: Vec<String>,
}

fn prepare<'a>(
    s: &Solves,
    name: &str,
    baseline: &'a str,
    candidate: &'a str,
    opts: &AnalyzeOptions,
) -> Result<Prepared<'a>, AnalysisError> {
    let (m, seeds, indices) = pair_up(s, s.code(baseline), s.code(candidate));
    if m.is_empty() {
        return Err(AnalysisError::Data(format!(
            "experiment `{name}`: no position was solved by both `{baseline}` and `{candidate}`"
        )));
    }
    let mut warnings = Vec::new();
    for engine in [baseline, candidate] {
        let unpaired = s.count(s.code(engine)) - m.len();
        if unpaired > 0 {
            warnings.push(format!(
                "{unpaired} solves of `{engine}` have no partner in the comparison of \
                 `{candidate}` with `{baseline}` and were left out"
            ));
        }
    }
    let units = units(&m, &seeds, &indices, opts.collapse_repeats);
    Ok(Prepared {
        baseline,
        candidate,
        units,
        measurements: m,
        warnings,
    })
}

/// What one comparison gives: its pairs and units, and its rows (plies ascending, then all
/// plies).
type Computed<'a> = Result<(Prepared<'a>, Vec<super::PlyRow>), AnalysisError>;

/// Every comparison of `pairs` prepared and its rows computed, with the time distributions of
/// `engines` and `facts` beside them, as one pool of tasks on the cores: a comparison's rows
/// start as soon as its pairs are ready (while the others are still pairing), its largest first
/// so that no large one is left for last.
fn prepare_and_compute<'a, F: Send>(
    s: &Solves,
    name: &str,
    pairs: &'a [(String, String)],
    engines: &[String],
    opts: &AnalyzeOptions,
    facts: impl FnOnce() -> F + Send,
) -> (Vec<Computed<'a>>, Vec<EngineTimes>, F) {
    let prepared: Vec<OnceLock<Result<Prepared, AnalysisError>>> =
        pairs.iter().map(|_| OnceLock::new()).collect();
    let rows = Mutex::new(Vec::new());
    let (times, fact) = (OnceLock::new(), Mutex::new(None));
    rayon::scope_fifo(|scope| {
        for (which, (b, c)) in pairs.iter().enumerate() {
            let (prepared, rows) = (&prepared, &rows);
            scope.spawn_fifo(move |scope| {
                let Ok(p) = prepared[which].get_or_init(|| prepare(s, name, b, c, opts)) else {
                    return;
                };
                for (at, ply, units, scale) in row_tasks(&p.units) {
                    scope.spawn_fifo(move |_| {
                        let row = ply_row(ply, units, scale, opts);
                        rows.lock().expect("rows").push((which, at, row));
                    });
                }
            });
        }
        scope.spawn_fifo(|_| {
            let _ = times.set(engine_times(s, engines));
        });
        scope.spawn_fifo(|_| {
            *fact.lock().expect("facts") = Some(facts());
        });
    });
    let mut rows = rows.into_inner().expect("rows");
    rows.sort_unstable_by_key(|r| (r.0, r.1));
    let mut rows = rows.into_iter().peekable();
    let computed = prepared
        .into_iter()
        .enumerate()
        .map(|(which, p)| {
            let p = p.into_inner().expect("every comparison prepared")?;
            let mut own = Vec::new();
            while let Some((_, _, row)) = rows.next_if(|r| r.0 == which) {
                own.push(row);
            }
            Ok((p, own))
        })
        .collect();
    let times = times.into_inner().expect("engine times");
    let fact = fact.into_inner().expect("facts").expect("facts computed");
    (computed, times, fact)
}

/// The rows of a comparison's units as tasks, largest first: each with its place among the
/// rows (plies ascending, then all plies), its ply (`None`: all plies), its units and the scale
/// of their differences.
fn row_tasks(units: &[Unit]) -> Vec<(usize, Option<u32>, &[Unit], u64)> {
    // The common multiple of the repeat counts: every unit's difference of sums is scaled to
    // `scale` × the difference of its means, an integer, so the rank test sees exact values.
    let scale = units.iter().fold(1u64, |l, u| lcm(l, u.k)).min(1 << 20);
    let mut tasks: Vec<_> = row_ranges(units)
        .into_iter()
        .enumerate()
        .map(|(at, (ply, range))| (at, ply, &units[range], scale))
        .collect();
    tasks.sort_by_key(|t| std::cmp::Reverse(t.2.len()));
    tasks
}

/// The units' plies (ascending) with their ranges, then the all-plies range.
fn row_ranges(units: &[Unit]) -> Vec<(Option<u32>, std::ops::Range<usize>)> {
    let mut ranges: Vec<_> = units
        .chunk_by(|a, b| a.ply == b.ply)
        .scan(0, |start, g| {
            *start += g.len();
            Some((Some(g[0].ply), *start - g.len()..*start))
        })
        .collect();
    ranges.push((None, 0..units.len()));
    ranges
}

impl Prepared<'_> {
    /// The comparison, from its rows (its plies, then the all-plies row), with their
    /// Holm-adjusted p-values.
    fn finish(self, rows: Vec<super::PlyRow>, opts: &AnalyzeOptions) -> (Comparison, Vec<String>) {
        let (rows, total) = holm_adjusted(rows, opts);
        let mut warnings = self.warnings;
        if rows
            .iter()
            .any(|r| r.notes.iter().any(|n| n.contains("zero time")))
        {
            warnings.push(format!(
                "`{}` vs `{}`: some positions have a zero time; they are left out of the median \
                 and geometric-mean ratios",
                self.candidate, self.baseline
            ));
        }
        let c = Comparison {
            baseline: self.baseline.to_string(),
            candidate: self.candidate.to_string(),
            measurements: self.measurements,
            rows,
            total,
        };
        (c, warnings)
    }
}

/// The ply rows (ascending, then the all-plies row) with their Holm-adjusted p-values, and the
/// all-plies row apart.
fn holm_adjusted(
    mut rows: Vec<super::PlyRow>,
    opts: &AnalyzeOptions,
) -> (Vec<super::PlyRow>, super::PlyRow) {
    let mut total = rows.pop().expect("total row");
    total.significant = total.effect.is_some_and(|t| t.p_value < opts.alpha);
    let p_of = |f: &dyn Fn(&super::PlyRow) -> Option<f64>| {
        holm(
            &rows
                .iter()
                .map(|r| f(r).unwrap_or(f64::NAN))
                .collect::<Vec<_>>(),
        )
    };
    let adjusted = p_of(&|r| r.test.map(|t| t.p_value));
    let adjusted_effect = p_of(&|r| r.effect.map(|t| t.p_value));
    for ((r, p), pe) in rows.iter_mut().zip(adjusted).zip(adjusted_effect) {
        if let Some(t) = r.test.as_mut() {
            t.p_holm = Some(p);
        }
        if let Some(t) = r.effect.as_mut() {
            t.p_holm = Some(pe);
            r.significant = pe < opts.alpha;
        }
    }
    (rows, total)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

pub(super) fn lcm(a: u64, b: u64) -> u64 {
    a / gcd(a, b) * b
}

/// The units of the statistics, in the pairs' order (sorted by ply): one per position with its
/// repeats summed (`collapse`), or one per pair.
fn units(m: &Pairs, seeds: &[u64], indices: &[u32], collapse: bool) -> Vec<Unit> {
    let mut out: Vec<Unit> = Vec::with_capacity(m.len());
    for i in 0..m.len() {
        let same = collapse
            && i > 0
            && m.ply[i] == m.ply[i - 1]
            && seeds[i] == seeds[i - 1]
            && indices[i] == indices[i - 1];
        if !same {
            out.push(Unit {
                ply: m.ply[i],
                ..Unit::default()
            });
        }
        let u = out.last_mut().expect("a unit");
        u.k += 1;
        u.b_ns += u128::from(m.baseline_ns[i]);
        u.c_ns += u128::from(m.candidate_ns[i]);
        u.b_nodes += u128::from(m.baseline_nodes[i]);
        u.c_nodes += u128::from(m.candidate_nodes[i]);
        u.b_probes += u64::from(m.baseline_probes[i]);
        u.c_probes += u64::from(m.candidate_probes[i]);
    }
    out
}

/// Every solve time of every engine of `engines`, in ms, per ply ascending.
fn engine_times(s: &Solves, engines: &[String]) -> Vec<EngineTimes> {
    let k = s.keyed;
    let mut out: Vec<EngineTimes> = engines
        .iter()
        .map(|e| EngineTimes {
            engine: e.clone(),
            by_ply: Vec::new(),
        })
        .collect();
    let slot: Vec<Option<usize>> = s
        .engines
        .iter()
        .map(|e| engines.iter().position(|x| x == e))
        .collect();
    for (i, &code) in k.engine.iter().enumerate() {
        let Some(e) = slot[code as usize] else {
            continue;
        };
        let (p, t) = (k.ply[i], s.nanos[i] as f64 / 1e6);
        match out[e].by_ply.last_mut() {
            Some((q, v)) if *q == p => v.push(t),
            _ => out[e].by_ply.push((p, vec![t])),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn pairs_auto_all_and_baseline() {
        let e = names(&["a", "b", "c"]);
        let o = AnalyzeOptions::default();
        let (_, p) = pairs_to_compare("x", &e, &o).unwrap();
        let want: Vec<(String, String)> = [("a", "b"), ("a", "c"), ("b", "c")]
            .iter()
            .map(|(x, y)| (x.to_string(), y.to_string()))
            .collect();
        assert_eq!(p, want);
        let base = AnalyzeOptions {
            pairs: PairsMode::Baseline,
            ..o.clone()
        };
        assert_eq!(pairs_to_compare("x", &e, &base).unwrap().1.len(), 2);
        // Five engines: auto falls back to the baseline against each other engine.
        let five = names(&["a", "b", "c", "d", "e"]);
        assert_eq!(pairs_to_compare("x", &five, &o).unwrap().1.len(), 4);
        let all = AnalyzeOptions {
            pairs: PairsMode::All,
            ..o.clone()
        };
        assert_eq!(pairs_to_compare("x", &five, &all).unwrap().1.len(), 10);
        // A chosen baseline comes first in every pair it is part of.
        let cb = AnalyzeOptions {
            baseline: Some("c".into()),
            ..o
        };
        let (b, p) = pairs_to_compare("x", &e, &cb).unwrap();
        assert_eq!(b, "c");
        assert_eq!(p[0], ("c".to_string(), "a".to_string()));
        assert_eq!(p[2], ("a".to_string(), "b".to_string()));
    }

    #[test]
    fn lcm_of_repeats() {
        assert_eq!(lcm(2, 3), 6);
        assert_eq!(lcm(4, 6), 12);
        assert_eq!([1u64, 2, 2, 1].iter().fold(1, |l, &k| lcm(l, k)), 2);
    }
}
