use super::board::{BLACK, EMPTY, WHITE};
use super::text::parse_point;
use super::*;

fn at(n: usize, t: &str) -> usize {
    parse_point(n, t).unwrap() as usize
}

#[test]
fn a_stone_without_liberties_is_captured() {
    let g = Go5::default();
    let s = g.parse("go:5 B1 A1 A2").unwrap();
    assert_eq!(s.board[at(5, "A1")], EMPTY);
    assert_eq!(s.board[at(5, "B1")], BLACK);
    assert_eq!(s.board[at(5, "A2")], BLACK);
    // the hash is the hash of the stones left: the same board reached without the capture
    let t = g.parse("go:5 B1 pass A2").unwrap();
    assert_eq!(s.hash, t.hash);
    assert_eq!(g.text(&s), "go:5 B1 A1 A2");
}

#[test]
fn suicide_is_forbidden_but_a_capturing_fill_is_not() {
    let g = Go5::default();
    let s = g.parse("go:5 E5 A2 E4 B1").unwrap();
    assert_eq!(
        g.parse_move(&s, "A1"),
        None,
        "a stone with no liberty that captures nothing"
    );
    let mut ms = MoveList::default();
    g.moves(&s, &mut ms);
    assert!(!ms.as_slice().contains(&(at(5, "A1") as u16)));
    assert_eq!(
        ms.len(),
        25 - 4 - 1 + 1,
        "20 empty points less the suicide, and the pass"
    );
    // a multi-stone suicide: Black A1-B1 with White around, Black to fill the last liberty
    let s = g.parse("go:5 A1 A2 B1 B2 pass C1").unwrap();
    assert_eq!(s.board[at(5, "A1")], EMPTY, "C1 captured A1-B1");
    assert_eq!(s.board[at(5, "C1")], WHITE);
}

#[test]
fn positional_superko_refuses_the_simple_ko_and_a_longer_repetition() {
    let g = Go5::default();
    let s = g.parse("go:5 B1 C1 A2 D2 B3 C3 E5 B2 C2").unwrap();
    assert_eq!(s.board[at(5, "B2")], EMPTY, "C2 took the ko");
    assert!(
        Go5::superko_refused(&s, at(5, "B2")),
        "the immediate retake"
    );
    assert_eq!(g.parse_move(&s, "B2"), None);
    // after a move elsewhere and an answer, the retake is legal again
    let t = g.parse("go:5 B1 C1 A2 D2 B3 C3 E5 B2 C2 E3 E1").unwrap();
    assert_eq!(g.parse_move(&t, "B2"), Some(at(5, "B2") as u16));
    // 2x2: Black's capture of three stones would bring back the board after move 1
    let g2 = Go2::default();
    let s = g2.parse("go:2 A1 B2 B1 A2 A1 B1").unwrap();
    assert!(Go2::superko_refused(&s, at(2, "A1")));
    assert_eq!(g2.parse_move(&s, "A1"), None);
    assert!(g2.parse("go:2 A1 B2 B1 A2 A1 B1 A1").is_err());
}

#[test]
fn area_scoring_counts_stones_and_surrounded_regions() {
    let g = Go5::default();
    let s = g.parse("go:5 C1 pass C2 pass C3 pass C4 pass C5").unwrap();
    assert_eq!(g.terminal(&s, 0), None);
    assert_eq!(Go5::score(&s), -25, "White to move: Black owns the board");
    let end = g
        .parse("go:5 C1 pass C2 pass C3 pass C4 pass C5 pass pass")
        .unwrap();
    assert_eq!(g.terminal(&end, 0), Some(-25));
    // a White stone in A1 makes columns A-B neutral: Black 5 + 10, White 1
    let s = g
        .parse("go:5 C1 A1 C2 pass C3 pass C4 pass C5 pass pass")
        .unwrap();
    assert_eq!(g.terminal(&s, 0), Some(-14), "White to move");
    // komi 7 on 9x9: the empty board after two passes is White's by 7
    let g9 = Go9::default();
    let s = g9.parse("go:9 pass pass").unwrap();
    assert_eq!(g9.terminal(&s, 0), Some(-7));
}

#[test]
fn the_key_holds_the_side_the_passes_and_the_superko_set() {
    let g = Go5::default();
    let a = g.parse("go:5 C3").unwrap();
    let b = g.parse("go:5 C3 pass pass").unwrap();
    assert_ne!(
        g.key(&a),
        g.parse("go:5 C3 pass").map(|s| g.key(&s)).unwrap()
    );
    assert_ne!(g.key(&a), g.key(&b));
    // the same stones, the same side, different earlier boards
    let x = g.parse("go:5 C3 D3 B3 D4").unwrap();
    let y = g.parse("go:5 B3 D4 C3 D3").unwrap();
    assert_eq!(x.hash, y.hash);
    assert_ne!(g.key(&x), g.key(&y));
    // two move sequences with the same board, ply and earlier boards: two texts, two keys
    let g2 = Go2::default();
    let p = g2.parse("go:2 A1 pass B2 pass B1 A2 A1 B1").unwrap();
    let q = g2.parse("go:2 A1 A2 B2 pass B1 A2 pass B1").unwrap();
    assert_eq!((p.hash, p.ply), (q.hash, q.ply));
    assert_ne!(g2.key(&p), g2.key(&q));
    assert!(g.parse("go:4 C3").is_err());
    assert!(g.parse("go:5 Z9").is_err());
    assert!(g.parse("go:5 I3").is_err());
    assert!(
        g.parse("go:5 \u{e9}3").is_err(),
        "a non-ASCII column is an error, not a panic"
    );
    assert_eq!(
        g.parse("c3 d4").map(|s| g.text(&s)),
        Ok("go:5 C3 D4".to_string())
    );
}

#[test]
fn the_ply_cap_ends_the_game() {
    // Black fills 24 points while White passes, White captures everything on the last point,
    // then A1 and B1: ply 50, OpenSpiel's cap on 5x5, ends the game
    let g = Go5::default();
    let mut moves = Vec::new();
    let points: Vec<String> = Go5::points()
        .map(|p| text::point_text(5, p as u16))
        .collect();
    for p in &points[..23] {
        moves.push(p.as_str());
        moves.push("pass");
    }
    moves.extend([points[23].as_str(), points[24].as_str(), "A1"]);
    let s = Go5::replay(moves.iter().copied()).unwrap();
    assert_eq!(s.ply, 49);
    assert_eq!(g.terminal(&s, 0), None);
    let s = g.play(&s, g.parse_move(&s, "B1").unwrap());
    assert_eq!(
        g.terminal(&s, 0),
        Some(-1),
        "Black A1 against White B1 and E5"
    );
}

#[test]
fn the_19x19_board_lists_its_362_moves_and_reads_its_corners() {
    let g = Go19::default();
    let s = g.start();
    let mut ms = MoveList::default();
    g.moves(&s, &mut ms);
    assert_eq!(ms.len(), 19 * 19 + 1, "every point and the pass");
    // T19 (the last column, no I) is the far corner; a corner capture there
    let s = g.parse("go:19 T19 S19 A1 T18").unwrap();
    assert_eq!(s.board[at(19, "T19")], EMPTY);
    assert_eq!(g.text(&s), "go:19 T19 S19 A1 T18");
    assert_eq!(Go19::black_margin(["D4"]).unwrap(), 361 - 7);
    assert_eq!(komi_and_margin(13, &["pass"]).unwrap(), (7, -7));
}
