//! Chance games are games of the command line (issue 53): Pig (`examples/pig.rs`, registered
//! through `GameEntry::chance`) runs paired experiments of its chance drivers with exact
//! rational values, stops on a disagreement, passes `verify --game pig` (and its mutants are
//! caught), plays matches whose dice replay exactly from the seed, and is gated by games and by
//! speed.

mod common;

#[path = "../examples/pig.rs"]
#[allow(dead_code)]
mod pig;

#[path = "../examples/einstein.rs"]
#[allow(dead_code)]
mod einstein;

use std::collections::HashMap;
use treebench::game::chance::Q;
use treebench::game::chance_open::OpenChance;

/// The example's command line in process (its game registered): the exit code.
fn cli(args: &[&str]) -> i32 {
    let argv = std::iter::once("pig").chain(args.iter().copied());
    treebench::cli::run_with(argv, &[&pig::PIG]).unwrap_or(2)
}

/// The same for EinStein würfelt nicht! (`examples/einstein.rs`).
fn cli_einstein(args: &[&str]) -> i32 {
    let argv = std::iter::once("einstein").chain(args.iter().copied());
    treebench::cli::run_with(argv, &[&einstein::EINSTEIN]).unwrap_or(2)
}

fn at(dir: &std::path::Path, name: &str) -> String {
    dir.join(name).to_str().unwrap().to_string()
}

/// A rational `N/D` or `N` as written in the `value` column.
fn rational(text: &str) -> Q {
    match text.split_once('/') {
        Some((n, d)) => Q::new(n.parse().unwrap(), d.parse().unwrap()),
        None => Q::int(text.parse().unwrap()),
    }
}

#[test]
fn a_run_compares_the_chance_drivers_on_exact_rational_values() {
    let d = common::scratch("chance-cli-run");
    let exp = common::write_exp(
        &d,
        "p",
        "game = \"pig\"\nseed = 5\nplies = [0, 6, 12]\npositions = 4\nengines = [\"pig-expectimax:depth=3\", \"pig-star1:depth=3,order=random\", \"pig-star2:depth=3,order=hint\"]\n",
    );
    let results = at(&d, "r");
    let run = [
        "run",
        exp.to_str().unwrap(),
        "--results",
        &results,
        "--no-report",
    ];
    assert_eq!(cli(&run), 0);
    let rows = common::csv_rows(&d.join("r/p.csv"));
    let col = |name: &str| rows[0].iter().position(|c| c == name).unwrap();
    let (moves, value, score, nodes) = (col("moves"), col("value"), col("score"), col("nodes"));
    let chance_nodes = col("chance_nodes");
    assert!(rows.len() > 3 * 6, "{} rows", rows.len());
    let mut by_position: HashMap<&str, Vec<Q>> = HashMap::new();
    for r in &rows[1..] {
        let v = rational(&r[value]);
        // the score is the value's nearest integer, the value MAX's negated at MIN's turn
        let near = (v.to_f64()).round() as i32;
        assert!(
            (r[score].parse::<i32>().unwrap() - near).abs() <= 1,
            "{r:?}"
        );
        assert!(r[nodes].parse::<u64>().unwrap() > 0 && !r[chance_nodes].is_empty());
        by_position.entry(r[moves].as_str()).or_default().push(v);
    }
    for (p, vs) in &by_position {
        assert_eq!(vs.len(), 3, "{p}");
        assert!(vs.iter().all(|v| *v == vs[0]), "{p}: {vs:?}");
    }
    // the exact value, not its nearest integer, must agree: depths 2 and 3 differ (exit 3)
    let bad = common::write_exp(
        &d,
        "q",
        "game = \"pig\"\nseed = 5\nplies = [6]\npositions = 4\nengines = [\"pig-star1:depth=2\", \"pig-star1:depth=3\"]\n",
    );
    let run = [
        "run",
        bad.to_str().unwrap(),
        "--results",
        &results,
        "--no-report",
    ];
    assert_eq!(cli(&run), 3);
    // a quality run judges integer move values: refused for a chance game, nothing written
    let q = common::write_exp(
        &d,
        "qq",
        "game = \"pig\"\nseed = 3\nplies = [6]\npositions = 3\nengines = [\"pig-star2:depth=2\"]\n[quality]\nreferee = \"pig-expectimax\"\n",
    );
    let run = [
        "run",
        q.to_str().unwrap(),
        "--results",
        &results,
        "--no-report",
    ];
    assert_eq!(cli(&run), 2);
    assert!(!d.join("r/qq.csv").exists());
    // a chance game's engine names its drivers; a generic driver is refused
    assert_eq!(cli(&["solve", "--engine", "pig-mtdf", "0-0 +0 max 0"]), 2);
    assert_eq!(
        cli(&["solve", "--engine", "pig-star2:scout=null", "0-0 +0 max 0"]),
        0
    );
    // a chance node is no player's turn: a bad position
    assert_eq!(
        cli(&["solve", "--engine", "pig-star2", "0-0 +0 max 0 roll1"]),
        2
    );
    assert_eq!(
        cli(&[
            "solve",
            "--engine",
            "pig-star2",
            "--counters",
            "0-0 +0 max 0"
        ]),
        0
    );
}

#[test]
fn verify_checks_the_rules_the_drivers_and_the_mutants() {
    // the report `verify --game pig --per-ply 1` prints (its exit code through the command line
    // is checked for EinStein below: one code path for both games)
    let r = treebench::verify::chance_open::verify_chance::<pig::Pig>(
        treebench::game::GameKind::parse("pig").unwrap(),
        1,
        1,
        None,
    )
    .unwrap();
    assert!(r.passed(), "{r}");
    assert_eq!(r.drivers.searches, r.drivers.cases * 48);
    assert!(r.structure_positions > 6);
    // NullStoredAsBound never shows on Pig's values; it shows on a regular tree
    for (m, tree) in &r.elsewhere {
        assert!(tree.as_deref().is_some_and(|t| t.contains("seed")), "{m:?}");
    }
    // a known-values file holds integers: refused for a chance game
    let d = common::scratch("chance-cli-known");
    std::fs::write(d.join("k.tsv"), "0-0 +0 max 0\t1\n").unwrap();
    let known = at(&d, "k.tsv");
    assert_eq!(cli(&["verify", "--game", "pig", "--known", &known]), 2);
    // the second dice game, verified the same way
    assert_eq!(
        cli_einstein(&["verify", "--game", "einstein", "--per-ply", "1"]),
        0
    );
    let start = "12../3.../...c/..ba max";
    assert_eq!(
        cli_einstein(&["solve", "--engine", "einstein-star2", &format!("{start} 2")]),
        0
    );
    assert_eq!(
        cli_einstein(&["solve", "--engine", "einstein-star2", start]),
        2
    );
}

/// The moves column of each game of a games file, keyed by pair and round.
fn games_of(path: &std::path::Path) -> Vec<(String, String, String, String)> {
    let rows = common::csv_rows(path);
    let col = |name: &str| rows[0].iter().position(|c| c == name).unwrap();
    let (pair, round, moves, result) = (col("pair"), col("round"), col("moves"), col("result"));
    let mut out: Vec<_> = rows[1..]
        .iter()
        .map(|r| {
            (
                r[pair].clone(),
                r[round].clone(),
                r[moves].clone(),
                r[result].clone(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn matches_draw_their_dice_from_the_seed_and_replay_exactly() {
    let d = common::scratch("chance-cli-match");
    let play = |file: &str, threads: &str, seed: &str| {
        let games = at(&d, file);
        let args = [
            "match",
            "pig-expectimax:depth=3",
            "pig-star2:depth=1",
            "--plies",
            "0,4,8",
            "--openings",
            "4",
            "--seed",
            seed,
            "--concurrency",
            threads,
            "--games",
            &games,
        ];
        assert_eq!(cli(&args), 0);
        games_of(&d.join(file))
    };
    let (a, b, c) = (
        play("a.csv", "1", "7"),
        play("b.csv", "2", "7"),
        play("c.csv", "1", "8"),
    );
    assert_eq!(
        a, b,
        "the same seed: the same dice and moves at any concurrency"
    );
    assert_ne!(a, c, "another seed: other dice");
    // UCT with chance sampling plays too, and replays exactly
    let uct = |file: &str| {
        let games = at(&d, file);
        let args = [
            "match",
            "pig-uct:playouts=300",
            "pig-star2:depth=2",
            "--plies",
            "0,6",
            "--openings",
            "3",
            "--games",
            &games,
        ];
        assert_eq!(cli(&args), 0);
        games_of(&d.join(file))
    };
    assert_eq!(uct("u1.csv"), uct("u2.csv"));
    // UCT with chance sampling has no solver: the option is refused, not ignored
    let games = at(&d, "s.csv");
    let args = ["match", "pig-uct:solver=on", "pig-star2", "--games", &games];
    assert_eq!(cli(&args), 2);
    // every game replays through the rules: players' moves and nature's outcomes alternate as
    // the referee asks, and the result is the rules' own
    let rows = common::csv_rows(&d.join("a.csv"));
    let col = |name: &str| rows[0].iter().position(|c| c == name).unwrap();
    let mut outcomes = 0;
    for r in &rows[1..] {
        let mut referee = treebench::runner::match_play::rules::Referee::new(
            treebench::game::GameKind::parse("pig").unwrap(),
            &r[col("opening")],
        )
        .unwrap();
        for step in r[col("moves")].split(' ') {
            outcomes += usize::from(step == "pig" || step.starts_with('+'));
            referee.play(step).unwrap();
        }
        assert!(referee.ending().is_some(), "{r:?}");
    }
    assert!(outcomes > rows.len(), "dice in the games: {outcomes}");
}

#[test]
fn the_gate_works_on_a_chance_game() {
    let d = common::scratch("chance-cli-gate");
    let json = at(&d, "g.json");
    let sprt = [
        "gate",
        "--sprt",
        "0,100",
        "--candidate",
        "pig-expectimax:depth=3",
        "--baseline",
        "pig-expectimax:depth=1",
        "--max-games",
        "200",
        "--json",
        &json,
    ];
    let code = cli(&sprt);
    assert!(code == 0 || code == 1, "a verdict, not an error: {code}");
    let v = std::fs::read_to_string(&json).unwrap();
    assert!(
        v.contains("\"game\": \"pig\"") || v.contains("\"game\":\"pig\""),
        "{v}"
    );
    let json = at(&d, "s.json");
    let speed = [
        "gate",
        "--candidate",
        "pig-star2:depth=2",
        "--baseline",
        "pig-expectimax:depth=2",
        "--max-pairs",
        "50",
        "--json",
        &json,
    ];
    let code = cli(&speed);
    assert!(code == 0 || code == 1, "a verdict, not an error: {code}");
    let v = std::fs::read_to_string(&json).unwrap();
    assert!(v.contains("pig gate set"), "{v}");
    assert_eq!(pig::Pig::NAME, "pig");
}
