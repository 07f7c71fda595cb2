//! BitBully opening books read natively: record counts, sortedness, lookups confirmed with
//! BitBully's solver (book off), mirror lookups, decoding and sampling.
//!
//! Needs the files of `pip install bitbully-databases==0.0.2` (scripts/setup-oracles.sh). Without
//! them each test fails, unless TREEBENCH_REQUIRE_ORACLES=0, where it prints `SKIPPED: ...`
//! (see `common::oracle_missing`).

mod common;

use std::sync::OnceLock;

use treebench::verify::book::{columns_of, moves_for, Book, BookKind, BookValue, Columns};

fn load(kind: BookKind) -> Option<Book> {
    match Book::locate(kind) {
        Ok(path) => Some(Book::open(&path, kind).unwrap_or_else(|e| panic!("{e}"))),
        Err(_) => None,
    }
}

fn book(kind: BookKind) -> Option<&'static Book> {
    static B8: OnceLock<Option<Book>> = OnceLock::new();
    static B12: OnceLock<Option<Book>> = OnceLock::new();
    static BD: OnceLock<Option<Book>> = OnceLock::new();
    let cell = match kind {
        BookKind::Ply8 => &B8,
        BookKind::Ply12 => &B12,
        BookKind::Ply12Distances => &BD,
    };
    let b = cell.get_or_init(|| load(kind)).as_ref();
    if b.is_none() {
        let e = Book::locate(kind)
            .err()
            .map_or(String::new(), |e| e.to_string());
        common::oracle_missing(&e);
    }
    b
}

/// Columns 1..7 given bottom→top, `x` = side to move, `o` = opponent.
fn cols(spec: [&str; 7]) -> Columns {
    Columns(spec.map(|c| c.chars().map(|ch| ch == 'x').collect()))
}

#[test]
fn record_counts_and_sorted_keys() {
    for kind in BookKind::ALL {
        let Some(b) = book(kind) else { return };
        assert_eq!(b.len(), kind.expected_len(), "{kind}");
        let mut prev = None;
        for e in b.entries() {
            if let Some(p) = prev {
                assert!(p < e.key, "{kind}: {p:#x} then {:#x}", e.key);
            }
            prev = Some(e.key);
            // The books store no wins: those are the positions they leave out.
            assert_ne!(e.value, BookValue::Win);
        }
        // The 12-ply keys use the sign bit (a stone in column 1 makes them negative).
        if kind.plies() == 12 {
            assert!(b.entry(0).unwrap().key < 0);
            assert!(b.entry(b.len() - 1).unwrap().key > 0);
        }
    }
}

/// Random 12-ply positions scored by BitBully 0.0.79 (`mtdf`, book off, table reset), with where
/// the distance book holds them. `absent` ones are immediate wins for the side to move.
const TWELVE: [(&str, i32, &str); 12] = [
    ("667453371241", 11, "direct"),
    ("653144147264", -6, "mirror"),
    ("433624134655", -4, "direct"),
    ("435544414672", 7, "direct"),
    ("554723621325", -2, "mirror"),
    ("221775722525", -8, "direct"),
    ("345167233276", 0, "direct"),
    ("737716621333", 4, "mirror"),
    ("754752154344", 10, "mirror"),
    ("115465226223", 2, "mirror"),
    ("725366747556", 15, "absent"),
    ("161666272412", 15, "absent"),
];

#[test]
fn twelve_ply_distance_lookups_match_bitbully() {
    let Some(b) = book(BookKind::Ply12Distances) else {
        return;
    };
    for (moves, score, stored) in TWELVE {
        assert_eq!(b.lookup(moves).unwrap(), BookValue::Score(score), "{moves}");
        let c = columns_of(moves).unwrap();
        let direct = b.find_key(c.key()).is_some();
        let mirror = b.find_key(c.mirror().key()).is_some();
        let got = match (direct, mirror) {
            (true, _) => "direct",
            (false, true) => "mirror",
            (false, false) => "absent",
        };
        assert_eq!(got, stored, "{moves}");
    }
}

#[test]
fn twelve_ply_outcome_lookups_match_bitbully() {
    let Some(b) = book(BookKind::Ply12) else {
        return;
    };
    for (moves, score, _) in TWELVE {
        let v = b.lookup(moves).unwrap();
        assert!(
            v.agrees_with(score),
            "{moves}: book {v:?}, BitBully {score}"
        );
        assert_eq!(v.sign(), score.signum());
    }
}

/// Random 8-ply positions scored by BitBully 0.0.79 (`mtdf`, book off, table reset).
const EIGHT: [(&str, i32, &str); 11] = [
    ("45216525", -4, "direct"),
    ("65711412", -1, "direct"),
    ("66562517", -4, "mirror"),
    ("76331331", 0, "direct"),
    ("75274262", 0, "mirror"),
    ("65725366", 3, "absent"),
    ("74533712", 6, "absent"),
    ("42674212", 4, "absent"),
    ("74755666", 17, "absent"),
    ("41716632", 17, "absent"),
    ("34362432", 17, "absent"),
];

#[test]
fn eight_ply_lookups_match_bitbully() {
    let Some(b) = book(BookKind::Ply8) else {
        return;
    };
    for (moves, score, stored) in EIGHT {
        let v = b.lookup(moves).unwrap();
        assert!(
            v.agrees_with(score),
            "{moves}: book {v:?}, BitBully {score}"
        );
        let c = columns_of(moves).unwrap();
        let got = if b.find_key(c.key()).is_some() {
            "direct"
        } else if b.find_key(c.mirror().key()).is_some() {
            "mirror"
        } else {
            "absent"
        };
        assert_eq!(got, stored, "{moves}");
    }
}

#[test]
fn documented_examples_of_bitbully_databases() {
    // The examples in the docstrings of bitbully_databases 0.0.2, columns bottom→top.
    if let Some(b) = book(BookKind::Ply8) {
        let win = cols(["", "oxo", "", "xoxox", "", "", ""]);
        assert_eq!(b.lookup_columns(&win), BookValue::Win);
        let draw = cols(["", "", "x", "oxoxo", "", "xo", ""]);
        assert_eq!(b.lookup_columns(&draw), BookValue::Draw);
        let m = moves_for(&draw).unwrap();
        assert_eq!(b.lookup(&m).unwrap(), BookValue::Draw);
    }
    if let Some(b) = book(BookKind::Ply12) {
        let draw = cols(["", "x", "xoox", "oxox", "xo", "o", ""]);
        assert_eq!(b.lookup_columns(&draw), BookValue::Draw);
    }
    if let Some(b) = book(BookKind::Ply12Distances) {
        // 71: the first player wins with its 21st stone → score 1.
        let w = cols(["", "oxox", "", "xoxox", "", "oxo", ""]);
        assert_eq!(b.lookup_columns(&w), BookValue::Score(1));
        // -88: the first player loses in 12 plies → −(22 − 12) = −10.
        let l = cols(["", "xx", "xoox", "oxox", "", "o", "o"]);
        assert_eq!(b.lookup_columns(&l), BookValue::Score(-10));
        // 73 → 2.
        let w2 = cols(["x", "xoox", "oxo", "x", "oox", "", ""]);
        assert_eq!(b.lookup_columns(&w2), BookValue::Score(2));
    }
}

#[test]
fn samples_decode_to_legal_move_strings() {
    for kind in BookKind::ALL {
        let Some(b) = book(kind) else { return };
        let s = b.sample(200, 42).unwrap();
        assert_eq!(s.len(), 200);
        assert_eq!(s, b.sample(200, 42).unwrap(), "seeded");
        for (moves, value) in &s {
            assert_eq!(moves.len(), kind.plies());
            assert_eq!(b.lookup(moves).unwrap(), *value, "{kind} {moves}");
        }
    }
}

#[test]
fn every_eight_ply_record_has_a_legal_move_order() {
    let Some(b) = book(BookKind::Ply8) else {
        return;
    };
    for i in 0..b.len() {
        let m = b.position_at(i).unwrap();
        let c = columns_of(&m).unwrap();
        assert_eq!(b.find_key(c.key()), Some(i), "{m}");
    }
}

#[test]
fn wrong_ply_and_bad_moves_are_errors() {
    let Some(b) = book(BookKind::Ply8) else {
        return;
    };
    let e = b.lookup("4444").unwrap_err().to_string();
    assert!(e.contains("8-move"), "{e}");
    assert!(b.lookup("4444444x").is_err());
    assert!(b.lookup("12121217").is_err(), "game over after move 7");
}
