//! The node procedure of the generic core: fail-soft negamax alpha-beta in named steps
//! (terminal test, horizon, the game's own exact routine, table lookup, enhanced transposition
//! cut-offs, children, table store), with Principal Variation Search and quiescence as
//! switches, monomorphised over the game and a [`Mutant`] const parameter.
//!
//! # Counting conventions
//! * **nodes** ([`crate::engine::Solve::nodes`]): every call of [`Searcher::node`] and of the
//!   quiescence search, the root included; `nodes = interior + leaves + table_cutoffs + qnodes`
//!   (the brute-force oracle counts the same way, without a table);
//! * **leaves**: full-width nodes scored without searching a child: a finished game, or the
//!   horizon (its static evaluation, or with `qs` the stand-pat of its quiescence search, whose
//!   further nodes are **qnodes**);
//! * **lookups**, **hits**, **table cut-offs**: table look-ups, those that found the position,
//!   and those that ended the node (an entry of an admissible draft whose bound decides the
//!   window, or with `etc` a child's entry that proves a cut-off: each child's look-up counted
//!   as a look-up); the table's move is used for ordering whatever its draft;
//! * the game's own exact routine ([`SearchGame::solve_small`], Othello's last empties) counts
//!   its positions as interior nodes and leaves the same way (a pass is a node there too);
//! * **beta cut-offs** / **first-move cut-offs**: full-width nodes that stopped at a child's
//!   value `≥ beta`, and of those, the ones where it was the first child searched;
//! * **researches**: PVS re-searches after a null-window fail high (the drivers add their own).
//!
//! The terminal test comes before the table lookup, so finished games are never stored; the
//! horizon is not stored either. Quiescence nodes use no table.

use std::collections::HashMap;

use super::config::{Config, Draft, Mutant};
use super::ordering::{pick, score_moves, Ordering, Switches};
use super::tt::{Bound, Entry, TranspositionTable};
use crate::engine::SearchCounters;
use crate::game::{MoveList, NodeCount, SearchGame, MAX_MOVES};

/// The widest window: every value of a game is strictly inside `±BOUND ≤ INF`.
pub const INF: i32 = 1 << 24;

/// The searcher: the game, its switches, the table, the ordering state and the counters.
pub struct Searcher<G: SearchGame> {
    pub game: G,
    pub cfg: Config,
    pub table: TranspositionTable<G::Move>,
    pub ordering: Ordering<G::Move>,
    pub counters: SearchCounters,
    /// Nodes (see the module documentation).
    pub nodes: u64,
    /// The root's best move in the last root search: the child with the best value, or the
    /// table entry's move when the entry ended the root (a driver takes it from a probe whose
    /// value is above its alpha, where it is a move achieving that value).
    pub root_move: Option<G::Move>,
    /// Values that may depend on the depth limit, so far: horizon nodes, and table cut-offs by
    /// entries not known to reach the end. A search that adds none is exact: its value holds at
    /// every greater depth.
    pub horizon: u64,
}

impl<G: SearchGame> Searcher<G> {
    /// A searcher with an empty table of the configured size.
    #[must_use]
    pub fn new(game: G, cfg: Config) -> Self {
        let bits = if cfg.driver.prunes() { cfg.tt_bits } else { 0 };
        Self {
            game,
            cfg,
            table: TranspositionTable::new(bits),
            ordering: Ordering::new(G::HISTORY_SIZE),
            counters: SearchCounters::default(),
            nodes: 0,
            root_move: None,
            horizon: 0,
        }
    }

    /// Zero the counters and forget killers and history (the table is kept: see
    /// [`Searcher::reset`]).
    pub fn start_solve(&mut self) {
        self.counters = SearchCounters::default();
        self.nodes = 0;
        self.ordering.clear();
    }

    /// Empty the table.
    pub fn reset(&mut self) {
        self.table.clear();
    }

    fn switches(&self) -> Switches {
        Switches {
            tt_move: self.cfg.tt_move,
            killers: self.cfg.killers,
            history: self.cfg.history,
        }
    }

    /// Whether `e` decides a node of `depth`: its draft equals `depth` (`draft=eq`) or is at
    /// least `depth` (`draft=ge`, which takes an entry that reached the end at any depth). A
    /// decision by an entry not known to reach the end counts as a horizon.
    #[inline]
    fn entry_decides(&mut self, e: &Entry<G::Move>, depth: u32) -> bool {
        let decides = match self.cfg.draft {
            Draft::Equal => e.draft as u32 == depth,
            Draft::AtLeast => e.draft as u32 >= depth || e.to_end,
        };
        if decides && !e.to_end {
            self.horizon += 1;
        }
        decides
    }

    /// The fail-soft value of `s` searched `depth` plies deep with window `(alpha, beta)`,
    /// `ply` plies below the root.
    pub fn node<const M: u8>(
        &mut self,
        s: &G::State,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        // 1. a finished game
        if let Some(v) = self.game.terminal(s, ply) {
            self.counters.leaves += 1;
            return v;
        }
        // 2. the horizon
        if depth == 0 {
            self.counters.leaves += 1;
            self.horizon += 1;
            return if self.cfg.qs {
                self.quiesce_body(s, ply, alpha, beta)
            } else {
                self.game.evaluate(s)
            };
        }
        let horizon = self.horizon;
        // 2b. the game's own exact routine (Othello's last empties), which counts its positions
        let mut small = NodeCount::default();
        if let Some(v) = self.game.solve_small(s, depth, alpha, beta, &mut small) {
            // the routine counted this node as well
            self.nodes += (small.interior + small.leaves).saturating_sub(1);
            self.counters.interior += small.interior;
            self.counters.leaves += small.leaves;
            return v;
        }
        // 3. the table
        let (key, sym) = self.game.table_key(s);
        let mut table_move = None;
        if self.table.enabled() {
            self.counters.tt_lookups += 1;
            if let Some(e) = self.table.lookup(key) {
                self.counters.hits += 1;
                table_move = e.best.map(|m| self.game.move_from_table(m, sym));
                let v = self.game.from_table(e.value, ply);
                if e.cuts(v, alpha, beta) && self.entry_decides(&e, depth) {
                    self.counters.table_cutoffs += 1;
                    if ply == 0 {
                        self.root_move = table_move;
                    }
                    return v;
                }
            }
        }
        // 3b. enhanced transposition cut-offs: a child's entry that proves a cut-off here
        if self.cfg.etc && self.table.enabled() && depth > 1 {
            if let Some((v, m)) = self.etc(s, depth, ply, beta) {
                self.counters.table_cutoffs += 1;
                if ply == 0 {
                    self.root_move = Some(m);
                }
                let to_end = self.horizon == horizon;
                self.store::<M>((key, sym), v, Some(m), (depth, to_end), ply, alpha, beta);
                return v;
            }
        }
        // 4. the children
        self.counters.interior += 1;
        let (best, best_move) = self.children::<M>(s, depth, ply, alpha, beta, table_move);
        if ply == 0 {
            self.root_move = best_move;
        }
        // 5. store the bound the search proved, and whether it reached the end of every line
        let to_end = self.horizon == horizon;
        self.store::<M>(
            (key, sym),
            best,
            best_move,
            (depth, to_end),
            ply,
            alpha,
            beta,
        );
        best
    }

    /// Store the bound that the value `best` of a node searched with `(alpha, beta)` proves,
    /// under the table key `key` taken with the symmetry `sym` (its move mapped by it).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn store<const M: u8>(
        &mut self,
        (key, sym): (u64, u8),
        best: i32,
        best_move: Option<G::Move>,
        (depth, to_end): (u32, bool),
        ply: u32,
        alpha: i32,
        beta: i32,
    ) {
        if self.table.enabled() {
            let bound = if M == Mutant::TtBoundsAsExact as u8 {
                Bound::Exact
            } else if best <= alpha {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table.store(Entry {
                key,
                value: self.game.to_table(best, ply),
                draft: depth as i16,
                bound,
                best: best_move.map(|m| self.game.move_to_table(m, sym)),
                generation: 0, // the table's own
                to_end,
            });
        }
    }

    /// Enhanced transposition cut-offs: each child looked up in the table; the first whose
    /// entry (of an admissible draft) bounds the child's value from above by `u` with
    /// `-u >= beta` proves the node's value at least `-u`: that value and move.
    fn etc(&mut self, s: &G::State, depth: u32, ply: u32, beta: i32) -> Option<(i32, G::Move)> {
        let mut list = MoveList::default();
        self.game.moves(s, &mut list);
        for &m in list.as_slice() {
            let child = self.game.play(s, m);
            self.counters.tt_lookups += 1;
            let Some(e) = self.table.lookup(self.game.table_key(&child).0) else {
                continue;
            };
            self.counters.hits += 1;
            let v = -self.game.from_table(e.value, ply + 1);
            let upper = matches!(e.bound, Bound::Exact | Bound::Upper);
            if upper && v >= beta && self.entry_decides(&e, depth - 1) {
                return Some((v, m));
            }
        }
        None
    }

    /// Search the children best-first; the best value and move.
    fn children<const M: u8>(
        &mut self,
        s: &G::State,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
        table_move: Option<G::Move>,
    ) -> (i32, Option<G::Move>) {
        let mut list = MoveList::default();
        self.game.moves(s, &mut list);
        let mut scores = [0i32; MAX_MOVES];
        let sw = self.switches();
        score_moves(
            &self.game,
            s,
            &list,
            &mut scores,
            table_move,
            ply,
            &self.ordering,
            sw,
        );
        let (mut best, mut best_move) = (-INF, None);
        for i in 0..list.len() {
            pick(&mut list, &mut scores, i);
            let m = list.as_slice()[i];
            let child = self.game.play(s, m);
            let a = alpha.max(best);
            let v = if self.cfg.driver == super::config::Driver::Pvs && i > 0 {
                self.scout::<M>(&child, depth, ply, a, beta)
            } else {
                -self.node::<M>(&child, depth - 1, ply + 1, -beta, -a)
            };
            if v > best {
                best = v;
                best_move = Some(m);
            }
            if best >= beta {
                self.cut_off(s, m, i, depth, ply);
                break;
            }
        }
        (best, best_move)
    }

    /// PVS: a null window above `a`, and the full window again when it fails high inside it.
    fn scout<const M: u8>(
        &mut self,
        child: &G::State,
        depth: u32,
        ply: u32,
        a: i32,
        beta: i32,
    ) -> i32 {
        let v = -self.node::<M>(child, depth - 1, ply + 1, -a - 1, -a);
        if v > a && v < beta && M != Mutant::PvsNoResearch as u8 {
            self.counters.researches += 1;
            return -self.node::<M>(child, depth - 1, ply + 1, -beta, -a);
        }
        v
    }

    /// Count a beta cut-off by child `i` and reward a quiet move.
    fn cut_off(&mut self, s: &G::State, m: G::Move, i: usize, depth: u32, ply: u32) {
        self.counters.beta_cutoffs += 1;
        if i == 0 {
            self.counters.first_move_cutoffs += 1;
        }
        if (self.cfg.killers || self.cfg.history) && self.game.is_quiet(s, m) {
            let idx = self.game.move_index(m);
            let (k, h) = (self.cfg.killers, self.cfg.history);
            self.ordering.reward(m, idx, ply, depth, k, h);
        }
    }

    /// A quiescence node: counted as a qnode.
    fn quiesce(&mut self, s: &G::State, ply: u32, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        self.counters.qnodes += 1;
        self.quiesce_body(s, ply, alpha, beta)
    }

    /// Stand pat on the evaluation, then the noisy moves by their hint (fail-soft). No terminal
    /// test: a quiescence node's value is `max(evaluation, noisy children)`.
    fn quiesce_body(&mut self, s: &G::State, ply: u32, alpha: i32, beta: i32) -> i32 {
        let mut best = self.game.evaluate(s);
        if best >= beta {
            return best;
        }
        let mut list = MoveList::default();
        self.game.noisy_moves(s, &mut list);
        let mut scores = [0i32; MAX_MOVES];
        for (i, &m) in list.as_slice().iter().enumerate() {
            scores[i] = self.game.order_hint(s, m);
        }
        for i in 0..list.len() {
            pick(&mut list, &mut scores, i);
            let child = self.game.play(s, list.as_slice()[i]);
            let v = -self.quiesce(&child, ply + 1, -beta, -alpha.max(best));
            best = best.max(v);
            if best >= beta {
                break;
            }
        }
        best
    }
}

/// Brute-force fixed-depth minimax (negamax form): every node to `depth`, no pruning, no
/// table; the oracle every pruning driver must agree with (nodes counted as the core counts
/// them). With `qs`, the horizon's value is its quiescence value, computed by a plain
/// alpha-beta over the noisy moves ([`quiescence_alphabeta`], independent of the core's code):
/// the quiescence tree searched in full is out of reach (one middle-game horizon reaches some
/// 500,000 positions by captures alone), so [`quiescence_brute`] checks that alpha-beta on a
/// few positions instead (`tests/generic.rs`).
pub fn minimax<G: SearchGame>(
    game: &G,
    s: &G::State,
    depth: u32,
    ply: u32,
    qs: bool,
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    if let Some(v) = game.terminal(s, ply) {
        return v;
    }
    if depth == 0 {
        return if qs {
            quiescence_alphabeta(game, s, -INF, INF, nodes)
        } else {
            game.evaluate(s)
        };
    }
    let mut list = MoveList::default();
    game.moves(s, &mut list);
    let mut best = -INF;
    for &m in list.as_slice() {
        let child = game.play(s, m);
        best = best.max(-minimax(game, &child, depth - 1, ply + 1, qs, nodes));
    }
    best
}

/// The quiescence value `max(evaluation, noisy children)` by fail-hard alpha-beta in the
/// game's move order (no hint, no table): the oracle's horizon.
pub fn quiescence_alphabeta<G: SearchGame>(
    game: &G,
    s: &G::State,
    mut alpha: i32,
    beta: i32,
    nodes: &mut u64,
) -> i32 {
    let stand = game.evaluate(s);
    if stand >= beta {
        return beta;
    }
    alpha = alpha.max(stand);
    let mut list = MoveList::default();
    game.noisy_moves(s, &mut list);
    for &m in list.as_slice() {
        *nodes += 1;
        let v = -quiescence_alphabeta(game, &game.play(s, m), -beta, -alpha, nodes);
        if v >= beta {
            return beta;
        }
        alpha = alpha.max(v);
    }
    alpha
}

/// The quiescence value searched in full (every noisy line, each position's value memoised by
/// its key): the check of [`quiescence_alphabeta`] where it is affordable.
pub fn quiescence_brute<G: SearchGame>(
    game: &G,
    s: &G::State,
    memo: &mut HashMap<u64, i32>,
) -> i32 {
    let key = game.key(s);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut best = game.evaluate(s);
    let mut list = MoveList::default();
    game.noisy_moves(s, &mut list);
    for &m in list.as_slice() {
        best = best.max(-quiescence_brute(game, &game.play(s, m), memo));
    }
    memo.insert(key, best);
    best
}
