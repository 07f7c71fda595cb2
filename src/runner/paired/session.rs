//! The solving loop of a paired run ([`Session`]): every engine on every position in rotated
//! order, the agreement check, and the rows queued for writing ([`Pending`]).
//!
//! Between two solves the loop does as little as it can: the harness time a solve costs
//! besides the solve itself ([`super::RunSummary::overhead_per_solve`]) is mostly the cache
//! and TLB misses of whatever code runs there after the solve has swept the caches with its
//! table, so a solve only keeps its [`Measurement`] (no allocation); building the rows,
//! writing them and moving the progress bar happen once a second ([`FLUSH_EVERY`]).

use super::RunSummary;
use super::{hold_until_released, skipped_entry, write_meta, Disagreement, RunError, RunOptions};
use crate::engine::{Engine, EngineError};
use crate::runner::experiment::{Agreement, Experiment};
use crate::runner::measure::{measure, Failed, Measurement};
use crate::runner::meta::{Meta, SPEED_CHECKS_PER_RUN};
use crate::runner::positions::Drawn;
use crate::runner::record::{Record, RecordWriter};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// One solve of the position being solved, as measured: its results row is built only when it
/// is written, so that no allocation or string copy sits between two solves.
#[derive(Debug, Clone, Copy)]
pub(super) struct Solo {
    /// The engine's place in the experiment's list.
    which: usize,
    slot: u32,
    repeat: u32,
    m: Measurement,
}

/// What waits for the next write: the solves of complete positions and the progress not yet
/// shown on the bar. Both are written together once [`FLUSH_EVERY`] has passed since the last
/// write (and at the end, before the test hold, and before a run stops on an error), so that
/// building the rows, their `write(2)`, the bar and the cold caches of that code are paid once a
/// second instead of after every solve.
pub(super) struct Pending<'a> {
    writer: RecordWriter,
    exp: &'a Experiment,
    solves: Vec<(&'a Drawn, Solo)>,
    /// The rows of `solves`, built at the write (kept to reuse its allocation).
    rows: Vec<Record>,
    last: Instant,
    pub(super) bar: indicatif::ProgressBar,
    /// Solves done (or skipped) since the bar last moved.
    unshown: u64,
    /// The ply of the position being solved, and the one the bar's message shows.
    ply: Option<u32>,
    shown_ply: Option<u32>,
}

/// The longest the rows of a complete position wait before they are written: what an
/// interrupted run may lose besides the position being solved.
pub const FLUSH_EVERY: Duration = Duration::from_secs(1);

impl<'a> Pending<'a> {
    pub(super) fn new(
        writer: RecordWriter,
        exp: &'a Experiment,
        bar: indicatif::ProgressBar,
    ) -> Self {
        Self {
            writer,
            exp,
            solves: Vec::new(),
            rows: Vec::new(),
            last: Instant::now(),
            bar,
            unshown: 0,
            ply: None,
            shown_ply: None,
        }
    }

    /// Count `n` solves as done for the bar (shown at the next write).
    fn advance(&mut self, n: u64) {
        self.unshown += n;
    }

    /// Note the ply of the position being solved (shown at the next write: with the plies
    /// interleaved it changes at every position, and the bar's message costs a lock, an
    /// allocation and a check of the terminal).
    fn at_ply(&mut self, ply: u32) {
        self.ply = Some(ply);
    }

    /// Queue the solves of one complete position `d`; write everything queued when it is time.
    fn push(&mut self, d: &'a Drawn, solves: &[Solo]) -> Result<(), RunError> {
        self.solves.extend(solves.iter().map(|s| (d, *s)));
        self.tick()
    }

    /// Write what is queued if [`FLUSH_EVERY`] has passed since the last write.
    fn tick(&mut self) -> Result<(), RunError> {
        if self.last.elapsed() >= FLUSH_EVERY {
            self.flush()?;
        }
        Ok(())
    }

    /// Write every queued row now, in one flushed write, and move the bar.
    fn flush(&mut self) -> Result<(), RunError> {
        if !self.solves.is_empty() {
            let (exp, engines) = (self.exp, &self.exp.engines);
            self.rows.extend(self.solves.iter().map(|(d, s)| {
                s.m.record(&exp.name, exp.seed, d, &engines[s.which], s.slot, s.repeat)
            }));
            self.solves.clear();
            let written = self.writer.write_all(&self.rows);
            self.rows.clear();
            written?;
        }
        self.bar.inc(std::mem::take(&mut self.unshown));
        if self.shown_ply != self.ply {
            self.shown_ply = self.ply;
            if let Some(ply) = self.ply {
                self.bar.set_message(format!("ply {ply}"));
            }
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
    /// The solves of the position being solved.
    pub(super) rows: Vec<Solo>,
    pub(super) out: Pending<'a>,
    pub(super) hold: Option<(u64, PathBuf)>,
}

/// How the solves of one position ended.
enum Solved {
    /// Every engine solved it (its solves are in [`Session::rows`]).
    All,
    /// A solve went over the time limit: the position is skipped.
    OverLimit,
}

impl<'a> Session<'a> {
    /// Solve the positions of `todo` in order, then write what is left and the metadata (with
    /// the overhead per solve). Rows queued when an error stops the run are written first.
    pub(super) fn run(&mut self, todo: &[&'a (u64, Drawn)]) -> Result<(), RunError> {
        let started = Instant::now();
        let solved = self.solve_all(todo);
        let flushed = self.out.flush();
        self.summary.wall = started.elapsed();
        if let Err(e) = solved {
            self.out.bar.abandon();
            return Err(e);
        }
        flushed?;
        self.out.bar.finish_and_clear();
        self.meta.finish();
        self.meta.overhead_ns_per_solve = self
            .summary
            .overhead_per_solve()
            .map(|d| d.as_nanos() as f64);
        write_meta(&self.meta_file, &self.meta)
    }

    fn solve_all(&mut self, todo: &[&'a (u64, Drawn)]) -> Result<(), RunError> {
        let every = (todo.len() / (SPEED_CHECKS_PER_RUN + 1)).max(1);
        for (i, &(seq, d)) in todo.iter().enumerate() {
            if i > 0 && i % every == 0 && i / every <= SPEED_CHECKS_PER_RUN {
                let t = Instant::now();
                self.meta.check_speed();
                self.summary.speed_check_time += t.elapsed();
            }
            self.out.at_ply(d.ply);
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
                self.rows.push(Solo {
                    which,
                    slot: slot as u32,
                    repeat,
                    m,
                });
                self.out.advance(1);
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
        self.out.advance(per_position - self.rows.len() as u64);
    }

    /// The solves of `d` are done: check that they agree, drop a trivial position, queue the
    /// rows, and stop at the test hold.
    fn settle_position(&mut self, d: &'a Drawn) -> Result<(), RunError> {
        // Agreement: every solve of the position gives the same score (with `report`, differing
        // scores are recorded and counted instead).
        // A score the positions file gives is an oracle: every engine must equal it.
        // A chance game's engines agree on the exact rational, not only on its nearest integer.
        let want = d.known.unwrap_or(self.rows[0].m.score);
        let first = &self.rows[0].m;
        let differ = self
            .rows
            .iter()
            .any(|r| r.m.score != want || !r.m.same_value(first));
        if differ && self.exp.agreement == Agreement::Report {
            self.summary.disagreements += 1;
        } else if differ {
            return Err(self.disagreement(d));
        }
        let min = self.exp.min_nodes;
        if min > 0
            && self
                .rows
                .iter()
                .all(|r| r.m.nodes_reported && r.m.nodes < min)
        {
            self.summary.trivial += 1;
            return Ok(());
        }
        self.out.push(d, &self.rows)?;
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
            .enumerate()
            .map(|(i, spec)| {
                let r = self
                    .rows
                    .iter()
                    .find(|r| r.which == i)
                    .expect("every engine solved");
                let score =
                    r.m.chance
                        .map_or(r.m.score.to_string(), |c| c.value.to_string());
                (spec.clone(), score)
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
            known: d.known,
        })
    }
}
