//! The machine state of a run, from its `.meta.json` (`runner::meta`), and whether two runs were
//! made on comparable machines: `analyze NEW --against OLD` calls a change inconclusive when the
//! CPU model, core count or governor changed, the frequency at the start moved by more than
//! [`MHZ_REL`], other processes kept a different number of cores busy during the two runs
//! (beyond [`OTHERS_MIN`] / [`OTHERS_PER_CORE`]), or a fixed reference solve took a different
//! time (beyond [`SPEED_CHECK_REL`]: the medians of the solves taken through each run, or for runs
//! without that series, between the runs or within one).

use serde_json::Value;

/// The CPU kept busy by others during a run (`others_cpu_cores` of `runner::meta`) may differ
/// by this many cores between two runs before the machines count as different, or by
/// [`OTHERS_PER_CORE`] per core where that is more. Two busy loops on a 2-core machine add about
/// 1.3 cores (they share the cores with the run); a quiet machine varies by about a tenth.
pub const OTHERS_MIN: f64 = 0.5;
/// See [`OTHERS_MIN`].
pub const OTHERS_PER_CORE: f64 = 0.25;
/// Relative difference of the CPU frequency at the start that counts as a different machine.
pub const MHZ_REL: f64 = 0.10;
/// Relative difference of the reference solve's time (`speed_check_ms`: between the two runs,
/// or between the start and the end of one run) that counts as a different machine. The speed check
/// is one 30-40 ms solve (the faster of two). On the shared 2-core development machine (a
/// virtual machine) it varied from 28 to 50 ms over quiet runs; a run whose late plies were 30%
/// slower than in its twin had the speed check 19% slower at its end: the threshold is below that,
/// and calls more quiet pairs inconclusive rather than any of them regressed or improved.
pub const SPEED_CHECK_REL: f64 = 0.15;

/// How two runs' machines compare.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MachineComparison {
    /// What differed beyond the thresholds, e.g. "1-min load at the end 0.98 → 3.05".
    pub differed: Vec<String>,
    /// What could not be compared (not recorded in one of the runs).
    pub missing: Vec<String>,
    /// The load averages of both runs, for information.
    pub load: Option<String>,
}

fn s<'a>(m: &'a Value, k: &str) -> Option<&'a str> {
    m.get(k)?.as_str().filter(|v| !v.is_empty())
}

fn f(m: &Value, k: &str) -> Option<f64> {
    m.get(k)?.as_f64()
}

fn load1(m: &Value, k: &str) -> Option<f64> {
    m.get(k)?.as_array()?.first()?.as_f64()
}

/// Compare the machine state of the old and new runs' metadata.
#[must_use]
pub fn compare_machines(old: Option<&Value>, new: Option<&Value>) -> MachineComparison {
    let mut c = MachineComparison::default();
    let (Some(old), Some(new)) = (old, new) else {
        c.missing
            .push("the .meta.json of a run (no machine state to compare)".into());
        return c;
    };
    // The huge-page mode is recorded since 2026-12-02: compared where both runs have it, not
    // missing before that. (The build target is not a machine fact: a new build may be the
    // change being measured.)
    for (key, what, required) in [
        ("cpu_model", "CPU model", true),
        ("cpu_governor", "frequency governor", true),
        ("transparent_hugepages", "transparent huge pages", false),
    ] {
        match (s(old, key), s(new, key)) {
            (Some(a), Some(b)) if a != b => c.differed.push(format!("{what} `{a}` → `{b}`")),
            (Some(_), Some(_)) => {}
            _ if required => c.missing.push(what.into()),
            _ => {}
        }
    }
    let cores = match (f(old, "cores"), f(new, "cores")) {
        (Some(a), Some(b)) if a != b => {
            c.differed.push(format!("cores {a} → {b}"));
            a.max(b)
        }
        (Some(a), Some(_)) => a,
        _ => {
            c.missing.push("cores".into());
            1.0
        }
    };
    match (f(old, "cpu_mhz"), f(new, "cpu_mhz")) {
        (Some(a), Some(b)) if (b / a - 1.0).abs() > MHZ_REL => {
            c.differed
                .push(format!("CPU MHz at the start {a:.0} → {b:.0}"));
        }
        (Some(_), Some(_)) => {}
        _ => c.missing.push("CPU frequency".into()),
    }
    let limit = (OTHERS_PER_CORE * cores).max(OTHERS_MIN);
    match (f(old, "others_cpu_cores"), f(new, "others_cpu_cores")) {
        (Some(a), Some(b)) if (b - a).abs() > limit => c.differed.push(format!(
            "other processes kept {a:.2} cores busy during the old run and {b:.2} during the new, \
             more than {limit:.2} apart"
        )),
        (Some(_), Some(_)) => {}
        _ => c
            .missing
            .push("CPU used by other processes during the run".into()),
    }
    compare_speed_checks(old, new, &mut c);
    // The load average trails by a minute (a short run barely moves it): shown, not judged.
    let loads = |m: &Value| (load1(m, "load_avg_start"), load1(m, "load_avg_end"));
    if let ((Some(a0), Some(a1)), (Some(b0), Some(b1))) = (loads(old), loads(new)) {
        c.load = Some(format!(
            "1-min load average {a0:.2} → {a1:.2} (old run), {b0:.2} → {b1:.2} (new run)"
        ));
    }
    c
}

/// The fewest reference solves a run's series (`speed_checks_ms`) needs to be compared by its
/// median instead of by its two ends.
pub const SERIES_MIN: usize = 5;

/// A key of a run's metadata, under its name before the speed check was called one
/// (`speed_probe…`) in files written then.
fn metadata_key<'a>(m: &'a Value, key: &str) -> Option<&'a Value> {
    m.get(key)
        .or_else(|| m.get(key.replace("speed_check", "speed_probe").as_str()))
}

/// The median of a run's reference solves taken through the run (`speed_checks_ms`).
fn check_median(m: &Value) -> Option<f64> {
    let mut v: Vec<f64> = metadata_key(m, "speed_checks_ms")?
        .as_array()?
        .iter()
        .filter_map(Value::as_f64)
        .collect();
    if v.len() < SERIES_MIN {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let h = v.len() / 2;
    Some(if v.len() % 2 == 1 {
        v[h]
    } else {
        (v[h - 1] + v[h]) / 2.0
    })
}

/// The reference solve's times. Runs that took it through the run (and solved their plies
/// interleaved, so a slow spell slows every ply alike) are compared by the medians of their
/// series; older runs by their two ends, within each run and between the runs.
fn compare_speed_checks(old: &Value, new: &Value, c: &mut MachineComparison) {
    if let (Some(o), Some(n)) = (check_median(old), check_median(new)) {
        if (n / o - 1.0).abs() > SPEED_CHECK_REL {
            c.differed.push(format!(
                "the reference solve took {o:.1} ms in the old run and {n:.1} ms in the new \
                 (medians through each run)"
            ));
        }
        return;
    }
    let check = |m: &Value| -> Option<(f64, f64)> {
        let a = metadata_key(m, "speed_check_ms")?.as_array()?;
        Some((a.first()?.as_f64()?, a.get(1)?.as_f64()?))
    };
    let apart = |a: f64, b: f64| (b / a - 1.0).abs() > SPEED_CHECK_REL;
    match (check(old), check(new)) {
        (Some((o0, o1)), Some((n0, n1))) => {
            for (run, a, b) in [("old", o0, o1), ("new", n0, n1)] {
                if apart(a, b) {
                    c.differed.push(format!(
                        "the reference solve took {a:.1} ms at the start of the {run} run and \
                         {b:.1} ms at its end"
                    ));
                }
            }
            let (o, n) = (o0.min(o1), n0.min(n1));
            if apart(o, n) {
                c.differed.push(format!(
                    "the reference solve took {o:.1} ms in the old run and {n:.1} ms in the new"
                ));
            }
        }
        _ => c.missing.push("reference solve time".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn load_and_model() {
        let quiet = json!({"cpu_model": "X", "cores": 2, "cpu_mhz": 2000.0,
            "cpu_governor": "performance", "load_avg_start": [1.0, 1.0, 1.0],
            "load_avg_end": [1.1, 1.0, 1.0], "others_cpu_cores": 0.05,
            "speed_check_ms": [36.0, 37.0]});
        let same = compare_machines(Some(&quiet), Some(&quiet));
        assert!(
            same.differed.is_empty() && same.missing.is_empty(),
            "{same:?}"
        );
        assert!(same.load.is_some());
        let mut busy = quiet.clone();
        busy["others_cpu_cores"] = json!(1.3);
        busy["load_avg_end"] = json!([3.0, 1.5, 1.0]);
        let c = compare_machines(Some(&quiet), Some(&busy));
        assert_eq!(c.differed.len(), 1, "{c:?}");
        assert!(
            c.differed[0].contains("0.05 cores busy during the old run and 1.30"),
            "{c:?}"
        );
        busy["others_cpu_cores"] = json!(0.4);
        assert!(compare_machines(Some(&quiet), Some(&busy))
            .differed
            .is_empty());
        busy["speed_check_ms"] = json!([36.0, 50.0]);
        let c = compare_machines(Some(&quiet), Some(&busy));
        assert_eq!(c.differed.len(), 1, "{c:?}");
        assert!(
            c.differed[0].contains("36.0 ms at the start of the new run"),
            "{c:?}"
        );
        let mut other = quiet.clone();
        other["cpu_model"] = json!("Y");
        other.as_object_mut().unwrap().remove("cpu_governor");
        let c = compare_machines(Some(&quiet), Some(&other));
        assert_eq!(c.differed, ["CPU model `X` → `Y`"]);
        assert_eq!(c.missing, ["frequency governor"]);
        assert_eq!(compare_machines(None, Some(&quiet)).missing.len(), 1);
    }

    #[test]
    fn huge_pages_where_both_runs_have_them() {
        let old = json!({"cpu_model": "X", "cores": 2, "cpu_mhz": 2000.0,
            "cpu_governor": "performance", "others_cpu_cores": 0.05,
            "speed_check_ms": [36.0, 37.0]});
        let mut new = old.clone();
        new["build_target"] = json!("x86_64: popcnt sse4.2");
        new["transparent_hugepages"] = json!("never");
        let c = compare_machines(Some(&old), Some(&new));
        assert!(c.differed.is_empty() && c.missing.is_empty(), "{c:?}");
        let mut older = old.clone();
        older["build_target"] = json!("x86_64: baseline");
        older["transparent_hugepages"] = json!("madvise");
        let c = compare_machines(Some(&older), Some(&new));
        // A new build is the change measured, not a different machine.
        assert_eq!(c.differed, ["transparent huge pages `madvise` → `never`"]);
    }

    #[test]
    fn speed_check_series_by_median() {
        let base = json!({"cpu_model": "X", "cores": 2, "cpu_mhz": 2000.0,
            "cpu_governor": "performance", "others_cpu_cores": 0.05});
        let with = |ends: [f64; 2], series: &[f64]| {
            let mut m = base.clone();
            m["speed_check_ms"] = json!(ends);
            m["speed_checks_ms"] = json!(series);
            m
        };
        // A slow start (47 ms) and a slow spell do not count when the medians agree.
        let old = with([47.0, 31.0], &[47.0, 31.0, 30.5, 32.0, 31.0, 44.0, 31.0]);
        let new = with([31.0, 43.0], &[31.0, 32.0, 31.5, 30.0, 43.0, 31.0, 43.0]);
        let c = compare_machines(Some(&old), Some(&new));
        assert!(c.differed.is_empty() && c.missing.is_empty(), "{c:?}");
        // A machine slower through most of the run does.
        let slow = with([31.0, 43.0], &[31.0, 40.0, 41.0, 42.0, 43.0, 40.0, 43.0]);
        let c = compare_machines(Some(&old), Some(&slow));
        assert_eq!(
            c.differed,
            [
                "the reference solve took 31.0 ms in the old run and 41.0 ms in the new \
              (medians through each run)"
            ]
        );
        // Too short a series (or none, in an older file): the two ends, as before.
        let short = with([31.0, 43.0], &[31.0, 32.0, 43.0]);
        let c = compare_machines(Some(&old), Some(&short));
        assert_eq!(c.differed.len(), 2, "{c:?}");
        // Files written before the speed check had its name keep their keys (`speed_probe…`).
        let rename = |m: &Value| {
            let mut o = m.clone();
            let map = o.as_object_mut().unwrap();
            for k in ["speed_check_ms", "speed_checks_ms"] {
                let v = map.remove(k).unwrap();
                map.insert(k.replace("speed_check", "speed_probe"), v);
            }
            o
        };
        let c = compare_machines(Some(&rename(&old)), Some(&slow));
        assert_eq!(c.differed.len(), 1, "{c:?}");
        let committed = include_str!("../../results/ablation-connect4.meta.json");
        assert!(committed.contains("\"speed_probe_ms\""));
        let back: crate::runner::meta::Meta =
            serde_json::from_str(committed).unwrap_or_else(|e| panic!("{e}"));
        assert!(back.speed_check_ms.is_some());
    }
}
