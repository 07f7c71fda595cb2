//! The two textbook games: tic-tac-toe and seeded uniform random trees.

use std::fmt;

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use super::{uniform_below, Game};

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

/// Half-width of the leaf value range: leaves are uniform integers in `[−LEAF_RANGE, LEAF_RANGE]`.
pub const LEAF_RANGE: i64 = 1_000_000_000;

/// A uniform tree of branching `b` and depth `d` whose leaf values are i.i.d. uniform integers in
/// `[−LEAF_RANGE, LEAF_RANGE]`, read from the point of view of the side to move at the leaf.
///
/// The tree is never stored. A node is `(depth, index)` where `index` is the path read as a
/// base-`b` number (child `m` of `(k, i)` is `(k + 1, i·b + m)`), so the leaves are numbered
/// `0..b^d` left to right. Leaf `i`'s value is the first rejection-sampled draw from
/// `ChaCha8Rng::seed_from_u64(seed)` switched to stream `i` (`set_stream(i)`): every leaf has its
/// own independent ChaCha stream, so values depend only on `(seed, path)`, not on visit order.
/// With ~2·10⁹ possible values, ties among the few leaves that decide a search are negligible.
#[derive(Debug, Clone)]
pub struct RandomTree {
    b: u8,
    d: u8,
    seed: u64,
    base: ChaCha8Rng,
}

/// A node of a [`RandomTree`]: its depth and its index among the nodes of that depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TreeNode {
    /// Distance from the root.
    pub depth: u8,
    /// The path from the root read as a base-`b` number.
    pub index: u64,
}

impl RandomTree {
    /// Largest supported depth (so `b^d` fits in a `u64` for every `b ≤ 9`).
    pub const MAX_DEPTH: u8 = 20;

    /// A tree with branching `b` (2..=9), depth `d` (1..=20) and leaf seed `seed`.
    pub fn new(b: u8, d: u8, seed: u64) -> Result<Self, String> {
        if !(2..=9).contains(&b) {
            return Err(format!("branching b={b} out of range 2..=9"));
        }
        if !(1..=Self::MAX_DEPTH).contains(&d) {
            return Err(format!("depth d={d} out of range 1..={}", Self::MAX_DEPTH));
        }
        Ok(RandomTree {
            b,
            d,
            seed,
            base: ChaCha8Rng::seed_from_u64(seed),
        })
    }
    /// Branching factor.
    pub fn branching(&self) -> u8 {
        self.b
    }
    /// Depth (leaves are at this distance from the root).
    pub fn depth(&self) -> u8 {
        self.d
    }
    /// Seed of the leaf values.
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// Number of leaves, `b^d`.
    pub fn leaves(&self) -> u64 {
        (self.b as u64).pow(self.d as u32)
    }
    /// The value of leaf `index` (0-based, left to right), from the side to move at the leaf.
    pub fn leaf_value(&self, index: u64) -> i32 {
        let mut rng = self.base.clone();
        rng.set_stream(index);
        let span = (2 * LEAF_RANGE + 1) as u64;
        (uniform_below(&mut rng, span) as i64 - LEAF_RANGE) as i32
    }
}

impl Game for RandomTree {
    type State = TreeNode;

    fn root(&self) -> TreeNode {
        TreeNode { depth: 0, index: 0 }
    }

    fn moves(&self, s: &TreeNode) -> Vec<u8> {
        if s.depth >= self.d {
            Vec::new()
        } else {
            (0..self.b).collect()
        }
    }

    fn play(&self, s: &TreeNode, m: u8) -> TreeNode {
        TreeNode {
            depth: s.depth + 1,
            index: s.index * self.b as u64 + m as u64,
        }
    }

    fn is_terminal(&self, s: &TreeNode) -> bool {
        s.depth >= self.d
    }

    fn utility(&self, s: &TreeNode) -> i32 {
        self.leaf_value(s.index)
    }
}
