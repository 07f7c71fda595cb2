//! Memory sensitivity (Plaat et al.'s memory experiment): time or nodes against the swept
//! option's value (the table size, `tt=N`: 2^N entries), one line per driver, each relative to
//! that driver's largest value.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::plot_err;
use super::style::{
    builder, draw_mesh, integer_label, linear_axis, log_axis, log_label, marker, palette,
    robust_log_range, shape, with_legend, Entry, Mark,
};
use super::Figure;
use crate::analysis::ablation::{AblationResult, Effect};
use crate::render::RenderError;
use crate::runner::variants::Plan;
use crate::util::names::file_stem;

/// One figure of a sweep: time (`nodes = false`) or nodes.
pub struct MemorySweep<'a> {
    result: &'a AblationResult,
    nodes: bool,
}

/// One driver's points: `(value, effect)`, in sweep order.
type Line = (String, Vec<(f64, Effect)>);

impl<'a> MemorySweep<'a> {
    pub fn new(result: &'a AblationResult, nodes: bool) -> Self {
        Self { result, nodes }
    }

    fn option(&self) -> &str {
        match &self.result.plan {
            Plan::Sweep { option, .. } => option,
            Plan::Ablation { .. } => "value",
        }
    }

    /// Per base, its numeric values and effects (a value that is not a number is its index).
    fn lines(&self) -> Vec<Line> {
        let mut out: Vec<Line> = Vec::new();
        for (v, r) in self.result.plan.variants().iter().zip(&self.result.effects) {
            let Some((base, value)) = &v.point else {
                continue;
            };
            let e = if self.nodes { r.nodes } else { r.time };
            let Some(e) = e else { continue };
            if out.last().is_none_or(|l| &l.0 != base) {
                out.push((base.clone(), Vec::new()));
            }
            let line = out.last_mut().expect("pushed");
            let x = value.parse().unwrap_or(line.1.len() as f64);
            line.1.push((x, e));
        }
        out
    }
}

impl Figure for MemorySweep<'_> {
    fn stem(&self) -> String {
        let m = if self.nodes { "nodes" } else { "time" };
        format!("{}_{m}", file_stem(&self.result.experiment))
    }
    fn title(&self) -> String {
        let m = if self.nodes { "nodes" } else { "time" };
        format!("{}: {m} against {}", self.result.experiment, self.option())
    }
    fn description(&self) -> String {
        let m = if self.nodes { "nodes" } else { "solve time" };
        format!(
            "Per driver, {m} at each `{o}` relative to the same driver at its largest `{o}` \
             (for `tt`: a table of 2^{o} entries of 8 bytes), over {} paired positions: \
             Hodges–Lehmann estimate of the per-position ratio with its {:.0}% Wilcoxon \
             interval, log scale. Above 1: that much more with less memory.",
            self.result.positions,
            self.result.confidence * 100.0,
            o = self.option()
        )
    }
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        let err = plot_err("memory sweep");
        root.fill(&WHITE).map_err(&err)?;
        let lines = self.lines();
        let pts = || lines.iter().flat_map(|l| l.1.iter());
        let est: Vec<f64> = pts().map(|p| p.1.ratio).collect();
        let ends: Vec<f64> = pts().flat_map(|p| [p.1.ci.0, p.1.ci.1]).collect();
        let y = robust_log_range(&est, &ends, 1.0);
        let xs: Vec<f64> = pts().map(|p| p.0).collect();
        let (lo, hi) = xs.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |a, &v| {
            (a.0.min(v), a.1.max(v))
        });
        let (lo, hi) = if lo.is_finite() { (lo, hi) } else { (0.0, 1.0) };
        let mut keys = xs.clone();
        keys.sort_by(f64::total_cmp);
        keys.dedup();
        let entries: Vec<Entry> = lines
            .iter()
            .enumerate()
            .map(|(k, l)| Entry::new(l.0.clone(), Mark::Interval(palette(k), shape(k))))
            .collect();
        super::style::check_series("memory sweep", lines.len())?;
        let area = with_legend(&root, &entries).map_err(&err)?;
        let mut chart = builder(&area, &self.title())
            .build_cartesian_2d(
                linear_axis(lo - 0.6..hi + 0.6, keys),
                log_axis(y.clone(), super::style::log_ticks(y.start, y.end)),
            )
            .map_err(&err)?;
        let y_desc = if self.nodes {
            "nodes / largest"
        } else {
            "time / largest"
        };
        draw_mesh(
            &mut chart,
            self.option(),
            y_desc,
            &integer_label,
            &log_label,
        )
        .map_err(&err)?;
        let n = lines.len();
        for (k, (_, points)) in lines.iter().enumerate() {
            let c = palette(k);
            let dx = super::style::dodge(k, n) * 0.5;
            let path: Vec<(f64, f64)> = points.iter().map(|(x, e)| (x + dx, e.ratio)).collect();
            chart
                .draw_series([PathElement::new(path, c.stroke_width(1))])
                .map_err(&err)?;
            for (x, e) in points {
                let (a, b) = (e.ci.0.max(y.start), e.ci.1.min(y.end));
                chart
                    .draw_series([PathElement::new(
                        vec![(x + dx, a), (x + dx, b)],
                        c.stroke_width(2),
                    )])
                    .map_err(&err)?;
                chart
                    .draw_series([marker((x + dx, e.ratio), shape(k), 4, c.filled())])
                    .map_err(&err)?;
            }
        }
        root.present().map_err(&err)?;
        Ok(())
    }
}
