//! Counting the pair sums x_i + x_j (i ≤ j) of sorted `x` at or below a value: for each row i,
//! its end, the first j ≥ i with x_i + x_j above the value (row i has `end − i` such sums).
//!
//! The ends fall as i rises, so one walk of two pointers finds them all in O(n). Its inner step
//! ("does the end move down one more?") is a branch that the processor cannot predict on
//! continuous data (about one miss a row); here each step compares the next [`W`] sums at once
//! without a branch and moves the end by how many are above the value, and two walks (the two
//! candidate values of a selection round) run interleaved, so that the latency of one hides
//! behind the other. Near the diagonal (an end within `W` of its row) the plain walk finishes.
//! Same ends and counts as the plain walk: floating-point addition is monotone, so the sums of
//! a row rise with j and each comparison means what the plain walk's does.

use std::mem::MaybeUninit;

/// Sums compared per step.
const W: usize = 4;

/// Where a walk stands: the next row, its end so far, and the sums counted.
#[derive(Clone, Copy)]
struct Walk {
    i: usize,
    j: usize,
    count: u64,
}

impl Walk {
    /// The walk at row 0: its end found by bisection (where the plain walk gets by stepping
    /// down from n).
    fn start(x: &[f64], v: f64) -> Self {
        let j = x
            .first()
            .map_or(0, |&x0| x.partition_point(|&y| x0 + y <= v));
        Walk { i: 0, j, count: 0 }
    }
}

/// Each row's end at `vs[c]` into `ends[c]` (replacing what it held), for `K` values at once;
/// the totals of sums at or below each value.
pub(super) fn row_ends_le<const K: usize>(
    x: &[f64],
    vs: [f64; K],
    mut ends: [&mut Vec<usize>; K],
) -> [u64; K] {
    let n = x.len();
    let mut walks = vs.map(|v| Walk::start(x, v));
    let mut out = ends.each_mut().map(|e| {
        e.clear();
        e.reserve(n);
        &mut e.spare_capacity_mut()[..n]
    });
    steps::<K, true>(x, &vs, &mut walks, &mut out);
    for c in 0..K {
        // The walks still going, one at a time.
        let mut one = [walks[c]];
        steps::<1, true>(x, &[vs[c]], &mut one, &mut [&mut *out[c]]);
        finish::<true>(x, vs[c], &mut one[0], out[c]);
        walks[c] = one[0];
    }
    for e in ends {
        // SAFETY: `steps` and `finish` wrote every row's end, 0..n, into its spare capacity.
        unsafe { e.set_len(n) };
    }
    walks.map(|w| w.count)
}

/// The number of pair sums ≤ `v` ([`row_ends_le`] without keeping the ends).
pub(super) fn count_le(x: &[f64], v: f64) -> u64 {
    let mut walk = [Walk::start(x, v)];
    let mut none: [&mut [MaybeUninit<usize>]; 1] = [&mut []];
    steps::<1, false>(x, &[v], &mut walk, &mut none);
    finish::<false>(x, v, &mut walk[0], none[0]);
    walk[0].count
}

/// The walks' steps while each has a row left whose end is at least `W` above it: a step
/// compares that row with the `W` values below its end, moves the end down by the number of
/// sums above `v` and, when fewer than `W` were (the row's end is found), ends the row.
#[inline(always)]
fn steps<const K: usize, const STORE: bool>(
    x: &[f64],
    vs: &[f64; K],
    walks: &mut [Walk; K],
    ends: &mut [&mut [MaybeUninit<usize>]; K],
) {
    let n = x.len();
    while walks.iter().all(|w| w.i < n && w.j >= w.i + W) {
        for c in 0..K {
            let Walk { i, j, .. } = walks[c];
            // In bounds: i < n and i + W ≤ j ≤ n.
            let (xi, below) = (x[i], &x[j - W..j]);
            let down: usize = below.iter().map(|&y| usize::from(xi + y > vs[c])).sum();
            let w = &mut walks[c];
            w.j = j - down;
            if down < W {
                if STORE {
                    ends[c][i] = MaybeUninit::new(w.j);
                }
                w.count += (w.j - i) as u64;
                w.i = i + 1;
            }
        }
    }
}

/// The plain walk from where `walk` stands to the last row.
fn finish<const STORE: bool>(x: &[f64], v: f64, walk: &mut Walk, ends: &mut [MaybeUninit<usize>]) {
    let mut j = walk.j;
    for i in walk.i..x.len() {
        while j > i && x[i] + x[j - 1] > v {
            j -= 1;
        }
        let e = j.max(i);
        if STORE {
            ends[i] = MaybeUninit::new(e);
        }
        walk.count += (e - i) as u64;
    }
    walk.i = x.len();
    walk.j = j;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain walk: the definition the fast one must match.
    fn plain(x: &[f64], v: f64) -> (Vec<usize>, u64) {
        let (mut ends, mut count, mut j) = (Vec::new(), 0, x.len());
        for i in 0..x.len() {
            while j > i && x[i] + x[j - 1] > v {
                j -= 1;
            }
            ends.push(j.max(i));
            count += (j.max(i) - i) as u64;
        }
        (ends, count)
    }

    /// Same ends and counts as the plain walk, one value or two at once, on continuous values,
    /// heavy ties, integers, negative and mixed values and the smallest inputs, at values
    /// below, among and above all the sums (and exactly at sums).
    #[test]
    fn fast_walks_match_the_plain_walk() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut checked = 0;
        for (kind, n) in (0..5).flat_map(|k| [0, 1, 2, 3, 4, 5, 9, 40, 1000].map(|n| (k, n))) {
            let mut x: Vec<f64> = (0..n)
                .map(|_| {
                    let u = (next() >> 11) as f64 / (1u64 << 53) as f64;
                    match kind {
                        0 => u - 0.3,
                        1 => (next() % 4) as f64 - 1.0,
                        2 => ((u * 2000.0).round() - 900.0) * 3.0,
                        3 => -(u * 1e6) - 1.0,
                        _ => (u - 0.5).powi(3) * 1e-300,
                    }
                })
                .collect();
            x.sort_by(f64::total_cmp);
            let mut vs: Vec<f64> = vec![f64::MIN, f64::MAX, 0.0];
            for _ in 0..20.min(n * n) {
                let (a, b) = (next() as usize % n, next() as usize % n);
                vs.push(x[a] + x[b]);
                vs.push((x[a] + x[b]) * 0.999);
            }
            let (mut e1, mut e2) = (Vec::new(), Vec::new());
            for w in vs.windows(2) {
                let (want0, want1) = (plain(&x, w[0]), plain(&x, w[1]));
                let [c0, c1] = row_ends_le(&x, [w[0], w[1]], [&mut e1, &mut e2]);
                assert_eq!(
                    (&e1, c0),
                    (&want0.0, want0.1),
                    "kind {kind}, n {n}, v {}",
                    w[0]
                );
                assert_eq!(
                    (&e2, c1),
                    (&want1.0, want1.1),
                    "kind {kind}, n {n}, v {}",
                    w[1]
                );
                let [c] = row_ends_le(&x, [w[0]], [&mut e2]);
                assert_eq!((&e2, c), (&want0.0, want0.1));
                assert_eq!(count_le(&x, w[1]), want1.1);
                checked += 1;
            }
        }
        assert!(checked > 500, "{checked}");
    }
}
