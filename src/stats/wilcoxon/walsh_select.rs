//! Exact selection among the pair sums x_i + x_j (i ≤ j) of sorted `x`, in floating point, by
//! sampling: a few O(n) counting passes instead of one per bit of the value.
//!
//! The k-th smallest sum is a property of the multiset of sums (the smallest double `v` with more
//! than `k` sums ≤ `v`), so this returns exactly what bisection over the doubles returns
//! ([`super::hodges_lehmann::walsh_kth_bisect`]); the random samples only choose the brackets.

use super::float_order::{f64_from_key, f64_key, mid_key};
use super::walsh_count::{count_le, row_ends_le};
use super::walsh_nearest::{nearest_sums, neighbour_sums, Nearest};

/// Samples drawn per round to bracket the target rank, for `n` values: a quarter of them, from
/// 4096 to 65536 (fewer rounds of counting passes for a little more sampling; 7% fewer
/// instructions and mispredictions on the 333,333 differences of a 1M-record run).
fn samples(n: usize) -> usize {
    (n / 4).clamp(1 << 12, 1 << 16)
}
/// Rounds of sampling before falling back to bisection on the bracket.
const ROUNDS: usize = 12;

/// A bracket (lo, hi] on the value of the sums: `count(lo) ≤ k < count(hi)`, with each row's
/// ends at both values.
struct Bracket {
    lo: f64,
    hi: f64,
    lo_count: u64,
    hi_count: u64,
    lo_ends: Vec<usize>,
    hi_ends: Vec<usize>,
}

/// Values of the pair sums of one sample with the count of sums at or below each and the rows'
/// ends there, as one selection found them: another selection on the same sample starts from
/// the two around its rank instead of from all the sums (the Hodges–Lehmann estimate and the
/// bounds of its interval lie close together).
#[derive(Default)]
pub(super) struct BracketEnds(Vec<BracketEnd>);

struct BracketEnd {
    value: f64,
    count: u64,
    ends: Vec<usize>,
}

impl BracketEnds {
    /// Keeps the bracket's two ends (moved out of it).
    fn keep(&mut self, br: &mut Bracket) {
        for (value, count, ends) in [
            (br.lo, br.lo_count, &mut br.lo_ends),
            (br.hi, br.hi_count, &mut br.hi_ends),
        ] {
            self.0.push(BracketEnd {
                value,
                count,
                ends: std::mem::take(ends),
            });
        }
    }
}

impl Bracket {
    /// The narrowest bracket of rank `k` among all sums and `brackets`.
    fn new(x: &[f64], k: u64, brackets: &BracketEnds) -> Self {
        let n = x.len();
        let lo = brackets
            .0
            .iter()
            .filter(|p| p.count <= k)
            .max_by(|a, b| a.value.total_cmp(&b.value));
        let hi = brackets
            .0
            .iter()
            .filter(|p| p.count > k)
            .min_by(|a, b| a.value.total_cmp(&b.value));
        let (lo, lo_count, lo_ends) = match lo {
            Some(p) => (p.value, p.count, p.ends.clone()),
            None => (f64_from_key(f64_key(x[0] + x[0]) - 1), 0, (0..n).collect()),
        };
        let (hi, hi_count, hi_ends) = match hi {
            Some(p) => (p.value, p.count, p.ends.clone()),
            None => (
                x[n - 1] + x[n - 1],
                (n as u64) * (n as u64 + 1) / 2,
                vec![n; n],
            ),
        };
        Bracket {
            lo,
            hi,
            lo_count,
            hi_count,
            lo_ends,
            hi_ends,
        }
    }

    fn band(&self) -> u64 {
        self.hi_count - self.lo_count
    }

    /// The sums in (lo, hi], as keys in bit order ([`f64_key`]: integers select faster).
    fn enumerate(&self, x: &[f64]) -> Vec<i64> {
        let mut out = Vec::with_capacity(self.band() as usize);
        for (i, (&a, &b)) in self.lo_ends.iter().zip(&self.hi_ends).enumerate() {
            out.extend(x[a..b].iter().map(|y| f64_key(x[i] + y)));
        }
        out
    }

    /// `m` sums drawn from the band, one uniformly from each of its `m` equal strata in row
    /// order (so the draws come sorted), met in one sweep of the rows.
    fn sample(&self, x: &[f64], m: usize, rng: &mut SplitMix) -> Vec<i64> {
        let band = self.band();
        let mut out = Vec::with_capacity(m);
        let mut t = 0u64;
        let step = band / m as u64;
        let mut draw = |t: u64| t * step + ((rng.next() as u128 * step as u128) >> 64) as u64;
        let mut u = draw(0);
        let mut before = 0u64;
        for (i, (&a, &b)) in self.lo_ends.iter().zip(&self.hi_ends).enumerate() {
            let end = before + (b - a) as u64;
            while u < end {
                out.push(f64_key(x[i] + x[a + (u - before) as usize]));
                t += 1;
                if t == m as u64 {
                    return out;
                }
                u = draw(t);
            }
            before = end;
        }
        out
    }

    /// Narrow the bracket with candidate values from a sample, for the rank `k`; the ends it
    /// leaves go to `brackets` when there are some to keep.
    fn narrow(
        &mut self,
        x: &[f64],
        k: u64,
        rng: &mut SplitMix,
        scratch: &mut [Vec<usize>; 2],
        mut brackets: Option<&mut BracketEnds>,
    ) {
        let band = self.band();
        let m = samples(x.len());
        let mut s = self.sample(x, m, rng);
        let p = (k - self.lo_count) as f64 / band as f64;
        let pos = p * m as f64;
        let margin = 4.5 * (m as f64 * p * (1.0 - p)).sqrt() + 2.0;
        let last = m - 1;
        let a = (pos - margin).floor();
        let b = (pos + margin).ceil();
        let top = (b <= last as f64).then(|| self.candidate(&mut s, b as usize));
        let bottom = (a >= 0.0).then(|| f64_from_key(*s.select_nth_unstable(a as usize).1));
        // Both counted in one pass where the bottom candidate is below the top one (so that a
        // new top leaves it as it is); else one after the other, as the bracket changes.
        let [below, above] = scratch;
        let (top_count, bottom_count) = match (top, bottom) {
            (Some(t), Some(u)) if u < t => {
                let [ct, cu] = row_ends_le(x, [t, u], [above, below]);
                (Some(ct), Some(cu))
            }
            _ => (top.map(|t| row_ends_le(x, [t], [above])[0]), None),
        };
        if let (Some(v), Some(c)) = (top, top_count) {
            if c > k && v < self.hi && v > self.lo {
                let old = (self.hi, self.hi_count);
                (self.hi, self.hi_count) = (v, c);
                std::mem::swap(&mut self.hi_ends, above);
                keep(brackets.as_deref_mut(), old, above);
            }
        }
        if a >= 0.0 {
            let (v, c) = match bottom_count {
                Some(c) => (bottom.expect("counted"), c),
                None => {
                    let v = self.candidate(&mut s, a as usize);
                    (v, row_ends_le(x, [v], [&mut *below])[0])
                }
            };
            if c <= k && v > self.lo {
                let old = (self.lo, self.lo_count);
                (self.lo, self.lo_count) = (v, c);
                std::mem::swap(&mut self.lo_ends, below);
                keep(brackets, old, below);
            }
        }
    }

    /// The sample's `at`-th smallest sum, or, where that is the bracket's top itself (a sum
    /// repeated there), the double just below the top.
    fn candidate(&self, sample: &mut [i64], at: usize) -> f64 {
        let v = f64_from_key(*sample.select_nth_unstable(at).1);
        if v >= self.hi {
            f64_from_key(f64_key(self.hi) - 1)
        } else {
            v
        }
    }
}

/// Moves a bracket end just replaced (its value, count and the ends in `scratch`) to `brackets`,
/// when there are some to keep, leaving `scratch` a fresh buffer.
fn keep(brackets: Option<&mut BracketEnds>, (value, count): (f64, u64), scratch: &mut Vec<usize>) {
    if let Some(p) = brackets {
        let ends = std::mem::replace(scratch, Vec::with_capacity(scratch.len()));
        p.0.push(BracketEnd { value, count, ends });
    }
}

/// A small deterministic generator (SplitMix64): the samples only steer the search.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The k-th and (k+1)-th smallest (0-based) pair sums x_i + x_j, i ≤ j, of sorted `x` (the
/// second `None` when k is the last). A zero sum is returned as −0.0, the first double (in bit
/// order) with more than k sums at or below it, as bisection over the doubles finds it. (The
/// estimate keeps its brackets: [`kth_pair_sums_keeping`]; this is the tests' plain form.)
#[cfg(test)]
pub(super) fn kth_pair_sums(x: &[f64], k: u64) -> (f64, Option<f64>) {
    let s = select(
        x,
        k,
        Want {
            next: true,
            ..Want::default()
        },
    );
    (s.kth, s.next)
}

/// [`kth_pair_sums`], keeping the brackets it went through in `brackets` for the next selections
/// on `x`.
pub(super) fn kth_pair_sums_keeping(
    x: &[f64],
    k: u64,
    brackets: &mut BracketEnds,
) -> (f64, Option<f64>) {
    let s = select(
        x,
        k,
        Want {
            next: true,
            keep: Some(brackets),
            ..Want::default()
        },
    );
    (s.kth, s.next)
}

/// The k-th smallest pair sum alone ([`kth_pair_sums`]`.0`).
pub(super) fn kth_pair_sum(x: &[f64], k: u64) -> f64 {
    select(x, k, Want::default()).kth
}

/// The k-th smallest pair sum s and its `steps` nearest distinct sums below and above
/// ([`nearest_sums`] of s), from the sums the selection enumerated where they hold them; the
/// search starts from the brackets in `brackets` (of earlier selections on `x`).
pub(super) fn kth_pair_sum_and_nearest(
    x: &[f64],
    k: u64,
    steps: usize,
    brackets: &BracketEnds,
) -> (f64, (Vec<f64>, Vec<f64>)) {
    let s = select(
        x,
        k,
        Want {
            next: false,
            steps,
            from: Some(brackets),
            keep: None,
        },
    );
    let nearest = s.nearest.unwrap_or_else(|| nearest_sums(x, s.kth, steps));
    (s.kth, nearest)
}

/// What a selection computes besides the k-th sum, and the brackets it starts from or keeps.
#[derive(Default)]
struct Want<'p> {
    /// The (k+1)-th sum.
    next: bool,
    /// The nearest distinct sums on either side, as many as this (from the band only).
    steps: usize,
    from: Option<&'p BracketEnds>,
    keep: Option<&'p mut BracketEnds>,
}

/// A selection's k-th sum, with the next and the nearest where asked for and known.
struct Selection {
    kth: f64,
    next: Option<f64>,
    nearest: Option<(Vec<f64>, Vec<f64>)>,
}

/// The k-th sum, with what `want` asks for: the (k+1)-th, and the nearest distinct sums on
/// either side when the enumerated band holds them.
fn select(x: &[f64], k: u64, mut want: Want) -> Selection {
    let n = x.len();
    let total = (n as u64) * (n as u64 + 1) / 2;
    let mut br = Bracket::new(x, k, want.from.unwrap_or(&BracketEnds::default()));
    let mut rng = SplitMix(0x7265_6562_656e_6368 ^ k);
    let mut scratch = [Vec::with_capacity(n), Vec::with_capacity(n)];
    // Enumerating and selecting in a band costs a few passes per n sums; a round, three passes.
    let limit = (n as u64).max(1 << 16);
    for _ in 0..ROUNDS {
        let band = br.band();
        if band <= limit || mid_key(br.lo, br.hi).is_none() {
            break;
        }
        br.narrow(x, k, &mut rng, &mut scratch, want.keep.as_deref_mut());
        if br.band() == band {
            break; // a sum repeated more than `limit` times: sampling cannot split it
        }
    }
    if br.band() > limit {
        let (kth, next) = by_counting(x, &br, k, want.next);
        if let Some(p) = want.keep {
            p.keep(&mut br);
        }
        return Selection {
            kth,
            next,
            nearest: None,
        };
    }
    let mut sums = br.enumerate(x);
    let idx = (k - br.lo_count) as usize;
    let (_, v, above) = sums.select_nth_unstable(idx);
    let v = f64_from_key(*v);
    let after = if !want.next {
        None
    } else if let Some(&s) = above.iter().min() {
        Some(f64_from_key(s))
    } else {
        (k + 1 < total).then(|| kth_pair_sum(x, k + 1))
    };
    let nearest = (want.steps > 0)
        .then(|| nearest_in_band(&sums, &br, total, v, want.steps))
        .flatten();
    if let Some(p) = want.keep {
        p.keep(&mut br);
    }
    Selection {
        kth: zero_as_negative(v),
        next: after.map(zero_as_negative),
        nearest,
    }
}

/// The `steps` nearest distinct sums below and above `s` among the band's `sums` (keys), when the
/// band holds them all: as many on each side, or every sum of that side.
fn nearest_in_band(
    sums: &[i64],
    br: &Bracket,
    total: u64,
    s: f64,
    steps: usize,
) -> Option<(Vec<f64>, Vec<f64>)> {
    let (mut below, mut above) = (Nearest::new(steps, false), Nearest::new(steps, true));
    for v in sums.iter().map(|&k| f64_from_key(k)) {
        if v < s {
            below.offer(v);
        } else if v > s {
            above.offer(v);
        }
    }
    let below_done = below.kept.len() == steps || br.lo_count == 0;
    let above_done = above.kept.len() == steps || br.hi_count == total;
    (below_done && above_done).then_some((below.kept, above.kept))
}

/// The k-th and (k+1)-th sums (the latter when `next`) where the bracket holds too many to
/// enumerate: by bisection, unless the bracket's top is the k-th sum (a sum repeated many
/// times), which one count shows; the next is then the top again or the first sum above it.
fn by_counting(x: &[f64], br: &Bracket, k: u64, next: bool) -> (f64, Option<f64>) {
    let n = x.len();
    let total = (n as u64) * (n as u64 + 1) / 2;
    let below_top = f64_from_key(f64_key(br.hi) - 1);
    let top_is_kth = below_top <= br.lo || count_le(x, below_top) <= k;
    if !top_is_kth {
        let first = bisect(x, br.lo, br.hi, k);
        let after = (next && k + 1 < total).then(|| bisect(x, br.lo, x[n - 1] + x[n - 1], k + 1));
        return (first, after);
    }
    // What bisection on (lo, hi] finds: the smallest double with more than k sums at or below
    // (not +0.0: −0.0, just below it, has as many).
    let first = br.hi;
    let after = if !next || k + 1 >= total {
        None
    } else if k + 1 < br.hi_count {
        Some(first)
    } else {
        neighbour_sums(x, br.hi).1.map(zero_as_negative)
    };
    (first, after)
}

fn zero_as_negative(v: f64) -> f64 {
    if v == 0.0 {
        -0.0
    } else {
        v
    }
}

/// The k-th smallest sum by bisection over the doubles in (lo, hi], with
/// `count(lo) ≤ k < count(hi)`.
fn bisect(x: &[f64], mut lo: f64, mut hi: f64, k: u64) -> f64 {
    while let Some(mid) = mid_key(lo, hi) {
        if count_le(x, mid) > k {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

#[cfg(test)]
mod tests {
    use super::super::walsh_nearest::nearest_sums_by_rounds;
    use super::*;

    fn brute(x: &[f64]) -> Vec<f64> {
        let mut w = Vec::new();
        for i in 0..x.len() {
            for j in i..x.len() {
                w.push(x[i] + x[j]);
            }
        }
        w.sort_by(f64::total_cmp);
        w
    }

    fn data(n: usize, seed: u64, ties: bool) -> Vec<f64> {
        let mut r = SplitMix(seed);
        let mut x: Vec<f64> = (0..n)
            .map(|_| {
                let u = r.next();
                if ties {
                    (u % 21) as f64 - 10.0
                } else {
                    (u >> 11) as f64 / (1u64 << 53) as f64 * 200.0 - 60.0
                }
            })
            .collect();
        x.sort_by(f64::total_cmp);
        x
    }

    #[test]
    fn selection_matches_sorting_all_sums() {
        for (n, ties) in [(1, false), (2, true), (40, false), (40, true), (700, true)] {
            let x = data(n, n as u64, ties);
            let w = brute(&x);
            let step = (w.len() / 97).max(1);
            for k in (0..w.len()).step_by(step).chain([w.len() - 1]) {
                let (a, b) = kth_pair_sums(&x, k as u64);
                assert_eq!(a.to_bits(), zero_as_negative(w[k]).to_bits(), "n {n} k {k}");
                assert_eq!(
                    b.map(f64::to_bits),
                    w.get(k + 1).map(|v| zero_as_negative(*v).to_bits())
                );
            }
        }
    }

    #[test]
    fn large_sample_rounds_agree_with_bisection() {
        for ties in [false, true] {
            let x = data(3000, 9, ties);
            let total = 3000u64 * 3001 / 2;
            for k in [0, 17, total / 40, total / 2, total - total / 40, total - 1] {
                let want = bisect(&x, f64_from_key(f64_key(x[0] + x[0]) - 1), x[2999] * 2.0, k);
                assert_eq!(kth_pair_sums(&x, k).0.to_bits(), want.to_bits(), "k {k}");
            }
        }
    }

    /// Sums of both signs: the bracket's keys are far apart (their difference overflows i64).
    #[test]
    fn wide_brackets_use_the_sampling_rounds() {
        let x: Vec<f64> = data(3000, 5, false).iter().map(|v| v * 1e7).collect();
        let br = Bracket::new(&x, 0, &BracketEnds::default());
        assert!(mid_key(br.lo, br.hi).is_some());
        let total = 3000u64 * 3001 / 2;
        let lo = f64_from_key(f64_key(x[0] + x[0]) - 1);
        for k in [total / 40, total / 2] {
            let want = bisect(&x, lo, x[2999] * 2.0, k);
            assert_eq!(kth_pair_sums(&x, k).0.to_bits(), want.to_bits(), "k {k}");
        }
    }

    #[test]
    fn nearest_sums_by_window_and_by_rounds() {
        for (n, ties) in [(60, true), (400, false), (400, true), (3, false)] {
            let x = data(n, 11, ties);
            for s in [x[0] * 2.0, -3.0, 0.0, 1.0, 7.5, 55.0, x[n - 1] * 2.0] {
                for steps in [1, 6, 40] {
                    let got = nearest_sums(&x, s, steps);
                    assert_eq!(got, nearest_sums_by_rounds(&x, s, steps), "n {n} s {s}");
                }
            }
        }
    }

    /// The nearest sums read from the selection's band are those of a separate pass, whether the
    /// band holds them (small samples: all sums) or not (wide samples, many steps).
    #[test]
    fn nearest_from_the_band() {
        for (n, ties) in [(60, true), (700, false), (3000, false), (3000, true)] {
            let x = data(n, 5, ties);
            let total = (n * (n + 1) / 2) as u64;
            for k in [0, total / 7, total / 2, total - 1] {
                for steps in [1, 6, 40] {
                    let (s, near) = kth_pair_sum_and_nearest(&x, k, steps, &BracketEnds::default());
                    assert_eq!(s.to_bits(), kth_pair_sum(&x, k).to_bits(), "n {n} k {k}");
                    assert_eq!(
                        near,
                        nearest_sums(&x, s, steps),
                        "n {n} k {k} steps {steps}"
                    );
                }
            }
        }
    }

    /// Selections that start from the brackets another selection kept find the same sums.
    #[test]
    fn selections_from_kept_brackets() {
        for (n, ties) in [(700, true), (3000, false), (20_000, false), (20_000, true)] {
            let x = data(n, 9, ties);
            let total = (n * (n + 1) / 2) as u64;
            let mut brackets = BracketEnds::default();
            let (m, next) = kth_pair_sums_keeping(&x, total / 2, &mut brackets);
            assert_eq!((m, next), kth_pair_sums(&x, total / 2));
            assert!(
                n < 1000 || brackets.0.len() >= 4,
                "n {n}: {}",
                brackets.0.len()
            );
            for k in [
                0,
                total / 3,
                total / 2 - total / 50,
                total / 2 + 7,
                total - 1,
            ] {
                let fresh = kth_pair_sum_and_nearest(&x, k, 3, &BracketEnds::default());
                let (s, near) = kth_pair_sum_and_nearest(&x, k, 3, &brackets);
                assert_eq!(
                    (s.to_bits(), near),
                    (fresh.0.to_bits(), fresh.1),
                    "n {n} k {k}"
                );
            }
        }
    }

    /// Sums repeated far more often than a band can hold: counted, not bisected.
    #[test]
    fn heavily_repeated_sums() {
        let x: Vec<f64> = (0..3000).map(|i| f64::from((i % 7) as i32 - 3)).collect();
        let mut x = x;
        x.sort_by(f64::total_cmp);
        let w = brute(&x);
        let total = w.len();
        for k in [0, total / 5, total / 2, total / 2 + 1, total - 2, total - 1] {
            let (a, b) = kth_pair_sums(&x, k as u64);
            assert_eq!(a.to_bits(), zero_as_negative(w[k]).to_bits(), "k {k}");
            assert_eq!(
                b.map(f64::to_bits),
                w.get(k + 1).map(|v| zero_as_negative(*v).to_bits()),
                "k {k}"
            );
        }
    }

    #[test]
    fn neighbours_and_nearest() {
        let x = data(60, 3, true);
        let w = brute(&x);
        for v in [-25.0, -3.0, 0.0, 0.5, 7.0, 40.0] {
            let (b, a) = neighbour_sums(&x, v);
            assert_eq!(b, w.iter().copied().filter(|s| *s < v).last());
            assert_eq!(a, w.iter().copied().find(|s| *s > v));
        }
    }
}
