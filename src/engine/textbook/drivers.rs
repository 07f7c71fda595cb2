//! The drivers the literature compares, on the textbook games: NegaScout / PVS, MT-SSS* and
//! MT-DUAL* (MTD from `+∞` / `−∞` over the bound table, Plaat et al. 1996), and Stockman's
//! original SSS* with its OPEN list.
//!
//! All of them count nodes and leaves by the conventions of the [module root](super) and feed the
//! searcher's leaf log ([`AlphaBeta::leaf_log`]), which is how the tests compare the *sets* of
//! leaves the searches evaluate (Stockman's theorem: SSS* ⊆ alpha-beta; Plaat et al.: MT-SSS* =
//! SSS*).

use std::cmp::Reverse;
use std::collections::BTreeMap;

use crate::game::Game;

use super::search::{mtdf, AlphaBeta, Mtdf, Stats, INF};

impl<G: Game> AlphaBeta<G> {
    /// NegaScout / principal-variation search of `s` with window `(alpha, beta)`, fail-soft: the
    /// first child gets the full window, every later one a null-window scout `(α, α+1)` and, if
    /// that fails high inside the window, a re-search with `(α, β)` (skipped when the child is
    /// terminal: its scout value is exact). Uses the searcher's order and table like
    /// [`AlphaBeta::search`].
    pub fn pvs(&mut self, s: &G::State, alpha: i32, beta: i32) -> i32 {
        if let Some(v) = self.enter(s) {
            return v;
        }
        let (mut alpha, beta) = match self.lookup(s, alpha, beta) {
            Ok(v) => return v,
            Err(w) => w,
        };
        let (a0, b0) = (alpha, beta);
        let mut best = -INF;
        for (i, m) in self.ordered_moves(s).into_iter().enumerate() {
            let child = self.game().play(s, m);
            let v = if i == 0 {
                -self.pvs(&child, -beta, -alpha)
            } else {
                let v = -self.pvs(&child, -alpha - 1, -alpha);
                if alpha < v && v < beta && !self.game().is_terminal(&child) {
                    self.stats.researches += 1;
                    -self.pvs(&child, -beta, -alpha)
                } else {
                    v
                }
            };
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        self.stats.cutoff(i);
                        break;
                    }
                }
            }
        }
        self.store(s, best, a0, b0);
        best
    }
}

/// MT-SSS*: MTD from `+∞` (every pass `(γ−1, γ)` with `γ` the last upper bound), which Plaat et
/// al. (1996) proved evaluates the same leaves as Stockman's SSS* given a bound table large
/// enough to keep every entry (ours is unlimited).
pub fn mt_sss<G: Game>(ab: &mut AlphaBeta<G>, s: &G::State) -> Mtdf {
    mtdf(ab, s, INF)
}

/// MT-DUAL*: MTD from `−∞` (every pass raises the lower bound), the dual of [`mt_sss`].
pub fn mt_dual<G: Game>(ab: &mut AlphaBeta<G>, s: &G::State) -> Mtdf {
    mtdf(ab, s, -INF)
}

/// Whether an OPEN state's node is still being expanded (`Live`) or has its merit decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Live,
    Solved,
}

/// A node of the explicit tree classic SSS* grows.
struct Node<S> {
    state: S,
    /// Index of the parent in the arena (the root's is its own).
    parent: usize,
    /// Rank among the parent's children in the searcher's move order.
    rank: usize,
    /// Ranks from the root: OPEN keys order equal merits by it (lexicographically smaller =
    /// further left).
    path: Vec<u8>,
    /// MAX node (the root's side to move)?
    max: bool,
    /// Children in move order, filled when a MIN node is expanded (its brothers come one by one).
    moves: Vec<u8>,
}

/// Stockman's SSS* (1979) in its max/min formulation: the root is MAX, merits are from the root's
/// point of view (a leaf's negamax utility, negated at MIN leaves), OPEN holds `(node, status,
/// merit h)` and the state with the highest merit is expanded first, ties going to the leftmost
/// node (in the searcher's move order). The six Γ cases:
/// 1. LIVE leaf: SOLVED with merit `min(h, value)`;
/// 2. LIVE internal MAX node: all children LIVE with merit `h`;
/// 3. LIVE internal MIN node: its first child LIVE with merit `h`;
/// 4. SOLVED MIN node: its (MAX) parent SOLVED with merit `h`, every OPEN state below the parent
///    purged;
/// 5. SOLVED MAX node with a next brother: that brother LIVE with merit `h`;
/// 6. SOLVED MAX node, last brother: its (MIN) parent SOLVED with merit `h`.
///
/// The search stops when the root is SOLVED; its merit is the minimax value. Returns the negamax
/// value of `root` (= the MAX value) and the searcher's counters: a node is counted when its LIVE
/// state is expanded (once per node), a leaf when it is evaluated (logged if the leaf log is on).
/// The searcher's table is not used; its counters are zeroed first.
pub fn sss_classic<G: Game>(ab: &mut AlphaBeta<G>, root: &G::State) -> (i32, Stats) {
    ab.reset_stats();
    let mut arena = vec![Node {
        state: root.clone(),
        parent: 0,
        rank: 0,
        path: Vec::new(),
        max: true,
        moves: Vec::new(),
    }];
    let mut open: BTreeMap<(Reverse<i32>, Vec<u8>), (usize, Status)> = BTreeMap::new();
    let push = |open: &mut BTreeMap<_, _>, arena: &[Node<G::State>], id: usize, st, h: i32| {
        open.insert((Reverse(h), arena[id].path.clone()), (id, st));
    };
    push(&mut open, &arena, 0, Status::Live, INF);
    loop {
        let ((Reverse(h), _), (id, status)) = open.pop_first().expect("OPEN never empties");
        match status {
            Status::Live => {
                let state = arena[id].state.clone();
                if let Some(u) = ab.enter(&state) {
                    // Γ1.
                    let v = if arena[id].max { u } else { -u };
                    push(&mut open, &arena, id, Status::Solved, h.min(v));
                    continue;
                }
                let moves = ab.ordered_moves(&state);
                let take = if arena[id].max { moves.len() } else { 1 }; // Γ2 / Γ3
                for (rank, &m) in moves.iter().enumerate().take(take) {
                    let c = child(ab, &arena, id, rank, m);
                    arena.push(c);
                    push(&mut open, &arena, arena.len() - 1, Status::Live, h);
                }
                arena[id].moves = moves;
            }
            Status::Solved => {
                if id == 0 {
                    return (h, ab.stats);
                }
                let p = arena[id].parent;
                if !arena[id].max {
                    // Γ4: a MIN child solved at the highest merit solves its MAX parent.
                    let prefix = arena[p].path.clone();
                    open.retain(|(_, path), _| !path.starts_with(&prefix));
                    push(&mut open, &arena, p, Status::Solved, h);
                } else if arena[id].rank + 1 < arena[p].moves.len() {
                    // Γ5.
                    let rank = arena[id].rank + 1;
                    let c = child(ab, &arena, p, rank, arena[p].moves[rank]);
                    arena.push(c);
                    push(&mut open, &arena, arena.len() - 1, Status::Live, h);
                } else {
                    // Γ6.
                    push(&mut open, &arena, p, Status::Solved, h);
                }
            }
        }
    }
}

fn child<G: Game>(
    ab: &AlphaBeta<G>,
    arena: &[Node<G::State>],
    parent: usize,
    rank: usize,
    m: u8,
) -> Node<G::State> {
    let p = &arena[parent];
    let mut path = p.path.clone();
    path.push(rank as u8);
    Node {
        state: ab.game().play(&p.state, m),
        parent,
        rank,
        path,
        max: !p.max,
        moves: Vec::new(),
    }
}
