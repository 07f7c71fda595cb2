//! Textbook baselines: tic-tac-toe and uniform random trees, with the classic searches whose
//! node counts are published, so the harness can be checked against known numbers.
//!
//! Everything here is generic over the small [`Game`] trait and monomorphised; the searches are
//! deliberately plain (no pruning tricks beyond the one each variant is about).
//!
//! # Counting conventions (shared by every search in [`search`])
//! * **nodes**: every call of the recursive search counts one, the root included, whether it
//!   returns from the terminal test, from a table probe, or after searching children;
//! * **leaves**: calls that found a terminal position (random trees: leaves evaluated);
//! * **hits**: table probes that ended the call without searching children;
//! * the terminal test comes *before* the table probe, so terminal positions are never stored;
//! * the root window is `(−∞, +∞)` with `∞ = i32::MAX`;
//! * alpha-beta is fail-soft negamax (it may return values outside its window; node counts are
//!   the same as fail-hard, since cut-offs only compare against the window).

pub mod engines;
pub mod games;
pub mod report;
pub mod search;
pub mod uct;

pub use engines::{build_engine, build_engine_from_spec, legal_moves, parse_spec, TreeShape};
pub use games::{Board, RandomTree, Scoring, TicTacToe, TreeNode, CENTRE_ORDER, INDEX_ORDER};
pub use report::{textbook_report, ReportOptions, TextbookReport};

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
    use super::search::{alphabeta, mtdf, AlphaBeta, Oracle, Order, TableKind};
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

    #[test]
    fn every_search_agrees_with_the_oracle() {
        let t = TicTacToe::new().with_scoring(Scoring::DepthWeighted);
        let mut oracle = Oracle::new();
        assert_eq!(oracle.value(&t, &t.root()), 0);
        assert_eq!(oracle.len(), 4520, "non-terminal reachable positions");
        let tree = RandomTree::new(3, 6, 5).unwrap();
        let v = Oracle::new().value(&tree, &tree.root());
        for order in [Order::Given, Order::Best, Order::Random { seed: 3 }] {
            for table in [TableKind::None, TableKind::Exact, TableKind::Bounds] {
                assert_eq!(alphabeta(&t, order, table).0, 0);
                assert_eq!(alphabeta(&tree, order, table).0, v);
            }
            for guess in [-10, 0, 3, 10] {
                let mut ab = AlphaBeta::new(t, order, TableKind::Bounds);
                assert_eq!(mtdf(&mut ab, &t.root(), guess).value, 0);
                let mut ab = AlphaBeta::new(tree.clone(), order, TableKind::Bounds);
                assert_eq!(mtdf(&mut ab, &tree.root(), guess).value, v);
            }
        }
    }
}
