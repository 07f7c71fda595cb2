//! The `treebench` binary: parse, dispatch, turn errors into exit codes.

mod cli;

use clap::Parser;

fn main() {
    let cli = cli::Cli::parse();
    match cli::run(cli) {
        Ok(code) => std::process::exit(code),
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::exit(treebench::util::exit::BAD_INPUT);
        }
    }
}
