//! A game added in one file goes through the command line: `examples/nim.rs`'s entry, given to
//! [`treebench::cli::run_with`] as the example's `main` gives it to `main_with`, runs
//! `experiments/nim.toml` (records of the Nim engines, every value Bouton's), `verify --game nim`
//! (the oracle, driver agreement, the closed form, every mutant caught) and `report`.

mod common;

use std::path::Path;
use treebench::game::SearchGame;

#[path = "../examples/nim.rs"]
#[allow(dead_code)]
mod nim;

/// `nim ARGS...` in process: the exit code.
fn nim_cli(args: &[&str]) -> i32 {
    let argv = std::iter::once("nim").chain(args.iter().copied());
    treebench::cli::run_with(argv, &[&nim::NIM]).unwrap()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The run's records: 3 plies × 10 positions × 7 engines, every engine a Nim engine, every score
/// the closed form's value of its position.
fn check_records(csv: &Path) {
    let rows = common::csv_rows(csv);
    let col = |name: &str| rows[0].iter().position(|c| c == name).unwrap();
    let (moves, engine, score) = (col("moves"), col("engine"), col("score"));
    assert_eq!(rows.len() - 1, 3 * 10 * 7, "one row per solve");
    let mut engines: Vec<&str> = rows[1..].iter().map(|r| r[engine].as_str()).collect();
    engines.sort_unstable();
    engines.dedup();
    assert_eq!(engines.len(), 7, "{engines:?}");
    for r in &rows[1..] {
        assert!(r[engine].starts_with("nim-"), "{r:?}");
        let heaps = nim::Nim.parse(&r[moves]).unwrap();
        let expected = nim::WIN * nim::bouton(&heaps);
        assert_eq!(r[score], expected.to_string(), "{r:?}");
    }
}

#[test]
fn nim_goes_through_run_verify_and_report() {
    let dir = common::scratch("open-game");
    let exp = Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments/nim.toml");
    let (results, report) = (dir.join("results"), dir.join("report"));
    let run = [
        "run",
        path(&exp),
        "--results",
        path(&results),
        "--no-report",
    ];
    assert_eq!(nim_cli(&run), 0, "run");
    check_records(&results.join("nim.csv"));

    assert_eq!(nim_cli(&["verify", "--game", "nim", "--per-ply", "2"]), 0);
    let v = (nim::NIM.verify)(nim::NIM.kind(), 2, 1, None).unwrap();
    assert!(v.passed, "{}", v.text);
    let r = treebench::verify::open::verify_open::<nim::Nim>(nim::NIM.kind(), 2, 1, None).unwrap();
    assert_eq!(r.to_string(), v.text);
    assert!(r.failures.is_empty(), "{r}");
    assert!(
        r.positions >= 12 && r.oracle_searches > 0 && r.driver_searches > 0,
        "{r}"
    );
    assert_eq!(
        r.closed_form_searches,
        r.positions * treebench::verify::generic::variants(1, false).len(),
        "every position, every driver and variant\n{r}"
    );
    assert_eq!(r.mutants.len(), 3);
    assert!(r.mutants.iter().all(|m| m.caught_by.is_some()), "{r}");

    let csv = results.join("nim.csv");
    assert_eq!(nim_cli(&["report", path(&csv), "--out", path(&report)]), 0);
    let readme = std::fs::read_to_string(report.join("nim/README.md")).unwrap();
    for engine in [
        "nim-negamax:depth=12",
        "nim-mtdf:depth=12",
        "nim-sss:depth=12",
    ] {
        assert!(
            readme.contains(engine),
            "{engine} not in the report:\n{readme}"
        );
    }
    assert!(report.join("nim/index.html").is_file());
    // the reproduce command starts the binary that knows the game (here `nim`, the argv[0]
    // given; a cargo example prints `cargo run --release --example nim --`)
    assert!(readme.contains("nim run experiments/nim.toml"), "{readme}");
    assert!(!readme.contains("treebench run"), "{readme}");
}

/// A wrong engine is caught by the runner: a seeded bug that takes an aspiration fail high as
/// the value disagrees with plain alpha-beta, and `agreement = "exact"` stops the run (exit 3).
#[test]
fn the_runner_stops_on_a_wrong_nim_engine() {
    let dir = common::scratch("open-game-mutant");
    let body = "seed = 1\nplies = [0, 1, 2, 3]\npositions = 4\ngame = \"nim\"\n\
                engines = [\"nim-negamax:depth=1\", \
                \"nim-aspiration:depth=1,mutant=aspiration-takes-fail-high\"]\n";
    let exp = common::write_exp(&dir, "nim-mutant", body);
    let results = dir.join("results");
    let run = [
        "run",
        path(&exp),
        "--results",
        path(&results),
        "--no-report",
    ];
    assert_eq!(nim_cli(&run), treebench::util::exit::DISAGREE);
    // and an unknown game or engine is a one-line error naming the added game
    let e = treebench::engine::registry::build("nim-wobbly")
        .err()
        .unwrap()
        .0;
    assert!(e.contains("nim-DRIVER"), "{e}");
}
