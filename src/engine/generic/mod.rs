//! The generic search core: every driver the literature compares (negamax alpha-beta,
//! PVS/NegaScout, aspiration windows, MTD(f), MT-SSS\*, MT-DUAL\*, null-window bisection, each
//! with or without iterative deepening) over any game that implements
//! [`SearchGame`](crate::game::SearchGame), at a fixed depth, with a table of exact/lower/upper
//! bounds (depth-preferred + always-replace buckets) and ordering by the table's move, killers
//! and history, every technique a spec switch ([`config`]).
//!
//! - [`search`]: the node procedure in named steps, quiescence, the brute-force oracle;
//! - [`drivers`]: the root procedures and their probe log;
//! - [`table`], [`ordering`]: the table and the move ordering;
//! - [`config`]: the switches, the spec options and the mutants.
//!
//! **Exactness.** With `draft=eq` (the default) a table entry decides a node only when it was
//! searched to the node's own depth, so every pruning driver returns the brute-force minimax
//! value of the same depth (`verify --game chess` and `tests/generic.rs` check it); `draft=ge`
//! reuses deeper entries as programs usually do, and the values may then differ.
//!
//! The Connect-4 solver ([`super::search`]) stays the fast specialised engine; nothing here is
//! on its path. Chess engines are `chess-DRIVER[:options]` in the registry.

pub mod config;
pub mod drivers;
pub mod ordering;
pub mod search;
pub mod table;

pub use config::{Config, Draft, Driver, Mutant};
pub use search::Searcher;

use super::drivers::Probe;
use super::{Engine, EngineError, GameKind, SearchCounters, Solve};
use crate::game::SearchGame;

/// What one search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// The value in the game's reported convention ([`SearchGame::report`]).
    pub value: i32,
    /// Nodes (calls of the node procedure and of quiescence, see [`search`]).
    pub nodes: u64,
    pub counters: SearchCounters,
}

/// A searcher with its probe log: searches states of one game with one configuration.
pub struct Solver<G: SearchGame> {
    searcher: Searcher<G>,
    log: Vec<Probe>,
}

impl<G: SearchGame> Solver<G> {
    /// A solver with an empty table.
    #[must_use]
    pub fn new(game: G, cfg: Config) -> Self {
        Self {
            searcher: Searcher::new(game, cfg),
            log: Vec::new(),
        }
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.searcher.cfg
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> &G {
        &self.searcher.game
    }

    /// Empty the table.
    pub fn reset(&mut self) {
        self.searcher.reset();
    }

    /// Search `root` to the configured depth (the table kept from earlier searches until
    /// [`Solver::reset`]; killers, history and counters start afresh).
    pub fn search(&mut self, root: &G::State) -> Outcome {
        let s = &mut self.searcher;
        s.start_solve();
        let log = &mut self.log;
        let v = match s.cfg.mutant {
            Mutant::None => drivers::solve::<G, 0>(s, root, log),
            Mutant::TtBoundsAsExact => drivers::solve::<G, 1>(s, root, log),
            Mutant::PvsNoResearch => drivers::solve::<G, 2>(s, root, log),
            Mutant::AspirationTakesFailHigh => drivers::solve::<G, 3>(s, root, log),
        };
        Outcome {
            value: s.game.report(v),
            nodes: s.nodes,
            counters: s.counters,
        }
    }

    /// The probes of the last search.
    #[must_use]
    pub fn probes(&self) -> &[Probe] {
        &self.log
    }
}

/// A generic-core engine for the harness: a [`Solver`] with the game's name and kind.
pub struct GenericEngine<G: SearchGame> {
    solver: Solver<G>,
    /// The spec prefix of the game (`chess`).
    prefix: &'static str,
    kind: GameKind,
    last: Option<SearchCounters>,
}

impl<G: SearchGame> GenericEngine<G> {
    /// An engine named `PREFIX-DRIVER[:options]` playing `kind`.
    #[must_use]
    pub fn new(game: G, prefix: &'static str, kind: GameKind, cfg: Config) -> Self {
        Self {
            solver: Solver::new(game, cfg),
            prefix,
            kind,
            last: None,
        }
    }
}

impl<G: SearchGame + Send> Engine for GenericEngine<G>
where
    G::State: Send,
    G::Move: Send,
{
    fn spec(&self) -> String {
        let cfg = self.solver.config();
        let opts = cfg.options_text();
        let name = format!("{}-{}", self.prefix, cfg.driver.name());
        if opts.is_empty() {
            name
        } else {
            format!("{name}:{opts}")
        }
    }

    fn game(&self) -> GameKind {
        self.kind
    }

    fn reset(&mut self) {
        self.solver.reset();
    }

    fn solve(&mut self, moves: &str) -> Result<Solve, EngineError> {
        let root = self
            .solver
            .game()
            .parse(moves)
            .map_err(EngineError::BadPosition)?;
        let out = self.solver.search(&root);
        self.last = Some(out.counters);
        Ok(Solve {
            score: out.value,
            nodes: out.nodes,
            nodes_reported: true,
            reported_nanos: None,
        })
    }

    fn probes(&self) -> &[Probe] {
        self.solver.probes()
    }

    fn counters(&self) -> Option<SearchCounters> {
        self.last
    }
}
