//! `treebench report`: README.md, self-contained index.html, tables and figures per experiment.

use anyhow::Result;
use clap::Args;
use std::path::{Path, PathBuf};
use treebench::analysis::analyze;
use treebench::util::exit;

#[derive(Debug, Args)]
pub struct ReportArgs {
    #[command(flatten)]
    pub analysis: super::analyze::AnalyzeArgs,
}

/// Write the report of `results` under `out` with the default analysis options.
pub fn write(results: &[PathBuf], out: &Path) -> Result<()> {
    for r in treebench::render::report::write_report(results, out)? {
        eprintln!("report: {} (and {})", r.readme.display(), r.html.display());
    }
    Ok(())
}

pub fn run(args: ReportArgs) -> Result<i32> {
    let a = &args.analysis;
    let analysis = analyze(&a.results, &a.options())?;
    for r in treebench::render::report::write_analysis_report(&analysis, &a.out)? {
        eprintln!("report: {} (and {})", r.readme.display(), r.html.display());
    }
    Ok(exit::OK)
}
