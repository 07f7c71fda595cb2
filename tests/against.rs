//! `treebench analyze NEW --against OLD`: two runs of the same build pair up with the same nodes;
//! times jittered by up to ±12% say "no change", a 2× slowdown says "regressed", a 2× speed-up
//! "improved"; runs of different positions are refused.

#![cfg(feature = "analysis")]

#[allow(dead_code)] // not every helper is used here
mod common;
use common::{csv_rows, run, scratch, write_csv_rows, write_exp};
use std::path::Path;

/// Noise threshold of these tests: ±25 %. The verdicts are checked on times derived from one
/// run, not on two timed runs: even on the CPU clock (`--clock cpu`) two back-to-back runs of
/// this experiment differed by 1.41x (negamax, [1.36, 1.44]) while `cargo test` ran other test
/// binaries on the 2-core machine, which is what the tool is for (and `--noise` is there to
/// absorb), not what a test may depend on. The two real runs must pair up with the same nodes.
const NOISE: &str = "0.25";

const EXP: &str = "seed = 11\nplies = \"14-18:2\"\npositions = 12\n\
                   engines = [\"negamax\", \"mtdf\"]\nrepeats = 1\nexclude_immediate_win = true\n";

fn verdicts(stdout: &str) -> Vec<(String, String)> {
    // The summary lines: "<engine>: <verdict> (time ...".
    stdout
        .lines()
        .take_while(|l| !l.is_empty())
        .filter_map(|l| {
            let (engine, rest) = l.split_once(": ")?;
            let verdict = rest.split(" (").next()?;
            Some((engine.to_string(), verdict.to_string()))
        })
        .filter(|(e, _)| e == "negamax" || e == "mtdf")
        .collect()
}

/// Multiply the solve times (`nanos`, `wall_nanos`) of row `i` by `factor(i)`.
fn scale_times(from: &Path, to: &Path, factor: impl Fn(usize) -> f64) {
    let mut rows = csv_rows(from);
    for (i, f) in rows.iter_mut().enumerate().skip(1) {
        for k in [10, 11] {
            let v: u64 = f[k].parse().unwrap();
            f[k] = ((v as f64 * factor(i)) as u64).max(1).to_string();
        }
    }
    write_csv_rows(to, &rows);
}

fn against(dir: &Path, new: &str, old: &str) -> String {
    let out = run(dir, &["analyze", new, "--against", old, "--noise", NOISE]);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

#[test]
fn two_runs_of_the_same_build_and_synthetic_changes() {
    let dir = scratch("against");
    write_exp(&dir, "twice", EXP);
    for results in ["old", "new"] {
        let out = run(
            &dir,
            &[
                "run",
                "twice.toml",
                "--results",
                results,
                "--no-report",
                "--clock",
                "cpu",
            ],
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let same = against(&dir, "new/twice.csv", "old/twice.csv");
    assert_eq!(verdicts(&same).len(), 2, "{same}");
    // The engines are deterministic: the same build searches exactly the same nodes.
    assert!(same.contains("nodes 1.00x"), "{same}");

    // Noise: every row's time off by a factor of 0.88 to 1.12 (a fixed pattern, mean 1).
    let jitter = |i: usize| 1.0 + 0.12 * ((i * 7 % 11) as f64 - 5.0) / 5.0;
    scale_times(&dir.join("old/twice.csv"), &dir.join("noisy.csv"), jitter);
    let noisy = against(&dir, "noisy.csv", "old/twice.csv");
    assert_eq!(
        verdicts(&noisy),
        [
            ("negamax".to_string(), "no change".to_string()),
            ("mtdf".to_string(), "no change".to_string())
        ],
        "{noisy}"
    );

    scale_times(&dir.join("old/twice.csv"), &dir.join("slow.csv"), |_| 2.0);
    let slow = against(&dir, "slow.csv", "old/twice.csv");
    assert!(
        verdicts(&slow).iter().all(|(_, v)| v == "regressed"),
        "{slow}"
    );
    scale_times(&dir.join("old/twice.csv"), &dir.join("fast.csv"), |_| 0.5);
    let fast = against(&dir, "fast.csv", "old/twice.csv");
    assert!(
        verdicts(&fast).iter().all(|(_, v)| v == "improved"),
        "{fast}"
    );
    assert_eq!(verdicts(&fast).len(), 2);

    // Different positions (another seed) cannot be paired.
    write_exp(&dir, "twice", &EXP.replace("seed = 11", "seed = 12"));
    let out = run(
        &dir,
        &["run", "twice.toml", "--results", "other", "--no-report"],
    );
    assert!(out.status.success());
    let out = run(
        &dir,
        &["analyze", "other/twice.csv", "--against", "old/twice.csv"],
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("different seeds"), "{err}");
}
