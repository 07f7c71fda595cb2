//! The negamax core: fail-soft alpha-beta over non-losing moves, with score-convention bounds,
//! a bound-flagged transposition table, mirror lookups near the root and enhanced transposition
//! cutoffs. Every technique can be switched off in [`SearchConfig`].
//!
//! Nothing here allocates after [`Searcher::new`], prints, or calls through a trait object.

pub use super::config::{Eval, Mutant, Ordering, SearchConfig};
use super::counters::SearchCounters;
use super::ordering::{centre_first, MoveSorter};
use super::tt::{Bound, TranspositionTable, Tt};
use crate::game::connect4::score::immediate_win_score;
use crate::game::connect4::Position;
use std::ops::ControlFlow;

/// A search window `(alpha, beta)`.
#[derive(Debug, Clone, Copy)]
struct Window {
    alpha: i32,
    beta: i32,
}

/// The moves a node searches and the threat maps they were derived from.
struct Moves {
    /// Moves to search, one bit each.
    next: u64,
    /// The lowest score the convention allows given these moves.
    floor: i32,
    /// Cells where the side to move would win.
    own: u64,
    /// Cells where the opponent would win (0 when non-losing generation is off).
    theirs: u64,
}

/// A node's threat maps, computed by its parent's threat ordering
/// ([`SearchConfig::inherit_threats`]), or [`Threats::NONE`]. Two words, passed in registers.
#[derive(Clone, Copy)]
struct Threats {
    /// Cells where the side to move would win, and where the opponent would.
    own: u64,
    theirs: u64,
}

impl Threats {
    /// No maps: the node computes its own (no map has the sentinel bits above the board set).
    const NONE: Self = Self { own: !0, theirs: 0 };
}

/// The node's place in the transposition table: whether the table is used here, its key and the
/// depth tag needed.
struct TtKey {
    used: bool,
    key: u64,
    need: u32,
}

/// The ordered children and, where ETC or prefetch wants them, their table keys.
struct Children<const W: usize> {
    sorter: MoveSorter<W>,
    keys: [u64; W],
    n_keys: usize,
    etc: bool,
    /// By column: the cells where we would win after that move (filled by threat ordering).
    maps: [u64; W],
}

/// The const parameter `M` of the search: the mutant in the low bits, [`PVS`] and [`COUNT`]
/// above them.
const MUTANT_BITS: u8 = 0x0f;
/// Principal Variation Search inside the tree.
const PVS: u8 = 0x10;
/// Fill [`SearchCounters`] ([`SearchConfig::count`]). A const bit like the mutants: the
/// default instantiation has every counting statement compiled out.
const COUNT: u8 = 0x20;
/// The configuration is [`SearchConfig::DEFAULT`] ([`SearchConfig::default_search`]): every
/// switch the search reads is a constant of this instantiation, its branches compiled out.
const DEF: u8 = 0x40;

/// Remaining depth marker for a search to the end of the game.
const UNLIMITED: u32 = u32::MAX;

mod bounds;
mod eval;
mod order;
mod smp;
mod table;

/// The search state: configuration, table and node counter. `T` is the table: the private
/// [`TranspositionTable`] of a one-thread solve, or a handle on the table the threads of a parallel solve
/// share ([`super::tt_shared::SharedTable`]); the search is monomorphised for each.
pub struct Searcher<const W: usize = 7, const H: usize = 6, T: Tt = TranspositionTable> {
    cfg: SearchConfig,
    table: Option<T>,
    nodes: u64,
    /// What the search did besides counting nodes; filled only with [`SearchConfig::count`].
    counters: SearchCounters,
    /// Interior nodes by ply (stones on the board); filled only with [`SearchConfig::count`].
    interior_by_ply: [u64; 64],
    /// Parallel search only: this thread's variation of the move order (0: none) ...
    variant: u32,
    /// ... applied at nodes with at least this many empty cells.
    vary_min_left: u32,
    /// Parallel search with ABDADA: busy marks at nodes with at least this many empty cells.
    abdada_min_left: u32,
    /// When set, the search stops (returning meaningless values) once the clock passes it;
    /// checked every 2^14 nodes.
    deadline: Option<std::time::Instant>,
    stopped: bool,
}

/// Nodes between two looks at the clock when a deadline is set.
const DEADLINE_CHECK_MASK: u64 = (1 << 14) - 1;
/// Nodes between two looks at the shared table's stop request (parallel search only).
const STOP_CHECK_MASK: u64 = (1 << 8) - 1;

impl<const W: usize, const H: usize> Searcher<W, H> {
    /// A searcher; allocates its table once.
    #[must_use]
    pub fn new(cfg: SearchConfig) -> Self {
        let table = cfg.tt_bits.map(|b| {
            TranspositionTable::with_options(
                b,
                Position::<W, H>::KEY_BITS,
                cfg.huge_pages,
                cfg.tt_ways,
            )
        });
        Self::with_table(cfg, table)
    }
}

impl<const W: usize, const H: usize, T: Tt> Searcher<W, H, T> {
    const ORDER: [usize; W] = centre_first::<W>();
    /// The cells of the columns of [`Self::ORDER`] (a load instead of a multiply and shift).
    const ORDER_MASKS: [u64; W] = {
        let mut m = [0u64; W];
        let mut i = 0;
        while i < W {
            m[i] = Position::<W, H>::column_mask(Self::ORDER[i]);
            i += 1;
        }
        m
    };

    /// A searcher on this table (`None`: no table, whatever `cfg.tt_bits` says).
    #[must_use]
    pub fn with_table(cfg: SearchConfig, table: Option<T>) -> Self {
        Self {
            cfg,
            table,
            nodes: 0,
            counters: SearchCounters::default(),
            interior_by_ply: [0; 64],
            variant: 0,
            vary_min_left: u32::MAX,
            abdada_min_left: smp::ABDADA_MIN_LEFT,
            deadline: None,
            stopped: false,
        }
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &SearchConfig {
        &self.cfg
    }

    /// The table, if any.
    #[must_use]
    pub fn table(&self) -> Option<&T> {
        self.table.as_ref()
    }

    /// Forget the table (O(1)) and zero the node counter.
    pub fn reset(&mut self) {
        if let Some(t) = &mut self.table {
            t.reset();
        }
        self.nodes = 0;
        self.counters = SearchCounters::default();
        self.interior_by_ply = [0; 64];
        self.stopped = false;
    }

    /// The counters since the last reset: all zero unless [`SearchConfig::count`] is set.
    /// Every node is an interior node, a leaf or a table cutoff (a lookup's or ETC's), so
    /// `interior + leaves + table_cutoffs` is [`Self::nodes`] for a search that was not stopped.
    #[must_use]
    pub fn counters(&self) -> &SearchCounters {
        &self.counters
    }

    /// Interior nodes since the last reset by ply (index: stones on the board), summing to
    /// [`SearchCounters::interior`]; all zero unless [`SearchConfig::count`] is set.
    #[must_use]
    pub fn interior_by_ply(&self) -> &[u64; 64] {
        &self.interior_by_ply
    }

    /// Count with `f` when the search is the counting instantiation (`M & COUNT`); otherwise
    /// nothing, at compile time.
    #[inline(always)]
    fn tally<const M: u8>(&mut self, f: impl FnOnce(&mut SearchCounters)) {
        if M & COUNT != 0 {
            f(&mut self.counters);
        }
    }

    /// Pass `flow` on, counting a leaf when it ends the node.
    #[inline(always)]
    fn leaf_if<const M: u8, X>(&mut self, flow: ControlFlow<i32, X>) -> ControlFlow<i32, X> {
        if flow.is_break() {
            self.tally::<M>(|c| c.leaves += 1);
        }
        flow
    }

    /// Stop searching once the clock passes `deadline` (`None`: never). Values returned after
    /// the stop are meaningless: check [`Self::stopped`].
    pub fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        self.deadline = deadline;
        self.stopped = false;
    }

    /// Whether the search was stopped by its deadline.
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    #[cold]
    #[inline(never)]
    fn check_deadline(&mut self) {
        if let Some(d) = self.deadline {
            if std::time::Instant::now() >= d {
                self.stopped = true;
            }
        }
    }

    /// Nodes searched since the last reset.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The bounds of the score of `pos`: `[-(left/2), (left+1)/2]`.
    #[must_use]
    pub fn score_range(pos: &Position<W, H>) -> (i32, i32) {
        let left = pos.cells_left() as i32;
        (-left / 2, (left + 1) / 2)
    }

    /// Search `pos` in the window `(alpha, beta)`, fail-soft: if the true score `v` is at most
    /// `alpha` the result `r` satisfies `v ≤ r ≤ alpha`; if it is at least `beta`,
    /// `beta ≤ r ≤ v`; otherwise `r = v`. The side to move must not be able to win at once
    /// unless non-losing generation is off, and the board must not be full.
    pub fn negamax(&mut self, pos: &Position<W, H>, alpha: i32, beta: i32) -> i32 {
        self.negamax_to(pos, alpha, beta, self.cfg.max_depth)
    }

    /// [`Self::negamax`] with this depth limit instead of the configured one (`None`: to the
    /// end of the game); the horizon is scored by [`SearchConfig::eval`].
    pub fn negamax_to(
        &mut self,
        pos: &Position<W, H>,
        alpha: i32,
        beta: i32,
        depth: Option<u32>,
    ) -> i32 {
        debug_assert!(alpha < beta);
        let depth = depth.unwrap_or(UNLIMITED);
        let pvs = if self.cfg.pvs { PVS } else { 0 };
        let count = if self.cfg.count { COUNT } else { 0 };
        // The parity mutant lives outside the search: it runs the correct one.
        let mutant = match self.cfg.mutant {
            Mutant::MovesLeftParity => Mutant::None,
            m => m,
        };
        let def = if Self::SPECIALISED && self.cfg.default_search() {
            DEF
        } else {
            0
        };
        macro_rules! dispatch {
            ($($m:expr),*) => {
                match (mutant as u8) | pvs | count | def {
                    $(x if x == $m => self.search::<{ $m }>(pos, alpha, beta, depth, Threats::NONE),)*
                    _ => unreachable!("every mutant with and without PVS is listed"),
                }
            };
        }
        if Self::SPECIALISED && def != 0 {
            dispatch!(DEF, PVS | DEF)
        } else if Self::MUTANTS_COMPILED && !T::SHARED {
            dispatch!(
                0,
                1,
                2,
                3,
                4,
                5,
                7,
                PVS,
                PVS | 1,
                PVS | 2,
                PVS | 3,
                PVS | 4,
                PVS | 5,
                PVS | 7,
                COUNT,
                PVS | COUNT
            )
        } else {
            // A const condition: the arms above are not even compiled for this size (or for
            // the parallel search).
            assert!(
                mutant == Mutant::None,
                "mutants are compiled for one thread on 7x6 and boards of at most 24 cells only"
            );
            assert!(
                !(T::SHARED && self.cfg.count),
                "counters are compiled for one thread only"
            );
            if T::SHARED {
                dispatch!(0, PVS)
            } else {
                dispatch!(0, PVS, COUNT, PVS | COUNT)
            }
        }
    }

    /// Whether the seeded bugs ([`Mutant`]) are compiled for this board: the standard board and
    /// the small ones the brute-force oracle covers. Every other size compiles the correct
    /// search only (with and without PVS), which keeps the 42 compiled sizes cheap to build.
    pub const MUTANTS_COMPILED: bool = (W == 7 && H == 6) || W * H <= 24;

    /// Whether the default configuration has an instantiation of its own ([`DEF`]): on the
    /// standard board, for one thread and for the threads of a parallel solve.
    pub const SPECIALISED: bool = W == 7 && H == 6;

    /// The configuration the search reads: [`SearchConfig::DEFAULT`], a constant, in the
    /// [`DEF`] instantiation.
    #[inline(always)]
    fn c<const M: u8>(&self) -> &SearchConfig {
        if M & DEF != 0 {
            &SearchConfig::DEFAULT
        } else {
            &self.cfg
        }
    }

    /// One node of the search, as the sequence of steps below; each step either passes on what
    /// the next one needs or ends the node with a value ([`ControlFlow::Break`]).
    fn search<const M: u8>(
        &mut self,
        pos: &Position<W, H>,
        alpha: i32,
        beta: i32,
        depth: u32,
        inherited: Threats,
    ) -> i32 {
        debug_assert!(alpha < beta);
        match self.node::<M>(pos, Window { alpha, beta }, depth, inherited) {
            ControlFlow::Break(v) | ControlFlow::Continue(v) => v,
        }
    }

    #[inline(always)]
    fn node<const M: u8>(
        &mut self,
        pos: &Position<W, H>,
        mut w: Window,
        depth: u32,
        inherited: Threats,
    ) -> ControlFlow<i32, i32> {
        self.count_node()?;
        // The threat maps are the costly part of a node: compute each once (or take them from
        // the parent) and derive the non-losing moves, the double-threat test and the ordering
        // penalty from them.
        let moves = self.leaf_if::<M, _>(self.generate::<M>(pos, inherited))?;
        if depth == 0 {
            self.tally::<M>(|c| c.leaves += 1);
            return ControlFlow::Break(self.evaluate(pos, &moves));
        }
        let child_depth = self.leaf_if::<M, _>(self.double_threat::<M>(pos, &moves, depth))?;
        if self.c::<M>().clamp {
            self.leaf_if::<M, _>(Self::clamp_window::<M>(pos, moves.floor, &mut w))?;
        }
        if self.c::<M>().claimeven && depth == UNLIMITED {
            self.leaf_if::<M, _>(Self::claimeven::<M>(pos, &mut w))?;
        }
        if self.c::<M>().claimeven_children && depth == UNLIMITED && self.c::<M>().non_losing {
            self.leaf_if::<M, _>(Self::claimeven_children(pos, &moves, &w))?;
        }
        if let Some(max_left) = self.c::<M>().no_four_max_left {
            if depth == UNLIMITED && pos.cells_left() <= max_left {
                self.leaf_if::<M, _>(Self::no_four(pos, &mut w))?;
            }
        }
        if self.c::<M>().forced_pass
            && depth == UNLIMITED
            && moves.next & (moves.next - 1) == 0
            && self.c::<M>().non_losing
        {
            return ControlFlow::Break(self.pass_forced::<M>(pos, &moves, w));
        }
        self.prefetch_early::<M>(pos, &moves);
        if self.c::<M>().forced_wins && depth == UNLIMITED && self.c::<M>().non_losing {
            self.leaf_if::<M, _>(Self::forced_win(pos, &moves, &mut w))?;
        }
        let tt_key = self.lookup::<M>(pos, depth, &mut w)?;
        // Filled in place: returning it by value costs a memcpy per node.
        let mut children = Children {
            sorter: MoveSorter::<W>::new(),
            keys: [0u64; W],
            n_keys: 0,
            etc: false,
            maps: [0u64; W],
        };
        self.order_children::<M>(pos, &moves, &tt_key, &mut children);
        self.etc_cutoff::<M>(pos, &children, &tt_key, child_depth, w)?;
        ControlFlow::Continue(self.search_children::<M>(
            pos,
            &mut children,
            &moves,
            w,
            child_depth,
            &tt_key,
        ))
    }

    /// Step 1: count the node and look at the clock every 2^14 nodes when a deadline is set;
    /// in a parallel search, look for a stop request every 2^8 nodes.
    #[inline(always)]
    fn count_node(&mut self) -> ControlFlow<i32> {
        self.nodes += 1;
        if self.nodes & DEADLINE_CHECK_MASK == 0 && self.deadline.is_some() {
            self.check_deadline();
        }
        if T::SHARED && self.nodes & STOP_CHECK_MASK == 0 {
            self.check_stop();
        }
        if self.stopped {
            ControlFlow::Break(0)
        } else {
            ControlFlow::Continue(())
        }
    }

    /// Step 2: the moves to search and the score floor the convention gives, or the value of a
    /// node whose every move loses, or that is drawn or won at once.
    #[inline(always)]
    fn generate<const M: u8>(
        &self,
        pos: &Position<W, H>,
        inherited: Threats,
    ) -> ControlFlow<i32, Moves> {
        let left = pos.cells_left() as i32;
        let given = inherited.own != u64::MAX;
        let own = if given {
            inherited.own
        } else {
            pos.winning_position()
        };
        let mut moves = if self.c::<M>().non_losing {
            debug_assert!(own & pos.possible() == 0, "side to move can win at once");
            let theirs = if given {
                inherited.theirs
            } else {
                pos.opponent_winning_position()
            };
            debug_assert_eq!(theirs, pos.opponent_winning_position());
            debug_assert_eq!(own, pos.winning_position());
            let next = pos.non_losing_moves_given(theirs);
            if next == 0 {
                // Every move lets the opponent win with its next stone.
                return ControlFlow::Break(-left / 2);
            }
            if left <= 2 {
                // We cannot win now, the opponent cannot win with the last stone: a draw.
                return ControlFlow::Break(0);
            }
            Moves {
                next,
                floor: -(left - 2) / 2,
                own,
                theirs,
            }
        } else {
            if own & pos.possible() != 0 {
                return ControlFlow::Break(immediate_win_score(
                    Position::<W, H>::CELLS,
                    pos.nb_moves(),
                ));
            }
            if left <= 1 {
                return ControlFlow::Break(0);
            }
            Moves {
                next: pos.possible(),
                floor: -left / 2,
                own,
                theirs: 0,
            }
        };
        if M & MUTANT_BITS == Mutant::DropMove as u8 && moves.next & (moves.next - 1) != 0 {
            moves.next &= moves.next - 1; // drop the lowest bit: the leftmost column's move
        }
        ControlFlow::Continue(moves)
    }

    /// Step 3: the children's remaining depth; at unlimited depth, the double-threat shortcut.
    #[inline(always)]
    fn double_threat<const M: u8>(
        &self,
        pos: &Position<W, H>,
        m: &Moves,
        depth: u32,
    ) -> ControlFlow<i32, u32> {
        if depth != UNLIMITED {
            return ControlFlow::Continue(depth - 1);
        }
        // A move below two stacked winning cells of ours, where the opponent has no winning
        // cell right above it: they must block the first, we win with the second. That is the
        // best score possible, since we cannot win with the next stone.
        if self.c::<M>().double_threat
            && self.c::<M>().non_losing
            && m.next & (m.own >> 1) & (m.own >> 2) & !(m.theirs >> 1) != 0
        {
            return ControlFlow::Break((pos.cells_left() as i32 - 1) / 2);
        }
        ControlFlow::Continue(UNLIMITED)
    }

    /// Step 7, enhanced transposition cutoffs: a child whose stored upper bound (for the
    /// opponent) already gives us a score of at least beta cuts off without searching any child.
    #[inline(always)]
    fn etc_cutoff<const M: u8>(
        &mut self,
        pos: &Position<W, H>,
        c: &Children<W>,
        tt_key: &TtKey,
        child_depth: u32,
        w: Window,
    ) -> ControlFlow<i32> {
        if !c.etc {
            return ControlFlow::Continue(());
        }
        let child_need = child_depth.min(pos.cells_left() - 1);
        if let Some(t) = &self.table {
            for &ck in &c.keys[..c.n_keys] {
                let found = t.get(ck);
                if M & COUNT != 0 {
                    self.counters.tt_lookups += 1;
                    self.counters.hits += u64::from(found.is_some());
                }
                if let Some(e) = found {
                    let usable = e.depth == child_need
                        && (e.bound != Bound::Lower
                            || M & MUTANT_BITS == Mutant::EtcAcceptsLower as u8);
                    if usable && -e.value >= w.beta {
                        // The child is worth at most e.value to the opponent: we get -e.value.
                        self.tally::<M>(|c| c.table_cutoffs += 1);
                        self.store::<M>(tt_key.key, -e.value, Bound::Lower, tt_key.need);
                        return ControlFlow::Break(-e.value);
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Step 8: search the children best first, cut off at beta, and store what was proved.
    #[inline(always)]
    fn search_children<const M: u8>(
        &mut self,
        pos: &Position<W, H>,
        c: &mut Children<W>,
        m: &Moves,
        mut w: Window,
        child_depth: u32,
        tt_key: &TtKey,
    ) -> i32 {
        if T::SHARED {
            return self.search_children_smp::<M>(pos, c, m, w, child_depth, tt_key);
        }
        let alpha0 = w.alpha;
        let mut best = i32::MIN;
        if M & COUNT != 0 {
            self.counters.interior += 1;
            self.interior_by_ply[pos.nb_moves() as usize & 63] += 1;
        }
        while let Some(mv) = c.sorter.pop() {
            let mut child = *pos;
            child.play(mv);
            let t = self.child_threats::<M>(m, c, mv);
            let score = self.child_value::<M>(&child, t, w, best, child_depth);
            // As `take_score`, written out: the one-thread loop compiles as it did before the
            // parallel search existed.
            if score >= w.beta {
                if tt_key.used {
                    self.store::<M>(tt_key.key, score, Bound::Lower, tt_key.need);
                }
                self.tally::<M>(|c| {
                    c.beta_cutoffs += 1;
                    c.first_move_cutoffs += u64::from(best == i32::MIN);
                });
                return score;
            }
            if score > best {
                best = score;
                if score > w.alpha {
                    w.alpha = score;
                }
            }
        }
        self.store_best::<M>(best, alpha0, tt_key);
        best
    }

    /// The child's threat maps when the parent's threat ordering computed them
    /// ([`SearchConfig::inherit_threats`]), else [`Threats::NONE`]. The child's side to move is
    /// our opponent: its winning cells are our `theirs`, its opponent's are ours after `mv`;
    /// `mv` itself is no longer empty.
    #[inline(always)]
    fn child_threats<const M: u8>(&self, m: &Moves, c: &Children<W>, mv: u64) -> Threats {
        if self.inherits::<M>() {
            Threats {
                own: m.theirs & !mv,
                theirs: c.maps[Position::<W, H>::column_of(mv)] & !mv,
            }
        } else {
            Threats::NONE
        }
    }

    /// Whether children take their threat maps from the parent ([`Self::child_threats`]).
    #[inline(always)]
    fn inherits<const M: u8>(&self) -> bool {
        let c = self.c::<M>();
        c.inherit_threats && c.non_losing && c.ordering == Ordering::Threats
    }

    /// The value of one child for the side to move, searched with the window `w`; with PVS
    /// every child but the first (`best` still `i32::MIN`) gets a null window first.
    #[inline(always)]
    fn child_value<const M: u8>(
        &mut self,
        child: &Position<W, H>,
        t: Threats,
        w: Window,
        best: i32,
        child_depth: u32,
    ) -> i32 {
        if M & PVS != 0 && best != i32::MIN && w.beta - w.alpha > 1 {
            // NegaScout: prove the child no better than alpha with a null window; search
            // it again with the full window only when that fails.
            let scout = -self.search::<M>(child, -w.alpha - 1, -w.alpha, child_depth, t);
            if scout > w.alpha && scout < w.beta {
                self.tally::<M>(|c| c.researches += 1);
                -self.search::<M>(child, -w.beta, -w.alpha, child_depth, t)
            } else {
                scout
            }
        } else {
            -self.search::<M>(child, -w.beta, -w.alpha, child_depth, t)
        }
    }

    /// Take a child's score: a cutoff at beta stores the lower bound and ends the node;
    /// otherwise the best score and alpha move up.
    #[inline(always)]
    fn take_score<const M: u8>(
        &mut self,
        score: i32,
        best: &mut i32,
        w: &mut Window,
        tt_key: &TtKey,
    ) -> ControlFlow<i32> {
        if score >= w.beta {
            if tt_key.used {
                self.store::<M>(tt_key.key, score, Bound::Lower, tt_key.need);
            }
            return ControlFlow::Break(score);
        }
        if score > *best {
            *best = score;
            if score > w.alpha {
                w.alpha = score;
            }
        }
        ControlFlow::Continue(())
    }
}
