//! The node signature: the nodes an engine searches on a fixed position set, per ply and in
//! total, like OpenBench's `bench`. Search is deterministic, so the signature changes exactly
//! when the search changes; a pure speed-up keeps it, and a change that should not alter the
//! search (a refactor, a faster board) is checked by it.
//!
//! File format (`tests/data/node-signature.txt`): `#` comments, then one line per ply
//! `ply P positions N nodes X`, then `total positions N nodes X`.

use crate::table::{Column, PipeTable, Table, TableFormat};
use crate::util::fmt::thousands;
use serde::Serialize;
use std::collections::BTreeMap;

/// Nodes per ply and in total.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Signature {
    /// ply → (positions, nodes).
    pub per_ply: BTreeMap<u32, (u64, u64)>,
}

impl Signature {
    /// Add one solve.
    pub fn add(&mut self, ply: u32, nodes: u64) {
        let e = self.per_ply.entry(ply).or_insert((0, 0));
        e.0 += 1;
        e.1 += nodes;
    }

    /// Total nodes.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.per_ply.values().map(|v| v.1).sum()
    }

    /// Number of positions.
    #[must_use]
    pub fn positions(&self) -> u64 {
        self.per_ply.values().map(|v| v.0).sum()
    }

    /// The file text, with `header` as comment lines.
    #[must_use]
    pub fn to_text(&self, header: &str) -> String {
        let mut s = String::new();
        for l in header.lines() {
            s.push_str(&format!("# {l}\n"));
        }
        for (ply, (n, nodes)) in &self.per_ply {
            s.push_str(&format!("ply {ply} positions {n} nodes {nodes}\n"));
        }
        s.push_str(&format!(
            "total positions {} nodes {}\n",
            self.positions(),
            self.total()
        ));
        s
    }

    /// Parse the file text; the total line must match the sum of the ply lines.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut sig = Signature::default();
        let mut total = None;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let f: Vec<&str> = line.split_whitespace().collect();
            let bad = || {
                format!("line {}: expected `ply P positions N nodes X` or `total positions N nodes X`, got `{line}`", i + 1)
            };
            let num = |s: &str| s.parse::<u64>().map_err(|_| bad());
            match f[..] {
                ["ply", p, "positions", n, "nodes", x] => {
                    let p = u32::try_from(num(p)?).map_err(|_| bad())?;
                    sig.per_ply.insert(p, (num(n)?, num(x)?));
                }
                ["total", "positions", n, "nodes", x] => total = Some((num(n)?, num(x)?)),
                _ => return Err(bad()),
            }
        }
        match total {
            None => Err("no `total` line".into()),
            Some(t) if t != (sig.positions(), sig.total()) => Err(format!(
                "the total line says {} positions, {} nodes but the ply lines add up to {}, {}",
                t.0,
                t.1,
                sig.positions(),
                sig.total()
            )),
            Some(_) => Ok(sig),
        }
    }

    /// A Markdown table comparing two signatures ply by ply.
    #[must_use]
    pub fn diff_table(&self, other: &Signature, left: &str, right: &str) -> String {
        let mut t = Table::new(vec![
            Column::right("ply"),
            Column::right("positions"),
            Column::right(format!("{left} nodes")),
            Column::right(format!("{right} nodes")),
            Column::right("Δ"),
        ]);
        let plies: std::collections::BTreeSet<u32> = self
            .per_ply
            .keys()
            .chain(other.per_ply.keys())
            .copied()
            .collect();
        let mut row = |label: String, n: u64, a: u64, b: u64| {
            t.push_row([
                label,
                n.to_string(),
                thousands(a),
                thousands(b),
                delta(a, b),
            ]);
        };
        for p in plies {
            let a = self.per_ply.get(&p).copied().unwrap_or_default();
            let b = other.per_ply.get(&p).copied().unwrap_or_default();
            row(p.to_string(), a.0.max(b.0), a.1, b.1);
        }
        row(
            "**total**".into(),
            self.positions().max(other.positions()),
            self.total(),
            other.total(),
        );
        PipeTable.render(&t)
    }
}

fn delta(a: u64, b: u64) -> String {
    if a == b {
        "=".into()
    } else if a == 0 {
        format!("+{}", thousands(b))
    } else {
        let pct = (b as f64 / a as f64 - 1.0) * 100.0;
        let sign = if b > a { "+" } else { "−" };
        format!("{sign}{} ({pct:+.2}%)", thousands(b.abs_diff(a)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_diff() {
        let mut s = Signature::default();
        s.add(14, 100);
        s.add(14, 50);
        s.add(16, 1000);
        let t = s.to_text("engine mtdf");
        assert!(t.starts_with("# engine mtdf\nply 14 positions 2 nodes 150\n"));
        assert_eq!(Signature::parse(&t).unwrap(), s);
        assert!(Signature::parse(&t.replace("nodes 1150", "nodes 1")).is_err());
        assert!(Signature::parse("ply x").is_err());
        let mut o = s.clone();
        o.add(16, 10);
        let d = s.diff_table(&o, "baseline", "candidate");
        assert!(
            d.contains("| 16 | 2 | 1,000 | 1,010 | +10 (+1.00%) |"),
            "{d}"
        );
        assert!(d.contains("| 14 | 2 | 150 | 150 | = |"), "{d}");
        assert!(
            d.starts_with(
                "| ply | positions | baseline nodes | candidate nodes | Δ |\n|---:|---:|---:|---:|---:|\n"
            ),
            "{d}"
        );
        assert!(
            d.ends_with("| **total** | 4 | 1,150 | 1,160 | +10 (+0.87%) |\n"),
            "{d}"
        );
    }
}
