//! Bad input never panics: random strings through the move-string parser and the engines, and
//! `treebench solve` on bad lines.

use proptest::prelude::*;
use std::io::Write;
mod common;

use std::process::Stdio;
use treebench::engine::registry;
use treebench::game::connect4::{Board, ParseError, Position};

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    #[test]
    fn random_strings_never_panic(s in ".{0,60}") {
        match Board::from_moves(&s) {
            Ok(p) => prop_assert!(p.nb_moves() as usize == s.chars().count()),
            Err(ParseError::InvalidChar { index, ch, .. }) => {
                prop_assert_eq!(s.chars().nth(index), Some(ch));
                prop_assert!(!('1'..='7').contains(&ch));
            }
            Err(ParseError::ColumnFull { index, column }) => {
                prop_assert_eq!(s.chars().nth(index), char::from_digit(column as u32, 10));
            }
            Err(ParseError::MoveAfterWin { index }) | Err(ParseError::AlreadyLost { index }) => {
                prop_assert!(index < s.chars().count());
            }
        }
    }

    #[test]
    fn random_digit_strings_never_panic(s in "[0-9]{0,45}") {
        let _ = Board::from_moves(&s);
        let _ = Position::<4, 4>::from_moves(&s);
        let _ = Position::<5, 4>::from_moves(&s);
    }

    #[test]
    fn random_legal_looking_games_solve_or_error(s in "[1-7]{20,42}") {
        let mut e = registry::build("mtdf:tt=16").unwrap();
        e.reset();
        match Board::from_moves(&s) {
            Ok(_) => { e.solve(&s).unwrap(); }
            Err(err) => {
                let got = e.solve(&s).unwrap_err().to_string();
                prop_assert!(got.contains(&err.to_string()), "{} / {}", got, err);
            }
        }
    }
}

#[test]
fn errors_name_character_and_index() {
    assert_eq!(
        Board::from_moves("44x").unwrap_err().to_string(),
        "invalid character 'x' at index 2: not a column of a 7-column board (columns are 1..7)"
    );
    assert_eq!(
        Board::from_moves("4444444").unwrap_err().to_string(),
        "column 4 is full at index 6"
    );
    assert!(Board::from_moves("1212121")
        .unwrap_err()
        .to_string()
        .contains("already lost"));
}

#[test]
fn solve_cli_reports_bad_lines_and_solves_the_rest() {
    let mut child = common::bin()
        .args(["solve", "--engine", "mtdf"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"4455 18\n44x\n44455554221   -15\n1212121\n\xff\xfe\n2252576253462244111563365343671351441\n")
        .unwrap();
    let out = common::finish(child, "solve");
    assert_eq!(
        out.status.code(),
        Some(2),
        "a bad line makes the exit status 2"
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let scores: Vec<(&str, &str)> = stdout
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            assert_eq!(f.len(), 4, "moves score nodes micros: {l}");
            (f[0], f[1])
        })
        .collect();
    assert_eq!(
        scores,
        vec![
            ("4455", "18"),
            ("44455554221", "-15"),
            ("2252576253462244111563365343671351441", "-1")
        ]
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("line 2: bad position: invalid character 'x' at index 2"),
        "{stderr}"
    );
    assert!(stderr.contains("line 4:"), "{stderr}");
    assert!(stderr.contains("line 5:"), "{stderr}");
}
