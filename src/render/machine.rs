//! The machine of a run as a report shows it: a run's `.meta.json` read into labelled,
//! formatted rows (CPU, cores, clock, load before and after, git revision, build, table size,
//! ...), no raw key, no JSON; every field stays in the raw file, which the page links.

use serde_json::Value;

/// A number with at most `digits` decimals, trailing zeros dropped.
fn num(x: f64, digits: usize) -> String {
    let s = format!("{x:.digits$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

fn str_of<'a>(m: &'a Value, key: &str) -> Option<&'a str> {
    m.get(key)?.as_str().filter(|s| !s.is_empty())
}

fn f64s(m: &Value, key: &str) -> Vec<f64> {
    m.get(key)
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_f64).collect())
        .unwrap_or_default()
}

/// The names of the fields the machine could not read (`unreadable`).
fn unreadable(m: &Value) -> Vec<String> {
    m.get("unreadable")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// What a missing field says: not readable on that machine, or not recorded by the version that
/// wrote the file.
fn missing(m: &Value, key: &str) -> String {
    if unreadable(m).iter().any(|k| k == key) {
        "not readable on this machine".into()
    } else if m.get(key).is_some() {
        "not known".into()
    } else {
        "not recorded (an older treebench)".into()
    }
}

fn load(m: &Value, key: &str) -> String {
    match f64s(m, key).as_slice() {
        [a, b, c] => format!("{a:.2} / {b:.2} / {c:.2} (1 / 5 / 15 min)"),
        _ => missing(m, key),
    }
}

/// The reference solve's times: start and end, and the checks through the run.
fn speed(m: &Value) -> Option<String> {
    let ends = {
        let v = f64s(m, "speed_check_ms");
        if v.is_empty() {
            f64s(m, "speed_probe_ms")
        } else {
            v
        }
    };
    let mut all = f64s(m, "speed_checks_ms");
    if all.is_empty() {
        all = f64s(m, "speed_probes_ms");
    }
    let mut parts = Vec::new();
    if let [a, b] = ends.as_slice() {
        parts.push(format!(
            "{} ms at the start, {} ms at the end",
            num(*a, 1),
            num(*b, 1)
        ));
    }
    if all.len() > 2 {
        let (lo, hi) = all
            .iter()
            .fold((f64::MAX, f64::MIN), |(l, h), &x| (l.min(x), h.max(x)));
        parts.push(format!(
            "{} checks through the run from {} to {} ms",
            all.len(),
            num(lo, 1),
            num(hi, 1)
        ));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

fn cores(m: &Value) -> Option<String> {
    let n = m.get("cores")?.as_u64()?;
    Some(match str_of(m, "cpus_allowed") {
        Some(c) => format!("{n} (the solving thread allowed on CPU {c})"),
        None => n.to_string(),
    })
}

fn frequency(m: &Value) -> String {
    let mhz = m.get("cpu_mhz").and_then(Value::as_f64);
    let gov =
        str_of(m, "cpu_governor").map_or_else(|| missing(m, "cpu_governor"), |g| format!("`{g}`"));
    match mhz {
        Some(f) => format!("{} MHz at the start; governor {gov}", num(f, 0)),
        None => format!("{}; governor {gov}", missing(m, "cpu_mhz")),
    }
}

fn clock(m: &Value) -> Option<String> {
    let c = str_of(m, "clock")?;
    Some(match m.get("clock_resolution_ns").and_then(Value::as_u64) {
        Some(r) => format!("{c}, resolution {r} ns"),
        None => c.to_string(),
    })
}

fn build(m: &Value) -> Option<String> {
    let p = str_of(m, "build_profile")?;
    Some(match str_of(m, "build_target") {
        Some(t) => format!("{p}, for {t}"),
        None => p.to_string(),
    })
}

fn times(m: &Value) -> Option<String> {
    let utc = |t: &str| t.replace('T', " ").replace('Z', " UTC");
    let start = utc(str_of(m, "start_time")?);
    let mut s = match str_of(m, "end_time") {
        Some(end) => format!("{start} to {}", utc(end)),
        None => format!("started {start}, did not finish (no end time recorded)"),
    };
    let resumed = m
        .get("resumed_at")
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    if resumed > 0 {
        s.push_str(&format!("; resumed {resumed} times"));
    }
    Some(s)
}

/// The labelled rows of one `.meta.json`; `tables` is the transposition-table sentence of the
/// experiment's engines (the metadata does not hold it).
pub fn machine_rows(m: &Value, tables: Option<String>) -> Vec<(String, String)> {
    let mut rows: Vec<(&str, Option<String>)> = vec![
        ("CPU", str_of(m, "cpu_model").map(String::from)),
        ("Cores", cores(m)),
        ("Frequency", Some(frequency(m))),
        ("Load before", Some(load(m, "load_avg_start"))),
        ("Load after", Some(load(m, "load_avg_end"))),
        (
            "Other processes",
            m.get("others_cpu_cores")
                .and_then(Value::as_f64)
                .map(|c| format!("{} cores busy on average during the run", num(c, 2))),
        ),
        ("Speed check", speed(m)),
        ("Clock", clock(m)),
        ("Table size", tables),
        (
            "Huge pages",
            str_of(m, "transparent_hugepages").map(|t| format!("`{t}`")),
        ),
        ("OS", str_of(m, "os").map(String::from)),
        ("Git revision", str_of(m, "git_revision").map(String::from)),
        (
            "treebench",
            str_of(m, "treebench_version").map(String::from),
        ),
        ("Build", build(m)),
        ("Compiler", str_of(m, "rustc").map(String::from)),
        (
            "Harness overhead",
            m.get("overhead_ns_per_solve")
                .and_then(Value::as_f64)
                .map(|ns| format!("{} µs a solve", num(ns / 1e3, 1))),
        ),
        ("Run", times(m)),
    ];
    rows.extend(experiment_rows(m));
    rows.into_iter()
        .filter_map(|(k, v)| Some((k.to_string(), v?)))
        .collect()
}

/// The experiment's name, game and hash; skipped positions, warm tables, shards.
fn experiment_rows(m: &Value) -> Vec<(&'static str, Option<String>)> {
    let count = |key: &str| {
        m.get(key)
            .and_then(Value::as_array)
            .filter(|a| !a.is_empty())
            .map(Vec::len)
    };
    vec![
        (
            "Experiment",
            str_of(m, "experiment_name").map(|n| match str_of(m, "experiment_hash") {
                Some(h) => format!("`{n}` (source hash {h})"),
                None => format!("`{n}`"),
            }),
        ),
        ("Game", str_of(m, "game").map(|g| format!("`{g}`"))),
        ("Shard", str_of(m, "shard").map(String::from)),
        (
            "Skipped",
            count("skipped").map(|n| format!("{n} positions over the time limit")),
        ),
        (
            "Warm tables",
            count("warm_tables")
                .map(|n| format!("{n} engines kept their tables (see the raw file)")),
        ),
        (
            "Partial",
            count("partial")
                .map(|n| format!("{n} shards missing or interrupted (see the raw file)")),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::machine_rows;

    #[test]
    fn labelled_and_formatted() {
        let m = serde_json::json!({
            "cpu_model": "AMD EPYC", "cores": 2, "cpus_allowed": "0-1", "cpu_mhz": 2596.138,
            "cpu_governor": null, "unreadable": ["cpu_governor"],
            "load_avg_start": [1.14, 1.16, 1.4], "load_avg_end": [1.13, 1.15, 1.39],
            "speed_check_ms": [46.93, 41.11], "speed_checks_ms": [46.9, 44.0, 41.1],
            "git_revision": "e65831a64673", "build_profile": "release", "end_time": null,
            "start_time": "2026-12-01T17:58:17Z", "engine_timing": [{"engine": "x"}]
        });
        let rows = machine_rows(&m, Some("no table for every engine".into()));
        let get = |k: &str| rows.iter().find(|(l, _)| l == k).map(|(_, v)| v.as_str());
        assert_eq!(get("CPU"), Some("AMD EPYC"));
        assert_eq!(
            get("Cores"),
            Some("2 (the solving thread allowed on CPU 0-1)")
        );
        assert_eq!(
            get("Frequency"),
            Some("2596 MHz at the start; governor not readable on this machine")
        );
        assert_eq!(
            get("Load before"),
            Some("1.14 / 1.16 / 1.40 (1 / 5 / 15 min)")
        );
        assert_eq!(
            get("Speed check"),
            Some("46.9 ms at the start, 41.1 ms at the end; 3 checks through the run from 41.1 to 46.9 ms")
        );
        assert_eq!(
            get("Run"),
            Some("started 2026-12-01 17:58:17 UTC, did not finish (no end time recorded)")
        );
        assert_eq!(get("Table size"), Some("no table for every engine"));
        for (k, v) in &rows {
            assert!(
                !k.contains('_') && !v.contains('[') && !v.contains('{'),
                "{k}: {v}"
            );
        }
    }
}
