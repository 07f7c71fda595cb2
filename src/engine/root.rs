//! The root drivers, written once for every search in treebench: the Connect-4 solver
//! (`engine/drivers.rs`), the generic core on every game (`engine/generic/drivers.rs`) and the
//! textbook searches (`engine/textbook`) each implement [`WindowSearch`] (one search of the root
//! with a window) and call the procedures of [`RootBounds`]:
//!
//! - [`RootBounds::probe`]: one root search with a window `(alpha, beta)`; its fail-soft value
//!   narrows the interval of values still possible, and the search is logged as a [`Probe`];
//! - [`RootBounds::mtd`]: Plaat et al.'s MTD: null windows at a guess that follows the fail-soft
//!   results (MTD(f) from a guess, MT-SSS\* from the upper bound, MT-DUAL\* from the lower);
//! - [`RootBounds::aspiration`]: a window of `±delta` around a guess, on a failure the failed
//!   side opened to the bound just proved and the width doubled;
//! - [`RootBounds::bisect`]: null windows at the midpoint the search chooses
//!   ([`WindowSearch::midpoint`]: plain bisection by default; Connect-4 pulls it away from zero,
//!   Pons' and BitBully's rule, which settles win/draw/loss first).
//!
//! Decisions taken once for every search (each with a test below): MTD's null window is kept
//! inside the interval (`lower + 1 ≤ beta ≤ upper`); every driver stops at once when the search
//! says it stopped (a deadline); aspiration uses the bound a failed search proved; every probe
//! after the first of a solve counts as a re-search ([`WindowSearch::count_research`]).

/// A root procedure: how a search calls its node procedure from the root. One list for every
/// search in treebench; the Connect-4 solver has every driver but the brute-force [`Minimax`]
/// (its spec names are [`Driver::connect4_names`]).
///
/// [`Minimax`]: Driver::Minimax
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Driver {
    /// Brute-force fixed-depth minimax: no pruning, no table (the generic core's oracle).
    Minimax,
    /// Fail-soft alpha-beta with the widest window.
    Negamax,
    /// The widest window at the root, Principal Variation Search (NegaScout) inside the tree.
    Pvs,
    /// Aspiration windows of `±delta` around the first guess ([`RootBounds::aspiration`]).
    Aspiration,
    /// MTD(f) from the first guess ([`RootBounds::mtd`]).
    Mtdf,
    /// MT-SSS\*: MTD from the upper bound.
    Sss,
    /// MT-DUAL\*: MTD from the lower bound.
    Dual,
    /// Null-window bisection of the interval still possible ([`RootBounds::bisect`]).
    NullWindow,
    /// MTD(f) after two bisection probes ([`RootBounds::bracketed_mtd`]).
    MtdfBracket,
}

impl Driver {
    /// Every driver with its spec name, in the order of the docs.
    pub const ALL: [(Driver, &'static str); 9] = [
        (Driver::Minimax, "minimax"),
        (Driver::Negamax, "negamax"),
        (Driver::Pvs, "pvs"),
        (Driver::Aspiration, "aspiration"),
        (Driver::Mtdf, "mtdf"),
        (Driver::Sss, "sss"),
        (Driver::Dual, "dual"),
        (Driver::NullWindow, "null-window"),
        (Driver::MtdfBracket, "mtdf-bracket"),
    ];

    /// The spec name.
    #[must_use]
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(d, _)| *d == self)
            .expect("listed")
            .1
    }

    /// The driver of a spec name (also `negascout` for PVS, `nullwindow` and `null_window`).
    #[must_use]
    pub fn from_name(s: &str) -> Option<Self> {
        match s {
            "negascout" => Some(Driver::Pvs),
            "nullwindow" | "null_window" => Some(Driver::NullWindow),
            _ => Self::ALL.iter().find(|(_, n)| *n == s).map(|(d, _)| *d),
        }
    }

    /// The spec names of the Connect-4 solver's drivers (every pruning driver).
    #[must_use]
    pub fn connect4_names() -> Vec<String> {
        Self::ALL
            .iter()
            .filter(|(d, _)| d.prunes())
            .map(|(_, n)| (*n).to_string())
            .collect()
    }

    /// Whether the driver is full-width alpha-beta (every driver but the brute-force oracle).
    #[must_use]
    pub fn prunes(self) -> bool {
        self != Driver::Minimax
    }

    /// Whether the search inside the tree is Principal Variation Search.
    #[must_use]
    pub fn pvs(self) -> bool {
        self == Driver::Pvs
    }

    /// Whether the driver starts from a first guess (MTD(f), aspiration).
    #[must_use]
    pub fn takes_guess(self) -> bool {
        matches!(
            self,
            Driver::Mtdf | Driver::Aspiration | Driver::MtdfBracket
        )
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

/// A search the root drivers can call: one search of the root position with a window.
pub trait WindowSearch {
    /// Search the root with the window `(alpha, beta)`; the fail-soft value.
    fn search(&mut self, alpha: i32, beta: i32) -> i32;
    /// Nodes searched so far (a probe's nodes are the difference across it).
    fn nodes(&self) -> u64;
    /// Whether the search was told to stop (a deadline passed): the drivers return at once.
    fn stopped(&self) -> bool {
        false
    }
    /// A probe after the first of a solve is about to run (a search that counts re-searches
    /// adds one).
    fn count_research(&mut self) {}
    /// The null window's place in `[lower, upper]` (`lower < upper`) for bisection: the
    /// midpoint, rounded down; a result in `[lower, upper)`.
    fn midpoint(&self, lower: i32, upper: i32) -> i32 {
        lower + (upper - lower) / 2
    }
}

/// The interval of values still possible at the root, narrowed by probes, which it logs.
pub struct RootBounds<'a, S: WindowSearch> {
    /// The search.
    pub s: &'a mut S,
    depth: Option<u32>,
    /// The lowest value still possible.
    pub lower: i32,
    /// The highest value still possible.
    pub upper: i32,
    log: &'a mut Vec<Probe>,
}

impl<'a, S: WindowSearch> RootBounds<'a, S> {
    /// The interval `[lower, upper]` of a search at `depth` (`None`: to the end), its probes
    /// appended to `log`.
    pub fn new(
        s: &'a mut S,
        depth: Option<u32>,
        lower: i32,
        upper: i32,
        log: &'a mut Vec<Probe>,
    ) -> Self {
        Self {
            s,
            depth,
            lower,
            upper,
            log,
        }
    }

    /// Search `(alpha, beta)`, narrow the interval by the fail-soft result, log the probe.
    pub fn probe(&mut self, alpha: i32, beta: i32) -> i32 {
        if !self.log.is_empty() {
            self.s.count_research();
        }
        let before = self.s.nodes();
        let value = self.s.search(alpha, beta);
        if value <= alpha {
            self.upper = value;
        } else if value >= beta {
            self.lower = value;
        } else {
            (self.lower, self.upper) = (value, value);
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

    /// Whether values remain to tell apart and the search may go on.
    pub fn open(&self) -> bool {
        self.lower < self.upper && !self.s.stopped()
    }

    /// Run `driver` from `guess` (MTD(f), aspiration) with the aspiration half-width `delta`:
    /// the one dispatch of every search. `wide` is the widest window of the search
    /// (`negamax`, `pvs`); `Minimax` has no window and is the caller's (it searches `wide` here).
    /// `fail_high_is_value` is the aspiration mutant ([`RootBounds::aspiration`]).
    pub fn drive(
        &mut self,
        driver: Driver,
        (guess, delta): (i32, i32),
        wide: (i32, i32),
        fail_high_is_value: bool,
    ) -> i32 {
        match driver {
            Driver::Minimax | Driver::Negamax | Driver::Pvs => self.probe(wide.0, wide.1),
            Driver::Aspiration => self.aspiration(guess, delta, fail_high_is_value),
            Driver::Mtdf => self.mtd(guess),
            Driver::Sss => self.mtd(self.upper),
            Driver::Dual => self.mtd(self.lower),
            Driver::NullWindow => self.bisect(),
            Driver::MtdfBracket => self.bracketed_mtd(guess),
        }
    }

    /// `v` within the interval. `max`/`min` rather than `clamp`: a broken search (a mutant) may
    /// leave `lower > upper`, and the driver must then return a wrong value for the checks to
    /// catch, not panic.
    fn inside(&self, v: i32) -> i32 {
        v.max(self.lower).min(self.upper)
    }

    /// MTD: null windows at the guess, which follows the fail-soft results, the window kept
    /// inside the interval. From the upper bound this is MT-SSS\*, from the lower MT-DUAL\*.
    pub fn mtd(&mut self, guess: i32) -> i32 {
        let mut g = guess;
        while self.open() {
            let beta = if g == self.lower { g + 1 } else { g };
            let beta = beta.max(self.lower + 1).min(self.upper);
            g = self.probe(beta - 1, beta);
        }
        self.inside(g)
    }

    /// Aspiration windows: `(guess − delta, guess + delta)` within the interval; on a failure
    /// the failed side opens to the bound it proved and the other side lies `delta` (doubled at
    /// each failure) beyond it, until a search ends inside its window. `fail_high_is_value`
    /// is a seeded bug (a mutant): a fail high's lower bound taken as the value.
    pub fn aspiration(&mut self, guess: i32, delta: i32, fail_high_is_value: bool) -> i32 {
        let mut delta = delta.max(1);
        let guess = self.inside(guess);
        let mut alpha = guess.saturating_sub(delta).max(self.lower);
        let mut beta = guess.saturating_add(delta).min(self.upper);
        let mut v = guess;
        while self.open() {
            v = self.probe(alpha, beta);
            if v >= beta && fail_high_is_value {
                return v;
            }
            delta = delta.saturating_mul(2);
            if v <= alpha {
                beta = self.upper;
                alpha = beta.saturating_sub(delta).max(self.lower);
            } else if v >= beta {
                alpha = self.lower;
                beta = alpha.saturating_add(delta).min(self.upper);
            }
            if alpha >= beta {
                break; // the interval is a single value
            }
        }
        self.inside(v)
    }

    /// MTD(f) from `guess` after the first two probes of [`Self::bisect`]. With Connect-4's
    /// midpoints these ask "a loss by half the board or more?" and then "a win by half?" (or
    /// "a loss by three quarters?"): cheap where the answer is no, since the window cuts every
    /// long line, and they settle a far score at once, which MTD(f) from 0 climbs to one step
    /// at a time, its tests near 0 dear because they cannot cut long lines (Pons' Begin-Easy
    /// `32164625`, score 11: MTD(f) 7 probes and 459,689 nodes, bracketed 9,248).
    pub fn bracketed_mtd(&mut self, guess: i32) -> i32 {
        for _ in 0..2 {
            if !self.open() {
                break;
            }
            let mid = self.s.midpoint(self.lower, self.upper);
            self.probe(mid, mid + 1);
        }
        // `mtd` keeps its windows inside what the probes left, and ends at once when they
        // settled the value.
        self.mtd(guess)
    }

    /// Bisection with null windows at the search's midpoint: a result `r ≤ mid` proves the value
    /// is at most `r`, `r > mid` at least `r`.
    pub fn bisect(&mut self) -> i32 {
        while self.open() {
            let mid = self.s.midpoint(self.lower, self.upper);
            self.probe(mid, mid + 1);
        }
        self.lower
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fail-soft root with a known value: a window search returns the exact value when it
    /// lies inside, else the nearest window bound (a fail-hard answer, which is fail-soft too).
    struct Known {
        value: i32,
        nodes: u64,
        researches: u64,
        stop_after: Option<u64>,
    }

    impl Known {
        fn new(value: i32) -> Self {
            Self {
                value,
                nodes: 0,
                researches: 0,
                stop_after: None,
            }
        }
    }

    impl WindowSearch for Known {
        fn search(&mut self, alpha: i32, beta: i32) -> i32 {
            self.nodes += 1;
            self.value.clamp(alpha, beta)
        }
        fn nodes(&self) -> u64 {
            self.nodes
        }
        fn stopped(&self) -> bool {
            self.stop_after.is_some_and(|n| self.nodes >= n)
        }
        fn count_research(&mut self) {
            self.researches += 1;
        }
    }

    fn run(value: i32, f: impl Fn(&mut RootBounds<'_, Known>) -> i32) -> (i32, Vec<Probe>, u64) {
        let mut s = Known::new(value);
        let mut log = Vec::new();
        let v = f(&mut RootBounds::new(&mut s, None, -20, 20, &mut log));
        (v, log, s.researches)
    }

    #[test]
    fn every_driver_finds_every_value() {
        for value in -20..=20 {
            for guess in [-30, -20, -3, 0, 5, 20, 30] {
                assert_eq!(run(value, |b| b.mtd(guess)).0, value, "mtd {guess}");
                for delta in [1, 2, 7, i32::MAX] {
                    let v = run(value, |b| b.aspiration(guess, delta, false)).0;
                    assert_eq!(v, value, "aspiration {guess} ± {delta}");
                }
            }
            assert_eq!(run(value, |b| b.bisect()).0, value);
            for guess in [-30, 0, 5] {
                assert_eq!(run(value, |b| b.bracketed_mtd(guess)).0, value);
            }
        }
    }

    #[test]
    fn drive_runs_every_driver_to_the_value_and_names_round_trip() {
        for (driver, name) in Driver::ALL {
            assert_eq!(Driver::from_name(name), Some(driver));
            assert_eq!(driver.name(), name);
            for value in -20..=20 {
                let v = run(value, |b| b.drive(driver, (3, 2), (-100, 100), false)).0;
                assert_eq!(v, value, "{name}");
            }
        }
        assert_eq!(Driver::from_name("negascout"), Some(Driver::Pvs));
        assert_eq!(Driver::connect4_names().len(), 8);
        assert!(!Driver::connect4_names().contains(&"minimax".to_string()));
    }

    #[test]
    fn mtd_windows_stay_inside_the_interval_and_researches_are_counted() {
        // A guess beyond the upper bound: the first null window is (19, 20), not (29, 30).
        let (_, log, researches) = run(3, |b| b.mtd(30));
        assert_eq!((log[0].alpha, log[0].beta), (19, 20));
        for p in &log {
            assert!(-20 < p.beta && p.beta <= 20, "{p:?}");
        }
        assert_eq!(researches, log.len() as u64 - 1);
    }

    #[test]
    fn bracketed_mtd_settles_a_far_value_before_its_guess() {
        // Value 15 in [-20, 20] from guess 0: probes at the midpoints 0 and 10 (both fail high,
        // fail-hard here), then MTD(f) from the lower bound 11 the second proved, not from 0.
        let (v, log, _) = run(15, |b| b.bracketed_mtd(0));
        assert_eq!((log[0].beta, log[1].beta), (1, 11));
        assert_eq!((log[2].alpha, log[2].beta), (11, 12));
        assert_eq!((v, log.len()), (15, 2 + 5));
    }

    #[test]
    fn aspiration_opens_the_failed_side_to_the_proved_bound() {
        // Value 9 from guess 0 ± 2: fails high at 2, so the next window starts at 2 (the bound
        // proved), not at −2.
        let (_, log, _) = run(9, |b| b.aspiration(0, 2, false));
        assert_eq!((log[0].alpha, log[0].beta), (-2, 2));
        assert_eq!(log[1].alpha, 2);
    }

    #[test]
    fn the_fail_high_mutant_returns_a_wrong_value() {
        assert_eq!(run(9, |b| b.aspiration(0, 2, true)).0, 2);
    }

    #[test]
    fn a_stopped_search_ends_every_driver() {
        let mut s = Known::new(7);
        s.stop_after = Some(1);
        let mut log = Vec::new();
        RootBounds::new(&mut s, None, -20, 20, &mut log).mtd(0);
        assert_eq!(log.len(), 1);
    }
}
