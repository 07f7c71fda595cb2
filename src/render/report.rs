//! The report of an experiment: `README.md` (renders on any git host) and a self-contained
//! `index.html` (inline SVG and CSS, no external resource), beside the tables and figures; a
//! [`Page`] written by [`write_page`], as every report: the headline with the speed-up per ply,
//! the summary, per comparison its tables and figures, then the appendix (method, machine,
//! experiment file, reproduce).

use std::path::{Path, PathBuf};

use super::machine::machine_rows;
use super::method::{headline_note, method, method_short, table_sizes};
use super::page::{write_page, MachineTable, Page, PageTable, Section};
use super::plot::{experiment_figures, Figure, WrittenFigure};
use super::table::{comparison_page_tables, summary_tables};
use super::{comparison_stem, experiment_dir, write_file, write_tables, RenderError};
use crate::analysis::headline::{headline, legend};
use crate::analysis::{analyze, Analysis, AnalyzeOptions, ExperimentAnalysis};

/// What [`write_report`] wrote for one experiment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenReport {
    pub experiment: String,
    pub dir: PathBuf,
    pub readme: PathBuf,
    pub html: PathBuf,
    pub tables: Vec<PathBuf>,
    pub figures: Vec<WrittenFigure>,
}

/// Analyse `results` with the default [`AnalyzeOptions`] and write, for each experiment,
/// `out_dir/<experiment>/README.md`, `index.html`, the tables (all formats) and the figures
/// (SVG, 300-dpi PNG and PDF). See [`write_analysis_report`] to choose the options.
pub fn write_report(
    results: &[PathBuf],
    out_dir: &Path,
) -> Result<Vec<WrittenReport>, RenderError> {
    let analysis = analyze(results, &AnalyzeOptions::default())?;
    write_analysis_report(&analysis, out_dir)
}

/// Write the report of an analysis already made (see [`write_report`]).
pub fn write_analysis_report(
    analysis: &Analysis,
    out_dir: &Path,
) -> Result<Vec<WrittenReport>, RenderError> {
    let tables = write_tables(analysis, out_dir)?;
    let mut out = Vec::new();
    for exp in &analysis.experiments {
        let dir = experiment_dir(out_dir, exp);
        let machine = machine_tables(exp, &dir)?;
        let page = experiment_page(analysis, exp, experiment_figures(analysis, exp)?, machine);
        let w = write_page(&page, &dir)?;
        out.push(WrittenReport {
            experiment: exp.name.clone(),
            tables: tables
                .iter()
                .filter(|t| t.starts_with(&dir))
                .cloned()
                .collect(),
            dir,
            readme: w.readme,
            html: w.html,
            figures: w.figures,
        });
    }
    Ok(out)
}

/// The page of one experiment. The figures are split by their stems: the speed-up per ply
/// goes with the headline, a comparison's (`<candidate>_vs_<baseline>_…`) with its tables, the
/// rest (every engine) under "All engines".
fn experiment_page<'a>(
    analysis: &Analysis,
    exp: &'a ExperimentAnalysis,
    figures: Vec<Box<dyn Figure + 'a>>,
    machine: Vec<MachineTable>,
) -> Page<'a> {
    let speedup = format!("{}_speedup", crate::util::names::file_stem(&exp.name));
    let (headline_figures, mut rest): (Vec<_>, Vec<_>) = figures
        .into_iter()
        .partition(|f| f.stem().starts_with(&speedup));
    let mut results = Vec::new();
    if let Some(c) = &exp.chess {
        results.push(Section {
            heading: "Time to depth, nodes and agreement per ply".into(),
            notes: vec![CHESS_NOTE.to_string()],
            tables: vec![(None, c.engine_table()), (None, c.agreement_table())],
            ..Section::default()
        });
    }
    for cmp in &exp.comparisons {
        let stem = comparison_stem(cmp);
        let (mine, others): (Vec<_>, Vec<_>) = rest
            .into_iter()
            .partition(|f| f.stem().starts_with(&format!("{stem}_")));
        rest = others;
        results.push(Section {
            heading: format!("`{}` vs `{}`", cmp.candidate, cmp.baseline),
            tables: comparison_page_tables(exp, cmp)
                .into_iter()
                .map(|t| (None, t))
                .collect(),
            files: Some(stem),
            figures: mine,
            ..Section::default()
        });
    }
    let counters: Vec<PageTable> = counters_table(analysis, exp)
        .map(|t| (None, t))
        .into_iter()
        .collect();
    if !rest.is_empty() || !counters.is_empty() {
        results.push(Section {
            heading: "All engines".into(),
            tables: counters,
            figures: rest,
            ..Section::default()
        });
    }
    let mut method_full = vec![legend(exp)];
    method_full.extend(method(analysis, exp));
    Page {
        title: format!("{}: benchmark report", exp.name),
        summary: summary_line(exp),
        headline: exp.comparisons.iter().map(|c| headline(exp, c)).collect(),
        headline_note: (!exp.comparisons.is_empty()).then(|| headline_note(exp)),
        headline_figures,
        summary_tables: summary_tables(exp).into_iter().map(|t| (None, t)).collect(),
        results,
        warnings: exp.warnings.clone(),
        method: method_short(exp),
        method_full,
        method_full_title: None,
        machine,
        sources: experiment_sources(exp),
        reproduce: reproduce_command(&analysis.sources),
    }
}

/// One machine table per `.meta.json`, its raw file copied beside the page and linked.
fn machine_tables(exp: &ExperimentAnalysis, dir: &Path) -> Result<Vec<MachineTable>, RenderError> {
    if exp.metadata.is_empty() {
        return Ok(vec![MachineTable {
            caption: "No `.meta.json` was found beside the results file.".into(),
            ..MachineTable::default()
        }]);
    }
    let mut out = Vec::new();
    for (path, meta) in &exp.metadata {
        let raw = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "machine.meta.json".into());
        let text = serde_json::to_string_pretty(meta).unwrap_or_default();
        write_file(&dir.join(&raw), text + "\n")?;
        out.push(MachineTable {
            caption: format!("From `{}`", path.display()),
            rows: machine_rows(meta, Some(table_sizes(exp))),
            raw: Some(raw),
        });
    }
    Ok(out)
}

/// The experiment files the metadata holds, shown whole in the appendix.
fn experiment_sources(exp: &ExperimentAnalysis) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for (path, meta) in &exp.metadata {
        let Some(src) = meta.get("experiment_source").and_then(|v| v.as_str()) else {
            continue;
        };
        if src.trim().is_empty() || out.iter().any(|(_, s)| s == src) {
            continue;
        }
        out.push((
            format!("Experiment source (from `{}`)", path.display()),
            src.to_string(),
        ));
    }
    out
}

/// The command that reproduces the report.
pub fn reproduce_command(sources: &[PathBuf]) -> String {
    let program = crate::util::repro::program();
    let stems: Vec<String> = sources
        .iter()
        .map(|p| {
            p.file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default()
        })
        .collect();
    let runs: Vec<String> = stems
        .iter()
        .map(|s| format!("{program} run experiments/{s}.toml"))
        .collect();
    let reports: Vec<String> = stems.iter().map(|s| format!("results/{s}.csv")).collect();
    format!(
        "{} && {program} report {}",
        runs.join(" && "),
        reports.join(" ")
    )
}

/// The report's one line under the title: the game, the engines once each, every comparison
/// and the version.
fn summary_line(exp: &ExperimentAnalysis) -> String {
    let engines: Vec<String> = exp.engines.iter().map(|e| format!("`{e}`")).collect();
    let game = super::game_label(exp).map_or(String::new(), |g| format!("Game: {g}. "));
    format!(
        "{game}Engines: {}; comparisons (candidate vs baseline): {}; {} positions. Generated by \
         treebench {}.",
        engines.join(", "),
        comparison_names(exp),
        exp.facts.positions,
        env!("CARGO_PKG_VERSION"),
    )
}

/// "`a` vs `b`, `c` vs `b`": every comparison, both sides named.
fn comparison_names(exp: &ExperimentAnalysis) -> String {
    exp.comparisons
        .iter()
        .map(|c| format!("`{}` vs `{}`", c.candidate, c.baseline))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The search-counters table of the experiment's engines, when one of them counted (a results
/// file that cannot be read again leaves it out).
fn counters_table(analysis: &Analysis, exp: &ExperimentAnalysis) -> Option<crate::table::Table> {
    use crate::analysis::counters::{counter_rows_of, counters_table};
    let mut rows = counter_rows_of(&analysis.sources, &exp.name, &exp.engine_specs()).ok()??;
    for r in &mut rows {
        r.engine = exp.label_of(&r.engine).to_string();
    }
    Some(counters_table(&rows, "Search counters per engine and ply"))
}

const CHESS_NOTE: &str =
    "Time to depth: mean wall time from `go` to `bestmove` as treebench saw it; \
engine's time: the mean of the engine's own `time` (milliseconds); nodes: the engine's last \
reported count; nodes/s: total nodes over total time to depth; depth: of the line the score \
came from. n/a: not reported by the engine.";
