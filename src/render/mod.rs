//! Tables, figures and reports from an [`Analysis`](crate::analysis::Analysis).
//!
//! Output layout, under the chosen directory: one folder per experiment (its name made safe for
//! a file name, see [`file_stem`](crate::util::names::file_stem)), holding `<candidate>_vs_<baseline>.{txt,md,csv,tex}`, the
//! figures (`*.svg`, `*.png` at 300 dpi, `*.pdf`) and the report (`README.md`, `index.html`).

pub mod ablation;
mod css;
pub mod games;
pub mod machine;
pub mod method;
pub mod page;
pub mod plot;
pub mod probes;
pub mod quality;
pub mod report;
pub mod scaling;
pub mod table;
pub mod textbook;
pub mod threads;

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::analysis::{Analysis, Comparison, ExperimentAnalysis};

use table::{compact_table, comparison_table, formats};

use crate::util::names::file_stem;

/// Why rendering failed.
#[derive(Debug, Error)]
pub enum RenderError {
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// An error from the plotting backend.
    #[error("plotting {figure}: {message}")]
    Plot { figure: String, message: String },
    #[error(transparent)]
    Analysis(#[from] crate::analysis::AnalysisError),
    /// A results file could not be read (the figures that read columns the analysis does not
    /// keep, such as `probes`).
    #[error(transparent)]
    Records(#[from] crate::runner::record::RecordError),
}

/// The game of an experiment as its metadata records it, for titles: `Connect-4 board 6x5`
/// (also `… 7x6`), the game's name otherwise; `None` when no metadata names it (files written
/// before board sizes, all 7×6).
pub fn game_label(exp: &ExperimentAnalysis) -> Option<String> {
    let game = exp
        .metadata
        .iter()
        .find_map(|(_, m)| m.get("game").and_then(|g| g.as_str()))?;
    Some(match crate::game::GameKind::parse(game).ok()?.board() {
        Some(b) => format!("Connect-4 board {b}"),
        None => game.to_string(),
    })
}

/// The file stem of a comparison's outputs: `<candidate>_vs_<baseline>`.
pub fn comparison_stem(cmp: &Comparison) -> String {
    format!(
        "{}_vs_{}",
        file_stem(&cmp.candidate),
        file_stem(&cmp.baseline)
    )
}

/// The folder of an experiment's outputs under `out_dir`.
pub fn experiment_dir(out_dir: &Path, exp: &ExperimentAnalysis) -> PathBuf {
    out_dir.join(file_stem(&exp.name))
}

pub(crate) fn write_file(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), RenderError> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|source| RenderError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
    }
    std::fs::write(path, contents).map_err(|source| RenderError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Write every comparison table of `analysis` in every format (text, Markdown, CSV, LaTeX) to
/// `out_dir/<experiment>/<candidate>_vs_<baseline>.<ext>`: the full table, except for LaTeX,
/// which gets the compact table that fits a page. Returns the files written.
pub fn write_tables(analysis: &Analysis, out_dir: &Path) -> Result<Vec<PathBuf>, RenderError> {
    let mut written = Vec::new();
    for exp in &analysis.experiments {
        let dir = experiment_dir(out_dir, exp);
        for cmp in &exp.comparisons {
            let t = comparison_table(exp, cmp);
            let compact = compact_table(exp, cmp);
            for f in formats() {
                let path = dir.join(format!("{}.{}", comparison_stem(cmp), f.extension()));
                let t = if f.extension() == "tex" { &compact } else { &t };
                write_file(&path, f.render(t))?;
                written.push(path);
            }
        }
        if let Some(c) = &exp.chess {
            for (stem, t) in [
                ("chess-engines", c.engine_table()),
                ("chess-agreement", c.agreement_table()),
            ] {
                for f in formats() {
                    let path = dir.join(format!("{stem}.{}", f.extension()));
                    write_file(&path, f.render(&t))?;
                    written.push(path);
                }
            }
        }
    }
    Ok(written)
}
