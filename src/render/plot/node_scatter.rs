//! Figure (c): node counts of every paired measurement, baseline against candidate.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::scatter::{draw_scatter, Reference, ScatterData};
use super::Figure;
use crate::analysis::{Comparison, ExperimentAnalysis};
use crate::render::{comparison_stem, RenderError};

/// Log–log scatter of baseline nodes (x) against candidate nodes (y), coloured by ply, with the
/// y = x line.
pub struct NodeScatter<'a> {
    exp: &'a ExperimentAnalysis,
    cmp: &'a Comparison,
}

impl<'a> NodeScatter<'a> {
    pub fn new(exp: &'a ExperimentAnalysis, cmp: &'a Comparison) -> Self {
        Self { exp, cmp }
    }

    fn plot(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        let m = &self.cmp.measurements;
        draw_scatter(
            root,
            &ScatterData {
                figure: "node scatter",
                title: self.title(),
                x_desc: format!("{} nodes searched", self.cmp.baseline),
                y_desc: format!("{} nodes searched", self.cmp.candidate),
                reference_label: "y = x (below: candidate searched fewer nodes)".into(),
                reference: Reference::Diagonal,
                ply: &m.ply,
                x: m.baseline_nodes.iter().map(|&n| n as f64).collect(),
                y: m.candidate_nodes.iter().map(|&n| n as f64).collect(),
            },
        )
    }
}

impl Figure for NodeScatter<'_> {
    fn stem(&self) -> String {
        format!("{}_node_scatter", comparison_stem(self.cmp))
    }
    fn title(&self) -> String {
        format!(
            "{}: nodes searched, {} vs {}",
            self.exp.name, self.cmp.candidate, self.cmp.baseline
        )
    }
    fn description(&self) -> String {
        format!(
            "Nodes searched per paired measurement: {} (x) against {} (y), log–log, coloured \
             by ply. Points below the dashed y = x line are solves where the candidate searched \
             fewer nodes.",
            self.cmp.baseline, self.cmp.candidate
        )
    }
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        self.plot(root)
    }
}
