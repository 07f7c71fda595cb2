//! Mirror images of positions and keys: the left–right reflection of a board, its key, and the
//! canonical key (the smaller of the two) that the table uses near the root.

use super::Position;

impl<const W: usize, const H: usize> Position<W, H> {
    /// The position reflected left–right.
    #[must_use]
    pub const fn mirror(&self) -> Self {
        Self {
            current: Self::mirror_bits(self.current),
            mask: Self::mirror_bits(self.mask),
            moves: self.moves,
        }
    }

    /// The key of the mirror image, without building it.
    #[inline]
    #[must_use]
    pub const fn mirror_key(&self) -> u64 {
        Self::mirror_bits(self.key())
    }

    /// The smaller of the key and the mirror key: equal for a position and its mirror.
    #[inline]
    #[must_use]
    pub const fn canonical_key(&self) -> u64 {
        let k = self.key();
        let m = self.mirror_key();
        if m < k {
            m
        } else {
            k
        }
    }

    /// [`Self::canonical_key`] with the mirror computed by [`Self::mirror_bits_swap`]: the same
    /// key, fewer instructions on 7-column boards.
    #[inline]
    #[must_use]
    pub const fn canonical_key_swap(&self) -> u64 {
        let k = self.key();
        let m = Self::mirror_bits_swap(k);
        if m < k {
            m
        } else {
            k
        }
    }

    /// [`Self::mirror_bits`] by two delta swaps on 7-column boards (the loop elsewhere): swap
    /// the column blocks 0–2 and 4–6, then columns 0 and 2 and columns 4 and 6 of the result.
    /// Equal to the loop for every value of at most `W·(H+1)` bits (every key).
    #[inline]
    #[must_use]
    pub const fn mirror_bits_swap(b: u64) -> u64 {
        if W != 7 {
            return Self::mirror_bits(b);
        }
        let g = H + 1;
        let col = (1u64 << g) - 1;
        let t = (b ^ (b >> (4 * g))) & ((1u64 << (3 * g)) - 1);
        let b = b ^ t ^ (t << (4 * g));
        let t = (b ^ (b >> (2 * g))) & (col | (col << (4 * g)));
        b ^ t ^ (t << (2 * g))
    }

    /// Reflect a board left–right, column by column (`H + 1` bits each).
    #[inline]
    #[must_use]
    pub const fn mirror_bits(b: u64) -> u64 {
        let col = (1u64 << (H + 1)) - 1;
        let mut out = 0u64;
        let mut c = 0;
        while c < W {
            let bits = (b >> (c * (H + 1))) & col;
            out |= bits << ((W - 1 - c) * (H + 1));
            c += 1;
        }
        out
    }
}
