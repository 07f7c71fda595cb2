//! Games with chance nodes ([`ChanceGame`]) for the chance drivers of the generic core
//! (`engine::generic::chance`: expectiminimax, Star1, Star2), and [`Q`], the exact rational
//! value every driver computes so that drivers agree exactly.
//!
//! A position is a MAX node, a MIN node or a chance node (explicit players, not negamax: every
//! value is from MAX's point of view). A chance node lists its outcomes with integer weights
//! over the game's common denominator ([`ChanceGame::denominator`]), so the probability of an
//! outcome is `weight / denominator` exactly and an expectation is a rational with a power of
//! the denominator below it. Utilities and horizon values are integers in
//! [[`ChanceGame::bounds`]] `[L, U]`, which Star1 and Star2 need.
//!
//! `examples/pig.rs` is a dice game added in one file; [`super::chance_tree`] is Ballard's
//! regular *-minimax tree (seeded leaf values, uniform branching, outcomes and depth).

use super::search::MoveList;
use std::cmp::Ordering;
use std::fmt;

/// An exact rational `n / d` (`d > 0`, reduced). Arithmetic is checked: a value that does not
/// fit in `i128` panics with a clear message rather than going inexact.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Q {
    n: i128,
    d: i128,
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

const OVERFLOW: &str = "exact value overflows i128: search a smaller game or a lower depth";

impl Q {
    /// Zero.
    pub const ZERO: Q = Q { n: 0, d: 1 };

    /// `n / d`, reduced (`d ≠ 0`).
    pub fn new(n: i128, d: i128) -> Q {
        assert!(d != 0, "zero denominator");
        let g = gcd(n, d).max(1);
        let s = if d < 0 { -1 } else { 1 };
        Q {
            n: s * n / g,
            d: s * d / g,
        }
    }
    /// The integer `v`.
    pub fn int(v: i64) -> Q {
        Q {
            n: i128::from(v),
            d: 1,
        }
    }
    /// Numerator (reduced).
    pub fn numer(self) -> i128 {
        self.n
    }
    /// Denominator (reduced, positive).
    pub fn denom(self) -> i128 {
        self.d
    }
    /// The nearest `f64` (for tables only; comparisons stay exact).
    pub fn to_f64(self) -> f64 {
        self.n as f64 / self.d as f64
    }
    /// `self + o`.
    pub fn plus(self, o: Q) -> Q {
        let g = gcd(self.d, o.d);
        let (a, b) = (self.d / g, o.d / g);
        let n = self
            .n
            .checked_mul(b)
            .and_then(|x| o.n.checked_mul(a).and_then(|y| x.checked_add(y)))
            .expect(OVERFLOW);
        Q::new(n, a.checked_mul(o.d).expect(OVERFLOW))
    }
    /// `self − o`.
    pub fn minus(self, o: Q) -> Q {
        self.plus(Q { n: -o.n, d: o.d })
    }
    /// `self × o`.
    pub fn times(self, o: Q) -> Q {
        let g1 = gcd(self.n, o.d).max(1);
        let g2 = gcd(o.n, self.d).max(1);
        let n = (self.n / g1).checked_mul(o.n / g2).expect(OVERFLOW);
        let d = (self.d / g2).checked_mul(o.d / g1).expect(OVERFLOW);
        Q::new(n, d)
    }
    /// `self / o` (`o ≠ 0`).
    pub fn over(self, o: Q) -> Q {
        assert!(o.n != 0, "division by zero");
        self.times(Q { n: o.d, d: o.n }.normal())
    }
    fn normal(self) -> Q {
        if self.d < 0 {
            Q {
                n: -self.n,
                d: -self.d,
            }
        } else {
            self
        }
    }
}

/// Compares `a/b` with `c/d` (`b, d > 0`) without multiplying: integer parts first, then the
/// reciprocals of the remainders (a continued-fraction comparison that cannot overflow).
fn cmp_frac(mut a: i128, mut b: i128, mut c: i128, mut d: i128) -> Ordering {
    let mut flip = false;
    loop {
        let (qa, ra) = (a.div_euclid(b), a.rem_euclid(b));
        let (qc, rc) = (c.div_euclid(d), c.rem_euclid(d));
        let o = qa.cmp(&qc).then_with(|| match (ra == 0, rc == 0) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            (false, false) => Ordering::Equal,
        });
        if o != Ordering::Equal || ra == 0 {
            return if flip { o.reverse() } else { o };
        }
        // a/b = qa + ra/b: compare ra/b with rc/d, i.e. d/rc with b/ra reversed
        (a, b, c, d) = (b, ra, d, rc);
        flip = !flip;
    }
}

impl Ord for Q {
    fn cmp(&self, o: &Q) -> Ordering {
        cmp_frac(self.n, self.d, o.n, o.d)
    }
}
impl PartialOrd for Q {
    fn partial_cmp(&self, o: &Q) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl fmt::Debug for Q {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
impl fmt::Display for Q {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.d == 1 {
            write!(f, "{}", self.n)
        } else {
            write!(f, "{}/{}", self.n, self.d)
        }
    }
}

/// What kind of node a (non-terminal) position is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeKind {
    /// MAX chooses a move (values are MAX's).
    Max,
    /// MIN chooses a move.
    Min,
    /// Nature draws an outcome ([`ChanceGame::outcomes`]).
    Chance,
}

/// Most outcomes of a chance node.
pub const MAX_OUTCOMES: usize = 64;

/// The outcomes of a chance node: (outcome, weight) pairs; the weights sum to the game's
/// [`ChanceGame::denominator`]. A fixed array on the stack (no allocation on the search path).
#[derive(Clone, Copy)]
pub struct Outcomes {
    items: [(u8, u32); MAX_OUTCOMES],
    len: usize,
}

impl Default for Outcomes {
    fn default() -> Self {
        Outcomes {
            items: [(0, 0); MAX_OUTCOMES],
            len: 0,
        }
    }
}

impl Outcomes {
    /// Append outcome `o` with weight `w` (> 0).
    pub fn push(&mut self, o: u8, w: u32) {
        assert!(w > 0, "an outcome of weight 0");
        self.items[self.len] = (o, w);
        self.len += 1;
    }
    /// The (outcome, weight) pairs.
    pub fn as_slice(&self) -> &[(u8, u32)] {
        &self.items[..self.len]
    }
    /// Number of outcomes.
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// A two-player zero-sum game with chance nodes, as the chance drivers see it.
///
/// The value of a position searched to a fixed depth must be a function of the state alone.
/// Depth counts the players' moves: a chance node passes its depth on unchanged.
pub trait ChanceGame {
    /// A position (a chance node is a position too: the dice about to be thrown).
    type State: Clone;
    /// A player's move.
    type Move: Copy + Default + Eq + fmt::Debug;

    /// `(L, U)`: every utility and horizon value `v` satisfies `L ≤ v ≤ U`, `L < U`.
    fn bounds(&self) -> (i64, i64);
    /// The common denominator of outcome weights: every chance node's weights sum to it.
    fn denominator(&self) -> u32;
    /// The hash key of a position (chance nodes and decision nodes must not collide).
    fn key(&self, s: &Self::State) -> u64;
    /// MAX's utility of a finished game, or `None` if it goes on.
    fn terminal(&self, s: &Self::State) -> Option<i64>;
    /// Who acts at a position that is not terminal.
    fn node(&self, s: &Self::State) -> NodeKind;
    /// MAX's heuristic value at the horizon (a decision node at depth 0), within `[L, U]`.
    fn evaluate(&self, s: &Self::State) -> i64;
    /// The legal moves of a MAX or MIN node (at least one).
    fn moves(&self, s: &Self::State, out: &mut MoveList<Self::Move>);
    /// The position after a move.
    fn play(&self, s: &Self::State, m: Self::Move) -> Self::State;
    /// The outcomes of a chance node, with weights summing to [`ChanceGame::denominator`].
    fn outcomes(&self, s: &Self::State, out: &mut Outcomes);
    /// The position after outcome `o` of a chance node.
    fn resolve(&self, s: &Self::State, o: u8) -> Self::State;
    /// A cheap ordering score of a move for the side to move (higher first); 0 by default.
    fn order_hint(&self, s: &Self::State, m: Self::Move) -> i32 {
        let _ = (s, m);
        0
    }
    /// A move as text.
    fn move_text(&self, m: Self::Move) -> String;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rationals_are_exact_and_compare_without_overflow() {
        let third = Q::new(1, 3);
        assert_eq!(third.plus(third).plus(third), Q::int(1));
        assert_eq!(Q::new(2, -4), Q::new(-1, 2));
        assert_eq!(Q::new(5, 6).minus(Q::new(1, 3)), Q::new(1, 2));
        assert_eq!(Q::new(3, 4).over(Q::new(3, 8)), Q::int(2));
        assert!(Q::new(-7, 3) < Q::new(-2, 1));
        assert!(Q::new(1, 3) < Q::new(1, 2));
        let big = 6i128.pow(40);
        assert!(Q::new(big - 1, big) < Q::new(big, big + 1));
        assert!(Q::new(-big, big - 1) < Q::new(-1, 1));
        assert_eq!(Q::new(big, big).cmp(&Q::int(1)), Ordering::Equal);
    }
}
