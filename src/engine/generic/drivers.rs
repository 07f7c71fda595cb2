//! Root procedures of the generic core: how each driver calls [`Searcher::node`]. Every driver
//! of a pruning search returns the exact fixed-depth value (with `draft=eq` tables); each root
//! search is a probe, logged as a [`Probe`] (window, value, nodes, the interval still possible).
//!
//! - `negamax`, `pvs`: one search with the widest window (PVS differs inside the tree);
//! - `aspiration`: `±width` around the guess, the width doubling on the side that failed;
//! - `mtdf`: Plaat et al.'s MTD(f) from the guess; `sss` (MT-SSS\*) from `+BOUND`, `dual`
//!   (MT-DUAL\*) from `−BOUND` (Plaat, Schaeffer, Pijls and de Bruin, "Best-first fixed-depth
//!   minimax algorithms", Artificial Intelligence 87, 1996);
//! - `null-window`: bisection of the interval still possible with null windows;
//! - `minimax`: the brute-force oracle (one "probe", no pruning, no table).
//!
//! With iterative deepening (`id=on`) the driver runs at depth 1, 2, …, `depth`, the table kept
//! and each value the next guess (MTD(f), aspiration); probes of every iteration are logged and
//! every probe after the first counts as a re-search.

use super::config::{Driver, Mutant};
use super::search::{minimax, Searcher, INF};
use crate::engine::drivers::Probe;
use crate::game::SearchGame;

/// The interval of values still possible at one depth, narrowed by probes, which it logs.
struct Bounds<'a, G: SearchGame> {
    s: &'a mut Searcher<G>,
    root: &'a G::State,
    depth: u32,
    lower: i32,
    upper: i32,
    log: &'a mut Vec<Probe>,
}

impl<G: SearchGame> Bounds<'_, G> {
    /// Search `(alpha, beta)`, narrow the interval by the fail-soft result, log the probe.
    fn probe<const M: u8>(&mut self, alpha: i32, beta: i32) -> i32 {
        let before = self.s.nodes;
        if !self.log.is_empty() {
            self.s.counters.researches += 1;
        }
        let value = self.s.node::<M>(self.root, self.depth, 0, alpha, beta);
        if value <= alpha {
            self.upper = value;
        } else if value >= beta {
            self.lower = value;
        } else {
            (self.lower, self.upper) = (value, value);
        }
        self.log.push(Probe {
            depth: Some(self.depth),
            alpha,
            beta,
            value,
            nodes: self.s.nodes - before,
            lower: self.lower,
            upper: self.upper,
        });
        value
    }

    /// MTD: null windows at the current guess `g` until the interval closes.
    fn mtd<const M: u8>(&mut self, mut g: i32) -> i32 {
        while self.lower < self.upper {
            let beta = if g == self.lower { g + 1 } else { g };
            g = self.probe::<M>(beta - 1, beta);
        }
        self.lower
    }

    /// Aspiration windows around `guess`, widening the side that failed.
    fn aspiration<const M: u8>(&mut self, guess: i32, width: i32) -> i32 {
        let (mut down, mut up) = (width, width);
        loop {
            let alpha = (guess - down).max(-INF);
            let beta = (guess + up).min(INF);
            let v = self.probe::<M>(alpha, beta);
            if v > alpha && (v < beta || M == Mutant::AspirationTakesFailHigh as u8) {
                return v; // the mutant takes a fail high's lower bound as the value
            }
            if v <= alpha {
                down = down.saturating_mul(2);
            } else {
                up = up.saturating_mul(2);
            }
        }
    }

    /// Null-window bisection of `[lower, upper]`.
    fn bisect<const M: u8>(&mut self) -> i32 {
        while self.lower < self.upper {
            let mid = self.lower + (self.upper - self.lower) / 2;
            self.probe::<M>(mid, mid + 1);
        }
        self.lower
    }
}

/// The value of `root` at `depth` by the configured driver; `guess` seeds MTD(f) and
/// aspiration.
fn search_depth<G: SearchGame, const M: u8>(
    s: &mut Searcher<G>,
    root: &G::State,
    depth: u32,
    guess: i32,
    log: &mut Vec<Probe>,
) -> i32 {
    let (bound, width, driver) = (G::BOUND, s.cfg.width, s.cfg.driver);
    if driver == Driver::Minimax {
        let mut nodes = 0;
        let v = minimax(&s.game, root, depth, 0, s.cfg.qs, &mut nodes);
        s.nodes += nodes;
        return v;
    }
    let mut b = Bounds {
        s,
        root,
        depth,
        lower: -bound,
        upper: bound,
        log,
    };
    match driver {
        Driver::Minimax => unreachable!("handled above"),
        Driver::Negamax | Driver::Pvs => b.probe::<M>(-INF, INF),
        Driver::Aspiration => b.aspiration::<M>(guess, width),
        Driver::Mtdf => b.mtd::<M>(guess),
        Driver::Sss => b.mtd::<M>(bound),
        Driver::Dual => b.mtd::<M>(-bound),
        Driver::NullWindow => b.bisect::<M>(),
    }
}

/// Search `root` to the configured depth (iteratively when `id=on`), logging every probe into
/// `log` (cleared first). The value is the core's (plies to mate), not yet reported.
pub fn solve<G: SearchGame, const M: u8>(
    s: &mut Searcher<G>,
    root: &G::State,
    log: &mut Vec<Probe>,
) -> i32 {
    log.clear();
    let depth = s.cfg.depth;
    let first = if s.cfg.iterative { 1 } else { depth };
    let mut guess = 0;
    for d in first..=depth {
        guess = search_depth::<G, M>(s, root, d, guess, log);
    }
    guess
}
