//! The textbook report's figures: the leaves of alpha-beta against depth on uniform random trees
//! (best case, random order, minimax, the fitted growth), and UCT's losses against a perfect
//! player by budget, ours beside the published ones.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::style::{
    builder, draw_mesh, integer_label, linear_axis, linear_ticks, log_axis, log_label, log_range,
    log_ticks, marker, palette, shape, with_legend, Entry, Mark,
};
use super::{plot_err, Figure};
use crate::render::RenderError;
use crate::textbook::report::{best_case_leaves, TreeStudy, UCT_PUBLISHED};

/// Leaves against depth, log scale: the minimal tree, alpha-beta in random order (the mean
/// over the trees) with its least-squares growth, and minimax.
pub struct LeafGrowth<'a> {
    trees: &'a TreeStudy,
}

impl<'a> LeafGrowth<'a> {
    #[must_use]
    pub fn new(trees: &'a TreeStudy) -> Self {
        Self { trees }
    }

    /// The least-squares line of log_b(mean leaves) on depth, as (slope, intercept).
    fn fit(&self) -> (f64, f64) {
        let t = self.trees;
        let lb = f64::from(t.b).ln();
        let n = t.depths.len() as f64;
        let mx = t.depths.iter().map(|&d| f64::from(d)).sum::<f64>() / n;
        let my = t.random_mean.iter().map(|m| m.ln() / lb).sum::<f64>() / n;
        (t.exponent, my - t.exponent * mx)
    }

    fn plot(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        let err = plot_err("leaves");
        root.fill(&WHITE).map_err(&err)?;
        let t = self.trees;
        let b = f64::from(t.b);
        let depth = |d: &u8| f64::from(*d);
        let series: [Vec<(f64, f64)>; 3] = [
            t.depths
                .iter()
                .map(|d| (depth(d), b.powi(i32::from(*d))))
                .collect(),
            t.depths
                .iter()
                .map(depth)
                .zip(t.random_mean.iter().copied())
                .collect(),
            t.depths
                .iter()
                .map(|d| (depth(d), best_case_leaves(t.b, *d) as f64))
                .collect(),
        ];
        let (slope, c) = self.fit();
        let entries = [
            Entry::new("minimax, b^d", Mark::Point(palette(0), shape(0))),
            Entry::new(
                "alpha-beta, random order (mean)",
                Mark::Point(palette(1), shape(1)),
            ),
            Entry::new(
                format!("least squares, b^({slope:.3}·d + c)"),
                Mark::Line {
                    color: BLACK,
                    width: 1,
                    dashed: true,
                },
            ),
            Entry::new(
                "alpha-beta, best child first",
                Mark::Point(palette(2), shape(2)),
            ),
        ];
        let area = with_legend(&root, &entries).map_err(&err)?;
        let (lo, hi) = (
            t.depths.first().map_or(0.0, depth) - 0.3,
            t.depths.last().map_or(1.0, depth) + 0.3,
        );
        let yr = log_range(series.iter().flatten().map(|p| p.1));
        let mut chart = builder(&area, &self.title())
            .build_cartesian_2d(
                linear_axis(lo..hi, t.depths.iter().map(depth).collect()),
                log_axis(yr.clone(), log_ticks(yr.start, yr.end)),
            )
            .map_err(&err)?;
        draw_mesh(
            &mut chart,
            "depth d",
            "leaves evaluated",
            &integer_label,
            &log_label,
        )
        .map_err(&err)?;
        let line = [lo, hi].map(|d| (d, b.powf(slope * d + c)));
        chart
            .draw_series(DashedLineSeries::new(line, 6, 4, BLACK.stroke_width(1)))
            .map_err(&err)?;
        for (k, pts) in [(0, &series[0]), (1, &series[1]), (2, &series[2])] {
            let color = palette(k);
            chart
                .draw_series(LineSeries::new(pts.iter().copied(), color.stroke_width(1)))
                .map_err(&err)?;
            chart
                .draw_series(pts.iter().map(|&p| marker(p, shape(k), 4, color.filled())))
                .map_err(&err)?;
        }
        root.present().map_err(&err)?;
        Ok(())
    }
}

impl Figure for LeafGrowth<'_> {
    fn stem(&self) -> String {
        "leaves_by_depth".into()
    }
    fn title(&self) -> String {
        format!(
            "Alpha-beta's leaves on uniform random trees, b = {}",
            self.trees.b
        )
    }
    fn description(&self) -> String {
        format!(
            "Leaves evaluated against the depth d, log scale: minimax (all b^d leaves), \
             alpha-beta in the tree's own (random) order, the mean over {} trees, with its \
             least-squares growth (dashed), and alpha-beta with the best child first (the \
             minimal tree, b^⌈d/2⌉ + b^⌊d/2⌋ − 1).",
            self.trees.seeds.len()
        )
    }
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        self.plot(root)
    }
}

/// UCT's losses out of `games` against a perfect player by budget (log scale), as first and as
/// second player: ours (joined by lines) and the published ones.
pub struct UctLosses<'a> {
    uct: &'a [(u32, [u32; 2])],
    games: u32,
}

impl<'a> UctLosses<'a> {
    #[must_use]
    pub fn new(uct: &'a [(u32, [u32; 2])], games: u32) -> Self {
        Self { uct, games }
    }

    fn plot(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        let err = plot_err("uct_losses");
        root.fill(&WHITE).map_err(&err)?;
        let sides = ["first", "second"];
        let mut entries = Vec::new();
        for (k, side) in sides.iter().enumerate() {
            entries.push(Entry::new(
                format!("UCT {side}, ours"),
                Mark::Point(palette(k), shape(k)),
            ));
            entries.push(Entry::new(
                format!("UCT {side}, published"),
                Mark::Point(palette(k + 2), shape(k + 2)),
            ));
        }
        let area = with_legend(&root, &entries).map_err(&err)?;
        let budgets: Vec<f64> = self.uct.iter().map(|u| f64::from(u.0)).collect();
        let hi_b = budgets.last().copied().unwrap_or(1.0);
        let xr = (budgets.first().copied().unwrap_or(1.0) / 1.5)..(hi_b * 1.5);
        let top = f64::from(self.games);
        let mut chart = builder(&area, &self.title())
            .build_cartesian_2d(
                log_axis(xr, budgets.clone()),
                linear_axis(-2.0..top + 2.0, linear_ticks(0.0, top, 4)),
            )
            .map_err(&err)?;
        let losses = format!("losses out of {}", self.games);
        draw_mesh(
            &mut chart,
            "UCT iterations per move",
            &losses,
            &log_label,
            &|v: &f64| format!("{v}"),
        )
        .map_err(&err)?;
        for k in 0..2 {
            let ours: Vec<(f64, f64)> = self
                .uct
                .iter()
                .map(|u| (f64::from(u.0), f64::from(u.1[k])))
                .collect();
            let c = palette(k);
            chart
                .draw_series(LineSeries::new(ours.iter().copied(), c.stroke_width(1)))
                .map_err(&err)?;
            chart
                .draw_series(ours.iter().map(|&p| marker(p, shape(k), 4, c.filled())))
                .map_err(&err)?;
            let published: Vec<(f64, f64)> = UCT_PUBLISHED
                .iter()
                .filter(|p| p.0 as f64 <= hi_b)
                .filter_map(|p| Some((f64::from(p.0), f64::from([p.1, p.2][k]?))))
                .collect();
            let c = palette(k + 2);
            chart
                .draw_series(
                    published
                        .iter()
                        .map(|&p| marker(p, shape(k + 2), 5, c.filled())),
                )
                .map_err(&err)?;
        }
        root.present().map_err(&err)?;
        Ok(())
    }
}

impl Figure for UctLosses<'_> {
    fn stem(&self) -> String {
        "uct_losses".into()
    }
    fn title(&self) -> String {
        "UCT against a perfect player: losses by budget (tic-tac-toe)".into()
    }
    fn description(&self) -> String {
        format!(
            "UCT's losses out of {} games against a perfect player at each budget (iterations \
             per move, log scale), as first and as second player: ours (joined by lines) and \
             the published ones (unjoined) where the source gives them.",
            self.games
        )
    }
    fn size(&self) -> (u32, u32) {
        (super::style::SIZE.0, 380)
    }
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        self.plot(root)
    }
}
