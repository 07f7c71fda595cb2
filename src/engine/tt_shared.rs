//! The shared transposition table of a parallel solve: the layout, buckets and replacement of
//! [`super::tt::TranspositionTable`], with every entry an [`AtomicU64`] read and stored without locks.
//! The entries are allocated and owned as atomics (`EntryArray<AtomicU64>`): no plain `u64`
//! reference to them ever exists, so no store goes through a shared reference to non-atomic
//! memory (the private table's `EntryArray<u64>` is written only through `&mut`).
//!
//! # Why no lock and no torn entries
//!
//! An entry is one 64-bit word holding the tag (the key bits the bucket does not fix), the
//! depth, the bound, the value and the generation. It is loaded and stored with one atomic
//! (relaxed) access, so a lookup sees a whole entry some thread wrote, never a mix of two; and
//! a hit is verified by bucket and tag together, so it is always an entry of this very key.
//! Races between stores only decide *which* proved bound a bucket keeps (two threads may both
//! demote the same entry, or one store may overwrite another's): every entry a lookup can read
//! is a bound some search proved for that key, so scores stay exact.
//!
//! # ABDADA's busy marks
//!
//! An entry has no spare bit for ABDADA's "being searched" count (34 tag bits, depth, bound,
//! value and a 16-bit generation fill it), so the marks live beside it in a small table of
//! [`BUSY_SLOTS`] keys (128 KiB, cache-resident), as in Kerrigan's "simplified ABDADA": a
//! thread marks a child's key while it searches it, and siblings whose key is marked by
//! another thread are deferred to the end of the move list. A lost mark (two keys on one bucket)
//! or a stale one only changes the order children are searched in, never a value. Only the
//! nodes near the root mark
//! ([`Searcher::set_abdada_root`](crate::engine::search::Searcher::set_abdada_root)).
//!
//! # Stopping
//!
//! The owner sets [`SharedTable::request_stop`] when the main thread has its answer; the
//! helpers look at it every few hundred nodes and unwind. Their unfinished results may reach
//! the table on the way out: the table is reset before the next solve.

use super::tt::{
    next_generation, pack, prefetch_bucket, Bound, Entry, EntryArray, Geometry, Tt, GEN_MASK,
};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

/// Keys of positions being searched (ABDADA): `2^14` buckets.
pub const BUSY_SLOTS: usize = 1 << 14;

/// A transposition table several threads read and write at once.
pub struct SharedTable {
    /// The entries, owned as atomics: every load and store is atomic.
    entries: EntryArray<AtomicU64>,
    generation: AtomicU64,
    geo: Geometry,
    stop: AtomicBool,
    abdada: bool,
    busy: Box<[AtomicU64]>,
}

impl SharedTable {
    /// A table of `2^bits` entries (clamped as [`super::tt::TranspositionTable::with_options`] does) in
    /// buckets of `ways`, with ABDADA's busy marks when `abdada` is set.
    #[must_use]
    pub fn new(bits: u32, key_bits: u32, huge_pages: bool, ways: u32, abdada: bool) -> Self {
        let geo = Geometry::new(bits, key_bits, ways);
        let busy_len = if abdada { BUSY_SLOTS } else { 0 };
        Self {
            entries: EntryArray::new(1usize << geo.bits, huge_pages),
            generation: AtomicU64::new(1),
            geo,
            stop: AtomicBool::new(false),
            abdada,
            busy: (0..busy_len).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// `log2` of the number of entries.
    #[must_use]
    pub fn bits(&self) -> u32 {
        self.geo.bits
    }

    /// Forget every entry and every busy mark and clear the stop request. Call it while no
    /// search runs on the table (between solves). O(1) except when the generation wraps.
    pub fn clear(&self) {
        let (g, wrapped) = next_generation(self.generation.load(Relaxed));
        if wrapped {
            for c in self.entries.iter() {
                c.store(0, Relaxed);
            }
        }
        for b in self.busy.iter() {
            b.store(0, Relaxed);
        }
        self.generation.store(g, Relaxed);
        self.stop.store(false, Relaxed);
    }

    /// Ask every search on the table to stop.
    pub fn request_stop(&self) {
        self.stop.store(true, Relaxed);
    }

    /// Clear a stop request (before a solve).
    pub fn clear_stop(&self) {
        self.stop.store(false, Relaxed);
    }

    #[inline(always)]
    fn generation(&self) -> u64 {
        self.generation.load(Relaxed) & GEN_MASK
    }

    /// The entry stored for `key` in this generation, if any.
    #[inline]
    #[must_use]
    pub fn get(&self, key: u64) -> Option<Entry> {
        let (i, tag) = self.geo.bucket(key);
        let cells: &[AtomicU64] = &self.entries;
        // SAFETY: `bucket` returns an in-bounds index, and `i + 1` in bounds for two-way buckets
        // (see `TranspositionTable::put`).
        self.geo.find(i, tag, self.generation(), |j| unsafe {
            cells.get_unchecked(j).load(Relaxed)
        })
    }

    /// Store a value for `key`.
    #[inline]
    pub fn put(&self, key: u64, value: i32, bound: Bound, depth: u32) {
        let (i, tag) = self.geo.bucket(key);
        let generation = self.generation();
        let e = pack(tag, value, bound, depth, generation);
        let cells: &[AtomicU64] = &self.entries;
        // SAFETY: as in `get`.
        self.geo.place(
            i,
            tag,
            depth,
            e,
            generation,
            |j| unsafe { cells.get_unchecked(j).load(Relaxed) },
            |j, v| unsafe { cells.get_unchecked(j).store(v, Relaxed) },
        );
    }

    #[inline(always)]
    fn busy_mark(&self, key: u64) -> &AtomicU64 {
        let i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 50) as usize & (BUSY_SLOTS - 1);
        &self.busy[i]
    }
}

/// A thread's handle on the shared table: the search is monomorphised for it.
impl Tt for Arc<SharedTable> {
    const SHARED: bool = true;
    #[inline(always)]
    fn get(&self, key: u64) -> Option<Entry> {
        SharedTable::get(self, key)
    }
    #[inline(always)]
    fn put(&mut self, key: u64, value: i32, bound: Bound, depth: u32) {
        SharedTable::put(self, key, value, bound, depth);
    }
    #[inline(always)]
    fn prefetch(&self, key: u64) {
        prefetch_bucket(self.entries.as_ptr(), self.geo.bucket(key).0);
    }
    /// A no-op: the owner clears the shared table once ([`SharedTable::clear`]).
    fn reset(&mut self) {}
    #[inline(always)]
    fn stop_requested(&self) -> bool {
        self.stop.load(Relaxed)
    }
    #[inline(always)]
    fn abdada(&self) -> bool {
        self.abdada
    }
    #[inline(always)]
    fn busy(&self, key: u64) -> bool {
        self.busy_mark(key).load(Relaxed) == key.wrapping_add(1)
    }
    #[inline(always)]
    fn enter(&self, key: u64) {
        self.busy_mark(key).store(key.wrapping_add(1), Relaxed);
    }
    #[inline(always)]
    fn leave(&self, key: u64) {
        // A plain load and store, not a compare-exchange (a locked instruction at every child
        // marked): a leave racing another thread's enter on the slot may clear that thread's
        // mark, which only changes an order, as a lost mark does.
        let mark = key.wrapping_add(1);
        let b = self.busy_mark(key);
        if b.load(Relaxed) == mark {
            b.store(0, Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tt::TranspositionTable;

    #[test]
    fn same_answers_as_the_private_table() {
        // One thread: the shared table stores and replaces exactly like `TranspositionTable`.
        for ways in [1, 2] {
            let mut t = TranspositionTable::with_options(12, 20, false, ways);
            let s = SharedTable::new(12, 20, false, ways, false);
            for k in 0..(1u64 << 16) {
                let (v, d) = ((k % 40) as i32 - 20, (k % 7) as u32);
                t.put(k, v, Bound::Lower, d);
                s.put(k, v, Bound::Lower, d);
                let lookup = k.wrapping_mul(2_654_435_761) & 0xFFFF;
                assert_eq!(t.get(lookup), s.get(lookup), "key {lookup}");
            }
            s.clear();
            assert_eq!(s.get(5), None);
        }
    }

    #[test]
    fn concurrent_stores_never_tear() {
        // Four threads hammer the same small table; every hit must be the value its key owns.
        let s = SharedTable::new(8, 20, false, 2, false);
        let value = |k: u64| (k % 61) as i32 - 30;
        std::thread::scope(|sc| {
            for t in 0..4u64 {
                let s = &s;
                sc.spawn(move || {
                    for i in 0..200_000u64 {
                        let k = (i * 7919 + t * 104_729) & 0xFFFFF;
                        s.put(k, value(k), Bound::Exact, (k % 30) as u32);
                        if let Some(e) = s.get(k ^ 0x155) {
                            assert_eq!(e.value, value(k ^ 0x155));
                            assert_eq!(e.depth, ((k ^ 0x155) % 30) as u32);
                        }
                    }
                });
            }
        });
    }

    #[test]
    fn busy_marks_and_stop() {
        let mut h = Arc::new(SharedTable::new(10, 20, false, 2, true));
        assert!(h.abdada() && !h.busy(42));
        h.enter(42);
        assert!(h.busy(42) && !h.busy(43));
        h.leave(42);
        assert!(!h.busy(42));
        h.enter(7);
        assert!(!h.stop_requested());
        h.request_stop();
        assert!(h.stop_requested());
        h.put(9, 3, Bound::Upper, 4);
        Tt::reset(&mut h); // a handle does not reset the table ...
        assert_eq!(h.get(9).map(|e| e.value), Some(3));
        h.clear(); // ... its owner does, busy marks and stop request included
        assert_eq!(h.get(9), None);
        assert!(!h.busy(7) && !h.stop_requested());
    }
}
