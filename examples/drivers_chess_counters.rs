//! The search counters of `experiments/drivers-chess.toml`'s engines on its positions (the
//! records have no counter columns yet): per driver, totals over the 80 seeded positions of
//! nodes, leaves, quiescence nodes, table lookups, first-move cut-off rate and root probes, each also
//! relative to PVS. Run: `cargo run --release --example drivers_chess_counters`.

use treebench::engine::registry;
use treebench::engine::{GameKind, SearchCounters};
use treebench::runner::positions::positions_for_ply;

fn main() {
    let specs = [
        "chess-negamax:depth=6",
        "chess-pvs:depth=6",
        "chess-aspiration:depth=6",
        "chess-mtdf:depth=6",
        "chess-sss:depth=6",
        "chess-dual:depth=6",
        "chess-null-window:depth=6",
        "chess-aspiration:depth=6,id=on",
        "chess-mtdf:depth=6,id=on",
    ];
    let positions: Vec<String> = [8, 16, 24, 32]
        .iter()
        .flat_map(|&p| positions_for_ply(GameKind::Chess, 20261201, p, 20, false))
        .map(|d| d.moves)
        .collect();
    let mut rows = Vec::new();
    for spec in specs {
        let mut e = registry::build(spec).expect("a chess engine");
        let (mut c, mut nodes, mut root_probes, mut scores) =
            (SearchCounters::default(), 0u64, 0usize, Vec::new());
        for p in &positions {
            e.reset();
            let s = e.solve(p).expect("a position");
            nodes += s.nodes;
            scores.push(s.score);
            c.add(&e.counters().expect("counted"));
            root_probes += e.probes().len();
        }
        rows.push((spec, nodes, c, root_probes, scores));
    }
    let pvs = rows[1].clone();
    let agree = rows.iter().all(|r| r.4 == pvs.4);
    println!(
        "{} positions, every score equal: {agree}\n",
        positions.len()
    );
    println!("| engine | nodes | vs pvs | leaves | vs pvs | qnodes | table lookups | vs pvs | first-move cut-offs | root probes / position | re-searches |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (spec, nodes, c, root, _) in &rows {
        let rel = |a: u64, b: u64| format!("{:.2}", a as f64 / b as f64);
        println!(
            "| `{spec}` | {nodes} | {} | {} | {} | {} | {} | {} | {:.1}% | {:.2} | {} |",
            rel(*nodes, pvs.1),
            c.leaves,
            rel(c.leaves, pvs.2.leaves),
            c.qnodes,
            c.tt_lookups,
            rel(c.tt_lookups, pvs.2.tt_lookups),
            100.0 * c.first_move_cutoff_rate().unwrap_or(0.0),
            *root as f64 / positions.len() as f64,
            c.researches
        );
    }
}
