//! Convergence of each driver on one position: the interval of scores still possible after
//! each probe (root search), one panel per driver, like the MTD(f) page's widget.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::style::{
    builder, draw_mesh, integer_label, linear_axis, linear_ticks, marker, palette, with_legend,
    Entry, Mark, Shape, TICK,
};
use super::Figure;
use super::{plot_err, FONT};
use crate::engine::drivers::Probe;
use crate::render::RenderError;
use crate::util::names::file_stem;

/// One driver's solve of the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DriverRun {
    pub engine: String,
    /// Its probes, in order ([`crate::engine::Engine::probes`]).
    pub probes: Vec<Probe>,
    /// The score it returned.
    pub score: i32,
    /// Nodes of the whole solve.
    pub nodes: u64,
}

/// Per driver (one panel each, in a grid), per probe `i` (x): the window searched (grey box),
/// the value returned (point) and the interval of scores still possible after it (bar); at
/// x = 0 the interval before any probe. A dashed line marks the exact score: a driver has
/// converged when its bar shrinks onto it.
pub struct Convergence {
    moves: String,
    /// Scores possible before any probe.
    start: (i32, i32),
    runs: Vec<DriverRun>,
}

const PANEL_HEIGHT: u32 = 190;

impl Convergence {
    /// `start`: the score range of the position (before any probe).
    pub fn new(moves: &str, start: (i32, i32), runs: Vec<DriverRun>) -> Self {
        Self {
            moves: moves.to_string(),
            start,
            runs,
        }
    }

    fn columns(&self) -> usize {
        if self.runs.len() > 3 {
            2
        } else {
            1
        }
    }

    fn rows(&self) -> usize {
        self.runs.len().div_ceil(self.columns()).max(1)
    }

    /// The lowest and highest score any probe returned or bounded, and the start's bounds.
    fn value_range(&self) -> (i32, i32) {
        let (mut lo, mut hi) = self.start;
        for r in &self.runs {
            for p in &r.probes {
                lo = lo.min(p.value).min(p.lower);
                hi = hi.max(p.value).max(p.upper);
            }
        }
        (lo, hi)
    }

    fn plot(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        let err = plot_err("convergence");
        root.fill(&WHITE).map_err(&err)?;
        let (blue, grey) = (palette(0), GREY);
        let entries = legend();
        let (title, size) = super::style::fit(
            &self.title(),
            super::style::TITLE,
            root.dim_in_pixel().0 as i32 - 24,
        );
        let root = root.titled(&title, (FONT, size)).map_err(&err)?;
        let area = with_legend(&root, &entries).map_err(&err)?;
        let most = self
            .runs
            .iter()
            .map(|r| r.probes.len())
            .max()
            .unwrap_or(1)
            .max(1);
        let (lo, hi) = self.value_range();
        let y = f64::from(lo) - 0.8..f64::from(hi) + 0.8;
        let step = most.div_ceil(10).max(1);
        let xkeys: Vec<f64> = (0..=most).step_by(step).map(|i| i as f64).collect();
        let yticks: Vec<f64> = linear_ticks(f64::from(lo), f64::from(hi), 3)
            .into_iter()
            .filter(|v| v.fract() == 0.0)
            .collect();
        let panels = area.split_evenly((self.rows(), self.columns()));
        for (panel, run) in panels.iter().zip(&self.runs) {
            let caption = format!(
                "{}: {} probe{}, {} nodes, score {}",
                run.engine,
                run.probes.len(),
                if run.probes.len() == 1 { "" } else { "s" },
                crate::util::fmt::thousands(run.nodes),
                run.score
            );
            let mut chart = builder(panel, &caption)
                .caption(caption.as_str(), (FONT, TICK))
                .margin(4)
                .x_label_area_size(36)
                .y_label_area_size(40)
                .build_cartesian_2d(
                    linear_axis(-0.6..most as f64 + 0.6, xkeys.clone()),
                    linear_axis(y.clone(), yticks.clone()),
                )
                .map_err(&err)?;
            draw_mesh(&mut chart, "probe", "score", &integer_label, &integer_label)
                .map_err(&err)?;
            let score = f64::from(run.score);
            chart
                .draw_series(DashedLineSeries::new(
                    [(-0.6, score), (most as f64 + 0.6, score)],
                    6,
                    4,
                    palette(3).stroke_width(1),
                ))
                .map_err(&err)?;
            let mut elements = Vec::new();
            let bar = |x: f64, a: i32, b: i32, color: RGBColor| {
                PathElement::new(
                    vec![(x, f64::from(a) - 0.25), (x, f64::from(b) + 0.25)],
                    color.stroke_width(4),
                )
                .into_dyn()
            };
            elements.push(bar(0.0, self.start.0, self.start.1, blue));
            for (i, p) in run.probes.iter().enumerate() {
                let x = (i + 1) as f64;
                // The window (alpha, beta) holds the scores alpha+1 ..= beta-1; a null window
                // (beta = alpha + 1) is drawn as the thin box between its two bounds.
                elements.push(
                    Rectangle::new(
                        [
                            (x - 0.32, f64::from(p.alpha.max(lo - 1))),
                            (x + 0.32, f64::from(p.beta.min(hi + 1))),
                        ],
                        grey.mix(0.45).filled(),
                    )
                    .into_dyn(),
                );
                elements.push(bar(x, p.lower, p.upper, blue));
                elements.push(
                    marker(
                        (x + 0.18, f64::from(p.value)),
                        Shape::Diamond,
                        4,
                        BLACK.filled(),
                    )
                    .into_dyn(),
                );
            }
            chart.draw_series(elements).map_err(&err)?;
        }
        root.present().map_err(&err)?;
        Ok(())
    }
}

/// The grey of the windows searched.
const GREY: RGBColor = RGBColor(150, 150, 150);

/// The legend: window, value, the interval of scores still possible, the exact score.
fn legend() -> [Entry; 4] {
    [
        Entry::new("window searched", Mark::Box(GREY)),
        Entry::new("value returned", Mark::Point(BLACK, Shape::Diamond)),
        Entry::new(
            "scores still possible",
            Mark::Interval(palette(0), Shape::Circle),
        ),
        Entry::new(
            "exact score",
            Mark::Line {
                color: palette(3),
                width: 1,
                dashed: true,
            },
        ),
    ]
}

impl Figure for Convergence {
    fn stem(&self) -> String {
        if self.moves.is_empty() {
            "convergence_start".into()
        } else {
            format!("convergence_{}", file_stem(&self.moves))
        }
    }
    fn title(&self) -> String {
        let pos = if self.moves.is_empty() {
            "the empty board".to_string()
        } else {
            format!("position {}", self.moves)
        };
        format!("Convergence of each driver on {pos}")
    }
    fn description(&self) -> String {
        "One panel per driver; x: the probes (root searches) in order, 0 = before the first. \
         Grey box: the window searched; diamond: the (fail-soft) value returned; blue bar: the \
         scores still possible after the probe (bars of a depth-limited probe bound that \
         depth's value); dashed: the exact score."
            .into()
    }
    fn size(&self) -> (u32, u32) {
        (super::style::SIZE.0, 70 + PANEL_HEIGHT * self.rows() as u32)
    }
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        self.plot(root)
    }
}
