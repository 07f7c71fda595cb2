//! Served games (`--game-server`, `treebench::game::served`): OpenSpiel's games through
//! `scripts/openspiel_game.py` where `pyspiel` is installed (missing, the tests that need it fail
//! unless `TREEBENCH_REQUIRE_ORACLES=0`, where they print `SKIPPED:`), and hostile servers
//! (small stand-ins written here: a real server cannot be made to lie on demand).
//!
//! - served tic-tac-toe gives the values of treebench's own tic-tac-toe on seeded positions;
//! - `verify --game hex3` with values from OpenSpiel's own alpha-beta as the known values;
//! - `run` (drivers paired on seeded positions) and `match` on served hex;
//! - `verify` on served dots and boxes, where a player moves again (a sequence is one move);
//! - a server with a bad handshake, one that dies in a search and one whose player moves twice
//!   each stop the command with one line and exit 2.

use std::path::Path;
use std::process::{Command, Output, Stdio};

mod common;

/// The server command of OpenSpiel's `spec` under `name`.
fn openspiel(spec: &str, name: &str) -> String {
    format!(
        "{} {} '{spec}' --name {name}",
        common::python(),
        common::script("openspiel_game.py").display()
    )
}

fn served(server: &str, args: &[&str]) -> Output {
    common::output(common::bin().arg("--game-server").arg(server).args(args))
}

/// Run `cmd` with `input` as its stdin, within the tests' time limit.
fn with_stdin(cmd: &mut Command, input: &Path) -> Output {
    let what = format!("{cmd:?}");
    let child = cmd
        .stdin(std::fs::File::open(input).unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {what}: {e}"));
    common::finish(child, &what)
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `solve` of `lines` (one position a line) by `engine`: the sign of each line's score (won,
/// drawn, lost: the built-in tic-tac-toe counts a win by its empty squares, OpenSpiel by 1).
fn scores(server: Option<&str>, engine: &str, lines: &str) -> Vec<i32> {
    let dir = common::scratch("served-solve");
    let input = dir.join("positions.txt");
    std::fs::write(&input, lines).unwrap();
    let mut cmd = common::bin();
    if let Some(s) = server {
        cmd.arg("--game-server").arg(s);
    }
    let out = with_stdin(cmd.args(["solve", "-e", engine]), &input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
        .lines()
        .map(|l| {
            // `MOVES SCORE NODES MICROS`, MOVES empty at the start
            let f: Vec<&str> = l.split_whitespace().collect();
            f[f.len() - 3].parse::<i32>().expect("a score").signum()
        })
        .collect()
}

#[test]
fn served_tictactoe_has_the_values_of_the_built_in_one() {
    if !common::have_pyspiel() {
        return;
    }
    // the same positions in both texts: cell c (1-9) is OpenSpiel's action c-1
    let lines = ["", "5", "51", "159", "1234", "52", "9135"];
    let built_in: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let os: String = lines
        .iter()
        .map(|l| {
            let actions: Vec<String> = l
                .chars()
                .map(|c| (c.to_digit(10).unwrap() - 1).to_string())
                .collect();
            format!("os:{}\n", actions.join(","))
        })
        .collect();
    let want = scores(None, "tictactoe-mtdf:depth=9", &built_in);
    let server = openspiel("tic_tac_toe", "ttt");
    let got = scores(Some(&server), "ttt-mtdf:depth=9", &os);
    assert_eq!(got, want);
    assert!(want.iter().any(|&v| v != 0), "a won position among them");
}

#[test]
fn verify_and_run_and_match_on_served_hex() {
    if !common::have_pyspiel() {
        return;
    }
    let dir = common::scratch("served-hex");
    let known = dir.join("hex3.known");
    let values = common::python_script(
        &common::script("openspiel_known.py"),
        ["hex(board_size=3)", "--plies", "0-6", "--per-ply", "3"],
    );
    std::fs::write(&known, values).unwrap();
    let server = openspiel("hex(board_size=3)", "hex3");
    let out = served(
        &server,
        &[
            "verify",
            "--game",
            "hex3",
            "--per-ply",
            "1",
            "--known",
            known.to_str().unwrap(),
        ],
    );
    let report = text(&out.stdout);
    for row in ["| structure", "| oracle", "| drivers", "| end of game"] {
        let line = report.lines().find(|l| l.starts_with(row)).expect(row);
        assert!(line.ends_with("| passed |"), "{line}\n{report}");
    }
    assert!(
        report.contains("positions of"),
        "the known values were read: {report}"
    );
    assert!(
        text(&out.stderr).contains("game server:"),
        "the requests' cost is stated"
    );
    // a run: three drivers to the end, paired on seeded positions, agreeing
    let exp = common::write_exp(
        &dir,
        "hex3",
        "seed = 7\nplies = [1, 3]\npositions = 2\ngame = \"hex3\"\nengines = [\"hex3-negamax:depth=9\", \"hex3-mtdf:depth=9\", \"hex3-pvs:depth=9\"]\nrepeats = 1\n",
    );
    let results = dir.join("results");
    let out = served(
        &server,
        &[
            "run",
            exp.to_str().unwrap(),
            "--results",
            results.to_str().unwrap(),
            "--no-report",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    // a match between a search to the end and a small UCT
    let games = dir.join("games.csv");
    let out = served(
        &server,
        &[
            "match",
            "--game",
            "hex3",
            "hex3-mtdf:depth=9",
            "hex3-uct:playouts=20",
            "--openings",
            "2",
            "--games",
            games.to_str().unwrap(),
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        common::csv_rows(&games).len(),
        4 + 1,
        "a header and 4 games"
    );
}

/// A game where a player moves again (dots and boxes: completing a box): the server makes the
/// sequence one move, and `verify` passes its structure, oracle, drivers and end-of-game checks
/// with values from OpenSpiel's own alpha-beta (which follows the extra turns itself) as the
/// known values, positions inside a sequence among them.
#[test]
fn verify_a_served_game_whose_player_moves_again() {
    if !common::have_pyspiel() {
        return;
    }
    let dir = common::scratch("served-dab");
    let spec = "dots_and_boxes(num_rows=1,num_cols=2)";
    let known = dir.join("dab12.known");
    let values = common::python_script(
        &common::script("openspiel_known.py"),
        [spec, "--plies", "0-5", "--per-ply", "3"],
    );
    std::fs::write(&known, values).unwrap();
    let server = openspiel(spec, "dab12");
    let args = ["verify", "--game", "dab12", "--per-ply", "1", "--known"];
    let out = served(&server, &[&args[..], &[known.to_str().unwrap()]].concat());
    let report = text(&out.stdout);
    for row in [
        "| structure",
        "| oracle",
        "| drivers",
        "| end of game",
        "| values against",
    ] {
        let line = report.lines().find(|l| l.starts_with(row)).expect(row);
        assert!(line.contains("| passed"), "{line}\n{report}");
    }
    assert!(
        report.contains("positions of"),
        "the known values were read: {report}"
    );
}

/// A stand-in server in Python: `body` answers `req` (the request line) in `answer(req)`.
fn stand_in(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(format!("{name}.py"));
    let head = "import sys\n";
    let tail = "\nfor line in sys.stdin:\n    print(answer(line.rstrip('\\n')), flush=True)\n";
    std::fs::write(&path, format!("{head}{body}{tail}")).unwrap();
    format!("{} {}", common::python(), path.display())
}

/// `solve -e ENGINE` of the start position `s` on stdin, served by `server`.
fn solve_start(dir: &Path, server: &str, engine: &str) -> Output {
    let input = dir.join("start.txt");
    std::fs::write(&input, "s\n").unwrap();
    with_stdin(
        common::bin().args(["--game-server", server, "solve", "-e", engine]),
        &input,
    )
}

#[test]
fn hostile_servers_stop_the_command_with_one_line() {
    let dir = common::scratch("served-hostile");
    // positions are `s` and the moves since; the player to move alternates, except after `b`
    // (the same player again); past three moves the game is over, drawn
    let rules = r#"
def node(t, player):
    over = len(t) > 3
    return "\t".join(["node", t, str(player), "%016x" % (abs(hash(t)) & 0xffffffff), "0", "0" if over else "-", "" if over else "a b"])
def answer(req):
    if req.startswith("treebench-game"):
        return "game hostile 3"
    if req == "start" or req == "position s":
        return node("s", 0)
    if req.startswith("position "):
        return "error not a position"
    move, t = req[5:].split(" ", 1)
    child = t + move
    player = (len(t) - 1) % 2 if move == "b" else len(t) % 2
    DIE
    return node(child, player)
"#;
    let twice = stand_in(&dir, "twice", &rules.replace("DIE", "pass"));
    let out = solve_start(&dir, &twice, "hostile-negamax:depth=2");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("moves again") && err.contains("game server"),
        "{err}"
    );
    // a server that dies on its third move
    let dies = rules
        .replace("DIE", "import os\n    if len(t) >= 3: os._exit(9)")
        .replace("if move == \"b\" else", "if False else");
    let dies = stand_in(&dir, "dies", &dies);
    let out = solve_start(&dir, &dies, "hostile-negamax:depth=3");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("game server") && err.contains("play"), "{err}");
    // a garbled handshake: refused before anything runs
    let bad = stand_in(&dir, "bad", "def answer(req):\n    return 'hello'\n");
    let out = served(&bad, &["verify", "--game", "x"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("handshake") && err.lines().count() == 1,
        "{err}"
    );
}
