//! `treebench serve`: an engine as a process speaking the line protocol (docs: README,
//! "Engines in other processes"), so that another harness, or `ext:` in another build of
//! treebench, can drive it.

use anyhow::Result;
use clap::Args;
use std::io::{BufRead, Write};
use treebench::engine::{registry, EngineError};
use treebench::gate::clock::{Clock, Stopwatch};
use treebench::util::exit;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Engine spec, e.g. `mtdf`, `negamax:tt=20`.
    #[arg(long, short, default_value = "mtdf")]
    pub engine: String,
    /// Board size `WIDTHxHEIGHT` (width and height from 4, width x (height+1) at most 64);
    /// columns past 9 are written a, b, c.
    #[arg(long, default_value = "7x6")]
    pub board: treebench::game::connect4::BoardSize,
    /// Clock of the reported `micros`: `wall` (elapsed) or `cpu` (the solving thread's CPU time,
    /// which leaves out time spent waiting for a core on a loaded machine).
    #[arg(long, default_value = "wall")]
    pub clock: Clock,
}

pub fn run(args: ServeArgs) -> Result<i32> {
    let mut engine = registry::build_on(&args.engine, args.board)?;
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
                moves => {
                    if reset {
                        engine.reset();
                    }
                    let watch = Stopwatch::start(args.clock);
                    let result = engine.solve(moves);
                    let (elapsed, _) = watch.stop();
                    match result {
                        Ok(s) => {
                            let micros = s.reported_nanos.unwrap_or(elapsed) / 1000;
                            format!("{} {} {micros}", s.score, s.nodes)
                        }
                        Err(EngineError::BadPosition(m)) => format!("error {m}"),
                        Err(e) => format!("error {e}"),
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
