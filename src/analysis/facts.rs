//! What the records themselves say about how a run was made: the solve order per engine, the
//! agreement of the scores, the number of repeats. The report's Method section states them.

use std::collections::HashMap;

use polars::prelude::*;

use super::compare::{u32s, u64s};
use super::AnalysisError;

/// Facts about an experiment's run, read from its records.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RunFacts {
    /// Per engine (in the experiment's order), how many solves it made in each slot of the solve
    /// order (`slots[k]`: solves made k-th).
    pub slots: Vec<(String, Vec<u64>)>,
    /// Distinct positions `(seed, ply, index)`.
    pub positions: usize,
    /// Positions on which the engines (or repeats) returned more than one score.
    pub score_disagreements: usize,
    /// Repeats per position (the largest `repeat` + 1).
    pub repeats: u32,
}

impl RunFacts {
    /// Whether every engine was solved in every slot equally often (± 1): the order rotated.
    #[must_use]
    pub fn rotation_balanced(&self) -> bool {
        self.slots.iter().all(|(_, counts)| {
            let lo = counts.iter().min().copied().unwrap_or(0);
            let hi = counts.iter().max().copied().unwrap_or(0);
            hi - lo <= 1
        })
    }
}

pub(super) fn run_facts(exp: &DataFrame, engines: &[String]) -> Result<RunFacts, AnalysisError> {
    let engine: Vec<String> = exp
        .column("engine")?
        .str()?
        .iter()
        .map(|e| e.unwrap_or_default().to_string())
        .collect();
    let slot = u32s(exp, "slot")?;
    let seed = u64s(exp, "seed")?;
    let ply = u32s(exp, "ply")?;
    let index = u32s(exp, "index")?;
    let repeat = u32s(exp, "repeat")?;
    let score: Vec<i32> = exp.column("score")?.i32()?.into_no_null_iter().collect();

    // A slot is a place in the solve order of the experiment's engines: a larger one (a
    // corrupted file) would size the counts below.
    if let Some(i) = slot.iter().position(|&s| s as usize >= engines.len()) {
        return Err(AnalysisError::Data(format!(
            "engine `{}` has slot {} in a run of {} engine(s) (slots 0 to {}): the results file is corrupted",
            engine[i],
            slot[i],
            engines.len(),
            engines.len().saturating_sub(1)
        )));
    }
    let width = slot.iter().max().map_or(0, |m| *m as usize + 1);
    let mut slots: Vec<(String, Vec<u64>)> = engines
        .iter()
        .map(|e| (e.clone(), vec![0; width]))
        .collect();
    let mut scores: HashMap<(u64, u32, u32), (i32, bool)> = HashMap::new();
    for i in 0..engine.len() {
        if let Some((_, counts)) = slots.iter_mut().find(|(e, _)| *e == engine[i]) {
            counts[slot[i] as usize] += 1;
        }
        let entry = scores
            .entry((seed[i], ply[i], index[i]))
            .or_insert((score[i], false));
        if entry.0 != score[i] {
            entry.1 = true;
        }
    }
    Ok(RunFacts {
        slots,
        positions: scores.len(),
        score_disagreements: scores.values().filter(|(_, d)| *d).count(),
        repeats: repeat.iter().max().map_or(0, |m| m + 1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_balance() {
        let mut f = RunFacts {
            slots: vec![("a".into(), vec![10, 10]), ("b".into(), vec![10, 9])],
            ..RunFacts::default()
        };
        assert!(f.rotation_balanced());
        f.slots[1].1 = vec![19, 0];
        assert!(!f.rotation_balanced());
    }
}
