//! The `uci[OPTIONS]:COMMAND LINE` spec, e.g. `uci:/usr/games/stockfish` or
//! `uci[depth=12,hash=64,option."Skill Level"=20]:/usr/games/stockfish`.
//!
//! Options (comma-separated, in brackets; quotes protect commas, `]` and spaces):
//! - the search limit, one of `depth=N` (the default, `depth=10`), `nodes=N`, `movetime=MS`;
//! - `hash=MB` and `threads=N` (the UCI options `Hash` and `Threads`);
//! - `option.NAME=VALUE`: any UCI option by name (`option."Move Overhead"=10` for a name with
//!   spaces);
//! - `timeout=SECS` (or `off`): the longest wait for one line of the engine, as for `ext:`
//!   (environment variable [`TIMEOUT_ENV`](crate::engine::external::TIMEOUT_ENV) otherwise; the handshake waits at most
//!   [`HANDSHAKE_WAIT`] when there is no timeout at all).
//!
//! Every option must be one the engine offers (`option name ...` lines before `uciok`), else the
//! first solve fails naming it. Unless given, `Threads` is set to 1 and `OwnBook` to `false`
//! where the engine offers them: one thread gives reproducible node counts, and a book move is
//! no search.

use crate::engine::external::spec::{
    env_timeout, find_outside_quotes, options_and_command, parse_timeout,
};
use crate::engine::external::split_words;
use crate::engine::spec::SpecError;
use std::time::Duration;

/// The longest wait for `uciok` and `readyok` when neither the spec nor the environment sets a
/// timeout: an engine that never completes the handshake is a failure, not a hang.
pub const HANDSHAKE_WAIT: Duration = Duration::from_secs(30);

/// The default search limit.
pub const DEFAULT_DEPTH: u32 = 10;

/// How far one search goes: the `go` command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    Depth(u32),
    Nodes(u64),
    MoveTime(u64),
}

impl Limit {
    /// The `go` command line (without the newline).
    #[must_use]
    pub fn go(&self) -> String {
        match self {
            Limit::Depth(d) => format!("go depth {d}"),
            Limit::Nodes(n) => format!("go nodes {n}"),
            Limit::MoveTime(ms) => format!("go movetime {ms}"),
        }
    }

    /// Whether the same position searched twice must give the same nodes (not with `movetime`).
    #[must_use]
    pub fn reproducible(&self) -> bool {
        !matches!(self, Limit::MoveTime(_))
    }
}

/// A parsed `uci` spec.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UciConfig {
    /// The spec as written (the engine's name in records).
    pub spec: String,
    /// Program and arguments.
    pub argv: Vec<String>,
    pub limit: Limit,
    /// UCI options to set, `(name, value)`, in the order written (`hash`, `threads` as `Hash`,
    /// `Threads`).
    pub options: Vec<(String, String)>,
    /// Longest wait for one line; `None` = no limit (the handshake then uses [`HANDSHAKE_WAIT`]).
    pub timeout: Option<Duration>,
}

impl UciConfig {
    /// Parse `uci[opts]:command`; `Ok(None)` when the spec is not a `uci` spec.
    pub fn parse(spec: &str) -> Result<Option<Self>, SpecError> {
        let spec = spec.trim();
        let Some(rest) = spec.strip_prefix("uci") else {
            return Ok(None);
        };
        let bad = |m: String| SpecError(format!("engine `{spec}`: {m}"));
        let Some((opts, command)) = options_and_command(rest).map_err(bad)? else {
            return Ok(None);
        };
        let mut timeout = env_timeout().map_err(bad)?;
        let mut limit = None;
        let mut options: Vec<(String, String)> = Vec::new();
        for item in split_outside_quotes(opts, ',') {
            let item = item.trim();
            if item.is_empty() {
                continue;
            }
            let eq = find_outside_quotes(item, '=')
                .ok_or_else(|| bad(format!("option `{item}` is not KEY=VALUE")))?;
            let (key, value) = (item[..eq].trim(), unquote(item[eq + 1..].trim()));
            if value.is_empty() {
                return Err(bad(format!("option `{key}` has no value")));
            }
            let mut set_limit = |l: Limit| match limit.replace(l) {
                None => Ok(()),
                Some(_) => Err(bad(
                    "more than one search limit (depth, nodes, movetime)".into()
                )),
            };
            match key {
                "depth" => set_limit(Limit::Depth(positive(key, &value).map_err(bad)? as u32))?,
                "nodes" => set_limit(Limit::Nodes(positive(key, &value).map_err(bad)?))?,
                "movetime" => set_limit(Limit::MoveTime(positive(key, &value).map_err(bad)?))?,
                "hash" => options.push((
                    "Hash".into(),
                    positive(key, &value).map_err(bad)?.to_string(),
                )),
                "threads" => options.push((
                    "Threads".into(),
                    positive(key, &value).map_err(bad)?.to_string(),
                )),
                "timeout" => timeout = parse_timeout(&value).map_err(bad)?,
                _ => match key.strip_prefix("option.") {
                    Some(name) if !unquote(name).is_empty() => {
                        options.push((unquote(name), value));
                    }
                    _ => {
                        return Err(bad(format!(
                            "unknown option `{key}` (options: depth=N, nodes=N, movetime=MS, \
                             hash=MB, threads=N, option.NAME=VALUE, timeout=SECS|off)"
                        )))
                    }
                },
            }
        }
        for (i, (name, _)) in options.iter().enumerate() {
            if options[..i]
                .iter()
                .any(|(n, _)| n.eq_ignore_ascii_case(name))
            {
                return Err(bad(format!("UCI option `{name}` given twice")));
            }
        }
        let argv = split_words(command).map_err(bad)?;
        if argv.is_empty() {
            return Err(bad("empty command line".into()));
        }
        Ok(Some(Self {
            spec: spec.to_string(),
            argv,
            limit: limit.unwrap_or(Limit::Depth(DEFAULT_DEPTH)),
            options,
            timeout,
        }))
    }
}

fn positive(key: &str, v: &str) -> Result<u64, String> {
    match v.parse::<u64>() {
        Ok(n) if n > 0 && (key != "depth" || n <= 255) => Ok(n),
        _ => Err(format!(
            "`{key}={v}`: expected a positive whole number{}",
            if key == "depth" { " up to 255" } else { "" }
        )),
    }
}

fn split_outside_quotes(s: &str, c: char) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(i) = find_outside_quotes(rest, c) {
        out.push(&rest[..i]);
        rest = &rest[i + c.len_utf8()..];
    }
    out.push(rest);
    out
}

/// A value without its surrounding quotes (`"Skill Level"` → `Skill Level`).
fn unquote(s: &str) -> String {
    let s = s.trim();
    for q in ['"', '\''] {
        if s.len() >= 2 && s.starts_with(q) && s.ends_with(q) {
            return s[1..s.len() - 1].to_string();
        }
    }
    s.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        let c = UciConfig::parse("uci:/usr/games/stockfish")
            .unwrap()
            .unwrap();
        assert_eq!(c.argv, ["/usr/games/stockfish"]);
        assert_eq!(c.limit, Limit::Depth(10));
        assert_eq!(c.limit.go(), "go depth 10");
        let c = UciConfig::parse(
            "uci[nodes=5000, hash=16,threads=1,option.\"Skill Level\"=3,option.'A, b]'=x y,timeout=2]:./e --x",
        )
        .unwrap()
        .unwrap();
        assert_eq!(c.limit, Limit::Nodes(5000));
        assert_eq!(
            c.options,
            [
                ("Hash".to_string(), "16".to_string()),
                ("Threads".into(), "1".into()),
                ("Skill Level".into(), "3".into()),
                ("A, b]".into(), "x y".into())
            ]
        );
        assert_eq!(c.timeout, Some(Duration::from_secs(2)));
        assert_eq!(c.argv, ["./e", "--x"]);
        assert_eq!(UciConfig::parse("mtdf").unwrap(), None);
        assert_eq!(UciConfig::parse("ucinator").unwrap(), None);
        for (bad, why) in [
            ("uci:", "empty command line"),
            ("uci[depth=0]:x", "positive whole number"),
            ("uci[depth=3,nodes=9]:x", "more than one search limit"),
            ("uci[wobble=1]:x", "unknown option `wobble`"),
            ("uci[depth]:x", "not KEY=VALUE"),
            ("uci[depth=3:x", "missing `]`"),
            ("uci[hash=1,option.hash=2]:x", "given twice"),
            ("uci[option.=2]:x", "unknown option"),
            ("uci[timeout=-1]:x", "timeout"),
        ] {
            let e = UciConfig::parse(bad).unwrap_err().0;
            assert!(e.contains(why) && !e.contains('\n'), "{bad}: {e}");
        }
    }
}
