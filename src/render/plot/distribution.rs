//! Figure (d): per-ply distribution of solve times, one box per engine per ply.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::style::{
    builder, draw_mesh, integer_label, linear_axis, log_axis, log_label, log_range, log_ticks,
    palette, with_legend, Entry, Mark,
};
use super::{plot_err, Figure};
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

    /// Every ply that some engine has times at, in order.
    fn plies(&self) -> Vec<u32> {
        let mut p: Vec<u32> = (self.exp.distributions.iter())
            .flat_map(|e| e.by_ply.iter().map(|(p, _)| *p))
            .collect();
        p.sort_unstable();
        p.dedup();
        p
    }

    fn plot(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        let err = plot_err("time distribution");
        root.fill(&WHITE).map_err(&err)?;
        let d = &self.exp.distributions;
        let plies = self.plies();
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
        let entries: Vec<Entry> = d
            .iter()
            .enumerate()
            .map(|(k, e)| Entry::new(e.engine.clone(), Mark::Box(palette(k))))
            .collect();
        super::style::check_series("time distribution", d.len())?;
        let area = with_legend(&root, &entries).map_err(&err)?;
        let xkeys: Vec<f64> = plies.iter().map(|p| f64::from(*p)).collect();
        let mut chart = builder(&area, &self.title())
            .build_cartesian_2d(
                linear_axis(pmin - 0.6..pmax + 0.6, xkeys),
                log_axis(y.clone(), log_ticks(y.start, y.end)),
            )
            .map_err(&err)?;
        draw_mesh(
            &mut chart,
            "ply (moves played)",
            "solve time (ms)",
            &integer_label,
            &log_label,
        )
        .map_err(&err)?;

        let e_count = d.len().max(1);
        let slot = 0.8 / e_count as f64;
        let half = slot * 0.4;
        for (k, bs) in boxes.iter().enumerate() {
            let color = palette(k);
            let offset = -0.4 + slot * (k as f64 + 0.5);
            let mut elements = Vec::new();
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
            chart.draw_series(elements).map_err(&err)?;
        }
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
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        self.plot(root)
    }
}
