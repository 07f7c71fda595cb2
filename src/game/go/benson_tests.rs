use super::*;

/// A board from a diagram, the top row first: `X` Black, `O` White, `.` empty.
fn diagram(rows: &[&str]) -> (Geom, u32, u32) {
    let n = rows.len() as u32;
    let g = Geom::new(n);
    let (mut b, mut w) = (0, 0);
    for (i, row) in rows.iter().enumerate() {
        let r = n - 1 - i as u32;
        for (c, ch) in row.bytes().enumerate() {
            match ch {
                b'X' => b |= g.bit(r, c as u32),
                b'O' => w |= g.bit(r, c as u32),
                _ => {}
            }
        }
    }
    (g, b, w)
}

#[test]
fn geometry_and_area() {
    let g = Geom::new(3);
    assert_eq!(g.full, 0x1ff);
    assert_eq!(g.nbrs(g.bit(1, 1)), 0b010_101_010);
    assert_eq!(g.nbrs(g.bit(0, 0)), g.bit(0, 1) | g.bit(1, 0));
    assert_eq!(g.nbrs(g.bit(0, 2)), g.bit(0, 1) | g.bit(1, 2));
    let (g, b, w) = diagram(&[".X.", "XXO", ".O."]);
    // Black: 3 stones + the corner A3 + C3 (reaches White too: neutral); White 2 + C1
    assert_eq!(g.area(b, w), (3 + 1) - (2 + 1));
    assert_eq!(g.area(0, 0), 0);
}

#[test]
fn atari_points_are_the_last_liberties_of_both_colours() {
    // Black's A1 stone has one liberty (A2); White's chain B1 C1 B2 has three (A2, C2, B3)
    let (g, b, w) = diagram(&["...", ".O.", "XOO"]);
    assert_eq!(g.atari_points(b, w), g.bit(1, 0));
    assert_eq!(
        g.atari_points(w, b),
        g.bit(1, 0),
        "the same for either side to move"
    );
    // White's C3 stone has one liberty (C2); Black's B3 and A1 have two each
    let (g, b, w) = diagram(&[".XO", "...", "X.."]);
    assert_eq!(g.atari_points(b, w), g.bit(1, 2));
    assert_eq!(g.atari_points(0, 0), 0);
}

#[test]
fn play_captures_and_refuses_suicide() {
    let (g, b, w) = diagram(&["...", "X..", "OX."]);
    // White's A1 stone is captured... it already has no liberty in this diagram; build it:
    let (g2, b2, w2) = diagram(&["...", "...", "OX."]);
    let (b3, w3) = g2.play(b2, w2, g2.bit(1, 0)).unwrap();
    assert_eq!((b3, w3), (b, 0));
    let _ = (g, w);
    // White at A1 into Black's eye: suicide
    let (g, b, w) = diagram(&["...", "X..", ".X."]);
    assert_eq!(g.play(w, b, g.bit(0, 0)), None);
}

#[test]
fn two_eyes_are_pass_alive() {
    // a wall across 4x4 with two eyes in the corners
    let (g, b, w) = diagram(&["....", "XXXX", "X.XX", "XX.X"]);
    let life = pass_alive(&g, b, w);
    assert_eq!(life.alive, b);
    assert_eq!(life.eyes, g.bit(1, 1) | g.bit(0, 2));
    assert_eq!(life.regions, g.full & !b);
    // the big region above is vital too (every empty point there is a liberty)
    assert_eq!(pass_alive(&g, w, b).alive, 0);
}

#[test]
fn one_eye_or_a_false_eye_is_not() {
    // one eye and an outside liberty
    let (g, b, w) = diagram(&["....", "XXXX", "X.XX", "XXXX"]);
    let _ = w;
    // a 4x4 full of Black but one point is illegal; drop a stone instead: one region only
    let life = pass_alive(&g, b, 0);
    assert_eq!(life.regions & g.bit(1, 1), g.bit(1, 1));
    // two regions: the top row and B2 - both vital: alive (the top row is all liberties)
    assert_eq!(life.alive, b);
    // with a White stone in the top row that has a liberty not next to Black, the top region
    // is not vital: only one eye left
    let (g, b, w) = diagram(&[".O..", "....", "XXXX", "X.XX"]);
    assert_eq!(pass_alive(&g, b, w).alive, 0);
    // an eye between two stones that are not connected: each has one vital region only
    let (g, b, w) = diagram(&[".X..", "X...", "....", "...."]);
    assert_eq!(pass_alive(&g, b, w), Life::default());
}

#[test]
fn a_checkerboard_is_pass_alive() {
    // every empty point is a one-point region vital to each stone next to it; no White move
    // is legal (no liberty, nothing captured)
    let (g, b, w) = diagram(&["X.X.", ".X.X", "X.X.", ".X.X"]);
    let life = pass_alive(&g, b, w);
    assert_eq!((life.alive, life.eyes), (b, g.full & !b));
    let mut empty = g.full & !b;
    while empty != 0 {
        let p = empty & empty.wrapping_neg();
        empty &= !p;
        assert_eq!(g.play(w, b, p), None);
    }
}

#[test]
fn two_eyes_and_a_one_eyed_neighbour() {
    let (g, b, w) = diagram(&[".X.X", "XXXX", "OOOO", "...."]);
    let life = pass_alive(&g, b, w);
    assert_eq!(life.alive, b);
    assert_eq!(life.eyes, g.bit(3, 0) | g.bit(3, 2));
    // White's row has one vital region (the bottom row); the top one is Black's
    assert_eq!(pass_alive(&g, w, b).alive, 0);
}

/// A seeded random position of side `n` reached by `plies` random legal moves (passes too).
fn random_position(n: u32, plies: u32, seed: &mut u64) -> (Geom, u32, u32) {
    let g = Geom::new(n);
    let (mut own, mut opp) = (0u32, 0u32);
    for _ in 0..plies {
        *seed = crate::game::go::board::mix(seed.wrapping_add(0x9e37_79b9_7f4a_7c15));
        let empty = g.full & !(own | opp);
        let k = (*seed >> 32) as u32 % (g.n * g.n + 1);
        if k < g.n * g.n && empty >> k & 1 == 1 {
            if let Some(next) = g.play(own, opp, 1 << k) {
                (own, opp) = next;
            }
        }
        (own, opp) = (opp, own);
    }
    (g, own, opp)
}

/// Whether the opponent (`opp` to move every turn, `own` passing) can capture a stone of
/// `target` within `depth` moves, or play on a point of `eyes`.
fn can_hurt(g: &Geom, own: u32, opp: u32, target: u32, eyes: u32, depth: u32) -> bool {
    if own & target != target {
        return true;
    }
    if depth == 0 {
        return false;
    }
    let mut empty = g.full & !(own | opp);
    while empty != 0 {
        let p = empty & empty.wrapping_neg();
        empty &= !p;
        if let Some((o, m)) = g.play(opp, own, p) {
            if p & eyes != 0 || can_hurt(g, m, o, target, eyes, depth - 1) {
                return true;
            }
        }
    }
    false
}

#[test]
fn pass_alive_chains_survive_every_attack() {
    let mut seed = 20_261_205u64;
    let (mut checked, mut alive_found) = (0, 0);
    for (n, depth, count) in [(3, 5, 3000), (4, 3, 3000)] {
        for i in 0..count {
            let (g, own, opp) = random_position(n, 4 + i % 40, &mut seed);
            let life = pass_alive(&g, own, opp);
            assert_eq!(life.eyes & (own | opp), 0);
            assert_eq!(life.alive & !own, 0);
            if life.alive != 0 {
                alive_found += 1;
                assert!(
                    !can_hurt(&g, own, opp, life.alive, life.eyes, depth),
                    "n={n} own={own:#x} opp={opp:#x}: {life:?}"
                );
            }
            checked += 1;
        }
    }
    assert!(alive_found > 50, "{alive_found} of {checked}");
}
