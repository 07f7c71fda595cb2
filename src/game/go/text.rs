//! Go's text: points in GTP coordinates (a column letter `A`..`T` without `I`, the row from 1 at
//! the bottom), `pass`, and a position as the moves from the empty board: `go:5 C3 D4 pass`.

use super::board::PASS;

/// The column letters of GTP (no `I`).
pub const COLUMNS: &[u8; 19] = b"ABCDEFGHJKLMNOPQRST";

/// The text of cell `m` (or `pass`) on the board of side `n`.
#[must_use]
pub fn point_text(n: usize, m: u16) -> String {
    if m == PASS {
        return "pass".to_string();
    }
    let w = n + 2;
    let (r, c) = (m as usize / w - 1, m as usize % w - 1);
    format!("{}{}", char::from(COLUMNS[c]), r + 1)
}

/// The cell (or [`PASS`]) a point's text names on the board of side `n` (case ignored), or
/// `None`.
#[must_use]
pub fn parse_point(n: usize, text: &str) -> Option<u16> {
    let t = text.trim().to_ascii_uppercase();
    if t == "PASS" {
        return Some(PASS);
    }
    let letter = *t.as_bytes().first()?;
    let c = COLUMNS[..n].iter().position(|&l| l == letter)?;
    let r: usize = t.get(1..)?.parse().ok()?;
    (1..=n).contains(&r).then(|| ((r) * (n + 2) + c + 1) as u16)
}

/// The moves of a position's text: `go:N` (optional; `N` must be the board's side), then the
/// moves as words.
pub fn moves_of(n: usize, text: &str) -> Result<Vec<&str>, String> {
    let mut words = text.split_whitespace().peekable();
    if let Some(first) = words.peek() {
        if let Some(size) = first.strip_prefix("go:") {
            if size != n.to_string() {
                return Err(format!(
                    "`{text}`: a position of go:{size}, not of the {n}x{n} board"
                ));
            }
            words.next();
        }
    }
    Ok(words.collect())
}
