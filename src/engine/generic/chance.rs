//! Chance drivers of the generic core over [`ChanceGame`]: expectiminimax, Star1 and Star2
//! with Ballard's probing pass, called the *scouting pass* here ("probe" is a
//! driver's root search in treebench) (Ballard 1983; Hauk, Buro, Schaeffer 2004), with a transposition table and a
//! choice of move ordering. Values are exact rationals ([`Q`]), so every driver returns the
//! same root value as the brute-force oracle (`verify::chance`).
//!
//! - **Expectiminimax** searches everything: max and min over moves, the weighted mean over
//!   outcomes.
//! - **Star1** adds alpha-beta at decision nodes and, at a chance node, derives each outcome's
//!   window from the node's window, the outcomes already searched and the bounds `[L, U]` of
//!   the ones still to come; it cuts when an outcome's value proves the mean outside the window.
//! - **Star2** first *scouts* every outcome: one move of each MAX child (a lower bound on that
//!   child) and of each MIN child (an upper bound). It cuts when the bounds alone prove the
//!   mean outside the window, and otherwise runs Star1 with these tighter bounds in place of
//!   `L` and `U`. Children of mixed kinds (a die that ends the turn) get the right bound each.
//!   Two switches ([`Scouting`]) change the pass: scout only the children of the player who
//!   did not move into the chance node, and scout in a null window.
//!
//! Depth counts players' moves; a chance node passes its depth on. A table entry decides a node
//! only at its own depth, so the table never changes a value.

use super::tt;
use crate::game::chance::{ChanceGame, NodeKind, Outcomes, Q};
use crate::game::{MoveList, MAX_MOVES};

/// The root procedure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChanceDriver {
    /// Full-width expectiminimax.
    Expectimax,
    /// Star1: alpha-beta extended to chance nodes with the bounds `[L, U]`.
    Star1,
    /// Star2: Star1 after a scouting pass.
    Star2,
}

impl ChanceDriver {
    /// Every driver, in table order.
    pub const ALL: [ChanceDriver; 3] = [Self::Expectimax, Self::Star1, Self::Star2];
    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Expectimax => "expectimax",
            Self::Star1 => "star1",
            Self::Star2 => "star2",
        }
    }
}

/// The order moves are tried in at MAX and MIN nodes (outcomes keep the game's order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveOrder {
    /// The game's order.
    Natural,
    /// A pseudo-random order fixed by the position and the seed.
    Random(u64),
    /// The game's [`ChanceGame::order_hint`], highest first.
    Hint,
    /// Optimal: the exact value of each move at the remaining depth, best first (computed by an
    /// unpruned search that the counters do not count: an upper limit on ordering's effect).
    Oracle,
}

/// A seeded bug that verify must catch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChanceMutant {
    /// No bug.
    None,
    /// Star1/Star2 take `L + 1` as the lower bound of an outcome not yet searched.
    BoundOffByOne,
    /// Star2 takes a MIN child's scout as a lower bound (scout of the wrong kind).
    ScoutWrongKind,
    /// Star2 takes a scout (one move of a child) as the child's exact value.
    ScoutAsExact,
    /// A null-window search's result at its window's bound is stored in the table as an upper
    /// bound (it bounds neither side): verify runs it with null-window scouts and the table on.
    NullStoredAsBound,
}

impl ChanceMutant {
    /// Every seeded bug.
    pub const ALL: [ChanceMutant; 4] = [
        Self::BoundOffByOne,
        Self::ScoutWrongKind,
        Self::ScoutAsExact,
        Self::NullStoredAsBound,
    ];
}

/// Which children Star2's scouting pass scouts, and in what window (the other drivers ignore
/// it). [`Scouting::BALLARD`] is Ballard's Star2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scouting {
    /// Scout only the children of the other player than the *mover* (the player who moved into
    /// the chance node): their scout bounds the side that refutes the move (an upper bound
    /// where MAX moved), a scout of the mover's own child only the side that confirms it.
    /// Where no move leads to the chance node (a chance root) every child is scouted.
    pub opponent_only: bool,
    /// Scout a MAX child in the null window `(β, β)` and a MIN child in `(α, α)`, where
    /// `(α, β)` is the chance node's window: the scout tests whether the child is above `β`
    /// (below `α`), so that children all on that side cut the node, instead of searching the
    /// child's whole Star1 window. (At the edge of the child's Star1 window instead, where the
    /// other children are taken at their worst bounds, the test almost never fell inside the
    /// child's bounds: on the regular tree that variant searched within 0.1% of Star1.)
    pub null_window: bool,
}

impl Scouting {
    /// Ballard's Star2: every child scouted in its Star1 window.
    pub const BALLARD: Scouting = Scouting {
        opponent_only: false,
        null_window: false,
    };
    /// Every combination, Ballard's first.
    pub const ALL: [Scouting; 4] = [
        Self::BALLARD,
        Scouting {
            opponent_only: true,
            null_window: false,
        },
        Scouting {
            opponent_only: false,
            null_window: true,
        },
        Scouting {
            opponent_only: true,
            null_window: true,
        },
    ];
    /// Its name in tables: `ballard`, `opponent`, `null`, `opponent+null`.
    pub fn name(self) -> &'static str {
        match (self.opponent_only, self.null_window) {
            (false, false) => "ballard",
            (true, false) => "opponent",
            (false, true) => "null",
            (true, true) => "opponent+null",
        }
    }
}

/// Switches of a chance search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChanceConfig {
    /// The driver.
    pub driver: ChanceDriver,
    /// Move ordering.
    pub order: MoveOrder,
    /// Whether the transposition table is used.
    pub table: bool,
    /// Star2's scouting pass (ignored by the other drivers).
    pub scouting: Scouting,
    /// A seeded bug (verify only).
    pub mutant: ChanceMutant,
}

impl ChanceConfig {
    /// `driver` with natural order, the table on, Ballard's scouting, no mutant.
    pub fn new(driver: ChanceDriver) -> Self {
        ChanceConfig {
            driver,
            order: MoveOrder::Natural,
            table: true,
            scouting: Scouting::BALLARD,
            mutant: ChanceMutant::None,
        }
    }
}

/// What a chance search counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ChanceCounters {
    /// Calls of the node procedure, plus the children Star2's scouting pass expands or
    /// evaluates (a finished game or a horizon leaf is then known exactly and not searched
    /// again).
    pub nodes: u64,
    /// Chance nodes expanded.
    pub chance_nodes: u64,
    /// Chance nodes cut (by a scout's bounds or an outcome outside its window).
    pub chance_cutoffs: u64,
    /// Star2 scouts (one move of one child searched).
    pub scouts: u64,
    /// Table entries that decided a node.
    pub table_hits: u64,
}

impl ChanceCounters {
    /// Adds `o`'s counts to these.
    pub fn add(&mut self, o: &ChanceCounters) {
        self.nodes += o.nodes;
        self.chance_nodes += o.chance_nodes;
        self.chance_cutoffs += o.chance_cutoffs;
        self.scouts += o.scouts;
        self.table_hits += o.table_hits;
    }
}

/// Searches each of `positions` to `depth` with a fresh searcher of `cfg` (so no position
/// inherits another's table): the summed counters and the root values, in order.
pub fn search_positions<G: ChanceGame>(
    game: &G,
    cfg: ChanceConfig,
    positions: &[G::State],
    depth: u32,
) -> (ChanceCounters, Vec<Q>) {
    let mut total = ChanceCounters::default();
    let mut values = Vec::with_capacity(positions.len());
    for s in positions {
        let mut searcher = ChanceSearcher::new(game, cfg);
        values.push(searcher.solve(s, depth));
        total.add(&searcher.counters);
    }
    (total, values)
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    depth: u32,
    generation: u32,
    lo: Q,
    hi: Q,
}

const EMPTY: Entry = Entry {
    key: 0,
    depth: u32::MAX,
    generation: 0,
    lo: Q::ZERO,
    hi: Q::ZERO,
};

/// Entries of the table (always-replace, one entry a bucket).
pub const TABLE_SIZE: usize = 1 << 15;

/// The bucket of `key`: the generic core's mixer ([`tt::bucket`]), since a game's own key
/// packs its fields into bytes (Pig's low two bytes are the two scores: taken modulo the table
/// size, every node of one turn would share one bucket).
#[inline]
fn bucket(key: u64) -> usize {
    tt::bucket(key, TABLE_SIZE as u64 - 1)
}

/// Searches positions of one chance game with one configuration.
pub struct ChanceSearcher<'g, G: ChanceGame> {
    game: &'g G,
    cfg: ChanceConfig,
    /// Counters since construction (or the last [`ChanceSearcher::reset`]).
    pub counters: ChanceCounters,
    table: Vec<Entry>,
    generation: u32,
    lo: Q,
    hi: Q,
    den: i128,
    /// The kind of the decision node whose move leads to the node being entered (the mover of
    /// a chance node; `None` at the root): set before every child is searched.
    mover: Option<NodeKind>,
}

/// The random ordering's scores (a pseudo-random draw from a key, not a table's bucket).
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

impl<'g, G: ChanceGame> ChanceSearcher<'g, G> {
    /// A searcher (the table is allocated here, once).
    pub fn new(game: &'g G, cfg: ChanceConfig) -> Self {
        let (l, u) = game.bounds();
        assert!(l < u, "bounds must satisfy L < U");
        ChanceSearcher {
            game,
            cfg,
            counters: ChanceCounters::default(),
            table: if cfg.table {
                vec![EMPTY; TABLE_SIZE]
            } else {
                Vec::new()
            },
            generation: 1,
            lo: Q::int(l),
            hi: Q::int(u),
            den: i128::from(game.denominator()),
            mover: None,
        }
    }

    /// Zero the counters and empty the table.
    pub fn reset(&mut self) {
        self.counters = ChanceCounters::default();
        self.table.fill(EMPTY);
        self.generation = 1;
    }

    /// MAX's exact value of `s` searched to `depth` moves (the table starts a new generation
    /// first, so every root search counts its own work).
    pub fn solve(&mut self, s: &G::State, depth: u32) -> Q {
        self.generation = self.generation.wrapping_add(1).max(1);
        if self.generation == 1 {
            self.table.fill(EMPTY);
        }
        self.mover = None;
        self.search(s, depth, self.lo, self.hi)
    }

    /// The node procedure: fail-soft, MAX's value of `s` within the window `(alpha, beta)`.
    fn search(&mut self, s: &G::State, depth: u32, alpha: Q, beta: Q) -> Q {
        self.counters.nodes += 1;
        if let Some(u) = self.game.terminal(s) {
            return Q::int(u);
        }
        let kind = self.game.node(s);
        if kind != NodeKind::Chance && depth == 0 {
            return Q::int(self.game.evaluate(s));
        }
        let key = self.game.key(s);
        if let Some(v) = self.lookup(key, depth, alpha, beta) {
            self.counters.table_hits += 1;
            return v;
        }
        let v = match kind {
            NodeKind::Chance => self.chance(s, depth, alpha, beta),
            _ => self.decision(s, kind, depth, alpha, beta),
        };
        self.store(key, depth, v, alpha, beta);
        v
    }

    fn lookup(&self, key: u64, depth: u32, alpha: Q, beta: Q) -> Option<Q> {
        let e = self.table.get(bucket(key))?;
        if e.key != key || e.depth != depth || e.generation != self.generation {
            return None;
        }
        if e.lo == e.hi || e.lo >= beta {
            Some(e.lo)
        } else if e.hi <= alpha {
            Some(e.hi)
        } else {
            None
        }
    }

    fn store(&mut self, key: u64, depth: u32, v: Q, alpha: Q, beta: Q) {
        if alpha == beta && v == alpha && self.cfg.mutant != ChanceMutant::NullStoredAsBound {
            // a null-window search's result at its window bounds neither side
            return;
        }
        let exact = self.cfg.driver == ChanceDriver::Expectimax;
        let (lo, hi) = match () {
            _ if exact => (v, v),
            _ if v <= alpha => (self.lo, v),
            _ if v >= beta => (v, self.hi),
            _ => (v, v),
        };
        if let Some(e) = self.table.get_mut(bucket(key)) {
            *e = Entry {
                key,
                depth,
                generation: self.generation,
                lo,
                hi,
            };
        }
    }

    /// A MAX or MIN node: minimax over the ordered moves, alpha-beta unless expectiminimax.
    fn decision(&mut self, s: &G::State, kind: NodeKind, depth: u32, mut a: Q, mut b: Q) -> Q {
        let mut ms = MoveList::default();
        self.game.moves(s, &mut ms);
        self.order(s, kind, depth, &mut ms);
        let prune = self.cfg.driver != ChanceDriver::Expectimax;
        let max = kind == NodeKind::Max;
        let mut best = if max { self.lo } else { self.hi };
        for &m in ms.as_slice() {
            self.mover = Some(kind);
            let v = self.search(&self.game.play(s, m), depth - 1, a, b);
            if max {
                best = best.max(v);
                if prune && best >= b {
                    break;
                }
                a = a.max(best);
            } else {
                best = best.min(v);
                if prune && best <= a {
                    break;
                }
                b = b.min(best);
            }
        }
        best
    }

    fn prob(&self, w: u32) -> Q {
        Q::new(i128::from(w), self.den)
    }

    /// A chance node: the weighted mean of the outcomes (Star1/Star2 with cutoffs).
    fn chance(&mut self, s: &G::State, depth: u32, alpha: Q, beta: Q) -> Q {
        self.counters.chance_nodes += 1;
        let mover = self.mover;
        let mut os = Outcomes::default();
        self.game.outcomes(s, &mut os);
        if self.cfg.driver == ChanceDriver::Expectimax {
            let mut sum = Q::ZERO;
            for &(o, w) in os.as_slice() {
                self.mover = mover;
                let v = self.search(&self.game.resolve(s, o), depth, self.lo, self.hi);
                sum = sum.plus(self.prob(w).times(v));
            }
            return sum;
        }
        let n = os.len();
        let mut lb = [self.lo; crate::game::chance::MAX_OUTCOMES];
        let mut ub = [self.hi; crate::game::chance::MAX_OUTCOMES];
        if self.cfg.driver == ChanceDriver::Star2 {
            if let Some(v) = self.scout_all(s, &os, depth, alpha, beta, &mut lb, &mut ub) {
                self.counters.chance_cutoffs += 1;
                return v;
            }
        }
        let (mut rest_lb, mut rest_ub, mut p_rest) = (Q::ZERO, Q::ZERO, Q::int(1));
        for (i, &(_, w)) in os.as_slice().iter().enumerate() {
            let p = self.prob(w);
            rest_lb = rest_lb.plus(p.times(lb[i]));
            rest_ub = rest_ub.plus(p.times(ub[i]));
        }
        let mut sum = Q::ZERO;
        for (i, &(o, w)) in os.as_slice()[..n].iter().enumerate() {
            let p = self.prob(w);
            rest_lb = rest_lb.minus(p.times(lb[i]));
            rest_ub = rest_ub.minus(p.times(ub[i]));
            p_rest = p_rest.minus(p);
            let rest_lb_used = match self.cfg.mutant {
                ChanceMutant::BoundOffByOne => rest_lb.plus(p_rest),
                _ => rest_lb,
            };
            let a_i = alpha.minus(sum).minus(rest_ub).over(p);
            let b_i = beta.minus(sum).minus(rest_lb_used).over(p);
            if a_i >= ub[i] {
                self.counters.chance_cutoffs += 1;
                return sum.plus(p.times(ub[i])).plus(rest_ub);
            }
            if b_i <= lb[i] {
                self.counters.chance_cutoffs += 1;
                return sum.plus(p.times(lb[i])).plus(rest_lb);
            }
            let v = if lb[i] == ub[i] {
                lb[i]
            } else {
                let (wa, wb) = (a_i.max(lb[i]), b_i.min(ub[i]));
                self.mover = mover;
                self.search(&self.game.resolve(s, o), depth, wa, wb)
            };
            if v <= a_i {
                self.counters.chance_cutoffs += 1;
                return sum.plus(p.times(v)).plus(rest_ub);
            }
            if v >= b_i {
                self.counters.chance_cutoffs += 1;
                return sum.plus(p.times(v)).plus(rest_lb);
            }
            sum = sum.plus(p.times(v));
        }
        sum
    }

    /// Star2's scouting pass: tightens `lb`/`ub` of every outcome; `Some` when the bounds alone
    /// prove the mean outside `(alpha, beta)` (the fail-soft bound to return).
    #[allow(clippy::too_many_arguments)]
    fn scout_all(
        &mut self,
        s: &G::State,
        os: &Outcomes,
        depth: u32,
        alpha: Q,
        beta: Q,
        lb: &mut [Q],
        ub: &mut [Q],
    ) -> Option<Q> {
        let mover = self.mover;
        let sc = self.cfg.scouting;
        let (mut sum_lb, mut sum_ub) = (self.lo, self.hi);
        for (i, &(o, w)) in os.as_slice().iter().enumerate() {
            let p = self.prob(w);
            let child = self.game.resolve(s, o);
            let (old_lb, old_ub) = (lb[i], ub[i]);
            if let Some(u) = self.game.terminal(&child) {
                self.counters.nodes += 1;
                (lb[i], ub[i]) = (Q::int(u), Q::int(u));
            } else {
                let kind = self.game.node(&child);
                if kind != NodeKind::Chance && depth == 0 {
                    self.counters.nodes += 1;
                    let e = Q::int(self.game.evaluate(&child));
                    (lb[i], ub[i]) = (e, e);
                } else if kind != NodeKind::Chance && !(sc.opponent_only && mover == Some(kind)) {
                    let others_lb = sum_lb.minus(p.times(lb[i]));
                    let others_ub = sum_ub.minus(p.times(ub[i]));
                    let a_i = alpha.minus(others_ub).over(p).max(lb[i]);
                    let b_i = beta.minus(others_lb).over(p).min(ub[i]);
                    let (a_i, b_i) = match (sc.null_window, kind) {
                        (false, _) => (a_i, b_i),
                        (true, NodeKind::Max) => (beta, beta),
                        (true, _) => (alpha, alpha),
                    };
                    // a null-window scout (a_i = b_i = t) tells only `> t` or `< t`: it is
                    // worth searching only with t strictly inside the child's bounds
                    let worth = match sc.null_window {
                        false => a_i < b_i,
                        true => lb[i] < a_i && a_i < ub[i],
                    };
                    if worth {
                        let r = self.scout(&child, kind, depth, a_i, b_i);
                        self.take_scout(kind, r, a_i, b_i, &mut lb[i], &mut ub[i]);
                    }
                }
            }
            sum_lb = sum_lb.plus(p.times(lb[i].minus(old_lb)));
            sum_ub = sum_ub.plus(p.times(ub[i].minus(old_ub)));
            if sum_lb >= beta {
                return Some(sum_lb);
            }
            if sum_ub <= alpha {
                return Some(sum_ub);
            }
        }
        None
    }

    /// A scout's result `r` searched in `(a, b)` as a bound of its child. Fail-soft: `r` bounds
    /// the scouted move from below when `r > a`, from above when `r < b`. In a null window
    /// `a = b = t` that is `r > t` or `r < t`: `r = t` may be a bound of either side (a cut
    /// at `t`), so it tells nothing.
    fn take_scout(&self, kind: NodeKind, r: Q, a: Q, b: Q, lb: &mut Q, ub: &mut Q) {
        let m = self.cfg.mutant;
        if m == ChanceMutant::ScoutAsExact {
            (*lb, *ub) = (r, r);
            return;
        }
        let as_lower = kind == NodeKind::Max || m == ChanceMutant::ScoutWrongKind;
        if as_lower {
            if r > a {
                *lb = (*lb).max(r);
            }
        } else if r < b {
            *ub = (*ub).min(r);
        }
    }

    /// One move of a decision node (the first in order): a bound on the node's value.
    fn scout(&mut self, s: &G::State, kind: NodeKind, depth: u32, a: Q, b: Q) -> Q {
        self.counters.scouts += 1;
        self.counters.nodes += 1;
        let mut ms = MoveList::default();
        self.game.moves(s, &mut ms);
        self.order(s, kind, depth, &mut ms);
        let first = ms.as_slice()[0];
        self.mover = Some(kind);
        self.search(&self.game.play(s, first), depth - 1, a, b)
    }

    /// Orders the moves of a decision node by the configured [`MoveOrder`].
    fn order(&self, s: &G::State, kind: NodeKind, depth: u32, ms: &mut MoveList<G::Move>) {
        let mut scored = [(Q::ZERO, G::Move::default()); MAX_MOVES];
        let n = ms.len();
        for (i, &m) in ms.as_slice().iter().enumerate() {
            let score = match self.cfg.order {
                MoveOrder::Natural => return,
                MoveOrder::Random(seed) => {
                    let k = self.game.key(s) ^ seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
                    Q::int((mix(k ^ i as u64) >> 2) as i64)
                }
                MoveOrder::Hint => Q::int(i64::from(self.game.order_hint(s, m))),
                MoveOrder::Oracle => {
                    let v = exact(self.game, &self.game.play(s, m), depth - 1, self.den);
                    if kind == NodeKind::Max {
                        v
                    } else {
                        Q::ZERO.minus(v)
                    }
                }
            };
            scored[i] = (score, m);
        }
        scored[..n].sort_by_key(|x| std::cmp::Reverse(x.0));
        for (slot, &(_, m)) in ms.as_mut_slice().iter_mut().zip(&scored[..n]) {
            *slot = m;
        }
    }
}

/// Unpruned, uncounted expectiminimax (the optimal ordering's values).
fn exact<G: ChanceGame>(g: &G, s: &G::State, depth: u32, den: i128) -> Q {
    if let Some(u) = g.terminal(s) {
        return Q::int(u);
    }
    let kind = g.node(s);
    if kind == NodeKind::Chance {
        let mut os = Outcomes::default();
        g.outcomes(s, &mut os);
        return os.as_slice().iter().fold(Q::ZERO, |acc, &(o, w)| {
            let v = exact(g, &g.resolve(s, o), depth, den);
            acc.plus(Q::new(i128::from(w), den).times(v))
        });
    }
    if depth == 0 {
        return Q::int(g.evaluate(s));
    }
    let mut ms = MoveList::default();
    g.moves(s, &mut ms);
    let vals = ms
        .as_slice()
        .iter()
        .map(|&m| exact(g, &g.play(s, m), depth - 1, den));
    if kind == NodeKind::Max {
        vals.max().expect("a decision node with no move")
    } else {
        vals.min().expect("a decision node with no move")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// Distinct buckets of `keys` in the chance table.
    fn spread(keys: impl Iterator<Item = u64>) -> usize {
        keys.map(bucket).collect::<HashSet<_>>().len()
    }

    #[test]
    fn keys_that_differ_only_in_high_bits_spread_over_the_table() {
        // bits 32..63 only: taken modulo the table size, all 4096 would share bucket 0
        let n = 4096u64;
        assert!(spread((0..n).map(|i| i << 32)) >= n as usize / 2);
        let odd = (0..n).map(|i| i.wrapping_mul(0x2545_f491_4f6c_dd1d) & !0xffff_ffff);
        assert!(spread(odd) >= n as usize / 2);
        // bits 48..63 only (a multiply-shift alone reads the bits below 47 for this table: all
        // 4096 shared one bucket before the fold)
        assert!(spread((0..n).map(|i| i << 48)) >= n as usize / 2);
        assert!(spread((0..n).map(|i| (i << 52) | 0x1234)) >= n as usize / 2);
        // Pig's key, [s0, s1, turn, mover, done, dice] in its low bytes: every node of one turn
        // (one pair of scores) used to share one bucket
        let turn = (0..20u64).flat_map(|t| {
            (0..8u64).flat_map(move |done| {
                (0..3u64).map(move |dice| {
                    7 | 3 << 8 | t << 16 | (done & 1) << 24 | done << 32 | dice << 40
                })
            })
        });
        let keys: Vec<u64> = turn.collect();
        assert!(
            spread(keys.iter().copied()) >= keys.len() / 2,
            "{}",
            spread(keys.iter().copied())
        );
    }
}
