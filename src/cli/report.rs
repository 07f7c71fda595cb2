//! `treebench report`: README.md, self-contained index.html, tables and figures per experiment.

use crate::analysis::{analyze, AnalyzeOptions};
use crate::table::TableFormat;
use crate::util::exit;
use anyhow::Result;
use clap::Args;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct ReportArgs {
    #[command(flatten)]
    pub analysis: super::analyze::AnalyzeArgs,
}

/// Whether `path` is a decisions file (a quality run's results, by its header).
fn is_decisions(path: &Path) -> bool {
    use std::io::BufRead;
    let Ok(f) = std::fs::File::open(path) else {
        return false;
    };
    let mut first = String::new();
    let _ = std::io::BufReader::new(f).read_line(&mut first);
    first.trim_end() == crate::runner::quality::DECISION_HEADER.join(",")
}

/// The quality report of one decisions file, under `out/<experiment>/`; prints its headline.
fn write_quality(path: &Path, out: &Path) -> Result<()> {
    use crate::runner::quality::DecisionRecord;
    let rows = crate::runner::record::read_rows::<DecisionRecord>(path)?;
    let q = crate::analysis::quality::analyze(&rows).map_err(anyhow::Error::msg)?;
    let table = crate::render::quality::headline_table(&q);
    crate::util::stdout::print(&crate::table::Text.render(&table))?;
    let dir = out.join(crate::util::names::file_stem(&q.experiment));
    let reproduce = crate::render::report::reproduce_command(&[path.to_path_buf()]);
    crate::render::quality::write_quality_report(&q, &dir, &reproduce)?;
    eprintln!(
        "report: {} (and {})",
        dir.join("README.md").display(),
        dir.join("index.html").display()
    );
    Ok(())
}

/// Split `results` into decisions files (written as quality reports here) and results files.
fn quality_first(results: &[PathBuf], out: &Path) -> Result<Vec<PathBuf>> {
    let mut rest = Vec::new();
    for p in results {
        if is_decisions(p) {
            write_quality(p, out)?;
        } else {
            rest.push(p.clone());
        }
    }
    Ok(rest)
}

/// Write the report of `results` under `out` with the default analysis options, printing the
/// headline of every comparison first (what `treebench run` shows at its end). A quality run's
/// decisions file gets its quality report.
pub fn write(results: &[PathBuf], out: &Path) -> Result<()> {
    let results = quality_first(results, out)?;
    if results.is_empty() {
        return Ok(());
    }
    let analysis = analyze(&results, &AnalyzeOptions::default())?;
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
    let results = quality_first(&a.results, &a.out)?;
    if results.is_empty() {
        return Ok(exit::OK);
    }
    let analysis = analyze(&results, &a.options()?)?;
    crate::util::stdout::print(&super::analyze::headlines(&analysis))?;
    for r in crate::render::report::write_analysis_report(&analysis, &a.out)? {
        eprintln!("report: {} (and {})", r.readme.display(), r.html.display());
    }
    Ok(exit::OK)
}
