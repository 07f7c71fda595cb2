//! Board sizes: the [`BoardSize`] value chosen at run time (`--board 6x5`, `connect4:6x5`), the
//! list of sizes compiled into the binary, and `with_board!`, which turns a
//! run-time size into the const parameters `W`, `H` of [`Position`](super::Position), the
//! search and the engine.
//!
//! The dispatch happens once, where an engine is built or a command starts; below it everything
//! is monomorphised for one size exactly as the 7×6 solver always was, so the default board pays
//! nothing for the others.
//!
//! # Sizes
//!
//! Every board with width and height from 4 up whose bitboard fits a `u64`, `W·(H+1) ≤ 64`: 42
//! sizes from 4×4 to 4×15 and 12×4 ([`BoardSize::ALL`]).
//!
//! # Columns in move strings
//!
//! Columns are written `1`..`9` from the left (Pons' convention), then `a`, `b`, `c` for columns
//! 10, 11 and 12 on boards wider than 9 ([`column_char`], [`column_of_char`]). Upper case `A`..`C`
//! reads the same. On a board of width `W` only the first `W` symbols are columns.

use std::fmt;
use std::str::FromStr;

macro_rules! __board_dispatch {
    ($size:ident, $w:ident, $h:ident, $body:block) => {
        $crate::game::connect4::board::__board_dispatch!($size, $w, $h, $body;
            (4, 4) (4, 5) (4, 6) (4, 7) (4, 8) (4, 9) (4, 10) (4, 11) (4, 12) (4, 13) (4, 14) (4, 15)
            (5, 4) (5, 5) (5, 6) (5, 7) (5, 8) (5, 9) (5, 10) (5, 11)
            (6, 4) (6, 5) (6, 6) (6, 7) (6, 8) (6, 9)
            (7, 4) (7, 5) (7, 6) (7, 7) (7, 8)
            (8, 4) (8, 5) (8, 6) (8, 7)
            (9, 4) (9, 5) (9, 6)
            (10, 4) (10, 5)
            (11, 4)
            (12, 4))
    };
    ($size:ident, $w:ident, $h:ident, $body:block; $(($W:literal, $H:literal))*) => {
        match ($size.width(), $size.height()) {
            $(
                ($W, $H) => {
                    #[allow(non_upper_case_globals, dead_code)]
                    const $w: usize = $W;
                    #[allow(non_upper_case_globals, dead_code)]
                    const $h: usize = $H;
                    $body
                }
            )*
            (w, h) => unreachable!("BoardSize {w}x{h} is not a compiled size"),
        }
    };
}

/// Run a block with the board size's width and height as consts, for const-generic code:
///
/// ```ignore
/// use crate::game::connect4::{board::with_board, BoardSize, Position};
/// let size: BoardSize = "5x4".parse().unwrap();
/// let cells = with_board!(size, |W, H| { Position::<W, H>::CELLS });
/// assert_eq!(cells, 20);
/// ```
///
/// The block is compiled once per size in [`BoardSize::ALL`] (a `match` over the sizes, not a
/// trait object), so keep it to building an engine or running a whole job; every arm must have
/// the same type.
macro_rules! with_board {
    ($size:expr, |$w:ident, $h:ident| $body:block) => {{
        let __board_size: $crate::game::connect4::BoardSize = $size;
        $crate::game::connect4::board::__board_dispatch!(__board_size, $w, $h, $body)
    }};
}

// Crate-wide paths of the two macros (`crate::game::connect4::board::with_board!`).
pub(crate) use __board_dispatch;
pub(crate) use with_board;

/// A Connect-4 board size: `width` columns of `height` rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoardSize {
    width: usize,
    height: usize,
}

/// Why a board size is not one of the compiled sizes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// Not `WxH` with two numbers.
    #[error("board `{0}`: expected WIDTHxHEIGHT, e.g. 7x6")]
    Syntax(String),
    /// A side shorter than four: nobody could ever connect four that way.
    #[error("board {0}x{1}: width and height must be at least 4")]
    TooSmall(usize, usize),
    /// The bitboard (`W·(H+1)` bits) does not fit in 64 bits.
    #[error(
        "board {w}x{h}: does not fit the 64-bit bitboard (width x (height+1) = {bits} > 64); \
         the largest are 4x15, 5x11, 6x9, 7x8, 8x7, 9x6, 10x5 and 12x4",
        bits = .0 * (.1 + 1), w = .0, h = .1
    )]
    TooLarge(usize, usize),
}

impl BoardSize {
    /// The standard 7×6 board.
    pub const STANDARD: BoardSize = BoardSize {
        width: 7,
        height: 6,
    };

    /// Every compiled size, by width then height: the sizes `with_board!`
    /// lists (a test checks the two agree and that these are all the sizes that fit).
    #[rustfmt::skip]
    pub const ALL: [BoardSize; 42] = {
        const fn b(width: usize, height: usize) -> BoardSize {
            BoardSize { width, height }
        }
        [
            b(4, 4), b(4, 5), b(4, 6), b(4, 7), b(4, 8), b(4, 9), b(4, 10), b(4, 11), b(4, 12),
            b(4, 13), b(4, 14), b(4, 15),
            b(5, 4), b(5, 5), b(5, 6), b(5, 7), b(5, 8), b(5, 9), b(5, 10), b(5, 11),
            b(6, 4), b(6, 5), b(6, 6), b(6, 7), b(6, 8), b(6, 9),
            b(7, 4), b(7, 5), b(7, 6), b(7, 7), b(7, 8),
            b(8, 4), b(8, 5), b(8, 6), b(8, 7),
            b(9, 4), b(9, 5), b(9, 6),
            b(10, 4), b(10, 5),
            b(11, 4),
            b(12, 4),
        ]
    };

    /// The size `width`×`height` if it is compiled in.
    pub fn new(width: usize, height: usize) -> Result<Self, BoardError> {
        if width < 4 || height < 4 {
            return Err(BoardError::TooSmall(width, height));
        }
        if width * (height + 1) > 64 {
            return Err(BoardError::TooLarge(width, height));
        }
        let b = BoardSize { width, height };
        debug_assert!(Self::ALL.contains(&b));
        Ok(b)
    }

    /// Columns.
    #[must_use]
    pub const fn width(self) -> usize {
        self.width
    }

    /// Rows.
    #[must_use]
    pub const fn height(self) -> usize {
        self.height
    }

    /// Cells, `W·H`: the most stones a game can have.
    #[must_use]
    pub const fn cells(self) -> u32 {
        (self.width * self.height) as u32
    }

    /// Bits of a position key, `W·(H+1)`.
    #[must_use]
    pub const fn key_bits(self) -> u32 {
        (self.width * (self.height + 1)) as u32
    }

    /// Whether this is the standard 7×6 board.
    #[must_use]
    pub const fn is_standard(self) -> bool {
        self.width == 7 && self.height == 6
    }

    /// The compiled sizes with at most `max_cells` cells, smallest first (ties by width).
    #[must_use]
    pub fn up_to_cells(max_cells: u32) -> Vec<BoardSize> {
        let mut v: Vec<BoardSize> = Self::ALL
            .iter()
            .copied()
            .filter(|b| b.cells() <= max_cells)
            .collect();
        v.sort_by_key(|b| (b.cells(), b.width));
        v
    }
}

impl Default for BoardSize {
    fn default() -> Self {
        Self::STANDARD
    }
}

/// `7x6`.
impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// Reads `WxH` (also `W×H` and upper-case `X`).
impl FromStr for BoardSize {
    type Err = BoardError;
    fn from_str(s: &str) -> Result<Self, BoardError> {
        let t = s.trim();
        let (w, h) = t
            .split_once(['x', 'X', '×'])
            .ok_or_else(|| BoardError::Syntax(s.to_string()))?;
        let num = |p: &str| {
            p.trim()
                .parse::<usize>()
                .map_err(|_| BoardError::Syntax(s.to_string()))
        };
        BoardSize::new(num(w)?, num(h)?)
    }
}

/// The symbols of columns 1, 2, … in move strings: `1`..`9`, then `a`, `b`, `c`.
pub const COLUMN_SYMBOLS: &[u8; 12] = b"123456789abc";

/// The character of column `col` (0-based) in a move string.
///
/// # Panics
/// If `col` is 12 or more (no compiled board is that wide).
#[must_use]
pub const fn column_char(col: usize) -> char {
    COLUMN_SYMBOLS[col] as char
}

/// The columns `0..width`, centre first, then alternately left and right of it (7 columns:
/// 3, 2, 4, 1, 5, 0, 6): the order in which a move nearer the centre wins a tie.
pub fn centre_first(width: usize) -> impl Iterator<Item = usize> {
    let mid = width / 2;
    (0..width).map(move |i| {
        if i % 2 == 1 {
            mid - (i + 1) / 2
        } else {
            mid + i / 2
        }
    })
}

/// The column (0-based) a move-string character names on a board `width` wide, or `None`.
#[must_use]
pub const fn column_of_char(ch: char, width: usize) -> Option<usize> {
    let col = match ch {
        '1'..='9' => ch as usize - '1' as usize,
        'a'..='c' => ch as usize - 'a' as usize + 9,
        'A'..='C' => ch as usize - 'A' as usize + 9,
        _ => return None,
    };
    if col < width {
        Some(col)
    } else {
        None
    }
}

/// The columns a move string may use on a board `width` wide, for error messages: `1..7`,
/// `1..9, a`, `1..9, a..c`.
#[must_use]
pub fn column_range(width: usize) -> String {
    match width {
        0..=9 => format!("1..{width}"),
        10 => "1..9, a".to_string(),
        w => format!("1..9, a..{}", column_char(w - 1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::connect4::Position;

    #[test]
    fn the_list_is_every_size_that_fits() {
        let mut want = Vec::new();
        for w in 4..=16 {
            for h in 4..=16 {
                if w * (h + 1) <= 64 {
                    want.push(BoardSize {
                        width: w,
                        height: h,
                    });
                }
            }
        }
        assert_eq!(BoardSize::ALL.to_vec(), want);
        for b in BoardSize::ALL {
            assert_eq!(BoardSize::new(b.width(), b.height()), Ok(b));
            assert_eq!(b.to_string().parse::<BoardSize>(), Ok(b));
        }
    }

    #[test]
    fn dispatch_reaches_each_size() {
        for b in BoardSize::ALL {
            let (w, h, cells, bits) = with_board!(b, |W, H| {
                (
                    Position::<W, H>::WIDTH,
                    Position::<W, H>::HEIGHT,
                    Position::<W, H>::CELLS,
                    Position::<W, H>::KEY_BITS,
                )
            });
            assert_eq!(
                (w, h, cells, bits),
                (b.width(), b.height(), b.cells(), b.key_bits())
            );
        }
    }

    #[test]
    fn parse_errors_are_clear() {
        assert_eq!("7x6".parse(), Ok(BoardSize::STANDARD));
        assert_eq!(" 6X5 ".parse::<BoardSize>().unwrap().to_string(), "6x5");
        let e = "3x4".parse::<BoardSize>().unwrap_err().to_string();
        assert!(e.contains("at least 4"), "{e}");
        let e = "8x8".parse::<BoardSize>().unwrap_err().to_string();
        assert!(e.contains("8x8") && e.contains("72 > 64"), "{e}");
        let e = "13x4".parse::<BoardSize>().unwrap_err().to_string();
        assert!(e.contains("65 > 64"), "{e}");
        let e = "seven".parse::<BoardSize>().unwrap_err().to_string();
        assert!(e.contains("expected WIDTHxHEIGHT"), "{e}");
    }

    #[test]
    fn column_symbols() {
        assert_eq!(column_of_char('1', 7), Some(0));
        assert_eq!(column_of_char('7', 7), Some(6));
        assert_eq!(column_of_char('8', 7), None);
        assert_eq!(column_of_char('0', 12), None);
        assert_eq!(column_of_char('a', 9), None);
        assert_eq!(column_of_char('a', 10), Some(9));
        assert_eq!(column_of_char('C', 12), Some(11));
        assert_eq!(column_of_char('d', 12), None);
        for c in 0..12 {
            assert_eq!(column_of_char(column_char(c), 12), Some(c));
        }
        assert_eq!(column_range(7), "1..7");
        assert_eq!(column_range(10), "1..9, a");
        assert_eq!(column_range(12), "1..9, a..c");
    }

    #[test]
    fn up_to_cells_orders_by_size() {
        let v = BoardSize::up_to_cells(20);
        let names: Vec<String> = v.iter().map(ToString::to_string).collect();
        assert_eq!(names, ["4x4", "4x5", "5x4"]);
    }
}
