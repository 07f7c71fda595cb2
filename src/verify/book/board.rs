//! A small self-contained Connect-4 board for the book reader: stones column by column from the
//! side to move's point of view, playing move strings onto it and finding a move order that
//! reaches a given position.

use std::collections::HashSet;

use super::BookError;

/// Rows of the board.
pub const ROWS: usize = 6;
/// Columns of the board.
pub const COLS: usize = 7;

/// Stones of a position column by column, bottom→top; `true` = a stone of the side to move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Columns(pub [Vec<bool>; COLS]);

impl Columns {
    /// Number of stones on the board.
    pub fn stones(&self) -> usize {
        self.0.iter().map(Vec::len).sum()
    }

    /// The position mirrored left↔right.
    pub fn mirror(&self) -> Columns {
        let mut m = self.0.clone();
        m.reverse();
        Columns(m)
    }

    /// A text rendering: for each column 1..7, its stones bottom→top, `x` side to move, `o`
    /// opponent, columns separated by `|` (e.g. `|||xo|x||`).
    pub fn render(&self) -> String {
        self.0
            .iter()
            .map(|c| {
                c.iter()
                    .map(|&m| if m { 'x' } else { 'o' })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("|")
    }
}

/// Plays a move string (digits 1..7) on a small self-contained board and returns its columns
/// from the point of view of the side to move after the last move. Fails on a bad character, a
/// full column, or a move played after a four-in-a-row (the game was over); a four completed by
/// the last move is also an error (the side to move has already lost).
pub fn columns_of(moves: &str) -> Result<Columns, BookError> {
    let bad = |reason: String| BookError::BadMoves {
        moves: moves.to_string(),
        reason,
    };
    // Owner per cell: 0 = first player, 1 = second player.
    let mut grid: [Vec<u8>; COLS] = Default::default();
    for (i, ch) in moves.chars().enumerate() {
        let c = match ch.to_digit(10) {
            Some(d @ 1..=7) => d as usize - 1,
            _ => {
                return Err(bad(format!(
                    "character {ch:?} at move {} is not a column 1..7",
                    i + 1
                )))
            }
        };
        if grid[c].len() >= ROWS {
            return Err(bad(format!("column {} is full at move {}", c + 1, i + 1)));
        }
        let player = (i % 2) as u8;
        let row = grid[c].len();
        grid[c].push(player);
        if fours_through(&grid, c, row, player) {
            return Err(bad(format!(
                "move {} completes a four-in-a-row: the game is over",
                i + 1
            )));
        }
    }
    let to_move = (moves.chars().count() % 2) as u8;
    Ok(Columns(grid.map(|col| {
        col.into_iter().map(|p| p == to_move).collect()
    })))
}

fn fours_through<T: PartialEq + Copy>(grid: &[Vec<T>; COLS], c: usize, r: usize, p: T) -> bool {
    let at = |c: i64, r: i64| -> Option<T> {
        if (0..COLS as i64).contains(&c) && r >= 0 {
            grid[c as usize].get(r as usize).copied()
        } else {
            None
        }
    };
    for (dc, dr) in [(1i64, 0i64), (0, 1), (1, 1), (1, -1)] {
        let mut k = 1;
        for s in [1i64, -1] {
            let (mut cc, mut rr) = (c as i64 + s * dc, r as i64 + s * dr);
            while at(cc, rr) == Some(p) {
                k += 1;
                cc += s * dc;
                rr += s * dr;
            }
        }
        if k >= 4 {
            return true;
        }
    }
    false
}

/// Finds a move string that reaches `cols`: players alternate (the side to move after the last
/// move owns the `true` stones), every column is filled bottom→top, and no four-in-a-row appears
/// before the last move. Returns `None` if there is no such order.
pub fn moves_for(cols: &Columns) -> Option<String> {
    let n = cols.stones();
    // Owner per cell: 0 = first player, 1 = second player.
    let to_move = (n % 2) as u8;
    let owners: [Vec<u8>; COLS] = cols.0.clone().map(|c| {
        c.into_iter()
            .map(|mine| if mine { to_move } else { 1 - to_move })
            .collect()
    });
    let count0 = owners.iter().flatten().filter(|&&p| p == 0).count();
    if count0 != n.div_ceil(2) {
        return None;
    }
    let mut grid: [Vec<u8>; COLS] = Default::default();
    let mut moves = String::with_capacity(n);
    let mut dead: HashSet<[u8; COLS]> = HashSet::new();
    if search(&owners, &mut grid, &mut moves, n, &mut dead) {
        Some(moves)
    } else {
        None
    }
}

fn search(
    owners: &[Vec<u8>; COLS],
    grid: &mut [Vec<u8>; COLS],
    moves: &mut String,
    n: usize,
    dead: &mut HashSet<[u8; COLS]>,
) -> bool {
    let ply = moves.len();
    if ply == n {
        return true;
    }
    let heights: [u8; COLS] = std::array::from_fn(|c| grid[c].len() as u8);
    if dead.contains(&heights) {
        return false;
    }
    let player = (ply % 2) as u8;
    // Centre columns first: a plausible order, and it keeps the search short.
    for c in [3usize, 2, 4, 1, 5, 0, 6] {
        let r = grid[c].len();
        if r >= owners[c].len() || owners[c][r] != player {
            continue;
        }
        grid[c].push(player);
        let four = fours_through(grid, c, r, player);
        if !four || ply + 1 == n {
            moves.push(char::from(b'1' + c as u8));
            if search(owners, grid, moves, n, dead) {
                return true;
            }
            moves.pop();
        }
        grid[c].pop();
    }
    dead.insert(heights);
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_reverses_columns() {
        let a = columns_of("12345671").unwrap();
        let b = columns_of("76543217").unwrap();
        assert_eq!(a.mirror(), b);
        assert_eq!(a.mirror().key(), b.key());
    }

    #[test]
    fn bad_move_strings() {
        assert!(matches!(
            columns_of("4480"),
            Err(BookError::BadMoves { .. })
        ));
        assert!(matches!(
            columns_of("1111111"),
            Err(BookError::BadMoves { .. })
        ));
        // 1212121: the first player completes a vertical four on move 7.
        let e = columns_of("1212121").unwrap_err().to_string();
        assert!(e.contains("four"), "{e}");
        assert!(columns_of("121212").is_ok());
    }

    #[test]
    fn moves_for_round_trips() {
        for m in [
            "11111122",
            "44444455",
            "4453",
            "44455554221",
            "",
            "1",
            "121267",
        ] {
            let cols = columns_of(m).unwrap();
            let back = moves_for(&cols).expect("an order exists");
            assert_eq!(columns_of(&back).unwrap(), cols, "{m} -> {back}");
        }
    }

    #[test]
    fn moves_for_refuses_impossible_positions() {
        // Two stones of the side to move and none of the opponent's: counts cannot alternate.
        let mut cols = Columns(Default::default());
        cols.0[0] = vec![true, true];
        assert_eq!(moves_for(&cols), None);
        // Four first-player stones stacked under opponent stones: the four is completed
        // before the end whatever the order.
        let cols = Columns([
            vec![false, false, false, false, true],
            vec![true],
            vec![true],
            vec![true],
            vec![],
            vec![],
            vec![],
        ]);
        assert_eq!(cols.stones(), 8);
        assert_eq!(moves_for(&cols), None);
    }
}
