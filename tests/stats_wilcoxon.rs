//! Reference values of the Wilcoxon signed-rank test: scipy.stats.wilcoxon (1.17.1) and R 4.2.2
//! `wilcox.test`, plus brute-force property tests of the exact null distribution.

// 3.14 is data (R's example), and reference values are quoted with all the digits R printed.
#![allow(clippy::approx_constant, clippy::excessive_precision)]

use proptest::prelude::*;
use treebench::stats::wilcoxon::{
    hodges_lehmann, walsh_order_statistic, wilcoxon, wilcoxon_paired, Alternative, Method,
    WilcoxonOptions, ZeroMethod,
};

fn opts(alternative: Alternative, method: Method) -> WilcoxonOptions {
    WilcoxonOptions {
        alternative,
        method,
        ..WilcoxonOptions::default()
    }
}

/// Tolerance for p-values of the normal approximation: statrs's erfc is accurate to a few 1e-11
/// relative (e.g. 0.04088813291003890 against the exact 0.04088813291185591), so normal-theory
/// p-values agree with scipy/R to ~1e-11, well inside the 1e-6 the module promises.
const P_ASYM: f64 = 1e-10;

fn close(got: f64, want: f64, tol: f64) {
    assert!(
        (got - want).abs() <= tol,
        "got {got:.17}, want {want:.17} (tol {tol:e})"
    );
}

const X: [f64; 9] = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30];
const Y: [f64; 9] = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];

const D15: [f64; 15] = [
    6.0, 8.0, 14.0, 16.0, 23.0, 24.0, 28.0, 29.0, 41.0, -48.0, 49.0, 56.0, 60.0, -67.0, 75.0,
];

const A: [f64; 8] = [12.0, 9.0, 15.0, 11.0, 8.0, 14.0, 10.0, 13.0];
const B: [f64; 8] = [9.0, 6.0, 16.0, 11.0, 4.0, 15.0, 10.0, 17.0];

#[test]
fn r_example_exact_two_sided() {
    let r = wilcoxon_paired(&X, &Y, &WilcoxonOptions::default()).unwrap();
    assert_eq!(r.method, Method::Exact);
    assert_eq!(r.n, 9);
    assert_eq!(r.statistic, 40.0);
    close(r.p_value, 0.0390625, 1e-12);
    assert_eq!(r.z, None);
    // R prints 0.46 / 0.0100 / 0.7860; with 17 digits R gives 0.46000000000000008,
    // 0.010000000000000009, 0.78600000000000003: the Walsh averages of the floating-point
    // differences, so they are asserted to 1e-12 (rounding of x - y is ~1e-16).
    close(r.estimate, 0.46, 1e-12);
    close(r.ci.0, 0.010, 1e-12);
    close(r.ci.1, 0.786, 1e-12);
    // Bit-for-bit the doubles R computes (its 17-digit output).
    assert_eq!(r.estimate, 0.46000000000000008);
    assert_eq!(r.ci, (0.010000000000000009, 0.78600000000000003));
    close(r.confidence, 0.95, 0.0);
}

#[test]
fn r_example_exact_one_sided() {
    let g = wilcoxon_paired(&X, &Y, &opts(Alternative::Greater, Method::Auto)).unwrap();
    close(g.p_value, 0.01953125, 1e-12);
    assert_eq!(g.statistic, 40.0);
    // R: conf.int 0.17500000000000004 Inf
    close(g.ci.0, 0.175, 1e-12);
    assert_eq!(g.ci.1, f64::INFINITY);
    let l = wilcoxon_paired(&X, &Y, &opts(Alternative::Less, Method::Auto)).unwrap();
    // R: p 0.986328125, conf.int -Inf 0.72600000000000020
    close(l.p_value, 0.986328125, 1e-12);
    assert_eq!(l.ci.0, f64::NEG_INFINITY);
    close(l.ci.1, 0.726, 1e-12);
}

#[test]
fn r_example_asymptotic() {
    let r = wilcoxon_paired(&X, &Y, &opts(Alternative::TwoSided, Method::Asymptotic)).unwrap();
    assert_eq!(r.method, Method::Asymptotic);
    close(r.p_value, 0.038151710173415135, P_ASYM);
    // R: estimate 0.460002372629565781 (uniroot, tol 1e-4), conf.int 0.010012499072844752
    // 0.785998194370881587 (uniroot, tol 1e-4). The exact roots are the Walsh averages 0.46,
    // 0.010, 0.786, which is what this implementation returns; R agrees to its tolerance.
    close(r.estimate, 0.46, 1e-12);
    close(r.ci.0, 0.010, 1e-12);
    close(r.ci.1, 0.786, 1e-12);
    close(r.ci.0, 0.010012499072844752, 1e-4);
    close(r.ci.1, 0.785998194370881587, 1e-4);
    let c = wilcoxon_paired(
        &X,
        &Y,
        &WilcoxonOptions {
            correction: true,
            method: Method::Asymptotic,
            ..WilcoxonOptions::default()
        },
    )
    .unwrap();
    // R (correct = TRUE): p 0.0440109840129514554, conf.int 0.0099619423094986122
    // 0.7860429906870388672.
    close(c.p_value, 0.0440109840129514554, P_ASYM);
    close(c.ci.0, 0.0099619423094986122, 1e-4);
    close(c.ci.1, 0.7860429906870388672, 1e-4);
}

#[test]
fn fifteen_differences_exact() {
    let r = wilcoxon(&D15, &WilcoxonOptions::default()).unwrap();
    assert_eq!(r.method, Method::Exact);
    assert_eq!(r.statistic, 96.0);
    close(r.p_value, 0.041259765625, 1e-12);
    close(r.estimate, 25.0, 1e-12);
    close(r.ci.0, 4.0, 1e-12);
    close(r.ci.1, 41.5, 1e-12);
    let g = wilcoxon(&D15, &opts(Alternative::Greater, Method::Auto)).unwrap();
    assert_eq!(g.statistic, 96.0);
    close(g.p_value, 0.0206298828125, 1e-12);
    // scipy: less p = 0.982330322265625
    let l = wilcoxon(&D15, &opts(Alternative::Less, Method::Auto)).unwrap();
    close(l.p_value, 0.982330322265625, 1e-12);
    // R, conf.level = 0.999: -25.5, 58, conf.level 0.999
    let w = wilcoxon(
        &D15,
        &WilcoxonOptions {
            confidence: 0.999,
            ..WilcoxonOptions::default()
        },
    )
    .unwrap();
    assert_eq!(w.ci, (-25.5, 58.0));
    close(w.confidence, 0.999, 0.0);
}

#[test]
fn fifteen_differences_asymptotic() {
    let r = wilcoxon(&D15, &opts(Alternative::TwoSided, Method::Asymptotic)).unwrap();
    close(r.p_value, 0.04088813291185591, P_ASYM);
    close(r.z.unwrap(), -2.04466, 5e-6);
    close(r.z.unwrap(), -36.0 / 310f64.sqrt(), 1e-12);
    // R: estimate 24.812519951176465582 (uniroot in the flat interval [24.5, 25]: 105 Walsh
    // averages is odd, the Walsh median is 25; R's uniroot stops inside the last step, see
    // docs), conf.int 3.999979797129533221 41.500031741882459357.
    close(r.estimate, 25.0, 1e-12);
    close(r.ci.0, 3.999979797129533221, 1e-4);
    close(r.ci.1, 41.500031741882459357, 1e-4);
    let g = wilcoxon(&D15, &opts(Alternative::Greater, Method::Asymptotic)).unwrap();
    close(g.p_value, 0.020444066455927955, P_ASYM);
    close(g.z.unwrap(), 36.0 / 310f64.sqrt(), 1e-12);
    close(g.ci.0, 9.999998374271603652, 1e-4);
    let c = wilcoxon(
        &D15,
        &WilcoxonOptions {
            correction: true,
            method: Method::Asymptotic,
            ..WilcoxonOptions::default()
        },
    )
    .unwrap();
    close(c.p_value, 0.043772323763041202, P_ASYM);
    close(c.ci.0, 0.500015755084299962, 1e-4);
    close(c.ci.1, 41.999999685972639440, 1e-4);
    let cl = wilcoxon(
        &D15,
        &WilcoxonOptions {
            correction: true,
            method: Method::Asymptotic,
            alternative: Alternative::Less,
            ..WilcoxonOptions::default()
        },
    )
    .unwrap();
    close(cl.p_value, 0.98091668433321866, P_ASYM);
    close(cl.ci.1, 39.49994429445447963, 1e-4);
}

fn ab(zero_method: ZeroMethod, correction: bool) -> treebench::stats::wilcoxon::WilcoxonResult {
    wilcoxon_paired(
        &A,
        &B,
        &WilcoxonOptions {
            zero_method,
            correction,
            method: Method::Asymptotic,
            ..WilcoxonOptions::default()
        },
    )
    .unwrap()
}

#[test]
fn zeros_and_ties_asymptotic() {
    let w = ab(ZeroMethod::Wilcox, false);
    close(w.p_value, 0.6724316013, 1e-10);
    close(w.p_value, 0.6724316013205243, P_ASYM); // scipy 1.17.1
    assert_eq!(w.n, 6);
    assert_eq!(w.statistic, 12.5); // R's V; scipy's two-sided statistic min(T+, T-) = 8.5
    close(w.z.unwrap(), -0.4228131380653519, 1e-12);
    let wc = ab(ZeroMethod::Wilcox, true);
    close(wc.p_value, 0.7511602484, 1e-10);
    close(wc.p_value, 0.7511602484004583, P_ASYM);
    close(wc.z.unwrap(), -0.31710985354901394, 1e-12);
    let p = ab(ZeroMethod::Pratt, false);
    close(p.p_value, 0.7759297497, 1e-10);
    close(p.p_value, 0.77592974970598, P_ASYM);
    close(p.z.unwrap(), -0.284627226785928, 1e-12);
    assert_eq!(p.n, 8);
    close(
        ab(ZeroMethod::Pratt, true).p_value,
        0.8309600587263296,
        P_ASYM,
    );
    let z = ab(ZeroMethod::Zsplit, false);
    close(z.p_value, 0.7783736950, 1e-10);
    close(z.p_value, 0.7783736950247592, P_ASYM);
    close(z.z.unwrap(), -0.2814390178921167, 1e-12);
    close(
        ab(ZeroMethod::Zsplit, true).p_value,
        0.8328254210823566,
        P_ASYM,
    );
    // With ties or zeros and n ≤ 13, scipy 1.17.1's `auto` enumerates every sign flip:
    // wilcoxon(A - B) p = 0.71875; 'greater' p = 0.359375, T+ = 12.5; 'less' p = 0.703125.
    let p = |d: &[f64], alt| wilcoxon(d, &opts(alt, Method::Auto)).unwrap();
    let a_b: Vec<f64> = A.iter().zip(&B).map(|(x, y)| x - y).collect();
    let (two, g) = (
        p(&a_b, Alternative::TwoSided),
        p(&a_b, Alternative::Greater),
    );
    assert_eq!((two.method, two.p_value), (Method::Permutation, 0.71875));
    assert_eq!((g.p_value, g.statistic, g.n), (0.359375, 12.5, 6));
    assert_eq!(p(&a_b, Alternative::Less).p_value, 0.703125);
    // Ten differences with tied ranks and a zero: scipy 1.17.1 gives two-sided 0.109375,
    // greater 0.0546875 (T+ = 36.5), less 0.95703125.
    let d = [3.0, 3.0, -1.0, 2.0, 2.0, 2.0, 0.0, 5.0, -3.0, 1.0];
    assert_eq!(p(&d, Alternative::TwoSided).p_value, 0.109375);
    let g = p(&d, Alternative::Greater);
    assert_eq!((g.p_value, g.statistic), (0.0546875, 36.5));
    assert_eq!(p(&d, Alternative::Less).p_value, 0.95703125);
    // Beyond 13 differences, ties fall back to the normal approximation.
    let long: Vec<f64> = d.iter().chain(&d).copied().collect();
    assert_eq!(p(&long, Alternative::Less).method, Method::Asymptotic);
}

#[test]
fn zeros_and_ties_interval_like_r() {
    // R: wilcox.test(a, b, paired = TRUE, conf.int = TRUE, correct = FALSE):
    // estimate 0.99993023729212061, conf.int -2.50003935813994538 3.50003936862311882, 0.95.
    let w = ab(ZeroMethod::Wilcox, false);
    close(w.estimate, 1.0, 1e-12);
    close(w.estimate, 0.99993023729212061, 1e-4);
    close(w.ci.0, -2.50003935813994538, 1e-4);
    close(w.ci.1, 3.50003936862311882, 1e-4);
    close(w.confidence, 0.95, 0.0);
    // correct = TRUE: "requested conf.level not achievable", conf.level 0.9,
    // conf.int -2.49995849843639384 3.49998039980084918.
    let c = ab(ZeroMethod::Wilcox, true);
    close(c.ci.0, -2.49995849843639384, 1e-4);
    close(c.ci.1, 3.49998039980084918, 1e-4);
    close(c.confidence, 0.9, 1e-12);
}

#[test]
fn scipy_exact_with_ties_and_zeros() {
    // scipy.stats.wilcoxon(a, b, zero_method=..., method='exact'): 0.84375, 1.0, 0.84375.
    for (zm, want) in [
        (ZeroMethod::Wilcox, 0.84375),
        (ZeroMethod::Pratt, 1.0),
        (ZeroMethod::Zsplit, 0.84375),
    ] {
        let r = wilcoxon_paired(
            &A,
            &B,
            &WilcoxonOptions {
                zero_method: zm,
                method: Method::Exact,
                ..WilcoxonOptions::default()
            },
        )
        .unwrap();
        close(r.p_value, want, 1e-12);
    }
}

// ---------------------------------------------------------------------------------------------
// Larger R 4.2.2 cases: `set.seed(11); d1 <- round(rnorm(60, 0.3, 1), 1)` (ties, 4 zeros) and
// `set.seed(5); d2 <- rexp(30) - 0.7` (no ties: exact), `wilcox.test(d, conf.int = TRUE, ...)`.

const D1: [f64; 60] = [
    -0.3, 0.3, -1.2, -1.1, 1.5, -0.6, 1.6, 0.9, 0.3, -0.7, -0.5, 0.0, -1.2, 0.0, -0.8, 0.3, 0.1,
    1.2, -0.3, -0.4, -0.4, 0.3, -0.1, 0.7, 0.4, 0.3, 0.1, -0.5, 0.1, -0.7, -0.8, -0.6, 1.0, -1.3,
    -0.6, 0.8, 0.1, 1.8, -0.3, 0.0, -1.3, 0.3, 1.2, -0.6, 1.2, 0.0, -1.9, 1.2, 1.0, 0.5, 1.1, 0.1,
    -0.5, 0.8, 0.5, 0.8, 0.1, 0.7, 1.8, 0.4,
];

const D2: [f64; 30] = [
    1.2880099817270283,
    -0.3295628086663782,
    -0.6274620588771079,
    -0.2978850815445184,
    -0.6440800314769148,
    -0.08412959827110167,
    -0.6234398015136008,
    0.17516287430513777,
    1.3012960507625586,
    0.5432501688179496,
    -0.3153569963049595,
    -0.5535100851249668,
    0.7833236660862612,
    0.09151440791760246,
    -0.6588530687481762,
    0.09374391953916572,
    2.7757742985741407,
    0.5838692403909687,
    0.580468768398178,
    -0.06784786125645037,
    1.0560716989364105,
    -0.3189113360580301,
    1.475597740211225,
    -0.11278132190927859,
    -0.4343931444920599,
    0.5314549265009287,
    -0.5674546498805284,
    -0.05327022489875377,
    0.5177978222769621,
    0.015403463649463878,
];

#[test]
fn r_rnorm60_ties_and_zeros() {
    // (alternative, correct, p, lower, upper) from R; V = 912.5, estimate 0.10001344899792707
    // (uniroot; the Walsh median is 0.1), conf.level 0.95 throughout.
    let inf = f64::INFINITY;
    let cases = [
        (
            Alternative::TwoSided,
            false,
            0.34973928737465743,
            -0.10000292793208952,
            0.35006933373374655,
        ),
        (
            Alternative::TwoSided,
            true,
            0.35184749993275677,
            -0.10002507361250215,
            0.35002349238400632,
        ),
        (
            Alternative::Greater,
            false,
            0.174869643687328713,
            -0.099991686006798572,
            inf,
        ),
        (
            Alternative::Greater,
            true,
            0.175923749966378384,
            -0.099960081338583265,
            inf,
        ),
        (
            Alternative::Less,
            false,
            0.82513035631267129,
            -inf,
            0.30003595431684316,
        ),
        (
            Alternative::Less,
            true,
            0.82618044532187662,
            -inf,
            0.30002162207961502,
        ),
    ];
    for (alternative, correction, p, lo, hi) in cases {
        let r = wilcoxon(
            &D1,
            &WilcoxonOptions {
                alternative,
                correction,
                ..WilcoxonOptions::default()
            },
        )
        .unwrap();
        assert_eq!(r.method, Method::Asymptotic);
        assert_eq!(r.n, 56);
        assert_eq!(r.statistic, 912.5);
        close(r.p_value, p, P_ASYM);
        close(r.estimate, 0.1, 1e-12);
        close(r.estimate, 0.10001344899792707, 1e-4);
        if lo.is_finite() {
            close(r.ci.0, lo, 1e-4);
        } else {
            assert_eq!(r.ci.0, lo);
        }
        if hi.is_finite() {
            close(r.ci.1, hi, 1e-4);
        } else {
            assert_eq!(r.ci.1, hi);
        }
        assert_eq!(r.confidence, 0.95);
    }
}

#[test]
fn r_rexp30_exact_90() {
    // conf.level = 0.9; V = 269, estimate 0.107934508102866422.
    let inf = f64::INFINITY;
    let cases = [
        (
            Alternative::TwoSided,
            0.464545045047998484,
            -0.098455460090190128,
            0.363254445135016146,
        ),
        (
            Alternative::Greater,
            0.232272522523999242,
            -0.053270224898753771,
            inf,
        ),
        (
            Alternative::Less,
            0.77391782868653536,
            -inf,
            0.32122149100719122,
        ),
    ];
    for (alternative, p, lo, hi) in cases {
        let r = wilcoxon(
            &D2,
            &WilcoxonOptions {
                alternative,
                confidence: 0.9,
                ..WilcoxonOptions::default()
            },
        )
        .unwrap();
        assert_eq!(r.method, Method::Exact);
        assert_eq!(r.statistic, 269.0);
        close(r.p_value, p, 1e-12);
        close(r.estimate, 0.107934508102866422, 1e-12);
        for (got, want) in [(r.ci.0, lo), (r.ci.1, hi)] {
            if want.is_finite() {
                close(got, want, 1e-12);
            } else {
                assert_eq!(got, want);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Property tests against brute force.

/// Midranks of |v| by the definition (independent of the library's sort-based ranking).
fn brute_midranks(v: &[f64]) -> Vec<f64> {
    v.iter()
        .map(|x| {
            let less = v.iter().filter(|y| y.abs() < x.abs()).count() as f64;
            let eq = v.iter().filter(|y| y.abs() == x.abs()).count() as f64;
            less + (eq + 1.0) / 2.0
        })
        .collect()
}

/// All 2^n sign assignments of `ranks`: the null distribution of T+ as a list of values.
fn brute_null(ranks: &[f64]) -> Vec<f64> {
    let n = ranks.len();
    (0u32..(1 << n))
        .map(|mask| {
            (0..n)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| ranks[i])
                .sum()
        })
        .collect()
}

fn distinct_differences() -> impl Strategy<Value = Vec<f64>> {
    (1usize..=12)
        .prop_flat_map(|n| {
            (
                prop::sample::subsequence((1..=60u32).collect::<Vec<_>>(), n),
                prop::collection::vec(any::<bool>(), n),
                0.01f64..100.0,
            )
        })
        .prop_flat_map(|(mags, signs, scale)| {
            let v: Vec<f64> = mags
                .iter()
                .zip(&signs)
                .map(|(m, s)| {
                    if *s {
                        *m as f64 * scale
                    } else {
                        -(*m as f64) * scale
                    }
                })
                .collect();
            Just(v).prop_shuffle()
        })
}

fn tied_differences() -> impl Strategy<Value = Vec<f64>> {
    prop::collection::vec(-4i32..=4, 1..=12)
        .prop_filter("needs a nonzero difference", |v| v.iter().any(|x| *x != 0))
        .prop_map(|v| v.into_iter().map(|x| x as f64 * 0.5).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Exact p-values equal the permutation distribution of T+ over all 2^n sign flips.
    #[test]
    fn exact_p_matches_sign_flip_enumeration(d in distinct_differences()) {
        let ranks = brute_midranks(&d);
        let t: f64 = d.iter().zip(&ranks).filter(|(x, _)| **x > 0.0).map(|(_, r)| r).sum();
        let null = brute_null(&ranks);
        let total = null.len() as f64;
        let p_le = null.iter().filter(|v| **v <= t).count() as f64 / total;
        let p_ge = null.iter().filter(|v| **v >= t).count() as f64 / total;
        for (alt, want) in [
            (Alternative::Less, p_le),
            (Alternative::Greater, p_ge),
            (Alternative::TwoSided, (2.0 * p_le.min(p_ge)).min(1.0)),
        ] {
            let r = wilcoxon(&d, &opts(alt, Method::Exact)).unwrap();
            prop_assert_eq!(r.statistic, t);
            prop_assert!((r.p_value - want).abs() < 1e-12, "{:?}: {} vs {}", alt, r.p_value, want);
            // Auto picks the exact method here (n <= 50, no ties, no zeros).
            let a = wilcoxon(&d, &opts(alt, Method::Auto)).unwrap();
            prop_assert_eq!(a.method, Method::Exact);
            prop_assert_eq!(a.p_value, r.p_value);
        }
    }

    /// With ties or zeros and n ≤ 13, `Auto` (scipy 1.17) gives the exact sign-flip p-value of
    /// T+ with midranks, zeros dropped: checked against brute-force enumeration.
    #[test]
    fn permutation_p_matches_sign_flip_enumeration(d in tied_differences()) {
        let nonzero: Vec<f64> = d.iter().copied().filter(|x| *x != 0.0).collect();
        let ranks = brute_midranks(&nonzero);
        let t: f64 = nonzero.iter().zip(&ranks).filter(|(x, _)| **x > 0.0).map(|(_, r)| r).sum();
        let null = brute_null(&ranks);
        let frac = |f: &dyn Fn(f64) -> bool| null.iter().filter(|v| f(**v)).count() as f64 / null.len() as f64;
        let (p_le, p_ge) = (frac(&|v| v <= t), frac(&|v| v >= t));
        for (alt, want) in [(Alternative::Less, p_le), (Alternative::Greater, p_ge),
                            (Alternative::TwoSided, (2.0 * p_le.min(p_ge)).min(1.0))] {
            let r = wilcoxon(&d, &opts(alt, Method::Permutation)).unwrap();
            prop_assert_eq!(r.statistic, t);
            prop_assert!((r.p_value - want).abs() < 1e-12, "{:?}: {} vs {}", alt, r.p_value, want);
            // Auto: Permutation with ties or zeros, Exact without; the same p either way.
            let a = wilcoxon(&d, &opts(alt, Method::Auto)).unwrap();
            prop_assert!(matches!(a.method, Method::Permutation | Method::Exact));
            prop_assert!((a.p_value - want).abs() < 1e-12);
        }
    }

    /// With ties and zeros, the normal approximation of `Wilcox` and `Pratt` uses the exact mean
    /// and variance of the sign-flip distribution of T+ (tie correction = permutation variance).
    #[test]
    fn asymptotic_moments_match_sign_flip_enumeration(d in tied_differences(), correction: bool) {
        for zm in [ZeroMethod::Wilcox, ZeroMethod::Pratt] {
            // Wilcox ranks the nonzero differences; Pratt ranks all and drops the zeros' ranks.
            let ranked: Vec<f64> = match zm {
                ZeroMethod::Wilcox => d.iter().copied().filter(|x| *x != 0.0).collect(),
                _ => d.clone(),
            };
            let all_ranks = brute_midranks(&ranked);
            let (vals, ranks): (Vec<f64>, Vec<f64>) = ranked
                .iter()
                .zip(&all_ranks)
                .filter(|(x, _)| **x != 0.0)
                .map(|(x, r)| (*x, *r))
                .unzip();
            let t: f64 = vals.iter().zip(&ranks).filter(|(x, _)| **x > 0.0).map(|(_, r)| r).sum();
            let null = brute_null(&ranks);
            let m = null.iter().sum::<f64>() / null.len() as f64;
            let var = null.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / null.len() as f64;
            let sd = var.sqrt();
            for alt in [Alternative::Greater, Alternative::Less, Alternative::TwoSided] {
                let o = WilcoxonOptions {
                    zero_method: zm,
                    alternative: alt,
                    method: Method::Asymptotic,
                    correction,
                    ..WilcoxonOptions::default()
                };
                let r = wilcoxon(&d, &o).unwrap();
                let sign = match alt {
                    Alternative::Greater => 1.0,
                    Alternative::Less => -1.0,
                    Alternative::TwoSided => {
                        if t > m { 1.0 } else if t < m { -1.0 } else { 0.0 }
                    }
                };
                let c = if correction { 0.5 * sign } else { 0.0 };
                let mut want = (t - m - c) / sd;
                if alt == Alternative::TwoSided {
                    want = -want.abs();
                }
                prop_assert_eq!(r.statistic, t);
                let z = r.z.unwrap();
                prop_assert!((z - want).abs() < 1e-9, "{:?} {:?}: z {} vs {}", zm, alt, z, want);
            }
        }
    }

    /// `Zsplit` follows scipy's formula: zeros count in n, in the mean and in the tie correction,
    /// and half their ranks go to T+.
    #[test]
    fn zsplit_matches_scipy_formula(d in tied_differences()) {
        let ranks = brute_midranks(&d);
        let t: f64 = d
            .iter()
            .zip(&ranks)
            .map(|(x, r)| if *x > 0.0 { *r } else if *x == 0.0 { r / 2.0 } else { 0.0 })
            .sum();
        let n = d.len() as f64;
        let mut ties = 0.0;
        let mut seen: Vec<f64> = Vec::new();
        for x in &d {
            if !seen.contains(&x.abs()) {
                seen.push(x.abs());
                let c = d.iter().filter(|y| y.abs() == x.abs()).count() as f64;
                ties += c * c * c - c;
            }
        }
        let sd = ((n * (n + 1.0) * (2.0 * n + 1.0) - ties / 2.0) / 24.0).sqrt();
        let want = (t - n * (n + 1.0) / 4.0) / sd;
        let o = WilcoxonOptions {
            zero_method: ZeroMethod::Zsplit,
            alternative: Alternative::Greater,
            method: Method::Asymptotic,
            ..WilcoxonOptions::default()
        };
        let r = wilcoxon(&d, &o).unwrap();
        prop_assert_eq!(r.statistic, t);
        prop_assert_eq!(r.n, d.len());
        prop_assert!((r.z.unwrap() - want).abs() < 1e-9);
    }

    /// The Walsh order statistics by selection equal the sorted list of all Walsh averages.
    #[test]
    fn walsh_selection_matches_enumeration(
        xs in prop::collection::vec(prop_oneof![(-50i32..50).prop_map(|v| v as f64 * 0.25), -1e3f64..1e3], 1..40)
    ) {
        let mut w = Vec::new();
        for i in 0..xs.len() {
            for j in i..xs.len() {
                w.push((xs[i] + xs[j]) / 2.0);
            }
        }
        w.sort_by(f64::total_cmp);
        for k in [0, w.len() / 3, w.len() / 2, w.len() - 1] {
            prop_assert_eq!(walsh_order_statistic(&xs, k as u64).unwrap(), w[k]);
        }
        let med = if w.len() % 2 == 1 {
            w[w.len() / 2]
        } else {
            (w[w.len() / 2 - 1] + w[w.len() / 2]) / 2.0
        };
        prop_assert_eq!(hodges_lehmann(&xs).unwrap(), med);
    }
}

/// Deterministic pseudo-random values (splitmix64) for the large-n check.
fn splitmix(n: usize, seed: u64) -> Vec<f64> {
    let mut s = seed;
    (0..n)
        .map(|_| {
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            (z >> 11) as f64 / (1u64 << 53) as f64
        })
        .collect()
}

#[test]
fn large_n_is_consistent() {
    // 100 000 pairs: the estimate and interval must not need the 5·10⁹ Walsh averages (which
    // would take hours; no time is asserted, the test harness reports a test running long).
    let u = splitmix(100_000, 7);
    let d: Vec<f64> = u.iter().map(|v| v - 0.45).collect();
    let r = wilcoxon(&d, &WilcoxonOptions::default()).unwrap();
    assert_eq!(r.method, Method::Asymptotic);
    assert!(r.ci.0 < r.estimate && r.estimate < r.ci.1);
    // Uniform(−0.45, 0.55): pseudomedian 0.05.
    assert!((r.estimate - 0.05).abs() < 0.01, "{}", r.estimate);
    assert!(r.p_value < 1e-10);
}
