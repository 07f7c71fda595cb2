//! `treebench solve`: solve positions given as arguments or one per line on stdin.

use anyhow::Result;
use clap::Args;
use std::io::{BufRead, Write};
use std::time::Instant;
use treebench::engine::registry;

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Engine spec, e.g. `mtdf`, `negamax:tt=20`, `null-window:etc=off`.
    #[arg(long, short, default_value = "mtdf")]
    pub engine: String,
    /// Move strings (digits 1..7). Without any, read one position per line from stdin; extra
    /// whitespace-separated fields are ignored, so Pons' test-set files can be piped in.
    pub moves: Vec<String>,
}

pub fn run(args: SolveArgs) -> Result<i32> {
    let mut engine = registry::build(&args.engine)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut bad = false;
    let mut solve_line = |n: usize, moves: &str, out: &mut dyn Write| -> Result<()> {
        engine.reset();
        let t = Instant::now();
        match engine.solve(moves) {
            Ok(s) => {
                let micros = s.reported_nanos.unwrap_or(t.elapsed().as_nanos() as u64) / 1000;
                writeln!(out, "{moves} {} {} {micros}", s.score, s.nodes)?;
                out.flush()?;
            }
            Err(e) => {
                bad = true;
                eprintln!("line {n}: {e}");
            }
        }
        Ok(())
    };
    if args.moves.is_empty() {
        for (i, line) in std::io::stdin().lock().lines().enumerate() {
            let line = line?;
            let moves = line.split_whitespace().next().unwrap_or("");
            solve_line(i + 1, moves, &mut out)?;
        }
    } else {
        for (i, m) in args.moves.iter().enumerate() {
            solve_line(i + 1, m, &mut out)?;
        }
    }
    Ok(if bad { super::EXIT_BAD_INPUT } else { 0 })
}
