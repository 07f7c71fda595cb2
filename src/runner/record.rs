//! The results schema: one CSV row per solve, written to `results/<experiment>.csv`.
//!
//! Columns, in order: `experiment, seed, ply, index, moves, engine, slot, repeat, score, nodes,
//! nanos, wall_nanos`. `slot` is the engine's place in the solve order for that position
//! (0 = first); `nanos` is the solve time (the engine's own report for external engines),
//! `wall_nanos` the time around the call as the harness saw it.

use serde::{Deserialize, Serialize};

/// One solve of one position by one engine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub experiment: String,
    pub seed: u64,
    pub ply: u32,
    pub index: u32,
    pub moves: String,
    pub engine: String,
    pub slot: u32,
    pub repeat: u32,
    pub score: i32,
    pub nodes: u64,
    pub nanos: u64,
    pub wall_nanos: u64,
}

/// The CSV header, in column order.
pub const HEADER: [&str; 12] = [
    "experiment",
    "seed",
    "ply",
    "index",
    "moves",
    "engine",
    "slot",
    "repeat",
    "score",
    "nodes",
    "nanos",
    "wall_nanos",
];
