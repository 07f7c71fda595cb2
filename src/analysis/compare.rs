//! Pairing of engines (polars inner join) into exact integer units, and the comparisons built
//! from them.

use polars::prelude::*;
use rayon::prelude::*;

use crate::stats::multiple::holm;

use super::ply::{ply_row, Unit};
use super::{
    AnalysisError, AnalyzeOptions, Comparison, EngineTimes, ExperimentAnalysis, Pairs, PairsMode,
    AUTO_ALL_PAIRS_MAX,
};

const KEYS: [&str; 4] = ["seed", "ply", "index", "repeat"];
const KEYS_SORT: [&str; 4] = ["ply", "seed", "index", "repeat"];

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
    df: &DataFrame,
    name: &str,
    engines: Vec<String>,
    metadata: Vec<(std::path::PathBuf, serde_json::Value)>,
    opts: &AnalyzeOptions,
) -> Result<ExperimentAnalysis, AnalysisError> {
    let (baseline, pairs) = pairs_to_compare(name, &engines, opts)?;
    let exp = df
        .clone()
        .lazy()
        .filter(col("experiment").eq(lit(name)))
        .collect()?;
    let records = exp.height() as u64;
    check_duplicates(&exp, name)?;

    let mut warnings = Vec::new();
    let mut comparisons = Vec::with_capacity(pairs.len());
    for (b, c) in &pairs {
        comparisons.push(compare(&exp, name, b, c, opts, &mut warnings)?);
    }
    let distributions = engines
        .iter()
        .map(|e| engine_times(&exp, e))
        .collect::<Result<Vec<_>, _>>()?;
    let facts = super::facts::run_facts(&exp, &engines)?;
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
    })
}

/// A position solved twice by the same engine in the same repeat would pair twice.
fn check_duplicates(exp: &DataFrame, name: &str) -> Result<(), AnalysisError> {
    let dups = exp
        .clone()
        .lazy()
        .group_by([
            col("seed"),
            col("ply"),
            col("index"),
            col("repeat"),
            col("engine"),
        ])
        .agg([len().alias("count")])
        .filter(col("count").gt(lit(1u32)))
        .sort(["ply", "index"], SortMultipleOptions::default())
        .collect()?;
    if dups.height() == 0 {
        return Ok(());
    }
    let ply = dups.column("ply")?.u32()?.get(0).unwrap_or(0);
    let index = dups.column("index")?.u32()?.get(0).unwrap_or(0);
    let repeat = dups.column("repeat")?.u32()?.get(0).unwrap_or(0);
    let engine = dups
        .column("engine")?
        .str()?
        .get(0)
        .unwrap_or("")
        .to_string();
    Err(AnalysisError::Data(format!(
        "experiment `{name}`: {} solves appear more than once (e.g. ply {ply}, index {index}, \
         repeat {repeat}, engine `{engine}`): was the same file given twice?",
        dups.height()
    )))
}

fn side(exp: &DataFrame, engine: &str, prefix: &str) -> LazyFrame {
    exp.clone()
        .lazy()
        .filter(col("engine").eq(lit(engine)))
        .select([
            col("seed"),
            col("ply"),
            col("index"),
            col("repeat"),
            col("nanos").alias(format!("{prefix}_ns")),
            col("nodes").alias(format!("{prefix}_nodes")),
            col("probes").alias(format!("{prefix}_probes")),
        ])
}

/// The solves of `baseline` and `candidate` joined on `(seed, ply, index, repeat)`, sorted by
/// ply, seed, index, repeat, as column vectors (with the seeds and indices of the pairs).
pub(super) fn join_pairs(
    exp: &DataFrame,
    baseline: &str,
    candidate: &str,
) -> Result<(Pairs, Vec<u64>, Vec<u32>), AnalysisError> {
    let keys: Vec<Expr> = KEYS.iter().map(|k| col(*k)).collect();
    let joined = side(exp, baseline, "b")
        .join(
            side(exp, candidate, "c"),
            keys.clone(),
            keys,
            JoinArgs::new(JoinType::Inner),
        )
        .sort(KEYS_SORT, SortMultipleOptions::default())
        .collect()?;
    let baseline_ns = u64s(&joined, "b_ns")?;
    let candidate_ns = u64s(&joined, "c_ns")?;
    let ms = |v: &[u64]| v.iter().map(|&x| x as f64 / 1e6).collect();
    let pairs = Pairs {
        ply: u32s(&joined, "ply")?,
        baseline_ms: ms(&baseline_ns),
        candidate_ms: ms(&candidate_ns),
        baseline_nodes: u64s(&joined, "b_nodes")?,
        candidate_nodes: u64s(&joined, "c_nodes")?,
        baseline_ns,
        candidate_ns,
        baseline_probes: u32s(&joined, "b_probes")?,
        candidate_probes: u32s(&joined, "c_probes")?,
    };
    Ok((pairs, u64s(&joined, "seed")?, u32s(&joined, "index")?))
}

fn compare(
    exp: &DataFrame,
    name: &str,
    baseline: &str,
    candidate: &str,
    opts: &AnalyzeOptions,
    warnings: &mut Vec<String>,
) -> Result<Comparison, AnalysisError> {
    let (m, seeds, indices) = join_pairs(exp, baseline, candidate)?;
    if m.is_empty() {
        return Err(AnalysisError::Data(format!(
            "experiment `{name}`: no position was solved by both `{baseline}` and `{candidate}`"
        )));
    }
    for engine in [baseline, candidate] {
        let solves = exp
            .clone()
            .lazy()
            .filter(col("engine").eq(lit(engine)))
            .collect()?
            .height();
        let unpaired = solves - m.len();
        if unpaired > 0 {
            warnings.push(format!(
                "{unpaired} solves of `{engine}` have no partner in the comparison of \
                 `{candidate}` with `{baseline}` and were left out"
            ));
        }
    }
    let units = units(&m, &seeds, &indices, opts.collapse_repeats);
    // The common multiple of the repeat counts: every unit's difference of sums is scaled to
    // `scale` × the difference of its means, an integer, so the rank test sees exact values.
    let scale = units.iter().fold(1u64, |l, u| lcm(l, u.k)).min(1 << 20);

    let mut ranges = Vec::new();
    let mut start = 0;
    for i in 1..=units.len() {
        if i == units.len() || units[i].ply != units[start].ply {
            ranges.push((Some(units[start].ply), start..i));
            start = i;
        }
    }
    ranges.push((None, 0..units.len()));
    let mut rows: Vec<_> = ranges
        .into_par_iter()
        .map(|(p, r)| ply_row(p, &units[r], scale, opts))
        .collect();
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
    if rows
        .iter()
        .any(|r| r.notes.iter().any(|n| n.contains("zero time")))
    {
        warnings.push(format!(
            "`{candidate}` vs `{baseline}`: some positions have a zero time; they are left out \
             of the median and geometric-mean ratios"
        ));
    }
    Ok(Comparison {
        baseline: baseline.to_string(),
        candidate: candidate.to_string(),
        measurements: m,
        rows,
        total,
    })
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
    let mut out: Vec<Unit> = Vec::new();
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

fn engine_times(exp: &DataFrame, engine: &str) -> Result<EngineTimes, AnalysisError> {
    let df = exp
        .clone()
        .lazy()
        .filter(col("engine").eq(lit(engine)))
        .select([
            col("ply"),
            (col("nanos").cast(DataType::Float64) / lit(1e6)).alias("ms"),
        ])
        .sort(["ply"], SortMultipleOptions::default())
        .collect()?;
    let ply = u32s(&df, "ply")?;
    let ms = f64s(&df, "ms")?;
    let mut by_ply: Vec<(u32, Vec<f64>)> = Vec::new();
    for (p, t) in ply.into_iter().zip(ms) {
        match by_ply.last_mut() {
            Some((q, v)) if *q == p => v.push(t),
            _ => by_ply.push((p, vec![t])),
        }
    }
    Ok(EngineTimes {
        engine: engine.to_string(),
        by_ply,
    })
}

pub(super) fn u32s(df: &DataFrame, name: &str) -> Result<Vec<u32>, AnalysisError> {
    Ok(df.column(name)?.u32()?.into_no_null_iter().collect())
}

pub(super) fn u64s(df: &DataFrame, name: &str) -> Result<Vec<u64>, AnalysisError> {
    Ok(df.column(name)?.u64()?.into_no_null_iter().collect())
}

fn f64s(df: &DataFrame, name: &str) -> Result<Vec<f64>, AnalysisError> {
    Ok(df.column(name)?.f64()?.into_no_null_iter().collect())
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
