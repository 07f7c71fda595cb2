//! The eight symmetries of a small square board ([`super::benson::Geom`]'s bits: row-major,
//! side 2 to 5) by table lookup, a byte at a time: what [`super::exact`] keys its table on.

/// The symmetries of the square of side `n`: symmetry `t` maps point `(r, c)` to
/// [`image`]`(t, n, r, c)`.
pub struct Sym {
    /// `bytes[t][k][v]`: the image under `t` of the points `v` of byte `k`.
    bytes: Box<[[[u32; 256]; 4]; 8]>,
    /// `points[t][p]`: the image of point `p` under `t`.
    points: [[u8; 25]; 8],
    /// `undo[t]`: the symmetry that maps `t`'s images back.
    undo: [u8; 8],
}

/// The image of `(r, c)` under symmetry `t` of the square of side `n`: bit 2 transposes, then
/// bit 0 mirrors the columns and bit 1 the rows.
const fn image(t: usize, n: u32, r: u32, c: u32) -> (u32, u32) {
    let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
    let c = if t & 1 != 0 { n - 1 - c } else { c };
    let r = if t & 2 != 0 { n - 1 - r } else { r };
    (r, c)
}

impl Sym {
    /// The tables of side `n` (2 to 5).
    #[must_use]
    pub fn new(n: u32) -> Self {
        let mut points = [[0u8; 25]; 8];
        for (t, row) in points.iter_mut().enumerate() {
            for p in 0..n * n {
                let (r, c) = image(t, n, p / n, p % n);
                row[p as usize] = (r * n + c) as u8;
            }
        }
        let mut bytes = Box::new([[[0u32; 256]; 4]; 8]);
        for t in 0..8 {
            for k in 0..4 {
                for v in 0..256usize {
                    let mut img = 0u32;
                    for bit in 0..8 {
                        let p = k * 8 + bit;
                        if v >> bit & 1 != 0 && p < (n * n) as usize {
                            img |= 1 << points[t][p];
                        }
                    }
                    bytes[t][k][v] = img;
                }
            }
        }
        let undo = std::array::from_fn(|t| {
            (0..8)
                .find(|&u| {
                    (0..n * n).all(|p| points[u][points[t][p as usize] as usize] as u32 == p)
                })
                .expect("every symmetry has an inverse") as u8
        });
        Sym {
            bytes,
            points,
            undo,
        }
    }

    /// The image of the point set `m` under symmetry `t`.
    #[inline]
    #[must_use]
    pub fn apply(&self, t: usize, m: u32) -> u32 {
        let b = &self.bytes[t];
        b[0][(m & 255) as usize]
            | b[1][(m >> 8 & 255) as usize]
            | b[2][(m >> 16 & 255) as usize]
            | b[3][(m >> 24) as usize]
    }

    /// The least image of board `key` (`black | white << 32`) under the eight symmetries, and
    /// the symmetry that gives it: one member of the class for every one of its boards.
    #[inline]
    #[must_use]
    pub fn canon(&self, key: u64) -> (u64, u8) {
        let (b, w) = (key as u32, (key >> 32) as u32);
        let mut best = (key, 0u8);
        for t in 1..8 {
            let img = u64::from(self.apply(t, b)) | u64::from(self.apply(t, w)) << 32;
            if img < best.0 {
                best = (img, t as u8);
            }
        }
        best
    }

    /// The image of point `p` under symmetry `t`.
    #[inline]
    #[must_use]
    pub fn point(&self, t: u8, p: u8) -> u8 {
        self.points[t as usize][p as usize]
    }

    /// The point whose image under symmetry `t` is `p`.
    #[inline]
    #[must_use]
    pub fn point_back(&self, t: u8, p: u8) -> u8 {
        self.points[self.undo[t as usize] as usize][p as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::super::benson::Geom;
    use super::*;

    #[test]
    fn symmetries_map_the_board_onto_itself_and_back() {
        for n in 2..=5 {
            let (g, s) = (Geom::new(n), Sym::new(n));
            let mut images = std::collections::HashSet::new();
            for t in 0..8u8 {
                let t2 = t as usize;
                images.insert((s.apply(t2, g.bit(0, 0)), s.apply(t2, g.bit(0, 1))));
                for p in 0..(n * n) as u8 {
                    assert_eq!(s.point_back(t, s.point(t, p)), p);
                    let one = s.apply(t as usize, 1 << p);
                    assert_eq!(one, 1 << s.point(t, p));
                    // neighbours stay neighbours
                    let img = s.apply(t as usize, g.nbrs(1 << p));
                    assert_eq!(img, g.nbrs(one), "n {n} t {t} p {p}");
                }
            }
            // a corner and its neighbour in two colours have 8 distinct images
            assert_eq!(images.len(), 8, "n {n}");
            let key = u64::from(g.bit(0, 0)) | u64::from(g.bit(1, n - 1)) << 32;
            let (c, t) = s.canon(key);
            let back = |m: u32| s.apply(s.undo[t as usize] as usize, m);
            assert_eq!(
                u64::from(back(c as u32)) | u64::from(back((c >> 32) as u32)) << 32,
                key
            );
        }
    }
}
