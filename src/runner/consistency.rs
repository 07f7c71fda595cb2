//! Consistency of the rows of a results file: every row of a position (all engines, all
//! repeats) has the same move string and the same score, and, given the experiment, every row
//! belongs to its name, seed and positions. `--resume` and the analysis (`analyze`, `report`)
//! check each row, so that a relabelled or altered row is an error naming its line.

use super::experiment::Experiment;
use super::paired::plan;
use super::record::Record;
use std::collections::HashMap;

/// The experiment the rows must belong to.
struct Expected {
    name: String,
    seed: u64,
    /// Engines of the experiment: a row's `slot` (its place in the solve order) is below it.
    engines: usize,
    /// The move string of each `(ply, index)` the experiment draws.
    moves: HashMap<(u32, u32), String>,
    /// Whether the engines' scores must agree (`agreement = "exact"`).
    exact: bool,
}

/// A row-by-row checker of one results file.
#[derive(Default)]
pub struct Consistency {
    expected: Option<Expected>,
    /// The first row of each position: its moves, score and line.
    seen: HashMap<(String, u64, u32, u32), (String, i32, Option<String>, u64)>,
}

impl Consistency {
    /// A checker; with `exp`, rows of that experiment must also match its seed and positions.
    #[must_use]
    pub fn new(exp: Option<&Experiment>) -> Self {
        Self {
            expected: exp.map(|e| Expected {
                name: e.name.clone(),
                seed: e.seed,
                engines: e.engines.len(),
                moves: plan(e)
                    .into_iter()
                    .map(|(_, d)| ((d.ply, d.index), d.moves))
                    .collect(),
                exact: e.agreement == super::experiment::Agreement::Exact,
            }),
            seen: HashMap::new(),
        }
    }

    /// Whether rows of a position must have one score: as the experiment says, or, without one,
    /// unless the position is a chess position (chess engines at a fixed depth may differ).
    fn scores_must_agree(&self, moves: &str) -> bool {
        match &self.expected {
            Some(x) => x.exact,
            None => !crate::game::chess::looks_like_chess(moves),
        }
    }

    /// Check the row on line `line`; the error says what is wrong (without the file and line).
    /// Whether a row passes the checks against the experiment given to [`Self::new`] (name,
    /// seed, slot, position), as [`Self::check`] makes them; true without one. For a reader that
    /// holds no [`Record`]: it reports nothing, [`Self::check`] names the error.
    #[must_use]
    pub fn expected_ok(
        &self,
        experiment: &str,
        seed: u64,
        slot: u32,
        (ply, index): (u32, u32),
        moves: &str,
    ) -> bool {
        match self.expected.as_ref().filter(|x| x.name == experiment) {
            Some(x) => {
                seed == x.seed
                    && (slot as usize) < x.engines
                    && x.moves.get(&(ply, index)).is_some_and(|m| m == moves)
            }
            None => true,
        }
    }

    /// Whether two rows of one position may return different scores (see [`Self::check`]).
    #[must_use]
    pub fn scores_may_differ(&self, moves: &str) -> bool {
        !self.scores_must_agree(moves)
    }

    pub fn check(&mut self, r: &Record, line: u64) -> Result<(), String> {
        if let Some(x) = self.expected.as_ref().filter(|x| x.name == r.experiment) {
            if r.seed != x.seed {
                return Err(format!(
                    "seed {} is not the experiment's seed {} (`{}`)",
                    r.seed, x.seed, x.name
                ));
            }
            if r.slot as usize >= x.engines {
                return Err(format!(
                    "slot {} is not a place in the solve order of experiment `{}` ({} engines: 0 to {})",
                    r.slot,
                    x.name,
                    x.engines,
                    x.engines.saturating_sub(1)
                ));
            }
            match x.moves.get(&(r.ply, r.index)) {
                None => {
                    return Err(format!(
                        "ply {} index {} is not a position of experiment `{}`",
                        r.ply, r.index, x.name
                    ))
                }
                Some(m) if *m != r.moves => {
                    return Err(format!(
                        "moves `{}` are not position ply {} index {} of experiment `{}` (`{m}`)",
                        r.moves, r.ply, r.index, x.name
                    ))
                }
                Some(_) => {}
            }
        }
        let key = (r.experiment.clone(), r.seed, r.ply, r.index);
        match self.seen.get(&key) {
            None => {
                self.seen
                    .insert(key, (r.moves.clone(), r.score, r.value.clone(), line));
            }
            Some((moves, _, _, first)) if *moves != r.moves => {
                return Err(format!(
                "moves `{}` of ply {} index {} (engine `{}`) differ from `{moves}` on line {first}",
                r.moves, r.ply, r.index, r.engine
            ))
            }
            Some((_, score, value, first))
                if (*score != r.score || *value != r.value) && self.scores_must_agree(&r.moves) =>
            {
                let shown = |s: i32, v: &Option<String>| v.clone().unwrap_or_else(|| s.to_string());
                return Err(format!(
                    "score {} of ply {} index {} (engine `{}`) differs from score {} on line {first}",
                    shown(r.score, &r.value),
                    r.ply,
                    r.index,
                    r.engine,
                    shown(*score, value)
                ));
            }
            Some(_) => {}
        }
        Ok(())
    }
}
