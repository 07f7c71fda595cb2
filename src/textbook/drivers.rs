//! Leaves evaluated by every textbook driver relative to alpha-beta, per tree shape and move
//! order: the table of the report's "Drivers" section.

use std::collections::HashSet;

use super::report::Part;
use crate::engine::textbook::drivers::{mt_dual, mt_sss, sss_classic};
use crate::engine::textbook::search::{mtdf, AlphaBeta, Mtdf, Order, TtKind, INF};
use crate::game::{Game, RandomTree, TreeNode};
use crate::table::{Column, Table};
use crate::util::fmt::thousands;

/// The drivers compared, as the table's columns name them.
pub const DRIVERS: [&str; 6] = [
    "alpha-beta",
    "PVS",
    "MTD(f), f=0",
    "MT-SSS*",
    "MT-DUAL*",
    "SSS* (classic)",
];

/// One shape and move order: distinct leaves evaluated, summed over the seeds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DriverRow {
    /// Branching.
    pub b: u8,
    /// Depth.
    pub d: u8,
    /// `"best"` or `"random"`.
    pub order: &'static str,
    /// Distinct leaves per driver (in [`DRIVERS`] order), summed over the trees.
    pub leaves: [u64; 6],
}

/// Distinct leaves of every driver on one tree with one order (values are checked against
/// alpha-beta's).
pub fn driver_leaves(tree: &RandomTree, order: Order) -> [u64; 6] {
    let root = tree.root();
    let searcher = |table| {
        let mut ab = AlphaBeta::new(tree.clone(), order, table);
        ab.record_leaves(true);
        ab
    };
    let distinct = |ab: &mut AlphaBeta<RandomTree>| {
        let log = ab.leaf_log.take().unwrap_or_default();
        log.into_iter().collect::<HashSet<_>>().len() as u64
    };
    let mut out = [0; 6];
    let mut ab = searcher(TtKind::None);
    let v = ab.search(&root, -INF, INF);
    out[0] = distinct(&mut ab);
    let mut p = searcher(TtKind::None);
    assert_eq!(p.pvs(&root, -INF, INF), v);
    out[1] = distinct(&mut p);
    type Run = fn(&mut AlphaBeta<RandomTree>, &TreeNode) -> Mtdf;
    let runs: [Run; 3] = [|ab, s| mtdf(ab, s, 0), mt_sss, mt_dual];
    for (i, run) in runs.into_iter().enumerate() {
        let mut m = searcher(TtKind::Bounds);
        assert_eq!(run(&mut m, &root).value, v);
        out[2 + i] = distinct(&mut m);
    }
    let mut c = searcher(TtKind::None);
    assert_eq!(sss_classic(&mut c, &root).0, v);
    out[5] = distinct(&mut c);
    out
}

/// The study: every shape, orders best and random, trees of `seeds`.
pub fn driver_study(shapes: &[(u8, u8)], seeds: &[u64]) -> Vec<DriverRow> {
    let mut rows = Vec::new();
    for &(b, d) in shapes {
        for order in ["best", "random"] {
            let mut leaves = [0; 6];
            for &seed in seeds {
                let tree = RandomTree::new(b, d, seed).expect("valid tree");
                let o = if order == "best" {
                    Order::Best
                } else {
                    Order::Random { seed }
                };
                for (t, x) in leaves.iter_mut().zip(driver_leaves(&tree, o)) {
                    *t += x;
                }
            }
            rows.push(DriverRow {
                b,
                d,
                order,
                leaves,
            });
        }
    }
    rows
}

/// The report's part for `rows` over `trees` seeds.
pub fn driver_part(rows: &[DriverRow], trees: usize) -> Part {
    let mut cols = vec![
        Column::right("b"),
        Column::right("d"),
        Column::left("order"),
    ];
    cols.push(Column::right("alpha-beta (mean)"));
    cols.extend(DRIVERS[1..].iter().map(|n| Column::right(*n)));
    let mut table = Table::new(cols);
    table.title =
        "Distinct leaves of each driver over alpha-beta's, per tree shape and order".into();
    for r in rows {
        let ab = r.leaves[0].max(1) as f64;
        let mut cells = vec![
            r.b.to_string(),
            r.d.to_string(),
            r.order.to_string(),
            thousands((r.leaves[0] as f64 / trees as f64).round() as u64),
        ];
        cells.extend(
            r.leaves[1..]
                .iter()
                .map(|&x| format!("{:.3}", x as f64 / ab)),
        );
        table.push_row(cells);
    }
    Part {
        heading: "Drivers on random trees: leaves relative to alpha-beta".into(),
        notes: vec![format!("Distinct leaves evaluated, summed over {trees} trees per shape, as a fraction of alpha-beta's (no table, same move order); the alpha-beta column is its mean per tree. Order best = children sorted by true value, random = a per-node permutation fixed by (seed, node).")],
        tables: vec![table],
        method: vec![format!("Trees of seeds 1..={trees}. PVS: NegaScout without a table; MTD(f), MT-SSS* (MTD from +∞) and MT-DUAL* (MTD from −∞) run over an unlimited bound table (leaves are not stored, so their evaluations can exceed the distinct leaves counted here); SSS* (classic): Stockman's OPEN list, ties to the leftmost node. `tests/sss.rs` checks on 264 trees (three orders each, many with tied leaves) that SSS* ⊆ alpha-beta and MT-SSS* = SSS* as leaf sets.")],
        ..Part::default()
    }
}
