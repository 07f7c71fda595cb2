//! The CI regression gate: is a candidate engine correct, does it search the same tree, is it
//! slower than the baseline?
//!
//! [`run`] takes two engines (any registry spec: usually `ext:` processes built from two git
//! revisions, see [`baseline`]) and a position set (the built-in [`GATE_POSITIONS`], about
//! 1–20 ms a solve, or an experiment's positions), and gives three verdicts:
//!
//! 1. **correctness**: every position is solved once by both engines from reset tables; any
//!    score difference is a failure with reproducers (exit 3);
//! 2. **node signature** ([`signature`]): the nodes of that pass per ply and in total, printed
//!    as a diff; with an expected total (`--expect-nodes`) a mismatch of the candidate fails
//!    (exit 4);
//! 3. **speed** ([`sequential`]): paired, alternated timings of the same positions, cycling
//!    through the set; a one-sided Wilcoxon signed-rank test on the log time ratios, with a
//!    noise threshold and a sequential stopping rule (Bonferroni over the looks); fails (exit 1)
//!    only when the candidate is slower beyond the threshold.
//!
//! [`verdict`] renders the report as Markdown (a pull-request comment) and JSON; [`table`]
//! prints a BitBully-README-style comparison table from a results file.

pub mod baseline;
pub mod sequential;
pub mod signature;
pub mod table;
pub mod verdict;

/// The clocks, now in [`crate::runner::measure`] (the one timed-solve path); this path stays for
/// the gate's files and the command line.
pub mod clock {
    pub use crate::runner::measure::{thread_cpu_nanos, Clock, Stopwatch};
}

use crate::engine::Engine;
use crate::runner::measure::{measure, Clock, Failed, Measurement};
use crate::runner::positions::Drawn;
use crate::runner::record::{RecordError, RecordWriter};
use sequential::{look, Decision, Look, SequentialRule};
use serde::Serialize;
use signature::Signature;
use std::time::Instant;
use thiserror::Error;
use verdict::{GateReport, SpeedReport, Verdict};

/// The built-in gate position set (move strings, `#` comments).
pub const GATE_POSITIONS: &str = include_str!("positions.txt");

/// The built-in gate positions; `index` is the line's number among the positions.
#[must_use]
pub fn builtin_positions() -> Vec<Drawn> {
    GATE_POSITIONS
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .enumerate()
        .map(|(i, m)| Drawn {
            ply: m.len() as u32,
            index: i as u32,
            moves: m.to_string(),
        })
        .collect()
}

/// Why the gate could not reach a verdict (exit 2).
#[derive(Debug, Error)]
pub enum GateError {
    #[error("engine `{engine}` failed on `{moves}` (ply {ply}): {message}")]
    EngineFailure {
        engine: String,
        ply: u32,
        moves: String,
        message: String,
    },
    #[error(transparent)]
    Records(#[from] RecordError),
    #[error("{0}")]
    Invalid(String),
}

/// What to run.
#[derive(Debug, Clone)]
pub struct GateConfig {
    /// The positions, for the correctness and signature pass and, cycled, for the timings.
    pub positions: Vec<Drawn>,
    /// What the position set is, for the report.
    pub position_set: String,
    /// The speed rule; `max_pairs = 0` skips the timings.
    pub rule: SequentialRule,
    /// The candidate's expected total nodes on the position set.
    pub expect_nodes: Option<u64>,
    /// The clock of in-process engines (external engines report their own time).
    pub clock: Clock,
}

/// One score disagreement.
#[derive(Debug, Clone, Serialize)]
pub struct Mismatch {
    pub ply: u32,
    pub moves: String,
    pub baseline_score: i32,
    pub candidate_score: i32,
    /// Commands that reproduce each engine's score.
    pub reproducers: Vec<String>,
}

/// The baseline's and the candidate's measurement of one position.
struct Pair {
    base: Measurement,
    cand: Measurement,
}

fn engine_failure(spec: &str, d: &Drawn, f: Failed) -> GateError {
    GateError::EngineFailure {
        engine: spec.to_owned(),
        ply: d.ply,
        moves: d.moves.clone(),
        message: f.error.to_string(),
    }
}

/// Solve `d` with both engines, in the order given by `baseline_first`; write the two rows.
fn solve_pair(
    clock: Clock,
    engines: &mut [&mut dyn Engine; 2],
    specs: &[String; 2],
    d: &Drawn,
    baseline_first: bool,
    repeat: u32,
    records: &mut Option<&mut RecordWriter>,
) -> Result<Pair, GateError> {
    let order = if baseline_first { [0, 1] } else { [1, 0] };
    let mut out = [None; 2];
    for &which in &order {
        let m = measure(&mut *engines[which], &d.moves, clock)
            .map_err(|f| engine_failure(&specs[which], d, f))?;
        out[which] = Some(m);
    }
    if let Some(w) = records.as_deref_mut() {
        for (slot, &which) in order.iter().enumerate() {
            let m = out[which].expect("solved");
            w.write(&m.record("gate", 0, d, &specs[which], slot as u32, repeat))?;
        }
    }
    let [base, cand] = out.map(|m| m.expect("solved"));
    Ok(Pair { base, cand })
}

fn mismatch(specs: &[String; 2], d: &Drawn, b: i32, c: i32) -> Mismatch {
    Mismatch {
        ply: d.ply,
        moves: d.moves.clone(),
        baseline_score: b,
        candidate_score: c,
        reproducers: specs
            .iter()
            .map(|s| crate::util::repro::solve_command(s, &d.moves))
            .collect(),
    }
}

/// Run the gate. `on_look` sees every look of the speed rule (for progress output); rows of
/// every solve go to `records` when given (repeat 0 is the correctness pass, then one repeat
/// per cycle through the positions).
pub fn run(
    baseline: &mut dyn Engine,
    candidate: &mut dyn Engine,
    cfg: &GateConfig,
    mut records: Option<&mut RecordWriter>,
    on_look: &mut dyn FnMut(&Look),
) -> Result<GateReport, GateError> {
    if cfg.positions.is_empty() {
        return Err(GateError::Invalid("the position set is empty".into()));
    }
    if cfg.rule.batch == 0 {
        return Err(GateError::Invalid(
            "the batch size must be at least 1".into(),
        ));
    }
    let started = Instant::now();
    let specs = [baseline.spec(), candidate.spec()];
    let mut engines: [&mut dyn Engine; 2] = [baseline, candidate];

    // 1 and 2: correctness and node signature.
    let mut sigs = [Signature::default(), Signature::default()];
    let mut mismatches = Vec::new();
    for (i, d) in cfg.positions.iter().enumerate() {
        let p = solve_pair(
            cfg.clock,
            &mut engines,
            &specs,
            d,
            i % 2 == 0,
            0,
            &mut records,
        )?;
        sigs[0].add(d.ply, p.base.nodes);
        sigs[1].add(d.ply, p.cand.nodes);
        if p.base.score != p.cand.score {
            mismatches.push(mismatch(&specs, d, p.base.score, p.cand.score));
        }
    }
    let [baseline_signature, candidate_signature] = sigs;
    let signature_ok = cfg
        .expect_nodes
        .is_none_or(|n| n == candidate_signature.total());

    // 3: speed.
    let mut speed = None;
    if mismatches.is_empty() && cfg.rule.max_pairs > 0 {
        let n = cfg.positions.len();
        let (mut tb, mut tc) = (Vec::new(), Vec::new());
        let mut looks = Vec::new();
        for i in 0..cfg.rule.max_pairs {
            let d = &cfg.positions[i % n];
            let cycle = i / n;
            let p = solve_pair(
                cfg.clock,
                &mut engines,
                &specs,
                d,
                (i + cycle) % 2 == 1,
                cycle as u32 + 1,
                &mut records,
            )?;
            if p.base.score != p.cand.score {
                mismatches.push(mismatch(&specs, d, p.base.score, p.cand.score));
                break;
            }
            tb.push(p.base.nanos);
            tc.push(p.cand.nanos);
            if cfg.rule.is_look(tb.len()) {
                if let Some(l) = look(&cfg.rule, &tb, &tc) {
                    on_look(&l);
                    let stop = l.decision != Decision::Continue;
                    looks.push(l);
                    if stop {
                        break;
                    }
                }
            }
        }
        if mismatches.is_empty() {
            speed = Some(SpeedReport {
                rule: cfg.rule,
                looks_planned: cfg.rule.looks(),
                alpha_per_look: cfg.rule.alpha_per_look(),
                looks,
            });
        }
    }

    let verdict = if !mismatches.is_empty() {
        Verdict::Wrong
    } else if !signature_ok {
        Verdict::SignatureMismatch
    } else if speed
        .as_ref()
        .and_then(SpeedReport::last)
        .is_some_and(|l| l.decision == Decision::Fail)
    {
        Verdict::Slower
    } else {
        Verdict::Pass
    };
    Ok(GateReport {
        verdict,
        baseline: specs[0].clone(),
        candidate: specs[1].clone(),
        position_set: cfg.position_set.clone(),
        positions: cfg.positions.len(),
        mismatches,
        baseline_signature,
        candidate_signature,
        expect_nodes: cfg.expect_nodes,
        clock: cfg.clock,
        speed,
        elapsed_s: started.elapsed().as_secs_f64(),
    })
}

/// The node signature of one engine on a position set (each position solved once from a reset
/// table).
pub fn signature_of(engine: &mut dyn Engine, positions: &[Drawn]) -> Result<Signature, GateError> {
    let mut sig = Signature::default();
    let spec = engine.spec();
    for d in positions {
        let m = measure(engine, &d.moves, Clock::Wall).map_err(|f| engine_failure(&spec, d, f))?;
        sig.add(d.ply, m.nodes);
    }
    Ok(sig)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_set() {
        let p = builtin_positions();
        assert_eq!(p.len(), 25);
        assert!(p.iter().all(|d| (14..=22).contains(&d.ply)));
    }
}
