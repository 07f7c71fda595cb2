//! A position's text: the board's squares row by row from `a1` (`X`, `O`, `-`), a space, the
//! side to move (`X` or `O`), the board format of FFO/Edax `.obf` files.

use super::{Board, Othello};

/// Read `BOARD SIDE` (a trailing `;` allowed) for the square of side `N`.
pub fn parse<const N: u32>(text: &str) -> Result<Board, String> {
    let cells = (N * N) as usize;
    let bad = |why: &str| {
        format!("`{text}`: {why} (want {cells} squares of X, O, - from a1, a space, X or O)")
    };
    let t = text.trim().trim_end_matches(';').trim_end();
    let (board, side) = t.split_once(' ').ok_or_else(|| bad("no side to move"))?;
    let board: Vec<char> = board.chars().collect();
    if board.len() != cells {
        return Err(bad(&format!("{} squares", board.len())));
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (i, ch) in board.iter().enumerate() {
        let bit = 1u64 << ((i as u32 / N) * 8 + i as u32 % N);
        match ch {
            'X' | 'x' | '*' => black |= bit,
            'O' | 'o' => white |= bit,
            '-' | '.' => {}
            c => return Err(bad(&format!("square `{c}`"))),
        }
    }
    match side.trim() {
        "X" | "x" | "*" => Ok(Othello::<N>::board(black, white, true)),
        "O" | "o" => Ok(Othello::<N>::board(white, black, false)),
        s => Err(bad(&format!("side `{s}`"))),
    }
}

/// The text [`parse`] reads back.
#[must_use]
pub fn format<const N: u32>(s: &Board) -> String {
    let (black, white) = if s.black_to_move {
        (s.own, s.other)
    } else {
        (s.other, s.own)
    };
    let mut out = String::with_capacity((N * N + 2) as usize);
    for r in 0..N {
        for c in 0..N {
            let bit = 1u64 << (r * 8 + c);
            out.push(if black & bit != 0 {
                'X'
            } else if white & bit != 0 {
                'O'
            } else {
                '-'
            });
        }
    }
    out.push(' ');
    out.push(if s.black_to_move { 'X' } else { 'O' });
    out
}
