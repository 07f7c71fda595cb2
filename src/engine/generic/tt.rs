//! The generic transposition table: entries with a bound (exact, lower, upper), a draft (the
//! depth they were searched to) and the best move, in two-entry buckets with the classic
//! replacement scheme "depth-preferred + always-replace": entry 0 keeps the deepest entry seen
//! for its index, entry 1 takes whatever entry 0 refused.
//!
//! Keys are stored whole (64 bits), so a hit is a hash collision only if two positions share a
//! 64-bit key. The table allocates once (at construction). [`TranspositionTable::clear`] costs nothing: it
//! starts a new generation, and an entry of an older generation counts as an empty entry (the
//! buckets are refilled only when the 16-bit generation wraps, once in 65,535 clears), so
//! clearing a large table before every solve of a small game's position adds no time.
//!
//! A bucket fills one 64-byte cache line, and the table asks for transparent huge pages
//! ([`crate::util::malloc::huge_vec`]) as Connect-4's does: a look-up of a large table
//! is a cache miss, and with 4 KiB pages a TLB miss as well (Othello FFO #60 and #61 with
//! `tt=24`, three runs each: 4.57-4.68 and 11.52-11.60 CPU s against 4.93-5.14 and
//! 12.09-12.55, the same nodes).

/// What a stored value means (exact, lower or upper bound): the one `Bound` of every table.
pub use crate::engine::tt::Bound;

/// The bucket of `key` in a table of `mask + 1` buckets (a power of two): the generic core's
/// one key mixer, for every table keyed by a game's own key
/// ([`SearchGame::key`](crate::game::SearchGame::key),
/// [`ChanceGame::key`](crate::game::chance::ChanceGame::key)). The key's high half is folded
/// onto its low half, then a multiply-shift keeps the product's high half, so every key bit
/// moves the bucket (the multiply alone reads only the bits below `32 + log2(buckets)`: keys
/// that differ only above bit 46 shared one bucket of a 2^15-bucket table). The low bits of a
/// Zobrist key would do, but a game's own keys (small integers, or fields packed into bytes)
/// are not spread: taken as they are, keys that differ only above the mask would all share one
/// bucket.
#[inline]
#[must_use]
pub fn bucket(key: u64, mask: u64) -> usize {
    let folded = key ^ (key >> 32);
    ((folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) & mask) as usize
}

/// One entry.
#[derive(Debug, Clone, Copy)]
pub struct Entry<M: Copy> {
    /// The full key; 0 with `draft < 0` marks an empty entry.
    pub key: u64,
    pub value: i32,
    /// Remaining depth the value was searched to (`-1`: empty).
    pub draft: i16,
    pub bound: Bound,
    /// The move that was best, or cut off.
    pub best: Option<M>,
    /// The table's generation when stored ([`TranspositionTable::store`] sets it).
    pub generation: u16,
    /// The search below it reached the end of every line (no horizon, no entry that was not
    /// itself `to_end`): the value holds at every depth.
    pub to_end: bool,
}

impl<M: Copy> Entry<M> {
    const EMPTY: Self = Self {
        key: 0,
        value: 0,
        draft: -1,
        bound: Bound::Exact,
        best: None,
        generation: 0,
        to_end: false,
    };

    /// Whether the stored bound ends a search of window `(alpha, beta)`.
    #[inline]
    #[must_use]
    pub fn cuts(&self, value: i32, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => value >= beta,
            Bound::Upper => value <= alpha,
        }
    }
}

/// Two entries, aligned to a 64-byte cache line, so that a look-up reads one line (unaligned,
/// the 48-byte buckets of the 24-byte entries straddled two lines one time in two).
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Bucket<M: Copy>([Entry<M>; 2]);

/// A table of `2^bits` entries in two-entry buckets (no table at `bits = 0`).
pub struct TranspositionTable<M: Copy> {
    buckets: Vec<Bucket<M>>,
    mask: u64,
    /// The current generation: entries of others are empty entrys. Never 0 (an empty entry's).
    generation: u16,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table of `2^bits` entries (`bits` in 1..=30), or no table at all for `bits = 0`.
    #[must_use]
    pub fn new(bits: u32) -> Self {
        let n = Self::buckets_for(bits);
        Self {
            buckets: crate::util::malloc::huge_vec(n, Bucket([Entry::EMPTY; 2])),
            mask: (n as u64).wrapping_sub(1),
            generation: 1,
        }
    }

    /// The buckets of a table of `2^bits` entries (none at `bits = 0`).
    fn buckets_for(bits: u32) -> usize {
        if bits == 0 {
            0
        } else {
            1usize << (bits - 1)
        }
    }

    /// The bytes a table of `2^bits` entries allocates: a bucket of two entries is 64 bytes
    /// where a move takes at most 4 (every game here), 128 above.
    #[must_use]
    pub fn bytes(bits: u32) -> u128 {
        Self::buckets_for(bits) as u128 * std::mem::size_of::<Bucket<M>>() as u128
    }

    /// Whether the table has any bucket (`tt=0` has none).
    #[inline]
    #[must_use]
    pub fn enabled(&self) -> bool {
        !self.buckets.is_empty()
    }

    /// Empty every bucket: a new generation (the buckets are refilled only when it wraps).
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.buckets.fill(Bucket([Entry::EMPTY; 2]));
            self.generation = 1;
        }
    }

    /// Whether `e` holds an entry of this generation.
    #[inline]
    fn live(&self, e: &Entry<M>) -> bool {
        e.draft >= 0 && e.generation == self.generation
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        bucket(key, self.mask)
    }

    /// The entry stored for `key`, if any.
    #[inline]
    #[must_use]
    pub fn lookup(&self, key: u64) -> Option<Entry<M>> {
        let b = &self.buckets[self.bucket(key)].0;
        b.iter().find(|e| e.key == key && self.live(e)).copied()
    }

    /// Store an entry: into entry 0 if it is at least as deep as entry 0's (or is the same
    /// position), else into entry 1 (always replaced).
    #[inline]
    pub fn store(&mut self, e: Entry<M>) {
        let e = Entry {
            generation: self.generation,
            ..e
        };
        let i = self.bucket(e.key);
        let live = self.live(&self.buckets[i].0[0]);
        let b = &mut self.buckets[i].0;
        if !live || b[0].key == e.key || e.draft >= b[0].draft {
            if live && b[0].key != e.key {
                b[1] = b[0]; // the deep entry it displaces still gets the second entry
            }
            b[0] = e;
        } else {
            b[1] = e;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, draft: i16) -> Entry<u8> {
        Entry {
            key,
            value: draft as i32,
            draft,
            bound: Bound::Exact,
            best: Some(1),
            generation: 0,
            to_end: false,
        }
    }

    #[test]
    fn depth_preferred_then_always_replace() {
        let mut t = TranspositionTable::<u8>::new(1); // one bucket: every key collides
        assert!(t.lookup(7).is_none());
        t.store(entry(7, 5));
        t.store(entry(8, 2)); // shallower: entry 1
        assert_eq!(t.lookup(7).unwrap().draft, 5);
        assert_eq!(t.lookup(8).unwrap().draft, 2);
        t.store(entry(9, 1)); // replaces entry 1
        assert!(t.lookup(8).is_none());
        t.store(entry(10, 6)); // deeper: entry 0, the old entry 0 moves to entry 1
        assert_eq!(t.lookup(10).unwrap().draft, 6);
        assert_eq!(t.lookup(7).unwrap().draft, 5);
        t.store(entry(10, 1)); // the same position is always replaced in place
        assert_eq!(t.lookup(10).unwrap().draft, 1);
        t.clear();
        assert!(t.lookup(10).is_none());
        assert!(!TranspositionTable::<u8>::new(0).enabled());
    }

    #[test]
    fn a_cleared_entry_is_an_empty_slot_in_every_generation() {
        let mut t = TranspositionTable::<u8>::new(1);
        for round in 0..70_000u32 {
            // stored now, gone after a clear, and the shallow new entry takes entry 0
            t.store(entry(7, 5));
            t.clear();
            assert!(t.lookup(7).is_none(), "round {round}");
            t.store(entry(8, 0));
            assert_eq!(t.lookup(8).unwrap().draft, 0);
            t.store(entry(9, 0)); // deeper-or-equal: entry 0, 8 moves to entry 1
            assert!(t.lookup(8).is_some() && t.lookup(9).is_some());
            assert!(
                t.lookup(7).is_none(),
                "a stale entry came back in round {round}"
            );
            t.clear();
        }
    }

    #[test]
    fn a_bucket_is_one_cache_line_and_bytes_counts_the_allocation() {
        assert_eq!(std::mem::size_of::<Bucket<u8>>(), 64);
        assert_eq!(std::mem::size_of::<Bucket<u16>>(), 64);
        assert_eq!(std::mem::align_of::<Bucket<u16>>(), 64);
        type Chess = crate::game::chess::search_game::ChessMove;
        assert_eq!(std::mem::size_of::<Bucket<Chess>>(), 64);
        let t = TranspositionTable::<u8>::new(5);
        assert_eq!(t.buckets.len(), 16);
        assert_eq!(TranspositionTable::<u8>::bytes(5), 16 * 64);
        assert_eq!(TranspositionTable::<u8>::bytes(24), 512 << 20);
        assert_eq!(TranspositionTable::<u8>::bytes(0), 0);
        assert_eq!(t.buckets.as_ptr() as usize % 64, 0);
    }

    #[test]
    fn bounds_cut_only_outside_the_window() {
        let mut e = entry(1, 3);
        assert!(e.cuts(0, 5, 6));
        e.bound = Bound::Lower;
        assert!(e.cuts(6, 5, 6) && !e.cuts(5, 5, 6));
        e.bound = Bound::Upper;
        assert!(e.cuts(5, 5, 6) && !e.cuts(6, 5, 6));
    }
}
