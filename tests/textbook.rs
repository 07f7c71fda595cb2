//! Reproduces the published textbook numbers (tic-tac-toe, uniform random trees, MTD(f), UCT)
//! and checks the textbook engines through the `Engine` trait.

use treebench::engine::registry::build as build_engine_from_spec;
use treebench::engine::spec::parse_spec;
use treebench::engine::textbook::search::{alphabeta, minimax, Order, Stats, TtKind};
use treebench::engine::{EngineError, GameKind};
use treebench::game::{legal_moves, Game, RandomTree, TreeShape};
use treebench::textbook::drivers::driver_study;
use treebench::textbook::report::{
    best_case_leaves, mtdf_study, tree_study, ttt_counts, UCT_BUDGETS,
};
use treebench::textbook::textbook_report;
use treebench::textbook::uct_match::uct_losses;

#[test]
fn tictactoe_published_counts() {
    let t = ttt_counts();
    assert_eq!(t.minimax.nodes, 549_946);
    assert_eq!(t.alphabeta.nodes, 18_297);
    assert_eq!(t.ordered.nodes, 7_275);
    assert_eq!(t.ordered_exact.nodes, 5_700);
    assert_eq!(t.states, 5_478);
    assert_eq!(t.values, [0; 4]);
}

#[test]
fn random_tree_minimax_and_best_case() {
    let tree = RandomTree::new(5, 9, 1).unwrap();
    let mut st = Stats::default();
    let v = minimax(&tree, &tree.root(), &mut st);
    assert_eq!(st.leaves, 1_953_125);
    let (vb, sb) = alphabeta(&tree, Order::Best, TtKind::None);
    assert_eq!(vb, v, "alpha-beta returns the minimax value");
    assert_eq!(sb.leaves, 3_749);
    assert_eq!(best_case_leaves(5, 9), 3_749);
    // The minimal tree is exact at every depth and seed tried, not just at the headline one.
    for d in 1..=8 {
        for seed in 1..=3 {
            let t = RandomTree::new(5, d, seed).unwrap();
            assert_eq!(
                alphabeta(&t, Order::Best, TtKind::None).1.leaves,
                best_case_leaves(5, d),
                "d={d} seed={seed}"
            );
        }
    }
}

#[test]
fn random_tree_leaves_are_distinct_and_reproducible() {
    let t = RandomTree::new(5, 6, 7).unwrap();
    let mut vals: Vec<i32> = (0..t.leaves()).map(|i| t.leaf_value(i)).collect();
    assert_eq!(vals[123], RandomTree::new(5, 6, 7).unwrap().leaf_value(123));
    assert_ne!(vals[123], RandomTree::new(5, 6, 8).unwrap().leaf_value(123));
    vals.sort_unstable();
    vals.dedup();
    assert_eq!(vals.len() as u64, t.leaves(), "no ties among 15,625 leaves");
}

#[test]
fn random_order_growth() {
    let seeds: Vec<u64> = (1..=10).collect();
    let s = tree_study(5, &[3, 4, 5, 6, 7, 8, 9], &seeds, &[2]);
    assert_eq!(s.best_leaves, vec![(2, 3_749)]);
    for (d, m) in s.depths.iter().zip(&s.random_mean) {
        assert!(
            *m > best_case_leaves(5, *d) as f64 && *m < 5f64.powi(*d as i32),
            "d={d} mean={m}"
        );
    }
    // Our measured mean at d = 9 (published: 85,616).
    assert_eq!(*s.random_mean.last().unwrap(), 81_100.1);
    assert!((0.6..0.85).contains(&s.exponent), "exponent {}", s.exponent);
}

#[test]
fn mtdf_bounds_vs_broken_table() {
    let m = mtdf_study();
    assert_eq!(m.true_value, 0);
    let bounds: Vec<_> = m
        .rows
        .iter()
        .filter(|r| r.table == TtKind::Bounds)
        .collect();
    let broken: Vec<_> = m
        .rows
        .iter()
        .filter(|r| r.table == TtKind::Broken)
        .collect();
    assert_eq!(bounds.len(), 3);
    assert!(
        bounds.iter().all(|r| r.value == 0),
        "bound-flagged MTD(f) is always right"
    );
    assert!(
        broken.iter().any(|r| r.value != 0),
        "the broken table gives a wrong value"
    );
    let got: Vec<(i32, i32)> = broken.iter().map(|r| (r.guess, r.value)).collect();
    assert_eq!(got, vec![(0, 0), (10, 5), (-10, -4)]);
    // Every bound-flagged MTD(f) run is cheaper than plain alpha-beta without a table.
    assert!(bounds.iter().all(|r| r.stats.nodes < m.alphabeta.nodes));
    assert_eq!(m.alphabeta.nodes, 20_866);
}

#[test]
fn uct_against_perfect_play() {
    let losses = uct_losses(&UCT_BUDGETS, 100);
    let first: Vec<u32> = losses.iter().map(|l| l[0]).collect();
    let second: Vec<u32> = losses.iter().map(|l| l[1]).collect();
    println!("first {first:?}\nsecond {second:?}");
    // Budgets 1, 3, 10, 30, 100, 300, 1000, 3000 (seeded: exactly reproducible).
    assert_eq!(first, vec![78, 69, 43, 13, 1, 0, 0, 0]);
    assert_eq!(second, vec![97, 94, 86, 74, 60, 31, 5, 0]);
    for w in losses.windows(2) {
        assert!(
            w[1][0] <= w[0][0] && w[1][1] <= w[0][1],
            "losses never increase with the budget"
        );
    }
    // Zero from 300 (first) and 3,000 (second), as published (± one budget step).
    let zero_from = |v: &[u32]| UCT_BUDGETS[v.iter().position(|&l| l == 0).unwrap()];
    assert!([100, 300, 1000].contains(&zero_from(&first)));
    assert!([1000, 3000].contains(&zero_from(&second)));
    // Reproducible and independent of how games are spread over threads.
    assert_eq!(uct_losses(&[3, 30], 100), vec![losses[1], losses[3]]);
}

#[test]
fn engines_round_trip_and_solve() {
    let specs = [
        "ttt-minimax",
        "ttt-alphabeta",
        "ttt-alphabeta:order=best",
        "ttt-alphabeta:order=centre,score=depth",
        "ttt-tt",
        "ttt-tt:table=bounds,order=centre",
        "ttt-mtdf:guess=10,table=broken",
        "ttt-mtdf",
        "tree-minimax:b=3,d=4,seed=9",
        "tree-alphabeta:b=5,d=6,seed=1,order=random",
        "tree-tt:order=best,b=4,d=5",
        "tree-mtdf:b=4,d=5,seed=2,guess=-7,table=bounds",
    ];
    for spec in specs {
        let e = build_engine_from_spec(spec).unwrap();
        let canon = e.spec();
        assert_eq!(
            build_engine_from_spec(&canon).unwrap().spec(),
            canon,
            "{spec}"
        );
    }
    assert_eq!(
        build_engine_from_spec("ttt-mtdf").unwrap().spec(),
        "ttt-mtdf:guess=0,table=bounds,order=index,score=depth"
    );
    assert_eq!(
        build_engine_from_spec("tree-alphabeta").unwrap().spec(),
        "tree-alphabeta:b=5,d=9,seed=1,order=given"
    );

    let mut e = build_engine_from_spec("ttt-alphabeta").unwrap();
    assert_eq!(e.game(), GameKind::TicTacToe);
    assert_eq!(
        build_engine_from_spec("tree-tt:d=4,b=3").unwrap().game(),
        GameKind::RandomTree(TreeShape {
            branching: 3,
            depth: 4
        })
    );
    e.reset();
    let s = e.solve("").unwrap();
    assert_eq!((s.score, s.nodes), (0, 18_297));
    // X: 1, 2; O: 4, 5 → X to move wins with 3.
    assert_eq!(e.solve("1425").unwrap().score, 1);
    let mut ex = build_engine_from_spec("ttt-tt:order=centre").unwrap();
    ex.reset();
    assert_eq!(ex.solve("").unwrap().nodes, 5_700);
    let mut mt = build_engine_from_spec("ttt-mtdf:guess=10,table=broken").unwrap();
    mt.reset();
    assert_eq!(mt.solve("").unwrap().score, 5);

    // Random trees: every engine agrees with minimax.
    let mut mm = build_engine_from_spec("tree-minimax:b=4,d=6,seed=3").unwrap();
    mm.reset();
    let want = mm.solve("21").unwrap();
    assert_eq!(want.nodes, 1 + 4 + 16 + 64 + 256);
    for o in ["given", "best", "random"] {
        for n in ["tree-alphabeta", "tree-tt", "tree-mtdf"] {
            let mut e = build_engine_from_spec(&format!("{n}:b=4,d=6,seed=3,order={o}")).unwrap();
            e.reset();
            assert_eq!(e.solve("21").unwrap().score, want.score, "{n} order={o}");
        }
    }
}

#[test]
fn engine_errors() {
    // The registry is the one list of names and the one grammar for every family.
    let err = |spec: &str| build_engine_from_spec(spec).err().expect("error").0;
    assert!(err("ttt-foo").contains("unknown engine `ttt-foo`"));
    assert!(err("ttt-alphabeta:order=sideways").contains("sideways"));
    assert!(err("ttt-alphabeta:table=exact").contains("`table`"));
    assert!(err("ttt-mtdf:guess=x").contains("guess"));
    assert!(err("ttt-mtdf:table=exact").contains("exact"));
    assert!(err("tree-alphabeta:b=12").contains("b=12"));
    assert!(err("tree-alphabeta:d=0").contains("d=0"));
    assert!(err("tree-minimax:seed=1,seed=2").contains("twice"));
    assert_eq!(
        parse_spec("ttt-tt:table=bounds").unwrap(),
        ("ttt-tt", vec![("table", "bounds")])
    );

    let mut e = build_engine_from_spec("ttt-minimax").unwrap();
    let bad = |e: &mut Box<dyn treebench::engine::Engine>, m: &str| match e.solve(m) {
        Err(EngineError::BadPosition(msg)) => msg,
        other => panic!("{m}: {other:?}"),
    };
    assert!(bad(&mut e, "15x").contains("'x' at index 2"));
    assert!(bad(&mut e, "151").contains("'1' at index 2"));
    assert!(bad(&mut e, "0").contains("'0' at index 0"));
    assert!(bad(&mut e, "14253").contains("already decided"));
    assert!(bad(&mut e, "142536").contains("index 5"));
    let mut t = build_engine_from_spec("tree-alphabeta:b=3,d=2").unwrap();
    assert!(bad(&mut t, "4").contains("'4' at index 0"));
    assert!(bad(&mut t, "12").contains("already decided"));
}

#[test]
fn legal_moves_helper() {
    assert_eq!(
        legal_moves(GameKind::TicTacToe, "").unwrap(),
        b"123456789".to_vec()
    );
    assert_eq!(
        legal_moves(GameKind::TicTacToe, "5").unwrap(),
        b"12346789".to_vec()
    );
    assert!(
        legal_moves(GameKind::TicTacToe, "14253")
            .unwrap()
            .is_empty(),
        "X won"
    );
    assert!(legal_moves(GameKind::TicTacToe, "55")
        .unwrap_err()
        .contains("index 1"));
    let shape = GameKind::RandomTree(TreeShape {
        branching: 3,
        depth: 2,
    });
    assert_eq!(legal_moves(shape, "2").unwrap(), b"123".to_vec());
    assert!(legal_moves(shape, "21").unwrap().is_empty());
    assert!(legal_moves(GameKind::CONNECT4, "").is_err());
}

/// The cells of the table row of `r` whose first cell is `first` (trimmed).
fn row_cells(r: &str, first: &str) -> Vec<String> {
    r.lines()
        .map(|l| {
            l.trim()
                .trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect::<Vec<_>>()
        })
        .find(|c| c.first().is_some_and(|c0| c0 == first))
        .unwrap_or_else(|| panic!("no row `{first}` in\n{r}"))
}

/// The report shows what this run computed: every count of the tic-tac-toe table, every MTD(f)
/// row and every UCT budget's losses are the computed numbers, in their rows (not only the
/// published figures the report always prints); and the computed facts are the true ones.
#[test]
fn report_renders() {
    use treebench::textbook::report::{ReportOptions, TextbookReport};
    use treebench::util::fmt::thousands;
    let rep = TextbookReport::compute(ReportOptions { fast: true });
    let r = rep.to_string();
    let t = &rep.ttt;
    // Known facts: tic-tac-toe is a draw, 5,478 distinct positions.
    assert_eq!(t.values, [0; 4]);
    assert_eq!(t.states, 5478);
    let searches = [
        ("minimax", t.minimax),
        ("alpha-beta", t.alphabeta),
        ("ordered alpha-beta", t.ordered),
        ("ordered alpha-beta + exact table", t.ordered_exact),
    ];
    for (i, (name, s)) in searches.iter().enumerate() {
        let c = row_cells(&r, name);
        assert_eq!(
            c[2..6],
            [
                thousands(s.nodes),
                thousands(s.leaves),
                thousands(s.hits),
                t.values[i].to_string()
            ],
            "{name}"
        );
    }
    assert!(t.ordered.nodes < t.alphabeta.nodes && t.alphabeta.nodes < t.minimax.nodes);
    // MTD(f): each row's value, verdict, passes and nodes as computed.
    let m = &rep.mtdf;
    let mtdf_rows: Vec<Vec<String>> = r
        .lines()
        .filter(|l| {
            l.contains("bounds (EXACT/LOWER/UPPER)") || l.contains("broken (bounds as exact)")
        })
        .map(|l| {
            l.trim()
                .trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect();
    assert_eq!(mtdf_rows.len(), m.rows.len(), "{r}");
    for (cells, row) in mtdf_rows.iter().zip(&m.rows) {
        let correct = if row.value == m.true_value {
            "yes"
        } else {
            "NO"
        };
        assert_eq!(
            cells[2..6],
            [
                row.value.to_string(),
                correct.to_string(),
                row.passes.to_string(),
                thousands(row.stats.nodes)
            ],
            "{r}"
        );
    }
    // The bound-flagged table is always right; the broken one is wrong for some guess.
    assert!(m
        .rows
        .iter()
        .filter(|x| x.table == treebench::engine::textbook::search::TtKind::Bounds)
        .all(|x| x.value == m.true_value));
    assert!(m.rows.iter().any(|x| x.value != m.true_value), "{r}");
    // UCT: every budget of the fast run (up to 300) with its losses.
    assert_eq!(rep.uct.last().map(|u| u.0), Some(300));
    let uct = &r[r.find("## UCT").expect("UCT section")..];
    for &(b, [l1, l2]) in &rep.uct {
        let c = row_cells(uct, &thousands(u64::from(b)));
        assert_eq!(
            (c[2].as_str(), c[4].as_str()),
            (l1.to_string().as_str(), l2.to_string().as_str()),
            "budget {b}"
        );
    }
}

/// The full report (all ten best-first trees, every UCT budget): `cargo test --test textbook
/// full_report -- --ignored --nocapture` prints it.
#[test]
#[ignore = "slower; prints the full Markdown report"]
fn full_report() {
    let r = textbook_report(false);
    println!("{r}");
    assert!(r.contains("| 3,000 |") && r.contains("3,749 |"));
}

#[test]
fn driver_engines_agree_and_leaf_table_renders() {
    for spec in [
        "ttt-pvs",
        "ttt-sss",
        "ttt-dual",
        "ttt-pvs:table=bounds,order=centre",
        "tree-pvs:b=3,d=5,seed=2,table=bounds,order=random",
        "tree-sss:b=3,d=5,seed=2,order=best",
        "tree-dual:b=3,d=5,seed=2",
        "tree-sss-classic:b=3,d=5,seed=2,order=random",
    ] {
        let e = build_engine_from_spec(spec).unwrap();
        let canon = e.spec();
        assert_eq!(
            build_engine_from_spec(&canon).unwrap().spec(),
            canon,
            "{spec}"
        );
    }
    assert_eq!(
        build_engine_from_spec("tree-sss-classic").unwrap().spec(),
        "tree-sss-classic:b=5,d=9,seed=1,order=given"
    );
    assert_eq!(
        build_engine_from_spec("ttt-sss").unwrap().spec(),
        "ttt-sss:table=bounds,order=index,score=depth"
    );
    for n in [
        "ttt-minimax:score=depth",
        "ttt-pvs:score=depth",
        "ttt-sss",
        "ttt-dual",
    ] {
        let mut e = build_engine_from_spec(n).unwrap();
        e.reset();
        assert_eq!(e.solve("").unwrap().score, 0, "{n}");
        assert_eq!(e.solve("1425").unwrap().score, 5, "{n}");
    }
    let mut mm = build_engine_from_spec("tree-minimax:b=4,d=6,seed=3").unwrap();
    mm.reset();
    let want = mm.solve("2").unwrap().score;
    for o in ["given", "best", "random"] {
        for n in ["tree-pvs", "tree-sss", "tree-dual", "tree-sss-classic"] {
            let mut e = build_engine_from_spec(&format!("{n}:b=4,d=6,seed=3,order={o}")).unwrap();
            e.reset();
            assert_eq!(e.solve("2").unwrap().score, want, "{n} order={o}");
        }
    }
    let rows = driver_study(&[(3, 5)], &[1, 2]);
    assert_eq!(rows.len(), 2);
    for r in &rows {
        // SSS* never beyond alpha-beta, MT-SSS* = SSS* (theorems; see tests/sss.rs).
        assert!(
            r.leaves[5] <= r.leaves[0] && r.leaves[3] == r.leaves[5],
            "{r:?}"
        );
    }
    assert!(textbook_report(true).contains("## Drivers on random trees"));
}

/// The textbook report as a page (`render::textbook`): one order, title and summary, the
/// headline beside the leaves figure, the results (every study's tables, UCT's figure), then the
/// appendix; the headline says what this run computed (the broken table's wrong guesses).
#[cfg(feature = "analysis")]
#[test]
fn report_page_in_the_one_order() {
    use treebench::textbook::report::{ReportOptions, TextbookReport};
    let rep = TextbookReport::compute(ReportOptions { fast: true });
    let dir = std::env::temp_dir().join(format!("tb-textbook-page-{}", std::process::id()));
    let files =
        treebench::render::textbook::write_textbook_report(&rep, &dir, "treebench textbook --fast")
            .unwrap();
    for f in [
        "leaves_by_depth.svg",
        "uct_losses.pdf",
        "mtdf.csv",
        "drivers.tex",
        "README.md",
    ] {
        assert!(files.contains(&dir.join(f)), "{f}: {files:?}");
    }
    let html = std::fs::read_to_string(dir.join("index.html")).unwrap();
    let at = |s: &str| {
        html.find(s)
            .unwrap_or_else(|| panic!("no `{s}` in the page"))
    };
    let order = [
        "<h1>Textbook baselines</h1>",
        "id=\"headline\"",
        "leaves on uniform random trees",
        "<h2 id=\"results\">",
        "<h3>Tic-tac-toe from the empty board</h3>",
        "<h3>UCT against a perfect player (tic-tac-toe)</h3>",
        "UCT against a perfect player: losses by budget",
        "<h2 id=\"appendix\">",
        "ChaCha8Rng::seed_from_u64(2024)",
        "<h3 id=\"reproduce\">",
    ];
    for w in order.windows(2) {
        assert!(at(w[0]) < at(w[1]), "`{}` not before `{}`", w[0], w[1]);
    }
    let wrong = rep
        .mtdf
        .rows
        .iter()
        .filter(|r| r.value != rep.mtdf.true_value)
        .count();
    assert!(wrong > 0);
    assert!(
        html.contains(&format!("it is wrong for {wrong} of 3 first guesses")),
        "{html}"
    );
    assert!(!html.contains("**"), "raw Markdown in the page");
    std::fs::remove_dir_all(&dir).unwrap();
}
