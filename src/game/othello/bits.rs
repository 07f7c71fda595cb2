//! Othello's bitboards: bit `row * 8 + col` (row 0 at the top, `a1` is bit 0, `h8` bit 63),
//! legal moves by shift-and-mask flood fills (six steps a direction, the opponent's discs
//! masked off the edge files for the directions that move sideways, so no line wraps), the
//! discs a move flips, and the eight symmetries of the square.
//!
//! The 6x6 board is the top-left 6x6 corner of the same 64 bits ([`MASK6`]): its outside
//! squares never hold a disc, so a line of flips stops there as at the edge.

/// Every square of the 8x8 board.
pub const MASK8: u64 = u64::MAX;
/// The 36 squares of the 6x6 board (rows 0..6, columns 0..6 of the 8x8 bits).
pub const MASK6: u64 = 0x0000_3f3f_3f3f_3f3f;
/// The squares off the a and h files: where a sideways line of opponent discs may run.
const INNER_FILES: u64 = 0x7e7e_7e7e_7e7e_7e7e;

/// The eight directions as shifts (positive: towards higher bits), with the mask of the
/// opponent discs a line in that direction may run through.
const DIRECTIONS: [(i32, u64); 8] = [
    (1, INNER_FILES),
    (-1, INNER_FILES),
    (8, u64::MAX),
    (-8, u64::MAX),
    (7, INNER_FILES),
    (-7, INNER_FILES),
    (9, INNER_FILES),
    (-9, INNER_FILES),
];

/// `b` shifted by `d` squares (left for positive `d`).
#[inline(always)]
fn shift(b: u64, d: i32) -> u64 {
    if d > 0 {
        b << d
    } else {
        b >> -d
    }
}

/// The empty squares where `own` flips at least one of `other`'s discs, on the board `mask`.
#[inline]
#[must_use]
pub fn legal(own: u64, other: u64, mask: u64) -> u64 {
    let empty = !(own | other) & mask;
    let mut out = 0u64;
    for (d, m) in DIRECTIONS {
        let o = other & m;
        let mut f = shift(own, d) & o;
        f |= shift(f, d) & o;
        f |= shift(f, d) & o;
        f |= shift(f, d) & o;
        f |= shift(f, d) & o;
        f |= shift(f, d) & o;
        out |= shift(f, d);
    }
    out & empty
}

/// The discs of `other` that `own` flips by playing on the empty square `sq` (0: not legal).
#[inline]
#[must_use]
pub fn flips(own: u64, other: u64, sq: u32) -> u64 {
    let at = 1u64 << sq;
    let mut all = 0u64;
    for (d, m) in DIRECTIONS {
        let o = other & m;
        let mut line = 0u64;
        let mut cur = shift(at, d);
        while cur & o != 0 {
            line |= cur;
            cur = shift(cur, d);
        }
        if cur & own != 0 {
            all |= line;
        }
    }
    all
}

/// The corners of the square of side `n` (8 or 6, in the top-left corner of the bits).
#[inline]
#[must_use]
pub const fn corners(n: u32) -> u64 {
    1 | 1 << (n - 1) | 1 << ((n - 1) * 8) | 1 << ((n - 1) * 8 + n - 1)
}

/// Mirror left-right (file a ↔ h) on the 8x8 board.
#[must_use]
pub fn mirror_files(b: u64) -> u64 {
    let k1 = 0x5555_5555_5555_5555u64;
    let k2 = 0x3333_3333_3333_3333u64;
    let k4 = 0x0f0f_0f0f_0f0f_0f0fu64;
    let b = ((b >> 1) & k1) | ((b & k1) << 1);
    let b = ((b >> 2) & k2) | ((b & k2) << 2);
    ((b >> 4) & k4) | ((b & k4) << 4)
}

/// Mirror top-bottom (row 1 ↔ 8) on the 8x8 board.
#[must_use]
pub fn mirror_rows(b: u64) -> u64 {
    b.swap_bytes()
}

/// Mirror in the a1-h8 diagonal (`row, col` → `col, row`).
#[must_use]
pub fn transpose(b: u64) -> u64 {
    let k1 = 0x5500_5500_5500_5500u64;
    let k2 = 0x3333_0000_3333_0000u64;
    let k4 = 0x0f0f_0f0f_0000_0000u64;
    let mut b = b;
    let t = k4 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = k2 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = k1 & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    b
}

/// Symmetry `i` (0..8) of the square of side `n` (8 or 6, in the top-left corner of the
/// bits): 0 the identity, 1..4 the mirrors of files, rows and both, 4..8 the same after the
/// transpose. Each maps the board onto itself and preserves every line of flips.
#[must_use]
pub fn symmetry(b: u64, i: u32, n: u32) -> u64 {
    let b = if i & 4 != 0 { transpose(b) } else { b };
    // on 6x6 a mirror of the 8x8 bits moves the corner; shift it back
    let back_files = 8 - n;
    let b = if i & 1 != 0 {
        mirror_files(b) >> back_files
    } else {
        b
    };
    if i & 2 != 0 {
        mirror_rows(b) >> (8 * back_files)
    } else {
        b
    }
}

/// The symmetry that undoes symmetry `i` of [`symmetry`]: the mirrors alone undo themselves;
/// after the transpose, the mirror of files becomes the mirror of rows and the other way round.
#[inline]
#[must_use]
pub const fn inverse_symmetry(i: u32) -> u32 {
    if i & 4 == 0 {
        i
    } else {
        4 | (i & 1) << 1 | (i & 2) >> 1
    }
}

/// The least image `(own, other)` of the 8 symmetries of the square of side `n`, and the
/// symmetry that gives it: one member of the class for every one of its images.
#[inline]
#[must_use]
pub fn canonical(own: u64, other: u64, n: u32) -> (u64, u64, u32) {
    let mut best = (own, other, 0);
    for i in 1..8 {
        let img = (symmetry(own, i, n), symmetry(other, i, n));
        if img < (best.0, best.1) {
            best = (img.0, img.1, i);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Legal moves square by square with [`flips`]: the slow definition.
    fn legal_slow(own: u64, other: u64, mask: u64) -> u64 {
        (0..64)
            .filter(|&sq| (own | other) >> sq & 1 == 0 && mask >> sq & 1 == 1)
            .filter(|&sq| flips(own, other, sq) != 0)
            .fold(0, |acc, sq| acc | 1 << sq)
    }

    #[test]
    fn the_flood_fill_agrees_with_the_walk_and_symmetries_map_boards_onto_themselves() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..2000 {
            for (mask, n) in [(MASK8, 8), (MASK6, 6)] {
                let (a, b) = (next() & mask, next() & mask);
                let (own, other) = (a & !b, b & !a);
                assert_eq!(legal(own, other, mask), legal_slow(own, other, mask));
                for i in 0..8 {
                    let s = |v: u64| symmetry(v, i, n);
                    assert_eq!(s(own) & !mask, 0, "symmetry {i} leaves the board");
                    assert_eq!(s(own).count_ones(), own.count_ones());
                    assert_eq!(legal(s(own), s(other), mask), s(legal(own, other, mask)));
                    assert_eq!(symmetry(s(own), inverse_symmetry(i), n), own);
                    let (co, cx, j) = canonical(s(own), s(other), n);
                    let least = canonical(own, other, n);
                    assert_eq!((co, cx), (least.0, least.1), "images with two least images");
                    assert_eq!((symmetry(s(own), j, n), symmetry(s(other), j, n)), (co, cx));
                }
            }
        }
        assert_eq!(
            transpose(transpose(0x1234_5678_9abc_def0)),
            0x1234_5678_9abc_def0
        );
        assert_eq!(transpose(1 << 1), 1 << 8);
        assert_eq!(mirror_files(1), 1 << 7);
    }
}
