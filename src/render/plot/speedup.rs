//! The speed-up of every candidate over one baseline, per ply and over all plies, side by side.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::style::{
    builder, dodge, dodged_radius, draw_mesh, linear_axis, log_axis, log_label, log_ticks, marker,
    palette, ply_label, robust_log_range, shape, with_legend, Entry, Mark, Shape, MAX_SERIES,
};
use super::{plot_err, Figure};
use crate::analysis::ExperimentAnalysis;
use crate::render::RenderError;
use crate::util::names::file_stem;

/// Per ply, the geometric-mean speed-up baseline / candidate (> 1: the candidate is faster;
/// the [`crate::analysis::Effect`], the headline's estimand) of every comparison against one
/// baseline, dodged around the ply, with the interval of its Wilcoxon test; the last group
/// (`all`) is over all plies. A solid line marks 1. Comparisons against another baseline are
/// in a figure of their own ([`Speedup::all`]).
///
/// Each ply is one position on the x axis (equally spaced whatever the plies), so that the
/// dodged points of one ply have room; with more than [`MAX_SERIES`] candidates the figure is
/// split into parts of at most that many, each with its own marker and colour per candidate.
///
/// Axis range: it covers every estimate and the line at 1; interval ends reach at most one
/// spread of the estimates (at least a factor of 2) beyond them, and an interval cut there ends
/// in an arrowhead, so that one wide interval does not squash every other point.
pub struct Speedup<'a> {
    exp: &'a ExperimentAnalysis,
    baseline: &'a str,
    /// Whether this is the first baseline's figure (its file keeps the plain stem).
    first: bool,
    /// Which part of the baseline's candidates, [`MAX_SERIES`] a part; 0 for the first.
    part: usize,
}

/// Where a row is drawn: the index of its ply, or after the last ply for the all-plies row.
fn row_x(plies: &[u32], ply: Option<u32>) -> f64 {
    match ply {
        Some(p) => plies.iter().position(|q| *q == p).unwrap_or(0) as f64,
        None => plies.len() as f64,
    }
}

impl<'a> Speedup<'a> {
    /// The figure of the experiment's first baseline.
    pub fn new(exp: &'a ExperimentAnalysis) -> Self {
        Self::all(exp).swap_remove(0)
    }

    /// One figure per baseline of the experiment's comparisons, in order of first appearance.
    pub fn all(exp: &'a ExperimentAnalysis) -> Vec<Self> {
        let mut out: Vec<Self> = Vec::new();
        for c in &exp.comparisons {
            if !out.iter().any(|f| f.baseline == c.baseline) {
                let n = exp
                    .comparisons
                    .iter()
                    .filter(|d| d.baseline == c.baseline)
                    .count();
                for part in 0..n.div_ceil(MAX_SERIES) {
                    out.push(Self {
                        exp,
                        baseline: &c.baseline,
                        first: out.is_empty(),
                        part,
                    });
                }
            }
        }
        if out.is_empty() {
            out.push(Self {
                exp,
                baseline: &exp.baseline,
                first: true,
                part: 0,
            });
        }
        out
    }

    fn comparisons(&self) -> impl Iterator<Item = &crate::analysis::Comparison> {
        self.exp
            .comparisons
            .iter()
            .filter(|c| c.baseline == self.baseline)
            .skip(self.part * MAX_SERIES)
            .take(MAX_SERIES)
    }

    fn rows(&self) -> impl Iterator<Item = (usize, (f64, (f64, f64)), Option<u32>)> + '_ {
        self.comparisons().enumerate().flat_map(|(k, c)| {
            c.rows
                .iter()
                .chain([&c.total])
                .filter_map(move |r| r.effect.map(|e| (k, (e.speedup, e.ci), r.ply)))
        })
    }

    /// The plies with data, ascending.
    fn plies(&self) -> Vec<u32> {
        let mut p: Vec<u32> = self.rows().filter_map(|(_, _, ply)| ply).collect();
        p.sort_unstable();
        p.dedup();
        p
    }

    /// The number of interval ends cut at the axis (drawn as arrowheads).
    pub fn cut_ends(&self) -> usize {
        self.y_range().1
    }

    /// The y range, and the number of interval ends it cuts.
    fn y_range(&self) -> (std::ops::Range<f64>, usize) {
        let est: Vec<f64> = self.rows().map(|(_, (s, _), _)| s).collect();
        let ends: Vec<f64> = self
            .rows()
            .flat_map(|(_, (_, (lo, hi)), _)| [lo, hi])
            .collect();
        let y = robust_log_range(&est, &ends, 1.0);
        let cut = ends.iter().filter(|v| **v > 0.0 && !y.contains(*v)).count();
        (y, cut)
    }

    fn plot(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        let err = plot_err("speed-up");
        root.fill(&WHITE).map_err(&err)?;
        let plies = self.plies();
        let all_x = plies.len() as f64;
        let (y, cut) = self.y_range();
        let n = self.comparisons().count();

        // The baseline is named in the title; each entry names the candidate only.
        let mut entries: Vec<Entry> = self
            .comparisons()
            .enumerate()
            .map(|(k, c)| Entry::new(c.candidate.clone(), Mark::Interval(palette(k), shape(k))))
            .collect();
        let one = Mark::Line {
            color: BLACK,
            width: 1,
            dashed: false,
        };
        entries.push(Entry::new("1: equal speed", one));
        let grey = RGBColor(90, 90, 90);
        if cut > 0 {
            entries.push(Entry::new("interval cut at the axis", Mark::Clipped(grey)));
        }
        let area = with_legend(&root, &entries).map_err(&err)?;

        let xkeys: Vec<f64> = (0..=plies.len()).map(|i| i as f64).collect();
        let x_range = -0.6..all_x + 0.6;
        let mut chart = builder(&area, &self.title())
            .build_cartesian_2d(
                linear_axis(x_range.clone(), xkeys),
                log_axis(y.clone(), log_ticks(y.start, y.end)),
            )
            .map_err(&err)?;
        let x_fmt = |x: &f64| ply_label(&plies, Some("all"), *x);
        draw_mesh(
            &mut chart,
            "ply (moves played); all = every ply",
            "geo-mean speed-up over the baseline",
            &x_fmt,
            &log_label,
        )
        .map_err(&err)?;
        chart
            .draw_series(LineSeries::new(
                [(x_range.start, 1.0), (x_range.end, 1.0)],
                BLACK.stroke_width(1),
            ))
            .map_err(&err)?;
        let px_per_unit =
            f64::from(chart.plotting_area().dim_in_pixel().0) / (x_range.end - x_range.start);
        let radius = dodged_radius(n, px_per_unit);

        let mut elements: Vec<plotters::element::DynElement<'_, _, (f64, f64)>> = Vec::new();
        for (k, (speedup, (lo, hi)), ply) in self.rows() {
            let (color, s) = (palette(k), shape(k));
            let x = row_x(&plies, ply) + dodge(k, n);
            {
                let (a, b) = (lo.max(y.start), hi.min(y.end));
                elements
                    .push(PathElement::new(vec![(x, a), (x, b)], color.stroke_width(2)).into_dyn());
                for (end, arrow, at) in
                    [(lo, Shape::ArrowDown, y.start), (hi, Shape::ArrowUp, y.end)]
                {
                    if end > 0.0 && !y.contains(&end) {
                        elements.push(marker((x, at), arrow, 0, grey.filled()).into_dyn());
                    }
                }
            }
            if y.contains(&speedup) {
                elements.push(marker((x, speedup), s, radius, color.filled()).into_dyn());
            }
        }
        chart.draw_series(elements).map_err(&err)?;
        root.present().map_err(&err)?;
        Ok(())
    }
}

impl Figure for Speedup<'_> {
    fn stem(&self) -> String {
        let part = match self.part {
            0 => String::new(),
            p => format!("_part{}", p + 1),
        };
        if self.first || (self.part > 0 && self.baseline == self.exp.comparisons[0].baseline) {
            format!("{}_speedup{part}", file_stem(&self.exp.name))
        } else {
            format!(
                "{}_speedup_over_{}{part}",
                file_stem(&self.exp.name),
                file_stem(self.baseline)
            )
        }
    }
    fn title(&self) -> String {
        let part = match self.part {
            0 => String::new(),
            p => format!(" (part {})", p + 1),
        };
        format!("{}: speed-up over {}{part}", self.exp.name, self.baseline)
    }
    fn description(&self) -> String {
        let cut = match self.cut_ends() {
            0 => "none is cut here".to_string(),
            1 => "1 interval end is cut here".to_string(),
            n => format!("{n} interval ends are cut here"),
        };
        format!(
            "Speed-up over {b} of {c}: the geometric-mean speed-up (Hodges–Lehmann estimate of \
             the per-position log ratio {b} time / candidate time) per ply and over all plies \
             (all), side by side, with the {:.0}% interval of the same Wilcoxon signed-rank \
             test; above the line at 1 the candidate is faster. Log scale. The axis covers every \
             estimate; an interval reaching more than the estimates' own spread beyond them is \
             cut at the axis and ends in an arrowhead ({cut}).",
            self.exp.options.confidence * 100.0,
            b = self.baseline,
            c = self
                .comparisons()
                .map(|c| format!("{} vs {}", c.candidate, c.baseline))
                .collect::<Vec<_>>()
                .join(", "),
        )
    }
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        self.plot(root)
    }
}
