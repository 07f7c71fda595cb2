//! The `treebench` binary: the built-in games only ([`treebench::cli::main_with`] parses,
//! dispatches and turns errors into exit codes).

fn main() {
    treebench::cli::main_with(&[]);
}
