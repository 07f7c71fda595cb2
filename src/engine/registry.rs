//! The one list of engines: builds an engine from its spec string.
//!
//! Grammar: `NAME[:key=value,key=value...]`.
//! - Connect-4 drivers `negamax`, `mtdf`, `null-window` (options in
//!   [`super::connect4::SolverConfig`]);
//! - textbook engines `ttt-*` and `tree-*` ([`crate::textbook`]);
//! - `ext[OPTIONS]:COMMAND LINE`: a process speaking the line protocol
//!   ([`super::external`]).

use super::connect4::{split_spec, Connect4Engine, SolverConfig, SpecError};
use super::Engine;

/// Engine names the registry knows, for error messages and `--help`.
pub const NAMES: &str =
    "negamax, mtdf, null-window, ttt-minimax, ttt-alphabeta, ttt-tt, ttt-mtdf, \
                         tree-minimax, tree-alphabeta, tree-tt, tree-mtdf, ext:COMMAND";

/// Build the engine a spec names.
pub fn build(spec: &str) -> Result<Box<dyn Engine>, SpecError> {
    if let Some(cfg) = super::external::ExternalConfig::parse(spec)? {
        return Ok(Box::new(super::external::ExternalEngine::new(cfg)));
    }
    if let Some(cfg) = SolverConfig::parse(spec)? {
        return Ok(Box::new(Connect4Engine::<7, 6>::new(cfg)));
    }
    let (name, opts) = split_spec(spec);
    match crate::textbook::build_engine(name, &opts) {
        Ok(Some(e)) => return Ok(e),
        Ok(None) => {}
        Err(e) => return Err(SpecError(format!("engine `{spec}`: {e}"))),
    }
    Err(SpecError(format!(
        "unknown engine `{name}` (known: {NAMES})"
    )))
}

/// Build the engine a spec names on a board size: the default 7×6 goes through [`build`]
/// unchanged; other sizes take the Connect-4 solver only ([`super::sized::build`]), since
/// textbook and external engines have no board size.
pub fn build_on(
    spec: &str,
    board: crate::game::connect4::BoardSize,
) -> Result<Box<dyn Engine>, SpecError> {
    if board.is_standard() {
        return build(spec);
    }
    match SolverConfig::parse(spec)? {
        Some(cfg) => super::sized::build(cfg, board)
            .map_err(|e| SpecError(format!("engine `{spec}`: {}", e.0))),
        None => Err(SpecError(format!(
            "engine `{spec}`: board {board} needs a Connect-4 solver (negamax, mtdf, pvs, …); \
             other engines play on 7x6 only"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_and_rejects() {
        assert_eq!(build("mtdf:tt=16").unwrap().spec(), "mtdf:tt=16");
        assert!(build("ttt-minimax")
            .unwrap()
            .spec()
            .starts_with("ttt-minimax"));
        let e = build("deep-blue").err().unwrap().0;
        assert!(e.contains("unknown engine `deep-blue`"), "{e}");
        assert!(build("ttt-mtdf:table=wobbly").is_err());
        assert_eq!(
            build("ext:./engine --x").unwrap().spec(),
            "ext:./engine --x"
        );
        assert!(build("ext[bogus]:x").is_err());
    }
}
