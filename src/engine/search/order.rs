//! Steps 4a, 4b and 6 of [`Searcher::node`]: search the one child of a forced node at once,
//! prefetch the children's table buckets early, order the children (by threats, one map at a
//! time or two in one register), and compute and prefetch their table keys for ETC and their
//! own lookups.

use super::{Children, Moves, Searcher, Threats, TtKey, Window, COUNT, UNLIMITED};
use crate::engine::config::Ordering;
use crate::engine::tt::Tt;
use crate::game::connect4::Position;

impl<const W: usize, const H: usize, T: Tt> Searcher<W, H, T> {
    /// [`SearchConfig::forced_pass`]: the value of a node with one move, its child's searched
    /// with the node's window (an interior node that stores nothing).
    #[inline(always)]
    pub(super) fn pass_forced<const M: u8>(
        &mut self,
        pos: &Position<W, H>,
        m: &Moves,
        w: Window,
    ) -> i32 {
        if M & COUNT != 0 {
            self.counters.interior += 1;
            self.interior_by_ply[pos.nb_moves() as usize & 63] += 1;
        }
        let mut child = *pos;
        child.play(m.next);
        let t = if self.inherits::<M>() {
            Threats {
                own: m.theirs & !m.next,
                theirs: pos.winning_position_after(m.next) & !m.next,
            }
        } else {
            Threats::NONE
        };
        -self.search::<M>(&child, -w.beta, -w.alpha, UNLIMITED, t)
    }

    /// Step 6: order the children, and compute and prefetch their table keys, so that the
    /// lookups of ETC and of the children's own searches find them in cache (or at least on
    /// their way: the misses overlap instead of following one another).
    #[inline(always)]
    pub(super) fn order_children<const M: u8>(
        &self,
        pos: &Position<W, H>,
        m: &Moves,
        tt_key: &TtKey,
        c: &mut Children<W>,
    ) {
        let left = pos.cells_left();
        let child_left = left - 1;
        let etc = tt_key.used && matches!(self.c::<M>().etc_min_left, Some(min) if left >= min);
        let cfg = self.c::<M>();
        let prefetch =
            tt_key.used && cfg.prefetch && !cfg.prefetch_early && child_left >= cfg.tt_min_left;
        c.etc = etc;
        if cfg.win_pairs && cfg.ordering == Ordering::Threats {
            return self.order_by_threat_pairs::<M>(pos, m, c, prefetch);
        }
        for i in (0..W).rev() {
            let (col, cells) = match self.c::<M>().ordering {
                Ordering::None => (W - 1 - i, Position::<W, H>::column_mask(W - 1 - i)),
                _ => (Self::ORDER[i], Self::ORDER_MASKS[i]),
            };
            let mv = m.next & cells;
            if mv == 0 {
                continue;
            }
            self.child_key::<M>(pos, mv, c, prefetch);
            let score = match self.c::<M>().ordering {
                Ordering::Threats => {
                    let map = pos.winning_position_after(mv);
                    c.maps[col] = map;
                    self.threat_score::<M>(m, mv, map)
                }
                _ => 0,
            };
            c.sorter.add(mv, score);
        }
    }

    /// The threat ordering's score of `mv`, whose map of winning cells is `map`: two a cell,
    /// one less for a move right below one of our winning cells (it would be blocked at once).
    /// With [`SearchConfig::useful_threats`], only the cells not right above one of the
    /// opponent's count, and one more for each winning cell of the opponent's right above one
    /// of them (useless to it) and for each pair of them one above the other.
    #[inline(always)]
    fn threat_score<const M: u8>(&self, m: &Moves, mv: u64, map: u64) -> u32 {
        // Right below our winning cell, which is then one of `map`'s: the sum stays positive.
        let under_own = 2 * u32::from(m.own & (mv << 1) != 0);
        if !self.c::<M>().useful_threats {
            return map.count_ones() * 2 + 1 - under_own;
        }
        let theirs = m.theirs & !mv;
        let useful = map & !(theirs << 1);
        let made_useless = theirs & (useful << 1);
        let stacked = useful & (useful << 1);
        useful.count_ones() * 2 + made_useless.count_ones() + stacked.count_ones() + 1 - under_own
    }

    /// The child's table key for ETC (kept) and the prefetch (issued), where wanted.
    #[inline(always)]
    fn child_key<const M: u8>(
        &self,
        pos: &Position<W, H>,
        mv: u64,
        c: &mut Children<W>,
        prefetch: bool,
    ) {
        if c.etc || prefetch {
            let mut child = *pos;
            child.play(mv);
            let ck = self.table_key::<M>(&child);
            if prefetch {
                if let Some(t) = &self.table {
                    t.prefetch(ck);
                }
            }
            c.keys[c.n_keys] = ck;
            c.n_keys += 1;
        }
    }

    /// [`Self::order_children`] by threats with the children's maps computed two at a time
    /// ([`SearchConfig::win_pairs`]); the same order.
    #[inline(always)]
    fn order_by_threat_pairs<const M: u8>(
        &self,
        pos: &Position<W, H>,
        m: &Moves,
        c: &mut Children<W>,
        prefetch: bool,
    ) {
        let mut mvs = [0u64; W];
        let mut cols = [0usize; W];
        let mut n = 0;
        for i in (0..W).rev() {
            let mv = m.next & Self::ORDER_MASKS[i];
            if mv != 0 {
                self.child_key::<M>(pos, mv, c, prefetch);
                mvs[n] = mv;
                cols[n] = Self::ORDER[i];
                n += 1;
            }
        }
        let mut k = 0;
        while k < n {
            let b = if k + 1 < n { mvs[k + 1] } else { 0 };
            let maps = pos.winning_positions_after_pair(mvs[k], b);
            for j in k..n.min(k + 2) {
                let map = maps[j - k];
                c.maps[cols[j]] = map;
                c.sorter.add(mvs[j], self.threat_score::<M>(m, mvs[j], map));
            }
            k += 2;
        }
    }

    /// Step 4b ([`SearchConfig::prefetch_early`]): prefetch the children's table buckets before
    /// the node's own lookup, so that their misses overlap its miss and the first child's lookup
    /// finds its bucket in cache. (Prefetching while ordering, after the lookup, left the first
    /// child waiting: Pons' Begin-Medium plies 6-14 took 11% longer.)
    #[inline(always)]
    pub(super) fn prefetch_early<const M: u8>(&self, pos: &Position<W, H>, m: &Moves) {
        let cfg = self.c::<M>();
        if !(cfg.prefetch_early && cfg.prefetch) || pos.cells_left() <= cfg.tt_min_left {
            return;
        }
        let Some(t) = &self.table else {
            return;
        };
        let mut next = m.next;
        while next != 0 {
            let mv = next & next.wrapping_neg();
            next &= next - 1;
            let mut child = *pos;
            child.play(mv);
            t.prefetch(self.table_key::<M>(&child));
        }
    }
}
