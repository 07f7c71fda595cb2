//! What the records themselves say about how a run was made: the solve order per engine, the
//! agreement of the scores, the number of repeats. The report's Method section states them.

use super::frame::{Frame, Keyed};
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

pub(super) fn run_facts(
    frame: &Frame,
    rows: &[u32],
    keyed: &Keyed,
    engines: &[String],
) -> Result<RunFacts, AnalysisError> {
    let slot = frame.u32s("slot")?;
    let engine = frame.u32s("engine")?;
    // A slot is a place in the solve order of the experiment's engines: a larger one (a
    // corrupted file) would size the counts below.
    if let Some(&i) = rows
        .iter()
        .find(|&&r| slot[r as usize] as usize >= engines.len())
    {
        let i = i as usize;
        return Err(AnalysisError::Data(format!(
            "engine `{}` has slot {} in a run of {} engine(s) (slots 0 to {}): the results file is corrupted",
            frame.engines[engine[i] as usize],
            slot[i],
            engines.len(),
            engines.len().saturating_sub(1)
        )));
    }
    let width = rows
        .iter()
        .map(|&r| slot[r as usize] as usize + 1)
        .max()
        .unwrap_or(0);
    let mut slots: Vec<(String, Vec<u64>)> = engines
        .iter()
        .map(|e| (e.clone(), vec![0; width]))
        .collect();
    let place: Vec<Option<usize>> = frame
        .engines
        .iter()
        .map(|e| engines.iter().position(|x| x == e))
        .collect();
    for &r in rows {
        if let Some(e) = place[engine[r as usize] as usize] {
            slots[e].1[slot[r as usize] as usize] += 1;
        }
    }
    let (positions, score_disagreements) = positions(frame.i32s("score")?, keyed);
    let repeat = frame.u32s("repeat")?;
    Ok(RunFacts {
        slots,
        positions,
        score_disagreements,
        repeats: rows
            .iter()
            .map(|&r| repeat[r as usize])
            .max()
            .map_or(0, |m| m + 1),
    })
}

/// Distinct positions `(seed, ply, index)`, and those whose rows returned more than one score.
fn positions(score: &[i32], k: &Keyed) -> (usize, usize) {
    let o = &k.order;
    let (mut positions, mut disagreements) = (0, 0);
    let mut start = 0;
    for i in 1..=o.len() {
        if i == o.len() || !k.same_position(i, start) {
            positions += 1;
            let first = score[o[start] as usize];
            if o[start..i].iter().any(|&r| score[r as usize] != first) {
                disagreements += 1;
            }
            start = i;
        }
    }
    (positions, disagreements)
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
