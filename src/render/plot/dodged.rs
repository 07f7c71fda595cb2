//! Shared drawing of one value per group and ply with a range bar, groups dodged side by side
//! around each ply (time per node per engine, probes per solve per driver).

use plotters::coord::Shift;
use plotters::prelude::*;

use super::plot_err;
use super::style::{
    builder, check_series, dodge, dodged_radius, draw_mesh, linear_axis, linear_ticks, log_axis,
    log_label, log_range, log_ticks, marker, palette, ply_label, shape, with_legend, Entry, Mark,
};
use crate::render::RenderError;

/// One group's value per ply: `(ply, centre, low, high)`.
pub(super) struct Group {
    pub label: String,
    pub points: Vec<(u32, f64, f64, f64)>,
}

pub(super) struct DodgedData<'a> {
    pub figure: &'a str,
    pub title: String,
    pub y_desc: String,
    pub groups: Vec<Group>,
    /// Log y axis; else linear from 0.
    pub log: bool,
}

/// The plies of any group, ascending.
fn plies(groups: &[Group]) -> Vec<u32> {
    let mut p: Vec<u32> = groups
        .iter()
        .flat_map(|g| g.points.iter().map(|q| q.0))
        .collect();
    p.sort_unstable();
    p.dedup();
    p
}

pub(super) fn draw_dodged(
    root: DrawingArea<SVGBackend<'_>, Shift>,
    d: &DodgedData<'_>,
) -> Result<(), RenderError> {
    let err = plot_err(d.figure);
    check_series(d.figure, d.groups.len())?;
    root.fill(&WHITE).map_err(&err)?;
    // One x position per ply (index), so that the dodged groups have room.
    let plies = plies(&d.groups);
    let last = plies.len().max(1) as f64 - 1.0;
    let values = || {
        d.groups
            .iter()
            .flat_map(|g| g.points.iter().flat_map(|q| [q.1, q.2, q.3]))
    };
    let (y, ticks) = if d.log {
        let y = log_range(values());
        let t = log_ticks(y.start, y.end);
        (y, t)
    } else {
        let hi = values().filter(|v| v.is_finite()).fold(1.0, f64::max) * 1.08;
        (0.0..hi, linear_ticks(0.0, hi, 4))
    };
    let entries: Vec<Entry> = d
        .groups
        .iter()
        .enumerate()
        .map(|(k, g)| Entry::new(g.label.clone(), Mark::Interval(palette(k), shape(k))))
        .collect();
    let area = with_legend(&root, &entries).map_err(&err)?;
    let xkeys: Vec<f64> = (0..plies.len()).map(|i| i as f64).collect();
    let x_axis = linear_axis(-0.6..last + 0.6, xkeys);
    let n = d.groups.len();
    // The plot is about 70% of the canvas wide: the marker radius for that.
    let px_per_unit = f64::from(root.dim_in_pixel().0) * 0.7 / (last + 1.2);
    let radius = dodged_radius(n, px_per_unit);
    let mut elements = Vec::new();
    for (k, g) in d.groups.iter().enumerate() {
        let (color, s) = (palette(k), shape(k));
        for &(p, c, lo, hi) in &g.points {
            let at = plies.iter().position(|q| *q == p).unwrap_or(0) as f64;
            let x = at + dodge(k, n);
            elements
                .push(PathElement::new(vec![(x, lo), (x, hi)], color.stroke_width(2)).into_dyn());
            elements.push(marker((x, c), s, radius, color.filled()).into_dyn());
        }
    }
    let x_fmt = |x: &f64| ply_label(&plies, None, *x);
    // The two axis kinds are different types: one body, instantiated for each.
    macro_rules! draw_on {
        ($y_axis:expr) => {{
            let mut chart = builder(&area, &d.title)
                .build_cartesian_2d(x_axis, $y_axis)
                .map_err(&err)?;
            draw_mesh(
                &mut chart,
                "ply (moves played)",
                &d.y_desc,
                &x_fmt,
                &log_label,
            )
            .map_err(&err)?;
            chart.draw_series(elements).map_err(&err)?;
        }};
    }
    if d.log {
        draw_on!(log_axis(y, ticks));
    } else {
        draw_on!(linear_axis(y, ticks));
    }
    root.present().map_err(&err)?;
    Ok(())
}
