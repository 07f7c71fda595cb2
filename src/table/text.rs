//! Aligned plain text, for terminals.

use super::{Align, Table, TableFormat};

/// Aligned columns separated by two spaces, a rule under the header and above the total row,
/// the notes below.
#[derive(Debug, Clone, Copy, Default)]
pub struct Text;

fn width(s: &str) -> usize {
    s.chars().count()
}

fn pad(s: &str, w: usize, align: Align) -> String {
    let n = w.saturating_sub(width(s));
    let fill = " ".repeat(n);
    match align {
        Align::Left => format!("{s}{fill}"),
        Align::Right => format!("{fill}{s}"),
        Align::Center => format!("{}{s}{}", " ".repeat(n / 2), " ".repeat(n - n / 2)),
    }
}

impl TableFormat for Text {
    fn extension(&self) -> &'static str {
        "txt"
    }

    fn render(&self, t: &Table) -> String {
        let widths: Vec<usize> = t
            .columns
            .iter()
            .enumerate()
            .map(|(i, c)| {
                t.rows
                    .iter()
                    .filter_map(|r| r.get(i))
                    .map(|cell| width(&cell.text))
                    .chain([width(&c.header)])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let total_width = widths.iter().sum::<usize>() + 2 * widths.len().saturating_sub(1);
        let line = |cells: Vec<String>| cells.join("  ").trim_end().to_string() + "\n";
        let mut out = String::new();
        out.push_str(&t.title);
        out.push_str("\n\n");
        out.push_str(&line(
            t.columns
                .iter()
                .zip(&widths)
                .map(|(c, w)| pad(&c.header, *w, c.align))
                .collect(),
        ));
        out.push_str(&"-".repeat(total_width));
        out.push('\n');
        for (k, row) in t.rows.iter().enumerate() {
            if t.total_row && k + 1 == t.rows.len() && k > 0 {
                out.push_str(&"-".repeat(total_width));
                out.push('\n');
            }
            out.push_str(&line(
                row.iter()
                    .zip(&t.columns)
                    .zip(&widths)
                    .map(|((cell, c), w)| pad(&cell.text, *w, c.align))
                    .collect(),
            ));
        }
        if !t.notes.is_empty() {
            out.push('\n');
            for n in &t.notes {
                out.push_str(n);
                out.push('\n');
            }
        }
        out
    }
}
