//! `treebench report`: README.md, self-contained index.html, tables and figures per experiment.

use crate::analysis::{analyze, AnalyzeOptions};
use crate::util::exit;
use anyhow::Result;
use clap::Args;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct ReportArgs {
    #[command(flatten)]
    pub analysis: super::analyze::AnalyzeArgs,
}

/// Write the report of `results` under `out` with the default analysis options, printing the
/// headline of every comparison first (what `treebench run` shows at its end).
pub fn write(results: &[PathBuf], out: &Path) -> Result<()> {
    let analysis = analyze(results, &AnalyzeOptions::default())?;
    crate::util::stdout::print(&super::analyze::headlines(&analysis))?;
    for r in crate::render::report::write_analysis_report(&analysis, out)? {
        eprintln!("report: {} (and {})", r.readme.display(), r.html.display());
    }
    Ok(())
}

pub fn run(args: ReportArgs) -> Result<i32> {
    crate::util::malloc::keep_freed_memory();
    let a = &args.analysis;
    if !a.against.is_empty() {
        anyhow::bail!("--against belongs to `treebench analyze`, not `report`");
    }
    let analysis = analyze(&a.results, &a.options())?;
    crate::util::stdout::print(&super::analyze::headlines(&analysis))?;
    for r in crate::render::report::write_analysis_report(&analysis, &a.out)? {
        eprintln!("report: {} (and {})", r.readme.display(), r.html.display());
    }
    Ok(exit::OK)
}
