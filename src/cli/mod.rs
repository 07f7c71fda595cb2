//! The command line: argument parsing and one file per subcommand. Files here only translate
//! arguments into library calls and results into exit codes.

use clap::{Parser, Subcommand};

pub mod merge;
pub mod positions;
pub mod report;
pub mod run;
pub mod solve;
pub mod textbook;

/// Exit status for a slower candidate (gate).
#[allow(dead_code)]
pub const EXIT_SLOWER: i32 = 1;
/// Exit status for bad input, a usage error or an infrastructure failure.
pub const EXIT_BAD_INPUT: i32 = 2;
/// Exit status when engines disagree on a score.
pub const EXIT_DISAGREE: i32 = 3;

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
    /// Run an experiment: paired, alternated solves of seeded positions into results/.
    Run(run::RunArgs),
    /// Print an experiment's positions (move strings), one per line.
    Positions(positions::PositionsArgs),
    /// Join shard results files into one.
    Merge(merge::MergeArgs),
    /// Reproduce the textbook node counts (tic-tac-toe, random trees, MTD(f), UCT).
    Textbook(textbook::TextbookArgs),
}

/// Run the parsed command; returns the process exit code.
pub fn run(cli: Cli) -> anyhow::Result<i32> {
    match cli.command {
        Command::Solve(a) => solve::run(a),
        Command::Run(a) => run::run(a),
        Command::Positions(a) => positions::run(a),
        Command::Merge(a) => merge::run(a),
        Command::Textbook(a) => textbook::run(a),
    }
}
