//! Connect-4 position files in Pascal Pons' test-set format: one position a line, its move
//! string and its exact score (`4453 -2`), the field's standard benchmark (Pons' six sets of
//! 1,000 positions, `benches/data/pons/`). The score is the set's oracle: `run` checks every
//! engine's score against it.

use super::board::{with_board, BoardSize};
use super::Position;
use std::path::Path;

/// One line of a positions file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownPosition {
    /// The move string.
    pub moves: String,
    /// The exact score the file gives, from the side to move (Pons' convention).
    pub score: i32,
}

/// Read a positions file for `board`: every non-empty line that does not start with `#` is
/// `MOVES SCORE`; a line that is not (a bad move string, a finished game, a score outside the
/// board's range) is an error naming the file and line.
pub fn read_positions(path: &Path, board: BoardSize) -> Result<Vec<KnownPosition>, String> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    parse_positions(&name, &text, board)
}

/// [`read_positions`] of a text; `name` names it in errors.
pub fn parse_positions(
    name: &str,
    text: &str,
    board: BoardSize,
) -> Result<Vec<KnownPosition>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let p = parse_line(line, board).map_err(|e| format!("{name}:{}: {e}", i + 1))?;
        out.push(p);
    }
    if out.is_empty() {
        return Err(format!(
            "{name}: no positions (expected `MOVES SCORE` lines)"
        ));
    }
    Ok(out)
}

fn parse_line(line: &str, board: BoardSize) -> Result<KnownPosition, String> {
    let f: Vec<&str> = line.split_whitespace().collect();
    let [moves, score] = f[..] else {
        return Err(format!(
            "`{line}`: expected `MOVES SCORE` (Pons' test-set format)"
        ));
    };
    let score: i32 = score
        .parse()
        .map_err(|_| format!("`{line}`: the score `{score}` is not a whole number"))?;
    let limit = (board.cells() as i32 + 1) / 2;
    if score.abs() > limit {
        return Err(format!(
            "`{line}`: score {score} is outside -{limit}..={limit}, the scores of board {board}"
        ));
    }
    with_board!(board, |W, H| {
        Position::<W, H>::from_moves(moves).map(|_| ())
    })
    .map_err(|e| format!("`{line}`: {e}"))?;
    Ok(KnownPosition {
        moves: moves.to_string(),
        score,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pons_lines_and_their_errors() {
        let b = BoardSize::STANDARD;
        let ps = parse_positions("f", "# a set\n4453 -2\n\n4455 18\n", b).unwrap();
        assert_eq!(ps.len(), 2);
        assert_eq!((ps[0].moves.as_str(), ps[0].score), ("4453", -2));
        for (text, needle) in [
            ("4453", "expected `MOVES SCORE`"),
            ("4453 -2 7", "expected `MOVES SCORE`"),
            ("4453 x", "not a whole number"),
            ("4453 40", "outside -21..=21"),
            ("4458 1", "f:1: `4458 1`"),
            ("", "no positions"),
        ] {
            let e = parse_positions("f", text, b).unwrap_err();
            assert!(e.contains(needle), "{text}: {e}");
        }
    }
}
