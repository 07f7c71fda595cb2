//! Run metadata written beside the results: who, where, when, and exactly what was run.

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
        }
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
    fn dates() {
        assert_eq!(super::rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(super::rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(super::rfc3339(1_796_000_000), "2026-11-30T00:53:20Z");
    }
}
