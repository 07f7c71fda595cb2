//! The module graph stays layered: a top-level module of `src/` names (through `crate::` paths)
//! only modules of lower layers, as [`treebench::LAYERS`] lists them, and no source file is over
//! 700 lines.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const MAX_LINES: usize = 700;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// Code without `//` comments (doc links name modules without importing them).
fn strip_comments(text: &str) -> String {
    text.lines()
        .map(|l| l.split_once("//").map_or(l, |(code, _)| code))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The top-level modules a file names: `crate::x` and the first names inside `crate::{..}`.
fn named_modules(code: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        let before = rest[..i].chars().last();
        rest = &rest[i + "crate::".len()..];
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue; // e.g. `$crate::`
        }
        if let Some(group) = rest.strip_prefix('{') {
            // use crate::{a::X, b, c::{..}}: the names at depth 1 after `{` or `,`
            let (mut depth, mut expect) = (1, true);
            for (j, ch) in group.char_indices() {
                match ch {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    ',' if depth == 1 => expect = true,
                    c if expect && depth == 1 && (c.is_ascii_lowercase() || c == '_') => {
                        names.insert(ident(&group[j..]));
                        expect = false;
                    }
                    c if !c.is_whitespace() => expect = false,
                    _ => {}
                }
            }
        } else {
            let name = ident(rest);
            if !name.is_empty() {
                names.insert(name);
            }
        }
    }
    names
}

#[test]
fn top_level_modules_import_only_lower_layers() {
    let layer_of = |m: &str| treebench::LAYERS.iter().position(|l| l.contains(&m));
    let mut files = Vec::new();
    rust_files(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src").as_path(),
        &mut files,
    );
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut errors = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(&src).unwrap();
        let text = std::fs::read_to_string(f).unwrap();
        let lines = text.lines().count();
        if lines > MAX_LINES {
            errors.push(format!(
                "src/{} has {lines} lines (at most {MAX_LINES})",
                rel.display()
            ));
        }
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let top = first.trim_end_matches(".rs").to_string();
        if top == "lib" || top == "main" {
            continue;
        }
        let Some(own) = layer_of(&top) else {
            errors.push(format!(
                "top-level module `{top}` is missing from treebench::LAYERS"
            ));
            continue;
        };
        for name in named_modules(&strip_comments(&text)) {
            if name == top || name == "self" || name == "super" {
                continue;
            }
            match layer_of(&name) {
                Some(l) if l < own => {}
                Some(l) => errors.push(format!(
                    "src/{} ({top}, layer {own}) names crate::{name} (layer {l}): only lower layers may be named",
                    rel.display()
                )),
                None => errors.push(format!(
                    "src/{} names crate::{name}, which is not in treebench::LAYERS",
                    rel.display()
                )),
            }
        }
    }
    assert!(errors.is_empty(), "layering broken:\n{}", errors.join("\n"));
}

#[test]
fn the_parser_finds_grouped_and_plain_paths() {
    let code = "use crate::{game::X, engine, runner::{a, b}};\nlet x = crate::stats::f();";
    let got: Vec<_> = named_modules(code).into_iter().collect();
    assert_eq!(got, ["engine", "game", "runner", "stats"]);
}
