//! The Connect-4 solver as an [`Engine`]: a driver plus a search configuration ([`options`]:
//! the spec string that prints and parses, `mtdf:tt=20,etc=off`).

mod options;
pub use options::SolverConfig;

use super::drivers::{self, Probe};
use super::parallel::Parallel;
use super::search::{Mutant, Searcher};
use super::{Decision, Engine, EngineError, GameKind, MoveLimit, MoveText, Solve};
use crate::game::connect4::board::centre_first;
use crate::game::connect4::score::{immediate_win_score, score_to_moves_left};
use crate::game::connect4::Position;

/// The searchers of an engine: one thread on its private table (the engine as it always was), or
/// a parallel solve on a shared one.
enum Searchers<const W: usize, const H: usize> {
    One(Searcher<W, H>),
    Parallel(Box<Parallel<W, H>>),
}

/// The Connect-4 solver on a `W`×`H` board.
pub struct Connect4Engine<const W: usize = 7, const H: usize = 6> {
    cfg: SolverConfig,
    searchers: Searchers<W, H>,
    time_limit: Option<std::time::Duration>,
    /// The root searches of the last solve.
    probes: Vec<Probe>,
    /// Nodes of the last [`Engine::score_moves`].
    scored_nodes: u64,
}

impl<const W: usize, const H: usize> Connect4Engine<W, H> {
    /// An engine; allocates its table once.
    #[must_use]
    pub fn new(cfg: SolverConfig) -> Self {
        Self {
            cfg,
            searchers: if cfg.threads > 1 {
                Searchers::Parallel(Box::new(Parallel::new(cfg.search, cfg.threads, cfg.smp)))
            } else {
                Searchers::One(Searcher::new(cfg.search))
            },
            time_limit: None,
            probes: Vec::with_capacity(64),
            scored_nodes: 0,
        }
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &SolverConfig {
        &self.cfg
    }

    /// Solve a parsed position without resetting the table; returns score and nodes of this
    /// solve (of all threads in a parallel solve).
    pub fn solve_position(&mut self, pos: &Position<W, H>) -> (i32, u64) {
        let (driver, start, iterative) = (self.cfg.driver, self.cfg.start(), self.cfg.iterative);
        match &mut self.searchers {
            Searchers::One(s) => {
                let before = s.nodes();
                let score = drivers::solve(s, pos, driver, start, iterative, &mut self.probes);
                (score, s.nodes() - before)
            }
            Searchers::Parallel(p) => {
                let before = p.nodes();
                let score = p.solve(pos, (driver, start), iterative, &mut self.probes);
                (score, p.nodes() - before)
            }
        }
    }

    /// The score of one move for the side to move at `pos`: an immediate win's score, else the
    /// negated score of the child, searched one ply less deep than the root's limit (to the end
    /// without one), from the table as the earlier moves left it; and the nodes it took.
    fn move_score(&mut self, pos: &Position<W, H>, col: usize) -> (i32, u64) {
        if pos.is_winning_move(col) {
            let cells = Position::<W, H>::CELLS;
            return (immediate_win_score(cells, pos.nb_moves()), 0);
        }
        let mut child = *pos;
        child.play_col(col);
        if child.nb_moves() >= Position::<W, H>::CELLS {
            return (0, 0);
        }
        let (root, iterative) = ((self.cfg.driver, self.cfg.start()), self.cfg.iterative);
        let depth = self.cfg.search.max_depth.map(|d| d.saturating_sub(1));
        match &mut self.searchers {
            Searchers::One(s) => {
                let before = s.nodes();
                let v = drivers::solve_to(s, &child, root, iterative, depth, &mut self.probes);
                (-v, s.nodes() - before)
            }
            Searchers::Parallel(_) => {
                let (v, nodes) = self.solve_position(&child);
                (-v, nodes)
            }
        }
    }

    /// Nodes of the main thread in the last solve (all of them with one thread).
    #[must_use]
    pub fn main_nodes(&self) -> u64 {
        match &self.searchers {
            Searchers::One(_) => self.probes.iter().map(|p| p.nodes).sum(),
            Searchers::Parallel(p) => p.main_nodes(),
        }
    }

    /// Plies until the game ends under perfect play for a position with `n` stones and this
    /// score (honours the `moves-left-parity` mutant).
    #[must_use]
    pub fn moves_left(&self, n: u32, score: i32) -> u32 {
        let m = score_to_moves_left(Position::<W, H>::CELLS, n, score);
        if self.cfg.search.mutant == Mutant::MovesLeftParity && score > 0 {
            m + 1
        } else {
            m
        }
    }

    /// The searcher (table, counters) of a one-thread engine.
    #[must_use]
    pub fn searcher(&self) -> Option<&Searcher<W, H>> {
        match &self.searchers {
            Searchers::One(s) => Some(s),
            Searchers::Parallel(_) => None,
        }
    }
}

impl<const W: usize, const H: usize> Engine for Connect4Engine<W, H> {
    fn spec(&self) -> String {
        self.cfg.to_string()
    }

    fn game(&self) -> GameKind {
        GameKind::Connect4(
            crate::game::connect4::BoardSize::new(W, H)
                .expect("the engine's board is a compiled size"),
        )
    }

    fn reset(&mut self) {
        match &mut self.searchers {
            Searchers::One(s) => s.reset(),
            Searchers::Parallel(p) => p.reset(),
        }
    }

    fn main_thread_nodes(&self) -> Option<u64> {
        match &self.searchers {
            Searchers::One(_) => None,
            Searchers::Parallel(p) => Some(p.main_nodes()),
        }
    }

    fn threads(&self) -> usize {
        match &self.searchers {
            Searchers::One(_) => 1,
            Searchers::Parallel(p) => p.threads(),
        }
    }

    fn set_time_limit(&mut self, limit: Option<std::time::Duration>) {
        self.time_limit = limit;
    }

    fn probes(&self) -> &[Probe] {
        &self.probes
    }

    /// With `count=on` (one thread): the searcher's counters, plus every root search of the
    /// driver after the first as a re-search.
    fn counters(&self) -> Option<crate::engine::SearchCounters> {
        match &self.searchers {
            Searchers::One(s) if self.cfg.search.count => {
                let mut c = *s.counters();
                c.researches += self.probes.len().saturating_sub(1) as u64;
                Some(c)
            }
            _ => None,
        }
    }

    fn interior_by_ply(&self) -> Option<Vec<u64>> {
        match &self.searchers {
            Searchers::One(s) if self.cfg.search.count => {
                let by_ply = s.interior_by_ply();
                let end = by_ply.iter().rposition(|&n| n > 0).map_or(0, |i| i + 1);
                Some(by_ply[..end].to_vec())
            }
            _ => None,
        }
    }

    /// Every move scored by its child's search (as Pons' solver's `analyze`), centre first: an
    /// immediate win by its score, the other moves by their child's score negated, searched
    /// one ply less deep than a depth-limited root (exact without `depth`), the table kept
    /// from move to move. One thread: a parallel engine scores exactly only (no `depth`).
    fn score_moves(&mut self, moves: &str) -> Result<Vec<(MoveText, i32)>, EngineError> {
        let pos = Position::<W, H>::from_moves(moves)
            .map_err(|e| EngineError::BadPosition(e.to_string()))?;
        if pos.nb_moves() >= Position::<W, H>::CELLS {
            return Err(EngineError::BadPosition(format!(
                "`{moves}`: the board is full"
            )));
        }
        if matches!(self.searchers, Searchers::Parallel(_)) && self.cfg.search.max_depth.is_some() {
            return Err(EngineError::Unsupported(
                "a parallel engine scores moves only when it solves exactly (no `depth`)".into(),
            ));
        }
        self.scored_nodes = 0;
        let mut out = Vec::with_capacity(W);
        for col in centre_first(W).filter(|&c| pos.can_play(c)) {
            let (v, n) = self.move_score(&pos, col);
            self.scored_nodes += n;
            let text = crate::game::connect4::board::column_char(col).to_string();
            out.push((MoveText::new(&text).expect("one character"), v));
        }
        Ok(out)
    }

    /// Exact unless a `depth` limits the search.
    fn exact(&self) -> Option<bool> {
        Some(self.cfg.search.max_depth.is_none())
    }

    fn depth_limit(&self) -> Option<u32> {
        self.cfg.search.max_depth
    }

    /// The best move of [`Engine::score_moves`] (an exact solver plays perfectly: it wins
    /// fastest and loses slowest; a depth-limited one plays the best move of its horizon), ties
    /// to the move nearer the centre.
    fn choose(&mut self, moves: &str, _limit: &MoveLimit) -> Result<Decision, EngineError> {
        let scored = self.score_moves(moves)?;
        let mut best = scored[0];
        for &(m, v) in &scored[1..] {
            if v > best.1 {
                best = (m, v);
            }
        }
        let exact = self.cfg.search.max_depth.is_none();
        Ok(Decision {
            value: Some(best.1),
            proven: exact.then_some(best.1),
            nodes: Some(self.scored_nodes),
            depth: self.cfg.search.max_depth,
            ..Decision::of_move(best.0)
        })
    }

    fn solve(&mut self, moves: &str) -> Result<Solve, EngineError> {
        let pos = Position::<W, H>::from_moves(moves)
            .map_err(|e| EngineError::BadPosition(e.to_string()))?;
        let deadline = self.time_limit.map(|l| std::time::Instant::now() + l);
        match &mut self.searchers {
            Searchers::One(s) => s.set_deadline(deadline),
            Searchers::Parallel(p) => p.set_deadline(deadline),
        }
        let (score, nodes) = self.solve_position(&pos);
        let stopped = match &self.searchers {
            Searchers::One(s) => s.stopped(),
            Searchers::Parallel(p) => p.stopped(),
        };
        if stopped {
            return Err(EngineError::Timeout);
        }
        Ok(Solve {
            score,
            nodes,
            reported_nanos: None,
            nodes_reported: true,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_limit_stops_a_long_solve() {
        let mut e = Connect4Engine::<7, 6>::new(SolverConfig::parse("mtdf").unwrap().unwrap());
        e.set_time_limit(Some(std::time::Duration::from_millis(50)));
        e.reset();
        // No bound on the elapsed time is asserted (speed is never asserted): without the limit
        // the solve would return a score after minutes, not Timeout.
        assert_eq!(
            e.solve(""),
            Err(EngineError::Timeout),
            "the empty board takes minutes"
        );
        // a quick solve under the same limit still succeeds, and so does a later long-limit one
        e.reset();
        assert_eq!(e.solve("4455").unwrap().score, 18);
        e.set_time_limit(None);
        e.reset();
        assert_eq!(e.solve("44455554221").unwrap().score, -15);
    }
}
