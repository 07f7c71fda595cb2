//! UCI chess engines: `uci[OPTIONS]:COMMAND LINE` runs any engine that speaks the Universal
//! Chess Interface as a registry engine (spec grammar in [`spec`], the lines read in
//! [`protocol`]). The process, its stderr tail, time limits and process group are those of
//! `ext:` engines ([`super::external`]).
//!
//! The conversation:
//! 1. on the first solve (and after a failure): start the process, `uci`, read up to `uciok`
//!    (the `option name` lines: every option of the spec must be among them), `setoption`s,
//!    `isready` / `readyok`;
//! 2. before every position: `ucinewgame`, `isready` / `readyok` (the engine clears its tables:
//!    the same fairness rule as the solvers' reset);
//! 3. `position startpos moves ...` or `position fen ...`, then `go depth N` (or `nodes`,
//!    `movetime`); `info` lines are read until `bestmove`.
//!
//! In a game ([`Engine::choose`]): `ucinewgame` once per game ([`Engine::new_game`]), then for
//! every move `position ... moves ...` with the game so far (repetitions count) and the spec's
//! `go`, or with a clock `go wtime W btime B winc I binc I` (milliseconds); the move is
//! `bestmove`'s, the value the last score (a mate is a proven value).
//!
//! The solve's time is the round trip from writing `go` to reading `bestmove` (nanoseconds, the
//! harness's clock); the engine's own `time` (milliseconds) is kept beside it in
//! [`SearchInfo::engine_nanos`]. A crash, a hang, garbage (a `bestmove` that is not a legal
//! move, `bestmove (none)` where there are legal moves, no score), or a missing
//! `uciok`/`readyok`/`bestmove` is an [`EngineError::Failure`] naming the command, its exit status
//! and its last stderr lines; the process group is killed and a new process started on the next
//! solve.

pub mod protocol;
pub mod spec;

pub use spec::{Limit, UciConfig};

use super::external::process::{answer_wait, Running};
use super::{Decision, Engine, EngineError, GameKind, MoveLimit, MoveText, SearchInfo, Solve};
use crate::game::chess::ChessPosition;
use protocol::Search;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

/// A UCI engine in another process (see the module documentation).
pub struct UciEngine {
    cfg: UciConfig,
    proc: Option<Running>,
    limit: Option<Duration>,
    info: SearchInfo,
    /// The position being solved, for failure messages.
    current: String,
    /// A game started ([`Engine::new_game`]): `ucinewgame` before the next move.
    new_game: bool,
}

/// How a wait for a line ended badly.
enum Wait {
    Timeout(Duration),
    Closed,
}

impl UciEngine {
    /// An engine for this configuration; the process starts on the first solve.
    #[must_use]
    pub fn new(cfg: UciConfig) -> Self {
        Self {
            cfg,
            proc: None,
            limit: None,
            info: SearchInfo::default(),
            current: String::new(),
            new_game: true,
        }
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &UciConfig {
        &self.cfg
    }

    /// The process id of the running engine, if one is running.
    #[must_use]
    pub fn pid(&self) -> Option<u32> {
        self.proc.as_ref().map(Running::pid)
    }

    fn command(&self) -> String {
        self.cfg.argv.join(" ")
    }

    /// Kill the process (`why`: the reason treebench gives) and describe the failure.
    fn fail(&mut self, what: &str, why: &str) -> EngineError {
        let how = match self.proc.as_mut() {
            Some(p) => p.kill_and_describe(why),
            None => String::new(),
        };
        self.proc = None;
        EngineError::Failure(format!(
            "`{}` {what} on position `{}` ({how}); it is restarted on the next solve",
            self.command(),
            self.current
        ))
    }

    /// The process closed its output: describe how it ended.
    fn closed(&mut self, what: &str) -> EngineError {
        let how = match self.proc.as_mut() {
            Some(p) => p.wait_and_describe(),
            None => String::new(),
        };
        self.proc = None;
        EngineError::Failure(format!(
            "`{}` closed its output {what} on position `{}` ({how}); it is restarted on the next solve",
            self.command(),
            self.current
        ))
    }

    fn send(&mut self, lines: &str) -> Result<(), EngineError> {
        let p = self.proc.as_mut().expect("running");
        if let Err(e) = p.send(lines, false) {
            return Err(self.fail(
                &format!("could not be written to ({e})"),
                "because its input was closed",
            ));
        }
        Ok(())
    }

    /// Read lines until one for which `done` says stop, feeding every line to `each`.
    fn read_until(
        &mut self,
        wait: Option<Duration>,
        mut each: impl FnMut(&str),
        done: impl Fn(&str) -> bool,
    ) -> Result<String, Wait> {
        let p = self.proc.as_ref().expect("running");
        let start = Instant::now();
        loop {
            let left = wait.map(|w| w.saturating_sub(start.elapsed()));
            match p.recv(left) {
                Ok(line) => {
                    let line = line.trim_end();
                    each(line);
                    if done(line) {
                        return Ok(line.to_string());
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(Wait::Timeout(start.elapsed())),
                Err(RecvTimeoutError::Disconnected) => return Err(Wait::Closed),
            }
        }
    }

    /// The wait for a handshake answer (`uciok`, `readyok`).
    fn handshake_wait(&self) -> Duration {
        self.cfg.timeout.unwrap_or(spec::HANDSHAKE_WAIT)
    }

    /// Wait for `isready`'s `readyok`.
    fn ready(&mut self, when: &str) -> Result<(), EngineError> {
        self.send("isready\n")?;
        let wait = self.handshake_wait();
        match self.read_until(Some(wait), |_| {}, |l| l == "readyok") {
            Ok(_) => Ok(()),
            Err(Wait::Timeout(t)) => Err(self.fail(
                &format!(
                    "did not answer `isready` with `readyok` {when} within {:.1} s",
                    t.as_secs_f64()
                ),
                "because it did not answer in time",
            )),
            Err(Wait::Closed) => Err(self.closed(&format!("before `readyok` {when}"))),
        }
    }

    /// Start the process and complete the handshake.
    fn launch(&mut self) -> Result<(), EngineError> {
        let p = Running::spawn(&self.cfg.argv).map_err(EngineError::Failure)?;
        self.proc = Some(p);
        self.send("uci\n")?;
        let mut offered: Vec<String> = Vec::new();
        let wait = self.handshake_wait();
        let got = self.read_until(
            Some(wait),
            |l| {
                if let Some(n) = protocol::option_name(l) {
                    offered.push(n.to_string());
                }
            },
            |l| l == "uciok",
        );
        match got {
            Ok(_) => {}
            Err(Wait::Timeout(t)) => {
                return Err(self.fail(
                    &format!(
                        "did not answer `uci` with `uciok` within {:.1} s",
                        t.as_secs_f64()
                    ),
                    "because it did not answer in time",
                ))
            }
            Err(Wait::Closed) => return Err(self.closed("before `uciok`")),
        }
        let offers = |name: &str| {
            offered
                .iter()
                .find(|o| o.eq_ignore_ascii_case(name))
                .cloned()
        };
        let missing: Vec<&str> = self
            .cfg
            .options
            .iter()
            .filter(|(n, _)| offers(n).is_none())
            .map(|(n, _)| n.as_str())
            .collect();
        if !missing.is_empty() {
            let what = format!(
                "offers no UCI option {} (it offers: {})",
                missing
                    .iter()
                    .map(|m| format!("`{m}`"))
                    .collect::<Vec<_>>()
                    .join(", "),
                if offered.is_empty() {
                    "none".to_string()
                } else {
                    offered.join(", ")
                }
            );
            return Err(self.fail(&what, "because of the spec's options"));
        }
        let mut set = String::new();
        for (name, value) in &self.cfg.options {
            let name = offers(name).expect("checked");
            set.push_str(&format!("setoption name {name} value {value}\n"));
        }
        for (name, value) in [("Threads", "1"), ("OwnBook", "false")] {
            let given = self
                .cfg
                .options
                .iter()
                .any(|(n, _)| n.eq_ignore_ascii_case(name));
            if let (Some(name), false) = (offers(name), given) {
                set.push_str(&format!("setoption name {name} value {value}\n"));
            }
        }
        if !set.is_empty() {
            self.send(&set)?;
        }
        self.ready("after the options")
    }

    /// The position `moves` as the engine will read it; an error for a finished game.
    fn position_of(moves: &str) -> Result<ChessPosition, EngineError> {
        let pos = ChessPosition::parse(moves).map_err(EngineError::BadPosition)?;
        let status = pos.status();
        if status != crate::game::chess::Status::Ongoing {
            return Err(EngineError::BadPosition(format!(
                "the game is already over ({})",
                status.describe()
            )));
        }
        Ok(pos)
    }

    /// One search: (`ucinewgame` when `new_game`), `position`, `go`, then the `info` lines up
    /// to `bestmove`, whose move must be legal at `pos`. A wait past `deadline` (and within
    /// the spec's `timeout`) is [`EngineError::Timeout`]. Returns what the `info` lines said,
    /// the move and the round trip from `go` to `bestmove`.
    fn search(
        &mut self,
        pos: &ChessPosition,
        go: &str,
        deadline: Option<Duration>,
        new_game: bool,
    ) -> Result<(Search, String, Duration), EngineError> {
        self.info = SearchInfo::default();
        if self.proc.is_none() {
            self.launch()?;
        }
        if new_game {
            self.send("ucinewgame\n")?;
            self.ready("after `ucinewgame`")?;
        }
        self.send(&format!("position {}\n", pos.uci_position()))?;
        let t0 = Instant::now();
        self.send(&format!("{go}\n"))?;
        let mut search = Search::default();
        let wait = answer_wait(self.cfg.timeout, deadline);
        let got = self.read_until(
            wait,
            |l| search.read_info(l),
            |l| protocol::best_move(l).is_some(),
        );
        let round_trip = t0.elapsed();
        let line = match got {
            Ok(l) => l,
            Err(Wait::Timeout(t)) => {
                if deadline.is_some_and(|l| t > l) && self.cfg.timeout.is_none_or(|to| t < to) {
                    let _ = self.fail("exceeded the time limit", "at the time limit");
                    return Err(EngineError::Timeout);
                }
                return Err(self.fail(
                    &format!(
                        "gave no `bestmove` to `{go}` within {:.1} s",
                        t.as_secs_f64()
                    ),
                    "because it did not answer in time",
                ));
            }
            Err(Wait::Closed) => {
                return Err(self.closed(&format!("before `bestmove` (after `{go}`)")))
            }
        };
        let best = protocol::best_move(&line).flatten().map(str::to_string);
        let Some(best) = best else {
            return Err(self.fail(
                &format!("answered `{line}` on a position with legal moves"),
                "because of that answer",
            ));
        };
        if pos.clone().play(&best).is_err() {
            return Err(self.fail(
                &format!(
                    "answered `{line}`, not a legal move here (FEN {})",
                    pos.fen()
                ),
                "because of that answer",
            ));
        }
        self.info = SearchInfo {
            best_move: MoveText::new(&best),
            depth: search.depth,
            seldepth: search.seldepth,
            engine_nanos: search.time_ms.map(|ms| ms.saturating_mul(1_000_000)),
        };
        Ok((search, best, round_trip))
    }

    fn solve_inner(&mut self, moves: &str) -> Result<Solve, EngineError> {
        self.info = SearchInfo::default();
        let pos = Self::position_of(moves)?;
        let go = self.cfg.limit.go();
        let (search, _, round_trip) = self.search(&pos, &go, self.limit, true)?;
        let Some(score) = search.score else {
            return Err(self.fail(
                "reported no score (`info ... score cp|mate ...`) before `bestmove`",
                "because of that answer",
            ));
        };
        Ok(Solve {
            score,
            nodes: search.nodes.unwrap_or(0),
            nodes_reported: search.nodes.is_some(),
            reported_nanos: Some(round_trip.as_nanos() as u64),
        })
    }

    /// Choose a move in a game: the spec's `go`, or `go wtime .. btime .. winc .. binc ..` for a
    /// clock (a `bestmove` later than the side's time left is a loss on time).
    fn choose_inner(&mut self, moves: &str, limit: &MoveLimit) -> Result<Decision, EngineError> {
        let pos = Self::position_of(moves)?;
        let (go, deadline) = match *limit {
            MoveLimit::Spec => (self.cfg.limit.go(), self.limit),
            MoveLimit::Clock {
                own,
                opponent,
                increment,
            } => {
                let white = pos.board().side_to_move() == cozy_chess::Color::White;
                let (w, b) = if white {
                    (own, opponent)
                } else {
                    (opponent, own)
                };
                let (w, b, i) = (w.as_millis(), b.as_millis(), increment.as_millis());
                (
                    format!("go wtime {w} btime {b} winc {i} binc {i}"),
                    Some(own),
                )
            }
        };
        let new_game = std::mem::take(&mut self.new_game);
        let (search, best, round_trip) = self.search(&pos, &go, deadline, new_game)?;
        let best = MoveText::new(&best).ok_or_else(|| {
            self.fail(
                &format!("answered the move `{best}`"),
                "because of that answer",
            )
        })?;
        let mate = search.score.filter(|s| s.abs() > protocol::MAX_CP);
        Ok(Decision {
            value: search.score,
            proven: mate,
            nodes: search.nodes,
            depth: search.depth,
            reported_nanos: Some(round_trip.as_nanos() as u64),
            ..Decision::of_move(best)
        })
    }
}

impl Engine for UciEngine {
    fn spec(&self) -> String {
        self.cfg.spec.clone()
    }

    fn game(&self) -> GameKind {
        GameKind::Chess
    }

    /// `ucinewgame` is sent before every position by `solve` itself.
    fn reset(&mut self) {}

    fn solve(&mut self, moves: &str) -> Result<Solve, EngineError> {
        moves.clone_into(&mut self.current);
        self.solve_inner(moves)
    }

    fn set_time_limit(&mut self, limit: Option<Duration>) {
        self.limit = limit;
    }

    fn search_info(&self) -> SearchInfo {
        self.info
    }

    fn choose(&mut self, moves: &str, limit: &MoveLimit) -> Result<Decision, EngineError> {
        moves.clone_into(&mut self.current);
        self.choose_inner(moves, limit)
    }

    /// `ucinewgame` (with `isready`) before the next move.
    fn new_game(&mut self) {
        self.new_game = true;
    }

    /// The process and its handshake (`uci`, the options, `isready`).
    fn start(&mut self) -> Result<(), EngineError> {
        if self.proc.is_none() {
            self.launch()?;
        }
        Ok(())
    }

    fn external(&self) -> bool {
        true
    }

    /// `ucinewgame` asks the engine to clear its tables, but nothing enforces it (`treebench
    /// verify --game chess` checks it).
    fn may_keep_tables(&self) -> bool {
        true
    }
}
