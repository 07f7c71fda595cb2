//! The transposition table: fixed capacity, allocated once, bound-flagged entries, O(1) reset.
//!
//! # Layout
//!
//! `2^bits` entries of one `u64` each (the default `bits = 23` is 64 MiB, the same memory as
//! BitBully's 2^22 × 16-byte table, with twice the entries):
//!
//! ```text
//!  63                30 29    24 23 22 21    16 15             0
//! +--------------------+--------+-----+--------+----------------+
//! |        tag         | depth  |flag | value  |   generation   |
//! +--------------------+--------+-----+--------+----------------+
//! ```
//!
//! The position key (`W·(H+1)` bits, unique per position) is scrambled by a multiplication with
//! an odd constant modulo `2^KEY_BITS`, a bijection; the top `bits` bits of the result pick the
//! bucket and the remaining low bits are the tag. Bucket and tag together determine the key, so a
//! matching tag is a verified hit, never a collision.
//!
//! Reset bumps the generation: entries of older generations read as empty. Only when the 16-bit
//! generation wraps (once every 65,535 resets) is the table zeroed, so a reset is O(1) amortised.
//!
//! Replacement, one-way (`ways = 1`): always replace (the newest result is the one the search is
//! about to need).
//!
//! Two-way buckets (`ways = 2`, the default): the bucket index picks an aligned pair of entries in
//! one cache line, so a lookup still costs one miss. The first entry keeps the result with the
//! larger `depth` (for full-depth results the number of empty cells, i.e. the bigger subtree),
//! the second always takes what the first refuses, and an entry the first gives up moves to the
//! second. Deep results survive the flood of shallow ones, the newest shallow one is still kept.
//!
//! # Memory
//!
//! The search is bound by the latency of table lookups: a 64 MiB table is far larger than the
//! caches, so nearly every lookup of a new position is a cache miss, and with 4 KiB pages a TLB
//! miss too (16,384 pages). On Linux the entries are allocated 2 MiB-aligned and marked with
//! `madvise(MADV_HUGEPAGE)` before they are first touched, so transparent huge pages back them
//! where the kernel allows it (`/sys/kernel/mm/transparent_hugepage/enabled` = `always` or
//! `madvise`): 32 pages for the default table, and a lookup's page walk disappears.

/// What a stored value means about the true score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The score is exactly the value.
    Exact = 1,
    /// The score is at least the value (the search failed high).
    Lower = 2,
    /// The score is at most the value (the search failed low).
    Upper = 3,
}

impl Bound {
    #[inline]
    const fn from_bits(b: u64) -> Self {
        match b {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        }
    }
}

/// The depth recorded for a value that holds for the full game tree (not depth-limited).
pub const DEPTH_EXACT: u32 = 63;

/// Most tag bits an entry holds.
const TAG_BITS: u32 = 34;
pub(super) const GEN_MASK: u64 = 0xFFFF;
/// Odd multiplier (from the golden ratio) that scrambles keys bijectively.
const SCRAMBLE: u64 = 0x9E37_79B9_7F4A_7C15;

/// An entry a lookup found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub value: i32,
    pub bound: Bound,
    /// Remaining depth the value is valid for (at most [`DEPTH_EXACT`]; the search stores the
    /// number of empty cells for a full-depth value).
    pub depth: u32,
}

/// What an entry is stored as: `u64` in the private [`TranspositionTable`] (reached only through `&mut`),
/// [`AtomicU64`](std::sync::atomic::AtomicU64) in the shared table (every access atomic). Both
/// are eight bytes for which all-zero bytes are a valid value (the empty entry), so [`EntryArray`]
/// can zero them in place.
///
/// # Safety
///
/// An implementor must be valid when all its bytes are zero and have the size and alignment
/// of `u64`.
pub(super) unsafe trait Cell: Sized {}
// SAFETY: a `u64` of zero bytes is 0.
unsafe impl Cell for u64 {}
// SAFETY: `AtomicU64` has the in-memory representation of `u64`.
unsafe impl Cell for std::sync::atomic::AtomicU64 {}

/// The entries: one allocation of `len` cells of type `C`, 2 MiB-aligned, zeroed, optionally
/// backed by huge pages. Owned like a `Box<[C]>`: shared access hands out `&[C]` only, so a
/// `EntryArray<u64>` is written only through `&mut`, and an `EntryArray<AtomicU64>` through its atomics.
pub(super) struct EntryArray<C: Cell> {
    ptr: std::ptr::NonNull<C>,
    len: usize,
}

// SAFETY: `EntryArray<C>` owns its cells exclusively, as a `Box<[C]>` does, and has its auto traits.
unsafe impl<C: Cell + Send> Send for EntryArray<C> {}
// SAFETY: as for `Send`: `&EntryArray<C>` gives out only `&[C]`, which is `Send` when `C: Sync`.
unsafe impl<C: Cell + Sync> Sync for EntryArray<C> {}

impl<C: Cell> EntryArray<C> {
    const ALIGN: usize = 2 << 20;

    fn layout(len: usize) -> std::alloc::Layout {
        std::alloc::Layout::from_size_align(len * std::mem::size_of::<C>(), Self::ALIGN)
            .expect("table size fits the address space")
    }

    /// `len` zeroed cells; asks for huge pages first when `huge` is set (Linux only).
    pub(super) fn new(len: usize, huge: bool) -> Self {
        let layout = Self::layout(len);
        // SAFETY: the layout has a non-zero size (len ≥ 2, `C` is eight bytes).
        let raw = unsafe { std::alloc::alloc(layout) }.cast::<C>();
        let Some(ptr) = std::ptr::NonNull::new(raw) else {
            std::alloc::handle_alloc_error(layout)
        };
        if huge {
            crate::util::malloc::advise_huge_pages(raw.cast(), layout.size());
        }
        // SAFETY: `len` cells were just allocated; zero bytes are a valid `C` (`Cell`), so
        // writing them initialises every cell (and faults the pages in, huge where the advice
        // took).
        unsafe { std::ptr::write_bytes(raw, 0, len) };
        Self { ptr, len }
    }
}

impl<C: Cell> Drop for EntryArray<C> {
    fn drop(&mut self) {
        // SAFETY: allocated in `new` with this layout; `C` has no drop glue to run (`u64`,
        // `AtomicU64`).
        unsafe { std::alloc::dealloc(self.ptr.as_ptr().cast(), Self::layout(self.len)) };
    }
}

impl<C: Cell> std::ops::Deref for EntryArray<C> {
    type Target = [C];
    #[inline]
    fn deref(&self) -> &[C] {
        // SAFETY: `len` initialised cells owned by `self`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<C: Cell> std::ops::DerefMut for EntryArray<C> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [C] {
        // SAFETY: as in `deref`, and `&mut self` is exclusive.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

/// Where a key lives: the bucket-and-tag split shared by [`TranspositionTable`] and
/// [`super::tt_shared::SharedTable`].
#[derive(Debug, Clone, Copy)]
pub(super) struct Geometry {
    key_mask: u64,
    /// Shift that leaves the bucket index of a scrambled key.
    index_shift: u32,
    /// Whether buckets hold two entries (else one).
    pub(super) two_way: bool,
    tag_mask: u64,
    /// `log2` of the number of entries (after clamping).
    pub(super) bits: u32,
}

impl Geometry {
    /// The geometry of `2^bits` entries in buckets of `ways` (1 or 2), `bits` clamped as
    /// [`TranspositionTable::with_options`] documents.
    pub(super) fn new(bits: u32, key_bits: u32, ways: u32) -> Self {
        assert!(ways == 1 || ways == 2, "ways must be 1 or 2");
        let two_way = ways == 2;
        let lo = TranspositionTable::min_bits(key_bits).max(1) + u32::from(two_way);
        let bits = bits.clamp(lo, key_bits.min(32));
        let key_mask = if key_bits >= 64 {
            u64::MAX
        } else {
            (1u64 << key_bits) - 1
        };
        let index_shift = key_bits - (bits - u32::from(two_way));
        Self {
            key_mask,
            index_shift,
            two_way,
            tag_mask: (1u64 << index_shift) - 1,
            bits,
        }
    }

    /// The first entry of the key's bucket and the key's tag.
    #[inline(always)]
    pub(super) fn bucket(&self, key: u64) -> (usize, u64) {
        let h = key.wrapping_mul(SCRAMBLE) & self.key_mask;
        (
            ((h >> self.index_shift) as usize) << u32::from(self.two_way),
            h & self.tag_mask,
        )
    }

    /// Store the packed entry `e` (of `tag`, `depth`, this `generation`) in the bucket at `i`
    /// through `load` and `store`: one-way always replaces; two-way keeps the deeper result in
    /// the first entry and demotes or diverts the other to the second.
    #[inline(always)]
    pub(super) fn place(
        &self,
        i: usize,
        tag: u64,
        depth: u32,
        e: u64,
        generation: u64,
        load: impl Fn(usize) -> u64,
        mut store: impl FnMut(usize, u64),
    ) {
        if !self.two_way {
            store(i, e);
            return;
        }
        let first = load(i);
        let live = first & GEN_MASK == generation;
        let other = live && first >> 30 != tag;
        if other && ((first >> 24) & 63) as u32 > depth {
            // The first entry holds a deeper result: the new one goes to the second.
            store(i + 1, e);
        } else {
            if other {
                // Demote the first entry's result to the always-replace entry.
                store(i + 1, first);
            }
            store(i, e);
        }
    }

    /// The entry of `tag` in this `generation` in the bucket at `i`, read through `load`.
    #[inline(always)]
    pub(super) fn find(
        &self,
        i: usize,
        tag: u64,
        generation: u64,
        load: impl Fn(usize) -> u64,
    ) -> Option<Entry> {
        let mut e = load(i);
        if e & GEN_MASK != generation || e >> 30 != tag {
            if !self.two_way {
                return None;
            }
            e = load(i + 1);
            if e & GEN_MASK != generation || e >> 30 != tag {
                return None;
            }
        }
        Some(Entry {
            value: ((e >> 16) & 63) as i32 - 32,
            bound: Bound::from_bits((e >> 22) & 3),
            depth: ((e >> 24) & 63) as u32,
        })
    }
}

/// One packed entry (see the layout above).
#[inline(always)]
pub(super) fn pack(tag: u64, value: i32, bound: Bound, depth: u32, generation: u64) -> u64 {
    debug_assert!((-32..32).contains(&value) && depth <= DEPTH_EXACT);
    (tag << 30)
        | ((depth as u64) << 24)
        | ((bound as u64) << 22)
        | (((value + 32) as u64) << 16)
        | generation
}

/// The generation after `g`, and whether the table must be zeroed (the counter wrapped).
pub(super) fn next_generation(g: u64) -> (u64, bool) {
    if g + 1 > GEN_MASK {
        (1, true)
    } else {
        (g + 1, false)
    }
}

/// What the search needs of a transposition table. [`TranspositionTable`] is the single-threaded one, used
/// by every solve with one thread; [`super::tt_shared::SharedTable`] (through an `Arc`) is
/// shared by the threads of a parallel solve. The search is generic over this trait and
/// monomorphised per table, so the one-thread search compiles to what it was: every parallel
/// hook below is a constant `false` or an empty call there.
pub trait Tt: Send {
    /// Whether several threads search through this table (the parallel instantiation).
    const SHARED: bool = false;
    /// The entry stored for `key` in this generation, if any.
    fn get(&self, key: u64) -> Option<Entry>;
    /// Store a value for `key`.
    fn put(&mut self, key: u64, value: i32, bound: Bound, depth: u32);
    /// Hint the processor to fetch the bucket of `key`.
    fn prefetch(&self, key: u64);
    /// Forget every entry (a no-op for a handle on a shared table: its owner resets it once).
    fn reset(&mut self);
    /// Whether the owner of a shared table asked every search on it to stop.
    #[inline(always)]
    fn stop_requested(&self) -> bool {
        false
    }
    /// Whether searches defer children another thread is searching (ABDADA).
    #[inline(always)]
    fn abdada(&self) -> bool {
        false
    }
    /// ABDADA: whether another thread is searching the position of `key` now.
    #[inline(always)]
    fn busy(&self, key: u64) -> bool {
        let _ = key;
        false
    }
    /// ABDADA: this thread starts searching the position of `key`.
    #[inline(always)]
    fn enter(&self, key: u64) {
        let _ = key;
    }
    /// ABDADA: this thread is done with the position of `key`.
    #[inline(always)]
    fn leave(&self, key: u64) {
        let _ = key;
    }
}

/// A transposition table for keys of `key_bits` bits.
pub struct TranspositionTable {
    entries: EntryArray<u64>,
    generation: u64,
    geo: Geometry,
}

impl TranspositionTable {
    /// Smallest `bits` that keeps the tag within an entry for keys of `key_bits` bits (two-way
    /// tables need one more).
    #[must_use]
    pub const fn min_bits(key_bits: u32) -> u32 {
        key_bits.saturating_sub(TAG_BITS)
    }

    /// A table of `2^bits` entries for keys of `key_bits` bits. `bits` is clamped to
    /// `[min_bits(key_bits), key_bits]`.
    #[must_use]
    pub fn new(bits: u32, key_bits: u32) -> Self {
        Self::with_pages(bits, key_bits, true)
    }

    /// As [`TranspositionTable::new`], choosing whether to ask for huge pages, one-way.
    #[must_use]
    pub fn with_pages(bits: u32, key_bits: u32, huge_pages: bool) -> Self {
        Self::with_options(bits, key_bits, huge_pages, 1)
    }

    /// A table of `2^bits` entries in buckets of `ways` (1 or 2) entries.
    #[must_use]
    pub fn with_options(bits: u32, key_bits: u32, huge_pages: bool, ways: u32) -> Self {
        let geo = Geometry::new(bits, key_bits, ways);
        Self {
            entries: EntryArray::new(1usize << geo.bits, huge_pages),
            generation: 1,
            geo,
        }
    }

    /// Entries per bucket.
    #[must_use]
    pub fn ways(&self) -> u32 {
        1 + u32::from(self.geo.two_way)
    }

    /// `log2` of the number of entries.
    #[must_use]
    pub fn bits(&self) -> u32 {
        self.entries.len().trailing_zeros()
    }

    /// Memory held by the entries, in bytes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<u64>()
    }

    /// Forget every entry. O(1) except once every 65,535 calls, when the table is zeroed.
    pub fn reset(&mut self) {
        let (g, wrapped) = next_generation(self.generation);
        self.generation = g;
        if wrapped {
            self.entries.fill(0);
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> (usize, u64) {
        self.geo.bucket(key)
    }

    /// Store a value for `key`.
    #[inline]
    pub fn put(&mut self, key: u64, value: i32, bound: Bound, depth: u32) {
        let (i, tag) = self.bucket(key);
        let e = pack(tag, value, bound, depth, self.generation);
        let entries = self.entries.as_mut_ptr();
        // SAFETY: `bucket` returns an index below `entries.len()` (top `bits` bits of a
        // `key_bits`-bit value); two-way, an even index, so `i + 1` is in bounds too. The
        // pointer is derived from `&mut self` and used only within this call.
        self.geo.place(
            i,
            tag,
            depth,
            e,
            self.generation,
            |j| unsafe { *entries.add(j) },
            |j, v| unsafe { *entries.add(j) = v },
        );
    }

    /// The entry stored for `key` in this generation, if any. (Always inlined, as before the
    /// table was shared: the lookup sits in the search's hottest path.)
    #[inline(always)]
    #[must_use]
    pub fn get(&self, key: u64) -> Option<Entry> {
        let (i, tag) = self.bucket(key);
        // SAFETY: as in `put`.
        self.geo.find(i, tag, self.generation, |j| unsafe {
            *self.entries.get_unchecked(j)
        })
    }

    /// Hint the processor to fetch the bucket of `key`.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch_bucket(self.entries.as_ptr(), self.bucket(key).0);
    }
}

/// Hint the processor to fetch entry `i` of the entries at `base`.
#[inline(always)]
pub(super) fn prefetch_bucket<C: Cell>(base: *const C, i: usize) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetch of an in-bounds address has no effect on program state.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch(base.add(i) as *const i8, _MM_HINT_T0);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (base, i);
}

impl Tt for TranspositionTable {
    #[inline(always)]
    fn get(&self, key: u64) -> Option<Entry> {
        TranspositionTable::get(self, key)
    }
    #[inline(always)]
    fn put(&mut self, key: u64, value: i32, bound: Bound, depth: u32) {
        TranspositionTable::put(self, key, value, bound, depth);
    }
    #[inline(always)]
    fn prefetch(&self, key: u64) {
        TranspositionTable::prefetch(self, key);
    }
    fn reset(&mut self) {
        TranspositionTable::reset(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn put_get_reset() {
        let mut t = TranspositionTable::new(10, 49);
        assert_eq!(t.bits(), 15, "clamped up so the tag fits");
        t.put(12345, -7, Bound::Lower, DEPTH_EXACT);
        assert_eq!(
            t.get(12345),
            Some(Entry {
                value: -7,
                bound: Bound::Lower,
                depth: DEPTH_EXACT
            })
        );
        assert_eq!(t.get(12346), None);
        t.reset();
        assert_eq!(t.get(12345), None);
        t.put(12345, 21, Bound::Exact, 5);
        assert_eq!(t.get(12345).unwrap().value, 21);
    }

    #[test]
    fn keys_never_alias() {
        // Distinct keys sharing a bucket must not read each other's entries.
        for ways in [1, 2] {
            let mut t = TranspositionTable::with_options(16, 20, false, ways);
            for k in 0..(1u64 << 20) {
                t.put(k, (k % 40) as i32 - 20, Bound::Exact, (k % 7) as u32);
                assert_eq!(t.get(k).map(|e| e.value), Some((k % 40) as i32 - 20));
                if let Some(e) = t.get(k ^ 1) {
                    assert_eq!(e.value, ((k ^ 1) % 40) as i32 - 20);
                }
            }
        }
    }

    #[test]
    fn two_way_keeps_the_deeper_entry() {
        let mut t = TranspositionTable::with_options(4, 8, false, 2);
        assert_eq!((t.bits(), t.ways()), (4, 2));
        // Keys in the same bucket: find three that share one.
        let bucket = |k: u64| t.bucket(k).0;
        let a = 1u64;
        let same: Vec<u64> = (2..256)
            .filter(|&k| bucket(k) == bucket(a))
            .take(2)
            .collect();
        let (b, c) = (same[0], same[1]);
        t.put(a, 5, Bound::Exact, 20);
        t.put(b, 6, Bound::Exact, 3);
        t.put(c, 7, Bound::Exact, 4);
        assert_eq!(t.get(a).map(|e| e.value), Some(5), "deep entry kept");
        assert_eq!(t.get(b), None, "shallow entry replaced");
        assert_eq!(t.get(c).map(|e| e.value), Some(7));
        t.put(b, 8, Bound::Exact, 30);
        assert_eq!(
            t.get(b).map(|e| e.value),
            Some(8),
            "deeper one takes the first entry"
        );
        assert_eq!(
            t.get(a).map(|e| e.value),
            Some(5),
            "and the old first is demoted"
        );
    }

    #[test]
    fn generation_wrap_clears() {
        let mut t = TranspositionTable::new(4, 8);
        t.put(3, 1, Bound::Upper, 2);
        for _ in 0..GEN_MASK {
            t.reset();
        }
        assert_eq!(t.generation, 1);
        assert_eq!(t.get(3), None);
    }
}
