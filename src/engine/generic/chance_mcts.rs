//! UCT on a chance game (`pig-uct:playouts=N,c=C,seed=S`): Monte Carlo tree search whose chance
//! nodes sample nature's outcome by its weight (Lanctot et al.'s chance sampling, as
//! OpenSpiel's MCTS treats chance), so that a dice game plays matches against its exact drivers.
//!
//! Each playout descends from the root: at a player's node, the first untried move is expanded
//! (in the game's order), else the child with the best UCB1 value for that player; at a chance
//! node, an outcome drawn by weight (its child made on first draw). From the new node a random
//! playout (uniform moves, outcomes by weight) reaches the end, and its result, MAX's utility
//! scaled to `[0, 1]` by the game's bounds, is added along the path. The move played is the
//! root's most visited child. The random stream is seeded by the spec's seed and the position,
//! so a choice, and a game, replays exactly.

use super::chance_engine::{nearest_f64, ChanceResult};
use super::mcts::MctsConfig;
use crate::engine::{Decision, Engine, EngineError, GameKind, MoveLimit, MoveText, Solve};
use crate::game::chance::{NodeKind, Outcomes};
use crate::game::chance_open::{pick_outcome, OpenChance};
use crate::game::{uniform_below, MoveList};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// A node of the tree: its position, its statistics and its children (made on first visit).
struct Node<S, M> {
    state: S,
    kind: Option<NodeKind>,
    visits: u32,
    /// The sum of the playouts' results through it, MAX's view in `[0, 1]`.
    total: f64,
    /// A player's node: (move, child) for each expanded move, in the game's order.
    moves: Vec<(M, usize)>,
    untried: Vec<M>,
    /// A chance node: the child of each outcome drawn so far.
    outcomes: Vec<(u8, usize)>,
}

/// UCT with chance sampling on the chance game `G`.
pub struct ChanceUct<G: OpenChance> {
    game: G,
    kind: GameKind,
    cfg: MctsConfig,
    nodes: Vec<Node<G::State, G::Move>>,
}

impl<G: OpenChance> ChanceUct<G> {
    /// The engine of `cfg` (playouts, `c`, seed) on `G`.
    #[must_use]
    pub fn new(kind: GameKind, cfg: MctsConfig) -> Self {
        ChanceUct {
            game: G::default(),
            kind,
            cfg,
            nodes: Vec::new(),
        }
    }

    /// A new node of `s`.
    fn node(&mut self, s: G::State) -> usize {
        let g = &self.game;
        let kind = g.terminal(&s).is_none().then(|| g.node(&s));
        let mut untried = MoveList::default();
        if matches!(kind, Some(NodeKind::Max | NodeKind::Min)) {
            g.moves(&s, &mut untried);
        }
        let mut untried = untried.as_slice().to_vec();
        untried.reverse(); // popped from the back: the game's order
        self.nodes.push(Node {
            state: s,
            kind,
            visits: 0,
            total: 0.0,
            moves: Vec::new(),
            untried,
            outcomes: Vec::new(),
        });
        self.nodes.len() - 1
    }

    /// MAX's utility scaled to `[0, 1]`.
    fn scaled(&self, u: i64) -> f64 {
        let (l, h) = self.game.bounds();
        (u - l) as f64 / (h - l) as f64
    }

    /// The child of chance node `at` for an outcome drawn by weight.
    fn draw(&mut self, at: usize, rng: &mut ChaCha8Rng) -> usize {
        let mut os = Outcomes::default();
        self.game.outcomes(&self.nodes[at].state, &mut os);
        let o = pick_outcome(
            os.as_slice(),
            uniform_below(rng, u64::from(self.game.denominator())) as u32,
        );
        if let Some(&(_, c)) = self.nodes[at].outcomes.iter().find(|e| e.0 == o) {
            return c;
        }
        let child = self.node(self.game.resolve(&self.nodes[at].state, o));
        self.nodes[at].outcomes.push((o, child));
        child
    }

    /// The child of player's node `at` with the best UCB1 value for its player.
    fn select(&self, at: usize) -> usize {
        let n = &self.nodes[at];
        let log_n = f64::from(n.visits.max(1)).ln();
        let max = n.kind == Some(NodeKind::Max);
        let ucb = |c: usize| {
            let ch = &self.nodes[c];
            let mean = ch.total / f64::from(ch.visits.max(1));
            let own = if max { mean } else { 1.0 - mean };
            own + self.cfg.c * (log_n / f64::from(ch.visits.max(1))).sqrt()
        };
        n.moves
            .iter()
            .map(|&(_, c)| c)
            .fold(None, |best: Option<(usize, f64)>, c| {
                let v = ucb(c);
                match best {
                    Some((_, b)) if b >= v => best,
                    _ => Some((c, v)),
                }
            })
            .map(|(c, _)| c)
            .expect("a player's node with no move")
    }

    /// A random playout from `s` to the end: MAX's scaled result.
    fn rollout(&self, mut s: G::State, rng: &mut ChaCha8Rng) -> f64 {
        let g = &self.game;
        loop {
            if let Some(u) = g.terminal(&s) {
                return self.scaled(u);
            }
            s = if g.node(&s) == NodeKind::Chance {
                let mut os = Outcomes::default();
                g.outcomes(&s, &mut os);
                let draw = uniform_below(rng, u64::from(g.denominator())) as u32;
                g.resolve(&s, pick_outcome(os.as_slice(), draw))
            } else {
                let mut ms = MoveList::default();
                g.moves(&s, &mut ms);
                let m = ms.as_slice()[uniform_below(rng, ms.len() as u64) as usize];
                g.play(&s, m)
            };
        }
    }

    /// One playout from the root (node 0).
    fn playout(&mut self, rng: &mut ChaCha8Rng) {
        let mut path = vec![0];
        let mut at = 0;
        let result = loop {
            let kind = self.nodes[at].kind;
            at = match kind {
                None => break self.scaled(self.game.terminal(&self.nodes[at].state).unwrap_or(0)),
                Some(NodeKind::Chance) => self.draw(at, rng),
                Some(_) => match self.nodes[at].untried.pop() {
                    Some(m) => {
                        let child = self.node(self.game.play(&self.nodes[at].state, m));
                        self.nodes[at].moves.push((m, child));
                        path.push(child);
                        break self.rollout(self.nodes[child].state.clone(), rng);
                    }
                    None => self.select(at),
                },
            };
            path.push(at);
        };
        for i in path {
            self.nodes[i].visits += 1;
            self.nodes[i].total += result;
        }
    }
}

impl<G: OpenChance> Engine for ChanceUct<G>
where
    G::State: Send,
    G::Move: Send,
{
    fn spec(&self) -> String {
        let c = &self.cfg;
        format!(
            "{}-uct:playouts={},c={},seed={}",
            G::NAME,
            c.playouts,
            c.c,
            c.seed
        )
    }

    fn game(&self) -> GameKind {
        self.kind
    }

    fn reset(&mut self) {
        self.nodes.clear();
    }

    fn solve(&mut self, _moves: &str) -> Result<Solve, EngineError> {
        Err(EngineError::Unsupported(format!(
            "`{}` chooses moves (match play); Monte Carlo search gives no exact value to solve for",
            self.spec()
        )))
    }

    fn chance_result(&self) -> Option<ChanceResult> {
        None
    }

    fn exact(&self) -> Option<bool> {
        Some(false)
    }

    /// The most visited move after the spec's playouts (the first of equals); a new tree for
    /// every move, its random stream seeded by the seed and the position's text.
    fn choose(&mut self, moves: &str, _limit: &MoveLimit) -> Result<Decision, EngineError> {
        let s = self.game.parse(moves).map_err(EngineError::BadPosition)?;
        if self.game.terminal(&s).is_some() || self.game.node(&s) == NodeKind::Chance {
            return Err(EngineError::BadPosition(format!(
                "`{moves}` is not a player's turn"
            )));
        }
        let position = moves.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        let mut rng = ChaCha8Rng::seed_from_u64(self.cfg.seed ^ position);
        self.nodes.clear();
        self.node(s);
        for _ in 0..self.cfg.playouts {
            self.playout(&mut rng);
        }
        let root = &self.nodes[0];
        let &(m, child) = root
            .moves
            .iter()
            .fold(None, |best: Option<&(G::Move, usize)>, e| match best {
                Some(b) if self.nodes[b.1].visits >= self.nodes[e.1].visits => best,
                _ => Some(e),
            })
            .ok_or_else(|| EngineError::BadPosition("no legal move".into()))?;
        let ch = &self.nodes[child];
        let mean = ch.total / f64::from(ch.visits.max(1));
        let (l, h) = self.game.bounds();
        let max_value = l as f64 + mean * (h - l) as f64;
        let own = if root.kind == Some(NodeKind::Max) {
            max_value
        } else {
            -max_value
        };
        let text = self.game.move_text(m);
        let mut d = Decision::of_move(MoveText::new(&text).ok_or_else(|| {
            EngineError::Failure(format!("move text `{text}` is not one short word"))
        })?);
        d.value = Some(nearest_f64(own));
        d.nodes = Some(self.nodes.len() as u64);
        d.playouts = Some(u64::from(self.cfg.playouts));
        Ok(d)
    }
}
