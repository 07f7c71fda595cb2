//! Textbook engines: the classic searches over tic-tac-toe and uniform random trees
//! ([`crate::game`]) whose node counts are published, so the harness can be checked against
//! known numbers (the report comparing them lives in `crate::textbook`).
//!
//! Everything here is generic over the small [`Game`](crate::game::Game) trait and monomorphised; the searches are
//! deliberately plain (no pruning tricks beyond the one each variant is about).
//!
//! # Counting conventions (shared by every search in [`search`])
//! * **nodes**: every call of the recursive search counts one, the root included, whether it
//!   returns from the terminal test, from a table lookup, or after searching children;
//! * **leaves**: calls that found a terminal position (random trees: leaves evaluated);
//! * **hits**: table lookups that ended the call without searching children;
//! * the terminal test comes *before* the table lookup, so terminal positions are never stored;
//! * the root window is `(−∞, +∞)` with `∞ = i32::MAX`;
//! * alpha-beta is fail-soft negamax (it may return values outside its window; node counts are
//!   the same as fail-hard, since cut-offs only compare against the window).

pub mod drivers;
pub mod engines;
pub mod search;
pub mod uct;

pub use engines::{build, SearchKind, TextbookGame};

#[cfg(test)]
mod tests {
    use super::search::{alphabeta, mtdf, AlphaBeta, Oracle, Order, TtKind};
    use crate::game::{Game, RandomTree, Scoring, TicTacToe};

    #[test]
    fn every_search_agrees_with_the_oracle() {
        let t = TicTacToe::new().with_scoring(Scoring::DepthWeighted);
        let mut oracle = Oracle::new();
        assert_eq!(oracle.value(&t, &t.root()), 0);
        assert_eq!(oracle.len(), 4520, "non-terminal reachable positions");
        let tree = RandomTree::new(3, 6, 5).unwrap();
        let v = Oracle::new().value(&tree, &tree.root());
        for order in [Order::Given, Order::Best, Order::Random { seed: 3 }] {
            for table in [TtKind::None, TtKind::Exact, TtKind::Bounds] {
                assert_eq!(alphabeta(&t, order, table).0, 0);
                assert_eq!(alphabeta(&tree, order, table).0, v);
            }
            for guess in [-10, 0, 3, 10] {
                let mut ab = AlphaBeta::new(t, order, TtKind::Bounds);
                assert_eq!(mtdf(&mut ab, &t.root(), guess).value, 0);
                let mut ab = AlphaBeta::new(tree.clone(), order, TtKind::Bounds);
                assert_eq!(mtdf(&mut ab, &tree.root(), guess).value, v);
            }
        }
    }
}
