//! Go on a square board (`go2`, `go3`, `go4`, `go5`, `go9`, `go13`, `go19`; any side from 2 to 19
//! by a type), a
//! game of the generic core ([`SearchGame`]) with every command of an added game
//! ([`OpenGame`]), built into the binary.
//!
//! - **Rules**: Tromp-Taylor area scoring (stones plus empty regions that reach only one
//!   colour) with an integer komi (0 up to 5x5, so that values are the published margins; 7
//!   from 7x7), **positional superko** (a stone may not recreate any earlier board of the game),
//!   **suicide forbidden** (as in OpenSpiel and GNU Go; Tromp-Taylor allows it), two passes in a
//!   row end the game, and so does the ply cap `CAP` (the game is then counted as it stands;
//!   OpenSpiel's `max_game_length` (2 x N² plies) from 5x5 on, generous below it: 2x2 never
//!   reaches it; twice it on 9x9 and 13x13, where games against GTP engines go past it; 722 on
//!   19x19, OpenSpiel's, far beyond the ~250-350 plies of a game between players).
//! - **State**: the board on an array with a border ([`board::GoState`]), the hashes of every
//!   earlier board, the moves played and the passes in a row: the value is a function of the
//!   state alone, as the core's table needs.
//! - **Key**: the stones' Zobrist hash mixed with a rolling hash of the moves played: the whole
//!   history (the superko set, the ply and with it the side to move, the passes in a row) is in
//!   it, and two move sequences (two texts) never share a key, as `verify` demands. Two
//!   histories that leave the same board, the same set of earlier boards and the same ply are
//!   equivalent, but their transposition is not shared.
//! - **Position text**: the moves from the empty board in GTP coordinates, `go:5 C3 D4 pass`
//!   ([`text`]); moves `A1`.. (no `I`), `pass`.
//! - **Evaluation** at a horizon: the area count as it stands, komi included, for the side to
//!   move (it takes the values of finished games, so [`SearchGame::proven`] stays `None`).
//! - **Ordering hint**: nearer the centre first, the pass last.
//! - 19x19 has 362 moves with the pass: the core's move list (`MAX_MOVES`) holds 368.

pub mod benson;
pub mod board;
pub mod exact;
pub mod small;
pub mod sym;
pub mod text;

use super::open::OpenGame;
use super::search::{MoveList, SearchGame};
use board::{mix, GoState, EMPTY, PASS};

/// Go on the board of side `N` (`CELLS = (N + 2)²`, `CAP` the ply cap, `BLOOM` the words of
/// the superko set's Bloom filter).
#[derive(Debug, Clone, Copy, Default)]
pub struct Go<const N: usize, const CELLS: usize, const CAP: usize, const BLOOM: usize = 4>;

/// 2x2 (the cap is never reached: superko bounds a game by its 57 legal boards).
pub type Go2 = Go<2, 16, 128>;
/// 3x3.
pub type Go3 = Go<3, 25, 96>;
/// 4x4.
pub type Go4 = Go<4, 36, 96>;
/// 5x5 (OpenSpiel's cap: 50).
pub type Go5 = Go<5, 49, 50>;
/// 9x9 (twice OpenSpiel's cap, 324: games against GTP engines go past 162 plies).
pub type Go9 = Go<9, 121, 324>;
/// 13x13 (twice OpenSpiel's cap, 676; a 2,048-bit Bloom filter).
pub type Go13 = Go<13, 225, 676, 32>;
/// 19x19 (OpenSpiel's cap, 722 = 2 x 361; a 4,096-bit Bloom filter: with 256 bits a game's
/// hundreds of boards fill it, and every legal point scanned them all).
pub type Go19 = Go<19, 441, 722, 64>;

impl<const N: usize, const CELLS: usize, const CAP: usize, const BLOOM: usize>
    Go<N, CELLS, CAP, BLOOM>
{
    /// The array's row length.
    pub const W: usize = N + 2;
    /// Komi (to White): 0 up to 5x5, 7 from 7x7.
    pub const KOMI: i32 = if N >= 7 { 7 } else { 0 };

    /// The empty board, Black to move.
    #[must_use]
    pub fn empty() -> GoState<CELLS, CAP, BLOOM> {
        GoState::empty(N)
    }

    /// Whether the game is over: two passes in a row, or the ply cap.
    #[inline]
    #[must_use]
    pub fn over(s: &GoState<CELLS, CAP, BLOOM>) -> bool {
        s.passes >= 2 || s.ply as usize >= CAP
    }

    /// The area count minus komi for the side to move.
    #[inline]
    #[must_use]
    pub fn score(s: &GoState<CELLS, CAP, BLOOM>) -> i32 {
        let d = s.area(Self::W) - Self::KOMI;
        if s.black_to_move {
            d
        } else {
            -d
        }
    }

    /// Whether a stone at the empty cell `p` is legal: not suicide, no earlier board again.
    #[inline]
    #[must_use]
    pub fn legal_point(s: &GoState<CELLS, CAP, BLOOM>, p: usize) -> bool {
        s.board[p] == EMPTY && s.hash_after(Self::W, p).is_some_and(|h| !s.seen_before(h))
    }

    /// Whether the stone at `p` is refused by superko alone (it would capture or live, but
    /// recreates an earlier board).
    #[must_use]
    pub fn superko_refused(s: &GoState<CELLS, CAP, BLOOM>, p: usize) -> bool {
        s.board[p] == EMPTY && s.hash_after(Self::W, p).is_some_and(|h| s.seen_before(h))
    }

    /// The cells of the board.
    pub fn points() -> impl Iterator<Item = usize> {
        (0..N).flat_map(|r| (0..N).map(move |c| (r + 1) * (N + 2) + c + 1))
    }

    /// Black's area count minus komi after `moves` (texts from the empty board, each checked).
    pub fn black_margin<'a>(moves: impl IntoIterator<Item = &'a str>) -> Result<i32, String> {
        Ok(Self::replay(moves)?.area(Self::W) - Self::KOMI)
    }

    /// The position after the moves of `moves` (texts), each checked.
    pub fn replay<'a>(
        moves: impl IntoIterator<Item = &'a str>,
    ) -> Result<GoState<CELLS, CAP, BLOOM>, String> {
        let g = Self;
        let mut s = Self::empty();
        for (i, t) in moves.into_iter().enumerate() {
            let m = g
                .parse_move(&s, t)
                .ok_or_else(|| format!("move {} `{t}` is not legal on go{N} there", i + 1))?;
            s = g.play(&s, m);
        }
        Ok(s)
    }
}

/// The komi of the built-in board of side `n` (2, 3, 4, 5, 9, 13, 19) and Black's area count minus
/// komi after `moves` (texts from the empty board); an error for another side or a move that is
/// not legal there.
pub fn komi_and_margin(n: usize, moves: &[&str]) -> Result<(i32, i32), String> {
    let m = moves.iter().copied();
    match n {
        2 => Ok((Go2::KOMI, Go2::black_margin(m)?)),
        3 => Ok((Go3::KOMI, Go3::black_margin(m)?)),
        4 => Ok((Go4::KOMI, Go4::black_margin(m)?)),
        5 => Ok((Go5::KOMI, Go5::black_margin(m)?)),
        9 => Ok((Go9::KOMI, Go9::black_margin(m)?)),
        13 => Ok((Go13::KOMI, Go13::black_margin(m)?)),
        19 => Ok((Go19::KOMI, Go19::black_margin(m)?)),
        _ => Err(format!("no built-in Go board of side {n}")),
    }
}

impl<const N: usize, const CELLS: usize, const CAP: usize, const BLOOM: usize> SearchGame
    for Go<N, CELLS, CAP, BLOOM>
{
    type State = GoState<CELLS, CAP, BLOOM>;
    type Move = u16;

    const BOUND: i32 = (N * N) as i32 + Self::KOMI + 1;
    const HISTORY_SIZE: usize = CELLS;

    fn parse(&self, text: &str) -> Result<Self::State, String> {
        Self::replay(text::moves_of(N, text)?)
    }

    #[inline]
    fn key(&self, s: &Self::State) -> u64 {
        mix(s.hash ^ mix(s.line ^ 0x6a09_e667_f3bc_c908))
    }

    #[inline]
    fn terminal(&self, s: &Self::State, _ply: u32) -> Option<i32> {
        Self::over(s).then(|| Self::score(s))
    }

    #[inline]
    fn moves(&self, s: &Self::State, out: &mut MoveList<u16>) {
        for p in Self::points() {
            if Self::legal_point(s, p) {
                out.push(p as u16);
            }
        }
        out.push(PASS);
    }

    #[inline]
    fn play(&self, s: &Self::State, m: u16) -> Self::State {
        let mut t = *s;
        t.apply(Self::W, m);
        t
    }

    fn evaluate(&self, s: &Self::State) -> i32 {
        Self::score(s)
    }

    /// Nearer the centre first, the pass last.
    #[inline]
    fn order_hint(&self, _s: &Self::State, m: u16) -> i32 {
        if m == PASS {
            return -4 * N as i32;
        }
        let (r, c) = ((m as usize / Self::W) as i32, (m as usize % Self::W) as i32);
        let mid = (N as i32 + 1) / 2;
        -((2 * r - 2 * mid).abs() + (2 * c - 2 * mid).abs())
    }

    #[inline]
    fn move_index(&self, m: u16) -> usize {
        m as usize
    }

    fn move_text(&self, _s: &Self::State, m: u16) -> String {
        text::point_text(N, m)
    }

    fn parse_move(&self, s: &Self::State, t: &str) -> Option<u16> {
        let m = text::parse_point(N, t)?;
        if Self::over(s) {
            return None;
        }
        (m == PASS || Self::legal_point(s, m as usize)).then_some(m)
    }
}

impl<const N: usize, const CELLS: usize, const CAP: usize, const BLOOM: usize> OpenGame
    for Go<N, CELLS, CAP, BLOOM>
{
    const NAME: &'static str = match N {
        2 => "go2",
        3 => "go3",
        4 => "go4",
        5 => "go5",
        9 => "go9",
        13 => "go13",
        19 => "go19",
        _ => "go",
    };
    const MAX_PLY: u32 = CAP as u32;
    /// Random games pass often enough to end early: positions of `verify` are drawn up to the
    /// board's points; on 2x2, whose plies 0-3 give only 13 distinct positions, up to ply 24
    /// (93 positions: 2x2's superko fights go on long after its 4 points first fill).
    ///
    /// From 13x13 on, up to ply 20: a position's checks there cost hundreds of times a small
    /// board's (362 moves a node on 19x19), and the rules' own test is OpenSpiel's
    /// (`tests/go.rs`, whole games).
    const VERIFY_PLIES: u32 = if N == 2 {
        24
    } else if N >= 13 {
        20
    } else {
        (N * N) as u32
    };
    /// Brute force at depths 1-3, from 13x13 on at depth 1 only (every driver and variant is
    /// compared at each oracle depth, and a play copies the ~9 KB state: 362² positions a
    /// search at depth 2 on 19x19).
    const ORACLE_DEPTHS: &'static [(u32, bool)] = if N >= 13 {
        &[(1, false)]
    } else {
        &[(1, false), (2, false), (3, false)]
    };
    /// From 13x13 on, 10,000 nodes to try brute force to the end (never within reach there).
    const END_BUDGET: u64 = if N >= 13 { 10_000 } else { 1_000_000 };
    /// From 13x13 on, 2,000 positions (the start, every position of ply 1, then part of ply 2):
    /// each plays all its ~360 moves and reads every child's text back, on a state of ~9 KB.
    const WALK_POSITIONS: usize = if N >= 13 { 2_000 } else { 20_000 };
    /// Depth 4, and on 2x2 depth 10: at depth 4 none of 2x2's positions told a PVS that does
    /// not re-search a fail-high (the `pvs-no-research` mutant) from a correct one; from depth
    /// 5 on `go:2 A1` does (`docs/go.md`).
    /// From 13x13 on, depth 2: `go19-pvs:depth=3` visits about 1.4M nodes (2.6 s) a position,
    /// and `verify` searches every driver and variant.
    const CHECK_DEPTH: (u32, bool) = if N == 2 {
        (10, false)
    } else if N >= 13 {
        (2, false)
    } else {
        (4, false)
    };
    /// From 13x13 on, depth 3 on 6 positions of ply 0.7N² as well: depth 2 cannot tell the
    /// `pvs-no-research` mutant (a fail high of a null window is exact there), nor could depth 3
    /// on ten 19x19 positions of plies 8-150, where nearly every move adds one stone to the
    /// area count and the first reply tried is the best. Later it told 3 of 6 19x19 positions
    /// (plies 200 and 250) and 5 of 12 13x13 ones (plies 80, 117 and 150); at ply 240, 4 19x19
    /// positions did not. `verify --game go19 --per-ply 1`: 137 s; `go13`: 21 s.
    const DEEP_CHECK: Option<crate::game::open::DeepCheck> = if N >= 13 {
        Some(crate::game::open::DeepCheck {
            depth: 3,
            ply: (N * N * 7 / 10) as u32,
            positions: 6,
        })
    } else {
        None
    };
    const END_IN_REACH: bool = false;

    fn start(&self) -> Self::State {
        Self::empty()
    }

    fn text(&self, s: &Self::State) -> String {
        let mut out = format!("go:{N}");
        for &m in &s.played[..(s.ply as usize).min(CAP)] {
            out.push(' ');
            out.push_str(&text::point_text(N, m));
        }
        out
    }
}

#[cfg(test)]
mod tests;
