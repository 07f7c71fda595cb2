//! The SSS* theorems on seeded random trees, checked on the sets of leaves each search evaluates:
//! (1) Stockman 1979: classic SSS* never evaluates a leaf that alpha-beta (same move order, no
//! table) skips; (2) Plaat, Schaeffer, Pijls and de Bruin 1996: MT-SSS* (MTD from +∞ over an
//! unlimited bound table) evaluates exactly the leaves of classic SSS*. And every driver returns
//! the minimax value.

use std::collections::HashSet;

use treebench::engine::textbook::drivers::{mt_dual, mt_sss, sss_classic};
use treebench::engine::textbook::search::{minimax, mtdf, AlphaBeta, Order, Stats, TtKind, INF};
use treebench::game::{Game, RandomTree, TreeNode};

/// A random tree whose leaf values are folded onto `k` values (`k = 0`: the tree's own values),
/// so that many leaves tie.
#[derive(Debug, Clone)]
struct Tied {
    tree: RandomTree,
    k: i32,
}

impl Game for Tied {
    type State = TreeNode;
    fn root(&self) -> TreeNode {
        self.tree.root()
    }
    fn moves(&self, s: &TreeNode) -> Vec<u8> {
        self.tree.moves(s)
    }
    fn play(&self, s: &TreeNode, m: u8) -> TreeNode {
        self.tree.play(s, m)
    }
    fn is_terminal(&self, s: &TreeNode) -> bool {
        self.tree.is_terminal(s)
    }
    fn utility(&self, s: &TreeNode) -> i32 {
        let v = self.tree.utility(s);
        if self.k == 0 {
            v
        } else {
            v.rem_euclid(self.k) - self.k / 2
        }
    }
}

fn leaves(ab: &mut AlphaBeta<Tied>) -> HashSet<TreeNode> {
    ab.leaf_log.take().unwrap().into_iter().collect()
}

/// Run every driver on one tree and order, checking values and both theorems.
fn check(game: &Tied, order: Order, what: &str) {
    let root = game.root();
    let v = minimax(game, &root, &mut Stats::default());
    let searcher = |table| {
        let mut ab = AlphaBeta::new(game.clone(), order, table);
        ab.record_leaves(true);
        ab
    };

    let mut ab = searcher(TtKind::None);
    assert_eq!(ab.search(&root, -INF, INF), v, "alpha-beta {what}");
    let ab_leaves = leaves(&mut ab);

    let mut cl = searcher(TtKind::None);
    let (cv, cs) = sss_classic(&mut cl, &root);
    assert_eq!(cv, v, "classic SSS* {what}");
    let cl_leaves = leaves(&mut cl);
    assert_eq!(
        cs.leaves as usize,
        cl_leaves.len(),
        "SSS* evaluates a leaf once {what}"
    );

    let extra: Vec<_> = cl_leaves.difference(&ab_leaves).collect();
    assert!(
        extra.is_empty(),
        "Stockman: SSS* ⊄ alpha-beta {what}: {extra:?}"
    );

    let mut mt = searcher(TtKind::Bounds);
    assert_eq!(mt_sss(&mut mt, &root).value, v, "MT-SSS* {what}");
    let mt_leaves = leaves(&mut mt);
    assert!(
        mt_leaves == cl_leaves,
        "Plaat et al.: MT-SSS* ≠ SSS* {what}: only MT {:?}, only classic {:?}",
        mt_leaves.difference(&cl_leaves).collect::<Vec<_>>(),
        cl_leaves.difference(&mt_leaves).collect::<Vec<_>>()
    );

    let mut du = searcher(TtKind::Bounds);
    assert_eq!(mt_dual(&mut du, &root).value, v, "MT-DUAL* {what}");
    for table in [TtKind::None, TtKind::Bounds] {
        let mut p = searcher(table);
        assert_eq!(p.pvs(&root, -INF, INF), v, "PVS {table:?} {what}");
    }
    let mut m = searcher(TtKind::Bounds);
    assert_eq!(mtdf(&mut m, &root, 0).value, v, "MTD(0) {what}");
}

const SHAPES: [(u8, u8); 12] = [
    (2, 3),
    (2, 5),
    (2, 6),
    (2, 8),
    (3, 3),
    (3, 4),
    (3, 6),
    (4, 3),
    (4, 4),
    (4, 5),
    (5, 3),
    (5, 4),
];

fn run(ks: &[i32], seeds: std::ops::RangeInclusive<u64>) -> usize {
    let mut n = 0;
    for (b, d) in SHAPES {
        for seed in seeds.clone() {
            for &k in ks {
                let game = Tied {
                    tree: RandomTree::new(b, d, seed).unwrap(),
                    k,
                };
                for order in [
                    Order::Given,
                    Order::Best,
                    Order::Random { seed: seed + 100 },
                ] {
                    check(
                        &game,
                        order,
                        &format!("b={b} d={d} seed={seed} k={k} {order:?}"),
                    );
                }
                n += 1;
            }
        }
    }
    n
}

#[test]
fn sss_theorems_on_distinct_leaf_values() {
    assert_eq!(run(&[0], 1..=10), 120);
}

#[test]
fn sss_theorems_with_many_ties() {
    // Leaves folded onto 2, 3 and 7 values: most merits tie, so the leftmost-first rule decides.
    assert_eq!(run(&[2, 3, 7], 1..=4), 144);
}
