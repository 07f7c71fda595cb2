//! The command line: argument parsing and one file per subcommand. Files here only translate
//! arguments into library calls and results into exit codes.

use clap::{Parser, Subcommand};

pub mod solve;
pub mod verify;

/// Exit status for bad input or a usage error.
pub const EXIT_BAD_INPUT: i32 = 2;

/// treebench: benchmark and verify game-tree search engines.
#[derive(Debug, Parser)]
#[command(name = "treebench", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve positions (move strings) and print `moves score nodes micros` per line.
    Solve(solve::SolveArgs),
    /// Verify engines: driver agreement, mirror symmetry, units, books, BitBully, brute force,
    /// mutants. Prints a table; exits 1 on any failure.
    Verify(verify::VerifyArgs),
}

/// Run the parsed command; returns the process exit code.
pub fn run(cli: Cli) -> anyhow::Result<i32> {
    match cli.command {
        Command::Solve(a) => solve::run(a),
        Command::Verify(a) => verify::run(a),
    }
}
