//! The gate's three passes over the position set, each a short function called by
//! [`run`](super::run): the warm-up, the correctness pass (scores, node signatures, which
//! clocks the sides can be timed on) and the speed pass (paired timings under the sequential
//! rule).

use super::sequential::{look, Decision, Look};
use super::signature::Signature;
use super::verdict::{SearchComparison, SpeedReport};
use super::{engine_failure, fresh_failure, mismatch, solve_pair, GateConfig, GateError, Mismatch};
use crate::engine::Engine;
use crate::runner::experiment::Agreement;
use crate::runner::fresh;
use crate::runner::measure::{measure, Clock, Measurement};
use crate::runner::record::RecordWriter;

/// The two engines of a gate with their canonical specs (baseline first).
pub(super) struct Sides<'a> {
    pub engines: [&'a mut dyn Engine; 2],
    pub specs: [String; 2],
}

/// Start external processes outside the timed solves (one untimed solve of the last position);
/// an engine that may keep its tables solves the positions after the ones its warm-table check
/// compares, so that first-touch costs fall on none of them.
pub(super) fn warm_up(sides: &mut Sides, cfg: &GateConfig) -> Result<(), GateError> {
    let last = cfg.positions.last().expect("not empty");
    for i in 0..2 {
        let engine = &mut *sides.engines[i];
        if engine.may_keep_tables() {
            fresh::warm_up(engine, &cfg.positions)
                .map_err(|e| fresh_failure(&sides.specs[i], e))?;
        } else if engine.external() {
            measure(engine, &last.moves, Clock::Wall)
                .map_err(|f| engine_failure(&sides.specs[i], last, f))?;
        }
    }
    Ok(())
}

/// What the correctness pass (every position once, from reset tables) found.
pub(super) struct Correctness {
    /// Node (and best-move) signature of each side.
    pub signatures: [Signature; 2],
    /// Whether each side reported nodes on every position (and searches on one thread).
    pub nodes_reported: [bool; 2],
    /// Whether each side reported its own time on every position.
    pub time_reported: [bool; 2],
    /// Each side's measurement of every position, in order (the warm-table check's first solves).
    pub first: [Vec<Measurement>; 2],
    /// Score disagreements (only under `agreement = exact`).
    pub mismatches: Vec<Mismatch>,
    /// How far the two searches differ.
    pub comparison: SearchComparison,
}

/// The correctness pass: each position solved once by both sides, order alternated.
pub(super) fn correctness(
    sides: &mut Sides,
    cfg: &GateConfig,
    records: &mut Option<&mut RecordWriter>,
) -> Result<Correctness, GateError> {
    let threads = [sides.engines[0].threads(), sides.engines[1].threads()];
    let mut c = Correctness {
        signatures: [Signature::default(), Signature::default()],
        nodes_reported: [true; 2],
        time_reported: [true; 2],
        first: [Vec::new(), Vec::new()],
        mismatches: Vec::new(),
        comparison: SearchComparison {
            positions: cfg.positions.len(),
            ..SearchComparison::default()
        },
    };
    for (i, d) in cfg.positions.iter().enumerate() {
        let p = solve_pair(
            cfg.clock,
            &mut sides.engines,
            &sides.specs,
            d,
            i % 2 == 0,
            0,
            records,
        )?;
        for (side, m) in [&p.base, &p.cand].into_iter().enumerate() {
            c.signatures[side].add(d.ply, m.nodes);
            if let Some(mv) = m.info.best_move {
                c.signatures[side].add_move(d.ply, mv.as_str());
            }
            // A parallel engine's nodes depend on timing: no signature.
            c.nodes_reported[side] &= m.nodes_reported && threads[side] == 1;
            c.time_reported[side] &= m.time_reported;
            c.first[side].push(*m);
        }
        let cmp = &mut c.comparison;
        cmp.nodes_differ += usize::from(p.base.nodes != p.cand.nodes);
        cmp.moves_differ += usize::from(p.base.info.best_move != p.cand.info.best_move);
        if !p.base.same_value(&p.cand) {
            cmp.scores_differ += 1;
            if cfg.agreement == Agreement::Exact {
                c.mismatches
                    .push(mismatch(&sides.specs, d, p.base.score, p.cand.score));
            }
        }
    }
    c.comparison.nodes_compared = c.nodes_reported[0] && c.nodes_reported[1];
    Ok(c)
}

/// The speed pass: paired, alternated timings cycling through the positions until the
/// sequential rule decides (or `max_pairs`). A score disagreement under `agreement = exact`
/// ends it and goes to `mismatches`; then there is no speed report.
pub(super) fn speed(
    sides: &mut Sides,
    cfg: &GateConfig,
    clock: Clock,
    round_trip: bool,
    records: &mut Option<&mut RecordWriter>,
    mismatches: &mut Vec<Mismatch>,
    on_look: &mut dyn FnMut(&Look),
) -> Result<Option<SpeedReport>, GateError> {
    let pick = |m: &Measurement| if round_trip { m.wall_nanos } else { m.nanos };
    let n = cfg.positions.len();
    let (mut tb, mut tc) = (Vec::new(), Vec::new());
    let mut looks = Vec::new();
    for i in 0..cfg.rule.max_pairs {
        let (d, cycle) = (&cfg.positions[i % n], i / n);
        let baseline_first = (i + cycle) % 2 == 1;
        let p = solve_pair(
            clock,
            &mut sides.engines,
            &sides.specs,
            d,
            baseline_first,
            cycle as u32 + 1,
            records,
        )?;
        if !p.base.same_value(&p.cand) && cfg.agreement == Agreement::Exact {
            mismatches.push(mismatch(&sides.specs, d, p.base.score, p.cand.score));
            return Ok(None);
        }
        tb.push(pick(&p.base));
        tc.push(pick(&p.cand));
        if !cfg.rule.is_look(tb.len()) {
            continue;
        }
        if let Some(l) = look(&cfg.rule, &tb, &tc) {
            on_look(&l);
            let stop = l.decision != Decision::Continue;
            looks.push(l);
            if stop {
                break;
            }
        }
    }
    Ok(Some(SpeedReport {
        rule: cfg.rule,
        looks_planned: cfg.rule.looks(),
        alpha_per_look: cfg.rule.alpha_per_look(),
        looks,
    }))
}
