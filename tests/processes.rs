//! External engines run in a process group of their own, which treebench kills whole: on a
//! failure (a garbage answer) and when `treebench run` is interrupted (SIGINT, SIGTERM) while an
//! engine hangs. The stand-in engine `tests/data/group_engine.sh` is a shell wrapper with a child
//! of its own; both must be gone afterwards. No test here depends on the machine's speed: each
//! waits for the engine's pid file, not for a time.
#![cfg(unix)]

mod common;

use common::{
    alive, assert_all_gone, bin, pids_in, scratch, signal, wait_for_file, wait_within, write_exp,
    Within,
};
use std::path::{Path, PathBuf};
use std::process::Stdio;

fn engine(mode: &str, pidfile: &Path) -> String {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/group_engine.sh");
    format!("ext:sh {} {mode} {}", script.display(), pidfile.display())
}

/// The pids in the engine's pid file: the wrapper and its child.
fn pids(pidfile: &Path) -> Vec<u32> {
    let pids = pids_in(pidfile);
    assert_eq!(pids.len(), 2, "{pids:?}");
    pids
}

fn interrupted_run_leaves_no_engine(sig: &str) {
    let dir = scratch(&format!("group-{sig}"));
    let pidfile = dir.join("engine.pid");
    let exp = write_exp(
        &dir,
        "hang",
        &format!(
            "seed = 1\nplies = [30]\npositions = 2\nengines = [\"mtdf\", \"{}\"]\n",
            engine("hang", &pidfile)
        ),
    );
    let mut child = bin()
        .current_dir(&dir)
        .args(["run", exp.to_str().unwrap(), "--no-report"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for_file(&pidfile, &mut child);
    let engine_pids = pids(&pidfile);
    assert!(engine_pids.iter().all(|&p| alive(p)), "the engine runs");
    signal(child.id(), sig);
    let status = wait_within(&mut child, "the interrupted run");
    assert!(!status.success(), "the signal ended the run: {status}");
    {
        use std::os::unix::process::ExitStatusExt;
        let expected = if sig == "-INT" { 2 } else { 15 };
        assert_eq!(
            status.signal(),
            Some(expected),
            "ended by the signal itself"
        );
    }
    assert_all_gone(&engine_pids);
}

#[test]
fn sigint_to_run_kills_a_hanging_engine_and_its_child() {
    interrupted_run_leaves_no_engine("-INT");
}

#[test]
fn sigterm_to_run_kills_a_hanging_engine_and_its_child() {
    interrupted_run_leaves_no_engine("-TERM");
}

#[test]
fn an_engine_killed_for_a_garbage_answer_is_named_as_killed_by_treebench() {
    let dir = scratch("group-garbage");
    let pidfile = dir.join("engine.pid");
    let o = bin()
        .current_dir(&dir)
        .args(["solve", "--engine", &engine("garbage", &pidfile), "4455"])
        .output_within();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("answered garbage `hello world`"), "{err}");
    assert!(
        err.contains("treebench killed it and its process group because of that answer"),
        "{err}"
    );
    assert!(!err.contains("signal 9"), "{err}");
    assert_all_gone(&pids(&pidfile));
}
