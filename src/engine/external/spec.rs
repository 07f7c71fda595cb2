//! The `ext[OPTIONS]:COMMAND LINE` spec, e.g. `ext:python3 tools/bitbully_engine.py --driver mtdf`
//! or `ext[timeout=30,fresh]:./c4solver`.
//!
//! The command line is split into words like a POSIX shell does (the `shell-words` crate: single
//! and double quotes, backslash escapes, `#` comments) and run directly, without a shell, in the
//! current directory. Options (comma-separated, in brackets):
//!
//! - `timeout=SECS` (or `off`): the longest wait for one answer; a process that does not answer
//!   in time is killed and the solve fails. Without it, the environment variable
//!   [`TIMEOUT_ENV`] (seconds) applies, and without that there is no limit. A time limit set by
//!   the runner ([`crate::engine::Engine::set_time_limit`]) also ends the wait (plus one second
//!   of grace) and turns into [`crate::engine::EngineError::Timeout`].
//! - `fresh`: one process per position (for engines that keep their table from one line to the
//!   next, like Pascal Pons' solver): the position is written, stdin is closed and the process
//!   must answer and exit. Process start-up is excluded from the recorded time as long as the
//!   engine reports its own time (`micros`).
//! - `clock=wall` (default) or `clock=cpu`: the clock of the times the engine reports (`micros`):
//!   a program's own timer is elapsed time unless it says otherwise; `treebench serve --clock
//!   cpu` reports the thread's CPU time. The gate times the other side on the same clock.
//! - `game=NAME` (default `connect4`): the game the engine plays, as `--game` names it
//!   (`tictactoe`, `othello`, `connect4:6x5`, ...); the positions sent are that game's text.

use crate::engine::spec::SpecError;
use crate::engine::Clock;
use crate::game::GameKind;
use std::time::Duration;

/// Environment variable: default answer timeout in seconds for `ext:` engines.
pub const TIMEOUT_ENV: &str = "TREEBENCH_EXT_TIMEOUT";

/// A parsed `ext` spec.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExternalConfig {
    /// The spec as written (the engine's name in records).
    pub spec: String,
    /// Program and arguments.
    pub argv: Vec<String>,
    /// Longest wait for one answer; `None` = no limit.
    pub timeout: Option<Duration>,
    /// One process per position.
    pub fresh: bool,
    /// The clock of the times the engine reports.
    pub clock: Clock,
    /// The game the engine plays (`game=NAME`, default Connect-4).
    pub game: GameKind,
}

impl ExternalConfig {
    /// Parse `ext[opts]:command`; `Ok(None)` when the spec is not an `ext` spec.
    pub fn parse(spec: &str) -> Result<Option<Self>, SpecError> {
        let Some(rest) = spec.strip_prefix("ext") else {
            return Ok(None);
        };
        let bad = |m: String| SpecError(format!("engine `{spec}`: {m}"));
        let Some((opts, command)) = options_and_command(rest).map_err(bad)? else {
            return Ok(None);
        };
        let mut timeout = env_timeout().map_err(bad)?;
        let mut fresh = false;
        let mut clock = Clock::Wall;
        let mut game = GameKind::CONNECT4;
        for opt in opts.split(',').map(str::trim).filter(|o| !o.is_empty()) {
            match opt.split_once('=') {
                Some(("timeout", v)) => timeout = parse_timeout(v.trim()).map_err(bad)?,
                Some(("clock", v)) => clock = v.trim().parse().map_err(bad)?,
                Some(("game", v)) => game = GameKind::parse(v.trim()).map_err(bad)?,
                None if opt == "fresh" => fresh = true,
                _ => {
                    return Err(bad(format!(
                        "unknown option `{opt}` (options: timeout=SECS|off, fresh, clock=wall|cpu, game=NAME)"
                    )))
                }
            }
        }
        let argv = split_words(command).map_err(bad)?;
        if argv.is_empty() {
            return Err(bad("empty command line".into()));
        }
        Ok(Some(Self {
            spec: spec.to_string(),
            argv,
            timeout,
            fresh,
            clock,
            game,
        }))
    }
}

/// `SECS` or `off` (no limit): the `timeout=` option of `ext:` and `uci:` specs.
pub(crate) fn parse_timeout(v: &str) -> Result<Option<Duration>, String> {
    if v == "off" {
        return Ok(None);
    }
    crate::util::limits::seconds_text("timeout", v)
        .map(Some)
        .map_err(|e| format!("{e}, or `off`"))
}

/// The answer timeout before a spec's own `timeout=`: [`TIMEOUT_ENV`] if set, else none.
pub(crate) fn env_timeout() -> Result<Option<Duration>, String> {
    match std::env::var(TIMEOUT_ENV) {
        Ok(v) if !v.trim().is_empty() => {
            parse_timeout(v.trim()).map_err(|m| format!("environment variable {TIMEOUT_ENV}: {m}"))
        }
        _ => Ok(None),
    }
}

/// What follows a process spec's family name (`ext`, `uci`): `[OPTIONS]:COMMAND` or `:COMMAND`,
/// split into the options text and the command line; `Ok(None)` when it is neither (another
/// engine's name that starts the same way). A `]` inside quotes does not close the options.
pub(crate) fn options_and_command(rest: &str) -> Result<Option<(&str, &str)>, String> {
    if let Some(r) = rest.strip_prefix('[') {
        let close = find_outside_quotes(r, ']').ok_or("missing `]` after the options")?;
        let command = r[close + 1..]
            .strip_prefix(':')
            .ok_or("expected `:` and a command line after `]`")?;
        Ok(Some((&r[..close], command)))
    } else {
        Ok(rest.strip_prefix(':').map(|command| ("", command)))
    }
}

/// Byte index of the first `c` outside single or double quotes.
pub(crate) fn find_outside_quotes(s: &str, c: char) -> Option<usize> {
    let mut quote = None;
    for (i, ch) in s.char_indices() {
        match quote {
            Some(q) if ch == q => quote = None,
            Some(_) => {}
            None if ch == '"' || ch == '\'' => quote = Some(ch),
            None if ch == c => return Some(i),
            None => {}
        }
    }
    None
}

/// Split a command line into words as a POSIX shell does (`shell_words::split`).
pub fn split_words(s: &str) -> Result<Vec<String>, String> {
    shell_words::split(s).map_err(|e| format!("cannot split the command line: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        let c = ExternalConfig::parse("ext:python3 'a b.py' --driver \"mtdf\"")
            .unwrap()
            .unwrap();
        assert_eq!(c.argv, ["python3", "a b.py", "--driver", "mtdf"]);
        assert!(!c.fresh);
        let c = ExternalConfig::parse("ext[timeout=2.5, fresh]:./c4 -w")
            .unwrap()
            .unwrap();
        assert_eq!(c.timeout, Some(Duration::from_millis(2500)));
        assert!(c.fresh);
        assert_eq!(c.argv, ["./c4", "-w"]);
        assert_eq!(c.clock, Clock::Wall);
        let c = ExternalConfig::parse("ext[clock=cpu]:x").unwrap().unwrap();
        assert_eq!(c.clock, Clock::Cpu);
        assert_eq!(c.game, GameKind::CONNECT4);
        let c = ExternalConfig::parse("ext[game=tictactoe]:x")
            .unwrap()
            .unwrap();
        assert_eq!(c.game, GameKind::TicTacToe);
        assert_eq!(ExternalConfig::parse("mtdf").unwrap(), None);
        assert_eq!(ExternalConfig::parse("extra").unwrap(), None);
        for bad in [
            "ext:",
            "ext[timeout=0]:x",
            "ext[wobble]:x",
            "ext[fresh:x",
            "ext[clock=sundial]:x",
            "ext[game=go]:x",
            "ext:'x",
            "ext:\"x",
        ] {
            assert!(ExternalConfig::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn words() {
        assert_eq!(
            split_words(r#"a\ b 'c d' "e \"f\" \\ \g" h"#).unwrap(),
            ["a b", "c d", "e \"f\" \\ \\g", "h"]
        );
        assert_eq!(split_words("  ").unwrap(), Vec::<String>::new());
        let e = split_words("'x").unwrap_err();
        assert!(e.contains("closing quote"), "{e}");
    }
}
