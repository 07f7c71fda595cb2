//! UCT (UCB1 applied to trees) with uniformly random playouts, a minimax-perfect player, and the
//! seeded, parallel tic-tac-toe match of UCT against perfect play.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use super::games::{Board, TicTacToe};
use super::search::Oracle;
use super::{uniform_below, Game};

/// The UCB1 exploration constant √2.
pub const C_SQRT2: f64 = std::f64::consts::SQRT_2;

struct Node<S> {
    state: S,
    /// Moves not yet expanded, in random order (expanded from the back).
    untried: Vec<u8>,
    /// Expanded children in expansion order: (move, node index).
    children: Vec<(u8, usize)>,
    visits: u32,
    /// Sum of rewards (win 1, draw ½, loss 0) for the player who moved *into* this node.
    reward: f64,
}

fn shuffled<R: RngCore>(mut v: Vec<u8>, rng: &mut R) -> Vec<u8> {
    for i in (1..v.len()).rev() {
        let j = uniform_below(rng, i as u64 + 1) as usize;
        v.swap(i, j);
    }
    v
}

/// Run `iterations` (≥ 1) UCT iterations from `s` and return the chosen move.
///
/// One iteration: descend by UCB1 (`mean + c·√(ln N / n)`, ties to the earlier-expanded child)
/// while the node is fully expanded; expand one untried move (untried moves are shuffled when
/// the node is created); play uniformly random moves to the end; back up win 1 / draw ½ / loss 0
/// for the player who moved into each node on the path. The move played is the root child with
/// the most visits, ties broken by higher mean reward, then by expansion order.
pub fn uct_move<G: Game, R: RngCore>(
    game: &G,
    s: &G::State,
    iterations: u32,
    c: f64,
    rng: &mut R,
) -> u8 {
    assert!(iterations >= 1 && !game.is_terminal(s));
    let root_moves = shuffled(game.moves(s), rng);
    let mut nodes = vec![Node {
        state: s.clone(),
        untried: root_moves,
        children: Vec::new(),
        visits: 0,
        reward: 0.0,
    }];
    let mut path = Vec::new();
    for _ in 0..iterations {
        path.clear();
        let mut idx = 0;
        path.push(idx);
        // Selection.
        while nodes[idx].untried.is_empty() && !nodes[idx].children.is_empty() {
            let ln_n = (nodes[idx].visits as f64).ln();
            let mut best = (f64::NEG_INFINITY, 0);
            for &(_, ch) in &nodes[idx].children {
                let n = &nodes[ch];
                let score = n.reward / n.visits as f64 + c * (ln_n / n.visits as f64).sqrt();
                if score > best.0 {
                    best = (score, ch);
                }
            }
            idx = best.1;
            path.push(idx);
        }
        // Expansion.
        if let Some(m) = nodes[idx].untried.pop() {
            let st = game.play(&nodes[idx].state, m);
            let untried = shuffled(game.moves(&st), rng);
            nodes.push(Node {
                state: st,
                untried,
                children: Vec::new(),
                visits: 0,
                reward: 0.0,
            });
            let new = nodes.len() - 1;
            nodes[idx].children.push((m, new));
            idx = new;
            path.push(idx);
        }
        // Playout.
        let mut st = nodes[idx].state.clone();
        let mut plies = 0u32;
        while !game.is_terminal(&st) {
            let moves = game.moves(&st);
            let m = moves[uniform_below(rng, moves.len() as u64) as usize];
            st = game.play(&st, m);
            plies += 1;
        }
        let r = game.utility(&st).signum() as f64; // for the side to move at the end
                                                   // Value for the side to move at the last path node.
        let mut v = if plies % 2 == 0 { r } else { -r };
        for &n in path.iter().rev() {
            nodes[n].visits += 1;
            nodes[n].reward += (1.0 - v) / 2.0;
            v = -v;
        }
    }
    let mut best: Option<(u32, f64, u8)> = None;
    for &(m, ch) in &nodes[0].children {
        let n = &nodes[ch];
        let mean = n.reward / n.visits as f64;
        if best.is_none_or(|(bv, bm, _)| n.visits > bv || (n.visits == bv && mean > bm)) {
            best = Some((n.visits, mean, m));
        }
    }
    best.expect("at least one iteration expands a root child").2
}

/// A minimax-perfect tic-tac-toe player: plays a uniformly random move (seeded, rejection
/// sampled) among those with the best win/draw/loss value.
pub struct PerfectPlayer {
    game: TicTacToe,
    oracle: Oracle<Board>,
}

impl Default for PerfectPlayer {
    fn default() -> Self {
        Self::new()
    }
}

impl PerfectPlayer {
    /// Solve tic-tac-toe (win/draw/loss, index order) once.
    pub fn new() -> Self {
        let game = TicTacToe::new();
        let mut oracle = Oracle::new();
        oracle.value(&game, &game.root());
        PerfectPlayer { game, oracle }
    }
    /// The moves with the best value at `s`, in index order.
    pub fn optimal_moves(&self, s: &Board) -> Vec<u8> {
        let vals: Vec<(u8, i32)> = self
            .game
            .moves(s)
            .into_iter()
            .map(|m| {
                (
                    m,
                    -self
                        .oracle
                        .known(&self.game, &self.game.play(s, m))
                        .expect("solved"),
                )
            })
            .collect();
        let best = vals.iter().map(|&(_, v)| v).max().expect("non-terminal");
        vals.into_iter()
            .filter(|&(_, v)| v == best)
            .map(|(m, _)| m)
            .collect()
    }
    /// Pick one optimal move uniformly at random.
    pub fn choose<R: RngCore>(&self, s: &Board, rng: &mut R) -> u8 {
        let opt = self.optimal_moves(s);
        opt[uniform_below(rng, opt.len() as u64) as usize]
    }
}

/// How a game ended for UCT.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// UCT won (never happens against perfect play).
    Win,
    /// Draw.
    Draw,
    /// UCT lost.
    Loss,
}

/// Seed of the UCT match generator: game `(budget, side, game)` uses
/// `ChaCha8Rng::seed_from_u64(UCT_SEED)` on stream `budget << 32 | side << 16 | game`
/// (side 0 = UCT moves first as X, 1 = UCT moves second as O). Both players draw from it.
pub const UCT_SEED: u64 = 2024;

/// The stream of one match game (see [`UCT_SEED`]).
pub fn game_stream(budget: u32, side: u8, game: u32) -> u64 {
    ((budget as u64) << 32) | ((side as u64) << 16) | game as u64
}

/// Play one game of UCT (`budget` iterations per move) against the perfect player.
pub fn play_game(perfect: &PerfectPlayer, budget: u32, side: u8, game_no: u32) -> Outcome {
    let ttt = TicTacToe::new();
    let mut rng = ChaCha8Rng::seed_from_u64(UCT_SEED);
    rng.set_stream(game_stream(budget, side, game_no));
    let mut s = ttt.root();
    let mut uct_to_move = side == 0;
    while !ttt.is_terminal(&s) {
        let m = if uct_to_move {
            uct_move(&ttt, &s, budget, C_SQRT2, &mut rng)
        } else {
            perfect.choose(&s, &mut rng)
        };
        s = ttt.play(&s, m);
        uct_to_move = !uct_to_move;
    }
    if !s.last_mover_won() {
        Outcome::Draw
    } else if uct_to_move {
        Outcome::Loss // the side to move at a won position lost
    } else {
        Outcome::Win
    }
}

/// Losses of UCT per budget: `losses[i] = [moving first, moving second]` for `budgets[i]`, out of
/// `games` games each. Games run in parallel on `std::thread::scope` threads (one per available
/// core); the result does not depend on the thread count.
pub fn uct_losses(budgets: &[u32], games: u32) -> Vec<[u32; 2]> {
    let perfect = PerfectPlayer::new();
    let tasks: Vec<(usize, u8, u32)> = (0..budgets.len())
        .flat_map(|b| (0..2u8).flat_map(move |side| (0..games).map(move |g| (b, side, g))))
        .collect();
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .max(1);
    let mut losses = vec![[0u32; 2]; budgets.len()];
    let results: Vec<Vec<(usize, u8, Outcome)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (tasks, perfect) = (&tasks, &perfect);
                scope.spawn(move || {
                    tasks
                        .iter()
                        .skip(t)
                        .step_by(threads)
                        .map(|&(b, side, g)| (b, side, play_game(perfect, budgets[b], side, g)))
                        .collect()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("worker panicked"))
            .collect()
    });
    for (b, side, o) in results.into_iter().flatten() {
        if o == Outcome::Loss {
            losses[b][side as usize] += 1;
        }
    }
    losses
}
