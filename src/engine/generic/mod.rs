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
//! - [`config`]: the switches, the spec options and the mutants;
//! - [`mcts`]: Monte Carlo tree search (UCT, PUCT, MCTS-Solver) on the same games, engines that
//!   choose moves.
//!
//! **Exactness.** With `draft=eq` (the default) a table entry decides a node only when it was
//! searched to the node's own depth, so every pruning driver returns the brute-force minimax
//! value of the same depth (`verify --game chess` and `tests/generic.rs` check it); `draft=ge`
//! reuses deeper entries as programs usually do, and the values may then differ. An entry
//! whose search reached the end of every line (no horizon below it, no entry short of the end:
//! its `to_end` mark) holds at every depth: `draft=ge` takes it at any depth, and iterative
//! deepening stops at the first depth whose search met no horizon.
//!
//! The Connect-4 solver ([`super::search`]) stays the fast specialised engine; nothing here is
//! on its path. Chess engines are `chess-DRIVER[:options]` in the registry.

pub mod chance;
pub mod chance_engine;
pub mod chance_mcts;
pub mod config;
pub mod drivers;
pub mod mcts;
pub mod ordering;
pub mod search;
pub mod tt;

pub use config::{Config, Draft, Driver, Mutant};

/// The const parameters of the generic core's mutants ([`Mutant::of`]`(Core::Generic)`).
const TT_EXACT: u8 = Mutant::TtBoundsAsExact as u8;
const PVS_NO_RESEARCH: u8 = Mutant::PvsNoResearch as u8;
const ASP_FAIL_HIGH: u8 = Mutant::AspirationTakesFailHigh as u8;
/// Why a Connect-4 mutant cannot reach the generic core.
const NOT_GENERIC: &str = "a Connect-4 mutant; the generic spec parser refuses it";
pub use search::Searcher;

use super::drivers::Probe;
use super::{Decision, Engine, EngineError, GameKind, MoveLimit, MoveText, SearchCounters, Solve};
use crate::game::SearchGame;
use std::time::Duration;

/// What one search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome<M> {
    /// The value in the game's reported convention ([`SearchGame::report`]).
    pub value: i32,
    /// The value as the search found it (the core's convention, before [`SearchGame::report`]).
    pub raw: i32,
    /// The exact value when the search proved it ([`SearchGame::proven`]).
    pub proven: Option<i32>,
    /// A move that achieves the value (`None` at a finished game).
    pub best: Option<M>,
    /// The depth searched (the configured one, or the last completed under a clock).
    pub depth: u32,
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
    pub fn search(&mut self, root: &G::State) -> Outcome<G::Move> {
        self.searcher.start_solve();
        let (s, log) = (&mut self.searcher, &mut self.log);
        let (v, best) = match s.cfg.mutant {
            Mutant::None => drivers::solve::<G, { Mutant::None as u8 }>(s, root, log),
            Mutant::TtBoundsAsExact => drivers::solve::<G, { TT_EXACT }>(s, root, log),
            Mutant::PvsNoResearch => drivers::solve::<G, { PVS_NO_RESEARCH }>(s, root, log),
            Mutant::AspirationTakesFailHigh => drivers::solve::<G, { ASP_FAIL_HIGH }>(s, root, log),
            m => unreachable!("{}: {NOT_GENERIC}", m.name()),
        };
        let depth = s.cfg.depth;
        self.outcome(v, best, depth)
    }

    /// Search `root` by iterative deepening within `allot` (a game clock's share for one move;
    /// see [`drivers::solve_within`]), at most to the configured depth.
    pub fn search_within(&mut self, root: &G::State, allot: Duration) -> Outcome<G::Move> {
        self.searcher.start_solve();
        let (s, log) = (&mut self.searcher, &mut self.log);
        let (v, best, depth) = match s.cfg.mutant {
            Mutant::None => drivers::solve_within::<G, { Mutant::None as u8 }>(s, root, log, allot),
            Mutant::TtBoundsAsExact => {
                drivers::solve_within::<G, { TT_EXACT }>(s, root, log, allot)
            }
            Mutant::PvsNoResearch => {
                drivers::solve_within::<G, { PVS_NO_RESEARCH }>(s, root, log, allot)
            }
            Mutant::AspirationTakesFailHigh => {
                drivers::solve_within::<G, { ASP_FAIL_HIGH }>(s, root, log, allot)
            }
            m => unreachable!("{}: {NOT_GENERIC}", m.name()),
        };
        self.outcome(v, best, depth)
    }

    fn outcome(&self, v: i32, best: Option<G::Move>, depth: u32) -> Outcome<G::Move> {
        let s = &self.searcher;
        Outcome {
            value: s.game.report(v),
            raw: v,
            proven: s.game.proven(v),
            best,
            depth,
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

/// Refuse a configuration whose table does not fit the memory this machine has available, before
/// the table is allocated (`tt=30` is 32 GiB: 2^29 buckets of 64 bytes).
pub fn check_table<G: SearchGame>(cfg: &Config) -> Result<(), String> {
    if cfg.tt_bits == 0 || !cfg.driver.prunes() {
        return Ok(());
    }
    let bytes = tt::TranspositionTable::<G::Move>::bytes(cfg.tt_bits);
    crate::util::limits::check_fits(&format!("option `tt={}`", cfg.tt_bits), bytes)
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
        let game_opts = self.solver.game().options_text();
        let opts = [cfg.options_text(), game_opts]
            .into_iter()
            .filter(|o| !o.is_empty())
            .collect::<Vec<_>>()
            .join(",");
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

    /// A search to the configured depth is exact when that depth reaches the end of the
    /// game's longest game from its start ([`GameKind::max_ply`]).
    fn exact(&self) -> Option<bool> {
        Some(self.solver.config().depth >= self.kind.max_ply())
    }

    fn depth_limit(&self) -> Option<u32> {
        let depth = self.solver.config().depth;
        (depth < self.kind.max_ply()).then_some(depth)
    }

    /// Each legal move's value: the search of the position after it (same configuration, the
    /// table kept across the moves), negated, in the game's reported convention.
    fn score_moves(&mut self, moves: &str) -> Result<Vec<(MoveText, i32)>, EngineError> {
        let root = self
            .solver
            .game()
            .parse(moves)
            .map_err(EngineError::BadPosition)?;
        let game = self.solver.game();
        if game.terminal(&root, 0).is_some() {
            return Err(EngineError::BadPosition(format!(
                "`{moves}`: the game is over"
            )));
        }
        let mut list = crate::game::MoveList::default();
        game.moves(&root, &mut list);
        let mut out = Vec::with_capacity(list.len());
        for &m in list.as_slice() {
            let game = self.solver.game();
            let text = game.move_text(&root, m);
            let child = game.play(&root, m);
            let raw = match game.terminal(&child, 1) {
                Some(v) => v,
                None => {
                    let found = self.solver.search(&child).raw;
                    self.solver.game().from_table(found, 1)
                }
            };
            let game = self.solver.game();
            let text = MoveText::new(&text).ok_or_else(|| {
                EngineError::Failure(format!("`{moves}`: the move text `{text}` is too long"))
            })?;
            out.push((text, game.report(-raw)));
        }
        Ok(out)
    }

    /// The move of the root search (see [`drivers`]: the move of the probe that established
    /// the value): at the configured depth, or under a clock by iterative deepening within the
    /// move's share of the clock ([`MoveLimit::allotment`]).
    fn choose(&mut self, moves: &str, limit: &MoveLimit) -> Result<Decision, EngineError> {
        let game = self.solver.game();
        let root = game.parse(moves).map_err(EngineError::BadPosition)?;
        if game.terminal(&root, 0).is_some() {
            return Err(EngineError::BadPosition(format!(
                "`{moves}`: the game is over"
            )));
        }
        let search = |solver: &mut Solver<G>| match limit.allotment() {
            None => solver.search(&root),
            Some(allot) => solver.search_within(&root, allot),
        };
        let mut out = search(&mut self.solver);
        if out.best.is_none() {
            // The table kept from the game's earlier moves ended the root with a bound that has
            // no move (an upper bound): search again from a cleared table, which finds one.
            self.solver.reset();
            let nodes = out.nodes;
            out = search(&mut self.solver);
            out.nodes += nodes;
        }
        self.last = Some(out.counters);
        let game = self.solver.game();
        let best = out.best.map(|m| game.move_text(&root, m));
        let best = best.as_deref().and_then(MoveText::new).ok_or_else(|| {
            EngineError::Failure(format!("`{moves}`: the search found no move to play"))
        })?;
        Ok(Decision {
            value: Some(out.value),
            proven: out.proven,
            nodes: Some(out.nodes),
            depth: Some(out.depth),
            ..Decision::of_move(best)
        })
    }
}
