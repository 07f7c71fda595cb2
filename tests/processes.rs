//! External engines run in a process group of their own, which treebench kills whole: on a
//! failure (a garbage answer) and when `treebench run` is interrupted (SIGINT, SIGTERM) while an
//! engine hangs. The stand-in engine `tests/data/group_engine.sh` is a shell wrapper with a child
//! of its own; both must be gone afterwards. No test here depends on the machine's speed: each
//! waits for the engine's pid file, not for a time.
#![cfg(unix)]

mod common;

use common::{bin, scratch, write_exp};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn engine(mode: &str, pidfile: &Path) -> String {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/group_engine.sh");
    format!("ext:sh {} {mode} {}", script.display(), pidfile.display())
}

/// Wait (without a time bound that matters: 10 minutes) until `path` exists, while `child` runs.
fn wait_for(path: &Path, child: &mut std::process::Child) {
    let t0 = Instant::now();
    while !path.exists() {
        assert!(child.try_wait().unwrap().is_none(), "treebench ended early");
        assert!(t0.elapsed() < Duration::from_secs(600), "no pid file");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The pids in the engine's pid file: the wrapper and its child.
fn pids(pidfile: &Path) -> Vec<u32> {
    let text = std::fs::read_to_string(pidfile).unwrap();
    let pids: Vec<u32> = text
        .split_whitespace()
        .map(|p| p.parse().unwrap())
        .collect();
    assert_eq!(pids.len(), 2, "{text}");
    pids
}

/// Alive = exists and is not a zombie (a killed orphan may wait for a reaper that never comes).
fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => {
            let state = stat.rsplit_once(')').map(|(_, r)| r.trim_start());
            !state.is_some_and(|s| s.starts_with('Z') || s.starts_with('X'))
        }
        Err(_) => false,
    }
}

/// Every pid ends (SIGKILL was sent before treebench exited, so this is quick; the generous bound
/// only keeps a broken build from hanging the test), killing leftovers so no test leaks them.
fn assert_all_gone(pids: &[u32]) {
    let t0 = Instant::now();
    while pids.iter().any(|&p| alive(p)) && t0.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let left: Vec<u32> = pids.iter().copied().filter(|&p| alive(p)).collect();
    for p in &left {
        let _ = Command::new("kill").args(["-9", &p.to_string()]).status();
    }
    assert!(left.is_empty(), "engine processes left running: {left:?}");
}

fn interrupted_run_leaves_no_engine(signal: &str) {
    let dir = scratch(&format!("group-{signal}"));
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
    wait_for(&pidfile, &mut child);
    let engine_pids = pids(&pidfile);
    assert!(engine_pids.iter().all(|&p| alive(p)), "the engine runs");
    let k = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(k.success());
    let status = child.wait().unwrap();
    assert!(!status.success(), "the signal ended the run: {status}");
    {
        use std::os::unix::process::ExitStatusExt;
        let expected = if signal == "-INT" { 2 } else { 15 };
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
        .output()
        .unwrap();
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
