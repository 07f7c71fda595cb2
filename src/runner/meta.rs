//! Run metadata written beside the results: who, where, when, and exactly what was run.

use super::measure::{Clock, Measurement};
use crate::engine::Engine;
use serde::{Deserialize, Serialize};
use std::time::{SystemTime, UNIX_EPOCH};

/// Machine and provenance of a run, saved as `results/<name>.meta.json`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Meta {
    pub treebench_version: String,
    pub git_revision: String,
    pub rustc: String,
    pub cpu_model: String,
    pub cores: usize,
    pub os: String,
    /// UTC, RFC 3339.
    pub start_time: String,
    /// UTC, RFC 3339; `None` while running or if the run did not finish.
    pub end_time: Option<String>,
    /// Start times of later `--resume` sessions.
    #[serde(default)]
    pub resumed_at: Vec<String>,
    pub experiment_name: String,
    /// The game of the positions (`connect4` for 7×6, `connect4:6x5`, …): an experiment file
    /// with a list of games writes one results file per game. Absent in files written before
    /// board sizes (all 7×6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    pub experiment_hash: String,
    pub experiment_source: String,
    /// `K/N` when this file holds one shard.
    pub shard: Option<String>,
    /// Positions skipped for exceeding the time limit, as `ply:index:moves`.
    #[serde(default)]
    pub skipped: Vec<String>,
    /// Measured harness overhead per solve in nanoseconds (everything but the solve).
    pub overhead_ns_per_solve: Option<f64>,
    /// Why a merged file is incomplete (`merge --allow-partial`): missing or interrupted shards.
    /// Absent for a complete file.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub partial: Vec<String>,
    /// The clock of the solve times: `wall (monotonic)` (`std::time::Instant`,
    /// `CLOCK_MONOTONIC` on Linux) or `cpu (thread)` (`CLOCK_THREAD_CPUTIME_ID`).
    #[serde(default)]
    pub clock: Option<String>,
    /// Resolution of that clock as the OS reports it (`clock_getres`), ns.
    #[serde(default)]
    pub clock_resolution_ns: Option<u64>,
    /// Load average (1, 5, 15 minutes, `/proc/loadavg`) when the run started and when it ended.
    #[serde(default)]
    pub load_avg_start: Option<[f64; 3]>,
    #[serde(default)]
    pub load_avg_end: Option<[f64; 3]>,
    /// Current frequency of the first core (`/proc/cpuinfo` "cpu MHz") at the start.
    #[serde(default)]
    pub cpu_mhz: Option<f64>,
    /// Frequency governor of cpu0 (`/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor`).
    #[serde(default)]
    pub cpu_governor: Option<String>,
    /// Transparent huge pages: the mode chosen in `/sys/kernel/mm/transparent_hugepage/enabled`
    /// (`always`, `madvise` or `never`). The built-in solver's table asks for them (`madvise`);
    /// under `never` its table reads may also miss the TLB, which changes the time per node.
    #[serde(default)]
    pub transparent_hugepages: Option<String>,
    /// The CPUs the run's solving thread may run on (`Cpus_allowed_list` of
    /// `/proc/thread-self/status`, e.g. `0` after `run --cpu 0`, `0-1` unpinned).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpus_allowed: Option<String>,
    /// Cargo profile of the binary that ran: `release`, or `dev (debug assertions on)`.
    #[serde(default)]
    pub build_profile: Option<String>,
    /// What the binary was compiled for: the architecture and the extensions past its baseline
    /// (`x86_64: popcnt sse4.2 sse4.1 cmpxchg16b ssse3 sse3` for the x86-64-v2 build of
    /// `.cargo/config.toml`; `x86_64: baseline`). Absent in files written before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub build_target: Option<String>,
    /// Engines the warm-table check found keeping their tables between positions, run anyway
    /// (`run --allow-warm`), or could not check (a position over the time limit): one line
    /// each, `SPEC: what the check saw`. The times of a warm engine are warm re-solves; absent
    /// when every engine that may keep its tables passed the check.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warm_tables: Vec<String>,
    /// CPU cores kept busy, on average over the run, by everything but this treebench process
    /// (other processes, an `ext:` engine's process, the hypervisor's steal time): the
    /// machine's busy time (`/proc/stat`) less this process's CPU time (`/proc/self/stat`),
    /// divided by the run's wall time (of its last session, for a resumed run). Unlike the load
    /// average (a one-minute trailing mean) it covers exactly the run. `None` where `/proc` is
    /// not readable.
    #[serde(default)]
    pub others_cpu_cores: Option<f64>,
    /// Wall time in ms of a fixed reference solve ([`SPEED_CHECK`]), the faster of two, at the
    /// start and at the end of the run: the machine's speed for this kind of work, which sees
    /// what the guest's counters do not (another virtual machine on the same host, the
    /// frequency). `None` where it could not be made.
    #[serde(default, alias = "speed_probe_ms")]
    pub speed_check_ms: Option<[f64; 2]>,
    /// The same reference solve (ms, the faster of two) at the start, after every
    /// [`SPEED_CHECKS_PER_RUN`]th part of the run's positions, and at the end: the machine's speed
    /// over the whole run, whose plies are interleaved (`runner::paired`), for `analyze
    /// --against` to compare by its median. Absent in files written before it.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        alias = "speed_probes_ms"
    )]
    pub speed_checks_ms: Vec<f64>,
    /// The start half of `speed_check_ms` (not written).
    #[serde(skip)]
    pub(crate) check_start: Option<f64>,
    /// The CPU counters at the start of this session (not written).
    #[serde(skip)]
    pub(crate) cpu_start: Option<CpuSnapshot>,
    /// Machine facts that could not be read on this machine (e.g. `cpu_governor` in a VM
    /// without cpufreq): recorded as missing rather than guessed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unreadable: Vec<String>,
    /// Per engine, what its recorded time is and what is known of its table resets (from its
    /// first solve of the run).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub engine_timing: Vec<EngineTiming>,
}

/// What one engine's recorded times measure, and whether its tables were reset between
/// positions, in words for the report's Method section.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct EngineTiming {
    pub engine: String,
    /// What `nanos` holds for this engine.
    pub timed: String,
    /// Table resets: known (the harness resets them, or a new process per position), sent (asked
    /// of another process, not verified) or suspected missing.
    pub tables: String,
    /// Whether the engine reported its nodes (else they are n/a).
    pub nodes_reported: bool,
}

/// What a time of `engine` includes when it plays the served game (`crate::game::served`): the
/// requests to the server.
fn served_part(engine: &dyn Engine, clock: Clock) -> String {
    let served = crate::game::served::name();
    let on_served =
        matches!(engine.game(), crate::game::GameKind::Open(def) if Some(def.name) == served);
    if !on_served {
        return String::new();
    }
    let cpu = if clock == Clock::Cpu {
        "; the cpu clock counts treebench's side only, not the server's work"
    } else {
        ""
    };
    format!(
        ", including its requests to the game server `{}` (each position the search reaches is asked once a solve){cpu}",
        crate::game::served::command().unwrap_or("?")
    )
}

impl EngineTiming {
    /// Describe `engine` (spec `spec`) from one of its measured solves on `clock`.
    #[must_use]
    pub fn describe(spec: &str, engine: &dyn Engine, clock: Clock, m: &Measurement) -> Self {
        let clock_name = match clock {
            _ if engine.threads() > 1 => "wall (monotonic)",
            Clock::Wall => "wall (monotonic)",
            Clock::Cpu => "cpu (thread)",
        };
        let fresh = !engine.may_keep_tables();
        let (timed, tables) = if !engine.external() {
            (
                format!(
                    "the solve call alone, in process, on the {clock_name} clock{}",
                    served_part(engine, clock)
                ),
                "known: reset by the harness before every solve, outside the timed call".into(),
            )
        } else {
            let idle = if clock == Clock::Cpu {
                " (the harness thread's CPU clock sees only its own idle wait, not the engine's \
                 work: these times are not comparable with an in-process engine's)"
            } else {
                ""
            };
            let timed = if m.time_reported {
                "the engine's own report of its solve time (`micros` in its answer): process \
                 start-up and the pipe are not in it (the round trip is in `wall_nanos`)"
                    .to_string()
            } else if fresh {
                format!(
                    "the round trip around the call on the {clock_name} clock, including process \
                     start-up (`fresh`: one process per position){idle}"
                )
            } else {
                format!(
                    "the round trip over the pipe to a running process on the {clock_name} clock \
                     (the first solve of each process also includes its start-up){idle}"
                )
            };
            let tables = if fresh {
                "known: a new process per position (`fresh`)".to_string()
            } else {
                "sent: the protocol asks the running process to start each position with \
                 empty tables; `run` cannot verify that it does (`gate` checks it)"
                    .to_string()
            };
            (timed, tables)
        };
        EngineTiming {
            engine: spec.to_string(),
            timed,
            tables,
            nodes_reported: m.nodes_reported,
        }
    }
}

impl Meta {
    /// Metadata of this machine for a run starting now.
    #[must_use]
    pub fn collect(name: &str, hash: &str, source: &str, shard: Option<String>) -> Self {
        Meta {
            treebench_version: env!("CARGO_PKG_VERSION").to_string(),
            git_revision: env!("TREEBENCH_GIT_REV").to_string(),
            rustc: env!("TREEBENCH_RUSTC").to_string(),
            cpu_model: cpu_model(),
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            os: os_name(),
            start_time: now_rfc3339(),
            end_time: None,
            resumed_at: Vec::new(),
            experiment_name: name.to_string(),
            game: None,
            experiment_hash: hash.to_string(),
            experiment_source: source.to_string(),
            shard,
            skipped: Vec::new(),
            overhead_ns_per_solve: None,
            partial: Vec::new(),
            clock: Some("wall (monotonic)".to_string()),
            clock_resolution_ns: clock_resolution_ns(Clock::Wall),
            load_avg_start: load_avg(),
            load_avg_end: None,
            cpu_mhz: cpu_mhz(),
            cpu_governor: read_trimmed(GOVERNOR),
            transparent_hugepages: read_trimmed(THP).as_deref().and_then(chosen_mode),
            cpus_allowed: crate::util::affinity::allowed_list(),
            build_profile: Some(
                if cfg!(debug_assertions) {
                    "dev (debug assertions on)"
                } else {
                    "release"
                }
                .to_string(),
            ),
            build_target: Some(crate::util::cpu::build_target()),
            warm_tables: Vec::new(),
            unreadable: Vec::new(),
            engine_timing: Vec::new(),
            others_cpu_cores: None,
            check_start: speed_check(),
            speed_check_ms: None,
            speed_checks_ms: Vec::new(),
            cpu_start: CpuSnapshot::take(),
        }
        .with_unreadable()
        .with_check_series()
    }

    /// Start the speed-check series with the check at the start.
    fn with_check_series(mut self) -> Self {
        self.speed_checks_ms.extend(self.check_start);
        self
    }

    /// Time the reference solve now and add it to [`Meta::speed_checks_ms`].
    pub fn check_speed(&mut self) {
        self.speed_checks_ms.extend(speed_check());
    }

    /// List the machine facts this machine did not let us read.
    fn with_unreadable(mut self) -> Self {
        let missing = [
            ("cpu_mhz", self.cpu_mhz.is_none()),
            ("cpu_governor", self.cpu_governor.is_none()),
            (
                "transparent_hugepages",
                self.transparent_hugepages.is_none(),
            ),
            ("load_avg_start", self.load_avg_start.is_none()),
        ];
        self.unreadable = missing
            .iter()
            .filter(|(_, m)| *m)
            .map(|(k, _)| (*k).to_string())
            .collect();
        self
    }

    /// Record what an engine's times are, from its first successful solve of the run.
    pub fn note_engine(&mut self, spec: &str, engine: &dyn Engine, clock: Clock, m: &Measurement) {
        if !self.engine_timing.iter().any(|t| t.engine == spec) {
            self.engine_timing
                .push(EngineTiming::describe(spec, engine, clock, m));
        }
    }

    /// Record the clock the solves are timed on, and its resolution.
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock = Some(
            match clock {
                Clock::Wall => "wall (monotonic)",
                Clock::Cpu => "cpu (thread)",
            }
            .to_string(),
        );
        self.clock_resolution_ns = clock_resolution_ns(clock);
    }

    /// Mark the run finished now: the end time and the load average at the end.
    pub fn finish(&mut self) {
        self.end_time = Some(now_rfc3339());
        self.load_avg_end = load_avg();
        let end = speed_check();
        self.speed_checks_ms.extend(end);
        self.speed_check_ms = self.check_start.zip(end).map(|(a, b)| [a, b]);
        self.others_cpu_cores = self
            .cpu_start
            .and_then(|a| CpuSnapshot::take().map(|b| a.others_cores(&b)));
        if self.others_cpu_cores.is_none()
            && !self.unreadable.iter().any(|u| u == "others_cpu_cores")
        {
            self.unreadable.push("others_cpu_cores".into());
        }
        if self.load_avg_end.is_none() && !self.unreadable.iter().any(|u| u == "load_avg_end") {
            self.unreadable.push("load_avg_end".into());
        }
    }
}

/// How many times a run takes the reference solve between its start and its end
/// ([`Meta::speed_checks_ms`]): each costs about 80 ms (two solves and a table), about 7% of
/// the default experiment's 10 s.
pub const SPEED_CHECKS_PER_RUN: usize = 8;

/// The reference solve of [`Meta::speed_check_ms`]: MTD(f) with a 2^23-entry table from an
/// empty table on a ply-9 position (395,717 nodes, about 36 ms on the development machine).
pub const SPEED_CHECK: (&str, &str) = ("mtdf", "445361234");

/// The faster of two timed reference solves, in ms.
fn speed_check() -> Option<f64> {
    let mut e = crate::engine::registry::build(SPEED_CHECK.0).ok()?;
    (0..2)
        .filter_map(|_| super::measure::measure(e.as_mut(), SPEED_CHECK.1, Clock::Wall).ok())
        .map(|m| m.wall_nanos as f64 / 1e6)
        .reduce(f64::min)
}

/// The machine's and this process's CPU time at one moment, in clock ticks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct CpuSnapshot {
    /// Busy ticks of all CPUs (`/proc/stat`: user, nice, system, irq, softirq, steal).
    machine_busy: u64,
    /// This process's user + system ticks (`/proc/self/stat`), all threads.
    own: u64,
    at: std::time::Instant,
}

impl CpuSnapshot {
    fn take() -> Option<Self> {
        let stat = std::fs::read_to_string("/proc/stat").ok()?;
        let own = std::fs::read_to_string("/proc/self/stat").ok()?;
        Some(CpuSnapshot {
            machine_busy: parse_machine_busy(&stat)?,
            own: parse_own_ticks(&own)?,
            at: std::time::Instant::now(),
        })
    }

    /// Cores kept busy by others between `self` and `later`.
    fn others_cores(&self, later: &CpuSnapshot) -> f64 {
        // SAFETY: sysconf only reads a configuration value.
        let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
        let busy = later.machine_busy.saturating_sub(self.machine_busy) as f64;
        let own = later.own.saturating_sub(self.own) as f64;
        let secs = later.at.duration_since(self.at).as_secs_f64().max(1e-3);
        ((busy - own) / hz / secs).max(0.0)
    }
}

/// Busy ticks from the first line of `/proc/stat`.
fn parse_machine_busy(stat: &str) -> Option<u64> {
    let line = stat.lines().next()?.strip_prefix("cpu ")?;
    let v: Vec<u64> = line
        .split_whitespace()
        .map(|x| x.parse().ok())
        .collect::<Option<_>>()?;
    // user nice system idle iowait irq softirq steal ...
    Some(v.get(..3)?.iter().sum::<u64>() + v.get(5..8)?.iter().sum::<u64>())
}

/// utime + stime (fields 14 and 15) of `/proc/self/stat`, after the parenthesised name.
fn parse_own_ticks(stat: &str) -> Option<u64> {
    let rest = &stat[stat.rfind(')')? + 1..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    // `rest` starts at field 3 (state): fields 14 and 15 are at 11 and 12.
    Some(f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?)
}

/// The frequency governor of cpu0.
const GOVERNOR: &str = "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor";

const THP: &str = "/sys/kernel/mm/transparent_hugepage/enabled";

/// The bracketed choice of a sysfs mode list: `always [madvise] never` → `madvise`.
fn chosen_mode(list: &str) -> Option<String> {
    let (_, rest) = list.split_once('[')?;
    let (mode, _) = rest.split_once(']')?;
    Some(mode.to_string()).filter(|m| !m.is_empty())
}

fn read_trimmed(path: &str) -> Option<String> {
    std::fs::read_to_string(path)
        .ok()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
}

/// The 1, 5 and 15 minute load averages from `/proc/loadavg`.
#[must_use]
pub fn load_avg() -> Option<[f64; 3]> {
    parse_loadavg(&read_trimmed("/proc/loadavg")?)
}

fn parse_loadavg(s: &str) -> Option<[f64; 3]> {
    let mut it = s.split_whitespace().map(|x| x.parse::<f64>().ok());
    Some([it.next()??, it.next()??, it.next()??])
}

fn cpu_mhz() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    s.lines()
        .find(|l| l.starts_with("cpu MHz"))
        .and_then(|l| l.split_once(':'))
        .and_then(|(_, v)| v.trim().parse().ok())
}

/// `clock_getres` of the clock in ns (`CLOCK_MONOTONIC`, behind `Instant` on Unix, or
/// `CLOCK_THREAD_CPUTIME_ID`).
fn clock_resolution_ns(clock: Clock) -> Option<u64> {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid, writable timespec; clock_getres only writes it.
        let id = match clock {
            Clock::Wall => libc::CLOCK_MONOTONIC,
            Clock::Cpu => libc::CLOCK_THREAD_CPUTIME_ID,
        };
        let rc = unsafe { libc::clock_getres(id, &mut ts) };
        (rc == 0).then(|| ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64)
    }
    #[cfg(not(unix))]
    {
        let _ = clock;
        None
    }
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string())
}

fn os_name() -> String {
    let pretty = std::fs::read_to_string("/etc/os-release")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("PRETTY_NAME="))
                .map(|v| v.trim_matches('"').to_string())
        });
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease")
        .ok()
        .map(|s| s.trim().to_string());
    match (pretty, kernel) {
        (Some(p), Some(k)) => format!("{p} (Linux {k})"),
        (Some(p), None) => p,
        _ => std::env::consts::OS.to_string(),
    }
}

/// The current UTC time as `YYYY-MM-DDTHH:MM:SSZ`.
#[must_use]
pub fn now_rfc3339() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    rfc3339(secs)
}

/// Format seconds since the Unix epoch as UTC RFC 3339 (days-to-civil, proleptic Gregorian).
#[must_use]
pub fn rfc3339(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn loadavg_and_machine_fields() {
        assert_eq!(
            super::parse_loadavg("0.70 1.42 2.06 3/512 1234"),
            Some([0.7, 1.42, 2.06])
        );
        assert_eq!(super::parse_loadavg("0.70 x"), None);
        let mut m = super::Meta::collect("x", "h", "", None);
        assert!(m.build_profile.is_some() && m.clock.is_some());
        assert_eq!(m.build_target, Some(crate::util::cpu::build_target()));
        assert_eq!(
            super::chosen_mode("always [madvise] never").as_deref(),
            Some("madvise")
        );
        assert_eq!(super::chosen_mode("always madvise never"), None);
        let thp = std::path::Path::new(super::THP).exists();
        assert_eq!(m.transparent_hugepages.is_some(), thp);
        assert_eq!(
            m.unreadable.iter().any(|u| u == "transparent_hugepages"),
            !thp
        );
        m.set_clock(super::Clock::Cpu);
        assert_eq!(m.clock.as_deref(), Some("cpu (thread)"));
        m.finish();
        assert!(m.end_time.is_some());
        if cfg!(target_os = "linux") {
            assert!(m.load_avg_start.is_some() && m.load_avg_end.is_some());
            assert!(m.clock_resolution_ns.is_some_and(|r| r >= 1));
        }
        // Files written before these fields existed still load.
        let old = r#"{"treebench_version":"0","git_revision":"","rustc":"","cpu_model":"",
            "cores":1,"os":"","start_time":"","end_time":null,"experiment_name":"x",
            "experiment_hash":"h","experiment_source":"","shard":null,
            "overhead_ns_per_solve":null}"#;
        let m: super::Meta = serde_json::from_str(old).unwrap();
        assert_eq!(m.load_avg_start, None);
    }

    #[test]
    fn cpu_counters() {
        let stat = "cpu  100 5 50 1000 7 3 2 1 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n";
        assert_eq!(
            super::parse_machine_busy(stat),
            Some(100 + 5 + 50 + 3 + 2 + 1)
        );
        let own = "123 (tree bench) S 1 2 3 4 5 6 7 8 9 10 40 2 0 0";
        assert_eq!(super::parse_own_ticks(own), Some(42));
        if cfg!(target_os = "linux") {
            let mut m = super::Meta::collect("x", "h", "", None);
            m.finish();
            assert!(m.others_cpu_cores.is_some_and(|c| c >= 0.0), "{m:?}");
        }
    }

    #[test]
    fn dates() {
        assert_eq!(super::rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(super::rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(super::rfc3339(1_796_000_000), "2026-11-30T00:53:20Z");
    }
}
