//! The command lines that reproduce a solve, quoted for a POSIX shell.

/// `treebench solve --engine SPEC MOVES`, each word quoted by `shell_words` only where the shell
/// needs it (`ext:` specs with spaces, `=`, quotes; the empty position as `''`).
#[must_use]
pub fn solve_command(spec: &str, moves: &str) -> String {
    shell_words::join(["treebench", "solve", "--engine", spec, moves])
}

#[cfg(test)]
mod tests {
    use super::*;

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
