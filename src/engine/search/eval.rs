//! The values the search needs beside its nodes: a node at the depth limit, scored by a
//! play-out or by counting threats.

use super::{Eval, Moves, Searcher};
use crate::engine::tt::Tt;
use crate::game::connect4::score::immediate_win_score;
use crate::game::connect4::Position;

impl<const W: usize, const H: usize, T: Tt> Searcher<W, H, T> {
    /// The value of a node at the depth limit, clamped to the scores the node allows (so that
    /// the window clamps stay sound) and the same for a position and its mirror image (so that
    /// mirror lookups stay sound): a depth-limited search computes the exact minimax value of
    /// the depth-limited tree, whatever the driver.
    #[cold]
    pub(super) fn evaluate(&self, pos: &Position<W, H>, m: &Moves) -> i32 {
        let ceiling = ((pos.cells_left() as i32 - 1) / 2).max(m.floor);
        let v = match self.cfg.eval {
            Eval::Rollout => {
                let mirror = Position::<W, H>::mirror(pos);
                if mirror.key() < pos.key() {
                    self.rollout(&mirror)
                } else {
                    self.rollout(pos)
                }
            }
            Eval::Threats => m.own.count_ones() as i32 - m.theirs.count_ones() as i32,
        };
        v.clamp(m.floor, ceiling)
    }

    /// Play the game out: each side wins at once if it can, else plays its first non-losing
    /// move in centre-first order. Returns the final score from the side to move at `pos`.
    #[must_use]
    pub fn rollout(&self, pos: &Position<W, H>) -> i32 {
        let cells = Position::<W, H>::CELLS;
        let mut p = *pos;
        let mut sign = 1;
        loop {
            if p.nb_moves() >= cells {
                return 0;
            }
            if p.can_win_next() {
                return sign * immediate_win_score(cells, p.nb_moves());
            }
            let next = p.possible_non_losing_moves();
            let choices = if next == 0 { p.possible() } else { next };
            let col = Self::ORDER
                .iter()
                .copied()
                .find(|&c| choices & Position::<W, H>::column_mask(c) != 0)
                .expect("a non-full board has a playable column");
            p.play_col(col);
            sign = -sign;
        }
    }
}
