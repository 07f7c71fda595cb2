//! Short engine labels: what tables, figures and headlines call an engine. The full spec stays
//! in the Method section and the metadata.
//!
//! An experiment file may give a label next to a spec
//! (`engines = [{ spec = "uci[depth=10]:/usr/games/glaurung", label = "Glaurung d10" }]`); the
//! run saves the file in its metadata (`experiment_source`), so the analysis finds the labels
//! there. An engine without one gets a derived label: its spec without what every spec of the
//! experiment shares ([`derive`]: `chess-aspiration:depth=6,id=on` among other
//! `chess-…:depth=6` specs is `aspiration id=on`).

use super::ExperimentAnalysis;

/// The parts of a spec: split at `:`, `,`, `[`, `]` and `/`.
fn tokens(spec: &str) -> Vec<&str> {
    spec.split([':', ',', '[', ']', '/'])
        .filter(|t| !t.is_empty())
        .collect()
}

/// The prefix up to and including the last `-` that every name shares (`chess-` of
/// `chess-negamax` and `chess-pvs`), empty when there is none.
fn common_dash_prefix(names: &[&str]) -> usize {
    let Some(first) = names.first() else {
        return 0;
    };
    let mut len = first.len();
    for n in &names[1..] {
        len = len.min(
            first
                .bytes()
                .zip(n.bytes())
                .take_while(|(a, b)| a == b)
                .count(),
        );
    }
    // Every name must go on after the prefix, and the prefix end at a dash.
    let prefix = &first[..len];
    match prefix.rfind('-') {
        Some(i) if names.iter().all(|n| n.len() > i + 1) => i + 1,
        _ => 0,
    }
}

/// Short labels of `specs`: each spec without the parts every spec shares (options, path
/// components, a family prefix such as `chess-`), the rest joined by spaces. When nothing is
/// shared, or two labels would be equal or one empty, the specs themselves.
#[must_use]
pub fn derive(specs: &[String]) -> Vec<String> {
    if specs.len() < 2 {
        return specs.to_vec();
    }
    let lists: Vec<Vec<&str>> = specs.iter().map(|s| tokens(s)).collect();
    let shared = |t: &str| lists.iter().all(|l| l.contains(&t));
    let firsts: Vec<&str> = lists.iter().map(|l| l[0]).collect();
    let cut = common_dash_prefix(&firsts);
    let labels: Vec<String> = lists
        .iter()
        .map(|l| {
            let mut kept: Vec<&str> = Vec::new();
            for (i, t) in l.iter().enumerate() {
                if shared(t) {
                    continue;
                }
                kept.push(if i == 0 { &t[cut..] } else { t });
            }
            kept.join(" ")
        })
        .collect();
    let nothing_shared = cut == 0 && lists.iter().all(|l| !l.iter().any(|t| shared(t)));
    let distinct = labels
        .iter()
        .enumerate()
        .all(|(i, l)| !l.is_empty() && !labels[..i].contains(l));
    if nothing_shared || !distinct {
        specs.to_vec()
    } else {
        labels
    }
}

/// The `(spec, label)` pairs an experiment file gives (`engines = [{ spec, label }, ...]`),
/// from the file's text saved in a run's metadata.
#[must_use]
pub fn explicit(source: &str) -> Vec<(String, String)> {
    let Ok(table) = source.parse::<toml::Table>() else {
        return Vec::new();
    };
    let Some(list) = table.get("engines").and_then(|e| e.as_array()) else {
        return Vec::new();
    };
    list.iter()
        .filter_map(|e| {
            let t = e.as_table()?;
            Some((
                t.get("spec")?.as_str()?.to_string(),
                t.get("label")?.as_str()?.to_string(),
            ))
        })
        .collect()
}

/// The label of each of `specs`: its explicit label where `given` has one, else the derived
/// one ([`derive`]); a derived label equal to another engine's label falls back to the spec.
#[must_use]
pub fn labels(specs: &[String], given: &[(String, String)]) -> Vec<String> {
    let derived = derive(specs);
    let mut out: Vec<String> = Vec::with_capacity(specs.len());
    for (s, d) in specs.iter().zip(&derived) {
        match given.iter().find(|(spec, _)| spec == s) {
            Some((_, l)) => out.push(l.clone()),
            None => out.push(d.clone()),
        }
    }
    for i in 0..out.len() {
        let clash = out.iter().enumerate().any(|(j, l)| j != i && *l == out[i]);
        if clash && !given.iter().any(|(s, _)| *s == specs[i]) {
            out[i] = specs[i].clone();
        }
    }
    out
}

/// Rename the engines of `exp` by their labels everywhere the report shows them (engines,
/// baseline, comparisons, distributions, chess tables); `exp.specs` keeps each label's spec.
/// Labels of the options (`--labels`) come before those of the experiment file.
pub fn apply(exp: &mut ExperimentAnalysis) {
    let mut given: Vec<(String, String)> = exp.options.labels.clone();
    given.extend(
        exp.metadata
            .iter()
            .find_map(|(_, v)| v.get("experiment_source")?.as_str().map(explicit))
            .unwrap_or_default(),
    );
    let specs = exp.engines.clone();
    let labels = labels(&specs, &given);
    let label = |s: &str| -> String {
        specs
            .iter()
            .position(|x| x == s)
            .map_or_else(|| s.to_string(), |i| labels[i].clone())
    };
    exp.baseline = label(&exp.baseline);
    for c in &mut exp.comparisons {
        c.baseline = label(&c.baseline);
        c.candidate = label(&c.candidate);
    }
    for d in &mut exp.distributions {
        d.engine = label(&d.engine);
    }
    if let Some(t) = &mut exp.chess {
        for e in &mut t.engines {
            e.engine = label(&e.engine);
        }
        for p in &mut t.agreement {
            p.a = label(&p.a);
            p.b = label(&p.b);
        }
    }
    exp.specs = labels.iter().cloned().zip(specs).collect();
    exp.engines = labels;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn derived_labels_keep_what_differs() {
        assert_eq!(
            derive(&v(&[
                "chess-negamax:depth=6",
                "chess-pvs:depth=6",
                "chess-aspiration:depth=6,id=on",
                "chess-null-window:depth=6",
            ])),
            v(&["negamax", "pvs", "aspiration id=on", "null-window"])
        );
        assert_eq!(
            derive(&v(&[
                "uci[depth=10]:/usr/games/stockfish",
                "uci[depth=10]:/usr/games/glaurung",
            ])),
            v(&["stockfish", "glaurung"])
        );
        // Nothing shared: the specs as they are.
        let plain = v(&["negamax:tt=20", "mtdf", "pvs"]);
        assert_eq!(derive(&plain), plain);
        // Two labels would be equal (options in another order): the specs.
        let same = v(&["a:x=1,y=2", "a:y=2,x=1"]);
        assert_eq!(derive(&same), same);
    }

    #[test]
    fn explicit_labels_come_first() {
        let source = r#"
engines = [
    { spec = "uci[depth=10]:/usr/games/glaurung", label = "Glaurung d10" },
    "uci[depth=10]:/usr/games/stockfish",
]"#;
        let given = explicit(source);
        assert_eq!(
            given,
            vec![(
                "uci[depth=10]:/usr/games/glaurung".to_string(),
                "Glaurung d10".to_string()
            )]
        );
        let specs = v(&[
            "uci[depth=10]:/usr/games/glaurung",
            "uci[depth=10]:/usr/games/stockfish",
        ]);
        assert_eq!(labels(&specs, &given), v(&["Glaurung d10", "stockfish"]));
    }
}
