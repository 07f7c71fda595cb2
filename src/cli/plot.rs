//! `treebench plot`: the figures (SVG, 300-dpi PNG and PDF) of results files.

use anyhow::Result;
use clap::Args;
use treebench::analysis::analyze;
use treebench::util::exit;

#[derive(Debug, Args)]
pub struct PlotArgs {
    #[command(flatten)]
    pub analysis: super::analyze::AnalyzeArgs,
}

pub fn run(args: PlotArgs) -> Result<i32> {
    let a = &args.analysis;
    let analysis = analyze(&a.results, &a.options())?;
    for f in treebench::render::plot::write_figures(&analysis, &a.out)? {
        eprintln!(
            "wrote {}, {} and {}",
            f.svg.display(),
            f.png.display(),
            f.pdf.display()
        );
    }
    Ok(exit::OK)
}
