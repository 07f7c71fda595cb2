//! Small Go boards (side 1 to 5) as bit sets, and Benson's unconditional life on them.
//!
//! A board of side `n` is two `u32` sets of points, bit `r * n + c` the point of row `r` (0 at
//! the bottom, GTP's row 1) and column `c` (0: `A`). [`Geom`] holds the masks of the side.
//!
//! **Benson's algorithm** ([`pass_alive`]): the chains of one colour `C`, and the `C`-enclosed
//! regions (maximal connected sets of points that hold no `C` stone: empty points and opponent
//! stones). A region is *vital* to a chain when every empty point of the region is a liberty of
//! the chain (and it has an empty point). Repeat until nothing changes: drop every chain with
//! fewer than two vital regions among the regions kept; drop every region one of whose
//! bordering `C` stones belongs to a dropped chain. The chains left are *pass-alive*: no
//! sequence of opponent moves captures any of them while `C` passes every turn (Benson 1976),
//! whatever the ko or suicide rule (a rule that forbids moves only shrinks the opponent's
//! choice). The regions left are the chains' vital regions ([`Life::regions`]).
//!
//! A kept region of one point ([`Life::eyes`]) is an empty point all of whose neighbours are
//! stones of pass-alive chains: the opponent can never play there (the stone would have no
//! liberty and capture nothing, the chains around having another liberty: they are never
//! captured), so the point stays `C`'s area as long as `C` does not fill it.

/// The masks of a board of side `n` (1 to 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geom {
    /// The side.
    pub n: u32,
    /// Every point.
    pub full: u32,
    /// The points not in the last column (they have a neighbour to the right).
    not_right: u32,
    /// The points not in the first column.
    not_left: u32,
}

impl Geom {
    /// The board of side `n` (1 to 5).
    #[must_use]
    pub const fn new(n: u32) -> Self {
        assert!(n >= 1 && n <= 5, "a small board has side 1 to 5");
        let full = (1u32 << (n * n)) - 1;
        let (mut left, mut right, mut r) = (0u32, 0u32, 0);
        while r < n {
            left |= 1 << (r * n);
            right |= 1 << (r * n + n - 1);
            r += 1;
        }
        Geom {
            n,
            full,
            not_right: full & !right,
            not_left: full & !left,
        }
    }

    /// The points next to some point of `m` (not `m`'s own, unless they neighbour another).
    #[inline]
    #[must_use]
    pub fn nbrs(&self, m: u32) -> u32 {
        (((m & self.not_right) << 1) | ((m & self.not_left) >> 1) | (m << self.n) | (m >> self.n))
            & self.full
    }

    /// The connected part of `within` that holds `seed` (empty when `seed` is not in it).
    #[inline]
    #[must_use]
    pub fn flood(&self, seed: u32, within: u32) -> u32 {
        let mut x = seed & within;
        loop {
            let y = (x | self.nbrs(x)) & within;
            if y == x {
                return x;
            }
            x = y;
        }
    }

    /// The bit of row `r` (0 at the bottom) and column `c`.
    #[inline]
    #[must_use]
    pub const fn bit(&self, r: u32, c: u32) -> u32 {
        1 << (r * self.n + c)
    }

    /// Tromp-Taylor area of `own` minus that of `opp`: stones, and empty regions that reach
    /// only one colour.
    #[must_use]
    pub fn area(&self, own: u32, opp: u32) -> i32 {
        let empty = self.full & !(own | opp);
        let mut diff = own.count_ones() as i32 - opp.count_ones() as i32;
        let mut rest = empty;
        while rest != 0 {
            let region = self.flood(rest & rest.wrapping_neg(), empty);
            rest &= !region;
            let edge = self.nbrs(region);
            let size = region.count_ones() as i32;
            match (edge & own != 0, edge & opp != 0) {
                (true, false) => diff += size,
                (false, true) => diff -= size,
                _ => {}
            }
        }
        diff
    }

    /// The stones after the side with stones `own` plays the empty point `p` (a bit) against
    /// `opp`: `(own, opp)` with the captured stones removed, or `None` for suicide (the stone
    /// would capture nothing and have no liberty). `p` must be empty.
    #[inline]
    #[must_use]
    pub fn play(&self, own: u32, opp: u32, p: u32) -> Option<(u32, u32)> {
        let own = own | p;
        let empty = self.full & !(own | opp);
        let mut adj = self.nbrs(p) & opp;
        let mut opp2 = opp;
        while adj != 0 {
            let chain = self.flood(adj & adj.wrapping_neg(), opp);
            adj &= !chain;
            if self.nbrs(chain) & empty == 0 {
                opp2 &= !chain;
            }
        }
        let empty = self.full & !(own | opp2);
        (opp2 != opp || self.nbrs(self.flood(p, own)) & empty != 0).then_some((own, opp2))
    }

    /// The last liberty of every chain in atari, both colours': where the side to move captures
    /// or escapes.
    #[must_use]
    pub fn atari_points(&self, own: u32, opp: u32) -> u32 {
        let empty = self.full & !(own | opp);
        let (mut out, mut rest) = (0, opp | own);
        while rest != 0 {
            let seed = rest & rest.wrapping_neg();
            let chain = self.flood(seed, if seed & opp != 0 { opp } else { own });
            rest &= !chain;
            let libs = self.nbrs(chain) & empty;
            if libs.count_ones() == 1 {
                out |= libs;
            }
        }
        out
    }
}

/// Benson's verdict on one colour's stones ([`pass_alive`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Life {
    /// The stones of the pass-alive chains.
    pub alive: u32,
    /// The points of the regions kept (the vital regions of the pass-alive chains).
    pub regions: u32,
    /// The kept regions of one (empty) point: points the opponent can never play.
    pub eyes: u32,
}

/// At most 13 chains (or regions) fit a 5x5 board; 16 leave room.
const MOST: usize = 16;

/// The connected parts of `set`, in `out`; their number.
fn parts(g: &Geom, set: u32, out: &mut [u32; MOST]) -> usize {
    let (mut k, mut rest) = (0, set);
    while rest != 0 {
        let part = g.flood(rest & rest.wrapping_neg(), set);
        rest &= !part;
        out[k] = part;
        k += 1;
    }
    k
}

/// Benson's unconditional life of the chains of `own` against the stones `opp`: the
/// pass-alive chains, their vital regions and the eyes among them (see the module).
#[must_use]
pub fn pass_alive(g: &Geom, own: u32, opp: u32) -> Life {
    let empty = g.full & !(own | opp);
    let (mut chains, mut regions) = ([0u32; MOST], [0u32; MOST]);
    let nc = parts(g, own, &mut chains);
    let nr = parts(g, g.full & !own, &mut regions);
    // vital[i]: the regions (as bits of indices) vital to chain i
    let mut vital = [0u16; MOST];
    for i in 0..nc {
        let libs = g.nbrs(chains[i]) & empty;
        for (j, r) in regions[..nr].iter().enumerate() {
            let e = r & empty;
            if e != 0 && e & !libs == 0 {
                vital[i] |= 1 << j;
            }
        }
    }
    let (mut chain_set, mut region_set) = ((1u32 << nc) - 1, (1u32 << nr) - 1);
    loop {
        let mut changed = false;
        for (i, v) in vital[..nc].iter().enumerate() {
            if chain_set >> i & 1 == 1 && (u32::from(*v) & region_set).count_ones() < 2 {
                chain_set &= !(1 << i);
                changed = true;
            }
        }
        let alive = (0..nc)
            .filter(|i| chain_set >> i & 1 == 1)
            .fold(0, |a, i| a | chains[i]);
        let dead = own & !alive;
        for (j, r) in regions[..nr].iter().enumerate() {
            if region_set >> j & 1 == 1 && g.nbrs(*r) & dead != 0 {
                region_set &= !(1 << j);
                changed = true;
            }
        }
        if !changed {
            let mut life = Life {
                alive,
                ..Life::default()
            };
            for (j, &r) in regions[..nr].iter().enumerate() {
                if region_set >> j & 1 == 1 && alive != 0 {
                    life.regions |= r;
                    if r.count_ones() == 1 && r & empty != 0 {
                        life.eyes |= r;
                    }
                }
            }
            return life;
        }
    }
}

#[cfg(test)]
#[path = "benson_tests.rs"]
mod tests;
