//! The line protocol of `ext:` engines.
//!
//! One position (move string, digits `1..=7`; an empty line is the start position; another
//! game's text with the spec option `game=NAME`) per line on stdin; one answer line per
//! position on stdout, flushed. Answers:
//!
//! - `score nodes micros`: treebench's own format (`treebench serve`, BitBully adapter);
//! - `moves score nodes micros` and `moves score`: Pons' solver (the first field echoes the move
//!   string sent; a start position's empty echo leaves `score nodes micros` or `score`);
//! - `score`: score only; nodes are recorded as 0 (not reported: the gate shows "n/a") and the
//!   time as the harness measured it (the round trip);
//! - `error MESSAGE`: the position is bad ([`crate::engine::EngineError::BadPosition`]), the
//!   process goes on.
//!
//! The field count decides: 4 or 2 fields need the first to equal the moves sent, 3 fields are
//! `score nodes micros`, 1 field is a score. `micros` may have a fractional part. Anything else
//! is a garbage answer.
//!
//! Best move (optional; match play needs it, `treebench match`): any of these answers may end
//! with one more field `best=MOVE`, the move the engine would play at the position (a column
//! digit for Connect-4: `0 1234 56 best=4`). It is not counted among the fields above; an engine
//! that never sends it still solves, but cannot play a match.

/// The request line for the position `moves`, or why it cannot be sent.
pub fn request(moves: &str) -> Result<String, String> {
    if moves.contains(['\n', '\r']) {
        return Err("a move string cannot contain a line break".into());
    }
    Ok(format!("{moves}\n"))
}

/// One answer line, parsed.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// A score, with nodes and the engine's own time in nanoseconds when given.
    Solved {
        score: i32,
        nodes: Option<u64>,
        nanos: Option<u64>,
    },
    /// `error MESSAGE`.
    Error(String),
}

/// The answer line without its optional last field `best=MOVE`, and that move.
#[must_use]
pub fn best_field(line: &str) -> (&str, Option<&str>) {
    let line = line.trim();
    match line.rsplit_once(char::is_whitespace) {
        Some((rest, last)) if last.starts_with("best=") => (rest.trim_end(), Some(&last[5..])),
        None if line.starts_with("best=") => ("", Some(&line[5..])),
        _ => (line, None),
    }
}

/// Parse one answer line to the position `moves` (see the module documentation); a
/// `best=MOVE` field is ignored here ([`best_field`]).
pub fn parse_answer(line: &str, moves: &str) -> Result<Answer, String> {
    let (line, _) = best_field(line);
    if let Some(msg) = line.strip_prefix("error") {
        if msg.is_empty() || msg.starts_with(char::is_whitespace) {
            return Ok(Answer::Error(msg.trim().to_string()));
        }
    }
    let mut fields: Vec<&str> = line.split_whitespace().collect();
    if matches!(fields.len(), 2 | 4) {
        if fields[0] != moves {
            return Err(format!(
                "{} fields, but the first, `{}`, is not the position sent",
                fields.len(),
                fields[0]
            ));
        }
        fields.remove(0);
    }
    let score = |s: &str| {
        s.parse::<i32>()
            .map_err(|_| format!("score `{s}` is not an integer"))
    };
    match fields[..] {
        [s] => Ok(Answer::Solved {
            score: score(s)?,
            nodes: None,
            nanos: None,
        }),
        [s, n, us] => {
            let nodes = n
                .parse::<u64>()
                .map_err(|_| format!("nodes `{n}` is not a count"))?;
            let micros = us
                .parse::<f64>()
                .ok()
                .filter(|m| m.is_finite() && *m >= 0.0)
                .ok_or_else(|| format!("micros `{us}` is not a time"))?;
            Ok(Answer::Solved {
                score: score(s)?,
                nodes: Some(nodes),
                nanos: Some((micros * 1000.0).round() as u64),
            })
        }
        [] => Err("empty line".into()),
        _ => Err(format!(
            "{} fields (expected `score nodes micros`, `moves score nodes micros`, `moves score` or `score`)",
            line.split_whitespace().count()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests() {
        assert_eq!(request("4455").unwrap(), "4455\n");
        assert_eq!(request("").unwrap(), "\n");
        assert!(request("44\n55").is_err());
        assert!(request("44\r").is_err());
    }

    #[test]
    fn answers() {
        let ok = |score, nodes, nanos| Answer::Solved {
            score,
            nodes,
            nanos,
        };
        assert_eq!(
            parse_answer("3 100 25\n", "44"),
            Ok(ok(3, Some(100), Some(25_000)))
        );
        assert_eq!(
            parse_answer("44 -2 100 7", "44"),
            Ok(ok(-2, Some(100), Some(7_000)))
        );
        assert_eq!(parse_answer("44 -2", "44"), Ok(ok(-2, None, None)));
        assert_eq!(parse_answer("5", ""), Ok(ok(5, None, None)));
        assert_eq!(
            parse_answer(" 1 9 2.5", ""),
            Ok(ok(1, Some(9), Some(2_500)))
        );
        assert_eq!(
            parse_answer("error column 4 is full", "4444444"),
            Ok(Answer::Error("column 4 is full".into()))
        );
        for bad in [
            "",
            "45 -2",
            "44 x 1 2",
            "1 2",
            "a b c",
            "1 2 3 4 5",
            "1 -2 3",
        ] {
            assert!(parse_answer(bad, "44").is_err(), "{bad:?}");
        }
    }

    #[test]
    fn best_moves() {
        assert_eq!(best_field("3 100 25 best=4"), ("3 100 25", Some("4")));
        assert_eq!(best_field("44 -2 best=1\n"), ("44 -2", Some("1")));
        assert_eq!(best_field("3 100 25"), ("3 100 25", None));
        assert_eq!(best_field("best=7"), ("", Some("7")));
        let ok = Answer::Solved {
            score: -2,
            nodes: Some(100),
            nanos: Some(7_000),
        };
        assert_eq!(parse_answer("44 -2 100 7 best=5", "44"), Ok(ok));
        assert!(
            parse_answer("1 2 best=3", "44").is_err(),
            "two fields: not the echo"
        );
    }
}
