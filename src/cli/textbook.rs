//! `treebench textbook`: reproduce the published textbook numbers, print them as Markdown and
//! write them to report/textbook/ as a report page (`index.html`, `README.md`, the tables in
//! every format, the figures).

use crate::textbook::{ReportOptions, TextbookReport};
use crate::util::exit;
use anyhow::{Context, Result};
use clap::Args;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct TextbookArgs {
    /// Fewer seeds and smaller UCT budgets (seconds instead of about ten).
    #[arg(long)]
    pub fast: bool,
    /// Folder the report is written to (as <out>/textbook/index.html and README.md).
    #[arg(long, default_value = "report")]
    pub out: PathBuf,
}

pub fn run(args: TextbookArgs) -> Result<i32> {
    let rep = TextbookReport::compute(ReportOptions { fast: args.fast });
    print!("{rep}");
    let dir = args.out.join("textbook");
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    write(&rep, &dir, &args)
}

/// The report page and its files.
#[cfg(feature = "analysis")]
fn write(rep: &TextbookReport, dir: &Path, args: &TextbookArgs) -> Result<i32> {
    let mut cmd = format!(
        "{} textbook --out {}",
        crate::util::repro::program(),
        shell_words::quote(&args.out.display().to_string())
    );
    if args.fast {
        cmd.push_str(" --fast");
    }
    let files = crate::render::textbook::write_textbook_report(rep, dir, &cmd)?;
    eprintln!(
        "wrote {} and {} more files",
        dir.join("index.html").display(),
        files.len() - 1
    );
    Ok(exit::OK)
}

/// A lean build (no `analysis` feature) has no report pages: the Markdown only.
#[cfg(not(feature = "analysis"))]
fn write(rep: &TextbookReport, dir: &Path, _: &TextbookArgs) -> Result<i32> {
    let path = dir.join("README.md");
    std::fs::write(&path, rep.to_string())
        .with_context(|| format!("writing {}", path.display()))?;
    eprintln!(
        "wrote {} (no index.html: this lean build lacks the cargo feature `analysis`)",
        path.display()
    );
    Ok(exit::OK)
}
