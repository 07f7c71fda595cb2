//! UCT (UCB1 applied to trees) with uniformly random playouts.

use rand_core::RngCore;

use crate::game::{uniform_below, Game};

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
