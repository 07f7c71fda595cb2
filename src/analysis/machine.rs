//! The machine state of a run, from its `.meta.json` (`runner::meta`), and whether two runs were
//! made on comparably loaded machines: `analyze NEW --against OLD` calls a change inconclusive
//! when they were not.

use serde_json::Value;

/// The 1-minute load average may differ by this much per core between two runs (at the start,
/// and at the end) before the machines count as different: two busy loops on a 2-core machine
/// add about 2 to it, a quiet machine's own run moves it by a few tenths.
pub const LOAD_PER_CORE: f64 = 0.4;
/// The smallest load difference that counts, whatever the core count.
pub const LOAD_MIN: f64 = 0.5;
/// Relative difference of the CPU frequency at the start that counts as a different machine.
pub const MHZ_REL: f64 = 0.10;

/// How two runs' machines compare.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MachineComparison {
    /// What differed beyond the thresholds, e.g. "1-min load at the end 0.98 → 3.05".
    pub differed: Vec<String>,
    /// What could not be compared (not recorded in one of the runs).
    pub missing: Vec<String>,
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
        c.missing.push("the .meta.json of a run (no machine state to compare)".into());
        return c;
    };
    for (key, what) in [("cpu_model", "CPU model"), ("cpu_governor", "frequency governor")] {
        match (s(old, key), s(new, key)) {
            (Some(a), Some(b)) if a != b => c.differed.push(format!("{what} `{a}` → `{b}`")),
            (Some(_), Some(_)) => {}
            _ => c.missing.push(what.into()),
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
            c.differed.push(format!("CPU MHz at the start {a:.0} → {b:.0}"));
        }
        (Some(_), Some(_)) => {}
        _ => c.missing.push("CPU frequency".into()),
    }
    let limit = (LOAD_PER_CORE * cores).max(LOAD_MIN);
    for (key, when) in [("load_avg_start", "start"), ("load_avg_end", "end")] {
        match (load1(old, key), load1(new, key)) {
            (Some(a), Some(b)) if (b - a).abs() > limit => c.differed.push(format!(
                "1-min load average at the {when} {a:.2} → {b:.2}, more than ±{limit:.2} apart"
            )),
            (Some(_), Some(_)) => {}
            _ => c.missing.push(format!("load average at the {when}")),
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn load_and_model() {
        let quiet = json!({"cpu_model": "X", "cores": 2, "cpu_mhz": 2000.0,
            "cpu_governor": "performance", "load_avg_start": [1.0, 1.0, 1.0],
            "load_avg_end": [1.1, 1.0, 1.0]});
        let same = compare_machines(Some(&quiet), Some(&quiet));
        assert!(same.differed.is_empty() && same.missing.is_empty(), "{same:?}");
        let mut busy = quiet.clone();
        busy["load_avg_end"] = json!([3.0, 1.5, 1.0]);
        let c = compare_machines(Some(&quiet), Some(&busy));
        assert_eq!(c.differed.len(), 1, "{c:?}");
        assert!(c.differed[0].contains("1.10 → 3.00"), "{c:?}");
        let mut other = quiet.clone();
        other["cpu_model"] = json!("Y");
        other.as_object_mut().unwrap().remove("cpu_governor");
        let c = compare_machines(Some(&quiet), Some(&other));
        assert_eq!(c.differed, ["CPU model `X` → `Y`"]);
        assert_eq!(c.missing, ["frequency governor"]);
        assert_eq!(compare_machines(None, Some(&quiet)).missing.len(), 1);
    }
}
