//! A game with passes added in one file: Othello on a 4x4 board. A side with no move that flips
//! passes (the move `pass`); the game ends when neither side can move, and its value is the
//! disc difference for the side to move. The second player wins 11-3 (-8 for the first player
//! at the start) with perfect play.
//!
//! ```sh
//! cargo run --release --example othello4 -- verify --game othello4
//! cargo run --release --example othello4 -- match othello4-mtdf:depth=2 othello4-uct:playouts=300
//! echo "..../.ox./.xo./.... x" | cargo run --release --example othello4 -- moves --engine othello4-mtdf
//! ```
//!
//! A position's text is the board's rows from the top, `/` between them (`x` the first
//! player's discs, `o` the second's, `.` empty), a space and the side to move (`x` or `o`):
//! the side to move is part of the position, since a pass leaves the board as it was. A move is
//! its cell, column letter and row number from the top (`a1` is the top left), or `pass`.

use treebench::cli::GameEntry;
use treebench::game::{MoveList, OpenGame, SearchGame};

/// Cells on a side of the board.
pub const N: i32 = 4;
/// Cells on the board.
pub const CELLS: u32 = (N * N) as u32;
/// The move that passes (when no move flips).
pub const PASS: u8 = CELLS as u8;

/// The eight directions a line of flips can run.
const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// Othello on the 4x4 board.
#[derive(Debug, Clone, Copy, Default)]
pub struct Othello4;

/// A position: the discs of the side to move and of the other side (bit `row * 4 + col`, row 0
/// at the top), and whether the side to move is the first player (`x`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Board {
    pub own: u16,
    pub other: u16,
    pub x_to_move: bool,
}

/// The discs `own` flips by playing `cell` against `other` (0: not a legal move).
#[must_use]
pub fn flips(own: u16, other: u16, cell: i32) -> u16 {
    if (own | other) >> cell & 1 == 1 {
        return 0;
    }
    let (r0, c0) = (cell / N, cell % N);
    let mut all = 0u16;
    for (dr, dc) in DIRECTIONS {
        let (mut r, mut c, mut line) = (r0 + dr, c0 + dc, 0u16);
        while (0..N).contains(&r) && (0..N).contains(&c) && other >> (r * N + c) & 1 == 1 {
            line |= 1 << (r * N + c);
            (r, c) = (r + dr, c + dc);
        }
        if (0..N).contains(&r) && (0..N).contains(&c) && own >> (r * N + c) & 1 == 1 {
            all |= line;
        }
    }
    all
}

/// Whether `own` has a move that flips against `other`.
fn can_move(own: u16, other: u16) -> bool {
    (0..N * N).any(|c| flips(own, other, c) != 0)
}

impl SearchGame for Othello4 {
    type State = Board;
    type Move = u8;
    /// Disc differences lie within ±16.
    const BOUND: i32 = 17;
    const HISTORY_SIZE: usize = CELLS as usize + 1;

    fn parse(&self, text: &str) -> Result<Board, String> {
        let bad = |why: &str| {
            format!("`{text}`: {why} (want 4 rows of x, o, . joined by /, a space, x or o)")
        };
        let (rows, side) = text
            .trim()
            .split_once(' ')
            .ok_or_else(|| bad("no side to move"))?;
        let rows: Vec<&str> = rows.split('/').collect();
        if rows.len() != N as usize || rows.iter().any(|r| r.len() != N as usize) {
            return Err(bad("not 4 rows of 4 cells"));
        }
        let (mut x, mut o) = (0u16, 0u16);
        for (i, ch) in rows.concat().chars().enumerate() {
            match ch {
                'x' => x |= 1 << i,
                'o' => o |= 1 << i,
                '.' => {}
                _ => return Err(bad(&format!("cell `{ch}`"))),
            }
        }
        match side.trim() {
            "x" => Ok(Board {
                own: x,
                other: o,
                x_to_move: true,
            }),
            "o" => Ok(Board {
                own: o,
                other: x,
                x_to_move: false,
            }),
            s => Err(bad(&format!("side `{s}`"))),
        }
    }

    fn key(&self, s: &Board) -> u64 {
        u64::from(s.own) | u64::from(s.other) << 16 | u64::from(s.x_to_move) << 32
    }

    /// Over when neither side can move: the disc difference for the side to move.
    fn terminal(&self, s: &Board, _ply: u32) -> Option<i32> {
        if can_move(s.own, s.other) || can_move(s.other, s.own) {
            return None;
        }
        Some(s.own.count_ones() as i32 - s.other.count_ones() as i32)
    }

    fn moves(&self, s: &Board, out: &mut MoveList<u8>) {
        for cell in 0..N * N {
            if flips(s.own, s.other, cell) != 0 {
                out.push(cell as u8);
            }
        }
        if out.is_empty() {
            out.push(PASS);
        }
    }

    fn play(&self, s: &Board, m: u8) -> Board {
        let (own, other) = if m == PASS {
            (s.own, s.other)
        } else {
            let f = flips(s.own, s.other, i32::from(m));
            (s.own | f | 1 << m, s.other & !f)
        };
        Board {
            own: other,
            other: own,
            x_to_move: !s.x_to_move,
        }
    }

    /// The disc difference so far.
    fn evaluate(&self, s: &Board) -> i32 {
        s.own.count_ones() as i32 - s.other.count_ones() as i32
    }

    fn move_index(&self, m: u8) -> usize {
        m as usize
    }

    fn move_text(&self, _s: &Board, m: u8) -> String {
        if m == PASS {
            return "pass".to_string();
        }
        let (r, c) = (i32::from(m) / N, i32::from(m) % N);
        format!("{}{}", char::from(b'a' + c as u8), r + 1)
    }
}

impl OpenGame for Othello4 {
    const NAME: &'static str = "othello4";
    /// Twelve moves fill the board; passes can lengthen a game: the longest game from the start
    /// is 17 plies (a search to the end of every line finds no longer one: `verify` checks
    /// that every line is over within this many plies).
    const MAX_PLY: u32 = 17;
    /// 17 plies of a 4x4 board take milliseconds with a table: searched to the end by default.
    const END_IN_REACH: bool = true;
    const CHECK_DEPTH: (u32, bool) = (5, false);

    fn start(&self) -> Board {
        self.parse("..../.ox./.xo./.... x").expect("the start")
    }

    fn text(&self, s: &Board) -> String {
        let (x, o) = if s.x_to_move {
            (s.own, s.other)
        } else {
            (s.other, s.own)
        };
        let cell = |i: i32| match (x >> i & 1, o >> i & 1) {
            (1, _) => 'x',
            (_, 1) => 'o',
            _ => '.',
        };
        let rows: Vec<String> = (0..N)
            .map(|r| (0..N).map(|c| cell(r * N + c)).collect())
            .collect();
        format!("{} {}", rows.join("/"), if s.x_to_move { 'x' } else { 'o' })
    }
}

/// The game's entry: what `main` gives the command line.
pub static OTHELLO4: GameEntry = GameEntry::of::<Othello4>();

#[allow(dead_code)] // the test suite includes this file for `Othello4` alone
fn main() {
    treebench::cli::main_with(&[&OTHELLO4]);
}
