//! Streaming schema check of a results CSV before polars reads it, so that a malformed or
//! truncated file is reported with its path and line.

use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use crate::runner::record::{Record, HEADER};

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

/// Check that `path` is a results CSV: the header is exactly [`HEADER`], every row has 12
/// fields that parse into a [`Record`], and the last line ends with a newline or is a complete
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

    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(false)
        .from_reader(BufReader::with_capacity(1 << 16, file));
    let headers = reader
        .byte_headers()
        .map_err(|e| csv_error(path, e, false))?
        .clone();
    let found: Vec<String> = headers
        .iter()
        .map(|h| String::from_utf8_lossy(h).into_owned())
        .collect();
    if found.len() != HEADER.len() || found.iter().zip(HEADER).any(|(a, b)| a != b) {
        return Err(malformed(
            path,
            1,
            format!(
                "header is `{}`, expected `{}`",
                found.join(","),
                HEADER.join(",")
            ),
        ));
    }

    let mut summary = FileSummary {
        path: path.to_path_buf(),
        rows: 0,
        experiments: Vec::new(),
    };
    let mut row = csv::ByteRecord::new();
    loop {
        match reader.read_byte_record(&mut row) {
            Ok(false) => break,
            Ok(true) => {}
            Err(e) => {
                let at_end = !ends_with_newline && is_at_end(&mut reader);
                return Err(csv_error(path, e, at_end));
            }
        }
        let record: Record = match row.deserialize(Some(&headers)) {
            Ok(r) => r,
            Err(e) => {
                let at_end = !ends_with_newline && is_at_end(&mut reader);
                return Err(csv_error(path, e, at_end));
            }
        };
        summary.rows += 1;
        note_engine(&mut summary.experiments, record.experiment, record.engine);
    }
    Ok(summary)
}

fn note_engine(experiments: &mut Vec<(String, Vec<String>)>, experiment: String, engine: String) {
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

/// Whether the reader has nothing after the row that failed.
fn is_at_end<R: Read>(reader: &mut csv::Reader<R>) -> bool {
    let mut next = csv::ByteRecord::new();
    matches!(reader.read_byte_record(&mut next), Ok(false))
}

fn malformed(path: &Path, line: u64, message: String) -> AnalysisError {
    AnalysisError::Malformed {
        path: path.to_path_buf(),
        line,
        message,
    }
}

fn csv_error(path: &Path, e: csv::Error, truncated_last_line: bool) -> AnalysisError {
    let line = e.position().map(|p| p.line()).unwrap_or(0);
    let mut message = match e.kind() {
        csv::ErrorKind::UnequalLengths {
            expected_len, len, ..
        } => format!("expected {expected_len} fields, found {len}"),
        csv::ErrorKind::Deserialize { err, .. } => match err.field() {
            Some(i) => format!(
                "column `{}`: {}",
                HEADER.get(i as usize).copied().unwrap_or("?"),
                err.kind()
            ),
            None => err.kind().to_string(),
        },
        csv::ErrorKind::Utf8 { err, .. } => format!("invalid UTF-8 in field {}", err.field() + 1),
        _ => e.to_string(),
    };
    if truncated_last_line {
        message.push_str(" (the last line does not end with a newline: truncated file?)");
    }
    malformed(path, line, message)
}
