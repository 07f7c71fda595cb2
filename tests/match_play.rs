//! Match play (`runner::match_play`): game pairs with the colours swapped, the rules ending
//! games, forfeits with their reasons, resume keeping completed pairs, SPRT early stop.

mod common;

use std::path::PathBuf;
use std::time::Duration;
use treebench::engine::GameKind;
use treebench::runner::match_play::{self, Budget, MatchOptions, MatchPlan};
use treebench::runner::record::read_rows;
use treebench::stats::games::{Accepted, EloModel, Sprt};

fn plan(game: GameKind, engines: &[&str], plies: &[u32], openings: u32) -> MatchPlan {
    MatchPlan {
        game,
        engines: engines.iter().map(|s| s.to_string()).collect(),
        gauntlet: false,
        seed: 7,
        openings: MatchPlan::seeded_openings(game, 7, plies, openings),
        budget: Budget::Spec,
        max_plies: 200,
        adjudication: Default::default(),
    }
}

fn games_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("treebench-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(format!("{name}.games.csv"));
    let _ = std::fs::remove_file(&p);
    p
}

fn opts(games: PathBuf) -> MatchOptions {
    MatchOptions {
        games,
        concurrency: 1,
        ..MatchOptions::default()
    }
}

const EXACT: &str = "mtdf";
const DEPTH1: &str = "negamax:depth=1,eval=threats";

#[test]
fn the_exact_solver_never_loses_a_pair_to_a_depth_one_engine_and_colours_swap() {
    let p = plan(GameKind::CONNECT4, &[EXACT, DEPTH1], &[14, 16], 4);
    assert_eq!(p.openings.len(), 8);
    let mut o = opts(games_file("exact"));
    o.concurrency = 2;
    let s = match_play::run(&p, &o).unwrap();
    assert_eq!((s.played_pairs, s.rows.len()), (8, 16));
    let t = match_play::tally(&s.rows);
    assert_eq!(t.len(), 1);
    let t = &t[0];
    assert_eq!((t.a, t.b, t.games.games(), t.pairs.pairs()), (0, 1, 16, 8));
    // the exact solver plays both sides of each opening: whatever the opening's value, it
    // scores at least one point per pair (a lost side is lost, the other is won)
    let p = t.pairs.counts;
    assert_eq!((p[0], p[1]), (0, 0), "the exact solver lost a pair: {p:?}");
    assert!(
        p[3] + p[4] > 0,
        "the depth-one engine never blundered: {p:?}"
    );
    assert_eq!(t.games.wins() + t.games.draws() + t.games.losses(), 16);
    assert_eq!(t.forfeits, 0);
    // the file holds the same games; each pair is one opening with the colours swapped
    // the file holds the games in the order they finished, the summary in the plan's order
    let mut rows: Vec<match_play::GameRecord> = read_rows(&o.games).unwrap();
    rows.sort_by_key(|r| (r.pair, r.round));
    assert_eq!(rows, s.rows);
    for pair in rows.chunks(2) {
        let (x, y) = (&pair[0], &pair[1]);
        assert_eq!((x.pair, x.round, y.pair, y.round), (x.pair, 0, x.pair, 1));
        assert_eq!(x.opening, y.opening);
        assert_eq!((x.first_slot, x.second_slot), (y.second_slot, y.first_slot));
        assert_eq!((x.first.as_str(), y.second.as_str()), (EXACT, EXACT));
        for r in pair {
            assert_eq!(r.termination, "rules", "{r:?}");
            assert!(["four in a row", "full board"].contains(&r.reason.as_str()));
            let n = r.plies as usize;
            assert_eq!(r.moves.split(' ').count(), n);
            assert_eq!(r.nodes.split(' ').count(), n);
            assert_eq!(r.micros.split(' ').count(), n);
            // a four in a row ends the game at once: the winner made the last move
            let last_mover_first = (r.opening_ply as usize + n) % 2 == 1;
            let want = match (r.reason.as_str(), last_mover_first) {
                ("full board", _) => "1/2-1/2",
                (_, true) => "1-0",
                (_, false) => "0-1",
            };
            assert_eq!(r.result, want, "{r:?}");
        }
    }
}

#[test]
fn perfect_tictactoe_players_score_one_point_per_pair_in_a_round_robin() {
    let perfect = ["tictactoe-pvs:depth=9", "tictactoe-negamax:depth=9"];
    let weak = "tictactoe-negamax:depth=1";
    let p = plan(
        GameKind::TicTacToe,
        &[perfect[0], perfect[1], weak],
        &[1, 2],
        3,
    );
    assert_eq!(p.pairings(), vec![(0, 1), (0, 2), (1, 2)], "a round robin");
    let o = opts(games_file("ttt"));
    let s = match_play::run(&p, &o).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((s.played_pairs, s.rows.len()), (18, 36));
    assert!(s.rows.iter().all(|r| r.termination == "rules"));
    let tallies = match_play::tally(&s.rows);
    assert_eq!(tallies.len(), 3);
    for t in &tallies {
        assert_eq!((t.games.games(), t.pairs.pairs()), (12, 6), "{t:?}");
        let c = t.pairs.counts;
        if t.b == 1 {
            // two perfect players: the opening's value decides both games of a pair
            assert_eq!(c[2], 6, "{t:?}");
        } else {
            // a perfect player never scores less than a point a pair against the weak one
            assert_eq!((c[0], c[1]), (0, 0), "{t:?}");
        }
    }
    // the gauntlet: the first engine against each other one
    let mut g = p.clone();
    g.gauntlet = true;
    assert_eq!(g.pairings(), vec![(0, 1), (0, 2)]);
    assert_eq!(g.jobs().len(), 2 * p.openings.len());
}

#[test]
fn an_engine_that_cannot_choose_moves_is_refused() {
    let p = plan(
        GameKind::TicTacToe,
        &["tictactoe-pvs:depth=9", "ttt-minimax"],
        &[1],
        1,
    );
    let e = match_play::run(&p, &opts(games_file("ttt-solver"))).unwrap_err();
    assert!(e.to_string().contains("does not choose moves"), "{e}");
    let e = match_play::run(
        &plan(GameKind::TicTacToe, &["tictactoe-pvs"], &[1], 1),
        &opts(games_file("one")),
    );
    assert!(e.unwrap_err().to_string().contains("two engines"));
}

#[test]
fn a_flag_that_falls_loses_on_time_with_the_reason() {
    let mut p = plan(GameKind::CONNECT4, &[EXACT, DEPTH1], &[10], 2);
    p.budget = Budget::Clock {
        base: Duration::from_nanos(1),
        increment: Duration::ZERO,
    };
    let s = match_play::run(&p, &opts(games_file("time"))).unwrap();
    assert_eq!(s.rows.len(), 4);
    for r in &s.rows {
        assert_eq!((r.termination.as_str(), r.plies), ("time", 0), "{r:?}");
        assert!(r.reason.starts_with("time forfeit"));
        // the side to move after an even opening is the first side: it lost
        assert_eq!(r.result, "0-1");
    }
    let t = &match_play::tally(&s.rows)[0];
    assert_eq!((t.forfeits, t.games.wins(), t.games.losses()), (4, 2, 2));
    assert_eq!(
        t.pairs.counts,
        [0, 0, 2, 0, 0],
        "each pair splits the points"
    );
}

#[test]
fn resume_keeps_completed_pairs_and_replays_a_half_pair() {
    let p = plan(
        GameKind::CONNECT4,
        &["negamax:depth=2,eval=threats", DEPTH1],
        &[8],
        6,
    );
    let file = games_file("resume");
    let mut o = opts(file.clone());
    o.max_pairs = Some(3);
    let first = match_play::run(&p, &o).unwrap();
    assert_eq!((first.played_pairs, first.rows.len()), (3, 6));
    // a run killed in the middle of a pair: drop its last game
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    std::fs::write(&file, format!("{}\n", lines[..lines.len() - 1].join("\n"))).unwrap();
    o.max_pairs = None;
    assert!(
        match_play::run(&p, &o).is_err(),
        "an existing file needs --resume"
    );
    o.resume = true;
    let second = match_play::run(&p, &o).unwrap();
    assert_eq!((second.kept_pairs, second.played_pairs), (2, 4));
    assert_eq!(
        second.rows[..4],
        first.rows[..4],
        "completed pairs kept as they were"
    );
    // the half pair is played again: the same games (deterministic engines), other times
    let untimed = |r: &match_play::GameRecord| match_play::GameRecord {
        micros: String::new(),
        ..r.clone()
    };
    let replayed: Vec<_> = second.rows[4..6].iter().map(untimed).collect();
    let before: Vec<_> = first.rows[4..6].iter().map(untimed).collect();
    assert_eq!(replayed, before, "the half pair replayed alike");
    let rows: Vec<match_play::GameRecord> = read_rows(&file).unwrap();
    assert_eq!(rows.len(), 12);
    let mut pairs: Vec<u32> = rows.iter().map(|r| r.pair).collect();
    pairs.dedup();
    assert_eq!(pairs, (0..6).collect::<Vec<u32>>());
    // another plan cannot resume this file
    let other = plan(
        GameKind::CONNECT4,
        &["negamax:depth=3,eval=threats", DEPTH1],
        &[8],
        6,
    );
    assert!(match_play::run(&other, &o).is_err());
}

#[test]
fn shards_split_the_pairs() {
    let p = plan(
        GameKind::CONNECT4,
        &[DEPTH1, "negamax:depth=2,eval=threats"],
        &[8],
        5,
    );
    let mut o = opts(games_file("shard1"));
    o.shard = Some((1, 2));
    let a = match_play::run(&p, &o).unwrap();
    o.games = games_file("shard2");
    o.shard = Some((2, 2));
    let b = match_play::run(&p, &o).unwrap();
    let pa: Vec<u32> = a.rows.iter().map(|r| r.pair).step_by(2).collect();
    let pb: Vec<u32> = b.rows.iter().map(|r| r.pair).step_by(2).collect();
    assert_eq!((pa, pb), (vec![0, 2, 4], vec![1, 3]));
}

#[test]
fn an_sprt_stops_early_when_one_engine_is_much_stronger() {
    let p = plan(GameKind::CONNECT4, &[EXACT, DEPTH1], &[14, 15, 16, 17], 10);
    let mut o = opts(games_file("sprt"));
    o.sprt = Some(Sprt::new(0.0, 50.0, 0.05, 0.05, EloModel::Logistic).unwrap());
    let s = match_play::run(&p, &o).unwrap();
    assert_eq!(s.accepted, Some(Accepted::H1), "{:?}", s.llr_path);
    assert!(s.played_pairs < 40, "stopped early: {}", s.played_pairs);
    // at concurrency 1 the thread waits for its pair to be taken in: none played past it
    assert_eq!(s.llr_path.len() as u64, s.played_pairs);
    assert!(s.beyond.is_empty());
    let last = *s.llr_path.last().unwrap();
    assert!(last > o.sprt.unwrap().upper_bound());
    // resuming a stopped match replays the LLR over the kept pairs and plays nothing
    o.resume = true;
    let r = match_play::run(&p, &o).unwrap();
    assert_eq!((r.kept_pairs, r.played_pairs), (s.played_pairs, 0));
    assert_eq!(
        (r.accepted, r.llr_path.len()),
        (s.accepted, s.llr_path.len())
    );
    assert!((r.llr_path.last().unwrap() - last).abs() < 1e-12);
}

#[test]
fn chess_games_end_by_the_rules_or_the_ply_cap() {
    let mut p = plan(
        GameKind::Chess,
        &["chess-pvs:depth=2", "chess-pvs:depth=1"],
        &[6],
        1,
    );
    p.max_plies = 40;
    let s = match_play::run(&p, &opts(games_file("chess"))).unwrap();
    assert_eq!(s.rows.len(), 2);
    for r in &s.rows {
        assert!(
            ["rules", "adjudication"].contains(&r.termination.as_str()),
            "{r:?}"
        );
        assert!(r.plies <= 40);
        // the moves replay legally from the opening
        let text = format!("{} {}", r.opening, r.moves);
        treebench::game::chess::ChessPosition::parse(&text).unwrap();
    }
}

const STOCKFISH: &str = "/usr/games/stockfish";

#[test]
fn a_uci_engine_plays_by_bestmove_with_a_depth_and_with_a_clock() {
    if !std::path::Path::new(STOCKFISH).exists() {
        common::oracle_missing(&format!(
            "{STOCKFISH} is missing (scripts/setup-engines.sh)"
        ));
        return;
    }
    let sf = format!("uci[depth=5]:{STOCKFISH}");
    let mut p = plan(GameKind::Chess, &[&sf, "chess-pvs:depth=1"], &[4], 2);
    p.max_plies = 200;
    let s = match_play::run(&p, &opts(games_file("uci"))).unwrap();
    let t = &match_play::tally(&s.rows)[0];
    assert_eq!((t.games.games(), t.forfeits), (4, 0), "{:?}", s.rows);
    assert_eq!(
        t.games.losses(),
        0,
        "Stockfish at depth 5 lost to depth 1: {t:?}"
    );
    for r in &s.rows {
        let text = format!("{} {}", r.opening, r.moves);
        treebench::game::chess::ChessPosition::parse(&text).unwrap();
        let sf_first = r.first_slot == 0;
        let depths: Vec<&str> = r.depths.split(' ').collect();
        let sf_depth = depths[if sf_first { 0 } else { 1 }];
        assert_eq!(
            sf_depth, "5",
            "Stockfish's first move searched to depth 5: {r:?}"
        );
    }
    // a clock: `go wtime .. btime ..`; every move within its time, nobody flagged
    let mut c = plan(GameKind::Chess, &[&sf, &sf], &[4], 1);
    c.max_plies = 30;
    c.budget = Budget::parse_tc("2+0.05").unwrap();
    let s = match_play::run(&c, &opts(games_file("uci-clock"))).unwrap();
    for r in &s.rows {
        assert!(
            ["rules", "adjudication"].contains(&r.termination.as_str()),
            "{r:?}"
        );
        let nodes: Vec<u64> = r.nodes.split(' ').map(|n| n.parse().unwrap()).collect();
        assert!(nodes.iter().all(|&n| n > 0), "{r:?}");
    }
}

#[test]
fn sigint_then_resume_keeps_every_completed_pair() {
    let dir = common::scratch("match-sigint");
    let games = dir.join("g.csv");
    let args = |extra: &str| -> Vec<String> {
        let mut a: Vec<String> = [
            "match",
            "negamax:depth=12,eval=threats",
            "negamax:depth=11,eval=threats",
            "--plies",
            "4",
            "--openings",
            "40",
            "--concurrency",
            "2",
            "--games",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        a.push(games.display().to_string());
        a.push(extra.to_string());
        a
    };
    let mut child = common::bin()
        .args(args("--force"))
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let rows = |p: &std::path::Path| -> Vec<match_play::GameRecord> {
        treebench::runner::record::scan_rows::<match_play::GameRecord>(p)
            .map(|s| s.records.into_iter().map(|(r, _)| r).collect())
            .unwrap_or_default()
    };
    let t0 = std::time::Instant::now();
    while rows(&games).len() < 6 {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the match ended before the signal"
        );
        assert!(t0.elapsed().as_secs() < 120, "no games written");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    common::signal(child.id(), "-INT");
    let status = common::wait_within(&mut child, "the interrupted match");
    assert!(!status.success(), "{status}");
    let before = rows(&games);
    let mut count = std::collections::HashMap::<u32, u32>::new();
    for r in &before {
        *count.entry(r.pair).or_default() += 1;
    }
    let complete = count.values().filter(|&&c| c == 2).count();
    assert!(
        (3..40).contains(&complete),
        "{complete} pairs before the signal"
    );
    let out = common::output(common::bin().args(args("--resume")));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains(&format!(
            "({complete} pairs kept, {} played)",
            40 - complete
        )),
        "{text}"
    );
    let after = rows(&games);
    assert_eq!(after.len(), 80);
    for r in before.iter().filter(|r| count[&r.pair] == 2) {
        assert!(
            after.contains(r),
            "a completed game was lost or changed: {r:?}"
        );
    }
}

/// An `ext:` engine in Python answering `0 1 1 best=MOVE`: `first` plays the first column with
/// room, `bad` the column 9 that no board has, `none` sends no best move.
fn ext_engine(dir: &std::path::Path, mode: &str) -> String {
    let script = dir.join("ext_engine.py");
    std::fs::write(
        &script,
        "import sys\n\
         mode = sys.argv[1]\n\
         for line in sys.stdin:\n\
         \x20   m = line.strip()\n\
         \x20   col = next(c for c in range(1, 8) if m.count(str(c)) < 6)\n\
         \x20   best = {'first': f' best={col}', 'bad': ' best=9', 'none': ''}[mode]\n\
         \x20   print(f'0 1 1{best}', flush=True)\n",
    )
    .unwrap();
    format!("ext:{} {} {mode}", common::python(), script.display())
}

#[test]
fn an_ext_engine_chooses_by_its_best_field_and_loses_by_an_illegal_one() {
    let dir = common::scratch("match-ext");
    let first = ext_engine(&dir, "first");
    let p = plan(GameKind::CONNECT4, &[&first, DEPTH1], &[4], 2);
    let s = match_play::run(&p, &opts(dir.join("first.csv"))).unwrap();
    assert_eq!(s.rows.len(), 4);
    for r in &s.rows {
        assert_eq!(r.termination, "rules", "{r:?}");
        // the ext engine's moves are its first free column: replay and check each
        let mut pos = r.opening.clone();
        let nodes: Vec<&str> = r.nodes.split(' ').collect();
        for (i, mv) in r.moves.split(' ').enumerate() {
            let ext_moves = (r.opening_ply as usize + i) % 2 == (r.first_slot as usize);
            if ext_moves {
                let col = (1..=7)
                    .find(|c| pos.matches(&c.to_string()).count() < 6)
                    .unwrap();
                assert_eq!((mv, nodes[i]), (col.to_string().as_str(), "1"), "{r:?}");
            }
            pos.push_str(mv);
        }
    }
    let bad = ext_engine(&dir, "bad");
    let p = plan(GameKind::CONNECT4, &[&bad, DEPTH1], &[4], 1);
    let s = match_play::run(&p, &opts(dir.join("bad.csv"))).unwrap();
    for r in &s.rows {
        assert_eq!(r.termination, "illegal", "{r:?}");
        assert!(r.reason.starts_with("illegal move 9"), "{r:?}");
        assert_eq!(
            r.result_of(0),
            Some(treebench::stats::games::GameResult::Loss)
        );
    }
    let none = ext_engine(&dir, "none");
    let p = plan(GameKind::CONNECT4, &[&none, DEPTH1], &[4], 1);
    let e = match_play::run(&p, &opts(dir.join("none.csv"))).unwrap_err();
    assert!(e.to_string().contains("best=MOVE"), "{e}");
}

#[test]
fn a_chess_match_writes_pgn_that_python_chess_replays_alike() {
    let dir = games_file("pgn").parent().unwrap().join("pgn");
    std::fs::create_dir_all(&dir).unwrap();
    let (games, pgn) = (dir.join("g.csv"), dir.join("g.pgn"));
    let _ = std::fs::remove_file(&games);
    let out = common::output(common::bin().args([
        "match",
        "chess-pvs:depth=3",
        "chess-pvs:depth=1",
        "--plies",
        "4,6",
        "--openings",
        "3",
        "--max-plies",
        "150",
        "--games",
        games.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
    ]));
    assert!(out.status.success(), "{out:?}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Event ").count(), 12, "{text}");
    assert!(text.contains("{book}") && text.contains("[Termination \"normal\"]"));
    let check = |pgn: &std::path::Path| {
        std::process::Command::new(treebench::util::oracles::python())
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/check_pgn.py"))
            .arg(&games)
            .arg(pgn)
            .output()
            .unwrap()
    };
    let o = check(&pgn);
    let said = String::from_utf8_lossy(&o.stdout).to_string();
    if said.contains("No module named 'chess'")
        || String::from_utf8_lossy(&o.stderr).contains("No module named 'chess'")
    {
        common::oracle_missing("python-chess is missing (scripts/setup-oracles.sh)");
        return;
    }
    assert_eq!(o.status.code(), Some(0), "{said}{o:?}");
    assert!(
        said.contains("12 games read by python-chess") && said.contains("0 differences"),
        "{said}"
    );
    // The check can fail: a result changed in the PGN is caught.
    let bad = dir.join("bad.pgn");
    let first = text.find("[Result \"").unwrap() + 9;
    let flipped = if text[first..].starts_with("1-0") {
        "0-1"
    } else {
        "1-0"
    };
    let mut tampered = text.clone();
    tampered.replace_range(first..first + 3, flipped);
    std::fs::write(&bad, tampered).unwrap();
    let o = check(&bad);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    // PGN is for chess only.
    let o = common::output(common::bin().args(["match", "mtdf", "mtdf", "--pgn", "x.pgn"]));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("PGN records chess games"),
        "{o:?}"
    );
}

#[test]
fn a_match_report_has_its_tables_figures_and_the_sprt_verdict() {
    let dir = games_file("report").parent().unwrap().join("report-dir");
    let _ = std::fs::remove_dir_all(&dir);
    let games = games_file("report");
    let out = common::output(common::bin().args([
        "match",
        "negamax:depth=7,eval=threats",
        "negamax:depth=6,eval=threats",
        "negamax:depth=5,eval=threats",
        "--plies",
        "4,6",
        "--openings",
        "20",
        "--games",
        games.to_str().unwrap(),
        "--report",
        dir.to_str().unwrap(),
        "--labels",
        "d7,d6,d5",
    ]));
    assert!(out.status.success(), "{out:?}");
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
    let stem = "report";
    for f in ["pairings", "crosstable", "endings", "engines"] {
        assert!(dir.join(format!("{stem}_{f}.csv")).exists(), "{f}");
    }
    assert!(dir.join(format!("{stem}_elo.svg")).exists() && dir.join("index.html").exists());
    assert!(
        !dir.join(format!("{stem}_llr.svg")).exists(),
        "no SPRT, no LLR figure"
    );
    // The report's numbers are the tally of the games file.
    let rows: Vec<match_play::GameRecord> = read_rows(&games).unwrap();
    let t = &match_play::tally(&rows)[0];
    let line = format!(
        "| d7 | d6 | {} | {} | {} | {} |",
        t.games.games(),
        t.games.wins(),
        t.games.draws(),
        t.games.losses()
    );
    assert!(readme.contains(&line), "{line}\n{readme}");
    assert!(
        readme.contains("negamax:depth=5,eval=threats"),
        "full specs listed"
    );
    // An SPRT match draws the LLR's path and states the verdict.
    let sprt_dir = dir.join("sprt");
    let out = common::output(common::bin().args([
        "match",
        "negamax:depth=7,eval=threats",
        "negamax:depth=3,eval=threats",
        "--plies",
        "4,6",
        "--openings",
        "150",
        "--sprt",
        "0,10",
        "--games",
        games_file("report-sprt").to_str().unwrap(),
        "--report",
        sprt_dir.to_str().unwrap(),
    ]));
    assert!(out.status.success(), "{out:?}");
    let readme = std::fs::read_to_string(sprt_dir.join("README.md")).unwrap();
    assert!(sprt_dir.join("report-sprt_llr.svg").exists(), "{readme}");
    assert!(readme.contains("H1 accepted"), "{readme}");
    let bad = common::output(
        common::bin().args(["match", "mtdf", "mtdf", "--report", "x", "--labels", "a"]),
    );
    assert_eq!(bad.status.code(), Some(2), "{bad:?}");
}

#[test]
fn openings_come_from_a_pons_file_or_an_epd_file() {
    let dir = games_file("openings").parent().unwrap().join("openings");
    std::fs::create_dir_all(&dir).unwrap();
    let pons = dir.join("set.txt");
    std::fs::write(
        &pons,
        "32164625 11\n6146 18\n2252576253462244111563365343671351441 -1\n",
    )
    .unwrap();
    let games = games_file("openings-c4");
    let out = common::output(common::bin().args([
        "match",
        "negamax:depth=4,eval=threats",
        "negamax:depth=2,eval=threats",
        "--openings-file",
        pons.to_str().unwrap(),
        "--games",
        games.to_str().unwrap(),
    ]));
    assert!(out.status.success(), "{out:?}");
    let rows: Vec<match_play::GameRecord> = read_rows(&games).unwrap();
    let openings: Vec<&str> = rows.iter().map(|r| r.opening.as_str()).collect();
    assert_eq!(
        openings,
        [
            "32164625",
            "32164625",
            "6146",
            "6146",
            "2252576253462244111563365343671351441",
            "2252576253462244111563365343671351441"
        ]
    );
    let epd = dir.join("set.epd");
    std::fs::write(
        &epd,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5;\n",
    )
    .unwrap();
    let games = games_file("openings-chess");
    let out = common::output(common::bin().args([
        "match",
        "chess-pvs:depth=2",
        "chess-pvs:depth=1",
        "--max-plies",
        "40",
        "--openings-file",
        epd.to_str().unwrap(),
        "--games",
        games.to_str().unwrap(),
    ]));
    assert!(out.status.success(), "{out:?}");
    let rows: Vec<match_play::GameRecord> = read_rows(&games).unwrap();
    assert_eq!(rows.len(), 2);
    assert!(
        rows.iter()
            .all(|r| r.opening.starts_with("r1bqkbnr/pppp1ppp/2n5")),
        "{rows:?}"
    );
    let bad = common::output(common::bin().args([
        "match",
        "mtdf",
        "mtdf",
        "--openings-file",
        "/no/such/file",
    ]));
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("--openings-file /no/such/file"),
        "{bad:?}"
    );
}
