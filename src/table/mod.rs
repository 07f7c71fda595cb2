//! Tables: a format-neutral [`Table`] and one writer per output format ([`TableFormat`]):
//! aligned text, Markdown (titled, escaped) and bare Markdown pipe tables, CSV, LaTeX, HTML.
//!
//! This module knows nothing about what the tables hold; the builders live with their data
//! (`render::table` for analyses, the gate, verify and textbook reports).

mod csv;
pub mod html;
pub mod latex;
pub mod markdown;
mod text;

pub use self::csv::Csv;
pub use self::html::Html;
pub use self::latex::Latex;
pub use self::markdown::{Markdown, PipeTable};
pub use self::text::Text;

/// Horizontal alignment of a column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
    Center,
}

/// A column: its display header and the CSV column(s) its cells expand to.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    pub header: String,
    /// One key per raw value of the cells of this column (e.g. `mean`, `sd`).
    pub csv_keys: Vec<String>,
    pub align: Align,
}

impl Column {
    /// A column whose single CSV key is its header.
    pub fn new(header: impl Into<String>, align: Align) -> Self {
        let header = header.into();
        Column {
            csv_keys: vec![header.clone()],
            header,
            align,
        }
    }

    /// A left-aligned [`Column::new`].
    pub fn left(header: impl Into<String>) -> Self {
        Self::new(header, Align::Left)
    }

    /// A right-aligned [`Column::new`].
    pub fn right(header: impl Into<String>) -> Self {
        Self::new(header, Align::Right)
    }

    /// A centred [`Column::new`].
    pub fn center(header: impl Into<String>) -> Self {
        Self::new(header, Align::Center)
    }
}

/// One cell: its text for humans, and its raw values (full precision) for CSV, one per
/// [`Column::csv_keys`] entry. An empty raw value is a missing one.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    pub text: String,
    pub raw: Vec<String>,
}

impl Cell {
    /// A cell whose text is also its single raw value.
    pub fn plain(s: impl Into<String>) -> Self {
        let s = s.into();
        Cell {
            raw: vec![s.clone()],
            text: s,
        }
    }
}

/// A table with a title and notes (printed with it by every human-readable format).
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub title: String,
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<Cell>>,
    /// Whether the last row is a total row (set off by a rule where the format has rules).
    pub total_row: bool,
    pub notes: Vec<String>,
}

impl Table {
    /// A table with these columns and no title, rows or notes.
    #[must_use]
    pub fn new(columns: Vec<Column>) -> Self {
        Table {
            title: String::new(),
            columns,
            rows: Vec::new(),
            total_row: false,
            notes: Vec::new(),
        }
    }

    /// Append a row of [`Cell::plain`] cells.
    pub fn push_row<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>) {
        self.rows.push(cells.into_iter().map(Cell::plain).collect());
    }

    /// The table with only the columns `keep` (in that order), titled `title`, with `notes`:
    /// one part of a table too wide for a page.
    #[must_use]
    pub fn part(&self, keep: &[usize], title: String, notes: Vec<String>) -> Table {
        Table {
            title,
            columns: keep.iter().map(|&i| self.columns[i].clone()).collect(),
            rows: self
                .rows
                .iter()
                .map(|r| keep.iter().map(|&i| r[i].clone()).collect())
                .collect(),
            total_row: self.total_row,
            notes,
        }
    }
}

/// An output format of [`Table`].
pub trait TableFormat {
    /// The usual file extension, without the dot.
    fn extension(&self) -> &'static str;
    fn render(&self, table: &Table) -> String;
}

/// The file formats of a table: text, Markdown, CSV, LaTeX (HTML is only used inside a page).
pub fn formats() -> Vec<Box<dyn TableFormat>> {
    vec![
        Box::new(Text),
        Box::new(Markdown),
        Box::new(Csv),
        Box::new(Latex),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(text: &str, raw: &[&str]) -> Cell {
        Cell {
            text: text.into(),
            raw: raw.iter().map(|s| s.to_string()).collect(),
        }
    }

    fn fixed() -> Table {
        let col = |h: &str, keys: &[&str]| Column {
            header: h.into(),
            csv_keys: keys.iter().map(|s| s.to_string()).collect(),
            align: Align::Right,
        };
        Table {
            title: "demo: b vs a".into(),
            columns: vec![
                col("ply", &["ply"]),
                col("time ms", &["mean", "sd"]),
                col("p", &["p_value"]),
            ],
            rows: vec![
                vec![
                    cell("8", &["8"]),
                    cell("1.5 ± 0.2", &["1.5", "0.2"]),
                    cell("0.012 *", &["0.0123"]),
                ],
                vec![
                    cell("9", &["9"]),
                    cell("10 ± 3", &["10.0", "3.0"]),
                    cell("0.5", &["0.5"]),
                ],
                vec![
                    cell("all", &["all"]),
                    cell("5.75 ± 4", &["5.75", "4.0"]),
                    cell("0.03 *", &["0.03"]),
                ],
            ],
            total_row: true,
            notes: vec!["Ratio > 1: faster.".into(), "50% & _x_".into()],
        }
    }

    #[test]
    fn text_snapshot() {
        let expected = "\
demo: b vs a

ply    time ms        p
-----------------------
  8  1.5 ± 0.2  0.012 *
  9     10 ± 3      0.5
-----------------------
all   5.75 ± 4   0.03 *

Ratio > 1: faster.
50% & _x_
";
        assert_eq!(Text.render(&fixed()), expected);
    }

    #[test]
    fn markdown_snapshot() {
        let expected = "\
**demo: b vs a**

| ply | time ms | p |
|---:|---:|---:|
| 8 | 1.5 ± 0.2 | 0.012 \\* |
| 9 | 10 ± 3 | 0.5 |
| **all** | **5.75 ± 4** | **0.03 \\*** |

Ratio \\> 1: faster.

50% & \\_x\\_
";
        assert_eq!(Markdown.render(&fixed()), expected);
    }

    #[test]
    fn pipe_table_snapshot() {
        let mut t = Table::new(vec![
            Column::left("check"),
            Column::right("n"),
            Column::center("verdict"),
        ]);
        t.push_row(["drivers", "12", "**NOT CAUGHT**"]);
        t.push_row(["`a|b`", "", "ok"]);
        let expected = "\
| check | n | verdict |
|---|---:|:-:|
| drivers | 12 | **NOT CAUGHT** |
| `a|b` | | ok |
";
        assert_eq!(PipeTable.render(&t), expected);
    }

    #[test]
    fn csv_snapshot() {
        let expected = "\
ply,mean,sd,p_value
8,1.5,0.2,0.0123
9,10.0,3.0,0.5
all,5.75,4.0,0.03
";
        assert_eq!(Csv.render(&fixed()), expected);
    }

    #[test]
    fn latex_snapshot() {
        let expected = r"% requires \usepackage{booktabs}
\begin{table}[htbp]
\centering
\caption{demo: b vs a}
\begin{tabular}{rrr}
\toprule
ply & time ms & p \\
\midrule
8 & 1.5 $\pm$ 0.2 & 0.012 * \\
9 & 10 $\pm$ 3 & 0.5 \\
\midrule
all & 5.75 $\pm$ 4 & 0.03 * \\
\bottomrule
\end{tabular}
\par\smallskip
{\footnotesize
Ratio \textgreater{} 1: faster.\par
50\% \& \_x\_\par
}
\end{table}
";
        assert_eq!(Latex.render(&fixed()), expected);
    }

    #[test]
    fn html_escapes_and_puts_total_in_tfoot() {
        let h = Html.render(&fixed());
        assert!(h.contains("<tfoot>\n<tr><td class=\"r\">all</td>"));
        assert!(h.contains("<p class=\"note\">Ratio &gt; 1: faster.</p>"));
        assert!(h.contains("50% &amp; _x_"));
    }

    #[test]
    fn latex_escapes_every_special_character() {
        assert_eq!(
            latex::escape(r"a\b&c%d$e#f_g{h}i~j^k"),
            r"a\textbackslash{}b\&c\%d\$e\#f\_g\{h\}i\textasciitilde{}j\textasciicircum{}k"
        );
        assert_eq!(latex::escape("Δ − – ±"), r"$\Delta$ $-$ -- $\pm$");
    }
}
