use super::*;

fn solve(n: u32, moves: &str, depth: Option<u32>) -> Outcome {
    let pos = Position::parse(n, moves).unwrap();
    Solver::new(n, 16).solve(&pos, depth)
}

#[test]
fn the_published_values_of_2x2_and_3x3() {
    let two = solve(2, "go:2", None);
    assert_eq!((two.value, two.exact), (1, true), "{two:?}");
    let three = solve(3, "go:3", None);
    assert_eq!((three.value, three.exact), (9, true), "{three:?}");
    // depth-limited estimates, as the generic core's (`go3-mtdf` to depth 16 and 20: 9)
    for d in [16, 20] {
        let e = solve(3, "go:3", Some(d));
        assert_eq!((e.value, e.exact), (9, false), "depth {d}: {e:?}");
    }
}

#[test]
fn positions_read_by_the_rules() {
    let p = Position::parse(2, "go:2 A1 B2 pass").unwrap();
    assert_eq!((p.black, p.passes, p.history.len()), (false, 1, 2));
    assert_eq!(p.own.count_ones() + p.opp.count_ones(), 2);
    for (bad, why) in [
        ("A1 A1", "taken"),
        ("pass A2 pass B1 A1", "suicide"),
        ("A1 pass pass A2", "over"),
        ("A1 B2 B1 A2 A1 B1 A1", "superko"),
        ("Z9", "not a point"),
    ] {
        let e = Position::parse(2, bad).unwrap_err();
        assert!(e.contains(why), "{bad}: {e}");
    }
    assert!(Position::parse(6, "").is_err());
}

/// The value by plain alpha-beta (no table), superko along the path: the reference.
#[allow(clippy::too_many_arguments)]
fn reference(
    g: &Geom,
    own: u32,
    opp: u32,
    black: bool,
    passes: u8,
    path: &mut Vec<u64>,
    mut alpha: i32,
    beta: i32,
) -> i32 {
    let mut best = if passes == 1 {
        g.area(own, opp)
    } else {
        -reference(g, opp, own, !black, 1, path, -beta, -alpha)
    };
    for i in 0..g.n * g.n {
        alpha = alpha.max(best);
        if alpha >= beta {
            break;
        }
        let bit = 1u32 << i;
        if (own | opp) & bit != 0 {
            continue;
        }
        let Some((o, p)) = g.play(own, opp, bit) else {
            continue;
        };
        let b = board_key(o, p, black);
        if path.contains(&b) {
            continue;
        }
        path.push(b);
        best = best.max(-reference(g, p, o, !black, 0, path, -beta, -alpha));
        path.pop();
    }
    best
}

/// Seeded random 2x2 positions (passes included): the solver, its table kept from one
/// position to the next, against the plain search to the end.
#[test]
fn seeded_2x2_positions_match_a_plain_search() {
    let g = Geom::new(2);
    let mut solver = Solver::new(2, 12);
    let mut seed = 7u64;
    let words = ["A1", "B1", "A2", "B2", "pass"];
    let mut checked = 0;
    for i in 0..400 {
        let mut moves: Vec<&str> = Vec::new();
        let mut pos = Position::parse(2, "").unwrap();
        for _ in 0..(i % 32) {
            seed = mix(seed.wrapping_add(0x9e37_79b9_7f4a_7c15));
            let mut next = moves.clone();
            next.push(words[(seed >> 40) as usize % 5]);
            if let Ok(p) = Position::from_moves(2, &next) {
                if p.passes < 2 {
                    (moves, pos) = (next, p);
                }
            }
        }
        let mut path = pos.history.clone();
        let want = reference(
            &g, pos.own, pos.opp, pos.black, pos.passes, &mut path, -5, 5,
        );
        let got = solver.solve(&pos, None);
        assert_eq!((got.value, got.exact), (want, true), "{moves:?}");
        checked += 1;
    }
    assert_eq!(checked, 400);
}
