//! One sentence per comparison, every number from the analysis, e.g.
//! "mtdf vs negamax: 1.33x faster [1.25, 1.41] (geometric mean), p < 1e-6, faster on 107 of 140
//! positions; ratio of mean times 1.30x faster [1.21, 1.40]; 1.32x fewer nodes, time per node
//! equal (p = 0.41)".

use super::{Comparison, ExperimentAnalysis, PlyRow, Relation};

pub use crate::util::fmt::{fmt_p, P_FLOOR};

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

/// "1.33x faster [1.25, 1.41]" or "1.11x slower [1.05, 1.18]" for a ratio baseline /
/// candidate and its interval.
fn faster_or_slower(ratio: f64, ci: Option<(f64, f64)>) -> String {
    let (word, x, ci) = if ratio >= 1.0 {
        ("faster", ratio, ci)
    } else {
        (
            "slower",
            1.0 / ratio,
            ci.map(|(lo, hi)| (1.0 / hi, 1.0 / lo)),
        )
    };
    match ci {
        Some((lo, hi)) => format!("{} {word} {}", times(x), interval(lo, hi)),
        None => format!("{} {word}", times(x)),
    }
}

/// The sentence of one row (without the engine names): the [`super::Effect`] (geometric-mean
/// speed-up, its interval and the p-value of the same test), the positions won, the ratio of
/// mean times as a second, labelled figure, then nodes and time per node.
#[must_use]
pub fn row_sentence(r: &PlyRow, unit: &str) -> String {
    let mut s = match &r.effect {
        Some(e) => format!(
            "{} (geometric mean), {}",
            faster_or_slower(e.speedup, Some(e.ci)),
            p_clause(e.p_value)
        ),
        None => "speed-up n/a (no test possible)".to_string(),
    };
    s.push_str(&format!(", faster on {} of {} {unit}", r.faster, r.n));
    if r.zeros > 0 {
        s.push_str(&format!(" ({} equal)", r.zeros));
    }
    s.push_str(&format!(
        "; ratio of mean times {}",
        faster_or_slower(r.speedup, r.speedup_ci)
    ));
    s.push_str("; ");
    if !(r.node_ratio.is_finite() && r.node_ratio > 0.0) {
        s.push_str("nodes n/a (not reported)");
        return s;
    }
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
        // direction and size from one estimate: the per-position Hodges–Lehmann ratio
        Relation::Higher => s.push_str(&format!(
            ", time per node {} higher (per-position estimate){}",
            times(tpn.estimate.unwrap_or_else(|| tpn.ratio())),
            p.unwrap_or_default()
        )),
        Relation::Lower => s.push_str(&format!(
            ", time per node {} lower (per-position estimate){}",
            times(1.0 / tpn.estimate.unwrap_or_else(|| tpn.ratio())),
            p.unwrap_or_default()
        )),
    }
    s
}

/// What the headline's numbers are, for a note under the headlines.
#[must_use]
pub fn legend(exp: &ExperimentAnalysis) -> String {
    format!(
        "Each line, over all plies, names the candidate first and the baseline second. Its claim: \
         the geometric-mean speed-up, the Hodges–Lehmann estimate of the per-position log ratio \
         ln(baseline time / candidate time) taken back to a ratio, with its {c:.0}% interval \
         from inverting the same two-sided Wilcoxon signed-rank test whose p-value follows (so \
         the interval excludes 1 when p < {a}); then on how many positions the candidate was \
         faster; the ratio of mean times with its {c:.0}% bootstrap interval (a second figure, \
         dominated by the slowest positions); the ratio of total nodes; and time per node \
         (total time / total nodes) compared by a two-sided Wilcoxon test on the per-position \
         differences of ln(time per node): \"equal\" when p ≥ {a}; n/a where an engine reports \
         no nodes.",
        c = exp.options.confidence * 100.0,
        a = exp.options.alpha
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
