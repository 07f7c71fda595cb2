//! Quality figures ([`crate::analysis::quality`]): the optimal-move rate against the cost of a
//! decision, one curve per budget curve (a driver swept over depth, an MCTS over playouts) with
//! its 95% Wilson intervals, on a log cost axis (mean nodes, or mean time); and the Pareto front
//! of that rate against the mean decision time over every engine.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::plot_err;
use super::style::{
    builder, draw_mesh, linear_axis, linear_ticks, log_axis, log_label, log_range, log_ticks,
    marker, palette, shape, with_legend, Entry, Mark,
};
use super::Figure;
use crate::analysis::quality::{EngineQuality, QualityAnalysis};
use crate::render::RenderError;
use crate::util::names::file_stem;

/// The cost axis of a figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cost {
    /// Mean search nodes per decision (MCTS: tree nodes).
    Nodes,
    /// Mean decision time.
    Time,
}

impl Cost {
    fn of(self, e: &EngineQuality) -> Option<f64> {
        match self {
            Cost::Nodes => e.nodes.filter(|&n| n > 0.0),
            Cost::Time => (e.nanos > 0.0).then_some(e.nanos / 1e6),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Cost::Nodes => "nodes",
            Cost::Time => "time",
        }
    }

    fn axis(self) -> &'static str {
        match self {
            Cost::Nodes => "mean nodes per move (log)",
            Cost::Time => "mean time per move, ms (log)",
        }
    }
}

/// The optimal-move rate of each curve against a cost.
pub struct QualityCurves<'a> {
    q: &'a QualityAnalysis,
    cost: Cost,
}

impl<'a> QualityCurves<'a> {
    pub fn new(q: &'a QualityAnalysis, cost: Cost) -> Self {
        Self { q, cost }
    }

    /// Per curve its points `(cost, rate, ci)`, in experiment order; an engine without the cost
    /// is left out.
    fn curves(&self) -> Vec<(String, Vec<(f64, f64, (f64, f64))>)> {
        let mut out: Vec<(String, Vec<(f64, f64, (f64, f64))>)> = Vec::new();
        for e in &self.q.engines {
            let Some(x) = self.cost.of(e) else { continue };
            let o = &e.all.optimal;
            let p = (x, o.value(), o.ci);
            match out.iter_mut().find(|c| c.0 == e.curve) {
                Some(c) => c.1.push(p),
                None => out.push((e.curve.clone(), vec![p])),
            }
        }
        for c in &mut out {
            c.1.sort_by(|a, b| a.0.total_cmp(&b.0));
        }
        out
    }
}

/// The name of the rate axis: optimal moves (a referee) or solved positions (a suite).
fn rate_axis(q: &QualityAnalysis) -> &'static str {
    match q.judge {
        crate::analysis::quality::Judge::Referee => "optimal moves",
        crate::analysis::quality::Judge::Suite => "solved positions",
    }
}

/// The y axis of a rate: 0 to 1, or from a round value below the lowest interval, with 5% of
/// headroom above 1 so that the top tick label stays clear of the title.
fn rate_range(lows: impl Iterator<Item = f64>) -> std::ops::Range<f64> {
    let lo = lows.fold(1.0f64, f64::min);
    let lo = ((lo * 10.0).floor() / 10.0).clamp(0.0, 0.9);
    lo..1.0 + (1.0 - lo) * 0.05
}

impl Figure for QualityCurves<'_> {
    fn stem(&self) -> String {
        format!(
            "{}_quality_{}",
            file_stem(&self.q.experiment),
            self.cost.name()
        )
    }
    fn title(&self) -> String {
        let what = match self.q.judge {
            crate::analysis::quality::Judge::Referee => "optimal moves",
            crate::analysis::quality::Judge::Suite => "solved positions",
        };
        format!("{}: {what} against {}", self.q.experiment, self.cost.name())
    }
    fn description(&self) -> String {
        let what = match self.q.judge {
            crate::analysis::quality::Judge::Referee => {
                "where the engine's move keeps the exact score (the referee's optimal moves)"
            }
            crate::analysis::quality::Judge::Suite => {
                "the engine solves (one of the suite's best moves, none of its moves to avoid)"
            }
        };
        format!(
            "Share of positions {what}, against the mean {} of a decision, one line per budget curve \
             (a base spec swept over its budget), with 95% Wilson intervals; {} positions a \
             point.",
            self.cost.name(),
            self.q.engines.first().map_or(0, |e| e.all.optimal.n)
        )
    }
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        let err = plot_err("quality curves");
        root.fill(&WHITE).map_err(&err)?;
        let curves = self.curves();
        let pts = || curves.iter().flat_map(|c| c.1.iter());
        let x = log_range(pts().map(|p| p.0));
        let y = rate_range(pts().map(|p| p.2 .0));
        let entries: Vec<Entry> = curves
            .iter()
            .enumerate()
            .map(|(k, c)| Entry::new(c.0.clone(), Mark::Interval(palette(k), shape(k))))
            .collect();
        super::style::check_series("quality curves", curves.len())?;
        let area = with_legend(&root, &entries).map_err(&err)?;
        let mut chart = builder(&area, &self.title())
            .build_cartesian_2d(
                log_axis(x.clone(), log_ticks(x.start, x.end)),
                linear_axis(y.clone(), linear_ticks(y.start, y.end, 4)),
            )
            .map_err(&err)?;
        let pct = |v: &f64| format!("{:.0}%", v * 100.0);
        draw_mesh(
            &mut chart,
            self.cost.axis(),
            rate_axis(self.q),
            &log_label,
            &pct,
        )
        .map_err(&err)?;
        for (k, (_, points)) in curves.iter().enumerate() {
            let c = palette(k);
            let path: Vec<(f64, f64)> = points.iter().map(|p| (p.0, p.1)).collect();
            chart
                .draw_series([PathElement::new(path, c.stroke_width(1))])
                .map_err(&err)?;
            for &(px, r, (a, b)) in points {
                chart
                    .draw_series([PathElement::new(
                        vec![(px, a.max(y.start)), (px, b.min(y.end))],
                        c.stroke_width(2),
                    )])
                    .map_err(&err)?;
                chart
                    .draw_series([marker((px, r), shape(k), 4, c.filled())])
                    .map_err(&err)?;
            }
        }
        root.present().map_err(&err)?;
        Ok(())
    }
}

/// Every engine's optimal-move rate against its mean decision time, the Pareto front joined.
pub struct ParetoFront<'a> {
    q: &'a QualityAnalysis,
}

impl<'a> ParetoFront<'a> {
    pub fn new(q: &'a QualityAnalysis) -> Self {
        Self { q }
    }
}

impl Figure for ParetoFront<'_> {
    fn stem(&self) -> String {
        format!("{}_pareto", file_stem(&self.q.experiment))
    }
    fn title(&self) -> String {
        format!("{}: accuracy against time, every engine", self.q.experiment)
    }
    fn description(&self) -> String {
        let front: Vec<String> = self
            .q
            .pareto
            .iter()
            .map(|&i| format!("`{}`", self.q.engines[i].engine))
            .collect();
        format!(
            "Optimal-move rate against mean decision time (log) of every engine, marked by \
             its budget curve; the line joins the Pareto front (no engine is both faster and \
             more accurate): {}.",
            front.join(", ")
        )
    }
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        let err = plot_err("pareto front");
        root.fill(&WHITE).map_err(&err)?;
        let es = &self.q.engines;
        let mut curves: Vec<&str> = Vec::new();
        for e in es {
            if !curves.contains(&e.curve.as_str()) {
                curves.push(&e.curve);
            }
        }
        let x = log_range(es.iter().filter_map(|e| Cost::Time.of(e)));
        let y = rate_range(es.iter().map(|e| e.all.optimal.value()));
        let mut entries: Vec<Entry> = curves
            .iter()
            .enumerate()
            .map(|(k, c)| Entry::new(*c, Mark::Point(palette(k), shape(k))))
            .collect();
        let front_line = Mark::Line {
            color: BLACK,
            width: 1,
            dashed: true,
        };
        entries.push(Entry::new("Pareto front", front_line));
        super::style::check_series("pareto front", curves.len())?;
        let area = with_legend(&root, &entries).map_err(&err)?;
        let mut chart = builder(&area, &self.title())
            .build_cartesian_2d(
                log_axis(x.clone(), log_ticks(x.start, x.end)),
                linear_axis(y.clone(), linear_ticks(y.start, y.end, 4)),
            )
            .map_err(&err)?;
        let pct = |v: &f64| format!("{:.0}%", v * 100.0);
        draw_mesh(
            &mut chart,
            Cost::Time.axis(),
            rate_axis(self.q),
            &log_label,
            &pct,
        )
        .map_err(&err)?;
        let front: Vec<(f64, f64)> = self
            .q
            .pareto
            .iter()
            .filter_map(|&i| Some((Cost::Time.of(&es[i])?, es[i].all.optimal.value())))
            .collect();
        chart
            .draw_series(DashedLineSeries::new(front, 6, 4, BLACK.stroke_width(1)))
            .map_err(&err)?;
        for e in es {
            let Some(t) = Cost::Time.of(e) else { continue };
            let k = curves.iter().position(|c| *c == e.curve).unwrap_or(0);
            chart
                .draw_series([marker(
                    (t, e.all.optimal.value()),
                    shape(k),
                    4,
                    palette(k).filled(),
                )])
                .map_err(&err)?;
        }
        root.present().map_err(&err)?;
        Ok(())
    }
}
