//! Shared drawing of a paired log–log scatter with a reference line (y = x, or y = 1 for a
//! ratio), points coloured and shaped by ply.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::style::{
    builder, draw_mesh, log_axis, log_label, log_range, log_ticks, marker, palette, shape,
    subsample, with_legend, Entry, Mark, LEGEND, MAX_SERIES,
};
use super::{plot_err, FONT};
use crate::render::RenderError;

/// At most this many points are drawn (evenly spread over the ply-sorted pairs); the title
/// says so when the data have more.
pub const MAX_POINTS: usize = 20_000;

/// The reference line of a scatter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reference {
    /// y = x, dashed, over a square plot (x and y share one range).
    Diagonal,
    /// y = 1, solid (a ratio against x).
    One,
}

pub(super) struct ScatterData<'a> {
    pub figure: &'a str,
    pub title: String,
    pub x_desc: String,
    pub y_desc: String,
    /// Legend text of the reference line.
    pub reference_label: String,
    pub reference: Reference,
    pub ply: &'a [u32],
    pub x: Vec<f64>,
    pub y: Vec<f64>,
}

pub(super) fn draw_scatter(
    root: DrawingArea<SVGBackend<'_>, Shift>,
    d: &ScatterData<'_>,
) -> Result<(), RenderError> {
    let err = plot_err(d.figure);
    root.fill(&WHITE).map_err(&err)?;
    let keep: Vec<usize> = subsample(d.x.len(), MAX_POINTS)
        .into_iter()
        .filter(|&i| d.x[i] > 0.0 && d.y[i] > 0.0 && d.x[i].is_finite() && d.y[i].is_finite())
        .collect();
    let left_out =
        d.x.iter()
            .zip(&d.y)
            .filter(|(x, y)| !(**x > 0.0 && **y > 0.0 && x.is_finite() && y.is_finite()))
            .count();
    let (xr, yr) = match d.reference {
        Reference::Diagonal => {
            let r = log_range(keep.iter().flat_map(|&i| [d.x[i], d.y[i]]));
            (r.clone(), r)
        }
        Reference::One => (
            log_range(keep.iter().map(|&i| d.x[i])),
            log_range(keep.iter().map(|&i| d.y[i]).chain([1.0])),
        ),
    };
    let mut title = d.title.clone();
    if d.x.len() > MAX_POINTS {
        title.push_str(&format!(
            " ({} of {} shown)",
            crate::util::fmt::thousands(MAX_POINTS as u64),
            crate::util::fmt::thousands(d.x.len() as u64)
        ));
    }
    let mut plies: Vec<u32> = keep.iter().map(|&i| d.ply[i]).collect();
    plies.sort_unstable();
    plies.dedup();
    let reference = Mark::Line {
        color: BLACK,
        width: 1,
        dashed: d.reference == Reference::Diagonal,
    };
    // One series per ply; more plies than series are grouped into runs of adjacent plies.
    let per = plies.len().div_ceil(MAX_SERIES).max(1);
    let bins: Vec<&[u32]> = plies.chunks(per).collect();
    let mut entries: Vec<Entry> = bins
        .iter()
        .enumerate()
        .map(|(k, b)| {
            let label = match b {
                [p] => format!("ply {p}"),
                _ => format!("plies {}–{}", b[0], b[b.len() - 1]),
            };
            Entry::new(label, Mark::Point(palette(k), shape(k)))
        })
        .collect();
    entries.push(Entry::new(d.reference_label.clone(), reference));
    let area = with_legend(&root, &entries).map_err(&err)?;
    let mut chart = builder(&area, &title)
        .build_cartesian_2d(
            log_axis(xr.clone(), log_ticks(xr.start, xr.end)),
            log_axis(yr.clone(), log_ticks(yr.start, yr.end)),
        )
        .map_err(&err)?;
    draw_mesh(&mut chart, &d.x_desc, &d.y_desc, &log_label, &log_label).map_err(&err)?;

    for (k, b) in bins.iter().enumerate() {
        let style = palette(k).mix(0.6).filled();
        let s = shape(k);
        chart
            .draw_series(
                keep.iter()
                    .filter(|&&i| b.contains(&d.ply[i]))
                    .map(|&i| marker((d.x[i], d.y[i]), s, 3, style)),
            )
            .map_err(&err)?;
    }
    let line = match d.reference {
        Reference::Diagonal => [(xr.start, xr.start), (xr.end, xr.end)],
        Reference::One => [(xr.start, 1.0), (xr.end, 1.0)],
    };
    if d.reference == Reference::Diagonal {
        chart
            .draw_series(DashedLineSeries::new(line, 6, 4, BLACK.stroke_width(1)))
            .map_err(&err)?;
    } else {
        chart
            .draw_series(LineSeries::new(line, BLACK.stroke_width(1)))
            .map_err(&err)?;
    }
    if left_out > 0 {
        area.draw_text(
            &format!("{left_out} pairs with a zero value not shown (log scale)"),
            &(FONT, LEGEND).into_text_style(&area),
            (70, 24),
        )
        .map_err(&err)?;
    }
    root.present().map_err(&err)?;
    Ok(())
}
