//! Figures for print: every figure in three valid formats (SVG that parses, 300-dpi PNG, PDF),
//! readable text at the text width, labelled log axes, ticks only where there are data, clipped
//! intervals, and the probe figures.

mod common;

use std::path::{Path, PathBuf};

use treebench::analysis::synthetic::{write_synthetic, SyntheticSpec};
use treebench::analysis::{analyze, AnalyzeOptions};
use treebench::engine::registry;
use treebench::render::plot::export::{parse, PNG_DPI, SVG_DPI};
use treebench::render::plot::style::PRINT_WIDTH_IN;
use treebench::render::plot::{
    render_svg, write_figure, write_figures, Convergence, DriverRun, Figure, Speedup,
};

fn spec(name: &str) -> SyntheticSpec {
    SyntheticSpec {
        experiment: name.into(),
        positions_per_ply: 10,
        plies: 8..=11,
        engines: vec![
            ("negamax".into(), 1.0, 1.0),
            ("mtdf".into(), 2.0, 1.2),
            ("pvs".into(), 1.3, 0.9),
        ],
        ..SyntheticSpec::default()
    }
}

fn synthetic(dir: &Path, spec: &SyntheticSpec) -> PathBuf {
    let path = dir.join(format!("{}.csv", spec.experiment));
    write_synthetic(&path, spec).unwrap();
    path
}

/// `(x, y unit, xppu)` of the PNG's pHYs chunk.
fn png_phys(png: &[u8]) -> Option<(u32, u32, u8)> {
    let at = png.windows(4).position(|w| w == b"pHYs")? + 4;
    let u = |i: usize| u32::from_be_bytes(png[at + i..at + i + 4].try_into().unwrap());
    Some((u(0), u(4), png[at + 8]))
}

/// The contents of the SVG's `<text>` elements with the given `text-anchor`.
fn texts(svg: &str, anchor: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter(|t| t.contains(&format!("text-anchor=\"{anchor}\"")))
        .filter_map(|t| {
            let body = t.split_once('>')?.1;
            Some(body.split("</text>").next()?.trim().to_string())
        })
        .collect()
}

/// The numeric y tick labels of a figure (right-aligned numbers).
fn y_tick_values(svg: &str) -> Vec<f64> {
    texts(svg, "end")
        .iter()
        .filter_map(|t| t.parse::<f64>().ok())
        .collect()
}

/// The x tick labels (centred, one short word).
fn x_tick_labels(svg: &str) -> Vec<String> {
    texts(svg, "middle")
        .into_iter()
        .filter(|t| t.len() <= 4)
        .collect()
}

#[test]
fn every_figure_is_written_as_valid_svg_png_and_pdf() {
    let dir = common::scratch("figures-formats");
    let results = synthetic(&dir, &spec("print"));
    let a = analyze(&[results], &AnalyzeOptions::default()).unwrap();
    let written = write_figures(&a, &dir.join("out")).unwrap();
    let stems: Vec<String> = written
        .iter()
        .map(|f| f.svg.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    for want in [
        "print_speedup",
        "mtdf_vs_negamax_ratio",
        "pvs_vs_negamax_ratio",
        "mtdf_vs_negamax_time_scatter",
        "pvs_vs_negamax_node_scatter",
        "print_time_per_node",
        "print_time_distribution",
        "print_probes",
    ] {
        assert!(stems.iter().any(|s| s == want), "{want} missing: {stems:?}");
    }
    for f in &written {
        let svg = std::fs::read_to_string(&f.svg).unwrap();
        let tree = parse("test", &svg).unwrap_or_else(|e| panic!("{}: {e}", f.svg.display()));
        let png = std::fs::read(&f.png).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{}", f.png.display());
        assert_eq!(
            png_phys(&png),
            Some((11_811, 11_811, 1)),
            "{}",
            f.png.display()
        );
        // 300 dpi: the PNG's width is the SVG's width in inches × 300.
        let png_width = u32::from_be_bytes(png[16..20].try_into().unwrap());
        let want = (f64::from(tree.size().width()) / SVG_DPI * PNG_DPI).round() as u32;
        assert_eq!(png_width, want, "{}", f.png.display());
        let pdf = std::fs::read(&f.pdf).unwrap();
        assert!(pdf.starts_with(b"%PDF-"), "{}", f.pdf.display());
        assert!(
            String::from_utf8_lossy(&pdf).contains("FontFile"),
            "{}: the font is not embedded",
            f.pdf.display()
        );
    }
}

#[test]
fn text_is_at_least_8_pt_at_the_text_width() {
    let dir = common::scratch("figures-text");
    let results = synthetic(&dir, &spec("sizes"));
    let a = analyze(&[results], &AnalyzeOptions::default()).unwrap();
    for f in treebench::render::plot::experiment_figures(&a, &a.experiments[0]).unwrap() {
        let svg = render_svg(f.as_ref()).unwrap();
        let width = f64::from(f.size().0);
        let pt_per_unit = PRINT_WIDTH_IN * 72.0 / width;
        let smallest = svg
            .split("font-size=\"")
            .skip(1)
            .filter_map(|s| s.split('"').next()?.parse::<f64>().ok())
            .fold(f64::INFINITY, f64::min);
        assert!(smallest.is_finite(), "{}: no text", f.stem());
        assert!(
            smallest * pt_per_unit >= 8.0,
            "{}: {smallest} units = {:.2} pt at {PRINT_WIDTH_IN} in",
            f.stem(),
            smallest * pt_per_unit
        );
    }
}

#[test]
fn speedup_labels_several_y_values_and_only_plies_with_data() {
    let dir = common::scratch("figures-speedup");
    let mut s = spec("gaps");
    s.plies = 8..=14;
    let path = synthetic(&dir, &s);
    // Keep plies 8, 9, 12 and 14 only.
    let kept: Vec<Vec<String>> = common::csv_rows(&path)
        .into_iter()
        .filter(|r| ["ply", "8", "9", "12", "14"].contains(&r[2].as_str()))
        .collect();
    common::write_csv_rows(&path, &kept);
    let mut a = analyze(&[path], &AnalyzeOptions::default()).unwrap();
    let fig = Speedup::new(&a.experiments[0]);
    let svg = render_svg(&fig).unwrap();
    let y = y_tick_values(&svg);
    assert!(y.len() >= 3, "y tick labels: {y:?}");
    let mut x = x_tick_labels(&svg);
    x.retain(|t| t.parse::<u32>().is_ok() || t == "all");
    assert_eq!(x, ["8", "9", "12", "14", "all"]);
    let cut_before = fig.cut_ends();

    // One very wide interval is cut at the axis instead of squashing the others.
    let exp = &mut a.experiments[0];
    let e = exp.comparisons[0].rows[1].effect.as_mut().unwrap();
    e.ci = (e.speedup / 1e4, e.speedup * 1e4);
    let fig = Speedup::new(&a.experiments[0]);
    let svg = render_svg(&fig).unwrap();
    assert_eq!(fig.cut_ends(), cut_before + 2);
    assert!(fig.description().contains("interval ends are cut"));
    assert!(svg.contains("interval cut at the axis"));
    let y = y_tick_values(&svg);
    assert!(y.len() >= 3, "y tick labels: {y:?}");
    let (lo, hi) = (y[0].min(y[y.len() - 1]), y[0].max(y[y.len() - 1]));
    assert!(
        lo > 1e-2 && hi < 1e2,
        "the axis follows the wide interval: {y:?}"
    );
}

#[test]
fn convergence_figure_of_two_drivers() {
    let dir = common::scratch("figures-convergence");
    let mut runs = Vec::new();
    for spec in ["mtdf", "negamax"] {
        let mut e = registry::build(spec).unwrap();
        let s = e.solve("44536123312").unwrap();
        runs.push(DriverRun {
            engine: e.spec(),
            probes: e.probes().to_vec(),
            score: s.score,
            nodes: s.nodes,
        });
    }
    assert!(
        runs[0].probes.len() >= 2,
        "mtdf probes: {:?}",
        runs[0].probes
    );
    let fig = Convergence::new("44536123312", (-15, 16), runs);
    let (w, svg) = write_figure(&fig, &dir).unwrap();
    assert!(svg.contains("mtdf:") && svg.contains("negamax:"));
    assert!(svg.contains("scores still possible"));
    for p in [&w.svg, &w.png, &w.pdf] {
        assert!(
            std::fs::metadata(p).unwrap().len() > 1000,
            "{}",
            p.display()
        );
    }
}

#[test]
fn probes_command_writes_the_trace_and_the_figure() {
    let dir = common::scratch("figures-probes-cli");
    let out = common::run(
        &dir,
        &[
            "probes",
            "44536123312",
            "--engines",
            "mtdf,sss",
            "--out",
            "p",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let file = dir.join("p/convergence_44536123312.csv");
    let csv = std::fs::read_to_string(&file).unwrap();
    let rows: Vec<Vec<String>> = common::csv_rows(&file).into_iter().skip(1).collect();
    for engine in ["mtdf", "sss"] {
        let mine: Vec<&Vec<String>> = rows.iter().filter(|r| r[0] == engine).collect();
        assert!(mine.len() >= 2, "{engine}: {csv}");
        let last = mine.last().unwrap();
        assert_eq!(last[7], last[8], "{engine} ends on one score: {csv}");
    }
    for ext in ["svg", "png", "pdf"] {
        assert!(dir
            .join(format!("p/convergence_44536123312.{ext}"))
            .exists());
    }
    // The page: the headline (the drivers agree, each one's probes as in the trace) beside the
    // figure, the drivers' table in every format, the appendix.
    let html = std::fs::read_to_string(dir.join("p/index.html")).unwrap();
    let probes = |e: &str| rows.iter().filter(|r| r[0] == e).count();
    for want in [
        "Every driver (2) gives the score".to_string(),
        format!("<code>mtdf</code>: {} probes,", probes("mtdf")),
        format!("<code>sss</code>: {} probes,", probes("sss")),
        "id=\"headline\"".to_string(),
        "<svg".to_string(),
        "<h2 id=\"appendix\">".to_string(),
    ] {
        assert!(html.contains(&want), "no `{want}` in the page");
    }
    assert!(html.find("id=\"headline\"") < html.find("<h2 id=\"results\">"));
    for ext in ["csv", "md", "tex", "txt"] {
        assert!(dir
            .join(format!("p/convergence_44536123312_drivers.{ext}"))
            .exists());
    }
    let bad = common::run(&dir, &["probes", "44536123312", "--engines", "nosuch"]);
    assert!(!bad.status.success());
}

#[test]
fn threads_command_writes_the_scaling_figure() {
    let dir = common::scratch("figures-threads-cli");
    let out = common::run(
        &dir,
        &[
            "threads",
            "--threads",
            "1,2",
            "--ply",
            "14",
            "--count",
            "2",
            "--repeats",
            "1",
            "--csv",
            "t.csv",
            "--figure",
            "f",
            "--report",
            "r",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows: Vec<Vec<String>> = common::csv_rows(&dir.join("t.csv"))
        .into_iter()
        .skip(1)
        .collect();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!((rows[0][0].as_str(), rows[0][2].as_str()), ("1", "1.0000"));
    let svg = std::fs::read_to_string(dir.join("f/threads.svg")).unwrap();
    parse("threads", &svg).unwrap();
    let ticks = x_tick_labels(&svg);
    assert!(ticks.contains(&"1".to_string()) && ticks.contains(&"2".to_string()));
    let png = std::fs::read(dir.join("f/threads.png")).unwrap();
    assert!(png_phys(&png).is_some());
    assert!(std::fs::read(dir.join("f/threads.pdf"))
        .unwrap()
        .starts_with(b"%PDF"));
    // The page: the headline with the measured speed-up (the CSV's, to 2 decimals) beside the
    // figure, the table in every format, the machine with its raw metadata linked.
    let html = std::fs::read_to_string(dir.join("r/index.html")).unwrap();
    // The CSV keeps 4 decimals and the headline 2 of the unrounded value, so the two agree to
    // the headline's rounding (rounding the CSV's value again could differ in the last digit).
    let speedup: f64 = rows[1][2].parse().unwrap();
    let said = html
        .split_once("at 2 threads: ")
        .and_then(|(_, rest)| rest.split_once("× the speed of 1 thread"))
        .map(|(x, _)| x.parse::<f64>().unwrap())
        .expect("the headline names the speed at 2 threads");
    assert!(
        (said - speedup).abs() <= 0.005 + 5e-5,
        "headline {said} against the CSV's {speedup}"
    );
    for want in [
        "id=\"headline\"".to_string(),
        "<h3 id=\"machine\">".into(),
        "href=\"threads.meta.json\"".into(),
    ] {
        assert!(html.contains(&want), "no `{want}` in the page");
    }
    for f in [
        "threads.svg",
        "threads.csv",
        "threads.tex",
        "threads.meta.json",
    ] {
        assert!(dir.join("r").join(f).exists(), "{f}");
    }
    let csv = common::csv_rows(&dir.join("r/threads.csv"));
    assert_eq!(
        csv[2][2], rows[1][2],
        "the page's table is the measured one"
    );
}
