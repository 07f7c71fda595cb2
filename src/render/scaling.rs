//! Scaling across board sizes: how the speed-up of a driver over the baseline moves with the size
//! of the tree. One row per (board, candidate) from the analysis of one results file per board
//! (an experiment file with `game = ["connect4:5x4", …]` writes them, `treebench scaling` reads
//! them): the table, and a figure of the speed-up against the number of cells.
//!
//! Each board's numbers are the analysis's "all plies" row of that board's experiment (paired
//! positions, ratio of mean times with its bootstrap interval, one-sided Wilcoxon signed-rank
//! p-value), so they agree with the board's own report.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use plotters::coord::Shift;
use plotters::prelude::*;

use super::plot::style::{log_label, log_range, palette};
use super::plot::{plot_err, write_figure, Figure, WrittenFigure, FONT};
use super::RenderError;
use crate::analysis::{Analysis, AnalysisError, ExperimentAnalysis};
use crate::game::connect4::BoardSize;
use crate::game::GameKind;
use crate::table::{Align, Cell, Column, Csv, Markdown, Table, TableFormat, Text as TextTable};
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
    /// Ratio of mean times, baseline / candidate, and its interval.
    pub speedup: f64,
    pub speedup_ci: Option<(f64, f64)>,
    /// Geometric mean of the per-position time ratios baseline / candidate (robust to the odd
    /// solve a loaded machine stretches).
    pub geomean_ratio: Option<f64>,
    /// One-sided Wilcoxon signed-rank p-value (candidate faster).
    pub p_value: Option<f64>,
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
                speedup: t.speedup,
                speedup_ci: t.speedup_ci,
                geomean_ratio: t.geomean_ratio,
                p_value: t.test.map(|r| r.p_value),
            });
        }
    }
    // stable: candidates keep the experiment's order inside a board
    out.sort_by_key(|r| (r.board.cells(), r.board.width()));
    Ok(out)
}

/// The scaling table.
#[must_use]
pub fn table(rows: &[ScalingRow], confidence: f64) -> Table {
    let mut t = Table::new(vec![
        Column::left("board"),
        Column::right("cells"),
        Column::left("candidate"),
        Column::right("positions"),
        Column::right("baseline nodes"),
        Column::right("candidate nodes"),
        Column::right("node ratio"),
        Column::right("baseline ms"),
        Column::right("candidate ms"),
        Column {
            header: format!("speed-up [{:.0}% CI]", confidence * 100.0),
            csv_keys: vec!["speedup".into(), "ci_low".into(), "ci_high".into()],
            align: Align::Right,
        },
        Column {
            header: "geo-mean ratio".into(),
            csv_keys: vec!["geomean_ratio".into()],
            align: Align::Right,
        },
        Column {
            header: "p".into(),
            csv_keys: vec!["p_value".into()],
            align: Align::Right,
        },
    ]);
    let baselines: Vec<&str> = rows.iter().map(|r| r.baseline.as_str()).collect();
    let mut distinct = baselines.clone();
    distinct.dedup();
    t.title = format!(
        "Speed-up over {} by board size (ratio of mean times, all plies)",
        distinct.join(", ")
    );
    let num = |x: f64| Cell {
        text: thousands(x.round() as u64),
        raw: vec![format!("{x:.1}")],
    };
    let ms = |x: f64| Cell {
        text: sig3(x),
        raw: vec![format!("{x:.6}")],
    };
    for r in rows {
        let speed = Cell {
            text: match r.speedup_ci {
                Some((lo, hi)) => format!("{} [{}, {}]", sig3(r.speedup), sig3(lo), sig3(hi)),
                None => sig3(r.speedup),
            },
            raw: vec![
                format!("{:.6}", r.speedup),
                r.speedup_ci
                    .map_or(String::new(), |c| format!("{:.6}", c.0)),
                r.speedup_ci
                    .map_or(String::new(), |c| format!("{:.6}", c.1)),
            ],
        };
        let p = Cell {
            text: r.p_value.map_or("–".into(), fmt_p),
            raw: vec![r.p_value.map_or(String::new(), |p| format!("{p:.6e}"))],
        };
        let geo = Cell {
            text: r.geomean_ratio.map_or("–".into(), sig3),
            raw: vec![r.geomean_ratio.map_or(String::new(), |g| format!("{g:.6}"))],
        };
        t.rows.push(vec![
            Cell::plain(r.board.to_string()),
            Cell::plain(r.board.cells().to_string()),
            Cell::plain(r.candidate.clone()),
            Cell::plain(r.n.to_string()),
            num(r.baseline_nodes),
            num(r.candidate_nodes),
            Cell {
                text: sig3(r.baseline_nodes / r.candidate_nodes),
                raw: vec![format!("{:.6}", r.baseline_nodes / r.candidate_nodes)],
            },
            ms(r.baseline_ms),
            ms(r.candidate_ms),
            speed,
            geo,
            p,
        ]);
    }
    t.notes = vec![
        "speed-up: mean baseline time / mean candidate time over the board's positions (> 1: \
         the candidate is faster), with its paired bootstrap interval; geo-mean ratio: geometric mean \
         of the per-position time ratios (less swayed by a single slow solve); p: one-sided Wilcoxon \
         signed-rank test of baseline - candidate time per position; nodes: mean per position; \
         node ratio: mean baseline nodes / mean candidate nodes."
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

    fn candidates(&self) -> Vec<&str> {
        let mut c: Vec<&str> = Vec::new();
        for r in self.rows {
            if !c.contains(&r.candidate.as_str()) {
                c.push(&r.candidate);
            }
        }
        c
    }

    fn plot<DB: DrawingBackend>(&self, root: DrawingArea<DB, Shift>) -> Result<(), RenderError> {
        let err = plot_err("scaling");
        root.fill(&WHITE).map_err(&err)?;
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
                    let (a, b) = r.speedup_ci.unwrap_or((r.speedup, r.speedup));
                    [r.speedup, a, b, r.baseline_nodes / r.candidate_nodes]
                })
                .chain([1.0]),
        );
        let baseline = self.rows.first().map_or("", |r| r.baseline.as_str());
        let mut chart = ChartBuilder::on(&root)
            .caption(self.title(), (FONT, 20))
            .margin(12)
            .x_label_area_size(45)
            .y_label_area_size(70)
            .build_cartesian_2d(x.clone(), with_headroom(y, 0.22).log_scale())
            .map_err(&err)?;
        chart
            .configure_mesh()
            .x_desc("cells (width x height)")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_desc(format!(
                "speed-up: mean {baseline} time / mean candidate time"
            ))
            .y_label_formatter(&log_label)
            .label_style((FONT, 13))
            .axis_desc_style((FONT, 15))
            .light_line_style(RGBColor(235, 235, 235))
            .bold_line_style(RGBColor(210, 210, 210))
            .draw()
            .map_err(&err)?;
        chart
            .draw_series(LineSeries::new(
                [(x.start, 1.0), (x.end, 1.0)],
                BLACK.mix(0.8).stroke_width(1),
            ))
            .map_err(&err)?
            .label("1 = equal speed (above: candidate faster)")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], BLACK.stroke_width(1)));
        let cands = self.candidates();
        for (i, cand) in cands.iter().enumerate() {
            let colour = palette(i);
            // spread candidates sideways a little so their intervals do not overlap
            let dx = (i as f64 - (cands.len() as f64 - 1.0) / 2.0) * 0.25;
            let mine: Vec<&ScalingRow> =
                self.rows.iter().filter(|r| r.candidate == *cand).collect();
            let at = |r: &ScalingRow| f64::from(r.board.cells()) + dx;
            chart
                .draw_series(LineSeries::new(
                    mine.iter().map(|r| (at(r), r.speedup)),
                    colour.mix(0.5).stroke_width(1),
                ))
                .map_err(&err)?;
            chart
                .draw_series(mine.iter().filter_map(|r| {
                    let (lo, hi) = r.speedup_ci?;
                    Some(ErrorBar::new_vertical(
                        at(r),
                        lo,
                        r.speedup,
                        hi,
                        colour.stroke_width(2),
                        10,
                    ))
                }))
                .map_err(&err)?;
            chart
                .draw_series(
                    mine.iter()
                        .map(|r| Circle::new((at(r), r.speedup), 5, colour.filled())),
                )
                .map_err(&err)?
                .label(format!("{cand}: time speed-up (95% CI)"))
                .legend(move |(x, y)| Circle::new((x + 8, y), 5, colour.filled()));
            // the node ratio: the same comparison free of timing noise
            let nodes = |r: &ScalingRow| (at(r), r.baseline_nodes / r.candidate_nodes);
            chart
                .draw_series(DashedLineSeries::new(
                    mine.iter().map(|r| nodes(r)),
                    6,
                    4,
                    colour.mix(0.6).stroke_width(1),
                ))
                .map_err(&err)?;
            chart
                .draw_series(
                    mine.iter()
                        .map(|r| TriangleMarker::new(nodes(r), 6, colour.stroke_width(2))),
                )
                .map_err(&err)?
                .label(format!(
                    "{cand}: node ratio (mean {baseline} nodes / mean {cand} nodes)"
                ))
                .legend(move |(x, y)| TriangleMarker::new((x + 8, y), 6, colour.stroke_width(2)));
            if i + 1 == cands.len() {
                chart
                    .draw_series(mine.iter().map(|r| {
                        Text::new(
                            r.board.to_string(),
                            (at(r) + 0.3, r.speedup),
                            (FONT, 12).into_font().color(&BLACK.mix(0.7)),
                        )
                    }))
                    .map_err(&err)?;
            }
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .label_font((FONT, 12))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK.mix(0.4))
            .draw()
            .map_err(&err)?;
        root.present().map_err(&err)?;
        Ok(())
    }
}

impl Figure for ScalingFigure<'_> {
    fn stem(&self) -> String {
        "scaling".into()
    }
    fn title(&self) -> String {
        format!("{}: speed-up against board size", self.name)
    }
    fn description(&self) -> String {
        "Ratio of mean solve times, baseline / candidate, on each board, against its number of \
         cells, with the paired bootstrap interval (dots), and the ratio of mean nodes \
         (triangles, dashed); above the line at 1 the candidate is faster or searches less."
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

/// Write `scaling.{txt,md,csv}`, `scaling.{svg,png,pdf}` and a `README.md` under `out`.
pub fn write(analysis: &Analysis, name: &str, out: &Path) -> Result<WrittenScaling, RenderError> {
    let rows = rows(analysis)?;
    if rows.is_empty() {
        return Err(AnalysisError::Data(
            "no comparison to scale: every file has one engine".into(),
        )
        .into());
    }
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| RenderError::Io { path, source }
    };
    std::fs::create_dir_all(out).map_err(io(out))?;
    let t = table(&rows, analysis.options.confidence);
    let mut files = Vec::new();
    for (ext, text) in [
        ("txt", TextTable.render(&t)),
        ("md", Markdown.render(&t)),
        ("csv", Csv.render(&t)),
    ] {
        let p = out.join(format!("scaling.{ext}"));
        std::fs::write(&p, text).map_err(io(&p))?;
        files.push(p);
    }
    let fig = ScalingFigure::new(&rows, name);
    let (WrittenFigure { svg, png, pdf, .. }, _) = write_figure(&fig, out)?;
    files.extend([svg, png, pdf]);
    let readme = out.join("README.md");
    std::fs::write(&readme, readme_text(analysis, name, &rows, &t, &fig)).map_err(io(&readme))?;
    Ok(WrittenScaling { readme, files })
}

fn readme_text(
    analysis: &Analysis,
    name: &str,
    rows: &[ScalingRow],
    t: &Table,
    fig: &ScalingFigure<'_>,
) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# {name}: speed-up across board sizes\n");
    let _ = writeln!(
        s,
        "Generated by treebench {} (`treebench scaling`) from {} results files, one per board:\n",
        env!("CARGO_PKG_VERSION"),
        analysis.sources.len()
    );
    for p in &analysis.sources {
        let _ = writeln!(s, "- `{}`", p.display());
    }
    s.push('\n');
    s.push_str(&Markdown.render(t));
    let _ = writeln!(
        s,
        "\n![{}](scaling.svg)\n\n{}\n",
        fig.title(),
        fig.description()
    );
    let mut boards: Vec<String> = rows.iter().map(|r| r.board.to_string()).collect();
    boards.dedup();
    let _ = writeln!(
        s,
        "Boards: {}. `treebench run` writes each board's own report (per-ply tables and \
         figures) beside this folder.",
        boards.join(", ")
    );
    s
}
