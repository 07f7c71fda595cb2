//! Figure (d): per-ply distribution of solve times, one box per engine per ply.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{
    category, figure_backends, log_label, log_range, plot_err, with_headroom, Figure, FONT,
};
use crate::analysis::ExperimentAnalysis;
use crate::render::RenderError;
use crate::stats::summary::quantile;
use crate::util::names::file_stem;

/// At most this many outliers are drawn per box (evenly spread, extremes included).
pub const MAX_OUTLIERS: usize = 200;

/// Box plots of solve time (log scale) per ply, one box per engine: the box spans the quartiles,
/// the bar is the median, the whiskers reach the furthest solve within 1.5 IQR of the box (IQR
/// taken on log10 time), and the dots beyond are outliers.
pub struct TimeDistribution<'a> {
    exp: &'a ExperimentAnalysis,
}

/// The five numbers drawn for one box, plus its outliers.
#[derive(Debug, Clone, PartialEq)]
pub struct BoxStats {
    pub q1: f64,
    pub median: f64,
    pub q3: f64,
    pub whisker_lo: f64,
    pub whisker_hi: f64,
    pub outliers: Vec<f64>,
}

/// Box statistics of positive times (non-positive ones are left out: log scale).
pub fn box_stats(times: &[f64]) -> Option<BoxStats> {
    let mut v: Vec<f64> = times.iter().copied().filter(|t| *t > 0.0).collect();
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let q1 = quantile(&v, 0.25).ok()?;
    let q3 = quantile(&v, 0.75).ok()?;
    let iqr = q3.log10() - q1.log10();
    let lo_fence = 10f64.powf(q1.log10() - 1.5 * iqr);
    let hi_fence = 10f64.powf(q3.log10() + 1.5 * iqr);
    let whisker_lo = *v.iter().find(|t| **t >= lo_fence).unwrap_or(&q1);
    let whisker_hi = *v.iter().rev().find(|t| **t <= hi_fence).unwrap_or(&q3);
    let out: Vec<f64> = v
        .iter()
        .copied()
        .filter(|t| *t < whisker_lo || *t > whisker_hi)
        .collect();
    let outliers = if out.len() <= MAX_OUTLIERS {
        out
    } else {
        (0..MAX_OUTLIERS)
            .map(|k| out[k * (out.len() - 1) / (MAX_OUTLIERS - 1)])
            .collect()
    };
    Some(BoxStats {
        q1,
        median: quantile(&v, 0.5).ok()?,
        q3,
        whisker_lo,
        whisker_hi,
        outliers,
    })
}

impl<'a> TimeDistribution<'a> {
    pub fn new(exp: &'a ExperimentAnalysis) -> Self {
        Self { exp }
    }

    fn plot<DB: DrawingBackend>(&self, root: DrawingArea<DB, Shift>) -> Result<(), RenderError> {
        let err = plot_err("time distribution");
        root.fill(&WHITE).map_err(&err)?;
        let d = &self.exp.distributions;
        let plies: Vec<u32> = {
            let mut p: Vec<u32> = d
                .iter()
                .flat_map(|e| e.by_ply.iter().map(|(p, _)| *p))
                .collect();
            p.sort_unstable();
            p.dedup();
            p
        };
        let (pmin, pmax) = (
            *plies.first().unwrap_or(&0) as f64,
            *plies.last().unwrap_or(&1) as f64,
        );
        let boxes: Vec<Vec<(u32, BoxStats)>> = d
            .iter()
            .map(|e| {
                e.by_ply
                    .iter()
                    .filter_map(|(p, t)| Some((*p, box_stats(t)?)))
                    .collect()
            })
            .collect();
        let y = log_range(boxes.iter().flatten().flat_map(|(_, b)| {
            [b.whisker_lo, b.whisker_hi]
                .into_iter()
                .chain(b.outliers.iter().copied())
        }));
        let mut chart = ChartBuilder::on(&root)
            .caption(self.title(), (FONT, 20))
            .margin(12)
            .x_label_area_size(45)
            .y_label_area_size(70)
            .build_cartesian_2d(pmin - 0.6..pmax + 0.6, with_headroom(y, 0.12).log_scale())
            .map_err(&err)?;
        let n_plies = (pmax - pmin) as usize + 1;
        chart
            .configure_mesh()
            .x_desc("ply (moves played)")
            .y_desc("solve time (ms)")
            .x_labels(n_plies.min(30) + 1)
            .x_label_formatter(&|x| {
                if (x - x.round()).abs() < 1e-6 {
                    format!("{}", x.round())
                } else {
                    String::new()
                }
            })
            .y_label_formatter(&log_label)
            .disable_x_mesh()
            .label_style((FONT, 13))
            .axis_desc_style((FONT, 15))
            .light_line_style(RGBColor(235, 235, 235))
            .bold_line_style(RGBColor(210, 210, 210))
            .draw()
            .map_err(&err)?;

        let e_count = d.len().max(1);
        let slot = 0.8 / e_count as f64;
        let half = slot * 0.4;
        for (k, (engine, bs)) in d.iter().zip(&boxes).enumerate() {
            let color = category(k);
            let offset = -0.4 + slot * (k as f64 + 0.5);
            let mut elements: Vec<DynElement<'static, DB, (f64, f64)>> = Vec::new();
            for (p, b) in bs {
                let x = *p as f64 + offset;
                elements.push(
                    Rectangle::new(
                        [(x - half, b.q1), (x + half, b.q3)],
                        color.mix(0.3).filled(),
                    )
                    .into_dyn(),
                );
                elements.push(
                    Rectangle::new([(x - half, b.q1), (x + half, b.q3)], color.stroke_width(1))
                        .into_dyn(),
                );
                elements.push(
                    PathElement::new(
                        vec![(x - half, b.median), (x + half, b.median)],
                        color.stroke_width(2),
                    )
                    .into_dyn(),
                );
                for (from, to) in [(b.q3, b.whisker_hi), (b.q1, b.whisker_lo)] {
                    elements.push(
                        PathElement::new(vec![(x, from), (x, to)], color.stroke_width(1))
                            .into_dyn(),
                    );
                    elements.push(
                        PathElement::new(
                            vec![(x - half / 2.0, to), (x + half / 2.0, to)],
                            color.stroke_width(1),
                        )
                        .into_dyn(),
                    );
                }
                for o in &b.outliers {
                    elements.push(Circle::new((x, *o), 2, color.mix(0.6).filled()).into_dyn());
                }
            }
            chart
                .draw_series(elements)
                .map_err(&err)?
                .label(engine.engine.clone())
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 14, y + 5)], color.mix(0.5).filled())
                });
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .label_font((FONT, 12))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK.mix(0.4))
            .draw()
            .map_err(&err)?;
        root.present().map_err(&err)?;
        Ok(())
    }
}

impl Figure for TimeDistribution<'_> {
    fn stem(&self) -> String {
        format!("{}_time_distribution", file_stem(&self.exp.name))
    }
    fn title(&self) -> String {
        format!("{}: solve time per ply and engine", self.exp.name)
    }
    fn description(&self) -> String {
        "Solve times per ply, one box per engine (log scale): box = quartiles, bar = median, \
         whiskers = furthest solve within 1.5 IQR (of log time), dots = outliers."
            .to_string()
    }
    figure_backends!();
}
