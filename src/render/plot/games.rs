//! Figures of a match: the SPRT's log-likelihood ratio after each game pair against its two
//! bounds ([`LlrPath`]), and each pairing's Elo difference with its 95% interval
//! ([`EloIntervals`]).

use plotters::coord::Shift;
use plotters::prelude::*;

use super::style::{
    builder, draw_mesh, linear_axis, linear_ticks, marker, palette, with_legend, Entry, Mark, Shape,
};
use super::{plot_err, Figure};
use crate::render::RenderError;
use crate::util::names::file_stem;

/// The LLR after each pair (a line), the bounds (dashed: H1 accepted above the upper one, H0
/// below the lower one).
pub struct LlrPath {
    /// The match's name.
    pub name: String,
    /// `A vs B, SPRT [elo0, elo1] (normalized Elo)`.
    pub what: String,
    /// The LLR after each pair.
    pub path: Vec<f64>,
    /// The lower and upper bounds.
    pub bounds: (f64, f64),
}

impl LlrPath {
    fn plot(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        let err = plot_err("llr");
        root.fill(&WHITE).map_err(&err)?;
        let entries = [
            Entry::new(
                "LLR after each pair",
                Mark::Point(palette(0), Shape::Circle),
            ),
            Entry::new(
                "bounds: H1 above, H0 below",
                Mark::Line {
                    color: palette(1),
                    width: 2,
                    dashed: true,
                },
            ),
        ];
        let area = with_legend(&root, &entries).map_err(&err)?;
        let n = self.path.len().max(1) as f64;
        let (lo, hi) = self
            .path
            .iter()
            .fold(self.bounds, |(lo, hi), &v| (lo.min(v), hi.max(v)));
        let pad = 0.08 * (hi - lo).max(1.0);
        let y = lo - pad..hi + pad;
        let mut chart = builder(&area, &self.title())
            .build_cartesian_2d(
                linear_axis(0.0..n * 1.03, linear_ticks(0.0, n, 4)),
                linear_axis(y.clone(), linear_ticks(y.start, y.end, 4)),
            )
            .map_err(&err)?;
        let count = |v: &f64| format!("{}", v.round());
        let one_decimal = |v: &f64| format!("{v:.1}");
        draw_mesh(
            &mut chart,
            "game pairs",
            "log-likelihood ratio",
            &count,
            &one_decimal,
        )
        .map_err(&err)?;
        for b in [self.bounds.0, self.bounds.1] {
            chart
                .draw_series(DashedLineSeries::new(
                    [(0.0, b), (n, b)],
                    8,
                    5,
                    palette(1).stroke_width(2),
                ))
                .map_err(&err)?;
        }
        let points = std::iter::once((0.0, 0.0)).chain(
            self.path
                .iter()
                .enumerate()
                .map(|(i, &v)| ((i + 1) as f64, v)),
        );
        chart
            .draw_series(LineSeries::new(points, palette(0).stroke_width(2)))
            .map_err(&err)?;
        if let Some(&last) = self.path.last() {
            chart
                .draw_series([marker((n, last), Shape::Circle, 4, palette(0).filled())])
                .map_err(&err)?;
        }
        root.present().map_err(&err)?;
        Ok(())
    }
}

impl Figure for LlrPath {
    fn stem(&self) -> String {
        format!("{}_llr", file_stem(&self.name))
    }
    fn title(&self) -> String {
        format!("{}: SPRT log-likelihood ratio", self.name)
    }
    fn description(&self) -> String {
        format!(
            "{}. The generalized SPRT's log-likelihood ratio after each game pair (pentanomial \
             counts, fishtest's formulas) and its bounds {:.3} and {:.3}: the test accepts H1 \
             when the line reaches the upper bound, H0 at the lower one.",
            self.what, self.bounds.0, self.bounds.1
        )
    }
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        self.plot(root)
    }
}

/// One pairing's Elo difference: the tested engine's label, its opponent's, the estimate and
/// the half-width of its 95% interval.
#[derive(Debug, Clone, PartialEq)]
pub struct PairingElo {
    pub engine: String,
    pub opponent: String,
    pub elo: f64,
    pub half_width: f64,
}

/// Each pairing's Elo difference (point) with its 95% interval (bar), one row per pairing, and
/// a line at 0 (equal strength).
pub struct EloIntervals {
    /// The match's name.
    pub name: String,
    pub pairings: Vec<PairingElo>,
}

impl EloIntervals {
    fn plot(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        let err = plot_err("elo");
        root.fill(&WHITE).map_err(&err)?;
        let n = self.pairings.len().max(1);
        let (lo, hi) = self.pairings.iter().fold((0.0f64, 0.0f64), |(lo, hi), p| {
            (lo.min(p.elo - p.half_width), hi.max(p.elo + p.half_width))
        });
        let pad = 0.08 * (hi - lo).max(10.0);
        let x = lo - pad..hi + pad;
        let rows: Vec<f64> = (0..n).map(|i| i as f64).collect();
        let area = root.dim_in_pixel().0 as i32 / 2;
        let labels: Vec<String> = self
            .pairings
            .iter()
            .map(|p| {
                let l = format!("{} vs {}", p.engine, p.opponent);
                super::style::elide(&l, super::style::TICK, area - 16)
            })
            .collect();
        let widest = labels
            .iter()
            .map(|l| super::style::text_width(l, super::style::TICK))
            .max()
            .unwrap_or(0);
        let mut chart = builder(&root, &self.title())
            .y_label_area_size((widest + 16).min(area) as u32)
            .build_cartesian_2d(
                linear_axis(x.clone(), linear_ticks(x.start, x.end, 4)),
                linear_axis(-0.6..n as f64 - 0.4, rows),
            )
            .map_err(&err)?;
        let elo = |v: &f64| format!("{v:+.0}").replace("+0", "0");
        let label = |v: &f64| {
            let i = v.round();
            if (v - i).abs() < 1e-6 && i >= 0.0 {
                // The first pairing on top.
                let row = n as f64 - 1.0 - i;
                if row >= 0.0 {
                    labels.get(row as usize).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            } else {
                String::new()
            }
        };
        draw_mesh(
            &mut chart,
            "Elo difference (95% interval)",
            "",
            &elo,
            &label,
        )
        .map_err(&err)?;
        chart
            .draw_series(DashedLineSeries::new(
                [(0.0, -0.6), (0.0, n as f64 - 0.4)],
                6,
                4,
                BLACK.mix(0.6).stroke_width(1),
            ))
            .map_err(&err)?;
        for (i, p) in self.pairings.iter().enumerate() {
            let y = (n - 1 - i) as f64;
            chart
                .draw_series([
                    PathElement::new(
                        vec![(p.elo - p.half_width, y), (p.elo + p.half_width, y)],
                        palette(0).stroke_width(3),
                    )
                    .into_dyn(),
                    marker((p.elo, y), Shape::Circle, 5, palette(0).filled()).into_dyn(),
                ])
                .map_err(&err)?;
        }
        root.present().map_err(&err)?;
        Ok(())
    }
}

impl Figure for EloIntervals {
    fn stem(&self) -> String {
        format!("{}_elo", file_stem(&self.name))
    }
    fn title(&self) -> String {
        format!("{}: Elo difference per pairing", self.name)
    }
    fn description(&self) -> String {
        "Per pairing (the first-named engine against the second): the logistic Elo difference \
         estimated from the game pairs (point) with its 95% interval from the pentanomial \
         variance (bar); dashed: equal strength."
            .into()
    }
    fn size(&self) -> (u32, u32) {
        (
            super::style::SIZE.0,
            (130 + 48 * self.pairings.len() as u32).max(220),
        )
    }
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        self.plot(root)
    }
}
