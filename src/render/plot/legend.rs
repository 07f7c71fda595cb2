//! Legends and text that fits: text measured with the embedded font as plotters places it,
//! fitted to a width (a smaller font, then elided), wrapped; the legend drawn from the same
//! [`Mark`]s as the plot, below the plot or beside it. Re-exported by [`super::style`].

use plotters::coord::Shift;
use plotters::drawing::DrawingAreaErrorKind;
use plotters::prelude::*;

use super::style::{marker, Shape, LEGEND, TICK};
use super::FONT;

/// What a series looks like; the plot and its legend entry are drawn from the same value.
#[derive(Debug, Clone, Copy)]
pub enum Mark {
    /// A point of one group.
    Point(RGBColor, Shape),
    /// A point with a vertical interval bar.
    Interval(RGBColor, Shape),
    /// A horizontal reference line.
    Line {
        color: RGBColor,
        width: u32,
        dashed: bool,
    },
    /// An interval cut at the edge of the axis: an arrowhead.
    Clipped(RGBColor),
    /// A filled box (box plots).
    Box(RGBColor),
}

/// An entry of a legend.
#[derive(Debug, Clone)]
pub struct Entry {
    pub label: String,
    pub mark: Mark,
}

impl Entry {
    pub fn new(label: impl Into<String>, mark: Mark) -> Self {
        Self {
            label: label.into(),
            mark,
        }
    }
}

const SWATCH: i32 = 26;
const GAP: i32 = 16;
const ROW: i32 = 20;
/// Line height of a legend entry's second and later lines.
const LINE: i32 = 15;
/// Above this many entries the legend goes beside the plot, one entry a row.
pub const BESIDE: usize = 4;

/// The width in pixels of `text` at plotters font size `size`, measured with the embedded font
/// (as plotters places it).
pub fn text_width(text: &str, size: u32) -> i32 {
    super::ensure_font();
    (FONT, size)
        .into_font()
        .box_size(text)
        .map_or(text.chars().count() as i32 * size as i32 * 6 / 10, |s| {
            s.0 as i32
        })
}

/// `text` shortened with an ellipsis until it fits `max` pixels at font `size`.
pub fn elide(text: &str, size: u32, max: i32) -> String {
    if text_width(text, size) <= max {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    for keep in (1..chars.len()).rev() {
        let s: String = chars[..keep].iter().collect::<String>() + "…";
        if text_width(&s, size) <= max {
            return s;
        }
    }
    "…".to_string()
}

/// `text` at the largest font size from `size` down to [`TICK`] (the smallest text of a figure)
/// at which it fits `max` pixels; elided at [`TICK`] when it fits at none.
pub fn fit(text: &str, size: u32, max: i32) -> (String, u32) {
    for s in (TICK..=size.max(TICK)).rev() {
        if text_width(text, s) <= max {
            return (text.to_string(), s);
        }
    }
    (elide(text, TICK, max), TICK)
}

/// `text` broken at spaces into lines of at most `max` pixels at font `size` (a word longer
/// than a line is elided).
pub fn wrap(text: &str, size: u32, max: i32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let joined = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if line.is_empty() || text_width(&joined, size) <= max {
            line = joined;
        } else {
            lines.push(elide(&line, size, max));
            line = word.to_string();
        }
    }
    lines.push(elide(&line, size, max));
    lines
}

/// The legend's entries laid out left to right, wrapping at `width`: the top-left corner of
/// each entry, its label fitted to the width, and the total height.
fn layout(entries: &[Entry], width: i32) -> (Vec<(i32, i32, String)>, i32) {
    let (mut x, mut y) = (0, 0);
    let mut at = Vec::with_capacity(entries.len());
    for e in entries {
        let label = elide(&e.label, LEGEND, width - SWATCH - 6);
        let w = SWATCH + 6 + text_width(&label, LEGEND);
        if x > 0 && x + w > width {
            x = 0;
            y += ROW;
        }
        at.push((x, y, label));
        x += w + GAP;
    }
    let height = if entries.is_empty() { 0 } else { y + ROW };
    (at, height)
}

/// Split `root` into the plot and a legend holding `entries`, and draw the legend: a strip
/// below the plot for up to [`BESIDE`] entries, a column beside it (labels wrapped to at most
/// 40% of the width) for more. Returns the plot's area.
pub fn with_legend<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    entries: &[Entry],
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    if entries.is_empty() {
        return Ok(root.clone());
    }
    if entries.len() > BESIDE {
        return legend_beside(root, entries);
    }
    let (w, h) = root.dim_in_pixel();
    let margin = 14;
    let (at, height) = layout(entries, w as i32 - 2 * margin);
    let split = h as i32 - height - 8;
    let (plot, legend) = root.split_vertically(split.max(h as i32 / 2));
    let text = (FONT, LEGEND).into_text_style(&legend);
    for (e, (x, y, label)) in entries.iter().zip(at) {
        let (x, y) = (x + margin, y + 2);
        let mid = (x + SWATCH / 2, y + ROW / 2 - 2);
        draw_swatch(&legend, e.mark, mid)?;
        legend.draw_text(&label, &text, (x + SWATCH + 6, y + 1))?;
    }
    Ok(plot)
}

/// The legend as a column at the right of `root`, entries top to bottom, each label wrapped to
/// the column; returns the plot's area (the rest).
fn legend_beside<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    entries: &[Entry],
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    let (w, h) = root.dim_in_pixel();
    let margin = 8;
    let max_text = (w as i32 * 2 / 5) - SWATCH - 6 - margin;
    let widest = entries
        .iter()
        .map(|e| text_width(&e.label, LEGEND))
        .max()
        .unwrap_or(0);
    let text_w = widest.min(max_text);
    let lines: Vec<Vec<String>> = entries
        .iter()
        .map(|e| wrap(&e.label, LEGEND, text_w))
        .collect();
    let col = SWATCH + 6 + text_w + margin;
    let total: i32 = lines
        .iter()
        .map(|l| ROW + LINE * (l.len() as i32 - 1))
        .sum();
    let (plot, legend) = root.split_horizontally(w as i32 - col);
    let text = (FONT, LEGEND).into_text_style(&legend);
    // Centred on the plot's height, at least below the title.
    let mut y = ((h as i32 - total) / 2).clamp(0, 36);
    for (e, l) in entries.iter().zip(&lines) {
        draw_swatch(&legend, e.mark, (SWATCH / 2, y + ROW / 2 - 2))?;
        for (i, line) in l.iter().enumerate() {
            legend.draw_text(line, &text, (SWATCH + 6, y + 1 + LINE * i as i32))?;
        }
        y += ROW + LINE * (l.len() as i32 - 1);
    }
    Ok(plot)
}

/// The legend swatch of `mark`, centred at `c` (pixels of `area`).
fn draw_swatch<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    mark: Mark,
    c: (i32, i32),
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (x, y) = c;
    let half = SWATCH / 2;
    match mark {
        Mark::Point(color, s) => area.draw(&marker(c, s, 4, color.filled())),
        Mark::Interval(color, s) => {
            area.draw(&PathElement::new(
                vec![(x, y - 8), (x, y + 8)],
                color.stroke_width(2),
            ))?;
            area.draw(&marker(c, s, 4, color.filled()))
        }
        Mark::Line {
            color,
            width,
            dashed,
        } => {
            let style = color.stroke_width(width);
            if dashed {
                // The plot's dash pattern: 6 on, 4 off.
                let mut x0 = x - half;
                while x0 < x + half {
                    let x1 = (x0 + 6).min(x + half);
                    area.draw(&PathElement::new(vec![(x0, y), (x1, y)], style))?;
                    x0 += 10;
                }
                Ok(())
            } else {
                area.draw(&PathElement::new(vec![(x - half, y), (x + half, y)], style))
            }
        }
        Mark::Clipped(color) => {
            area.draw(&PathElement::new(
                vec![(x, y + 8), (x, y - 2)],
                color.stroke_width(2),
            ))?;
            area.draw(&marker((x, y - 9), Shape::ArrowUp, 0, color.filled()))
        }
        Mark::Box(color) => {
            area.draw(&Rectangle::new(
                [(x - 7, y - 6), (x + 7, y + 6)],
                color.mix(0.3).filled(),
            ))?;
            area.draw(&Rectangle::new(
                [(x - 7, y - 6), (x + 7, y + 6)],
                color.stroke_width(1),
            ))
        }
    }
}
