//! Small helpers every layer may use; this module imports nothing else from the crate.
//!
//! [`fmt`]: number and unit formatting; [`exit`]: the process exit codes; [`names`]: names made
//! safe for file names; [`repro`]: the command lines that reproduce a solve; [`oracles`]: the one
//! reading of `TREEBENCH_REQUIRE_ORACLES` and `PYTHON`; [`affinity`]: pinning to one CPU;
//! [`limits`]: the ranges of seconds and table memory a user may give;
//! [`fxhash`]: a fast hash for integer keys; [`malloc`]: the allocator's settings for the
//! analysis; [`stdout`]: output whose reader may leave early; [`cpu`]: the CPU features the
//! build was compiled to use, checked at start; [`process`]: a child process speaking a line
//! protocol, in a process group of its own (engines and game servers).

pub mod affinity;
pub mod cpu;
pub mod exit;
pub mod fmt;
pub mod fxhash;
pub mod limits;
pub mod malloc;
pub mod names;
pub mod oracles;
pub mod process;
pub mod repro;
pub mod stdout;
