//! A new game in one file: Nim, added to treebench by implementing
//! [`SearchGame`](treebench::game::SearchGame) and [`OpenGame`], gets every driver of the
//! generic core (negamax, PVS, aspiration, MTD(f), MT-SSS*, MT-DUAL*, null-window bisection,
//! each with iterative deepening too), the brute-force oracle and verify's checks (driver
//! agreement, oracle, mutants), with its closed-form value as an independent oracle.
//!
//! Nim (normal play): heaps of objects; a move takes one or more objects from one heap; the
//! player who takes the last object wins. Bouton's theorem (1901) is the closed form: the side
//! to move wins exactly when the XOR of the heap sizes is not 0. Values: the end of the game is
//! ±[`WIN`]; at a horizon, a pseudo-random value in ±100 fixed by the position (no game knowledge: a
//! shallow search is a random game tree), so that windows (PVS, aspiration, MTD(f)) fail high
//! and low and their seeded bugs show.
//!
//! This file is the whole game: with [`OpenGame`] (a name, a start position for seeded
//! positions, a position's text, Bouton's closed form) and a `main` that hands it to the
//! command line, every command of `treebench` takes it:
//!
//! ```sh
//! cargo run --release --example nim -- run experiments/nim.toml      # results/nim.csv
//! cargo run --release --example nim -- verify --game nim             # drivers, oracles, mutants
//! cargo run --release --example nim -- report results/nim.csv        # report/nim/
//! ```
//!
//! Engines are `nim-DRIVER[:options]` (`nim-mtdf:depth=12`), the options of `chess-*`.

use treebench::cli::GameEntry;
use treebench::engine::generic::{Config, Solver};
use treebench::game::{ClosedForm, MoveList, OpenGame, SearchGame};

/// Nim with up to [`HEAPS`] heaps of at most 15 objects each.
#[derive(Debug, Clone, Copy, Default)]
pub struct Nim;

/// Most heaps.
pub const HEAPS: usize = 4;

/// The value of a won game (above every horizon value).
pub const WIN: i32 = 200;

impl SearchGame for Nim {
    /// Heap sizes.
    type State = [u8; HEAPS];
    /// (heap, objects taken).
    type Move = (u8, u8);

    const BOUND: i32 = WIN + 1;
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
        s.iter().all(|&h| h == 0).then_some(-WIN)
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

    /// A pseudo-random value in −100..=100 fixed by the heaps (a multiplicative hash of the
    /// key), as in random game trees: never reached when the depth covers the objects left.
    fn evaluate(&self, s: &[u8; HEAPS]) -> i32 {
        let h = self.key(s).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
        (h % 201) as i32 - 100
    }

    fn move_index(&self, (heap, take): (u8, u8)) -> usize {
        heap as usize * 16 + take as usize
    }

    /// `h2-3`: take 3 from heap 2 (a move's text is one word of at most 8 characters: the
    /// games file and the move values separate moves by spaces).
    fn move_text(&self, _s: &[u8; HEAPS], (heap, take): (u8, u8)) -> String {
        format!("h{}-{take}", heap + 1)
    }
}

impl OpenGame for Nim {
    const NAME: &'static str = "nim";
    /// From three heaps of 3, 4 and 5 objects: twelve moves at most.
    const MAX_PLY: u32 = 12;

    fn start(&self) -> [u8; HEAPS] {
        [3, 4, 5, 0]
    }

    /// The heaps, the empty ones after the last non-empty one left out: `"3 0 5"`.
    fn text(&self, s: &[u8; HEAPS]) -> String {
        let last = s.iter().rposition(|&h| h > 0).map_or(0, |i| i + 1);
        let heaps: Vec<String> = s[..last].iter().map(u8::to_string).collect();
        heaps.join(" ")
    }

    /// Bouton's value, found by a search as deep as the objects left.
    fn closed_form(&self, s: &[u8; HEAPS]) -> Option<ClosedForm> {
        let objects: u32 = s.iter().map(|&h| u32::from(h)).sum();
        Some(ClosedForm {
            value: WIN * bouton(s),
            depth: objects.max(1),
        })
    }
}

/// Nim for the command line.
pub static NIM: GameEntry = GameEntry::of::<Nim>();

/// Bouton's closed form: +1 when the XOR of the heaps is not 0 (the side to move wins), else −1.
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
        if out.value != WIN * bouton(&s) {
            let expected = WIN * bouton(&s);
            wrong.push(format!("{t}: {} (Bouton: {expected})", out.value));
        }
    }
    (wrong, counters, nodes)
}

#[allow(dead_code)] // the test suite includes this file for `Nim` alone
fn main() {
    treebench::cli::main_with(&[&NIM]);
}
