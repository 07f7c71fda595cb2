//! Reference values of the Wilcoxon signed-rank test: scipy.stats.wilcoxon (1.17.1) and R 4.2.2
//! `wilcox.test`, plus brute-force property tests of the exact null distribution.

use proptest::prelude::*;
use treebench::stats::wilcoxon::{
    wilcoxon, wilcoxon_paired, Alternative, Method, WilcoxonOptions, ZeroMethod,
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
    // Auto falls back to the normal approximation with ties or zeros (as R does).
    let auto = wilcoxon_paired(&A, &B, &WilcoxonOptions::default()).unwrap();
    assert_eq!(auto.method, Method::Asymptotic);
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
