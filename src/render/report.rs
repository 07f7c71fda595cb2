//! The report of an experiment: `README.md` (renders on any git host) and a self-contained
//! `index.html` (inline SVG and CSS, no external resource), beside the tables and figures.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::method::{inline_html, method, HIDDEN_META};
use super::plot::{write_experiment_figures, WrittenFigure};
use super::table::{comparison_table, summary_tables};
use super::{experiment_dir, write_file, write_tables, RenderError};
use crate::analysis::headline::{headline, legend};
use crate::analysis::{analyze, Analysis, AnalyzeOptions, ExperimentAnalysis};
use crate::table::{markdown, Html, Markdown, TableFormat};

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
        let (written_figures, inline_svgs): (Vec<WrittenFigure>, Vec<String>) =
            write_experiment_figures(analysis, exp, &dir)?
                .into_iter()
                .unzip();
        let readme = dir.join("README.md");
        write_file(&readme, readme_md(analysis, exp, &written_figures))?;
        let html = dir.join("index.html");
        write_file(
            &html,
            index_html(analysis, exp, &written_figures, &inline_svgs),
        )?;
        out.push(WrittenReport {
            experiment: exp.name.clone(),
            tables: tables
                .iter()
                .filter(|t| t.starts_with(&dir))
                .cloned()
                .collect(),
            dir,
            readme,
            html,
            figures: written_figures,
        });
    }
    Ok(out)
}

/// The command that reproduces the report.
pub fn reproduce_command(sources: &[PathBuf]) -> String {
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
        .map(|s| format!("treebench run experiments/{s}.toml"))
        .collect();
    let reports: Vec<String> = stems.iter().map(|s| format!("results/{s}.csv")).collect();
    format!(
        "{} && treebench report {}",
        runs.join(" && "),
        reports.join(" ")
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

/// A metadata field: dotted key, value.
type KeyValue = (String, String);

/// Machine metadata as (key, value) lines, nested objects flattened with dots; multi-line
/// strings (the experiment file) come back separately.
fn flatten_meta(v: &serde_json::Value) -> (Vec<KeyValue>, Vec<KeyValue>) {
    fn walk(
        prefix: &str,
        v: &serde_json::Value,
        rows: &mut Vec<(String, String)>,
        blocks: &mut Vec<(String, String)>,
    ) {
        use serde_json::Value;
        match v {
            Value::Object(map) => {
                for (k, v) in map {
                    let key = if prefix.is_empty() {
                        k.clone()
                    } else {
                        format!("{prefix}.{k}")
                    };
                    walk(&key, v, rows, blocks);
                }
            }
            Value::String(s) if s.contains('\n') => blocks.push((prefix.to_string(), s.clone())),
            Value::String(s) => rows.push((prefix.to_string(), s.clone())),
            Value::Null => rows.push((prefix.to_string(), "–".into())),
            other => rows.push((prefix.to_string(), other.to_string())),
        }
    }
    let (mut rows, mut blocks) = (Vec::new(), Vec::new());
    walk("", v, &mut rows, &mut blocks);
    rows.retain(|(k, _)| !HIDDEN_META.contains(&k.as_str()));
    (rows, blocks)
}

fn file_name(p: &Path) -> String {
    p.file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// A fence longer than any run of backticks in `s`.
fn fence(s: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in s.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    "`".repeat((longest + 1).max(3))
}

fn readme_md(analysis: &Analysis, exp: &ExperimentAnalysis, figs: &[WrittenFigure]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# {}: benchmark report\n", markdown::escape(&exp.name));
    if let Some(g) = super::game_label(exp) {
        let _ = writeln!(s, "Game: {g}.\n");
    }
    let _ = writeln!(
        s,
        "Generated by treebench {}. Engines: {}; comparisons (candidate vs baseline): {}.\n",
        env!("CARGO_PKG_VERSION"),
        exp.engines
            .iter()
            .map(|e| format!("`{e}`"))
            .collect::<Vec<_>>()
            .join(", "),
        comparison_names(exp)
    );
    s.push_str("## Headline\n\n");
    for cmp in &exp.comparisons {
        let _ = writeln!(s, "- {}", markdown::escape(&headline(exp, cmp)));
    }
    let _ = writeln!(s, "\n{}\n", markdown::escape(&legend(exp)));
    if !exp.comparisons.is_empty() {
        s.push_str("## Summary\n\n");
        for t in summary_tables(exp) {
            s.push_str(&Markdown.render(&t));
            s.push('\n');
        }
    }
    s.push_str("## Method\n\n");
    for p in method(analysis, exp) {
        let _ = writeln!(s, "{p}\n");
    }
    s.push_str("## Machine\n\n");
    if exp.metadata.is_empty() {
        s.push_str("No `.meta.json` was found beside the results file.\n\n");
    }
    for (path, meta) in &exp.metadata {
        let (rows, blocks) = flatten_meta(meta);
        let _ = writeln!(s, "From `{}`:\n", path.display());
        s.push_str("| field | value |\n|:---|:---|\n");
        for (k, v) in rows {
            let _ = writeln!(s, "| {} | {} |", markdown::escape(&k), markdown::escape(&v));
        }
        s.push('\n');
        for (k, v) in blocks {
            let f = fence(&v);
            let _ = writeln!(s, "`{k}`:\n\n{f}\n{}\n{f}\n", v.trim_end());
        }
    }
    if let Some(c) = &exp.chess {
        s.push_str(CHESS_HEADING_MD);
        let _ = writeln!(s, "{CHESS_NOTE}\n");
        s.push_str(&Markdown.render(&c.engine_table()));
        s.push_str("\nAgreement per pair and ply (`agreement = \"report\"`: differing scores are counted, not errors):\n\n");
        s.push_str(&Markdown.render(&c.agreement_table()));
        s.push('\n');
    }
    s.push_str("## Results\n\n");
    for cmp in &exp.comparisons {
        let _ = writeln!(
            s,
            "### {} vs {}\n",
            markdown::escape(&cmp.candidate),
            markdown::escape(&cmp.baseline)
        );
        s.push_str(&Markdown.render(&comparison_table(exp, cmp)));
        let stem = super::comparison_stem(cmp);
        let _ = writeln!(
            s,
            "\nThe table in other formats: [text]({stem}.txt), [CSV]({stem}.csv), \
             [LaTeX]({stem}.tex).\n"
        );
        for f in figs.iter().filter(|f| file_name(&f.svg).starts_with(&stem)) {
            let _ = writeln!(
                s,
                "![{}]({})\n\n{} ([PNG]({}), [PDF]({}))\n",
                markdown::escape(&f.title),
                file_name(&f.svg),
                markdown::escape(&f.description),
                file_name(&f.png),
                file_name(&f.pdf)
            );
        }
    }
    let others: Vec<&WrittenFigure> = figs
        .iter()
        .filter(|f| {
            !exp.comparisons
                .iter()
                .any(|c| file_name(&f.svg).starts_with(&super::comparison_stem(c)))
        })
        .collect();
    if !others.is_empty() {
        s.push_str("### All engines\n\n");
        for f in others {
            let _ = writeln!(
                s,
                "![{}]({})\n\n{} ([PNG]({}), [PDF]({}))\n",
                markdown::escape(&f.title),
                file_name(&f.svg),
                markdown::escape(&f.description),
                file_name(&f.png),
                file_name(&f.pdf)
            );
        }
    }
    if !exp.warnings.is_empty() {
        s.push_str("## Warnings\n\n");
        for w in &exp.warnings {
            let _ = writeln!(s, "- {}", markdown::escape(w));
        }
        s.push('\n');
    }
    s.push_str("## Reproduce\n\n```sh\n");
    s.push_str(&reproduce_command(&analysis.sources));
    s.push_str("\n```\n");
    s
}

const CHESS_HEADING_MD: &str = "## Time to depth, nodes and agreement per ply\n\n";

const CHESS_NOTE: &str =
    "Time to depth: mean wall time from `go` to `bestmove` as treebench saw it; \
engine's time: the mean of the engine's own `time` (milliseconds); nodes: the engine's last \
reported count; nodes/s: total nodes over total time to depth; depth: of the line the score \
came from. n/a: not reported by the engine.";

const CSS: &str =
    "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;max-width:1100px;\
margin:2em auto;padding:0 1em;color:#222;line-height:1.45}\
h1,h2,h3{line-height:1.2}\
table{border-collapse:collapse;margin:1em 0;font-size:0.9em}\
caption{font-weight:bold;text-align:left;margin-bottom:0.4em}\
th,td{padding:0.25em 0.6em;border-bottom:1px solid #ddd}\
thead th{border-bottom:2px solid #444}\
tfoot td{border-top:2px solid #444;font-weight:bold}\
td.r,th.r{text-align:right}td.l,th.l{text-align:left}\
p.note{font-size:0.85em;color:#555;margin:0.3em 0}\
figure{margin:1.5em 0}figcaption{font-size:0.9em;color:#444}\
figure svg{max-width:100%;height:auto}\
pre,code{font-family:ui-monospace,'DejaVu Sans Mono',monospace;font-size:0.9em}\
pre{background:#f5f5f5;padding:0.8em;overflow-x:auto}\
td{white-space:nowrap}div.scroll{overflow-x:auto}\
.warn{color:#8a4b00}";

/// Make a plotters SVG scale with the page: give it a viewBox when it has none.
fn responsive_svg(svg: &str) -> String {
    let Some(start) = svg.find("<svg") else {
        return svg.to_string();
    };
    let end = start + svg[start..].find('>').unwrap_or(0);
    let tag = &svg[start..end];
    if tag.contains("viewBox") {
        return svg[start..].to_string();
    }
    let attr = |name: &str| -> Option<String> {
        let i = tag.find(&format!("{name}=\""))? + name.len() + 2;
        let j = tag[i..].find('"')? + i;
        Some(tag[i..j].to_string())
    };
    match (attr("width"), attr("height")) {
        (Some(w), Some(h)) => format!("<svg viewBox=\"0 0 {w} {h}\"{}", &svg[start + 4..]),
        _ => svg[start..].to_string(),
    }
}

/// Links to a figure's files, for its HTML caption.
fn figure_links(f: &WrittenFigure) -> String {
    use crate::table::html::escape;
    format!(
        "(<a href=\"{}\">SVG</a>, <a href=\"{}\">PNG</a>)",
        escape(&file_name(&f.svg)),
        escape(&file_name(&f.png))
    )
}

fn index_html(
    analysis: &Analysis,
    exp: &ExperimentAnalysis,
    figs: &[WrittenFigure],
    svgs: &[String],
) -> String {
    use crate::table::html::escape;
    let mut s = String::new();
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}: benchmark report</title>\n<style>{CSS}</style>\n</head>\n<body>\n",
        escape(&exp.name)
    );
    let _ = writeln!(s, "<h1>{}: benchmark report</h1>", escape(&exp.name));
    if let Some(g) = super::game_label(exp) {
        let _ = writeln!(s, "<p>Game: {}.</p>", escape(&g));
    }
    let _ = writeln!(
        s,
        "<p>{}</p>",
        super::method::inline_html(&format!(
            "Generated by treebench {}. Engines: {}; comparisons (candidate vs baseline): {}.",
            env!("CARGO_PKG_VERSION"),
            exp.engines
                .iter()
                .map(|e| format!("`{e}`"))
                .collect::<Vec<_>>()
                .join(", "),
            comparison_names(exp)
        ))
    );
    s.push_str("<h2>Headline</h2>\n<ul>\n");
    for cmp in &exp.comparisons {
        let _ = writeln!(s, "<li>{}</li>", escape(&headline(exp, cmp)));
    }
    let _ = writeln!(s, "</ul>\n<p class=\"note\">{}</p>", escape(&legend(exp)));
    if !exp.comparisons.is_empty() {
        s.push_str("<h2>Summary</h2>\n");
        for t in summary_tables(exp) {
            s.push_str(&Html.render(&t));
        }
    }
    s.push_str("<h2>Method</h2>\n");
    for p in method(analysis, exp) {
        let _ = writeln!(s, "<p>{}</p>", inline_html(&p));
    }
    s.push_str("<h2>Machine</h2>\n");
    if exp.metadata.is_empty() {
        s.push_str("<p>No <code>.meta.json</code> was found beside the results file.</p>\n");
    }
    for (path, meta) in &exp.metadata {
        let (rows, blocks) = flatten_meta(meta);
        let _ = writeln!(
            s,
            "<table>\n<caption>{}</caption>\n<thead><tr><th class=\"l\">field</th>\
             <th class=\"l\">value</th></tr></thead>\n<tbody>",
            escape(&path.display().to_string())
        );
        for (k, v) in rows {
            let _ = writeln!(
                s,
                "<tr><td class=\"l\">{}</td><td class=\"l\">{}</td></tr>",
                escape(&k),
                escape(&v)
            );
        }
        s.push_str("</tbody>\n</table>\n");
        for (k, v) in blocks {
            let _ = writeln!(
                s,
                "<p><code>{}</code>:</p>\n<pre>{}</pre>",
                escape(&k),
                escape(v.trim_end())
            );
        }
    }
    if let Some(c) = &exp.chess {
        let _ = writeln!(
            s,
            "<h2>Time to depth, nodes and agreement per ply</h2>\n<p>{}</p>",
            escape(CHESS_NOTE)
        );
        let _ = writeln!(
            s,
            "<div class=\"scroll\">\n{}</div>",
            Html.render(&c.engine_table())
        );
        s.push_str(
            "<p>Agreement per pair and ply (differing scores are counted, not errors):</p>\n",
        );
        let _ = writeln!(
            s,
            "<div class=\"scroll\">\n{}</div>",
            Html.render(&c.agreement_table())
        );
    }
    s.push_str("<h2>Results</h2>\n");
    let mut used = vec![false; figs.len()];
    for cmp in &exp.comparisons {
        let _ = writeln!(
            s,
            "<h3>{} vs {}</h3>",
            escape(&cmp.candidate),
            escape(&cmp.baseline)
        );
        let _ = writeln!(
            s,
            "<div class=\"scroll\">\n{}</div>",
            Html.render(&comparison_table(exp, cmp))
        );
        let stem = super::comparison_stem(cmp);
        let _ = writeln!(
            s,
            "<p>The table in other formats: <a href=\"{stem}.txt\">text</a>, \
             <a href=\"{stem}.csv\">CSV</a>, <a href=\"{stem}.tex\">LaTeX</a>.</p>",
            stem = escape(&stem)
        );
        for (k, f) in figs.iter().enumerate() {
            if !used[k] && file_name(&f.svg).starts_with(&stem) {
                used[k] = true;
                let _ = writeln!(
                    s,
                    "<figure>\n{}\n<figcaption>{} {}</figcaption>\n</figure>",
                    responsive_svg(&svgs[k]),
                    escape(&f.description),
                    figure_links(f)
                );
            }
        }
    }
    if used.iter().any(|u| !u) {
        s.push_str("<h3>All engines</h3>\n");
    }
    for (k, f) in figs.iter().enumerate() {
        if !used[k] {
            let _ = writeln!(
                s,
                "<figure>\n{}\n<figcaption>{} {}</figcaption>\n</figure>",
                responsive_svg(&svgs[k]),
                escape(&f.description),
                figure_links(f)
            );
        }
    }
    if !exp.warnings.is_empty() {
        s.push_str("<h2>Warnings</h2>\n<ul>\n");
        for w in &exp.warnings {
            let _ = writeln!(s, "<li class=\"warn\">{}</li>", escape(w));
        }
        s.push_str("</ul>\n");
    }
    let _ = writeln!(
        s,
        "<h2>Reproduce</h2>\n<pre>{}</pre>\n</body>\n</html>",
        escape(&reproduce_command(&analysis.sources))
    );
    s
}
