//! The paired run: every engine solves every position from reset tables, in alternating order,
//! scores must agree, and every solve becomes a flushed row of the results file.
//!
//! The plies are interleaved ([`run_order`]): every ply's positions are spread over the run.
//! The order of the engines rotates from one position (and repeat) to the next: with two engines
//! A B, B A, A B, … so warm caches and frequency scaling favour neither. The clock runs around
//! `solve` only, not around the reset or the writing. Rows of a position are queued together once
//! all engines agree on it and written at most [`FLUSH_EVERY`] later (in one `write(2)` with the
//! other positions queued by then), so an interrupted run loses at most the position being solved
//! and those of the last second, which `--resume` solves again.

use super::consistency::Consistency;
use super::experiment::Experiment;
use super::fresh::{self, FreshError, KeepsTable};
use super::lock::{LockError, ResultsLock};
use super::measure::{Clock, Failed};
use super::meta::{now_rfc3339, Meta};
use super::positions::{positions_for_ply, Drawn};
use super::record::{scan, RecordError, RecordWriter};
use crate::engine::spec::SpecError;
use crate::engine::{registry, Engine, EngineError};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::Duration;
use thiserror::Error;

mod session;
pub use session::FLUSH_EVERY;
use session::{Pending, Session};

/// Two or more engines returned different scores for a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    pub ply: u32,
    pub index: u32,
    pub moves: String,
    /// Every engine's spec and score (a chance game's exact value), in experiment order.
    pub scores: Vec<(String, String)>,
    /// The score the positions file gives (the oracle every engine must equal), if any.
    pub known: Option<i32>,
}

impl Disagreement {
    /// One `treebench solve` command per engine that reproduces its score.
    #[must_use]
    pub fn reproducers(&self) -> Vec<String> {
        self.scores
            .iter()
            .map(|(spec, _)| crate::util::repro::solve_command(spec, &self.moves))
            .collect()
    }
}

impl std::fmt::Display for Disagreement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let scores: Vec<String> = self
            .scores
            .iter()
            .map(|(e, s)| format!("{e} = {s}"))
            .collect();
        let known = self
            .known
            .map_or(String::new(), |k| format!(", the positions file = {k}"));
        write!(
            f,
            "engines disagree on ply {} index {} `{}`: {}{known}",
            self.ply,
            self.index,
            self.moves,
            scores.join(", ")
        )
    }
}

/// Why a run stopped.
#[derive(Debug, Error)]
pub enum RunError {
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error(transparent)]
    Records(#[from] RecordError),
    #[error(transparent)]
    Locked(#[from] LockError),
    #[error("{0}")]
    Disagreement(Disagreement),
    #[error("engine `{engine}` failed on `{moves}` (ply {ply}, index {index}): {message}")]
    EngineFailure {
        engine: String,
        ply: u32,
        index: u32,
        moves: String,
        message: String,
    },
    #[error("{0}; or pass --allow-warm to run it anyway, with a warning in the run's metadata")]
    KeepsTable(KeepsTable),
    #[error("{0}")]
    Refused(String),
    #[error("{path}: {message}")]
    Meta { path: PathBuf, message: String },
}

/// How to run an experiment.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// Folder of the results file (`results/`).
    pub results_dir: PathBuf,
    /// Continue an existing results file.
    pub resume: bool,
    /// Overwrite an existing results file.
    pub force: bool,
    /// Run shard `k` of `n` (1-based `k`): the positions whose place in [`run_order`] is
    /// `k−1 mod n`.
    pub shard: Option<(u32, u32)>,
    /// Draw a progress bar (it is hidden anyway when stderr is not a terminal).
    pub progress: bool,
    /// The clock of the solve times (default: wall). [`Clock::Cpu`], the solving thread's CPU
    /// time, does not count the time the thread waits for a core on a loaded machine.
    pub clock: Clock,
    /// Run an engine the warm-table check finds keeping its tables, recording a warning in the
    /// metadata, instead of stopping.
    pub allow_warm: bool,
}

impl Default for RunOptions {
    fn default() -> Self {
        Self {
            results_dir: PathBuf::from("results"),
            resume: false,
            force: false,
            shard: None,
            progress: true,
            clock: Clock::Wall,
            allow_warm: false,
        }
    }
}

/// What a finished run did.
#[derive(Debug, Clone)]
pub struct RunSummary {
    pub results: PathBuf,
    pub meta: PathBuf,
    /// Positions solved in this session (not counting those done before a resume).
    pub positions: u64,
    /// Positions already complete in the file when resuming.
    pub resumed_positions: u64,
    pub solves: u64,
    /// Positions dropped by `min_nodes`.
    pub trivial: u64,
    /// Positions skipped for the time limit.
    pub skipped: u64,
    /// Positions whose engines returned different scores (`agreement = "report"` only).
    pub disagreements: u64,
    pub wall: Duration,
    /// Sum of the solve times as the harness clocked them.
    pub solve_time: Duration,
    /// Time of the reference solves the loop makes between positions for the run's metadata
    /// (`speed_checks_ms`), not the harness's per-solve cost: left out of the overhead.
    pub speed_check_time: Duration,
}

impl RunSummary {
    /// Harness time per solve that is not the engine's: the run loop's wall time less the sum
    /// of the solves' wall times, over the solves. It holds the engine resets (O(1) for the
    /// built-in solver), reading the measurement, the agreement check, and, once every
    /// [`FLUSH_EVERY`], building the records, the CSV rows and their `write(2)` and the
    /// progress bar, with the cache and TLB misses this code takes after a solve has swept the
    /// caches with its table; more when the machine preempts the loop between two solves (see
    /// docs/records.md). Engine construction (table allocation), the warm-table check and
    /// the metadata are before or after the loop, not in it; the reference solves made in the
    /// loop ([`Self::speed_check_time`]) are subtracted.
    #[must_use]
    pub fn overhead_per_solve(&self) -> Option<Duration> {
        (self.solves > 0).then(|| {
            self.wall
                .saturating_sub(self.solve_time)
                .saturating_sub(self.speed_check_time)
                / self.solves as u32
        })
    }
}

/// The positions of an experiment ply after ply, with their sequence numbers (`run` solves them
/// in [`run_order`]).
#[must_use]
pub fn plan(exp: &Experiment) -> Vec<(u64, Drawn)> {
    if let Some(fp) = &exp.file_positions {
        return fp
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, d)| (i as u64, d))
            .collect();
    }
    let mut seq = 0u64;
    let mut out = Vec::new();
    for &ply in &exp.plies {
        for d in positions_for_ply(
            exp.game,
            exp.seed,
            ply,
            exp.positions,
            exp.exclude_immediate_win,
        ) {
            out.push((seq, d));
            seq += 1;
        }
    }
    out
}

/// File stem of the results of `exp` (with the shard, if any).
#[must_use]
pub fn results_stem(exp: &Experiment, shard: Option<(u32, u32)>) -> String {
    match shard {
        Some((k, n)) => format!("{}.shard-{k}-of-{n}", exp.name),
        None => exp.name.clone(),
    }
}

/// Path of the metadata file beside a results file.
#[must_use]
pub fn meta_path(results: &Path) -> PathBuf {
    results.with_extension("meta.json")
}

pub(crate) fn write_meta(path: &Path, meta: &Meta) -> Result<(), RunError> {
    let text = serde_json::to_string_pretty(meta).expect("metadata serialises");
    std::fs::write(path, text + "\n").map_err(|e| RunError::Meta {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}

/// Build the experiment's engines through the registry, checking that they play its game.
pub fn build_engines(exp: &Experiment) -> Result<Vec<Box<dyn Engine>>, RunError> {
    let mut engines = Vec::new();
    for spec in &exp.engines {
        // A Connect-4 board other than 7x6 takes the sized solver; other engines are refused
        // there with a clear error (they have no board size to pass on).
        let e = match exp.game.board() {
            Some(board) => registry::build_on(spec, board)?,
            None => registry::build(spec)?,
        };
        if e.game() != exp.game.kind() {
            return Err(RunError::Refused(format!(
                "engine `{spec}` plays {}, but the experiment's game is {}",
                e.game(),
                exp.game
            )));
        }
        engines.push(e);
    }
    Ok(engines)
}

/// Run an experiment with engines built from its specs.
pub fn run(exp: &Experiment, opts: &RunOptions) -> Result<RunSummary, RunError> {
    let engines = build_engines(exp)?;
    run_with(exp, engines, opts)
}

/// Run an experiment with the given engines (one per spec, in order): check the options, take
/// the results file (resuming it), check the engines' tables are fresh, then solve the
/// positions still to do ([`Session::run`]).
pub fn run_with(
    exp: &Experiment,
    mut engines: Vec<Box<dyn Engine>>,
    opts: &RunOptions,
) -> Result<RunSummary, RunError> {
    check_shard(opts.shard)?;
    let limit = exp.time_limit.map(Duration::from_secs_f64);
    for e in &mut engines {
        e.set_time_limit(limit);
    }
    std::fs::create_dir_all(&opts.results_dir).map_err(|e| RecordError::Io {
        path: opts.results_dir.clone(),
        source: e,
    })?;
    let results = opts
        .results_dir
        .join(format!("{}.csv", results_stem(exp, opts.shard)));
    let meta_file = meta_path(&results);
    // Held until this function returns: no other writer touches the file meanwhile.
    let _lock = ResultsLock::acquire(&results)?;
    // Draw the positions before touching the files, so that an experiment that cannot be drawn
    // leaves no header-only results file behind.
    let all = run_order(plan(exp));
    let (mut meta, done, append) = start_meta(exp, opts, &results, &meta_file)?;
    for (e, spec) in engines.iter_mut().zip(&exp.engines) {
        if e.may_keep_tables() {
            check_fresh(e.as_mut(), spec, &all, opts, &mut meta)?;
        }
    }
    write_meta(&meta_file, &meta)?;
    let writer = RecordWriter::open(&results, append)?;
    let todo = todo_list(&all, opts.shard, &done, &meta);
    let per_position = exp.engines.len() as u64 * u64::from(exp.repeats);
    let bar = progress_bar(exp, opts.progress, todo.len() as u64 * per_position);
    let summary = RunSummary {
        results,
        meta: meta_file.clone(),
        positions: 0,
        resumed_positions: done.len() as u64,
        solves: 0,
        trivial: 0,
        skipped: 0,
        disagreements: 0,
        wall: Duration::ZERO,
        solve_time: Duration::ZERO,
        speed_check_time: Duration::ZERO,
    };
    let mut session = Session {
        exp,
        opts,
        engines,
        limit,
        meta,
        meta_file,
        summary,
        rows: Vec::with_capacity(per_position as usize),
        out: Pending::new(writer, exp, bar),
        hold: test_hold(),
    };
    session.run(&todo)?;
    Ok(session.summary)
}

/// `--shard K/N` needs `1 ≤ K ≤ N`.
pub(crate) fn check_shard(shard: Option<(u32, u32)>) -> Result<(), RunError> {
    match shard {
        Some((k, n)) if n == 0 || k == 0 || k > n => Err(RunError::Refused(format!(
            "--shard {k}/{n}: expected K/N with 1 ≤ K ≤ N"
        ))),
        _ => Ok(()),
    }
}

/// The run's metadata, the positions already complete in the file and whether to append to
/// it: fresh for a new file; for `--resume`, the old metadata, checked and continued, with the
/// file cut after its last complete position.
fn start_meta(
    exp: &Experiment,
    opts: &RunOptions,
    results: &Path,
    meta_file: &Path,
) -> Result<(Meta, HashSet<(u32, u32)>, bool), RunError> {
    let shard_text = opts.shard.map(|(k, n)| format!("{k}/{n}"));
    let mut meta = Meta::collect(&exp.name, &exp.hash(), &exp.source, shard_text);
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
        return Ok((meta, HashSet::new(), false));
    }
    let old = read_meta(meta_file)?;
    if old.experiment_hash != meta.experiment_hash {
        return Err(RunError::Refused(format!(
            "cannot resume {}: the experiment changed since it was started (hash {} then, {} now)",
            results.display(),
            old.experiment_hash,
            meta.experiment_hash
        )));
    }
    let done = complete_positions(exp, results)?;
    if old.clock.is_some() && old.clock != meta.clock {
        return Err(RunError::Refused(format!(
            "cannot resume {}: it was timed on the {} clock, not {}",
            results.display(),
            old.clock.as_deref().unwrap_or("?"),
            meta.clock.as_deref().unwrap_or("?")
        )));
    }
    let mut meta = Meta {
        resumed_at: [old.resumed_at.clone(), vec![now_rfc3339()]].concat(),
        game: old.game.clone().or(meta.game),
        cpu_start: meta.cpu_start,
        check_start: meta.check_start,
        speed_checks_ms: [old.speed_checks_ms.clone(), meta.speed_checks_ms].concat(),
        ..old
    };
    meta.end_time = None;
    Ok((meta, done, true))
}

/// The metadata file of a run being resumed.
pub(crate) fn read_meta(meta_file: &Path) -> Result<Meta, RunError> {
    let text = std::fs::read_to_string(meta_file).map_err(|e| RunError::Meta {
        path: meta_file.to_path_buf(),
        message: format!("cannot resume without the metadata: {e}"),
    })?;
    serde_json::from_str(&text).map_err(|e| RunError::Meta {
        path: meta_file.to_path_buf(),
        message: e.to_string(),
    })
}

/// Resume: check the rows of `results` against the experiment, keep its complete positions
/// (returned) and cut the file after the last of them (an unfinished tail is dropped).
fn complete_positions(exp: &Experiment, results: &Path) -> Result<HashSet<(u32, u32)>, RunError> {
    let per_position = exp.engines.len() as u64 * u64::from(exp.repeats);
    let s = scan(results)?;
    let mut consistency = Consistency::new(Some(exp));
    for (i, (r, _)) in s.records.iter().enumerate() {
        let line = i as u64 + 2;
        consistency.check(r, line).map_err(|message| {
            RunError::Refused(format!(
                "cannot resume {} line {line}: {message}",
                results.display()
            ))
        })?;
    }
    // Group the rows by position; keep complete positions, cut the file after the last one.
    let mut done = HashSet::new();
    let mut keep_until = s.header_end;
    let mut i = 0;
    while i < s.records.len() {
        let (ply, index) = (s.records[i].0.ply, s.records[i].0.index);
        let mut j = i;
        while j < s.records.len() && (s.records[j].0.ply, s.records[j].0.index) == (ply, index) {
            j += 1;
        }
        if (j - i) as u64 == per_position {
            done.insert((ply, index));
            keep_until = s.records[j - 1].1;
        } else if j < s.records.len() {
            return Err(RunError::Refused(format!(
                "cannot resume {}: position ply {ply} index {index} has {} rows, expected {per_position}",
                results.display(),
                j - i
            )));
        }
        i = j;
    }
    let io = |e| RecordError::Io {
        path: results.to_path_buf(),
        source: e,
    };
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(results)
        .map_err(io)?;
    file.set_len(keep_until).map_err(io)?;
    Ok(done)
}

/// The positions of this session: this shard's, less those complete in the file and those an
/// earlier session skipped for the time limit (they stay skipped, and listed once, as in an
/// uninterrupted run).
fn todo_list<'a>(
    all: &'a [(u64, Drawn)],
    shard: Option<(u32, u32)>,
    done: &HashSet<(u32, u32)>,
    meta: &Meta,
) -> Vec<&'a (u64, Drawn)> {
    all.iter()
        .filter(|(seq, _)| shard.is_none_or(|(k, n)| seq % u64::from(n) == u64::from(k - 1)))
        .filter(|(_, d)| !done.contains(&(d.ply, d.index)))
        .filter(|(_, d)| !meta.skipped.contains(&skipped_entry(d)))
        .collect()
}

/// Solve the plies interleaved: the first position of every ply, then the second of every ply,
/// and so on (the plan's order within a round), so that every ply's solves are spread over the
/// whole run. Solved ply after ply, the 20 positions of a ply of 0.1 ms solves are all timed
/// within a few milliseconds, one sample of the machine's speed: on the shared development
/// VM that speed moved by 1.3x for seconds at a time with nothing else running (the reference
/// solve 30-47 ms), and two runs of one build then differed by 1.2-1.5x on whole plies, with
/// p ~1e-5, while other plies of the same runs agreed. Interleaved, a slow spell slows a few
/// positions of every ply, not every position of a few plies.
/// The sequence numbers are renumbered in that order: the engines' order rotates from one
/// solved position to the next (`Session`), and a shard takes every `n`th position of the run.
#[must_use]
pub fn run_order(plan: Vec<(u64, Drawn)>) -> Vec<(u64, Drawn)> {
    // A position's round: its place among its ply's positions (drawn indices may have gaps).
    let mut seen = std::collections::HashMap::<u32, u64>::new();
    let mut ranked: Vec<(u64, u64, Drawn)> = plan
        .into_iter()
        .map(|(seq, d)| {
            let n = seen.entry(d.ply).or_default();
            *n += 1;
            (*n, seq, d)
        })
        .collect();
    ranked.sort_by_key(|&(round, seq, _)| (round, seq));
    ranked
        .into_iter()
        .enumerate()
        .map(|(i, (_, _, d))| (i as u64, d))
        .collect()
}

/// How a position skipped for the time limit is listed in the metadata.
fn skipped_entry(d: &Drawn) -> String {
    format!("{}:{}:{}", d.ply, d.index, d.moves)
}

/// The progress bar of `solves` solves (hidden when not asked for, and anyway when stderr is
/// not a terminal).
pub(crate) fn progress_bar(exp: &Experiment, show: bool, solves: u64) -> indicatif::ProgressBar {
    // Hidden from the start rather than at every draw: a bar on a terminal that is not one
    // asks the terminal (a system call) whenever it moves.
    if !show || !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        return indicatif::ProgressBar::hidden();
    }
    let b = indicatif::ProgressBar::new(solves);
    b.set_style(
        indicatif::ProgressStyle::with_template(
            "{prefix} [{bar:30}] {pos}/{len} solves {per_sec} ETA {eta} {msg}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    b.set_prefix(exp.name.clone());
    b
}

/// Positions of the warm-table check in a run: the quickest (latest plies) of the plan.
pub const FRESH_CHECK_POSITIONS: usize = 8;

/// Refuse an engine that keeps its tables between positions (as the gate does), or with
/// `allow_warm` record it in `meta` and go on.
fn check_fresh(
    engine: &mut dyn Engine,
    spec: &str,
    plan: &[(u64, Drawn)],
    opts: &RunOptions,
    meta: &mut Meta,
) -> Result<(), RunError> {
    // The quickest positions (latest plies), then the hardest of them first: the check
    // compares the first ones and warms up on the last ones.
    let mut positions: Vec<Drawn> = plan.iter().map(|(_, d)| d.clone()).collect();
    positions.sort_by_key(|d| std::cmp::Reverse(d.ply));
    positions.truncate(FRESH_CHECK_POSITIONS);
    positions.reverse();
    match fresh::warm_check(engine, &positions, opts.clock) {
        Ok(()) => Ok(()),
        // Over the time limit: the check cannot be made; the run skips such positions anyway.
        Err(FreshError::Failed {
            position,
            failed:
                Failed {
                    error: EngineError::Timeout,
                    ..
                },
        }) => {
            let line = format!(
                "{spec}: not checked (ply {} `{}` exceeded the time limit in the warm-table check)",
                position.ply, position.moves
            );
            eprintln!("warning: {line}");
            if !meta.warm_tables.contains(&line) {
                meta.warm_tables.push(line);
            }
            Ok(())
        }
        Err(FreshError::Failed { position, failed }) => Err(RunError::EngineFailure {
            engine: spec.to_owned(),
            ply: position.ply,
            index: position.index,
            moves: position.moves,
            message: failed.error.to_string(),
        }),
        Err(FreshError::KeepsTable(k)) if opts.allow_warm => {
            eprintln!("warning: {k}; running it anyway (--allow-warm), noted in the metadata");
            let line = format!("{spec}: {}", k.detail);
            if !meta.warm_tables.contains(&line) {
                meta.warm_tables.push(line);
            }
            Ok(())
        }
        Err(FreshError::KeepsTable(k)) => Err(RunError::KeepsTable(k)),
    }
}

/// Test hook `TREEBENCH_TEST_HOLD=N:PATH`: after the `N`th position written in this session, the
/// run writes its pid to `PATH` and waits until `PATH` is removed (or the process is signalled).
/// It makes the interruption and concurrency tests independent of the machine's speed.
fn test_hold() -> Option<(u64, PathBuf)> {
    let v = std::env::var("TREEBENCH_TEST_HOLD").ok()?;
    let (n, path) = v.split_once(':')?;
    Some((n.parse().ok()?, PathBuf::from(path)))
}

fn hold_until_released(path: &Path) {
    let tmp = path.with_extension("tmp");
    if std::fs::write(&tmp, format!("{}\n", std::process::id())).is_err()
        || std::fs::rename(&tmp, path).is_err()
    {
        return;
    }
    while path.exists() {
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_order_interleaves_the_plies() {
        let d = |ply, index| Drawn {
            ply,
            index,
            moves: format!("{ply}-{index}"),
            known: None,
            suite: None,
        };
        // Drawn indices may have gaps (12, 5 is the second of its ply).
        let plan: Vec<(u64, Drawn)> = [(10, 0), (10, 1), (10, 2), (12, 0), (12, 5), (14, 0)]
            .into_iter()
            .enumerate()
            .map(|(i, (p, x))| (i as u64, d(p, x)))
            .collect();
        let order: Vec<(u64, u32, u32)> = run_order(plan)
            .into_iter()
            .map(|(s, d)| (s, d.ply, d.index))
            .collect();
        assert_eq!(
            order,
            [
                (0, 10, 0),
                (1, 12, 0),
                (2, 14, 0),
                (3, 10, 1),
                (4, 12, 5),
                (5, 10, 2)
            ]
        );
    }
}
