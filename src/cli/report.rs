//! `treebench report`: tables, figures and a README from results files (placeholder until the
//! analysis lands: prints where it would write).

use anyhow::Result;
use std::path::{Path, PathBuf};

/// Write the report of `results` under `out`.
pub fn write(results: &[PathBuf], out: &Path) -> Result<()> {
    let _ = (results, out);
    Ok(())
}
