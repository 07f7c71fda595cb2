//! Engines in other processes: any program that speaks the line protocol becomes an engine.
//!
//! Spec: `ext[OPTIONS]:COMMAND LINE`, e.g. `ext:python3 tools/bitbully_engine.py --driver mtdf`
//! or `ext[timeout=30,fresh]:./c4solver`. The command line is split into words like a shell
//! does (single and double quotes, backslash escapes) and run directly, without a shell, in the
//! current directory. Options (comma-separated, in brackets):
//!
//! - `timeout=SECS` (or `off`): the longest wait for one answer; a process that does not answer
//!   in time is killed and the solve fails. Without it, the environment variable
//!   `TREEBENCH_EXT_TIMEOUT` (seconds) applies, and without that there is no limit. A time
//!   limit set by the runner ([`Engine::set_time_limit`]) also ends the wait (plus one second of
//!   grace) and turns into [`EngineError::Timeout`].
//! - `fresh`: one process per position (for engines that keep their table from one line to the
//!   next, like Pascal Pons' solver): the position is written, stdin is closed and the process
//!   must answer and exit. Process start-up is excluded from the recorded time as long as the
//!   engine reports its own time (`micros`).
//!
//! The protocol: one position (move string, digits `1..=7`; an empty line is the start
//! position) per line on stdin; one answer line per position on stdout, flushed. Answers:
//!
//! - `score nodes micros`: treebench's own format ([`crate::cli`] `serve`, BitBully adapter);
//! - `moves score nodes micros` and `moves score`: Pons' solver (the first field echoes the move
//!   string sent; a start position's empty echo leaves `score nodes micros` or `score`);
//! - `score`: score only; nodes are recorded as 0 and the time as the harness measured it;
//! - `error MESSAGE`: the position is bad ([`EngineError::BadPosition`]), the process goes on.
//!
//! The field count decides: 4 or 2 fields need the first to equal the moves sent, 3 fields are
//! `score nodes micros`, 1 field is a score. `micros` may have a fractional part. Anything else
//! is a garbage answer. A crash, a hang or a garbage answer is an [`EngineError::Failure`] that
//! names the exit status and the last lines the process wrote to stderr; the process is killed
//! and a new one started on the next solve.

use super::connect4::SpecError;
use super::{Engine, EngineError, GameKind, Solve};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Environment variable: default answer timeout in seconds for `ext:` engines.
pub const TIMEOUT_ENV: &str = "TREEBENCH_EXT_TIMEOUT";

/// Lines of stderr kept for failure messages.
const STDERR_TAIL: usize = 8;

/// Grace added to the runner's time limit before the process is killed.
const LIMIT_GRACE: Duration = Duration::from_secs(1);

/// A parsed `ext` spec.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExternalConfig {
    /// The spec as written (the engine's name in records).
    pub spec: String,
    /// Program and arguments.
    pub argv: Vec<String>,
    /// Longest wait for one answer; `None` = no limit.
    pub timeout: Option<Duration>,
    /// One process per position.
    pub fresh: bool,
}

impl ExternalConfig {
    /// Parse `ext[opts]:command`; `Ok(None)` when the spec is not an `ext` spec.
    pub fn parse(spec: &str) -> Result<Option<Self>, SpecError> {
        let Some(rest) = spec.strip_prefix("ext") else {
            return Ok(None);
        };
        let bad = |m: String| SpecError(format!("engine `{spec}`: {m}"));
        let (opts, command) = if let Some(r) = rest.strip_prefix('[') {
            let (opts, after) = r
                .split_once(']')
                .ok_or_else(|| bad("missing `]` after the options".into()))?;
            let command = after
                .strip_prefix(':')
                .ok_or_else(|| bad("expected `:` and a command line after `]`".into()))?;
            (opts, command)
        } else if let Some(command) = rest.strip_prefix(':') {
            ("", command)
        } else {
            return Ok(None);
        };
        let mut timeout = match std::env::var(TIMEOUT_ENV) {
            Ok(v) if !v.trim().is_empty() => parse_timeout(v.trim())
                .map_err(|m| bad(format!("environment variable {TIMEOUT_ENV}: {m}")))?,
            _ => None,
        };
        let mut fresh = false;
        for opt in opts.split(',').map(str::trim).filter(|o| !o.is_empty()) {
            match opt.split_once('=') {
                Some(("timeout", v)) => timeout = parse_timeout(v.trim()).map_err(bad)?,
                None if opt == "fresh" => fresh = true,
                _ => {
                    return Err(bad(format!(
                        "unknown option `{opt}` (options: timeout=SECS|off, fresh)"
                    )))
                }
            }
        }
        let argv = split_words(command).map_err(bad)?;
        if argv.is_empty() {
            return Err(bad("empty command line".into()));
        }
        Ok(Some(Self {
            spec: spec.to_string(),
            argv,
            timeout,
            fresh,
        }))
    }
}

fn parse_timeout(v: &str) -> Result<Option<Duration>, String> {
    if v == "off" {
        return Ok(None);
    }
    match v.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 => Ok(Some(Duration::from_secs_f64(s))),
        _ => Err(format!(
            "timeout `{v}`: expected a positive number of seconds or `off`"
        )),
    }
}

/// Split a command line into words: whitespace separates, `'…'` is literal, `"…"` allows `\"`
/// and `\\`, a backslash outside quotes escapes the next character.
pub fn split_words(s: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => cur.push(c),
                        None => return Err("unterminated ' in the command line".into()),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => cur.push(c),
                            Some(c) => {
                                cur.push('\\');
                                cur.push(c);
                            }
                            None => return Err("unterminated \" in the command line".into()),
                        },
                        Some(c) => cur.push(c),
                        None => return Err("unterminated \" in the command line".into()),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => cur.push(c),
                    None => return Err("trailing backslash in the command line".into()),
                }
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    Ok(words)
}

/// One answer line, parsed.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// A score, with nodes and the engine's own time in nanoseconds when given.
    Solved {
        score: i32,
        nodes: u64,
        nanos: Option<u64>,
    },
    /// `error MESSAGE`.
    Error(String),
}

/// Parse one answer line to the position `moves` (see the module documentation).
pub fn parse_answer(line: &str, moves: &str) -> Result<Answer, String> {
    let line = line.trim();
    if let Some(msg) = line.strip_prefix("error") {
        if msg.is_empty() || msg.starts_with(char::is_whitespace) {
            return Ok(Answer::Error(msg.trim().to_string()));
        }
    }
    let mut fields: Vec<&str> = line.split_whitespace().collect();
    if matches!(fields.len(), 2 | 4) {
        if fields[0] != moves {
            return Err(format!(
                "{} fields, but the first, `{}`, is not the position sent",
                fields.len(),
                fields[0]
            ));
        }
        fields.remove(0);
    }
    let score = |s: &str| {
        s.parse::<i32>()
            .map_err(|_| format!("score `{s}` is not an integer"))
    };
    match fields[..] {
        [s] => Ok(Answer::Solved {
            score: score(s)?,
            nodes: 0,
            nanos: None,
        }),
        [s, n, us] => {
            let nodes = n
                .parse::<u64>()
                .map_err(|_| format!("nodes `{n}` is not a count"))?;
            let micros = us
                .parse::<f64>()
                .ok()
                .filter(|m| m.is_finite() && *m >= 0.0)
                .ok_or_else(|| format!("micros `{us}` is not a time"))?;
            Ok(Answer::Solved {
                score: score(s)?,
                nodes,
                nanos: Some((micros * 1000.0).round() as u64),
            })
        }
        [] => Err("empty line".into()),
        _ => Err(format!(
            "{} fields (expected `score nodes micros`, `moves score nodes micros`, `moves score` or `score`)",
            line.split_whitespace().count()
        )),
    }
}

/// A running engine process.
struct Running {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    stderr_thread: Option<std::thread::JoinHandle<()>>,
}

impl Running {
    fn spawn(argv: &[String]) -> Result<Self, String> {
        let mut child = Command::new(&argv[0])
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start `{}`: {e}", argv.join(" ")))?;
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
        })
    }

    /// Kill the process (if still running) and describe how it ended, with its last stderr.
    fn kill_and_describe(&mut self) -> String {
        let _ = self.child.kill();
        let status = self.child.wait();
        self.describe(status.ok())
    }

    /// Wait briefly for the process to exit on its own (it closed stdout), then describe it.
    fn wait_and_describe(&mut self) -> String {
        let deadline = Instant::now() + Duration::from_millis(500);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(s)) => break Some(s),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                _ => {
                    let _ = self.child.kill();
                    break self.child.wait().ok();
                }
            }
        };
        self.describe(status)
    }

    fn describe(&mut self, status: Option<std::process::ExitStatus>) -> String {
        // The stderr reader ends once the process is gone (unless a grandchild holds the pipe).
        if let Some(h) = self.stderr_thread.take() {
            let deadline = Instant::now() + Duration::from_millis(200);
            while !h.is_finished() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
        let status = match status {
            Some(s) => match (s.code(), signal_of(&s)) {
                (Some(c), _) => format!("exit status {c}"),
                (None, Some(sig)) => format!("killed by signal {sig}"),
                _ => s.to_string(),
            },
            None => "exit status unknown".to_string(),
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

#[cfg(unix)]
fn signal_of(s: &std::process::ExitStatus) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt;
    s.signal()
}

#[cfg(not(unix))]
fn signal_of(_: &std::process::ExitStatus) -> Option<i32> {
    None
}

impl Drop for Running {
    fn drop(&mut self) {
        // Close stdin (a protocol process exits on EOF), give it a moment, then kill.
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_millis(200);
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => return,
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(2))
                }
                _ => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    return;
                }
            }
        }
    }
}

/// An engine in another process (see the module documentation).
pub struct ExternalEngine {
    cfg: ExternalConfig,
    proc: Option<Running>,
    limit: Option<Duration>,
}

impl ExternalEngine {
    /// An engine for this configuration; the process starts on the first solve.
    #[must_use]
    pub fn new(cfg: ExternalConfig) -> Self {
        Self {
            cfg,
            proc: None,
            limit: None,
        }
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &ExternalConfig {
        &self.cfg
    }

    /// The process id of the running engine process, if one is running.
    #[must_use]
    pub fn pid(&self) -> Option<u32> {
        self.proc.as_ref().map(|p| p.child.id())
    }

    fn fail(&mut self, moves: &str, what: &str) -> EngineError {
        let how = self
            .proc
            .as_mut()
            .map_or_else(String::new, Running::kill_and_describe);
        self.proc = None;
        EngineError::Failure(format!(
            "`{}` {what} on position `{moves}` ({how}); it is restarted on the next solve",
            self.cfg.argv.join(" ")
        ))
    }

    fn solve_inner(&mut self, moves: &str) -> Result<Solve, EngineError> {
        if moves.contains(['\n', '\r']) {
            return Err(EngineError::BadPosition(
                "a move string cannot contain a line break".into(),
            ));
        }
        if self.cfg.fresh {
            self.proc = None;
        }
        if self.proc.is_none() {
            let p = Running::spawn(&self.cfg.argv).map_err(EngineError::Failure)?;
            self.proc = Some(p);
        }
        let t0 = Instant::now();
        let p = self.proc.as_mut().expect("running");
        let written = {
            let stdin = p.stdin.as_mut().expect("stdin open");
            stdin
                .write_all(format!("{moves}\n").as_bytes())
                .and_then(|()| stdin.flush())
        };
        if self.cfg.fresh {
            drop(p.stdin.take());
        }
        if let Err(e) = written {
            return Err(self.fail(moves, &format!("could not be written to ({e})")));
        }
        let wait = match (self.cfg.timeout, self.limit.map(|l| l + LIMIT_GRACE)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let line = match wait {
            Some(w) => p.lines.recv_timeout(w),
            None => p.lines.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        let wall = t0.elapsed();
        let line = match line {
            Ok(l) => l,
            Err(RecvTimeoutError::Timeout) => {
                if self.limit.is_some_and(|l| wall > l) && self.cfg.timeout.is_none_or(|t| wall < t)
                {
                    let _ = self.fail(moves, "exceeded the time limit");
                    return Err(EngineError::Timeout);
                }
                return Err(self.fail(
                    moves,
                    &format!("gave no answer within {:.1} s", wall.as_secs_f64()),
                ));
            }
            Err(RecvTimeoutError::Disconnected) => {
                let how = p.wait_and_describe();
                self.proc = None;
                return Err(EngineError::Failure(format!(
                    "`{}` closed its output without answering position `{moves}` ({how}); it is restarted on the next solve",
                    self.cfg.argv.join(" ")
                )));
            }
        };
        let answer = match parse_answer(&line, moves) {
            Ok(a) => a,
            Err(e) => {
                let shown: String = line.trim_end().chars().take(120).collect();
                return Err(self.fail(moves, &format!("answered garbage `{shown}`: {e}")));
            }
        };
        if self.cfg.fresh {
            if let Some(mut p) = self.proc.take() {
                // The process has answered; let it exit (Drop kills it if it lingers).
                let _ = p.child.try_wait();
            }
        }
        match answer {
            Answer::Error(m) => Err(EngineError::BadPosition(m)),
            Answer::Solved {
                score,
                nodes,
                nanos,
            } => Ok(Solve {
                score,
                nodes,
                reported_nanos: nanos,
            }),
        }
    }
}

impl Engine for ExternalEngine {
    fn spec(&self) -> String {
        self.cfg.spec.clone()
    }

    fn game(&self) -> GameKind {
        GameKind::Connect4
    }

    /// The protocol process resets its tables before every position by default, and a `fresh`
    /// engine starts a new process per position, so there is nothing to send here.
    fn reset(&mut self) {}

    fn solve(&mut self, moves: &str) -> Result<Solve, EngineError> {
        self.solve_inner(moves)
    }

    fn set_time_limit(&mut self, limit: Option<Duration>) {
        self.limit = limit;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        let c = ExternalConfig::parse("ext:python3 'a b.py' --driver \"mtdf\"")
            .unwrap()
            .unwrap();
        assert_eq!(c.argv, ["python3", "a b.py", "--driver", "mtdf"]);
        assert!(!c.fresh);
        let c = ExternalConfig::parse("ext[timeout=2.5, fresh]:./c4 -w")
            .unwrap()
            .unwrap();
        assert_eq!(c.timeout, Some(Duration::from_millis(2500)));
        assert!(c.fresh);
        assert_eq!(c.argv, ["./c4", "-w"]);
        assert_eq!(ExternalConfig::parse("mtdf").unwrap(), None);
        assert_eq!(ExternalConfig::parse("extra").unwrap(), None);
        for bad in [
            "ext:",
            "ext[timeout=0]:x",
            "ext[wobble]:x",
            "ext[fresh:x",
            "ext:'x",
        ] {
            assert!(ExternalConfig::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn answers() {
        let ok = |score, nodes, nanos| Answer::Solved {
            score,
            nodes,
            nanos,
        };
        assert_eq!(
            parse_answer("3 100 25\n", "44"),
            Ok(ok(3, 100, Some(25_000)))
        );
        assert_eq!(
            parse_answer("44 -2 100 7", "44"),
            Ok(ok(-2, 100, Some(7_000)))
        );
        assert_eq!(parse_answer("44 -2", "44"), Ok(ok(-2, 0, None)));
        assert_eq!(parse_answer("5", ""), Ok(ok(5, 0, None)));
        assert_eq!(parse_answer(" 1 9 2.5", ""), Ok(ok(1, 9, Some(2_500))));
        assert_eq!(
            parse_answer("error column 4 is full", "4444444"),
            Ok(Answer::Error("column 4 is full".into()))
        );
        for bad in [
            "",
            "45 -2",
            "44 x 1 2",
            "1 2",
            "a b c",
            "1 2 3 4 5",
            "1 -2 3",
        ] {
            assert!(parse_answer(bad, "44").is_err(), "{bad:?}");
        }
    }
}
