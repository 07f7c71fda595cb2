//! The solver's drivers against oracles: BitBully's scores (tests/data/bitbully_scores.txt) and
//! brute-force minimax on the 4×4 and 5×4 boards.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use treebench::engine::connect4::{Connect4Engine, SolverConfig};
use treebench::engine::Engine;
use treebench::verify::brute::{self, Brute, Grid};

const DRIVERS: [&str; 13] = [
    "negamax",
    "mtdf",
    "mtdf:guess=-3",
    "mtdf:guess=3",
    "null-window",
    "pvs",
    "aspiration",
    "sss",
    "dual",
    "mtdf:mswap=off,inherit=off,pfearly=off,fixed=off",
    "mtdf:id=on",
    "pvs:id=on",
    "aspiration:id=on,delta=1",
];

/// The drivers without iterative deepening (which costs about ten times a plain solve on 7×6:
/// it runs on BitBully's positions of at least [`ID_MIN_PLY`] stones).
const PLAIN_DRIVERS: [&str; 10] = [
    "negamax",
    "mtdf",
    "mtdf:guess=-3",
    "mtdf:guess=3",
    "null-window",
    "pvs",
    "aspiration",
    "sss",
    "dual",
    // the per-node switches off (their defaults are on) and the tie-breaks
    "mtdf:mswap=off,inherit=off,pfearly=off,fixed=off",
];
const ID_MIN_PLY: usize = 16;

fn cfg(spec: &str) -> SolverConfig {
    SolverConfig::parse(spec).unwrap().unwrap()
}

/// The engine's configuration with ordinary pages, and on boards of at most 24 cells a table of
/// at most 2^18 entries (as `verify`'s brute-force checks, `BRUTE_TT_BITS`): 26 engines of 64 MiB
/// with huge pages took 31 s of this file's 88 s of CPU in the kernel (2026-12-05). Neither
/// changes a value.
fn small_pages<const W: usize, const H: usize>(mut c: SolverConfig) -> SolverConfig {
    c.search.huge_pages = false;
    if W * H <= 24 {
        c = treebench::verify::checks::with_brute_table(c);
    }
    c
}

/// Check `(moves, score)` pairs with every driver on two threads; returns the mismatches.
fn check_all<const W: usize, const H: usize>(
    cases: &[(String, i32)],
    drivers: &[&str],
) -> Vec<String> {
    let next = AtomicUsize::new(0);
    let bad = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                let mut engines: Vec<Connect4Engine<W, H>> = drivers
                    .iter()
                    .map(|d| Connect4Engine::new(small_pages::<W, H>(cfg(d))))
                    .collect();
                while let Some((moves, want)) = cases.get(next.fetch_add(1, Ordering::Relaxed)) {
                    for e in &mut engines {
                        e.reset();
                        let got = e.solve(moves).unwrap().score;
                        if got != *want {
                            bad.lock().unwrap().push(format!(
                                "{W}x{H} {} `{moves}`: expected {want}, got {got}",
                                e.spec()
                            ));
                        }
                    }
                }
            });
        }
    });
    bad.into_inner().unwrap()
}

/// Positions of BitBully's file (committed, so compiled in: it cannot be missing) with at least
/// `min_ply` and at most `max_ply` stones.
fn bitbully_cases(min_ply: usize, max_ply: usize) -> Vec<(String, i32)> {
    let cases: Vec<(String, i32)> = include_str!("data/bitbully_scores.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut f = l.split_whitespace();
            let moves = f.next().unwrap().to_string();
            let score = f.next().unwrap().parse().unwrap();
            (moves, score)
        })
        .collect();
    assert!(cases.len() >= 300, "{} positions", cases.len());
    cases
        .into_iter()
        .filter(|(m, _)| (min_ply..=max_ply).contains(&m.len()))
        .collect()
}

/// Plies 9–42 with every driver, those under iterative deepening from [`ID_MIN_PLY`] (seconds);
/// plies 6–8 take seconds per solve, see below.
#[test]
fn every_driver_matches_bitbully_scores() {
    let cases = bitbully_cases(9, 42);
    let mut bad = check_all::<7, 6>(&cases, &PLAIN_DRIVERS);
    let late: Vec<_> = cases
        .iter()
        .filter(|(m, _)| m.len() >= ID_MIN_PLY)
        .cloned()
        .collect();
    bad.extend(check_all::<7, 6>(&late, &DRIVERS[PLAIN_DRIVERS.len()..]));
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// Plies 6–8 of the file: minutes in the dev profile, so run on demand (`--ignored`).
#[test]
#[ignore = "minutes: BitBully's positions at plies 6-8 with three drivers"]
fn every_driver_matches_bitbully_scores_low_plies() {
    let cases = bitbully_cases(0, 8);
    let bad = check_all::<7, 6>(&cases, &PLAIN_DRIVERS);
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn every_driver_matches_brute_force_on_every_4x4_position() {
    let positions = brute::reachable_undecided::<4, 4>();
    assert_eq!(
        positions.len(),
        109_604,
        "reachable undecided 4×4 positions"
    );
    let mut b = Brute::<4, 4>::new();
    let cases: Vec<(String, i32)> = positions
        .into_iter()
        .map(|m| {
            let s = b.score(&Grid::from_moves(&m).unwrap());
            (m, s)
        })
        .collect();
    assert_eq!(cases[0], (String::new(), 0), "4×4 is a draw");
    let bad = check_all::<4, 4>(&cases, &DRIVERS);
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
}

#[test]
fn every_driver_matches_brute_force_on_5x4_sample() {
    let positions = brute::sample::<5, 4>(7, 2500, 4, 19);
    assert_eq!(positions.len(), 2500);
    let mut b = Brute::<5, 4>::new();
    let cases: Vec<(String, i32)> = positions
        .into_iter()
        .map(|m| {
            let s = b.score(&Grid::from_moves(&m).unwrap());
            (m, s)
        })
        .collect();
    let bad = check_all::<5, 4>(&cases, &DRIVERS);
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
}

/// A seeded sample of a small board, scored by brute force (one shared memo).
fn brute_cases<const W: usize, const H: usize>(
    seed: u64,
    count: usize,
    min_ply: usize,
    max_ply: usize,
) -> Vec<(String, i32)> {
    let positions = brute::sample::<W, H>(seed, count, min_ply, max_ply);
    assert_eq!(positions.len(), count);
    let mut b = Brute::<W, H>::new();
    positions
        .into_iter()
        .map(|m| {
            let s = b.score(&Grid::from_moves(&m).unwrap());
            (m, s)
        })
        .collect()
}

#[test]
fn every_driver_matches_brute_force_on_4x5_sample() {
    let cases = brute_cases::<4, 5>(11, 1500, 4, 19);
    let bad = check_all::<4, 5>(&cases, &DRIVERS);
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
}

#[test]
fn every_driver_matches_brute_force_on_6x4_sample() {
    // Brute force from a low ply on 6x4 is costly: start at ply 8.
    let cases = brute_cases::<6, 4>(13, 1500, 8, 23);
    let bad = check_all::<6, 4>(&cases, &DRIVERS);
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
}
