//! The results schema: one CSV row per solve, written to `results/<experiment>.csv`.
//!
//! The columns are declared once, in [`COLUMNS`] (name, type, meaning, in file order); the
//! [`Record`] struct, the CSV [`HEADER`], the checks of [`Rows`] (used by the resume [`scan`]
//! and by `analysis::validate_csv`) and the polars schema of `analysis::load` all derive from
//! that one declaration.

use serde::Serialize;

/// The type of a column's values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColumnType {
    /// UTF-8 text (CSV-quoted where it holds a comma).
    Text,
    U32,
    U64,
    I32,
    /// Optional: an empty field is a value not reported ("n/a").
    OptText,
    OptU32,
    OptU64,
    OptI32,
}

/// One column of a results file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    pub name: &'static str,
    pub ty: ColumnType,
    pub meaning: &'static str,
}

/// The [`ColumnType`] of a Rust field type, so that each column's type is written once.
pub trait ColumnValue {
    const TYPE: ColumnType;
}
impl ColumnValue for String {
    const TYPE: ColumnType = ColumnType::Text;
}
impl ColumnValue for u32 {
    const TYPE: ColumnType = ColumnType::U32;
}
impl ColumnValue for u64 {
    const TYPE: ColumnType = ColumnType::U64;
}
impl ColumnValue for i32 {
    const TYPE: ColumnType = ColumnType::I32;
}
impl ColumnValue for Option<i32> {
    const TYPE: ColumnType = ColumnType::OptI32;
}
impl ColumnValue for Option<String> {
    const TYPE: ColumnType = ColumnType::OptText;
}
impl ColumnValue for Option<u32> {
    const TYPE: ColumnType = ColumnType::OptU32;
}
impl ColumnValue for Option<u64> {
    const TYPE: ColumnType = ColumnType::OptU64;
}

/// A CSV file of rows of one type, declared once by [`csv_schema!`]: the header (the column
/// names in order) and the widths a file of it may have (a file written before later optional
/// columns existed has a prefix of the header). [`RecordWriter`], [`Rows`], [`scan_rows`] and
/// [`read_rows`] work on any schema: the results file ([`Record`]), the decisions of a quality
/// run, the games of a match.
pub trait Schema: Serialize + serde::de::DeserializeOwned {
    /// The column names, in file order.
    const HEADER: &'static [&'static str];
    /// The numbers of columns a file may have (its header is that prefix of [`Schema::HEADER`];
    /// the missing fields, all optional, read as empty).
    const KNOWN_WIDTHS: &'static [usize];
}

/// Column names of earlier versions of the formats, each with its name now: a file written
/// then reads under the new name (`tt_probes` became `tt_lookups` when "probe" came to mean a
/// driver's root search only).
pub const RENAMED_COLUMNS: [(&str, &str); 1] = [("tt_probes", "tt_lookups")];

/// Whether a file's column name `got` is the column `name` (or its earlier name).
fn column_is(got: &[u8], name: &str) -> bool {
    got == name.as_bytes()
        || RENAMED_COLUMNS
            .iter()
            .any(|(old, new)| *new == name && got == old.as_bytes())
}

/// Whether `header` is `S`'s header or one of its known prefixes.
pub fn header_matches_for<'a, S: Schema>(header: impl Iterator<Item = &'a [u8]>) -> bool {
    let got: Vec<&[u8]> = header.collect();
    S::KNOWN_WIDTHS.contains(&got.len())
        && got
            .iter()
            .zip(S::HEADER.iter())
            .all(|(g, h)| column_is(g, h))
}

/// Declares a CSV schema once: the row struct (its fields in column order, documented with their
/// meaning), its columns, its header and its [`Schema`] impl. `widths` lists the column counts
/// of older files besides the full one (empty for a schema that never grew).
macro_rules! csv_schema {
    (
        $(#[$doc:meta])* $row:ident, $columns:ident, $header:ident, widths [$($w:expr),*];
        $($name:ident: $ty:ty => $meaning:literal,)*
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        pub struct $row {
            $(#[doc = $meaning] pub $name: $ty,)*
        }

        /// The columns, in file order.
        pub const $columns: [$crate::runner::record::Column; [$(stringify!($name)),*].len()] = [
            $($crate::runner::record::Column {
                name: stringify!($name),
                ty: <$ty as $crate::runner::record::ColumnValue>::TYPE,
                meaning: $meaning,
            },)*
        ];

        /// The CSV header: the names of the columns, in order.
        pub const $header: [&str; $columns.len()] = [$(stringify!($name)),*];

        impl $crate::runner::record::Schema for $row {
            const HEADER: &'static [&'static str] = &$header;
            const KNOWN_WIDTHS: &'static [usize] = &[$($w,)* $columns.len()];
        }
    };
}
pub(crate) use csv_schema;

csv_schema! {
    /// One solve of one position by one engine: one row of a results file.
    Record, COLUMNS, HEADER, widths [LEGACY_COLUMNS, 17, 26];
    experiment: String => "Name of the experiment.",
    seed: u64 => "Seed the positions were drawn with.",
    ply: u32 => "Number of moves played in the position.",
    index: u32 => "The position's number among those drawn at its ply.",
    moves: String => "The move string of the position.",
    engine: String => "The engine's canonical spec.",
    slot: u32 => "The engine's place in the solve order for that position (0 = first).",
    repeat: u32 => "Which repetition of the position's solves (0 = first).",
    score: i32 => "The exact score the engine returned.",
    nodes: Option<u64> => "Search nodes the engine reported; empty when it reports none (n/a).",
    nanos: u64 => "Solve time in nanoseconds (the engine's own report for external engines).",
    wall_nanos: u64 => "Wall time around the call as the harness saw it, in nanoseconds.",
    probes: u32 => "Root searches (probes) the driver made; 0 for engines that do not report them.",
    best_move: Option<String> => "The engine's best move (UCI engines); empty when not reported.",
    depth: Option<u32> => "Depth of the search the score came from (UCI engines); empty when not reported.",
    seldepth: Option<u32> => "Selective depth (UCI engines); empty when not reported.",
    engine_nanos: Option<u64> => "Search time the engine itself reported (UCI: its milliseconds), in nanoseconds; empty when not reported.",
    interior: Option<u64> => "Search counter: nodes that searched at least one child; empty when the engine does not count (n/a).",
    leaves: Option<u64> => "Search counter: nodes scored without searching children (terminal or horizon evaluations); empty when not counted.",
    qnodes: Option<u64> => "Search counter: quiescence-search nodes (0 without quiescence); empty when not counted.",
    tt_lookups: Option<u64> => "Search counter: transposition-table lookups (reads); empty when not counted.",
    tt_hits: Option<u64> => "Search counter: table lookups that found an entry for the position; empty when not counted.",
    tt_cutoffs: Option<u64> => "Search counter: table lookups whose stored bound ended the node; empty when not counted.",
    beta_cutoffs: Option<u64> => "Search counter: nodes that stopped at a child's value at or above beta; empty when not counted.",
    first_move_cutoffs: Option<u64> => "Search counter: beta cut-offs made by the first child searched (ordering quality); empty when not counted.",
    researches: Option<u64> => "Search counter: searches repeated with another window (PVS re-searches, aspiration fails, root probes after the first); empty when not counted.",
    value: Option<String> => "A chance game's exact value for the player to move, a rational `N/D` (`score` is its nearest integer); empty for other games.",
    chance_nodes: Option<u64> => "Chance-search counter: chance nodes expanded; empty for engines of games without chance.",
    chance_cutoffs: Option<u64> => "Chance-search counter: chance nodes cut (by a scout's bounds or an outcome outside its window); empty for engines of games without chance.",
    scouts: Option<u64> => "Chance-search counter: Star2's scouts (one move of a chance node's child searched); empty for engines of games without chance.",
}

/// The position of the column `name` in [`COLUMNS`], for readers that take a row's fields by
/// index; used in a `const`, a name that is not a column fails the build.
#[must_use]
pub const fn column_index(name: &str) -> usize {
    let name = name.as_bytes();
    let mut i = 0;
    while i < COLUMNS.len() {
        let c = COLUMNS[i].name.as_bytes();
        if c.len() == name.len() {
            let mut k = 0;
            while k < c.len() && c[k] == name[k] {
                k += 1;
            }
            if k == c.len() {
                return i;
            }
        }
        i += 1;
    }
    panic!("not a column of the results schema")
}

/// Columns of files written before the optional columns above existed: such a file's header is
/// the first [`LEGACY_COLUMNS`] names, and its rows read the missing fields as empty.
pub const LEGACY_COLUMNS: usize = 13;

/// The widths a results file may have: its header is the first that many names of [`HEADER`]
/// (13: before the UCI columns; 17: before the search counters; 26: before the chance
/// columns; all of them), and its rows read the missing (optional) fields as empty.
pub const KNOWN_WIDTHS: [usize; 4] = [LEGACY_COLUMNS, 17, 26, COLUMNS.len()];

/// Whether `header` is [`HEADER`] or one of its known prefixes (see [`KNOWN_WIDTHS`]).
pub fn header_matches<'a>(header: impl Iterator<Item = &'a [u8]>) -> bool {
    header_matches_for::<Record>(header)
}

impl Record {
    /// Fill the search-counter columns from `counters`; `None` (an engine that does not count)
    /// leaves them empty ("n/a").
    pub fn set_counters(&mut self, counters: Option<&crate::engine::SearchCounters>) {
        let field = |f: fn(&crate::engine::SearchCounters) -> u64| counters.map(f);
        self.interior = field(|c| c.interior);
        self.leaves = field(|c| c.leaves);
        self.qnodes = field(|c| c.qnodes);
        self.tt_lookups = field(|c| c.tt_lookups);
        self.tt_hits = field(|c| c.hits);
        self.tt_cutoffs = field(|c| c.table_cutoffs);
        self.beta_cutoffs = field(|c| c.beta_cutoffs);
        self.first_move_cutoffs = field(|c| c.first_move_cutoffs);
        self.researches = field(|c| c.researches);
    }

    /// Fill the chance columns from a chance engine's result; `None` leaves them empty.
    pub fn set_chance(
        &mut self,
        chance: Option<&crate::engine::generic::chance_engine::ChanceResult>,
    ) {
        self.value = chance.map(|c| c.value.to_string());
        self.chance_nodes = chance.map(|c| c.counters.chance_nodes);
        self.chance_cutoffs = chance.map(|c| c.counters.chance_cutoffs);
        self.scouts = chance.map(|c| c.counters.scouts);
    }
}

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

/// Appends rows of schema `S` (results records by default) to a file; every call is flushed to
/// the operating system.
pub struct RecordWriter<S: Schema = Record> {
    path: PathBuf,
    writer: csv::Writer<File>,
    rows: std::marker::PhantomData<S>,
}

impl<S: Schema> RecordWriter<S> {
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
                .write_record(S::HEADER)
                .and_then(|()| writer.flush().map_err(csv::Error::from))
                .map_err(|e| RecordError::Io {
                    path: path.to_path_buf(),
                    source: e.into(),
                })?;
        }
        Ok(Self {
            path: path.to_path_buf(),
            writer,
            rows: std::marker::PhantomData,
        })
    }

    /// Write one record and flush it to the operating system.
    pub fn write(&mut self, r: &S) -> Result<(), RecordError> {
        self.write_all(std::slice::from_ref(r))
    }

    /// Write records and flush them to the operating system together: one `write(2)` for a
    /// position's rows instead of one a row.
    pub fn write_all(&mut self, rows: &[S]) -> Result<(), RecordError> {
        for r in rows {
            self.writer.serialize(r).map_err(|e| RecordError::Io {
                path: self.path.clone(),
                source: e.into(),
            })?;
        }
        self.writer.flush().map_err(io_err(&self.path))
    }

    /// The file written to.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// A streaming reader of the rows of a results file that checks them against [`COLUMNS`]: the
/// header must be exactly [`HEADER`] and every row must have one parsable field per column.
/// Errors are [`RecordError::Malformed`], naming the file, the line and the column.
pub struct Rows<R, S: Schema = Record> {
    path: PathBuf,
    rdr: csv::Reader<R>,
    raw: csv::ByteRecord,
    header: csv::ByteRecord,
    header_end: u64,
    rows: std::marker::PhantomData<S>,
}

impl<R: Read, S: Schema> Rows<R, S> {
    /// Read and check the header of the results file `path` (named in errors) from `reader`.
    pub fn new(path: &Path, reader: R) -> Result<Self, RecordError> {
        let mut rdr = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(reader);
        let mut raw = csv::ByteRecord::new();
        let got = rdr
            .read_byte_record(&mut raw)
            .map_err(|e| row_error(path, S::HEADER, &e, 1))?;
        if !got || !header_matches_for::<S>(raw.iter()) {
            let found: Vec<_> = raw.iter().map(String::from_utf8_lossy).collect();
            return Err(RecordError::Malformed {
                path: path.to_path_buf(),
                line: 1,
                message: format!(
                    "header is `{}`, expected `{}`",
                    found.join(","),
                    S::HEADER.join(",")
                ),
            });
        }
        let header_end = rdr.position().byte();
        // Rows read under the schema's names (a file's earlier names are the same columns).
        let header = csv::ByteRecord::from(S::HEADER[..raw.len()].to_vec());
        Ok(Self {
            path: path.to_path_buf(),
            rdr,
            header,
            raw,
            header_end,
            rows: std::marker::PhantomData,
        })
    }

    /// Byte offset just past the header line.
    #[must_use]
    pub fn header_end(&self) -> u64 {
        self.header_end
    }

    /// Byte offset just past the last row read.
    #[must_use]
    pub fn offset(&self) -> u64 {
        self.rdr.position().byte()
    }

    /// The next row, `None` at the end of the input.
    pub fn next_record(&mut self) -> Result<Option<S>, RecordError> {
        let line = self.rdr.position().line();
        match self.rdr.read_byte_record(&mut self.raw) {
            Ok(false) => Ok(None),
            Ok(true) => self
                .raw
                .deserialize(Some(&self.header))
                .map(Some)
                .map_err(|e| row_error(&self.path, S::HEADER, &e, line)),
            Err(e) => Err(row_error(&self.path, S::HEADER, &e, line)),
        }
    }

    /// Whether nothing follows the last row read (after an error: whether the bad row was the
    /// last one).
    pub fn at_end(&mut self) -> bool {
        let mut next = csv::ByteRecord::new();
        matches!(self.rdr.read_byte_record(&mut next), Ok(false))
    }
}

/// A CSV error of a row as a [`RecordError::Malformed`] naming the column; `line` is the row's
/// line where the error has no position.
fn row_error(path: &Path, header: &[&str], e: &csv::Error, line: u64) -> RecordError {
    let column = |i: u64| header.get(i as usize).copied().unwrap_or("?");
    let message = match e.kind() {
        csv::ErrorKind::UnequalLengths {
            expected_len, len, ..
        } => format!("expected {expected_len} fields, found {len}"),
        csv::ErrorKind::Deserialize { err, .. } => match err.field() {
            Some(i) => format!("column `{}`: {}", column(i), err.kind()),
            None => err.kind().to_string(),
        },
        csv::ErrorKind::Utf8 { err, .. } => {
            format!("column `{}`: invalid UTF-8", column(err.field() as u64))
        }
        _ => e.to_string(),
    };
    RecordError::Malformed {
        path: path.to_path_buf(),
        line: e.position().map_or(line, csv::Position::line),
        message,
    }
}

/// What a scan of a results file found.
#[derive(Debug, Default)]
pub struct Scan<S = Record> {
    /// Complete records with the byte offset just past each.
    pub records: Vec<(S, u64)>,
    /// Bytes of an unfinished last line (a run killed mid-write), 0 if none.
    pub partial_tail: u64,
    /// Byte offset just past the header line.
    pub header_end: u64,
}

/// Read every record of a results file, checking the header and every field. An unfinished last
/// line (no newline) is reported in `partial_tail`, not as an error; anything else malformed is
/// an error naming the line.
pub fn scan(path: &Path) -> Result<Scan, RecordError> {
    scan_rows::<Record>(path)
}

/// [`scan`] of a file of any schema.
pub fn scan_rows<S: Schema>(path: &Path) -> Result<Scan<S>, RecordError> {
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
    if complete_len == 0 {
        return Err(RecordError::Malformed {
            path: path.to_path_buf(),
            line: 1,
            message: if len == 0 {
                "empty file: expected the header".into()
            } else {
                "unfinished header line".into()
            },
        });
    }
    let mut rows = Rows::<_, S>::new(path, file.take(complete_len))?;
    let mut out = Scan {
        records: Vec::new(),
        partial_tail: len - complete_len,
        header_end: rows.header_end(),
    };
    while let Some(rec) = rows.next_record()? {
        out.records.push((rec, rows.offset()));
    }
    Ok(out)
}

/// Read every record of a results file; an unfinished last line is an error here.
pub fn read_all(path: &Path) -> Result<Vec<Record>, RecordError> {
    read_rows::<Record>(path)
}

/// [`read_all`] of a file of any schema.
pub fn read_rows<S: Schema>(path: &Path) -> Result<Vec<S>, RecordError> {
    let s = scan_rows::<S>(path)?;
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

    #[test]
    fn column_index_is_the_schema_order() {
        for (i, c) in COLUMNS.iter().enumerate() {
            assert_eq!(column_index(c.name), i, "{}", c.name);
        }
        assert_eq!(column_index("probes"), 12);
        assert!(std::panic::catch_unwind(|| column_index("no_such_column")).is_err());
    }

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
            nodes: Some(10),
            nanos: 100,
            wall_nanos: 120,
            probes: 3,
            best_move: None,
            depth: None,
            seldepth: None,
            engine_nanos: None,
            interior: None,
            leaves: None,
            qnodes: None,
            tt_lookups: None,
            tt_hits: None,
            tt_cutoffs: None,
            beta_cutoffs: None,
            first_move_cutoffs: None,
            researches: None,
            value: None,
            chance_nodes: None,
            chance_cutoffs: None,
            scouts: None,
        }
    }

    #[test]
    fn the_record_serialises_in_column_order() {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.serialize(rec(0)).unwrap();
        let text = String::from_utf8(w.into_inner().unwrap()).unwrap();
        assert_eq!(text.lines().next().unwrap(), HEADER.join(","));
        assert_eq!(HEADER.len(), 30);
        assert!(
            text.lines()
                .nth(1)
                .unwrap()
                .ends_with(&format!(",3{}", ",".repeat(17))),
            "{text}"
        );
        assert_eq!(COLUMNS[8].ty, ColumnType::I32);
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
        std::fs::write(&path, text.replace(",-2,10,", ",-2,")).unwrap();
        let e = read_all(&path).unwrap_err().to_string();
        assert!(e.contains("line 2: expected 30 fields, found 29"), "{e}");
        // a file of the 26 columns before the chance columns reads with them empty
        let before_chance = format!(
            "{}\nt,1,8,0,44,mtdf,0,0,-2,10,100,120,3{}\n",
            HEADER[..26].join(","),
            ",".repeat(13)
        );
        std::fs::write(&path, before_chance).unwrap();
        let old = read_all(&path).unwrap();
        assert_eq!(
            (old[0].score, old[0].value.clone(), old[0].scouts),
            (-2, None, None)
        );
        // a legacy file (13 columns) reads with the new fields empty
        let legacy = "experiment,seed,ply,index,moves,engine,slot,repeat,score,nodes,nanos,wall_nanos,probes\nt,1,8,0,44,mtdf,0,0,-2,10,100,120,3\n";
        std::fs::write(&path, legacy).unwrap();
        let old = read_all(&path).unwrap();
        assert_eq!(
            (old[0].nodes, old[0].best_move.clone(), old[0].depth),
            (Some(10), None, None)
        );
        // a file of the 17 columns before the search counters reads with the counters empty
        let before = format!(
            "{}\nt,1,8,0,44,mtdf,0,0,-2,10,100,120,3,e2e4,,,\n",
            HEADER[..17].join(",")
        );
        std::fs::write(&path, before).unwrap();
        let old = read_all(&path).unwrap();
        assert_eq!(
            (old[0].best_move.as_deref(), old[0].leaves),
            (Some("e2e4"), None)
        );
        // a header of another width is refused
        std::fs::write(&path, format!("{}\n", HEADER[..20].join(","))).unwrap();
        assert!(read_all(&path).is_err());
        // the counters round-trip, a missing one stays empty (n/a), never 0
        let mut k = rec(3);
        (k.interior, k.leaves, k.tt_lookups, k.first_move_cutoffs) =
            (Some(5), Some(7), Some(0), Some(2));
        RecordWriter::open(&path, false).unwrap().write(&k).unwrap();
        let back = read_all(&path).unwrap();
        assert_eq!(back, vec![k.clone()]);
        assert_eq!((back[0].tt_lookups, back[0].researches), (Some(0), None));
        // a file written when `tt_lookups` was `tt_probes` reads under the new name, and
        // appending to it keeps its header
        let old_header = HEADER.join(",").replace("tt_lookups", "tt_probes");
        let row = std::fs::read_to_string(&path).unwrap();
        let row = row.lines().nth(1).unwrap().to_string();
        std::fs::write(&path, format!("{old_header}\n{row}\n")).unwrap();
        assert_eq!(read_all(&path).unwrap(), vec![k.clone()]);
        RecordWriter::open(&path, true).unwrap().write(&k).unwrap();
        assert_eq!(read_all(&path).unwrap(), vec![k.clone(), k.clone()]);
        assert!(std::fs::read_to_string(&path)
            .unwrap()
            .starts_with(&old_header));
        // a chess row with its search columns
        let mut c = rec(2);
        c.best_move = Some("e2e4".into());
        c.depth = Some(10);
        c.engine_nanos = Some(4_000_000);
        RecordWriter::open(&path, false).unwrap().write(&c).unwrap();
        assert_eq!(read_all(&path).unwrap(), vec![c]);
        std::fs::write(&path, "a,b\n").unwrap();
        let e = read_all(&path).unwrap_err().to_string();
        assert!(
            e.contains("line 1: header is `a,b`, expected `experiment,"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}
