//! The drivers: how the root calls the negamax core. Every driver returns the exact score (or,
//! with a depth limit, the exact value of the depth-limited tree).
//!
//! The drivers are [`Driver`]'s (every one but the brute-force `minimax`):
//!
//! - [`Driver::Negamax`]: one call with the widest window the score convention allows.
//! - [`Driver::Pvs`]: the same root call, with Principal Variation Search (NegaScout) inside the
//!   tree: the first child with the full window, the others with a null window around alpha and
//!   a re-search when one fails high.
//! - [`Driver::Aspiration`]: a window of `±delta` around a first guess, widened (the width
//!   doubling) on the side where the value fell out, until the value is inside.
//! - [`Driver::Mtdf`]: Plaat et al.'s MTD(f): null-window calls around a guess that converges
//!   from the fail-soft results; the table carries bounds from one call to the next.
//! - [`Driver::Sss`] (MT-SSS\*) and [`Driver::Dual`] (MT-DUAL\*): MTD starting from the upper
//!   and from the lower bound of the score (Plaat, Schaeffer, Pijls and de Bruin, "Best-first
//!   fixed-depth minimax algorithms", Artificial Intelligence 87, 1996).
//! - [`Driver::NullWindow`]: bisection between the free bounds with null windows, midpoints
//!   pulled away from zero towards the halves of the bounds (Pons' and BitBully's rule), which
//!   first settles win/draw/loss and then refines.
//! - [`Driver::MtdfBracket`]: the first two probes of `NullWindow`, then MTD(f) from the guess.
//!
//! The procedures themselves are [`super::root`]'s, shared with every search. Each root search is a *probe*: the drivers record its window, value, nodes and the interval
//! of scores still possible after it in a [`Probe`] log (allocation-free once warm: the log is
//! cleared, not freed, between solves). With iterative deepening every driver runs at depth 1,
//! 2, … before the exact search, reusing the table and passing its value on as the next guess.

use super::search::Searcher;
use super::tt::Tt;
use crate::game::connect4::score::immediate_win_score;
use crate::game::connect4::Position;

pub use super::root::{Driver, Probe};
use super::root::{RootBounds, WindowSearch};

/// The Connect-4 searcher at one root position and depth, as the root drivers see it.
struct Root<'a, const W: usize, const H: usize, T: Tt> {
    s: &'a mut Searcher<W, H, T>,
    pos: &'a Position<W, H>,
    depth: Option<u32>,
}

impl<const W: usize, const H: usize, T: Tt> WindowSearch for Root<'_, W, H, T> {
    fn search(&mut self, alpha: i32, beta: i32) -> i32 {
        self.s.negamax_to(self.pos, alpha, beta, self.depth)
    }

    fn nodes(&self) -> u64 {
        self.s.nodes()
    }

    fn stopped(&self) -> bool {
        self.s.stopped()
    }

    /// Pons' and BitBully's rule: the midpoint pulled away from zero towards the half of the
    /// bound on its side, which settles win/draw/loss first and then refines.
    fn midpoint(&self, lower: i32, upper: i32) -> i32 {
        let med = lower + (upper - lower) / 2;
        if med <= 0 && lower / 2 < med {
            lower / 2
        } else if med >= 0 && upper / 2 > med {
            upper / 2
        } else {
            med
        }
    }
}

/// Solve `pos` exactly (or to the configured depth) with `driver` from `start` = (first guess,
/// aspiration half-width), running the driver at depth 1, 2, … first when `iterative` is set,
/// each value the next guess. Does not reset the table; appends one [`Probe`] per
/// root search to `log` (cleared first). An immediate win is scored without a search; a full
/// board is a draw.
pub fn solve<const W: usize, const H: usize, T: Tt>(
    s: &mut Searcher<W, H, T>,
    pos: &Position<W, H>,
    driver: Driver,
    start: (i32, i32),
    iterative: bool,
    log: &mut Vec<Probe>,
) -> i32 {
    let depth = s.config().max_depth;
    solve_to(s, pos, (driver, start), iterative, depth, log)
}

/// [`solve`] with this depth limit instead of the configured one (`None`: to the end): how a
/// move's child is scored one ply below a depth-limited root.
pub fn solve_to<const W: usize, const H: usize, T: Tt>(
    s: &mut Searcher<W, H, T>,
    pos: &Position<W, H>,
    (driver, start): (Driver, (i32, i32)),
    iterative: bool,
    depth: Option<u32>,
    log: &mut Vec<Probe>,
) -> i32 {
    log.clear();
    let cells = Position::<W, H>::CELLS;
    if pos.nb_moves() >= cells {
        return 0;
    }
    if pos.can_win_next() {
        return immediate_win_score(cells, pos.nb_moves());
    }
    let left = pos.cells_left();
    // A limit at or beyond the end of the game is no limit.
    let limit = depth.filter(|&d| d < left);
    let (mut guess, delta) = start;
    if iterative {
        let last = limit.unwrap_or(left);
        for d in 1..last {
            let v = run(s, pos, driver, (guess, delta), Some(d), log);
            if s.stopped() {
                return v;
            }
            guess = v;
        }
    }
    run(s, pos, driver, (guess, delta), limit, log)
}

/// One run of a driver at one depth limit.
fn run<const W: usize, const H: usize, T: Tt>(
    s: &mut Searcher<W, H, T>,
    pos: &Position<W, H>,
    driver: Driver,
    start: (i32, i32),
    depth: Option<u32>,
    log: &mut Vec<Probe>,
) -> i32 {
    let (lo, hi) = Searcher::<W, H, T>::score_range(pos);
    let mut root = Root { s, pos, depth };
    RootBounds::new(&mut root, depth, lo, hi, log).drive(driver, start, (lo, hi), false)
}
