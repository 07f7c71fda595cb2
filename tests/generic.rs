//! The generic search core (`engine::generic`): every driver returns brute-force minimax's
//! fixed-depth value on seeded chess positions, the counters add up, mates are scored in the
//! UCI convention, verify catches every mutant on chess, and the example game (Nim, in
//! `examples/nim.rs`) gets every driver with values equal to its closed form.

use treebench::engine::generic::search::{minimax, quiescence_alphabeta, quiescence_brute, INF};
use treebench::engine::generic::{Config, Driver, Solver};
use treebench::engine::{registry, GameKind};
use treebench::game::chess::encode_mate;
use treebench::game::chess::search_game::Chess;
use treebench::game::SearchGame;
use treebench::runner::positions::positions_for_ply;
use treebench::verify::generic::{variants, verify_chess, verify_game, Deep};

#[path = "../examples/nim.rs"]
#[allow(dead_code)]
mod nim;

fn seeded(plies: &[u32], per_ply: u32) -> Vec<String> {
    plies
        .iter()
        .flat_map(|&p| positions_for_ply(GameKind::Chess, 7, p, per_ply, false))
        .map(|d| d.moves)
        .collect()
}

#[test]
fn every_driver_and_variant_equals_brute_force_minimax() {
    let positions = seeded(&[8, 20], 2);
    for text in &positions {
        let root = Chess.parse(text).unwrap();
        for (depth, qs) in [(1, false), (2, false), (3, false), (1, true), (2, true)] {
            let mut nodes = 0;
            let expected = minimax(&Chess, &root, depth, 0, qs, &mut nodes);
            assert!(nodes > 20, "the oracle searched the tree: {nodes}");
            for cfg in variants(depth, qs) {
                let got = Solver::new(Chess, cfg).search(&root).value;
                assert_eq!(got, expected, "{text}: {cfg:?}");
            }
        }
    }
}

#[test]
fn quiescence_by_alphabeta_equals_the_full_capture_tree() {
    for text in [
        "e2e4 d7d5",
        "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
        "d2d4 d7d5 c2c4 d5c4 e2e4 b7b5 a2a4 c7c6",
    ] {
        let s = Chess.parse(text).unwrap();
        let mut memo = std::collections::HashMap::new();
        let full = quiescence_brute(&Chess, &s, &mut memo);
        let mut nodes = 0;
        assert_eq!(
            quiescence_alphabeta(&Chess, &s, -INF, INF, &mut nodes),
            full,
            "{text}"
        );
        assert!(memo.len() > 1, "{text}: a capture tree was searched");
    }
}

#[test]
fn counters_add_up_and_differ_where_the_drivers_do() {
    let root = Chess
        .parse("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6")
        .unwrap();
    let mut values = Vec::new();
    for (driver, name) in Driver::ALL.into_iter().filter(|(d, _)| d.prunes()) {
        let mut s = Solver::new(
            Chess,
            Config {
                driver,
                depth: 4,
                ..Config::default()
            },
        );
        let out = s.search(&root);
        let c = out.counters;
        assert_eq!(
            out.nodes,
            c.interior + c.leaves + c.table_cutoffs + c.qnodes,
            "{name}: nodes = interior + leaves + table cut-offs + qnodes"
        );
        assert!(
            c.hits <= c.tt_lookups && c.table_cutoffs <= c.hits,
            "{name}: {c:?}"
        );
        assert!(
            c.first_move_cutoffs <= c.beta_cutoffs && c.beta_cutoffs > 0,
            "{name}"
        );
        assert!(c.qnodes > 0, "{name}: quiescence searched captures");
        assert_eq!(
            c.researches as usize + 1 >= s.probes().len(),
            true,
            "{name}"
        );
        match driver {
            Driver::Negamax => assert_eq!((s.probes().len(), c.researches), (1, 0)),
            Driver::Mtdf | Driver::Sss | Driver::Dual | Driver::NullWindow => {
                assert!(s.probes().len() >= 2, "{name}: {} probes", s.probes().len());
                let last = s.probes().last().unwrap();
                assert_eq!((last.lower, last.upper), (out.value, out.value), "{name}");
            }
            _ => {}
        }
        values.push(out.value);
    }
    assert!(values.windows(2).all(|w| w[0] == w[1]), "{values:?}");
}

#[test]
fn mates_are_found_and_scored_as_uci_mate_n() {
    for (text, n) in [
        ("f2f3 e7e5 g2g4", 1),
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1),
        ("7k/8/5K2/8/8/8/8/R7 w - - 0 1", 2),
        ("e2e4 e7e5 g1f3 d7d6 f1c4 c8g4 b1c3 g7g6 f3e5 g4d1", 2),
    ] {
        let root = Chess.parse(text).unwrap();
        for depth in [2 * n - 1, 2 * n + 1] {
            for (driver, _) in Driver::ALL.into_iter().filter(|(d, _)| d.prunes()) {
                let cfg = Config {
                    driver,
                    depth: depth as u32,
                    ..Config::default()
                };
                let v = Solver::new(Chess, cfg).search(&root).value;
                assert_eq!(v, encode_mate(n), "{text} depth {depth} {driver:?}");
            }
        }
    }
    // the side to move is mated in 1: the scholar's mate one move early, Black to move
    let root = Chess.parse("e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7").unwrap();
    assert_eq!(Chess.terminal(&root, 0), Some(-100_000));
}

#[test]
fn chess_engines_come_from_the_registry_and_report_counters() {
    let mut e = registry::build("chess-mtdf:depth=3,qs=off,id=on").unwrap();
    assert_eq!(e.spec(), "chess-mtdf:depth=3,qs=off,id=on");
    assert_eq!(e.game(), GameKind::Chess);
    assert!(e.counters().is_none());
    e.reset();
    let s = e.solve("e2e4 e7e5").unwrap();
    assert!(s.nodes_reported && s.nodes > 0);
    let c = e.counters().unwrap();
    assert!(c.tt_lookups > 0 && c.researches > 0, "{c:?}");
    assert!(e.probes().len() >= 3, "iterations 1, 2, 3 each probe");
    assert!(registry::build("chess-pvs:depth=0").is_err());
    assert!(registry::build("chess-pvs:draft=gt").is_err());
    assert!(
        e.solve("e2e4 e2e4").is_err(),
        "an illegal move is a bad position"
    );
}

#[test]
fn verify_passes_on_chess_and_catches_every_mutant() {
    let r = verify_chess(1, 1).unwrap(); // seed 1: 2 of 14 full quiescence trees in reach
    assert!(r.failures.is_empty(), "{r}");
    assert!(r.oracle_searches > 0 && r.driver_searches > 0);
    assert!(
        r.full_qs_checked > 0,
        "no position within the full quiescence budget:\n{r}"
    );
    assert_eq!(r.mutants.len(), 3);
    for m in &r.mutants {
        assert!(m.caught_by.is_some(), "mutant {} not caught:\n{r}", m.name);
    }
    assert!(r.passed());
}

#[test]
fn nim_gets_every_driver_with_its_closed_form_value() {
    let texts = nim::positions(3);
    assert_eq!(texts.len(), 63);
    for (driver, name) in Driver::ALL {
        for iterative in [false, true] {
            let cfg = Config {
                driver,
                iterative,
                qs: false,
                tt_bits: 10,
                ..Config::default()
            };
            let (wrong, _, nodes) = nim::check_driver(cfg, &texts);
            assert!(wrong.is_empty(), "{name} id={iterative}: {wrong:?}");
            assert!(nodes >= texts.len() as u64);
        }
    }
    // Bouton's rule itself, on a few values known by hand
    let p = |t: &str| nim::Nim.parse(t).unwrap();
    assert_eq!(nim::bouton(&p("1 2 3")), -1);
    assert_eq!(nim::bouton(&p("3 4 5")), 1);
    let r = verify_game(
        &nim::Nim,
        "nim",
        &nim::positions(2),
        &[(6, false)],
        (6, false),
        None,
    )
    .unwrap();
    assert!(r.failures.is_empty(), "{r}");
    assert!(
        r.mutants[0].caught_by.is_some(),
        "tables that store bounds as exact:\n{r}"
    );
}

/// A deeper check searches every driver and variant on its own positions (counted in its row),
/// and one that drew no position fails `verify` instead of passing with nothing checked.
#[test]
fn a_deeper_check_searches_its_positions_and_fails_without_any() {
    let positions = nim::positions(2);
    let deep = |more: &[String]| {
        let d = Deep {
            depth: 6,
            ply: 3,
            positions: more,
        };
        verify_game(
            &nim::Nim,
            "nim",
            &positions[..2],
            &[(2, false)],
            (2, false),
            Some(d),
        )
        .unwrap()
    };
    let r = deep(&positions[2..6]);
    assert_eq!(r.deep, Some((6, 3, 4)));
    assert_eq!(r.deep_searches, 4 * variants(6, false).len(), "{r}");
    assert!(
        r.to_string()
            .contains("depth 6, 4 more positions, of ply 3) |"),
        "{r}"
    );
    let r = deep(&[]);
    assert!(!r.passed(), "{r}");
    assert!(
        r.to_string()
            .contains("FAILED: no seeded game reached ply 3"),
        "{r}"
    );
}
