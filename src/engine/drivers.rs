//! The drivers: how the root calls the negamax core. Every driver returns the exact score (or,
//! with a depth limit, the exact value of the depth-limited tree).
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
//!
//! Each root search is a *probe*: the drivers record its window, value, nodes and the interval
//! of scores still possible after it in a [`Probe`] log (allocation-free once warm: the log is
//! cleared, not freed, between solves). With iterative deepening every driver runs at depth 1,
//! 2, … before the exact search, reusing the table and passing its value on as the next guess.

use super::search::Searcher;
use super::tt::Tt;
use crate::game::connect4::score::immediate_win_score;
use crate::game::connect4::Position;

/// A root strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Driver {
    /// Wide-window negamax.
    Negamax,
    /// Wide window at the root, Principal Variation Search inside.
    Pvs,
    /// Aspiration windows of `±delta` around a first guess.
    Aspiration { guess: i32, delta: i32 },
    /// MTD(f) from a first guess.
    Mtdf { guess: i32 },
    /// MT-SSS\*: MTD from the upper bound.
    Sss,
    /// MT-DUAL\*: MTD from the lower bound.
    Dual,
    /// Null-window bisection.
    NullWindow,
}

impl Driver {
    /// Every driver's spec name, in the order of the docs.
    pub const NAMES: [&'static str; 7] = [
        "negamax",
        "pvs",
        "aspiration",
        "mtdf",
        "sss",
        "dual",
        "null-window",
    ];

    /// Default half-width of the aspiration window.
    pub const DEFAULT_DELTA: i32 = 2;

    /// The driver of a spec name (with default options).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Some(match name {
            "negamax" => Driver::Negamax,
            "pvs" | "negascout" => Driver::Pvs,
            "aspiration" => Driver::Aspiration {
                guess: 0,
                delta: Self::DEFAULT_DELTA,
            },
            "mtdf" => Driver::Mtdf { guess: 0 },
            "sss" => Driver::Sss,
            "dual" => Driver::Dual,
            "null-window" | "nullwindow" | "null_window" => Driver::NullWindow,
            _ => return None,
        })
    }

    /// The spec name of the driver.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Driver::Negamax => "negamax",
            Driver::Pvs => "pvs",
            Driver::Aspiration { .. } => "aspiration",
            Driver::Mtdf { .. } => "mtdf",
            Driver::Sss => "sss",
            Driver::Dual => "dual",
            Driver::NullWindow => "null-window",
        }
    }

    /// Whether the search inside the tree is Principal Variation Search.
    #[must_use]
    pub const fn pvs(&self) -> bool {
        matches!(self, Driver::Pvs)
    }

    /// The driver's first guess, for drivers that take one.
    #[must_use]
    pub const fn guess(&self) -> Option<i32> {
        match self {
            Driver::Mtdf { guess } | Driver::Aspiration { guess, .. } => Some(*guess),
            _ => None,
        }
    }

    /// The same driver with another first guess (unchanged for drivers without one).
    #[must_use]
    pub const fn with_guess(self, g: i32) -> Self {
        match self {
            Driver::Mtdf { .. } => Driver::Mtdf { guess: g },
            Driver::Aspiration { delta, .. } => Driver::Aspiration { guess: g, delta },
            d => d,
        }
    }
}

/// One root search of a driver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Probe {
    /// The depth limit of the probe; `None` for a search to the end of the game.
    pub depth: Option<u32>,
    /// The window `(alpha, beta)` searched.
    pub alpha: i32,
    pub beta: i32,
    /// The fail-soft value returned.
    pub value: i32,
    /// Nodes of this probe.
    pub nodes: u64,
    /// The interval of values still possible after the probe (of the depth-limited value when
    /// the probe has a depth limit); `lower == upper` once the driver has converged.
    pub lower: i32,
    pub upper: i32,
}

/// The interval of possible values, narrowed by probes, which it logs.
struct Bounds<'a, const W: usize, const H: usize, T: Tt> {
    s: &'a mut Searcher<W, H, T>,
    pos: &'a Position<W, H>,
    depth: Option<u32>,
    lower: i32,
    upper: i32,
    log: &'a mut Vec<Probe>,
}

impl<const W: usize, const H: usize, T: Tt> Bounds<'_, W, H, T> {
    /// Search `(alpha, beta)`, narrow the interval by the fail-soft result, log the probe.
    fn probe(&mut self, alpha: i32, beta: i32) -> i32 {
        let before = self.s.nodes();
        let value = self.s.negamax_to(self.pos, alpha, beta, self.depth);
        if value <= alpha {
            self.upper = value;
        } else if value >= beta {
            self.lower = value;
        } else {
            self.lower = value;
            self.upper = value;
        }
        self.log.push(Probe {
            depth: self.depth,
            alpha,
            beta,
            value,
            nodes: self.s.nodes() - before,
            lower: self.lower,
            upper: self.upper,
        });
        value
    }

    fn open(&self) -> bool {
        self.lower < self.upper && !self.s.stopped()
    }
}

/// Solve `pos` exactly (or to the configured depth) with `driver`, running the driver at depth
/// 1, 2, … first when `iterative` is set. Does not reset the table; appends one [`Probe`] per
/// root search to `log` (cleared first). An immediate win is scored without a search; a full
/// board is a draw.
pub fn solve<const W: usize, const H: usize, T: Tt>(
    s: &mut Searcher<W, H, T>,
    pos: &Position<W, H>,
    driver: Driver,
    iterative: bool,
    log: &mut Vec<Probe>,
) -> i32 {
    let depth = s.config().max_depth;
    solve_to(s, pos, driver, iterative, depth, log)
}

/// [`solve`] with this depth limit instead of the configured one (`None`: to the end): how a
/// move's child is scored one ply below a depth-limited root.
pub fn solve_to<const W: usize, const H: usize, T: Tt>(
    s: &mut Searcher<W, H, T>,
    pos: &Position<W, H>,
    driver: Driver,
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
    let mut driver = driver;
    if iterative {
        let last = limit.unwrap_or(left);
        for d in 1..last {
            let v = run(s, pos, driver, Some(d), log);
            if s.stopped() {
                return v;
            }
            driver = driver.with_guess(v);
        }
    }
    run(s, pos, driver, limit, log)
}

/// One run of a driver at one depth limit.
fn run<const W: usize, const H: usize, T: Tt>(
    s: &mut Searcher<W, H, T>,
    pos: &Position<W, H>,
    driver: Driver,
    depth: Option<u32>,
    log: &mut Vec<Probe>,
) -> i32 {
    let (lo, hi) = Searcher::<W, H, T>::score_range(pos);
    let mut b = Bounds {
        s,
        pos,
        depth,
        lower: lo,
        upper: hi,
        log,
    };
    match driver {
        Driver::Negamax | Driver::Pvs => b.probe(lo, hi),
        Driver::Mtdf { guess } => mtd(&mut b, guess.clamp(lo, hi)),
        Driver::Sss => mtd(&mut b, hi),
        Driver::Dual => mtd(&mut b, lo),
        Driver::Aspiration { guess, delta } => aspiration(&mut b, guess.clamp(lo, hi), delta),
        Driver::NullWindow => null_window(&mut b),
    }
}

/// MTD: null windows at the guess, which follows the fail-soft results. From the upper bound
/// this is MT-SSS\*, from the lower bound MT-DUAL\*.
fn mtd<const W: usize, const H: usize, T: Tt>(b: &mut Bounds<'_, W, H, T>, guess: i32) -> i32 {
    let mut g = guess;
    while b.open() {
        let beta = if g == b.lower { g + 1 } else { g }.clamp(b.lower + 1, b.upper);
        g = b.probe(beta - 1, beta);
    }
    // `max`/`min` rather than `clamp`: a broken search (a mutant) may leave lower > upper, and
    // the driver should return a wrong score for the checks to catch, not panic.
    g.max(b.lower).min(b.upper)
}

/// Aspiration windows: `(guess - delta, guess + delta)`, then on a failure the side where the
/// value fell out is widened, the width doubling each time, until a search ends inside.
fn aspiration<const W: usize, const H: usize, T: Tt>(
    b: &mut Bounds<'_, W, H, T>,
    guess: i32,
    delta: i32,
) -> i32 {
    let mut delta = delta.max(1);
    // lower < upper and lower <= guess <= upper, so the first window is not empty.
    let mut alpha = (guess - delta).max(b.lower);
    let mut beta = (guess + delta).min(b.upper);
    let mut v = guess;
    while b.open() {
        v = b.probe(alpha, beta);
        delta = delta.saturating_mul(2);
        if v <= alpha {
            beta = b.upper;
            alpha = (beta - delta).max(b.lower);
        } else if v >= beta {
            alpha = b.lower;
            beta = (alpha + delta).min(b.upper);
        }
        if alpha >= beta {
            break; // the interval is a single value
        }
    }
    v.max(b.lower).min(b.upper)
}

/// Bisection with null windows, midpoints pulled towards the halves of the bounds.
fn null_window<const W: usize, const H: usize, T: Tt>(b: &mut Bounds<'_, W, H, T>) -> i32 {
    while b.open() {
        let (min, max) = (b.lower, b.upper);
        let mut med = min + (max - min) / 2;
        if med <= 0 && min / 2 < med {
            med = min / 2;
        } else if med >= 0 && max / 2 > med {
            med = max / 2;
        }
        // The interval moves to the side the probe proved: a result `r ≤ med` means the score
        // is at most r, `r > med` at least r.
        b.probe(med, med + 1);
    }
    b.lower
}
