//! A game added in one file gets the whole instrument (issue 52): 4x4 Othello with passes
//! (`examples/othello4.rs`) plays a match, a gate by games, a gate by speed and a quality run
//! judged by a search to the end; `solve` and `moves` read its positions (which hold a space)
//! whole; and `verify` fails its broken copies (a MAX_PLY too small, a lying `proven()`) or names
//! them unchecked (terminal values from the wrong side, caught by a known-values file from an
//! independent implementation of the rules in this file).

mod common;

use std::collections::HashMap;
use treebench::game::{GameDef, GameKind, MoveList, OpenGame, SearchGame};
use treebench::verify::generic::GenericReport;
use treebench::verify::open::verify_open;

#[path = "../examples/othello4.rs"]
#[allow(dead_code)]
mod othello4;

use othello4::{Board, Othello4};

/// The example's command line in process (its games registered): the exit code. Paths in
/// `args` are absolute (tests run on threads of one process: no change of directory).
fn cli(args: &[&str]) -> i32 {
    let argv = std::iter::once("othello4").chain(args.iter().copied());
    treebench::cli::run_with(argv, &[&othello4::OTHELLO4]).unwrap_or(2)
}

fn at(dir: &std::path::Path, name: &str) -> String {
    dir.join(name).to_str().unwrap().to_string()
}

/// An independent 4x4 Othello: a board as 16 chars, flips by walking each direction, the end
/// when neither side can move, the value by the disc difference; plain negamax with a memo.
/// Shares no code with `examples/othello4.rs`.
fn exact(cells: [u8; 16], me: u8, memo: &mut HashMap<([u8; 16], u8), i32>) -> i32 {
    if let Some(&v) = memo.get(&(cells, me)) {
        return v;
    }
    let you = if me == b'x' { b'o' } else { b'x' };
    let moves_of = |who: u8| -> Vec<[u8; 16]> {
        let other = if who == b'x' { b'o' } else { b'x' };
        let mut out = Vec::new();
        for i in 0..16i32 {
            if cells[i as usize] != b'.' {
                continue;
            }
            let mut next = cells;
            let mut flipped = false;
            for (dr, dc) in [
                (-1, -1),
                (-1, 0),
                (-1, 1),
                (0, -1),
                (0, 1),
                (1, -1),
                (1, 0),
                (1, 1),
            ] {
                let mut run = Vec::new();
                let (mut r, mut c) = (i / 4 + dr, i % 4 + dc);
                while (0..4).contains(&r)
                    && (0..4).contains(&c)
                    && cells[(r * 4 + c) as usize] == other
                {
                    run.push((r * 4 + c) as usize);
                    r += dr;
                    c += dc;
                }
                if !run.is_empty()
                    && (0..4).contains(&r)
                    && (0..4).contains(&c)
                    && cells[(r * 4 + c) as usize] == who
                {
                    flipped = true;
                    for j in run {
                        next[j] = who;
                    }
                }
            }
            if flipped {
                next[i as usize] = who;
                out.push(next);
            }
        }
        out
    };
    let mine = moves_of(me);
    let v = if mine.is_empty() && moves_of(you).is_empty() {
        let count = |w: u8| cells.iter().filter(|&&c| c == w).count() as i32;
        count(me) - count(you)
    } else if mine.is_empty() {
        -exact(cells, you, memo)
    } else {
        mine.into_iter()
            .map(|c| -exact(c, you, memo))
            .max()
            .unwrap()
    };
    memo.insert((cells, me), v);
    v
}

/// `exact` of a position's text (`..../.ox./.xo./.... x`).
fn exact_of(text: &str, memo: &mut HashMap<([u8; 16], u8), i32>) -> i32 {
    let (rows, side) = text.split_once(' ').unwrap();
    let cells: [u8; 16] = rows.replace('/', "").as_bytes().try_into().unwrap();
    exact(cells, side.as_bytes()[0], memo)
}

/// A known-values file of `positions` (texts) by the independent solver, in `dir`.
fn known_file(dir: &std::path::Path, positions: &[String]) -> std::path::PathBuf {
    let mut memo = HashMap::new();
    let mut text =
        String::from("# position<TAB>value, by the independent solver of tests/own_game.rs\n");
    for p in positions {
        text += &format!("{p}\t{}\n", exact_of(p, &mut memo));
    }
    let path = dir.join("othello4.known.tsv");
    std::fs::write(&path, text).unwrap();
    path
}

/// Seeded positions of the game at plies 0..=12.
fn seeded(def: &'static GameDef) -> Vec<String> {
    (0..=12)
        .flat_map(|p| {
            treebench::runner::positions::positions_for_ply(GameKind::Open(def), 5, p, 3, false)
        })
        .map(|d| d.moves)
        .collect()
}

#[test]
fn the_start_is_a_second_player_win_by_eight_and_verify_says_what_it_checked() {
    static DEF: GameDef = GameDef::of::<Othello4>();
    let start = Othello4.text(&Othello4.start());
    assert_eq!(
        exact_of(&start, &mut HashMap::new()),
        -8,
        "the independent solver"
    );
    let r = verify_open::<Othello4>(GameKind::Open(&DEF), 2, 7, None).unwrap();
    assert!(r.passed(), "{r}");
    let text = r.to_string();
    assert!(
        text.contains("values against an outside source | | NONE"),
        "{text}"
    );
    assert!(text.contains("over within MAX_PLY = 17 plies) |"), "{text}");
    let dir = common::scratch("own-game-known");
    let known = known_file(&dir, &seeded(&DEF));
    let r = verify_open::<Othello4>(GameKind::Open(&DEF), 1, 7, Some(&known)).unwrap();
    assert!(r.passed(), "{r}");
    assert!(
        r.to_string()
            .contains("passed (closed form or known values)"),
        "{r}"
    );
}

/// Which bug a broken copy of 4x4 Othello has.
const SHORT_MAX_PLY: u8 = 1;
const WRONG_SIDE: u8 = 2;
const LYING_PROVEN: u8 = 3;

#[derive(Debug, Clone, Copy, Default)]
struct Broken<const BUG: u8>;

impl<const BUG: u8> SearchGame for Broken<BUG> {
    type State = Board;
    type Move = u8;
    const BOUND: i32 = Othello4::BOUND;
    const HISTORY_SIZE: usize = Othello4::HISTORY_SIZE;
    fn parse(&self, text: &str) -> Result<Board, String> {
        Othello4.parse(text)
    }
    fn key(&self, s: &Board) -> u64 {
        Othello4.key(s)
    }
    fn terminal(&self, s: &Board, ply: u32) -> Option<i32> {
        let v = Othello4.terminal(s, ply)?;
        Some(if BUG == WRONG_SIDE { -v } else { v })
    }
    fn moves(&self, s: &Board, out: &mut MoveList<u8>) {
        Othello4.moves(s, out)
    }
    fn play(&self, s: &Board, m: u8) -> Board {
        Othello4.play(s, m)
    }
    fn evaluate(&self, s: &Board) -> i32 {
        Othello4.evaluate(s)
    }
    fn move_index(&self, m: u8) -> usize {
        Othello4.move_index(m)
    }
    fn move_text(&self, s: &Board, m: u8) -> String {
        Othello4.move_text(s, m)
    }
    /// The user's first `proven()` in the issue: every value "proven".
    fn proven(&self, v: i32) -> Option<i32> {
        (BUG == LYING_PROVEN).then_some(v)
    }
}

impl<const BUG: u8> OpenGame for Broken<BUG> {
    const NAME: &'static str = "othello4_broken";
    const MAX_PLY: u32 = if BUG == SHORT_MAX_PLY { 12 } else { 17 };
    const END_IN_REACH: bool = true;
    const CHECK_DEPTH: (u32, bool) = (5, false);
    fn start(&self) -> Board {
        Othello4.start()
    }
    fn text(&self, s: &Board) -> String {
        Othello4.text(s)
    }
}

fn verify_broken<const BUG: u8>(known: Option<&std::path::Path>) -> GenericReport {
    let def: &'static GameDef = Box::leak(Box::new(GameDef::of::<Broken<BUG>>()));
    verify_open::<Broken<BUG>>(GameKind::Open(def), 1, 7, known).unwrap()
}

#[test]
fn verify_fails_a_short_max_ply_and_a_lying_proven_and_names_wrong_side_values_unchecked() {
    let r = verify_broken::<SHORT_MAX_PLY>(None);
    assert!(!r.passed(), "{r}");
    let text = r.to_string();
    assert!(text.contains("FAILED game length: position `"), "{text}");
    assert!(text.contains("MAX_PLY too small"), "{text}");

    let r = verify_broken::<LYING_PROVEN>(None);
    assert!(!r.passed(), "{r}");
    assert!(r.to_string().contains("FAILED proven: position `"), "{r}");
    assert!(
        r.failures
            .iter()
            .any(|f| f.engine.starts_with("othello4_broken-")),
        "{r}"
    );

    // values from the wrong side pass every internal check, and the report says so ...
    let r = verify_broken::<WRONG_SIDE>(None);
    assert!(r.passed(), "{r}");
    assert!(
        r.to_string()
            .contains("values against an outside source | | NONE"),
        "{r}"
    );
    // ... and a known-values file from an independent solver catches them: one summary line
    // past the first failures, each naming the file and line
    static DEF: GameDef = GameDef::of::<Othello4>();
    let dir = common::scratch("own-game-wrong-side");
    let known = known_file(&dir, &seeded(&DEF));
    let r = verify_broken::<WRONG_SIDE>(Some(&known));
    assert!(!r.passed(), "{r}");
    let text = r.to_string();
    assert!(text.contains("othello4.known.tsv:"), "{text}");
    assert!(text.contains("more failures of `known values`"), "{text}");
    assert!(text.matches("FAILED known values").count() <= 5, "{text}");
}

#[test]
fn match_gates_and_quality_run_on_the_added_game() {
    let dir = common::scratch("own-game-cli");
    let d = &*dir;
    let games = at(d, "m.csv");
    let match_args = [
        "match",
        "othello4-mtdf:depth=1",
        "othello4-uct:playouts=100",
        "--plies",
        "2,4",
        "--openings",
        "4",
        "--games",
        &games,
    ];
    assert_eq!(cli(&match_args), 0);
    let rows = common::csv_rows(&dir.join("m.csv"));
    assert_eq!(rows.len() - 1, 16, "{rows:?}");
    for r in &rows[1..] {
        assert_eq!(
            (r[11].as_str(), r[12].as_str()),
            ("rules", "the game's end"),
            "{r:?}"
        );
        // every game replays by the game's own rules from its opening to a finished board
        let mut s = Othello4.parse(&r[3]).unwrap();
        for mv in r[14].split(' ') {
            let m = Othello4
                .parse_move(&s, mv)
                .unwrap_or_else(|| panic!("{mv} in {r:?}"));
            s = Othello4.play(&s, m);
        }
        assert!(Othello4.terminal(&s, 0).is_some(), "{r:?}");
    }
    // the gate by games: the search to the end against a depth-one search
    let json = at(d, "g.json");
    let sprt = [
        "gate",
        "--sprt",
        "0,50",
        "--candidate",
        "othello4-mtdf",
        "--baseline",
        "othello4-mtdf:depth=1",
        "--max-games",
        "400",
        "--json",
        &json,
    ];
    assert_eq!(cli(&sprt), 0, "the search to the end is stronger");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(
        (v["verdict"].as_str(), v["game"].as_str()),
        (Some("pass"), Some("othello4")),
        "{v}"
    );
    // the gate by speed: two exact drivers agree on the game's seeded positions
    let json = at(d, "s.json");
    let speed = [
        "gate",
        "--candidate",
        "othello4-mtdf",
        "--baseline",
        "othello4-pvs",
        "--json",
        &json,
    ];
    let code = cli(&speed);
    assert!(code == 0 || code == 1, "a verdict, not an error: {code}");
    let v = std::fs::read_to_string(&json).unwrap();
    assert!(v.contains("othello4 gate set"), "{v}");
    // a quality run judged by a search to the end; a depth-limited referee is refused
    let exp = common::write_exp(
        d,
        "q4",
        "game = \"othello4\"\nseed = 3\nplies = [2, 6]\npositions = 4\nengines = [\"othello4-mtdf:depth=2\", \"othello4-uct:playouts=50\"]\n[quality]\nreferee = \"othello4-mtdf\"\n",
    );
    let results = at(d, "r");
    assert_eq!(
        cli(&[
            "run",
            exp.to_str().unwrap(),
            "--results",
            &results,
            "--no-report"
        ]),
        0
    );
    let rows = common::csv_rows(&dir.join("r/q4.csv"));
    assert_eq!(rows.len() - 1, 16);
    let col = |name: &str| rows[0].iter().position(|c| c == name).unwrap();
    let (exact_col, moves_col) = (col("exact"), col("moves"));
    let mut memo = HashMap::new();
    for r in &rows[1..] {
        assert_eq!(
            r[exact_col].parse::<i32>().unwrap(),
            exact_of(&r[moves_col], &mut memo),
            "{r:?}"
        );
    }
    let bad = common::write_exp(
        d,
        "q5",
        "game = \"othello4\"\nseed = 3\nplies = [2]\npositions = 1\nengines = [\"othello4-uct\"]\n[quality]\nreferee = \"othello4-mtdf:depth=3\"\n",
    );
    assert_eq!(
        cli(&["run", bad.to_str().unwrap(), "--results", &results]),
        2
    );
    // a known-values file as the referee: the positions one move after each judged one, by
    // the independent solver; the same exact values as the search to the end
    static DEF: GameDef = GameDef::of::<Othello4>();
    let judged: Vec<String> = rows[1..].iter().map(|r| r[moves_col].clone()).collect();
    let mut children = Vec::new();
    for p in &judged {
        if let Ok(treebench::game::open::Status::Moves(ms)) = (DEF.rules)(p) {
            children.extend(ms.iter().map(|m| (DEF.play)(p, m).unwrap()));
        }
    }
    let known = known_file(d, &children);
    let body = format!(
        "game = \"othello4\"\nseed = 3\nplies = [2, 6]\npositions = 4\nengines = [\"othello4-mtdf:depth=2\", \"othello4-uct:playouts=50\"]\n[quality]\nreferee = \"known:{}\"\n",
        known.display()
    );
    let exp = common::write_exp(d, "q6", &body);
    assert_eq!(
        cli(&[
            "run",
            exp.to_str().unwrap(),
            "--results",
            &results,
            "--no-report"
        ]),
        0
    );
    let by_file = common::csv_rows(&dir.join("r/q6.csv"));
    let exact = |rows: &[Vec<String>]| -> Vec<(String, String)> {
        let mut v: Vec<_> = rows[1..]
            .iter()
            .map(|r| (r[moves_col].clone(), r[exact_col].clone()))
            .collect();
        v.sort();
        v
    };
    assert_eq!(exact(&by_file), exact(&rows));
}

#[test]
fn engines_score_every_move_read_whole_lines_and_say_what_is_an_estimate() {
    let start = "..../.ox./.xo./.... x";
    assert_eq!(cli(&["solve", "--engine", "othello4-mtdf", start]), 0);
    assert_eq!(cli(&["moves", "--engine", "othello4-mtdf", start]), 0);
    treebench::engine::registry::register_game(&othello4::OTHELLO4.engines).unwrap();
    let mut e = treebench::engine::registry::build("othello4-mtdf").unwrap();
    assert_eq!((e.exact(), e.depth_limit()), (Some(true), None));
    // every move of the start loses by 8: the independent solver's value
    assert_eq!(exact_of(start, &mut HashMap::new()), -8);
    let scored = e.score_moves(start).unwrap();
    assert_eq!(scored.len(), 4);
    assert!(scored.iter().all(|(_, v)| *v == -8), "{scored:?}");
    let shallow = treebench::engine::registry::build("othello4-mtdf:depth=3").unwrap();
    assert_eq!(
        (shallow.exact(), shallow.depth_limit()),
        (Some(false), Some(3))
    );
    // a line of stdin is the whole position up to a tab
    let kind = GameKind::Open(&othello4::OTHELLO4.engines.game);
    assert_eq!(kind.position_of_line(&format!("{start}\t-8")), start);
}
