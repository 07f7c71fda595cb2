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

/// Colour `i` of a qualitative palette: Okabe & Ito's colour-blind-safe set (yellow and black
/// last), then Tableau 10's extra hues. Neighbouring groups always differ in hue.
pub fn palette(i: usize) -> RGBColor {
    const C: [(u8, u8, u8); 12] = [
        (0, 114, 178),   // blue
        (230, 159, 0),   // orange
        (0, 158, 115),   // bluish green
        (213, 94, 0),    // vermillion
        (204, 121, 167), // reddish purple
        (86, 180, 233),  // sky blue
        (140, 86, 75),   // brown (Tableau)
        (127, 127, 127), // grey (Tableau)
        (188, 189, 34),  // olive (Tableau)
        (148, 103, 189), // purple (Tableau)
        (240, 228, 66),  // yellow
        (0, 0, 0),       // black
    ];
    let c = C[i % C.len()];
    RGBColor(c.0, c.1, c.2)
}

/// Marker shapes: with [`palette`], group `i` is drawn as (`palette(i)`, `shape(i)`), so that
/// the groups stay apart in grey print too and beyond the palette's length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Circle,
    Square,
    Triangle,
    Diamond,
    /// Arrowheads with the tip at the point (an interval cut at the axis).
    ArrowUp,
    ArrowDown,
}

/// The shape of group `i`: changes every group, and every 12 groups (the palette's length) the
/// sequence shifts by one so that (colour, shape) pairs do not repeat before 48 groups.
pub fn shape(i: usize) -> Shape {
    const S: [Shape; 4] = [
        Shape::Circle,
        Shape::Square,
        Shape::Triangle,
        Shape::Diamond,
    ];
    S[(i + i / 12) % 4]
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
        let polygon: Vec<BackendCoord> = match self.shape {
            Shape::Circle => {
                return backend.draw_circle((x, y), r as u32, &self.style, self.style.filled)
            }
            Shape::Square => {
                return backend.draw_rect(
                    (x - r, y - r),
                    (x + r, y + r),
                    &self.style,
                    self.style.filled,
                )
            }
            Shape::Triangle => vec![
                (x, y - r - 1),
                (x + h, y + r / 2 + 1),
                (x - h, y + r / 2 + 1),
            ],
            Shape::Diamond => vec![(x, y - r - 1), (x + r, y), (x, y + r + 1), (x - r, y)],
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

/// What a series looks like; the plot and its legend entry are drawn from the same value.
#[derive(Debug, Clone, Copy)]
pub enum Mark {
    /// A point of one group.
    Point(RGBColor, Shape),
    /// A point with a vertical interval bar.
    Interval(RGBColor, Shape),
    /// A horizontal reference line.
    Line {
        color: RGBColor,
        width: u32,
        dashed: bool,
    },
    /// An interval cut at the edge of the axis: an arrowhead.
    Clipped(RGBColor),
    /// A filled box (box plots).
    Box(RGBColor),
}

/// An entry of a legend.
#[derive(Debug, Clone)]
pub struct Entry {
    pub label: String,
    pub mark: Mark,
}

impl Entry {
    pub fn new(label: impl Into<String>, mark: Mark) -> Self {
        Self {
            label: label.into(),
            mark,
        }
    }
}

const SWATCH: i32 = 26;
const GAP: i32 = 16;
const ROW: i32 = 20;

/// The legend's entries laid out left to right, wrapping at `width`: the top-left corner of
/// each entry and the total height.
fn layout<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: &[Entry],
    width: i32,
) -> (Vec<(i32, i32)>, i32) {
    let style = (FONT, LEGEND).into_text_style(area);
    let (mut x, mut y) = (0, 0);
    let mut at = Vec::with_capacity(entries.len());
    for e in entries {
        let w = SWATCH
            + 6
            + area
                .estimate_text_size(&e.label, &style)
                .map_or(100, |s| s.0 as i32);
        if x > 0 && x + w > width {
            x = 0;
            y += ROW;
        }
        at.push((x, y));
        x += w + GAP;
    }
    let height = if entries.is_empty() { 0 } else { y + ROW };
    (at, height)
}

/// Split `root` into the plot (top) and a legend strip (bottom) holding `entries`, and draw the
/// legend. Returns the plot's area.
pub fn with_legend<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    entries: &[Entry],
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    if entries.is_empty() {
        return Ok(root.clone());
    }
    let (w, h) = root.dim_in_pixel();
    let margin = 14;
    let (at, height) = layout(root, entries, w as i32 - 2 * margin);
    let split = h as i32 - height - 8;
    let (plot, legend) = root.split_vertically(split.max(h as i32 / 2));
    let text = (FONT, LEGEND).into_text_style(&legend);
    for (e, (x, y)) in entries.iter().zip(at) {
        let (x, y) = (x + margin, y + 2);
        let mid = (x + SWATCH / 2, y + ROW / 2 - 2);
        draw_swatch(&legend, e.mark, mid)?;
        legend.draw_text(&e.label, &text, (x + SWATCH + 6, y + 1))?;
    }
    Ok(plot)
}

/// The legend swatch of `mark`, centred at `c` (pixels of `area`).
fn draw_swatch<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    mark: Mark,
    c: (i32, i32),
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (x, y) = c;
    let half = SWATCH / 2;
    match mark {
        Mark::Point(color, s) => area.draw(&marker(c, s, 4, color.filled())),
        Mark::Interval(color, s) => {
            area.draw(&PathElement::new(
                vec![(x, y - 8), (x, y + 8)],
                color.stroke_width(2),
            ))?;
            area.draw(&marker(c, s, 4, color.filled()))
        }
        Mark::Line {
            color,
            width,
            dashed,
        } => {
            let style = color.stroke_width(width);
            if dashed {
                // The plot's dash pattern: 6 on, 4 off.
                let mut x0 = x - half;
                while x0 < x + half {
                    let x1 = (x0 + 6).min(x + half);
                    area.draw(&PathElement::new(vec![(x0, y), (x1, y)], style))?;
                    x0 += 10;
                }
                Ok(())
            } else {
                area.draw(&PathElement::new(vec![(x - half, y), (x + half, y)], style))
            }
        }
        Mark::Clipped(color) => {
            area.draw(&PathElement::new(
                vec![(x, y + 8), (x, y - 2)],
                color.stroke_width(2),
            ))?;
            area.draw(&marker((x, y - 9), Shape::ArrowUp, 0, color.filled()))
        }
        Mark::Box(color) => {
            area.draw(&Rectangle::new(
                [(x - 7, y - 6), (x + 7, y + 6)],
                color.mix(0.3).filled(),
            ))?;
            area.draw(&Rectangle::new(
                [(x - 7, y - 6), (x + 7, y + 6)],
                color.stroke_width(1),
            ))
        }
    }
}

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

/// Horizontal offset of group `k` of `n` dodged around an integer x position (total width 0.7).
pub fn dodge(k: usize, n: usize) -> f64 {
    let slot = 0.7 / n.max(1) as f64;
    -0.35 + slot * (k as f64 + 0.5)
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
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .y_desc(y_desc)
        .x_label_formatter(x_fmt)
        .y_label_formatter(y_fmt)
        .label_style((FONT, TICK))
        .axis_desc_style((FONT, DESC))
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
    b.caption(title, (FONT, TITLE))
        .margin(8)
        .margin_right(16)
        .x_label_area_size(44)
        .y_label_area_size(58);
    b
}

/// A chart builder for one of several panels under a common title: margins and label areas,
/// no caption.
pub fn panel_builder<'a, 'b, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
) -> ChartBuilder<'a, 'b, DB> {
    let mut b = ChartBuilder::on(area);
    b.margin(8).x_label_area_size(40).y_label_area_size(54);
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
    fn palette_neighbours_differ_and_pairs_do_not_repeat() {
        for i in 0..30 {
            assert_ne!(palette(i), palette(i + 1));
        }
        let pairs: std::collections::HashSet<(u8, u8, u8, u8)> = (0..48)
            .map(|i| {
                let c = palette(i);
                (c.0, c.1, c.2, shape(i) as u8)
            })
            .collect();
        assert_eq!(pairs.len(), 48);
    }

    #[test]
    fn subsample_and_dodge() {
        assert_eq!(subsample(5, 10), vec![0, 1, 2, 3, 4]);
        assert_eq!(subsample(10, 5), vec![0, 2, 4, 6, 8]);
        assert!((dodge(0, 1)).abs() < 1e-12);
        assert!(dodge(0, 3) < dodge(1, 3) && dodge(2, 3) < 0.35);
    }
}
