//! The board-size figure of `treebench boards`: nodes and time to solve the empty board against
//! the number of cells, one point per size, log scale.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::style::marker;
use super::style::{
    draw_mesh, log_axis, log_label, log_range, log_ticks, palette, panel_builder, shape,
    with_legend, Entry, Mark, TICK,
};
use super::{plot_err, Figure, FONT};
use crate::render::RenderError;
use crate::verify::boards::{BoardSolve, Outcome};

/// Two panels side by side: nodes (left) and seconds (right) against cells, each point labelled
/// with its size and coloured by the first player's result.
pub struct BoardScaling<'a> {
    rows: &'a [BoardSolve],
    engine: String,
}

impl<'a> BoardScaling<'a> {
    #[must_use]
    pub fn new(rows: &'a [BoardSolve], engine: &str) -> Self {
        Self {
            rows,
            engine: engine.to_string(),
        }
    }

    fn plot(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        let err = plot_err("boards");
        root.fill(&WHITE).map_err(&err)?;
        let (title, size) = super::style::fit(
            &self.title(),
            super::style::TITLE,
            root.dim_in_pixel().0 as i32 - 24,
        );
        let root = root.titled(&title, (FONT, size)).map_err(&err)?;
        let outcomes = [Outcome::FirstWins, Outcome::Draw, Outcome::SecondWins];
        let name = |o: Outcome| match o {
            Outcome::FirstWins => "first player wins (+)",
            Outcome::Draw => "draw (=)",
            Outcome::SecondWins => "second player wins (-)",
        };
        let entries: Vec<Entry> = outcomes
            .iter()
            .enumerate()
            .map(|(k, o)| Entry::new(name(*o), Mark::Point(palette(k), shape(k))))
            .collect();
        let area = with_legend(&root, &entries).map_err(&err)?;
        let panels = area.split_evenly((1, 2));
        let cells: Vec<f64> = self
            .rows
            .iter()
            .map(|r| f64::from(r.board.cells()))
            .collect();
        let (lo, hi) = cells
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &c| {
                (a.min(c), b.max(c))
            });
        let x_range = if lo.is_finite() {
            (lo - 1.0)..(hi + 1.0)
        } else {
            15.0..40.0
        };
        let series: [(&str, Vec<f64>); 2] = [
            (
                "nodes searched",
                self.rows.iter().map(|r| r.nodes.max(1) as f64).collect(),
            ),
            (
                "seconds",
                self.rows
                    .iter()
                    .map(|r| r.elapsed.as_secs_f64().max(1e-6))
                    .collect(),
            ),
        ];
        for (panel, (desc, ys)) in panels.iter().zip(series.iter()) {
            let y_range = log_range(ys.iter().copied());
            let mut chart = panel_builder(panel)
                .build_cartesian_2d(
                    x_range.clone(),
                    log_axis(y_range.clone(), log_ticks(y_range.start, y_range.end)),
                )
                .map_err(&err)?;
            draw_mesh(
                &mut chart,
                "cells (width × height)",
                desc,
                &|v: &f64| format!("{v:.0}"),
                &log_label,
            )
            .map_err(&err)?;
            for (k, outcome) in outcomes.into_iter().enumerate() {
                let (color, s) = (palette(k), shape(k));
                let pts: Vec<(f64, f64, String)> = self
                    .rows
                    .iter()
                    .zip(cells.iter().zip(ys))
                    .filter(|(r, _)| r.outcome() == outcome)
                    .map(|(r, (&x, &y))| (x, y, r.board.to_string()))
                    .collect();
                chart
                    .draw_series(
                        pts.iter()
                            .map(|(x, y, _)| marker((*x, *y), s, 4, color.filled())),
                    )
                    .map_err(&err)?;
                chart
                    .draw_series(pts.iter().map(|(x, y, label)| {
                        EmptyElement::at((*x, *y))
                            + Text::new(label.clone(), (5, -14), (FONT, TICK))
                    }))
                    .map_err(&err)?;
            }
        }
        root.present().map_err(&err)?;
        Ok(())
    }
}

impl Figure for BoardScaling<'_> {
    fn stem(&self) -> String {
        "boards".into()
    }
    fn title(&self) -> String {
        format!("Empty board of each size solved by {}", self.engine)
    }
    fn description(&self) -> String {
        "Nodes searched (left) and seconds (right) to solve the empty board of each size, against \
         its number of cells, log scale; colour is the first player's result."
            .into()
    }
    fn size(&self) -> (u32, u32) {
        (super::style::SIZE.0, 380)
    }
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        self.plot(root)
    }
}
