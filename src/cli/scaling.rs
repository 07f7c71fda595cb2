//! `treebench scaling`: the speed-up of each candidate over the baseline on each board, from one
//! results file per board (`game = ["connect4:5x4", …]` in an experiment file writes them): a
//! table and a figure against the number of cells.

use crate::analysis::{analyze, AnalyzeOptions};
use crate::table::{TableFormat, Text};
use crate::util::exit;
use anyhow::Result;
use clap::Args;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct ScalingArgs {
    /// Results files, one per board (CSV written by `treebench run`, with their .meta.json).
    #[arg(required = true)]
    pub results: Vec<PathBuf>,
    /// The baseline engine spec (default: each experiment's first engine).
    #[arg(long)]
    pub baseline: Option<String>,
    /// Candidate engine specs (default: every other engine).
    #[arg(long)]
    pub candidate: Vec<String>,
    /// Folder for scaling.{txt,md,csv,tex,svg,png,pdf}, README.md and index.html.
    #[arg(long, default_value = "report/scaling")]
    pub out: PathBuf,
}

/// Analyse `results` and write the scaling table, figure and README under `out`.
pub fn write(
    results: &[PathBuf],
    baseline: Option<String>,
    candidates: &[String],
    out: &Path,
) -> Result<()> {
    let opts = AnalyzeOptions {
        baseline,
        candidates: candidates.to_vec(),
        ..AnalyzeOptions::default()
    };
    let analysis = analyze(results, &opts)?;
    let name = out
        .file_name()
        .map_or_else(|| "scaling".into(), |n| n.to_string_lossy().into_owned());
    let rows = crate::render::scaling::rows(&analysis)?;
    print!(
        "{}",
        Text.render(&crate::render::scaling::table(&rows, opts.confidence))
    );
    let w = crate::render::scaling::write(&analysis, &name, out)?;
    eprintln!(
        "scaling: {} (and {} files)",
        w.readme.display(),
        w.files.len()
    );
    Ok(())
}

pub fn run(args: ScalingArgs) -> Result<i32> {
    write(&args.results, args.baseline, &args.candidate, &args.out)?;
    Ok(exit::OK)
}
