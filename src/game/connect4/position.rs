//! The bitboard position: play, threats, non-losing moves, keys and mirror images.

use std::fmt;
use thiserror::Error;

mod claimeven;
mod mirror;

/// Why a move string does not describe a position that can be solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A character that is not a column of this board (`1..=W`, then `a`.. for columns 10 and
    /// up, see [`super::board`]).
    #[error(
        "invalid character {ch:?} at index {index}: not a column of a {width}-column board \
         (columns are {})",
        super::board::column_range(*width)
    )]
    InvalidChar {
        index: usize,
        ch: char,
        width: usize,
    },
    /// A move into a column that is already full.
    #[error("column {column} is full at index {index}")]
    ColumnFull { index: usize, column: usize },
    /// A move after one side already made four in a row.
    #[error("move at index {index} comes after the game was already won")]
    MoveAfterWin { index: usize },
    /// The last move made four in a row: the side to move has already lost.
    #[error("the side to move has already lost (four in a row made by the move at index {index})")]
    AlreadyLost { index: usize },
}

/// A Connect-4 position on a `W`×`H` board (`W·(H+1) ≤ 64`), as two bitboards.
///
/// Copy it to make a child (`let mut child = pos; child.play(mv)`): it is 17 bytes and never
/// allocates.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position<const W: usize = 7, const H: usize = 6> {
    /// Stones of the side to move.
    current: u64,
    /// All stones.
    mask: u64,
    /// Stones played so far.
    moves: u32,
}

const fn bottom_mask(w: usize, h: usize) -> u64 {
    let mut m = 0u64;
    let mut c = 0;
    while c < w {
        m |= 1u64 << (c * (h + 1));
        c += 1;
    }
    m
}

impl<const W: usize, const H: usize> Default for Position<W, H> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const W: usize, const H: usize> Position<W, H> {
    /// Board width (columns).
    pub const WIDTH: usize = W;
    /// Board height (rows).
    pub const HEIGHT: usize = H;
    /// Number of cells.
    pub const CELLS: u32 = (W * H) as u32;
    /// Bits a key spans: `W·(H+1)`.
    pub const KEY_BITS: u32 = (W * (H + 1)) as u32;
    /// The lowest cell of every column.
    pub const BOTTOM: u64 = bottom_mask(W, H);
    /// Every playable cell.
    pub const BOARD: u64 = Self::BOTTOM * ((1u64 << H) - 1);
    /// The cells of the even rows counted from the bottom (the 2nd, 4th, ...): the cells the
    /// second player can claim by answering every move on top of it (Allis's claimeven).
    pub const EVEN_ROWS: u64 = Self::BOTTOM * (0xAAAA_AAAA_AAAA_AAAA & ((1u64 << H) - 1));
    const FITS: () = assert!(
        W * (H + 1) <= 64 && W >= 1 && H >= 1,
        "board too large for u64"
    );

    /// The empty board.
    #[must_use]
    pub const fn new() -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Self::FITS;
        Self {
            current: 0,
            mask: 0,
            moves: 0,
        }
    }

    /// Parse a move string (columns `1..=W`, `a`.. for columns 10 and up), rejecting illegal or
    /// decided positions.
    pub fn from_moves(moves: &str) -> Result<Self, ParseError> {
        let mut pos = Self::new();
        let mut won_at: Option<usize> = None;
        for (index, ch) in moves.chars().enumerate() {
            let col = match super::board::column_of_char(ch, W) {
                Some(c) => c,
                None => {
                    return Err(ParseError::InvalidChar {
                        index,
                        ch,
                        width: W,
                    })
                }
            };
            if won_at.is_some() {
                return Err(ParseError::MoveAfterWin { index });
            }
            if !pos.can_play(col) {
                return Err(ParseError::ColumnFull {
                    index,
                    column: col + 1,
                });
            }
            if pos.is_winning_move(col) {
                won_at = Some(index);
            }
            pos.play_col(col);
        }
        match won_at {
            Some(index) => Err(ParseError::AlreadyLost { index }),
            None => Ok(pos),
        }
    }

    /// Stones played so far.
    #[inline]
    #[must_use]
    pub const fn nb_moves(&self) -> u32 {
        self.moves
    }

    /// Empty cells left.
    #[inline]
    #[must_use]
    pub const fn cells_left(&self) -> u32 {
        Self::CELLS - self.moves
    }

    /// Stones of the side to move.
    #[inline]
    #[must_use]
    pub const fn current(&self) -> u64 {
        self.current
    }

    /// All stones.
    #[inline]
    #[must_use]
    pub const fn mask(&self) -> u64 {
        self.mask
    }

    /// Cells of column `col`.
    #[inline]
    #[must_use]
    pub const fn column_mask(col: usize) -> u64 {
        ((1u64 << H) - 1) << (col * (H + 1))
    }

    #[inline]
    const fn top_mask_col(col: usize) -> u64 {
        1u64 << (H - 1 + col * (H + 1))
    }

    #[inline]
    const fn bottom_mask_col(col: usize) -> u64 {
        1u64 << (col * (H + 1))
    }

    /// Whether column `col` (0-based) has room.
    #[inline]
    #[must_use]
    pub const fn can_play(&self, col: usize) -> bool {
        self.mask & Self::top_mask_col(col) == 0
    }

    /// Play column `col` (0-based).
    ///
    /// # Panics
    /// In debug builds, if the column is full or out of range.
    #[inline]
    pub fn play_col(&mut self, col: usize) {
        debug_assert!(col < W && self.can_play(col));
        self.play((self.mask + Self::bottom_mask_col(col)) & Self::column_mask(col));
    }

    /// Play the move given as a one-bit board (a cell from [`Self::possible`]).
    #[inline]
    pub fn play(&mut self, mv: u64) {
        debug_assert!(mv.count_ones() == 1 && mv & self.possible() == mv);
        self.current ^= self.mask;
        self.mask |= mv;
        self.moves += 1;
    }

    /// Whether playing column `col` makes four in a row for the side to move.
    #[inline]
    #[must_use]
    pub fn is_winning_move(&self, col: usize) -> bool {
        self.winning_position() & self.possible() & Self::column_mask(col) != 0
    }

    /// Whether the side to move can win with its next stone.
    #[inline]
    #[must_use]
    pub fn can_win_next(&self) -> bool {
        self.winning_position() & self.possible() != 0
    }

    /// Cells where a stone can be played now, one per non-full column.
    #[inline]
    #[must_use]
    pub const fn possible(&self) -> u64 {
        (self.mask + Self::BOTTOM) & Self::BOARD
    }

    /// Empty cells that would complete four for the side to move (playable now or not).
    #[inline]
    #[must_use]
    pub const fn winning_position(&self) -> u64 {
        Self::compute_winning_position(self.current, self.mask)
    }

    /// Empty cells that would complete four for the opponent.
    #[inline]
    #[must_use]
    pub const fn opponent_winning_position(&self) -> u64 {
        Self::compute_winning_position(self.current ^ self.mask, self.mask)
    }

    /// Moves that do not let the opponent win at once: a forced block if the opponent threatens
    /// one cell, nothing if it threatens two playable cells, and never a cell directly below an
    /// opponent's winning cell. Assumes the side to move cannot win at once.
    #[inline]
    #[must_use]
    pub const fn possible_non_losing_moves(&self) -> u64 {
        debug_assert!(!self.can_win_next_const());
        self.non_losing_moves_given(self.opponent_winning_position())
    }

    /// [`Self::possible_non_losing_moves`] with the opponent's winning cells already computed
    /// (the search needs them for other things too, and they are the costly part).
    #[inline]
    #[must_use]
    pub const fn non_losing_moves_given(&self, opponent_win: u64) -> u64 {
        let mut possible = self.possible();
        let forced = possible & opponent_win;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(opponent_win >> 1)
    }

    const fn can_win_next_const(&self) -> bool {
        self.winning_position() & self.possible() != 0
    }

    /// Empty cells (of this position) that would complete four for the side to move after it
    /// plays `mv`: [`Self::move_score`] is its size, and without `mv` it is the child's
    /// opponent winning cells.
    #[inline]
    #[must_use]
    pub const fn winning_position_after(&self, mv: u64) -> u64 {
        Self::compute_winning_position(self.current | mv, self.mask)
    }

    /// [`Self::winning_position_after`] of two moves at once, the two maps computed side by
    /// side in the two 64-bit lanes of an SSE2 register (part of every x86-64): about half the
    /// instructions of two calls. A move of 0 gives the map of the position itself.
    #[inline(always)]
    #[must_use]
    pub fn winning_positions_after_pair(&self, a: u64, b: u64) -> [u64; 2] {
        #[cfg(target_arch = "x86_64")]
        {
            Self::winning_pair_sse2(self.current | a, self.current | b, self.mask)
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            [
                self.winning_position_after(a),
                self.winning_position_after(b),
            ]
        }
    }

    /// [`Self::compute_winning_position`] of `pa` and `pb` in the two lanes of one register.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    #[allow(unused_unsafe)]
    fn winning_pair_sse2(pa: u64, pb: u64, mask: u64) -> [u64; 2] {
        use std::arch::x86_64::{
            __m128i, _mm_and_si128, _mm_cvtsi128_si64, _mm_cvtsi32_si128, _mm_or_si128,
            _mm_set1_epi64x, _mm_set_epi64x, _mm_sll_epi64, _mm_srl_epi64, _mm_unpackhi_epi64,
        };
        // SAFETY: SSE2 is enabled on every x86-64 target; these are register operations.
        unsafe {
            let shl = |v: __m128i, s: usize| _mm_sll_epi64(v, _mm_cvtsi32_si128(s as i32));
            let shr = |v: __m128i, s: usize| _mm_srl_epi64(v, _mm_cvtsi32_si128(s as i32));
            let and = |x: __m128i, y: __m128i| _mm_and_si128(x, y);
            let p = _mm_set_epi64x(pb as i64, pa as i64);
            let mut r = and(and(shl(p, 1), shl(p, 2)), shl(p, 3));
            for s in [H + 1, H, H + 2] {
                let q = and(shl(p, s), shl(p, 2 * s));
                r = _mm_or_si128(r, and(q, shl(p, 3 * s)));
                r = _mm_or_si128(r, and(q, shr(p, s)));
                let q = and(shr(p, s), shr(p, 2 * s));
                r = _mm_or_si128(r, and(q, shl(p, s)));
                r = _mm_or_si128(r, and(q, shr(p, 3 * s)));
            }
            let r = and(r, _mm_set1_epi64x((Self::BOARD ^ mask) as i64));
            [
                _mm_cvtsi128_si64(r) as u64,
                _mm_cvtsi128_si64(_mm_unpackhi_epi64(r, r)) as u64,
            ]
        }
    }

    /// Ordering score of a move: how many winning cells the side to move holds after it.
    #[inline]
    #[must_use]
    pub const fn move_score(&self, mv: u64) -> u32 {
        Self::compute_winning_position(self.current | mv, self.mask).count_ones()
    }

    /// Number of threats (winning cells, playable or not) of the side to move.
    #[inline]
    #[must_use]
    pub const fn threat_count(&self) -> u32 {
        self.winning_position().count_ones()
    }

    /// A key unique to the position: `current + mask` (fits in `W·(H+1)` bits).
    #[inline]
    #[must_use]
    pub const fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// Cells that complete an alignment of four for the stones `position`, among the empty cells
    /// of `mask`. Horizontal, vertical and both diagonals, by shifting.
    #[inline]
    const fn compute_winning_position(position: u64, mask: u64) -> u64 {
        let h1 = H + 1;
        // vertical: three stones below
        let mut r = (position << 1) & (position << 2) & (position << 3);
        // horizontal and both diagonals: shift by H+1, H, H+2
        let shifts = [h1, H, H + 2];
        let mut i = 0;
        while i < 3 {
            let s = shifts[i];
            let mut p = (position << s) & (position << (2 * s));
            r |= p & (position << (3 * s));
            r |= p & (position >> s);
            p = (position >> s) & (position >> (2 * s));
            r |= p & (position << s);
            r |= p & (position >> (3 * s));
            i += 1;
        }
        r & (Self::BOARD ^ mask)
    }

    /// Whether the stones `position` contain four in a row.
    #[must_use]
    pub const fn has_alignment(position: u64) -> bool {
        let shifts = [H + 1, H, H + 2, 1];
        let mut i = 0;
        while i < 4 {
            let s = shifts[i];
            let m = position & (position >> s);
            if m & (m >> (2 * s)) != 0 {
                return true;
            }
            i += 1;
        }
        false
    }

    /// Whether the side to move (`mover`) or its opponent could still make a four: whether its
    /// stones and the empty cells together hold one. `false` means that side can no longer
    /// win, whatever is played.
    #[inline]
    #[must_use]
    pub const fn can_still_win(&self, mover: bool) -> bool {
        let own = if mover {
            self.current
        } else {
            self.current ^ self.mask
        };
        Self::has_alignment(own | (Self::BOARD & !self.mask))
    }

    /// Whether the side that just moved has four in a row.
    #[must_use]
    pub const fn last_mover_won(&self) -> bool {
        Self::has_alignment(self.current ^ self.mask)
    }

    /// Column (0-based) of a one-bit move.
    #[inline]
    #[must_use]
    pub const fn column_of(mv: u64) -> usize {
        mv.trailing_zeros() as usize / (H + 1)
    }

    /// Stone at (column, row) from the bottom: `Some(true)` for the side to move, `Some(false)`
    /// for the opponent, `None` if empty.
    #[must_use]
    pub const fn cell(&self, col: usize, row: usize) -> Option<bool> {
        let bit = 1u64 << (col * (H + 1) + row);
        if self.mask & bit == 0 {
            None
        } else {
            Some(self.current & bit != 0)
        }
    }
}

impl<const W: usize, const H: usize> fmt::Debug for Position<W, H> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Position({} moves, {} to move)",
            self.moves,
            if self.moves % 2 == 0 { 'X' } else { 'O' }
        )?;
        fmt::Display::fmt(self, f)
    }
}

/// Draws the board with `X` for the first player and `O` for the second, top row first.
impl<const W: usize, const H: usize> fmt::Display for Position<W, H> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x_to_move = self.moves % 2 == 0;
        for row in (0..H).rev() {
            for col in 0..W {
                let c = match self.cell(col, row) {
                    None => '.',
                    Some(mine) => {
                        if mine == x_to_move {
                            'X'
                        } else {
                            'O'
                        }
                    }
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    type B = Position<7, 6>;

    #[test]
    fn parse_and_errors() {
        assert_eq!(B::from_moves("4453").unwrap().nb_moves(), 4);
        assert_eq!(B::from_moves("").unwrap(), B::new());
        assert_eq!(
            B::from_moves("44a"),
            Err(ParseError::InvalidChar {
                index: 2,
                ch: 'a',
                width: 7
            })
        );
        assert_eq!(
            B::from_moves("8"),
            Err(ParseError::InvalidChar {
                index: 0,
                ch: '8',
                width: 7
            })
        );
        assert_eq!(
            B::from_moves("0"),
            Err(ParseError::InvalidChar {
                index: 0,
                ch: '0',
                width: 7
            })
        );
        assert_eq!(
            B::from_moves("1111111"),
            Err(ParseError::ColumnFull {
                index: 6,
                column: 1
            })
        );
        // X plays 1,1,1,1 vertically: 1 2 1 2 1 2 1
        assert_eq!(
            B::from_moves("1212121"),
            Err(ParseError::AlreadyLost { index: 6 })
        );
        assert_eq!(
            B::from_moves("12121213"),
            Err(ParseError::MoveAfterWin { index: 7 })
        );
    }

    #[test]
    fn keys_and_mirror() {
        let p = B::from_moves("1122").unwrap();
        let m = B::from_moves("7766").unwrap();
        assert_eq!(p.mirror(), m);
        assert_eq!(p.mirror_key(), m.key());
        assert_eq!(p.canonical_key(), m.canonical_key());
        assert_ne!(p.key(), m.key());
        assert_eq!(p.mirror().mirror(), p);
    }

    /// The delta-swap mirror equals the column loop on every value of `W·(H+1)` bits.
    fn swap_equals_loop<const W: usize, const H: usize>(b: u64) {
        let b = b & ((1u64 << Position::<W, H>::KEY_BITS) - 1);
        assert_eq!(
            Position::<W, H>::mirror_bits_swap(b),
            Position::<W, H>::mirror_bits(b),
            "{W}x{H} {b:#x}"
        );
    }

    proptest::proptest! {
        #[test]
        fn mirror_swap_equals_loop(b in proptest::prelude::any::<u64>()) {
            swap_equals_loop::<7, 6>(b);
            swap_equals_loop::<7, 4>(b);
            swap_equals_loop::<7, 5>(b);
            swap_equals_loop::<7, 7>(b);
            swap_equals_loop::<7, 8>(b);
            swap_equals_loop::<6, 5>(b);
            swap_equals_loop::<4, 4>(b);
        }

        #[test]
        fn canonical_swap_equals_canonical(cols in proptest::collection::vec(0usize..7, 0..42)) {
            let mut p = B::new();
            for c in cols {
                if p.can_play(c) && !p.is_winning_move(c) {
                    p.play_col(c);
                    proptest::prop_assert_eq!(p.canonical_key_swap(), p.canonical_key());
                    proptest::prop_assert_eq!(B::mirror_bits_swap(p.key()), p.mirror().key());
                }
            }
        }
    }

    #[test]
    fn mirror_swap_on_single_bits() {
        for i in 0..B::KEY_BITS {
            swap_equals_loop::<7, 6>(1 << i);
        }
        swap_equals_loop::<7, 6>(u64::MAX);
    }

    #[test]
    fn winning_pairs_equal_single_maps() {
        let positions = "/4453/3344553/32751571231557/335662333565/2416615552";
        for moves in positions.split('/') {
            let p = Position::<7, 6>::from_moves(moves).unwrap();
            let poss = p.possible();
            let mut a = poss;
            while a != 0 {
                let mv = a & a.wrapping_neg();
                a &= a - 1;
                let [x, y] = p.winning_positions_after_pair(mv, 0);
                assert_eq!(x, p.winning_position_after(mv));
                assert_eq!(y, p.winning_position());
                let [x, y] = p.winning_positions_after_pair(poss & !mv, mv);
                assert_eq!(x, p.winning_position_after(poss & !mv));
                assert_eq!(y, p.winning_position_after(mv));
            }
        }
    }

    #[test]
    fn threats_and_non_losing() {
        // X: 1,2,3 on the bottom row; O on top of them. X to move wins in column 4 (or... ).
        let p = B::from_moves("112233").unwrap();
        assert!(p.can_win_next());
        assert!(p.is_winning_move(3));
        assert!(!p.is_winning_move(4));
        // After X plays elsewhere, O must block column 4.
        let q = B::from_moves("1122337").unwrap();
        assert_eq!(
            q.possible_non_losing_moves(),
            B::column_mask(3) & q.possible()
        );
    }

    #[test]
    fn small_boards_fit() {
        type S = Position<4, 4>;
        let p = S::from_moves("1234").unwrap();
        assert_eq!(p.nb_moves(), 4);
        assert_eq!(S::CELLS, 16);
        assert!(S::from_moves("5").is_err());
    }

    #[test]
    fn wide_boards_use_letters() {
        type Wide = Position<12, 4>;
        let p = Wide::from_moves("abc9").unwrap();
        assert_eq!(p.nb_moves(), 4);
        assert_eq!(p.cell(9, 0), Some(true));
        assert_eq!(p.cell(10, 0), Some(false));
        assert_eq!(p.cell(11, 0), Some(true));
        let e = Position::<10, 4>::from_moves("1ab").unwrap_err();
        assert_eq!(
            e,
            ParseError::InvalidChar {
                index: 2,
                ch: 'b',
                width: 10
            }
        );
        assert_eq!(
            e.to_string(),
            "invalid character 'b' at index 2: not a column of a 10-column board (columns are 1..9, a)"
        );
        assert_eq!(
            B::from_moves("48").unwrap_err().to_string(),
            "invalid character '8' at index 1: not a column of a 7-column board (columns are 1..7)"
        );
    }
}
