//! Move ordering: a fixed array sorted by insertion, popped best first.
//!
//! At most `W` moves are candidates at a node, so an insertion sort into a stack array is the
//! cheapest sort there is: no allocation, and it is stable, which is what makes the centre-first
//! tie-break work (moves are added from the edges inwards, and among equal scores the one added
//! last comes out first).

use super::config::TieBreak;

/// Up to `W` moves with their ordering scores.
pub struct MoveSorter<const W: usize> {
    size: usize,
    entries: [(u64, u32); W],
}

impl<const W: usize> Default for MoveSorter<W> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const W: usize> MoveSorter<W> {
    /// An empty sorter.
    #[inline]
    #[must_use]
    pub const fn new() -> Self {
        Self {
            size: 0,
            entries: [(0, 0); W],
        }
    }

    /// Add a move; among equal scores the latest added is returned first.
    #[inline]
    pub fn add(&mut self, mv: u64, score: u32) {
        debug_assert!(self.size < W);
        let mut pos = self.size;
        self.size += 1;
        while pos > 0 && self.entries[pos - 1].1 > score {
            self.entries[pos] = self.entries[pos - 1];
            pos -= 1;
        }
        self.entries[pos] = (mv, score);
    }

    /// Remove and return the best remaining move.
    #[inline]
    pub fn pop(&mut self) -> Option<u64> {
        if self.size == 0 {
            None
        } else {
            self.size -= 1;
            Some(self.entries[self.size].0)
        }
    }

    /// Moves still in the sorter.
    #[inline]
    #[must_use]
    pub const fn len(&self) -> usize {
        self.size
    }

    /// Whether no move is left.
    #[inline]
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.size == 0
    }

    /// The remaining moves, best last.
    #[inline]
    #[must_use]
    pub fn as_slice(&self) -> &[(u64, u32)] {
        &self.entries[..self.size]
    }
}

/// What cutoffs taught the search, for the tie-breaks after the threat ordering
/// ([`TieBreak`]): the last move that cut off at each number of stones (killer), and a weight
/// per cell (history). Cleared with the table, so a solve does not depend on the ones before.
#[derive(Clone)]
pub struct Cutoffs {
    killers: [u64; 64],
    history: [u32; 64],
}

/// Largest history weight: it fills the low 20 bits of an ordering score.
const HISTORY_MAX: u32 = (1 << 20) - 1;

impl Cutoffs {
    /// Nothing learnt.
    #[must_use]
    pub const fn new() -> Self {
        Self {
            killers: [0; 64],
            history: [0; 64],
        }
    }

    /// The ordering score of `mv` (a one-bit move) with ordering score `score`, at a node with
    /// `stones` stones: `score` first, the tie-break among equal scores after it.
    #[inline(always)]
    #[must_use]
    pub fn score(&self, tiebreak: TieBreak, score: u32, mv: u64, stones: u32) -> u32 {
        match tiebreak {
            TieBreak::Centre => score,
            TieBreak::Killer => score * 2 + u32::from(self.killers[stones as usize] == mv),
            TieBreak::History => {
                (score << 20) | self.history[mv.trailing_zeros() as usize].min(HISTORY_MAX)
            }
        }
    }

    /// Remember that `mv` cut off at a node with `stones` stones and `left` empty cells.
    #[inline(always)]
    pub fn record(&mut self, tiebreak: TieBreak, mv: u64, stones: u32, left: u32) {
        match tiebreak {
            TieBreak::Centre => {}
            TieBreak::Killer => self.killers[stones as usize] = mv,
            TieBreak::History => {
                let h = &mut self.history[mv.trailing_zeros() as usize];
                *h += left;
                if *h > HISTORY_MAX {
                    // Age every cell alike: the order among them is kept.
                    self.history.iter_mut().for_each(|x| *x >>= 1);
                }
            }
        }
    }
}

impl Default for Cutoffs {
    fn default() -> Self {
        Self::new()
    }
}

/// Columns from the centre outwards (`3, 2, 4, 1, 5, 0, 6` for `W = 7`).
#[must_use]
pub const fn centre_first<const W: usize>() -> [usize; W] {
    let mut order = [0usize; W];
    let mut i = 0;
    while i < W {
        // W/2, then alternate left and right of it.
        let offset = (i + 1) / 2;
        order[i] = if i % 2 == 1 {
            W / 2 - offset
        } else {
            W / 2 + offset
        };
        if W % 2 == 0 {
            // even width: start just left of the middle
            order[i] = if i % 2 == 0 {
                (W - 1) / 2 - i / 2
            } else {
                W / 2 + i / 2
            };
        }
        i += 1;
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centre_order() {
        assert_eq!(centre_first::<7>(), [3, 2, 4, 1, 5, 0, 6]);
        assert_eq!(centre_first::<4>(), [1, 2, 0, 3]);
        assert_eq!(centre_first::<5>(), [2, 1, 3, 0, 4]);
    }

    #[test]
    fn stable_best_first() {
        let mut s = MoveSorter::<4>::new();
        s.add(1, 0);
        s.add(2, 5);
        s.add(3, 0);
        s.add(4, 5);
        assert_eq!(s.len(), 4);
        assert_eq!(s.pop(), Some(4));
        assert_eq!(s.pop(), Some(2));
        assert_eq!(s.pop(), Some(3));
        assert_eq!(s.pop(), Some(1));
        assert_eq!(s.pop(), None);
    }
}
