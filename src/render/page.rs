//! One report page, the one writer of every report (run, ablation and sweep, boards' scaling,
//! quality, match): its tables in every format, its figures (SVG, 300-dpi PNG, PDF), a
//! `README.md` and a self-contained `index.html` showing the same tables and figures, in one
//! order: the title and a one-line summary; the headline with its figure; the summary tables;
//! the results (per comparison: tables, then figures); warnings; then the appendix: the method
//! in short paragraphs (the full description folded), the machine, the experiment source and
//! the command that reproduces the page. One stylesheet ([`super::css`]) for all of them.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::plot::{write_figure, Figure, WrittenFigure};
use super::{write_file, RenderError};
use crate::table::html::{escape, inline_html};
use crate::table::{formats, markdown, Html, Markdown, Table, TableFormat};

/// A table of a page: `Some(stem)` writes it in every format as `<stem>.<ext>` and links them;
/// `None` shows it only (its files are written elsewhere).
pub type PageTable = (Option<String>, Table);

/// A part of the results: a heading, its notes, tables and figures.
#[derive(Default)]
pub struct Section<'a> {
    pub heading: String,
    /// Paragraphs above the tables (Markdown code spans kept).
    pub notes: Vec<String>,
    pub tables: Vec<PageTable>,
    /// The stem of the section's table files written elsewhere, linked under its tables.
    pub files: Option<String>,
    pub figures: Vec<Box<dyn Figure + 'a>>,
}

/// One machine table: a caption, its labelled rows and the raw file it was read from (a name
/// relative to the page, linked).
#[derive(Debug, Clone, Default)]
pub struct MachineTable {
    pub caption: String,
    pub rows: Vec<(String, String)>,
    pub raw: Option<String>,
}

/// What a page shows. Every text is Markdown with code spans only (escaped for the README,
/// rendered for the HTML).
#[derive(Default)]
pub struct Page<'a> {
    /// The heading of both files.
    pub title: String,
    /// The one line under the title.
    pub summary: String,
    /// The headline: one item a claim.
    pub headline: Vec<String>,
    /// A note under the headline (how to read it).
    pub headline_note: Option<String>,
    /// The headline's figures, the first beside the headline.
    pub headline_figures: Vec<Box<dyn Figure + 'a>>,
    /// Tables under the headline, under "Summary".
    pub summary_tables: Vec<PageTable>,
    pub results: Vec<Section<'a>>,
    pub warnings: Vec<String>,
    /// The method in short paragraphs.
    pub method: Vec<String>,
    /// The full method, folded under the short one.
    pub method_full: Vec<String>,
    /// What the folded method's line says (default: timing, order, repeats, machine and
    /// statistics, a run's).
    pub method_full_title: Option<String>,
    pub machine: Vec<MachineTable>,
    /// Texts shown whole, with their names (the experiment file).
    pub sources: Vec<(String, String)>,
    /// The command that rebuilds the page.
    pub reproduce: String,
}

/// What [`write_page`] wrote.
#[derive(Debug, Clone)]
pub struct WrittenPage {
    /// Every file, the figures' included.
    pub files: Vec<PathBuf>,
    /// The figures in the page's order.
    pub figures: Vec<WrittenFigure>,
    pub readme: PathBuf,
    pub html: PathBuf,
}

/// A figure written, with its SVG text.
type Drawn = (WrittenFigure, String);

/// Write `page` into `dir`; every file written.
pub fn write_page(page: &Page<'_>, dir: &Path) -> Result<WrittenPage, RenderError> {
    let mut files = Vec::new();
    let tables = page
        .summary_tables
        .iter()
        .chain(page.results.iter().flat_map(|s| &s.tables));
    for (stem, t) in tables {
        let Some(stem) = stem else { continue };
        for f in formats() {
            let p = dir.join(format!("{stem}.{}", f.extension()));
            write_file(&p, f.render(t))?;
            files.push(p);
        }
    }
    let mut draw = |figs: &[Box<dyn Figure + '_>]| -> Result<Vec<Drawn>, RenderError> {
        figs.iter()
            .map(|f| {
                let (w, svg) = write_figure(f.as_ref(), dir)?;
                files.extend([w.svg.clone(), w.png.clone(), w.pdf.clone()]);
                Ok((w, svg))
            })
            .collect()
    };
    let head = draw(&page.headline_figures)?;
    let mut parts = Vec::new();
    for s in &page.results {
        parts.push(draw(&s.figures)?);
    }
    let readme = dir.join("README.md");
    write_file(&readme, readme_md(page, &head, &parts))?;
    let html = dir.join("index.html");
    write_file(&html, index_html(page, &head, &parts))?;
    files.extend([readme.clone(), html.clone()]);
    let figures = head.iter().chain(parts.iter().flatten());
    Ok(WrittenPage {
        files,
        figures: figures.map(|(w, _)| w.clone()).collect(),
        readme,
        html,
    })
}

fn name(p: &Path) -> String {
    p.file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned())
}

/// Markdown-escape `s` outside its code spans.
fn md(s: &str) -> String {
    s.split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                format!("`{part}`")
            } else {
                markdown::escape(part)
            }
        })
        .collect()
}

/// A fence longer than any run of backticks in `s`.
fn fence(s: &str) -> String {
    let (mut longest, mut run) = (0, 0);
    for c in s.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    "`".repeat((longest + 1).max(3))
}

fn md_table(s: &mut String, stem: Option<&str>, t: &Table) {
    s.push_str(&Markdown.render(t));
    if let Some(stem) = stem {
        md_links(s, stem);
    } else {
        s.push('\n');
    }
}

fn md_links(s: &mut String, stem: &str) {
    let _ = writeln!(
        s,
        "\nOther formats: [text]({stem}.txt), [CSV]({stem}.csv), [LaTeX]({stem}.tex).\n"
    );
}

fn md_figure(s: &mut String, f: &WrittenFigure) {
    let _ = writeln!(
        s,
        "![{}]({})\n\n{} ([PNG]({}), [PDF]({}))\n",
        md(&f.title),
        name(&f.svg),
        md(&f.description),
        name(&f.png),
        name(&f.pdf)
    );
}

fn readme_md(page: &Page<'_>, head: &[Drawn], parts: &[Vec<Drawn>]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# {}\n\n{}\n", md(&page.title), md(&page.summary));
    if !page.headline.is_empty() || !head.is_empty() {
        s.push_str("## Headline\n\n");
        for h in &page.headline {
            let _ = writeln!(s, "- {}", md(h));
        }
        if let Some(n) = &page.headline_note {
            let _ = writeln!(s, "\n{}", md(n));
        }
        s.push('\n');
        head.iter().take(1).for_each(|(f, _)| md_figure(&mut s, f));
    }
    if !page.summary_tables.is_empty() {
        s.push_str("## Summary\n\n");
        for (stem, t) in &page.summary_tables {
            md_table(&mut s, stem.as_deref(), t);
        }
    }
    head.iter().skip(1).for_each(|(f, _)| md_figure(&mut s, f));
    if !page.results.is_empty() {
        s.push_str("## Results\n\n");
    }
    for (sec, figs) in page.results.iter().zip(parts) {
        let _ = writeln!(s, "### {}\n", md(&sec.heading));
        sec.notes.iter().for_each(|n| {
            let _ = writeln!(s, "{}\n", md(n));
        });
        for (stem, t) in &sec.tables {
            md_table(&mut s, stem.as_deref(), t);
        }
        if let Some(stem) = &sec.files {
            md_links(&mut s, stem);
        }
        figs.iter().for_each(|(f, _)| md_figure(&mut s, f));
    }
    if !page.warnings.is_empty() {
        s.push_str("## Warnings\n\n");
        for w in &page.warnings {
            let _ = writeln!(s, "- {}", md(w));
        }
        s.push('\n');
    }
    readme_appendix(&mut s, page);
    s
}

fn readme_appendix(s: &mut String, page: &Page<'_>) {
    s.push_str("## Appendix\n\n");
    if !page.method.is_empty() {
        s.push_str("### Method\n\n");
        page.method.iter().for_each(|p| {
            let _ = writeln!(s, "{}\n", md(p));
        });
    }
    if !page.method_full.is_empty() {
        s.push_str("### Method in full\n\n");
        page.method_full.iter().for_each(|p| {
            let _ = writeln!(s, "{}\n", md(p));
        });
    }
    for m in &page.machine {
        let _ = writeln!(s, "### Machine\n\n{}\n", md(&m.caption));
        if !m.rows.is_empty() {
            s.push_str("| | |\n|:---|:---|\n");
        }
        for (k, v) in &m.rows {
            let _ = writeln!(s, "| {} | {} |", md(k), md(v));
        }
        if let Some(raw) = &m.raw {
            let _ = writeln!(s, "\nEvery field as recorded: [{raw}]({raw}).");
        }
        s.push('\n');
    }
    for (title, text) in &page.sources {
        let f = fence(text);
        let _ = writeln!(s, "### {}\n\n{f}\n{}\n{f}\n", md(title), text.trim_end());
    }
    let _ = writeln!(s, "### Reproduce\n\n```sh\n{}\n```", page.reproduce);
}

fn html_table(s: &mut String, stem: Option<&str>, t: &Table) {
    // A break opportunity after every comma: an engine spec (`pvs:depth=5,tt=off`) wraps
    // between its options in a left-aligned cell, never inside a word.
    let html = Html.render(t).replace(',', ",<wbr>");
    let _ = writeln!(s, "<div class=\"scroll\">\n{html}</div>");
    if let Some(stem) = stem {
        html_links(s, stem);
    }
}

fn html_links(s: &mut String, stem: &str) {
    let _ = writeln!(
        s,
        "<p class=\"note\">Other formats: <a href=\"{stem}.txt\">text</a>, \
         <a href=\"{stem}.csv\">CSV</a>, <a href=\"{stem}.tex\">LaTeX</a>.</p>",
        stem = escape(stem)
    );
}

fn html_figure(s: &mut String, (f, svg): &Drawn) {
    let _ = writeln!(
        s,
        "<figure>\n{}\n<figcaption>{} (<a href=\"{}\">SVG</a>, <a href=\"{}\">PNG</a>, \
         <a href=\"{}\">PDF</a>)</figcaption>\n</figure>",
        responsive_svg(svg),
        inline_html(&f.description),
        escape(&name(&f.svg)),
        escape(&name(&f.png)),
        escape(&name(&f.pdf))
    );
}

fn index_html(page: &Page<'_>, head: &[Drawn], parts: &[Vec<Drawn>]) -> String {
    let mut s = String::new();
    let title = inline_html(&page.title);
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{}</style>\n</head>\n<body>\n<h1>{title}</h1>\n\
         <p class=\"summary\">{}</p>\n",
        escape(&page.title.replace('`', "")),
        super::css::CSS,
        inline_html(&page.summary)
    );
    html_headline(&mut s, page, head);
    if !page.summary_tables.is_empty() {
        s.push_str("<h2 id=\"summary\">Summary</h2>\n");
        for (stem, t) in &page.summary_tables {
            html_table(&mut s, stem.as_deref(), t);
        }
    }
    head.iter().skip(1).for_each(|f| html_figure(&mut s, f));
    if !page.results.is_empty() {
        s.push_str("<h2 id=\"results\">Results</h2>\n");
    }
    for (sec, figs) in page.results.iter().zip(parts) {
        let _ = writeln!(s, "<h3>{}</h3>", inline_html(&sec.heading));
        for n in &sec.notes {
            let _ = writeln!(s, "<p>{}</p>", inline_html(n));
        }
        for (stem, t) in &sec.tables {
            html_table(&mut s, stem.as_deref(), t);
        }
        if let Some(stem) = &sec.files {
            html_links(&mut s, stem);
        }
        figs.iter().for_each(|f| html_figure(&mut s, f));
    }
    if !page.warnings.is_empty() {
        s.push_str("<h2 id=\"warnings\">Warnings</h2>\n<ul>\n");
        for w in &page.warnings {
            let _ = writeln!(s, "<li class=\"warn\">{}</li>", inline_html(w));
        }
        s.push_str("</ul>\n");
    }
    html_appendix(&mut s, page);
    s.push_str("</body>\n</html>\n");
    s
}

/// The headline beside its first figure (`id="headline"`, the browser check looks for it); the
/// other headline figures follow the summary tables.
fn html_headline(s: &mut String, page: &Page<'_>, head: &[Drawn]) {
    if page.headline.is_empty() && head.is_empty() {
        return;
    }
    s.push_str("<section class=\"headline\" id=\"headline\">\n<div class=\"text\">\n<h2>Headline</h2>\n<ul>\n");
    for h in &page.headline {
        let _ = writeln!(s, "<li>{}</li>", inline_html(h));
    }
    s.push_str("</ul>\n");
    if let Some(n) = &page.headline_note {
        let _ = writeln!(s, "<p class=\"note\">{}</p>", inline_html(n));
    }
    s.push_str("</div>\n");
    if let Some(first) = head.first() {
        html_figure(s, first);
    }
    s.push_str("</section>\n");
}

fn html_appendix(s: &mut String, page: &Page<'_>) {
    s.push_str("<div class=\"appendix\">\n<h2 id=\"appendix\">Appendix</h2>\n");
    if !page.method.is_empty() || !page.method_full.is_empty() {
        s.push_str("<h3 id=\"method\">Method</h3>\n");
    }
    for p in &page.method {
        let _ = writeln!(s, "<p>{}</p>", inline_html(p));
    }
    if !page.method_full.is_empty() {
        let _ =
            writeln!(
                s,
                "<details id=\"method-full\">\n<summary>{}</summary>",
                inline_html(page.method_full_title.as_deref().unwrap_or(
                    "The method in full: timing, order, repeats, machine and statistics"
                ))
            );
        for p in &page.method_full {
            let _ = writeln!(s, "<p>{}</p>", inline_html(p));
        }
        s.push_str("</details>\n");
    }
    for m in &page.machine {
        let _ = writeln!(s, "<h3 id=\"machine\">Machine</h3>");
        if m.rows.is_empty() {
            let _ = writeln!(s, "<p>{}</p>", inline_html(&m.caption));
            continue;
        }
        let _ = writeln!(
            s,
            "<table class=\"meta\">\n<caption>{}</caption>\n<tbody>",
            inline_html(&m.caption)
        );
        for (k, v) in &m.rows {
            let _ = writeln!(
                s,
                "<tr><th scope=\"row\">{}</th><td>{}</td></tr>",
                inline_html(k),
                inline_html(v)
            );
        }
        s.push_str("</tbody>\n</table>\n");
        if let Some(raw) = &m.raw {
            let _ = writeln!(
                s,
                "<p class=\"note\">Every field as recorded: <a href=\"{r}\">{r}</a>.</p>",
                r = escape(raw)
            );
        }
    }
    for (title, text) in &page.sources {
        let _ = writeln!(
            s,
            "<h3>{}</h3>\n<pre>{}</pre>",
            inline_html(title),
            escape(text.trim_end())
        );
    }
    let _ = writeln!(
        s,
        "<h3 id=\"reproduce\">Reproduce</h3>\n<pre>{}</pre>\n</div>",
        escape(&page.reproduce)
    );
}

/// Make a plotters SVG scale with the page: give it a viewBox when it has none.
pub(crate) fn responsive_svg(svg: &str) -> String {
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
