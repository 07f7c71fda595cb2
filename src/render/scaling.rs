//! Scaling across board sizes: how the speed-up of a driver over the baseline moves with the size
//! of the tree. One row per (board, candidate) from the analysis of one results file per board
//! (an experiment file with `game = ["connect4:5x4", …]` writes them, `treebench scaling` reads
//! them): the table, and a figure of the speed-up against the number of cells.
//!
//! Each board's numbers are the analysis's "all plies" row of that board's experiment (paired
//! positions; the geometric-mean speed-up with the interval and the two-sided p of the same
//! Wilcoxon signed-rank test on the per-position log ratios; the ratio of mean times with its
//! bootstrap interval as a second figure), so they agree with the board's own report. Every row
//! names its baseline.

use std::path::{Path, PathBuf};

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::page::{write_page, Page, Section};
use super::plot::style::{
    builder, check_series, draw_mesh, linear_axis, linear_ticks, log_axis, log_label, log_range,
    log_ticks, marker, palette, shape, with_legend, Entry, Mark, Ticked, LEGEND,
};
use super::plot::{plot_err, Figure, FONT};
use super::RenderError;
use crate::analysis::{Analysis, AnalysisError, ExperimentAnalysis};
use crate::game::connect4::BoardSize;
use crate::game::GameKind;
use crate::table::{Align, Cell, Column, Table};
use crate::util::fmt::{fmt_p, sig3, thousands};

/// One board and one candidate.
#[derive(Debug, Clone, PartialEq)]
pub struct ScalingRow {
    pub board: BoardSize,
    /// The board's experiment.
    pub experiment: String,
    pub baseline: String,
    pub candidate: String,
    /// Paired positions.
    pub n: usize,
    /// Mean nodes per position of the baseline and of the candidate.
    pub baseline_nodes: f64,
    pub candidate_nodes: f64,
    /// Mean solve time per position, ms.
    pub baseline_ms: f64,
    pub candidate_ms: f64,
    /// Geometric-mean speed-up baseline / candidate ([`crate::analysis::Effect`]) and the
    /// interval of its test; `None` when no test could be made.
    pub speedup: Option<f64>,
    pub speedup_ci: Option<(f64, f64)>,
    /// Two-sided p-value of that test.
    pub p_value: Option<f64>,
    /// Ratio of mean times, baseline / candidate, and its bootstrap interval.
    pub ratio_of_means: f64,
    pub ratio_of_means_ci: Option<(f64, f64)>,
}

/// The board of an experiment, from the `game` of its metadata (`connect4:6x5`; a metadata file
/// without `game` predates board sizes: 7×6).
pub fn board_of(exp: &ExperimentAnalysis) -> Result<BoardSize, AnalysisError> {
    let (path, meta) = exp.metadata.first().ok_or_else(|| {
        AnalysisError::Data(format!(
            "experiment `{}`: no .meta.json beside its results file says which board it played",
            exp.name
        ))
    })?;
    let game = match meta.get("game").and_then(|g| g.as_str()) {
        None => return Ok(BoardSize::STANDARD),
        Some(g) => GameKind::parse(g)
            .map_err(|e| AnalysisError::Data(format!("{}: key `game`: {e}", path.display())))?,
    };
    game.board().ok_or_else(|| {
        AnalysisError::Data(format!(
            "experiment `{}` plays {game}, not Connect-4: no board size to scale over",
            exp.name
        ))
    })
}

/// The scaling rows of an analysis: every comparison of every experiment, by cells, then width,
/// then candidate in experiment order. Two experiments on the same board are refused.
pub fn rows(analysis: &Analysis) -> Result<Vec<ScalingRow>, AnalysisError> {
    let mut out: Vec<ScalingRow> = Vec::new();
    let mut boards: Vec<(BoardSize, &str)> = Vec::new();
    for exp in &analysis.experiments {
        let board = board_of(exp)?;
        if let Some((_, other)) = boards.iter().find(|(b, _)| *b == board) {
            return Err(AnalysisError::Data(format!(
                "experiments `{other}` and `{}` both play {board}: give one results file per board",
                exp.name
            )));
        }
        boards.push((board, &exp.name));
        for cmp in &exp.comparisons {
            let m = &cmp.measurements;
            let mean = |v: &[u64]| v.iter().map(|&x| x as f64).sum::<f64>() / v.len().max(1) as f64;
            let t = &cmp.total;
            out.push(ScalingRow {
                board,
                experiment: exp.name.clone(),
                baseline: cmp.baseline.clone(),
                candidate: cmp.candidate.clone(),
                n: t.n,
                baseline_nodes: mean(&m.baseline_nodes),
                candidate_nodes: mean(&m.candidate_nodes),
                baseline_ms: t.baseline_ms.mean,
                candidate_ms: t.candidate_ms.mean,
                speedup: t.effect.map(|e| e.speedup),
                speedup_ci: t.effect.map(|e| e.ci),
                p_value: t.effect.map(|e| e.p_value),
                ratio_of_means: t.speedup,
                ratio_of_means_ci: t.speedup_ci,
            });
        }
    }
    // stable: candidates keep the experiment's order inside a board
    out.sort_by_key(|r| (r.board.cells(), r.board.width()));
    Ok(out)
}

/// A ratio with its interval as text, and its raw CSV values.
fn ratio_cell(x: Option<f64>, ci: Option<(f64, f64)>) -> Cell {
    let raw = |v: Option<f64>| v.map_or(String::new(), |v| format!("{v:.6}"));
    Cell {
        text: match (x, ci) {
            (Some(x), Some((lo, hi))) => format!("{} [{}, {}]", sig3(x), sig3(lo), sig3(hi)),
            (Some(x), None) => sig3(x),
            (None, _) => "–".into(),
        },
        raw: vec![raw(x), raw(ci.map(|c| c.0)), raw(ci.map(|c| c.1))],
    }
}

/// Mean nodes baseline / candidate, `None` when an engine reported none.
fn node_ratio(r: &ScalingRow) -> Option<f64> {
    (r.baseline_nodes > 0.0 && r.candidate_nodes > 0.0)
        .then(|| r.baseline_nodes / r.candidate_nodes)
}

/// The distinct baselines of the rows, in order.
fn baselines(rows: &[ScalingRow]) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for r in rows {
        if !out.contains(&r.baseline.as_str()) {
            out.push(&r.baseline);
        }
    }
    out
}

/// The scaling table: one row per board and comparison, its baseline named.
#[must_use]
pub fn table(rows: &[ScalingRow], confidence: f64) -> Table {
    let ci = format!("{:.0}% CI", confidence * 100.0);
    let keyed = |header: String, keys: &[&str]| Column {
        header,
        csv_keys: keys.iter().map(|k| k.to_string()).collect(),
        align: Align::Right,
    };
    let mut t = Table::new(vec![
        Column::left("board"),
        Column::right("cells"),
        Column::left("candidate"),
        Column::left("baseline"),
        Column::right("positions"),
        Column::right("baseline nodes"),
        Column::right("candidate nodes"),
        Column::right("node ratio"),
        Column::right("baseline ms"),
        Column::right("candidate ms"),
        keyed(
            format!("speed-up, geo-mean [{ci}]"),
            &["speedup", "ci_low", "ci_high"],
        ),
        keyed("p (two-sided)".into(), &["p_value"]),
        keyed(
            format!("ratio of means [{ci}]"),
            &[
                "ratio_of_means",
                "ratio_of_means_low",
                "ratio_of_means_high",
            ],
        ),
    ]);
    t.title = match baselines(rows).as_slice() {
        [one] => format!("Speed-up over {one} by board size (all plies)"),
        _ => "Speed-up by board size, candidate vs baseline (all plies)".to_string(),
    };
    let num = |x: f64| Cell {
        text: if x > 0.0 {
            thousands(x.round() as u64)
        } else {
            "n/a".into()
        },
        raw: vec![if x > 0.0 {
            format!("{x:.1}")
        } else {
            String::new()
        }],
    };
    let ms = |x: f64| Cell {
        text: sig3(x),
        raw: vec![format!("{x:.6}")],
    };
    for r in rows {
        let p = Cell {
            text: r.p_value.map_or("–".into(), fmt_p),
            raw: vec![r.p_value.map_or(String::new(), |p| format!("{p:.6e}"))],
        };
        let nr = node_ratio(r);
        t.rows.push(vec![
            Cell::plain(r.board.to_string()),
            Cell::plain(r.board.cells().to_string()),
            Cell::plain(r.candidate.clone()),
            Cell::plain(r.baseline.clone()),
            Cell::plain(r.n.to_string()),
            num(r.baseline_nodes),
            num(r.candidate_nodes),
            Cell {
                text: nr.map_or("n/a".into(), sig3),
                raw: vec![nr.map_or(String::new(), |x| format!("{x:.6}"))],
            },
            ms(r.baseline_ms),
            ms(r.candidate_ms),
            ratio_cell(r.speedup, r.speedup_ci),
            p,
            ratio_cell(Some(r.ratio_of_means), r.ratio_of_means_ci),
        ]);
    }
    t.notes = vec![
        "speed-up, geo-mean: baseline time / candidate time, the Hodges–Lehmann estimate of the \
         per-position log ratio taken back to a ratio (> 1: the candidate is faster), with the \
         interval of the same two-sided Wilcoxon signed-rank test whose p is shown; ratio of \
         means: mean baseline time / mean candidate time with its paired bootstrap interval (a \
         second figure); nodes: mean per position (n/a: not reported); node ratio: mean \
         baseline nodes / mean candidate nodes."
            .into(),
    ];
    t
}

/// Speed-up against cells, one series per candidate, each point with its interval and labelled
/// with its board.
pub struct ScalingFigure<'a> {
    rows: &'a [ScalingRow],
    name: String,
}

impl<'a> ScalingFigure<'a> {
    #[must_use]
    pub fn new(rows: &'a [ScalingRow], name: &str) -> Self {
        Self {
            rows,
            name: name.to_string(),
        }
    }

    /// The comparisons (candidate, baseline), in order: one series each.
    fn pairs(&self) -> Vec<(&str, &str)> {
        let mut c: Vec<(&str, &str)> = Vec::new();
        for r in self.rows {
            let k = (r.candidate.as_str(), r.baseline.as_str());
            if !c.contains(&k) {
                c.push(k);
            }
        }
        c
    }

    /// The x range (cells, padded) and the y range (every speed-up, interval and node ratio,
    /// and 1) of the figure.
    fn ranges(&self) -> (std::ops::Range<f64>, std::ops::Range<f64>) {
        let cells = || self.rows.iter().map(|r| f64::from(r.board.cells()));
        let lo = cells().fold(f64::INFINITY, f64::min);
        let hi = cells().fold(f64::NEG_INFINITY, f64::max);
        let x = if lo.is_finite() {
            lo - 2.0..hi + 2.0
        } else {
            14.0..44.0
        };
        let y = log_range(
            self.rows
                .iter()
                .flat_map(|r| {
                    let s = r.speedup.unwrap_or(1.0);
                    let (a, b) = r.speedup_ci.unwrap_or((s, s));
                    [s, a, b, node_ratio(r).unwrap_or(1.0)]
                })
                .chain([1.0]),
        );
        (x, y)
    }

    /// The legend: for each pair its speed-up (a marker with its interval) and its node ratio
    /// (another marker), each with a colour and a shape of its own, then the line of 1.
    fn legend(&self) -> Vec<Entry> {
        let mut entries = Vec::new();
        for (i, (cand, base)) in self.pairs().iter().enumerate() {
            let (speed, nodes) = (2 * i, 2 * i + 1);
            entries.push(Entry::new(
                format!("{cand} vs {base}: geo-mean speed-up (CI)"),
                Mark::Interval(palette(speed), shape(speed)),
            ));
            entries.push(Entry::new(
                format!("{cand} vs {base}: node ratio (mean {base} nodes / mean {cand} nodes)"),
                Mark::Point(palette(nodes), shape(nodes)),
            ));
        }
        entries.push(Entry::new(
            "1 = equal speed (above: candidate faster)",
            Mark::Line {
                color: BLACK,
                width: 1,
                dashed: false,
            },
        ));
        entries
    }

    fn plot<DB: DrawingBackend>(&self, root: DrawingArea<DB, Shift>) -> Result<(), RenderError> {
        let err = plot_err("scaling");
        root.fill(&WHITE).map_err(&err)?;
        let cands = self.pairs();
        check_series("scaling", 2 * cands.len())?;
        let (x, y) = self.ranges();
        let y = with_headroom(y, 0.22);
        let baseline = match baselines(self.rows).as_slice() {
            [one] => one.to_string(),
            _ => "baseline".to_string(),
        };
        let area = with_legend(&root, &self.legend()).map_err(&err)?;
        let mut chart = builder(&area, &self.title())
            .build_cartesian_2d(
                linear_axis(x.clone(), linear_ticks(x.start, x.end, 4)),
                log_axis(y.clone(), log_ticks(y.start, y.end)),
            )
            .map_err(&err)?;
        let y_desc = format!("geo-mean speed-up: {baseline} time / candidate time");
        let cells_label = |x: &f64| format!("{x:.0}");
        draw_mesh(
            &mut chart,
            "cells (width x height)",
            &y_desc,
            &cells_label,
            &log_label,
        )
        .map_err(&err)?;
        chart
            .draw_series(LineSeries::new(
                [(x.start, 1.0), (x.end, 1.0)],
                BLACK.mix(0.8).stroke_width(1),
            ))
            .map_err(&err)?;
        for (i, pair) in cands.iter().enumerate() {
            self.draw_pair(&mut chart, i, *pair).map_err(&err)?;
        }
        self.draw_boards(&mut chart, y.start).map_err(&err)?;
        root.present().map_err(&err)?;
        Ok(())
    }

    /// Draws pair `i`'s speed-ups (line, intervals, markers) and node ratios (dashed line,
    /// markers), spread a little sideways from the other pairs.
    fn draw_pair<DB: DrawingBackend>(
        &self,
        chart: &mut ScalingChart<'_, DB>,
        i: usize,
        (cand, base): (&str, &str),
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        let (speed, nodes) = (palette(2 * i), palette(2 * i + 1));
        let n = self.pairs().len();
        let dx = (i as f64 - (n as f64 - 1.0) / 2.0) * 0.25;
        let mine: Vec<&ScalingRow> = self
            .rows
            .iter()
            .filter(|r| r.candidate == cand && r.baseline == base && r.speedup.is_some())
            .collect();
        let at = |r: &ScalingRow| (f64::from(r.board.cells()) + dx, r.speedup.unwrap_or(1.0));
        chart.draw_series(LineSeries::new(
            mine.iter().map(|r| at(r)),
            speed.mix(0.5).stroke_width(1),
        ))?;
        chart.draw_series(mine.iter().filter_map(|r| {
            let (lo, hi) = r.speedup_ci?;
            let x = at(r).0;
            Some(PathElement::new(
                vec![(x, lo), (x, hi)],
                speed.stroke_width(2),
            ))
        }))?;
        let style = |c: RGBColor| c.filled();
        chart.draw_series(
            mine.iter()
                .map(|r| marker(at(r), shape(2 * i), 5, style(speed))),
        )?;
        let ratios: Vec<(f64, f64)> = mine
            .iter()
            .filter_map(|r| Some((at(r).0, node_ratio(r)?)))
            .collect();
        chart.draw_series(DashedLineSeries::new(
            ratios.iter().copied(),
            6,
            4,
            nodes.mix(0.6).stroke_width(1),
        ))?;
        chart.draw_series(
            ratios
                .iter()
                .map(|&p| marker(p, shape(2 * i + 1), 5, style(nodes))),
        )?;
        Ok(())
    }

    /// Names each board above the x axis at its number of cells; boards of nearly the same
    /// size (6x4 and 5x5) take turns in two rows.
    fn draw_boards<DB: DrawingBackend>(
        &self,
        chart: &mut ScalingChart<'_, DB>,
        bottom: f64,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        let mut boards: Vec<BoardSize> = self.rows.iter().map(|r| r.board).collect();
        boards.sort_by_key(|b| b.cells());
        boards.dedup();
        let (mut upper, mut last) = (false, None);
        for b in boards {
            let cells = b.cells();
            upper = last.is_some_and(|l| cells - l <= 3) && !upper;
            last = Some(cells);
            let y = bottom * if upper { 1.22 } else { 1.08 };
            let style = (FONT, LEGEND).into_font().color(&BLACK.mix(0.7));
            let text = b.to_string();
            let x = f64::from(cells) - 0.5;
            chart.draw_series([Text::new(text, (x, y), style)])?;
        }
        Ok(())
    }
}

/// The scaling figure's chart: cells on a linear axis, ratios on a log axis.
type ScalingChart<'a, DB> =
    ChartContext<'a, DB, Cartesian2d<Ticked<RangedCoordf64>, Ticked<LogCoord<f64>>>>;

impl Figure for ScalingFigure<'_> {
    fn stem(&self) -> String {
        "scaling".into()
    }
    fn title(&self) -> String {
        format!("{}: speed-up against board size", self.name)
    }
    fn description(&self) -> String {
        "Geometric-mean speed-up, baseline / candidate (Hodges–Lehmann estimate of the \
         per-position log time ratio), on each board, against its number of cells, with the \
         interval of its Wilcoxon signed-rank test (dots), and the ratio of mean nodes \
         (triangles, dashed; left out when an engine reports no nodes); one series per \
         comparison, candidate vs baseline; above the line at 1 the candidate is faster or \
         searches less."
            .into()
    }
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        self.plot(root)
    }
}

/// `r` stretched upwards on a log scale so that `fraction` of the axis is free (for labels).
fn with_headroom(r: std::ops::Range<f64>, fraction: f64) -> std::ops::Range<f64> {
    let span = r.end / r.start;
    r.start..r.end * span.powf(fraction / (1.0 - fraction))
}

/// What [`write`] wrote.
#[derive(Debug, Clone)]
pub struct WrittenScaling {
    pub readme: PathBuf,
    pub files: Vec<PathBuf>,
}

/// The headline: each pair's speed-up on the largest board it played.
fn headline(rows: &[ScalingRow]) -> Vec<String> {
    let mut out = Vec::new();
    for (b, c) in rows.iter().map(|r| (&r.baseline, &r.candidate)) {
        let Some(r) = rows
            .iter()
            .filter(|r| &r.baseline == b && &r.candidate == c)
            .max_by_key(|r| r.board.cells())
        else {
            continue;
        };
        let line = format!(
            "`{c}` vs `{b}` on the largest board, {}: {}",
            r.board,
            match (r.speedup, r.speedup_ci, r.p_value) {
                (Some(x), Some((lo, hi)), Some(p)) => format!(
                    "{}x [{}, {}] (geometric mean), p = {}",
                    sig3(x),
                    sig3(lo),
                    sig3(hi),
                    fmt_p(p)
                ),
                _ => "no test (too few positions)".to_string(),
            }
        );
        if !out.contains(&line) {
            out.push(line);
        }
    }
    out
}

/// Write `scaling.{txt,md,csv,tex}`, `scaling.{svg,png,pdf}`, `README.md` and `index.html`
/// under `out`.
pub fn write(analysis: &Analysis, name: &str, out: &Path) -> Result<WrittenScaling, RenderError> {
    let rows = rows(analysis)?;
    if rows.is_empty() {
        return Err(AnalysisError::Data(
            "no comparison to scale: every file has one engine".into(),
        )
        .into());
    }
    let whole = table(&rows, analysis.options.confidence);
    for f in crate::table::formats() {
        super::write_file(
            &out.join(format!("scaling.{}", f.extension())),
            f.render(&whole),
        )?;
    }
    let mut boards: Vec<String> = rows.iter().map(|r| r.board.to_string()).collect();
    boards.dedup();
    let sources: Vec<String> = analysis
        .sources
        .iter()
        .map(|p| format!("`{}`", p.display()))
        .collect();
    let page = Page {
        title: format!("{name}: speed-up across board sizes"),
        summary: format!(
            "{} results files, one per board ({}). Generated by treebench {} (`treebench \
             scaling`).",
            analysis.sources.len(),
            boards.join(", "),
            env!("CARGO_PKG_VERSION")
        ),
        headline: headline(&rows),
        headline_figures: vec![Box::new(ScalingFigure::new(&rows, name))],
        results: vec![Section {
            heading: "Every board".into(),
            // The whole table (13 columns) is too wide for a 1,300-pixel window: the page shows
            // it in two parts, the files keep it whole.
            tables: vec![
                (
                    None,
                    whole.part(
                        &[0, 1, 2, 3, 4, 10, 11, 12],
                        whole.title.clone(),
                        whole.notes.clone(),
                    ),
                ),
                (
                    None,
                    whole.part(
                        &[0, 2, 3, 5, 6, 7, 8, 9],
                        "Nodes and times by board size".into(),
                        Vec::new(),
                    ),
                ),
            ],
            files: Some("scaling".into()),
            ..Section::default()
        }],
        method: vec![format!(
            "Each board's numbers are the \"all plies\" row of that board's own analysis \
                 (paired positions; the geometric-mean speed-up with the interval and p of the \
                 Wilcoxon signed-rank test on the per-position log ratios). `treebench run` \
                 writes each board's own report (per-ply tables and figures). Read from: {}.",
            sources.join(", ")
        )],
        reproduce: format!(
            "{} scaling {}",
            crate::util::repro::program(),
            analysis
                .sources
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ),
        ..Page::default()
    };
    let w = write_page(&page, out)?;
    Ok(WrittenScaling {
        readme: w.readme,
        files: w.files,
    })
}
