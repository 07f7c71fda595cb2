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
pub mod games;
mod passes;
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
use crate::game::GameKind;
use crate::runner::experiment::Agreement;
use crate::runner::fresh::{self, FreshError, KeepsTable};
use crate::runner::measure::{measure, Clock, Failed, Measurement};
use crate::runner::positions::Drawn;
use crate::runner::record::{RecordError, RecordWriter};
use sequential::{Decision, Look, SequentialRule};
use serde::Serialize;
use signature::Signature;
use std::time::Instant;
use thiserror::Error;
use verdict::{GateReport, SearchComparison, SpeedReport, TimeSource, Verdict};

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
            known: None,
            suite: None,
        })
        .collect()
}

/// The built-in chess position set (`bench` and `gate --game chess`): UCI move lists drawn by
/// [`crate::runner::positions`] with [`CHESS_SEED`], [`CHESS_PER_PLY`] a ply over
/// [`CHESS_PLIES`] (a test checks that the file is that draw).
pub const CHESS_POSITIONS: &str = include_str!("chess_positions.txt");
/// Seed of the built-in chess set.
pub const CHESS_SEED: u64 = 424_242;
/// Plies of the built-in chess set: opening to endgame.
pub const CHESS_PLIES: [u32; 10] = [4, 8, 12, 16, 20, 24, 30, 40, 50, 60];
/// Positions a ply in the built-in chess set.
pub const CHESS_PER_PLY: u32 = 5;

/// The built-in chess positions; `ply` is the number of moves, `index` the line's number among
/// the positions.
#[must_use]
pub fn builtin_chess_positions() -> Vec<Drawn> {
    CHESS_POSITIONS
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .enumerate()
        .map(|(i, m)| Drawn {
            ply: m.split_whitespace().count() as u32,
            index: i as u32,
            moves: m.to_string(),
            known: None,
            suite: None,
        })
        .collect()
}

/// The built-in position set of a game: the gate set (7×6), a board's seeded set, the chess
/// set, or for every other game its seeded positions (seed 424242, four a ply at plies 1 to
/// half its longest game); `None` when none can be drawn.
#[must_use]
pub fn builtin_positions_for(game: GameKind) -> Option<(Vec<Drawn>, String)> {
    match game {
        GameKind::Chess => Some((
            builtin_chess_positions(),
            format!(
                "built-in chess set, seed {CHESS_SEED}, {CHESS_PER_PLY} a ply at plies {}",
                CHESS_PLIES.map(|p| p.to_string()).join(", ")
            ),
        )),
        GameKind::Connect4(b) if b.is_standard() => Some((
            builtin_positions(),
            "built-in gate set, plies 14–22".to_string(),
        )),
        GameKind::Connect4(b) => Some((
            board_positions(b),
            format!(
                "board {b} gate set, seed 424242, plies {}–{}",
                b.cells() / 3,
                b.cells() / 2 + 1
            ),
        )),
        GameKind::Open(def) if def.sample_plies.is_some() => {
            let plies = def.sample_plies.unwrap_or_default();
            let set: Vec<Drawn> = plies
                .iter()
                .flat_map(|&p| seeded_set(game, p..=p))
                .collect();
            let list: Vec<String> = plies.iter().map(u32::to_string).collect();
            (!set.is_empty()).then(|| {
                (
                    set,
                    format!(
                        "{game} gate set, seed 424242, 4 a ply at plies {}",
                        list.join(", ")
                    ),
                )
            })
        }
        g => {
            let last = (g.max_ply() / 2).max(1);
            let set = seeded_set(g, 1..=last);
            (!set.is_empty()).then(|| {
                (
                    set,
                    format!("{g} gate set, seed 424242, 4 a ply at plies 1–{last}"),
                )
            })
        }
    }
}

/// The gate position set of a board other than 7×6 (`gate --board`): seeded positions of that
/// board (seed 424242, four a ply from a third of the cells to one past half of them, the plies
/// 14–22 of the 7×6 set scaled), undecided and distinct. A node signature (`--expect-nodes`) is
/// a property of one board's set: the total on 7×6 says nothing about 6×5.
#[must_use]
pub fn board_positions(board: crate::game::connect4::BoardSize) -> Vec<Drawn> {
    let game = crate::game::GameKind::Connect4(board);
    seeded_set(game, board.cells() / 3..=board.cells() / 2 + 1)
}

/// The gate's seeded positions of `game`: seed 424242, four a ply at `plies`, undecided and
/// distinct.
fn seeded_set(game: GameKind, plies: std::ops::RangeInclusive<u32>) -> Vec<Drawn> {
    plies
        .flat_map(|ply| crate::runner::positions::positions_for_ply(game, 424_242, ply, 4, true))
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
    KeepsTable(#[from] KeepsTable),
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
    /// The clock of in-process engines (external engines report their own time; one that does
    /// not is timed by the round trip, and then the other side by wall time too).
    pub clock: Clock,
    /// `exact`: different scores fail the gate (exit 3); `report` (chess): they are counted as
    /// a functional change and the timings go on.
    pub agreement: Agreement,
    /// Fail (exit 4) unless nodes, best moves and scores are identical on every position.
    pub expect_same: bool,
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

/// One side of the gate as the clocks see it.
#[derive(Debug, Clone, Copy)]
struct Side {
    /// Runs in another process.
    external: bool,
    /// Reported its own time on every position of the correctness pass.
    reported: bool,
    /// The clock of the times it reports ([`Engine::reported_clock`]).
    report_clock: Clock,
    /// Searches on several threads: timed by the wall clock.
    parallel: bool,
    /// A UCI engine: its reported time is the harness's wall clock from `go` to `bestmove`.
    search: bool,
}

impl Side {
    /// The clock this side's times are on whatever the gate asks, if any.
    fn fixed(&self) -> Option<Clock> {
        if self.external {
            Some(self.report_clock)
        } else if self.parallel {
            Some(Clock::Wall)
        } else {
            None
        }
    }

    fn describe(&self) -> String {
        if self.external {
            format!("reports {} time", clock_name(self.report_clock))
        } else {
            "searches on several threads (wall time)".to_string()
        }
    }
}

/// The clock's name in the report: `wall`, `thread CPU`.
fn clock_name(c: Clock) -> &'static str {
    match c {
        Clock::Wall => "wall",
        Clock::Cpu => "thread CPU",
    }
}

/// The time sources of the two sides and the one clock both are on (from the correctness
/// pass), and whether the times are round trips. Never two clocks: an external engine that
/// does not report its time on every position is timed by the round trip, and then the other
/// side by wall time too (the thread's CPU clock would only see the harness waiting); an
/// engine that reports its time on a clock (an `ext:` engine's `clock=`, wall by default) has
/// the in-process side timed on that clock; two sides fixed to different clocks are refused.
fn time_sources(
    clock: Clock,
    sides: [Side; 2],
    specs: &[String; 2],
) -> Result<([TimeSource; 2], Clock, bool), String> {
    if sides.iter().any(|s| s.external && !s.reported) {
        let source = |s: &Side| {
            if s.external {
                TimeSource::RoundTrip
            } else {
                TimeSource::Wall
            }
        };
        return Ok(([source(&sides[0]), source(&sides[1])], Clock::Wall, true));
    }
    let on = match (sides[0].fixed(), sides[1].fixed()) {
        (Some(a), Some(b)) if a != b => {
            return Err(format!(
                "the two sides would be timed on different clocks: `{}` {}, `{}` {}; the gate compares times of one clock only. Say what an `ext:` engine reports with `ext[clock=wall]:...` or `ext[clock=cpu]:...`, or run both sides through `treebench serve` with one `--clock`",
                specs[0],
                sides[0].describe(),
                specs[1],
                sides[1].describe()
            ))
        }
        (Some(a), _) | (None, Some(a)) => a,
        (None, None) => clock,
    };
    let source = |s: &Side| {
        if s.search {
            TimeSource::SearchRoundTrip
        } else if s.external {
            TimeSource::EngineReport
        } else {
            TimeSource::from(on)
        }
    };
    Ok(([source(&sides[0]), source(&sides[1])], on, false))
}

/// A failed warm-table check as the gate reports it.
fn fresh_failure(spec: &str, e: FreshError) -> GateError {
    match e {
        FreshError::KeepsTable(k) => GateError::KeepsTable(k),
        FreshError::Failed { position, failed } => engine_failure(spec, &position, failed),
    }
}

/// Run the gate. `on_look` sees every look of the speed rule (for progress output); rows of
/// every solve go to `records` when given (repeat 0 is the correctness pass, then one repeat
/// per cycle through the positions; the untimed warm-up and the table check are not written).
pub fn run(
    baseline: &mut dyn Engine,
    candidate: &mut dyn Engine,
    cfg: &GateConfig,
    mut records: Option<&mut RecordWriter>,
    on_look: &mut dyn FnMut(&Look),
) -> Result<GateReport, GateError> {
    let started = Instant::now();
    let mut sides = passes::Sides {
        specs: [baseline.spec(), candidate.spec()],
        engines: [baseline, candidate],
    };
    let cfg = &checked_config(&sides, cfg)?;
    passes::warm_up(&mut sides, cfg)?;
    // 1 and 2: correctness and node signature.
    let mut first = passes::correctness(&mut sides, cfg, &mut records)?;
    let (sources, clock, round_trip) =
        time_sources(cfg.clock, side_facts(&sides, &first), &sides.specs)
            .map_err(GateError::Invalid)?;
    for i in 0..2 {
        if sides.engines[i].may_keep_tables() {
            fresh::check(
                &mut *sides.engines[i],
                &cfg.positions,
                &first.first[i],
                clock,
                round_trip,
            )
            .map_err(|e| fresh_failure(&sides.specs[i], e))?;
        }
    }
    // 3: speed.
    let speed = if first.mismatches.is_empty() && cfg.rule.max_pairs > 0 {
        passes::speed(
            &mut sides,
            cfg,
            clock,
            round_trip,
            &mut records,
            &mut first.mismatches,
            on_look,
        )?
    } else {
        None
    };
    let [bs, cs] = first.signatures;
    let [base_nodes, cand_nodes] = first.nodes_reported;
    let [baseline, candidate] = sides.specs;
    let mut report = GateReport {
        verdict: Verdict::Pass,
        baseline,
        candidate,
        position_set: cfg.position_set.clone(),
        positions: cfg.positions.len(),
        mismatches: first.mismatches,
        baseline_signature: base_nodes.then_some(bs),
        candidate_signature: cand_nodes.then_some(cs),
        expect_nodes: cfg.expect_nodes,
        clock,
        baseline_time: Some(sources[0]),
        candidate_time: Some(sources[1]),
        failure: None,
        speed,
        comparison: Some(first.comparison),
        expect_same: cfg.expect_same,
        elapsed_s: started.elapsed().as_secs_f64(),
        cpu: None,
    };
    report.verdict = verdict_of(&report);
    Ok(report)
}

/// The configuration checked, with the clock switched to wall time when either side searches
/// on several threads (`measure` times a parallel solve by the wall clock: so is the other side).
fn checked_config(sides: &passes::Sides, cfg: &GateConfig) -> Result<GateConfig, GateError> {
    if cfg.positions.is_empty() {
        return Err(GateError::Invalid("the position set is empty".into()));
    }
    if cfg.rule.batch == 0 {
        return Err(GateError::Invalid(
            "the batch size must be at least 1".into(),
        ));
    }
    let threads = [sides.engines[0].threads(), sides.engines[1].threads()];
    if threads[1] > 1 && cfg.expect_nodes.is_some() {
        return Err(GateError::Invalid(no_signature(
            &sides.specs[1],
            threads[1],
        )));
    }
    let mut cfg = cfg.clone();
    if threads.iter().any(|&t| t > 1) {
        cfg.clock = Clock::Wall;
    }
    Ok(cfg)
}

/// Each side as the clocks see it, after the correctness pass.
fn side_facts(sides: &passes::Sides, first: &passes::Correctness) -> [Side; 2] {
    [0, 1].map(|i| {
        let e = &*sides.engines[i];
        Side {
            external: e.external(),
            reported: first.time_reported[i],
            report_clock: e.reported_clock(),
            parallel: e.threads() > 1,
            search: e.game() == GameKind::Chess,
        }
    })
}

/// The verdict of a finished gate: wrong scores first, then the signature and `--expect-same`,
/// then the speed rule's last decision.
fn verdict_of(r: &GateReport) -> Verdict {
    let signature_ok = r.expect_nodes.is_none_or(|n| {
        r.candidate_signature
            .as_ref()
            .is_some_and(|s| s.total() == n)
    });
    let same = r.comparison.as_ref().is_none_or(SearchComparison::same);
    if !r.mismatches.is_empty() {
        Verdict::Wrong
    } else if !signature_ok || (r.expect_same && !same) {
        Verdict::SignatureMismatch
    } else if r
        .speed
        .as_ref()
        .and_then(SpeedReport::last)
        .is_some_and(|l| l.decision == Decision::Fail)
    {
        Verdict::Slower
    } else {
        Verdict::Pass
    }
}

/// Why a parallel engine has no node signature.
fn no_signature(spec: &str, threads: usize) -> String {
    format!(
        "engine `{spec}` searches on {threads} threads: its nodes depend on how the threads \
         interleave, so it has no node signature; check the signature with threads=1 (the \
         parallel search's scores are checked by `treebench verify`)"
    )
}

/// The node signature of one engine on a position set (each position solved once from a reset
/// table).
pub fn signature_of(engine: &mut dyn Engine, positions: &[Drawn]) -> Result<Signature, GateError> {
    let mut sig = Signature::default();
    let spec = engine.spec();
    if engine.threads() > 1 {
        return Err(GateError::Invalid(no_signature(&spec, engine.threads())));
    }
    for d in positions {
        let m = measure(engine, &d.moves, Clock::Wall).map_err(|f| engine_failure(&spec, d, f))?;
        sig.add(d.ply, m.nodes);
        if let Some(mv) = m.info.best_move {
            sig.add_move(d.ply, mv.as_str());
        }
    }
    Ok(sig)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(external: bool, reported: bool, report_clock: Clock) -> Side {
        Side {
            external,
            reported,
            report_clock,
            parallel: false,
            search: false,
        }
    }

    #[test]
    fn one_clock_for_both_sides() {
        use TimeSource::*;
        let specs = ["a".to_string(), "b".to_string()];
        let inproc = side(false, false, Clock::Wall);
        let t = |c, a, b| time_sources(c, [a, b], &specs);
        // An external engine without times: the round trip for it, wall time for the other.
        assert_eq!(
            t(Clock::Cpu, side(true, false, Clock::Wall), inproc),
            Ok(([RoundTrip, Wall], Clock::Wall, true))
        );
        assert_eq!(
            t(
                Clock::Cpu,
                side(true, false, Clock::Wall),
                side(true, true, Clock::Cpu)
            ),
            Ok(([RoundTrip, RoundTrip], Clock::Wall, true))
        );
        // An engine reporting wall time (the default): the in-process side on the wall clock
        // too, whatever --clock says; one reporting CPU time: the thread's CPU clock.
        assert_eq!(
            t(Clock::Cpu, side(true, true, Clock::Wall), inproc),
            Ok(([EngineReport, Wall], Clock::Wall, false))
        );
        assert_eq!(
            t(Clock::Wall, inproc, side(true, true, Clock::Cpu)),
            Ok(([Cpu, EngineReport], Clock::Cpu, false))
        );
        // In-process engines only: the chosen clock.
        assert_eq!(
            t(Clock::Cpu, inproc, inproc),
            Ok(([Cpu, Cpu], Clock::Cpu, false))
        );
        // Two clocks: refused, naming both.
        let e = t(
            Clock::Cpu,
            side(true, true, Clock::Wall),
            side(true, true, Clock::Cpu),
        )
        .unwrap_err();
        assert!(
            e.contains("`a` reports wall time, `b` reports thread CPU time"),
            "{e}"
        );
        let parallel = Side {
            parallel: true,
            ..inproc
        };
        let e = t(Clock::Cpu, parallel, side(true, true, Clock::Cpu)).unwrap_err();
        assert!(e.contains("several threads"), "{e}");
        // UCI engines: both from `go` to `bestmove`, on the wall clock.
        let uci = Side {
            search: true,
            ..side(true, true, Clock::Wall)
        };
        assert_eq!(
            t(Clock::Cpu, uci, uci),
            Ok(([SearchRoundTrip, SearchRoundTrip], Clock::Wall, false))
        );
    }

    #[test]
    fn builtin_chess_set_is_the_seeded_draw() {
        let p = builtin_chess_positions();
        let drawn: Vec<String> = CHESS_PLIES
            .iter()
            .flat_map(|&ply| {
                crate::runner::positions::positions_for_ply(
                    GameKind::Chess,
                    CHESS_SEED,
                    ply,
                    CHESS_PER_PLY,
                    true,
                )
            })
            .map(|d| d.moves)
            .collect();
        assert_eq!(p.iter().map(|d| d.moves.clone()).collect::<Vec<_>>(), drawn);
        assert!((40..=60).contains(&p.len()), "{}", p.len());
        assert!(p.iter().all(|d| CHESS_PLIES.contains(&d.ply)));
    }

    #[test]
    fn builtin_set() {
        let p = builtin_positions();
        assert_eq!(p.len(), 25);
        assert!(p.iter().all(|d| (14..=22).contains(&d.ply)));
    }
}
