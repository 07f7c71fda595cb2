//! Parallel solves (`threads=N`): N searchers, one per thread, run the same driver on the same
//! root through one [`SharedTable`]; the main thread's result is the answer.
//!
//! - [`Smp::Lazy`], Lazy SMP: helper `i` searches the children of nodes within [`VARY_PLIES`]
//!   plies of the root in the usual order rotated by `i` places, so the threads start on
//!   different subtrees and leave in the table what the others will need.
//! - [`Smp::Abdada`], ABDADA (Weill 1996, in the simplified form of Kerrigan): every thread
//!   searches in the usual order, but a child other than the first that another thread is
//!   searching is deferred until the node's other children are done (see
//!   [`super::tt_shared`]), at nodes near the root ([`Searcher::set_abdada_root`]).
//!
//! Every entry of the shared table is a bound some search proved, so each thread's search is
//! as exact as a one-thread search: the main thread's score is exact whatever the helpers did.
//! When the main thread has its answer it asks the helpers to stop through the table and joins
//! them (std::thread::scope). The nodes of a solve are the nodes of all threads (the search
//! overhead shows in them); the main thread's share is kept as well. Which thread proves what
//! first depends on timing, so nodes vary from run to run: a parallel engine has no node
//! signature.

use super::drivers::{self, Driver, Probe};
use super::search::{SearchConfig, Searcher};
use super::tt_shared::SharedTable;
use crate::game::connect4::Position;
use std::sync::Arc;

/// How the threads of a parallel solve share the work.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Smp {
    /// Lazy SMP: helpers search the same tree in a varied order near the root.
    Lazy,
    /// ABDADA: children another thread is searching are deferred. The default: on 2 cores it
    /// is the scheme that pays (docs/c4.md, "Two threads"); Lazy SMP searched more nodes than
    /// it saved.
    #[default]
    Abdada,
}

impl Smp {
    /// The spec names (`smp=lazy`, `smp=abdada`).
    pub const NAMES: [&'static str; 2] = ["lazy", "abdada"];

    /// The spec name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Smp::Lazy => "lazy",
            Smp::Abdada => "abdada",
        }
    }

    /// The scheme of a spec name.
    #[must_use]
    pub fn from_name(s: &str) -> Option<Self> {
        match s {
            "lazy" => Some(Smp::Lazy),
            "abdada" => Some(Smp::Abdada),
            _ => None,
        }
    }
}

/// The most threads a spec may ask for.
pub const MAX_THREADS: u32 = 256;

/// Lazy SMP varies the move order at nodes at most this many plies below the root.
pub const VARY_PLIES: u32 = 4;

type Shared<const W: usize, const H: usize> = Searcher<W, H, Arc<SharedTable>>;

/// The searchers of a parallel solve and their shared table; allocated once per engine.
pub struct Parallel<const W: usize, const H: usize> {
    table: Arc<SharedTable>,
    main: Shared<W, H>,
    /// The helpers, each with its own probe log (allocated once, cleared per solve).
    helpers: Vec<(Shared<W, H>, Vec<Probe>)>,
    smp: Smp,
    /// Nodes of the main thread in the last solve.
    main_nodes: u64,
}

/// Asks the helpers to stop when dropped: when the main thread returns, and when it panics
/// (so that the scope's join never waits on helpers nobody will stop).
struct StopOnDrop<'a>(&'a SharedTable);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.request_stop();
    }
}

impl<const W: usize, const H: usize> Parallel<W, H> {
    /// `threads` searchers (at least 2) with the switches of `search`, which must have a table.
    ///
    /// # Panics
    /// When `search` has no table (`tt=off`): the spec parser refuses that combination.
    #[must_use]
    pub fn new(search: SearchConfig, threads: u32, smp: Smp) -> Self {
        let bits = search
            .tt_bits
            .expect("a parallel solve shares its transposition table");
        let table = Arc::new(SharedTable::new(
            bits,
            Position::<W, H>::KEY_BITS,
            search.huge_pages,
            search.tt_ways,
            smp == Smp::Abdada,
        ));
        let searcher = || Searcher::with_table(search, Some(Arc::clone(&table)));
        let helpers = (1..threads.max(2))
            .map(|_| (searcher(), Vec::with_capacity(64)))
            .collect();
        Self {
            main: searcher(),
            table,
            helpers,
            smp,
            main_nodes: 0,
        }
    }

    /// Threads of a solve.
    #[must_use]
    pub fn threads(&self) -> usize {
        1 + self.helpers.len()
    }

    /// Forget the shared table (O(1)) and zero every node counter.
    pub fn reset(&mut self) {
        self.table.clear();
        self.main.reset();
        for (h, _) in &mut self.helpers {
            h.reset();
        }
        self.main_nodes = 0;
    }

    /// The main thread's deadline (the helpers stop with it).
    pub fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        self.main.set_deadline(deadline);
    }

    /// Whether the main thread was stopped by its deadline.
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.main.stopped()
    }

    /// Nodes of all threads since the last reset.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.main.nodes() + self.helpers.iter().map(|(h, _)| h.nodes()).sum::<u64>()
    }

    /// Nodes of the main thread in the last solve.
    #[must_use]
    pub fn main_nodes(&self) -> u64 {
        self.main_nodes
    }

    /// Solve `pos` with `driver` from `start` (first guess, aspiration half-width) on every thread; the main thread's score, with its probes in
    /// `log`. Does not reset the table.
    pub fn solve(
        &mut self,
        pos: &Position<W, H>,
        (driver, start): (Driver, (i32, i32)),
        iterative: bool,
        log: &mut Vec<Probe>,
    ) -> i32 {
        let before = self.main.nodes();
        self.table.clear_stop();
        let vary_min_left = pos.cells_left().saturating_sub(VARY_PLIES);
        self.main.set_abdada_root(pos.cells_left());
        for (i, (h, _)) in self.helpers.iter_mut().enumerate() {
            let variant = match self.smp {
                Smp::Lazy => i as u32 + 1,
                Smp::Abdada => 0,
            };
            h.set_variation(variant, vary_min_left);
            h.set_abdada_root(pos.cells_left());
        }
        let (main, table) = (&mut self.main, &*self.table);
        let score = std::thread::scope(|sc| {
            for (h, hlog) in &mut self.helpers {
                sc.spawn(move || drivers::solve(h, pos, driver, start, iterative, hlog));
            }
            let _stop = StopOnDrop(table);
            drivers::solve(main, pos, driver, start, iterative, log)
        });
        self.main_nodes = self.main.nodes() - before;
        score
    }
}
