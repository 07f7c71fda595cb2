//! The report of a quality run ([`crate::analysis::quality`]): the headline table (every
//! engine's optimal-move rate, blunder rate, value-class accuracy, proof errors and mean loss
//! with their intervals, and its cost), the optimal-move rate per ply, every engine against
//! the baseline (McNemar, Holm across plies), the figures (rate against nodes and against time,
//! the Pareto front), `README.md` and a self-contained `index.html`.

use std::path::{Path, PathBuf};

use super::page::{write_page, Page, Section};
use super::plot::{Cost, Figure, ParetoFront, QualityCurves};
use super::RenderError;
use crate::analysis::quality::{EngineQuality, Judge, QualityAnalysis, Rate};
use crate::table::{Column, Table};
use crate::util::names::file_stem;

/// `0.812 [0.77, 0.85]`.
fn rate_text(r: &Rate) -> String {
    format!("{:.3} [{:.2}, {:.2}]", r.value(), r.ci.0, r.ci.1)
}

fn na<T>(v: Option<T>, f: impl Fn(T) -> String) -> String {
    v.map_or_else(|| "n/a".to_string(), f)
}

/// An engine's short label: its curve and budget (`mtdf:eval=threats depth=8`), or its spec.
#[must_use]
pub fn label(e: &EngineQuality) -> String {
    match e.budget {
        Some(b) => format!("{} {}={b}", e.curve, e.budget_kind),
        None => e.engine.clone(),
    }
}

/// The headline table: one row per engine.
#[must_use]
pub fn headline_table(q: &QualityAnalysis) -> Table {
    if q.judge == Judge::Suite {
        return suite_table(q);
    }
    let mut t = Table::new(vec![
        Column::left("engine"),
        Column::right("n"),
        Column::right("optimal [95% CI]"),
        Column::right("blunders [95% CI]"),
        Column::right("value class [95% CI]"),
        Column::right("proofs (wrong)"),
        Column::right("mean loss [95% CI]"),
        Column::right("mean nodes"),
        Column::right("mean ms"),
    ]);
    t.title = format!("{}: move quality against the exact referee", q.experiment);
    for e in &q.engines {
        let a = &e.all;
        t.push_row([
            label(e),
            a.optimal.n.to_string(),
            rate_text(&a.optimal),
            na(a.blunder.as_ref(), rate_text),
            na(a.class_accuracy.as_ref(), rate_text),
            format!("{} ({})", a.proofs, a.proof_errors),
            na(a.loss.as_ref(), |l| {
                format!("{:.2} [{:.2}, {:.2}]", l.mean, l.ci.0, l.ci.1)
            }),
            na(e.nodes, |n| format!("{n:.0}")),
            format!("{:.3}", e.nanos / 1e6),
        ]);
    }
    t.notes.push(
        "optimal: the move keeps the exact score; blunder: it changes the result (a won \
         position no longer won, a drawn one lost); value class: the sign of the engine's value \
         names the exact result (n/a: the engine gives no value); proofs: proven values or \
         results, wrong ones in brackets (must be 0); loss: exact score minus the move's, in \
         score units. Rates with 95% Wilson intervals, the mean loss with a normal 95% \
         interval. Every engine's tables reset before every position."
            .to_string(),
    );
    t
}

/// The headline table of a test suite (no exact referee): the solve rate and the cost.
fn suite_table(q: &QualityAnalysis) -> Table {
    let mut t = Table::new(vec![
        Column::left("engine"),
        Column::right("n"),
        Column::right("solved [95% CI]"),
        Column::right("mean nodes"),
        Column::right("mean ms"),
    ]);
    t.title = format!("{}: solve rate on the test suite", q.experiment);
    for e in &q.engines {
        t.push_row([
            label(e),
            e.all.optimal.n.to_string(),
            rate_text(&e.all.optimal),
            na(e.nodes, |n| format!("{n:.0}")),
            format!("{:.3}", e.nanos / 1e6),
        ]);
    }
    t.notes.push(
        "solved: the chosen move is one of the suite's best moves (EPD bm, when the line gives \
         any) and none of its moves to avoid (am); 95% Wilson intervals. The suite's moves come \
         from a reference search named in the suite file, not from an exact oracle. Every \
         engine's tables reset before every position."
            .to_string(),
    );
    t
}

/// The word of a rate: optimal moves (a referee) or solved positions (a suite).
fn rate_word(q: &QualityAnalysis) -> &'static str {
    match q.judge {
        Judge::Referee => "optimal-move rate",
        Judge::Suite => "solve rate",
    }
}

/// The optimal-move rate of every engine at every ply.
#[must_use]
pub fn per_ply_table(q: &QualityAnalysis) -> Table {
    let mut cols = vec![Column::left("engine")];
    cols.extend(q.plies.iter().map(|p| Column::right(format!("ply {p}"))));
    let mut t = Table::new(cols);
    t.title = format!("{}: {} per ply", q.experiment, rate_word(q));
    for e in &q.engines {
        let mut row = vec![label(e)];
        for p in &q.plies {
            let cell = e.by_ply.iter().find(|(x, _)| x == p);
            row.push(na(cell, |(_, j)| format!("{:.2}", j.optimal.value())));
        }
        t.push_row(row);
    }
    t.notes.push(format!(
        "Share of positions of the ply where the engine's move is optimal; {} positions a ply.",
        q.engines
            .first()
            .and_then(|e| e.by_ply.first())
            .map_or(0, |(_, j)| j.optimal.n)
    ));
    t
}

/// Every engine against the baseline, per ply and over all plies.
#[must_use]
pub fn versus_table(q: &QualityAnalysis) -> Table {
    let mut cols = vec![Column::left("engine")];
    cols.extend(q.plies.iter().map(|p| Column::right(format!("ply {p}"))));
    cols.push(Column::right("all plies"));
    cols.push(Column::right("p (all)"));
    let mut t = Table::new(cols);
    let base = q.versus.first().map_or("", |v| v.baseline.as_str());
    t.title = format!("{}: {} against `{base}`", q.experiment, rate_word(q));
    for v in &q.versus {
        let e = q.engines.iter().find(|e| e.engine == v.engine);
        let mut row = vec![e.map_or(v.engine.clone(), label)];
        for &(_, _, d, _, holm) in &v.by_ply {
            let star = if holm < 0.05 { "*" } else { "" };
            row.push(format!("{d:+.2}{star}"));
        }
        row.push(format!("{:+.3}", v.all.1));
        row.push(format!("{:.2e}", v.all.2));
        t.push_row(row);
    }
    t.notes.push(
        "Difference of optimal-move rates (engine − baseline) on the same positions; `*`: \
         McNemar's exact test, Holm-adjusted across the plies, p < 0.05; p (all): McNemar over \
         every position."
            .to_string(),
    );
    t
}

fn figures(q: &QualityAnalysis) -> Vec<Box<dyn Figure + '_>> {
    let mut out: Vec<Box<dyn Figure + '_>> = Vec::new();
    if q.engines.iter().all(|e| e.nodes.is_some()) {
        out.push(Box::new(QualityCurves::new(q, Cost::Nodes)));
    }
    out.push(Box::new(QualityCurves::new(q, Cost::Time)));
    out.push(Box::new(ParetoFront::new(q)));
    out
}

/// The headline: the engines with the highest rate (at most three), and the count.
fn headline(q: &QualityAnalysis) -> Vec<String> {
    let mut by_rate: Vec<&EngineQuality> = q.engines.iter().collect();
    by_rate.sort_by(|a, b| b.all.optimal.value().total_cmp(&a.all.optimal.value()));
    let mut out: Vec<String> = by_rate
        .iter()
        .take(3)
        .map(|e| {
            format!(
                "`{}`: {} {} (95% CI), mean {:.3} ms a move",
                label(e),
                rate_word(q),
                rate_text(&e.all.optimal),
                e.nanos / 1e6
            )
        })
        .collect();
    if by_rate.len() > 3 {
        out.push(format!(
            "{} more engines in the tables below, the lowest {} {}.",
            by_rate.len() - 3,
            rate_word(q),
            by_rate
                .last()
                .map_or(String::new(), |e| rate_text(&e.all.optimal))
        ));
    }
    out
}

/// Write the quality report of `q` into `dir`: the tables in every format, the figures (SVG,
/// 300-dpi PNG, PDF), `README.md` and `index.html`; `reproduce` is the command that rebuilds it.
pub fn write_quality_report(
    q: &QualityAnalysis,
    dir: &Path,
    reproduce: &str,
) -> Result<Vec<PathBuf>, RenderError> {
    let stem = file_stem(&q.experiment);
    let mut figs = figures(q);
    let first = figs.remove(0);
    let judge = match q.judge {
        Judge::Referee => "the exact solver scored every legal move (the referee)",
        Judge::Suite => "the test suite's best moves and moves to avoid judged them",
    };
    let page = Page {
        title: format!("{}: quality report", q.experiment),
        summary: format!(
            "{} engines chose a move at every position; {judge}. Generated by treebench {}.",
            q.engines.len(),
            env!("CARGO_PKG_VERSION"),
        ),
        headline: headline(q),
        headline_note: Some(format!(
            "The {} of every engine over all positions, highest first; the figure: the rate \
             against the cost.",
            rate_word(q)
        )),
        headline_figures: vec![first],
        results: vec![Section {
            heading: "Move quality per engine and ply".into(),
            tables: vec![
                (Some(format!("{stem}_quality")), headline_table(q)),
                (Some(format!("{stem}_quality_per_ply")), per_ply_table(q)),
                (Some(format!("{stem}_quality_versus")), versus_table(q)),
            ],
            figures: figs,
            ..Section::default()
        }],
        method: vec![format!(
            "Every engine chose one move at each position under its budget; {judge}. Rates \
             are shares of positions with Wilson 95% intervals; engines are compared with the \
             baseline by McNemar's exact test on the same positions, Holm-adjusted across the \
             plies."
        )],
        reproduce: reproduce.to_string(),
        ..Page::default()
    };
    Ok(write_page(&page, dir)?.files)
}
