//! treebench: benchmark and verify game-tree search engines.
//!
//! Data flows one way: positions ([`game`], [`runner::positions`]) → engines ([`engine`]) →
//! records ([`runner::record`], timed by [`runner::measure`]) → statistics ([`stats`],
//! [`analysis`]) → tables and figures ([`table`], [`render`]).
//!
//! The layers, bottom first ([`LAYERS`]; a module names only modules of earlier layers, which
//! `tests/layers.rs` checks):
//! 1. [`util`] (formatting, exit codes, file names, reproducer commands) and [`stats`] (rank
//!    tests, summaries): leaves;
//! 2. [`table`]: the format-neutral table and its writers (text, Markdown, CSV, LaTeX, HTML);
//! 3. [`game`]: Connect-4, chess, tic-tac-toe, random trees, the [`game::SearchGame`] trait of
//!    the generic search core and the one [`game::GameKind`];
//! 4. [`engine`]: the [`engine::Engine`] trait, the engine families (Connect-4, the generic
//!    search core, textbook, external, UCI) and the registry above them;
//! 5. [`runner`]: experiments, seeded positions, the one measurement path and the one records
//!    schema, paired runs, shards;
//! 6. [`verify`] (engines against each other and independent oracles), [`gate`] (a paired
//!    comparison as a CI verdict) and [`textbook`] (the textbook report);
//! 7. [`analysis`] (polars: records to per-ply comparisons);
//! 8. [`render`] (figures and the report);
//! 9. [`cli`]: one file per subcommand, and [`cli::main_with`], the binary's `main` with the
//!    games a binary adds ([`cli::GameEntry`]).
//!
//! `analysis` and `render` (polars, plotters) exist only with the default cargo feature
//! `analysis`; `cargo build --no-default-features` builds everything else (a lean gate or
//! cluster binary).

#[cfg(feature = "analysis")]
pub mod analysis;
pub mod cli;
pub mod engine;
pub mod game;
pub mod gate;
#[cfg(feature = "analysis")]
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
