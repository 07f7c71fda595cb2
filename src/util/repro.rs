//! The command lines that reproduce a solve, quoted for a POSIX shell, and the program that
//! runs them: `treebench`, or for a binary that adds games (an example such as
//! `examples/nim.rs`) the command that starts that binary, since the plain `treebench` does not
//! know its games.

use std::sync::OnceLock;

static PROGRAM: OnceLock<String> = OnceLock::new();

/// The command that starts this program, as printed commands name it: `treebench` unless
/// [`set_program`] said otherwise.
#[must_use]
pub fn program() -> &'static str {
    PROGRAM.get().map_or("treebench", String::as_str)
}

/// Name the program printed commands start with (the first call wins).
pub fn set_program(command: String) {
    let _ = PROGRAM.set(command);
}

/// The command that starts a binary which adds games, from its path (`argv[0]` or the
/// executable): `cargo run --release --example NAME --` for a cargo example (a binary in an
/// `examples` folder, cargo's `-HASH` suffix dropped), else the path as given.
#[must_use]
pub fn program_for(path: &std::path::Path) -> String {
    let in_examples = path
        .parent()
        .and_then(|d| d.file_name())
        .is_some_and(|d| d == "examples");
    let stem = path
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned());
    let name = match stem.rsplit_once('-') {
        Some((n, hash)) if hash.len() == 16 && hash.chars().all(|c| c.is_ascii_hexdigit()) => n,
        _ => &stem,
    };
    if in_examples && !name.is_empty() {
        format!("cargo run --release --example {name} --")
    } else {
        shell_words::quote(&path.to_string_lossy()).into_owned()
    }
}

/// `PROGRAM solve --engine SPEC MOVES` ([`program`]), each word quoted by `shell_words` only
/// where the shell needs it (`ext:` specs with spaces, `=`, quotes; the empty position as `''`).
#[must_use]
pub fn solve_command(spec: &str, moves: &str) -> String {
    let args = shell_words::join(["solve", "--engine", spec, moves]);
    format!("{} {args}", program())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_example_is_started_by_cargo() {
        let p = std::path::Path::new;
        let want = "cargo run --release --example nim --";
        assert_eq!(program_for(p("target/release/examples/nim")), want);
        assert_eq!(
            program_for(p("/t/release/examples/nim-0123456789abcdef")),
            want
        );
        assert_eq!(
            program_for(p("/usr/local/bin/mygames")),
            "/usr/local/bin/mygames"
        );
        assert_eq!(program_for(p("my games")), "'my games'");
    }

    #[test]
    fn quotes_only_what_the_shell_needs() {
        assert_eq!(
            solve_command("mtdf", "4455"),
            "treebench solve --engine mtdf 4455"
        );
        assert_eq!(
            solve_command("mtdf:mutant=drop-move", ""),
            "treebench solve --engine 'mtdf:mutant=drop-move' ''"
        );
        let spec = "ext:python3 'my engine.py' --depth 3";
        let cmd = solve_command(spec, "44");
        assert_eq!(
            cmd,
            r"treebench solve --engine 'ext:python3 '\''my engine.py'\'' --depth 3' 44"
        );
        assert_eq!(
            shell_words::split(&cmd).unwrap(),
            ["treebench", "solve", "--engine", spec, "44"]
        );
    }
}
