//! The command line: argument parsing and one file per subcommand. Files here only translate
//! arguments into library calls and results into exit codes.

use clap::{Parser, Subcommand};

pub mod bench;
pub mod gate;
pub mod merge;
pub mod positions;
pub mod report;
pub mod run;
pub mod serve;
pub mod solve;
pub mod textbook;

/// Exit status for a slower candidate (gate).
#[allow(dead_code)]
pub const EXIT_SLOWER: i32 = 1;
/// Exit status for a node-signature mismatch (gate `--expect-nodes`, bench `--check`).
pub const EXIT_SIGNATURE: i32 = 4;
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
    /// Serve an engine over the line protocol: a position per line on stdin, `score nodes
    /// micros` per line on stdout.
    Serve(serve::ServeArgs),
    /// CI regression gate: correctness, node signature and paired speed of a candidate against
    /// a baseline. Exit 0 pass, 1 slower, 2 usage/infrastructure, 3 wrong scores, 4 signature.
    Gate(gate::GateArgs),
    /// Node signature of an engine on the gate position set; check or write a signature file.
    Bench(bench::BenchArgs),
}

/// Run the parsed command; returns the process exit code.
pub fn run(cli: Cli) -> anyhow::Result<i32> {
    match cli.command {
        Command::Solve(a) => solve::run(a),
        Command::Run(a) => run::run(a),
        Command::Positions(a) => positions::run(a),
        Command::Merge(a) => merge::run(a),
        Command::Textbook(a) => textbook::run(a),
        Command::Serve(a) => serve::run(a),
        Command::Gate(a) => gate::run(a),
        Command::Bench(a) => bench::run(a),
    }
}
