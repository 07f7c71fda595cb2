//! Quality runs through the binary: every engine chooses a move at every position and the exact
//! solver judges it. The exact solver as a player is never wrong; depth-limited and generic-core
//! engines are judged; the referee's values equal Pons' Begin-Easy scores; a resumed run equals
//! an uninterrupted one; the report is written.

mod common;

use common::{run, scratch, write_exp};
use treebench::runner::quality::DecisionRecord;
use treebench::runner::record::read_rows;

const SMALL: &str = r#"seed = 3
plies = [12, 18, 26]
positions = 5
engines = ["mtdf"]
[quality]
sweeps = [
  { bases = ["mtdf:eval=threats", "c4-pvs"], option = "depth", values = [1, 4] },
]
"#;

fn rows(dir: &std::path::Path, name: &str) -> Vec<DecisionRecord> {
    read_rows::<DecisionRecord>(&dir.join(format!("results/{name}.csv"))).unwrap()
}

#[test]
fn the_exact_solver_plays_perfectly_and_the_others_are_judged() {
    let dir = scratch("quality");
    let exp = write_exp(&dir, "q", SMALL);
    let o = run(&dir, &["run", exp.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    let rs = rows(&dir, "q");
    assert_eq!(rs.len(), 3 * 5 * 5, "plies × positions × engines");
    for r in &rs {
        let (exact, chosen) = (r.exact.unwrap(), r.chosen_exact.unwrap());
        assert!(chosen <= exact, "{r:?}");
        assert!(r.optimal.as_deref().unwrap().contains(&r.chosen) == (chosen == exact));
        if r.engine == "mtdf" {
            assert_eq!(
                (chosen, r.proven),
                (exact, Some(exact)),
                "the perfect player"
            );
        }
        if let Some(p) = r.proven {
            assert_eq!(p, exact, "a proof is never wrong: {r:?}");
        }
    }
    let curve: Vec<_> = rs.iter().filter(|r| r.curve == "c4-pvs").collect();
    assert_eq!(curve.len(), 2 * 15);
    assert!(curve
        .iter()
        .all(|r| r.budget_kind == "depth" && r.budget.is_some()));
    let report = dir.join("report/q");
    for f in [
        "README.md",
        "index.html",
        "q_quality.md",
        "q_pareto.svg",
        "q_quality_time.pdf",
    ] {
        assert!(report.join(f).exists(), "{f}");
    }
    let readme = std::fs::read_to_string(report.join("README.md")).unwrap();
    let line = readme
        .lines()
        .find(|l| l.starts_with("| mtdf "))
        .expect(&readme);
    assert!(
        line.contains("| 15 | 1.000 \\[") && line.contains("| 0.000 \\["),
        "{line}"
    );
    // the referee's cache is reused: a second run solves nothing
    let o = run(
        &dir,
        &["run", exp.to_str().unwrap(), "--force", "--no-report"],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("the referee `mtdf` solved 0 positions"),
        "{err}"
    );
}

#[test]
fn a_resumed_quality_run_equals_an_uninterrupted_one() {
    let dir = scratch("quality-resume");
    let exp = write_exp(&dir, "r", SMALL);
    let exp = exp.to_str().unwrap();
    assert!(run(&dir, &["run", exp, "--no-report"]).status.success());
    let full = rows(&dir, "r");
    let path = dir.join("results/r.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    // keep the first 30 rows and half of the next one (a torn line)
    let cut: usize = text.lines().take(31).map(|l| l.len() + 1).sum::<usize>() + 10;
    std::fs::write(&path, &text[..cut]).unwrap();
    let o = run(&dir, &["run", exp, "--no-report", "--resume"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let key = |r: &DecisionRecord| (r.ply, r.index, r.engine.clone(), r.chosen.clone());
    let mut a: Vec<_> = full.iter().map(key).collect();
    let mut b: Vec<_> = rows(&dir, "r").iter().map(key).collect();
    a.sort();
    b.sort();
    assert_eq!(a, b, "the same decisions, each once");
}

/// The referee's value of every position equals Pons' Begin-Easy score (200 positions of plies
/// 10-14: the children of earlier ones take the referee seconds each).
#[test]
fn the_referee_agrees_with_pons_begin_easy() {
    let dir = scratch("quality-pons");
    let set = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/data/pons/Test_L1_R1");
    let text = std::fs::read_to_string(&set).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.split(' ').next().unwrap().len() >= 10)
        .take(200)
        .collect();
    std::fs::write(dir.join("set"), lines.join("\n")).unwrap();
    let exp = write_exp(
        &dir,
        "p",
        "seed = 1\npositions_file = \"set\"\nengines = [\"mtdf:depth=2,eval=threats\"]\n[quality]\n",
    );
    let o = run(&dir, &["run", exp.to_str().unwrap(), "--no-report"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rs = rows(&dir, "p");
    assert_eq!(rs.len(), 200);
    let want: std::collections::HashMap<&str, i32> = lines
        .iter()
        .map(|l| l.split_once(' ').unwrap())
        .map(|(m, s)| (m, s.parse().unwrap()))
        .collect();
    for r in &rs {
        assert_eq!(r.exact, Some(want[r.moves.as_str()]), "{}", r.moves);
    }
    // a wrong score in the file stops the run as a disagreement
    let (m, s) = lines[0].split_once(' ').unwrap();
    std::fs::write(
        dir.join("set"),
        format!("{m} {}\n", s.parse::<i32>().unwrap() - 1),
    )
    .unwrap();
    let o = run(
        &dir,
        &["run", exp.to_str().unwrap(), "--no-report", "--force"],
    );
    assert_eq!(
        o.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}
