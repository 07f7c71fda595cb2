//! Pairing of a baseline with each candidate (polars inner join) and the per-ply statistics.

use polars::prelude::*;
use rayon::prelude::*;
use statrs::distribution::{ContinuousCDF, Normal};

use crate::stats::summary::{bootstrap_ratio_of_means, geometric_mean, median};
use crate::stats::wilcoxon::{wilcoxon, Alternative, WilcoxonOptions};
use crate::stats::StatsError;

use super::{
    AnalysisError, AnalyzeOptions, Comparison, EngineTimes, ExperimentAnalysis, IntervalMethod,
    MeanSd, Pairs, PlyRow, RankTest,
};

const KEYS: [&str; 4] = ["seed", "ply", "index", "repeat"];

pub(super) fn analyze_experiment(
    df: &DataFrame,
    name: &str,
    engines: Vec<String>,
    metadata: Vec<(std::path::PathBuf, serde_json::Value)>,
    opts: &AnalyzeOptions,
) -> Result<ExperimentAnalysis, AnalysisError> {
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
    let candidates: Vec<String> = if opts.candidates.is_empty() {
        engines
            .iter()
            .filter(|e| **e != baseline)
            .cloned()
            .collect()
    } else {
        for c in &opts.candidates {
            if !engines.contains(c) {
                return Err(AnalysisError::Data(format!(
                    "experiment `{name}`: candidate engine `{c}` not found (engines: {})",
                    engines.join(", ")
                )));
            }
        }
        opts.candidates.clone()
    };

    let exp = df
        .clone()
        .lazy()
        .filter(col("experiment").eq(lit(name)))
        .collect()?;
    let records = exp.height() as u64;
    check_duplicates(&exp, name)?;

    let mut warnings = Vec::new();
    let mut comparisons = Vec::with_capacity(candidates.len());
    for candidate in &candidates {
        if *candidate == baseline {
            continue;
        }
        comparisons.push(compare(
            &exp,
            name,
            &baseline,
            candidate,
            opts,
            &mut warnings,
        )?);
    }
    let distributions = engines
        .iter()
        .map(|e| engine_times(&exp, e))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ExperimentAnalysis {
        name: name.to_string(),
        engines,
        baseline,
        records,
        metadata,
        comparisons,
        distributions,
        warnings,
        options: opts.clone(),
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
            (col("nanos").cast(DataType::Float64) / lit(1e6)).alias(format!("{prefix}_ms")),
            col("nodes").alias(format!("{prefix}_nodes")),
        ])
}

fn compare(
    exp: &DataFrame,
    name: &str,
    baseline: &str,
    candidate: &str,
    opts: &AnalyzeOptions,
    warnings: &mut Vec<String>,
) -> Result<Comparison, AnalysisError> {
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
    if joined.height() == 0 {
        return Err(AnalysisError::Data(format!(
            "experiment `{name}`: no position was solved by both `{baseline}` and `{candidate}`"
        )));
    }
    let count = |engine: &str| -> Result<usize, AnalysisError> {
        Ok(exp
            .clone()
            .lazy()
            .filter(col("engine").eq(lit(engine)))
            .collect()?
            .height())
    };
    for engine in [baseline, candidate] {
        let unpaired = count(engine)? - joined.height();
        if unpaired > 0 {
            warnings.push(format!(
                "{unpaired} solves of `{engine}` have no partner in the comparison of \
                 `{candidate}` with `{baseline}` and were left out"
            ));
        }
    }

    let measurements = Pairs {
        ply: u32s(&joined, "ply")?,
        baseline_ms: f64s(&joined, "b_ms")?,
        candidate_ms: f64s(&joined, "c_ms")?,
        baseline_nodes: u64s(&joined, "b_nodes")?,
        candidate_nodes: u64s(&joined, "c_nodes")?,
    };

    // The unit of the statistics: a position (repeats averaged) or a single repeat.
    let units = if opts.collapse_repeats {
        joined
            .lazy()
            .group_by([col("seed"), col("ply"), col("index")])
            .agg([
                col("b_ms").mean(),
                col("c_ms").mean(),
                col("b_nodes").cast(DataType::Float64).mean(),
                col("c_nodes").cast(DataType::Float64).mean(),
            ])
            .sort(["ply", "seed", "index"], SortMultipleOptions::default())
            .collect()?
    } else {
        joined
            .lazy()
            .with_columns([
                col("b_nodes").cast(DataType::Float64),
                col("c_nodes").cast(DataType::Float64),
            ])
            .collect()?
    };

    // Means, sd and node totals per ply, and over all plies, aggregated by polars.
    let aggs = || {
        [
            len().alias("n"),
            col("b_ms").mean().alias("b_mean"),
            col("b_ms").std(1).alias("b_sd"),
            col("c_ms").mean().alias("c_mean"),
            col("c_ms").std(1).alias("c_sd"),
            col("b_nodes").sum().alias("b_nodes"),
            col("c_nodes").sum().alias("c_nodes"),
        ]
    };
    let per_ply = units
        .clone()
        .lazy()
        .group_by([col("ply")])
        .agg(aggs())
        .sort(["ply"], SortMultipleOptions::default())
        .collect()?;
    let total = units.clone().lazy().select(aggs()).collect()?;

    let ply = u32s(&units, "ply")?;
    let b = f64s(&units, "b_ms")?;
    let c = f64s(&units, "c_ms")?;

    // Contiguous ranges of each ply in the sorted units.
    let mut ranges = Vec::new();
    let mut start = 0;
    for i in 1..=ply.len() {
        if i == ply.len() || ply[i] != ply[start] {
            ranges.push((ply[start], start..i));
            start = i;
        }
    }
    let agg_rows = agg_rows(&per_ply)?;
    debug_assert_eq!(agg_rows.len(), ranges.len());
    let mut jobs: Vec<(Option<u32>, Aggregates, std::ops::Range<usize>)> = ranges
        .into_iter()
        .zip(agg_rows)
        .map(|((p, r), a)| (Some(p), a, r))
        .collect();
    jobs.push((None, agg_rows_total(&total)?, 0..b.len()));
    let mut rows: Vec<PlyRow> = jobs
        .into_par_iter()
        .map(|(p, a, r)| ply_row(p, a, &b[r.clone()], &c[r], opts))
        .collect();
    let total = rows.pop().expect("total row");
    let zero = rows
        .iter()
        .flat_map(|r| r.notes.iter())
        .any(|n| n.contains("zero time"));
    if zero {
        warnings.push(format!(
            "`{candidate}` vs `{baseline}`: some positions have a zero time; they are left out \
             of the median and geometric-mean ratios"
        ));
    }
    Ok(Comparison {
        baseline: baseline.to_string(),
        candidate: candidate.to_string(),
        measurements,
        rows,
        total,
    })
}

const KEYS_SORT: [&str; 4] = ["ply", "seed", "index", "repeat"];

#[derive(Debug, Clone, Copy)]
struct Aggregates {
    n: usize,
    b: MeanSd,
    c: MeanSd,
    b_nodes: f64,
    c_nodes: f64,
}

fn agg_rows(df: &DataFrame) -> Result<Vec<Aggregates>, AnalysisError> {
    (0..df.height()).map(|i| agg_row(df, i)).collect()
}

fn agg_rows_total(df: &DataFrame) -> Result<Aggregates, AnalysisError> {
    agg_row(df, 0)
}

fn agg_row(df: &DataFrame, i: usize) -> Result<Aggregates, AnalysisError> {
    let f = |name: &str| -> Result<f64, AnalysisError> {
        let column = df.column(name)?.cast(&DataType::Float64)?;
        Ok(column.f64()?.get(i).unwrap_or(f64::NAN))
    };
    let n = f("n")? as usize;
    // A single observation has no spread: sd 0, as stats::summary does.
    let sd = |x: f64| if n <= 1 { 0.0 } else { x };
    Ok(Aggregates {
        n,
        b: MeanSd {
            mean: f("b_mean")?,
            sd: sd(f("b_sd")?),
        },
        c: MeanSd {
            mean: f("c_mean")?,
            sd: sd(f("c_sd")?),
        },
        b_nodes: f("b_nodes")?,
        c_nodes: f("c_nodes")?,
    })
}

fn ply_row(ply: Option<u32>, a: Aggregates, b: &[f64], c: &[f64], opts: &AnalyzeOptions) -> PlyRow {
    let mut notes = Vec::new();
    let mut note = |what: &str, e: StatsError| notes.push(format!("{what}: {e}"));

    let ratios: Vec<f64> = b
        .iter()
        .zip(c)
        .filter(|(x, y)| **x > 0.0 && **y > 0.0)
        .map(|(x, y)| x / y)
        .collect();
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
        let ci = delta_method_speedup_ci(b, c, opts.confidence);
        (ci, ci.map(|_| IntervalMethod::DeltaMethod))
    } else {
        let seed = opts.seed
            ^ (ply.map(|p| p as u64 + 1).unwrap_or(0)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let ci = bootstrap_ratio_of_means(b, c, opts.bootstrap_resamples, seed, opts.confidence)
            // The bootstrap gives candidate/baseline: invert to a speed-up.
            .map(|(_, lo, hi)| (1.0 / hi, 1.0 / lo))
            .map_err(|e| note("bootstrap", e))
            .ok();
        (ci, ci.map(|_| IntervalMethod::Bootstrap))
    };

    let d: Vec<f64> = b.iter().zip(c).map(|(x, y)| x - y).collect();
    let one_sided = WilcoxonOptions {
        alternative: Alternative::Greater,
        confidence: opts.confidence,
        ..WilcoxonOptions::default()
    };
    let two_sided = WilcoxonOptions {
        alternative: Alternative::TwoSided,
        ..one_sided
    };
    let test = match (wilcoxon(&d, &one_sided), wilcoxon(&d, &two_sided)) {
        (Ok(g), Ok(t)) => Some(RankTest {
            t_plus: g.statistic,
            p_value: g.p_value,
            hl_ms: t.estimate,
            hl_ci_ms: t.ci,
        }),
        (Err(e), _) | (_, Err(e)) => {
            note("Wilcoxon", e);
            None
        }
    };
    notes.extend(zero_note);
    let significant = test.is_some_and(|t| t.p_value < opts.alpha);
    PlyRow {
        ply,
        n: a.n,
        baseline_ms: a.b,
        candidate_ms: a.c,
        speedup: a.b.mean / a.c.mean,
        speedup_ci,
        speedup_ci_method,
        median_ratio,
        geomean_ratio,
        node_ratio: a.b_nodes / a.c_nodes,
        test,
        significant,
        notes,
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

fn u32s(df: &DataFrame, name: &str) -> Result<Vec<u32>, AnalysisError> {
    Ok(df.column(name)?.u32()?.into_no_null_iter().collect())
}

fn u64s(df: &DataFrame, name: &str) -> Result<Vec<u64>, AnalysisError> {
    Ok(df.column(name)?.u64()?.into_no_null_iter().collect())
}

fn f64s(df: &DataFrame, name: &str) -> Result<Vec<f64>, AnalysisError> {
    Ok(df.column(name)?.f64()?.into_no_null_iter().collect())
}
