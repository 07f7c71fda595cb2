//! Statistics of an ablation or a sweep ([`crate::runner::variants`]): what each switch (each
//! option value) is worth, paired on the same positions.
//!
//! Every effect is a ratio of time (or nodes) with its interval, from the statistic of the
//! headlines: the Hodges–Lehmann estimate of the per-position log ratio over every position
//! (ties, frequent in node counts, count as a ratio of 1: the median of the Walsh averages of all
//! `n` log ratios) taken back to a ratio, with its interval of the same `n`, and the p-value of
//! the Wilcoxon signed-rank test (ties dropped, as R and scipy do). An ablation's ratio is **switch off / switch on**, so 1.4 means the switch saves
//! 1.4x (turning it off costs that much); a sweep's is **this table / the largest table** of the
//! same driver, so 1.4 means 1.4x slower with less memory.
//!
//! One-off design: the effect of a switch is "base with it off" against the base. Factorial
//! design: the **main effect** of a switch is, per position, the mean over the settings of the
//! other switches of ln(off / on), so every variant counts; its test runs on those per-position
//! means. Positions every variant solved enter (repeats averaged).

use std::collections::BTreeMap;

use crate::runner::record::Record;
use crate::runner::variants::{Design, Plan, Variant};
use crate::stats::wilcoxon::{wilcoxon, WilcoxonOptions};
use crate::table::{Column, Table};

/// A paired ratio with its interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Effect {
    /// exp(Hodges–Lehmann estimate of the mean log ratio): the typical ratio.
    pub ratio: f64,
    /// Its interval at the confidence of the options.
    pub ci: (f64, f64),
    /// The two-sided Wilcoxon signed-rank p-value (1 when every ratio is exactly 1).
    pub p_value: f64,
    /// Positions.
    pub n: usize,
}

/// The effect of per-position log ratios `d` (`None` without any).
#[must_use]
pub fn log_effect(d: &[f64], confidence: f64) -> Option<Effect> {
    if d.is_empty() {
        return None;
    }
    if d.iter().all(|v| *v == 0.0) {
        // Identical on every position (a switch that changes nothing: the same nodes).
        return Some(Effect {
            ratio: 1.0,
            ci: (1.0, 1.0),
            p_value: 1.0,
            n: d.len(),
        });
    }
    // Positions where both variants searched the same nodes (a tie, a difference of 0) count in
    // the estimate: the typical ratio over every position, not over those that differ.
    let opts = WilcoxonOptions {
        confidence,
        estimate_zeros: true,
        ..WilcoxonOptions::default()
    };
    let t = wilcoxon(d, &opts).ok()?;
    Some(Effect {
        ratio: t.estimate.exp(),
        ci: (t.ci.0.exp(), t.ci.1.exp()),
        p_value: t.p_value,
        n: d.len(),
    })
}

/// The mean time (ns) and mean nodes (`None` when not reported) of one variant on one position.
type Cell = (f64, Option<f64>);

/// Per position (ply, index), one cell per variant; only positions every variant solved.
fn positions(records: &[Record], variants: &[Variant]) -> Vec<Vec<Cell>> {
    let mut sums: BTreeMap<(u32, u32), Vec<(f64, f64, bool, u32)>> = BTreeMap::new();
    for r in records {
        let Some(v) = variants.iter().position(|v| v.spec == r.engine) else {
            continue;
        };
        let row = sums
            .entry((r.ply, r.index))
            .or_insert_with(|| vec![(0.0, 0.0, true, 0); variants.len()]);
        let c = &mut row[v];
        c.0 += r.nanos.max(1) as f64;
        c.1 += r.nodes.unwrap_or(0) as f64;
        c.2 &= r.nodes.is_some_and(|n| n > 0);
        c.3 += 1;
    }
    sums.into_values()
        .filter(|row| row.iter().all(|c| c.3 > 0))
        .map(|row| {
            row.into_iter()
                .map(|(t, n, has, k)| (t / f64::from(k), has.then(|| n / f64::from(k))))
                .collect()
        })
        .collect()
}

/// Per position ln(a / b) of time (`nodes = false`) or nodes; `None` where nodes are missing.
fn log_ratio(cells: &[Cell], a: usize, b: usize, nodes: bool) -> Option<f64> {
    if nodes {
        Some((cells[a].1? / cells[b].1?).ln())
    } else {
        Some((cells[a].0 / cells[b].0).ln())
    }
}

/// Per position, the mean of ln(x / y) over the given variant pairs; positions with a missing
/// value are left out.
fn mean_log_ratios(pos: &[Vec<Cell>], pairs: &[(usize, usize)], nodes: bool) -> Vec<f64> {
    pos.iter()
        .filter_map(|cells| {
            let logs: Option<Vec<f64>> = pairs
                .iter()
                .map(|&(a, b)| log_ratio(cells, a, b, nodes))
                .collect();
            logs.map(|l| l.iter().sum::<f64>() / l.len() as f64)
        })
        .collect()
}

/// One row of a result: a switch (ablation), a variant against the base, or a sweep point.
#[derive(Debug, Clone, PartialEq)]
pub struct EffectRow {
    pub label: String,
    pub spec: String,
    pub time: Option<Effect>,
    pub nodes: Option<Effect>,
    /// Median solve time, ms, of the variant (of the "off" side for a switch).
    pub median_ms: f64,
    /// Total nodes of the variant over the positions (`None` when not reported).
    pub total_nodes: Option<f64>,
}

/// What an ablation or a sweep found.
#[derive(Debug, Clone, PartialEq)]
pub struct AblationResult {
    pub experiment: String,
    /// Positions every variant solved.
    pub positions: usize,
    /// Ablation: one row per switch (main effects for a factorial design). Sweep: one row per
    /// variant, against the largest value of its base.
    pub effects: Vec<EffectRow>,
    /// Ablation: every variant against the base (Schaeffer's table of combinations).
    pub variants: Vec<EffectRow>,
    pub plan: Plan,
    pub confidence: f64,
}

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    }
}

/// The row of variant `a` against variant `b` (pairs `pairs` for a main effect).
fn row(
    pos: &[Vec<Cell>],
    label: String,
    spec: &str,
    a: usize,
    pairs: &[(usize, usize)],
    c: f64,
) -> EffectRow {
    let nodes: Vec<Option<f64>> = pos.iter().map(|p| p[a].1).collect();
    EffectRow {
        label,
        spec: spec.to_string(),
        time: log_effect(&mean_log_ratios(pos, pairs, false), c),
        nodes: log_effect(&mean_log_ratios(pos, pairs, true), c),
        median_ms: median(pos.iter().map(|p| p[a].0 / 1e6).collect()),
        total_nodes: nodes.iter().copied().sum::<Option<f64>>(),
    }
}

/// The variant pairs (off, on) that differ only in `switch`.
fn switch_pairs(variants: &[Variant], switch: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (a, va) in variants.iter().enumerate() {
        if !va.off.iter().any(|k| k == switch) {
            continue;
        }
        let on: Vec<&String> = va.off.iter().filter(|k| *k != switch).collect();
        if let Some(b) = variants
            .iter()
            .position(|vb| vb.off.len() == on.len() && on.iter().all(|k| vb.off.contains(k)))
        {
            out.push((a, b));
        }
    }
    out
}

/// The statistics of `plan` on the records of `experiment`.
#[must_use]
pub fn analyze_plan(
    experiment: &str,
    plan: &Plan,
    records: &[Record],
    confidence: f64,
) -> AblationResult {
    let mine: Vec<Record> = records
        .iter()
        .filter(|r| r.experiment == experiment)
        .cloned()
        .collect();
    let variants = plan.variants();
    let pos = positions(&mine, variants);
    let (effects, all) = match plan {
        Plan::Ablation {
            switches, design, ..
        } => ablation_rows(&pos, variants, switches, *design, confidence),
        Plan::Sweep { option, .. } => (sweep_rows(&pos, variants, option, confidence), Vec::new()),
    };
    AblationResult {
        experiment: experiment.to_string(),
        positions: pos.len(),
        effects,
        variants: all,
        plan: plan.clone(),
        confidence,
    }
}

fn ablation_rows(
    pos: &[Vec<Cell>],
    variants: &[Variant],
    switches: &[String],
    design: Design,
    c: f64,
) -> (Vec<EffectRow>, Vec<EffectRow>) {
    let effects = switches
        .iter()
        .map(|k| {
            let pairs = switch_pairs(variants, k);
            let alone = pairs.iter().find(|(a, _)| variants[*a].off.len() == 1);
            let a = alone.map_or(0, |p| p.0);
            let label = match design {
                Design::OneOff => k.clone(),
                Design::Factorial => format!("{k} (main effect)"),
            };
            row(pos, label, &variants[a].spec, a, &pairs, c)
        })
        .collect();
    let all = (0..variants.len())
        .map(|a| {
            row(
                pos,
                variants[a].label(None),
                &variants[a].spec,
                a,
                &[(a, 0)],
                c,
            )
        })
        .collect();
    (effects, all)
}

fn sweep_rows(pos: &[Vec<Cell>], variants: &[Variant], option: &str, c: f64) -> Vec<EffectRow> {
    let base_of = |v: &Variant| v.point.as_ref().map(|p| p.0.clone());
    (0..variants.len())
        .map(|a| {
            // The reference: the last (largest) value of the same base.
            let r = (0..variants.len())
                .rev()
                .find(|&b| base_of(&variants[b]) == base_of(&variants[a]))
                .unwrap_or(a);
            row(
                pos,
                variants[a].label(Some(option)),
                &variants[a].spec,
                a,
                &[(a, r)],
                c,
            )
        })
        .collect()
}

/// "1.42 [1.30, 1.55]"; "1 (equal on all)" for an exact 1; "n/a" without a test.
#[must_use]
pub fn effect_text(e: Option<&Effect>) -> String {
    match e {
        None => "n/a".into(),
        Some(e) if e.ci == (1.0, 1.0) && e.ratio == 1.0 => "1 (equal on all)".into(),
        Some(e) => format!("{:.3} [{:.3}, {:.3}]", e.ratio, e.ci.0, e.ci.1),
    }
}

fn p_text(e: Option<&Effect>) -> String {
    e.map_or("n/a".into(), |e| crate::util::fmt::fmt_p(e.p_value))
}

impl AblationResult {
    /// The table of `rows` (the effects, or every variant against the base).
    #[must_use]
    pub fn table(&self, rows: &[EffectRow], title: &str) -> Table {
        let mut t = Table::new(vec![
            Column::left("variant"),
            Column::left("spec"),
            Column::right("n"),
            Column::right("time ratio [CI]"),
            Column::right("p (time)"),
            Column::right("nodes ratio [CI]"),
            Column::right("p (nodes)"),
            Column::right("median ms"),
            Column::right("total nodes"),
        ]);
        t.title = title.to_string();
        for r in rows {
            t.push_row([
                r.label.clone(),
                r.spec.clone(),
                r.time.map_or(0, |e| e.n).to_string(),
                effect_text(r.time.as_ref()),
                p_text(r.time.as_ref()),
                effect_text(r.nodes.as_ref()),
                p_text(r.nodes.as_ref()),
                format!("{:.3}", r.median_ms),
                r.total_nodes.map_or("n/a".into(), |n| format!("{n:.0}")),
            ]);
        }
        t.notes.push(self.note());
        t
    }

    /// How to read the tables: the ratio, its estimate, interval and test.
    #[must_use]
    pub fn note(&self) -> String {
        let what = match &self.plan {
            Plan::Ablation { .. } => "switch off / switch on (above 1: the switch saves that factor)",
            Plan::Sweep { .. } => "this table size / the largest of the same driver (above 1: slower with less memory)",
        };
        format!(
            "{} positions every variant solved. Ratio: {what}; Hodges–Lehmann estimate of the per-position log ratio over every position (a position where both searched the same nodes counts as a ratio of 1) with its {:.0}% interval, and the p-value of the two-sided Wilcoxon signed-rank test (ties dropped, as R and scipy do); a factorial main effect averages ln(off / on) over the settings of the other switches per position first. n/a: not reported.",
            self.positions,
            self.confidence * 100.0
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::variants::ablation;

    fn rec(engine: &str, index: u32, nanos: u64, nodes: u64) -> Record {
        Record {
            experiment: "x".into(),
            ply: 10,
            index,
            engine: engine.into(),
            nanos,
            nodes: Some(nodes),
            ..Record::default()
        }
    }

    /// 30 positions; `etc` off doubles the nodes and time, `mirror` off changes nothing but
    /// time noise.
    fn records(variants: &[Variant]) -> Vec<Record> {
        let mut out = Vec::new();
        for i in 0..30u32 {
            let base = 1000.0 * f64::from(i + 1);
            for v in variants {
                let mut f = 1.0;
                if v.off.iter().any(|k| k == "etc") {
                    f *= 2.0;
                }
                let h = (u64::from(i) * 2_654_435_761 + v.spec.len() as u64 * 40_503) % 1009;
                let noise = 1.0 + 0.05 * (h as f64 / 504.0 - 1.0);
                out.push(rec(
                    &v.spec,
                    i,
                    (base * f * noise) as u64,
                    (base * f) as u64,
                ));
            }
        }
        out
    }

    #[test]
    fn a_switch_that_does_nothing_has_an_interval_containing_one() {
        for design in [Design::OneOff, Design::Factorial] {
            let s = vec!["etc".to_string(), "mirror".to_string()];
            let variants = ablation("mtdf", &s, design).unwrap();
            let plan = Plan::Ablation {
                switches: s,
                design,
                variants: variants.clone(),
            };
            let r = analyze_plan("x", &plan, &records(&variants), 0.95);
            assert_eq!(r.positions, 30);
            let (etc, mirror) = (&r.effects[0], &r.effects[1]);
            let t = etc.time.unwrap();
            assert!(t.ci.0 > 1.8 && t.ci.1 < 2.2 && t.p_value < 0.05, "{t:?}");
            assert_eq!(etc.nodes.unwrap().ratio, 2.0);
            let m = mirror.time.unwrap();
            assert!(m.ci.0 <= 1.0 && 1.0 <= m.ci.1, "{m:?}");
            assert_eq!(effect_text(mirror.nodes.as_ref()), "1 (equal on all)");
            let table = r.table(&r.effects, "t");
            assert_eq!(table.rows.len(), 2);
        }
    }

    #[test]
    fn factorial_pairs_differ_in_one_switch() {
        let s = vec!["a".to_string(), "b".to_string(), "c".to_string()];
        let v = ablation("mtdf", &s, Design::Factorial).unwrap();
        let pairs = switch_pairs(&v, "b");
        assert_eq!(pairs.len(), 4);
        for (a, b) in pairs {
            assert_eq!(v[a].off.len(), v[b].off.len() + 1);
            assert!(v[a].off.contains(&"b".to_string()) && !v[b].off.contains(&"b".to_string()));
        }
    }

    #[test]
    fn missing_nodes_are_na_and_incomplete_positions_drop() {
        let s = vec!["etc".to_string()];
        let variants = ablation("mtdf", &s, Design::OneOff).unwrap();
        let mut rs = records(&variants);
        for r in &mut rs {
            r.nodes = None;
        }
        rs.retain(|r| !(r.index == 3 && r.engine == "mtdf"));
        let plan = Plan::Ablation {
            switches: s,
            design: Design::OneOff,
            variants,
        };
        let r = analyze_plan("x", &plan, &rs, 0.95);
        assert_eq!(r.positions, 29);
        assert_eq!(r.effects[0].nodes, None);
        assert_eq!(effect_text(r.effects[0].nodes.as_ref()), "n/a");
        assert_eq!(r.effects[0].total_nodes, None);
    }
}
