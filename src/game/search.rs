//! [`SearchGame`]: what the generic search core (`engine::generic`) needs from a game beyond the
//! small [`Game`](super::Game) trait: a move type, incremental hash keys, an evaluation at the
//! horizon, an optional quiescence move list and move-ordering hooks. A game that implements it
//! gets every driver of the core (negamax, PVS, aspiration, MTD(f), MT-SSS\*, MT-DUAL\*,
//! null-window bisection, iterative deepening), the brute-force oracle, the runner and verify.
//!
//! Chess ([`super::chess::search_game`]) implements it; `examples/nim.rs` shows a game added in
//! one file.

/// Most moves a position can have (chess: 218, 19x19 Go: 362 with the pass); the core's move
/// lists are fixed arrays of this many moves on the stack, so the hot path never allocates.
pub const MAX_MOVES: usize = 368;

use std::mem::MaybeUninit;

/// A fixed-capacity list of moves on the stack. Its places past the length are left
/// uninitialised: a node makes one list, and filling all [`MAX_MOVES`] places (368, for
/// 19x19 Go's 362 moves) would cost every game each node, whatever its own branching.
#[derive(Clone, Copy)]
pub struct MoveList<M: Copy + Default> {
    /// Places `..len` hold moves (written by `push`), the rest are uninitialised.
    moves: [MaybeUninit<M>; MAX_MOVES],
    len: usize,
}

impl<M: Copy + Default> Default for MoveList<M> {
    fn default() -> Self {
        Self {
            moves: [MaybeUninit::uninit(); MAX_MOVES],
            len: 0,
        }
    }
}

impl<M: Copy + Default> MoveList<M> {
    /// Append a move (panics past [`MAX_MOVES`]: a game that can have more must say so).
    #[inline]
    pub fn push(&mut self, m: M) {
        self.moves[self.len] = MaybeUninit::new(m);
        self.len += 1;
    }
    /// The moves, in the order pushed.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        // SAFETY: places `..len` were written by `push` (`len` never exceeds it), and
        // `MaybeUninit<M>` has the layout of `M`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<M>(), self.len) }
    }
    /// The moves, mutable (the core reorders them in place).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        // SAFETY: as in `as_slice`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<M>(), self.len) }
    }
    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether there is no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// A two-player zero-sum game as the generic search core sees it (negamax form: every value is
/// from the point of view of the side to move).
///
/// Values must lie strictly inside `±`[`SearchGame::BOUND`]. The value of a position searched to
/// a fixed depth must be a function of the state alone (no path dependence such as repetition
/// draws), or the table's entries would not be exact for every path to a state.
pub trait SearchGame {
    /// A position.
    type State: Clone;
    /// A move: small and copyable; `Default` fills the unused places of a [`MoveList`].
    type Move: Copy + Default + Eq + std::fmt::Debug;

    /// Every value `v` satisfies `-BOUND < v < BOUND` (null-window bisection starts there).
    const BOUND: i32;
    /// Size of the history table: [`SearchGame::move_index`] is below it.
    const HISTORY_SIZE: usize;

    /// The position a move string names (chess: UCI moves or a FEN; the runner's `moves`).
    fn parse(&self, text: &str) -> Result<Self::State, String>;
    /// The hash key of a position (chess: the Zobrist key kept incrementally by the rules crate).
    fn key(&self, s: &Self::State) -> u64;
    /// The value of a finished game at `ply` plies from the root, or `None` if it goes on.
    /// Games with mates count the distance here (chess: mated at ply `p` is `−(MATE − p)`).
    fn terminal(&self, s: &Self::State, ply: u32) -> Option<i32>;
    /// Every legal move (called only when [`SearchGame::terminal`] is `None`).
    fn moves(&self, s: &Self::State, out: &mut MoveList<Self::Move>);
    /// The moves searched by quiescence (chess: captures); none by default, so `qs=on` is then
    /// the plain static evaluation.
    fn noisy_moves(&self, s: &Self::State, out: &mut MoveList<Self::Move>) {
        let _ = (s, out);
    }
    /// The position after `m`.
    fn play(&self, s: &Self::State, m: Self::Move) -> Self::State;
    /// The static evaluation at the horizon, for the side to move.
    fn evaluate(&self, s: &Self::State) -> i32;
    /// A static ordering score: higher is tried first (chess: captures by MVV-LVA). 0 default.
    fn order_hint(&self, s: &Self::State, m: Self::Move) -> i32 {
        let _ = (s, m);
        0
    }
    /// Whether a move may be a killer or earn history (chess: not a capture or promotion).
    fn is_quiet(&self, s: &Self::State, m: Self::Move) -> bool {
        let _ = (s, m);
        true
    }
    /// The move's index in the history table, below [`SearchGame::HISTORY_SIZE`].
    fn move_index(&self, m: Self::Move) -> usize;
    /// A value as the table stores it: a distance-to-mate value made relative to the stored
    /// position (identity for games without distances).
    fn to_table(&self, v: i32, ply: u32) -> i32 {
        let _ = ply;
        v
    }
    /// The inverse of [`SearchGame::to_table`] at `ply`.
    fn from_table(&self, v: i32, ply: u32) -> i32 {
        let _ = ply;
        v
    }
    /// The table's key of a position and the symmetry `sym` that maps it onto the member of
    /// its class the key was taken from (0 the identity): a game whose symmetries keep values
    /// may give every image of a position one table key (Othello's `sym=N`). The table then
    /// keeps its moves in that member's frame ([`SearchGame::move_to_table`]). The default:
    /// [`SearchGame::key`] and the identity.
    #[inline]
    fn table_key(&self, s: &Self::State) -> (u64, u8) {
        (self.key(s), 0)
    }
    /// Move `m` of a position whose [`SearchGame::table_key`] came with `sym`, as the table
    /// stores it (identity by default).
    #[inline]
    fn move_to_table(&self, m: Self::Move, sym: u8) -> Self::Move {
        let _ = sym;
        m
    }
    /// The inverse of [`SearchGame::move_to_table`]: a stored move in the position's frame.
    #[inline]
    fn move_from_table(&self, m: Self::Move, sym: u8) -> Self::Move {
        let _ = sym;
        m
    }
    /// The root value in the game's reported convention (chess: mate distances in moves, as
    /// UCI's `mate N`); identity by default.
    fn report(&self, v: i32) -> i32 {
        v
    }
    /// A move as text: one word of 1 to 8 ASCII characters, no space, no `:` (games files,
    /// move values and the line protocol separate moves by spaces; `verify` checks it), unique
    /// among the position's moves.
    fn move_text(&self, s: &Self::State, m: Self::Move) -> String;
    /// The legal move whose [`SearchGame::move_text`] is `text`, or `None` (not a legal move
    /// here): how a move chosen by an engine is checked and played. The default searches the
    /// legal moves; a game may answer faster.
    fn parse_move(&self, s: &Self::State, text: &str) -> Option<Self::Move> {
        let mut ms = MoveList::default();
        if self.terminal(s, 0).is_some() {
            return None;
        }
        self.moves(s, &mut ms);
        ms.as_slice()
            .iter()
            .copied()
            .find(|&m| self.move_text(s, m) == text)
    }
    /// The exact value, in the reported convention, that a search value `v` (the core's, as
    /// [`SearchGame::terminal`] and [`SearchGame::evaluate`] give them) stands for when it is
    /// proven, i.e. when it comes from finished games only and not from a horizon evaluation
    /// (chess: a mate score); `None` for a heuristic value, and for every value of a game that
    /// cannot tell them apart (the default). Quality runs score an engine's proofs by it.
    ///
    /// The contract: whenever a search of any depth returns `v` and `proven(v)` is `Some(x)`,
    /// `x` is the position's exact value (what a search to the end gives). A game whose
    /// evaluation can take the values of finished games (a disc difference) cannot tell and
    /// must keep the default. `verify --game NAME` checks the contract against the search to
    /// the end on its seeded positions.
    fn proven(&self, v: i32) -> Option<i32> {
        let _ = v;
        None
    }

    /// The game's own spec options, beside the core's (`parity=on` for Othello): the keys for
    /// error messages, `""` for none.
    const OPTION_KEYS: &'static str = "";
    /// Apply the game's option `key=value` to this game value; `None` when `key` is not one of
    /// the game's (then it is the core's).
    fn set_option(&mut self, key: &str, value: &str) -> Option<Result<(), String>> {
        let _ = (key, value);
        None
    }
    /// The game's options that differ from its default (`parity=on,last=4`), `""` for none.
    fn options_text(&self) -> String {
        String::new()
    }
    /// The settings of the game's options that `verify --game` checks beside the default (each
    /// must give every value the default gives); none by default.
    fn option_variants(&self) -> Vec<Self>
    where
        Self: Sized,
    {
        Vec::new()
    }
    /// The value of `s` by the game's own exact routine (Othello's last-empties solver), when
    /// the game has one for `s` and `depth` plies reach the end of every line from it: fail-soft
    /// in `(alpha, beta)` as the core's node procedure is, its positions counted into `count`.
    /// `None` (the default): the core searches `s` itself.
    #[inline]
    fn solve_small(
        &self,
        s: &Self::State,
        depth: u32,
        alpha: i32,
        beta: i32,
        count: &mut NodeCount,
    ) -> Option<i32> {
        let _ = (s, depth, alpha, beta, count);
        None
    }
}

/// The positions a game's own routine ([`SearchGame::solve_small`]) visited: those with a
/// child searched (interior) and those scored without one (leaves); the root included.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NodeCount {
    pub interior: u64,
    pub leaves: u64,
}
