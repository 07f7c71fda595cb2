//! The node signature: the nodes an engine searches on a fixed position set, per ply and in
//! total, like OpenBench's `bench`. Search is deterministic, so the signature changes exactly
//! when the search changes; a pure speed-up keeps it, and a change that should not alter the
//! search (a refactor, a faster board) is checked by it.
//!
//! File format (`tests/data/node-signature.txt`): `#` comments, then one line per ply
//! `ply P positions N nodes X`, then `total positions N nodes X`. Engines that report a best
//! move (UCI chess engines) add ` moves H` to each line: a 64-bit FNV-1a fingerprint (hex) of the
//! best moves of that ply's positions in order (of every line's, on the total line), so that the
//! signature changes when a best move does.

use crate::table::{Column, PipeTable, Table, TableFormat};
use crate::util::fmt::thousands;
use serde::Serialize;
use std::collections::BTreeMap;

/// Nodes per ply and in total.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Signature {
    /// ply → (positions, nodes).
    pub per_ply: BTreeMap<u32, (u64, u64)>,
    /// ply → fingerprint of the best moves (engines that report them; empty otherwise).
    pub moves: BTreeMap<u32, u64>,
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

impl Signature {
    /// Add one solve.
    pub fn add(&mut self, ply: u32, nodes: u64) {
        let e = self.per_ply.entry(ply).or_insert((0, 0));
        e.0 += 1;
        e.1 += nodes;
    }

    /// Add the best move of the solve just added at `ply`.
    pub fn add_move(&mut self, ply: u32, mv: &str) {
        let h = self.moves.entry(ply).or_insert(FNV_OFFSET);
        *h = fnv(*h, mv.as_bytes());
        *h = fnv(*h, b" ");
    }

    /// The fingerprint of every ply's best moves, `None` without best moves.
    #[must_use]
    pub fn moves_total(&self) -> Option<u64> {
        (!self.moves.is_empty()).then(|| {
            self.moves
                .values()
                .fold(FNV_OFFSET, |h, m| fnv(h, &m.to_le_bytes()))
        })
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
        let moves = |m: Option<&u64>| m.map_or(String::new(), |h| format!(" moves {h:016x}"));
        for (ply, (n, nodes)) in &self.per_ply {
            let m = moves(self.moves.get(ply));
            s.push_str(&format!("ply {ply} positions {n} nodes {nodes}{m}\n"));
        }
        s.push_str(&format!(
            "total positions {} nodes {}{}\n",
            self.positions(),
            self.total(),
            moves(self.moves_total().as_ref())
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
            let mut f: Vec<&str> = line.split_whitespace().collect();
            let mut hash = None;
            if f.len() >= 2 && f[f.len() - 2] == "moves" {
                hash = Some(u64::from_str_radix(f[f.len() - 1], 16).map_err(|_| {
                    format!(
                        "line {}: `moves {}` is not a hex fingerprint",
                        i + 1,
                        f[f.len() - 1]
                    )
                })?);
                f.truncate(f.len() - 2);
            }
            let bad = || {
                format!("line {}: expected `ply P positions N nodes X` or `total positions N nodes X`, got `{line}`", i + 1)
            };
            let num = |s: &str| s.parse::<u64>().map_err(|_| bad());
            match f[..] {
                ["ply", p, "positions", n, "nodes", x] => {
                    let p = u32::try_from(num(p)?).map_err(|_| bad())?;
                    if sig.per_ply.insert(p, (num(n)?, num(x)?)).is_some() {
                        return Err(format!("line {}: ply {p} is listed twice", i + 1));
                    }
                    if let Some(h) = hash {
                        sig.moves.insert(p, h);
                    }
                }
                ["total", "positions", n, "nodes", x] => total = Some((num(n)?, num(x)?)),
                _ => return Err(bad()),
            }
        }
        let sums = sig.per_ply.values().try_fold((0u64, 0u64), |(n, x), v| {
            Some((n.checked_add(v.0)?, x.checked_add(v.1)?))
        });
        if sums.is_none() {
            return Err("the ply lines' counts add up to more than 2^64".into());
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
        diff_table(Some(self), Some(other), left, right)
    }
}

/// A Markdown table comparing two signatures ply by ply; a missing one (an engine that reports
/// no nodes) shows as "n/a".
#[must_use]
pub fn diff_table(a: Option<&Signature>, b: Option<&Signature>, left: &str, right: &str) -> String {
    let mut t = Table::new(vec![
        Column::right("ply"),
        Column::right("positions"),
        Column::right(format!("{left} nodes")),
        Column::right(format!("{right} nodes")),
        Column::right("Δ"),
    ]);
    let empty = Signature::default();
    let plies: std::collections::BTreeSet<u32> = a
        .unwrap_or(&empty)
        .per_ply
        .keys()
        .chain(b.unwrap_or(&empty).per_ply.keys())
        .copied()
        .collect();
    let na = |x: Option<u64>| x.map_or_else(|| "n/a".to_string(), thousands);
    let mut row = |label: String, n: u64, x: Option<u64>, y: Option<u64>| {
        let d = match (x, y) {
            (Some(x), Some(y)) => delta(x, y),
            _ => "n/a".to_string(),
        };
        t.push_row([label, n.to_string(), na(x), na(y), d]);
    };
    let at =
        |s: Option<&Signature>, p: u32| s.map(|s| s.per_ply.get(&p).copied().unwrap_or_default());
    for p in plies {
        let (x, y) = (at(a, p), at(b, p));
        let n = x.map_or(0, |v| v.0).max(y.map_or(0, |v| v.0));
        row(p.to_string(), n, x.map(|v| v.1), y.map(|v| v.1));
    }
    row(
        "**total**".into(),
        a.map_or(0, Signature::positions)
            .max(b.map_or(0, Signature::positions)),
        a.map(Signature::total),
        b.map(Signature::total),
    );
    PipeTable.render(&t)
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
        let mut c = s.clone();
        c.add_move(14, "e2e4");
        c.add_move(14, "d2d4");
        c.add_move(16, "g1f3");
        let ct = c.to_text("uci");
        assert!(ct.contains("ply 14 positions 2 nodes 150 moves "), "{ct}");
        assert_eq!(Signature::parse(&ct).unwrap(), c);
        let mut d = s.clone();
        d.add_move(14, "d2d4");
        d.add_move(14, "e2e4");
        d.add_move(16, "g1f3");
        assert_ne!(c, d, "the order of the best moves counts");
        assert!(Signature::parse(&ct.replace(" moves ", " moves z")).is_err());
        let t = s.to_text("engine mtdf");
        assert!(t.starts_with("# engine mtdf\nply 14 positions 2 nodes 150\n"));
        assert_eq!(Signature::parse(&t).unwrap(), s);
        assert!(Signature::parse(&t.replace("nodes 1150", "nodes 1")).is_err());
        assert!(Signature::parse("ply x").is_err());
        let max = u64::MAX;
        let wrap = format!(
            "ply 1 positions 1 nodes {max}\nply 2 positions 1 nodes 2\ntotal positions 2 nodes 1\n"
        );
        let e = Signature::parse(&wrap).unwrap_err();
        assert!(e.contains("more than 2^64"), "{e}");
        let twice =
            "ply 1 positions 1 nodes 5\nply 1 positions 1 nodes 5\ntotal positions 1 nodes 5\n";
        assert!(Signature::parse(twice)
            .unwrap_err()
            .contains("listed twice"));
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
