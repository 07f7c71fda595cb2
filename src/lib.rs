//! treebench: benchmark and verify game-tree search engines.
//!
//! Data flows one way: positions ([`game`], [`runner::positions`]) → engines ([`engine`]) →
//! records ([`runner::record`]) → statistics ([`stats`]) → tables and figures ([`render`]).
//! [`verify`] checks engines against each other and against independent oracles, [`gate`]
//! turns a paired comparison into a CI verdict, and [`textbook`] reports the published node
//! counts of the small reference games ([`game`]) next to ours ([`engine::textbook`]). [`util`] (formatting, exit codes, file names, reproducer
//! commands) and [`table`] (the format-neutral table and its writers) sit below everything else.

pub mod analysis;
pub mod engine;
pub mod game;
pub mod gate;
pub mod render;
pub mod runner;
pub mod stats;
pub mod table;
pub mod textbook;
pub mod util;
pub mod verify;

/// The layers of `src/`, bottom first: a top-level module names (through `crate::` paths) only
/// modules of earlier layers. `tests/layers.rs` checks it.
#[doc(hidden)]
pub const LAYERS: &[&[&str]] = &[
    &["util", "stats"],
    &["table"],
    &["game"],
    &["engine"],
    &["runner"],
    &["verify", "gate", "textbook"],
    &["analysis"],
    &["render"],
    &["cli"],
];
