//! Stable discs (the stability cut-off of `stable=on`) and Edax's fast move-ordering terms
//! (`weighted=N`), on the 8x8 bits with the 6x6 board in their top-left corner.
//!
//! A disc is **stable** when no sequence of moves can flip it. [`stable_discs`] finds a subset
//! of them (never a disc that can flip): a disc is stable in one of the four line directions
//! when the line through it in that direction holds no empty square (no move can be played on
//! it), or the disc is at the board's edge in that direction (nothing can flank it), or a
//! neighbour along that direction is a stable disc of the same colour (a flanked run would
//! take the neighbour with it); a disc stable in all four directions is stable. The set grows
//! from the corners until nothing is added. The side to move can score at most
//! `N² − 2·(the other side's stable discs)`, Edax's stability cut-off (`search_SC_NWS`).

use super::bits::{corners, legal, MASK6};

/// The a and h files (8x8).
const FILES_AH: u64 = 0x8181_8181_8181_8181;
/// Rows 1 and 8 (8x8).
const ROWS_18: u64 = 0xff00_0000_0000_00ff;
/// The squares off the a and h files.
const INNER_FILES: u64 = 0x7e7e_7e7e_7e7e_7e7e;

/// The lines of one direction: rows, files, and the two kinds of diagonals.
const fn lines(kind: u32) -> [u64; 15] {
    let mut out = [0u64; 15];
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = (sq / 8, sq % 8);
        let i = match kind {
            0 => r,
            1 => c,
            2 => c + 7 - r, // a1-h8 direction (shift 9)
            _ => r + c,     // a8-h1 direction (shift 7)
        };
        out[i] |= 1 << sq;
        sq += 1;
    }
    out
}

const ROWS: [u64; 15] = lines(0);
const FILES: [u64; 15] = lines(1);
const DIAG9: [u64; 15] = lines(2);
const DIAG7: [u64; 15] = lines(3);

/// The squares on a line of `lines` that holds no empty square.
#[inline]
fn full(lines: &[u64; 15], empty: u64) -> u64 {
    let mut out = 0;
    for &l in lines {
        if l & empty == 0 {
            out |= l;
        }
    }
    out
}

/// The edge squares of the square of side `n` by direction: the files, the rows, the border.
#[inline]
fn edges(n: u32) -> (u64, u64, u64) {
    if n == 8 {
        (FILES_AH, ROWS_18, FILES_AH | ROWS_18)
    } else {
        let files = 0x0000_2121_2121_2121u64;
        let rows = 0x0000_3f00_0000_003fu64;
        (files, rows, (files | rows) & MASK6)
    }
}

/// A subset of `p`'s stable discs with `o` the other side's discs, on the board `mask` of
/// side `n` (see the module documentation).
#[must_use]
pub fn stable_discs(p: u64, o: u64, mask: u64, n: u32) -> u64 {
    let empty = !(p | o) & mask;
    let (edge_h, edge_v, edge_d) = edges(n);
    let h = full(&ROWS, empty) | edge_h;
    let v = full(&FILES, empty) | edge_v;
    let d9 = full(&DIAG9, empty) | edge_d;
    let d7 = full(&DIAG7, empty) | edge_d;
    // a shift that wraps lands on an edge file, already stable in every direction that wraps
    let mut stable = p & h & v & d9 & d7;
    if stable == 0 && p & edge_d == 0 {
        return 0;
    }
    loop {
        let sh = h | stable << 1 | stable >> 1;
        let sv = v | stable << 8 | stable >> 8;
        let s9 = d9 | stable << 9 | stable >> 9;
        let s7 = d7 | stable << 7 | stable >> 7;
        let next = stable | (p & sh & sv & s9 & s7);
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// The stability cut-off (Edax's `search_SC_NWS`) for `own` to move against `other` on the
/// board `mask` of side `n`: the bound `n² − 2·s` on the final score, `s` the opponent's stable
/// discs, when it is at most `alpha` (the node fails low with it); `None` else. The stable
/// discs are counted only when the opponent holds the `(n² − alpha) / 2` discs it needs.
#[inline]
#[must_use]
pub fn stability_bound(own: u64, other: u64, mask: u64, n: u32, alpha: i32) -> Option<i32> {
    let max = (n * n) as i32;
    if max - alpha > 2 * other.count_ones() as i32 {
        return None;
    }
    let upper = max - 2 * stable_discs(other, own, mask, n).count_ones() as i32;
    (upper <= alpha).then_some(upper)
}

/// A count with the corners counted twice (Edax's `bit_weighted_count`).
#[inline]
fn weighted_count(b: u64, n: u32) -> i32 {
    (b.count_ones() + (b & corners(n)).count_ones()) as i32
}

/// Edax's square values (JCW's), 8x8 only.
const SQUARE_VALUE: [u8; 64] = [
    18, 4, 16, 12, 12, 16, 4, 18, 4, 2, 6, 8, 8, 6, 2, 4, 16, 6, 14, 10, 10, 14, 6, 16, 12, 8, 10,
    0, 0, 10, 8, 12, 12, 8, 10, 0, 0, 10, 8, 12, 16, 6, 14, 10, 10, 14, 6, 16, 4, 2, 6, 8, 8, 6, 2,
    4, 18, 4, 16, 12, 12, 16, 4, 18,
];

/// Edax's fast ordering score (`movelist_evaluate_fast`) of the move to `sq` flipping `f`, by
/// `own` against `other` on the board `mask` of side `n`: the opponent's replies (corners
/// twice) weigh `2^15` each, fewer better; the mover's corner stability `2^11`; the empty
/// squares beside the mover's discs (the opponent's potential mobility, corners twice) `2^5`,
/// fewer better; the square's value. Higher is tried first.
#[inline]
#[must_use]
pub fn weighted_hint(own: u64, other: u64, sq: u8, f: u64, mask: u64, n: u32) -> i32 {
    let mover = own | f | 1 << sq;
    let opp = other & !f;
    let empty = !(mover | opp) & mask;
    let replies = weighted_count(legal(opp, mover, mask), n);
    let potential = weighted_count(potential_moves(mover, empty), n);
    let c = corners(n) & mover;
    // the corners and the edge squares beside a held corner (Edax's corner stability)
    let right = if n == 8 {
        0x0100_0000_0000_0001
    } else {
        0x0000_0100_0000_0001
    };
    let left = corners(n) & !right;
    let top = corners(n) & 0xff;
    let bottom = corners(n) & !top;
    let near = ((c & right) << 1) | ((c & left) >> 1) | ((c & top) << 8) | ((c & bottom) >> 8);
    let corner_stability = ((near | c) & mover).count_ones() as i32;
    let square = if n == 8 {
        i32::from(SQUARE_VALUE[sq as usize])
    } else {
        0
    };
    (36 - replies) * (1 << 15) + corner_stability * (1 << 11) + (36 - potential) * (1 << 5) + square
}

/// The empty squares beside a disc of `discs` (Edax's `get_potential_moves`).
#[inline]
fn potential_moves(discs: u64, empty: u64) -> u64 {
    let h = discs & INNER_FILES;
    let v = discs & 0x00ff_ffff_ffff_ff00;
    let d = discs & 0x007e_7e7e_7e7e_7e00;
    (h << 1 | h >> 1 | v << 8 | v >> 8 | d << 7 | d >> 7 | d << 9 | d >> 9) & empty
}

#[cfg(test)]
mod tests {
    use super::super::bits::{flips, MASK8};
    use super::*;

    /// Whether some sequence of moves (passes included) from `(p to move, o)` flips a disc of
    /// `watch`: the slow definition, on small positions only.
    fn can_flip(p: u64, o: u64, watch: u64, mask: u64, passed: bool) -> bool {
        let moves = legal(p, o, mask);
        if moves == 0 {
            return !passed && can_flip(o, p, watch, mask, true);
        }
        let mut rest = moves;
        while rest != 0 {
            let sq = rest.trailing_zeros();
            rest &= rest - 1;
            let f = flips(p, o, sq);
            if f & watch != 0 {
                return true;
            }
            let (np, no) = (p | f | 1 << sq, o & !f);
            // `watch` is one side's discs: they stay that side's until flipped
            if can_flip(no, np, watch, mask, false) {
                return true;
            }
        }
        false
    }

    #[test]
    fn stable_discs_never_flip_on_random_near_full_boards() {
        let mut x = 0x1234_5678_9abc_def1u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut found = 0;
        for round in 0..600 {
            let (mask, n) = if round % 2 == 0 {
                (MASK8, 8)
            } else {
                (MASK6, 6)
            };
            // a board with 6 empties
            let mut empty = 0u64;
            while (empty & mask).count_ones() < 6 {
                empty |= 1 << (next() % 64);
            }
            let empty = empty & mask;
            let colour = next();
            let (a, b) = (mask & !empty & colour, mask & !empty & !colour);
            for (p, o) in [(a, b), (b, a)] {
                let s = stable_discs(p, o, mask, n);
                assert_eq!(s & !p, 0);
                found += s.count_ones();
                // either side may move first
                assert!(!can_flip(p, o, s, mask, false), "{p:x} {o:x} {s:x}");
                assert!(!can_flip(o, p, s, mask, false), "{p:x} {o:x} {s:x}");
            }
        }
        assert!(found > 1000, "{found}");
        // a full board: every disc stable
        assert_eq!(stable_discs(0xf0f0, !0xf0f0, MASK8, 8), 0xf0f0);
        // a lone corner
        assert_eq!(stable_discs(1, 2, MASK8, 8), 1);
        assert_eq!(stable_discs(1 << 35, 2, MASK6, 6), 0);
        assert_eq!(stable_discs(1 << 45, 2, MASK6, 6), 1 << 45);
    }
}
