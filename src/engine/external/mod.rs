//! Engines in other processes: any program that speaks the line protocol becomes an engine.
//!
//! - [`spec`]: the `ext[OPTIONS]:COMMAND LINE` spec (options `timeout=SECS|off`, `fresh`);
//! - [`protocol`]: request and answer lines (treebench's `score nodes micros`, Pons'
//!   `moves score [nodes micros]`, `score`, `error MESSAGE`);
//! - [`process`] (`util::process`, shared with the game servers): the child process, its time limits, killing and describing it;
//! - `util::process::group`: each engine in a process group of its own, killed whole on drop and on
//!   SIGINT, SIGTERM or SIGHUP, so nothing an engine started outlives the run.
//!
//! A crash, a hang or a garbage answer is an [`EngineError::Failure`] that names the exit status
//! and the last lines the process wrote to stderr; the process is killed and a new one started
//! on the next solve.

pub(crate) use crate::util::process;
pub mod protocol;
pub mod spec;

pub use protocol::{parse_answer, Answer};
pub use spec::{split_words, ExternalConfig, TIMEOUT_ENV};

use super::{Decision, Engine, EngineError, GameKind, MoveLimit, MoveText, Solve};
use process::Running;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

/// An engine in another process (see the module documentation).
pub struct ExternalEngine {
    cfg: ExternalConfig,
    proc: Option<Running>,
    limit: Option<Duration>,
}

impl ExternalEngine {
    /// An engine for this configuration; the process starts on the first solve.
    #[must_use]
    pub fn new(cfg: ExternalConfig) -> Self {
        Self {
            cfg,
            proc: None,
            limit: None,
        }
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &ExternalConfig {
        &self.cfg
    }

    /// The process id of the running engine process, if one is running.
    #[must_use]
    pub fn pid(&self) -> Option<u32> {
        self.proc.as_ref().map(Running::pid)
    }

    /// Kill the process (`why`: the reason treebench gives for killing it) and describe the
    /// failure; the next solve starts a new process.
    fn fail(&mut self, moves: &str, what: &str, why: &str) -> EngineError {
        let how = self
            .proc
            .as_mut()
            .map_or_else(String::new, |p| p.kill_and_describe(why));
        self.proc = None;
        EngineError::Failure(format!(
            "`{}` {what} on position `{moves}` ({how}); it is restarted on the next solve",
            self.cfg.argv.join(" ")
        ))
    }

    /// Start the process unless one runs.
    fn spawn(&mut self) -> Result<(), EngineError> {
        if self.proc.is_none() {
            let p = Running::spawn(&self.cfg.argv).map_err(EngineError::Failure)?;
            self.proc = Some(p);
        }
        Ok(())
    }

    /// Send `moves`, read the answer: the solve and the `best=MOVE` field if there was one.
    fn ask(&mut self, moves: &str) -> Result<(Solve, Option<String>), EngineError> {
        let request = protocol::request(moves).map_err(EngineError::BadPosition)?;
        if self.cfg.fresh {
            self.proc = None;
        }
        self.spawn()?;
        let t0 = Instant::now();
        let p = self.proc.as_mut().expect("running");
        if let Err(e) = p.send(&request, self.cfg.fresh) {
            return Err(self.fail(
                moves,
                &format!("could not be written to ({e})"),
                "because its input was closed",
            ));
        }
        let line = p.recv(process::answer_wait(self.cfg.timeout, self.limit));
        let wall = t0.elapsed();
        let line = match line {
            Ok(l) => l,
            Err(RecvTimeoutError::Timeout) => {
                if self.limit.is_some_and(|l| wall > l) && self.cfg.timeout.is_none_or(|t| wall < t)
                {
                    let _ = self.fail(moves, "exceeded the time limit", "at the time limit");
                    return Err(EngineError::Timeout);
                }
                return Err(self.fail(
                    moves,
                    &format!("gave no answer within {:.1} s", wall.as_secs_f64()),
                    "because it did not answer in time",
                ));
            }
            Err(RecvTimeoutError::Disconnected) => {
                let how = p.wait_and_describe();
                self.proc = None;
                return Err(EngineError::Failure(format!(
                    "`{}` closed its output without answering position `{moves}` ({how}); it is restarted on the next solve",
                    self.cfg.argv.join(" ")
                )));
            }
        };
        let best = protocol::best_field(&line).1.map(str::to_string);
        let answer = match parse_answer(&line, moves) {
            Ok(a) => a,
            Err(e) => {
                let shown: String = line.trim_end().chars().take(120).collect();
                return Err(self.fail(
                    moves,
                    &format!("answered garbage `{shown}`: {e}"),
                    "because of that answer",
                ));
            }
        };
        if self.cfg.fresh {
            if let Some(p) = self.proc.take() {
                p.release();
            }
        }
        match answer {
            Answer::Error(m) => Err(EngineError::BadPosition(m)),
            Answer::Solved {
                score,
                nodes,
                nanos,
            } => Ok((
                Solve {
                    score,
                    nodes: nodes.unwrap_or(0),
                    nodes_reported: nodes.is_some(),
                    reported_nanos: nanos,
                },
                best,
            )),
        }
    }
}

impl Engine for ExternalEngine {
    fn spec(&self) -> String {
        self.cfg.spec.clone()
    }

    fn game(&self) -> GameKind {
        self.cfg.game
    }

    /// The protocol process resets its tables before every position by default, and a `fresh`
    /// engine starts a new process per position, so there is nothing to send here.
    fn reset(&mut self) {}

    fn solve(&mut self, moves: &str) -> Result<Solve, EngineError> {
        Ok(self.ask(moves)?.0)
    }

    /// The answer's `best=MOVE` field (see [`protocol`]); the budget is the engine's own (a
    /// clock is not sent: the harness times the answer). Under a clock the wait for the answer
    /// ends at the side's time left: an engine still thinking then is killed and the move is
    /// [`EngineError::Timeout`] (a loss on time); it restarts on the next position. An answer
    /// without the field: unsupported.
    fn choose(&mut self, moves: &str, limit: &MoveLimit) -> Result<Decision, EngineError> {
        let spec_limit = self.limit;
        if let MoveLimit::Clock { own, .. } = *limit {
            self.limit = Some(spec_limit.map_or(own, |l| l.min(own)));
        }
        let asked = self.ask(moves);
        self.limit = spec_limit;
        let (solve, best) = asked?;
        let Some(best) = best else {
            return Err(EngineError::Unsupported(format!(
                "engine `{}` answered without a `best=MOVE` field, so it cannot choose moves",
                self.cfg.spec
            )));
        };
        let best = MoveText::new(&best).ok_or_else(|| {
            self.fail(
                moves,
                &format!("answered the move `best={best}`"),
                "because of that answer",
            )
        })?;
        Ok(Decision {
            value: Some(solve.score),
            nodes: solve.nodes_reported.then_some(solve.nodes),
            reported_nanos: solve.reported_nanos,
            ..Decision::of_move(best)
        })
    }

    fn set_time_limit(&mut self, limit: Option<Duration>) {
        self.limit = limit;
    }

    /// The process (a `fresh` engine's is started and let go: each position starts its own).
    fn start(&mut self) -> Result<(), EngineError> {
        self.spawn()?;
        if self.cfg.fresh {
            self.proc = None;
        }
        Ok(())
    }

    fn external(&self) -> bool {
        true
    }

    fn may_keep_tables(&self) -> bool {
        !self.cfg.fresh
    }

    fn reported_clock(&self) -> super::Clock {
        self.cfg.clock
    }
}
