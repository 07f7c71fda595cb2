//! A second game added in one file: the m,n,k-game on a 4x3 board, three in a row wins (the
//! game tic-tac-toe is on 3x3). Unlike Nim it has no closed form, so `verify --game mnk433`
//! checks its values by brute force to the end where the tree is small enough, and by a
//! known-values file (`--known`) where one is given.
//!
//! ```sh
//! cargo run --release --example mnk -- verify --game mnk433
//! cargo run --release --example mnk -- solve --engine mnk433-mtdf --moves ....../....
//! ```
//!
//! A position's text is the board's rows from the top, `/` between them: `x`, `o` or `.` for
//! each cell (`..../..../....` is the start). A move is its cell, column letter and row number
//! from the bottom (`b1`). X moves first; the side to move follows from the counts.

use treebench::cli::GameEntry;
use treebench::game::{MoveList, OpenGame, SearchGame};

/// Board width (columns).
pub const W: u32 = 4;
/// Board height (rows).
pub const H: u32 = 3;
/// Marks in a row that win.
pub const K: u32 = 3;
/// Cells on the board.
pub const CELLS: u32 = W * H;
/// The value of a won game for the winner (losses are `-WIN`, draws 0).
pub const WIN: i32 = 100;

/// Points per open line in the evaluation (14 lines x 6 = 84 < [`WIN`]).
pub const EVAL_SCALE: i32 = 6;

/// The m,n,k-game on a `W`x`H` board with `K` in a row.
#[derive(Debug, Clone, Copy, Default)]
pub struct Mnk;

/// A position: the cells of X and of O as bit sets (bit `row * W + col`, row 0 at the bottom).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Board {
    /// X's cells.
    pub x: u16,
    /// O's cells.
    pub o: u16,
}

impl Board {
    /// The marks of the side to move and of the other side.
    #[must_use]
    pub fn sides(&self) -> (u16, u16) {
        if self.x.count_ones() == self.o.count_ones() {
            (self.x, self.o)
        } else {
            (self.o, self.x)
        }
    }
}

/// The directions of a line: along a row, up a column, and both diagonals.
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// At most one line starts at each cell in each direction.
const MAX_LINES: usize = DIRECTIONS.len() * CELLS as usize;

/// Every line of `K` cells on the board, as bit sets, into `out`; how many.
const fn each_line(out: &mut [u16; MAX_LINES]) -> usize {
    let (w, h, k) = (W as i32, H as i32, K as i32);
    let mut n = 0;
    let mut d = 0;
    while d < DIRECTIONS.len() {
        let (dc, dr) = DIRECTIONS[d];
        let mut cell = 0;
        while cell < w * h {
            let (c, r) = (cell % w, cell / w);
            let (ec, er) = (c + dc * (k - 1), r + dr * (k - 1));
            if ec >= 0 && ec < w && er >= 0 && er < h {
                let mut line = 0u16;
                let mut i = 0;
                while i < k {
                    line |= 1 << ((r + dr * i) * w + c + dc * i);
                    i += 1;
                }
                out[n] = line;
                n += 1;
            }
            cell += 1;
        }
        d += 1;
    }
    n
}

/// The lines and how many there are.
const LINE_TABLE: ([u16; MAX_LINES], usize) = {
    let mut out = [0u16; MAX_LINES];
    let n = each_line(&mut out);
    (out, n)
};

/// Every line of `K` cells (rows, columns, both diagonals) as a bit set, computed at compile
/// time: the search's hot path allocates nothing.
pub const LINES: &[u16] = LINE_TABLE.0.split_at(LINE_TABLE.1).0;

fn has_line(marks: u16) -> bool {
    LINES.iter().any(|&l| marks & l == l)
}

impl SearchGame for Mnk {
    type State = Board;
    type Move = u8;

    const BOUND: i32 = WIN + 1;
    const HISTORY_SIZE: usize = CELLS as usize;

    fn parse(&self, text: &str) -> Result<Board, String> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        if rows.len() != H as usize || rows.iter().any(|r| r.chars().count() != W as usize) {
            return Err(format!("`{text}`: want {H} rows of {W} cells split by `/`"));
        }
        let mut b = Board::default();
        for (i, row) in rows.iter().enumerate() {
            let r = H - 1 - i as u32;
            for (c, ch) in row.chars().enumerate() {
                let bit = 1u16 << (r * W + c as u32);
                match ch {
                    'x' => b.x |= bit,
                    'o' => b.o |= bit,
                    '.' => {}
                    other => return Err(format!("`{text}`: `{other}` is not x, o or .")),
                }
            }
        }
        let (nx, no) = (b.x.count_ones(), b.o.count_ones());
        if nx != no && nx != no + 1 {
            return Err(format!(
                "`{text}`: X has {nx} marks and O {no}; X moves first"
            ));
        }
        Ok(b)
    }

    fn key(&self, s: &Board) -> u64 {
        u64::from(s.x) | u64::from(s.o) << 16
    }

    fn terminal(&self, s: &Board, _ply: u32) -> Option<i32> {
        let (_, last) = s.sides();
        if has_line(last) {
            Some(-WIN)
        } else if (s.x | s.o).count_ones() == CELLS {
            Some(0)
        } else {
            None
        }
    }

    fn moves(&self, s: &Board, out: &mut MoveList<u8>) {
        let empty = !(s.x | s.o) & ((1u16 << CELLS) - 1);
        for cell in 0..CELLS as u8 {
            if empty >> cell & 1 == 1 {
                out.push(cell);
            }
        }
    }

    fn play(&self, s: &Board, m: u8) -> Board {
        let bit = 1u16 << m;
        if s.x.count_ones() == s.o.count_ones() {
            Board { x: s.x | bit, ..*s }
        } else {
            Board { o: s.o | bit, ..*s }
        }
    }

    /// Lines still open to the side to move minus lines still open to the other side, times
    /// [`EVAL_SCALE`]: inside `±WIN` on this board (14 lines).
    fn evaluate(&self, s: &Board) -> i32 {
        let (own, other) = s.sides();
        let open = |them: u16| LINES.iter().filter(|&&l| l & them == 0).count() as i32;
        EVAL_SCALE * (open(other) - open(own))
    }

    fn move_index(&self, m: u8) -> usize {
        m as usize
    }

    fn move_text(&self, _s: &Board, m: u8) -> String {
        let (c, r) = (u32::from(m) % W, u32::from(m) / W);
        format!("{}{}", char::from(b'a' + c as u8), r + 1)
    }
}

impl OpenGame for Mnk {
    const NAME: &'static str = "mnk433";
    const MAX_PLY: u32 = CELLS;
    const CHECK_DEPTH: (u32, bool) = (5, false);

    fn start(&self) -> Board {
        Board::default()
    }

    fn text(&self, s: &Board) -> String {
        let row = |r: u32| -> String {
            (0..W)
                .map(|c| {
                    let bit = 1u16 << (r * W + c);
                    if s.x & bit != 0 {
                        'x'
                    } else if s.o & bit != 0 {
                        'o'
                    } else {
                        '.'
                    }
                })
                .collect()
        };
        (0..H).rev().map(row).collect::<Vec<_>>().join("/")
    }
}

/// The game's entry: what `main` gives the command line.
pub static MNK: GameEntry = GameEntry::of::<Mnk>();

#[allow(dead_code)] // the test suite includes this file for `Mnk` alone
fn main() {
    treebench::cli::main_with(&[&MNK]);
}
