//! Joining shard files of one experiment into one results file.

use super::lock::ResultsLock;
use super::meta::Meta;
use super::paired::{meta_path, RunError};
use super::record::{read_all, Record, RecordWriter};
use std::collections::{BTreeSet, HashSet};
use std::path::Path;

/// How to merge.
#[derive(Debug, Clone, Copy, Default)]
pub struct MergeOptions {
    /// Merge an incomplete set (missing or interrupted shards, inputs without metadata) and
    /// record what is missing in the merged metadata's `partial`.
    pub allow_partial: bool,
    /// Overwrite an existing output file.
    pub force: bool,
}

/// What a merge did.
#[derive(Debug, Clone, Default)]
pub struct Merged {
    pub rows: usize,
    /// Why the set is incomplete (empty for a complete set); only with `allow_partial`.
    pub partial: Vec<String>,
}

/// Why the set of shards is incomplete: inputs without metadata, interrupted shards (no
/// `end_time`), shards of different splits, and missing shards `K of N`.
fn incomplete(inputs: &[&Path], metas: &[Option<Meta>]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut splits: BTreeSet<u32> = BTreeSet::new();
    let mut have: BTreeSet<u32> = BTreeSet::new();
    for (path, meta) in inputs.iter().zip(metas) {
        let Some(m) = meta else {
            problems.push(format!(
                "{} has no metadata ({}), so its completeness is unknown",
                path.display(),
                meta_path(path).display()
            ));
            continue;
        };
        if m.end_time.is_none() {
            problems.push(format!(
                "{} was interrupted (no end_time in {})",
                path.display(),
                meta_path(path).display()
            ));
        }
        if let Some((k, n)) = m.shard.as_deref().and_then(|s| s.split_once('/')) {
            if let (Ok(k), Ok(n)) = (k.parse::<u32>(), n.parse::<u32>()) {
                splits.insert(n);
                have.insert(k);
            }
        }
    }
    if splits.len() > 1 {
        let s: Vec<String> = splits.iter().map(u32::to_string).collect();
        problems.push(format!(
            "the shards come from different splits (of {})",
            s.join(", of ")
        ));
    } else if let Some(&n) = splits.first() {
        for k in (1..=n).filter(|k| !have.contains(k)) {
            problems.push(format!("shard {k} of {n} is missing"));
        }
    }
    problems
}

/// Merge shard results into `out`; refuses files of different experiments or seeds, different
/// experiment hashes in their metadata, overlapping rows, an incomplete set (unless
/// `allow_partial`) and an existing `out` (unless `force`). Holds the lock of `out` meanwhile.
pub fn merge(inputs: &[&Path], out: &Path, opts: &MergeOptions) -> Result<Merged, RunError> {
    if inputs.is_empty() {
        return Err(RunError::Refused("merge: no input files".into()));
    }
    let _lock = ResultsLock::acquire(out)?;
    if out.exists() && !opts.force {
        return Err(RunError::Refused(format!(
            "merge: {} exists: pass --force to overwrite it",
            out.display()
        )));
    }
    let mut all_metas: Vec<Option<Meta>> = Vec::new();
    let mut metas: Vec<Meta> = Vec::new();
    let mut rows = ShardRows::default();
    for path in inputs {
        let meta = read_shard_meta(path, metas.first())?;
        if let Some(m) = &meta {
            metas.push(m.clone());
        }
        all_metas.push(meta);
        rows.read(path)?;
    }
    let partial = incomplete(inputs, &all_metas);
    if !partial.is_empty() && !opts.allow_partial {
        return Err(RunError::Refused(format!(
            "merge: incomplete set: {} (pass --allow-partial to merge it anyway)",
            partial.join("; ")
        )));
    }
    let mut rows = rows.rows;
    rows.sort_by(|a, b| {
        (a.ply, a.index, a.repeat, a.slot).cmp(&(b.ply, b.index, b.repeat, b.slot))
    });
    let mut w = RecordWriter::open(out, false)?;
    for r in &rows {
        w.write(r)?;
    }
    if let Some(merged) = merged_meta(&metas, &partial) {
        let text = serde_json::to_string_pretty(&merged).expect("metadata serialises");
        std::fs::write(meta_path(out), text + "\n").map_err(|e| RunError::Meta {
            path: meta_path(out),
            message: e.to_string(),
        })?;
    }
    Ok(Merged {
        rows: rows.len(),
        partial,
    })
}

/// The metadata beside shard `path`, if any; refused when it was run from another experiment
/// file than the first shard's (`first`).
fn read_shard_meta(path: &Path, first: Option<&Meta>) -> Result<Option<Meta>, RunError> {
    let Ok(text) = std::fs::read_to_string(meta_path(path)) else {
        return Ok(None);
    };
    let m: Meta = serde_json::from_str(&text).map_err(|e| RunError::Meta {
        path: meta_path(path),
        message: e.to_string(),
    })?;
    if let Some(m0) = first {
        if m0.experiment_hash != m.experiment_hash {
            return Err(RunError::Refused(format!(
                "merge: {} was run from a different experiment file (hash {} vs {})",
                path.display(),
                m.experiment_hash,
                m0.experiment_hash
            )));
        }
    }
    Ok(Some(m))
}

/// The rows of every shard read so far, checked to be of one experiment and seed and to
/// overlap nowhere.
#[derive(Default)]
struct ShardRows {
    rows: Vec<Record>,
    keys: HashSet<(u32, u32, u32, String)>,
    first: Option<(String, u64)>,
}

impl ShardRows {
    /// Add the rows of shard `path`.
    fn read(&mut self, path: &Path) -> Result<(), RunError> {
        for r in read_all(path)? {
            let id = (r.experiment.clone(), r.seed);
            match &self.first {
                None => self.first = Some(id),
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
            if !self
                .keys
                .insert((r.ply, r.index, r.repeat, r.engine.clone()))
            {
                return Err(RunError::Refused(format!(
                    "merge: shards overlap: ply {} index {} repeat {} engine `{}` appears twice (in {})",
                    r.ply,
                    r.index,
                    r.repeat,
                    r.engine,
                    path.display()
                )));
            }
            self.rows.push(r);
        }
        Ok(())
    }
}

/// The merged file's metadata: the first shard's, unsharded, spanning every shard's times,
/// with every shard's skipped positions and the merge's missing shards.
fn merged_meta(metas: &[Meta], partial: &[String]) -> Option<Meta> {
    let mut merged = metas.first()?.clone();
    merged.shard = None;
    merged.start_time = metas
        .iter()
        .map(|m| m.start_time.clone())
        .min()
        .unwrap_or_default();
    merged.end_time = if metas.iter().all(|m| m.end_time.is_some()) {
        metas.iter().filter_map(|m| m.end_time.clone()).max()
    } else {
        None
    };
    merged.skipped = metas.iter().flat_map(|m| m.skipped.clone()).collect();
    merged.partial = partial.to_vec();
    Some(merged)
}
