//! Quality runs: every engine chooses a move at every position ([`Engine::choose`], its own
//! budget), and a referee judges the move: on Connect-4 the exact solver gives every move's
//! exact score ([`super::move_values`]), so a decision is optimal, a blunder (it changes the
//! position's result) or a loss of so many score units. One row per decision goes to
//! `results/<name>.csv` in the decisions schema ([`DecisionRecord`]); `analysis::quality` turns
//! them into rates with intervals, curves against the budget and the report's Quality section.
//!
//! An experiment is a quality run when it has a `[quality]` table:
//!
//! ```toml
//! [quality]
//! referee = "mtdf"        # the exact solver that scores every move (Connect-4; the default)
//! # budget curves: each base at each value of one option (its budget), besides `engines`
//! sweeps = [
//!   { bases = ["mtdf:eval=threats", "pvs:eval=threats"], option = "depth", values = "2-12:2" },
//!   { bases = ["c4-uct", "c4-puct"], option = "playouts", values = [100, 1000, 10000] },
//! ]
//! ```
//!
//! Fairness as in the paired runner: every engine's tables are reset before every decision,
//! the engines' order alternates from position to position, each decision is timed alone on the
//! run's clock. A run resumes (`--resume`: decisions already in the file are kept, a torn last
//! line is dropped), shards (`--shard K/N`) and locks its file like `run` does.

use super::experiment::Experiment;
use super::lock::ResultsLock;
use super::measure::{measure_choice, TimedChoice};
use super::meta::Meta;
use super::move_values::{result_of, MoveValueCache, MoveValues};
use super::paired::{self, RunError, RunOptions};
use super::positions::Drawn;
use super::record::{csv_schema, scan_rows, RecordError, RecordWriter};
use super::variants::{sweep, sweep_values, SweepSpec};
use crate::engine::{Engine, GameResult, MoveLimit};
use crate::runner::match_play::rules::Referee;
use serde::Deserialize;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The `[quality]` table of an experiment file.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QualitySpec {
    /// The exact solver that scores every move (Connect-4; default `mtdf`).
    #[serde(default)]
    pub referee: Option<String>,
    /// Budget curves: each base spec at each value of one option.
    #[serde(default)]
    pub sweeps: Vec<SweepSpec>,
}

/// One engine of a quality run and the budget curve it lies on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CurvePoint {
    /// The engine spec.
    pub spec: String,
    /// The curve: the sweep's base spec (the engine itself for one listed alone).
    pub curve: String,
    /// The option swept (`depth`, `playouts`), empty for an engine listed alone.
    pub budget_kind: String,
    /// The option's value on this engine.
    pub budget: Option<u64>,
}

/// A validated quality plan: the referee and every engine's curve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quality {
    /// The exact solver that judges moves, `None` where the game has none.
    pub referee: Option<String>,
    /// The points of the sweeps, in engine order after the engines listed alone.
    pub points: Vec<CurvePoint>,
}

impl Quality {
    /// Validate `spec` for an experiment of `game`: the sweeps' variants (numeric budget values)
    /// and the referee (Connect-4's default `mtdf`).
    pub fn new(spec: &QualitySpec, game: crate::game::GameKind) -> Result<Self, String> {
        let referee = match (&spec.referee, game.board()) {
            (Some(r), _) => Some(r.clone()),
            (None, Some(_)) => Some("mtdf".to_string()),
            (None, None) => None,
        };
        let mut points = Vec::new();
        for s in &spec.sweeps {
            let values = sweep_values(&s.values).map_err(|e| format!("[quality] sweep: {e}"))?;
            for v in sweep(&s.bases, &s.option, &values).map_err(|e| format!("[quality]: {e}"))? {
                let (base, value) = v.point.expect("a sweep's variant has its point");
                let budget = value.parse::<u64>().map_err(|_| {
                    format!(
                        "[quality] sweep of `{}`: `{value}` is not a whole number",
                        s.option
                    )
                })?;
                points.push(CurvePoint {
                    spec: v.spec,
                    curve: base,
                    budget_kind: s.option.clone(),
                    budget: Some(budget),
                });
            }
        }
        Ok(Self { referee, points })
    }

    /// The curve point of engine `spec` (an engine listed alone is a curve of one point).
    #[must_use]
    pub fn point(&self, spec: &str) -> CurvePoint {
        self.points
            .iter()
            .find(|p| p.spec == spec)
            .cloned()
            .unwrap_or_else(|| CurvePoint {
                spec: spec.to_string(),
                curve: spec.to_string(),
                budget_kind: String::new(),
                budget: None,
            })
    }
}

csv_schema! {
    /// One move chosen by one engine at one position, with the referee's judgement: one row of
    /// a decisions file (a quality run's results).
    DecisionRecord, DECISION_COLUMNS, DECISION_HEADER, widths [];
    experiment: String => "Name of the experiment.",
    seed: u64 => "Seed the positions were drawn with.",
    ply: u32 => "Number of moves played in the position.",
    index: u32 => "The position's number among those drawn at its ply (its line in a positions file).",
    moves: String => "The position (move string, or FEN).",
    engine: String => "The engine's canonical spec.",
    curve: String => "The budget curve the engine lies on: its sweep's base spec (the engine itself when listed alone).",
    budget_kind: String => "The option the curve sweeps (depth, playouts, ...); empty for an engine listed alone.",
    budget: Option<u64> => "The swept option's value for this engine; empty for an engine listed alone.",
    slot: u32 => "The engine's place in the decision order for that position (0 = first).",
    chosen: String => "The move the engine chose (Connect-4: its column; chess: UCI).",
    value: Option<i32> => "The engine's value of the position for the side to move (heuristic unless proven); empty when it gives none.",
    proven: Option<i32> => "The exact value the engine proved; empty when unproven.",
    proven_result: Option<String> => "The result the engine proved for the side to move (win, draw, loss); empty when unproven.",
    nodes: Option<u64> => "Search nodes (MCTS: tree nodes); empty when not reported.",
    playouts: Option<u64> => "Monte Carlo playouts; empty for engines that do not play out.",
    depth: Option<u32> => "Depth of the search the move came from (MCTS: its deepest tree node); empty when not reported.",
    nanos: u64 => "Decision time in nanoseconds on the run's clock (the engine's own report for external engines).",
    wall_nanos: u64 => "Wall time around the call, in nanoseconds.",
    exact: Option<i32> => "The position's exact score by the referee; empty without a referee.",
    chosen_exact: Option<i32> => "The chosen move's exact score by the referee; empty without a referee.",
    optimal: Option<String> => "The moves that solve the position, space-separated: the referee's optimal moves (centre first), or a test suite's best moves (EPD bm, UCI); empty when none are known.",
    avoid: Option<String> => "A test suite's moves to avoid (EPD am, UCI, space-separated); empty when none.",
}

/// The name of a proven result in the records.
#[must_use]
pub fn result_name(r: GameResult) -> &'static str {
    match r {
        GameResult::Win => "win",
        GameResult::Draw => "draw",
        GameResult::Loss => "loss",
    }
}

impl DecisionRecord {
    /// The row of `choice` by engine `point` at `d`, judged by `values` when there is a
    /// referee.
    fn new(
        exp: &Experiment,
        d: &Drawn,
        point: &CurvePoint,
        slot: u32,
        t: &TimedChoice,
        values: Option<&MoveValues>,
    ) -> Self {
        let c = &t.decision;
        let chosen = c.best.as_str().to_string();
        DecisionRecord {
            experiment: exp.name.clone(),
            seed: exp.seed,
            ply: d.ply,
            index: d.index,
            moves: d.moves.clone(),
            engine: point.spec.clone(),
            curve: point.curve.clone(),
            budget_kind: point.budget_kind.clone(),
            budget: point.budget,
            slot,
            value: c.value,
            proven: c.proven,
            proven_result: c.proven_result().map(|r| result_name(r).to_string()),
            nodes: c.nodes,
            playouts: c.playouts,
            depth: c.depth,
            nanos: t.nanos,
            wall_nanos: t.wall_nanos,
            exact: values.map(MoveValues::value),
            chosen_exact: values.and_then(|v| v.score_of(&chosen)),
            optimal: values
                .map(MoveValues::optimal)
                .or_else(|| d.suite.as_ref().map(|s| s.best.join(" ")))
                .filter(|s| !s.is_empty()),
            avoid: d
                .suite
                .as_ref()
                .map(|s| s.avoid.join(" "))
                .filter(|s| !s.is_empty()),
            chosen,
        }
    }

    /// Whether the chosen move solves the position: it keeps the referee's exact score, or it
    /// is one of a suite's best moves (when it gives any) and none of its moves to avoid;
    /// `None` when neither a referee nor a suite judges the position.
    #[must_use]
    pub fn solved(&self) -> Option<bool> {
        if let (Some(e), Some(c)) = (self.exact, self.chosen_exact) {
            return Some(c == e);
        }
        if self.optimal.is_none() && self.avoid.is_none() {
            return None;
        }
        let has = |list: &Option<String>| {
            list.as_deref()
                .is_some_and(|l| l.split_whitespace().any(|m| m == self.chosen))
        };
        Some((self.optimal.is_none() || has(&self.optimal)) && !has(&self.avoid))
    }

    /// Whether the chosen move keeps the position's exact result (`None` without a referee).
    #[must_use]
    pub fn keeps_result(&self) -> Option<bool> {
        Some(result_of(self.chosen_exact?) == result_of(self.exact?))
    }
}

/// What a quality run did.
#[derive(Debug, Clone)]
pub struct QualitySummary {
    pub results: PathBuf,
    /// Positions whose decisions were made in this run (not kept from a resumed file).
    pub positions: u64,
    /// Decisions made in this run.
    pub decisions: u64,
    /// Positions the referee solved in this run (the others came from its cache file).
    pub referee_solved: u64,
    pub wall: Duration,
}

/// Run the quality experiment `exp` (which must have a `[quality]` plan).
pub fn run(exp: &Experiment, opts: &RunOptions) -> Result<QualitySummary, RunError> {
    let quality = exp.quality.as_ref().expect("a quality experiment");
    paired::check_shard(opts.shard)?;
    let dir = &opts.results_dir;
    std::fs::create_dir_all(dir).map_err(|e| RecordError::Io {
        path: dir.clone(),
        source: e,
    })?;
    let stem = paired::results_stem(exp, opts.shard);
    let results = dir.join(format!("{stem}.csv"));
    let _lock = ResultsLock::acquire(&results)?;
    let mut engines = paired::build_engines(exp)?;
    let mut referee = match &quality.referee {
        Some(r) => {
            let cache = dir.join(format!("{}.moves.tsv", exp.name));
            Some(MoveValueCache::open(&cache, exp.game, r).map_err(RunError::Refused)?)
        }
        None => None,
    };
    let meta_file = paired::meta_path(&results);
    let fresh = !(opts.resume && results.exists());
    let (meta, done) = start(exp, opts, &results, &meta_file)?;
    paired::write_meta(&meta_file, &meta)?;
    let mut writer = RecordWriter::<DecisionRecord>::open(&results, !done.is_empty())?;
    let started = std::time::Instant::now();
    let mut summary = QualitySummary {
        results: results.clone(),
        positions: 0,
        decisions: 0,
        referee_solved: 0,
        wall: Duration::ZERO,
    };
    let judged = Judged {
        referee: referee.as_mut(),
        done: &done,
    };
    let decided = decide_positions(exp, opts, &mut engines, judged, &mut writer, &mut summary);
    if decided.is_err() && fresh && summary.decisions == 0 {
        // Nothing was decided: leave no header-only file that would ask the next run for
        // --resume or --force and hide why this one failed.
        drop(writer);
        let _ = std::fs::remove_file(&results);
        let _ = std::fs::remove_file(&meta_file);
    }
    decided?;
    let mut meta = meta;
    meta.finish();
    paired::write_meta(&meta_file, &meta)?;
    summary.referee_solved = referee.as_ref().map_or(0, MoveValueCache::solved);
    summary.wall = started.elapsed();
    Ok(summary)
}

/// The referee of a quality run (if any) and the decisions a resumed file already holds.
struct Judged<'a> {
    referee: Option<&'a mut MoveValueCache>,
    done: &'a HashSet<(u32, u32, String)>,
}

/// Every position of the run in order: the referee's values, every engine's decision, each
/// position's rows written as soon as they are made.
fn decide_positions(
    exp: &Experiment,
    opts: &RunOptions,
    engines: &mut [Box<dyn Engine>],
    mut judged: Judged,
    writer: &mut RecordWriter<DecisionRecord>,
    summary: &mut QualitySummary,
) -> Result<(), RunError> {
    let quality = exp.quality.as_ref().expect("a quality experiment");
    let todo = todo(exp, opts.shard);
    let bar = paired::progress_bar(exp, opts.progress, (todo.len() * engines.len()) as u64);
    for (seq, d) in &todo {
        let values = match judged.referee.as_mut() {
            Some(r) => Some(r.get(&d.moves).map_err(RunError::Refused)?.clone()),
            None => None,
        };
        check_known(quality, d, values.as_ref())?;
        let rows = decide_all(exp, opts, engines, *seq, d, values.as_ref(), judged.done)?;
        bar.inc(engines.len() as u64);
        if !rows.is_empty() {
            summary.positions += 1;
            summary.decisions += rows.len() as u64;
            writer.write_all(&rows)?;
        }
    }
    bar.finish_and_clear();
    Ok(())
}

/// A positions file's score (Pons' sets) is an oracle of the referee too: the referee's value
/// must equal it, or the run stops as a disagreement (exit 3).
fn check_known(quality: &Quality, d: &Drawn, values: Option<&MoveValues>) -> Result<(), RunError> {
    let (Some(known), Some(v)) = (d.known, values) else {
        return Ok(());
    };
    if v.value() == known {
        return Ok(());
    }
    let referee = quality.referee.clone().unwrap_or_default();
    Err(RunError::Disagreement(super::paired::Disagreement {
        ply: d.ply,
        index: d.index,
        moves: d.moves.clone(),
        scores: vec![(referee, v.value().to_string())],
        known: Some(known),
    }))
}

/// The positions of this run (of its shard), in the paired runner's order.
fn todo(exp: &Experiment, shard: Option<(u32, u32)>) -> Vec<(u64, Drawn)> {
    paired::run_order(paired::plan(exp))
        .into_iter()
        .enumerate()
        .filter(|(i, _)| shard.is_none_or(|(k, n)| *i as u64 % u64::from(n) == u64::from(k - 1)))
        .map(|(_, p)| p)
        .collect()
}

/// Every engine's decision at `d` (those not already in a resumed file), in alternated order.
fn decide_all(
    exp: &Experiment,
    opts: &RunOptions,
    engines: &mut [Box<dyn Engine>],
    seq: u64,
    d: &Drawn,
    values: Option<&MoveValues>,
    done: &HashSet<(u32, u32, String)>,
) -> Result<Vec<DecisionRecord>, RunError> {
    let quality = exp.quality.as_ref().expect("a quality experiment");
    let n = engines.len();
    let mut rows = Vec::with_capacity(n);
    for slot in 0..n {
        // Alternate the order: position k starts with engine k mod n.
        let which = (slot + seq as usize) % n;
        let spec = &exp.engines[which];
        if done.contains(&(d.ply, d.index, spec.clone())) {
            continue;
        }
        let e = engines[which].as_mut();
        e.reset();
        let failure = |message: String| RunError::EngineFailure {
            engine: spec.clone(),
            ply: d.ply,
            index: d.index,
            moves: d.moves.clone(),
            message,
        };
        let t = measure_choice(e, &d.moves, &MoveLimit::Spec, opts.clock)
            .map_err(|f| failure(f.error.to_string()))?;
        Referee::check_move(exp.game, &d.moves, t.decision.best.as_str()).map_err(failure)?;
        let point = quality.point(spec);
        rows.push(DecisionRecord::new(exp, d, &point, slot as u32, &t, values));
    }
    Ok(rows)
}

/// The run's metadata and the decisions already in the file: fresh for a new file; with
/// `--resume`, the old metadata checked against the experiment and the file's decisions (a
/// torn last line cut off).
fn start(
    exp: &Experiment,
    opts: &RunOptions,
    results: &Path,
    meta_file: &Path,
) -> Result<(Meta, HashSet<(u32, u32, String)>), RunError> {
    let shard = opts.shard.map(|(k, n)| format!("{k}/{n}"));
    let mut meta = Meta::collect(&exp.name, &exp.hash(), &exp.source, shard);
    meta.set_clock(opts.clock);
    meta.game = Some(exp.game.to_string());
    let exists = results.exists();
    if exists && !opts.resume && !opts.force {
        return Err(RunError::Refused(format!(
            "{} exists: pass --resume to continue it or --force to start over",
            results.display()
        )));
    }
    if !(exists && opts.resume) {
        return Ok((meta, HashSet::new()));
    }
    let old = paired::read_meta(meta_file)?;
    if old.experiment_hash != meta.experiment_hash {
        return Err(RunError::Refused(format!(
            "cannot resume {}: the experiment changed since it was started",
            results.display()
        )));
    }
    let s = scan_rows::<DecisionRecord>(results)?;
    if s.partial_tail > 0 {
        let keep = s.records.last().map_or(s.header_end, |r| r.1);
        let f = std::fs::OpenOptions::new()
            .write(true)
            .open(results)
            .map_err(|e| RecordError::Io {
                path: results.to_path_buf(),
                source: e,
            })?;
        f.set_len(keep).map_err(|e| RecordError::Io {
            path: results.to_path_buf(),
            source: e,
        })?;
    }
    let done = s
        .records
        .iter()
        .map(|(r, _)| (r.ply, r.index, r.engine.clone()))
        .collect();
    let mut meta = Meta {
        resumed_at: [old.resumed_at.clone(), vec![super::meta::now_rfc3339()]].concat(),
        ..old
    };
    meta.end_time = None;
    Ok((meta, done))
}
