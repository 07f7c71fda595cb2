//! Engines: anything that solves a position given as a move string.
//!
//! The hot path (board, search, table) lives below this module and never allocates, prints or
//! dispatches dynamically; the [`Engine`] trait is the boundary the runner calls once per solve.

use thiserror::Error;

/// The game an engine plays, which decides how a move string is read and how random positions
/// are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Connect-4 on a 7×6 board, moves are columns `1..=7`.
    Connect4,
    /// Tic-tac-toe, moves are cells `1..=9` (row-major from the top left).
    TicTacToe,
    /// A seeded uniform random tree; moves are child indices `1..=b`.
    RandomTree,
}

/// What one solve reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solve {
    /// The exact score in the game's convention (Connect-4: see [`crate::game::connect4`]).
    pub score: i32,
    /// Search nodes: one per call of the recursive search.
    pub nodes: u64,
    /// Time the engine itself reports in nanoseconds (external engines); `None` when the caller
    /// should time the call.
    pub reported_nanos: Option<u64>,
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
}

pub mod connect4;
pub mod drivers;
pub mod external;
pub mod ordering;
pub mod registry;
pub mod search;
pub mod sized;
pub mod tt;
