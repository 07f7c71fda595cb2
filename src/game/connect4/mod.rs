//! Connect-4: a bitboard position, move strings, and the score convention.
//!
//! # Bit layout
//!
//! A `W`×`H` board is stored column by column, `H + 1` bits per column: `H` playable cells plus
//! one guard bit on top that keeps shifted alignments from wrapping into the next column. For the
//! default 7×6 board the bit indices are
//!
//! ```text
//!   .  .  .  .  .  .  .      <- guard row, always 0
//!   5 12 19 26 33 40 47
//!   4 11 18 25 32 39 46
//!   3 10 17 24 31 38 45
//!   2  9 16 23 30 37 44
//!   1  8 15 22 29 36 43
//!   0  7 14 21 28 35 42      <- bottom row
//! ```
//!
//! A position keeps two bitboards: `mask` (every stone) and `current` (the stones of the side to
//! move). `current + mask` is a unique key: adding the bottom bit of every column to `mask`
//! marks the first empty cell of each column, and `current` says who owns every cell below it.
//!
//! | board (X to move) | `mask` col 0 | `current` col 0 | key col 0 |
//! |---|---|---|---|
//! | column 0 holds X, O from the bottom | `0000011` | `0000001` | `0000100` + `0000001` |
//!
//! # Score convention
//!
//! Shared by Pascal Pons' solver and BitBully: the score is seen from the side to move, 0 is a
//! draw, a positive score a win. A win with the winner's `k`-th stone scores
//! `(W·H + 2) / 2 − k` (22 − k on 7×6), a loss the negative of the winner's score. So an
//! immediate win on a board with `n` stones scores `(W·H + 1 − n) / 2`, and the faster the win
//! the larger the score. See [`score`] for the conversion to plies left.
//!
//! # Move strings
//!
//! Positions are written as the sequence of columns played, digits `1..=W` from the left
//! (`"4453"`: four moves, starting in the centre), Pons' convention. Boards wider than nine
//! columns go on with letters: `a`, `b`, `c` are columns 10, 11 and 12 (see [`board`]).
//!
//! # Board sizes
//!
//! [`Position`] takes the size as const parameters; [`BoardSize`] is the run-time choice and
//! `board::with_board!` dispatches from one to the other.

pub mod board;
pub mod position;
pub mod score;
pub mod search_game;
pub mod suite;

pub use board::{BoardError, BoardSize};
pub use position::{ParseError, Position};

/// The standard 7×6 board.
pub type Board = Position<7, 6>;
