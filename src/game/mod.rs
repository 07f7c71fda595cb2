//! Games: the Connect-4 board used by the solver, the textbook games (tic-tac-toe and seeded
//! uniform random trees) with the small [`Game`] trait their searches are generic over, and
//! [`GameKind`], the one name of a game shared by engines, experiments and move strings.

pub mod chance;
pub mod chance_open;
pub mod chance_tree;
pub mod chess;
pub mod connect4;
pub mod go;
pub mod kind;
pub mod moves;
pub mod open;
pub mod othello;
pub mod search;
pub mod served;
pub mod tictactoe;
pub mod tree;

pub use kind::{GameKind, KnownLine};
pub use moves::{legal_moves, replay};
pub use open::{ClosedForm, GameDef, KnownValue, OpenGame};
pub use search::{MoveList, NodeCount, SearchGame, MAX_MOVES};
pub use tictactoe::{Board, Scoring, TicTacToe, CENTRE_ORDER, INDEX_ORDER};
pub use tree::{RandomTree, TreeNode, TreeShape, LEAF_RANGE};

use rand_core::RngCore;

/// A two-player zero-sum game with perfect information, in negamax form.
pub trait Game {
    /// A position. Tables are keyed by it, so equal states must be the same position.
    type State: Clone + Eq + std::hash::Hash;
    /// The start position.
    fn root(&self) -> Self::State;
    /// Legal moves in the game's fixed order; empty exactly when the position is terminal.
    fn moves(&self, s: &Self::State) -> Vec<u8>;
    /// The position after playing `m` (one of [`Game::moves`]).
    fn play(&self, s: &Self::State, m: u8) -> Self::State;
    /// Whether the game is over.
    fn is_terminal(&self, s: &Self::State) -> bool;
    /// The value of a terminal position from the point of view of the side to move.
    fn utility(&self, s: &Self::State) -> i32;
}

/// A uniform integer in `0..n` (`n ≥ 1`) by rejection sampling on `next_u64`: draws at or above
/// the largest multiple of `n` that fits are thrown away, so the result is exactly uniform.
pub fn uniform_below<R: RngCore>(rng: &mut R, n: u64) -> u64 {
    assert!(n >= 1);
    let zone = (u64::MAX / n) * n;
    loop {
        let x = rng.next_u64();
        if x < zone {
            return x % n;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    #[test]
    fn uniform_below_stays_in_range_and_hits_every_value() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[uniform_below(&mut rng, 7) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| (850..1150).contains(&c)), "{seen:?}");
        assert_eq!(uniform_below(&mut rng, 1), 0);
    }
}
