//! Helpers shared by the integration tests: the binary, scratch directories, child processes
//! waited on with a time limit, and the pid-file and kill logic of the tests that interrupt a
//! run.
#![allow(dead_code)] // each test binary uses a part of these helpers

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

/// The longest any test waits for one child process (a test must end within 5 minutes, even
/// when the child hangs): past it the child is killed and the test fails naming the command.
pub const CHILD_LIMIT: Duration = Duration::from_secs(240);

/// The built `treebench` binary, started with the default action of SIGINT, SIGTERM and
/// SIGHUP (see [`default_signals`]).
pub fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_treebench"));
    default_signals(&mut c);
    c
}

/// Start the child with SIGINT, SIGTERM and SIGHUP at their default action. A test run as a
/// background job of a non-interactive shell (`nohup bash scripts/test.sh &`, some CI runners)
/// inherits SIGINT (and under nohup SIGHUP) as ignored, and treebench, like any program, keeps
/// an ignored signal ignored: a test that interrupts its child would then wait for nothing.
pub fn default_signals(cmd: &mut Command) -> &mut Command {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: between fork and exec only `signal`, which is async-signal-safe, is called.
        unsafe {
            cmd.pre_exec(|| {
                for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                    libc::signal(sig, libc::SIG_DFL);
                }
                Ok(())
            });
        }
    }
    cmd
}

/// A scratch directory for one test (unique per test binary through the process id), removed
/// when it goes out of scope after a passing test; a failing test leaves it for inspection.
pub struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> Scratch {
    let d = std::env::temp_dir().join(format!("treebench-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    Scratch(d)
}

/// Wait for `child` at most [`CHILD_LIMIT`]; past it kill the child and fail naming `what`.
pub fn wait_within(child: &mut Child, what: &str) -> ExitStatus {
    let t0 = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if t0.elapsed() > CHILD_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{what}: still running after {} s, killed (a hung child)",
                CHILD_LIMIT.as_secs()
            );
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A pipe read to its end on a thread of its own (so that a full pipe never blocks the child).
fn drain<R: Read + Send + 'static>(pipe: Option<R>) -> std::sync::mpsc::Receiver<Vec<u8>> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(mut p) = pipe {
            let _ = p.read_to_end(&mut buf);
        }
        let _ = tx.send(buf);
    });
    rx
}

/// Collect a spawned child's output (its piped stdout and stderr; empty where not piped) and
/// status, within [`CHILD_LIMIT`].
pub fn finish(mut child: Child, what: &str) -> Output {
    let out = drain(child.stdout.take());
    let err = drain(child.stderr.take());
    let status = wait_within(&mut child, what);
    // A grandchild that kept the pipe open must not hang the test either.
    let grace = Duration::from_secs(30);
    let read = |rx: std::sync::mpsc::Receiver<Vec<u8>>, name: &str| {
        rx.recv_timeout(grace)
            .unwrap_or_else(|_| panic!("{what}: its {name} stayed open after it exited"))
    };
    Output {
        status,
        stdout: read(out, "stdout"),
        stderr: read(err, "stderr"),
    }
}

/// Run `cmd` to its end (stdin empty, stdout and stderr captured) within [`CHILD_LIMIT`]: the
/// tests' `Command::output` with a time limit.
pub fn output(cmd: &mut Command) -> Output {
    let what = format!("{cmd:?}");
    let child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {what}: {e}"));
    finish(child, &what)
}

/// `cmd.output_within()`: [`output`] as a method.
pub trait Within {
    /// Run to the end within [`CHILD_LIMIT`], capturing the output.
    fn output_within(&mut self) -> Output;
}

impl Within for Command {
    fn output_within(&mut self) -> Output {
        output(self)
    }
}

/// Send `signal` (`-INT`, `-TERM`, `-KILL`) to a process.
pub fn signal(pid: u32, signal: &str) {
    let k = Command::new("kill")
        .args([signal, &pid.to_string()])
        .status()
        .unwrap();
    assert!(k.success(), "kill {signal} {pid}");
}

/// Wait until `path` exists while `child` runs (at most [`CHILD_LIMIT`]; the child is killed
/// and the test fails past it, or when the child ends first).
pub fn wait_for_file(path: &Path, child: &mut Child) {
    let t0 = Instant::now();
    while !path.exists() {
        if let Some(s) = child.try_wait().unwrap() {
            panic!("the child ended ({s}) before {} appeared", path.display());
        }
        if t0.elapsed() > CHILD_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{} did not appear within {} s",
                path.display(),
                CHILD_LIMIT.as_secs()
            );
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The pids written into a pid file (whitespace-separated).
pub fn pids_in(pidfile: &Path) -> Vec<u32> {
    let text = std::fs::read_to_string(pidfile).unwrap();
    text.split_whitespace()
        .map(|p| p.parse().unwrap_or_else(|_| panic!("pid file: {text}")))
        .collect()
}

/// Alive = exists and is not a zombie (a killed orphan may wait for a reaper that never comes).
pub fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => {
            let state = stat.rsplit_once(')').map(|(_, r)| r.trim_start());
            !state.is_some_and(|s| s.starts_with('Z') || s.starts_with('X'))
        }
        Err(_) => false,
    }
}

/// Every pid ends within 30 s (treebench kills its engines before it exits, so this is quick;
/// the bound only keeps a broken build from hanging the test); leftovers are killed so that no
/// test leaks them, and the test fails naming them.
pub fn assert_all_gone(pids: &[u32]) {
    let t0 = Instant::now();
    while pids.iter().any(|&p| alive(p)) && t0.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let left: Vec<u32> = pids.iter().copied().filter(|&p| alive(p)).collect();
    for p in &left {
        let _ = Command::new("kill").args(["-9", &p.to_string()]).status();
    }
    assert!(left.is_empty(), "processes left running: {left:?}");
}

/// Write experiment `name` with `body` into `dir`.
pub fn write_exp(dir: &Path, name: &str, body: &str) -> PathBuf {
    let p = dir.join(format!("{name}.toml"));
    std::fs::write(&p, format!("name = \"{name}\"\n{body}")).unwrap();
    p
}

/// Run the binary in `dir`.
pub fn run(dir: &Path, args: &[&str]) -> Output {
    output(bin().current_dir(dir).args(args))
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
/// Whether `pyspiel` (OpenSpiel) imports; if not, [`oracle_missing`] (fails, or prints
/// SKIPPED) and the caller returns.
#[allow(dead_code)]
pub fn have_pyspiel() -> bool {
    let ok = Command::new(python())
        .args(["-c", "import pyspiel"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        oracle_missing(
            "pyspiel is not installed (pip install open-spiel, or scripts/setup-oracles.sh)",
        );
    }
    ok
}

/// The path of `scripts/NAME`.
#[allow(dead_code)]
pub fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scripts")
        .join(name)
}

/// `PYTHON SCRIPT ARGS` (the oracles' Python, [`python`]) within [`CHILD_LIMIT`]: its stdout;
/// a failure fails the test with the script's stderr.
pub fn python_script<I, S>(script: &Path, args: I) -> String
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let out = output(Command::new(python()).arg(script).args(args));
    assert!(
        out.status.success(),
        "{}: {}",
        script.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

pub fn python() -> String {
    treebench::util::oracles::python()
}

/// An oracle this test needs is missing (`why` says which and how to get it). The test fails
/// here unless skipping was asked for (`TREEBENCH_REQUIRE_ORACLES=0`); then it prints
/// `SKIPPED: TEST: WHY` straight to stderr (past the test harness's capture, so the line shows
/// in `cargo test` output next to the test's `ok`; `scripts/test.sh` counts them), and the
/// caller returns.
pub fn oracle_missing(why: &str) {
    use std::io::Write;
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    match treebench::util::oracles::required() {
        Ok(true) => {
            panic!("{test}: {why} (a missing oracle fails; TREEBENCH_REQUIRE_ORACLES=0 skips it)")
        }
        Err(e) => panic!("{e}"),
        Ok(false) => {
            let _ = writeln!(std::io::stderr().lock(), "SKIPPED: {test}: {why}");
        }
    }
}

/// Kills process `pid` if it still runs [`CHILD_LIMIT`] after [`watchdog`] was called, unless
/// dropped first: a time limit for a test that talks to a child line by line (its reads end
/// when the child is killed).
pub struct Watchdog(Option<std::sync::mpsc::Sender<()>>);

impl Drop for Watchdog {
    fn drop(&mut self) {
        drop(self.0.take()); // wakes the watchdog thread, which then does nothing
    }
}

/// Start a [`Watchdog`] for `pid`, described as `what` in its message.
pub fn watchdog(pid: u32, what: &str) -> Watchdog {
    let (tx, rx) = std::sync::mpsc::channel::<()>();
    let what = what.to_string();
    std::thread::spawn(move || {
        if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(CHILD_LIMIT) {
            eprintln!(
                "{what}: still running after {} s, killed (a hung child)",
                CHILD_LIMIT.as_secs()
            );
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
        }
    });
    Watchdog(Some(tx))
}

/// The legal moves of `s` as texts, sorted: what a rules oracle's list is compared with.
#[allow(dead_code)]
pub fn sorted_move_texts<G: treebench::game::SearchGame>(g: &G, s: &G::State) -> Vec<String> {
    let mut list = treebench::game::MoveList::default();
    g.moves(s, &mut list);
    let mut out: Vec<String> = list.as_slice().iter().map(|&m| g.move_text(s, m)).collect();
    out.sort();
    out
}
