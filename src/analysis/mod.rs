//! Analysis of results CSV files: validation, pairing of engines, per-ply comparison statistics.
//!
//! Entry point: [`analyze`]. Each file is read and checked in one pass into typed columns
//! (`scan`; a file it cannot vouch for goes to [`validate::validate_csv`], whose errors name the
//! file and the line, and to the general reader); the solves of the baseline and of each
//! candidate engine are paired by `(experiment, seed, ply, index, repeat)` by sorting integer
//! keys (`frame`, `compare`) and summarised per ply (`ply`). The rank statistics come from
//! [`crate::stats`].
//!
//! Conventions: times are in milliseconds; every ratio is **baseline / candidate**, so a value
//! above 1 means the candidate is faster (a speed-up) or searched fewer nodes. The rank tests run
//! on exact integer differences of nanoseconds, so equal differences tie and equal times give
//! zeros (counted in [`PlyRow::zeros`]).

pub mod ablation;
pub mod against;
pub mod chess;
mod compare;
pub mod counters;
mod csv_body;
mod facts;
mod frame;
pub mod headline;
pub mod labels;
mod load;
pub mod machine;
mod ply;
pub mod quality;
mod scan;
pub mod synthetic;
pub mod validate;

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::stats::StatsError;

pub use crate::stats::wilcoxon::Method as TestMethod;
pub use facts::RunFacts;
pub use load::{export_parquet, load_results, read_results, PARQUET};
pub use validate::{validate_csv, FileSummary};

/// Why an analysis failed.
#[derive(Debug, Error)]
pub enum AnalysisError {
    /// A file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A results file does not follow the schema of [`crate::runner::record`].
    #[error("{} line {line}: {message}", path.display())]
    Malformed {
        path: PathBuf,
        /// 1-based line number (the header is line 1).
        line: u64,
        message: String,
    },
    /// The data are well formed but cannot be analysed as asked (unknown engine, no pairs,
    /// duplicated solves, ...).
    #[error("{0}")]
    Data(String),
    /// Error from polars while loading, joining or exporting.
    #[error("polars: {0}")]
    Polars(#[from] polars::error::PolarsError),
    /// Error from a statistic that the analysis cannot do without.
    #[error("statistics: {0}")]
    Stats(#[from] StatsError),
}

/// Options of [`analyze`].
#[derive(Debug, Clone, PartialEq)]
pub struct AnalyzeOptions {
    /// Analyse only this experiment (default: every experiment found in the files).
    pub experiment: Option<String>,
    /// The baseline engine spec (default: the first engine of the experiment: the first of the
    /// `engines` list of the experiment file saved in the `.meta.json`, or without one the engine
    /// of the first row).
    pub baseline: Option<String>,
    /// The candidate engine specs (default: every engine of the experiment but the baseline).
    pub candidates: Vec<String>,
    /// Average the repeats of a position before the statistics, so that `n` counts positions
    /// (default). When false, every repeat is a pair of its own.
    pub collapse_repeats: bool,
    /// Significance level of the `*` marker (default 0.05).
    pub alpha: f64,
    /// Confidence level of the Hodges–Lehmann and bootstrap intervals (default 0.95).
    pub confidence: f64,
    /// Bootstrap resamples of the ratio-of-means interval (default 1000; 0 turns the interval
    /// off).
    pub bootstrap_resamples: usize,
    /// Above this many pairs in a row the interval of the ratio of means is the delta-method
    /// normal interval instead of the bootstrap, whose cost grows as pairs × resamples
    /// (default 20,000: at that size the two agree closely).
    pub bootstrap_max_pairs: usize,
    /// Seed of the bootstrap.
    pub seed: u64,
    /// Which pairs of engines are compared.
    pub pairs: PairsMode,
    /// Engine labels `(spec, label)` that take precedence over those of the experiment file
    /// saved in the metadata ([`labels`]).
    pub labels: Vec<(String, String)>,
}

/// Which pairs of engines an analysis compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PairsMode {
    /// Every pair when the experiment has at most [`AUTO_ALL_PAIRS_MAX`] engines, else the
    /// baseline against each other engine (default).
    #[default]
    Auto,
    /// The baseline against each other engine.
    Baseline,
    /// Every pair of engines (the earlier engine of the experiment's list is the baseline).
    All,
}

/// Up to this many engines, [`PairsMode::Auto`] compares every pair (4 engines: 6 pairs).
pub const AUTO_ALL_PAIRS_MAX: usize = 4;

impl std::str::FromStr for PairsMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "auto" => Ok(PairsMode::Auto),
            "baseline" => Ok(PairsMode::Baseline),
            "all" => Ok(PairsMode::All),
            _ => Err(format!("pairs `{s}`: expected auto, baseline or all")),
        }
    }
}

impl Default for AnalyzeOptions {
    fn default() -> Self {
        Self {
            experiment: None,
            baseline: None,
            candidates: Vec::new(),
            collapse_repeats: true,
            alpha: 0.05,
            confidence: 0.95,
            bootstrap_resamples: 1000,
            bootstrap_max_pairs: 20_000,
            seed: 0x7ee_be4c,
            pairs: PairsMode::Auto,
            labels: Vec::new(),
        }
    }
}

/// The outcome of [`analyze`]: one [`ExperimentAnalysis`] per experiment found.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The results files, in the order given.
    pub sources: Vec<PathBuf>,
    pub options: AnalyzeOptions,
    pub experiments: Vec<ExperimentAnalysis>,
}

/// Everything the tables, figures and report show about one experiment.
#[derive(Debug, Clone)]
pub struct ExperimentAnalysis {
    pub name: String,
    /// Engine specs: in the experiment file's order when the metadata has it, else in order of
    /// first appearance.
    pub engines: Vec<String>,
    pub baseline: String,
    /// Rows of this experiment in the results files.
    pub records: u64,
    /// The `<name>.meta.json` beside each results file, where present.
    pub metadata: Vec<(PathBuf, serde_json::Value)>,
    /// One comparison per candidate, in engine order.
    pub comparisons: Vec<Comparison>,
    /// Every solve time of every engine, per ply (for the distribution figure).
    pub distributions: Vec<EngineTimes>,
    /// Things the reader should know (unpaired rows dropped, zero times, ...).
    pub warnings: Vec<String>,
    /// What the records say about how the run was made (solve order, scores, repeats).
    pub facts: RunFacts,
    /// The options the experiment was analysed with.
    pub options: AnalyzeOptions,
    /// Chess experiments: time to depth, nodes, nodes per second and agreement per ply.
    pub chess: Option<chess::ChessTables>,
    /// `(label, spec)` of each engine, in `engines` order: `engines` and every comparison name
    /// the engines by their labels ([`labels`]), the Method section by their specs.
    pub specs: Vec<(String, String)>,
}

impl ExperimentAnalysis {
    /// The spec of the engine labelled `label` (`label` itself when it is not a label).
    #[must_use]
    pub fn spec_of<'a>(&'a self, label: &'a str) -> &'a str {
        self.specs
            .iter()
            .find(|(l, _)| l == label)
            .map_or(label, |(_, s)| s.as_str())
    }

    /// The engines' specs, in `engines` order.
    #[must_use]
    pub fn engine_specs(&self) -> Vec<String> {
        self.engines
            .iter()
            .map(|e| self.spec_of(e).to_string())
            .collect()
    }

    /// The label of the engine with spec `spec` (`spec` itself when it has none).
    #[must_use]
    pub fn label_of<'a>(&'a self, spec: &'a str) -> &'a str {
        self.specs
            .iter()
            .find(|(_, s)| s == spec)
            .map_or(spec, |(l, _)| l.as_str())
    }
}

/// Solve times of one engine, in ms, per ply (ascending).
#[derive(Debug, Clone, PartialEq)]
pub struct EngineTimes {
    pub engine: String,
    pub by_ply: Vec<(u32, Vec<f64>)>,
}

/// The paired comparison of one candidate with a baseline (the experiment's baseline, or with
/// [`PairsMode::All`] the earlier engine of the pair).
#[derive(Debug, Clone)]
pub struct Comparison {
    pub baseline: String,
    pub candidate: String,
    /// Every paired measurement (one per `(seed, ply, index, repeat)`), sorted by ply.
    pub measurements: Pairs,
    /// One row per ply, ascending.
    pub rows: Vec<PlyRow>,
    /// All plies together.
    pub total: PlyRow,
}

/// Paired measurements, column-wise: entry `i` of every vector belongs to the same solve pair.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Pairs {
    pub ply: Vec<u32>,
    pub baseline_ms: Vec<f64>,
    pub candidate_ms: Vec<f64>,
    pub baseline_nodes: Vec<u64>,
    pub candidate_nodes: Vec<u64>,
    /// The solve times as recorded, in integer nanoseconds.
    pub baseline_ns: Vec<u64>,
    pub candidate_ns: Vec<u64>,
    /// Probes (root searches) of each solve; 0 for engines that do not report them.
    pub baseline_probes: Vec<u32>,
    pub candidate_probes: Vec<u32>,
}

impl Pairs {
    /// Empty, with room for `n` pairs in every column.
    pub fn with_capacity(n: usize) -> Self {
        Pairs {
            ply: Vec::with_capacity(n),
            baseline_ms: Vec::with_capacity(n),
            candidate_ms: Vec::with_capacity(n),
            baseline_nodes: Vec::with_capacity(n),
            candidate_nodes: Vec::with_capacity(n),
            baseline_ns: Vec::with_capacity(n),
            candidate_ns: Vec::with_capacity(n),
            baseline_probes: Vec::with_capacity(n),
            candidate_probes: Vec::with_capacity(n),
        }
    }
    pub fn len(&self) -> usize {
        self.ply.len()
    }
    pub fn is_empty(&self) -> bool {
        self.ply.is_empty()
    }
}

/// Mean and sample standard deviation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MeanSd {
    pub mean: f64,
    pub sd: f64,
}

/// The Wilcoxon signed-rank test on the exact differences `baseline − candidate` (integer
/// nanoseconds; zeros dropped, ties kept: scipy's `zero_method='wilcox'`, method `auto`), and the
/// Hodges–Lehmann estimate of the same differences with its two-sided interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RankTest {
    /// Differences the test used: the nonzero ones.
    pub n: usize,
    /// T+, the sum of the midranks of the positive differences (baseline slower).
    pub t_plus: f64,
    /// Two-sided p-value (the one the tables show, matching the two-sided intervals).
    pub p_value: f64,
    /// One-sided p-value, alternative "the candidate is faster" (differences > 0).
    pub p_greater: f64,
    /// `p_value` adjusted by Holm's method across the plies of the comparison (`None` for the
    /// all-plies row, a single test).
    pub p_holm: Option<f64>,
    /// How the p-values were computed (exact, sign-flip permutation or normal approximation).
    pub method: TestMethod,
    /// Hodges–Lehmann estimate of `baseline − candidate`, ms.
    pub hl_ms: f64,
    /// Its two-sided confidence interval at [`AnalyzeOptions::confidence`], ms.
    pub hl_ci_ms: (f64, f64),
}

/// The headline estimand of a row: the speed-up as the Hodges–Lehmann estimate of the
/// per-position log ratio ln(baseline time / candidate time), taken back to a ratio (a
/// geometric-mean speed-up), with the interval from inverting the same two-sided Wilcoxon
/// signed-rank test whose p-value it carries ([`crate::stats::wilcoxon::ratio_test`]): at a
/// confidence of 1 − alpha the interval excludes 1 exactly when p < alpha (up to the discreteness
/// of small exact tests).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Effect {
    /// exp(HL of ln(baseline / candidate)): > 1 means the candidate is faster.
    pub speedup: f64,
    /// Its two-sided interval at [`AnalyzeOptions::confidence`].
    pub ci: (f64, f64),
    /// Log ratios the test ranked (the nonzero ones).
    pub n: usize,
    /// T+ of the log ratios (positive: the baseline slower).
    pub t_plus: f64,
    /// Two-sided p-value of the test on the log ratios.
    pub p_value: f64,
    /// One-sided p-value, alternative "the candidate is faster".
    pub p_greater: f64,
    /// `p_value` adjusted by Holm's method across the plies (`None` for the all-plies row).
    pub p_holm: Option<f64>,
    pub method: TestMethod,
}

/// How the candidate's time per node compares with the baseline's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    /// No difference at the significance level.
    Equal,
    Higher,
    Lower,
}

/// Time per node of both engines and the test that compares them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimePerNode {
    /// Total time / total nodes, ns per node.
    pub baseline_ns: f64,
    pub candidate_ns: f64,
    /// Two-sided Wilcoxon p-value on the per-position differences of ln(ns per node), when the
    /// test could be made.
    pub p_value: Option<f64>,
    /// Equal when `p_value ≥ alpha` (or no test), else the direction of the Hodges–Lehmann
    /// estimate of those differences.
    pub relation: Relation,
    /// That estimate as a ratio, candidate / baseline time per node (exp of minus the
    /// estimate of ln(baseline) − ln(candidate)): a headline's direction and size both come
    /// from it. `None` without a test.
    pub estimate: Option<f64>,
}

impl TimePerNode {
    /// Candidate / baseline.
    #[must_use]
    pub fn ratio(&self) -> f64 {
        self.candidate_ns / self.baseline_ns
    }
}

/// How the interval of a ratio of means was computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntervalMethod {
    /// Paired percentile bootstrap ([`crate::stats::summary::bootstrap_ratio_of_means`]).
    Bootstrap,
    /// Delta-method normal interval (large samples, see
    /// [`AnalyzeOptions::bootstrap_max_pairs`]).
    DeltaMethod,
}

/// One row of a comparison table: one ply, or all plies (`ply == None`).
#[derive(Debug, Clone, PartialEq)]
pub struct PlyRow {
    pub ply: Option<u32>,
    /// Pairs (positions when repeats are collapsed).
    pub n: usize,
    /// Pairs whose times are exactly equal (zero differences: left out of the rank test).
    pub zeros: usize,
    /// Pairs where the candidate was faster / slower.
    pub faster: usize,
    pub slower: usize,
    pub baseline_ms: MeanSd,
    pub candidate_ms: MeanSd,
    /// The headline speed-up and its test (see [`Effect`]); `None` when no test could be made.
    pub effect: Option<Effect>,
    /// Ratio of mean times, baseline / candidate: > 1 means the candidate is faster (a second
    /// figure, with a bootstrap interval and no test of its own).
    pub speedup: f64,
    /// Confidence interval of `speedup`, when computed.
    pub speedup_ci: Option<(f64, f64)>,
    /// How `speedup_ci` was computed.
    pub speedup_ci_method: Option<IntervalMethod>,
    /// Median of the per-position ratios baseline / candidate.
    pub median_ratio: Option<f64>,
    /// Geometric mean of the per-position ratios baseline / candidate.
    pub geomean_ratio: Option<f64>,
    /// Total nodes, baseline / candidate.
    pub node_ratio: f64,
    pub time_per_node: TimePerNode,
    /// Mean probes (root searches) per solve, baseline and candidate; `None` when neither
    /// engine reports probes.
    pub probes: Option<(f64, f64)>,
    pub test: Option<RankTest>,
    /// The [`Effect`]'s p-value below alpha: Holm-adjusted for a ply, raw for the all-plies row.
    pub significant: bool,
    /// Why a statistic is missing, if one is.
    pub notes: Vec<String>,
}

/// Load, validate and analyse results files.
///
/// Every file is validated first ([`validate_csv`]); the `.meta.json` beside each
/// (`results/x.csv` → `results/x.meta.json`) is read when present. For each experiment, the
/// baseline is paired with each candidate by `(experiment, seed, ply, index, repeat)` and the
/// pairs are summarised per ply and over all plies (see [`PlyRow`]).
pub fn analyze(paths: &[PathBuf], opts: &AnalyzeOptions) -> Result<Analysis, AnalysisError> {
    if paths.is_empty() {
        return Err(AnalysisError::Data("no results file given".into()));
    }
    let mut loaded = load::load_checked(paths)?;
    let frame = loaded.frame(paths)?;
    let metadata: Vec<(PathBuf, serde_json::Value)> = paths
        .iter()
        .filter_map(|p| read_metadata(p).transpose())
        .collect::<Result<_, _>>()?;
    let mut experiments = merged_experiments(&loaded.summaries);
    if let Some(only) = &opts.experiment {
        experiments.retain(|(e, _)| e == only);
        if experiments.is_empty() {
            return Err(AnalysisError::Data(format!(
                "experiment `{only}` not found in {}",
                list_paths(paths)
            )));
        }
    }
    if experiments.is_empty() {
        return Err(AnalysisError::Data(format!(
            "no records in {}",
            list_paths(paths)
        )));
    }

    let mut out = Vec::with_capacity(experiments.len());
    for (name, mut engines) in experiments {
        let metadata: Vec<(PathBuf, serde_json::Value)> = metadata
            .iter()
            .filter(|(_, v)| meta_matches(v, &name))
            .cloned()
            .collect();
        // The experiment file lists the engines, baseline first; the rows need not start with
        // it (the runner alternates the solve order, and a shard may start anywhere).
        if let Some(listed) = metadata.iter().find_map(|(_, v)| listed_engines(v)) {
            engines.sort_by_key(|e| listed.iter().position(|l| l == e).unwrap_or(usize::MAX));
        }
        if engines.len() < 2 {
            return Err(AnalysisError::Data(format!(
                "experiment `{name}` in {} has one engine (`{}`): a paired comparison needs two or more",
                list_paths(paths),
                engines.join("`, `")
            )));
        }
        let mut e = compare::analyze_experiment(&frame, &name, engines, metadata, opts)?;
        if needs_records(&loaded, &name) {
            e.chess = chess_tables(paths, &name, &e.engines)?;
        }
        labels::apply(&mut e);
        out.push(e);
    }
    Ok(Analysis {
        sources: paths.to_vec(),
        options: opts.clone(),
        experiments: out,
    })
}

/// Experiments and engines in order of first appearance across the files.
fn merged_experiments(summaries: &[FileSummary]) -> Vec<(String, Vec<String>)> {
    let mut experiments: Vec<(String, Vec<String>)> = Vec::new();
    for s in summaries {
        for (exp, engines) in &s.experiments {
            match experiments.iter_mut().find(|(e, _)| e == exp) {
                Some((_, known)) => {
                    for e in engines {
                        if !known.contains(e) {
                            known.push(e.clone());
                        }
                    }
                }
                None => experiments.push((exp.clone(), engines.clone())),
            }
        }
    }
    experiments
}

/// Whether experiment `name` needs the full records: chess tables come from them (a first row
/// that is a chess position), and the record reader refuses a file whose last line has no
/// newline (so the analysis reports that as before).
fn needs_records(loaded: &load::Loaded, name: &str) -> bool {
    loaded.unfinished
        || loaded
            .chess
            .as_ref()
            .is_none_or(|c| c.iter().any(|(n, chess)| n == name && *chess))
}

/// The chess tables of experiment `name` in `paths` (`None` for other games).
fn chess_tables(
    paths: &[PathBuf],
    name: &str,
    engines: &[String],
) -> Result<Option<chess::ChessTables>, AnalysisError> {
    let mut rows = Vec::new();
    for p in paths {
        rows.extend(
            crate::runner::record::read_all(p)?
                .into_iter()
                .filter(|r| r.experiment == name),
        );
    }
    Ok(chess::summarize(&rows, engines))
}

/// The metadata file written beside a results file: `x.csv` → `x.meta.json`.
pub fn metadata_path(results: &Path) -> PathBuf {
    results.with_extension("meta.json")
}

/// Read the `.meta.json` beside `results`, if there is one.
pub fn read_metadata(
    results: &Path,
) -> Result<Option<(PathBuf, serde_json::Value)>, AnalysisError> {
    let path = metadata_path(results);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => return Err(AnalysisError::Io { path, source }),
    };
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| AnalysisError::Malformed {
            path: path.clone(),
            line: e.line() as u64,
            message: e.to_string(),
        })?;
    Ok(Some((path, value)))
}

/// A metadata file belongs to an experiment unless it names another one (`experiment_name`).
fn meta_matches(meta: &serde_json::Value, experiment: &str) -> bool {
    match meta.get("experiment_name") {
        Some(serde_json::Value::String(s)) => s == experiment,
        _ => true,
    }
}

/// The `engines` list of the experiment file saved in the metadata (`experiment_source`).
fn listed_engines(meta: &serde_json::Value) -> Option<Vec<String>> {
    let source = meta.get("experiment_source")?.as_str()?;
    let table: toml::Table = source.parse().ok()?;
    table
        .get("engines")?
        .as_array()?
        .iter()
        .map(|e| {
            e.as_str()
                .or_else(|| e.as_table()?.get("spec")?.as_str())
                .map(str::to_string)
        })
        .collect()
}

fn list_paths(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
