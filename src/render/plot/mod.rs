//! Figures with plotters, for print: each is drawn once as SVG (text measured with the
//! embedded DejaVu Sans, `assets/fonts/`), then written as SVG, 300-dpi PNG and PDF from that
//! SVG ([`export`]), so that the three show the same figure and no system font is needed.
//! Sizes, fonts, palette, ticks and legends are in [`style`].
//!
//! Each figure is one type implementing [`Figure`]; [`figures`] lists those of an experiment and
//! [`write_figures`] writes them all.

mod ablation;
mod boards;
mod convergence;
mod counters;
mod distribution;
mod dodged;
pub mod export;
mod games;
mod legend;
mod memory;
mod node_scatter;
mod per_node;
mod probes;
mod quality;
mod ratio;
mod scatter;
mod speedup;
pub mod style;
mod textbook;
mod threads;
mod time_scatter;

pub use ablation::AblationEffects;
pub use boards::BoardScaling;
pub use convergence::{Convergence, DriverRun};
pub use counters::{CounterRates, Rate};
pub use distribution::TimeDistribution;
pub use games::{EloIntervals, LlrPath, PairingElo};
pub use memory::MemorySweep;
pub use node_scatter::NodeScatter;
pub use per_node::TimePerNode;
pub use probes::{probe_counts, EngineProbes, ProbesPerSolve};
pub use quality::{Cost, ParetoFront, QualityCurves};
pub use ratio::PositionRatio;
pub use speedup::Speedup;
pub use textbook::{LeafGrowth, UctLosses};
pub use threads::{ThreadPoint, ThreadScaling};
pub use time_scatter::TimeScatter;

use std::path::{Path, PathBuf};
use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};

use super::{experiment_dir, RenderError};
use crate::analysis::{Analysis, ExperimentAnalysis};

/// The font family every figure uses; registered on first use.
pub const FONT: &str = "sans-serif";

static FONT_BYTES: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");

/// Register the embedded font with plotters (once per process).
pub fn ensure_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        if register_font(FONT, FontStyle::Normal, FONT_BYTES).is_err() {
            panic!("the embedded DejaVu Sans font does not parse");
        }
    });
}

/// A figure: drawn once on an SVG backend, written as SVG, PNG and PDF.
pub trait Figure {
    /// File stem of the outputs (`<stem>.svg`, `<stem>.png`, `<stem>.pdf`).
    fn stem(&self) -> String;
    /// Title drawn at the top; names the experiment.
    fn title(&self) -> String;
    /// What the figure shows (used as caption by the report).
    fn description(&self) -> String;
    /// Size in SVG user units (px at 96 per inch); [`style::SIZE`] is the text width of a
    /// paper.
    fn size(&self) -> (u32, u32) {
        style::SIZE
    }
    /// Draw the figure.
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError>;
}

/// Turn a plotters error into a [`RenderError`].
pub(crate) fn plot_err<E: std::fmt::Debug>(figure: &str) -> impl Fn(E) -> RenderError + '_ {
    move |e| RenderError::Plot {
        figure: figure.to_string(),
        message: format!("{e:?}"),
    }
}

/// The figure as an SVG document.
pub fn render_svg(figure: &dyn Figure) -> Result<String, RenderError> {
    ensure_font();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, figure.size()).into_drawing_area();
        figure.draw(root)?;
    }
    Ok(svg)
}

/// Write the figure as a 300-dpi PNG file.
pub fn write_png(figure: &dyn Figure, path: &Path) -> Result<(), RenderError> {
    let svg = render_svg(figure)?;
    let tree = export::parse(&figure.stem(), &svg)?;
    super::write_file(path, export::png(&figure.stem(), &tree)?)
}

/// A written figure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenFigure {
    pub title: String,
    pub description: String,
    pub svg: PathBuf,
    pub png: PathBuf,
    pub pdf: PathBuf,
}

/// Write `figure` as `<stem>.svg`, `<stem>.png` (300 dpi) and `<stem>.pdf` in `dir`; returns
/// what was written and the SVG text.
pub fn write_figure(
    figure: &dyn Figure,
    dir: &Path,
) -> Result<(WrittenFigure, String), RenderError> {
    let stem = figure.stem();
    let svg = render_svg(figure)?;
    let tree = export::parse(&stem, &svg)?;
    let written = WrittenFigure {
        title: figure.title(),
        description: figure.description(),
        svg: dir.join(format!("{stem}.svg")),
        png: dir.join(format!("{stem}.png")),
        pdf: dir.join(format!("{stem}.pdf")),
    };
    super::write_file(&written.svg, &svg)?;
    super::write_file(&written.png, export::png(&stem, &tree)?)?;
    super::write_file(&written.pdf, export::pdf(&stem, &tree)?)?;
    Ok((written, svg))
}

/// The figures of an experiment drawn from its analysis: the speed-up per ply, one figure per
/// baseline; per comparison the time scatter, the per-position time ratio and the node scatter
/// (when both engines report nodes);
/// then the time per node and the time distribution of all engines.
pub fn figures(exp: &ExperimentAnalysis) -> Vec<Box<dyn Figure + '_>> {
    let mut out: Vec<Box<dyn Figure + '_>> = Vec::new();
    if !exp.comparisons.is_empty() {
        for f in Speedup::all(exp) {
            out.push(Box::new(f));
        }
    }
    for cmp in &exp.comparisons {
        out.push(Box::new(TimeScatter::new(exp, cmp)));
        out.push(Box::new(PositionRatio::new(exp, cmp)));
        // Nodes not reported by either engine: no figure of them (never a point at 0).
        let reported = |v: &[u64]| v.iter().any(|&n| n > 0);
        if reported(&cmp.measurements.baseline_nodes) && reported(&cmp.measurements.candidate_nodes)
        {
            out.push(Box::new(NodeScatter::new(exp, cmp)));
        }
    }
    if !exp.comparisons.is_empty() {
        out.push(Box::new(TimePerNode::new(exp)));
    }
    out.push(Box::new(TimeDistribution::new(exp)));
    out
}

/// Every figure of an experiment: [`figures`], the probes per solve when an engine of the
/// results files recorded probes, and the first-move cut-off and table hit rates when an engine
/// recorded search counters.
pub fn experiment_figures<'a>(
    analysis: &Analysis,
    exp: &'a ExperimentAnalysis,
) -> Result<Vec<Box<dyn Figure + 'a>>, RenderError> {
    let mut out = figures(exp);
    // The records name the engines by their specs; the figures by their labels.
    let specs = exp.engine_specs();
    let mut counts = probe_counts(&analysis.sources, &exp.name, &specs)?;
    for c in &mut counts {
        c.engine = exp.label_of(&c.engine).to_string();
    }
    // An engine that reports no probes is not drawn at 0.
    counts.retain(|e| e.by_ply.iter().any(|(_, v)| v.iter().any(|&p| p > 0)));
    if !counts.is_empty() {
        out.push(Box::new(ProbesPerSolve::new(&exp.name, counts)));
    }
    let counters =
        crate::analysis::counters::counter_rows_of(&analysis.sources, &exp.name, &specs)?;
    if let Some(mut rows) = counters {
        for r in &mut rows {
            r.engine = exp.label_of(&r.engine).to_string();
        }
        out.push(Box::new(CounterRates::new(
            &exp.name,
            &rows,
            Rate::FirstMove,
        )));
        if rows.iter().any(|r| r.hit_rate.is_some()) {
            out.push(Box::new(CounterRates::new(&exp.name, &rows, Rate::Hits)));
        }
    }
    Ok(out)
}

/// Write every figure of every experiment of `analysis` under `out_dir/<experiment>/`.
/// Returns what was written.
pub fn write_figures(
    analysis: &Analysis,
    out_dir: &Path,
) -> Result<Vec<WrittenFigure>, RenderError> {
    let mut written = Vec::new();
    for exp in &analysis.experiments {
        let dir = experiment_dir(out_dir, exp);
        for (w, _) in write_experiment_figures(analysis, exp, &dir)? {
            written.push(w);
        }
    }
    Ok(written)
}

/// Write the figures of one experiment into `dir` ([`experiment_figures`]); returns each
/// written figure with its SVG text.
pub fn write_experiment_figures(
    analysis: &Analysis,
    exp: &ExperimentAnalysis,
    dir: &Path,
) -> Result<Vec<(WrittenFigure, String)>, RenderError> {
    experiment_figures(analysis, exp)?
        .iter()
        .map(|f| write_figure(f.as_ref(), dir))
        .collect()
}
