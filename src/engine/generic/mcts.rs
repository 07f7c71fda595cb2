//! Monte Carlo tree search on any game of the generic core ([`SearchGame`]): UCT (Kocsis and
//! Szepesvári 2006), PUCT with a prior from the game's own evaluation (the AlphaZero selection
//! rule without a network), and MCTS-Solver (Winands, Björnsson and Saito 2008: wins and losses
//! proven in the tree are backed up and never searched again).
//!
//! Engines `GAME-uct`, `GAME-puct` and `GAME-mcts-solver` (`c4-uct`, `tictactoe-mcts-solver`,
//! `nim-puct`, ...) with the options `playouts=N` (default 1000), `c=X` (exploration constant,
//! default 1.4 for UCT, 2.5 for PUCT), `seed=S` (default 1), `solver=on|off|maxn` and
//! `prior=on|off` (the three names set their defaults), `terminal=explore|exact` and
//! `root=expand|rollout`. They choose moves ([`Engine::choose`]): quality runs and match play;
//! they have no exact score for `solve`.
//!
//! The switches that make UCT play OpenSpiel's `MCTSBot` (`solve=True`, its default):
//! `solver=maxn` (OpenSpiel's solver: a node's value is known once the search reaches it at
//! the end of the game, or once all its children are known or one is a win for its mover, the
//! best of them, draws included; a known child is selected by its value, without an
//! exploration term, neither forced nor excluded; implies `terminal=exact`), `terminal=exact`
//! (a terminal node the search has reached is valued at its result, without exploration term,
//! in the selection and first in the final choice: OpenSpiel does this even with `solve=False`)
//! and `root=rollout` (the first playout is a random playout from the root itself, as
//! OpenSpiel's first simulation; by default the root is expanded at once).
//!
//! One playout: descend by the selection rule while the node has children; expand a node the
//! second time it is reached (all its children at once, each child's terminal value read when
//! it is created, children in random order); play uniformly random moves from the new node to
//! the end of the game (at most [`PLAYOUT_CAP`] moves, then a draw); back up win 1, draw ½,
//! loss 0 for the player who moved into each node of the path. The randomness is a ChaCha8
//! stream seeded by `seed` on the stream of the root's key, so the same seed chooses the same
//! moves on every machine. The move played is the root child with the most visits (MCTS-Solver:
//! a proven win first, proven losses last).

use std::time::{Duration, Instant};

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::engine::{Decision, Engine, EngineError, MoveLimit, MoveText, Solve};
use crate::game::{uniform_below, GameKind, MoveList, SearchGame};
use crate::stats::games::GameResult;

/// Moves of a random playout before it is scored a draw (games that can go on for ever).
pub const PLAYOUT_CAP: u32 = 1000;

/// The options of an MCTS engine.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MctsConfig {
    /// Playouts per move under [`MoveLimit::Spec`].
    pub playouts: u64,
    /// Exploration constant.
    pub c: f64,
    /// Seed of the playouts' random stream.
    pub seed: u64,
    /// MCTS-Solver: back up proven results (`on`: Winands' wins and losses, `maxn`: OpenSpiel's).
    pub solver: Solver,
    /// PUCT: select by a prior from the game's evaluation.
    pub prior: bool,
    /// A reached terminal node is valued at its result, without exploration term.
    pub exact_terminal: bool,
    /// The first playout is a random playout from the root (OpenSpiel), not below it.
    pub root_rollout: bool,
}

/// Which results MCTS proves in the tree and how it uses them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Solver {
    /// None (plain UCT).
    Off,
    /// MCTS-Solver (Winands et al.): wins and losses, read from a child's terminal value when
    /// it is created; a proven win is selected at once, a proven loss never.
    On,
    /// OpenSpiel's: values (draws included) known on reaching the end of the game and backed
    /// up (max over the children) when every child is known or one is a win; a known child is
    /// selected by its value.
    MaxN,
}

impl Solver {
    fn text(self) -> &'static str {
        match self {
            Solver::Off => "off",
            Solver::On => "on",
            Solver::MaxN => "maxn",
        }
    }
}

/// The MCTS variants, by the name after `GAME-`.
pub const VARIANTS: [&str; 3] = ["uct", "puct", "mcts-solver"];

impl MctsConfig {
    /// The defaults of a variant of [`VARIANTS`], then `opts` (`key=value`).
    pub fn with_options(variant: &str, opts: &[(&str, &str)]) -> Result<Self, String> {
        let mut c = MctsConfig {
            playouts: 1000,
            c: 1.4,
            seed: 1,
            solver: if variant == "mcts-solver" {
                Solver::On
            } else {
                Solver::Off
            },
            prior: variant == "puct",
            exact_terminal: false,
            root_rollout: false,
        };
        let mut explore_terminal = false;
        if c.prior {
            c.c = 2.5;
        }
        for &(k, v) in opts {
            let bad = || format!("option `{k}={v}`");
            let on_off = || match v {
                "on" => Ok(true),
                "off" => Ok(false),
                _ => Err(format!("{}: expected on or off", bad())),
            };
            match k {
                "playouts" => {
                    c.playouts =
                        v.parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
                            format!("{}: expected a number of playouts >= 1", bad())
                        })?;
                }
                "c" => {
                    c.c = v
                        .parse()
                        .ok()
                        .filter(|x: &f64| x.is_finite() && *x >= 0.0)
                        .ok_or_else(|| format!("{}: expected a finite number >= 0", bad()))?;
                }
                "seed" => {
                    c.seed = v
                        .parse()
                        .map_err(|_| format!("{}: expected a seed", bad()))?
                }
                "solver" => {
                    c.solver = match v {
                        "maxn" => Solver::MaxN,
                        _ => match on_off() {
                            Ok(true) => Solver::On,
                            Ok(false) => Solver::Off,
                            Err(_) => return Err(format!("{}: expected on, off or maxn", bad())),
                        },
                    }
                }
                "prior" => c.prior = on_off()?,
                "terminal" => {
                    c.exact_terminal = match v {
                        "exact" => true,
                        "explore" => false,
                        _ => return Err(format!("{}: expected explore or exact", bad())),
                    };
                    explore_terminal = !c.exact_terminal;
                }
                "root" => {
                    c.root_rollout = match v {
                        "rollout" => true,
                        "expand" => false,
                        _ => return Err(format!("{}: expected expand or rollout", bad())),
                    }
                }
                _ => {
                    return Err(format!(
                    "unknown option `{k}` (MCTS: playouts, c, seed, solver, prior, terminal, root)"
                ))
                }
            }
        }
        if c.solver == Solver::MaxN {
            if explore_terminal {
                return Err(
                    "option `terminal=explore`: solver=maxn values terminal nodes exactly".into(),
                );
            }
            c.exact_terminal = true;
        }
        if c.prior && (c.exact_terminal || c.root_rollout) {
            return Err(
                "options `terminal=exact`, `root=rollout` and `solver=maxn` are UCT's (prior=off)"
                    .into(),
            );
        }
        Ok(c)
    }

    /// The options as a spec writes them.
    #[must_use]
    pub fn options_text(&self) -> String {
        let on = |b: bool| if b { "on" } else { "off" };
        format!(
            "playouts={},c={},seed={},solver={},prior={},terminal={},root={}",
            self.playouts,
            self.c,
            self.seed,
            self.solver.text(),
            on(self.prior),
            if self.exact_terminal {
                "exact"
            } else {
                "explore"
            },
            if self.root_rollout {
                "rollout"
            } else {
                "expand"
            }
        )
    }
}

/// What the tree proved of a node, for the player who moved into it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Proof {
    Unknown,
    Win,
    Loss,
}

struct Node<M> {
    parent: u32,
    /// Children `first .. first + count` of the arena; `count == 0`: not expanded (or no move).
    first: u32,
    count: u32,
    mv: M,
    visits: u32,
    /// Sum of rewards for the player who moved into this node.
    reward: f64,
    /// The game's value at this node for the side to move, where the game is over.
    terminal: Option<i32>,
    proof: Proof,
    /// `terminal=exact`, `solver=maxn`: the node's known reward for its mover (1, ½, 0), once
    /// the search has reached it at the end of the game or (maxn) proved it.
    known: Option<f64>,
    prior: f64,
    depth: u32,
}

/// One search's tree (nodes and their states side by side) and its random stream.
struct Tree<'g, G: SearchGame> {
    game: &'g G,
    cfg: MctsConfig,
    nodes: Vec<Node<G::Move>>,
    states: Vec<G::State>,
    rng: ChaCha8Rng,
    playouts: u64,
}

impl<'g, G: SearchGame> Tree<'g, G> {
    fn new(game: &'g G, cfg: MctsConfig, root: &G::State) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(cfg.seed);
        rng.set_stream(game.key(root));
        let node = Node {
            parent: u32::MAX,
            first: 0,
            count: 0,
            mv: G::Move::default(),
            visits: 0,
            reward: 0.0,
            terminal: game.terminal(root, 0),
            proof: Proof::Unknown,
            known: None,
            prior: 1.0,
            depth: 0,
        };
        Tree {
            game,
            cfg,
            nodes: vec![node],
            states: vec![root.clone()],
            rng,
            playouts: 0,
        }
    }

    /// Create every child of `at` (in random order), reading each one's terminal value.
    fn expand(&mut self, at: usize) {
        let mut moves = MoveList::default();
        self.game.moves(&self.states[at], &mut moves);
        let list = moves.as_mut_slice();
        for i in (1..list.len()).rev() {
            list.swap(i, uniform_below(&mut self.rng, i as u64 + 1) as usize);
        }
        let first = self.nodes.len() as u32;
        let depth = self.nodes[at].depth + 1;
        for &m in moves.as_slice() {
            let s = self.game.play(&self.states[at], m);
            let terminal = self.game.terminal(&s, depth);
            let proof = match (self.cfg.solver, terminal.map(i32::signum)) {
                (Solver::On, Some(-1)) => Proof::Win,
                (Solver::On, Some(1)) => Proof::Loss,
                _ => Proof::Unknown,
            };
            self.nodes.push(Node {
                parent: at as u32,
                first: 0,
                count: 0,
                mv: m,
                visits: 0,
                reward: 0.0,
                terminal,
                proof,
                known: None,
                prior: 1.0,
                depth,
            });
            self.states.push(s);
        }
        self.nodes[at].first = first;
        self.nodes[at].count = moves.len() as u32;
        if self.cfg.prior {
            self.set_priors(at);
        }
    }

    /// PUCT's priors of `at`'s children: a softmax of the mover's evaluation of each child
    /// (the negated evaluation for the side then to move), at a temperature of a quarter of
    /// the children's spread, so that the prior does not depend on the game's units.
    fn set_priors(&mut self, at: usize) {
        let (first, count) = (self.nodes[at].first as usize, self.nodes[at].count as usize);
        let evals: Vec<f64> = (first..first + count)
            .map(|c| -f64::from(self.game.evaluate(&self.states[c])))
            .collect();
        let (lo, hi) = evals
            .iter()
            .fold((f64::MAX, f64::MIN), |(l, h), &e| (l.min(e), h.max(e)));
        let t = ((hi - lo) / 4.0).max(1.0);
        let weights: Vec<f64> = evals.iter().map(|e| ((e - hi) / t).exp()).collect();
        let sum: f64 = weights.iter().sum();
        for (k, w) in weights.iter().enumerate() {
            self.nodes[first + k].prior = w / sum;
        }
    }

    /// The child of `at` to descend into: a proven win at once, never a proven loss unless
    /// every child is one; an unvisited child first (UCT), else the highest score.
    fn select(&self, at: usize) -> usize {
        let node = &self.nodes[at];
        let children = node.first as usize..(node.first + node.count) as usize;
        let ln_n = f64::from(node.visits.max(1)).ln();
        let sqrt_n = f64::from(node.visits.max(1)).sqrt();
        let mut best = (f64::NEG_INFINITY, children.start);
        for c in children {
            let child = &self.nodes[c];
            if let Some(v) = child.known {
                if v > best.0 {
                    best = (v, c);
                }
                continue;
            }
            let score = match child.proof {
                Proof::Win => return c,
                Proof::Loss => f64::MIN,
                Proof::Unknown if child.visits == 0 && !self.cfg.prior => return c,
                Proof::Unknown => {
                    let n = f64::from(child.visits);
                    let q = if n > 0.0 { child.reward / n } else { 0.5 };
                    if self.cfg.prior {
                        q + self.cfg.c * child.prior * sqrt_n / (1.0 + n)
                    } else {
                        q + self.cfg.c * (ln_n / n).sqrt()
                    }
                }
            };
            if score > best.0 {
                best = (score, c);
            }
        }
        best.1
    }

    /// One playout: select, expand, play out, back up.
    fn playout(&mut self) {
        let mut at = 0;
        loop {
            let node = &self.nodes[at];
            if node.terminal.is_some() || node.proof != Proof::Unknown {
                break;
            }
            if node.count == 0 {
                if node.visits == 0 && (at != 0 || self.cfg.root_rollout) {
                    break;
                }
                self.expand(at);
                if self.nodes[at].count == 0 {
                    break;
                }
            }
            at = self.select(at);
            if self.nodes[at].visits == 0 {
                break;
            }
        }
        let reward = self.reward_of(at);
        self.playouts += 1;
        let reached_end = self.nodes[at].terminal.is_some();
        if reached_end && self.cfg.exact_terminal {
            self.nodes[at].known = Some(reward);
        }
        self.back_up(at, reward);
        if reached_end && self.cfg.solver == Solver::MaxN {
            self.prove_maxn(at);
        }
    }

    /// OpenSpiel's solver from the reached terminal node `at` up: each ancestor whose children
    /// are all known, or one is a win for its mover, is known at the best child's value (for
    /// its own mover, one minus it); the first ancestor that is not ends the climb.
    fn prove_maxn(&mut self, mut at: usize) {
        while self.nodes[at].parent != u32::MAX {
            at = self.nodes[at].parent as usize;
            let node = &self.nodes[at];
            let children = &self.nodes[node.first as usize..(node.first + node.count) as usize];
            let best = children
                .iter()
                .filter_map(|c| c.known)
                .fold(None, |b: Option<f64>, v| Some(b.map_or(v, |b| b.max(v))));
            match best {
                Some(v) if v == 1.0 || children.iter().all(|c| c.known.is_some()) => {
                    self.nodes[at].known = Some(1.0 - v);
                }
                _ => return,
            }
        }
    }

    /// The reward of reaching `at` for the player who moved into it: its proof, its terminal
    /// value, or a random playout to the end.
    fn reward_of(&mut self, at: usize) -> f64 {
        match self.nodes[at].proof {
            Proof::Win => return 1.0,
            Proof::Loss => return 0.0,
            Proof::Unknown => {}
        }
        let mut s = self.states[at].clone();
        let mut ply = self.nodes[at].depth;
        for d in 0..=PLAYOUT_CAP {
            if let Some(v) = self.game.terminal(&s, ply) {
                // v is for the side to move after d moves; the mover into `at` is that side's
                // opponent when d is even
                let mover = if d % 2 == 0 { -v.signum() } else { v.signum() };
                return f64::from(mover + 1) / 2.0;
            }
            let mut moves = MoveList::default();
            self.game.moves(&s, &mut moves);
            if moves.is_empty() {
                break;
            }
            let k = uniform_below(&mut self.rng, moves.len() as u64) as usize;
            s = self.game.play(&s, moves.as_slice()[k]);
            ply += 1;
        }
        0.5
    }

    /// Add `reward` (for the mover into `at`) up the path, alternating sides, and with
    /// MCTS-Solver the proofs that follow from a proven child.
    fn back_up(&mut self, mut at: usize, mut reward: f64) {
        loop {
            let node = &mut self.nodes[at];
            node.visits += 1;
            node.reward += reward;
            let parent = node.parent;
            if parent == u32::MAX {
                return;
            }
            if self.cfg.solver == Solver::On {
                self.prove(parent as usize);
            }
            at = parent as usize;
            reward = 1.0 - reward;
        }
    }

    /// MCTS-Solver's rule at `at`: a child proven a win for its mover makes `at` a loss for
    /// its own mover; every child proven a loss makes it a win.
    fn prove(&mut self, at: usize) {
        let node = &self.nodes[at];
        if node.proof != Proof::Unknown || node.count == 0 {
            return;
        }
        let children = &self.nodes[node.first as usize..(node.first + node.count) as usize];
        if children.iter().any(|c| c.proof == Proof::Win) {
            self.nodes[at].proof = Proof::Loss;
        } else if children.iter().all(|c| c.proof == Proof::Loss) {
            self.nodes[at].proof = Proof::Win;
        }
    }

    /// The root child to play: a proven win, else the most visited child that is not a proven
    /// loss (ties to the higher mean reward), else the most visited. A known value (`terminal=
    /// exact`, `solver=maxn`) ranks as OpenSpiel's: a win first, a draw as an unknown, a loss
    /// last.
    fn best(&self) -> Option<usize> {
        let root = &self.nodes[0];
        let children = root.first as usize..(root.first + root.count) as usize;
        let key = |c: usize| {
            let n = &self.nodes[c];
            let rank = match (n.proof, n.known) {
                (Proof::Win, _) => 2,
                (_, Some(v)) if v == 1.0 => 2,
                (_, Some(v)) if v == 0.0 => 0,
                (Proof::Unknown, _) => 1,
                (Proof::Loss, _) => 0,
            };
            let mean = if n.visits > 0 {
                n.reward / f64::from(n.visits)
            } else {
                0.0
            };
            (rank, n.visits, (mean * 1e9) as i64)
        };
        children.max_by_key(|&c| key(c))
    }
}

/// An MCTS engine for the harness on one game of the generic core.
pub struct MctsEngine<G: SearchGame> {
    game: G,
    prefix: &'static str,
    variant: &'static str,
    kind: GameKind,
    cfg: MctsConfig,
}

impl<G: SearchGame> MctsEngine<G> {
    /// The engine `PREFIX-VARIANT[:options]` playing `kind`.
    #[must_use]
    pub fn new(
        game: G,
        prefix: &'static str,
        variant: &'static str,
        kind: GameKind,
        cfg: MctsConfig,
    ) -> Self {
        Self {
            game,
            prefix,
            variant,
            kind,
            cfg,
        }
    }

    /// Search `root` with `playouts` playouts, or within `allot` of wall time (at least one
    /// playout, and one below the root); the tree.
    fn search(&self, root: &G::State, allot: Option<Duration>) -> Tree<'_, G> {
        let mut tree = Tree::new(&self.game, self.cfg, root);
        let start = Instant::now();
        loop {
            tree.playout();
            if tree.nodes[0].proof != Proof::Unknown || tree.nodes[0].known.is_some() {
                break;
            }
            let done = match allot {
                None => tree.playouts >= self.cfg.playouts,
                Some(a) => tree.playouts % 16 == 0 && start.elapsed() >= a,
            };
            // `root=rollout` spends the first playout on the root itself: one more goes below
            // it when the budget was a single playout, so that there is a move to play
            if done && tree.nodes[0].count > 0 {
                break;
            }
        }
        tree
    }
}

impl<G: SearchGame + Send> Engine for MctsEngine<G>
where
    G::State: Send,
    G::Move: Send,
{
    fn spec(&self) -> String {
        format!(
            "{}-{}:{}",
            self.prefix,
            self.variant,
            self.cfg.options_text()
        )
    }

    fn game(&self) -> GameKind {
        self.kind
    }

    /// Nothing is kept between searches: every choice builds a new tree.
    fn reset(&mut self) {}

    fn solve(&mut self, _moves: &str) -> Result<Solve, EngineError> {
        Err(EngineError::Unsupported(format!(
            "`{}` chooses moves (quality runs, match play); Monte Carlo search gives no exact score to solve for",
            self.spec()
        )))
    }

    /// Monte Carlo values are estimates.
    fn exact(&self) -> Option<bool> {
        Some(false)
    }

    fn choose(&mut self, moves: &str, limit: &MoveLimit) -> Result<Decision, EngineError> {
        let root = self.game.parse(moves).map_err(EngineError::BadPosition)?;
        if self.game.terminal(&root, 0).is_some() {
            return Err(EngineError::BadPosition(format!(
                "`{moves}`: the game is over"
            )));
        }
        let tree = self.search(&root, limit.allotment());
        let best = tree.best().ok_or_else(|| {
            EngineError::Failure(format!("`{moves}`: the search found no move to play"))
        })?;
        let text = self.game.move_text(&root, tree.nodes[best].mv);
        let best_move = MoveText::new(&text).ok_or_else(|| {
            EngineError::Failure(format!("`{moves}`: move `{text}` cannot be written"))
        })?;
        // the root's proof is for the player who moved into it: the side to move's opponent
        let proven_result = match (tree.nodes[0].proof, tree.nodes[0].known) {
            (Proof::Loss, _) => Some(GameResult::Win),
            (Proof::Win, _) => Some(GameResult::Loss),
            (Proof::Unknown, Some(v)) if v == 0.0 => Some(GameResult::Win),
            (Proof::Unknown, Some(v)) if v == 1.0 => Some(GameResult::Loss),
            (Proof::Unknown, Some(_)) => Some(GameResult::Draw),
            (Proof::Unknown, None) => None,
        };
        Ok(Decision {
            proven_result,
            nodes: Some(tree.nodes.len() as u64),
            playouts: Some(tree.playouts),
            depth: tree.nodes.iter().map(|n| n.depth).max(),
            ..Decision::of_move(best_move)
        })
    }
}
