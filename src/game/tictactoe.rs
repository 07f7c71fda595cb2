//! Tic-tac-toe, for the textbook baselines.

use std::fmt;

use super::Game;

/// The eight winning lines of tic-tac-toe as bit masks over cells `0..9` (row-major).
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// Cells in index order `0..9` (cell `i` is move character `'1' + i`).
pub const INDEX_ORDER: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
/// The classic static ordering: centre, then corners, then edges.
pub const CENTRE_ORDER: [u8; 9] = [4, 0, 2, 6, 8, 1, 3, 5, 7];

/// How a finished tic-tac-toe game is scored, always from the point of view of the side to move
/// (which, at a won position, is the side that lost).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Win +1, draw 0, loss −1, regardless of when the game ended.
    WinLoss,
    /// Depth-weighted: a game won by the move that put the `n`-th stone on the board scores
    /// `10 − n` for the winner (so `5..=1`, faster wins score more), a draw 0. The weight uses
    /// the absolute stone count, not the distance from the search root, so a position's value
    /// does not depend on where the search started and tables keyed by the board stay valid.
    DepthWeighted,
}

/// A tic-tac-toe position: bit `i` of `x` / `o` is set when cell `i` holds that mark.
/// X moves first, so the side to move is X exactly when both have the same number of stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    /// Cells held by X.
    pub x: u16,
    /// Cells held by O.
    pub o: u16,
}

impl Board {
    /// Number of stones on the board.
    pub fn stones(&self) -> u32 {
        (self.x | self.o).count_ones()
    }
    /// Whether X is to move.
    pub fn x_to_move(&self) -> bool {
        self.x.count_ones() == self.o.count_ones()
    }
    /// Whether the given mask contains a complete line.
    #[allow(clippy::manual_contains)] // the suggested rewrite would not compile: `l` is the loop variable
    pub fn has_line(mask: u16) -> bool {
        LINES.iter().any(|&l| mask & l == l)
    }
    /// Whether the side that just moved has completed a line.
    pub fn last_mover_won(&self) -> bool {
        // Only the side that just moved can own a line in a legal game.
        Self::has_line(if self.x_to_move() { self.o } else { self.x })
    }
    /// Whether cell `c` (0..9) is empty.
    pub fn is_empty(&self, c: u8) -> bool {
        (self.x | self.o) & (1 << c) == 0
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..3 {
            for c in 0..3 {
                let i = r * 3 + c;
                let ch = if self.x & (1 << i) != 0 {
                    'X'
                } else if self.o & (1 << i) != 0 {
                    'O'
                } else {
                    '.'
                };
                write!(f, "{ch}")?;
            }
            if r < 2 {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

/// Tic-tac-toe with a fixed move order and a scoring rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TicTacToe {
    /// The order in which empty cells are generated as moves.
    pub order: [u8; 9],
    /// How terminal positions are scored.
    pub scoring: Scoring,
}

impl TicTacToe {
    /// Moves in index order `0..9`, win/draw/loss scoring.
    pub fn new() -> Self {
        TicTacToe {
            order: INDEX_ORDER,
            scoring: Scoring::WinLoss,
        }
    }
    /// Same game with the given move order.
    pub fn with_order(self, order: [u8; 9]) -> Self {
        TicTacToe { order, ..self }
    }
    /// Same game with the given scoring.
    pub fn with_scoring(self, scoring: Scoring) -> Self {
        TicTacToe { scoring, ..self }
    }
}

impl Default for TicTacToe {
    fn default() -> Self {
        Self::new()
    }
}

impl Game for TicTacToe {
    type State = Board;

    fn root(&self) -> Board {
        Board::default()
    }

    fn moves(&self, s: &Board) -> Vec<u8> {
        if self.is_terminal(s) {
            return Vec::new();
        }
        self.order
            .iter()
            .copied()
            .filter(|&c| s.is_empty(c))
            .collect()
    }

    fn play(&self, s: &Board, m: u8) -> Board {
        debug_assert!(s.is_empty(m));
        let mut b = *s;
        if b.x_to_move() {
            b.x |= 1 << m;
        } else {
            b.o |= 1 << m;
        }
        b
    }

    fn is_terminal(&self, s: &Board) -> bool {
        s.last_mover_won() || s.stones() == 9
    }

    fn utility(&self, s: &Board) -> i32 {
        if !s.last_mover_won() {
            return 0;
        }
        match self.scoring {
            Scoring::WinLoss => -1,
            Scoring::DepthWeighted => -(10 - s.stones() as i32),
        }
    }
}

/// Tic-tac-toe for the generic search core (`tictactoe-DRIVER` engines: its alpha-beta drivers
/// and MCTS): cells in [`CENTRE_ORDER`], depth-weighted values (a win by the game's `n`-th
/// stone is worth `10 − n`, so the perfect player wins fastest and loses slowest), a horizon
/// value of 0, keys `x | o << 9`; positions are the textbook's move strings (`"519"`).
impl crate::game::SearchGame for TicTacToe {
    type State = Board;
    type Move = u8;

    const BOUND: i32 = 10;
    const HISTORY_SIZE: usize = 9;

    fn parse(&self, text: &str) -> Result<Board, String> {
        super::moves::replay(self, text.trim())
    }

    fn key(&self, s: &Board) -> u64 {
        u64::from(s.x) | u64::from(s.o) << 9
    }

    fn terminal(&self, s: &Board, _ply: u32) -> Option<i32> {
        if s.last_mover_won() {
            return Some(-(10 - s.stones() as i32));
        }
        (s.stones() == 9).then_some(0)
    }

    fn moves(&self, s: &Board, out: &mut crate::game::MoveList<u8>) {
        for c in CENTRE_ORDER {
            if s.is_empty(c) {
                out.push(c);
            }
        }
    }

    fn play(&self, s: &Board, m: u8) -> Board {
        Game::play(self, s, m)
    }

    fn evaluate(&self, _s: &Board) -> i32 {
        0
    }

    fn move_index(&self, m: u8) -> usize {
        m as usize
    }

    fn move_text(&self, _s: &Board, m: u8) -> String {
        char::from(b'1' + m).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tictactoe_rules() {
        let t = TicTacToe::new();
        let mut b = t.root();
        for m in [0, 3, 1, 4] {
            b = t.play(&b, m);
        }
        assert!(!t.is_terminal(&b) && b.x_to_move());
        let won = t.play(&b, 2);
        assert!(t.is_terminal(&won) && won.last_mover_won());
        assert_eq!(t.utility(&won), -1, "O to move has lost");
        assert_eq!(t.with_scoring(Scoring::DepthWeighted).utility(&won), -5);
        assert_eq!(won.to_string(), "XXX\nOO.\n...");
    }
}
