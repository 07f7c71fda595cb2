//! The report of an ablation or a sweep ([`crate::analysis::ablation`]): its tables in every
//! format, its figures, and a `README.md` that shows them with the search counters of every
//! variant.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::plot::{write_figure, AblationEffects, Figure, MemorySweep, WrittenFigure};
use super::{write_file, RenderError};
use crate::analysis::ablation::AblationResult;
use crate::table::{formats, Markdown, Table, TableFormat};
use crate::util::names::file_stem;

/// The tables of a result: `(file stem, table)`.
fn tables(r: &AblationResult, counters: Option<Table>) -> Vec<(String, Table)> {
    let stem = file_stem(&r.experiment);
    let mut out = Vec::new();
    if r.variants.is_empty() {
        out.push((
            format!("{stem}_sweep"),
            r.table(
                &r.effects,
                &format!("{}: every value against the largest", r.experiment),
            ),
        ));
    } else {
        out.push((
            format!("{stem}_effects"),
            r.table(
                &r.effects,
                &format!("{}: what each switch is worth", r.experiment),
            ),
        ));
        out.push((
            format!("{stem}_variants"),
            r.table(
                &r.variants,
                &format!("{}: every variant against the base", r.experiment),
            ),
        ));
    }
    if let Some(c) = counters {
        out.push((format!("{stem}_counters"), c));
    }
    out
}

/// The figures of a result: the effects of an ablation, time and nodes of a sweep.
fn figures(r: &AblationResult) -> Vec<Box<dyn Figure + '_>> {
    if r.variants.is_empty() {
        vec![
            Box::new(MemorySweep::new(r, false)),
            Box::new(MemorySweep::new(r, true)),
        ]
    } else {
        vec![Box::new(AblationEffects::new(r))]
    }
}

/// Write the report of `r` into `dir`: every table as `.txt`, `.md`, `.csv`, `.tex`, the
/// figures as SVG, PNG and PDF, and `README.md`. `counters` is the search-counters table of the
/// variants (see [`crate::analysis::counters`]); `reproduce` the command that rebuilds it.
pub fn write_ablation_report(
    r: &AblationResult,
    counters: Option<Table>,
    dir: &Path,
    reproduce: &str,
) -> Result<Vec<PathBuf>, RenderError> {
    let mut written = Vec::new();
    let tables = tables(r, counters);
    for (stem, t) in &tables {
        for f in formats() {
            let p = dir.join(format!("{stem}.{}", f.extension()));
            write_file(&p, f.render(t))?;
            written.push(p);
        }
    }
    let mut figs = Vec::new();
    for f in figures(r) {
        let (w, _) = write_figure(f.as_ref(), dir)?;
        written.extend([w.svg.clone(), w.png.clone(), w.pdf.clone()]);
        figs.push(w);
    }
    let readme = dir.join("README.md");
    write_file(&readme, readme_md(r, &tables, &figs, reproduce))?;
    written.push(readme);
    Ok(written)
}

fn name(p: &Path) -> String {
    p.file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned())
}

fn readme_md(
    r: &AblationResult,
    tables: &[(String, Table)],
    figs: &[WrittenFigure],
    reproduce: &str,
) -> String {
    let mut s = String::new();
    let kind = if r.variants.is_empty() {
        "sweep"
    } else {
        "ablation"
    };
    let _ = writeln!(s, "# {}: {kind} report\n", r.experiment);
    let _ = writeln!(
        s,
        "{} variants of one spec, paired on {} positions every variant solved.\n",
        r.plan.variants().len(),
        r.positions
    );
    for (stem, t) in tables {
        let _ = writeln!(s, "## {}\n", t.title);
        s.push_str(&Markdown.render(t));
        let _ = writeln!(
            s,
            "\nOther formats: [text]({stem}.txt), [CSV]({stem}.csv), [LaTeX]({stem}.tex).\n"
        );
    }
    for f in figs {
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
    let _ = writeln!(s, "## Reproduce\n\n```sh\n{reproduce}\n```");
    s
}
