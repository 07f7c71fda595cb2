//! The one timed solve: every solve the harness measures (the paired runner, the gate, `serve`,
//! `solve`) goes through [`measure`], which resets the engine's tables (outside the clock),
//! times the `solve` call alone on the chosen [`Clock`] and returns a [`Measurement`] (score,
//! nodes, time, wall time), which [`Measurement::record`] turns into a results row.
//!
//! Clocks: wall time, or the CPU time of the solving thread. On a shared machine (a CI runner,
//! 2 cores and a load of 7) a solve of 1 ms is often preempted for a whole scheduler time slice
//! (~4 ms), so wall times of the same position jump by several times from one solve to the
//! next. The thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`) does not count the time the thread
//! waits for a core, which makes the gate's paired timings far less noisy; it still counts cache
//! and memory effects. An engine that reports its own time (an external process) is believed:
//! its report is the measurement's `nanos`. A parallel solve (`threads > 1`) is timed by the
//! wall clock whatever the chosen clock: the speed-up of threads is a wall-time saving.

use super::positions::Drawn;
use super::record::Record;
use crate::engine::{Engine, EngineError, SearchCounters, SearchInfo};
use std::time::Instant;

/// The clock of solve times (defined with the engines, which say what clock their own reports
/// are on).
pub use crate::engine::Clock;

/// A started measurement.
#[derive(Debug, Clone, Copy)]
pub struct Stopwatch {
    clock: Clock,
    wall: Instant,
    cpu: Option<u64>,
}

impl Stopwatch {
    /// Start measuring on `clock`.
    #[must_use]
    pub fn start(clock: Clock) -> Self {
        let cpu = if clock == Clock::Cpu {
            thread_cpu_nanos()
        } else {
            None
        };
        Self {
            clock,
            wall: Instant::now(),
            cpu,
        }
    }

    /// Nanoseconds since the start on the chosen clock, and the wall nanoseconds.
    #[must_use]
    pub fn stop(&self) -> (u64, u64) {
        let wall = self.wall.elapsed().as_nanos() as u64;
        // Read the thread's CPU clock only when it is the chosen one: for `Clock::Wall` that
        // read (a system call) would be wasted harness time.
        let t = match self.cpu {
            Some(a) if self.clock == Clock::Cpu => {
                thread_cpu_nanos().map_or(wall, |b| b.saturating_sub(a))
            }
            _ => wall,
        };
        (t, wall)
    }
}

/// One measured solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Measurement {
    pub score: i32,
    /// Search nodes (0 when the engine reports none: see `nodes_reported`).
    pub nodes: u64,
    /// Whether the engine counted `nodes`.
    pub nodes_reported: bool,
    /// Whether `nanos` is the engine's own report.
    pub time_reported: bool,
    /// The solve time: the engine's own report where it gives one (external engines), else the
    /// time on the chosen clock.
    pub nanos: u64,
    /// Wall time around the call.
    pub wall_nanos: u64,
    /// Root searches (probes) of the solve; 0 for engines that do not report them.
    pub probes: u32,
    /// Best move, depth, seldepth and the engine's own time (UCI engines).
    pub info: SearchInfo,
    /// The search counters (`None` for an engine that does not count).
    pub counters: Option<SearchCounters>,
    /// A chance engine's exact value and counters (`None` for other engines).
    pub chance: Option<crate::engine::generic::chance_engine::ChanceResult>,
}

/// A solve that failed, with the wall time it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failed {
    pub error: EngineError,
    pub wall_nanos: u64,
}

/// Reset `engine`'s tables, then solve `moves` timed on `clock` (the reset is not timed).
pub fn measure(engine: &mut dyn Engine, moves: &str, clock: Clock) -> Result<Measurement, Failed> {
    engine.reset();
    measure_warm(engine, moves, clock)
}

/// One timed move choice ([`Engine::choose`]): the decision, its time (the engine's own report
/// where it gives one, else the chosen clock's) and the wall time around the call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimedChoice {
    pub decision: crate::engine::Decision,
    pub nanos: u64,
    pub wall_nanos: u64,
}

/// Choose a move at `moves` within `limit`, timed on `clock` as [`measure_warm`] times a solve
/// (the tables as they are: a quality run resets them first, a game keeps them).
pub fn measure_choice(
    engine: &mut dyn Engine,
    moves: &str,
    limit: &crate::engine::MoveLimit,
    clock: Clock,
) -> Result<TimedChoice, Failed> {
    let clock = if engine.threads() > 1 {
        Clock::Wall
    } else {
        clock
    };
    let watch = Stopwatch::start(clock);
    let result = engine.choose(moves, limit);
    let (measured, wall_nanos) = watch.stop();
    match result {
        Ok(d) => Ok(TimedChoice {
            nanos: d.reported_nanos.unwrap_or(measured),
            decision: d,
            wall_nanos,
        }),
        Err(error) => Err(Failed { error, wall_nanos }),
    }
}

/// Solve `moves` timed on `clock` with the tables as they are (`serve`'s `noreset` mode).
pub fn measure_warm(
    engine: &mut dyn Engine,
    moves: &str,
    clock: Clock,
) -> Result<Measurement, Failed> {
    // The CPU clock of the calling thread sees only the main thread of a parallel solve.
    let clock = if engine.threads() > 1 {
        Clock::Wall
    } else {
        clock
    };
    let watch = Stopwatch::start(clock);
    let result = engine.solve(moves);
    let (measured, wall_nanos) = watch.stop();
    match result {
        Ok(s) => Ok(Measurement {
            score: s.score,
            nodes: s.nodes,
            nodes_reported: s.nodes_reported,
            time_reported: s.reported_nanos.is_some(),
            nanos: s.reported_nanos.unwrap_or(measured),
            wall_nanos,
            probes: engine.probes().len() as u32,
            info: engine.search_info(),
            counters: engine.counters(),
            chance: engine.chance_result(),
        }),
        Err(error) => Err(Failed { error, wall_nanos }),
    }
}

impl Measurement {
    /// Whether `self` and `o` found the same value: the same score and, for a chance game, the
    /// same exact rational (two values may share their nearest integer).
    #[must_use]
    pub fn same_value(&self, o: &Measurement) -> bool {
        self.score == o.score && self.chance.map(|c| c.value) == o.chance.map(|c| c.value)
    }

    /// The results row of this solve of `position` by `engine` (its spec).
    #[must_use]
    pub fn record(
        &self,
        experiment: &str,
        seed: u64,
        position: &Drawn,
        engine: &str,
        slot: u32,
        repeat: u32,
    ) -> Record {
        let mut r = Record {
            experiment: experiment.to_owned(),
            seed,
            ply: position.ply,
            index: position.index,
            moves: position.moves.clone(),
            engine: engine.to_owned(),
            slot,
            repeat,
            score: self.score,
            nodes: self.nodes_reported.then_some(self.nodes),
            nanos: self.nanos,
            wall_nanos: self.wall_nanos,
            probes: self.probes,
            best_move: self.info.best_move.map(|m| m.as_str().to_string()),
            depth: self.info.depth,
            seldepth: self.info.seldepth,
            engine_nanos: self.info.engine_nanos,
            ..Record::default()
        };
        r.set_counters(self.counters.as_ref());
        r.set_chance(self.chance.as_ref());
        r
    }
}

/// CPU time of the calling thread in nanoseconds.
#[cfg(unix)]
#[must_use]
pub fn thread_cpu_nanos() -> Option<u64> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the call only writes it.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64)
}

/// CPU time of the calling thread: unsupported here.
#[cfg(not(unix))]
#[must_use]
pub fn thread_cpu_nanos() -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts resets; reports its own time when `reported` is set; fails on "bad".
    struct Stub {
        resets: u32,
        reported: Option<u64>,
    }

    impl Engine for Stub {
        fn spec(&self) -> String {
            "stub".into()
        }
        fn game(&self) -> crate::engine::GameKind {
            crate::engine::GameKind::CONNECT4
        }
        fn reset(&mut self) {
            self.resets += 1;
        }
        fn solve(&mut self, moves: &str) -> Result<crate::engine::Solve, EngineError> {
            if moves == "bad" {
                return Err(EngineError::BadPosition("bad".into()));
            }
            Ok(crate::engine::Solve {
                score: 3,
                nodes: moves.len() as u64,
                reported_nanos: self.reported,
                nodes_reported: true,
            })
        }
    }

    #[test]
    fn measure_resets_times_and_keeps_reported_time() {
        let mut e = Stub {
            resets: 0,
            reported: None,
        };
        let m = measure(&mut e, "4455", Clock::Wall).unwrap();
        assert_eq!((e.resets, m.score, m.nodes), (1, 3, 4));
        assert_eq!(m.nanos, m.wall_nanos);
        measure_warm(&mut e, "44", Clock::Cpu).unwrap();
        assert_eq!(e.resets, 1);
        e.reported = Some(7_000);
        let m = measure(&mut e, "4", Clock::Cpu).unwrap();
        assert_eq!(m.nanos, 7_000);
        let f = measure(&mut e, "bad", Clock::Wall).unwrap_err();
        assert_eq!(f.error, EngineError::BadPosition("bad".into()));
        let d = Drawn {
            ply: 1,
            index: 2,
            moves: "4".into(),
            known: None,
            suite: None,
        };
        let r = m.record("x", 9, &d, "stub", 1, 0);
        assert_eq!(
            (
                r.experiment.as_str(),
                r.seed,
                r.index,
                r.engine.as_str(),
                r.slot,
                r.nanos
            ),
            ("x", 9, 2, "stub", 1, 7_000)
        );
    }

    #[test]
    fn cpu_time_advances_and_excludes_sleep() {
        let w = Stopwatch::start(Clock::Cpu);
        std::thread::sleep(std::time::Duration::from_millis(30));
        let mut x = 0u64;
        for i in 0..2_000_000u64 {
            x = x.wrapping_mul(31).wrapping_add(i);
        }
        std::hint::black_box(x);
        let (cpu, wall) = w.stop();
        assert!(wall >= 30_000_000);
        assert!(cpu < wall, "cpu {cpu} wall {wall}");
        assert_eq!("cpu".parse::<Clock>().unwrap(), Clock::Cpu);
    }
}
