//! Reading results CSV files into a polars frame, and exporting them to Parquet.
//!
//! The CSV is read by the `csv` crate, column by column as [`COLUMNS`] declares them, not by
//! polars' CSV reader: with the lazy engine, polars' `csv` (and `parquet`) features bring in its
//! streaming engine and with it an async cloud-storage stack (tokio, hyper, rustls, ring,
//! object_store): about 110 crates the analysis never uses. Parquet export is the cargo feature
//! `parquet` (off by default, for that reason).

use std::path::{Path, PathBuf};

use polars::prelude::*;

use super::frame::Frame;
use super::{AnalysisError, FileSummary};
use crate::runner::record::{ColumnType, COLUMNS, HEADER};

/// The polars schema of a results CSV, derived from [`COLUMNS`] (what the tests compare the
/// frames [`read_results`] builds with).
#[cfg(test)]
pub fn results_schema() -> Schema {
    Schema::from_iter(
        COLUMNS
            .iter()
            .map(|c| Field::new(c.name.into(), dtype(c.ty))),
    )
}

#[cfg(test)]
fn dtype(ty: ColumnType) -> DataType {
    match ty {
        ColumnType::Text => DataType::String,
        ColumnType::U32 => DataType::UInt32,
        ColumnType::U64 => DataType::UInt64,
        ColumnType::I32 => DataType::Int32,
        ColumnType::OptText => DataType::String,
        ColumnType::OptU32 => DataType::UInt32,
        ColumnType::OptI32 => DataType::Int32,
        ColumnType::OptU64 => DataType::UInt64,
    }
}

/// The values of one column, typed as [`COLUMNS`] says.
enum Values {
    Text(Vec<String>),
    U32(Vec<u32>),
    U64(Vec<u64>),
    I32(Vec<i32>),
    OptText(Vec<Option<String>>),
    OptU32(Vec<Option<u32>>),
    OptI32(Vec<Option<i32>>),
    OptU64(Vec<Option<u64>>),
}

impl Values {
    fn new(ty: ColumnType) -> Self {
        match ty {
            ColumnType::Text => Values::Text(Vec::new()),
            ColumnType::U32 => Values::U32(Vec::new()),
            ColumnType::U64 => Values::U64(Vec::new()),
            ColumnType::I32 => Values::I32(Vec::new()),
            ColumnType::OptText => Values::OptText(Vec::new()),
            ColumnType::OptU32 => Values::OptU32(Vec::new()),
            ColumnType::OptI32 => Values::OptI32(Vec::new()),
            ColumnType::OptU64 => Values::OptU64(Vec::new()),
        }
    }

    fn push(&mut self, field: &str) -> Result<(), String> {
        let bad = |e: std::num::ParseIntError| format!("`{field}` is not a number ({e})");
        match self {
            Values::Text(v) => v.push(field.to_string()),
            Values::U32(v) => v.push(field.parse().map_err(bad)?),
            Values::U64(v) => v.push(field.parse().map_err(bad)?),
            Values::I32(v) => v.push(field.parse().map_err(bad)?),
            Values::OptText(v) => v.push((!field.is_empty()).then(|| field.to_string())),
            Values::OptU32(v) => v.push(opt(field).map_err(bad)?),
            Values::OptI32(v) => v.push(opt(field).map_err(bad)?),
            Values::OptU64(v) => v.push(opt(field).map_err(bad)?),
        }
        Ok(())
    }

    fn into_column(self, name: &str) -> Column {
        let name = PlSmallStr::from(name);
        match self {
            Values::Text(v) => Series::new(name, v),
            Values::U32(v) => Series::new(name, v),
            Values::U64(v) => Series::new(name, v),
            Values::I32(v) => Series::new(name, v),
            Values::OptText(v) => Series::new(name, v),
            Values::OptU32(v) => Series::new(name, v),
            Values::OptI32(v) => Series::new(name, v),
            Values::OptU64(v) => Series::new(name, v),
        }
        .into()
    }
}

/// An optional number: an empty field is `None`.
fn opt<T: std::str::FromStr<Err = std::num::ParseIntError>>(
    field: &str,
) -> Result<Option<T>, std::num::ParseIntError> {
    if field.is_empty() {
        Ok(None)
    } else {
        field.parse().map(Some)
    }
}

/// Every column of the given results files, concatenated in file and row order, with the schema
/// of [`COLUMNS`]. Checks the header and each field's type; call
/// [`super::validate_csv`] first for the full checks with errors that name the line.
pub fn read_results(paths: &[PathBuf]) -> Result<DataFrame, AnalysisError> {
    let mut columns: Vec<Values> = COLUMNS.iter().map(|c| Values::new(c.ty)).collect();
    let mut height = 0;
    for path in paths {
        let malformed = |line: u64, message: String| AnalysisError::Malformed {
            path: path.clone(),
            line,
            message,
        };
        let mut rdr = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_path(path)
            .map_err(|e| malformed(0, e.to_string()))?;
        let mut row = csv::StringRecord::new();
        let mut line = 0u64;
        let mut width = COLUMNS.len();
        while rdr
            .read_record(&mut row)
            .map_err(|e| malformed(line + 1, e.to_string()))?
        {
            line += 1;
            if line == 1 {
                width = row.len();
                if !crate::runner::record::header_matches(row.iter().map(str::as_bytes)) {
                    return Err(malformed(
                        1,
                        format!("header is not `{}`", HEADER.join(",")),
                    ));
                }
                continue;
            }
            if row.len() != width {
                return Err(malformed(
                    line,
                    format!("expected {width} fields, found {}", row.len()),
                ));
            }
            // A legacy file's missing optional columns read as empty.
            let fields = row.iter().chain(std::iter::repeat("")).take(COLUMNS.len());
            for ((values, field), c) in columns.iter_mut().zip(fields).zip(&COLUMNS) {
                values
                    .push(field)
                    .map_err(|m| malformed(line, format!("column `{}`: {m}", c.name)))?;
            }
            height += 1;
        }
    }
    let columns = columns
        .into_iter()
        .zip(&COLUMNS)
        .map(|(v, c)| v.into_column(c.name))
        .collect();
    Ok(DataFrame::new(height, columns)?)
}

/// The columns the analysis needs, from the given files, in file and row order:
/// `experiment, seed, ply, index, engine, slot, repeat, score, nodes, nanos, probes`.
pub fn load_results(paths: &[PathBuf]) -> Result<DataFrame, AnalysisError> {
    let mut df = read_results(paths)?.select([
        "experiment",
        "seed",
        "ply",
        "index",
        "engine",
        "slot",
        "repeat",
        "score",
        "nodes",
        "nanos",
        "probes",
    ])?;
    // Not reported is an empty field, null here; the paired statistics read 0 as "not
    // reported" (no solve searches 0 nodes).
    let nodes = df.column("nodes")?.fill_null(FillNullStrategy::Zero)?;
    df.replace("nodes", nodes)?;
    Ok(df)
}

/// The files checked and loaded: what [`super::validate_csv`] says of each, and the frame.
pub(super) struct Loaded {
    pub summaries: Vec<FileSummary>,
    /// `None`: the single pass left the files to the general readers, which load them when
    /// [`Loaded::frame`] is called (where the analysis loaded them before).
    frame: Option<Frame>,
    /// Per experiment name: whether its first row is a chess position; `None` where unknown.
    pub chess: Option<Vec<(String, bool)>>,
    /// Whether some file's last line has no newline.
    pub unfinished: bool,
}

/// Check every file and read the columns the analysis needs: one pass over each file
/// ([`super::scan`]); where it cannot vouch for a file, the checks of [`super::validate_csv`]
/// (whose errors name the line) and later the general reader.
pub(super) fn load_checked(paths: &[PathBuf]) -> Result<Loaded, AnalysisError> {
    if let Some(s) = super::scan::scan_files(paths) {
        let chess = s.columns.experiments.iter().cloned().zip(s.chess).collect();
        return Ok(Loaded {
            summaries: s.summaries,
            frame: Some(Frame::new(s.columns)?),
            chess: Some(chess),
            unfinished: s.unfinished,
        });
    }
    let summaries = paths
        .iter()
        .map(|p| super::validate_csv(p))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Loaded {
        summaries,
        frame: None,
        chess: None,
        unfinished: true,
    })
}

impl Loaded {
    /// The frame of the files (read by the general reader where the single pass left them).
    pub(super) fn frame(&mut self, paths: &[PathBuf]) -> Result<Frame, AnalysisError> {
        match self.frame.take() {
            Some(f) => Ok(f),
            None => Frame::from_results(&read_results(paths)?),
        }
    }
}

/// Whether this build can export Parquet (the cargo feature `parquet`).
pub const PARQUET: bool = cfg!(feature = "parquet");

/// Write the given results files (validated first) as one Parquet file at `out`, with the full
/// schema. Needs the cargo feature `parquet` (see [`PARQUET`]); without it an error says so.
pub fn export_parquet(results: &[PathBuf], out: &Path) -> Result<(), AnalysisError> {
    if !PARQUET {
        return Err(AnalysisError::Data(
            "Parquet export needs the cargo feature `parquet`, which this binary was built without: cargo build --release --features parquet".into(),
        ));
    }
    for p in results {
        super::validate_csv(p)?;
    }
    let mut df = read_results(results)?;
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| AnalysisError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
    }
    write_parquet(&mut df, out)
}

#[cfg(feature = "parquet")]
fn write_parquet(df: &mut DataFrame, out: &Path) -> Result<(), AnalysisError> {
    let file = std::fs::File::create(out).map_err(|source| AnalysisError::Io {
        path: out.to_path_buf(),
        source,
    })?;
    ParquetWriter::new(file).finish(df)?;
    Ok(())
}

#[cfg(not(feature = "parquet"))]
fn write_parquet(_: &mut DataFrame, _: &Path) -> Result<(), AnalysisError> {
    unreachable!("export_parquet checks PARQUET first")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frame_has_the_results_schema() {
        let dir = std::env::temp_dir().join(format!("treebench-load-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("r.csv");
        std::fs::write(
            &p,
            format!(
                "{}\ne,7,12,0,4455,mtdf,0,0,-3,100,2000,2500,4,,,,\ne,7,12,1,e2e4,uci:x,1,0,5,9,8,9,1,e7e5,10,12,3000000\n",
                HEADER[..17].join(",")
            ),
        )
        .unwrap();
        // a legacy file: the 13 columns before best_move, depth, seldepth, engine_nanos
        let legacy = dir.join("legacy.csv");
        std::fs::write(
            &legacy,
            format!(
                "{}\ne,7,12,2,4457,mtdf,0,0,1,7,7,7,1\n",
                HEADER[..crate::runner::record::LEGACY_COLUMNS].join(",")
            ),
        )
        .unwrap();
        let df = read_results(&[p.clone(), p.clone(), legacy]).unwrap();
        assert_eq!(df.height(), 5);
        assert_eq!(**df.schema(), results_schema());
        let score = df.column("score").unwrap().i32().unwrap();
        assert_eq!(score.get(0), Some(-3));
        assert_eq!(score.get(3), Some(5));
        let depth = df.column("depth").unwrap().u32().unwrap();
        assert_eq!(
            (depth.get(0), depth.get(1), depth.get(4)),
            (None, Some(10), None)
        );
        std::fs::write(
            &p,
            format!(
                "{}\ne,7,x,0,4455,mtdf,0,0,-3,1,2,3,4,,,,\n",
                HEADER[..17].join(",")
            ),
        )
        .unwrap();
        let e = read_results(&[p]).unwrap_err().to_string();
        assert!(e.contains("line 2") && e.contains("column `ply`"), "{e}");
    }
}
