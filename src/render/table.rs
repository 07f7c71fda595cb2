//! The comparison tables of an analysis, built as format-neutral [`Table`]s (the model and its
//! writers live in [`crate::table`], re-exported here): the full table (text, Markdown, CSV,
//! HTML) and a compact one for LaTeX that fits a page's text width.
//!
//! Times are shown in one unit per column (ns, µs, ms or s, chosen from the column's median) with
//! three significant digits, never finer than the clock's nanosecond; p-values with two
//! significant digits and "< 1e-6" below that floor. The CSV keeps full precision.

pub use crate::table::{
    formats, html, latex, markdown, Align, Cell, Column, Csv, Html, Latex, Markdown, Table,
    TableFormat, Text,
};
pub use crate::util::fmt::sig3;

use crate::analysis::headline::fmt_p;
use crate::analysis::{Comparison, ExperimentAnalysis, PlyRow, TestMethod};

/// The caveat printed with every comparison table.
pub const CAVEAT: &str =
    "p measures how consistently one engine is faster across positions; the ratio measures by how much.";

/// A time unit: its name and its size in nanoseconds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimeUnit {
    pub name: &'static str,
    pub ns: f64,
}

const UNITS: [TimeUnit; 4] = [
    TimeUnit {
        name: "ns",
        ns: 1.0,
    },
    TimeUnit {
        name: "µs",
        ns: 1e3,
    },
    TimeUnit {
        name: "ms",
        ns: 1e6,
    },
    TimeUnit { name: "s", ns: 1e9 },
];

/// The unit for a column of times in ms: the largest unit in which the median magnitude is at
/// least 1 (ns for an empty or all-zero column).
#[must_use]
pub fn choose_unit(values_ms: &[f64]) -> TimeUnit {
    let mut v: Vec<f64> = values_ms
        .iter()
        .map(|x| x.abs() * 1e6)
        .filter(|x| x.is_finite() && *x > 0.0)
        .collect();
    if v.is_empty() {
        return UNITS[0];
    }
    v.sort_by(f64::total_cmp);
    let median = v[v.len() / 2];
    *UNITS
        .iter()
        .rev()
        .find(|u| median >= u.ns)
        .unwrap_or(&UNITS[0])
}

/// `ms` in `unit`: three significant digits, plain notation, no decimals finer than 1 ns.
#[must_use]
pub fn fmt_time(ms: f64, unit: TimeUnit) -> String {
    if !ms.is_finite() {
        return "–".into();
    }
    let x = ms * 1e6 / unit.ns;
    if x == 0.0 {
        return "0".into();
    }
    let finest = unit.ns.log10().round() as i32; // decimals down to 1 ns
    let decimals = (2 - x.abs().log10().floor() as i32).clamp(0, finest) as usize;
    format!("{x:.decimals$}")
}

/// A ratio with three significant digits (two decimals from 0.1 to 10, so that a small ratio
/// never reads as 0.00).
#[must_use]
pub fn fmt_ratio(x: f64) -> String {
    if !x.is_finite() {
        return "–".into();
    }
    if x.abs() >= 9.995 || (x != 0.0 && x.abs() < 0.0995) {
        sig3(x)
    } else {
        format!("{x:.2}")
    }
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

fn missing(keys: usize) -> Cell {
    Cell {
        text: "–".into(),
        raw: vec![String::new(); keys],
    }
}

fn col(header: &str, keys: &[&str]) -> Column {
    Column {
        header: header.to_string(),
        csv_keys: keys.iter().map(|k| k.to_string()).collect(),
        align: Align::Right,
    }
}

fn method_name(m: TestMethod) -> &'static str {
    match m {
        TestMethod::Exact => "exact",
        TestMethod::Permutation => "permutation",
        TestMethod::Asymptotic | TestMethod::Auto => "normal",
    }
}

fn all_rows(cmp: &Comparison) -> impl Iterator<Item = &PlyRow> {
    cmp.rows.iter().chain(std::iter::once(&cmp.total))
}

/// The title of a comparison's tables.
#[must_use]
pub fn title(exp: &ExperimentAnalysis, cmp: &Comparison) -> String {
    format!(
        "{}: {} (candidate) vs {} (baseline)",
        exp.name, cmp.candidate, cmp.baseline
    )
}

/// "1.23 [1.10, 1.37]" (or the ratio alone without an interval).
fn ratio_ci(x: f64, ci: Option<(f64, f64)>) -> String {
    match ci {
        Some((lo, hi)) => format!("{} [{}, {}]", fmt_ratio(x), fmt_ratio(lo), fmt_ratio(hi)),
        None => fmt_ratio(x),
    }
}

/// A node ratio, or "n/a" when an engine reported no nodes.
fn node_ratio_text(x: f64) -> String {
    if x.is_finite() && x > 0.0 {
        fmt_ratio(x)
    } else {
        "n/a".into()
    }
}

/// A p-value with the significance mark.
fn p_star(p: f64, star: bool) -> String {
    format!("{}{}", fmt_p(p), if star { " *" } else { "" })
}

/// The full comparison table: one row per ply and a total row.
///
/// CSV keys: `ply,pairs,zeros,baseline_mean_ms,baseline_sd_ms,candidate_mean_ms,
/// candidate_sd_ms,speedup_hl,speedup_hl_lo,speedup_hl_hi,log_n,log_t_plus,log_p_value,
/// log_p_greater,log_p_holm,ratio_of_means,ratio_of_means_lo,ratio_of_means_hi,median_ratio,
/// node_ratio,baseline_ns_per_node,candidate_ns_per_node,ns_per_node_p_value,baseline_probes,
/// candidate_probes,hl_ms,hl_lo_ms,hl_hi_ms,n,t_plus,test_method,p_value,p_greater`.
/// The `log_` test is the Wilcoxon signed-rank test of ln(baseline / candidate) per position,
/// whose inversion gives `speedup_hl` (exp of its Hodges–Lehmann estimate) and its interval: the
/// row's claim. `n`, `t_plus`, `p_value` and `p_greater` are the test on the exact nanosecond
/// differences baseline − candidate, with `hl_ms` its estimate: what
/// `scipy.stats.wilcoxon(d, alternative=...)` reports on those differences. Missing values
/// (no nodes reported, no test) are empty.
pub fn comparison_table(exp: &ExperimentAnalysis, cmp: &Comparison) -> Table {
    let confidence = exp.options.confidence;
    let alpha = exp.options.alpha;
    let ci = format!("{:.0}% CI", confidence * 100.0);
    let rows: Vec<&PlyRow> = all_rows(cmp).collect();
    let bu = choose_unit(&rows.iter().map(|r| r.baseline_ms.mean).collect::<Vec<_>>());
    let cu = choose_unit(&rows.iter().map(|r| r.candidate_ms.mean).collect::<Vec<_>>());
    let hu = choose_unit(
        &rows
            .iter()
            .filter_map(|r| r.test.map(|t| t.hl_ms))
            .collect::<Vec<_>>(),
    );
    Table {
        title: title(exp, cmp),
        columns: comparison_columns(&ci, bu, cu, hu),
        rows: rows
            .iter()
            .map(|r| comparison_cells(r, [bu, cu, hu]))
            .collect(),
        total_row: true,
        notes: comparison_notes(&ci, alpha, cmp.rows.len()),
    }
}

/// [`comparison_table`] in two parts for a page (the whole is too wide for a 1,300-pixel
/// window): the times and speed-ups; then the work (nodes, time per node, probes) and the
/// Hodges–Lehmann shift test, with the notes. The files (text, CSV, LaTeX) keep the whole.
#[must_use]
pub fn comparison_page_tables(exp: &ExperimentAnalysis, cmp: &Comparison) -> [Table; 2] {
    let whole = comparison_table(exp, cmp);
    let n = whole.columns.len();
    let split = SPEED_COLUMNS.min(n);
    let second: Vec<usize> = std::iter::once(0).chain(split..n).collect();
    [
        whole.part(
            &(0..split).collect::<Vec<_>>(),
            format!("{}: times and speed-up", whole.title),
            Vec::new(),
        ),
        whole.part(
            &second,
            format!("{}: work and the shift test", whole.title),
            whole.notes.clone(),
        ),
    ]
}

/// The columns of [`comparison_table`] up to the median ratio: the first part of a page's
/// table ([`comparison_page_tables`]).
const SPEED_COLUMNS: usize = 10;

/// The columns of [`comparison_table`] (display name, CSV keys).
fn comparison_columns(ci: &str, bu: TimeUnit, cu: TimeUnit, hu: TimeUnit) -> Vec<Column> {
    vec![
        col("ply", &["ply"]),
        col("pairs", &["pairs"]),
        col("zeros", &["zeros"]),
        col(
            &format!("baseline {} (mean ± sd)", bu.name),
            &["baseline_mean_ms", "baseline_sd_ms"],
        ),
        col(
            &format!("candidate {} (mean ± sd)", cu.name),
            &["candidate_mean_ms", "candidate_sd_ms"],
        ),
        col(
            &format!("speed-up, geo-mean [{ci}]"),
            &["speedup_hl", "speedup_hl_lo", "speedup_hl_hi"],
        ),
        col(
            "p",
            &["log_n", "log_t_plus", "log_p_value", "log_p_greater"],
        ),
        col("p (Holm)", &["log_p_holm"]),
        col(
            &format!("ratio of means [{ci}]"),
            &["ratio_of_means", "ratio_of_means_lo", "ratio_of_means_hi"],
        ),
        col("median ratio", &["median_ratio"]),
        col("node ratio", &["node_ratio"]),
        col(
            "ns/node (baseline / candidate)",
            &[
                "baseline_ns_per_node",
                "candidate_ns_per_node",
                "ns_per_node_p_value",
            ],
        ),
        col(
            "probes/solve (baseline / candidate)",
            &["baseline_probes", "candidate_probes"],
        ),
        col(
            &format!("HL Δ {} [{ci}]", hu.name),
            &["hl_ms", "hl_lo_ms", "hl_hi_ms"],
        ),
        col("n", &["n"]),
        col("T+", &["t_plus", "test_method"]),
        col("p (Δ)", &["p_value", "p_greater"]),
    ]
}

/// One row of [`comparison_table`]; `units`: baseline, candidate and HL-difference time units.
fn comparison_cells(r: &PlyRow, units: [TimeUnit; 3]) -> Vec<Cell> {
    let [bu, cu, hu] = units;
    let mean_sd = |m: &crate::analysis::MeanSd, u: TimeUnit| Cell {
        text: format!("{} ± {}", fmt_time(m.mean, u), fmt_time(m.sd, u)),
        raw: vec![raw(m.mean), raw(m.sd)],
    };
    let [effect, effect_p, effect_holm] = effect_cells(r);
    let speedup = Cell {
        text: ratio_ci(r.speedup, r.speedup_ci),
        raw: vec![
            raw(r.speedup),
            raw_opt(r.speedup_ci.map(|c| c.0)),
            raw_opt(r.speedup_ci.map(|c| c.1)),
        ],
    };
    let ratio = |x: Option<f64>| Cell {
        text: x.map_or("–".into(), fmt_ratio),
        raw: vec![raw_opt(x)],
    };
    let nodes_known = r.node_ratio.is_finite() && r.node_ratio > 0.0;
    let [hl, n, t_plus, p] = test_cells(r, hu);
    vec![
        match r.ply {
            Some(p) => Cell::plain(p.to_string()),
            None => Cell::plain("all"),
        },
        Cell::plain(r.n.to_string()),
        Cell::plain(r.zeros.to_string()),
        mean_sd(&r.baseline_ms, bu),
        mean_sd(&r.candidate_ms, cu),
        effect,
        effect_p,
        effect_holm,
        speedup,
        ratio(r.median_ratio),
        Cell {
            text: node_ratio_text(r.node_ratio),
            raw: vec![if nodes_known {
                raw(r.node_ratio)
            } else {
                String::new()
            }],
        },
        per_node_cell(r),
        probes_cell(r),
        hl,
        n,
        t_plus,
        p,
    ]
}

/// Speed-up with its interval, its p and its Holm-adjusted p (missing without a test).
fn effect_cells(r: &PlyRow) -> [Cell; 3] {
    match &r.effect {
        Some(e) => [
            Cell {
                text: ratio_ci(e.speedup, Some(e.ci)),
                raw: vec![raw(e.speedup), raw(e.ci.0), raw(e.ci.1)],
            },
            Cell {
                text: p_star(e.p_value, r.ply.is_none() && r.significant),
                raw: vec![
                    e.n.to_string(),
                    raw(e.t_plus),
                    raw(e.p_value),
                    raw(e.p_greater),
                ],
            },
            Cell {
                text: e.p_holm.map_or("–".into(), |h| p_star(h, r.significant)),
                raw: vec![raw_opt(e.p_holm)],
            },
        ],
        None => [missing(3), missing(4), missing(1)],
    }
}

/// ns/node of both engines (n/a for an engine that reported no nodes).
fn per_node_cell(r: &PlyRow) -> Cell {
    let nodes_known = r.node_ratio.is_finite() && r.node_ratio > 0.0;
    let tpn = &r.time_per_node;
    if nodes_known {
        Cell {
            text: format!("{} / {}", sig3(tpn.baseline_ns), sig3(tpn.candidate_ns)),
            raw: vec![
                raw(tpn.baseline_ns),
                raw(tpn.candidate_ns),
                raw_opt(tpn.p_value),
            ],
        }
    } else {
        let side = |x: f64| if x.is_finite() { sig3(x) } else { "n/a".into() };
        let known = |x: f64| if x.is_finite() { raw(x) } else { String::new() };
        Cell {
            text: format!("{} / {}", side(tpn.baseline_ns), side(tpn.candidate_ns)),
            raw: vec![
                known(tpn.baseline_ns),
                known(tpn.candidate_ns),
                String::new(),
            ],
        }
    }
}

/// Mean root searches per solve of both engines.
fn probes_cell(r: &PlyRow) -> Cell {
    // An engine without probes (0 on every solve) does not report them: n/a.
    let probe = |x: f64| if x > 0.0 { sig3(x) } else { "n/a".into() };
    match r.probes {
        Some((b, c)) => Cell {
            text: format!("{} / {}", probe(b), probe(c)),
            raw: vec![raw(b), raw(c)],
        },
        None => missing(2),
    }
}

/// The Wilcoxon test on the exact nanosecond differences: HL Δ, n, T+, p.
fn test_cells(r: &PlyRow, hu: TimeUnit) -> [Cell; 4] {
    match &r.test {
        Some(t) => [
            Cell {
                text: format!(
                    "{} [{}, {}]",
                    fmt_time(t.hl_ms, hu),
                    fmt_time(t.hl_ci_ms.0, hu),
                    fmt_time(t.hl_ci_ms.1, hu)
                ),
                raw: vec![raw(t.hl_ms), raw(t.hl_ci_ms.0), raw(t.hl_ci_ms.1)],
            },
            Cell::plain(t.n.to_string()),
            Cell {
                text: format!("{}", t.t_plus),
                raw: vec![raw(t.t_plus), method_name(t.method).into()],
            },
            Cell {
                text: fmt_p(t.p_value),
                raw: vec![raw(t.p_value), raw(t.p_greater)],
            },
        ],
        None => [missing(3), missing(1), missing(2), missing(2)],
    }
}

/// The notes under [`comparison_table`]: what each column means.
fn comparison_notes(ci: &str, alpha: f64, plies: usize) -> Vec<String> {
    vec![
        format!(
            "Ratios are baseline / candidate: > 1 means the candidate is faster (or searched \
             fewer nodes). Speed-up, geo-mean: exp of the Hodges–Lehmann estimate of the \
             per-position log ratio ln(baseline time / candidate time), with the {ci} from \
             inverting the two-sided Wilcoxon signed-rank test on those log ratios whose p \
             follows; p (Holm): adjusted across the {} plies; * marks p (Holm) < {alpha}, and \
             on the all-plies row (one test) p < {alpha}. Ratio of means = mean baseline time \
             / mean candidate time, with its paired percentile-bootstrap interval (a second \
             figure, no test of its own); median ratio summarises the per-position ratios; \
             node ratio = total nodes (n/a when an engine reports none); ns/node = total time \
             / total nodes; probes/solve = mean root searches per solve.",
            plies
        ),
        "HL Δ, n, T+, p (Δ): the Wilcoxon signed-rank test, two-sided, on the exact \
         differences baseline − candidate in integer nanoseconds per position (pairs: \
         positions paired; zeros: equal times, left out; n: nonzero differences ranked; T+: \
         rank sum of the positive ones), with the Hodges–Lehmann estimate of the difference \
         and the interval of the same test. p below 1e-6 shows as < 1e-6."
            .to_string(),
        CAVEAT.to_string(),
    ]
}

/// An engine's name for a narrow header: itself when short, else its role (the caption names it).
fn short<'a>(engine: &'a str, role: &'a str) -> &'a str {
    if engine.chars().count() <= 12 {
        engine
    } else {
        role
    }
}

/// The compact table for LaTeX: ply, n, mean times (units in the header), speed-up with its
/// interval, node ratio and the Holm-adjusted p-value: seven narrow columns that fit the text
/// width of a page.
pub fn compact_table(exp: &ExperimentAnalysis, cmp: &Comparison) -> Table {
    let rows: Vec<&PlyRow> = all_rows(cmp).collect();
    let means: Vec<f64> = rows
        .iter()
        .flat_map(|r| [r.baseline_ms.mean, r.candidate_ms.mean])
        .collect();
    let u = choose_unit(&means);
    let ci = format!("{:.0}% CI", exp.options.confidence * 100.0);
    let columns = vec![
        col("ply", &["ply"]),
        col("n", &["n"]),
        col(
            &format!("{} ({})", short(&cmp.baseline, "baseline"), u.name),
            &["baseline"],
        ),
        col(
            &format!("{} ({})", short(&cmp.candidate, "candidate"), u.name),
            &["candidate"],
        ),
        col(&format!("speed-up [{ci}]"), &["speedup"]),
        col("node ratio", &["node_ratio"]),
        col("p (Holm)", &["p"]),
    ];
    let rows = rows
        .iter()
        .map(|r| {
            let p = r
                .effect
                .map(|t| fmt_p(t.p_holm.unwrap_or(t.p_value)))
                .unwrap_or_else(|| "–".into());
            let speedup = r
                .effect
                .map_or("–".into(), |e| ratio_ci(e.speedup, Some(e.ci)));
            vec![
                Cell::plain(r.ply.map_or("all".into(), |p| p.to_string())),
                Cell::plain(r.n.to_string()),
                Cell::plain(fmt_time(r.baseline_ms.mean, u)),
                Cell::plain(fmt_time(r.candidate_ms.mean, u)),
                Cell::plain(speedup),
                Cell::plain(node_ratio_text(r.node_ratio)),
                Cell::plain(p),
            ]
        })
        .collect();
    Table {
        title: format!(
            "{}{}: {} (candidate) vs {} (baseline)",
            exp.name,
            super::game_label(exp)
                .filter(|g| *g != exp.name)
                .map_or(String::new(), |g| format!(" ({g})")),
            cmp.candidate,
            cmp.baseline
        ),
        columns,
        rows,
        total_row: true,
        notes: vec![format!(
            "Mean solve times; speed-up = geometric-mean speed-up of {} over {} (> 1: {} is \
             faster), the Hodges–Lehmann estimate of the per-position log time ratio, with the \
             {ci} of the same two-sided Wilcoxon signed-rank test whose p is shown, \
             Holm-adjusted across plies (the all-plies row is one test, unadjusted); node ratio \
             = total nodes {} / {} (n/a: not reported).",
            cmp.candidate, cmp.baseline, cmp.candidate, cmp.baseline, cmp.candidate
        )],
    }
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

    #[test]
    fn units_per_column() {
        // Median 2 ms: ms.
        let u = choose_unit(&[0.00002, 2.0, 900.0]);
        assert_eq!(u.name, "ms");
        assert_eq!(fmt_time(2.0, u), "2.00");
        assert_eq!(fmt_time(900.0, u), "900");
        assert_eq!(fmt_time(12345.6, u), "12346");
        // 20 ns in ms: no digit finer than 1 ns, no e-notation.
        assert_eq!(fmt_time(0.00002, u), "0.000020");
        assert_eq!(fmt_time(0.0000204, u), "0.000020");
        assert_eq!(choose_unit(&[0.5, 0.02]).name, "µs");
        assert_eq!(fmt_time(0.0123, choose_unit(&[0.0123])), "12.3");
        assert_eq!(choose_unit(&[1500.0, 3000.0]).name, "s");
        assert_eq!(fmt_time(1500.0, choose_unit(&[1500.0, 3000.0])), "1.50");
        assert_eq!(choose_unit(&[0.0000006]).name, "ns");
        assert_eq!(fmt_time(0.0000006, choose_unit(&[0.0000006])), "1");
        assert_eq!(choose_unit(&[]).name, "ns");
        assert_eq!(fmt_time(-0.25, choose_unit(&[0.25])), "-250");
        assert_eq!(fmt_ratio(1.3333), "1.33");
        assert_eq!(fmt_ratio(12.345), "12.3");
    }
}

/// The baselines of an experiment's comparisons, in order of first appearance.
#[must_use]
pub fn baselines(exp: &ExperimentAnalysis) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for c in &exp.comparisons {
        if !out.contains(&c.baseline.as_str()) {
            out.push(&c.baseline);
        }
    }
    out
}

/// One summary table per baseline ([`summary_table`]), in order of first appearance.
#[must_use]
pub fn summary_tables(exp: &ExperimentAnalysis) -> Vec<Table> {
    baselines(exp)
        .into_iter()
        .map(|b| summary_table(exp, b))
        .collect()
}

/// The comparisons against `baseline` in one table, one row per comparison named "candidate vs
/// baseline": the geometric-mean speed-up (the headline's estimand) at each ply and over all
/// plies (`*`: significant, Holm-adjusted across the plies for a ply), the candidate's nodes
/// relative to the baseline's, and the two-sided p of the same test over all plies.
#[must_use]
pub fn summary_table(exp: &ExperimentAnalysis, baseline: &str) -> Table {
    let cmps: Vec<&Comparison> = exp
        .comparisons
        .iter()
        .filter(|c| c.baseline == baseline)
        .collect();
    let mut plies: Vec<u32> = cmps
        .iter()
        .flat_map(|c| c.rows.iter().filter_map(|r| r.ply))
        .collect();
    plies.sort_unstable();
    plies.dedup();
    let mut columns = vec![Column::left("comparison")];
    columns.extend(
        plies
            .iter()
            .map(|p| col(&format!("ply {p}"), &[&format!("ply_{p}")])),
    );
    columns.push(col("all plies", &["all"]));
    columns.push(col(
        &format!("nodes vs {baseline} (all)"),
        &["nodes_vs_baseline"],
    ));
    columns.push(col("p (all, two-sided)", &["p_value"]));
    let mut t = Table::new(columns);
    t.title = format!("{}: speed-up over {baseline} per ply", exp.name);
    let speedup = |r: &PlyRow| match r.effect {
        Some(e) => Cell {
            text: format!(
                "{}{}",
                fmt_ratio(e.speedup),
                if r.significant { "*" } else { "" }
            ),
            raw: vec![e.speedup.to_string()],
        },
        None => missing(1),
    };
    for cmp in cmps {
        let mut row = vec![Cell::plain(format!(
            "{} vs {}",
            cmp.candidate, cmp.baseline
        ))];
        for p in &plies {
            row.push(match cmp.rows.iter().find(|r| r.ply == Some(*p)) {
                Some(r) => speedup(r),
                None => missing(1),
            });
        }
        row.push(speedup(&cmp.total));
        let nodes = 1.0 / cmp.total.node_ratio;
        row.push(if nodes.is_finite() && nodes > 0.0 {
            Cell {
                text: fmt_ratio(nodes),
                raw: vec![nodes.to_string()],
            }
        } else {
            Cell {
                text: "n/a".into(),
                raw: vec![String::new()],
            }
        });
        row.push(match cmp.total.effect {
            Some(e) => Cell {
                text: fmt_p(e.p_value),
                raw: vec![e.p_value.to_string()],
            },
            None => missing(1),
        });
        t.rows.push(row);
    }
    t.notes.push(format!(
        "Speed-up: geometric-mean speed-up of the candidate over {b} (> 1: the candidate is \
         faster), the Hodges–Lehmann estimate of the per-position log ratio of times; * at a \
         ply: the two-sided Wilcoxon signed-rank test on those log ratios has p < {a} after \
         Holm's adjustment across the plies; * over all plies: p < {a}. Nodes: the candidate's \
         total nodes / {b}'s (n/a: not reported).",
        b = baseline,
        a = exp.options.alpha
    ));
    t
}
