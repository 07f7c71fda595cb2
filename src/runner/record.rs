//! The results schema: one CSV row per solve, written to `results/<experiment>.csv`.
//!
//! Columns, in order: `experiment, seed, ply, index, moves, engine, slot, repeat, score, nodes,
//! nanos, wall_nanos`. `slot` is the engine's place in the solve order for that position
//! (0 = first); `nanos` is the solve time (the engine's own report for external engines),
//! `wall_nanos` the time around the call as the harness saw it.

use serde::{Deserialize, Serialize};

/// One solve of one position by one engine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub experiment: String,
    pub seed: u64,
    pub ply: u32,
    pub index: u32,
    pub moves: String,
    pub engine: String,
    pub slot: u32,
    pub repeat: u32,
    pub score: i32,
    pub nodes: u64,
    pub nanos: u64,
    pub wall_nanos: u64,
}

/// The CSV header, in column order.
pub const HEADER: [&str; 12] = [
    "experiment",
    "seed",
    "ply",
    "index",
    "moves",
    "engine",
    "slot",
    "repeat",
    "score",
    "nodes",
    "nanos",
    "wall_nanos",
];

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// A results file that cannot be read or written.
#[derive(Debug, Error)]
pub enum RecordError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path} line {line}: {message}")]
    Malformed {
        path: PathBuf,
        line: u64,
        message: String,
    },
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> RecordError + '_ {
    move |source| RecordError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Appends records to a results file, one flushed row per solve.
pub struct RecordWriter {
    path: PathBuf,
    writer: csv::Writer<File>,
}

impl RecordWriter {
    /// Create (truncating) or, with `append`, continue a results file. A new file gets the
    /// header.
    pub fn open(path: &Path, append: bool) -> Result<Self, RecordError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io_err(dir))?;
        }
        let exists_nonempty = append && path.metadata().map(|m| m.len() > 0).unwrap_or(false);
        let file = if append {
            OpenOptions::new().create(true).append(true).open(path)
        } else {
            File::create(path)
        }
        .map_err(io_err(path))?;
        let mut writer = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(file);
        if !exists_nonempty {
            writer
                .write_record(HEADER)
                .and_then(|()| writer.flush().map_err(csv::Error::from))
                .map_err(|e| RecordError::Io {
                    path: path.to_path_buf(),
                    source: e.into(),
                })?;
        }
        Ok(Self {
            path: path.to_path_buf(),
            writer,
        })
    }

    /// Write one record and flush it to the operating system.
    pub fn write(&mut self, r: &Record) -> Result<(), RecordError> {
        self.writer.serialize(r).map_err(|e| RecordError::Io {
            path: self.path.clone(),
            source: e.into(),
        })?;
        self.writer.flush().map_err(io_err(&self.path))
    }

    /// The file written to.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// What a scan of a results file found.
#[derive(Debug, Default)]
pub struct Scan {
    /// Complete records with the byte offset just past each.
    pub records: Vec<(Record, u64)>,
    /// Bytes of an unfinished last line (a run killed mid-write), 0 if none.
    pub partial_tail: u64,
    /// Byte offset just past the header line.
    pub header_end: u64,
}

/// Read every record of a results file, checking the header and every field. An unfinished last
/// line (no newline) is reported in `partial_tail`, not as an error; anything else malformed is
/// an error naming the line.
pub fn scan(path: &Path) -> Result<Scan, RecordError> {
    let mut file = File::open(path).map_err(io_err(path))?;
    let len = file.metadata().map_err(io_err(path))?.len();
    // An unfinished last line: find the last newline.
    let mut complete_len = len;
    if len > 0 {
        let mut last = [0u8; 1];
        file.seek(SeekFrom::Start(len - 1)).map_err(io_err(path))?;
        file.read_exact(&mut last).map_err(io_err(path))?;
        if last[0] != b'\n' {
            let mut buf = Vec::new();
            file.seek(SeekFrom::Start(0)).map_err(io_err(path))?;
            file.read_to_end(&mut buf).map_err(io_err(path))?;
            complete_len = buf
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i as u64 + 1);
        }
        file.seek(SeekFrom::Start(0)).map_err(io_err(path))?;
    }
    let malformed = |line: u64, message: String| RecordError::Malformed {
        path: path.to_path_buf(),
        line,
        message,
    };
    if complete_len == 0 {
        if len == 0 {
            return Err(malformed(1, "empty file: expected the header".into()));
        }
        return Err(malformed(1, "unfinished header line".into()));
    }
    let mut rdr = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(file.take(complete_len));
    let mut raw = csv::StringRecord::new();
    let mut out = Scan {
        records: Vec::new(),
        partial_tail: len - complete_len,
        header_end: 0,
    };
    let mut line = 1u64;
    let read = |rdr: &mut csv::Reader<_>, raw: &mut csv::StringRecord, line: u64| {
        rdr.read_record(raw)
            .map_err(|e| malformed(line, e.to_string()))
    };
    if !read(&mut rdr, &mut raw, line)? || raw.iter().ne(HEADER.iter().copied()) {
        return Err(malformed(
            1,
            format!("header is not `{}`", HEADER.join(",")),
        ));
    }
    out.header_end = rdr.position().byte();
    let header = csv::StringRecord::from(HEADER.to_vec());
    loop {
        line = rdr.position().line();
        if !read(&mut rdr, &mut raw, line)? {
            break;
        }
        let rec: Record = raw.deserialize(Some(&header)).map_err(|e| {
            let msg = match e.kind() {
                csv::ErrorKind::Deserialize { err, .. } => match err.field() {
                    Some(f) => format!("column `{}`: {}", HEADER[f as usize], err.kind()),
                    None => err.to_string(),
                },
                _ => e.to_string(),
            };
            malformed(line, msg)
        })?;
        out.records.push((rec, rdr.position().byte()));
    }
    Ok(out)
}

/// Read every record of a results file; an unfinished last line is an error here.
pub fn read_all(path: &Path) -> Result<Vec<Record>, RecordError> {
    let s = scan(path)?;
    if s.partial_tail > 0 {
        let line = s.records.len() as u64 + 2;
        return Err(RecordError::Malformed {
            path: path.to_path_buf(),
            line,
            message: "truncated last line (the run was interrupted mid-write; `treebench run --resume` repairs it)".into(),
        });
    }
    Ok(s.records.into_iter().map(|(r, _)| r).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(i: u32) -> Record {
        Record {
            experiment: "t".into(),
            seed: 1,
            ply: 8,
            index: i,
            moves: "44".into(),
            engine: "mtdf:tt=20,etc=off".into(),
            slot: 0,
            repeat: 0,
            score: -2,
            nodes: 10,
            nanos: 100,
            wall_nanos: 120,
        }
    }

    #[test]
    fn round_trip_and_errors() {
        let dir = std::env::temp_dir().join(format!("treebench-rec-{}", std::process::id()));
        let path = dir.join("r.csv");
        let mut w = RecordWriter::open(&path, false).unwrap();
        w.write(&rec(0)).unwrap();
        drop(w);
        let mut w = RecordWriter::open(&path, true).unwrap();
        w.write(&rec(1)).unwrap();
        drop(w);
        let all = read_all(&path).unwrap();
        assert_eq!(all, vec![rec(0), rec(1)]);
        // a spec with a comma is quoted and survives
        assert_eq!(all[0].engine, "mtdf:tt=20,etc=off");

        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, format!("{text}t,1,8,2,44,mtdf,0,0,-2,1")).unwrap();
        let s = scan(&path).unwrap();
        assert_eq!(s.records.len(), 2);
        assert_eq!(s.header_end, HEADER.join(",").len() as u64 + 1);
        assert!(s.partial_tail > 0);
        let e = read_all(&path).unwrap_err().to_string();
        assert!(e.contains("line 4") && e.contains("truncated"), "{e}");

        std::fs::write(&path, text.replace(",-2,10,", ",-2,ten,")).unwrap();
        let e = read_all(&path).unwrap_err().to_string();
        assert!(e.contains("line 2") && e.contains("nodes"), "{e}");
        std::fs::write(&path, "a,b\n").unwrap();
        assert!(read_all(&path).unwrap_err().to_string().contains("header"));
        std::fs::remove_dir_all(&dir).ok();
    }
}
