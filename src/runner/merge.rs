//! Joining shard files of one experiment into one results file.

use super::meta::Meta;
use super::paired::{meta_path, RunError};
use super::record::{read_all, Record, RecordWriter};
use std::collections::HashSet;
use std::path::Path;

/// Merge shard results into `out`; refuses files of different experiments or seeds, different
/// experiment hashes in their metadata, and overlapping rows. Returns the number of rows.
pub fn merge(inputs: &[&Path], out: &Path) -> Result<usize, RunError> {
    if inputs.is_empty() {
        return Err(RunError::Refused("merge: no input files".into()));
    }
    let mut rows: Vec<Record> = Vec::new();
    let mut keys = HashSet::new();
    let mut first: Option<(String, u64)> = None;
    let mut metas: Vec<Meta> = Vec::new();
    for path in inputs {
        if let Ok(text) = std::fs::read_to_string(meta_path(path)) {
            let m: Meta = serde_json::from_str(&text).map_err(|e| RunError::Meta {
                path: meta_path(path),
                message: e.to_string(),
            })?;
            if let Some(m0) = metas.first() {
                if m0.experiment_hash != m.experiment_hash {
                    return Err(RunError::Refused(format!(
                        "merge: {} was run from a different experiment file (hash {} vs {})",
                        path.display(),
                        m.experiment_hash,
                        m0.experiment_hash
                    )));
                }
            }
            metas.push(m);
        }
        for r in read_all(path)? {
            let id = (r.experiment.clone(), r.seed);
            match &first {
                None => first = Some(id),
                Some(f) if *f != id => {
                    return Err(RunError::Refused(format!(
                        "merge: {} holds experiment `{}` seed {}, others `{}` seed {}",
                        path.display(),
                        r.experiment,
                        r.seed,
                        f.0,
                        f.1
                    )))
                }
                Some(_) => {}
            }
            if !keys.insert((r.ply, r.index, r.repeat, r.engine.clone())) {
                return Err(RunError::Refused(format!(
                    "merge: shards overlap: ply {} index {} repeat {} engine `{}` appears twice (in {})",
                    r.ply,
                    r.index,
                    r.repeat,
                    r.engine,
                    path.display()
                )));
            }
            rows.push(r);
        }
    }
    rows.sort_by(|a, b| {
        (a.ply, a.index, a.repeat, a.slot).cmp(&(b.ply, b.index, b.repeat, b.slot))
    });
    let mut w = RecordWriter::open(out, false)?;
    for r in &rows {
        w.write(r)?;
    }
    if let Some(m) = metas.first() {
        let mut merged = m.clone();
        merged.shard = None;
        merged.start_time = metas
            .iter()
            .map(|m| m.start_time.clone())
            .min()
            .unwrap_or_default();
        merged.end_time = metas.iter().filter_map(|m| m.end_time.clone()).max();
        merged.skipped = metas.iter().flat_map(|m| m.skipped.clone()).collect();
        let text = serde_json::to_string_pretty(&merged).expect("metadata serialises");
        std::fs::write(meta_path(out), text + "\n").map_err(|e| RunError::Meta {
            path: meta_path(out),
            message: e.to_string(),
        })?;
    }
    Ok(rows.len())
}
