//! `treebench serve`: an engine as a process speaking the line protocol (docs:
//! docs/engines.md, "Engines in other processes"), so that another harness, or `ext:` in another build of
//! treebench, can drive it.

use crate::engine::{registry, Engine, EngineError, MoveLimit};
use crate::runner::measure::{measure, measure_choice, measure_warm, Clock, Failed};
use crate::util::exit;
use anyhow::Result;
use clap::Args;
use std::io::{BufRead, Write};

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Engine spec, e.g. `mtdf`, `negamax:tt=20`.
    #[arg(long, short, default_value = "mtdf")]
    pub engine: String,
    /// Board size `WIDTHxHEIGHT` (width and height from 4, width x (height+1) at most 64);
    /// columns past 9 are written a, b, c.
    #[arg(long, default_value = "7x6")]
    pub board: crate::game::connect4::BoardSize,
    /// Clock of the reported `micros`: `wall` (elapsed) or `cpu` (the solving thread's CPU time,
    /// which leaves out time spent waiting for a core on a loaded machine).
    #[arg(long, default_value = "wall")]
    pub clock: Clock,
    /// Answer each position with the move the engine chooses within its spec's budget:
    /// `value nodes micros best=MOVE` (value and nodes 0 where the engine reports none), so that
    /// `ext:` in another build can play matches with this engine (`gate --sprt --*-rev`).
    #[arg(long)]
    pub choose: bool,
}

pub fn run(args: ServeArgs) -> Result<i32> {
    let mut engine = registry::build_on(&args.engine, args.board)?;
    super::not_chess("serve", engine.as_ref())?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut reset = true;
    for line in stdin.lock().split(b'\n') {
        let line = line?;
        let answer = match std::str::from_utf8(&line) {
            Err(e) => format!("error not UTF-8 text ({e})"),
            Ok(text) => match text.trim() {
                "reset" => {
                    reset = true;
                    "ok".to_string()
                }
                "noreset" => {
                    reset = false;
                    "ok".to_string()
                }
                moves if args.choose => choose(engine.as_mut(), moves, reset, args.clock),
                moves => {
                    let result = if reset {
                        measure(engine.as_mut(), moves, args.clock)
                    } else {
                        measure_warm(engine.as_mut(), moves, args.clock)
                    };
                    match result {
                        Ok(m) => format!("{} {} {}", m.score, m.nodes, m.nanos / 1000),
                        Err(f) => error_line(f),
                    }
                }
            },
        };
        // A closed stdout (the harness went away) ends the process quietly.
        if writeln!(out, "{answer}")
            .and_then(|()| out.flush())
            .is_err()
        {
            return Ok(exit::OK);
        }
    }
    Ok(exit::OK)
}

/// The answer to a position in `--choose` mode: the engine's move within its spec's budget.
fn choose(engine: &mut dyn Engine, moves: &str, reset: bool, clock: Clock) -> String {
    if reset {
        engine.reset();
    }
    match measure_choice(engine, moves, &MoveLimit::Spec, clock) {
        Ok(c) => format!(
            "{} {} {} best={}",
            c.decision.value.unwrap_or(0),
            c.decision.nodes.unwrap_or(0),
            c.nanos / 1000,
            c.decision.best.as_str()
        ),
        Err(f) => error_line(f),
    }
}

/// The protocol's `error MESSAGE` line for a failed solve or choice.
fn error_line(f: Failed) -> String {
    match f.error {
        EngineError::BadPosition(m) => format!("error {m}"),
        e => format!("error {e}"),
    }
}
