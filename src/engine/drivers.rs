//! The drivers: how the root calls the negamax core. All three return the exact score.
//!
//! - [`Driver::Negamax`]: one call with the widest window the score convention allows.
//! - [`Driver::Mtdf`]: Plaat et al.'s MTD(f): null-window calls around a guess that converges
//!   from the fail-soft results; the table carries bounds from one call to the next.
//! - [`Driver::NullWindow`]: bisection between the free bounds with null windows, midpoints
//!   pulled away from zero towards the halves of the bounds (Pons' and BitBully's rule), which
//!   first settles win/draw/loss and then refines.

use super::search::Searcher;
use crate::game::connect4::score::immediate_win_score;
use crate::game::connect4::Position;

/// A root strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Driver {
    /// Wide-window negamax.
    Negamax,
    /// MTD(f) from a first guess.
    Mtdf { guess: i32 },
    /// Null-window bisection.
    NullWindow,
}

impl Driver {
    /// The spec name of the driver.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Driver::Negamax => "negamax",
            Driver::Mtdf { .. } => "mtdf",
            Driver::NullWindow => "null-window",
        }
    }
}

/// Solve `pos` exactly (or to the configured depth) with `driver`. Does not reset the table.
/// An immediate win is scored without a search; a full board is a draw.
pub fn solve<const W: usize, const H: usize>(
    s: &mut Searcher<W, H>,
    pos: &Position<W, H>,
    driver: Driver,
) -> i32 {
    let cells = Position::<W, H>::CELLS;
    if pos.nb_moves() >= cells {
        return 0;
    }
    if pos.can_win_next() {
        return immediate_win_score(cells, pos.nb_moves());
    }
    let (lo, hi) = Searcher::<W, H>::score_range(pos);
    match driver {
        Driver::Negamax => s.negamax(pos, lo, hi),
        Driver::Mtdf { guess } => mtdf(s, pos, guess.clamp(lo, hi), lo, hi),
        Driver::NullWindow => null_window(s, pos, lo, hi),
    }
}

fn mtdf<const W: usize, const H: usize>(
    s: &mut Searcher<W, H>,
    pos: &Position<W, H>,
    guess: i32,
    mut lower: i32,
    mut upper: i32,
) -> i32 {
    let mut g = guess;
    while lower < upper && !s.stopped() {
        let beta = if g == lower { g + 1 } else { g }.clamp(lower + 1, upper);
        g = s.negamax(pos, beta - 1, beta);
        if g < beta {
            upper = g;
        } else {
            lower = g;
        }
    }
    // `max`/`min` rather than `clamp`: a broken search (a mutant) may leave lower > upper, and
    // the driver should return a wrong score for the checks to catch, not panic.
    g.max(lower).min(upper)
}

fn null_window<const W: usize, const H: usize>(
    s: &mut Searcher<W, H>,
    pos: &Position<W, H>,
    mut min: i32,
    mut max: i32,
) -> i32 {
    while min < max && !s.stopped() {
        let mut med = min + (max - min) / 2;
        if med <= 0 && min / 2 < med {
            med = min / 2;
        } else if med >= 0 && max / 2 > med {
            med = max / 2;
        }
        let r = s.negamax(pos, med, med + 1);
        if r <= med {
            max = r;
        } else {
            min = r;
        }
    }
    min
}
