//! A chance game's drivers as engines (`pig-expectimax`, `pig-star1`, `pig-star2`, with
//! `depth=`, `order=`, `tt=` and `scout=`): [`ChanceEngine`] solves a player's turn to a fixed
//! depth with the chance searcher ([`super::chance`]) and chooses moves by the values of their
//! children, so `run`, `gate` and `match` compare them like any other engines.
//!
//! Values. The searcher's value is MAX's exact rational; the engine reports it for the player to
//! move (negated at MIN's turn, the one convention of every game), as the exact rational
//! ([`ChanceResult::value`], the `value` column of a results file) and rounded to the nearest
//! integer in the `score` column.

use super::chance::{
    ChanceConfig, ChanceCounters, ChanceDriver, ChanceSearcher, MoveOrder, Scouting,
};
use crate::engine::{Decision, Engine, EngineError, GameKind, MoveLimit, MoveText, Solve};
use crate::game::chance::{NodeKind, Q};
use crate::game::chance_open::{parse_move, OpenChance};
use crate::game::MoveList;

/// What a chance engine's last solve found besides its integer score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChanceResult {
    /// The exact value for the player to move.
    pub value: Q,
    /// The searcher's counters of the solve.
    pub counters: ChanceCounters,
}

/// The switches of a chance engine: the search's configuration and its depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChanceSpec {
    /// Driver, ordering, table, scouting.
    pub cfg: ChanceConfig,
    /// Players' moves searched.
    pub depth: u32,
}

/// The options a chance engine takes, for messages.
pub const KEYS: &str = "depth, order, seed, tt, scout";

impl ChanceSpec {
    /// `driver` at `depth` with the table on and natural order, then `options` applied.
    pub fn with_options(
        driver: ChanceDriver,
        depth: u32,
        options: &[(&str, &str)],
    ) -> Result<Self, String> {
        let mut s = ChanceSpec {
            cfg: ChanceConfig::new(driver),
            depth,
        };
        let mut seed = 1;
        for &(k, v) in options {
            let bad = |want: &str| format!("option `{k}={v}`: expected {want}");
            match k {
                "depth" => {
                    s.depth = v
                        .parse()
                        .ok()
                        .filter(|d| (1..=64).contains(d))
                        .ok_or_else(|| bad("a number in 1..=64"))?
                }
                "order" => {
                    s.cfg.order = match v {
                        "natural" => MoveOrder::Natural,
                        "random" => MoveOrder::Random(0),
                        "hint" => MoveOrder::Hint,
                        "oracle" => MoveOrder::Oracle,
                        _ => return Err(bad("natural, random, hint or oracle")),
                    }
                }
                "seed" => seed = v.parse().map_err(|_| bad("a number"))?,
                "tt" => {
                    s.cfg.table = match v {
                        "on" => true,
                        "off" => false,
                        _ => return Err(bad("on or off")),
                    }
                }
                "scout" if driver == ChanceDriver::Star2 => {
                    s.cfg.scouting = *Scouting::ALL
                        .iter()
                        .find(|c| c.name() == v)
                        .ok_or_else(|| bad("ballard, opponent, null or opponent+null"))?
                }
                _ => return Err(format!("unknown option `{k}` ({KEYS}; scout for star2)")),
            }
        }
        if let MoveOrder::Random(_) = s.cfg.order {
            s.cfg.order = MoveOrder::Random(seed);
        }
        Ok(s)
    }

    /// The options that differ from the default at `default_depth`, as spec text.
    fn options_text(&self, default_depth: u32) -> String {
        let mut out = Vec::new();
        if self.depth != default_depth {
            out.push(format!("depth={}", self.depth));
        }
        match self.cfg.order {
            MoveOrder::Natural => {}
            MoveOrder::Random(seed) => {
                out.push("order=random".to_string());
                if seed != 1 {
                    out.push(format!("seed={seed}"));
                }
            }
            MoveOrder::Hint => out.push("order=hint".to_string()),
            MoveOrder::Oracle => out.push("order=oracle".to_string()),
        }
        if !self.cfg.table {
            out.push("tt=off".to_string());
        }
        if self.cfg.scouting != Scouting::BALLARD {
            out.push(format!("scout={}", self.cfg.scouting.name()));
        }
        out.join(",")
    }
}

/// A chance driver of the game `G` as an engine.
pub struct ChanceEngine<G: OpenChance> {
    game: &'static G,
    kind: GameKind,
    spec: ChanceSpec,
    searcher: ChanceSearcher<'static, G>,
    last: Option<ChanceResult>,
}

/// What a chance game's engine name says after `NAME-`: a chance driver or UCT
/// ([`super::chance_mcts`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChanceAlgo {
    /// An exact driver at a fixed depth.
    Search(ChanceDriver),
    /// UCT with chance sampling.
    Uct,
}

impl ChanceAlgo {
    /// Every one, in the order names are listed.
    pub const ALL: [ChanceAlgo; 4] = [
        Self::Search(ChanceDriver::Expectimax),
        Self::Search(ChanceDriver::Star1),
        Self::Search(ChanceDriver::Star2),
        Self::Uct,
    ];
    /// Its name in specs.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Search(d) => d.name(),
            Self::Uct => "uct",
        }
    }
}

/// The nearest integer to `x` (halves away from zero), saturating.
#[must_use]
pub fn nearest_f64(x: f64) -> i32 {
    x.round().clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32
}

/// The nearest integer to `q` (halves away from zero).
fn nearest(q: Q) -> i32 {
    let (n, d) = (q.numer(), q.denom());
    let r = (2 * n.abs() + d).div_euclid(2 * d) * n.signum();
    i32::try_from(r).unwrap_or(if r < 0 { i32::MIN } else { i32::MAX })
}

impl<G: OpenChance> ChanceEngine<G> {
    /// The engine of `spec` on `G` (`kind` names it). The game's value (a few bytes of rules)
    /// lives as long as the process, since the searcher borrows it.
    #[must_use]
    pub fn new(kind: GameKind, spec: ChanceSpec) -> Self {
        let game: &'static G = Box::leak(Box::new(G::default()));
        ChanceEngine {
            game,
            kind,
            spec,
            searcher: ChanceSearcher::new(game, spec.cfg),
            last: None,
        }
    }

    /// A player's turn at `moves`, or why not.
    fn turn(&self, moves: &str) -> Result<(G::State, NodeKind), EngineError> {
        let s = self.game.parse(moves).map_err(EngineError::BadPosition)?;
        if self.game.terminal(&s).is_some() {
            return Err(EngineError::BadPosition(format!(
                "`{moves}`: the game is over"
            )));
        }
        match self.game.node(&s) {
            NodeKind::Chance => Err(EngineError::BadPosition(format!(
                "`{moves}` is a chance node: a chance engine searches a player's turn"
            ))),
            kind => Ok((s, kind)),
        }
    }

    /// MAX's value of `s` at `depth`, and the nodes it took.
    fn search(&mut self, s: &G::State, depth: u32) -> (Q, ChanceCounters) {
        let before = self.searcher.counters;
        let v = self.searcher.solve(s, depth);
        let mut c = self.searcher.counters;
        c.nodes -= before.nodes;
        c.chance_nodes -= before.chance_nodes;
        c.chance_cutoffs -= before.chance_cutoffs;
        c.scouts -= before.scouts;
        c.table_hits -= before.table_hits;
        (v, c)
    }
}

/// `v` (MAX's) for the player of `kind`.
fn for_mover(kind: NodeKind, v: Q) -> Q {
    if kind == NodeKind::Min {
        Q::ZERO.minus(v)
    } else {
        v
    }
}

impl<G: OpenChance> Engine for ChanceEngine<G>
where
    G::State: Send,
{
    fn spec(&self) -> String {
        let name = format!("{}-{}", G::NAME, self.spec.cfg.driver.name());
        match self.spec.options_text(G::DEFAULT_DEPTH) {
            o if o.is_empty() => name,
            o => format!("{name}:{o}"),
        }
    }

    fn game(&self) -> GameKind {
        self.kind
    }

    fn reset(&mut self) {
        self.searcher.reset();
        self.last = None;
    }

    fn solve(&mut self, moves: &str) -> Result<Solve, EngineError> {
        let (s, kind) = self.turn(moves)?;
        let (v, counters) = self.search(&s, self.spec.depth);
        let value = for_mover(kind, v);
        self.last = Some(ChanceResult { value, counters });
        Ok(Solve {
            score: nearest(value),
            nodes: counters.nodes,
            nodes_reported: true,
            reported_nanos: None,
        })
    }

    fn chance_result(&self) -> Option<ChanceResult> {
        self.last
    }

    fn exact(&self) -> Option<bool> {
        Some(self.spec.depth >= G::END_DEPTH)
    }

    fn depth_limit(&self) -> Option<u32> {
        (self.spec.depth < G::END_DEPTH).then_some(self.spec.depth)
    }

    /// The move whose child has the best value for the player to move at one move less than
    /// the depth (the first of equals, in the game's order); the table is kept between moves.
    fn choose(&mut self, moves: &str, _limit: &MoveLimit) -> Result<Decision, EngineError> {
        let (s, kind) = self.turn(moves)?;
        let mut list = MoveList::default();
        self.game.moves(&s, &mut list);
        let mut best: Option<(G::Move, Q)> = None;
        let mut nodes = 0;
        for &m in list.as_slice() {
            let (v, c) = self.search(&self.game.play(&s, m), self.spec.depth - 1);
            nodes += c.nodes;
            let v = for_mover(kind, v);
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((m, v));
            }
        }
        let (m, v) = best.ok_or_else(|| EngineError::BadPosition("no legal move".into()))?;
        let text = self.game.move_text(m);
        debug_assert!(parse_move(self.game, &s, &text).is_some());
        let mut d = Decision::of_move(MoveText::new(&text).ok_or_else(|| {
            EngineError::Failure(format!("move text `{text}` is not one short word"))
        })?);
        d.value = Some(nearest(v));
        d.nodes = Some(nodes);
        d.depth = Some(self.spec.depth);
        Ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rounds_halves_away_from_zero() {
        let cases = [
            ((7, 2), 4),
            ((-7, 2), -4),
            ((5, 3), 2),
            ((-5, 3), -2),
            ((1, 3), 0),
        ];
        for ((n, d), want) in cases {
            assert_eq!(nearest(Q::new(n, d)), want, "{n}/{d}");
        }
    }

    #[test]
    fn options_read_back_to_the_same_spec() {
        let s = ChanceSpec::with_options(
            ChanceDriver::Star2,
            3,
            &[
                ("order", "random"),
                ("seed", "5"),
                ("tt", "off"),
                ("scout", "null"),
                ("depth", "4"),
            ],
        )
        .unwrap();
        assert_eq!(
            s.options_text(3),
            "depth=4,order=random,seed=5,tt=off,scout=null"
        );
        assert!(ChanceSpec::with_options(ChanceDriver::Star1, 3, &[("scout", "null")]).is_err());
        assert!(ChanceSpec::with_options(ChanceDriver::Star1, 3, &[("depth", "0")]).is_err());
    }
}
