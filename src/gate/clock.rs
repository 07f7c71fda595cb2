//! Which clock times a solve: wall time, or the CPU time of the solving thread.
//!
//! On a shared machine (a CI runner, 2 cores and a load of 7) a solve of 1 ms is often
//! preempted for a whole scheduler time slice (~4 ms), so wall times of the same position jump
//! by several times from one solve to the next. The thread's CPU time
//! (`CLOCK_THREAD_CPUTIME_ID`) does not count the time the thread waits for a core, which makes
//! the gate's paired timings far less noisy; it still counts cache and memory effects.

use serde::Serialize;
use std::time::Instant;

/// A clock for solve times.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Clock {
    /// Elapsed time.
    Wall,
    /// CPU time of the calling thread (falls back to wall time where unsupported).
    #[default]
    Cpu,
}

impl std::str::FromStr for Clock {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "wall" => Ok(Clock::Wall),
            "cpu" => Ok(Clock::Cpu),
            _ => Err(format!("clock `{s}`: expected wall or cpu")),
        }
    }
}

impl std::fmt::Display for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Clock::Wall => "wall",
            Clock::Cpu => "cpu",
        })
    }
}

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
