//! Generic searches: minimax, alpha-beta with several move orders and table disciplines, MTD(f).
//!
//! Counting conventions are those of the [module root](super): every call counts a node (root
//! included), the terminal test comes before the table lookup, the root window is `(−∞, +∞)`.

use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::engine::root::{RootBounds, WindowSearch};
use crate::game::{uniform_below, Game};

/// "Infinity" for windows; `-INF` is representable, so negating a window bound never overflows.
pub const INF: i32 = i32::MAX;

/// What a search counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Calls of the recursive search, root included.
    pub nodes: u64,
    /// Calls that found a terminal position (random trees: leaves evaluated).
    pub leaves: u64,
    /// Table lookups that ended a call without searching its children.
    pub hits: u64,
    /// Table lookups (every non-terminal call of a search with a table).
    pub tt_lookups: u64,
    /// Lookups that found an entry for the position (ending the call or not).
    pub found: u64,
    /// Calls that stopped at a child's value at or above beta.
    pub beta_cutoffs: u64,
    /// Of `beta_cutoffs`, those made by the first child searched.
    pub first_move_cutoffs: u64,
    /// PVS re-searches after a null-window fail high.
    pub researches: u64,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.nodes += o.nodes;
        self.leaves += o.leaves;
        self.hits += o.hits;
        self.tt_lookups += o.tt_lookups;
        self.found += o.found;
        self.beta_cutoffs += o.beta_cutoffs;
        self.first_move_cutoffs += o.first_move_cutoffs;
        self.researches += o.researches;
    }
}

impl Stats {
    /// Record a fail high at the `i`-th child searched (0 = first).
    pub(crate) fn cutoff(&mut self, i: usize) {
        self.beta_cutoffs += 1;
        self.first_move_cutoffs += u64::from(i == 0);
    }

    /// These counts as the engine-wide [`SearchCounters`](crate::engine::SearchCounters), with
    /// `root_searches` root searches (each after the first is a re-search).
    #[must_use]
    pub fn counters(&self, root_searches: u64) -> crate::engine::SearchCounters {
        crate::engine::SearchCounters {
            interior: self.nodes - self.leaves - self.hits,
            leaves: self.leaves,
            qnodes: 0,
            tt_lookups: self.tt_lookups,
            hits: self.found,
            table_cutoffs: self.hits,
            beta_cutoffs: self.beta_cutoffs,
            first_move_cutoffs: self.first_move_cutoffs,
            researches: self.researches + root_searches.saturating_sub(1),
        }
    }
}

/// Plain minimax (negamax form): visits the whole tree below `s`.
pub fn minimax<G: Game>(game: &G, s: &G::State, stats: &mut Stats) -> i32 {
    stats.nodes += 1;
    if game.is_terminal(s) {
        stats.leaves += 1;
        return game.utility(s);
    }
    let mut best = -INF;
    for m in game.moves(s) {
        let v = -minimax(game, &game.play(s, m), stats);
        best = best.max(v);
    }
    best
}

/// Number of distinct positions reachable from the root, the root and terminal positions
/// included (tic-tac-toe: 5,478).
pub fn reachable_states<G: Game>(game: &G) -> usize {
    let mut seen = HashSet::new();
    let mut stack = vec![game.root()];
    seen.insert(game.root());
    while let Some(s) = stack.pop() {
        for m in game.moves(&s) {
            let c = game.play(&s, m);
            if seen.insert(c.clone()) {
                stack.push(c);
            }
        }
    }
    seen.len()
}

/// Exact minimax values, memoised for non-terminal positions and never counted: the "oracle"
/// behind best-first move ordering and the perfect player.
#[derive(Debug, Clone)]
pub struct Oracle<S> {
    memo: HashMap<S, i32>,
}

impl<S: Clone + Eq + std::hash::Hash> Default for Oracle<S> {
    fn default() -> Self {
        Oracle {
            memo: HashMap::new(),
        }
    }
}

impl<S: Clone + Eq + std::hash::Hash> Oracle<S> {
    /// An empty oracle.
    pub fn new() -> Self {
        Self::default()
    }
    /// The exact negamax value of `s` (side to move), computing and memoising as needed.
    pub fn value<G: Game<State = S>>(&mut self, game: &G, s: &S) -> i32 {
        if game.is_terminal(s) {
            return game.utility(s);
        }
        if let Some(&v) = self.memo.get(s) {
            return v;
        }
        let mut best = -INF;
        for m in game.moves(s) {
            let v = -self.value(game, &game.play(s, m));
            best = best.max(v);
        }
        self.memo.insert(s.clone(), best);
        best
    }
    /// The value of `s` if it is terminal or already memoised (read-only, shareable).
    pub fn known<G: Game<State = S>>(&self, game: &G, s: &S) -> Option<i32> {
        if game.is_terminal(s) {
            Some(game.utility(s))
        } else {
            self.memo.get(s).copied()
        }
    }
    /// Number of memoised (non-terminal) positions.
    pub fn len(&self) -> usize {
        self.memo.len()
    }
    /// Whether nothing is memoised.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }
}

/// The order in which alpha-beta tries the children of a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// The game's fixed order ([`Game::moves`]).
    Given,
    /// Best first: children sorted by their true minimax value (from an uncounted [`Oracle`]),
    /// ties kept in the game's order. This is the "oracle" order that gives the minimal tree.
    Best,
    /// A uniformly random permutation per node (Fisher–Yates with rejection sampling), drawn from
    /// `ChaCha8Rng::seed_from_u64(seed)` on stream `h(state)`, where `h` is 64-bit FNV-1a over
    /// the state's `Hash` bytes: the order of a node is fixed by `(seed, node)`, so every search
    /// (and every pass of an MTD driver, and classic SSS*) sees the same order at a node however
    /// often and in whatever order it visits it.
    Random {
        /// Seed of the permutation stream.
        seed: u64,
    },
}

/// Which transposition-table discipline alpha-beta uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TtKind {
    /// No table.
    None,
    /// Exact values only: a value is stored only when it fell strictly inside the node's
    /// original window (so it is the true minimax value); any stored value is returned on a lookup.
    Exact,
    /// Bound-flagged entries: EXACT inside the searched window, LOWER on a fail high, UPPER on a
    /// fail low; lookups return on EXACT or on a bound that already decides the window, and
    /// otherwise narrow the window.
    Bounds,
    /// The classic bug: every result is stored as if it were exact, including fail-high lower
    /// bounds and fail-low upper bounds, and any stored value is returned on a lookup.
    Broken,
}

/// What a stored value means (exact, lower or upper bound): the one `Bound` of every table.
pub use crate::engine::tt::Bound;

#[derive(Debug, Clone, Copy)]
struct Entry {
    value: i32,
    bound: Bound,
}

/// 64-bit FNV-1a: a hasher whose output is fixed by the bytes written (unlike `DefaultHasher`),
/// so per-node random orders are reproducible across Rust releases.
struct Fnv1a(u64);

impl Hasher for Fnv1a {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// Fail-soft negamax alpha-beta with a move order and a table discipline.
///
/// The table (keyed by the exact state, no symmetry) and the statistics persist across calls of
/// [`AlphaBeta::search`] until [`AlphaBeta::reset`] / [`AlphaBeta::reset_stats`], which is what
/// MTD(f) relies on.
pub struct AlphaBeta<G: Game> {
    game: G,
    order: Order,
    tt_kind: TtKind,
    table: HashMap<G::State, Entry>,
    oracle: Oracle<G::State>,
    rng: ChaCha8Rng,
    /// Counters accumulated since the last reset.
    pub stats: Stats,
    /// When `Some`, every terminal position the search evaluates is appended (in evaluation
    /// order, repeats included); `None` (the default) records nothing and costs one branch.
    pub leaf_log: Option<Vec<G::State>>,
}

impl<G: Game> AlphaBeta<G> {
    /// A searcher over `game` (owned, so an engine can keep the searcher between solves).
    pub fn new(game: G, order: Order, tt_kind: TtKind) -> Self {
        let mut s = AlphaBeta {
            game,
            order,
            tt_kind,
            table: HashMap::new(),
            oracle: Oracle::new(),
            rng: ChaCha8Rng::seed_from_u64(0),
            stats: Stats::default(),
            leaf_log: None,
        };
        s.reset();
        s
    }

    /// Clear the table, the counters and the leaf log (if on) (the oracle's memo of true values
    /// is kept: it is not search knowledge and is never counted).
    pub fn reset(&mut self) {
        self.table.clear();
        self.stats = Stats::default();
        if let Some(log) = &mut self.leaf_log {
            log.clear();
        }
        if let Order::Random { seed } = self.order {
            self.rng = ChaCha8Rng::seed_from_u64(seed);
        }
    }

    /// Turn the leaf log on (empty) or off.
    pub fn record_leaves(&mut self, on: bool) {
        self.leaf_log = on.then(Vec::new);
    }

    /// Zero the counters only.
    pub fn reset_stats(&mut self) {
        self.stats = Stats::default();
    }

    /// The game searched.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The move order.
    pub fn order(&self) -> Order {
        self.order
    }

    /// Number of table entries.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The table discipline.
    pub fn tt_kind(&self) -> TtKind {
        self.tt_kind
    }

    /// The children of `s` in this searcher's move order (uncounted).
    pub fn ordered_moves(&mut self, s: &G::State) -> Vec<u8> {
        let mut moves = self.game.moves(s);
        match self.order {
            Order::Given => {}
            Order::Best => {
                let (game, oracle) = (&self.game, &mut self.oracle);
                let mut keyed: Vec<(i32, u8)> = moves
                    .iter()
                    .map(|&m| (oracle.value(game, &game.play(s, m)), m))
                    .collect();
                // The child's value is from the opponent's side: smallest first is best first.
                keyed.sort_by_key(|&(v, _)| v); // stable: ties keep the game's order
                moves = keyed.into_iter().map(|(_, m)| m).collect();
            }
            Order::Random { .. } => {
                let mut h = Fnv1a(0xcbf2_9ce4_8422_2325);
                s.hash(&mut h);
                let mut rng = self.rng.clone();
                rng.set_stream(h.0);
                for i in (1..moves.len()).rev() {
                    let j = uniform_below(&mut rng, i as u64 + 1) as usize;
                    moves.swap(i, j);
                }
            }
        }
        moves
    }

    /// Count a node; if `s` is terminal, count (and log) a leaf and return its value.
    pub(crate) fn enter(&mut self, s: &G::State) -> Option<i32> {
        self.stats.nodes += 1;
        if self.game.is_terminal(s) {
            self.stats.leaves += 1;
            if let Some(log) = &mut self.leaf_log {
                log.push(s.clone());
            }
            return Some(self.game.utility(s));
        }
        None
    }

    /// Search `s` with window `(alpha, beta)`; returns a fail-soft value from the side to move.
    pub fn search(&mut self, s: &G::State, alpha: i32, beta: i32) -> i32 {
        if let Some(v) = self.enter(s) {
            return v;
        }
        let (mut alpha, beta) = match self.lookup(s, alpha, beta) {
            Ok(v) => return v,
            Err(w) => w,
        };
        // The window actually searched (after any narrowing by a bound entry).
        let (a0, b0) = (alpha, beta);
        let mut best = -INF;
        for (i, m) in self.ordered_moves(s).into_iter().enumerate() {
            let child = self.game.play(s, m);
            let v = -self.search(&child, -beta, -alpha);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        self.stats.cutoff(i);
                        break;
                    }
                }
            }
        }
        self.store(s, best, a0, b0);
        best
    }

    /// Look non-terminal `s` up in the table with window `(alpha, beta)`: `Ok(value)` when the
    /// entry ends the call (a hit, counted), else `Err` with the window to search (narrowed by a
    /// bound entry that does not decide it).
    pub(crate) fn lookup(
        &mut self,
        s: &G::State,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<i32, (i32, i32)> {
        if self.tt_kind != TtKind::None {
            self.stats.tt_lookups += 1;
            self.stats.found += u64::from(self.table.contains_key(s));
        }
        match self.tt_kind {
            TtKind::None => {}
            TtKind::Exact | TtKind::Broken => {
                if let Some(e) = self.table.get(s) {
                    self.stats.hits += 1;
                    return Ok(e.value);
                }
            }
            TtKind::Bounds => {
                if let Some(&e) = self.table.get(s) {
                    match e.bound {
                        Bound::Exact => {
                            self.stats.hits += 1;
                            return Ok(e.value);
                        }
                        Bound::Lower if e.value >= beta => {
                            self.stats.hits += 1;
                            return Ok(e.value);
                        }
                        Bound::Upper if e.value <= alpha => {
                            self.stats.hits += 1;
                            return Ok(e.value);
                        }
                        Bound::Lower => alpha = alpha.max(e.value),
                        Bound::Upper => beta = beta.min(e.value),
                    }
                }
            }
        }
        Err((alpha, beta))
    }

    /// Store the fail-soft result `best` of searching `s` with window `(a0, b0)`.
    pub(crate) fn store(&mut self, s: &G::State, best: i32, a0: i32, b0: i32) {
        match self.tt_kind {
            TtKind::None => {}
            TtKind::Exact => {
                if a0 < best && best < b0 {
                    self.table.insert(
                        s.clone(),
                        Entry {
                            value: best,
                            bound: Bound::Exact,
                        },
                    );
                }
            }
            TtKind::Bounds => {
                // Flags are relative to the window searched: a fail-soft result at or below it is
                // an upper bound, at or above it a lower bound, strictly inside it exact.
                let bound = if best <= a0 {
                    Bound::Upper
                } else if best >= b0 {
                    Bound::Lower
                } else {
                    Bound::Exact
                };
                self.table.insert(s.clone(), Entry { value: best, bound });
            }
            TtKind::Broken => {
                self.table.insert(
                    s.clone(),
                    Entry {
                        value: best,
                        bound: Bound::Exact,
                    },
                );
            }
        }
    }

    /// Full-window search of `s` from a fresh table and counters.
    pub fn solve(&mut self, s: &G::State) -> (i32, Stats) {
        self.reset();
        let v = self.search(s, -INF, INF);
        (v, self.stats)
    }
}

/// The outcome of one MTD(f) run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mtdf {
    /// The value MTD(f) converged to (wrong with a broken table).
    pub value: i32,
    /// Number of null-window alpha-beta passes.
    pub passes: u32,
    /// Counters summed over all passes.
    pub stats: Stats,
}

/// MTD(f) (Plaat et al.) from first guess `guess`: null-window alpha-beta passes
/// `(β−1, β)` until the lower and upper bounds meet, on integer scores (the shared
/// [`RootBounds::mtd`]). The counters are zeroed
/// first; the table is *not* cleared (call [`AlphaBeta::reset`] for a fresh one) and persists
/// across passes, which is what makes MTD(f) cheap. Terminates for any table: each pass either
/// strictly lowers `upper` or strictly raises `lower`, or makes them cross.
pub fn mtdf<G: Game>(ab: &mut AlphaBeta<G>, s: &G::State, guess: i32) -> Mtdf {
    ab.reset_stats();
    let mut log = Vec::new();
    let mut root = TextbookRoot { ab, s };
    let value = RootBounds::new(&mut root, None, -INF, INF, &mut log).mtd(guess);
    Mtdf {
        value,
        passes: log.len() as u32,
        stats: root.ab.stats,
    }
}

/// A textbook alpha-beta at one root, as the shared root drivers see it.
struct TextbookRoot<'a, G: Game> {
    ab: &'a mut AlphaBeta<G>,
    s: &'a G::State,
}

impl<G: Game> WindowSearch for TextbookRoot<'_, G> {
    fn search(&mut self, alpha: i32, beta: i32) -> i32 {
        self.ab.search(self.s, alpha, beta)
    }

    fn nodes(&self) -> u64 {
        self.ab.stats.nodes
    }
}

/// Convenience: full-window alpha-beta from the root of `game`.
pub fn alphabeta<G: Game + Clone>(game: &G, order: Order, table: TtKind) -> (i32, Stats) {
    AlphaBeta::new(game.clone(), order, table).solve(&game.root())
}
