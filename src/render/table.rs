//! The comparison table of an analysis, built as a format-neutral [`Table`] (the model and its
//! writers live in [`crate::table`], re-exported here).

pub use crate::table::{
    formats, html, latex, markdown, Align, Cell, Column, Csv, Html, Latex, Markdown, Table,
    TableFormat, Text,
};
pub use crate::util::fmt::{fmt_p, sig3};

use crate::analysis::{Comparison, ExperimentAnalysis, PlyRow};

/// The caveat printed with every comparison table.
pub const CAVEAT: &str =
    "p measures how consistently one engine is faster across positions; the ratio measures by how much.";

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
            "{}{}: {} (candidate) vs {} (baseline)",
            exp.name,
            super::game_label(exp).map_or(String::new(), |g| format!(" ({g})")),
            cmp.candidate,
            cmp.baseline
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

    #[test]
    fn raw_is_full_precision() {
        assert_eq!(raw(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(raw(f64::NAN), "");
        assert_eq!(raw_opt(None), "");
    }
}
