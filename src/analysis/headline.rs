//! One sentence per comparison, every number from the analysis, e.g.
//! "mtdf vs negamax: 1.33x faster [1.25, 1.41], faster on 107 of 140 positions, p < 1e-6;
//! 1.32x fewer nodes, time per node equal (p = 0.41)".

use super::{Comparison, ExperimentAnalysis, PlyRow, Relation};

/// P-values below this are shown as "< 1e-6": the normal approximation's tail is not accurate
/// beyond it, and no conclusion changes.
pub const P_FLOOR: f64 = 1e-6;

/// A p-value for print: "< 1e-6" below [`P_FLOOR`], else two significant digits ("0.043",
/// "3.2e-4", "1").
#[must_use]
pub fn fmt_p(p: f64) -> String {
    if p.is_nan() {
        "–".into()
    } else if p < P_FLOOR {
        "< 1e-6".into()
    } else if p < 1e-3 {
        format!("{p:.1e}")
    } else if p >= 0.995 {
        "1".into()
    } else {
        let decimals = (1 - p.log10().floor() as i32).max(0) as usize;
        format!("{p:.decimals$}")
    }
}

/// "p < 1e-6" or "p = 0.043".
#[must_use]
pub fn p_clause(p: f64) -> String {
    let s = fmt_p(p);
    if s.starts_with('<') {
        format!("p {s}")
    } else {
        format!("p = {s}")
    }
}

/// A ratio ≥ 1 as "1.33x".
fn times(x: f64) -> String {
    if x >= 9.995 {
        format!("{x:.1}x")
    } else {
        format!("{x:.2}x")
    }
}

fn interval(lo: f64, hi: f64) -> String {
    let f = |x: f64| {
        if x >= 9.995 {
            format!("{x:.1}")
        } else {
            format!("{x:.2}")
        }
    };
    format!("[{}, {}]", f(lo), f(hi))
}

/// The headline of one comparison, from its all-plies row.
#[must_use]
pub fn headline(exp: &ExperimentAnalysis, cmp: &Comparison) -> String {
    let unit = if exp.options.collapse_repeats {
        "positions"
    } else {
        "pairs"
    };
    format!(
        "{} vs {}: {}",
        cmp.candidate,
        cmp.baseline,
        row_sentence(&cmp.total, unit)
    )
}

/// The sentence of one row (without the engine names).
#[must_use]
pub fn row_sentence(r: &PlyRow, unit: &str) -> String {
    let mut s = String::new();
    let ci = r.speedup_ci;
    if r.speedup >= 1.0 {
        s.push_str(&format!("{} faster", times(r.speedup)));
        if let Some((lo, hi)) = ci {
            s.push_str(&format!(" {}", interval(lo, hi)));
        }
    } else {
        s.push_str(&format!("{} slower", times(1.0 / r.speedup)));
        if let Some((lo, hi)) = ci {
            s.push_str(&format!(" {}", interval(1.0 / hi, 1.0 / lo)));
        }
    }
    s.push_str(&format!(", faster on {} of {} {unit}", r.faster, r.n));
    if r.zeros > 0 {
        s.push_str(&format!(" ({} equal)", r.zeros));
    }
    if let Some(t) = &r.test {
        s.push_str(&format!(", {}", p_clause(t.p_value)));
    }
    s.push_str("; ");
    if r.node_ratio >= 1.0 {
        s.push_str(&format!("{} fewer nodes", times(r.node_ratio)));
    } else {
        s.push_str(&format!("{} more nodes", times(1.0 / r.node_ratio)));
    }
    let tpn = &r.time_per_node;
    let p = tpn.p_value.map(|p| format!(" ({})", p_clause(p)));
    match tpn.relation {
        Relation::Equal => s.push_str(&format!(
            ", time per node equal{}",
            p.unwrap_or_else(|| " (no test)".into())
        )),
        Relation::Higher => s.push_str(&format!(
            ", time per node {} higher{}",
            times(tpn.ratio()),
            p.unwrap_or_default()
        )),
        Relation::Lower => s.push_str(&format!(
            ", time per node {} lower{}",
            times(1.0 / tpn.ratio()),
            p.unwrap_or_default()
        )),
    }
    s
}

/// What the headline's numbers are, for a note under the headlines.
#[must_use]
pub fn legend(exp: &ExperimentAnalysis) -> String {
    format!(
        "Each line, over all plies: the ratio of mean times with its {:.0}% bootstrap interval; \
         on how many positions the engine named first was faster; the two-sided Wilcoxon signed-rank \
         p-value (exact integer-nanosecond differences, zeros left out); the ratio of total \
         nodes; and time per node (total time / total nodes) compared by a two-sided Wilcoxon \
         test on the per-position differences of ln(time per node): \"equal\" when p ≥ {}.",
        exp.options.confidence * 100.0,
        exp.options.alpha
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn p_values_for_print() {
        assert_eq!(fmt_p(3.2e-17), "< 1e-6");
        assert_eq!(fmt_p(0.0), "< 1e-6");
        assert_eq!(fmt_p(3.24e-4), "3.2e-4");
        assert_eq!(fmt_p(0.04321), "0.043");
        assert_eq!(fmt_p(0.41), "0.41");
        assert_eq!(fmt_p(0.999), "1");
        assert_eq!(fmt_p(0.0012), "0.0012");
        assert_eq!(p_clause(1e-9), "p < 1e-6");
        assert_eq!(p_clause(0.5), "p = 0.50");
    }
}
