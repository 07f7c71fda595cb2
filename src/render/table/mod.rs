//! Tables: a format-neutral [`Table`], the comparison table of an analysis, and one renderer per
//! output format ([`TableFormat`]).

mod csv;
pub mod html;
pub mod latex;
pub mod markdown;
mod text;

pub use self::csv::Csv;
pub use self::html::Html;
pub use self::latex::Latex;
pub use self::markdown::Markdown;
pub use self::text::Text;

use crate::analysis::{Comparison, ExperimentAnalysis, PlyRow};

/// The caveat printed with every comparison table.
pub const CAVEAT: &str =
    "p measures how consistently one engine is faster across positions; the ratio measures by how much.";

/// Horizontal alignment of a column in the text formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A column: its display header and the CSV column(s) its cells expand to.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    pub header: String,
    /// One key per raw value of the cells of this column (e.g. `mean`, `sd`).
    pub csv_keys: Vec<String>,
    pub align: Align,
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

/// An output format of [`Table`].
pub trait TableFormat {
    /// The usual file extension, without the dot.
    fn extension(&self) -> &'static str;
    fn render(&self, table: &Table) -> String;
}

/// The formats [`super::write_tables`] writes (HTML is only used inside the report page).
pub fn formats() -> Vec<Box<dyn TableFormat>> {
    vec![
        Box::new(Text),
        Box::new(Markdown),
        Box::new(Csv),
        Box::new(Latex),
    ]
}

/// Full-precision text of a float for CSV (`""` for NaN: a missing value).
fn raw(x: f64) -> String {
    if x.is_nan() {
        String::new()
    } else {
        format!("{x:?}")
    }
}

fn raw_opt(x: Option<f64>) -> String {
    x.map(raw).unwrap_or_default()
}

/// A number with 3 significant digits, plain notation between 0.001 and 10^6.
pub fn sig3(x: f64) -> String {
    if !x.is_finite() {
        return if x.is_nan() {
            "–".into()
        } else {
            format!("{x}")
        };
    }
    if x == 0.0 {
        return "0".into();
    }
    let a = x.abs();
    if !(1e-3..1e6).contains(&a) {
        return format!("{x:.2e}");
    }
    let digits = (2 - a.log10().floor() as i32).max(0) as usize;
    format!("{x:.digits$}")
}

/// A p-value: 3 significant digits, scientific below 0.001.
pub fn fmt_p(p: f64) -> String {
    if p == 0.0 {
        // Below the smallest double: the normal tail underflowed.
        "< 1e-300".into()
    } else if p < 1e-3 {
        format!("{p:.1e}")
    } else {
        format!("{p:.3}")
    }
}

fn opt(x: Option<f64>) -> String {
    x.map(sig3).unwrap_or_else(|| "–".into())
}

/// The comparison table of one candidate against the baseline: one row per ply and a total row.
///
/// Columns: ply, n, baseline and candidate time (mean ± sd, ms), speed-up (ratio of means),
/// median and geometric mean of the per-position ratios, node ratio, Hodges–Lehmann estimate of
/// baseline − candidate (ms) with its interval, Wilcoxon T+, one-sided p (marked `*` below
/// alpha). CSV keys: `ply,n,baseline_mean_ms,baseline_sd_ms,candidate_mean_ms,candidate_sd_ms,
/// speedup,median_ratio,geomean_ratio,node_ratio,hl_ms,hl_lo_ms,hl_hi_ms,t_plus,p_value`.
pub fn comparison_table(exp: &ExperimentAnalysis, cmp: &Comparison) -> Table {
    let (alpha, confidence) = (exp.options.alpha, exp.options.confidence);
    let col = |header: &str, keys: &[&str], align: Align| Column {
        header: header.to_string(),
        csv_keys: keys.iter().map(|k| k.to_string()).collect(),
        align,
    };
    let ci = format!("{:.0}%", confidence * 100.0);
    let columns = vec![
        col("ply", &["ply"], Align::Right),
        col("n", &["n"], Align::Right),
        col(
            "baseline ms (mean ± sd)",
            &["baseline_mean_ms", "baseline_sd_ms"],
            Align::Right,
        ),
        col(
            "candidate ms (mean ± sd)",
            &["candidate_mean_ms", "candidate_sd_ms"],
            Align::Right,
        ),
        col("speed-up (ratio of means)", &["speedup"], Align::Right),
        col("median ratio", &["median_ratio"], Align::Right),
        col("geo-mean ratio", &["geomean_ratio"], Align::Right),
        col("node ratio", &["node_ratio"], Align::Right),
        col(
            &format!("HL Δ ms [{ci} CI]"),
            &["hl_ms", "hl_lo_ms", "hl_hi_ms"],
            Align::Right,
        ),
        col("T+", &["t_plus"], Align::Right),
        col("p (one-sided)", &["p_value"], Align::Right),
    ];
    let mut rows: Vec<Vec<Cell>> = cmp.rows.iter().map(|r| row_cells(r, alpha)).collect();
    rows.push(row_cells(&cmp.total, alpha));
    Table {
        title: format!(
            "{}: {} (candidate) vs {} (baseline)",
            exp.name, cmp.candidate, cmp.baseline
        ),
        columns,
        rows,
        total_row: true,
        notes: vec![
            "Ratios are baseline / candidate: > 1 means the candidate is faster (or searched \
             fewer nodes). Speed-up = mean baseline time / mean candidate time; median and \
             geo-mean ratio summarise the per-position ratios; node ratio = total nodes."
                .to_string(),
            format!(
                "Wilcoxon signed-rank test on baseline − candidate per position, one-sided \
                 (alternative: the candidate is faster); * marks p < {alpha}. HL Δ: \
                 Hodges–Lehmann estimate of baseline − candidate in ms, {ci} confidence interval."
            ),
            CAVEAT.to_string(),
        ],
    }
}

fn row_cells(r: &PlyRow, alpha: f64) -> Vec<Cell> {
    let ply = match r.ply {
        Some(p) => Cell::plain(p.to_string()),
        None => Cell {
            text: "all".into(),
            raw: vec!["all".into()],
        },
    };
    let mean_sd = |m: &crate::analysis::MeanSd| Cell {
        text: format!("{} ± {}", sig3(m.mean), sig3(m.sd)),
        raw: vec![raw(m.mean), raw(m.sd)],
    };
    let hl = match &r.test {
        Some(t) => Cell {
            text: format!(
                "{} [{}, {}]",
                sig3(t.hl_ms),
                sig3(t.hl_ci_ms.0),
                sig3(t.hl_ci_ms.1)
            ),
            raw: vec![raw(t.hl_ms), raw(t.hl_ci_ms.0), raw(t.hl_ci_ms.1)],
        },
        None => Cell {
            text: "–".into(),
            raw: vec![String::new(); 3],
        },
    };
    let (t_plus, p) = match &r.test {
        Some(t) => (
            Cell {
                text: format!("{}", t.t_plus),
                raw: vec![raw(t.t_plus)],
            },
            Cell {
                text: format!(
                    "{}{}",
                    fmt_p(t.p_value),
                    if t.p_value < alpha { " *" } else { "" }
                ),
                raw: vec![raw(t.p_value)],
            },
        ),
        None => (
            Cell {
                text: "–".into(),
                raw: vec![String::new()],
            },
            Cell {
                text: "–".into(),
                raw: vec![String::new()],
            },
        ),
    };
    let ratio = |x: f64| Cell {
        text: sig3(x),
        raw: vec![raw(x)],
    };
    let ratio_opt = |x: Option<f64>| Cell {
        text: opt(x),
        raw: vec![raw_opt(x)],
    };
    vec![
        ply,
        Cell::plain(r.n.to_string()),
        mean_sd(&r.baseline_ms),
        mean_sd(&r.candidate_ms),
        ratio(r.speedup),
        ratio_opt(r.median_ratio),
        ratio_opt(r.geomean_ratio),
        ratio(r.node_ratio),
        hl,
        t_plus,
        p,
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

    #[test]
    fn number_formats() {
        assert_eq!(sig3(1234.5678), "1235");
        assert_eq!(sig3(12.345), "12.3");
        assert_eq!(sig3(0.012345), "0.0123");
        assert_eq!(sig3(-2.5), "-2.50");
        assert_eq!(sig3(0.0), "0");
        assert_eq!(sig3(f64::NAN), "–");
        assert_eq!(sig3(2.0e7), "2.00e7");
        assert_eq!(fmt_p(0.04321), "0.043");
        assert_eq!(fmt_p(0.00001234), "1.2e-5");
        assert_eq!(fmt_p(0.0), "< 1e-300");
        assert_eq!(raw(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(raw(f64::NAN), "");
    }
}
