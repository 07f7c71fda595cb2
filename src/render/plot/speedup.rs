//! Figure (b): speed-up (ratio of mean times) per ply with its bootstrap interval.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{figure_backends, log_label, log_range, plot_err, with_headroom, Figure, FONT};
use crate::analysis::{Comparison, ExperimentAnalysis};
use crate::render::{comparison_stem, RenderError};
use crate::util::fmt::sig3;

/// Per ply, the ratio of mean times baseline / candidate (> 1: the candidate is faster) with its
/// bootstrap confidence interval, a solid line at 1 and a dashed line at the all-plies ratio.
pub struct SpeedupPerPly<'a> {
    exp: &'a ExperimentAnalysis,
    cmp: &'a Comparison,
}

impl<'a> SpeedupPerPly<'a> {
    pub fn new(exp: &'a ExperimentAnalysis, cmp: &'a Comparison) -> Self {
        Self { exp, cmp }
    }

    fn plot<DB: DrawingBackend>(&self, root: DrawingArea<DB, Shift>) -> Result<(), RenderError> {
        let err = plot_err("speed-up per ply");
        root.fill(&WHITE).map_err(&err)?;
        let rows = &self.cmp.rows;
        let total = &self.cmp.total;
        let (pmin, pmax) = match (rows.first(), rows.last()) {
            (Some(a), Some(b)) => (a.ply.unwrap_or(0) as f64, b.ply.unwrap_or(0) as f64),
            _ => (0.0, 1.0),
        };
        let y = log_range(
            rows.iter()
                .chain([total])
                .flat_map(|r| {
                    let (lo, hi) = r.speedup_ci.unwrap_or((r.speedup, r.speedup));
                    [r.speedup, lo, hi]
                })
                .chain([1.0]),
        );
        let mut chart = ChartBuilder::on(&root)
            .caption(self.title(), (FONT, 20))
            .margin(12)
            .x_label_area_size(45)
            .y_label_area_size(70)
            .build_cartesian_2d(pmin - 0.7..pmax + 0.7, with_headroom(y, 0.22).log_scale())
            .map_err(&err)?;
        let n_plies = (pmax - pmin) as usize + 1;
        chart
            .configure_mesh()
            .x_desc("ply (moves played)")
            .y_desc(format!(
                "speed-up: mean {} time / mean {} time",
                self.cmp.baseline, self.cmp.candidate
            ))
            .x_labels(n_plies.min(30) + 1)
            .x_label_formatter(&|x| {
                if (x - x.round()).abs() < 1e-6 {
                    format!("{}", x.round())
                } else {
                    String::new()
                }
            })
            .y_label_formatter(&log_label)
            .label_style((FONT, 13))
            .axis_desc_style((FONT, 15))
            .light_line_style(RGBColor(235, 235, 235))
            .bold_line_style(RGBColor(210, 210, 210))
            .draw()
            .map_err(&err)?;

        let x_range = (pmin - 0.7, pmax + 0.7);
        chart
            .draw_series(LineSeries::new(
                [(x_range.0, 1.0), (x_range.1, 1.0)],
                BLACK.mix(0.8).stroke_width(1),
            ))
            .map_err(&err)?
            .label("1 = equal speed (above: candidate faster)")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], BLACK.stroke_width(1)));
        let total_style = RGBColor(214, 39, 40).stroke_width(2);
        let total_label = match total.speedup_ci {
            Some((lo, hi)) => format!(
                "all plies: {} [{}, {}]",
                sig3(total.speedup),
                sig3(lo),
                sig3(hi)
            ),
            None => format!("all plies: {}", sig3(total.speedup)),
        };
        chart
            .draw_series(DashedLineSeries::new(
                [(x_range.0, total.speedup), (x_range.1, total.speedup)],
                8,
                5,
                total_style,
            ))
            .map_err(&err)?
            .label(total_label)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], total_style));

        let blue = RGBColor(31, 119, 180);
        chart
            .draw_series(rows.iter().filter_map(|r| {
                let (lo, hi) = r.speedup_ci?;
                Some(ErrorBar::new_vertical(
                    r.ply? as f64,
                    lo,
                    r.speedup,
                    hi,
                    blue.stroke_width(2),
                    12,
                ))
            }))
            .map_err(&err)?;
        chart
            .draw_series(
                rows.iter().filter_map(|r| {
                    Some(Circle::new((r.ply? as f64, r.speedup), 5, blue.filled()))
                }),
            )
            .map_err(&err)?
            .label(format!(
                "ratio of means per ply, {:.0}% CI ({})",
                self.confidence() * 100.0,
                self.interval_methods()
            ))
            .legend(move |(x, y)| Circle::new((x + 8, y), 5, blue.filled()));
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .label_font((FONT, 12))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK.mix(0.4))
            .draw()
            .map_err(&err)?;
        root.present().map_err(&err)?;
        Ok(())
    }

    fn interval_methods(&self) -> &'static str {
        use crate::analysis::IntervalMethod::*;
        let has = |m| self.cmp.rows.iter().any(|r| r.speedup_ci_method == Some(m));
        match (has(Bootstrap), has(DeltaMethod)) {
            (true, true) => "bootstrap; delta method for large plies",
            (false, true) => "delta method",
            _ => "bootstrap",
        }
    }

    fn confidence(&self) -> f64 {
        self.exp.options.confidence
    }
}

impl Figure for SpeedupPerPly<'_> {
    fn stem(&self) -> String {
        format!("{}_speedup", comparison_stem(self.cmp))
    }
    fn title(&self) -> String {
        format!(
            "{}: speed-up of {} over {}, per ply",
            self.exp.name, self.cmp.candidate, self.cmp.baseline
        )
    }
    fn description(&self) -> String {
        format!(
            "Ratio of mean solve times, {} / {}, per ply, with its paired bootstrap interval; \
             above the line at 1 the candidate is faster. The dashed line is the ratio over all \
             plies.",
            self.cmp.baseline, self.cmp.candidate
        )
    }
    figure_backends!();
}
