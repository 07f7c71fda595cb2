//! Adjustment of p-values for multiple testing.

/// Holm's step-down adjustment (Holm 1979), as R's `p.adjust(p, "holm")`: with the m finite
/// p-values sorted ascending, p̃₍ᵢ₎ = max over j ≤ i of min(1, (m − j + 1) · p₍ⱼ₎). NaN entries
/// (tests that could not be made) stay NaN and do not count in m. Returned in input order.
#[must_use]
pub fn holm(p: &[f64]) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..p.len()).filter(|&i| !p[i].is_nan()).collect();
    idx.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let m = idx.len();
    let mut out = vec![f64::NAN; p.len()];
    let mut running = 0f64;
    for (j, &i) in idx.iter().enumerate() {
        running = running.max(((m - j) as f64 * p[i]).min(1.0));
        out[i] = running;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::holm;

    #[test]
    fn holm_by_hand() {
        // m = 4, sorted 0.01, 0.02, 0.03, 0.5: 4·0.01 = 0.04, 3·0.02 = 0.06, 2·0.03 = 0.06,
        // 1·0.5 = 0.5 (R: p.adjust(c(0.03, 0.01, 0.5, 0.02), "holm") = 0.06 0.04 0.50 0.06).
        let got = holm(&[0.03, 0.01, 0.5, 0.02]);
        let want = [0.06, 0.04, 0.5, 0.06];
        for (g, w) in got.iter().zip(want) {
            assert!((g - w).abs() < 1e-15, "{got:?}");
        }
        // Monotone step-down: 3·0.01 = 0.03, 2·0.04 = 0.08, then max(0.08, 1·0.045) = 0.08.
        let got = holm(&[0.01, 0.04, 0.045]);
        assert!((got[0] - 0.03).abs() < 1e-15 && (got[1] - 0.08).abs() < 1e-15);
        assert!((got[2] - 0.08).abs() < 1e-15, "{got:?}");
        // Capped at 1; NaN kept and not counted (m = 2).
        let got = holm(&[0.9, f64::NAN, 0.6]);
        assert_eq!(got[0], 1.0);
        assert!(got[1].is_nan());
        assert_eq!(got[2], 1.0);
        assert_eq!(holm(&[0.2, f64::NAN])[0], 0.2);
        assert!(holm(&[]).is_empty());
    }
}
