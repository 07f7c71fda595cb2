//! A per-ply comparison table of two engines from a results file, in the form of BitBully's
//! README comparison with Pons' solver: ply, positions, mean ± sd of the solve time of each
//! engine in seconds, speed-up, and the two-sided Wilcoxon signed-rank p-value of the paired
//! times. (The analysis module renders richer tables; this one needs only [`crate::stats`].)

use crate::runner::record::Record;
use crate::stats::summary::summarize;
use crate::stats::wilcoxon::{wilcoxon_paired, WilcoxonOptions};
use crate::table::{Column, PipeTable, Table, TableFormat};
use crate::util::fmt::sig_digits;
use std::collections::BTreeMap;

/// The table for engines `a` and `b` (speed-up = mean time of `b` / mean time of `a`: above 1
/// when `a` is faster). A position's time per engine is the mean over its repeats; positions
/// solved by only one engine are left out. `None` when the records hold neither engine.
#[must_use]
pub fn comparison_table(records: &[Record], a: &str, b: &str) -> Option<String> {
    // ply → (index → (sum a, count a, sum b, count b))
    let mut by: BTreeMap<u32, BTreeMap<u32, [f64; 4]>> = BTreeMap::new();
    for r in records {
        let k = if r.engine == a {
            0
        } else if r.engine == b {
            2
        } else {
            continue;
        };
        let e = by.entry(r.ply).or_default().entry(r.index).or_default();
        e[k] += r.nanos as f64 / 1e9;
        e[k + 1] += 1.0;
    }
    if by.is_empty() {
        return None;
    }
    let mut t = Table::new(vec![
        Column::right("ply"),
        Column::right("n"),
        Column::right(format!("{a} mean ± sd [s]")),
        Column::right(format!("{b} mean ± sd [s]")),
        Column::right("speed-up"),
        Column::right("p"),
    ]);
    let mut all = (Vec::new(), Vec::new());
    let row = |label: String, ta: &[f64], tb: &[f64], t: &mut Table| {
        let (Ok(sa), Ok(sb)) = (summarize(ta), summarize(tb)) else {
            return;
        };
        let p = wilcoxon_paired(tb, ta, &WilcoxonOptions::default())
            .map_or("–".to_string(), |w| format!("{:.2e}", w.p_value));
        t.push_row([
            label,
            sa.n.to_string(),
            format!("{} ± {}", sig(sa.mean), sig(sa.sd)),
            format!("{} ± {}", sig(sb.mean), sig(sb.sd)),
            format!("{:.2}", sb.mean / sa.mean),
            p,
        ]);
    };
    for (ply, positions) in &by {
        let (mut ta, mut tb) = (Vec::new(), Vec::new());
        for v in positions.values() {
            if v[1] > 0.0 && v[3] > 0.0 {
                ta.push(v[0] / v[1]);
                tb.push(v[2] / v[3]);
            }
        }
        all.0.extend_from_slice(&ta);
        all.1.extend_from_slice(&tb);
        row(ply.to_string(), &ta, &tb, &mut t);
    }
    row("all".into(), &all.0, &all.1, &mut t);
    Some(PipeTable.render(&t))
}

/// Seconds with four significant digits.
fn sig(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    sig_digits(x, 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_rows() {
        let mut recs = Vec::new();
        for i in 0..6u32 {
            for (e, t) in [("x", 1_000_000u64), ("y", 3_000_000)] {
                recs.push(Record {
                    experiment: "t".into(),
                    seed: 1,
                    ply: 8 + 2 * (i % 2),
                    index: i,
                    moves: "4".into(),
                    engine: e.into(),
                    slot: 0,
                    repeat: 0,
                    score: 0,
                    nodes: Some(1),
                    nanos: t + u64::from(i) * 1000,
                    wall_nanos: t,
                    probes: 1,
                    best_move: None,
                    depth: None,
                    seldepth: None,
                    engine_nanos: None,
                    ..Record::default()
                });
            }
        }
        let t = comparison_table(&recs, "x", "y").unwrap();
        assert!(t.contains("| 8 | 3 | 0.001002 ±"), "{t}");
        assert!(t.contains("| all | 6 |"), "{t}");
        assert!(comparison_table(&recs, "p", "q").is_none());
    }
}
