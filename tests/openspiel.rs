//! OpenSpiel as a peer (issue 54), where `pyspiel` is installed (`scripts/setup-oracles.sh`;
//! missing, each test fails unless `TREEBENCH_REQUIRE_ORACLES=0`, where it prints `SKIPPED:`):
//! the rules of Connect-4 and tic-tac-toe against OpenSpiel's on thousands of random games,
//! OpenSpiel's alpha-beta's values of every tic-tac-toe position against brute force through
//! the adapter `scripts/openspiel_engine.py`, and its bots playing `treebench match` through it.

use std::collections::HashSet;
use std::io::Write;
use std::process::{Command, Stdio};

use treebench::engine::generic::search::minimax;
use treebench::game::connect4::search_game::Connect4;
use treebench::game::{MoveList, SearchGame, TicTacToe};

mod common;

/// `scripts/openspiel_rules.py GAME 2000 SEED` against treebench's rules: every position's
/// legal moves and every finished game's result; the number of positions checked.
fn rules_agree<G: SearchGame>(g: &G, name: &str) -> usize {
    let text = common::python_script(
        &common::script("openspiel_rules.py"),
        [name, "2000", "20261205"],
    );
    let (mut positions, mut over) = (0, 0);
    for line in text.lines() {
        let (moves, what) = line.split_once('\t').unwrap();
        let mut s = g.parse("").unwrap();
        for (i, c) in moves.char_indices() {
            assert_eq!(
                g.terminal(&s, i as u32),
                None,
                "{name} `{moves}`: over after {i} moves here"
            );
            let m = g
                .parse_move(&s, &moves[i..=i])
                .unwrap_or_else(|| panic!("{name} `{moves}`: {c} illegal here"));
            s = g.play(&s, m);
        }
        let ply = moves.len() as u32;
        if let Some(r) = what.strip_prefix("over ") {
            let v = g
                .terminal(&s, ply)
                .unwrap_or_else(|| panic!("{name} `{moves}`: not over here"));
            // v is for the side to move; the first player moves at even plies
            let first = if ply % 2 == 0 {
                v.signum()
            } else {
                -v.signum()
            };
            assert_eq!(
                first,
                r.parse::<i32>().unwrap(),
                "{name} `{moves}`: value {v}"
            );
            over += 1;
            continue;
        }
        assert_eq!(
            g.terminal(&s, ply),
            None,
            "{name} `{moves}`: over here, not in OpenSpiel"
        );
        let ours = common::sorted_move_texts(g, &s);
        assert_eq!(
            ours.join(" "),
            what.strip_prefix("moves ").unwrap(),
            "{name} `{moves}`"
        );
        positions += 1;
    }
    assert_eq!(over, 2000, "{name}");
    positions
}

#[test]
fn connect4_and_tictactoe_rules_agree_with_openspiel() {
    if !common::have_pyspiel() {
        return;
    }
    let c4 = rules_agree(&Connect4::default(), "connect4");
    let ttt = rules_agree(&TicTacToe::new(), "tictactoe");
    eprintln!("positions checked: Connect-4 {c4}, tic-tac-toe {ttt}");
    assert!(c4 > 30_000 && ttt > 10_000, "{c4} {ttt}");
}

/// Every tic-tac-toe position that goes on (one move string a board, 4,520 boards).
fn ttt_positions() -> Vec<String> {
    let g = TicTacToe::new();
    let (mut seen, mut out, mut stack) = (HashSet::new(), Vec::new(), vec![String::new()]);
    while let Some(moves) = stack.pop() {
        let s = g.parse(&moves).unwrap();
        if g.terminal(&s, 0).is_some() || !seen.insert(g.key(&s)) {
            continue;
        }
        let mut list = MoveList::default();
        g.moves(&s, &mut list);
        stack.extend(
            list.as_slice()
                .iter()
                .map(|&m| format!("{moves}{}", g.move_text(&s, m))),
        );
        out.push(moves);
    }
    out
}

#[test]
fn openspiel_alphabeta_values_every_tictactoe_position_as_brute_force() {
    if !common::have_pyspiel() {
        return;
    }
    let positions = ttt_positions();
    assert_eq!(positions.len(), 4520);
    let mut child = Command::new(common::python())
        .arg(common::script("openspiel_engine.py"))
        .args(["--game", "tictactoe", "--bot", "alphabeta"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let input = positions.join("\n") + "\n40\n1122\n";
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = common::finish(child, "openspiel_engine.py --bot alphabeta");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), positions.len() + 2);
    // a bad position is an error line, and the process goes on
    assert!(
        lines[positions.len()].starts_with("error "),
        "{}",
        lines[positions.len()]
    );
    assert!(
        lines[positions.len() + 1].starts_with("error "),
        "{}",
        lines[positions.len() + 1]
    );
    let g = TicTacToe::new();
    for (moves, line) in positions.iter().zip(&lines) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let s = g.parse(moves).unwrap();
        let mut n = 0;
        let exact = minimax(&g, &s, 9, 0, false, &mut n).signum();
        assert_eq!(f[0].parse::<i32>().unwrap(), exact, "`{moves}`: {line}");
        // the move it plays keeps that value
        let best = g
            .parse_move(&s, f[3].strip_prefix("best=").unwrap())
            .unwrap();
        let after = -minimax(&g, &g.play(&s, best), 9, 1, false, &mut n).signum();
        assert_eq!(after, exact, "`{moves}`: {line}");
    }
}

/// `treebench match ARGS --games DIR/NAME.csv`, which must succeed: the games file's rows, its
/// header first.
fn match_rows(dir: &std::path::Path, name: &str, args: &[&str]) -> Vec<Vec<String>> {
    let games = dir.join(format!("{name}.csv"));
    let out = common::output(
        common::bin()
            .arg("match")
            .args(args)
            .args(["--games", games.to_str().unwrap()]),
    );
    assert!(
        out.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    common::csv_rows(&games)
}

#[test]
fn openspiel_bots_play_treebench_matches_through_the_adapter() {
    if !common::have_pyspiel() {
        return;
    }
    let dir = common::scratch("openspiel_match");
    let adapter = format!(
        "{} {}",
        common::python(),
        common::script("openspiel_engine.py").display()
    );
    // Connect-4: OpenSpiel's MCTSBot against treebench's UCT, 4 games from 2 openings
    let mcts = format!("ext:{adapter} --sims 50");
    let rows = match_rows(
        &dir,
        "c4",
        &[&mcts, "c4-uct:playouts=50", "--openings", "2"],
    );
    assert_eq!(rows.len(), 4 + 1, "a header and 4 games");
    assert!(rows[1..]
        .iter()
        .all(|r| ["1-0", "0-1", "1/2-1/2"].contains(&r[10].as_str())));
    // Go 5x5 (OpenSpiel's `go` at treebench's komi) and Othello (OpenSpiel's `othello`: the
    // adapter finds a line of play for the opening's board, then follows the game's boards
    // through its own moves and the replies): OpenSpiel's C++ MCTSBot against treebench's UCT,
    // one opening from both sides; both games end by the rules, no illegal move, crash or
    // time-out
    for game in ["go5", "othello"] {
        let bot = format!("ext[game={game}]:{adapter} --game {game} --impl cpp --sims 30");
        let uct = format!("{game}-uct:playouts=30");
        let rows = match_rows(&dir, game, &["--game", game, &bot, &uct, "--openings", "1"]);
        assert_eq!(rows.len(), 2 + 1, "{game}: a header and 2 games");
        assert!(
            rows[1..].iter().all(|r| r[11] == "rules"),
            "{game}: {:?}",
            &rows[1..]
        );
    }
    // tic-tac-toe: OpenSpiel's alpha-beta and treebench's MTD(f), both perfect, from every
    // opening of plies 1 and 2: each pair of games (the opening played from both sides) ends
    // the same for the side that moves first, so the two engines score alike
    let ab = format!("ext[game=tictactoe]:{adapter} --game tictactoe --bot alphabeta");
    let args = [
        "--game",
        "tictactoe",
        &ab,
        "tictactoe-mtdf",
        "--plies",
        "1,2",
    ];
    let rows = match_rows(&dir, "ttt", &[&args[..], &["--openings", "8"]].concat());
    assert!(rows.len() > 8, "{} rows", rows.len());
    for pair in rows[1..].chunks(2) {
        assert_eq!(pair[0][3], pair[1][3], "a pair shares its opening");
        assert_eq!(
            pair[0][10], pair[1][10],
            "opening `{}`: {} then {}",
            pair[0][3], pair[0][10], pair[1][10]
        );
    }
}
