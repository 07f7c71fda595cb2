//! A fast hash for integer keys (FxHash's multiply-rotate), for maps whose keys no adversary
//! chooses: the analysis's positions, the brute-force oracle's memo. SipHash, the standard
//! map's default, cost the 6x4 brute-force test most of its time.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// FxHash's state: each word written is rotated in and multiplied.
#[derive(Default)]
pub struct Fx(u64);

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }
    fn write_u32(&mut self, v: u32) {
        self.write_u64(v.into());
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// A `HashMap` hashed with [`Fx`].
pub type FxHashMap<K, V> = HashMap<K, V, BuildHasherDefault<Fx>>;
