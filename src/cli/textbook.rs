//! `treebench textbook`: reproduce the published textbook numbers and write them to report/.

use crate::util::exit;
use anyhow::{Context, Result};
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct TextbookArgs {
    /// Fewer seeds and smaller UCT budgets (seconds instead of about ten).
    #[arg(long)]
    pub fast: bool,
    /// Folder the report is written to (as <out>/textbook/README.md).
    #[arg(long, default_value = "report")]
    pub out: PathBuf,
}

pub fn run(args: TextbookArgs) -> Result<i32> {
    let text = crate::textbook::textbook_report(args.fast);
    print!("{text}");
    let dir = args.out.join("textbook");
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let path = dir.join("README.md");
    std::fs::write(&path, &text).with_context(|| format!("writing {}", path.display()))?;
    eprintln!("wrote {}", path.display());
    Ok(exit::OK)
}
