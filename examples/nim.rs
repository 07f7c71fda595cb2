//! A new game in one file: Nim, added to treebench by implementing
//! [`SearchGame`](treebench::game::SearchGame) and nothing else, gets every driver of the
//! generic core (negamax, PVS, aspiration, MTD(f), MT-SSS*, MT-DUAL*, null-window bisection,
//! each with iterative deepening too), the brute-force oracle and verify's checks (driver
//! agreement, oracle, mutants), with its closed-form value as an independent oracle.
//!
//! Nim (normal play): heaps of objects; a move takes one or more objects from one heap; the
//! player who takes the last object wins. Bouton's theorem (1901) is the closed form: the side
//! to move wins exactly when the XOR of the heap sizes is not 0. Values: +1 win, −1 loss.
//!
//! Run: `cargo run --release --example nim`. It searches every position with up to three heaps
//! of up to 3 objects with every driver (to the end of the game: the depth is the number of
//! objects left), checks each value against Bouton's rule, runs `verify`'s checks through
//! [`treebench::verify::generic::verify_game`], and prints a per-driver table of nodes and
//! counters. The runner (`treebench run`) and `treebench report` take a game by its
//! `GameKind`, a closed list that names the game in every record, so this example calls the
//! library's core and verify entry points itself instead of going through `run`/`report`.

use treebench::engine::generic::{Config, Driver, Solver};
use treebench::game::{MoveList, SearchGame};

/// Nim with up to [`HEAPS`] heaps of at most 15 objects each.
#[derive(Debug, Clone, Copy, Default)]
pub struct Nim;

/// Most heaps.
pub const HEAPS: usize = 4;

impl SearchGame for Nim {
    /// Heap sizes.
    type State = [u8; HEAPS];
    /// (heap, objects taken).
    type Move = (u8, u8);

    const BOUND: i32 = 2;
    const HISTORY_SIZE: usize = HEAPS * 16;

    /// Heap sizes separated by spaces: `"3 4 5"`.
    fn parse(&self, text: &str) -> Result<[u8; HEAPS], String> {
        let mut s = [0u8; HEAPS];
        for (i, h) in text.split_whitespace().enumerate() {
            let n: u8 = h.parse().map_err(|_| format!("`{h}` is not a heap size"))?;
            if i >= HEAPS || n > 15 {
                return Err(format!("at most {HEAPS} heaps of at most 15: `{text}`"));
            }
            s[i] = n;
        }
        Ok(s)
    }

    fn key(&self, s: &[u8; HEAPS]) -> u64 {
        s.iter().fold(0, |k, &h| k << 4 | u64::from(h))
    }

    fn terminal(&self, s: &[u8; HEAPS], _ply: u32) -> Option<i32> {
        // the previous player took the last object
        s.iter().all(|&h| h == 0).then_some(-1)
    }

    fn moves(&self, s: &[u8; HEAPS], out: &mut MoveList<(u8, u8)>) {
        for (i, &h) in s.iter().enumerate() {
            for take in (1..=h).rev() {
                out.push((i as u8, take));
            }
        }
    }

    fn play(&self, s: &[u8; HEAPS], (heap, take): (u8, u8)) -> [u8; HEAPS] {
        let mut t = *s;
        t[heap as usize] -= take;
        t
    }

    /// Never reached when the depth covers the objects left; 0 (unknown) otherwise.
    fn evaluate(&self, _s: &[u8; HEAPS]) -> i32 {
        0
    }

    fn move_index(&self, (heap, take): (u8, u8)) -> usize {
        heap as usize * 16 + take as usize
    }

    fn move_text(&self, _s: &[u8; HEAPS], (heap, take): (u8, u8)) -> String {
        format!("take {take} from heap {}", heap + 1)
    }
}

/// Bouton's closed form: +1 when the XOR of the heaps is not 0, else −1.
#[must_use]
pub fn bouton(s: &[u8; HEAPS]) -> i32 {
    if s.iter().fold(0, |x, &h| x ^ h) != 0 {
        1
    } else {
        -1
    }
}

/// Every position of three heaps of at most `max` objects, as text (`"1 0 3"`), but the empty one.
#[must_use]
pub fn positions(max: u8) -> Vec<String> {
    let mut out = Vec::new();
    for a in 0..=max {
        for b in 0..=max {
            for c in 0..=max {
                if a + b + c > 0 {
                    out.push(format!("{a} {b} {c}"));
                }
            }
        }
    }
    out
}

/// Search every position with `cfg` (its depth raised to the objects left); the positions whose
/// value differs from Bouton's rule, and the nodes and counters of all searches.
pub fn check_driver(
    cfg: Config,
    texts: &[String],
) -> (Vec<String>, treebench::engine::SearchCounters, u64) {
    let mut wrong = Vec::new();
    let mut counters = treebench::engine::SearchCounters::default();
    let mut nodes = 0;
    for t in texts {
        let s = Nim.parse(t).expect("a Nim position");
        let depth = s.iter().map(|&h| u32::from(h)).sum::<u32>().max(1);
        let mut solver = Solver::new(Nim, Config { depth, ..cfg });
        let out = solver.search(&s);
        nodes += out.nodes;
        counters.add(&out.counters);
        if out.value != bouton(&s) {
            wrong.push(format!("{t}: {} (Bouton: {})", out.value, bouton(&s)));
        }
    }
    (wrong, counters, nodes)
}

#[allow(dead_code)] // the test suite includes this file for `Nim` alone
fn main() {
    let texts = positions(3);
    println!(
        "Nim: {} positions of three heaps of up to 3 objects, every driver to the end\n",
        texts.len()
    );
    println!(
        "| driver | id | nodes | leaves | probes | first-move cut-offs | re-searches | Bouton |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---|");
    let mut all_right = true;
    for (driver, name) in Driver::ALL {
        for id in [false, true] {
            let cfg = Config {
                driver,
                iterative: id,
                qs: false,
                tt_bits: 12,
                ..Config::default()
            };
            let (wrong, c, nodes) = check_driver(cfg, &texts);
            all_right &= wrong.is_empty();
            let rate = c
                .first_move_cutoff_rate()
                .map_or("n/a".into(), |r| format!("{:.1}%", 100.0 * r));
            let verdict = if wrong.is_empty() {
                "all equal".to_string()
            } else {
                format!("WRONG: {}", wrong.join("; "))
            };
            println!(
                "| {name} | {} | {nodes} | {} | {} | {rate} | {} | {verdict} |",
                if id { "on" } else { "off" },
                c.leaves,
                c.probes,
                c.researches
            );
        }
    }
    // verify's checks: every driver and variant against brute-force minimax, and the mutants
    let report = treebench::verify::generic::verify_game(
        &Nim,
        "nim",
        &positions(2),
        &[(6, false)],
        6,
        false,
    )
    .expect("positions parse");
    println!("\n{report}");
    if !all_right || !report.failures.is_empty() {
        std::process::exit(1);
    }
}
