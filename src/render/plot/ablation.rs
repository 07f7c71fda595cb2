//! What each enhancement is worth: one row per switch of an ablation, its time and node ratio
//! (switch off / switch on) with intervals, on a log axis with a line at 1 (Schaeffer's
//! question, answered with intervals).

use plotters::coord::Shift;
use plotters::prelude::*;

use super::plot_err;
use super::style::{
    builder, draw_mesh, linear_axis, log_axis, log_label, marker, palette, robust_log_range, shape,
    with_legend, Entry, Mark,
};
use super::Figure;
use crate::analysis::ablation::{AblationResult, Effect};
use crate::render::RenderError;
use crate::util::names::file_stem;

/// The effect of every switch of an ablation: time (circles) and nodes (second mark), each
/// switch a row.
pub struct AblationEffects<'a> {
    result: &'a AblationResult,
}

impl<'a> AblationEffects<'a> {
    pub fn new(result: &'a AblationResult) -> Self {
        Self { result }
    }

    /// `(row, metric, effect)` of every effect drawn.
    fn marks(&self) -> Vec<(usize, usize, Effect)> {
        let mut out = Vec::new();
        for (i, r) in self.result.effects.iter().enumerate() {
            for (m, e) in [r.time, r.nodes].into_iter().enumerate() {
                if let Some(e) = e {
                    out.push((i, m, e));
                }
            }
        }
        out
    }
}

impl Figure for AblationEffects<'_> {
    fn stem(&self) -> String {
        format!("{}_ablation", file_stem(&self.result.experiment))
    }
    fn title(&self) -> String {
        format!("{}: what each switch is worth", self.result.experiment)
    }
    fn description(&self) -> String {
        format!(
            "Per switch, the ratio switch off / switch on of solve time and of nodes over {} \
             paired positions (Hodges–Lehmann estimate of the per-position log ratio with its \
             {:.0}% Wilcoxon interval), log scale. Right of the line at 1 the switch saves that \
             factor; an interval across 1 is no measurable effect.",
            self.result.positions,
            self.result.confidence * 100.0
        )
    }
    fn size(&self) -> (u32, u32) {
        let rows = self.result.effects.len() as u32;
        (super::style::SIZE.0, (120 + 34 * rows).max(260))
    }
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        let err = plot_err("ablation");
        root.fill(&WHITE).map_err(&err)?;
        let marks = self.marks();
        let est: Vec<f64> = marks.iter().map(|m| m.2.ratio).collect();
        let ends: Vec<f64> = marks.iter().flat_map(|m| [m.2.ci.0, m.2.ci.1]).collect();
        let x = robust_log_range(&est, &ends, 1.0);
        let ticks = super::style::log_ticks(x.start, x.end);
        let names = ["time", "nodes"];
        let entries: Vec<Entry> = (0..2)
            .map(|m| Entry::new(names[m], Mark::Interval(palette(m), shape(m))))
            .collect();
        let area = with_legend(&root, &entries).map_err(&err)?;
        let n = self.result.effects.len();
        let labels: Vec<String> = self
            .result
            .effects
            .iter()
            .map(|r| r.label.clone())
            .collect();
        // The label area fits the widest label (up to 45% of the width; longer ones elided).
        let widest = labels
            .iter()
            .map(|l| super::style::text_width(l, super::style::TICK))
            .max()
            .unwrap_or(0);
        let most = area.dim_in_pixel().0 as i32 * 9 / 20;
        let labels: Vec<String> = labels
            .iter()
            .map(|l| super::style::elide(l, super::style::TICK, most - 34))
            .collect();
        let y_fmt = |v: &f64| {
            let i = v.round();
            if (v - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < n {
                labels[n - 1 - i as usize].clone()
            } else {
                String::new()
            }
        };
        let mut chart = builder(&area, &self.title())
            .y_label_area_size((widest + 34).clamp(80, most) as u32)
            .build_cartesian_2d(
                log_axis(x.clone(), ticks),
                linear_axis(-0.6..n as f64 - 0.4, (0..n).map(|i| i as f64).collect()),
            )
            .map_err(&err)?;
        draw_mesh(
            &mut chart,
            "ratio switch off / on (log)",
            "",
            &log_label,
            &y_fmt,
        )
        .map_err(&err)?;
        let one = vec![(1.0, -0.6), (1.0, n as f64 - 0.4)];
        chart
            .draw_series([PathElement::new(one, BLACK.stroke_width(1))])
            .map_err(&err)?;
        for (i, m, e) in marks {
            let y = (n - 1 - i) as f64 + if m == 0 { 0.12 } else { -0.12 };
            let (lo, hi) = (e.ci.0.max(x.start), e.ci.1.min(x.end));
            let c = palette(m);
            chart
                .draw_series([PathElement::new(vec![(lo, y), (hi, y)], c.stroke_width(2))])
                .map_err(&err)?;
            chart
                .draw_series([marker(
                    (e.ratio.clamp(x.start, x.end), y),
                    shape(m),
                    4,
                    c.filled(),
                )])
                .map_err(&err)?;
        }
        root.present().map_err(&err)?;
        Ok(())
    }
}
