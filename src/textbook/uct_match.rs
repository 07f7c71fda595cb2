//! The seeded, parallel tic-tac-toe match of UCT against a minimax-perfect player, for the
//! report's UCT table.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::engine::textbook::search::Oracle;
use crate::engine::textbook::uct::{uct_move, C_SQRT2};
use crate::game::{uniform_below, Board, Game, TicTacToe};

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
