//! The look shared by every figure: the page size and font sizes for print, a qualitative
//! palette, marker shapes, axis ticks, and the legend (drawn here, from the same [`Mark`]s as
//! the plot, so that a legend entry always looks like the mark it explains).
//!
//! Size: figures are drawn for the text width of a paper, 6.5 in, at 96 user units per inch
//! (the SVG's `px`): [`SIZE`] is 624 × 416. Plotters writes an SVG font size of `size / 1.24`,
//! so [`TICK`] = 14 is 11.3 px = 8.5 pt at that width, the smallest text of every figure; the
//! PDF is written at 96 dpi (6.5 in wide) and the PNG at 300 dpi (1950 px wide).

use plotters::coord::combinators::LogCoord;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged, ValueFormatter};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::drawing::DrawingAreaErrorKind;
use plotters::element::{Drawable, PointCollection};
use plotters::prelude::*;
use plotters_backend::{BackendCoord, DrawingErrorKind};

use super::FONT;

/// Canvas size in SVG user units (px at 96 per inch): 6.5 × 4.33 in.
pub const SIZE: (u32, u32) = (624, 416);
/// The intended printed width, inches.
pub const PRINT_WIDTH_IN: f64 = 6.5;
/// Plotters font sizes (the SVG gets `size / 1.24` px).
pub const TITLE: u32 = 16;
pub const DESC: u32 = 15;
pub const TICK: u32 = 14;
pub const LEGEND: u32 = 14;

/// Grid line colour.
pub const GRID: RGBColor = RGBColor(225, 225, 225);

/// The most series one figure draws: each gets its own colour ([`palette`]) and its own
/// marker shape ([`shape`]); a figure with more is split (the speed-up) or refused
/// ([`check_series`]).
pub const MAX_SERIES: usize = 12;

/// Colour `i` of a qualitative palette of [`MAX_SERIES`] colours: Okabe & Ito's
/// colour-blind-safe set without its yellow (too pale on white), then Tableau 10's brown, grey,
/// olive and purple and Paul Tol's wine. Neighbouring groups always differ in hue; in greyscale
/// the marker shapes ([`shape`]) keep the series apart.
pub fn palette(i: usize) -> RGBColor {
    const C: [(u8, u8, u8); MAX_SERIES] = [
        (0, 114, 178),   // blue
        (230, 159, 0),   // orange
        (0, 158, 115),   // bluish green
        (213, 94, 0),    // vermillion
        (204, 121, 167), // reddish purple
        (86, 180, 233),  // sky blue
        (0, 0, 0),       // black
        (140, 86, 75),   // brown (Tableau)
        (127, 127, 127), // grey (Tableau)
        (188, 189, 34),  // olive (Tableau)
        (148, 103, 189), // purple (Tableau)
        (136, 34, 85),   // wine (Tol)
    ];
    let c = C[i % C.len()];
    RGBColor(c.0, c.1, c.2)
}

/// Marker shapes: with [`palette`], series `i` is drawn as (`palette(i)`, `shape(i)`), a
/// different colour and a different shape for each of up to [`MAX_SERIES`] series, so that
/// they stay apart in grey print too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Circle,
    Square,
    Triangle,
    Diamond,
    TriangleDown,
    /// A diagonal cross (×), drawn as two strokes.
    Cross,
    /// An upright cross (+), drawn as two strokes.
    Plus,
    /// A five-pointed star.
    Star,
    Pentagon,
    Hexagon,
    /// A circle drawn as its outline only.
    OpenCircle,
    /// A square drawn as its outline only.
    OpenSquare,
    /// Arrowheads with the tip at the point (an interval cut at the axis).
    ArrowUp,
    ArrowDown,
}

/// The shape of series `i`: all [`MAX_SERIES`] differ (the sequence repeats after that).
pub fn shape(i: usize) -> Shape {
    const S: [Shape; MAX_SERIES] = [
        Shape::Circle,
        Shape::Square,
        Shape::Triangle,
        Shape::Diamond,
        Shape::TriangleDown,
        Shape::Cross,
        Shape::Plus,
        Shape::Star,
        Shape::Pentagon,
        Shape::Hexagon,
        Shape::OpenCircle,
        Shape::OpenSquare,
    ];
    S[i % MAX_SERIES]
}

/// `Err` with one clear line when `figure` would draw `n` series, more than [`MAX_SERIES`]
/// (two series would share a marker and a colour).
pub fn check_series(figure: &str, n: usize) -> Result<(), crate::render::RenderError> {
    if n <= MAX_SERIES {
        return Ok(());
    }
    Err(crate::render::RenderError::Plot {
        figure: figure.to_string(),
        message: format!(
            "{n} series, more than the {MAX_SERIES} one figure draws with a marker and a \
             colour each; compare fewer engines (or plies) per experiment"
        ),
    })
}

/// The vertices of a regular `n`-gon of radius `r` around `(x, y)`, one vertex at the top;
/// with `inner`, a star whose inner vertices lie at `inner` × `r`.
fn polygon_points(x: i32, y: i32, r: i32, n: usize, inner: Option<f64>) -> Vec<BackendCoord> {
    let steps = if inner.is_some() { 2 * n } else { n };
    (0..steps)
        .map(|k| {
            let a = std::f64::consts::PI * (2.0 * k as f64 / steps as f64 - 0.5);
            let rr = match inner {
                Some(f) if k % 2 == 1 => f64::from(r) * f,
                _ => f64::from(r),
            };
            (
                x + (rr * a.cos()).round() as i32,
                y + (rr * a.sin()).round() as i32,
            )
        })
        .collect()
}

/// A marker: `shape`, `r` pixels in radius, at one point (data coordinates in a chart, pixels
/// in a legend). Drawn with the backend's primitives, so that it can join any series
/// (plotters' composed elements would tie the backend to `'static`).
#[derive(Debug, Clone, Copy)]
pub struct Marker<C> {
    at: C,
    shape: Shape,
    r: i32,
    style: ShapeStyle,
}

/// One marker of `shape` at `at`, `r` pixels in radius.
pub fn marker<C>(at: C, shape: Shape, r: i32, style: ShapeStyle) -> Marker<C> {
    Marker {
        at,
        shape,
        r,
        style,
    }
}

impl<'a, C: 'a> PointCollection<'a, C> for &'a Marker<C> {
    type Point = &'a C;
    type IntoIter = std::iter::Once<&'a C>;
    fn point_iter(self) -> Self::IntoIter {
        std::iter::once(&self.at)
    }
}

impl<C, DB: DrawingBackend> Drawable<DB> for Marker<C> {
    fn draw<I: Iterator<Item = BackendCoord>>(
        &self,
        mut pos: I,
        backend: &mut DB,
        _: (u32, u32),
    ) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
        let Some((x, y)) = pos.next() else {
            return Ok(());
        };
        let r = self.r;
        let h = (f64::from(r + 1) * 0.866).round() as i32;
        let stroke = ShapeStyle {
            color: self.style.color,
            filled: false,
            stroke_width: 2,
        };
        let polygon: Vec<BackendCoord> = match self.shape {
            Shape::Circle => {
                return backend.draw_circle((x, y), r as u32, &self.style, self.style.filled)
            }
            Shape::OpenCircle => return backend.draw_circle((x, y), r as u32, &stroke, false),
            Shape::Square | Shape::OpenSquare => {
                let filled = self.style.filled && self.shape == Shape::Square;
                let style = if filled { &self.style } else { &stroke };
                return backend.draw_rect((x - r, y - r), (x + r, y + r), style, filled);
            }
            Shape::Cross | Shape::Plus => {
                let d = if self.shape == Shape::Plus { r + 1 } else { r };
                let arms = if self.shape == Shape::Plus {
                    [[(x - d, y), (x + d, y)], [(x, y - d), (x, y + d)]]
                } else {
                    [
                        [(x - d, y - d), (x + d, y + d)],
                        [(x - d, y + d), (x + d, y - d)],
                    ]
                };
                for arm in arms {
                    backend.draw_path(arm, &stroke)?;
                }
                return Ok(());
            }
            Shape::Triangle => vec![
                (x, y - r - 1),
                (x + h, y + r / 2 + 1),
                (x - h, y + r / 2 + 1),
            ],
            Shape::TriangleDown => vec![
                (x, y + r + 1),
                (x + h, y - r / 2 - 1),
                (x - h, y - r / 2 - 1),
            ],
            Shape::Diamond => vec![(x, y - r - 1), (x + r, y), (x, y + r + 1), (x - r, y)],
            Shape::Star => polygon_points(x, y, r + 2, 5, Some(0.45)),
            Shape::Pentagon => polygon_points(x, y, r + 1, 5, None),
            Shape::Hexagon => polygon_points(x, y, r + 1, 6, None),
            Shape::ArrowUp => vec![(x, y), (x + 5, y + 8), (x - 5, y + 8)],
            Shape::ArrowDown => vec![(x, y), (x + 5, y - 8), (x - 5, y - 8)],
        };
        if self.style.filled {
            backend.fill_polygon(polygon, &self.style)
        } else {
            let first = polygon[0];
            backend.draw_path(polygon.into_iter().chain([first]), &self.style)
        }
    }
}

pub use super::legend::{elide, fit, text_width, with_legend, wrap, Entry, Mark, BESIDE};

/// Tick values for a log axis over `[lo, hi]` (both > 0): the sparsest of the series 1–10–100,
/// 1–3–10, 1–2–5 and 1–1.5–2–3–5–7 that puts at least three ticks inside the range, decades
/// thinned out when there are more than eight; a narrow range gets evenly spaced round values.
pub fn log_ticks(lo: f64, hi: f64) -> Vec<f64> {
    if !(lo > 0.0 && hi > lo && hi.is_finite()) {
        return vec![];
    }
    let series: [&[f64]; 4] = [
        &[1.0],
        &[1.0, 3.0],
        &[1.0, 2.0, 5.0],
        &[1.0, 1.5, 2.0, 3.0, 5.0, 7.0],
    ];
    for mantissas in series {
        let mut ticks = Vec::new();
        let mut decade = 10f64.powi(lo.log10().floor() as i32 - 1);
        while decade <= hi * 10.0 {
            for m in mantissas {
                let v = round_sig(m * decade);
                if v >= lo * (1.0 - 1e-9) && v <= hi * (1.0 + 1e-9) {
                    ticks.push(v);
                }
            }
            decade *= 10.0;
        }
        if ticks.len() >= 3 {
            if ticks.len() > 8 && mantissas.len() == 1 {
                let step = ticks.len().div_ceil(8);
                ticks = ticks.into_iter().step_by(step).collect();
            }
            return ticks;
        }
    }
    linear_ticks(lo, hi, 4)
}

/// At least `min` round values evenly spaced inside `[lo, hi]` (a step of 1, 2 or 5 × 10^k).
pub fn linear_ticks(lo: f64, hi: f64, min: usize) -> Vec<f64> {
    let span = hi - lo;
    if !(span > 0.0 && span.is_finite()) {
        return vec![lo];
    }
    let mut step = 10f64.powf((span / min as f64).log10().floor() + 1.0);
    loop {
        let ticks: Vec<f64> = ((lo / step).ceil() as i64..=(hi / step).floor() as i64)
            .map(|k| round_sig(k as f64 * step))
            .collect();
        if ticks.len() >= min || step < span * 1e-6 {
            return ticks;
        }
        let mantissa = step / 10f64.powf(step.log10().floor());
        step /= if (mantissa - 5.0).abs() < 1e-6 {
            2.5
        } else {
            2.0
        };
    }
}

/// `v` rounded to 12 significant digits (so that 3 × 0.1 prints as 0.3).
fn round_sig(v: f64) -> f64 {
    if v == 0.0 {
        return 0.0;
    }
    let scale = 10f64.powi(11 - v.abs().log10().floor() as i32);
    (v * scale).round() / scale
}

/// Tick label for a log axis: plain numbers, few digits.
pub fn log_label(v: &f64) -> String {
    let a = v.abs();
    if a == 0.0 {
        "0".into()
    } else if !(1e-3..1e4).contains(&a) {
        format!("{:e}", round_sig(*v))
    } else if a >= 1.0 {
        format!("{}", (v * 100.0).round() / 100.0)
    } else {
        let digits = (-(a.log10().floor()) as usize) + 2;
        let s = format!("{v:.digits$}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
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
    let pad = (hi / lo).powf(0.04);
    lo / pad..hi * pad
}

/// A robust log range for estimates with intervals: it covers every estimate (and `always`),
/// and the interval ends only up to one span of the estimates beyond them (at least a factor
/// of 2 each side); interval ends outside the returned range are drawn clipped.
pub fn robust_log_range(
    estimates: &[f64],
    interval_ends: &[f64],
    always: f64,
) -> std::ops::Range<f64> {
    let core = log_range(estimates.iter().copied().chain([always]));
    let span = (core.end / core.start).max(2.0);
    let (lo, hi) = (core.start / span, core.end * span);
    log_range(
        estimates
            .iter()
            .copied()
            .chain([always])
            .chain(interval_ends.iter().map(|v| v.clamp(lo, hi))),
    )
}

/// Evenly spread indices of at most `max` of `n` items (all when `n <= max`), in order.
pub fn subsample(n: usize, max: usize) -> Vec<usize> {
    if n <= max {
        return (0..n).collect();
    }
    (0..max).map(|k| k * n / max).collect()
}

/// Total width, in x units (one per ply), of the groups dodged around one ply.
pub const DODGE_WIDTH: f64 = 0.84;

/// Horizontal offset of group `k` of `n` dodged around an integer x position (total width
/// [`DODGE_WIDTH`]).
pub fn dodge(k: usize, n: usize) -> f64 {
    let slot = DODGE_WIDTH / n.max(1) as f64;
    -DODGE_WIDTH / 2.0 + slot * (k as f64 + 0.5)
}

/// The marker radius (pixels, 2 to 4) at which `n` groups dodged around each x unit, `px_per_unit`
/// pixels wide, do not touch.
pub fn dodged_radius(n: usize, px_per_unit: f64) -> i32 {
    let slot = DODGE_WIDTH * px_per_unit / n.max(1) as f64;
    ((slot / 2.0 - 1.0).floor() as i32).clamp(2, 4)
}

/// Label of x position `x` on an axis with one position per ply (`plies[i]` at `i`, and
/// `all` at `plies.len()` when given): the ply, the `all` label, or empty between positions.
pub fn ply_label(plies: &[u32], all: Option<&str>, x: f64) -> String {
    if (x - x.round()).abs() > 1e-6 || x < -0.5 {
        return String::new();
    }
    let i = x.round() as usize;
    match (plies.get(i), all) {
        (Some(p), _) => p.to_string(),
        (None, Some(a)) if i == plies.len() => a.to_string(),
        _ => String::new(),
    }
}

/// An axis with the given tick positions (no minor grid): plotters' own `with_key_points` keeps
/// the inner axis's formatting option, under which a linear `f64` axis has no default
/// formatter, so the mesh could not be drawn; every label here comes from [`draw_mesh`]'s
/// formatters.
pub struct Ticked<R: Ranged> {
    inner: R,
    ticks: Vec<R::ValueType>,
}

impl<R: Ranged> Ranged for Ticked<R>
where
    R::ValueType: Clone,
{
    type ValueType = R::ValueType;
    type FormatOption = DefaultFormatting;

    fn range(&self) -> std::ops::Range<Self::ValueType> {
        self.inner.range()
    }
    fn map(&self, value: &Self::ValueType, limit: (i32, i32)) -> i32 {
        self.inner.map(value, limit)
    }
    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<Self::ValueType> {
        if hint.weight().allow_light_points() {
            Vec::new()
        } else {
            self.ticks.clone()
        }
    }
    fn axis_pixel_range(&self, limit: (i32, i32)) -> std::ops::Range<i32> {
        self.inner.axis_pixel_range(limit)
    }
}

/// A linear axis over `range` with ticks at `ticks`.
pub fn linear_axis(range: std::ops::Range<f64>, ticks: Vec<f64>) -> Ticked<RangedCoordf64> {
    Ticked {
        inner: range.into(),
        ticks,
    }
}

/// A log axis over `range` with ticks at `ticks` (see [`log_ticks`]).
pub fn log_axis(range: std::ops::Range<f64>, ticks: Vec<f64>) -> Ticked<LogCoord<f64>> {
    Ticked {
        inner: range.log_scale().into(),
        ticks,
    }
}

/// Draw the axes, ticks and grid of `chart` in the common style: labels from the formatters,
/// tick positions from the axes ([`linear_axis`], [`log_axis`]), no minor grid.
pub fn draw_mesh<DB, X, Y>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<X, Y>>,
    x_desc: &str,
    y_desc: &str,
    x_fmt: &dyn Fn(&X::ValueType) -> String,
    y_fmt: &dyn Fn(&Y::ValueType) -> String,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>>
where
    DB: DrawingBackend,
    X: Ranged + ValueFormatter<X::ValueType>,
    Y: Ranged + ValueFormatter<Y::ValueType>,
{
    // The axis descriptions fit along their axes: a smaller font, elided at the smallest.
    let (w, h) = chart.plotting_area().dim_in_pixel();
    let (x_desc, x_size) = fit(x_desc, DESC, w as i32);
    let (y_desc, y_size) = fit(y_desc, DESC, h as i32);
    let size = x_size.min(y_size);
    chart
        .configure_mesh()
        .x_desc(elide(&x_desc, size, w as i32))
        .y_desc(elide(&y_desc, size, h as i32))
        .x_label_formatter(x_fmt)
        .y_label_formatter(y_fmt)
        .label_style((FONT, TICK))
        .axis_desc_style((FONT, size))
        .bold_line_style(GRID)
        .light_line_style(TRANSPARENT)
        .axis_style(BLACK.mix(0.8))
        .draw()
}

/// A chart builder with the common title, margins and label areas.
pub fn builder<'a, 'b, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    title: &str,
) -> ChartBuilder<'a, 'b, DB> {
    let mut b = ChartBuilder::on(area);
    let (title, size) = fit(title, TITLE, area.dim_in_pixel().0 as i32 - 24);
    b.caption(title, (FONT, size))
        .margin(8)
        .margin_right(16)
        .x_label_area_size(44)
        .y_label_area_size(y_label_area());
    b
}

/// The width of a y label area: the axis description's line, a gap, the widest tick label
/// treebench writes ([`log_label`] prints at most five characters, `0.001` or `1.5e6`; `100000` leaves room),
/// as measured with the embedded font, and the tick.
pub fn y_label_area() -> u32 {
    (DESC as i32 + 8 + text_width("100000", TICK) + 10) as u32
}

/// A chart builder for one of several panels under a common title: margins and label areas,
/// no caption.
pub fn panel_builder<'a, 'b, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
) -> ChartBuilder<'a, 'b, DB> {
    let mut b = ChartBuilder::on(area);
    b.margin(8)
        .x_label_area_size(40)
        .y_label_area_size(y_label_area());
    b
}

/// Label of an integer x position (a ply), empty between integers.
pub fn integer_label(x: &f64) -> String {
    if (x - x.round()).abs() < 1e-6 {
        format!("{}", x.round())
    } else {
        String::new()
    }
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
        assert_eq!(log_label(&1e4), "1e4");
        assert_eq!(log_label(&1.5e6), "1.5e6");
        assert_eq!(log_label(&5000.0), "5000");
    }

    #[test]
    fn log_ticks_give_three_or_more_labels() {
        assert_eq!(log_ticks(0.4, 6.0), vec![0.5, 1.0, 2.0, 5.0]);
        assert_eq!(log_ticks(0.05, 2000.0), vec![0.1, 1.0, 10.0, 100.0, 1000.0]);
        assert_eq!(log_ticks(0.8, 2.5), vec![1.0, 1.5, 2.0]);
        // Too narrow for any series: round linear values.
        let t = log_ticks(1.01, 1.09);
        assert!(t.len() >= 3, "{t:?}");
        assert!(t.iter().all(|v| (1.01..=1.09).contains(v)), "{t:?}");
        // Many decades: at most eight labels.
        let t = log_ticks(1e-3, 1e9);
        assert!(t.len() >= 3 && t.len() <= 8, "{t:?}");
        assert!(log_ticks(0.0, 1.0).is_empty());
    }

    #[test]
    fn robust_range_clips_one_wide_interval() {
        let r = robust_log_range(&[1.2, 1.5, 2.0], &[1.0, 2.5, 0.001, 300.0], 1.0);
        assert!(r.start > 0.2 && r.end < 10.0, "{r:?}");
        assert!(r.start < 1.0 && r.end > 2.5);
    }

    #[test]
    fn twelve_series_each_have_their_own_colour_and_shape() {
        let colours: std::collections::HashSet<(u8, u8, u8)> = (0..MAX_SERIES)
            .map(|i| {
                let c = palette(i);
                (c.0, c.1, c.2)
            })
            .collect();
        assert_eq!(colours.len(), MAX_SERIES);
        let shapes: std::collections::HashSet<u8> =
            (0..MAX_SERIES).map(|i| shape(i) as u8).collect();
        assert_eq!(shapes.len(), MAX_SERIES);
        // No near-white colour: every one has a luminance below 0.8 (readable on white paper).
        for i in 0..MAX_SERIES {
            let c = palette(i);
            let lum =
                (0.299 * f64::from(c.0) + 0.587 * f64::from(c.1) + 0.114 * f64::from(c.2)) / 255.0;
            assert!(lum < 0.8, "colour {i} is too pale: {c:?}");
        }
        assert!(check_series("f", MAX_SERIES).is_ok());
        let e = check_series("f", MAX_SERIES + 1).unwrap_err().to_string();
        assert!(e.contains("13 series"), "{e}");
    }

    #[test]
    fn subsample_and_dodge() {
        assert_eq!(subsample(5, 10), vec![0, 1, 2, 3, 4]);
        assert_eq!(subsample(10, 5), vec![0, 2, 4, 6, 8]);
        assert!((dodge(0, 1)).abs() < 1e-12);
        assert!(dodge(0, 3) < dodge(1, 3) && dodge(2, 3) < DODGE_WIDTH / 2.0);
        // Eight groups over 70 pixels per ply: markers of radius 2, 7 pixels apart.
        assert_eq!(dodged_radius(8, 70.0), 2);
        assert_eq!(dodged_radius(2, 70.0), 4);
        assert_eq!(ply_label(&[8, 16], Some("all"), 1.0), "16");
        assert_eq!(ply_label(&[8, 16], Some("all"), 2.0), "all");
        assert_eq!(ply_label(&[8, 16], None, 0.5), "");
    }
}
