//! The solving loop of a paired run ([`Session`]): every engine on every position in rotated
//! order, the agreement check, and the rows queued for writing ([`Pending`]).
//!
//! Between two solves the loop does as little as it can: the harness time a solve costs
//! besides the solve itself ([`super::RunSummary::overhead_per_solve`]) is mostly the cache
//! and TLB misses of whatever code runs there after the solve has swept the caches with its
//! table, so the rows are written a few times a second, not after every position.

use super::RunSummary;
use super::{hold_until_released, skipped_entry, write_meta, Disagreement, RunError, RunOptions};
use crate::engine::{Engine, EngineError};
use crate::runner::experiment::{Agreement, Experiment};
use crate::runner::measure::{measure, Failed, Measurement};
use crate::runner::meta::{Meta, PROBES_PER_RUN};
use crate::runner::positions::Drawn;
use crate::runner::record::{Record, RecordWriter};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Rows waiting to be written: the rows of complete positions are written together once
/// [`FLUSH_EVERY`] has passed since the last write (and at the end, before the test hold, and
/// before a run stops on an error), so that the `write(2)` of the results file and the cold
/// caches of its code are paid a few times a second instead of once per position.
pub(super) struct Pending {
    writer: RecordWriter,
    rows: Vec<Record>,
    last: Instant,
}

/// The longest the rows of a complete position wait before they are written: what an
/// interrupted run may lose besides the position being solved.
pub const FLUSH_EVERY: Duration = Duration::from_millis(200);

impl Pending {
    pub(super) fn new(writer: RecordWriter) -> Self {
        Self {
            writer,
            rows: Vec::new(),
            last: Instant::now(),
        }
    }

    /// Queue the rows of one complete position; write everything queued when it is time.
    fn push(&mut self, rows: &mut Vec<Record>) -> Result<(), RunError> {
        self.rows.append(rows);
        if self.last.elapsed() >= FLUSH_EVERY {
            self.flush()?;
        }
        Ok(())
    }

    /// Write every queued row now, in one flushed write.
    fn flush(&mut self) -> Result<(), RunError> {
        if !self.rows.is_empty() {
            self.writer.write_all(&self.rows)?;
            self.rows.clear();
        }
        self.last = Instant::now();
        Ok(())
    }
}

/// The solving part of a run: the engines, what the run has done so far and where it goes.
pub(super) struct Session<'a> {
    pub(super) exp: &'a Experiment,
    pub(super) opts: &'a RunOptions,
    pub(super) engines: Vec<Box<dyn Engine>>,
    pub(super) limit: Option<Duration>,
    pub(super) meta: Meta,
    pub(super) meta_file: PathBuf,
    pub(super) summary: RunSummary,
    pub(super) bar: indicatif::ProgressBar,
    /// The rows of the position being solved.
    pub(super) rows: Vec<Record>,
    pub(super) out: Pending,
    pub(super) hold: Option<(u64, PathBuf)>,
}

/// How the solves of one position ended.
enum Solved {
    /// Every engine solved it (its rows are in [`Session::rows`]).
    All,
    /// A solve went over the time limit: the position is skipped.
    OverLimit,
}

impl Session<'_> {
    /// Solve the positions of `todo` in order, then write what is left and the metadata (with
    /// the overhead per solve). Rows queued when an error stops the run are written first.
    pub(super) fn run(&mut self, todo: &[&(u64, Drawn)]) -> Result<(), RunError> {
        let started = Instant::now();
        let solved = self.solve_all(todo);
        let flushed = self.out.flush();
        self.summary.wall = started.elapsed();
        if let Err(e) = solved {
            self.bar.abandon();
            return Err(e);
        }
        flushed?;
        self.bar.finish_and_clear();
        self.meta.finish();
        self.meta.overhead_ns_per_solve = self
            .summary
            .overhead_per_solve()
            .map(|d| d.as_nanos() as f64);
        write_meta(&self.meta_file, &self.meta)
    }

    fn solve_all(&mut self, todo: &[&(u64, Drawn)]) -> Result<(), RunError> {
        let mut ply = None;
        let every = (todo.len() / (PROBES_PER_RUN + 1)).max(1);
        for (i, &(seq, d)) in todo.iter().enumerate() {
            if i > 0 && i % every == 0 && i / every <= PROBES_PER_RUN {
                self.meta.probe_speed();
            }
            if ply != Some(d.ply) {
                ply = Some(d.ply);
                self.bar.set_message(format!("ply {}", d.ply));
            }
            self.rows.clear();
            match self.solve_position(*seq, d)? {
                Solved::All => self.settle_position(d)?,
                Solved::OverLimit => self.skip_position(d),
            }
        }
        Ok(())
    }

    /// Every repeat of every engine on `d`, the order of the engines rotated by `seq` and the
    /// repeat.
    fn solve_position(&mut self, seq: u64, d: &Drawn) -> Result<Solved, RunError> {
        let k = self.engines.len();
        for repeat in 0..self.exp.repeats {
            let rot = ((seq + u64::from(repeat)) % k as u64) as usize;
            for slot in 0..k {
                let which = (slot + rot) % k;
                let Some(m) = self.solve_once(which, d)? else {
                    return Ok(Solved::OverLimit);
                };
                self.rows.push(m.record(
                    &self.exp.name,
                    self.exp.seed,
                    d,
                    &self.exp.engines[which],
                    slot as u32,
                    repeat,
                ));
                self.bar.inc(1);
            }
        }
        Ok(Solved::All)
    }

    /// One measured solve of `d` by engine `which`; `None` when it went over the time limit.
    fn solve_once(&mut self, which: usize, d: &Drawn) -> Result<Option<Measurement>, RunError> {
        let measured = measure(self.engines[which].as_mut(), &d.moves, self.opts.clock);
        let wall = match &measured {
            Ok(m) => m.wall_nanos,
            Err(f) => f.wall_nanos,
        };
        self.summary.solves += 1;
        self.summary.solve_time += Duration::from_nanos(wall);
        let over = self.limit.is_some_and(|l| Duration::from_nanos(wall) > l);
        match measured {
            Ok(m) if !over => {
                if self.meta.engine_timing.len() < self.engines.len() {
                    let (spec, engine) = (&self.exp.engines[which], &self.engines[which]);
                    self.meta
                        .note_engine(spec, engine.as_ref(), self.opts.clock, &m);
                }
                Ok(Some(m))
            }
            Ok(_)
            | Err(Failed {
                error: EngineError::Timeout,
                ..
            }) => Ok(None),
            Err(f) => Err(RunError::EngineFailure {
                engine: self.exp.engines[which].clone(),
                ply: d.ply,
                index: d.index,
                moves: d.moves.clone(),
                message: f.error.to_string(),
            }),
        }
    }

    /// A solve of `d` went over the time limit: list it (once: a resumed run tries it again)
    /// and count its remaining solves as done on the bar.
    fn skip_position(&mut self, d: &Drawn) {
        self.summary.skipped += 1;
        let entry = skipped_entry(d);
        if !self.meta.skipped.contains(&entry) {
            self.meta.skipped.push(entry);
        }
        let per_position = self.engines.len() as u64 * u64::from(self.exp.repeats);
        self.bar.inc(per_position - self.rows.len() as u64);
    }

    /// The solves of `d` are done: check that they agree, drop a trivial position, queue the
    /// rows, and stop at the test hold.
    fn settle_position(&mut self, d: &Drawn) -> Result<(), RunError> {
        // Agreement: every solve of the position gives the same score (with `report`, differing
        // scores are recorded and counted instead).
        let differ = self.rows.iter().any(|r| r.score != self.rows[0].score);
        if differ && self.exp.agreement == Agreement::Report {
            self.summary.disagreements += 1;
        } else if differ {
            return Err(self.disagreement(d));
        }
        let min = self.exp.min_nodes;
        if min > 0 && self.rows.iter().all(|r| r.nodes.is_some_and(|n| n < min)) {
            self.summary.trivial += 1;
            return Ok(());
        }
        self.out.push(&mut self.rows)?;
        self.summary.positions += 1;
        if let Some((after, path)) = &self.hold {
            if self.summary.positions == *after {
                self.out.flush()?;
                hold_until_released(path);
            }
        }
        Ok(())
    }

    /// The engines disagree on `d`: the error naming every engine's score, after the metadata
    /// is written.
    fn disagreement(&mut self, d: &Drawn) -> RunError {
        let scores = self
            .exp
            .engines
            .iter()
            .map(|spec| {
                let r = self
                    .rows
                    .iter()
                    .find(|r| &r.engine == spec)
                    .expect("every engine solved");
                (spec.clone(), r.score)
            })
            .collect();
        self.meta.finish();
        if let Err(e) = write_meta(&self.meta_file, &self.meta) {
            return e;
        }
        RunError::Disagreement(Disagreement {
            ply: d.ply,
            index: d.index,
            moves: d.moves.clone(),
            scores,
        })
    }
}
