//! Figures with plotters: SVG always, PNG through the bitmap backend with an embedded font
//! (DejaVu Sans, `assets/fonts/`), so that no system font is needed.
//!
//! Each figure is one type implementing [`Figure`]; [`figures`] lists those of an experiment and
//! [`write_figures`] writes them all.

mod boards;
mod distribution;
mod node_scatter;
mod scatter;
mod speedup;
mod time_scatter;

pub use boards::BoardScaling;
pub use distribution::TimeDistribution;
pub use node_scatter::NodeScatter;
pub use speedup::SpeedupPerPly;
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

/// A figure that can draw itself on an SVG or a bitmap backend.
pub trait Figure {
    /// File stem of the outputs (`<stem>.svg`, `<stem>.png`).
    fn stem(&self) -> String;
    /// Title drawn at the top; names the experiment.
    fn title(&self) -> String;
    /// What the figure shows, one sentence (used as caption by the report).
    fn description(&self) -> String;
    /// Size in pixels.
    fn size(&self) -> (u32, u32) {
        (900, 650)
    }
    fn draw_svg(&self, area: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError>;
    fn draw_png(&self, area: DrawingArea<BitMapBackend<'_>, Shift>) -> Result<(), RenderError>;
}

/// Forward both backends of [`Figure`] to the figure's generic `plot` method.
macro_rules! figure_backends {
    () => {
        fn draw_svg(
            &self,
            area: plotters::drawing::DrawingArea<
                plotters::prelude::SVGBackend<'_>,
                plotters::coord::Shift,
            >,
        ) -> Result<(), crate::render::RenderError> {
            self.plot(area)
        }
        fn draw_png(
            &self,
            area: plotters::drawing::DrawingArea<
                plotters::prelude::BitMapBackend<'_>,
                plotters::coord::Shift,
            >,
        ) -> Result<(), crate::render::RenderError> {
            self.plot(area)
        }
    };
}
pub(crate) use figure_backends;

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
        figure.draw_svg(root)?;
    }
    Ok(svg)
}

/// Write the figure as a PNG file.
pub fn write_png(figure: &dyn Figure, path: &Path) -> Result<(), RenderError> {
    ensure_font();
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|source| RenderError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
    }
    let root = BitMapBackend::new(path, figure.size()).into_drawing_area();
    figure.draw_png(root)
}

/// Every figure of an experiment: per comparison the time scatter, the speed-up per ply and the
/// node scatter; then the time distribution of all engines.
pub fn figures(exp: &ExperimentAnalysis) -> Vec<Box<dyn Figure + '_>> {
    let mut out: Vec<Box<dyn Figure + '_>> = Vec::new();
    for cmp in &exp.comparisons {
        out.push(Box::new(TimeScatter::new(exp, cmp)));
        out.push(Box::new(SpeedupPerPly::new(exp, cmp)));
        out.push(Box::new(NodeScatter::new(exp, cmp)));
    }
    out.push(Box::new(TimeDistribution::new(exp)));
    out
}

/// A written figure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenFigure {
    pub title: String,
    pub description: String,
    pub svg: PathBuf,
    pub png: PathBuf,
}

/// Write every figure of every experiment of `analysis` as SVG and PNG under
/// `out_dir/<experiment>/`. Returns what was written.
pub fn write_figures(
    analysis: &Analysis,
    out_dir: &Path,
) -> Result<Vec<WrittenFigure>, RenderError> {
    let mut written = Vec::new();
    for exp in &analysis.experiments {
        written.extend(write_experiment_figures(
            exp,
            &experiment_dir(out_dir, exp),
        )?);
    }
    Ok(written)
}

/// Write the figures of one experiment into `dir`.
pub fn write_experiment_figures(
    exp: &ExperimentAnalysis,
    dir: &Path,
) -> Result<Vec<WrittenFigure>, RenderError> {
    let mut written = Vec::new();
    for fig in figures(exp) {
        let svg_path = dir.join(format!("{}.svg", fig.stem()));
        let png_path = dir.join(format!("{}.png", fig.stem()));
        super::write_file(&svg_path, render_svg(fig.as_ref())?)?;
        write_png(fig.as_ref(), &png_path)?;
        written.push(WrittenFigure {
            title: fig.title(),
            description: fig.description(),
            svg: svg_path,
            png: png_path,
        });
    }
    Ok(written)
}

/// Colour `i` of `n` on a viridis-like ramp (dark purple → green; the pale yellow end is left
/// out, it does not show on white).
pub fn ramp(i: usize, n: usize) -> RGBColor {
    const STOPS: [(u8, u8, u8); 8] = [
        (68, 1, 84),
        (71, 44, 122),
        (59, 81, 139),
        (44, 113, 142),
        (33, 144, 141),
        (39, 173, 129),
        (92, 200, 99),
        (170, 220, 50),
    ];
    let t = if n <= 1 {
        0.0
    } else {
        i as f64 / (n - 1) as f64
    };
    let x = t * (STOPS.len() - 1) as f64;
    let k = (x.floor() as usize).min(STOPS.len() - 2);
    let f = x - k as f64;
    let mix = |a: u8, b: u8| (a as f64 + f * (b as f64 - a as f64)).round() as u8;
    let (a, b) = (STOPS[k], STOPS[k + 1]);
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// Categorical colour `i` (Tableau 10).
pub fn category(i: usize) -> RGBColor {
    const C: [(u8, u8, u8); 10] = [
        (31, 119, 180),
        (255, 127, 14),
        (44, 160, 44),
        (214, 39, 40),
        (148, 103, 189),
        (140, 86, 75),
        (227, 119, 194),
        (127, 127, 127),
        (188, 189, 34),
        (23, 190, 207),
    ];
    let c = C[i % C.len()];
    RGBColor(c.0, c.1, c.2)
}

/// A log-axis range covering the positive values, padded by a small factor on each side.
pub fn log_range(values: impl Iterator<Item = f64>) -> std::ops::Range<f64> {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values.filter(|v| *v > 0.0 && v.is_finite()) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if !lo.is_finite() {
        return 0.1..10.0;
    }
    if hi <= lo * 1.0001 {
        return lo / 2.0..hi * 2.0;
    }
    let pad = (hi / lo).powf(0.03);
    lo / pad..hi * pad
}

/// Tick label for a log axis: plain numbers, few digits.
pub fn log_label(v: &f64) -> String {
    let a = v.abs();
    if a == 0.0 {
        "0".into()
    } else if !(1e-3..1e6).contains(&a) {
        format!("{v:.0e}")
    } else if a >= 1.0 {
        format!("{}", (v * 100.0).round() / 100.0)
    } else {
        let digits = (-(a.log10().floor()) as usize) + 2;
        let s = format!("{v:.digits$}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// Extend a log-axis range upwards so that a legend in the upper corner does not hide data.
pub fn with_headroom(r: std::ops::Range<f64>, fraction: f64) -> std::ops::Range<f64> {
    let span = r.end / r.start;
    r.start..r.end * span.powf(fraction / (1.0 - fraction))
}

/// Evenly spread indices of at most `max` of `n` items (all when `n <= max`), in order.
pub fn subsample(n: usize, max: usize) -> Vec<usize> {
    if n <= max {
        return (0..n).collect();
    }
    (0..max).map(|k| k * n / max).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_labels_are_short() {
        assert_eq!(log_label(&0.01), "0.01");
        assert_eq!(log_label(&0.1), "0.1");
        assert_eq!(log_label(&0.05), "0.05");
        assert_eq!(log_label(&1.0), "1");
        assert_eq!(log_label(&2.5), "2.5");
        assert_eq!(log_label(&1000.0), "1000");
        assert_eq!(log_label(&1e7), "1e7");
    }

    #[test]
    fn headroom_and_subsample() {
        let r = with_headroom(1.0..100.0, 0.5);
        assert!((r.end - 10_000.0).abs() < 1e-6);
        assert_eq!(subsample(5, 10), vec![0, 1, 2, 3, 4]);
        assert_eq!(subsample(10, 5), vec![0, 2, 4, 6, 8]);
    }
}
