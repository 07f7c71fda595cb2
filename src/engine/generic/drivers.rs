//! Root procedures of the generic core: how each driver calls [`Searcher::node`], through the
//! procedures shared with every search ([`crate::engine::root`]). Every driver
//! of a pruning search returns the exact fixed-depth value (with `draft=eq` tables); each root
//! search is a probe, logged as a [`Probe`] (window, value, nodes, the interval still possible).
//!
//! - `negamax`, `pvs`: one search with the widest window (PVS differs inside the tree);
//! - `aspiration`: `±width` around the guess; a failed side opens to the bound it proved;
//! - `mtdf`: Plaat et al.'s MTD(f) from the guess; `sss` (MT-SSS\*) from `+BOUND`, `dual`
//!   (MT-DUAL\*) from `−BOUND` (Plaat, Schaeffer, Pijls and de Bruin, "Best-first fixed-depth
//!   minimax algorithms", Artificial Intelligence 87, 1996);
//! - `null-window`: bisection of the interval still possible with null windows;
//! - `mtdf-bracket`: the first two probes of `null-window`, then MTD(f) from the guess;
//! - `minimax`: the brute-force oracle (one "probe", no pruning, no table).
//!
//! With iterative deepening (`id=on`) the driver runs at depth 1, 2, …, `depth`, the table kept
//! and each value the next guess (MTD(f), aspiration); probes of every iteration are logged and
//! every probe after the first counts as a re-search. It stops at the first depth whose search
//! reached the end of every line ([`Searcher::horizon`] unchanged): a deeper one would give
//! the same value.

use super::config::{Driver, Mutant};
use super::search::{minimax, Searcher, INF};
use crate::engine::root::{Probe, RootBounds, WindowSearch};
use crate::game::SearchGame;

/// The generic searcher at one root position and depth, as the root drivers see it: it keeps
/// the root move of the last probe whose value was above its alpha (a fail high or an exact
/// value), a move achieving the value the interval closes on.
struct Root<'a, G: SearchGame, const M: u8> {
    s: &'a mut Searcher<G>,
    root: &'a G::State,
    depth: u32,
    best: Option<G::Move>,
}

impl<G: SearchGame, const M: u8> WindowSearch for Root<'_, G, M> {
    fn search(&mut self, alpha: i32, beta: i32) -> i32 {
        self.s.root_move = None;
        let value = self.s.node::<M>(self.root, self.depth, 0, alpha, beta);
        if value > alpha {
            self.best = self.s.root_move;
        }
        value
    }

    fn nodes(&self) -> u64 {
        self.s.nodes
    }

    fn count_research(&mut self) {
        self.s.counters.researches += 1;
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
    let mut r = Root::<G, M> {
        s,
        root,
        depth,
        best: None,
    };
    let fail_high_is_value = M == Mutant::AspirationTakesFailHigh as u8;
    let v = RootBounds::new(&mut r, Some(depth), -bound, bound, log).drive(
        driver,
        (guess, width),
        (-INF, INF),
        fail_high_is_value,
    );
    (v, r.best)
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
        let horizon = s.horizon;
        found = search_depth::<G, M>(s, root, depth, found.0, log);
        let took = t.elapsed().as_secs_f64();
        if last > 0.0 {
            growth = (took / last).max(2.0);
        }
        last = took;
        if found.1.is_none() || reached_the_end(s, horizon) {
            break; // a finished game, or an exact value: nothing deeper to see
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
        let horizon = s.horizon;
        found = search_depth::<G, M>(s, root, d, found.0, log);
        if reached_the_end(s, horizon) {
            break; // every deeper search gives this value again
        }
    }
    found
}

/// Whether the search since the horizon count `before` reached the end of every line (it met
/// no horizon and no table entry short of the end): its value is exact, the same at every
/// greater depth. Never for the brute-force oracle, which does not count.
fn reached_the_end<G: SearchGame>(s: &Searcher<G>, before: u64) -> bool {
    s.cfg.driver != Driver::Minimax && s.horizon == before
}
