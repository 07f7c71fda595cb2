//! Match play and the gate by games as CI relies on them (issue 51): an engine that cannot
//! start or dies is an error (exit 2), never a result; the SPRT's verdict and figures are the
//! same at any concurrency; every number option is refused out of range before use; a hung
//! engine loses on time; an illegal move is illegal everywhere; nothing written is lost or
//! counted twice (the lock on the canonical path, resume, merge).

mod common;

use common::{output, scratch};
use std::path::Path;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_treebench");

fn treebench(dir: &Path, args: &[&str]) -> Output {
    output(common::bin().current_dir(dir).args(args))
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A Python engine of the line protocol playing its first free column; `hang` sleeps for an
/// hour on its third position, `bad` answers the column 9 that no board has, `die` exits on
/// its third position.
fn py_engine(dir: &Path, mode: &str) -> String {
    let script = dir.join(format!("{mode}.py"));
    std::fs::write(
        &script,
        "import sys, time\n\
         mode = sys.argv[1]\n\
         n = 0\n\
         for line in sys.stdin:\n\
         \x20   n += 1\n\
         \x20   m = line.strip()\n\
         \x20   if n == 3 and mode == 'hang':\n\
         \x20       time.sleep(3600)\n\
         \x20   if n == 3 and mode == 'die':\n\
         \x20       sys.exit(9)\n\
         \x20   col = next(c for c in range(1, 8) if m.count(str(c)) < 6)\n\
         \x20   best = 9 if mode == 'bad' else col\n\
         \x20   print(f'0 1 1 best={best}', flush=True)\n",
    )
    .unwrap();
    format!("ext:{} {} {mode}", common::python(), script.display())
}

#[test]
fn an_engine_that_cannot_start_or_dies_is_exit_2_not_a_result() {
    let dir = scratch("trust-start");
    let missing = "ext:/nonexistent/prog";
    let o = treebench(
        &dir,
        &[
            "gate",
            "--sprt",
            "0,10",
            "--candidate",
            "c4-mtdf:depth=2",
            "--baseline",
            missing,
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("`ext:/nonexistent/prog` cannot start"),
        "{}",
        text(&o)
    );
    assert!(!text(&o).contains("PASS"), "{}", text(&o));
    let o = treebench(
        &dir,
        &["match", "c4-mtdf:depth=2", missing, "--games", "m.csv"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        !dir.join("m.csv").exists(),
        "no games file for a match that never started"
    );
    // an engine that dies on its third position: the match stops with exit 2 naming it, the
    // pairs finished before stay in the file
    let die = py_engine(&dir, "die");
    let o = treebench(
        &dir,
        &["match", &die, "c4-mtdf:depth=1", "--games", "d.csv"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("cannot play position"), "{}", text(&o));
    assert!(text(&o).contains("exit status 9"), "{}", text(&o));
}

/// The SPRT match of the issue: the verdict, the Elo and the pair count are the same at
/// concurrency 1 and 2, and pairs in flight at the verdict are printed as not counted.
#[test]
fn the_sprt_verdict_and_figures_are_the_same_at_any_concurrency() {
    let dir = scratch("trust-sprt");
    let run = |c: &str, file: &str| {
        let o = treebench(
            &dir,
            &[
                "match",
                "c4-mtdf:depth=2",
                "c4-mtdf:depth=1",
                "--plies",
                "4,6,8",
                "--openings",
                "200",
                "--sprt",
                "0,20",
                "--concurrency",
                c,
                "--games",
                file,
            ],
        );
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        text(&o)
    };
    let figures = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.contains("Elo") || l.starts_with("SPRT") || l.contains("pentanomial"))
            .map(str::to_string)
            .collect()
    };
    let one = run("1", "c1.csv");
    assert!(
        one.contains("after 44 pairs: H1 accepted at pair 44"),
        "{one}"
    );
    assert!(one.contains("88 games (0 pairs kept, 44 played)"), "{one}");
    for (c, f) in [("1", "c1b.csv"), ("2", "c2.csv"), ("3", "c3.csv")] {
        let other = run(c, f);
        assert_eq!(figures(&one), figures(&other), "concurrency {c}:\n{other}");
        let rows = common::csv_rows(&dir.join(f)).len() - 1;
        let beyond = other
            .lines()
            .find(|l| l.contains("after the SPRT's verdict"))
            .map_or(0, |l| {
                l.split(' ').next().unwrap().parse::<usize>().unwrap()
            });
        assert_eq!(
            rows,
            88 + 2 * beyond,
            "every game played is in the file:\n{other}"
        );
        assert!(beyond < 2 * 3, "threads ran far past the verdict:\n{other}");
    }
    // a resumed file holding a pair twice counts it once, with a warning
    let file = dir.join("c1.csv");
    let text_before = std::fs::read_to_string(&file).unwrap();
    let last_two: Vec<&str> = text_before.lines().rev().take(2).collect();
    std::fs::write(
        &file,
        format!("{text_before}{}\n{}\n", last_two[1], last_two[0]),
    )
    .unwrap();
    let resumed = treebench(
        &dir,
        &[
            "match",
            "c4-mtdf:depth=2",
            "c4-mtdf:depth=1",
            "--plies",
            "4,6,8",
            "--openings",
            "200",
            "--sprt",
            "0,20",
            "--games",
            "c1.csv",
            "--resume",
        ],
    );
    let t = text(&resumed);
    assert!(
        t.contains("2 repeated games of the resumed file dropped"),
        "{t}"
    );
    assert!(t.contains("in the file twice"), "{t}");
    assert_eq!(figures(&one), figures(&t), "{t}");
}

#[test]
fn number_options_are_refused_out_of_range_before_use() {
    let dir = scratch("trust-numbers");
    let m = |extra: &[&str]| {
        let mut a = vec![
            "match",
            "c4-mtdf:depth=2",
            "c4-mtdf:depth=1",
            "--games",
            "n.csv",
        ];
        a.extend_from_slice(extra);
        treebench(&dir, &a)
    };
    for (args, says) in [
        (&["--tc", "1e20"][..], "30 days"),
        (&["--tc", "1+1e19"][..], "30 days"),
        (&["--tc", "1+5e18"][..], "30 days"),
        (&["--max-games", "1"][..], "a game pair needs 2 games"),
        (&["--max-games", "0"][..], "a game pair needs 2 games"),
        (&["--alpha", "0.1"][..], "--sprt"),
        (&["--sprt", "0,inf"][..], "finite"),
        (&["--sprt", "0,232"][..], "231.6"),
        (&["--concurrency", "100000"][..], "at most 256"),
        (
            &["--openings", "4294967295", "--max-games", "4"][..],
            "1000000",
        ),
        (&["--resign", "0,100"][..], "--resign"),
    ] {
        let o = m(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert!(text(&o).contains(says), "{args:?}: {}", text(&o));
        assert!(!text(&o).contains("panicked"), "{args:?}: {}", text(&o));
        assert!(!dir.join("n.csv").exists(), "{args:?} left a games file");
    }
    // the gate refuses an unfittable normalized bound instead of reading inconclusive
    let o = treebench(
        &dir,
        &[
            "gate",
            "--sprt",
            "0,232",
            "--candidate",
            "c4-mtdf:depth=2",
            "--baseline",
            "c4-mtdf:depth=1",
            "--max-games",
            "200",
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    // negative bounds need no `=`; a huge opening count is cut to what --max-games plays
    let o = m(&[
        "--sprt",
        "-20,20",
        "--max-games",
        "4",
        "--openings",
        "1000000",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        text(&o).contains("4 games (0 pairs kept, 2 played)"),
        "{}",
        text(&o)
    );
    // a sweep range is refused before it is expanded
    let exp = common::write_exp(
        &dir,
        "huge",
        "seed = 1\nplies = [8]\npositions = 1\n[sweep]\nbases = [\"mtdf\"]\noption = \"tt\"\nvalues = \"2-1000000000:1\"\n",
    );
    let o = treebench(&dir, &["run", exp.to_str().unwrap(), "--results", "r"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("at most 10000"), "{}", text(&o));
}

#[test]
fn a_hung_engine_loses_on_time_and_an_illegal_move_is_illegal_everywhere() {
    let dir = scratch("trust-hang");
    let hang = py_engine(&dir, "hang");
    let t0 = std::time::Instant::now();
    let o = treebench(
        &dir,
        &[
            "match",
            &hang,
            "c4-mtdf:depth=1",
            "--openings",
            "2",
            "--tc",
            "1+0.1",
            "--games",
            "h.csv",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(t0.elapsed().as_secs() < 60, "the clock bounds the engine");
    let rows = common::csv_rows(&dir.join("h.csv"));
    let time = rows.iter().filter(|r| r[11] == "time").count();
    assert_eq!((rows.len() - 1, time), (4, 2), "{rows:?}");
    // `moves --choose` and a quality run refuse an illegal choice
    let bad = py_engine(&dir, "bad");
    let o = treebench(&dir, &["moves", "--choose", "--engine", &bad, "4444"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("illegal move `9` at position `4444`"),
        "{}",
        text(&o)
    );
    let body = format!(
        "seed = 1\nplies = [8]\npositions = 2\nengines = [{bad:?}, \"c4-uct:playouts=20\"]\n[quality]\nreferee = \"mtdf\"\n"
    );
    let exp = common::write_exp(&dir, "qbad", &body);
    let run = || treebench(&dir, &["run", exp.to_str().unwrap(), "--results", "r"]);
    let o = run();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("illegal move `9`"), "{}", text(&o));
    // the failed run left no header-only file: the next run fails for the same reason
    let again = run();
    assert!(
        text(&again).contains("illegal move `9`"),
        "{}",
        text(&again)
    );
}

#[test]
fn one_file_one_lock_and_merge_joins_shards_once() {
    let dir = scratch("trust-lock");
    // a long match holds the lock; a second through a link to the same file is refused
    let mut child = common::bin()
        .current_dir(&*dir)
        .args([
            "match",
            "c4-mtdf:depth=3",
            "c4-mtdf:depth=2",
            "--openings",
            "3000",
            "--plies",
            "4,6",
            "--games",
            "long.csv",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    common::wait_for_file(&dir.join("long.csv"), &mut child);
    std::os::unix::fs::symlink(dir.join("long.csv"), dir.join("link.csv")).unwrap();
    let o = treebench(
        &dir,
        &[
            "match",
            "c4-mtdf:depth=3",
            "c4-mtdf:depth=2",
            "--games",
            "link.csv",
            "--force",
        ],
    );
    common::signal(child.id(), "-KILL");
    let _ = child.wait();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("is being written by another treebench process"),
        "{}",
        text(&o)
    );
    // two shards merged into one file: every pair once, in order
    let shard = |k: &str, f: &str| {
        let o = treebench(
            &dir,
            &[
                "match",
                "c4-mtdf:depth=2",
                "c4-mtdf:depth=1",
                "--openings",
                "5",
                "--shard",
                k,
                "--games",
                f,
            ],
        );
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    };
    shard("1/2", "s1.csv");
    shard("2/2", "s2.csv");
    let o = treebench(&dir, &["merge", "--out", "all.csv", "s1.csv", "s2.csv"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let rows = common::csv_rows(&dir.join("all.csv"));
    let pairs: Vec<&str> = rows[1..].iter().map(|r| r[4].as_str()).collect();
    assert_eq!(pairs, ["0", "0", "1", "1", "2", "2", "3", "3", "4", "4"]);
    let o = treebench(&dir, &["merge", "--out", "twice.csv", "s1.csv", "s1.csv"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("the same game twice"), "{}", text(&o));
    // the merged file resumes as the whole match: nothing left to play
    let o = treebench(
        &dir,
        &[
            "match",
            "c4-mtdf:depth=2",
            "c4-mtdf:depth=1",
            "--openings",
            "5",
            "--games",
            "all.csv",
            "--resume",
        ],
    );
    assert!(
        text(&o).contains("(5 pairs kept, 0 played)"),
        "{}",
        text(&o)
    );
}

#[test]
fn a_round_robin_ends_with_a_rating_list_anchored_on_a_named_engine() {
    let dir = scratch("trust-ratings");
    let o = treebench(
        &dir,
        &[
            "match",
            "c4-mtdf:depth=1",
            "c4-mtdf:depth=3",
            "c4-uct:playouts=100",
            "--openings",
            "6",
            "--plies",
            "4,8",
            "--anchor",
            "c4-mtdf:depth=1",
            "--games",
            "rr.csv",
        ],
    );
    let t = text(&o);
    assert_eq!(o.status.code(), Some(0), "{t}");
    assert!(t.contains("anchored at c4-mtdf:depth=1 = 0"), "{t}");
    let list: Vec<&str> = t
        .lines()
        .skip_while(|l| !l.starts_with("rating list"))
        .skip(1)
        .collect();
    assert_eq!(list.len(), 3, "{t}");
    assert!(list
        .iter()
        .any(|l| l.contains("+0.0 (anchor)") && l.contains("depth=1")));
    assert!(
        list[0].contains("c4-mtdf:depth=3"),
        "the deepest search first: {t}"
    );
    let o = treebench(
        &dir,
        &[
            "match",
            "c4-mtdf:depth=1",
            "c4-mtdf:depth=3",
            "c4-uct:playouts=100",
            "--anchor",
            "x",
            "--games",
            "x.csv",
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

/// PGN openings and adjudication by agreed scores: the chess tools' features.
#[test]
fn pgn_openings_and_score_adjudication() {
    let dir = scratch("trust-pgn");
    std::fs::write(
        dir.join("book.pgn"),
        "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n[Event \"b\"]\n\n1. d4 {x} d5 (1... Nf6) 2. c4 *\n",
    )
    .unwrap();
    let o = treebench(
        &dir,
        &[
            "match",
            "chess-mtdf:depth=1",
            "chess-mtdf:depth=2",
            "--openings-file",
            "book.pgn",
            "--resign",
            "2,300",
            "--draw",
            "1,2,20",
            "--max-plies",
            "60",
            "--games",
            "c.csv",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let rows = common::csv_rows(&dir.join("c.csv"));
    assert_eq!(rows.len() - 1, 4);
    let opening = |r: &Vec<String>| r[3].clone();
    assert!(
        opening(&rows[1]).starts_with("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2"),
        "{rows:?}"
    );
    assert!(
        opening(&rows[3]).starts_with("rnbqkbnr/ppp1pppp/8/3p4/2PP4"),
        "{rows:?}"
    );
    let adjudicated = rows[1..]
        .iter()
        .filter(|r| r[11] == "adjudication" && r[12].ends_with("adjudication"))
        .count();
    assert!(adjudicated > 0, "no game adjudicated by scores: {rows:?}");
    let o = Command::new(BIN)
        .current_dir(&*dir)
        .args([
            "match",
            "chess-mtdf:depth=1",
            "chess-mtdf:depth=2",
            "--openings-file",
            "bad.pgn",
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
}
