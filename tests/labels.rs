//! Every comparison names both sides, and a missing number is "n/a": the report of a 4-engine
//! experiment (all 6 pairs, 3 baselines) with one engine that reports no nodes.

#![cfg(feature = "analysis")]

#[allow(dead_code)] // not every helper is used here
mod common;

use std::path::Path;

use treebench::analysis::synthetic::{write_synthetic, SyntheticSpec};
use treebench::render::report::write_report;

/// Empty the `nodes` field (column 10) of `engine`'s rows: an engine that reports none.
fn drop_nodes(path: &Path, engine: &str) {
    let rows: Vec<Vec<String>> = common::csv_rows(path)
        .into_iter()
        .map(|mut f| {
            if f[5] == engine {
                f[9].clear();
            }
            f
        })
        .collect();
    common::write_csv_rows(path, &rows);
}

/// The Markdown tables of a README section: (title, first-column cells).
fn summary_tables(readme: &str) -> Vec<(String, Vec<String>)> {
    let summary = readme.split("## Summary").nth(1).unwrap();
    // The summary tables end at the next figure (the other baselines' speed-up) or section.
    let summary = summary.split("## Results").next().unwrap();
    let summary = summary.split("\n![").next().unwrap();
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for line in summary.lines() {
        if line.starts_with("**") || (!line.starts_with('|') && line.contains("speed-up over")) {
            out.push((line.to_string(), Vec::new()));
        } else if line.starts_with("| ") && !line.starts_with("| comparison") {
            let cell = line.split('|').nth(1).unwrap().trim().replace('\\', "");
            if let Some(t) = out.last_mut() {
                t.1.push(cell);
            }
        }
    }
    out
}

#[test]
fn four_engines_every_label_true_and_missing_nodes_na() {
    let dir = common::scratch("labels-four");
    let path = dir.join("four.csv");
    let spec = SyntheticSpec {
        experiment: "four".into(),
        positions_per_ply: 12,
        plies: 8..=10,
        engines: vec![
            ("negamax".into(), 1.0, 1.0),
            ("mtdf".into(), 1.5, 1.2),
            ("pvs".into(), 1.2, 1.1),
            ("nonodes".into(), 0.8, 1.0),
        ],
        ..SyntheticSpec::default()
    };
    write_synthetic(&path, &spec).unwrap();
    drop_nodes(&path, "nonodes");
    let w = write_report(&[path], &dir.join("report")).unwrap();
    let readme = std::fs::read_to_string(&w[0].readme).unwrap();

    // The header lists each engine once and every comparison with both sides.
    let header = readme.lines().find(|l| l.contains("Engines: ")).unwrap();
    assert!(
        header.contains("Engines: `negamax`, `mtdf`, `pvs`, `nonodes`"),
        "{header}"
    );
    for pair in [
        "`mtdf` vs `negamax`",
        "`nonodes` vs `pvs`",
        "`pvs` vs `mtdf`",
    ] {
        assert!(header.contains(pair), "{pair}: {header}");
    }
    // One summary table per baseline; each holds only comparisons against its baseline.
    let tables = summary_tables(&readme);
    assert_eq!(tables.len(), 3, "{tables:?}");
    for (title, rows) in &tables {
        let base = title.split("speed-up over ").nth(1).unwrap();
        let base = base.split(' ').next().unwrap();
        assert!(!rows.is_empty(), "{title}");
        for r in rows {
            assert!(r.ends_with(&format!(" vs {base}")), "{title}: row {r}");
        }
    }
    // Headlines name both sides.
    let head = readme.split("## Headline").nth(1).unwrap();
    let head = head.split("## Summary").next().unwrap();
    assert_eq!(head.lines().filter(|l| l.starts_with("- ")).count(), 6);
    for l in head.lines().filter(|l| l.starts_with("- ")) {
        assert!(l.contains(" vs "), "{l}");
    }
    // Missing nodes: n/a, never inf or a 0 ratio.
    assert!(!readme.contains("inf"), "inf in the report");
    assert!(readme.contains("nodes n/a (not reported)"), "headline n/a");
    assert!(!readme.contains("| 0.00 |"), "a 0.00 for a missing number");
    // Figures: one speed-up figure per baseline, the baseline named once in its title and the
    // candidates in the legend (issue 41); the time-per-node figure has one entry per engine
    // that reports nodes.
    let svg = |stem: &str| std::fs::read_to_string(w[0].dir.join(format!("{stem}.svg"))).unwrap();
    let first = svg("four_speedup");
    assert!(first.contains("speed-up over negamax") && first.contains(">\nmtdf\n<"));
    assert!(!first.contains("over mtdf"));
    let over_mtdf = svg("four_speedup_over_mtdf");
    assert!(over_mtdf.contains("speed-up over mtdf") && over_mtdf.contains(">\npvs\n<"));
    assert!(
        !over_mtdf.contains(">\nmtdf\n<"),
        "the baseline is not a legend entry"
    );
    let tpn = svg("four_time_per_node");
    for e in ["negamax", "mtdf", "pvs"] {
        assert_eq!(
            tpn.matches(&format!(">\n{e}\n<")).count(),
            1,
            "{e} in the legend once"
        );
    }
    assert!(
        !tpn.contains("nonodes"),
        "an engine without nodes is not plotted"
    );
    assert!(!w[0]
        .dir
        .join("nonodes_vs_negamax_node_scatter.svg")
        .exists());
    // The CSV of a comparison with the engine: nodes empty, not 0 or inf.
    let csv = std::fs::read_to_string(w[0].dir.join("nonodes_vs_negamax.csv")).unwrap();
    assert!(!csv.contains("inf"), "{csv}");
}
