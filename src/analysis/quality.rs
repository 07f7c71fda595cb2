//! Quality statistics of a decisions file ([`crate::runner::quality`]): per engine, and per
//! ply, how good the chosen moves were by the referee's exact scores.
//!
//! - **optimal-move rate**: the chosen move's exact score equals the position's;
//! - **blunder rate**: the chosen move changes the position's result (from a won position a
//!   move that does not win, from a drawn one a move that loses);
//! - **value-class accuracy**, where the engine gives a value: the sign of its value names the
//!   position's result (positive: a win for the side to move, 0: a draw);
//! - **proof errors**: proven values or results that contradict the referee (must be 0);
//! - **mean loss**: the position's exact score minus the chosen move's, in score units.
//!
//! Without an exact referee (chess), a test suite judges: the **solve rate** (the move is one
//! of the suite's best moves, none of its moves to avoid) takes the optimal-move rate's place
//! and the measures that need exact scores are absent.
//!
//! Rates carry 95% Wilson intervals, the mean loss a normal-approximation 95% interval. Every
//! engine is compared with the baseline (the experiment's first engine) position by position on
//! the optimal-move indicator: McNemar's exact test per ply, Holm-adjusted across the plies, and
//! over all plies. The Pareto front: the engines no other engine beats on both the optimal-move
//! rate and the mean decision time.

use std::collections::BTreeMap;

use crate::runner::move_values::result_of;
use crate::runner::quality::DecisionRecord;
use crate::stats::games::{mcnemar_exact, wilson_interval, Z95};
use crate::stats::multiple::holm;

/// `k` of `n` with its 95% Wilson interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    pub k: u64,
    pub n: u64,
    pub ci: (f64, f64),
}

impl Rate {
    /// `k` of `n`; `None` without trials.
    #[must_use]
    pub fn of(k: u64, n: u64) -> Option<Self> {
        let ci = wilson_interval(k, n).ok()?;
        Some(Self { k, n, ci })
    }

    /// `k / n`.
    #[must_use]
    pub fn value(&self) -> f64 {
        self.k as f64 / self.n as f64
    }
}

/// A mean with its 95% normal-approximation interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mean {
    pub mean: f64,
    pub ci: (f64, f64),
}

impl Mean {
    fn of(xs: &[f64]) -> Option<Self> {
        let n = xs.len() as f64;
        if xs.is_empty() {
            return None;
        }
        let mean = xs.iter().sum::<f64>() / n;
        let var = if xs.len() > 1 {
            xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        let half = Z95 * (var / n).sqrt();
        Some(Self {
            mean,
            ci: (mean - half, mean + half),
        })
    }
}

/// The judged decisions of one engine (at one ply, or over all).
#[derive(Debug, Clone, PartialEq)]
pub struct Judged {
    /// Optimal moves (by the referee) or solved positions (by a suite).
    pub optimal: Rate,
    /// `None` without an exact referee.
    pub blunder: Option<Rate>,
    /// `None` when the engine gives no value, or without an exact referee.
    pub class_accuracy: Option<Rate>,
    /// Decisions with a proof, and those the referee contradicts (0 without a referee).
    pub proofs: u64,
    pub proof_errors: u64,
    /// `None` without an exact referee.
    pub loss: Option<Mean>,
}

/// One engine's quality.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineQuality {
    pub engine: String,
    /// Its budget curve (the sweep's base spec), the option swept and its value.
    pub curve: String,
    pub budget_kind: String,
    pub budget: Option<u64>,
    pub all: Judged,
    pub by_ply: Vec<(u32, Judged)>,
    /// Means per decision; `None` when not reported.
    pub nodes: Option<f64>,
    pub playouts: Option<f64>,
    pub nanos: f64,
}

/// One engine against the baseline on the optimal-move indicator, position by position.
#[derive(Debug, Clone, PartialEq)]
pub struct Versus {
    pub engine: String,
    pub baseline: String,
    /// Per ply: paired positions, the optimal-rate difference (engine − baseline), McNemar's
    /// p-value and its Holm adjustment across plies.
    pub by_ply: Vec<(u32, u64, f64, f64, f64)>,
    /// Over all plies: positions, difference, McNemar's p-value.
    pub all: (u64, f64, f64),
}

/// What judged the decisions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Judge {
    /// An exact referee scored every legal move (Connect-4).
    Referee,
    /// A test suite's best moves and moves to avoid (chess EPD `bm`/`am`).
    Suite,
}

/// The quality analysis of one experiment.
#[derive(Debug, Clone, PartialEq)]
pub struct QualityAnalysis {
    pub experiment: String,
    pub judge: Judge,
    pub plies: Vec<u32>,
    /// Engines in the file's first-seen order (the experiment's).
    pub engines: Vec<EngineQuality>,
    pub versus: Vec<Versus>,
    /// Indices into `engines` of the Pareto front (optimal rate against mean time), fastest
    /// first.
    pub pareto: Vec<usize>,
}

/// Whether `r`'s engine proved something the referee contradicts (`None`: no proof).
fn proof_error(r: &DecisionRecord, exact: i32) -> Option<bool> {
    if let Some(p) = r.proven {
        return Some(p != exact);
    }
    let claimed = r.proven_result.as_deref()?;
    let want = crate::runner::quality::result_name(result_of(exact));
    Some(claimed != want)
}

/// Judge decisions (every one solved or not by a referee or a suite).
fn judge(rows: &[&DecisionRecord]) -> Option<Judged> {
    let n = rows.len() as u64;
    let solved = rows
        .iter()
        .map(|r| r.solved())
        .collect::<Option<Vec<bool>>>()?;
    let optimal = Rate::of(solved.iter().filter(|&&s| s).count() as u64, n)?;
    let mut j = Judged {
        optimal,
        blunder: None,
        class_accuracy: None,
        proofs: 0,
        proof_errors: 0,
        loss: None,
    };
    let exact: Option<Vec<(i32, i32)>> = rows
        .iter()
        .map(|r| Some((r.exact?, r.chosen_exact?)))
        .collect();
    let Some(exact) = exact else {
        return Some(j); // a suite: only the solve rate
    };
    let (mut blunder, mut class_n, mut class_k) = (0, 0, 0);
    for (r, &(e, c)) in rows.iter().zip(&exact) {
        blunder += u64::from(result_of(c) != result_of(e));
        if let Some(v) = r.value {
            class_n += 1;
            class_k += u64::from(result_of(v) == result_of(e));
        }
        if let Some(wrong) = proof_error(r, e) {
            j.proofs += 1;
            j.proof_errors += u64::from(wrong);
        }
    }
    let loss: Vec<f64> = exact.iter().map(|&(e, c)| f64::from(e - c)).collect();
    j.blunder = Rate::of(blunder, n);
    j.class_accuracy = Rate::of(class_k, class_n);
    j.loss = Mean::of(&loss);
    Some(j)
}

fn mean_of(xs: impl Iterator<Item = Option<u64>>) -> Option<f64> {
    let v: Vec<u64> = xs.collect::<Option<Vec<u64>>>()?;
    (!v.is_empty()).then(|| v.iter().sum::<u64>() as f64 / v.len() as f64)
}

/// The quality of one engine from its rows.
fn engine_quality(rows: &[&DecisionRecord]) -> Option<EngineQuality> {
    let first = rows.first()?;
    let mut by_ply: BTreeMap<u32, Vec<&DecisionRecord>> = BTreeMap::new();
    for r in rows {
        by_ply.entry(r.ply).or_default().push(r);
    }
    Some(EngineQuality {
        engine: first.engine.clone(),
        curve: first.curve.clone(),
        budget_kind: first.budget_kind.clone(),
        budget: first.budget,
        all: judge(rows)?,
        by_ply: by_ply
            .into_iter()
            .filter_map(|(p, rs)| Some((p, judge(&rs)?)))
            .collect(),
        nodes: mean_of(rows.iter().map(|r| r.nodes)),
        playouts: mean_of(rows.iter().map(|r| r.playouts)),
        nanos: rows.iter().map(|r| r.nanos as f64).sum::<f64>() / rows.len() as f64,
    })
}

/// McNemar's exact test of `engine` against `base`: (paired positions, rate difference, p).
fn mcnemar(engine: &[(u32, u32, bool)], base: &BTreeMap<(u32, u32), bool>) -> (u64, f64, f64) {
    let (mut n, mut b, mut c) = (0u64, 0u64, 0u64);
    for (ply, index, opt) in engine {
        let Some(&other) = base.get(&(*ply, *index)) else {
            continue;
        };
        n += 1;
        b += u64::from(*opt && !other);
        c += u64::from(!*opt && other);
    }
    let p = mcnemar_exact(b, c).map_or(f64::NAN, |m| m.p_value);
    let diff = if n == 0 {
        f64::NAN
    } else {
        (b as f64 - c as f64) / n as f64
    };
    (n, diff, p)
}

/// The optimal-move indicator of every decision of `engine`: (ply, index, optimal).
fn indicators(rows: &[DecisionRecord], engine: &str) -> Vec<(u32, u32, bool)> {
    rows.iter()
        .filter(|r| r.engine == engine)
        .filter_map(|r| Some((r.ply, r.index, r.solved()?)))
        .collect()
}

/// Every engine against the first, per ply (Holm across plies) and over all plies.
fn versus_all(rows: &[DecisionRecord], engines: &[EngineQuality], plies: &[u32]) -> Vec<Versus> {
    let Some(base) = engines.first() else {
        return Vec::new();
    };
    let base_ind: BTreeMap<(u32, u32), bool> = indicators(rows, &base.engine)
        .into_iter()
        .map(|(p, i, o)| ((p, i), o))
        .collect();
    engines[1..]
        .iter()
        .map(|e| {
            let ind = indicators(rows, &e.engine);
            let per: Vec<(u32, u64, f64, f64)> = plies
                .iter()
                .map(|&ply| {
                    let at: Vec<_> = ind.iter().copied().filter(|x| x.0 == ply).collect();
                    let (n, d, p) = mcnemar(&at, &base_ind);
                    (ply, n, d, p)
                })
                .collect();
            let adjusted = holm(&per.iter().map(|x| x.3).collect::<Vec<_>>());
            Versus {
                engine: e.engine.clone(),
                baseline: base.engine.clone(),
                by_ply: per
                    .iter()
                    .zip(adjusted)
                    .map(|(&(ply, n, d, p), h)| (ply, n, d, p, h))
                    .collect(),
                all: mcnemar(&ind, &base_ind),
            }
        })
        .collect()
}

/// The Pareto front of (mean time, optimal rate): engines no other is at least as fast and at
/// least as accurate as, and strictly better in one; fastest first.
#[must_use]
pub fn pareto_front(engines: &[EngineQuality]) -> Vec<usize> {
    let key = |e: &EngineQuality| (e.nanos, e.all.optimal.value());
    let mut front: Vec<usize> = (0..engines.len())
        .filter(|&i| {
            let (t, a) = key(&engines[i]);
            !engines.iter().any(|o| {
                let (ot, oa) = key(o);
                ot <= t && oa >= a && (ot < t || oa > a)
            })
        })
        .collect();
    front.sort_by(|&a, &b| engines[a].nanos.total_cmp(&engines[b].nanos));
    front
}

/// Analyse the decisions of one experiment (rows of one experiment, every one judged by a
/// referee).
pub fn analyze(rows: &[DecisionRecord]) -> Result<QualityAnalysis, String> {
    let first = rows.first().ok_or("no decisions")?;
    if let Some(r) = rows.iter().find(|r| r.experiment != first.experiment) {
        return Err(format!(
            "decisions of two experiments (`{}` and `{}`): analyse one at a time",
            first.experiment, r.experiment
        ));
    }
    if let Some(r) = rows.iter().find(|r| r.solved().is_none()) {
        return Err(format!(
            "`{}` at `{}`: neither a referee's score nor a suite's moves judge this decision",
            r.engine, r.moves
        ));
    }
    let mut order: Vec<&str> = Vec::new();
    for r in rows {
        if !order.contains(&r.engine.as_str()) {
            order.push(&r.engine);
        }
    }
    let engines: Vec<EngineQuality> = order
        .iter()
        .filter_map(|e| engine_quality(&rows.iter().filter(|r| r.engine == *e).collect::<Vec<_>>()))
        .collect();
    let mut plies: Vec<u32> = rows.iter().map(|r| r.ply).collect();
    plies.sort_unstable();
    plies.dedup();
    let judge = if rows.iter().all(|r| r.exact.is_some()) {
        Judge::Referee
    } else {
        Judge::Suite
    };
    Ok(QualityAnalysis {
        experiment: first.experiment.clone(),
        judge,
        versus: versus_all(rows, &engines, &plies),
        pareto: pareto_front(&engines),
        plies,
        engines,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(engine: &str, ply: u32, index: u32, exact: i32, chosen: i32) -> DecisionRecord {
        DecisionRecord {
            experiment: "q".into(),
            engine: engine.into(),
            curve: engine.into(),
            ply,
            index,
            exact: Some(exact),
            chosen_exact: Some(chosen),
            nanos: 10,
            ..DecisionRecord::default()
        }
    }

    #[test]
    fn rates_blunders_losses_and_mcnemar() {
        let mut rows = Vec::new();
        for i in 0..10 {
            rows.push(row("a", 8, i, 3, 3)); // always optimal
                                             // b: optimal on 4, a slower win on 3, a draw from a win (blunder) on 3
            let chosen = match i {
                0..=3 => 3,
                4..=6 => 1,
                _ => 0,
            };
            rows.push(row("b", 8, i, 3, chosen));
        }
        let q = analyze(&rows).unwrap();
        let (a, b) = (&q.engines[0], &q.engines[1]);
        assert_eq!((a.all.optimal.k, a.all.optimal.n), (10, 10));
        assert_eq!((b.all.optimal.k, b.all.blunder.unwrap().k), (4, 3));
        assert!((b.all.loss.unwrap().mean - (3.0 * 2.0 + 3.0 * 3.0) / 10.0).abs() < 1e-12);
        assert!(b.all.optimal.ci.0 < 0.4 && 0.4 < b.all.optimal.ci.1);
        assert_eq!(b.all.class_accuracy, None, "no values given");
        // b optimal where a is not: 0; a where b is not: 6 -> p = 2 / 2^6
        let v = &q.versus[0];
        assert_eq!(v.all.0, 10);
        assert!((v.all.1 + 0.6).abs() < 1e-12);
        assert!((v.all.2 - 2.0 / 64.0).abs() < 1e-12);
        assert_eq!(q.pareto, vec![0], "a is as fast and better");
    }

    #[test]
    fn a_suite_judges_by_its_best_moves_and_moves_to_avoid() {
        let suite = |engine: &str, index: u32, chosen: &str| DecisionRecord {
            experiment: "s".into(),
            engine: engine.into(),
            curve: engine.into(),
            index,
            chosen: chosen.into(),
            optimal: Some("e2e4 d2d4".into()),
            avoid: Some("g1f3".into()),
            nanos: 5,
            ..DecisionRecord::default()
        };
        let rows = [
            suite("x", 0, "d2d4"),
            suite("x", 1, "c2c4"),
            suite("x", 2, "g1f3"),
        ];
        let q = analyze(&rows).unwrap();
        let j = &q.engines[0].all;
        assert_eq!((j.optimal.k, j.optimal.n), (1, 3));
        assert_eq!((j.blunder, j.loss), (None, None));
        let mut only_avoid = suite("y", 0, "c2c4");
        only_avoid.optimal = None;
        assert_eq!(only_avoid.solved(), Some(true));
        only_avoid.chosen = "g1f3".into();
        assert_eq!(only_avoid.solved(), Some(false));
    }

    #[test]
    fn a_wrong_proof_is_counted() {
        let mut r = row("m", 10, 0, 5, 5);
        r.proven_result = Some("loss".into());
        r.value = Some(-1);
        let q = analyze(&[r]).unwrap();
        let j = &q.engines[0].all;
        assert_eq!((j.proofs, j.proof_errors), (1, 1));
        assert_eq!(j.class_accuracy.unwrap().k, 0);
        let mut ok = row("m", 10, 0, 5, 5);
        ok.proven = Some(5);
        assert_eq!(analyze(&[ok]).unwrap().engines[0].all.proof_errors, 0);
    }
}
