//! Seeded uniform random trees, for the textbook baselines.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use std::ops::RangeInclusive;

use super::{uniform_below, Game};

/// The shape of a uniform random tree: which positions exist (the leaf seed only decides their
/// values).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TreeShape {
    /// Branching factor (2..=9).
    pub branching: u8,
    /// Depth (1..=20).
    pub depth: u8,
}

impl TreeShape {
    /// Supported branching factors (one move character `'1'..='9'` per child).
    pub const BRANCHING: RangeInclusive<u8> = 2..=9;
    /// Supported depths (so `b^d` fits in a `u64` for every `b ≤ 9`).
    pub const DEPTH: RangeInclusive<u8> = 1..=20;
}

/// Half-width of the leaf value range: leaves are uniform integers in `[−LEAF_RANGE, LEAF_RANGE]`.
pub const LEAF_RANGE: i64 = 1_000_000_000;

/// A uniform tree of branching `b` and depth `d` whose leaf values are i.i.d. uniform integers in
/// `[−LEAF_RANGE, LEAF_RANGE]`, read from the point of view of the side to move at the leaf.
///
/// The tree is never stored. A node is `(depth, index)` where `index` is the path read as a
/// base-`b` number (child `m` of `(k, i)` is `(k + 1, i·b + m)`), so the leaves are numbered
/// `0..b^d` left to right. Leaf `i`'s value is the first rejection-sampled draw from
/// `ChaCha8Rng::seed_from_u64(seed)` switched to stream `i` (`set_stream(i)`): every leaf has its
/// own independent ChaCha stream, so values depend only on `(seed, path)`, not on visit order.
/// With ~2·10⁹ possible values, ties among the few leaves that decide a search are negligible.
#[derive(Debug, Clone)]
pub struct RandomTree {
    b: u8,
    d: u8,
    seed: u64,
    base: ChaCha8Rng,
}

/// A node of a [`RandomTree`]: its depth and its index among the nodes of that depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TreeNode {
    /// Distance from the root.
    pub depth: u8,
    /// The path from the root read as a base-`b` number.
    pub index: u64,
}

impl RandomTree {
    /// Largest supported depth (so `b^d` fits in a `u64` for every `b ≤ 9`).
    pub const MAX_DEPTH: u8 = *TreeShape::DEPTH.end();

    /// A tree with branching `b` (2..=9), depth `d` (1..=20) and leaf seed `seed`.
    pub fn new(b: u8, d: u8, seed: u64) -> Result<Self, String> {
        if !TreeShape::BRANCHING.contains(&b) {
            return Err(format!("branching b={b} out of range 2..=9"));
        }
        if !TreeShape::DEPTH.contains(&d) {
            return Err(format!("depth d={d} out of range 1..={}", Self::MAX_DEPTH));
        }
        Ok(RandomTree {
            b,
            d,
            seed,
            base: ChaCha8Rng::seed_from_u64(seed),
        })
    }
    /// Branching factor.
    pub fn branching(&self) -> u8 {
        self.b
    }
    /// Depth (leaves are at this distance from the root).
    pub fn depth(&self) -> u8 {
        self.d
    }
    /// Branching and depth.
    pub fn shape(&self) -> TreeShape {
        TreeShape {
            branching: self.b,
            depth: self.d,
        }
    }
    /// Seed of the leaf values.
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// Number of leaves, `b^d`.
    pub fn leaves(&self) -> u64 {
        (self.b as u64).pow(self.d as u32)
    }
    /// The value of leaf `index` (0-based, left to right), from the side to move at the leaf.
    pub fn leaf_value(&self, index: u64) -> i32 {
        let mut rng = self.base.clone();
        rng.set_stream(index);
        let span = (2 * LEAF_RANGE + 1) as u64;
        (uniform_below(&mut rng, span) as i64 - LEAF_RANGE) as i32
    }
}

impl Game for RandomTree {
    type State = TreeNode;

    fn root(&self) -> TreeNode {
        TreeNode { depth: 0, index: 0 }
    }

    fn moves(&self, s: &TreeNode) -> Vec<u8> {
        if s.depth >= self.d {
            Vec::new()
        } else {
            (0..self.b).collect()
        }
    }

    fn play(&self, s: &TreeNode, m: u8) -> TreeNode {
        TreeNode {
            depth: s.depth + 1,
            index: s.index * self.b as u64 + m as u64,
        }
    }

    fn is_terminal(&self, s: &TreeNode) -> bool {
        s.depth >= self.d
    }

    fn utility(&self, s: &TreeNode) -> i32 {
        self.leaf_value(s.index)
    }
}
