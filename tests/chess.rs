//! Chess: seeded positions, perft, the `uci:` engine against a stand-in (protocol edge cases)
//! and against the three Debian engines (`scripts/setup-engines.sh`).
//!
//! The real engines are required: a test that needs one fails when it is missing, unless
//! `TREEBENCH_REQUIRE_ORACLES=0`, where it prints `SKIPPED: TEST: WHY` and returns.

mod common;

use common::{
    alive, bin, finish, python, scratch, signal, wait_for_file, wait_within, watchdog, Within,
};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use treebench::game::chess::{perft, ChessPosition};

const ENGINES: [&str; 3] = [
    "/usr/games/stockfish",
    "/usr/games/glaurung",
    "/usr/games/toga2",
];

/// Whether the real engine `path` is there; when it is not, fail unless
/// `TREEBENCH_REQUIRE_ORACLES=0` (then print a SKIPPED line and return `false`).
fn have_engine(path: &str) -> bool {
    if Path::new(path).exists() {
        return true;
    }
    common::oracle_missing(&format!(
        "{path} is missing (install it with scripts/setup-engines.sh)"
    ));
    false
}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn tb(args: &[&str]) -> Output {
    bin().current_dir(repo()).args(args).output_within()
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn fake(mode: &str) -> String {
    format!("{} tests/data/fake_uci.py {mode}", python())
}

#[test]
fn perft_matches_the_published_counts() {
    assert_eq!(perft(ChessPosition::start().board(), 5), 4_865_609);
    let kiwipete = ChessPosition::from_fen(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    assert_eq!(perft(kiwipete.board(), 4), 4_085_603);
}

#[test]
fn seeded_positions_are_legal_and_the_same_every_run() {
    let args = [
        "positions",
        "--game",
        "chess",
        "--ply",
        "20",
        "--seed",
        "1",
        "-n",
        "5",
    ];
    let a = tb(&args);
    let b = tb(&args);
    assert!(a.status.success(), "{:?}", text(&a));
    assert_eq!(a.stdout, b.stdout);
    let out = text(&a).0;
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    for l in lines {
        let (moves, fen) = l.split_once('\t').expect("moves TAB fen");
        assert_eq!(moves.split(' ').count(), 20, "{l}");
        let p = ChessPosition::parse(moves).unwrap();
        assert!(!p.is_terminal());
        assert_eq!(p.fen(), fen);
    }
    let e = tb(&["positions", "--game", "chess"]);
    assert_eq!(e.status.code(), Some(2));
}

#[test]
fn stand_in_answers_and_protocol_order() {
    let dir = scratch("uci-log");
    let log = dir.join("log.txt");
    let spec = format!(
        "uci[depth=7,hash=8]:{} log={}",
        fake("normal"),
        log.display()
    );
    let o = tb(&["solve", "--engine", &spec, "", "e2e4"]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("\tscore 30 (cp 30) nodes 1296 micros "),
        "{out}"
    );
    assert!(
        lines[0].ends_with(" bestmove e2e4 depth 2 seldepth 4 engine_micros 3000"),
        "{out}"
    );
    assert!(
        lines[1].starts_with("e2e4\tscore -25 (cp -25) nodes "),
        "{out}"
    );
    let sent = std::fs::read_to_string(&log).unwrap();
    let want = "uci\nsetoption name Hash value 8\nsetoption name Threads value 1\n\
                setoption name OwnBook value false\nisready\nucinewgame\nisready\n\
                position startpos\ngo depth 7\nucinewgame\nisready\n\
                position startpos moves e2e4\ngo depth 7\n";
    assert!(sent.starts_with(want), "{sent}");
}

#[test]
fn stand_in_failures_are_one_line_errors() {
    let cases = [
        (
            "no-uciok",
            "timeout=1",
            "did not answer `uci` with `uciok` within",
        ),
        (
            "crash",
            "",
            "exit status 3; last stderr: fake_uci: segmentation fault (pretend)",
        ),
        (
            "none",
            "",
            "answered `bestmove (none)` on a position with legal moves",
        ),
        (
            "illegal",
            "",
            "answered `bestmove e2e5`, not a legal move here",
        ),
        ("no-score", "", "reported no score"),
        (
            "hang",
            "timeout=1",
            "gave no `bestmove` to `go depth 10` within",
        ),
    ];
    for (mode, opts, want) in cases {
        let spec = format!("uci[{opts}]:{}", fake(mode));
        let o = tb(&["solve", "--engine", &spec, "e2e4"]);
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{mode}: {out}{err}");
        assert!(err.contains(want), "{mode}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{mode}: one line: {err}");
        assert!(
            err.contains("fake_uci.py"),
            "{mode}: names the engine: {err}"
        );
    }
    let spec = format!(
        "uci[option.Contempt=5,option.\"Skill Level\"=3]:{}",
        fake("normal")
    );
    let (_, err) = text(&tb(&["solve", "--engine", &spec, "e2e4"]));
    assert!(
        err.contains(
            "offers no UCI option `Contempt` (it offers: Hash, Threads, Skill Level, OwnBook)"
        ),
        "{err}"
    );
    // no nodes: "n/a", never 0
    let (out, _) = text(&tb(&[
        "solve",
        "--engine",
        &format!("uci:{}", fake("no-nodes")),
        "e2e4",
    ]));
    assert!(
        out.contains(" nodes n/a ") && out.contains("engine_micros n/a"),
        "{out}"
    );
    // a finished game or an illegal move is bad input, not an engine failure
    let (_, err) = text(&tb(&[
        "solve",
        "--engine",
        &format!("uci:{}", fake("normal")),
        "f2f3 e7e5 g2g4 d8h4",
    ]));
    assert!(
        err.contains("the game is already over (checkmate)"),
        "{err}"
    );
}

#[test]
fn verify_catches_a_kept_table_and_a_wrong_mate_distance() {
    let base = [
        "verify",
        "--game",
        "chess",
        // one seeded position a ply for the generic core: the UCI checks are this test's point
        "--per-ply",
        "1",
        "--positions",
        "0",
        "--check",
        "reset",
        "--check",
        "mates",
    ];
    let run = |mode: &str| {
        let spec = format!("uci:{}", fake(mode));
        let mut args = base.to_vec();
        args.extend(["--engine", &spec]);
        let o = tb(&args);
        (o.status.code(), text(&o).0)
    };
    let (code, out) = run("normal");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("all checks passed"), "{out}");
    let (code, out) = run("keep-table");
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("FAILED reset: position `f2f3 e7e5 g2g4` (FEN "),
        "{out}"
    );
    assert!(
        out.contains("reproduce: treebench solve --engine "),
        "{out}"
    );
    let (code, out) = run("wrong-mate");
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("FAILED mates: position `f2f3 e7e5 g2g4`"),
        "{out}"
    );
    assert!(out.contains("expected mate 1 (Fool's mate"), "{out}");
}

/// Search `positions` with `engine` driven directly (no treebench): the last `nodes` and the
/// score of the last non-bound line before `bestmove`, as the engine printed them.
fn direct(engine: &str, depth: u32, positions: &[String]) -> Vec<(String, u64, String, String)> {
    let mut child = Command::new(engine)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let _limit = watchdog(child.id(), engine);
    let mut input = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut wait = |token: &str| -> Vec<String> {
        let mut seen = Vec::new();
        for l in lines.by_ref() {
            let l = l.unwrap();
            let done = l.split_whitespace().next() == Some(token);
            seen.push(l);
            if done {
                break;
            }
        }
        seen
    };
    writeln!(input, "uci").unwrap();
    let opts = wait("uciok");
    for (name, value) in [("Threads", "1"), ("OwnBook", "false")] {
        if opts
            .iter()
            .any(|o| o.starts_with(&format!("option name {name} type")))
        {
            writeln!(input, "setoption name {name} value {value}").unwrap();
        }
    }
    let mut out = Vec::new();
    for p in positions {
        let pos = ChessPosition::parse(p).unwrap();
        writeln!(input, "ucinewgame\nisready").unwrap();
        wait("readyok");
        writeln!(input, "position {}\ngo depth {depth}", pos.uci_position()).unwrap();
        let info = wait("bestmove");
        let (mut nodes, mut score) = (0, String::new());
        for l in &info {
            let t: Vec<&str> = l.split_whitespace().collect();
            if let Some(i) = t.iter().position(|&x| x == "nodes") {
                nodes = t[i + 1].parse().unwrap();
            }
            if let Some(i) = t.iter().position(|&x| x == "score") {
                let bound = t.contains(&"lowerbound") || t.contains(&"upperbound");
                let first_pv = t
                    .iter()
                    .position(|&x| x == "multipv")
                    .is_none_or(|j| t[j + 1] == "1");
                if !bound && first_pv {
                    score = format!("{} {}", t[i + 1], t[i + 2]);
                }
            }
        }
        let best = info
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string();
        out.push((p.clone(), nodes, score, best));
    }
    writeln!(input, "quit").unwrap();
    wait_within(&mut child, engine);
    out
}

#[test]
fn recorded_nodes_and_scores_equal_the_engines_own_output() {
    let positions: Vec<String> = treebench::gate::builtin_chess_positions()
        .into_iter()
        .step_by(2)
        .take(20)
        .map(|d| d.moves)
        .chain(["6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".to_string()])
        .collect();
    assert!(positions.len() >= 21);
    for engine in ENGINES {
        if !have_engine(engine) {
            continue;
        }
        let want = direct(engine, 7, &positions);
        let mut child = bin()
            .current_dir(repo())
            .args(["solve", "--engine", &format!("uci[depth=7]:{engine}")])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(positions.join("\n").as_bytes())
            .unwrap();
        let o = finish(child, engine);
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success(), "{engine}: {out}");
        let got: Vec<&str> = out.lines().collect();
        assert_eq!(got.len(), positions.len(), "{engine}: {out}");
        for ((p, nodes, score, best), line) in want.iter().zip(&got) {
            let expect = format!("{p}\tscore ");
            assert!(line.starts_with(&expect), "{line}");
            assert!(
                line.contains(&format!("({score}) nodes ")),
                "{engine} `{p}`: direct {score}, treebench {line}"
            );
            assert!(
                line.contains(&format!(" bestmove {best} ")),
                "{engine} `{p}`: {best} vs {line}"
            );
            let got: u64 = line
                .split(" nodes ")
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            if engine.ends_with("toga2") {
                // Toga II's count varies by a node or two from run to run even when driven
                // directly (two direct runs of these positions differ): compare within 0.1%.
                assert!(
                    got.abs_diff(*nodes) * 1000 <= *nodes,
                    "{engine} `{p}`: direct {nodes}, treebench {got}"
                );
            } else {
                assert_eq!(
                    got, *nodes,
                    "{engine} `{p}`: direct {nodes}, treebench {line}"
                );
            }
        }
    }
}

#[test]
fn bench_gate_and_verify_with_stockfish() {
    let sf = ENGINES[0];
    if !have_engine(sf) {
        return;
    }
    let spec = format!("uci[depth=10]:{sf}");
    let a = tb(&["bench", "--engine", &spec]);
    let b = tb(&["bench", "--engine", &spec]);
    assert!(a.status.success(), "{:?}", text(&a));
    let (sa, sb) = (text(&a).0, text(&b).0);
    assert_eq!(sa, sb, "bench twice gives the same signature");
    assert!(
        sa.contains("\ntotal positions 50 nodes ") && sa.contains(" moves "),
        "{sa}"
    );
    let dir = scratch("chess-bench");
    let sig = dir.join("sig.txt");
    assert!(
        tb(&["bench", "--engine", &spec, "--write", sig.to_str().unwrap()])
            .status
            .success()
    );
    assert_eq!(
        tb(&["bench", "--engine", &spec, "--check", sig.to_str().unwrap()])
            .status
            .code(),
        Some(0)
    );
    // At depth 6 a 1 MB table holds the whole search: the same nodes as 16 MB; at 10 it does not.
    let other = format!("uci[depth=10,hash=1]:{sf}");
    assert_eq!(
        tb(&[
            "bench",
            "--engine",
            &other,
            "--check",
            sig.to_str().unwrap()
        ])
        .status
        .code(),
        Some(4)
    );

    let gate = |cand: &str, extra: &[&str]| {
        let mut args = vec![
            "gate",
            "--game",
            "chess",
            "--baseline",
            &spec,
            "--candidate",
            cand,
            "--max-pairs",
            "0",
        ];
        args.extend(extra);
        let o = tb(&args);
        (o.status.code(), text(&o).0)
    };
    let (code, out) = gate(&spec, &["--expect-same"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains(
            "No functional change: identical nodes, best moves and scores on all 50 positions"
        ),
        "{out}"
    );
    let (code, out) = gate(&other, &[]);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("Functional change: of 50 positions, nodes differ on "),
        "{out}"
    );
    let (code, out) = gate(&other, &["--expect-same"]);
    assert_eq!(code, Some(4), "{out}");

    let v = tb(&[
        "verify",
        "--game",
        "chess",
        "--engine",
        &format!("uci[depth=10]:{sf}"),
        "--per-ply",
        "1",
        "--positions",
        "10",
    ]);
    let (out, err) = text(&v);
    assert_eq!(v.status.code(), Some(0), "{out}{err}");
    assert!(
        out.contains("| mates (known `mate N`) | 8 | passed |"),
        "{out}"
    );
}

#[test]
fn a_chess_experiment_runs_and_counts_disagreements() {
    let engines: Vec<&str> = ENGINES.iter().copied().filter(|e| have_engine(e)).collect();
    if engines.len() < 2 {
        return;
    }
    let dir = scratch("chess-run");
    let specs: Vec<String> = engines
        .iter()
        .map(|e| format!("\"uci[depth=5]:{e}\""))
        .collect();
    let exp = common::write_exp(
        &dir,
        "chess-small",
        &format!(
            "seed = 3\nplies = [10, 30]\npositions = 3\ngame = \"chess\"\nengines = [{}]\n",
            specs.join(", ")
        ),
    );
    let o = common::run(&dir, &["run", exp.to_str().unwrap(), "--no-report"]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}{err}");
    let rows = treebench::runner::record::read_all(&dir.join("results/chess-small.csv")).unwrap();
    assert_eq!(rows.len(), 6 * engines.len());
    for r in &rows {
        assert!(r.best_move.is_some() && r.depth.is_some(), "{r:?}");
        assert!(r.nodes.is_some_and(|n| n > 0), "{r:?}");
        assert!(ChessPosition::parse(&r.moves)
            .unwrap()
            .play(r.best_move.as_ref().unwrap())
            .is_ok());
    }
}

#[test]
fn a_positions_file_feeds_a_run_and_a_bad_line_is_named() {
    let dir = scratch("chess-epd");
    let epd = dir.join("suite.epd");
    std::fs::write(
        &epd,
        "# two mates\n6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"back rank\";\n7k/8/5K2/8/8/8/8/R7 w - - 0 1\n",
    )
    .unwrap();
    let engine = |opts: &str| format!("\"uci[{opts}]:{} tests/data/fake_uci.py\"", python());
    let body = format!(
        "seed = 1\ngame = \"chess\"\npositions_file = \"{}\"\nengines = [{}, {}]\n",
        epd.display(),
        engine("depth=3"),
        engine("depth=4")
    );
    let exp = common::write_exp(&dir, "epd", &body);
    let o = bin()
        .current_dir(repo())
        .args([
            "run",
            exp.to_str().unwrap(),
            "--no-report",
            "--results",
            dir.join("results").to_str().unwrap(),
        ])
        .output_within();
    assert!(o.status.success(), "{:?}", text(&o));
    let rows = treebench::runner::record::read_all(&dir.join("results/epd.csv")).unwrap();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0].moves, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(
        (rows[0].ply, rows[0].index, rows[0].score),
        (0, 0, treebench::game::chess::encode_mate(1))
    );
    assert_eq!(rows[0].best_move.as_deref(), Some("a1a8"));
    std::fs::write(&epd, "6k1/5ppp/8/8/8/8/8/R5K1 w - -\nnot a position\n").unwrap();
    let o = common::run(&dir, &["positions", exp.to_str().unwrap()]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("{}:2: ", epd.display())) && err.trim_end().lines().count() == 1,
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn sigint_to_a_chess_run_leaves_no_engine_behind() {
    let dir = scratch("chess-sigint");
    let pidfile = dir.join("engine.pid");
    let script = repo().join("tests/data/fake_uci.py");
    let engine = |opts: &str| {
        format!(
            "\"uci[{opts}]:{} {} hang pid={}\"",
            python(),
            script.display(),
            pidfile.display()
        )
    };
    let exp = common::write_exp(
        &dir,
        "hang",
        &format!(
            "seed = 1\nplies = [4]\npositions = 1\ngame = \"chess\"\nengines = [{}, {}]\n",
            engine("depth=3"),
            engine("depth=4")
        ),
    );
    let mut child = bin()
        .current_dir(&dir)
        .args(["run", exp.to_str().unwrap(), "--no-report"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for_file(&pidfile, &mut child);
    let pid: u32 = std::fs::read_to_string(&pidfile)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(alive(pid), "the engine runs");
    signal(child.id(), "-INT");
    let status = wait_within(&mut child, "the interrupted chess run");
    assert!(!status.success(), "{status}");
    common::assert_all_gone(&[pid]);
}
