//! Reading results CSV files into a polars frame, and exporting them to Parquet.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use polars::prelude::*;

use super::AnalysisError;
use crate::runner::record::{ColumnType, COLUMNS};

/// The polars schema of a results CSV, derived from [`COLUMNS`].
pub fn results_schema() -> Schema {
    Schema::from_iter(COLUMNS.iter().map(|c| {
        let ty = match c.ty {
            ColumnType::Text => DataType::String,
            ColumnType::U32 => DataType::UInt32,
            ColumnType::U64 => DataType::UInt64,
            ColumnType::I32 => DataType::Int32,
        };
        Field::new(c.name.into(), ty)
    }))
}

/// A lazy scan of the given results files, concatenated in order, with the full schema.
/// Does not validate: call [`super::validate_csv`] first for errors that name the line.
pub fn scan_results(paths: &[PathBuf]) -> Result<LazyFrame, AnalysisError> {
    let schema: SchemaRef = Arc::new(results_schema());
    let frames = paths
        .iter()
        .map(|p| {
            let path = PlRefPath::try_from_path(p)?;
            LazyCsvReader::new(path)
                .with_has_header(true)
                .with_schema(Some(schema.clone()))
                .finish()
        })
        .collect::<PolarsResult<Vec<_>>>()?;
    if frames.len() == 1 {
        return Ok(frames.into_iter().next().unwrap());
    }
    Ok(concat(frames, UnionArgs::default())?)
}

/// The columns the analysis needs, from the given files, in file and row order:
/// `experiment, seed, ply, index, engine, slot, repeat, score, nodes, nanos, probes`.
pub fn load_results(paths: &[PathBuf]) -> Result<DataFrame, AnalysisError> {
    let df = scan_results(paths)?
        .select([
            col("experiment"),
            col("seed"),
            col("ply"),
            col("index"),
            col("engine"),
            col("slot"),
            col("repeat"),
            col("score"),
            col("nodes"),
            col("nanos"),
            col("probes"),
        ])
        .collect()?;
    Ok(df)
}

/// Write the given results files (validated first) as one Parquet file at `out`, with the full
/// schema.
pub fn export_parquet(results: &[PathBuf], out: &Path) -> Result<(), AnalysisError> {
    for p in results {
        super::validate_csv(p)?;
    }
    let mut df = scan_results(results)?.collect()?;
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| AnalysisError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
    }
    let file = std::fs::File::create(out).map_err(|source| AnalysisError::Io {
        path: out.to_path_buf(),
        source,
    })?;
    ParquetWriter::new(file).finish(&mut df)?;
    Ok(())
}
