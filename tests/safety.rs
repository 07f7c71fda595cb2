//! Data safety through the binary: one writer per results file, complete merges, sizes that
//! cannot fit, one-line errors.

mod common;
use common::{bin, csv_rows, rows_without_times, run, scratch, write_csv_rows, write_exp, Within};
use std::path::Path;
use std::process::{Child, Output, Stdio};

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const SMALL: &str = r#"seed = 5
plies = [20, 24]
positions = 4
engines = ["negamax", "mtdf"]
"#;

/// Start `treebench ARGS` held by the test hook after `after` positions; returns once it holds.
fn start_held(dir: &Path, args: &[&str], after: u32, hold: &Path) -> Child {
    let mut child = bin()
        .current_dir(dir)
        .args(args)
        .env("TREEBENCH_TEST_HOLD", format!("{after}:{}", hold.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    common::wait_for_file(hold, &mut child);
    child
}

#[test]
fn a_second_writer_is_refused_and_the_file_stays_valid() {
    let dir = scratch("lock");
    let exp = write_exp(&dir, "lk", SMALL);
    let exp = exp.to_str().unwrap();
    let hold = dir.join("held");
    let mut first = start_held(&dir, &["run", exp, "--no-report"], 2, &hold);
    let pid = first.id();
    for args in [
        vec!["run", exp, "--no-report", "--resume"],
        vec!["run", exp, "--no-report", "--force"],
        vec!["merge", "--force", "--out", "results/lk.csv", "x.csv"],
    ] {
        let o = run(&dir, &args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.matches("error").count(), 1, "one error line: {err}");
        let err = err.lines().last().unwrap();
        assert!(
            err.starts_with("error: results/lk.csv is being written by another treebench process")
                && err.contains(&format!("(pid {pid})")),
            "{args:?}: {err}"
        );
    }
    // release the first run: it finishes and its file equals an undisturbed run
    std::fs::remove_file(&hold).unwrap();
    let status = common::wait_within(&mut first, "the held run");
    assert!(status.success());
    let held_rows = rows_without_times(&dir.join("results/lk.csv"));
    assert!(!dir.join("results/lk.csv.lock").exists(), "lock removed");
    let o = run(&dir, &["run", exp, "--no-report", "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(held_rows, rows_without_times(&dir.join("results/lk.csv")));
    assert_eq!(held_rows.len(), 1 + 2 * 4 * 2);
}

#[test]
fn merge_refuses_incomplete_sets_and_existing_outputs() {
    let dir = scratch("merge");
    let exp = write_exp(&dir, "mg", SMALL);
    let exp = exp.to_str().unwrap();
    for k in [1, 3] {
        let o = run(
            &dir,
            &["run", exp, "--no-report", "--shard", &format!("{k}/3")],
        );
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let s = |k: u32| format!("results/mg.shard-{k}-of-3.csv");
    let (s1, s2, s3) = (s(1), s(2), s(3));
    let o = run(&dir, &["merge", "--out", "m.csv", &s1, &s3]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(
        err.trim_end(),
        "error: merge: incomplete set: shard 2 of 3 is missing (pass --allow-partial to merge it anyway)"
    );
    assert!(!dir.join("m.csv").exists(), "nothing written");

    // with --allow-partial it merges and says so, in the metadata too
    let o = run(
        &dir,
        &["merge", "--allow-partial", "--out", "m.csv", &s1, &s3],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("partial merge"), "{}", stderr(&o));
    let meta = std::fs::read_to_string(dir.join("m.meta.json")).unwrap();
    assert!(
        meta.contains("\"partial\"") && meta.contains("shard 2 of 3 is missing"),
        "{meta}"
    );

    // an existing --out needs --force
    let o = run(
        &dir,
        &["merge", "--allow-partial", "--out", "m.csv", &s1, &s3],
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o).trim_end(),
        "error: merge: m.csv exists: pass --force to overwrite it"
    );

    // an interrupted shard (held, then killed) is refused
    let hold = dir.join("held");
    let mut child = start_held(
        &dir,
        &["run", exp, "--no-report", "--shard", "2/3"],
        1,
        &hold,
    );
    child.kill().unwrap();
    common::wait_within(&mut child, "the killed shard");
    let o = run(&dir, &["merge", "--force", "--out", "m.csv", &s1, &s2, &s3]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("results/mg.shard-2-of-3.csv was interrupted (no end_time in"),
        "{err}"
    );
    // finished, the set merges; complete metadata has no `partial`
    let o = run(
        &dir,
        &["run", exp, "--no-report", "--shard", "2/3", "--resume"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&dir, &["merge", "--force", "--out", "m.csv", &s1, &s2, &s3]);
    assert!(o.status.success(), "{}", stderr(&o));
    let meta = std::fs::read_to_string(dir.join("m.meta.json")).unwrap();
    assert!(!meta.contains("\"partial\""), "{meta}");
    assert!(meta.contains("\"end_time\": \"2"), "{meta}");
}

#[test]
fn sizes_that_cannot_fit_are_refused_before_any_file_is_written() {
    let dir = scratch("sizes");
    let exp = write_exp(
        &dir,
        "big",
        &SMALL.replace("positions = 4", "positions = 1000000000"),
    );
    let o = run(&dir, &["run", exp.to_str().unwrap(), "--no-report"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().last().unwrap(), format!("error: experiment file {}: key `positions`: 1000000000 positions per ply cannot fit (at most 1000000)", exp.display()));
    assert!(!dir.join("results/big.csv").exists(), "no header-only file");

    let exp = write_exp(&dir, "neg", &SMALL.replace("[20, 24]", "[-2]"));
    let o = run(&dir, &["run", exp.to_str().unwrap(), "--no-report"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("key `plies`: -2 is not a ply (a number of moves, 0 or more)")
            && !err.contains("untagged"),
        "{err}"
    );
}

#[test]
fn os_errors_are_printed_once_and_a_closed_pipe_is_quiet() {
    let dir = scratch("errs");
    // a results folder that is a file: the OS error appears once
    std::fs::write(dir.join("results"), "not a folder").unwrap();
    let exp = write_exp(&dir, "os", SMALL);
    let o = run(&dir, &["run", exp.to_str().unwrap(), "--no-report"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    let last = err.lines().last().unwrap();
    assert!(last.starts_with("error: "), "{err}");
    assert_eq!(last.matches("os error").count(), 1, "{err}");

    // `solve … | head -1`: the reader goes away; exit 0, nothing on stderr
    let mut child = bin()
        .args(["solve", "--engine", "mtdf"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    {
        use std::io::{BufRead, BufReader, Write};
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "4455").unwrap();
        let mut first = String::new();
        let mut reader = BufReader::new(stdout);
        reader.read_line(&mut first).unwrap();
        assert!(first.starts_with("4455 "), "{first}");
        drop(reader); // close the pipe, like `head -1`
        let _ = writeln!(stdin, "4455");
        let _ = writeln!(stdin, "4455");
    }
    let o = common::finish(child, "solve into a closed pipe");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
}

#[test]
fn empty_and_duplicate_spec_options_are_one_line_errors() {
    for (spec, needle) in [
        ("mtdf:", "no options after `:`"),
        ("mtdf:,,", "empty option"),
        ("mtdf:tt=20,", "empty option"),
        ("mtdf:tt=20,tt=21", "`tt` given twice"),
        ("ttt-tt:", "no options after `:`"),
    ] {
        let o = bin()
            .args(["solve", "--engine", spec, "4455"])
            .output_within();
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{spec}: {err}");
        assert_eq!(err.lines().count(), 1, "{spec}: {err}");
        assert!(
            err.starts_with(&format!("error: engine `{spec}`: ")),
            "{err}"
        );
        assert!(err.contains(needle), "{spec}: {err}");
        assert!(o.stdout.is_empty(), "{spec}");
    }
}

/// Replace field `col` of data line `line` (1-based, header = 1) of a results file.
fn alter(path: &Path, line: usize, col: usize, value: &str) {
    let mut rows = csv_rows(path);
    rows[line - 1][col] = value.to_string();
    write_csv_rows(path, &rows);
}

#[test]
fn altered_rows_are_errors_naming_the_line() {
    let dir = scratch("consistency");
    let exp = write_exp(&dir, "cs", SMALL);
    let exp = exp.to_str().unwrap();
    let o = run(&dir, &["run", exp, "--no-report"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let results = dir.join("results/cs.csv");
    let good = std::fs::read_to_string(&results).unwrap();
    let analyze = |dir: &Path| run(dir, &["analyze", "results/cs.csv", "--out", "rep"]);
    let o = analyze(&dir);
    assert!(o.status.success(), "{}", stderr(&o));

    // (line, column, value, message) — columns: experiment seed ply index moves engine slot
    // repeat score …
    let third = &csv_rows(&results)[2];
    let third_moves = third[4].clone();
    let score = third[8].parse::<i32>().unwrap();
    let cases = [
        (
            3,
            8,
            (score + 1).to_string(),
            format!("results/cs.csv line 3: score {} of ply 20 index", score + 1),
        ),
        (
            3,
            4,
            format!("{third_moves}1"),
            "results/cs.csv line 3: moves `".to_string(),
        ),
        (
            5,
            1,
            "6".to_string(),
            "results/cs.csv line 5: seed 6 is not the experiment's seed 5".to_string(),
        ),
        (
            // a slot that would size a 32 GiB table of solve-order counts
            4,
            6,
            "4294967295".to_string(),
            "results/cs.csv line 4: slot 4294967295 is not a place in the solve order of experiment `cs` (2 engines: 0 to 1)".to_string(),
        ),
    ];
    for (line, col, value, needle) in &cases {
        std::fs::write(&results, &good).unwrap();
        alter(&results, *line, *col, value);
        for (what, o) in [
            ("analyze", analyze(&dir)),
            (
                "report",
                run(&dir, &["report", "results/cs.csv", "--out", "rep"]),
            ),
        ] {
            let err = stderr(&o);
            assert_eq!(o.status.code(), Some(2), "{what}: {err}");
            assert!(err.contains(needle.as_str()), "{what} {needle}: {err}");
            assert_eq!(err.lines().count(), 1, "{err}");
        }
        let o = run(&dir, &["run", exp, "--no-report", "--resume"]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "resume: {err}");
        let needle = needle.replace("results/cs.csv line", "cannot resume results/cs.csv line");
        assert!(err.contains(&needle), "resume {needle}: {err}");
    }

    // one engine: said, non-zero
    let one: Vec<&str> = good.lines().filter(|l| !l.contains(",negamax,")).collect();
    std::fs::write(dir.join("one.csv"), one.join("\n") + "\n").unwrap();
    let o = run(&dir, &["analyze", "one.csv", "--out", "rep"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("experiment `cs` in one.csv has one engine (`mtdf`): a paired comparison needs two or more"),
        "{err}"
    );
}

#[test]
fn resume_lists_a_skipped_position_once() {
    let dir = scratch("skipped");
    let exp = write_exp(&dir, "sk", SMALL);
    let exp = exp.to_str().unwrap();
    let o = run(&dir, &["run", exp, "--no-report"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let results = dir.join("results/sk.csv");
    let meta_file = dir.join("results/sk.meta.json");
    // pretend the last position was skipped for the time limit: no rows, listed in the metadata
    let rows = common::csv_rows(&results);
    let last = &rows[rows.len() - 1];
    let entry = format!("{}:{}:{}", last[2], last[3], last[4]);
    common::write_csv_rows(&results, &rows[..rows.len() - 2]);
    let mut meta: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&meta_file).unwrap()).unwrap();
    meta["skipped"] = serde_json::json!([entry.clone()]);
    meta["end_time"] = serde_json::Value::Null;
    std::fs::write(&meta_file, meta.to_string()).unwrap();
    for _ in 0..2 {
        let o = run(&dir, &["run", exp, "--no-report", "--resume"]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let meta: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&meta_file).unwrap()).unwrap();
    assert_eq!(meta["skipped"], serde_json::json!([entry]));
    assert_eq!(
        common::csv_rows(&results).len(),
        rows.len() - 2,
        "the skipped position is not solved again"
    );
}

/// `treebench analyze … | head`: a reader that closes the pipe before the output is no error
/// (before, `print!` panicked with exit 101), and the tables are still written.
#[test]
fn analyze_into_a_closed_pipe_still_writes_its_tables() {
    let dir = scratch("closed-pipe");
    let exp = write_exp(&dir, "cp", SMALL);
    let o = run(&dir, &["run", exp.to_str().unwrap(), "--no-report"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut child = common::bin()
        .current_dir(&dir)
        .args(["analyze", "results/cp.csv", "--out", "rep"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = common::finish(child, "analyze into a closed pipe");
    assert!(o.status.success(), "{:?}: {}", o.status, stderr(&o));
    assert!(dir.join("rep/cp").read_dir().unwrap().count() > 0);
    std::fs::remove_dir_all(dir).unwrap();
}
