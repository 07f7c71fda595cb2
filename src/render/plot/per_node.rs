//! Time per node searched, per engine and ply.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::dodged::{draw_dodged, DodgedData, Group};
use super::Figure;
use crate::analysis::ExperimentAnalysis;
use crate::render::RenderError;
use crate::stats::summary::quantile;
use crate::util::names::file_stem;

/// Per engine and ply, the median over solves of the solve's time divided by its nodes (ns per
/// node), with a bar over the quartiles; engines side by side, log scale. It separates a
/// driver that searches fewer nodes from one whose nodes are cheaper.
pub struct TimePerNode<'a> {
    exp: &'a ExperimentAnalysis,
}

impl<'a> TimePerNode<'a> {
    pub fn new(exp: &'a ExperimentAnalysis) -> Self {
        Self { exp }
    }

    /// One group per engine, in the experiment's order, each from the first comparison it is
    /// part of (an engine in several comparisons appears once); engines that report no nodes
    /// are left out (their time per node is n/a, [`Self::not_reported`]).
    fn groups(&self) -> Vec<Group> {
        let mut out = Vec::new();
        for e in &self.exp.engines {
            let Some(g) = self.exp.comparisons.iter().find_map(|c| {
                let m = &c.measurements;
                if c.baseline == *e {
                    Some(group(e, &m.ply, &m.baseline_ms, &m.baseline_nodes))
                } else if c.candidate == *e {
                    Some(group(e, &m.ply, &m.candidate_ms, &m.candidate_nodes))
                } else {
                    None
                }
            }) else {
                continue;
            };
            if !g.points.is_empty() {
                out.push(g);
            }
        }
        out
    }

    /// The engines whose time per node is n/a (no nodes reported).
    fn not_reported(&self) -> Vec<String> {
        let shown: Vec<String> = self.groups().into_iter().map(|g| g.label).collect();
        self.exp
            .engines
            .iter()
            .filter(|e| !shown.contains(e))
            .cloned()
            .collect()
    }
}

/// Median and quartiles of ns per node per ply (`ply` ascending; solves without nodes left out).
fn group(label: &str, ply: &[u32], ms: &[f64], nodes: &[u64]) -> Group {
    let mut points = Vec::new();
    let mut i = 0;
    while i < ply.len() {
        let p = ply[i];
        let mut v: Vec<f64> = Vec::new();
        while i < ply.len() && ply[i] == p {
            if nodes[i] > 0 && ms[i] > 0.0 {
                v.push(ms[i] * 1e6 / nodes[i] as f64);
            }
            i += 1;
        }
        let q = |f| quantile(&v, f).ok();
        if let (Some(a), Some(m), Some(b)) = (q(0.25), q(0.5), q(0.75)) {
            points.push((p, m, a, b));
        }
    }
    Group {
        label: label.to_string(),
        points,
    }
}

impl Figure for TimePerNode<'_> {
    fn stem(&self) -> String {
        format!("{}_time_per_node", file_stem(&self.exp.name))
    }
    fn title(&self) -> String {
        format!("{}: time per node searched", self.exp.name)
    }
    fn description(&self) -> String {
        let missing = self.not_reported();
        let missing = if missing.is_empty() {
            String::new()
        } else {
            format!(
                " Not shown (no nodes reported: n/a): {}.",
                missing.join(", ")
            )
        };
        format!(
            "Time per node searched (solve time / nodes, ns), per engine and ply: the median over \
             the solves, with a bar over the quartiles; one entry per engine, side by side, log \
             scale.{missing}"
        )
    }
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        draw_dodged(
            root,
            &DodgedData {
                figure: "time per node",
                title: self.title(),
                y_desc: "time per node (ns)".into(),
                groups: self.groups(),
                log: true,
            },
        )
    }
}
