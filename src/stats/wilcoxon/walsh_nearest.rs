//! The pair sums x_i + x_j (i ≤ j) of sorted `x` nearest a value: its two neighbours, the
//! `steps` nearest distinct ones on either side, the Walsh average nearest it. Each one pass by
//! two pointers.

/// The largest pair sum below `v` and the smallest above it (`None` where there is none).
/// O(n) by two pointers.
pub(super) fn neighbour_sums(x: &[f64], v: f64) -> (Option<f64>, Option<f64>) {
    let n = x.len();
    let (mut below, mut above) = (None::<f64>, None::<f64>);
    // For row i: `lt` = first j ≥ i with sum ≥ v, `le` = first j ≥ i with sum > v; both move
    // down as i grows.
    let (mut lt, mut le) = (n, n);
    for i in 0..n {
        while lt > i && x[i] + x[lt - 1] >= v {
            lt -= 1;
        }
        while le > i && x[i] + x[le - 1] > v {
            le -= 1;
        }
        let (a, b) = (lt.max(i), le.max(i));
        if a > i {
            let s = x[i] + x[a - 1];
            below = Some(below.map_or(s, |m| m.max(s)));
        }
        if b < n {
            let s = x[i] + x[b];
            above = Some(above.map_or(s, |m| m.min(s)));
        }
    }
    (below, above)
}

/// The `steps` nearest distinct pair sums below `s` and above it (nearest first; fewer where
/// there are fewer): what `steps` rounds of [`neighbour_sums`] give, in one pass over the
/// distinct values. Each row's sums beyond `s` are offered nearest first until one is no nearer
/// than the `steps`-th kept, so a row costs a few comparisons however often its sums repeat.
pub(super) fn nearest_sums(x: &[f64], s: f64, steps: usize) -> (Vec<f64>, Vec<f64>) {
    let mut vals = x.to_vec();
    vals.dedup();
    let m = vals.len();
    let (mut below, mut above) = (Nearest::new(steps, false), Nearest::new(steps, true));
    // For row a: `lt` = first b ≥ a with sum ≥ s, `le` = first b ≥ a with sum > s; both move
    // down as a grows.
    let (mut lt, mut le) = (m, m);
    for a in 0..m {
        let v = vals[a];
        while lt > a && v + vals[lt - 1] >= s {
            lt -= 1;
        }
        while le > a && v + vals[le - 1] > s {
            le -= 1;
        }
        for b in le.max(a)..m {
            if !above.offer(v + vals[b]) {
                break;
            }
        }
        for b in (a..lt.max(a)).rev() {
            if !below.offer(v + vals[b]) {
                break;
            }
        }
    }
    (below.kept, above.kept)
}

/// The `steps` distinct values nearest to `s` on one side of it, nearest first.
pub(super) struct Nearest {
    steps: usize,
    /// Above `s` (nearer is smaller) or below (nearer is larger).
    above: bool,
    pub(super) kept: Vec<f64>,
}

impl Nearest {
    pub(super) fn new(steps: usize, above: bool) -> Self {
        Nearest {
            steps,
            above,
            kept: Vec::with_capacity(steps + 1),
        }
    }

    /// Keeps `v` (on the list's side of `s`) if it is among the nearest so far. False when it
    /// is no nearer than the last of a full list: neither is anything after it in its row, whose
    /// sums move away from `s`.
    pub(super) fn offer(&mut self, v: f64) -> bool {
        let key = |w: f64| if self.above { w } else { -w };
        if self.kept.len() == self.steps && self.kept.last().is_none_or(|&last| key(v) >= key(last))
        {
            return false;
        }
        if let Err(at) = self.kept.binary_search_by(|&w| key(w).total_cmp(&key(v))) {
            self.kept.insert(at, v);
            self.kept.truncate(self.steps);
        }
        true
    }
}

/// [`nearest_sums`] by `steps` rounds of [`neighbour_sums`] on each side (its test's oracle).
#[cfg(test)]
pub(super) fn nearest_sums_by_rounds(x: &[f64], s: f64, steps: usize) -> (Vec<f64>, Vec<f64>) {
    let (mut below, mut above) = (Vec::new(), Vec::new());
    let (mut b, mut a) = (Some(s), Some(s));
    for _ in 0..steps {
        b = b.and_then(|v| neighbour_sums(x, v).0);
        a = a.and_then(|v| neighbour_sums(x, v).1);
        below.extend(b);
        above.extend(a);
    }
    (below, above)
}

/// The Walsh average of sorted `x` nearest to `v` (the first such pair in row order on a tie).
/// O(n) by two pointers: for row i the candidates are the last sum below 2v and the first at
/// or above it.
pub(super) fn nearest_walsh(x: &[f64], v: f64) -> f64 {
    let n = x.len();
    let mut best = f64::NAN;
    let mut best_dist = f64::INFINITY;
    let target = 2.0 * v;
    let mut q = n; // first j (any row start) with x[i] + x[j] >= target
    for i in 0..n {
        while q > 0 && x[i] + x[q - 1] >= target {
            q -= 1;
        }
        let p = q.max(i);
        for j in [p.wrapping_sub(1), p] {
            if j >= i && j < n {
                let w = (x[i] + x[j]) / 2.0;
                let dist = (w - v).abs();
                if dist < best_dist {
                    best_dist = dist;
                    best = w;
                }
            }
        }
    }
    best
}
