//! The Connect-4 solver's search counters (`count=on`): every node is counted once as an
//! interior node, a leaf or a table cutoff, counting changes neither the score nor the nodes,
//! and the default engine reports none.

use treebench::engine::connect4::{Connect4Engine, SolverConfig};
use treebench::engine::Engine;

fn engine(spec: &str) -> Connect4Engine {
    Connect4Engine::new(SolverConfig::parse(spec).unwrap().unwrap())
}

#[test]
fn counters_partition_the_nodes_and_change_nothing() {
    for driver in [
        "negamax",
        "pvs",
        "mtdf",
        "null-window",
        "aspiration:depth=8,id=on",
    ] {
        let (plain, counted) = if let Some((d, o)) = driver.split_once(':') {
            (driver.to_string(), format!("{d}:{o},count=on"))
        } else {
            (driver.to_string(), format!("{driver}:count=on"))
        };
        let mut a = engine(&plain);
        let mut b = engine(&counted);
        let mut total = treebench::engine::SearchCounters::default();
        assert_eq!(b.spec(), counted);
        for moves in [
            "44455554221",
            "216174121524",
            "4455437532172667",
            "76575767315565",
        ] {
            a.reset();
            b.reset();
            let (sa, sb) = (a.solve(moves).unwrap(), b.solve(moves).unwrap());
            assert_eq!(
                (sa.score, sa.nodes),
                (sb.score, sb.nodes),
                "{driver} {moves}"
            );
            assert_eq!(a.counters(), None);
            let c = b.counters().expect("count=on reports counters");
            assert_eq!(
                c.interior + c.leaves + c.table_cutoffs,
                sb.nodes,
                "{driver} {moves}: {c:?}"
            );
            assert!(c.hits <= c.tt_lookups && c.first_move_cutoffs <= c.beta_cutoffs);
            assert!(c.researches + 1 >= a.probes().len() as u64);
            total.add(&c);
            if driver == "negamax" {
                assert_eq!(c.researches, 0, "one root search, no PVS");
            }
        }
        // (A position can end at the root: a double threat is one leaf and nothing else.)
        assert!(
            total.interior > 0 && total.beta_cutoffs > 0 && total.tt_lookups > 0 && total.hits > 0,
            "{driver}: {total:?}"
        );
    }
}

#[test]
fn count_is_refused_where_it_is_not_compiled() {
    for spec in ["mtdf:count=on,mutant=drop-move", "mtdf:count=on,threads=2"] {
        let e = SolverConfig::parse(spec).unwrap_err().0;
        assert!(e.contains("count"), "{spec}: {e}");
    }
}

#[test]
fn interior_nodes_by_ply_sum_to_the_interior_count() {
    let mut e = engine("mtdf:count=on");
    let moves = "4455437532172667";
    e.solve(moves).unwrap();
    let c = e.counters().unwrap();
    let by_ply = e.interior_by_ply().expect("count=on reports plies");
    assert_eq!(by_ply.iter().sum::<u64>(), c.interior);
    // No node above the root's ply, and the root itself is interior.
    assert!(by_ply[..moves.len()].iter().all(|&n| n == 0));
    assert!(by_ply[moves.len()] > 0);
    assert!(by_ply.len() <= 42 && *by_ply.last().unwrap() > 0);
    e.reset();
    e.solve("44455554221").unwrap();
    assert_eq!(
        e.interior_by_ply(),
        Some(vec![]),
        "a position decided at the root"
    );
    assert_eq!(engine("mtdf").interior_by_ply(), None);
}
