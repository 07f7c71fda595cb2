//! Streaming schema check of a results CSV before polars reads it, so that a malformed or
//! truncated file is reported with its path and line.

use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use crate::runner::consistency::Consistency;
use crate::runner::experiment::Experiment;
use crate::runner::record::{Record, RecordError, Rows};

use super::AnalysisError;

/// What the check learnt about one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileSummary {
    pub path: PathBuf,
    /// Data rows (the header excluded).
    pub rows: u64,
    /// Experiments in order of first appearance, each with its engines in order of first
    /// appearance.
    pub experiments: Vec<(String, Vec<String>)>,
}

/// Check that `path` is a results CSV with the schema of [`crate::runner::record::COLUMNS`]:
/// the header is exactly [`HEADER`](crate::runner::record::HEADER), every row has one field per column that parses into a
/// [`Record`] (the checks of [`Rows`]), and the last line ends with a newline or is a complete
/// row. Reads the file once, streaming.
pub fn validate_csv(path: &Path) -> Result<FileSummary, AnalysisError> {
    let io_err = |source| AnalysisError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut file = File::open(path).map_err(io_err)?;
    let len = file.metadata().map_err(io_err)?.len();
    if len == 0 {
        return Err(malformed(path, 1, "empty file: no header".to_string()));
    }
    let mut last = [0u8; 1];
    file.seek(SeekFrom::Start(len - 1)).map_err(io_err)?;
    file.read_exact(&mut last).map_err(io_err)?;
    let ends_with_newline = last[0] == b'\n';
    file.seek(SeekFrom::Start(0)).map_err(io_err)?;

    let mut rows = Rows::new(path, BufReader::with_capacity(1 << 16, file))?;
    let mut summary = FileSummary {
        path: path.to_path_buf(),
        rows: 0,
        experiments: Vec::new(),
    };
    let mut consistency = Consistency::new(recorded_experiment(path).as_ref());
    loop {
        let record: Record = match rows.next_record() {
            Ok(Some(r)) => r,
            Ok(None) => break,
            Err(e) => {
                let mut e = AnalysisError::from(e);
                if let AnalysisError::Malformed { message, .. } = &mut e {
                    if !ends_with_newline && rows.at_end() {
                        message.push_str(
                            " (the last line does not end with a newline: truncated file?)",
                        );
                    }
                }
                return Err(e);
            }
        };
        let line = summary.rows + 2;
        consistency
            .check(&record, line)
            .map_err(|message| malformed(path, line, message))?;
        summary.rows += 1;
        note_engine(&mut summary.experiments, record.experiment, record.engine);
    }
    Ok(summary)
}

/// The experiment recorded in the metadata beside `path` (its `experiment_source` and
/// `experiment_name`), if there is one that still parses.
pub(super) fn recorded_experiment(path: &Path) -> Option<Experiment> {
    let (_, meta) = super::read_metadata(path).ok()??;
    let source = meta.get("experiment_source")?.as_str()?;
    // A file with a list of games holds one experiment per game: the one of this file.
    let name = meta.get("experiment_name")?.as_str()?;
    Experiment::parse_all(source, "<metadata>")
        .ok()?
        .into_iter()
        .find(|e| e.name == name)
}

pub(super) fn note_engine(
    experiments: &mut Vec<(String, Vec<String>)>,
    experiment: String,
    engine: String,
) {
    let slot = match experiments.iter().position(|(e, _)| *e == experiment) {
        Some(i) => i,
        None => {
            experiments.push((experiment, Vec::new()));
            experiments.len() - 1
        }
    };
    let engines = &mut experiments[slot].1;
    if !engines.contains(&engine) {
        engines.push(engine);
    }
}

fn malformed(path: &Path, line: u64, message: String) -> AnalysisError {
    AnalysisError::Malformed {
        path: path.to_path_buf(),
        line,
        message,
    }
}

impl From<RecordError> for AnalysisError {
    fn from(e: RecordError) -> Self {
        match e {
            RecordError::Io { path, source } => AnalysisError::Io { path, source },
            RecordError::Malformed {
                path,
                line,
                message,
            } => AnalysisError::Malformed {
                path,
                line,
                message,
            },
        }
    }
}
