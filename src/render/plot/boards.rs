//! The board-size figure of `treebench boards`: nodes and time to solve the empty board against
//! the number of cells, one point per size, log scale.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{category, figure_backends, log_label, log_range, plot_err, Figure, FONT};
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

    fn plot<DB: DrawingBackend>(&self, root: DrawingArea<DB, Shift>) -> Result<(), RenderError> {
        let err = plot_err("boards");
        root.fill(&WHITE).map_err(&err)?;
        let root = root.titled(&self.title(), (FONT, 20)).map_err(&err)?;
        let panels = root.split_evenly((1, 2));
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
            let mut chart = ChartBuilder::on(panel)
                .margin(12)
                .x_label_area_size(45)
                .y_label_area_size(70)
                .build_cartesian_2d(x_range.clone(), y_range.log_scale())
                .map_err(&err)?;
            chart
                .configure_mesh()
                .x_desc("cells (width × height)")
                .y_desc(*desc)
                .y_label_formatter(&log_label)
                .x_label_formatter(&|v| format!("{v:.0}"))
                .label_style((FONT, 13))
                .axis_desc_style((FONT, 15))
                .light_line_style(RGBColor(235, 235, 235))
                .bold_line_style(RGBColor(210, 210, 210))
                .draw()
                .map_err(&err)?;
            for (k, outcome) in [Outcome::FirstWins, Outcome::Draw, Outcome::SecondWins]
                .into_iter()
                .enumerate()
            {
                let color = category(k);
                let pts: Vec<(f64, f64, String)> = self
                    .rows
                    .iter()
                    .zip(cells.iter().zip(ys))
                    .filter(|(r, _)| r.outcome() == outcome)
                    .map(|(r, (&x, &y))| (x, y, r.board.to_string()))
                    .collect();
                let name = match outcome {
                    Outcome::FirstWins => "first player wins (+)",
                    Outcome::Draw => "draw (=)",
                    Outcome::SecondWins => "second player wins (-)",
                };
                chart
                    .draw_series(pts.iter().map(|(x, y, label)| {
                        EmptyElement::at((*x, *y))
                            + Circle::new((0, 0), 4, color.filled())
                            + Text::new(label.clone(), (5, -12), (FONT, 11))
                    }))
                    .map_err(&err)?
                    .label(name)
                    .legend(move |(x, y)| Circle::new((x + 8, y), 4, color.filled()));
            }
            chart
                .configure_series_labels()
                .position(SeriesLabelPosition::UpperLeft)
                .label_font((FONT, 12))
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK.mix(0.4))
                .draw()
                .map_err(&err)?;
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
        (1200, 600)
    }
    figure_backends!();
}
