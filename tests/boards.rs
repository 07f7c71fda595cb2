//! Board sizes: the empty board of every size that solves in seconds agrees with John Tromp's
//! published table (tests/data/tromp_boards.txt), and the CLI's board errors are clear.

mod common;

use common::Within;
use treebench::engine::connect4::SolverConfig;
use treebench::game::connect4::BoardSize;
use treebench::verify::boards::{self, Agreement};

/// Sizes up to this many cells take well under a second each with mtdf.
const FAST_CELLS: u32 = 30;

#[test]
fn small_boards_agree_with_tromps_table() {
    let cfg = SolverConfig::parse("mtdf:tt=20").unwrap().unwrap();
    let sizes = BoardSize::up_to_cells(FAST_CELLS);
    assert_eq!(sizes.len(), 10);
    let rows = boards::solve_all(cfg, &sizes, |_| {}).unwrap();
    for r in &rows {
        assert_eq!(r.tromp, Agreement::Agrees, "{}: score {}", r.board, r.score);
    }
    // 6x4 is the smallest board the second player wins.
    let six_four = rows.iter().find(|r| r.board.to_string() == "6x4").unwrap();
    assert!(six_four.score < 0);
}

#[test]
fn other_drivers_agree_on_the_small_boards() {
    for spec in ["negamax", "pvs", "null-window", "aspiration", "sss", "dual"] {
        let cfg = SolverConfig::parse(spec).unwrap().unwrap();
        let sizes = BoardSize::up_to_cells(24);
        let rows = boards::solve_all(cfg, &sizes, |_| {}).unwrap();
        for r in &rows {
            assert_eq!(
                r.tromp,
                Agreement::Agrees,
                "{spec} {}: score {}",
                r.board,
                r.score
            );
        }
    }
}

fn treebench(args: &[&str]) -> (i32, String, String) {
    let out = common::bin().args(args).output_within();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn boards_command_prints_the_table_and_writes_the_figure() {
    let dir = std::env::temp_dir().join(format!("treebench-boards-{}", std::process::id()));
    let (code, out, err) = treebench(&[
        "boards",
        "--max-cells",
        "20",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("width,height,cells,score,result,nodes,seconds,tromp"),
        "{out}"
    );
    assert!(out.contains("5,4,20,0,=,"), "{out}");
    for f in [
        "boards.csv",
        "boards.txt",
        "boards.svg",
        "boards.png",
        "boards.pdf",
    ] {
        assert!(dir.join(f).exists(), "{f}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
