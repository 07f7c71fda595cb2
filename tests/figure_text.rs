//! Figures a journal prints as they are (issue 41): every `<text>` of every figure kind lies
//! inside its canvas and no two overlap, measured as plotters places them (the embedded font's
//! advance widths, the anchor of `text-anchor` and `dy`, the rotation of `transform`); each
//! series has its own marker and colour; more than twelve candidates split the speed-up figure.

#![cfg(feature = "analysis")]

mod common;

use std::path::Path;

use treebench::analysis::synthetic::{write_synthetic, SyntheticSpec};
use treebench::analysis::{analyze, Analysis, AnalyzeOptions};
use treebench::engine::registry;
use treebench::render::plot::style::{text_width, MAX_SERIES};
use treebench::render::plot::{
    experiment_figures, render_svg, Convergence, DriverRun, Figure, Speedup,
};

/// One text element's box in canvas pixels.
#[derive(Debug)]
struct TextBox {
    text: String,
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

/// The value of attribute `name` in the attributes `tag`.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let at = tag.find(&key)? + key.len();
    tag[at..].split('"').next()
}

fn num(tag: &str, name: &str) -> f64 {
    attr(tag, name)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no numeric {name} in {tag}"))
}

/// The SVG's canvas size.
fn canvas(svg: &str) -> (f64, f64) {
    let head = svg.split('>').next().unwrap();
    (num(head, "width"), num(head, "height"))
}

/// Every `<text>` of `svg` as the box it covers: width from the embedded font at the SVG's
/// font size (plotters writes its size / 1.24), height one em, placed by anchor and dy, turned
/// by a `rotate(270|90, x, y)`.
fn text_boxes(svg: &str) -> Vec<TextBox> {
    let mut out = Vec::new();
    for part in svg.split("<text").skip(1) {
        let (tag, rest) = part.split_once('>').unwrap();
        let text = rest.split("</text>").next().unwrap().trim();
        let text = text
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&amp;", "&");
        if text.is_empty() {
            continue;
        }
        let (x, y, px) = (num(tag, "x"), num(tag, "y"), num(tag, "font-size"));
        let w = f64::from(text_width(&text, (px * 1.24).round() as u32));
        let (a, b) = match attr(tag, "text-anchor") {
            Some("middle") => (-w / 2.0, w / 2.0),
            Some("end") => (-w, 0.0),
            _ => (0.0, w),
        };
        // The em box around the baseline (0.76 em above, 0.24 below), from dy.
        let baseline = match attr(tag, "dy") {
            Some("0.76em") => 0.76 * px,
            Some("0.5ex") => 0.27 * px,
            Some("-0.5ex") => -0.27 * px,
            _ => 0.0,
        };
        let (c, d) = (baseline - 0.76 * px, baseline + 0.24 * px);
        let (x0, x1, y0, y1) = match attr(tag, "transform") {
            // rotate(270) about (x, y): local (dx, dy) goes to (dy, -dx).
            Some(t) if t.starts_with("rotate(270") => (x + c, x + d, y - b, y - a),
            Some(t) if t.starts_with("rotate(90") => (x - d, x - c, y + a, y + b),
            Some(t) => panic!("unexpected transform {t}"),
            None => (x + a, x + b, y + c, y + d),
        };
        out.push(TextBox {
            text,
            x0,
            y0,
            x1,
            y1,
        });
    }
    out
}

/// What is wrong with the text of `svg`: boxes outside the canvas, pairs that overlap.
fn text_problems(name: &str, svg: &str) -> Vec<String> {
    let (w, h) = canvas(svg);
    let boxes = text_boxes(svg);
    let mut out = Vec::new();
    for b in &boxes {
        if b.x0 < -0.5 || b.y0 < -0.5 || b.x1 > w + 0.5 || b.y1 > h + 0.5 {
            out.push(format!(
                "{name}: `{}` outside the {w}×{h} canvas: {b:?}",
                b.text
            ));
        }
    }
    for (i, p) in boxes.iter().enumerate() {
        for q in &boxes[i + 1..] {
            let dx = p.x1.min(q.x1) - p.x0.max(q.x0);
            let dy = p.y1.min(q.y1) - p.y0.max(q.y0);
            if dx > 1.0 && dy > 1.0 {
                out.push(format!("{name}: `{}` overlaps `{}`", p.text, q.text));
            }
        }
    }
    out
}

/// The (fill colour, shape) of each legend-sized marker of `svg`: circles and rects of the
/// legend swatches are not told apart from plot points, so this counts distinct pairs among
/// filled markers drawn right of a legend line (the legend is drawn first).
fn markers(svg: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for el in svg.split('<').skip(1) {
        let kind = el.split([' ', '>']).next().unwrap_or("");
        if !["circle", "rect", "polygon", "polyline"].contains(&kind) {
            continue;
        }
        let colour = attr(el, "fill")
            .filter(|f| *f != "none")
            .or_else(|| attr(el, "stroke"))
            .unwrap_or("")
            .to_string();
        let shape = match kind {
            "polygon" => format!(
                "polygon{}",
                attr(el, "points").unwrap_or("").split_whitespace().count()
            ),
            k => format!(
                "{k}{}",
                attr(el, "fill").map_or("", |f| if f == "none" { "-open" } else { "" })
            ),
        };
        out.push((colour, shape));
    }
    out
}

fn spec(name: &str, engines: usize) -> SyntheticSpec {
    SyntheticSpec {
        experiment: name.into(),
        positions_per_ply: 6,
        plies: 8..=12,
        engines: (0..engines)
            .map(|k| {
                // Nothing shared by every spec: the labels are the long specs themselves.
                let spec = match k {
                    0 => "negamax:tt=20".to_string(),
                    k => format!("chess-aspiration:depth={k},id=on,window={}", 10 * k),
                };
                (spec, 1.0 + 0.1 * k as f64, 1.0 + 0.05 * k as f64)
            })
            .collect(),
        ..SyntheticSpec::default()
    }
}

fn analysis_of(dir: &Path, spec: &SyntheticSpec) -> Analysis {
    let path = dir.join(format!("{}.csv", spec.experiment));
    write_synthetic(&path, spec).unwrap();
    analyze(&[path], &AnalyzeOptions::default()).unwrap()
}

fn check(figure: &dyn Figure, problems: &mut Vec<String>) {
    let svg = render_svg(figure).unwrap();
    problems.extend(text_problems(&figure.stem(), &svg));
}

#[test]
fn no_text_outside_the_canvas_or_overlapping_in_any_experiment_figure() {
    let dir = common::scratch("figure-text");
    let mut problems = Vec::new();
    // Three engines (legend below the plot) and twelve with long specs (legend beside it).
    for (name, n) in [("three", 3), ("twelve-engines-with-long-specs", MAX_SERIES)] {
        let a = analysis_of(&dir, &spec(name, n));
        let figures = experiment_figures(&a, &a.experiments[0]).unwrap();
        assert!(figures.len() >= 5, "{name}: {} figures", figures.len());
        for f in figures {
            check(f.as_ref(), &mut problems);
        }
    }
    let mut runs = Vec::new();
    for spec in ["mtdf", "negamax", "pvs", "sss", "dual"] {
        let mut e = registry::build(spec).unwrap();
        let s = e.solve("44536123312").unwrap();
        runs.push(DriverRun {
            engine: e.spec(),
            probes: e.probes().to_vec(),
            score: s.score,
            nodes: s.nodes,
        });
    }
    check(
        &Convergence::new("44536123312", (-15, 16), runs),
        &mut problems,
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_checker_sees_clipped_and_overlapping_text() {
    let svg = r#"<svg width="100" height="50" viewBox="0 0 100 50">
<text x="2" y="2" dy="0.76em" text-anchor="start" font-family="sans-serif" font-size="11.29">a long label that runs off</text>
<text x="10" y="4" dy="0.76em" text-anchor="start" font-family="sans-serif" font-size="11.29">over</text>
<text x="8" y="40" dy="0.76em" text-anchor="middle" font-family="sans-serif" font-size="12" transform="rotate(270, 8, 40)">vertical</text>
</svg>"#;
    let p = text_problems("t", svg);
    assert!(
        p.iter()
            .any(|l| l.contains("`a long label that runs off` outside")),
        "{p:?}"
    );
    assert!(p.iter().any(|l| l.contains("overlaps `over`")), "{p:?}");
    assert!(p.iter().any(|l| l.contains("`vertical` outside")), "{p:?}");
}

#[test]
fn each_series_of_the_speedup_has_its_own_marker_and_colour() {
    let dir = common::scratch("figure-markers");
    let a = analysis_of(&dir, &spec("markers", 9));
    let fig = Speedup::new(&a.experiments[0]);
    let svg = render_svg(&fig).unwrap();
    // Filled markers (crosses and pluses are strokes, left out; the grey arrowheads of cut
    // intervals too): each colour is drawn with one shape, and no two colours share it.
    let mut by_colour: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> =
        Default::default();
    for (c, s) in markers(&svg) {
        if !s.starts_with("polyline") && c != "#5A5A5A" && c != "#FFFFFF" && c != "#000000" {
            by_colour.entry(c).or_default().insert(s);
        }
    }
    assert!(by_colour.len() >= 6, "{by_colour:?}");
    for (c, shapes) in &by_colour {
        assert_eq!(
            shapes.len(),
            1,
            "{c} drawn with several shapes: {by_colour:?}"
        );
    }
    // The legend names the candidates only; the baseline is in the title, once.
    assert_eq!(svg.matches("negamax:tt=20").count(), 1, "baseline repeated");
}

#[test]
fn more_than_twelve_candidates_split_the_speedup_figure() {
    let dir = common::scratch("figure-split");
    let a = analysis_of(&dir, &spec("split", MAX_SERIES + 3));
    let parts = Speedup::all(&a.experiments[0]);
    assert_eq!(parts.len(), 2, "14 candidates: two parts");
    let stems: Vec<String> = parts.iter().map(|f| f.stem()).collect();
    assert_eq!(stems, ["split_speedup", "split_speedup_part2"]);
    assert!(parts[1].title().contains("(part 2)"));
    let mut problems = Vec::new();
    for f in &parts {
        check(f, &mut problems);
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
