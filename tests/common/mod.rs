//! Helpers shared by the integration tests that drive the binary on experiment files.
#![allow(dead_code)] // each test binary uses a part of these helpers

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The built `treebench` binary.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_treebench"))
}

/// A fresh scratch directory for one test (unique per test binary through the process id).
pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("treebench-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Write experiment `name` with `body` into `dir`.
pub fn write_exp(dir: &Path, name: &str, body: &str) -> PathBuf {
    let p = dir.join(format!("{name}.toml"));
    std::fs::write(&p, format!("name = \"{name}\"\n{body}")).unwrap();
    p
}

/// Run the binary in `dir`.
pub fn run(dir: &Path, args: &[&str]) -> Output {
    bin().current_dir(dir).args(args).output().unwrap()
}

/// Every row of a CSV file, the header included, read by the `csv` crate (quoted fields, such
/// as an `ext:` spec with a comma, stay one field).
pub fn csv_rows(path: &Path) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_path(path)
        .unwrap()
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

/// Write `rows` as a CSV file (quoting fields where needed), one line each.
pub fn write_csv_rows(path: &Path, rows: &[Vec<String>]) {
    let mut w = csv::WriterBuilder::new()
        .flexible(true)
        .from_path(path)
        .unwrap();
    for r in rows {
        w.write_record(r).unwrap();
    }
    w.flush().unwrap();
}

/// The rows of a results file without their time columns.
pub fn rows_without_times(path: &Path) -> Vec<Vec<String>> {
    csv_rows(path)
        .into_iter()
        // nanos and wall_nanos are the 11th and 12th columns (probes follows them)
        .map(|f| [&f[..10], &f[12..]].concat())
        .collect()
}

/// The Python of the oracles and of the stand-in engines (`$PYTHON`, else `python3`).
pub fn python() -> String {
    treebench::util::oracles::python()
}

/// An oracle this test needs is missing (`why` says which and how to get it). When oracles are
/// required (`TREEBENCH_REQUIRE_ORACLES=1`) the test fails here; otherwise it prints
/// `SKIPPED: TEST: WHY` straight to stderr (past the test harness's capture, so the line shows
/// in `cargo test` output next to the test's `ok`), and the caller returns.
pub fn oracle_missing(why: &str) {
    use std::io::Write;
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    match treebench::util::oracles::required() {
        Ok(true) => panic!("{test}: {why} (TREEBENCH_REQUIRE_ORACLES=1: a missing oracle fails)"),
        Err(e) => panic!("{e}"),
        Ok(false) => {
            let _ = writeln!(std::io::stderr().lock(), "SKIPPED: {test}: {why}");
        }
    }
}
