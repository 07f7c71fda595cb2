//! Monte Carlo tree search in the generic core (`GAME-uct`, `GAME-puct`, `GAME-mcts-solver`):
//! MCTS-Solver never proves a result that brute-force minimax contradicts, finds wins in one,
//! the same seed chooses the same moves, more playouts do not choose worse on Connect-4, and
//! bad options are one-line errors.

use treebench::engine::generic::search::minimax;
use treebench::engine::{registry, MoveLimit};
use treebench::game::connect4::search_game::Connect4;
use treebench::game::{GameKind, SearchGame, TicTacToe};
use treebench::runner::positions::positions_for_ply;
use treebench::stats::games::GameResult;

/// Seeded positions of `game` at `plies`, `n` a ply.
fn positions(game: GameKind, plies: &[u32], n: u32, exclude_win: bool) -> Vec<String> {
    let draw = |&p: &u32| positions_for_ply(game, 11, p, n, exclude_win);
    plies.iter().flat_map(draw).map(|d| d.moves).collect()
}

/// The result for the side to move at `moves` by brute force to the end.
fn exact_ttt(moves: &str) -> GameResult {
    let g = TicTacToe::new();
    let s = g.parse(moves).unwrap();
    let mut n = 0;
    match minimax(&g, &s, 9, 0, false, &mut n).signum() {
        1 => GameResult::Win,
        0 => GameResult::Draw,
        _ => GameResult::Loss,
    }
}

#[test]
fn mcts_solver_proves_only_true_results_and_plays_them() {
    let all = positions(GameKind::TicTacToe, &[1, 2, 3, 4, 5, 6, 7], 40, false);
    assert!(all.len() > 150, "{} positions", all.len());
    let mut proven = 0;
    for moves in &all {
        let mut e = registry::build("tictactoe-mcts-solver:playouts=3000").unwrap();
        let d = e.choose(moves, &MoveLimit::Spec).unwrap();
        let Some(r) = d.proven_result() else { continue };
        proven += 1;
        assert_eq!(r, exact_ttt(moves), "`{moves}`: proved {r:?}");
        if r == GameResult::Win {
            // the chosen move keeps the win: the opponent then loses
            let g = TicTacToe::new();
            let s = g.parse(moves).unwrap();
            let child = g.play(&s, g.parse_move(&s, d.best.as_str()).unwrap());
            let mut n = 0;
            assert!(
                minimax(&g, &child, 9, 1, false, &mut n) < 0,
                "`{moves}` {}",
                d.best.as_str()
            );
        }
    }
    eprintln!("tic-tac-toe: {proven} of {} positions proven", all.len());
    assert!(proven * 3 > all.len(), "{proven} of {} proven", all.len());
}

/// OpenSpiel's variant (`solver=maxn,root=rollout`): its proofs (draws too) are true, the move
/// it plays keeps a proven win or draw, and its spec round-trips.
#[test]
fn openspiel_solver_proves_only_true_results() {
    let all = positions(GameKind::TicTacToe, &[1, 2, 3, 4, 5, 6, 7], 40, false);
    let spec = "tictactoe-uct:playouts=3000,solver=maxn,root=rollout";
    let g = TicTacToe::new();
    let (mut proven, mut draws) = (0, 0);
    for moves in &all {
        let mut e = registry::build(spec).unwrap();
        let d = e.choose(moves, &MoveLimit::Spec).unwrap();
        let Some(r) = d.proven_result() else { continue };
        proven += 1;
        draws += usize::from(r == GameResult::Draw);
        assert_eq!(r, exact_ttt(moves), "`{moves}`: proved {r:?}");
        let s = g.parse(moves).unwrap();
        let child = g.play(&s, g.parse_move(&s, d.best.as_str()).unwrap());
        let mut n = 0;
        let after = -minimax(&g, &child, 9, 1, false, &mut n).signum();
        let want = exact_ttt(moves);
        assert_eq!(
            after,
            want as i32 - 1,
            "`{moves}` {}: keeps {want:?}",
            d.best.as_str()
        );
    }
    eprintln!(
        "tic-tac-toe, solver=maxn: {proven} of {} positions proven ({draws} draws)",
        all.len()
    );
    assert!(
        proven * 3 > all.len() && draws > 0,
        "{proven} of {}, {draws} draws",
        all.len()
    );
    let e = registry::build(spec).unwrap();
    assert_eq!(
        e.spec(),
        "tictactoe-uct:playouts=3000,c=1.4,seed=1,solver=maxn,prior=off,terminal=exact,root=rollout"
    );
    assert_eq!(registry::build(&e.spec()).unwrap().spec(), e.spec());
    // the first playout is the root's own: a budget of one still plays, with a second playout
    let mut e = registry::build("c4-uct:playouts=1,solver=maxn,root=rollout").unwrap();
    let d = e.choose("", &MoveLimit::Spec).unwrap();
    assert_eq!(d.playouts, Some(2));
    let mut e = registry::build("c4-uct:playouts=1").unwrap();
    assert_eq!(e.choose("", &MoveLimit::Spec).unwrap().playouts, Some(1));
}

#[test]
fn mcts_solver_on_connect4_never_contradicts_the_exact_solver() {
    let all = positions(GameKind::CONNECT4, &[20, 26, 30], 12, false);
    let mut exact = registry::build("mtdf").unwrap();
    let mut proven = 0;
    for moves in &all {
        let mut e = registry::build("c4-mcts-solver:playouts=4000").unwrap();
        let d = e.choose(moves, &MoveLimit::Spec).unwrap();
        let Some(r) = d.proven_result() else { continue };
        proven += 1;
        exact.reset();
        let score = exact.solve(moves).unwrap().score;
        let want = match score.signum() {
            1 => GameResult::Win,
            0 => GameResult::Draw,
            _ => GameResult::Loss,
        };
        assert_eq!(r, want, "`{moves}`: proved {r:?}, exact score {score}");
    }
    eprintln!("Connect-4: {proven} of {} positions proven", all.len());
    assert!(proven > 0, "nothing proven on {} positions", all.len());
}

#[test]
fn the_same_seed_chooses_the_same_moves() {
    let all = positions(GameKind::CONNECT4, &[6, 12], 8, true);
    for spec in [
        "c4-uct:playouts=300",
        "c4-puct:playouts=300",
        "c4-mcts-solver:playouts=300",
    ] {
        let choose = |spec: &str| -> Vec<String> {
            let mut e = registry::build(spec).unwrap();
            let limit = MoveLimit::Spec;
            all.iter()
                .map(|m| e.choose(m, &limit).unwrap().best.as_str().to_string())
                .collect()
        };
        assert_eq!(choose(spec), choose(spec), "{spec}");
        let d = registry::build(spec)
            .unwrap()
            .choose(&all[0], &MoveLimit::Spec)
            .unwrap();
        assert_eq!(d.playouts, Some(300), "{spec}");
        assert!(d.nodes.unwrap() > 1);
    }
    let e = registry::build("c4-uct:playouts=300,seed=9").unwrap();
    assert_eq!(
        e.spec(),
        "c4-uct:playouts=300,c=1.4,seed=9,solver=off,prior=off,terminal=explore,root=expand"
    );
    assert_eq!(registry::build(&e.spec()).unwrap().spec(), e.spec());
}

/// The share of `all` where `spec` chooses a move of the exact solver's optimal set.
fn optimal_rate(spec: &str, all: &[String]) -> f64 {
    let g = Connect4;
    let mut exact = registry::build("mtdf").unwrap();
    let mut e = registry::build(spec).unwrap();
    let mut hits = 0;
    for moves in all {
        let best = e
            .choose(moves, &MoveLimit::Spec)
            .unwrap()
            .best
            .as_str()
            .to_string();
        exact.reset();
        let want = exact.solve(moves).unwrap().score;
        let s = g.parse(moves).unwrap();
        assert!(g.parse_move(&s, &best).is_some());
        exact.reset();
        let child = exact.solve(&format!("{moves}{best}")).map(|x| -x.score);
        hits += u32::from(child.map_or(false, |v| v == want));
    }
    f64::from(hits) / all.len() as f64
}

#[test]
fn more_playouts_choose_no_worse_on_connect4() {
    let all = positions(GameKind::CONNECT4, &[16, 22], 15, true);
    let few = optimal_rate("c4-mcts-solver:playouts=30", &all);
    let many = optimal_rate("c4-mcts-solver:playouts=3000", &all);
    eprintln!(
        "optimal-move rate {few:.3} at 30 playouts, {many:.3} at 3000 ({} positions)",
        all.len()
    );
    assert!(
        many >= few,
        "optimal-move rate {many} at 3000 playouts, {few} at 30"
    );
}

#[test]
fn mcts_errors_are_one_line() {
    for (spec, want) in [
        ("c4-uct:playouts=0", "expected a number of playouts >= 1"),
        ("c4-uct:c=-1", "expected a finite number >= 0"),
        ("c4-uct:solver=maybe", "expected on, off or maxn"),
        ("c4-uct:terminal=maybe", "expected explore or exact"),
        ("c4-uct:root=leaf", "expected expand or rollout"),
        (
            "c4-uct:solver=maxn,terminal=explore",
            "solver=maxn values terminal nodes exactly",
        ),
        ("c4-puct:root=rollout", "are UCT's (prior=off)"),
        ("c4-uct:depth=3", "unknown option `depth`"),
    ] {
        let e = registry::build(spec).err().unwrap().to_string();
        assert!(e.contains(want) && !e.contains('\n'), "{spec}: {e}");
    }
    let mut e = registry::build("tictactoe-uct").unwrap();
    let err = e.solve("").unwrap_err().to_string();
    assert!(err.contains("gives no exact score"), "{err}");
}
