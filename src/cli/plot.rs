//! `treebench plot`: the figures (SVG, 300-dpi PNG and PDF) of results files.

use crate::analysis::analyze;
use crate::util::exit;
use anyhow::Result;
use clap::Args;

#[derive(Debug, Args)]
pub struct PlotArgs {
    #[command(flatten)]
    pub analysis: super::analyze::AnalyzeArgs,
}

pub fn run(args: PlotArgs) -> Result<i32> {
    crate::util::malloc::keep_freed_memory();
    let a = &args.analysis;
    let analysis = analyze(&a.results, &a.options()?)?;
    for f in crate::render::plot::write_figures(&analysis, &a.out)? {
        eprintln!(
            "wrote {}, {} and {}",
            f.svg.display(),
            f.png.display(),
            f.pdf.display()
        );
    }
    Ok(exit::OK)
}
