//! One report page: its tables in every format, its figures (SVG, 300-dpi PNG, PDF), a
//! `README.md` and a self-contained `index.html` showing the same tables and figures. The
//! quality report and the match report are pages.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::plot::{write_figure, Figure, WrittenFigure};
use super::{write_file, RenderError};
use crate::table::html::escape;
use crate::table::{formats, Html, Markdown, Table, TableFormat};

/// What a page shows.
pub struct Page<'a> {
    /// The heading of both files.
    pub title: String,
    /// Paragraphs under the heading (plain text; Markdown code spans are kept as they are).
    pub intro: Vec<String>,
    /// The tables, each with the file stem of its formats.
    pub tables: Vec<(String, Table)>,
    /// The figures.
    pub figures: Vec<Box<dyn Figure + 'a>>,
    /// The command that rebuilds the page.
    pub reproduce: String,
}

/// Write `page` into `dir`; every file written.
pub fn write_page(page: &Page<'_>, dir: &Path) -> Result<Vec<PathBuf>, RenderError> {
    let mut written = Vec::new();
    for (s, t) in &page.tables {
        for f in formats() {
            let p = dir.join(format!("{s}.{}", f.extension()));
            write_file(&p, f.render(t))?;
            written.push(p);
        }
    }
    let mut figs = Vec::new();
    for f in &page.figures {
        let (w, svg) = write_figure(f.as_ref(), dir)?;
        written.extend([w.svg.clone(), w.png.clone(), w.pdf.clone()]);
        figs.push((w, svg));
    }
    let readme = dir.join("README.md");
    write_file(&readme, readme_md(page, &figs))?;
    let html = dir.join("index.html");
    write_file(&html, index_html(page, &figs))?;
    written.extend([readme, html]);
    Ok(written)
}

fn name(p: &Path) -> String {
    p.file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned())
}

fn readme_md(page: &Page<'_>, figs: &[(WrittenFigure, String)]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# {}\n", page.title);
    for p in &page.intro {
        let _ = writeln!(s, "{p}\n");
    }
    for (stem, t) in &page.tables {
        let _ = writeln!(s, "## {}\n", t.title);
        s.push_str(&Markdown.render(t));
        let _ = writeln!(
            s,
            "\nOther formats: [text]({stem}.txt), [CSV]({stem}.csv), [LaTeX]({stem}.tex).\n"
        );
    }
    for (f, _) in figs {
        let _ = writeln!(
            s,
            "![{}]({})\n\n{} ([PNG]({}), [PDF]({}))\n",
            f.title,
            name(&f.svg),
            f.description,
            name(&f.png),
            name(&f.pdf)
        );
    }
    let _ = writeln!(s, "## Reproduce\n\n```sh\n{}\n```", page.reproduce);
    s
}

fn index_html(page: &Page<'_>, figs: &[(WrittenFigure, String)]) -> String {
    let mut s = String::new();
    let title = escape(&page.title);
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>{}</style>\n</head>\n<body>\n<h1>{title}</h1>\n",
        super::report::CSS
    );
    for p in &page.intro {
        let _ = writeln!(s, "<p>{}</p>", super::method::inline_html(p));
    }
    for (_, t) in &page.tables {
        let _ = writeln!(s, "<div class=\"scroll\">\n{}</div>", Html.render(t));
    }
    for (f, svg) in figs {
        let _ = writeln!(
            s,
            "<figure>{}<figcaption>{}</figcaption></figure>",
            super::report::responsive_svg(svg),
            super::method::inline_html(&f.description)
        );
    }
    let _ = writeln!(
        s,
        "<h2>Reproduce</h2>\n<pre>{}</pre>\n</body>\n</html>",
        escape(&page.reproduce)
    );
    s
}
