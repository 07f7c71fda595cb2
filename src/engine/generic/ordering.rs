//! Move ordering of the generic core: the table's move first, then the game's static hint
//! (chess: captures by MVV-LVA), then the two killers of the ply, then quiet moves by history,
//! ties in generation order. Each technique is a switch of [`Config`](super::config::Config);
//! the children are picked one at a time (selection), so a cut-off skips the sorting of the
//! rest.

use crate::game::{MoveList, SearchGame, MAX_MOVES};

/// Deepest ply with killer moves (deeper plies have none).
pub const MAX_PLY: usize = 128;

/// Scores of the ordering classes: the table move above everything, then the hint, then
/// killers, then history (kept below the killers).
const TT_MOVE: i32 = i32::MAX;
const KILLER: [i32; 2] = [50_000, 49_999];
const HISTORY_CAP: u32 = 40_000;

/// Killers and history, kept across the nodes of one solve.
pub struct Ordering<M: Copy> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<u32>,
}

impl<M: Copy + Eq> Ordering<M> {
    /// Empty killers and a history of `history_size` entries.
    #[must_use]
    pub fn new(history_size: usize) -> Self {
        Self {
            killers: vec![[None; 2]; MAX_PLY],
            history: vec![0; history_size],
        }
    }

    /// Forget everything (at the start of each solve).
    pub fn clear(&mut self) {
        self.killers.fill([None; 2]);
        self.history.fill(0);
    }

    /// Note a cut-off by the quiet move `m` at `ply` and `depth`.
    pub fn reward(
        &mut self,
        m: M,
        index: usize,
        ply: u32,
        depth: u32,
        killers: bool,
        history: bool,
    ) {
        if killers {
            if let Some(k) = self.killers.get_mut(ply as usize) {
                if k[0] != Some(m) {
                    k[1] = k[0];
                    k[0] = Some(m);
                }
            }
        }
        if history {
            let h = &mut self.history[index];
            *h = (*h + depth * depth).min(HISTORY_CAP);
        }
    }

    fn killer_rank(&self, m: M, ply: u32) -> Option<usize> {
        let k = self.killers.get(ply as usize)?;
        k.iter().position(|&x| x == Some(m))
    }
}

/// What ordering a node uses.
#[derive(Debug, Clone, Copy)]
pub struct Switches {
    pub tt_move: bool,
    pub killers: bool,
    pub history: bool,
}

/// Score every move of `list` into `scores` (same indices).
pub fn score_moves<G: SearchGame>(
    game: &G,
    s: &G::State,
    list: &MoveList<G::Move>,
    scores: &mut [i32; MAX_MOVES],
    table_move: Option<G::Move>,
    ply: u32,
    ord: &Ordering<G::Move>,
    sw: Switches,
) {
    for (i, &m) in list.as_slice().iter().enumerate() {
        scores[i] = if sw.tt_move && table_move == Some(m) {
            TT_MOVE
        } else {
            let mut v = game.order_hint(s, m);
            if (sw.killers || sw.history) && v == 0 && game.is_quiet(s, m) {
                if let Some(r) = sw.killers.then(|| ord.killer_rank(m, ply)).flatten() {
                    v = KILLER[r];
                } else if sw.history {
                    v = ord.history[game.move_index(m)] as i32;
                }
            }
            v
        };
    }
}

/// Move the best-scored of `list[i..]` to `i` (the first of equals stays first).
#[inline]
pub fn pick<M: Copy + Default>(list: &mut MoveList<M>, scores: &mut [i32; MAX_MOVES], i: usize) {
    let n = list.len();
    let mut best = i;
    for j in i + 1..n {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    if best != i {
        // rotate instead of swap, so that equal scores keep their generation order
        list.as_mut_slice()[i..=best].rotate_right(1);
        scores[i..=best].rotate_right(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picking_is_stable_and_best_first() {
        let mut l = MoveList::<u8>::default();
        let mut s = [0i32; MAX_MOVES];
        for (i, v) in [3, 9, 1, 9, 5].iter().enumerate() {
            l.push(i as u8);
            s[i] = *v;
        }
        let mut got = Vec::new();
        for i in 0..l.len() {
            pick(&mut l, &mut s, i);
            got.push(l.as_slice()[i]);
        }
        assert_eq!(got, [1, 3, 4, 0, 2]);
    }

    #[test]
    fn killers_shift_and_history_caps() {
        let mut o = Ordering::<u8>::new(4);
        o.reward(1, 1, 3, 2, true, true);
        o.reward(2, 2, 3, 300, true, true);
        assert_eq!(o.killer_rank(2, 3), Some(0));
        assert_eq!(o.killer_rank(1, 3), Some(1));
        assert_eq!(o.killer_rank(1, 4), None);
        assert_eq!((o.history[1], o.history[2]), (4, HISTORY_CAP));
        o.clear();
        assert_eq!(o.killer_rank(2, 3), None);
    }
}
