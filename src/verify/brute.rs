//! Brute-force minimax on small Connect-4 boards: an independent oracle with no pruning.
//!
//! The board here is a plain grid written for this module only (it shares no code with the
//! engine's bitboards), the search is plain negamax over every legal move with no alpha-beta, no
//! move ordering and no bounds. The only shortcut is memoisation by exact position (the value of
//! a position does not depend on the window, since there is none), which keeps the 4×4 and 5×4
//! boards cheap to solve exhaustively.

use crate::util::fxhash::FxHashMap;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use std::collections::HashSet;

/// A `W`×`H` Connect-4 grid: `cells[col][row]` is 0 empty, 1 first player, 2 second player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid<const W: usize, const H: usize> {
    cells: [[u8; H]; W],
    heights: [usize; W],
    stones: usize,
}

impl<const W: usize, const H: usize> Default for Grid<W, H> {
    fn default() -> Self {
        Self {
            cells: [[0; H]; W],
            heights: [0; W],
            stones: 0,
        }
    }
}

impl<const W: usize, const H: usize> Grid<W, H> {
    /// Cells on the board.
    pub const CELLS: usize = W * H;

    /// The grid a move string (digits `1..=W`) reaches, or `None` if the string is illegal or a
    /// move completes four (the game would be over).
    #[must_use]
    pub fn from_moves(moves: &str) -> Option<Self> {
        let mut g = Self::default();
        for ch in moves.chars() {
            let col = (ch.to_digit(10)? as usize).checked_sub(1)?;
            if col >= W || !g.can_play(col) || g.wins(col) {
                return None;
            }
            g.play(col);
        }
        Some(g)
    }

    /// Stones on the board.
    #[must_use]
    pub fn stones(&self) -> usize {
        self.stones
    }

    /// Whether column `col` has room.
    #[must_use]
    pub fn can_play(&self, col: usize) -> bool {
        self.heights[col] < H
    }

    /// The player to move: 1 or 2.
    fn to_move(&self) -> u8 {
        1 + (self.stones % 2) as u8
    }

    /// Whether the side to move completes four by playing `col` (which must have room).
    #[must_use]
    pub fn wins(&self, col: usize) -> bool {
        let p = self.to_move();
        let row = self.heights[col] as isize;
        let at = |c: isize, r: isize| -> bool {
            c >= 0
                && r >= 0
                && (c as usize) < W
                && (r as usize) < H
                && self.cells[c as usize][r as usize] == p
        };
        for (dc, dr) in [(1isize, 0isize), (0, 1), (1, 1), (1, -1)] {
            let mut n = 1;
            for s in [1isize, -1] {
                let (mut c, mut r) = (col as isize + s * dc, row + s * dr);
                while at(c, r) {
                    n += 1;
                    c += s * dc;
                    r += s * dr;
                }
            }
            if n >= 4 {
                return true;
            }
        }
        false
    }

    /// Whether the side to move has a move that completes four.
    #[must_use]
    pub fn can_win_next(&self) -> bool {
        (0..W).any(|c| self.can_play(c) && self.wins(c))
    }

    /// Drop a stone of the side to move into `col`.
    pub fn play(&mut self, col: usize) {
        let p = self.to_move();
        self.cells[col][self.heights[col]] = p;
        self.heights[col] += 1;
        self.stones += 1;
    }

    /// A key unique to the position: per column, a 1 above the stones and one bit per stone (1 =
    /// first player), `H + 1` bits per column.
    #[must_use]
    pub fn key(&self) -> u64 {
        let mut k = 0u64;
        for c in 0..W {
            let mut col = 1u64 << self.heights[c];
            for r in 0..self.heights[c] {
                if self.cells[c][r] == 1 {
                    col |= 1 << r;
                }
            }
            k |= col << (c * (H + 1));
        }
        k
    }
}

/// Exhaustive negamax with a memo of exact values; one instance can be shared by many queries.
#[derive(Default)]
pub struct Brute<const W: usize, const H: usize> {
    memo: FxHashMap<u64, i8>,
    /// Positions evaluated (memo misses).
    pub evaluated: u64,
}

impl<const W: usize, const H: usize> Brute<W, H> {
    /// An empty memo.
    #[must_use]
    pub fn new() -> Self {
        Self {
            memo: FxHashMap::default(),
            evaluated: 0,
        }
    }

    /// The exact score of `g` from the side to move (the crate's convention): a win with the
    /// winner's `k`-th stone scores `(W·H + 2)/2 − k`, a loss the negative, a draw 0.
    pub fn score(&mut self, g: &Grid<W, H>) -> i32 {
        if g.stones == Grid::<W, H>::CELLS {
            return 0;
        }
        let key = g.key();
        if let Some(&v) = self.memo.get(&key) {
            return i32::from(v);
        }
        self.evaluated += 1;
        let mut best = i32::MIN;
        for col in 0..W {
            if !g.can_play(col) {
                continue;
            }
            let v = if g.wins(col) {
                // The winner's stone count after this move: stones/2 + 1 for the side to move.
                let k = (g.stones / 2 + 1) as i32;
                (Grid::<W, H>::CELLS as i32 + 2) / 2 - k
            } else {
                let mut child = g.clone();
                child.play(col);
                -self.score(&child)
            };
            best = best.max(v);
        }
        self.memo.insert(key, best as i8);
        best
    }

    /// Positions in the memo.
    #[must_use]
    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }
}

/// Every reachable position of the `W`×`H` board (one move string per position, the first found
/// in depth-first column order) where the game is not over, the board is not full and the side
/// to move cannot win at once: the positions the engine's drivers accept as a search.
#[must_use]
pub fn reachable_undecided<const W: usize, const H: usize>() -> Vec<String> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut moves = String::new();
    walk::<W, H>(&Grid::default(), &mut moves, &mut seen, &mut out);
    out
}

fn walk<const W: usize, const H: usize>(
    g: &Grid<W, H>,
    moves: &mut String,
    seen: &mut HashSet<u64>,
    out: &mut Vec<String>,
) {
    if !seen.insert(g.key()) || g.stones == Grid::<W, H>::CELLS {
        return;
    }
    if !g.can_win_next() {
        out.push(moves.clone());
    }
    for col in 0..W {
        if g.can_play(col) && !g.wins(col) {
            let mut child = g.clone();
            child.play(col);
            moves.push((b'1' + col as u8) as char);
            walk(&child, moves, seen, out);
            moves.pop();
        }
    }
}

/// `count` distinct seeded random undecided positions of the `W`×`H` board with between
/// `min_ply` and `max_ply` stones (ply uniform in that range, then uniform legal moves; a draw
/// that completes four, fills the board or leaves an immediate win starts again).
#[must_use]
pub fn sample<const W: usize, const H: usize>(
    seed: u64,
    count: usize,
    min_ply: usize,
    max_ply: usize,
) -> Vec<String> {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..16].copy_from_slice(&((W * 16 + H) as u64).to_le_bytes());
    key[16..24].copy_from_slice(b"brutesmp");
    let mut rng = ChaCha8Rng::from_seed(key);
    let below = |rng: &mut ChaCha8Rng, n: usize| (rng.next_u64() % n as u64) as usize;
    let max_ply = max_ply.min(Grid::<W, H>::CELLS - 1);
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(count);
    let mut attempts = 0usize;
    while out.len() < count && attempts < count * 50 + 1000 {
        attempts += 1;
        let ply = min_ply + below(&mut rng, max_ply - min_ply + 1);
        let mut g = Grid::<W, H>::default();
        let mut moves = String::with_capacity(ply);
        let mut ok = true;
        for _ in 0..ply {
            let legal: Vec<usize> = (0..W).filter(|&c| g.can_play(c)).collect();
            if legal.is_empty() {
                ok = false;
                break;
            }
            let col = legal[below(&mut rng, legal.len())];
            if g.wins(col) {
                ok = false;
                break;
            }
            g.play(col);
            moves.push((b'1' + col as u8) as char);
        }
        if ok && !g.can_win_next() && seen.insert(g.key()) {
            out.push(moves);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn convention_on_seven_by_six_examples() {
        // Opening positions are far too deep for plain minimax; Pons' end-game examples (34 and
        // 37 stones) are small enough and have published scores.
        let mut b = Brute::<7, 6>::new();
        let g = Grid::<7, 6>::from_moves("7422341735647741166133573473242566").unwrap();
        assert_eq!(b.score(&g), 1);
        let g = Grid::<7, 6>::from_moves("2252576253462244111563365343671351441").unwrap();
        assert_eq!(b.score(&g), -1);
        assert!(Grid::<7, 6>::from_moves("443322").unwrap().can_win_next());
        assert!(Grid::<7, 6>::from_moves("4455").is_some());
        assert!(
            Grid::<7, 6>::from_moves("1212121").is_none(),
            "four in a column"
        );
        assert!(Grid::<7, 6>::from_moves("8").is_none());
    }

    #[test]
    fn small_boards() {
        // 4×4 is a draw; 5×4 also a draw (Tromp's table of small boards).
        let mut b4 = Brute::<4, 4>::new();
        assert_eq!(b4.score(&Grid::default()), 0);
        let all = reachable_undecided::<4, 4>();
        assert!(all.len() > 1000, "{}", all.len());
        let s = sample::<5, 4>(1, 50, 6, 18);
        assert_eq!(s.len(), 50);
        for m in &s {
            assert!(Grid::<5, 4>::from_moves(m).is_some());
        }
    }
}
