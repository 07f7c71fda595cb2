//! Chess experiments (UCI engines at a fixed depth, `agreement = "report"`): per ply and engine
//! the time to depth, nodes and nodes per second; per pair of engines and ply the agreement of
//! scores and best moves. Read from the records directly (the per-ply paired statistics of the
//! other tables apply to chess unchanged).
//!
//! A chess search always visits nodes, so a row with 0 nodes is an engine that reported none:
//! its nodes and nodes per second are "n/a", never 0.

use crate::game::chess::looks_like_chess;
use crate::runner::record::Record;
use crate::table::{Column, Table};
use std::collections::BTreeMap;

/// One engine at one ply.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineAtPly {
    pub ply: u32,
    pub engine: String,
    pub solves: usize,
    /// Mean time to depth (`nanos`: from `go` to `bestmove`), ms.
    pub mean_ms: f64,
    /// Mean time the engine reported itself, ms (`None` when it reported none).
    pub engine_ms: Option<f64>,
    pub mean_nodes: Option<f64>,
    /// Nodes per second over the ply: total nodes / total time.
    pub nps: Option<f64>,
    pub mean_depth: Option<f64>,
}

/// Agreement of two engines on the positions of one ply (`ply = None`: all plies).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairAgreement {
    pub ply: Option<u32>,
    pub a: String,
    pub b: String,
    pub positions: usize,
    pub same_score: usize,
    /// `None` when an engine reports no best moves.
    pub same_move: Option<usize>,
}

/// The chess tables of one experiment.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ChessTables {
    pub engines: Vec<EngineAtPly>,
    pub agreement: Vec<PairAgreement>,
}

fn mean(xs: impl Iterator<Item = f64>) -> Option<f64> {
    let (n, s) = xs.fold((0usize, 0.0), |(n, s), x| (n + 1, s + x));
    (n > 0).then(|| s / n as f64)
}

/// The chess tables of `records` (rows of one experiment), engines in `engines` order; `None`
/// when the rows are not chess rows.
#[must_use]
pub fn summarize(records: &[Record], engines: &[String]) -> Option<ChessTables> {
    if !records
        .first()
        .is_some_and(|r| r.best_move.is_some() || looks_like_chess(&r.moves))
    {
        return None;
    }
    let mut by: BTreeMap<(u32, usize), Vec<&Record>> = BTreeMap::new();
    for r in records {
        if let Some(e) = engines.iter().position(|e| *e == r.engine) {
            by.entry((r.ply, e)).or_default().push(r);
        }
    }
    let mut out = ChessTables::default();
    for ((ply, e), rows) in &by {
        let nodes_known = rows.iter().all(|r| r.nodes.is_some());
        let total_nodes: u64 = rows.iter().filter_map(|r| r.nodes).sum();
        let total_ns: u64 = rows.iter().map(|r| r.nanos).sum();
        out.engines.push(EngineAtPly {
            ply: *ply,
            engine: engines[*e].clone(),
            solves: rows.len(),
            mean_ms: mean(rows.iter().map(|r| r.nanos as f64 / 1e6)).unwrap_or(0.0),
            engine_ms: if rows.iter().all(|r| r.engine_nanos.is_some()) {
                mean(
                    rows.iter()
                        .filter_map(|r| r.engine_nanos)
                        .map(|n| n as f64 / 1e6),
                )
            } else {
                None
            },
            mean_nodes: nodes_known.then(|| total_nodes as f64 / rows.len() as f64),
            nps: (nodes_known && total_ns > 0)
                .then(|| total_nodes as f64 / (total_ns as f64 / 1e9)),
            mean_depth: if rows.iter().all(|r| r.depth.is_some()) {
                mean(rows.iter().filter_map(|r| r.depth).map(f64::from))
            } else {
                None
            },
        });
    }
    // Pairs: the first solve (repeat 0) of each position by each engine.
    let mut first: BTreeMap<(u32, u32, usize), &Record> = BTreeMap::new();
    for r in records.iter().filter(|r| r.repeat == 0) {
        if let Some(e) = engines.iter().position(|e| *e == r.engine) {
            first.entry((r.ply, r.index, e)).or_insert(r);
        }
    }
    let plies: Vec<u32> = {
        let mut p: Vec<u32> = records.iter().map(|r| r.ply).collect();
        p.sort_unstable();
        p.dedup();
        p
    };
    for i in 0..engines.len() {
        for j in i + 1..engines.len() {
            let mut all = PairAgreement {
                ply: None,
                a: engines[i].clone(),
                b: engines[j].clone(),
                positions: 0,
                same_score: 0,
                same_move: Some(0),
            };
            for &ply in &plies {
                let mut p = PairAgreement {
                    ply: Some(ply),
                    ..all.clone()
                };
                p.positions = 0;
                p.same_score = 0;
                p.same_move = Some(0);
                for ((_, idx, e), ra) in first.range((ply, 0, i)..=(ply, u32::MAX, i)) {
                    if *e != i {
                        continue;
                    }
                    let Some(rb) = first.get(&(ply, *idx, j)) else {
                        continue;
                    };
                    p.positions += 1;
                    p.same_score += usize::from(ra.score == rb.score);
                    p.same_move = match (p.same_move, &ra.best_move, &rb.best_move) {
                        (Some(k), Some(x), Some(y)) => Some(k + usize::from(x == y)),
                        _ => None,
                    };
                }
                all.positions += p.positions;
                all.same_score += p.same_score;
                all.same_move = all.same_move.zip(p.same_move).map(|(x, y)| x + y);
                out.agreement.push(p);
            }
            out.agreement.push(all);
        }
    }
    Some(out)
}

fn num(x: Option<f64>, digits: usize) -> String {
    x.map_or_else(|| "n/a".to_string(), |v| format!("{v:.digits$}"))
}

fn pct(k: Option<usize>, n: usize) -> String {
    match k {
        Some(k) if n > 0 => format!("{:.1}% ({k}/{n})", 100.0 * k as f64 / n as f64),
        _ => "n/a".to_string(),
    }
}

impl ChessTables {
    /// Per ply and engine: time to depth, the engine's own time, nodes, nodes per second, depth.
    #[must_use]
    pub fn engine_table(&self) -> Table {
        let mut t = Table::new(vec![
            Column::right("ply"),
            Column::left("engine"),
            Column::right("solves"),
            Column::right("time to depth (ms)"),
            Column::right("engine's time (ms)"),
            Column::right("nodes"),
            Column::right("nodes/s"),
            Column::right("depth"),
        ]);
        t.title = "Time to depth, nodes and nodes per second per ply".into();
        for r in &self.engines {
            t.push_row([
                r.ply.to_string(),
                r.engine.clone(),
                r.solves.to_string(),
                format!("{:.2}", r.mean_ms),
                num(r.engine_ms, 1),
                num(r.mean_nodes, 0),
                num(r.nps, 0),
                num(r.mean_depth, 1),
            ]);
        }
        t
    }

    /// Per pair and ply: the share of positions with the same score and the same best move.
    #[must_use]
    pub fn agreement_table(&self) -> Table {
        let mut t = Table::new(vec![
            Column::left("pair"),
            Column::right("ply"),
            Column::right("positions"),
            Column::right("same score"),
            Column::right("same best move"),
        ]);
        t.title = "Agreement per pair of engines and ply".into();
        for p in &self.agreement {
            t.push_row([
                format!("{} · {}", p.a, p.b),
                p.ply.map_or_else(|| "all".to_string(), |p| p.to_string()),
                p.positions.to_string(),
                pct(Some(p.same_score), p.positions),
                pct(p.same_move, p.positions),
            ]);
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(ply: u32, index: u32, engine: &str, score: i32, nodes: u64, mv: &str) -> Record {
        Record {
            experiment: "c".into(),
            seed: 1,
            ply,
            index,
            moves: "e2e4".into(),
            engine: engine.into(),
            slot: 0,
            repeat: 0,
            score,
            nodes: (nodes > 0).then_some(nodes),
            nanos: 2_000_000,
            wall_nanos: 3_000_000,
            probes: 0,
            best_move: Some(mv.into()),
            depth: Some(10),
            seldepth: None,
            engine_nanos: None,
            ..Record::default()
        }
    }

    #[test]
    fn per_ply_tables() {
        let recs = vec![
            row(1, 0, "a", 30, 1000, "e7e5"),
            row(1, 0, "b", 30, 0, "e7e5"),
            row(1, 1, "a", 10, 3000, "c7c5"),
            row(1, 1, "b", 12, 0, "e7e5"),
        ];
        let engines = vec!["a".to_string(), "b".to_string()];
        let t = summarize(&recs, &engines).unwrap();
        assert_eq!(t.engines[0].mean_nodes, Some(2000.0));
        assert_eq!(t.engines[0].nps, Some(1_000_000.0));
        assert_eq!(
            (t.engines[1].mean_nodes, t.engines[1].nps),
            (None, None),
            "0 nodes = not reported"
        );
        assert_eq!(t.agreement[0].positions, 2);
        assert_eq!(
            (t.agreement[0].same_score, t.agreement[0].same_move),
            (1, Some(1))
        );
        assert_eq!(t.agreement[1].ply, None);
        let md = crate::table::TableFormat::render(&crate::table::Markdown, &t.agreement_table());
        assert!(
            md.contains("| a · b | 1 | 2 | 50.0% (1/2) | 50.0% (1/2) |"),
            "{md}"
        );
        let md = crate::table::TableFormat::render(&crate::table::Markdown, &t.engine_table());
        assert!(
            md.contains("| 1 | b | 2 | 2.00 | n/a | n/a | n/a | 10.0 |"),
            "{md}"
        );
        let mut c4 = recs.clone();
        for r in &mut c4 {
            r.moves = "4453".into();
            r.best_move = None;
        }
        assert!(summarize(&c4, &engines).is_none());
    }
}
