//! Ballard's (1983) node counts on his regular *-minimax tree (`game::chance_tree`), and
//! Star2's scouting variants ([`Scouting`]) on that tree and on Pig (docs/chance.md).
//!
//! ```sh
//! cargo run --release --example ballard -- tree [MAXDEPTH [TABLE]]  # regular trees, depths 2..=MAXDEPTH
//! cargo run --release --example ballard -- pig [MAXDEPTH [TABLE]]   # Pig to 20, the 24 positions of `pig reductions`
//! ```
//!
//! `TABLE` is `on` (default) or `off`. Every row asserts that expectiminimax, Star1 and the
//! four Star2 variants return the same root values.

#[path = "pig.rs"]
#[allow(dead_code)]
mod pig;

use pig::{Pig, PigState};
use treebench::engine::generic::chance::{
    search_positions, ChanceConfig, ChanceCounters, ChanceDriver, MoveOrder, Scouting,
};
use treebench::game::chance::{ChanceGame, Q};
use treebench::game::chance_tree::ChanceTree;

/// Tree shapes measured: (moves a decision node, outcomes a chance node, deepest depth).
const SHAPES: [(u8, u8, u32); 3] = [(3, 3, 6), (5, 5, 5), (8, 4, 4)];

/// Leaf values of the trees are uniform integers in `[−RANGE, RANGE]`.
const RANGE: i64 = 100;

/// Trees a row sums over: as many seeds (1, 2, …) as keep the row near this many leaves, 1 to 10.
const LEAF_BUDGET: u64 = 2_000_000;

/// The orderings measured: random (seed 1) and optimal.
const ORDERS: [(&str, MoveOrder); 2] = [
    ("random", MoveOrder::Random(1)),
    ("optimal", MoveOrder::Oracle),
];

/// Summed counters of one row: expectiminimax, Star1, Star2 under each [`Scouting`].
#[derive(Default)]
struct Row {
    e: ChanceCounters,
    s1: ChanceCounters,
    s2: [ChanceCounters; 4],
}

impl Row {
    /// Searches `positions` of `g` to `depth` with every driver and adds the counts; panics
    /// if two drivers disagree on a root value. Expectiminimax runs in `e_order`.
    fn add<G: ChanceGame>(
        &mut self,
        g: &G,
        positions: &[G::State],
        depth: u32,
        (order, e_order): (MoveOrder, MoveOrder),
        table: bool,
    ) {
        let cfg = |driver, order, scouting| ChanceConfig {
            order,
            table,
            scouting,
            ..ChanceConfig::new(driver)
        };
        let run = |c| search_positions(g, c, positions, depth);
        let (e, ev) = run(cfg(ChanceDriver::Expectimax, e_order, Scouting::BALLARD));
        let (s1, v1) = run(cfg(ChanceDriver::Star1, order, Scouting::BALLARD));
        assert_eq!(ev, v1, "Star1 disagrees at depth {depth}");
        self.e.add(&e);
        self.s1.add(&s1);
        for (k, sc) in Scouting::ALL.into_iter().enumerate() {
            let (s2, v2): (ChanceCounters, Vec<Q>) = run(cfg(ChanceDriver::Star2, order, sc));
            assert_eq!(ev, v2, "Star2 {} disagrees at depth {depth}", sc.name());
            self.s2[k].add(&s2);
        }
    }

    /// The row's cells after the leading ones: expectiminimax, Star1 and its cut, Ballard's
    /// Star2, its cut and ratio, then the cut of each other Star2 variant.
    fn cells(&self) -> String {
        let cut = |c: &ChanceCounters| 100.0 * (1.0 - c.nodes as f64 / self.e.nodes as f64);
        let [b, o, n, on] = &self.s2;
        format!(
            "{} | {} | {:.1}% | {} | {:.1}% | {:.2}x | {} | {:.1}% | {:.1}% | {:.1}% |",
            self.e.nodes,
            self.s1.nodes,
            cut(&self.s1),
            b.nodes,
            cut(b),
            self.e.nodes as f64 / b.nodes as f64,
            b.scouts,
            cut(o),
            cut(n),
            cut(on),
        )
    }
}

const HEADER: &str = "expectimax nodes | Star1 nodes | Star1 cut | Star2 nodes | Star2 cut | E / Star2 | Star2 scouts | opponent cut | null cut | opponent+null cut |";
const RULE: &str = "---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|";

/// Nodes of a regular tree of fan `b · n` and `depth` moves: every level, decision and chance.
fn tree_nodes(b: u64, n: u64, depth: u32) -> u64 {
    (0..=2 * depth)
        .map(|level| b.pow(level.div_ceil(2)) * n.pow(level / 2))
        .sum()
}

fn trees(max_depth: u32, table: bool) {
    println!("Regular *-minimax trees (MAX, chance, MIN, chance, …), leaves uniform in [−{RANGE}, {RANGE}], equally likely outcomes, table {}; seeds 1..=trees\n", if table { "on" } else { "off" });
    println!("| moves × outcomes | ordering | depth | trees | {HEADER}");
    println!("|---|---|---:|---:|{RULE}");
    for (b, n, deepest) in SHAPES {
        for (oname, order) in ORDERS {
            for depth in 2..=max_depth.min(deepest) {
                let leaves = (u64::from(b) * u64::from(n)).pow(depth);
                let k = (LEAF_BUDGET / leaves).clamp(1, 10);
                let mut row = Row::default();
                for seed in 1..=k {
                    let g = ChanceTree::new(b, n, depth as u8, RANGE, seed).expect("a valid tree");
                    // a tree has no transpositions: expectiminimax visits every node once in
                    // any order, so it runs in the game's order (the optimal one costs a full
                    // search a node)
                    row.add(&g, &[g.root()], depth, (order, MoveOrder::Natural), table);
                }
                let size = tree_nodes(u64::from(b), u64::from(n), depth);
                assert_eq!(
                    row.e.nodes,
                    k * size,
                    "expectiminimax visits the whole tree"
                );
                println!("| {b} × {n} | {oname} | {depth} | {k} | {}", row.cells());
            }
        }
    }
}

fn pig_variants(max_depth: u32, table: bool) {
    let game = Pig {
        target: 20,
        turns: 4,
        wins: false,
        openspiel: false,
    };
    let states: Vec<PigState> = pig::sample_positions(&game, &[0, 6, 12], 8, 40)
        .into_iter()
        .map(|p| p.1)
        .collect();
    println!(
        "Pig to 20, 4 turns each, the 24 root positions of `pig reductions` (seed 40), table {}\n",
        if table { "on" } else { "off" }
    );
    println!("| ordering | depth | {HEADER}");
    println!("|---|---:|{RULE}");
    for (oname, order) in ORDERS {
        for depth in 1..=max_depth {
            let mut row = Row::default();
            row.add(&game, &states, depth, (order, order), table);
            println!("| {oname} | {depth} | {}", row.cells());
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth = args.get(1).map_or(Ok(4), |a| a.parse::<u32>());
    let table = match args.get(2).map(String::as_str) {
        None | Some("on") => Some(true),
        Some("off") => Some(false),
        _ => None,
    };
    match (args.first().map(String::as_str), depth, table) {
        (Some("tree"), Ok(d), Some(t)) if (2..=8).contains(&d) => trees(d, t),
        (Some("pig"), Ok(d), Some(t)) if (1..=6).contains(&d) => pig_variants(d, t),
        _ => {
            eprintln!(
                "usage: ballard tree [MAXDEPTH (2-8) [on|off]] | pig [MAXDEPTH (1-6) [on|off]]"
            );
            std::process::exit(2);
        }
    }
}
