//! `treebench analyze`: per-ply paired comparison tables from results files.

use anyhow::Result;
use clap::Args;
use std::path::PathBuf;
use treebench::analysis::{analyze, AnalyzeOptions};
use treebench::render::table::comparison_table;
use treebench::table::{TableFormat, Text};
use treebench::util::exit;

#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// Results files (CSV written by `treebench run`).
    #[arg(required = true)]
    pub results: Vec<PathBuf>,
    /// The baseline engine spec (default: the experiment's first engine).
    #[arg(long)]
    pub baseline: Option<String>,
    /// Candidate engine specs (default: every other engine).
    #[arg(long)]
    pub candidate: Vec<String>,
    /// Analyse only this experiment of the files.
    #[arg(long)]
    pub experiment: Option<String>,
    /// Treat every repeat as its own pair instead of averaging the repeats of a position.
    #[arg(long)]
    pub per_repeat: bool,
    /// Significance level of the `*` marker.
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// Folder for the Markdown, CSV and LaTeX tables (as <out>/<experiment>/).
    #[arg(long, default_value = "report")]
    pub out: PathBuf,
    /// Also export the records as Parquet to this file (needs the cargo feature `parquet`).
    #[arg(long)]
    pub parquet: Option<PathBuf>,
}

impl AnalyzeArgs {
    /// The analysis options these arguments ask for.
    pub fn options(&self) -> AnalyzeOptions {
        AnalyzeOptions {
            experiment: self.experiment.clone(),
            baseline: self.baseline.clone(),
            candidates: self.candidate.clone(),
            collapse_repeats: !self.per_repeat,
            alpha: self.alpha,
            ..AnalyzeOptions::default()
        }
    }
}

pub fn run(args: AnalyzeArgs) -> Result<i32> {
    if args.parquet.is_some() && !treebench::analysis::PARQUET {
        anyhow::bail!(
            "--parquet needs the cargo feature `parquet`, which this binary was built without: cargo build --release --features parquet"
        );
    }
    let analysis = analyze(&args.results, &args.options())?;
    for exp in &analysis.experiments {
        for cmp in &exp.comparisons {
            println!("{}", Text.render(&comparison_table(exp, cmp)));
        }
    }
    let written = treebench::render::write_tables(&analysis, &args.out)?;
    for p in &written {
        eprintln!("wrote {}", p.display());
    }
    if let Some(pq) = &args.parquet {
        treebench::analysis::export_parquet(&args.results, pq)?;
        eprintln!("wrote {}", pq.display());
    }
    Ok(exit::OK)
}
