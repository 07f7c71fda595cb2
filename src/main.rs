//! The `treebench` binary: parse, dispatch, turn errors into exit codes.

mod cli;

use clap::Parser;

fn main() {
    let cli = cli::Cli::parse();
    match cli::run(cli) {
        Ok(code) => std::process::exit(code),
        Err(e) if is_broken_pipe(&e) => std::process::exit(treebench::util::exit::OK),
        Err(e) => {
            eprintln!("error: {}", one_line(&e));
            std::process::exit(treebench::util::exit::BAD_INPUT);
        }
    }
}

/// The reader of our output went away (`treebench solve … | head -1`): not an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// The error and its causes on one line, each cause once: a cause whose text the message
/// already holds (`path: File exists (os error 17)` over `File exists (os error 17)`) is not
/// repeated.
fn one_line(e: &anyhow::Error) -> String {
    let mut out = String::new();
    for cause in e.chain() {
        let text = cause.to_string();
        if out.contains(&text) {
            continue;
        }
        if !out.is_empty() {
            out.push_str(": ");
        }
        out.push_str(&text);
    }
    out.replace('\n', " ")
}
