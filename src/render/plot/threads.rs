//! The parallel-scaling figure of `treebench threads`: the speed-up against the thread count
//! (log–log, linear speed-up dashed) and, beside it, the nodes of all threads and of the main
//! thread relative to the reference count (the search overhead, and the main thread's share).

use plotters::coord::Shift;
use plotters::prelude::*;

use super::style::{
    draw_mesh, integer_label, linear_axis, linear_ticks, log_axis, log_label, log_range, log_ticks,
    marker, palette, panel_builder, shape, with_legend, Entry, Mark,
};
use super::{plot_err, Figure, FONT};
use crate::render::RenderError;

/// One thread count's result, as `treebench threads` prints it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ThreadPoint {
    pub threads: u32,
    /// The reference count's median wall time over this count's.
    pub speedup: f64,
    /// Nodes of all threads / the reference count's nodes.
    pub node_ratio: f64,
    /// Nodes of the main thread / the reference count's nodes.
    pub main_ratio: f64,
}

/// The figure: speed-up (left) and nodes relative to the reference (right) against threads.
pub struct ThreadScaling<'a> {
    points: &'a [ThreadPoint],
    engine: String,
    positions: usize,
    repeats: u32,
    cores: usize,
}

impl<'a> ThreadScaling<'a> {
    /// `points` in the order measured, the first the reference; `positions` solved `repeats`
    /// times at each count on a machine of `cores` cores.
    #[must_use]
    pub fn new(
        points: &'a [ThreadPoint],
        engine: &str,
        positions: usize,
        repeats: u32,
        cores: usize,
    ) -> Self {
        Self {
            points,
            engine: engine.to_string(),
            positions,
            repeats,
            cores,
        }
    }

    /// The reference thread count.
    fn reference(&self) -> u32 {
        self.points.first().map_or(1, |p| p.threads)
    }

    /// The thread counts as a log axis' range and ticks.
    fn x_axis(&self) -> (std::ops::Range<f64>, Vec<f64>) {
        let mut ticks: Vec<f64> = self.points.iter().map(|p| f64::from(p.threads)).collect();
        ticks.sort_by(f64::total_cmp);
        ticks.dedup();
        let (lo, hi) = (ticks.first().copied(), ticks.last().copied());
        let (lo, hi) = (lo.unwrap_or(1.0), hi.unwrap_or(1.0));
        ((lo / 1.3)..(hi * 1.3), ticks)
    }

    fn plot(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        let err = plot_err("threads");
        root.fill(&WHITE).map_err(&err)?;
        let (title, size) = super::style::fit(
            &self.title(),
            super::style::TITLE,
            root.dim_in_pixel().0 as i32 - 24,
        );
        let root = root.titled(&title, (FONT, size)).map_err(&err)?;
        let entries = [
            Entry::new("speed-up", Mark::Point(palette(0), shape(0))),
            Entry::new(
                "linear speed-up",
                Mark::Line {
                    color: BLACK,
                    width: 1,
                    dashed: true,
                },
            ),
            Entry::new("nodes, all threads", Mark::Point(palette(1), shape(1))),
            Entry::new("nodes, main thread", Mark::Point(palette(2), shape(2))),
        ];
        let area = with_legend(&root, &entries).map_err(&err)?;
        let panels = area.split_evenly((1, 2));
        self.speedup_panel(&panels[0])?;
        self.nodes_panel(&panels[1])?;
        root.present().map_err(&err)?;
        Ok(())
    }

    /// The thread counts' speed-ups with the linear speed-up, log–log.
    fn speedup_panel(&self, panel: &DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        let err = plot_err("threads");
        let (xr, xt) = self.x_axis();
        let t0 = f64::from(self.reference());
        let ideal = |t: f64| t / t0;
        let measured: Vec<(f64, f64)> = self
            .points
            .iter()
            .filter(|p| p.speedup > 0.0 && p.speedup.is_finite())
            .map(|p| (f64::from(p.threads), p.speedup))
            .collect();
        let yr = log_range(
            measured
                .iter()
                .flat_map(|&(t, s)| [s, ideal(t)])
                .chain([ideal(xr.start), ideal(xr.end)]),
        );
        let mut chart = panel_builder(panel)
            .build_cartesian_2d(
                log_axis(xr.clone(), xt),
                log_axis(yr.clone(), log_ticks(yr.start, yr.end)),
            )
            .map_err(&err)?;
        let ref_desc = format!("speed-up over {}", threads_word(self.reference()));
        draw_mesh(&mut chart, "threads", &ref_desc, &integer_label, &log_label).map_err(&err)?;
        let line = [(xr.start, ideal(xr.start)), (xr.end, ideal(xr.end))];
        chart
            .draw_series(DashedLineSeries::new(line, 6, 4, BLACK.stroke_width(1)))
            .map_err(&err)?;
        draw_points(&mut chart, &measured, 0).map_err(&err)?;
        Ok(())
    }

    /// Nodes of all threads and of the main thread, relative to the reference count.
    fn nodes_panel(&self, panel: &DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        let err = plot_err("threads");
        let (xr, xt) = self.x_axis();
        let series = |f: fn(&ThreadPoint) -> f64| -> Vec<(f64, f64)> {
            self.points
                .iter()
                .map(|p| (f64::from(p.threads), f(p)))
                .filter(|(_, y)| y.is_finite())
                .collect()
        };
        let all = series(|p| p.node_ratio);
        let main = series(|p| p.main_ratio);
        let ys = || all.iter().chain(&main).map(|p| p.1).chain([1.0]);
        let lo = ys().fold(f64::INFINITY, f64::min).min(1.0);
        let hi = ys().fold(f64::NEG_INFINITY, f64::max).max(1.0);
        let pad = ((hi - lo) * 0.08).max(0.05);
        let (lo, hi) = ((lo - pad).max(0.0), hi + pad);
        let mut chart = panel_builder(panel)
            .build_cartesian_2d(
                log_axis(xr.clone(), xt),
                linear_axis(lo..hi, linear_ticks(lo, hi, 4)),
            )
            .map_err(&err)?;
        let desc = format!("nodes / nodes at {}", threads_word(self.reference()));
        draw_mesh(&mut chart, "threads", &desc, &integer_label, &|v: &f64| {
            format!("{v}")
        })
        .map_err(&err)?;
        chart
            .draw_series(LineSeries::new(
                [(xr.start, 1.0), (xr.end, 1.0)],
                BLACK.mix(0.5).stroke_width(1),
            ))
            .map_err(&err)?;
        draw_points(&mut chart, &all, 1).map_err(&err)?;
        draw_points(&mut chart, &main, 2).map_err(&err)?;
        Ok(())
    }
}

/// "1 thread", "4 threads".
fn threads_word(t: u32) -> String {
    if t == 1 {
        "1 thread".into()
    } else {
        format!("{t} threads")
    }
}

/// One series: its points joined by a line, in the colour and shape of entry `k`.
fn draw_points<DB, X, Y>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<X, Y>>,
    points: &[(f64, f64)],
    k: usize,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>>
where
    DB: DrawingBackend,
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    let c = palette(k);
    chart.draw_series(LineSeries::new(points.iter().copied(), c.stroke_width(1)))?;
    chart.draw_series(points.iter().map(|&p| marker(p, shape(k), 4, c.filled())))?;
    Ok(())
}

impl Figure for ThreadScaling<'_> {
    fn stem(&self) -> String {
        "threads".into()
    }
    fn title(&self) -> String {
        format!("Parallel scaling of {}", self.engine)
    }
    fn description(&self) -> String {
        let t0 = threads_word(self.reference());
        format!(
            "Left: the speed-up of {} with each thread count over {t0}: the set's total wall \
             time at {t0} over that at the count, each the median of {} solves of the set of {} \
             position(s); log–log, the dashed line is the linear speed-up. Right: the \
             nodes of all threads and of the main thread, averaged over the solves, over the \
             nodes at {t0} (above 1 for all threads: the search overhead). Measured on a \
             machine of {} cores.",
            self.engine, self.repeats, self.positions, self.cores
        )
    }
    fn size(&self) -> (u32, u32) {
        (super::style::SIZE.0, 380)
    }
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        self.plot(root)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The figure draws every thread count as a tick and every point, and its words say what
    /// was measured.
    #[test]
    fn draws_the_counts_and_says_what_was_measured() {
        let points = [
            (1, 1.0, 1.0, 1.0),
            (2, 1.8, 1.1, 0.6),
            (4, 3.1, 1.3, 0.35),
            (16, 7.5, 1.9, 0.12),
        ]
        .map(|(threads, speedup, node_ratio, main_ratio)| ThreadPoint {
            threads,
            speedup,
            node_ratio,
            main_ratio,
        });
        let f = ThreadScaling::new(&points, "mtdf", 4, 3, 16);
        let svg = crate::render::plot::render_svg(&f).unwrap();
        let texts: Vec<&str> = svg
            .split("<text")
            .skip(1)
            .filter_map(|t| Some(t.split_once('>')?.1.split("</text>").next()?.trim()))
            .collect();
        for t in ["1", "2", "4", "16"] {
            assert!(texts.contains(&t), "tick {t}: {texts:?}");
        }
        // 4 speed-up and 8 node markers at least (shapes draw as paths, polygons or circles).
        let marks = ["<circle", "<polygon", "<rect"]
            .iter()
            .map(|m| svg.matches(m).count())
            .sum::<usize>();
        assert!(marks >= 12, "{marks} marks");
        assert!(f
            .description()
            .contains("the median of 3 solves of the set of 4 position(s)"));
        assert!(f.description().contains("over 1 thread:"));
        assert!(f.description().contains("16 cores"));
        assert_eq!(f.title(), "Parallel scaling of mtdf");
    }
}
