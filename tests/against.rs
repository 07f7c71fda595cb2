//! `treebench analyze NEW --against OLD`: two runs of the same build say "no change"; a 2×
//! slowdown says "regressed", a 2× speed-up "improved"; runs of different positions are refused.

#![cfg(feature = "analysis")]

#[allow(dead_code)] // not every helper is used here
mod common;
use common::{run, scratch, write_exp};
use std::path::Path;

/// Noise threshold of these tests: ±25 %. The two runs are timed on the solving thread's CPU
/// time (`--clock cpu`): on the wall clock of the shared development machine (2 cores, load
/// 13–15 from parallel builds) two back-to-back runs of the default experiment differed by 1.5×
/// (new/old 0.64 [0.59, 0.68], identical nodes); on the CPU clock by 2–6 % over all plies
/// (negamax 1.02 [0.99, 1.05], mtdf 1.06 [1.00, 1.10]) and at most 1.18 [1.08, 1.23] on one ply
/// of 20 positions. This experiment has 12 positions per ply, hence the wider band. A 2× change,
/// applied to the second run's own times, stays beyond it, which the slowdown and speed-up
/// checks assert: the test fails if the verdicts stop seeing real changes as well as if they
/// see noise as one.
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

/// Multiply the solve times (`nanos`, `wall_nanos`) of every row by `factor`.
fn scale_times(from: &Path, to: &Path, factor: f64) {
    let text = std::fs::read_to_string(from).unwrap();
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        if i == 0 {
            out.push_str(line);
        } else {
            let mut f: Vec<String> = line.split(',').map(str::to_string).collect();
            for k in [10, 11] {
                let v: u64 = f[k].parse().unwrap();
                f[k] = ((v as f64 * factor) as u64).max(1).to_string();
            }
            out.push_str(&f.join(","));
        }
        out.push('\n');
    }
    std::fs::write(to, out).unwrap();
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
    assert_eq!(
        verdicts(&same),
        [
            ("negamax".to_string(), "no change".to_string()),
            ("mtdf".to_string(), "no change".to_string())
        ],
        "{same}"
    );
    // The engines are deterministic: the same build searches exactly the same nodes.
    assert!(same.contains("nodes 1.00x"), "{same}");

    scale_times(&dir.join("new/twice.csv"), &dir.join("slow.csv"), 2.0);
    let slow = against(&dir, "slow.csv", "old/twice.csv");
    assert!(
        verdicts(&slow).iter().all(|(_, v)| v == "regressed"),
        "{slow}"
    );
    scale_times(&dir.join("new/twice.csv"), &dir.join("fast.csv"), 0.5);
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
