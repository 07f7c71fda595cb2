//! Engines: anything that solves a position given as a move string.
//!
//! Families: the Connect-4 solver ([`connect4`] over [`search`], [`drivers`], [`ordering`],
//! [`tt`]), the generic search core over any [`SearchGame`](crate::game::SearchGame)
//! ([`generic`]: chess in process), the textbook searches ([`textbook`]) and engines in other
//! processes ([`external`], [`uci`]).
//! [`registry`] sits above them all: it is the one list of engine names and builds any engine
//! from a spec in the one grammar of [`spec`].
//!
//! The hot path (board, search, table) lives below this module and never allocates, prints or
//! dispatches dynamically; the [`Engine`] trait is the boundary the runner calls once per solve.

use thiserror::Error;

/// The game an engine plays (defined in [`crate::game`]; re-exported here because every engine
/// names it).
pub use crate::game::GameKind;

mod clock;
pub use clock::Clock;
pub mod counters;
/// A game's result for one side ([`Decision::proven_result`]).
pub use crate::stats::games::GameResult;
pub use counters::SearchCounters;

/// What one solve reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solve {
    /// The exact score in the game's convention (Connect-4: see [`crate::game::connect4`]).
    pub score: i32,
    /// Search nodes: one per call of the recursive search (0 when not reported).
    pub nodes: u64,
    /// Whether `nodes` is the engine's count; `false` for an external engine that reports none.
    pub nodes_reported: bool,
    /// Time the engine itself reports in nanoseconds (external engines); `None` when the caller
    /// should time the call.
    pub reported_nanos: Option<u64>,
}

/// What a heuristic engine (a UCI chess engine) says about its last search beside the score:
/// absent fields were not reported (empty in the records, "n/a" in tables).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchInfo {
    /// The best move, as the engine wrote it (UCI: `e2e4`, `e7e8q`).
    pub best_move: Option<MoveText>,
    /// The depth of the search the score came from.
    pub depth: Option<u32>,
    /// The selective depth.
    pub seldepth: Option<u32>,
    /// The search time the engine reported itself, in nanoseconds (UCI reports milliseconds).
    pub engine_nanos: Option<u64>,
}

/// A short move text kept inline (so that [`SearchInfo`] stays `Copy`): up to 8 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveText {
    bytes: [u8; 8],
    len: u8,
}

impl MoveText {
    /// `None` when `s` is empty, longer than 8 bytes or not ASCII.
    #[must_use]
    pub fn new(s: &str) -> Option<Self> {
        if s.is_empty() || s.len() > 8 || !s.is_ascii() {
            return None;
        }
        let mut bytes = [0u8; 8];
        bytes[..s.len()].copy_from_slice(s.as_bytes());
        Some(Self {
            bytes,
            len: s.len() as u8,
        })
    }

    /// The move as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len as usize]).expect("ASCII")
    }
}

/// How long an engine may think about one move of a game ([`Engine::choose`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveLimit {
    /// The budget the engine's own spec names (`depth=`, `nodes=`, `playouts=`, `movetime=`):
    /// quality runs, and match play without a clock.
    Spec,
    /// A game clock: the time left to the side to move and to its opponent, and the increment
    /// each gets per move (UCI's `wtime`/`btime`/`winc`/`binc`).
    Clock {
        own: std::time::Duration,
        opponent: std::time::Duration,
        increment: std::time::Duration,
    },
}

impl MoveLimit {
    /// The share of a clock one move may use: a twentieth of the time left plus three quarters
    /// of the increment, at most half the time left, at least a millisecond; `None` for
    /// [`MoveLimit::Spec`].
    #[must_use]
    pub fn allotment(&self) -> Option<std::time::Duration> {
        match *self {
            MoveLimit::Spec => None,
            MoveLimit::Clock { own, increment, .. } => {
                let share = own / 20 + increment * 3 / 4;
                Some(share.min(own / 2).max(std::time::Duration::from_millis(1)))
            }
        }
    }
}

/// What an engine chose at a position ([`Engine::choose`]): the move, and what it said about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// The move, in the game's notation (Connect-4: the column digit; chess: UCI).
    pub best: MoveText,
    /// The engine's value of the position for the side to move, in the game's reported
    /// convention (a heuristic value for a depth-limited search); `None` when it gives none.
    pub value: Option<i32>,
    /// The exact value the engine proved (every line seen through to the end of the game: an
    /// exact solver, a mate found), in the game's convention; `None` when unproven.
    pub proven: Option<i32>,
    /// The result for the side to move that the engine proved without its exact value
    /// (MCTS-Solver knows a won position, not how fast it wins); `None` when unproven or when
    /// `proven` gives it ([`Decision::proven_result`] reads both).
    pub proven_result: Option<GameResult>,
    /// Search nodes (MCTS: tree nodes created); `None` when not reported.
    pub nodes: Option<u64>,
    /// Monte Carlo playouts; `None` for engines that do not play out.
    pub playouts: Option<u64>,
    /// The depth of the search the move came from; `None` when not reported.
    pub depth: Option<u32>,
    /// The engine's own time in nanoseconds (external engines); `None` when the caller times
    /// the call.
    pub reported_nanos: Option<u64>,
}

impl Decision {
    /// The proven result for the side to move: `proven_result`, else the sign of `proven`
    /// (a positive value wins, 0 draws, a negative value loses, in every game's convention).
    #[must_use]
    pub fn proven_result(&self) -> Option<GameResult> {
        self.proven_result.or(self.proven.map(|v| match v.signum() {
            1 => GameResult::Win,
            0 => GameResult::Draw,
            _ => GameResult::Loss,
        }))
    }

    /// A decision with only the move; the other fields unreported.
    #[must_use]
    pub fn of_move(best: MoveText) -> Self {
        Self {
            best,
            value: None,
            proven: None,
            proven_result: None,
            nodes: None,
            playouts: None,
            depth: None,
            reported_nanos: None,
        }
    }
}

/// Why a solve did not produce a score.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The position could not be read or is not solvable (already decided, illegal move).
    #[error("bad position: {0}")]
    BadPosition(String),
    /// The engine failed (an external process crashed, hung or answered garbage).
    #[error("engine failure: {0}")]
    Failure(String),
    /// The solve exceeded the time limit set with [`Engine::set_time_limit`].
    #[error("time limit exceeded")]
    Timeout,
    /// The engine cannot do what was asked (choose a move, play this game).
    #[error("unsupported: {0}")]
    Unsupported(String),
}

/// A search engine the harness can benchmark.
///
/// `solve` is called after `reset` for every measured position: tables start fresh, so
/// successive solves are independent and their order does not matter.
pub trait Engine: Send {
    /// The canonical spec string that rebuilds this engine through the registry
    /// (e.g. `mtdf:tt=22,etc=off`).
    fn spec(&self) -> String;
    /// The game this engine plays.
    fn game(&self) -> GameKind;
    /// Forget everything learnt (transposition tables); O(1) where possible.
    fn reset(&mut self);
    /// Solve the position reached by `moves` from the start position.
    fn solve(&mut self, moves: &str) -> Result<Solve, EngineError>;
    /// Bound the time of each later solve; an engine that cannot stop early ignores it and the
    /// runner checks the elapsed time afterwards.
    fn set_time_limit(&mut self, limit: Option<std::time::Duration>) {
        let _ = limit;
    }
    /// The root searches (probes) of the last solve, in order; empty for engines that do not
    /// report them.
    fn probes(&self) -> &[drivers::Probe] {
        &[]
    }
    /// Threads a solve runs on (1 for every engine but a parallel Connect-4 solve): the
    /// harness times a parallel solve by the wall clock (the calling thread's CPU clock sees
    /// one thread's share), and a parallel engine has no node signature (its nodes depend on
    /// timing).
    fn threads(&self) -> usize {
        1
    }
    /// Nodes of the main thread in the last solve, for an engine that searches on several
    /// threads (`None` otherwise): the main thread's share of the work, which parallel search
    /// aims to cut.
    fn main_thread_nodes(&self) -> Option<u64> {
        None
    }
    /// Whether the engine runs in another process: the harness's clocks then time a round trip
    /// (the thread's CPU clock sees only the idle wait), and `reset` cannot be enforced.
    fn external(&self) -> bool {
        false
    }
    /// Best move, depth, seldepth and the engine's own time of the last solve (UCI engines);
    /// all absent for the solvers.
    fn search_info(&self) -> SearchInfo {
        SearchInfo::default()
    }
    /// Whether `reset` may not reach the engine's tables (an external process that serves
    /// several positions): the gate then checks that repeated solves are not warm.
    fn may_keep_tables(&self) -> bool {
        false
    }
    /// The clock of the times the engine reports itself ([`Solve::reported_nanos`]): an `ext:`
    /// engine's `clock=` option, wall time by default (a program's own timer measures elapsed
    /// time). The gate times the other side on the same clock.
    fn reported_clock(&self) -> Clock {
        Clock::Wall
    }
    /// The search counters of the last solve ([`counters`]); `None` for an engine that does not
    /// count (its counter columns are "n/a").
    fn counters(&self) -> Option<SearchCounters> {
        None
    }
    /// With the counters: the interior nodes of the last solve by ply (index: stones on the
    /// board, up to the last ply with any), summing to [`SearchCounters::interior`]; `None`
    /// where [`Engine::counters`] is `None`.
    fn interior_by_ply(&self) -> Option<Vec<u64>> {
        None
    }
    /// Choose a move at the position `moves` (the game so far: chess's history decides
    /// repetitions) within `limit`. Tables are kept from earlier calls until [`Engine::reset`]
    /// or [`Engine::new_game`], as a game program keeps them between its moves; quality runs
    /// reset before every position. An engine that only solves answers
    /// [`EngineError::Unsupported`].
    fn choose(&mut self, moves: &str, limit: &MoveLimit) -> Result<Decision, EngineError> {
        let _ = (moves, limit);
        Err(EngineError::Unsupported(format!(
            "engine `{}` solves positions but does not choose moves",
            self.spec()
        )))
    }
    /// Every legal move at `moves` with its value for the side to move (the value of the
    /// position after it, negated), in the move order of the engine; the exact Connect-4 solver's
    /// values are exact (the referee of quality runs: `treebench moves`). Engines that cannot
    /// answer [`EngineError::Unsupported`].
    fn score_moves(&mut self, moves: &str) -> Result<Vec<(MoveText, i32)>, EngineError> {
        let _ = moves;
        Err(EngineError::Unsupported(format!(
            "engine `{}` does not score every move",
            self.spec()
        )))
    }
    /// A new game starts (match play): forget everything learnt, as [`Engine::reset`] (UCI
    /// engines: `ucinewgame`).
    fn new_game(&mut self) {
        self.reset();
    }
    /// Whether every value this engine answers is the position's exact value: `Some(true)`
    /// for a search to the end of the game (an exact solver; a generic-core search whose depth
    /// reaches the game's longest game), `Some(false)` for an estimate (a depth-limited search,
    /// Monte Carlo), `None` where the engine cannot say (another process, the default). Only an
    /// exact engine can be a referee; an estimate is marked as one where it is printed.
    fn exact(&self) -> Option<bool> {
        None
    }
    /// The depth its searches stop at, where one limits them (the printed depth of an
    /// estimate); `None` for a search to the end, Monte Carlo and engines that cannot say.
    fn depth_limit(&self) -> Option<u32> {
        None
    }
    /// A chance game's engine: the exact (rational) value and the chance searcher's counters of
    /// the last solve; `None` for every other engine.
    fn chance_result(&self) -> Option<generic::chance_engine::ChanceResult> {
        None
    }
    /// Why the engine is not told its clock under `--tc`, where it is not (a GTP engine that
    /// knows no `time_settings`): it then plays at its own pace and is still timed and flagged;
    /// known after [`Engine::start`]. `None` (the default): the clock reaches the engine, or it
    /// runs in this process.
    fn clock_note(&self) -> Option<String> {
        None
    }
    /// Start what the engine runs in (an `ext:` or `uci:` process, with its handshake) now
    /// rather than at its first position, so that a match or a gate finds an engine that
    /// cannot start before it plays: [`EngineError::Failure`] naming the command. Nothing to
    /// do for an engine in this process (the default).
    fn start(&mut self) -> Result<(), EngineError> {
        Ok(())
    }
}

pub mod config;
pub mod connect4;
pub mod drivers;
pub mod external;
pub mod generic;
pub mod go_exact;
pub mod gtp;
pub mod known;
pub mod mutant;
pub mod ordering;
pub mod parallel;
pub mod registry;
pub mod root;
pub mod search;
pub mod sized;
pub mod spec;
pub mod textbook;
pub mod tt;
pub mod tt_shared;
pub mod uci;
