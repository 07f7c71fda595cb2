//! FFO/Edax `.obf` files: one position a line, `BOARD SIDE;` then each scored move as
//! `MOVE:SCORE;` (`G8:+18; H1:+12;`), the exact final disc difference for the side to move
//! after that move with perfect play (empties to the winner). The position's exact value is
//! its best move's score. Empty lines and lines starting with `#` or `%` are skipped.

use crate::game::open::KnownValue;
use std::path::Path;

/// One line of an `.obf` file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObfLine {
    /// The position's text (`BOARD SIDE`).
    pub position: String,
    /// Its scored moves as the file writes them (lower-case squares), best first as given.
    pub moves: Vec<(String, i32)>,
}

impl ObfLine {
    /// The exact value: the best score of a move, `None` for a line without scores.
    #[must_use]
    pub fn value(&self) -> Option<i32> {
        self.moves.iter().map(|m| m.1).max()
    }
}

/// Whether `line` is written in the `.obf` form (`BOARD SIDE;` ...), not a plain position.
#[must_use]
pub fn is_obf(line: &str) -> bool {
    line.contains(';')
}

/// Read one `.obf` line; the position's text is checked by the caller's game.
pub fn parse_line(line: &str) -> Result<ObfLine, String> {
    let mut fields = line.split(';').map(str::trim).filter(|f| !f.is_empty());
    let position = fields
        .next()
        .ok_or_else(|| format!("`{line}`: no position"))?
        .to_string();
    let mut moves = Vec::new();
    for f in fields {
        let (m, s) = f
            .split_once(':')
            .ok_or_else(|| format!("`{f}`: not MOVE:SCORE"))?;
        let score: i32 = s
            .trim()
            .trim_start_matches('+')
            .parse()
            .map_err(|_| format!("`{f}`: `{s}` is not a score"))?;
        moves.push((m.trim().to_ascii_lowercase(), score));
    }
    Ok(ObfLine { position, moves })
}

/// Read an `.obf` file; an error names the file and the line.
pub fn read(path: &Path) -> Result<Vec<(usize, ObfLine)>, String> {
    let shown = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with('%') {
            continue;
        }
        let parsed = parse_line(line).map_err(|e| format!("{shown} line {}: {e}", i + 1))?;
        out.push((i + 1, parsed));
    }
    if out.is_empty() {
        return Err(format!("{shown}: no position in it"));
    }
    Ok(out)
}

/// An `.obf` file as known values: each position with its best move's score, its ply the
/// discs placed since the start (passes not counted). A line without scores is an error.
pub fn read_known(path: &Path) -> Result<Vec<KnownValue>, String> {
    read(path)?
        .into_iter()
        .map(|(line, o)| {
            let value = o
                .value()
                .ok_or_else(|| format!("{} line {line}: no MOVE:SCORE to check", path.display()))?;
            let board = o.position.split(' ').next().unwrap_or("");
            let discs = board.chars().filter(|c| !matches!(c, '-' | '.')).count();
            Ok(KnownValue {
                ply: Some(discs.saturating_sub(4) as u32),
                position: o.position,
                value,
                line,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_line_of_scores() {
        let o = parse_line("--XX O; G8:+18; H1:-2;").unwrap();
        assert_eq!(o.position, "--XX O");
        assert_eq!(o.moves, [("g8".to_string(), 18), ("h1".to_string(), -2)]);
        assert_eq!(o.value(), Some(18));
        assert!(parse_line("--XX O; G8:x;").is_err());
        assert_eq!(parse_line("--XX O;").unwrap().value(), None);
    }
}
