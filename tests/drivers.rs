//! Every Connect-4 driver and every switch combination against known scores, and the drivers'
//! agreement at a fixed depth.

use treebench::engine::connect4::{Connect4Engine, SolverConfig};
use treebench::engine::Engine;

/// Positions with their exact scores: Pons' examples and seeded random positions of plies
/// 12–16 scored by BitBully 0.0.79 (all solve in well under a second).
const KNOWN: [(&str, i32); 15] = [
    ("4455", 18),
    ("44455554221", -15),
    ("2252576253462244111563365343671351441", -1),
    ("7422341735647741166133573473242566", 1),
    ("216174121524", -5),
    ("524226356546", 3),
    ("333415347553", -7),
    ("262212642644", -4),
    ("76575767315565", 4),
    ("41723534752624", 0),
    ("75645547124424", -3),
    ("73473577144643", 5),
    ("43753217266735", 11),
    ("4455437532172667", 2),
    ("6372556336371664", 1),
];

/// At a fixed depth every driver, with and without iterative deepening, returns the value of
/// the same depth-limited tree, and logs probes whose last interval is that value.
#[test]
fn drivers_agree_at_fixed_depth() {
    let positions = ["", "4453", "216174121524", "44455554221"];
    for eval in ["rollout", "threats"] {
        for depth in [1, 4, 7] {
            for moves in positions {
                let mut values = Vec::new();
                for driver in [
                    "negamax",
                    "pvs",
                    "aspiration",
                    "mtdf",
                    "sss",
                    "dual",
                    "null-window",
                ] {
                    for id in ["off", "on"] {
                        let spec = format!("{driver}:tt=20,depth={depth},eval={eval},id={id}");
                        let mut e = Connect4Engine::<7, 6>::new(
                            SolverConfig::parse(&spec).unwrap().unwrap(),
                        );
                        e.reset();
                        let v = e.solve(moves).unwrap().score;
                        let last = e.probes().last().copied().expect("a probe");
                        assert_eq!((last.lower, last.upper), (v, v), "{spec} on `{moves}`");
                        assert_eq!(last.depth, Some(depth), "{spec}");
                        values.push((spec, v));
                    }
                }
                assert!(
                    values.iter().all(|(_, v)| *v == values[0].1),
                    "`{moves}`: {values:?}"
                );
            }
        }
    }
}

#[test]
fn every_driver_and_switch_combination_solves_known_positions() {
    let switches = [
        "",
        "etc=off",
        "mirror=off,etc=off",
        "ttmin=0,ways=1",
        "ttmin=12,etc=18,prefetch=off,huge=off",
        "pfearly=off,fixed=off",
        "order=centre,dthreat=off",
        "nonlosing=off,clamp=off",
        "tt=16,mirror=40,etc=0",
        "nofour=42,evens=off",
        "nofour=on",
        "fwin=off,fpass=off",
        "evkids=off",
        "useful=off",
    ];
    for driver in [
        "negamax",
        "mtdf",
        "null-window",
        "pvs",
        "aspiration",
        "sss",
        "dual",
        "mtdf:id=on",
        "pvs:id=on",
    ] {
        for sw in switches {
            // A 2^20 table unless the switches choose one: quick to allocate, ample here.
            let sep = if driver.contains(':') { ',' } else { ':' };
            let spec = match sw {
                "" => format!("{driver}{sep}tt=20"),
                s if s.contains("tt=") => format!("{driver}{sep}{s}"),
                s => format!("{driver}{sep}tt=20,{s}"),
            };
            let cfg = SolverConfig::parse(&spec).unwrap().unwrap();
            let mut e = Connect4Engine::<7, 6>::new(cfg);
            for (moves, score) in KNOWN {
                if sw.contains("order=") && moves.len() < 11 {
                    continue; // centre-only ordering takes seconds on the 4-stone position
                }
                e.reset();
                let got = e.solve(moves).unwrap().score;
                assert_eq!(got, score, "{spec} on {moves}");
            }
        }
    }
}

/// Parallel solves (Lazy SMP and ABDADA, 2 and 4 threads) give the exact score of every known
/// position with every driver; the nodes they report are those of all threads.
#[test]
fn parallel_solves_are_exact() {
    for driver in [
        "mtdf",
        "null-window",
        "negamax",
        "pvs",
        "aspiration",
        "sss",
        "dual",
        "mtdf:id=on",
    ] {
        for par in [
            "threads=2",
            "threads=2,smp=lazy",
            "threads=4",
            "threads=4,smp=lazy",
        ] {
            let sep = if driver.contains(':') { ',' } else { ':' };
            let spec = format!("{driver}{sep}tt=20,{par}");
            let cfg = SolverConfig::parse(&spec).unwrap().unwrap();
            let mut e = Connect4Engine::<7, 6>::new(cfg);
            assert_eq!(
                e.threads(),
                if par.starts_with("threads=2") { 2 } else { 4 }
            );
            for (moves, score) in KNOWN {
                if moves.len() < 11 && !driver.starts_with("mtdf") {
                    continue; // the 4-stone position is slow under the wide-window drivers
                }
                e.reset();
                let s = e.solve(moves).unwrap();
                assert_eq!(s.score, score, "{spec} on {moves}");
                assert!(
                    s.nodes >= e.main_nodes() && e.main_nodes() > 0,
                    "{spec} on {moves}: {} nodes, {} on the main thread",
                    s.nodes,
                    e.main_nodes()
                );
            }
        }
    }
}

/// `threads=1` is the one-thread engine: the same nodes as the plain spec.
#[test]
fn one_thread_is_the_plain_engine() {
    let plain = SolverConfig::parse("mtdf:tt=20").unwrap().unwrap();
    let one = SolverConfig::parse("mtdf:tt=20,threads=1")
        .unwrap()
        .unwrap();
    assert_eq!(plain, one);
    let (mut a, mut b) = (
        Connect4Engine::<7, 6>::new(plain),
        Connect4Engine::<7, 6>::new(one),
    );
    for (moves, _) in KNOWN {
        a.reset();
        b.reset();
        let s = b.solve(moves).unwrap();
        assert_eq!(a.solve(moves).unwrap(), s);
        assert_eq!(b.threads(), 1);
        assert_eq!(
            b.main_nodes(),
            s.nodes,
            "one thread: all nodes are the main's"
        );
    }
}
