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
    /// The root move of the last probe whose value was above its alpha (a fail high or an
    /// exact value): a move achieving the value the interval closes on.
    best: Option<G::Move>,
}

impl<G: SearchGame> Bounds<'_, G> {
    /// Search `(alpha, beta)`, narrow the interval by the fail-soft result, log the probe.
    fn probe<const M: u8>(&mut self, alpha: i32, beta: i32) -> i32 {
        let before = self.s.nodes;
        if !self.log.is_empty() {
            self.s.counters.researches += 1;
        }
        self.s.root_move = None;
        let value = self.s.node::<M>(self.root, self.depth, 0, alpha, beta);
        if value > alpha {
            self.best = self.s.root_move;
        }
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

/// The value of `root` at `depth` by the configured driver, with a move that achieves it (none
/// at a finished game); `guess` seeds MTD(f) and aspiration.
pub fn search_depth<G: SearchGame, const M: u8>(
    s: &mut Searcher<G>,
    root: &G::State,
    depth: u32,
    guess: i32,
    log: &mut Vec<Probe>,
) -> (i32, Option<G::Move>) {
    let (bound, width, driver) = (G::BOUND, s.cfg.width, s.cfg.driver);
    if driver == Driver::Minimax {
        return minimax_root(s, root, depth);
    }
    let mut b = Bounds {
        s,
        root,
        depth,
        lower: -bound,
        upper: bound,
        log,
        best: None,
    };
    let v = match driver {
        Driver::Minimax => unreachable!("handled above"),
        Driver::Negamax | Driver::Pvs => b.probe::<M>(-INF, INF),
        Driver::Aspiration => b.aspiration::<M>(guess, width),
        Driver::Mtdf => b.mtd::<M>(guess),
        Driver::Sss => b.mtd::<M>(bound),
        Driver::Dual => b.mtd::<M>(-bound),
        Driver::NullWindow => b.bisect::<M>(),
    };
    (v, b.best)
}

/// Brute-force minimax at the root: every child's value, the first best move in the game's
/// order (nodes counted as [`minimax`] counts them, the root included).
fn minimax_root<G: SearchGame>(
    s: &mut Searcher<G>,
    root: &G::State,
    depth: u32,
) -> (i32, Option<G::Move>) {
    let qs = s.cfg.qs;
    let mut nodes = 0;
    if depth == 0 || s.game.terminal(root, 0).is_some() {
        let v = minimax(&s.game, root, depth, 0, qs, &mut nodes);
        s.nodes += nodes;
        return (v, None);
    }
    nodes += 1; // the root
    let mut list = crate::game::MoveList::default();
    s.game.moves(root, &mut list);
    let mut best = (-INF, None);
    for &m in list.as_slice() {
        let child = s.game.play(root, m);
        let v = -minimax(&s.game, &child, depth - 1, 1, qs, &mut nodes);
        if v > best.0 {
            best = (v, Some(m));
        }
    }
    s.nodes += nodes;
    best
}

/// Iterative deepening within a time allotment (a game clock): depth 1, 2, … up to the
/// configured depth, each by the configured driver; a depth starts only when the time spent so
/// far plus its forecast (the last depth's time times the growth from the one before, at least
/// 2) stays within `allot`. Depth 1 always runs. The value and move of the last depth, and
/// that depth.
pub fn solve_within<G: SearchGame, const M: u8>(
    s: &mut Searcher<G>,
    root: &G::State,
    log: &mut Vec<Probe>,
    allot: std::time::Duration,
) -> (i32, Option<G::Move>, u32) {
    log.clear();
    let start = std::time::Instant::now();
    let (mut found, mut last, mut growth) = ((0, None), 0.0f64, 2.0f64);
    let mut depth = 0;
    while depth < s.cfg.depth {
        let spent = start.elapsed().as_secs_f64();
        if depth > 0 && spent + last * growth > allot.as_secs_f64() {
            break;
        }
        let t = std::time::Instant::now();
        depth += 1;
        found = search_depth::<G, M>(s, root, depth, found.0, log);
        let took = t.elapsed().as_secs_f64();
        if last > 0.0 {
            growth = (took / last).max(2.0);
        }
        last = took;
        if found.1.is_none() {
            break; // a finished game: nothing deeper to see
        }
    }
    (found.0, found.1, depth)
}

/// Search `root` to the configured depth (iteratively when `id=on`), logging every probe into
/// `log` (cleared first): the value (the core's, plies to mate, not yet reported) and a move
/// that achieves it (`None` at a finished game).
pub fn solve<G: SearchGame, const M: u8>(
    s: &mut Searcher<G>,
    root: &G::State,
    log: &mut Vec<Probe>,
) -> (i32, Option<G::Move>) {
    log.clear();
    let depth = s.cfg.depth;
    let first = if s.cfg.iterative { 1 } else { depth };
    let mut found = (0, None);
    for d in first..=depth {
        found = search_depth::<G, M>(s, root, d, found.0, log);
    }
    found
}
