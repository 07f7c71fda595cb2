//! `treebench positions`: print an experiment's positions, so other solvers get the same set.

use anyhow::Result;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use treebench::runner::paired::plan;
use treebench::util::exit;

#[derive(Debug, Args)]
pub struct PositionsArgs {
    /// Experiment file (TOML); the built-in default without it.
    pub experiment: Option<PathBuf>,
    /// Also print ply and index before each move string (and the game first, for a file with a
    /// list of games).
    #[arg(long)]
    pub long: bool,
}

pub fn run(args: PositionsArgs) -> Result<i32> {
    let exps = super::run::load_all(&args.experiment)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for exp in &exps {
        for (_, d) in plan(exp) {
            if args.long && exps.len() > 1 {
                writeln!(out, "{} {} {} {}", exp.game, d.ply, d.index, d.moves)?;
            } else if args.long {
                writeln!(out, "{} {} {}", d.ply, d.index, d.moves)?;
            } else {
                writeln!(out, "{}", d.moves)?;
            }
        }
    }
    out.flush()?;
    Ok(exit::OK)
}
