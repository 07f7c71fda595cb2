//! The paired runner through the binary: reproducible records, interruption and resume,
//! the agreement gate, shards and merge, bad experiment files.

mod common;
use common::{bin, rows_without_times, run, scratch, write_exp};

use std::process::Stdio;

const SMALL: &str = r#"seed = 11
plies = [20, 24, 28]
positions = 6
engines = ["negamax", "mtdf", "null-window"]
repeats = 2
"#;

#[test]
fn two_runs_give_identical_positions_scores_and_nodes() {
    let dir = scratch("det");
    let exp = write_exp(&dir, "det", SMALL);
    let exp = exp.to_str().unwrap();
    let o = run(&dir, &["run", exp, "--no-report"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let first = rows_without_times(&dir.join("results/det.csv"));
    assert_eq!(
        first.len(),
        1 + 3 * 6 * 3 * 2,
        "header + positions × engines × repeats"
    );
    let o = run(&dir, &["run", exp, "--no-report"]);
    assert!(
        !o.status.success(),
        "an existing results file is not overwritten silently"
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("--resume"));
    let o = run(&dir, &["run", exp, "--no-report", "--force"]);
    assert!(o.status.success());
    assert_eq!(first, rows_without_times(&dir.join("results/det.csv")));

    // the order alternates and is recorded
    let rows = rows_without_times(&dir.join("results/det.csv"));
    let first_of = |i: usize| rows[1 + i * 6][5].clone();
    assert_ne!(
        first_of(0),
        first_of(1),
        "consecutive positions start with different engines"
    );

    // the position list is printed identically
    let a = run(&dir, &["positions", exp]).stdout;
    let b = run(&dir, &["positions", exp]).stdout;
    assert_eq!(a, b);
    assert_eq!(String::from_utf8_lossy(&a).lines().count(), 18);

    let meta = std::fs::read_to_string(dir.join("results/det.meta.json")).unwrap();
    for key in [
        "git_revision",
        "rustc",
        "cpu_model",
        "cores",
        "os",
        "start_time",
        "end_time",
        "experiment_hash",
        "experiment_source",
        "build_target",
    ] {
        assert!(meta.contains(key), "metadata has {key}");
    }
    // `--version` names the same build: revision, compiler and target, as the metadata has them.
    let v: serde_json::Value = serde_json::from_str(&meta).unwrap();
    let version = String::from_utf8(run(&dir, &["--version"]).stdout).unwrap();
    for key in ["git_revision", "rustc", "build_target"] {
        let value = v[key].as_str().unwrap();
        assert!(
            version.contains(value),
            "--version {version:?} has {key} {value:?}"
        );
    }
}

const SLOW: &str = r#"seed = 3
plies = [16, 18, 20, 22]
positions = 8
engines = ["negamax", "mtdf"]
"#;

fn interrupted_then_resumed(signal: &str) {
    let dir = scratch(&format!("kill-{signal}"));
    let exp = write_exp(&dir, "slow", SLOW);
    let exp = exp.to_str().unwrap();
    let results = dir.join("results/slow.csv");
    // The test hook holds the run after its third position (6 rows) until the signal: no
    // dependence on how fast this machine solves.
    let hold = dir.join("held");
    let mut child = bin()
        .current_dir(&dir)
        .args(["run", exp, "--no-report"])
        .env("TREEBENCH_TEST_HOLD", format!("3:{}", hold.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    common::wait_for_file(&hold, &mut child);
    common::signal(child.id(), signal);
    let status = common::wait_within(&mut child, "the interrupted run");
    assert!(!status.success(), "the signal ended the run");
    let partial = rows_without_times(&results);
    assert_eq!(
        partial.len(),
        1 + 3 * 2,
        "rows written before the interruption are kept"
    );

    let o = run(&dir, &["run", exp, "--no-report", "--resume"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let resumed = rows_without_times(&results);

    let fresh_dir = scratch(&format!("fresh-{signal}"));
    let fresh_exp = write_exp(&fresh_dir, "slow", SLOW);
    let o = run(
        &fresh_dir,
        &["run", fresh_exp.to_str().unwrap(), "--no-report"],
    );
    assert!(o.status.success());
    assert_eq!(
        resumed,
        rows_without_times(&fresh_dir.join("results/slow.csv"))
    );
}

#[test]
fn sigint_then_resume_equals_an_uninterrupted_run() {
    interrupted_then_resumed("-INT");
}

#[test]
fn sigkill_then_resume_equals_an_uninterrupted_run() {
    interrupted_then_resumed("-KILL");
}

#[test]
fn resume_repairs_a_half_written_row_and_refuses_a_changed_experiment() {
    let dir = scratch("tail");
    let exp = write_exp(&dir, "tail", SMALL);
    let o = run(&dir, &["run", exp.to_str().unwrap(), "--no-report"]);
    assert!(o.status.success());
    let results = dir.join("results/tail.csv");
    let full = rows_without_times(&results);
    let text = std::fs::read_to_string(&results).unwrap();
    // cut in the middle of a row
    std::fs::write(&results, &text[..text.len() * 2 / 3]).unwrap();
    let o = run(
        &dir,
        &["run", exp.to_str().unwrap(), "--no-report", "--resume"],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(full, rows_without_times(&results));

    std::fs::write(
        &exp,
        format!(
            "name = \"tail\"\n{}",
            SMALL.replace("seed = 11", "seed = 12")
        ),
    )
    .unwrap();
    let o = run(
        &dir,
        &["run", exp.to_str().unwrap(), "--no-report", "--resume"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("experiment changed"));
}

#[test]
fn disagreement_exits_3_with_a_reproducer() {
    let dir = scratch("disagree");
    let exp = write_exp(
        &dir,
        "bad",
        r#"seed = 1
plies = "14-30:2"
positions = 10
engines = ["mtdf", "mtdf:mutant=clamp-ceiling"]
"#,
    );
    let o = run(&dir, &["run", exp.to_str().unwrap(), "--no-report"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains("engines disagree"), "{err}");
    let repro = err
        .lines()
        .find(|l| l.contains("reproduce: treebench solve --engine 'mtdf:mutant=clamp-ceiling'"))
        .expect(&err);
    // the reproducer really reproduces the wrong score
    let words = shell_words::split(repro.split_once("reproduce: ").unwrap().1).unwrap();
    let moves = words.last().unwrap().as_str();
    let good = String::from_utf8(run(&dir, &["solve", "--engine", "mtdf", moves]).stdout).unwrap();
    let bad = String::from_utf8(
        run(
            &dir,
            &["solve", "--engine", "mtdf:mutant=clamp-ceiling", moves],
        )
        .stdout,
    )
    .unwrap();
    assert_ne!(good.split(' ').nth(1), bad.split(' ').nth(1));
}

#[test]
fn shards_merge_into_the_full_run() {
    let dir = scratch("shards");
    let exp = write_exp(&dir, "sh", SMALL);
    let exp = exp.to_str().unwrap();
    for k in 1..=3 {
        let o = run(
            &dir,
            &["run", exp, "--no-report", "--shard", &format!("{k}/3")],
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let o = run(
        &dir,
        &[
            "merge",
            "--out",
            "results/merged.csv",
            "results/sh.shard-1-of-3.csv",
            "results/sh.shard-2-of-3.csv",
            "results/sh.shard-3-of-3.csv",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = run(&dir, &["run", exp, "--no-report"]);
    assert!(o.status.success());
    let mut merged = rows_without_times(&dir.join("results/merged.csv"));
    let mut full = rows_without_times(&dir.join("results/sh.csv"));
    merged.sort();
    full.sort();
    assert_eq!(merged, full);
    // overlapping shards are refused
    let o = run(
        &dir,
        &[
            "merge",
            "--out",
            "results/x.csv",
            "results/sh.shard-1-of-3.csv",
            "results/sh.shard-1-of-3.csv",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("overlap"));
}

#[test]
fn bad_experiment_files_are_one_line_errors() {
    let dir = scratch("badexp");
    for (body, needle) in [
        (
            "seed = 1\nplies = [8]\npositions = 2\nengines = [\"mtdf\", \"negamax\"]\nspeed = 3\n",
            "speed",
        ),
        (
            "seed = 1\nplies = [8]\npositions = 2\nengines = [\"mtdf\", \"alphago\"]\n",
            "alphago",
        ),
        (
            "seed = 1\nplies = [8]\npositions = 2\nengines = [\"mtdf\", \"mtdf:tt=99\"]\n",
            "tt=99",
        ),
        ("seed = 1\nplies = [8\n", "TOML"),
    ] {
        let exp = write_exp(&dir, "e", body);
        let o = run(&dir, &["run", exp.to_str().unwrap(), "--no-report"]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        let last = err.lines().last().unwrap_or("");
        assert!(err.contains(needle) || needle == "TOML", "{needle}: {err}");
        assert!(last.starts_with("error:"), "{err}");
    }
    let o = run(&dir, &["run", "missing.toml"]);
    assert_eq!(o.status.code(), Some(2));
}

/// The time limit without timing the machine: a stand-in engine (`flaky_engine.py ... hang 1`)
/// answers one position per process and never answers the next, so of three positions the
/// second exceeds the limit (the engine is killed and restarted) and is skipped and listed,
/// while the first and third are recorded. The limit (10 s) is far above the answered solves.
#[test]
fn positions_over_the_time_limit_are_skipped_and_listed() {
    let dir = scratch("limit");
    let engine = format!(
        "ext:{} {} {} hang 1",
        common::python(),
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/flaky_engine.py"),
        env!("CARGO_BIN_EXE_treebench")
    );
    let exp = write_exp(
        &dir,
        "limit",
        &format!(
            "seed = 4\nplies = [30]\npositions = 3\nengines = [\"mtdf\", {engine:?}]\ntime_limit = 4\n"
        ),
    );
    let o = run(&dir, &["run", exp.to_str().unwrap(), "--no-report"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rows = common::csv_rows(&dir.join("results/limit.csv"));
    let indices: Vec<&str> = rows[1..].iter().map(|r| r[3].as_str()).collect();
    let meta = std::fs::read_to_string(dir.join("results/limit.meta.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&meta).unwrap();
    let skipped: Vec<&str> = v["skipped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert_eq!(skipped.len(), 1, "{meta}");
    assert!(skipped[0].starts_with("30:"), "{meta}");
    let skipped_index = skipped[0].split(':').nth(1).unwrap();
    assert_eq!(
        indices.len(),
        2 * 2,
        "two positions x two engines:\n{rows:?}"
    );
    assert!(!indices.contains(&skipped_index), "{rows:?}\n{meta}");
}

#[test]
fn run_pins_its_solves_to_one_cpu_on_request() {
    let dir = scratch("cpu");
    let exp = write_exp(
        &dir,
        "cpu",
        "seed = 1\nplies = [20]\npositions = 2\nengines = [\"mtdf\", \"negamax\"]\n",
    );
    let exp = exp.to_str().unwrap();
    let meta = |dir: &std::path::Path| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(dir.join("results/cpu.meta.json")).unwrap())
            .unwrap()
    };
    let o = run(&dir, &["run", exp, "--no-report", "--cpu", "0"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("every solve on CPU 0"));
    assert_eq!(meta(&dir)["cpus_allowed"], "0");
    let o = run(
        &dir,
        &["run", exp, "--no-report", "--force", "--cpu", "100000"],
    );
    assert_eq!(
        o.status.code(),
        Some(2),
        "an impossible CPU is a usage error"
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

/// Pons' Begin-Easy set (`benches/data/pons/Test_L1_R1`) through `run` as a `positions_file`:
/// every engine's score equals the set's; a wrong score in the file is a disagreement (exit 3)
/// that names the file's score.
#[test]
fn a_pons_test_set_runs_with_its_scores_as_the_oracle() {
    let dir = scratch("pons-file");
    let set = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/data/pons/Test_L1_R1");
    let text = std::fs::read_to_string(&set).unwrap();
    std::fs::write(dir.join("Test_L1_R1"), &text).unwrap();
    let body = "seed = 1\npositions_file = \"Test_L1_R1\"\nengines = [\"mtdf\", \"pvs\"]\n";
    let exp = write_exp(&dir, "pons", body);
    let o = run(&dir, &["run", exp.to_str().unwrap(), "--no-report"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let want: std::collections::HashMap<&str, i32> = text
        .lines()
        .filter_map(|l| l.split_once(' '))
        .map(|(m, s)| (m, s.trim().parse().unwrap()))
        .collect();
    let rows = treebench::runner::record::read_all(&dir.join("results/pons.csv")).unwrap();
    assert_eq!(rows.len(), 2 * want.len(), "every line, both engines");
    for r in &rows {
        assert_eq!(r.score, want[r.moves.as_str()], "{}", r.moves);
        assert_eq!(r.ply as usize, r.moves.len());
    }

    let (first, score) = text.lines().next().unwrap().split_once(' ').unwrap();
    let wrong: i32 = score.parse::<i32>().unwrap() + 1;
    std::fs::write(dir.join("Test_L1_R1"), format!("{first} {wrong}\n")).unwrap();
    let o = run(
        &dir,
        &["run", exp.to_str().unwrap(), "--no-report", "--force"],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains(&format!("`{first}`"))
            && err.contains(&format!("the positions file = {wrong}")),
        "{err}"
    );
}
