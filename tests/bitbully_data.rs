//! tests/data/bitbully_scores.txt (BitBully-scored random positions): format, legality, score
//! range, and agreement with BitBully's opening books on its 8- and 12-ply positions.

mod common;

use std::collections::BTreeMap;

use treebench::verify::book::{columns_of, Book, BookKind};

const DATA: &str = include_str!("data/bitbully_scores.txt");

fn rows() -> Vec<(&'static str, i32)> {
    DATA.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut f = l.split_whitespace();
            let moves = f.next().expect("moves");
            let score = f.next().expect("score").parse().expect("integer score");
            assert!(f.next().is_none(), "extra field in {l:?}");
            (moves, score)
        })
        .collect()
}

#[test]
fn header_and_format() {
    let first = DATA.lines().next().unwrap();
    assert!(
        first.starts_with("# generator=scripts/gen_bitbully_positions.py"),
        "{first}"
    );
    assert!(first.contains("bitbully=0.0.79"), "{first}");
    let rows = rows();
    assert!(rows.len() >= 300, "{} positions", rows.len());
    let mut per_ply: BTreeMap<usize, usize> = BTreeMap::new();
    for &(moves, score) in &rows {
        columns_of(moves).unwrap_or_else(|e| panic!("{e}"));
        let n = moves.len();
        *per_ply.entry(n).or_default() += 1;
        assert!((6..=36).contains(&n), "{moves}");
        // A win scores at most the immediate win (43 − n)/2; a loss at least −(42 − n)/2.
        let max = (43 - n as i32) / 2;
        assert!(
            score <= max && score >= -(42 - n as i32) / 2,
            "{moves} {score}"
        );
    }
    assert_eq!(per_ply.len(), 31, "every ply 6..=36 present: {per_ply:?}");
}

#[test]
fn agrees_with_the_books() {
    for kind in [BookKind::Ply8, BookKind::Ply12, BookKind::Ply12Distances] {
        let path = match Book::locate(kind) {
            Ok(path) => path,
            Err(e) => {
                common::oracle_missing(&e.to_string());
                return;
            }
        };
        let book = Book::open(&path, kind).unwrap();
        let mut checked = 0;
        for (moves, score) in rows() {
            if moves.len() == kind.plies() {
                let v = book.lookup(moves).unwrap();
                assert!(
                    v.agrees_with(score),
                    "{kind} {moves}: book {v:?}, BitBully {score}"
                );
                checked += 1;
            }
        }
        assert!(checked > 0, "{kind}: no position of {} plies", kind.plies());
    }
}
