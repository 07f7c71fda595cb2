//! External oracles: BitBully's solver as a child process (the opening books are in
//! [`super::books`]).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// How to install the oracles.
pub const SETUP: &str = "scripts/setup-oracles.sh";

/// A stand-alone BitBully engine process (same line protocol as `tools/bitbully_engine.py`),
/// used when that file is not present: one move string per line → `score nodes micros`, table
/// reset before every position, opening book off.
const INLINE_SCRIPT: &str = r#"
import sys, time
from bitbully import BitBully, Board
agent = BitBully(opening_book=None)
for raw in sys.stdin:
    line = raw.strip()
    try:
        board = Board([ord(c) - ord('1') for c in line])
    except Exception as e:
        print("error", e, flush=True)
        continue
    agent.reset_transposition_table()
    agent.reset_node_counter()
    t0 = time.perf_counter_ns()
    score = agent.mtdf(board)
    t1 = time.perf_counter_ns()
    print(score, agent.get_node_counter(), (t1 - t0) // 1000, flush=True)
"#;

/// BitBully's solver in a Python child process.
pub struct BitBullyProcess {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// The command that was started, for reports.
    pub command: String,
}

/// The engine script of the oracles branch, if it is in the crate (or the working directory).
fn engine_script() -> Option<PathBuf> {
    [
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/bitbully_engine.py"),
        PathBuf::from("tools/bitbully_engine.py"),
    ]
    .into_iter()
    .find(|p| p.is_file())
}

impl BitBullyProcess {
    /// Start the process and check it answers (solves `4455`, which scores 18). An error
    /// explains what is missing.
    pub fn start() -> Result<Self, String> {
        let python = crate::util::oracles::python();
        let mut cmd = Command::new(&python);
        let command = match engine_script() {
            Some(p) => {
                cmd.arg(&p);
                format!("{python} {}", p.display())
            }
            None => {
                cmd.arg("-c").arg(INLINE_SCRIPT);
                format!("{python} -c <inline bitbully script>")
            }
        };
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start `{command}`: {e}"))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        let mut p = Self {
            child,
            stdin,
            stdout,
            command,
        };
        match p.solve("4455") {
            Ok((18, _, _)) => Ok(p),
            Ok((s, _, _)) => Err(format!("`{}` scored 4455 as {s}, expected 18", p.command)),
            Err(e) => {
                let _ = p.child.kill();
                let mut err = String::new();
                if let Some(mut se) = p.child.stderr.take() {
                    let _ = std::io::Read::read_to_string(&mut se, &mut err);
                }
                let last = err.lines().last().unwrap_or("").trim().to_string();
                Err(format!("`{}` failed: {e} {last}", p.command))
            }
        }
    }

    /// Solve one position: `(score, nodes, micros)`.
    pub fn solve(&mut self, moves: &str) -> Result<(i32, u64, u64), String> {
        writeln!(self.stdin, "{moves}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("write to bitbully: {e}"))?;
        let mut line = String::new();
        let n = self
            .stdout
            .read_line(&mut line)
            .map_err(|e| format!("read from bitbully: {e}"))?;
        if n == 0 {
            return Err("bitbully process exited".into());
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        let parse = || -> Option<(i32, u64, u64)> {
            Some((
                f.first()?.parse().ok()?,
                f.get(1)?.parse().ok()?,
                f.get(2)?.parse().ok()?,
            ))
        };
        parse().ok_or_else(|| format!("bitbully answered `{}` for {moves}", line.trim()))
    }
}

impl Drop for BitBullyProcess {
    fn drop(&mut self) {
        // Our own child, by handle: end it and reap it so no zombie is left.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
