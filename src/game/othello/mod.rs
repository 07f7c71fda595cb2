//! Othello on the 8x8 board (`othello`) and on the 6x6 board (`othello6`, whose perfect play is
//! known: the second player wins 16-20), with bitboards ([`bits`]): a game of the generic core
//! ([`SearchGame`]) with every command of an added game ([`OpenGame`]), built into the binary.
//!
//! - **Position text**: the board's squares row by row from `a1` (`X` Black, `O` White, `-`
//!   empty; `x`, `o`, `.` and `*` are read too), a space, the side to move (`X` or `O`): the
//!   FFO/Edax `.obf` board format ([`obf`]), so the side to move is part of the position (a pass
//!   leaves the board as it was). A trailing `;` is allowed, so an `.obf` line's position reads.
//! - **Moves**: a square, file letter and row number from the top (`a1`..`h8`, capitals read
//!   too), or `pass` when the side to move has no move and the other side has one.
//! - **The end**: neither side can move. Its value is the disc difference for the side to move,
//!   the empty squares counted for the winner (the FFO and world-championship convention).
//! - **Key**: the two sides' discs as the side to move sees them (not their colours: the value
//!   is the same), mixed.
//! - **Evaluation** at a horizon: corners and mobility, clamped inside the disc-difference
//!   range, so it is never mistaken for more than an estimate ([`SearchGame::proven`] stays
//!   `None`: a search reaches the end only when its depth does).
//! - **Ordering hint**: fastest first (fewest replies for the opponent), corners first among
//!   equals.

pub mod bits;
pub mod endgame;
pub mod obf;
pub mod stable;

use super::open::OpenGame;
use super::search::{MoveList, NodeCount, SearchGame};
use bits::{corners, flips, legal, MASK6, MASK8};
use endgame::{odd_region, solve_last, LastBoard, Switches, SHALLOW_DEPTH, SHALLOW_WEIGHT};

/// A bound outside every value of the shallow search.
const INF: i32 = 1 << 20;

/// The move that passes.
pub const PASS: u8 = 64;

/// A position: the discs of the side to move and of the other side, the side to move's legal
/// moves (kept so the terminal test and the move list need no second generation), and whether
/// Black is to move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Board {
    pub own: u64,
    pub other: u64,
    pub mobility: u64,
    pub black_to_move: bool,
}

/// Othello on the square of side `N` (8 or 6), with its endgame switches ([`endgame`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct Othello<const N: u32> {
    pub switches: Switches,
}

/// Othello on the 8x8 board.
pub type Othello8 = Othello<8>;
/// Othello on the 6x6 board.
pub type Othello6 = Othello<6>;

impl<const N: u32> Othello<N> {
    /// The board's squares.
    pub const MASK: u64 = if N == 8 { MASK8 } else { MASK6 };

    /// The board of [`solve_last`] and [`endgame::shallow_value`].
    #[inline]
    fn last_board(&self) -> LastBoard {
        LastBoard {
            mask: Self::MASK,
            n: N,
            stable: self.switches.stable,
        }
    }

    /// The position with `own` to move against `other`.
    #[inline]
    #[must_use]
    pub fn board(own: u64, other: u64, black_to_move: bool) -> Board {
        Board {
            own,
            other,
            mobility: legal(own, other, Self::MASK),
            black_to_move,
        }
    }

    /// The start: `d4`/`e5` White, `e4`/`d5` Black (8x8; the same four centre squares on 6x6),
    /// Black to move.
    #[must_use]
    pub fn start_board() -> Board {
        let (lo, hi) = (N / 2 - 1, N / 2);
        let sq = |r: u32, c: u32| 1u64 << (r * 8 + c);
        let white = sq(lo, lo) | sq(hi, hi);
        let black = sq(lo, hi) | sq(hi, lo);
        Self::board(black, white, true)
    }

    /// Whether the game is over at `s`: neither side can move.
    #[inline]
    #[must_use]
    pub fn over(s: &Board) -> bool {
        s.mobility == 0 && legal(s.other, s.own, Self::MASK) == 0
    }

    /// The final score for the side to move: the disc difference, empties to the winner.
    #[inline]
    #[must_use]
    pub fn final_score(s: &Board) -> i32 {
        let (a, b) = (s.own.count_ones() as i32, s.other.count_ones() as i32);
        let empty = (N * N) as i32 - a - b;
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => a - b + empty,
            std::cmp::Ordering::Less => a - b - empty,
            std::cmp::Ordering::Equal => 0,
        }
    }

    /// The empty squares.
    #[must_use]
    pub fn empties(s: &Board) -> u32 {
        N * N - (s.own | s.other).count_ones()
    }

    /// `stable=on`: the upper bound `N² − 2·s` (`s` the opponent's stable discs) when it is at
    /// most `alpha`, counted as one leaf; `None` else (and without the switch). Only where the
    /// search reaches the end: the bound is on the final score.
    #[inline]
    fn stability_cut(&self, s: &Board, alpha: i32, count: &mut NodeCount) -> Option<i32> {
        if !self.switches.stable {
            return None;
        }
        let upper = stable::stability_bound(s.own, s.other, Self::MASK, N, alpha)?;
        count.leaves += 1;
        Some(upper)
    }

    /// The position after the move `m` (a legal square or [`PASS`]).
    #[inline]
    #[must_use]
    pub fn after(s: &Board, m: u8) -> Board {
        if m == PASS {
            return Self::board(s.other, s.own, !s.black_to_move);
        }
        let f = flips(s.own, s.other, u32::from(m));
        Self::board(s.other & !f, s.own | f | 1 << m, !s.black_to_move)
    }

    /// Leaf count of the tree `depth` plies deep from `s` (a pass is a ply; a finished game is
    /// one leaf wherever it ends): the perft of the rules.
    #[must_use]
    pub fn perft(s: &Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if s.mobility == 0 {
            if Self::over(s) {
                return 1;
            }
            return Self::perft(&Self::after(s, PASS), depth - 1);
        }
        let mut n = 0;
        let mut rest = s.mobility;
        while rest != 0 {
            let sq = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            n += Self::perft(&Self::after(s, sq), depth - 1);
        }
        n
    }

    /// A square's text: `a1` top left.
    #[must_use]
    pub fn square_text(sq: u8) -> String {
        if sq == PASS {
            return "pass".to_string();
        }
        format!("{}{}", char::from(b'a' + sq % 8), sq / 8 + 1)
    }

    /// The square (or [`PASS`]) a move's text names, capitals read too; `None` if it names none
    /// of this board.
    #[must_use]
    pub fn parse_square(text: &str) -> Option<u8> {
        let t = text.trim().to_ascii_lowercase();
        if t == "pass" || t == "ps" {
            return Some(PASS);
        }
        let b = t.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let (c, r) = (b[0].wrapping_sub(b'a'), b[1].wrapping_sub(b'1'));
        (u32::from(c) < N && u32::from(r) < N).then_some(r * 8 + c)
    }
}

impl<const N: u32> Othello<N> {
    /// A sequence of legal moves (passes included) from the start that reaches `target`: a
    /// depth-first search that places discs only on the target's occupied squares, and a
    /// corner (never flipped) only in the target's colour there, each board that leads nowhere
    /// remembered. `None` when there is none within `budget` boards.
    #[must_use]
    pub fn moves_to(target: &Board, budget: u64) -> Option<Vec<u8>> {
        let mut path = Vec::new();
        let mut left = budget;
        let mut dead = std::collections::HashSet::new();
        let start = Self::start_board();
        Self::reach(&start, target, &mut path, &mut left, &mut dead).then_some(path)
    }

    fn reach(
        s: &Board,
        t: &Board,
        path: &mut Vec<u8>,
        left: &mut u64,
        dead: &mut std::collections::HashSet<Board>,
    ) -> bool {
        if *s == *t {
            return true;
        }
        if *left == 0 || Self::over(s) || dead.contains(s) {
            return false;
        }
        *left -= 1;
        let occupied = t.own | t.other;
        let black_t = if t.black_to_move { t.own } else { t.other };
        let candidates = if s.mobility == 0 {
            vec![PASS]
        } else {
            let mover_t = if s.black_to_move {
                black_t
            } else {
                occupied & !black_t
            };
            let bad_corners = corners(N) & !mover_t;
            // the squares the mover holds in the target first: a disc is more often its
            // placer's at the end
            let ok = s.mobility & occupied & !bad_corners;
            let mut v = Vec::new();
            for mut rest in [ok & mover_t, ok & !mover_t] {
                while rest != 0 {
                    v.push(rest.trailing_zeros() as u8);
                    rest &= rest - 1;
                }
            }
            v
        };
        for m in candidates {
            path.push(m);
            if Self::reach(&Self::after(s, m), t, path, left, dead) {
                return true;
            }
            path.pop();
        }
        if *left > 0 {
            dead.insert(*s);
        }
        false
    }
}

/// The key of the discs `own` (the side to move's) and `other`, mixed.
#[inline]
fn board_key(own: u64, other: u64) -> u64 {
    mix(own ^ mix(other ^ 0x6a09_e667_f3bc_c908))
}

/// A 64-bit mix (the finaliser of SplitMix64).
#[inline]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl<const N: u32> SearchGame for Othello<N> {
    type State = Board;
    type Move = u8;

    /// Final scores lie within `±N²`.
    const BOUND: i32 = (N * N) as i32 + 1;
    const HISTORY_SIZE: usize = PASS as usize + 1;

    fn parse(&self, text: &str) -> Result<Board, String> {
        text::parse::<N>(text)
    }

    #[inline]
    fn key(&self, s: &Board) -> u64 {
        board_key(s.own, s.other)
    }

    /// `sym=N`: at `N` empties or more, the key of the least of the 8 symmetric images.
    #[inline]
    fn table_key(&self, s: &Board) -> (u64, u8) {
        let sym = self.switches.sym;
        let filled = (s.own | s.other).count_ones();
        if sym == 0 || N * N - filled < u32::from(sym) {
            return (self.key(s), 0);
        }
        let (own, other, i) = bits::canonical(s.own, s.other, N);
        (board_key(own, other), i as u8)
    }

    #[inline]
    fn move_to_table(&self, m: u8, sym: u8) -> u8 {
        if sym == 0 || m == PASS {
            return m;
        }
        bits::symmetry(1 << m, u32::from(sym), N).trailing_zeros() as u8
    }

    #[inline]
    fn move_from_table(&self, m: u8, sym: u8) -> u8 {
        self.move_to_table(m, bits::inverse_symmetry(u32::from(sym)) as u8)
    }

    #[inline]
    fn terminal(&self, s: &Board, _ply: u32) -> Option<i32> {
        Self::over(s).then(|| Self::final_score(s))
    }

    #[inline]
    fn moves(&self, s: &Board, out: &mut MoveList<u8>) {
        if s.mobility == 0 {
            out.push(PASS);
            return;
        }
        let mut rest = s.mobility;
        while rest != 0 {
            out.push(rest.trailing_zeros() as u8);
            rest &= rest - 1;
        }
    }

    #[inline]
    fn play(&self, s: &Board, m: u8) -> Board {
        Self::after(s, m)
    }

    /// Corners (4 a disc) and mobility (1 a move), clamped to `±N²`.
    fn evaluate(&self, s: &Board) -> i32 {
        let lim = (N * N) as i32;
        endgame::horizon_score(s.own, s.other, s.mobility, Self::MASK, N).clamp(-lim, lim)
    }

    /// Fastest first (`fastest=on`): fewer replies score higher, a corner is worth two replies
    /// fewer; parity (`parity=on`): a move into a quadrant with an odd number of empties is
    /// worth one reply fewer. Both off: 0 (the generation order, killers and history).
    #[inline]
    fn order_hint(&self, s: &Board, m: u8) -> i32 {
        if m == PASS {
            return 1;
        }
        let sw = self.switches;
        let empties = !(s.own | s.other) & Self::MASK;
        let e = empties.count_ones();
        if sw.shallow != 0 && e >= u32::from(sw.shallow) {
            let f = flips(s.own, s.other, u32::from(m));
            let b = self.last_board();
            let (own, other) = (s.other & !f, s.own | f | 1 << m);
            let deep = sw.deep != 0 && e >= u32::from(sw.deep);
            let depth = SHALLOW_DEPTH + u32::from(deep);
            let v = -endgame::shallow_value(own, other, b, depth, -INF, INF);
            let h = stable::weighted_hint(s.own, s.other, m, f, Self::MASK, N);
            return v * SHALLOW_WEIGHT + h;
        }
        if sw.weighted != 0 && e >= u32::from(sw.weighted) {
            let f = flips(s.own, s.other, u32::from(m));
            let h = stable::weighted_hint(s.own, s.other, m, f, Self::MASK, N);
            let odd = sw.parity && odd_region(m, empties, N);
            return h + 4 * i32::from(odd);
        }
        let mut h = 0;
        if sw.fastest {
            let f = flips(s.own, s.other, u32::from(m));
            let replies = legal(s.other & !f, s.own | f | 1 << m, Self::MASK).count_ones() as i32;
            let corner = i32::from(corners(N) >> m & 1 == 1);
            h += 64 - 2 * replies + 4 * corner;
        }
        if sw.parity && odd_region(m, empties, N) {
            h += 2;
        }
        h
    }

    const OPTION_KEYS: &'static str = endgame::KEYS;

    fn set_option(&mut self, key: &str, value: &str) -> Option<Result<(), String>> {
        self.switches.set(key, value)
    }

    fn options_text(&self) -> String {
        self.switches.text()
    }

    fn option_variants(&self) -> Vec<Self> {
        Switches::variants()
            .into_iter()
            .map(|switches| Self { switches })
            .collect()
    }

    /// `last=N`: at most `N` empties, and `depth` reaching the end (twice the empties, a pass
    /// before every move at most), [`solve_last`] gives the exact value; with more empties,
    /// `stable=on`'s cut-off ([`Othello::stability_cut`]).
    #[inline]
    fn solve_small(
        &self,
        s: &Board,
        depth: u32,
        alpha: i32,
        beta: i32,
        count: &mut NodeCount,
    ) -> Option<i32> {
        let empties = !(s.own | s.other) & Self::MASK;
        let e = empties.count_ones();
        if depth < 2 * e {
            return None;
        }
        if e > u32::from(self.switches.last) {
            return self.stability_cut(s, alpha, count);
        }
        Some(solve_last(
            s.own,
            s.other,
            empties,
            self.last_board(),
            alpha,
            beta,
            count,
        ))
    }

    #[inline]
    fn move_index(&self, m: u8) -> usize {
        m as usize
    }

    fn move_text(&self, _s: &Board, m: u8) -> String {
        Self::square_text(m)
    }

    fn parse_move(&self, s: &Board, text: &str) -> Option<u8> {
        let m = Self::parse_square(text)?;
        if Self::over(s) {
            return None;
        }
        let ok = if m == PASS {
            s.mobility == 0
        } else {
            s.mobility >> m & 1 == 1
        };
        ok.then_some(m)
    }
}

impl<const N: u32> OpenGame for Othello<N> {
    const NAME: &'static str = if N == 8 { "othello" } else { "othello6" };
    /// Every move fills a square and a pass is followed by a move or the end: at most two
    /// plies a square.
    const MAX_PLY: u32 = 2 * (N * N - 4);
    /// Random games seldom pass: seeded positions of `verify` are drawn up to the plies that
    /// fill the board without a pass.
    const VERIFY_PLIES: u32 = N * N - 4;
    const END_IN_REACH: bool = false;
    const ORACLE_DEPTHS: &'static [(u32, bool)] = &[(1, false), (2, false), (3, false)];
    const CHECK_DEPTH: (u32, bool) = (4, false);

    fn start(&self) -> Board {
        Self::start_board()
    }

    fn text(&self, s: &Board) -> String {
        text::format::<N>(s)
    }

    /// A move wins at once when it ends the game with the side to move ahead.
    fn wins_at_once(&self, s: &Board, _ply: u32) -> bool {
        let mut rest = s.mobility;
        while rest != 0 {
            let sq = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let child = Self::after(s, sq);
            if Self::over(&child) && Self::final_score(&child) < 0 {
                return true;
            }
        }
        false
    }
}

pub mod text;

#[cfg(test)]
mod tests {
    use super::*;

    /// With `sym=on` the 8 images of a position share one table key, and a move stored from
    /// one image reads back as the same square's image in another; with `sym=off` the keys
    /// differ.
    #[test]
    fn symmetric_images_share_a_key_and_their_moves() {
        let mut on = Othello8::default();
        on.set_option("sym", "1").unwrap().unwrap();
        let off = Othello8::default();
        let mut s = Othello8::start_board();
        for _ in 0..3 {
            s = Othello8::after(&s, s.mobility.trailing_zeros() as u8);
        }
        let (key, sym) = on.table_key(&s);
        for i in 1..8 {
            let img = Othello8::board(
                bits::symmetry(s.own, i, 8),
                bits::symmetry(s.other, i, 8),
                s.black_to_move,
            );
            let (k, j) = on.table_key(&img);
            assert_eq!(k, key, "image {i}");
            if img != s {
                assert_ne!(off.table_key(&img).0, off.table_key(&s).0, "image {i}");
            }
            let mut rest = s.mobility;
            while rest != 0 {
                let m = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                let m_img = bits::symmetry(1 << m, i, 8).trailing_zeros() as u8;
                let stored = on.move_to_table(m, sym);
                assert_eq!(on.move_to_table(m_img, j), stored, "image {i}, move {m}");
                assert_eq!(on.move_from_table(stored, j), m_img);
                assert_eq!(on.move_from_table(stored, sym), m);
            }
        }
        assert_eq!(on.move_to_table(PASS, sym), PASS);
    }

    #[test]
    fn perft_from_the_start_matches_the_published_counts() {
        // 8x8: the published perft of Othello (passes counted as plies)
        let s = Othello8::start_board();
        let want = [4, 12, 56, 244, 1396, 8200, 55092, 390_216, 3_005_288];
        for (d, &n) in want.iter().enumerate() {
            assert_eq!(Othello8::perft(&s, d as u32 + 1), n, "depth {}", d + 1);
        }
    }

    #[test]
    fn the_end_and_its_score() {
        let g = Othello8::default();
        // a full board, 40 X against 24 O, X to move: +16
        let full = format!("{}{} X", "X".repeat(40), "O".repeat(24));
        let s = g.parse(&full).unwrap();
        assert_eq!(g.terminal(&s, 0), Some(16));
        // X alone on the board with empties: the empties go to X
        let lone = format!("X{} O", "-".repeat(63));
        let s = g.parse(&lone).unwrap();
        assert_eq!(g.terminal(&s, 0), Some(-64));
        let s = g.start();
        assert_eq!(g.terminal(&s, 0), None);
        assert_eq!(g.parse_move(&s, "D3"), Some(19));
        assert_eq!(g.parse_move(&s, "a1"), None);
        assert_eq!(g.parse_move(&s, "pass"), None);
    }

    #[test]
    fn moves_to_reaches_random_positions() {
        // seeded random walks of 4 to 16 plies: the moves found replay to the same board (at
        // 23 plies a walk was not reached within 2M boards)
        let mut x = 0x2545_f491_4f6c_dd1d_u64;
        let mut longest = 0;
        for walk in 0..60u32 {
            let mut s = Othello8::start_board();
            for _ in 0..4 + walk % 13 {
                if Othello8::over(&s) {
                    break;
                }
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let n = s.mobility.count_ones().max(1);
                let mut m = PASS;
                let mut rest = s.mobility;
                for _ in 0..=(x % u64::from(n)) {
                    m = rest.trailing_zeros() as u8;
                    rest &= rest.wrapping_sub(1);
                }
                s = Othello8::after(&s, if s.mobility == 0 { PASS } else { m });
            }
            let path = Othello8::moves_to(&s, 2_000_000)
                .unwrap_or_else(|| panic!("walk {walk}: {}", text::format::<8>(&s)));
            let end = path
                .iter()
                .fold(Othello8::start_board(), |b, &m| Othello8::after(&b, m));
            assert_eq!(end, s);
            longest = longest.max(path.len());
        }
        assert!(longest >= 16, "{longest}");
    }
}
