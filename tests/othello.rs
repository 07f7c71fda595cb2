//! Othello (built in): the FFO positions as `.obf` lines through `solve` and `moves` (every
//! published score checked, exit 3 on a difference), the drivers agreeing on them, and the
//! rules against OpenSpiel's `othello` where `pyspiel` is installed (SKIPPED, printed, where it
//! is not). The perft of the rules is a unit test (`game::othello`).

use std::path::Path;

/// The first lines of `fforum-1-19.obf` (14 empties each): the shallowest FFO positions.
fn ffo_lines(n: usize) -> Vec<String> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments/data/othello/fforum-1-19.obf");
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().take(n).map(str::to_string).collect()
}

/// `treebench ARGS...` in process: the exit code (a board starting with `--` follows `--`).
fn cli(args: &[&str]) -> i32 {
    let argv = std::iter::once("treebench").chain(args.iter().copied());
    treebench::cli::run_with(argv, &[]).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

const EXACT: &str = "depth=120,tt=18,draft=ge";

#[test]
fn ffo_scores_are_checked_by_solve_and_moves() {
    let lines = ffo_lines(2);
    for driver in ["negamax", "pvs", "mtdf", "null-window"] {
        let engine = format!("othello-{driver}:{EXACT}");
        for line in &lines {
            assert_eq!(
                cli(&["solve", "-e", &engine, "--", line]),
                0,
                "{driver}: {line}"
            );
        }
    }
    let engine = format!("othello-mtdf:{EXACT}");
    assert_eq!(cli(&["moves", "-e", &engine, "--", &lines[0]]), 0);
    // #1: G8 is +18; a file that says +16 is a difference, for the position and for the move
    assert!(lines[0].contains("G8:+18"), "{}", lines[0]);
    let wrong = lines[0].replace("G8:+18", "G8:+16");
    assert_eq!(cli(&["solve", "-e", &engine, "--", &wrong]), 3);
    assert_eq!(cli(&["moves", "-e", &engine, "--", &wrong]), 3);
    // another move's score wrong: the value is right, the move is not
    let wrong = lines[0].replace("H1:+12", "H1:+10");
    assert_eq!(cli(&["solve", "-e", &engine, "--", &wrong]), 0);
    assert_eq!(cli(&["moves", "-e", &engine, "--", &wrong]), 3);
    // a depth-limited search is an estimate: nothing to check
    assert_eq!(
        cli(&["solve", "-e", "othello-mtdf:depth=2", "--", &wrong]),
        0
    );
    // a bad board is a one-line error, not a difference
    assert_eq!(cli(&["solve", "-e", &engine, "--", "XO X; A1:+2;"]), 2);
}

/// The endgame switches (`fastest`, `parity`, `etc`, `last`, `stable`) in all 32 combinations,
/// `weighted`, `sym`, `shallow` and `deep` (at 12 empties) on in those of three switches or more
/// and each alone (36 in all, so the test stays within a few seconds; `deep` with `shallow`),
/// PVS and MTD(f) alternately, on FFO #1-#4 (14 empties): every value the file's; each switch
/// but `sym` changes the node count of the base (`deep` that of `shallow` alone, so it reaches
/// the search); the spec prints them back.
#[test]
fn every_combination_of_the_endgame_switches_keeps_the_ffo_values() {
    use treebench::engine::registry::build;
    use treebench::game::othello::obf::parse_line;
    treebench::cli::entry::register_built_in().unwrap();
    let lines = ffo_lines(4);
    let flag = |b: bool| if b { "on" } else { "off" };
    let (mut base_nodes, mut shallow_nodes) = (None, None);
    for bits in 0..=35u32 {
        // 32..=35: `weighted`, `sym`, `shallow`, `deep` alone; below, the five others by bits
        let (five, alone) = if bits >= 32 {
            (0, bits - 32)
        } else {
            (bits, 4)
        };
        let on = |i: u32| five >> i & 1 == 1;
        let many = five.count_ones() >= 3;
        let driver = if bits % 2 == 0 { "mtdf" } else { "pvs" };
        let spec = format!(
            "othello-{driver}:{EXACT},fastest={},parity={},etc={},last={},stable={},weighted={},\
             sym={},shallow={},deep={}",
            flag(!on(0)),
            flag(on(1)),
            flag(on(2)),
            flag(on(3)),
            flag(on(4)),
            flag(alone == 0 || many),
            flag(alone == 1 || many),
            flag(alone >= 2 && alone < 4 || many),
            if alone == 3 || many { "12" } else { "off" },
        );
        let mut e = build(&spec).unwrap();
        let mut nodes = 0;
        for line in &lines {
            let obf = parse_line(line).unwrap();
            let got = e.solve(&obf.position).unwrap();
            assert_eq!(Some(got.score), obf.value(), "{spec}: {line}");
            nodes += got.nodes;
        }
        // `sym` changes nodes only where symmetric positions meet (`game::othello`'s tests)
        match bits {
            0 => base_nodes = Some(nodes),
            1 | 2 | 4 | 8 | 16 | 32 | 34 => {
                assert_ne!(Some(nodes), base_nodes, "{spec}: no effect");
                if bits == 34 {
                    shallow_nodes = Some(nodes);
                }
            }
            35 => assert_ne!(Some(nodes), shallow_nodes, "{spec}: no effect"),
            _ => {}
        }
        if bits == 0b1_1110 {
            assert_eq!(
                e.spec(),
                "othello-mtdf:depth=120,etc=on,draft=ge,parity=on,last=6,stable=on,weighted=7,\
                 sym=12,shallow=14,deep=12"
            );
        }
    }
    let err = build("othello-mtdf:parity=maybe").err().unwrap().0;
    assert!(err.contains("parity=maybe"), "{err}");
    let err = build("othello-mtdf:bogus=1").err().unwrap().0;
    assert!(err.contains("fastest, parity, last"), "{err}");
}

/// `verify --known FILE.obf` reads an FFO file as known values: each position with its best
/// published score and its ply (the discs placed since the start).
#[test]
fn an_obf_file_reads_as_known_values() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments/data/othello/fforum-1-19.obf");
    let known = treebench::game::open::read_known_values(&path).unwrap();
    assert_eq!(known.len(), 19);
    assert_eq!(
        (known[0].value, known[0].ply, known[0].line),
        (18, Some(46), 1)
    );
    assert_eq!(known[8].value, -8);
    assert!(known[0].position.ends_with(" X"), "{}", known[0].position);
}

mod common;

/// OpenSpiel's `othello` (`scripts/othello_openspiel.py`: 2,000 seeded random games, about
/// 120,000 positions) against treebench's rules: every position's legal moves (pass included)
/// and every finished game's winner. Needs `pyspiel` (`scripts/setup-oracles.sh`): missing, the
/// test fails unless `TREEBENCH_REQUIRE_ORACLES=0`, where it prints `SKIPPED:`.
#[test]
fn the_rules_agree_with_openspiel() {
    use treebench::game::othello::Othello8;
    use treebench::game::SearchGame;
    if !common::have_pyspiel() {
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/othello_openspiel.py");
    let text = common::python_script(&script, ["2000", "20261205"]);
    let g = Othello8::default();
    let (mut positions, mut over) = (0, 0);
    for line in text.lines() {
        let (pos, what) = line.split_once('\t').unwrap();
        let s = g.parse(pos).unwrap();
        if let Some(r) = what.strip_prefix("over ") {
            let v = g
                .terminal(&s, 0)
                .unwrap_or_else(|| panic!("{pos}: not over here"));
            assert_eq!(
                v.signum(),
                r.parse::<i32>().unwrap(),
                "{pos}: final score {v}"
            );
            over += 1;
            continue;
        }
        assert_eq!(
            g.terminal(&s, 0),
            None,
            "{pos}: over here, not in OpenSpiel"
        );
        let ours = common::sorted_move_texts(&g, &s);
        let theirs = what.strip_prefix("moves ").unwrap();
        assert_eq!(ours.join(" "), theirs, "{pos}");
        positions += 1;
    }
    assert_eq!(over, 2000);
    assert!(positions > 100_000, "{positions}");
}

/// gtp-rhino (Debian's grhino) plays Othello over GTP against MTD(f) from seeded openings of 8
/// and 12 plies: the engine keeps the game's moves (an opening reached from the start by a
/// search), every game ends by the rules. gtp-rhino missing: fails unless
/// `TREEBENCH_REQUIRE_ORACLES=0`, where it prints `SKIPPED:`.
#[test]
fn gtp_rhino_plays_othello() {
    const RHINO: &str = "/usr/games/gtp-rhino";
    if !Path::new(RHINO).exists() {
        common::oracle_missing(&format!("{RHINO} is missing (scripts/setup-engines.sh)"));
        return;
    }
    let dir = common::scratch("othello-gtp");
    let games = dir.join("g.games.csv");
    let rhino = format!("gtp[game=othello]:{RHINO} --level 1");
    let out = common::output(common::bin().args([
        "match",
        "othello-mtdf:depth=3",
        &rhino,
        "--game",
        "othello",
        "--plies",
        "8,12",
        "--openings",
        "2",
        "--force",
        "--games",
        games.to_str().unwrap(),
    ]));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows = common::csv_rows(&games);
    assert_eq!(rows.len(), 9, "{rows:?}");
    let col = |name: &str| rows[0].iter().position(|h| h == name).unwrap();
    for r in &rows[1..] {
        assert_eq!(r[col("termination")], "rules", "{r:?}");
        assert!(r[col("plies")].parse::<u32>().unwrap() > 30, "{r:?}");
    }
}

/// Iterative deepening stops at the first depth whose search reached the end of every line
/// (no horizon, no table entry short of the end): on FFO #1-#3 (14 empties), `id=on` with a
/// limit of 120 plies ends within a few plies of the empties, with the file's value; with a
/// limit of 3 plies (a horizon on every line) it runs all three depths.
#[test]
fn iterative_deepening_stops_where_the_search_reaches_the_end() {
    use treebench::engine::registry::build;
    use treebench::game::othello::obf::parse_line;
    treebench::cli::entry::register_built_in().unwrap();
    for line in ffo_lines(3) {
        let obf = parse_line(&line).unwrap();
        for driver in ["mtdf", "pvs"] {
            let mut e = build(&format!("othello-{driver}:{EXACT},id=on")).unwrap();
            let got = e.solve(&obf.position).unwrap();
            assert_eq!(Some(got.score), obf.value(), "{driver}: {line}");
            let last = e.probes().last().unwrap().depth.unwrap();
            assert!(
                (14..=20).contains(&last),
                "{driver}: stopped at depth {last}"
            );
            let mut e = build(&format!("othello-{driver}:depth=3,tt=18,id=on")).unwrap();
            e.solve(&obf.position).unwrap();
            assert_eq!(e.probes().last().unwrap().depth, Some(3), "{driver}");
        }
    }
}
