//! The parts of the search only the parallel instantiation compiles (`T::SHARED`): the stop
//! request, Lazy SMP's varied move order and ABDADA's deferred children. A one-thread searcher
//! never reaches this code: the calls are behind constant conditions.

use super::{Children, Moves, Searcher, TtKey, Window};
use crate::engine::tt::Tt;
use crate::game::connect4::Position;
use std::ops::ControlFlow;

/// ABDADA defers children only at nodes with at least this many empty cells: below, a subtree
/// costs less than the busy marks' bookkeeping ...
pub(super) const ABDADA_MIN_LEFT: u32 = 12;
/// ... and at most this many plies below the root: deeper, the marks' stores (each a cache
/// line the other threads read) cost more than the duplicated work they spare.
const ABDADA_PLIES: u32 = 14;

impl<const W: usize, const H: usize, T: Tt> Searcher<W, H, T> {
    /// Parallel search: search the children of nodes with at least `min_left` empty cells in
    /// the order rotated by `variant` places (0: the usual order), so that the threads of a
    /// Lazy SMP solve start on different subtrees. Ignored by a one-thread searcher.
    pub fn set_variation(&mut self, variant: u32, min_left: u32) {
        self.variant = variant;
        self.vary_min_left = min_left;
    }

    /// Parallel search with ABDADA, from a root with `root_left` empty cells: mark and defer
    /// children only at nodes within [`ABDADA_PLIES`] plies of that root with at least
    /// [`ABDADA_MIN_LEFT`] empty cells (without a root, from [`ABDADA_MIN_LEFT`] cells).
    /// Ignored by a one-thread searcher.
    pub fn set_abdada_root(&mut self, root_left: u32) {
        self.abdada_min_left = root_left.saturating_sub(ABDADA_PLIES).max(ABDADA_MIN_LEFT);
    }

    /// Stop when the owner of the shared table asks (the main thread has its answer).
    #[cold]
    #[inline(never)]
    pub(super) fn check_stop(&mut self) {
        if self.table.as_ref().is_some_and(Tt::stop_requested) {
            self.stopped = true;
        }
    }

    /// Step 8 of a parallel search: as [`Searcher::search_children`], with the children in
    /// this thread's rotated order near the root (Lazy SMP), and, with ABDADA, every child but
    /// the first that another thread is searching put off until the others are done.
    #[inline(always)]
    pub(super) fn search_children_smp<const M: u8>(
        &mut self,
        pos: &Position<W, H>,
        c: &mut Children<W>,
        m: &Moves,
        mut w: Window,
        child_depth: u32,
        tt_key: &TtKey,
    ) -> i32 {
        let alpha0 = w.alpha;
        let mut best = i32::MIN;
        let mut moves = [0u64; W];
        let mut n = 0;
        while let Some(mv) = c.sorter.pop() {
            moves[n] = mv;
            n += 1;
        }
        let left = pos.cells_left();
        if self.variant != 0 && left >= self.vary_min_left && n > 1 {
            moves[..n].rotate_left(self.variant as usize % n);
        }
        let abdada =
            left >= self.abdada_min_left && self.table.as_ref().is_some_and(|t| t.abdada());
        let mut deferred = [0u64; W];
        let mut n_deferred = 0;
        for pass in 0..2 {
            let list = if pass == 0 { moves } else { deferred };
            let len = if pass == 0 { n } else { n_deferred };
            for &mv in &list[..len] {
                let mut child = *pos;
                child.play(mv);
                let key = child.key();
                if abdada {
                    let t = self.table.as_ref().expect("ABDADA runs on a table");
                    if pass == 0 && best != i32::MIN && t.busy(key) {
                        deferred[n_deferred] = mv;
                        n_deferred += 1;
                        continue;
                    }
                    t.enter(key);
                }
                let t = self.child_threats::<M>(m, c, mv);
                let score = self.child_value::<M>(&child, t, w, best, child_depth);
                if abdada {
                    if let Some(t) = &self.table {
                        t.leave(key);
                    }
                }
                if let ControlFlow::Break(v) =
                    self.take_score::<M>(score, &mut best, &mut w, tt_key)
                {
                    return v;
                }
            }
        }
        self.store_best::<M>(best, alpha0, tt_key);
        best
    }
}
