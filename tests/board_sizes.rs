//! Board sizes beyond `solve`/`serve`: experiment files with `game = "connect4:WxH"` (and a list
//! of boards with the scaling report), `verify --board` and `gate --board`.

#[allow(dead_code)]
mod common;

use common::{bin, run, scratch, write_exp, Within};
use std::process::Output;
use treebench::engine::registry;
use treebench::game::connect4::BoardSize;
use treebench::gate::{board_positions, builtin_positions, signature_of};

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn one_line_error(o: &Output, needle: &str) {
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    // (a progress line may come first: the run had started when the engines were built)
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("error")).collect();
    assert_eq!(lines.len(), 1, "one error line: {err}");
    assert!(
        !err.lines().last().unwrap().starts_with(' '),
        "no trace: {err}"
    );
    assert!(lines[0].contains(needle), "`{needle}` in: {err}");
}

#[test]
fn an_experiment_on_a_list_of_boards_writes_one_file_per_board_and_the_scaling_report() {
    let dir = scratch("boards-list");
    let exp = write_exp(
        &dir,
        "sc",
        "seed = 3\nplies = [4, 6]\npositions = 4\nengines = [\"negamax\", \"mtdf\"]\n\
         game = [\"connect4:4x4\", \"connect4:5x4\"]\n",
    );
    let o = run(&dir, &["run", exp.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    for b in ["4x4", "5x4"] {
        let rows = common::csv_rows(&dir.join(format!("results/sc-{b}.csv")));
        let rows = &rows[1..];
        assert_eq!(rows.len(), 2 * 4 * 2, "{b}: {rows:?}");
        let width: usize = b[..1].parse().unwrap();
        for r in rows {
            let moves = &r[4];
            assert!(
                moves
                    .bytes()
                    .all(|c| (b'1'..b'1' + width as u8).contains(&c)),
                "{b}: {r:?}"
            );
        }
        let meta = std::fs::read_to_string(dir.join(format!("results/sc-{b}.meta.json"))).unwrap();
        assert!(
            meta.contains(&format!("\"game\": \"connect4:{b}\"")),
            "{meta}"
        );
        let readme = std::fs::read_to_string(dir.join(format!("report/sc-{b}/README.md"))).unwrap();
        assert!(
            readme.contains(&format!("Game: Connect-4 board {b}.")),
            "{readme}"
        );
    }
    let scaling = std::fs::read_to_string(dir.join("report/sc-scaling/scaling.csv")).unwrap();
    let lines: Vec<&str> = scaling.lines().collect();
    assert!(
        lines[0].starts_with("board,cells,candidate,baseline,positions"),
        "{scaling}"
    );
    assert!(lines[1].starts_with("4x4,16,mtdf,negamax,8,"), "{scaling}");
    assert!(lines[2].starts_with("5x4,20,mtdf,negamax,8,"), "{scaling}");
    // The p is two-sided and labelled so; the title names the one baseline once.
    let md = std::fs::read_to_string(dir.join("report/sc-scaling/scaling.md")).unwrap();
    assert!(
        md.contains("p (two-sided)") && !md.contains("one-sided"),
        "{md}"
    );
    assert_eq!(md.matches("over negamax").count(), 1, "{md}");
    for f in ["README.md", "scaling.md", "scaling.svg", "scaling.png"] {
        assert!(dir.join("report/sc-scaling").join(f).exists(), "{f}");
    }
    // the same from the files by hand
    let o = run(
        &dir,
        &[
            "scaling",
            "results/sc-4x4.csv",
            "results/sc-5x4.csv",
            "--out",
            "again",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(
        std::fs::read_to_string(dir.join("again/scaling.csv"))
            .unwrap()
            .lines()
            .count(),
        3
    );
}

#[test]
fn experiment_board_errors_are_one_line() {
    let dir = scratch("boards-errors");
    let body = |game: &str, plies: &str, engines: &str| {
        format!("seed = 1\nplies = {plies}\npositions = 2\nengines = {engines}\ngame = {game}\n")
    };
    let two = "[\"negamax\", \"mtdf\"]";
    for (name, game, plies, engines, needle) in [
        (
            "big",
            "\"connect4:8x8\"",
            "[4]",
            two,
            "board 8x8: does not fit",
        ),
        ("thin", "\"connect4:3x5\"", "[4]", two, "at least 4"),
        (
            "deep",
            "\"connect4:5x4\"",
            "[4, 20]",
            two,
            "ply 20 leaves no move to search (connect4:5x4 has at most 20 plies)",
        ),
        (
            "ext",
            "\"connect4:5x4\"",
            "[4]",
            "[\"mtdf\", \"ext:cat\"]",
            "board 5x4 needs a Connect-4 solver",
        ),
    ] {
        let exp = write_exp(&dir, name, &body(game, plies, engines));
        let o = run(&dir, &["run", exp.to_str().unwrap()]);
        one_line_error(&o, needle);
    }
}

#[test]
fn verify_runs_the_board_checks() {
    let o = bin()
        .args([
            "verify",
            "--board",
            "5x4",
            "--positions",
            "60",
            "--brute-5x4",
            "80",
            "--threads",
            "2",
        ])
        .output_within();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    for c in ["drivers", "mirror", "brute", "boards"] {
        assert!(out.contains(c), "{c}: {out}");
    }
    assert!(out.contains("board 5x4, plies 4–16"), "{out}");
    for (args, needle) in [
        (vec!["--board", "8x8"], "does not fit"),
        (vec!["--board", "5x4", "--plies", "4-20"], "need A ≤ B ≤ 19"),
        (
            vec!["--board", "5x4", "--check", "bitbully"],
            "check `bitbully` does not run off 7x6",
        ),
        (vec!["--board", "5x4", "--mutants"], "7x6 checks"),
    ] {
        let o = bin().arg("verify").args(&args).output_within();
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert!(text(&o).contains(needle), "{args:?}: {}", text(&o));
    }
}

#[test]
fn gate_on_another_board_draws_its_positions_and_checks_its_own_signature() {
    let board: BoardSize = "5x4".parse().unwrap();
    let positions = board_positions(board);
    assert!(positions.len() >= 20, "{}", positions.len());
    assert!(positions
        .iter()
        .all(|d| d.moves.bytes().all(|c| (b'1'..=b'5').contains(&c))));
    let mut e = registry::build_on("mtdf", board).unwrap();
    let total = signature_of(e.as_mut(), &positions).unwrap().total();
    let mut std = registry::build("mtdf").unwrap();
    let std_total = signature_of(std.as_mut(), &builtin_positions())
        .unwrap()
        .total();
    assert_ne!(total, std_total, "the signature is per board");
    let dir = scratch("gate-board");
    let gate = |expect: u64| {
        bin()
            .current_dir(&dir)
            .args([
                "gate",
                "--board",
                "5x4",
                "--baseline",
                "negamax",
                "--candidate",
                "mtdf",
                "--max-pairs",
                "0",
                "--expect-nodes",
                &expect.to_string(),
            ])
            .output_within()
    };
    let o = gate(total);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("board 5x4 gate set"), "{}", text(&o));
    let o = gate(total + 1);
    assert_eq!(o.status.code(), Some(4), "{}", text(&o));
    let o = bin()
        .args([
            "gate",
            "--board",
            "5x4",
            "--baseline",
            "mtdf",
            "--candidate",
            "ext:cat",
        ])
        .output_within();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("board 5x4 needs a Connect-4 solver"),
        "{}",
        text(&o)
    );
    let o = bin()
        .args([
            "gate",
            "--board",
            "9x9",
            "--baseline",
            "mtdf",
            "--candidate",
            "mtdf",
        ])
        .output_within();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("does not fit"), "{}", text(&o));
}
