//! Shared drawing of a paired log–log scatter with the y = x line, points coloured by ply.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{log_label, log_range, plot_err, ramp, subsample, FONT};
use crate::render::RenderError;

/// At most this many points are drawn (evenly spread over the ply-sorted pairs); the title
/// says so when the data have more.
pub const MAX_POINTS: usize = 20_000;

pub(super) struct ScatterData<'a> {
    pub figure: &'a str,
    pub title: String,
    pub x_desc: String,
    pub y_desc: String,
    pub ply: &'a [u32],
    pub x: Vec<f64>,
    pub y: Vec<f64>,
}

pub(super) fn draw_scatter<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    d: &ScatterData<'_>,
) -> Result<(), RenderError> {
    let err = plot_err(d.figure);
    root.fill(&WHITE).map_err(&err)?;
    let keep: Vec<usize> = subsample(d.x.len(), MAX_POINTS)
        .into_iter()
        .filter(|&i| d.x[i] > 0.0 && d.y[i] > 0.0)
        .collect();
    let left_out =
        d.x.iter()
            .zip(&d.y)
            .filter(|(x, y)| **x <= 0.0 || **y <= 0.0)
            .count();
    let range = log_range(keep.iter().flat_map(|&i| [d.x[i], d.y[i]]));
    let mut title = d.title.clone();
    if d.x.len() > MAX_POINTS {
        title.push_str(&format!(
            " ({} of {} pairs shown)",
            crate::util::fmt::thousands(MAX_POINTS as u64),
            crate::util::fmt::thousands(d.x.len() as u64)
        ));
    }
    let mut chart = ChartBuilder::on(&root)
        .caption(title, (FONT, 20))
        .margin(12)
        .x_label_area_size(45)
        .y_label_area_size(70)
        .build_cartesian_2d(range.clone().log_scale(), range.clone().log_scale())
        .map_err(&err)?;
    chart
        .configure_mesh()
        .x_desc(d.x_desc.as_str())
        .y_desc(d.y_desc.as_str())
        .x_label_formatter(&log_label)
        .y_label_formatter(&log_label)
        .label_style((FONT, 13))
        .axis_desc_style((FONT, 15))
        .light_line_style(RGBColor(235, 235, 235))
        .bold_line_style(RGBColor(210, 210, 210))
        .draw()
        .map_err(&err)?;

    let mut plies: Vec<u32> = keep.iter().map(|&i| d.ply[i]).collect();
    plies.sort_unstable();
    plies.dedup();
    for (k, p) in plies.iter().enumerate() {
        let color = ramp(k, plies.len());
        let pts: Vec<(f64, f64)> = keep
            .iter()
            .filter(|&&i| d.ply[i] == *p)
            .map(|&i| (d.x[i], d.y[i]))
            .collect();
        chart
            .draw_series(
                pts.into_iter()
                    .map(|xy| Circle::new(xy, 2, color.mix(0.55).filled())),
            )
            .map_err(&err)?
            .label(format!("ply {p}"))
            .legend(move |(x, y)| Circle::new((x + 8, y), 4, color.filled()));
    }
    let dashed = BLACK.mix(0.7).stroke_width(1);
    chart
        .draw_series(DashedLineSeries::new(
            [(range.start, range.start), (range.end, range.end)],
            6,
            4,
            dashed,
        ))
        .map_err(&err)?
        .label("y = x (below: candidate lower)")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], dashed));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .label_font((FONT, 12))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.4))
        .draw()
        .map_err(&err)?;
    if left_out > 0 {
        root.draw_text(
            &format!("{left_out} pairs with a zero value not shown (log scale)"),
            &(FONT, 12).into_text_style(&root),
            (80, (root.dim_in_pixel().1 as i32) - 18),
        )
        .map_err(&err)?;
    }
    root.present().map_err(&err)?;
    Ok(())
}
