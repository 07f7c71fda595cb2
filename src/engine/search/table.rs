//! The table side of a node: its key (canonical near the root), the depth a stored value is
//! valid for, the lookup that ends the node or narrows its window (step 5 of
//! [`Searcher::node`]), and the stores of what the node proved.

use super::{Searcher, Slot, Window, MUTANT_BITS};
use crate::engine::config::Mutant;
use crate::engine::tt::{Bound, Tt};
use crate::game::connect4::Position;
use std::ops::ControlFlow;

impl<const W: usize, const H: usize, T: Tt> Searcher<W, H, T> {
    /// The table key of `pos`: canonical near the root when the mirror lookup is on.
    #[inline(always)]
    pub(super) fn table_key<const M: u8>(&self, pos: &Position<W, H>) -> u64 {
        match self.c::<M>().mirror_min_left {
            Some(min) if pos.cells_left() >= min => {
                if M & MUTANT_BITS == Mutant::MirrorWrongKey as u8 {
                    let wrong = pos.current() + Position::<W, H>::mirror(pos).mask();
                    pos.key().min(wrong)
                } else if self.c::<M>().mirror_swap {
                    pos.canonical_key_swap()
                } else {
                    pos.canonical_key()
                }
            }
            _ => pos.key(),
        }
    }

    /// The depth a table value of `pos` is valid for: the remaining depth, at most the empty
    /// cells (a value searched that deep is exact; the key fixes the number of empty cells, so
    /// one position never mixes the two meanings). A value is used only at the same tag, so a
    /// depth-limited search returns the value of its depth-limited tree whatever was searched
    /// before (iterative deepening, other drivers); the exact search is unaffected, since its
    /// tag is always the number of empty cells. It doubles as the replacement priority of
    /// two-way buckets.
    #[inline(always)]
    pub(super) fn depth_tag(pos: &Position<W, H>, depth: u32) -> u32 {
        depth.min(pos.cells_left())
    }

    /// Step 5: lookup the table; a stored bound either ends the node or narrows the window.
    /// The table is only used at nodes with at least `tt_min_left` empty cells: below that a
    /// subtree is so small that searching it costs less than the cache miss of a lookup.
    #[inline(always)]
    pub(super) fn lookup<const M: u8>(
        &mut self,
        pos: &Position<W, H>,
        depth: u32,
        w: &mut Window,
    ) -> ControlFlow<i32, Slot> {
        let used = self.table.is_some() && pos.cells_left() >= self.c::<M>().tt_min_left;
        let need = Self::depth_tag(pos, depth);
        if !used {
            return ControlFlow::Continue(Slot { used, key: 0, need });
        }
        let key = self.table_key::<M>(pos);
        let found = self.table.as_ref().and_then(|t| t.get(key));
        self.tally::<M>(|c| {
            c.tt_lookups += 1;
            c.hits += u64::from(found.is_some());
        });
        if let Some(e) = found {
            if e.depth == need {
                match e.bound {
                    Bound::Exact => return self.table_cutoff::<M>(e.value),
                    Bound::Lower => {
                        if e.value >= w.beta {
                            return self.table_cutoff::<M>(e.value);
                        }
                        if e.value > w.alpha {
                            w.alpha = e.value;
                        }
                    }
                    Bound::Upper => {
                        if e.value <= w.alpha {
                            return self.table_cutoff::<M>(e.value);
                        }
                        if e.value < w.beta {
                            w.beta = e.value;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(Slot { used, key, need })
    }

    /// End the node with a stored value (counted as a table cutoff).
    #[inline(always)]
    fn table_cutoff<const M: u8>(&mut self, value: i32) -> ControlFlow<i32, Slot> {
        self.tally::<M>(|c| c.table_cutoffs += 1);
        ControlFlow::Break(value)
    }

    /// Store the result of a node whose every child was searched without a cutoff.
    #[inline(always)]
    pub(super) fn store_best<const M: u8>(&mut self, best: i32, alpha0: i32, slot: &Slot) {
        if slot.used {
            let bound = if best > alpha0 {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.store::<M>(slot.key, best, bound, slot.need);
        }
    }

    #[inline(always)]
    pub(super) fn store<const M: u8>(&mut self, key: u64, value: i32, bound: Bound, depth: u32) {
        if let Some(t) = &mut self.table {
            let bound = if M & MUTANT_BITS == Mutant::TtBoundsAsExact as u8 {
                Bound::Exact
            } else {
                bound
            };
            t.put(key, value, bound, depth);
        }
    }
}
