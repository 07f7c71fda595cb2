//! Per-position time ratio, candidate / baseline, against the baseline's time.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::scatter::{draw_scatter, Reference, ScatterData};
use super::Figure;
use crate::analysis::{Comparison, ExperimentAnalysis};
use crate::render::{comparison_stem, RenderError};

/// Log–log scatter, one point per paired measurement: the baseline's time (x) against the
/// ratio candidate time / baseline time (y), coloured and shaped by ply, with a solid line at
/// 1. Below the line the candidate was faster on that position; the x axis shows whether the
/// gain is on the easy or the hard positions.
pub struct PositionRatio<'a> {
    exp: &'a ExperimentAnalysis,
    cmp: &'a Comparison,
}

impl<'a> PositionRatio<'a> {
    pub fn new(exp: &'a ExperimentAnalysis, cmp: &'a Comparison) -> Self {
        Self { exp, cmp }
    }
}

impl Figure for PositionRatio<'_> {
    fn stem(&self) -> String {
        format!("{}_ratio", comparison_stem(self.cmp))
    }
    fn title(&self) -> String {
        format!(
            "{}: time ratio per position, {} / {}",
            self.exp.name, self.cmp.candidate, self.cmp.baseline
        )
    }
    fn description(&self) -> String {
        format!(
            "Every paired measurement: {b} time (x) against the ratio {c} time / {b} time (y), \
             log–log, coloured and shaped by ply. Below the line at 1 the candidate was faster \
             on that position.",
            b = self.cmp.baseline,
            c = self.cmp.candidate
        )
    }
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        let m = &self.cmp.measurements;
        draw_scatter(
            root,
            &ScatterData {
                figure: "time ratio per position",
                title: self.title(),
                x_desc: format!("{} time (ms)", self.cmp.baseline),
                y_desc: format!("time ratio {} / {}", self.cmp.candidate, self.cmp.baseline),
                reference_label: "1: equal time (below: candidate faster)".into(),
                reference: Reference::One,
                ply: &m.ply,
                x: m.baseline_ms.clone(),
                y: m.candidate_ms
                    .iter()
                    .zip(&m.baseline_ms)
                    .map(|(c, b)| c / b)
                    .collect(),
            },
        )
    }
}
