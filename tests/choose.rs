//! Engines that choose moves (`Engine::choose`): every driver of the generic core returns a move
//! that achieves the value it reports (checked against brute-force minimax of the move's child),
//! the exact Connect-4 solver plays a move whose exact score is the position's (Pons' Begin-Easy
//! set), and mates are found and marked as proven.

use treebench::engine::generic::search::minimax;
use treebench::engine::{registry, MoveLimit};
use treebench::game::connect4::search_game::Connect4;
use treebench::game::SearchGame;

const DRIVERS: [&str; 8] = [
    "minimax",
    "negamax",
    "pvs",
    "aspiration",
    "mtdf",
    "sss",
    "dual",
    "null-window",
];

/// Seeded Connect-4 positions (plies 6-20) from the runner's draw.
fn c4_positions() -> Vec<String> {
    let mut out = Vec::new();
    for ply in [6, 10, 14, 20] {
        for d in treebench::runner::positions::positions_for_ply(
            treebench::game::GameKind::CONNECT4,
            7,
            ply,
            5,
            true,
        ) {
            out.push(d.moves);
        }
    }
    out
}

#[test]
fn every_generic_driver_chooses_a_move_worth_its_value() {
    let g = Connect4;
    for depth in [1, 2, 4] {
        for moves in c4_positions() {
            let root = g.parse(&moves).unwrap();
            let mut n = 0;
            let want = minimax(&g, &root, depth, 0, false, &mut n);
            for d in DRIVERS {
                let spec = format!("c4-{d}:depth={depth}");
                let mut e = registry::build(&spec).unwrap();
                e.reset();
                let c = e.choose(&moves, &MoveLimit::Spec).unwrap();
                assert_eq!(c.value, Some(g.report(want)), "{spec} `{moves}`");
                let m = g.parse_move(&root, c.best.as_str()).expect("a legal move");
                let child = g.play(&root, m);
                let got = -minimax(&g, &child, depth - 1, 1, false, &mut n);
                assert_eq!(
                    got,
                    want,
                    "{spec} `{moves}`: {} is not worth the value",
                    c.best.as_str()
                );
            }
        }
    }
}

#[test]
fn the_exact_solver_plays_a_move_of_the_positions_score() {
    let set = include_str!("../benches/data/pons/Test_L1_R1");
    let mut e = registry::build("mtdf").unwrap();
    for line in set.lines().step_by(25).take(30) {
        let (moves, score) = line.split_once(' ').unwrap();
        let score: i32 = score.parse().unwrap();
        e.reset();
        let c = e.choose(moves, &MoveLimit::Spec).unwrap();
        assert_eq!((c.value, c.proven), (Some(score), Some(score)), "`{moves}`");
        let child = format!("{moves}{}", c.best.as_str());
        e.reset();
        let s = e.solve(&child);
        match s {
            Ok(s) => assert_eq!(-s.score, score, "`{moves}` then {}", c.best.as_str()),
            // a winning move ends the game: its score is the immediate win's
            Err(_) => assert!(score > 0, "`{moves}`: {} ends the game", c.best.as_str()),
        }
    }
}

#[test]
fn a_mate_in_one_is_found_and_proven() {
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    for d in ["negamax", "pvs", "mtdf"] {
        let mut e = registry::build(&format!("chess-{d}:depth=3")).unwrap();
        e.reset();
        let c = e.choose(fen, &MoveLimit::Spec).unwrap();
        assert_eq!(c.best.as_str(), "a1a8", "{d}");
        assert_eq!(
            c.proven,
            Some(treebench::game::chess::encode_mate(1)),
            "{d}"
        );
    }
    // tic-tac-toe searched to the end is a draw from the start; a finished game is refused
    let mut t = registry::build("tictactoe-pvs:depth=9").unwrap();
    let c = t.choose("", &MoveLimit::Spec).unwrap();
    assert_eq!(c.value, Some(0));
    assert!(t.choose("1425", &MoveLimit::Spec).is_ok());
    assert!(
        t.choose("14253", &MoveLimit::Spec).is_err(),
        "X has won: no move"
    );
}

#[test]
fn a_clock_limits_iterative_deepening() {
    let mut e = registry::build("c4-pvs:depth=40").unwrap();
    let clock = MoveLimit::Clock {
        own: std::time::Duration::from_millis(200),
        opponent: std::time::Duration::from_millis(200),
        increment: std::time::Duration::ZERO,
    };
    let t = std::time::Instant::now();
    let c = e.choose("4453", &clock).unwrap();
    assert!(c.depth.unwrap() >= 1 && c.depth.unwrap() < 40, "{c:?}");
    // a loose bound: the allotment is 10 ms; one depth may overrun it, not a whole second
    assert!(
        t.elapsed() < std::time::Duration::from_secs(5),
        "{:?}",
        t.elapsed()
    );
}
