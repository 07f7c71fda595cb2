//! Ballard's regular *-minimax tree as a [`ChanceGame`]: MAX, chance, MIN, chance, ... to a
//! uniform depth, every decision node with the same number of moves, every chance node with
//! the same number of equally likely outcomes, and seeded random leaf values (Ballard 1983,
//! the trees of his Star1/Star2 figures).
//!
//! A chance node's outcomes all belong to one player, the opponent of the player who moved
//! into it (players alternate with chance events interspersed). The tree is never stored: a
//! node is `(level, index)` with `index` the path read in mixed radix (a move multiplies by
//! the branching, an outcome by the number of outcomes), like [`super::tree::RandomTree`].

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use super::chance::{ChanceGame, NodeKind, Outcomes, MAX_OUTCOMES};
use super::search::{MoveList, MAX_MOVES};
use super::uniform_below;

/// A node of a [`ChanceTree`]: plies from the root (decision and chance levels both count)
/// and its index among the nodes of that level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ChanceTreeNode {
    /// Levels from the root: even levels are decision nodes (MAX at 0, 4, 8, …; MIN at 2, 6,
    /// …), odd levels chance nodes; the leaves are at level `2 · depth`.
    pub level: u8,
    /// The path from the root in mixed radix.
    pub index: u64,
}

/// A regular *-minimax tree: `depth` moves (MAX and MIN alternating, MAX first), each followed
/// by a chance node of `outcomes` equally likely outcomes; `branching` moves a decision node.
///
/// Node values are uniform integers in `[−range, range]`, the first rejection-sampled draw from
/// `ChaCha8Rng::seed_from_u64(seed)` switched to stream [`ChanceGame::key`] of the node (as
/// [`super::tree::RandomTree`] draws its leaves): a leaf's is its utility, an inner decision
/// node's is its horizon value when a search stops above the leaves. Values depend only on
/// `(seed, node)`, not on the order nodes are visited.
#[derive(Debug, Clone)]
pub struct ChanceTree {
    branching: u8,
    outcomes: u8,
    depth: u8,
    range: i64,
    seed: u64,
    base: ChaCha8Rng,
}

/// Bits of the key that hold the level (so the largest depth is 15).
const LEVEL_BITS: u32 = 5;

impl ChanceTree {
    /// A tree of `branching` (2..=255, a byte within [`MAX_MOVES`]) moves and `outcomes` (2..=[`MAX_OUTCOMES`])
    /// outcomes a node, `depth` moves deep (1..=15), leaves in `[−range, range]` (`range ≥ 1`),
    /// leaf seed `seed`; refused if its nodes do not fit the 59 bits of an index.
    pub fn new(
        branching: u8,
        outcomes: u8,
        depth: u8,
        range: i64,
        seed: u64,
    ) -> Result<Self, String> {
        let most = MAX_MOVES.min(usize::from(u8::MAX));
        if !(2..=most).contains(&usize::from(branching)) {
            return Err(format!("branching {branching} out of range 2..={most}"));
        }
        if !(2..=MAX_OUTCOMES).contains(&usize::from(outcomes)) {
            return Err(format!(
                "outcomes {outcomes} out of range 2..={MAX_OUTCOMES}"
            ));
        }
        if !(1..=15).contains(&depth) {
            return Err(format!("depth {depth} out of range 1..=15"));
        }
        if range < 1 {
            return Err(format!("leaf range {range} must be at least 1"));
        }
        let fan = u64::from(branching) * u64::from(outcomes);
        match fan.checked_pow(u32::from(depth)) {
            Some(n) if n < 1 << (64 - LEVEL_BITS) => {}
            _ => return Err(format!("{fan}^{depth} nodes a level do not fit an index")),
        }
        Ok(ChanceTree {
            branching,
            outcomes,
            depth,
            range,
            seed,
            base: ChaCha8Rng::seed_from_u64(seed),
        })
    }

    /// The root: a MAX node.
    pub fn root(&self) -> ChanceTreeNode {
        ChanceTreeNode::default()
    }
    /// Moves a decision node.
    pub fn branching(&self) -> u8 {
        self.branching
    }
    /// Outcomes a chance node ([`ChanceGame::outcomes`] lists them).
    pub fn outcome_count(&self) -> u8 {
        self.outcomes
    }
    /// Moves from the root to a leaf.
    pub fn depth(&self) -> u8 {
        self.depth
    }
    /// The seed of the node values.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The value drawn for node `s` (see [`ChanceTree`]).
    pub fn value(&self, s: &ChanceTreeNode) -> i64 {
        let mut rng = self.base.clone();
        rng.set_stream(self.key(s));
        let span = 2 * self.range as u64 + 1;
        uniform_below(&mut rng, span) as i64 - self.range
    }
}

impl ChanceGame for ChanceTree {
    type State = ChanceTreeNode;
    type Move = u8;

    fn bounds(&self) -> (i64, i64) {
        (-self.range, self.range)
    }
    fn denominator(&self) -> u32 {
        u32::from(self.outcomes)
    }
    fn key(&self, s: &ChanceTreeNode) -> u64 {
        s.index << LEVEL_BITS | u64::from(s.level)
    }
    fn terminal(&self, s: &ChanceTreeNode) -> Option<i64> {
        (s.level >= 2 * self.depth).then(|| self.value(s))
    }
    fn node(&self, s: &ChanceTreeNode) -> NodeKind {
        match s.level % 4 {
            0 => NodeKind::Max,
            2 => NodeKind::Min,
            _ => NodeKind::Chance,
        }
    }
    fn evaluate(&self, s: &ChanceTreeNode) -> i64 {
        self.value(s)
    }
    fn moves(&self, _: &ChanceTreeNode, out: &mut MoveList<u8>) {
        for m in 0..self.branching {
            out.push(m);
        }
    }
    fn play(&self, s: &ChanceTreeNode, m: u8) -> ChanceTreeNode {
        ChanceTreeNode {
            level: s.level + 1,
            index: s.index * u64::from(self.branching) + u64::from(m),
        }
    }
    fn outcomes(&self, _: &ChanceTreeNode, out: &mut Outcomes) {
        for o in 0..self.outcomes {
            out.push(o, 1);
        }
    }
    fn resolve(&self, s: &ChanceTreeNode, o: u8) -> ChanceTreeNode {
        ChanceTreeNode {
            level: s.level + 1,
            index: s.index * u64::from(self.outcomes) + u64::from(o),
        }
    }
    fn move_text(&self, m: u8) -> String {
        m.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_alternate_and_a_chance_node_has_one_players_children() {
        let t = ChanceTree::new(3, 4, 3, 50, 9).unwrap();
        let mut s = t.root();
        let mut kinds = Vec::new();
        while t.terminal(&s).is_none() {
            kinds.push(t.node(&s));
            if t.node(&s) == NodeKind::Chance {
                let kids: Vec<_> = (0..4).map(|o| t.node(&t.resolve(&s, o))).collect();
                assert!(kids.iter().all(|&k| k == kids[0] && k != NodeKind::Chance));
                assert_ne!(Some(kids[0]), kinds.iter().rev().nth(1).copied());
                s = t.resolve(&s, 3);
            } else {
                s = t.play(&s, 2);
            }
        }
        use NodeKind::{Chance as C, Max, Min};
        assert_eq!(kinds, [Max, C, Min, C, Max, C]);
        assert_eq!(s.level, 6);
        assert!((-50..=50).contains(&t.terminal(&s).unwrap()));
    }

    #[test]
    fn values_depend_on_the_seed_and_node_only_and_keys_differ() {
        let a = ChanceTree::new(2, 2, 4, 1000, 1).unwrap();
        let b = ChanceTree::new(2, 2, 4, 1000, 2).unwrap();
        let leaves = |t: &ChanceTree| -> Vec<i64> {
            (0..256)
                .map(|i| t.value(&ChanceTreeNode { level: 8, index: i }))
                .collect()
        };
        assert_eq!(leaves(&a), leaves(&a.clone()));
        assert_ne!(leaves(&a), leaves(&b));
        let root = a.root();
        assert_ne!(a.key(&a.play(&root, 1)), a.key(&root));
        assert_ne!(
            a.key(&a.play(&root, 0)),
            a.key(&a.resolve(&a.play(&root, 0), 0))
        );
        assert!(ChanceTree::new(16, 16, 8, 1, 0).is_err(), "256^8 nodes");
        assert!(ChanceTree::new(1, 2, 2, 1, 0).is_err());
    }
}
