//! The one list of engines: builds an engine from its spec string.
//!
//! Grammar: `NAME[:key=value,key=value...]`. Connect-4 drivers: `negamax`, `mtdf`,
//! `null-window` (options in [`super::connect4::SolverConfig`]).

use super::connect4::{Connect4Engine, SolverConfig, SpecError};
use super::Engine;

/// Engine names the registry knows, for error messages and `--help`.
pub const NAMES: &str = "negamax, mtdf, null-window";

/// Build the engine a spec names.
pub fn build(spec: &str) -> Result<Box<dyn Engine>, SpecError> {
    if let Some(cfg) = SolverConfig::parse(spec)? {
        return Ok(Box::new(Connect4Engine::<7, 6>::new(cfg)));
    }
    let (name, _) = super::connect4::split_spec(spec);
    Err(SpecError(format!(
        "unknown engine `{name}` (known: {NAMES})"
    )))
}
