//! A child process speaking a line protocol (an `ext:`, `uci:` or `gtp:` engine, a game server):
//! start it with piped stdin/stdout/stderr in a process group of its own
//! ([`group`]), write request lines, wait for answer lines with a time limit, keep the
//! last lines of stderr, and kill it (with its group) and describe how it ended when it fails.
//! The engine restarts a process by dropping this one and spawning anew.

pub mod group;

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Lines of stderr kept for failure messages.
const STDERR_TAIL: usize = 8;

/// Grace added to the runner's time limit before the process is killed.
const LIMIT_GRACE: Duration = Duration::from_secs(1);

/// The longest wait for one answer: the spec's `timeout` and the runner's time limit plus
/// [`LIMIT_GRACE`], whichever is shorter; `None` = wait forever.
pub fn answer_wait(timeout: Option<Duration>, limit: Option<Duration>) -> Option<Duration> {
    match (timeout, limit.map(|l| l + LIMIT_GRACE)) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// A running engine process.
pub struct Running {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    stderr_thread: Option<std::thread::JoinHandle<()>>,
    /// The exit status once the engine was reaped (`Some(None)`: reaped, status unreadable).
    reaped: Option<Option<ExitStatus>>,
}

impl Running {
    /// Start `argv[0]` with the arguments `argv[1..]`; readers of stdout (lines to a channel)
    /// and stderr (the last [`STDERR_TAIL`] lines) run on their own threads.
    pub fn spawn(argv: &[String]) -> Result<Self, String> {
        let mut cmd = Command::new(&argv[0]);
        cmd.args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        group::own_group(&mut cmd);
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start `{}`: {e}", argv.join(" ")))?;
        group::register(child.id());
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr = child.stderr.take().expect("piped stderr");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match r.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if tx.send(String::from_utf8_lossy(&buf).into_owned()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail2 = Arc::clone(&tail);
        let stderr_thread = std::thread::spawn(move || {
            let r = BufReader::new(stderr);
            for line in r.split(b'\n') {
                let Ok(line) = line else { break };
                let mut t = tail2.lock().expect("stderr tail lock");
                if t.len() == STDERR_TAIL {
                    t.pop_front();
                }
                t.push_back(String::from_utf8_lossy(&line).trim_end().to_string());
            }
        });
        Ok(Self {
            child,
            stdin,
            lines,
            stderr: tail,
            stderr_thread: Some(stderr_thread),
            reaped: None,
        })
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Write `line` to stdin and flush it; with `close`, close stdin afterwards (even when the
    /// write failed), so the process sees end of input.
    pub fn send(&mut self, line: &str, close: bool) -> std::io::Result<()> {
        let written = {
            let stdin = self.stdin.as_mut().expect("stdin open");
            stdin
                .write_all(line.as_bytes())
                .and_then(|()| stdin.flush())
        };
        if close {
            drop(self.stdin.take());
        }
        written
    }

    /// The next line on stdout, waiting at most `wait` (`None` = forever).
    pub fn recv(&self, wait: Option<Duration>) -> Result<String, RecvTimeoutError> {
        match wait {
            Some(w) => self.lines.recv_timeout(w),
            None => self
                .lines
                .recv()
                .map_err(|_| RecvTimeoutError::Disconnected),
        }
    }

    /// Let a process that has answered exit on its own (Drop kills it if it lingers).
    pub fn release(self) {}

    /// Whether the engine has exited, without reaping it: until it is reaped its pid, and so
    /// its process group's id, cannot be reused, so the group can still be killed safely.
    fn exited(&self) -> bool {
        self.reaped.is_some() || group::exited_unreaped(self.child.id()).unwrap_or(false)
    }

    /// Kill the process with its group and describe how it ended, with its last stderr: its
    /// own exit status if it had already ended, else that treebench killed it `why`.
    pub fn kill_and_describe(&mut self, why: &str) -> String {
        let own = self.exited();
        let status = self.kill_group();
        let ended = if own {
            Ended::Own(status)
        } else {
            Ended::Killed(why.to_string())
        };
        self.describe(ended)
    }

    /// Wait briefly for the process to exit on its own (it closed stdout), then describe it.
    pub fn wait_and_describe(&mut self) -> String {
        let grace = Duration::from_millis(500);
        let own = self.exited_within(grace);
        let status = self.kill_group();
        let ended = if own {
            Ended::Own(status)
        } else {
            Ended::Killed(format!(
                "because it was still running {} ms after closing its output",
                grace.as_millis()
            ))
        };
        self.describe(ended)
    }

    /// Whether the engine exits within `grace` (not reaped: see [`Running::exited`]).
    fn exited_within(&self, grace: Duration) -> bool {
        let deadline = Instant::now() + grace;
        while !self.exited() {
            if Instant::now() >= deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        true
    }

    /// Kill the process group (the engine and whatever it started) while the engine is not yet
    /// reaped, then reap it: its exit status, if it could be read. The group is never signalled
    /// after the reap, when its id may already name another program's group.
    fn kill_group(&mut self) -> Option<ExitStatus> {
        if let Some(status) = self.reaped {
            return status; // reaped before: the group is not signalled again
        }
        group::kill(self.child.id());
        let _ = self.child.kill(); // where process groups do not exist
        let status = self.child.wait().ok();
        self.reaped = Some(status);
        status
    }

    fn describe(&mut self, ended: Ended) -> String {
        // The stderr reader ends once the process is gone (unless a grandchild holds the pipe).
        if let Some(h) = self.stderr_thread.take() {
            let deadline = Instant::now() + Duration::from_millis(200);
            while !h.is_finished() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
        let status = match ended {
            Ended::Own(Some(s)) => match (s.code(), signal_of(&s)) {
                (Some(c), _) => format!("exit status {c}"),
                (None, Some(sig)) => format!("killed by signal {sig}, not by treebench"),
                _ => s.to_string(),
            },
            Ended::Own(None) => "exit status unknown".to_string(),
            Ended::Killed(why) => format!("treebench killed it and its process group {why}"),
        };
        let tail = self.stderr.lock().expect("stderr tail lock");
        if tail.is_empty() {
            format!("{status}; no stderr output")
        } else {
            let lines: Vec<&str> = tail.iter().map(String::as_str).collect();
            format!("{status}; last stderr: {}", lines.join(" | "))
        }
    }
}

/// How an engine process ended.
enum Ended {
    /// On its own (or killed by someone else): its status, if it could be read.
    Own(Option<ExitStatus>),
    /// Killed by treebench, for the reason given (`because ...`).
    Killed(String),
}

#[cfg(unix)]
fn signal_of(s: &ExitStatus) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt;
    s.signal()
}

#[cfg(not(unix))]
fn signal_of(_: &ExitStatus) -> Option<i32> {
    None
}

impl Drop for Running {
    fn drop(&mut self) {
        // Close stdin (a protocol process exits on EOF), give it a moment, then kill it. Either
        // way its process group is killed, so nothing it started outlives it.
        drop(self.stdin.take());
        self.exited_within(Duration::from_millis(200));
        self.kill_group();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits() {
        let s = Duration::from_secs;
        assert_eq!(answer_wait(None, None), None);
        assert_eq!(answer_wait(Some(s(5)), None), Some(s(5)));
        assert_eq!(answer_wait(None, Some(s(5))), Some(s(6)));
        assert_eq!(answer_wait(Some(s(3)), Some(s(5))), Some(s(3)));
        assert_eq!(answer_wait(Some(s(9)), Some(s(5))), Some(s(6)));
    }

    /// The state letter of `/proc/PID/stat` (`Z` for a zombie), `None` once the pid is gone.
    #[cfg(target_os = "linux")]
    fn state(pid: u32) -> Option<char> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        stat.rsplit_once(')')?.1.trim_start().chars().next()
    }

    /// An engine that exited stays unreaped (a zombie, so its group id cannot be reused) until
    /// the group kill, which reaps it once; a second kill sends nothing.
    #[cfg(target_os = "linux")]
    #[test]
    fn the_group_is_killed_before_the_engine_is_reaped() {
        let argv: Vec<String> = ["sh", "-c", "exit 7"].map(String::from).to_vec();
        let mut r = Running::spawn(&argv).unwrap();
        let pid = r.pid();
        assert!(r.exited_within(Duration::from_secs(60)), "sh exits");
        assert_eq!(state(pid), Some('Z'), "exited but not reaped");
        assert!(r.exited(), "asking again does not reap it");
        let status = r.kill_group();
        assert_eq!(status.and_then(|s| s.code()), Some(7));
        assert_eq!(state(pid), None, "reaped by the group kill");
        assert_eq!(r.reaped, Some(status));
        assert_eq!(r.kill_group(), status, "no second signal, the same status");
        let text = r.kill_and_describe("because of a test");
        assert!(text.starts_with("exit status 7"), "{text}");
    }
}
