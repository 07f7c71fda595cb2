//! Figure (a): every paired measurement, baseline time against candidate time.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::scatter::{draw_scatter, Reference, ScatterData};
use super::Figure;
use crate::analysis::{Comparison, ExperimentAnalysis};
use crate::render::{comparison_stem, RenderError};

/// Log–log scatter of baseline time (x) against candidate time (y) for every paired
/// measurement, coloured by ply, with the y = x line: points below it are solves where the
/// candidate was faster.
pub struct TimeScatter<'a> {
    exp: &'a ExperimentAnalysis,
    cmp: &'a Comparison,
}

impl<'a> TimeScatter<'a> {
    pub fn new(exp: &'a ExperimentAnalysis, cmp: &'a Comparison) -> Self {
        Self { exp, cmp }
    }

    fn plot(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        let m = &self.cmp.measurements;
        draw_scatter(
            root,
            &ScatterData {
                figure: "time scatter",
                title: self.title(),
                x_desc: format!("{} time (ms)", self.cmp.baseline),
                y_desc: format!("{} time (ms)", self.cmp.candidate),
                reference_label: "y = x (below: candidate faster)".into(),
                reference: Reference::Diagonal,
                ply: &m.ply,
                x: m.baseline_ms.clone(),
                y: m.candidate_ms.clone(),
            },
        )
    }
}

impl Figure for TimeScatter<'_> {
    fn stem(&self) -> String {
        format!("{}_time_scatter", comparison_stem(self.cmp))
    }
    fn title(&self) -> String {
        format!(
            "{}: solve time, {} vs {}",
            self.exp.name, self.cmp.candidate, self.cmp.baseline
        )
    }
    fn description(&self) -> String {
        format!(
            "Every paired measurement: {} time (x) against {} time (y), log–log, coloured by \
             ply. Points below the dashed y = x line are solves where the candidate was faster.",
            self.cmp.baseline, self.cmp.candidate
        )
    }
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        self.plot(root)
    }
}
