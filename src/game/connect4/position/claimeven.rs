//! Allis's claimeven rule as bounds on the score: at the first player's nodes
//! ([`Position::claimeven_ceiling`]) and one move ahead at the second player's
//! ([`Position::claimeven_floor_after`]).

use super::Position;

impl<const W: usize, const H: usize> Position<W, H> {
    /// An upper bound on the score of the side to move from Allis's claimeven rule, or `None`:
    /// with an even number of stones (the first player to move) on a board of even height, the
    /// second player can answer every move in the same column, on top of it, and take one
    /// playable even-row cell for each the first player takes; so it gets its stones and every
    /// empty even-row cell not playable now. If the first player's possible cells (the rest)
    /// hold no four, it cannot win: at best a draw (0); if besides the second player's hold a
    /// four, the second player wins, by the time that four's highest cell is filled
    /// ([`Self::claimeven_win_at_least`]: at best −1 for the first, a loss with the last
    /// stone, or lower for a four in the lower rows).
    #[inline]
    #[must_use]
    pub const fn claimeven_ceiling(&self) -> Option<i32> {
        if H % 2 != 0 || self.moves % 2 != 0 {
            return None;
        }
        let second = (self.current ^ self.mask) | self.claimed_by_follow_up();
        let first = Self::BOARD & !second;
        if Self::has_alignment(first) {
            None
        } else {
            Some(-Self::claimeven_win_at_least(second))
        }
    }

    /// The empty cells the player not to move gets by answering every move in the same column,
    /// on top of it: the empty even-row cells not playable now (even height).
    #[inline]
    #[must_use]
    const fn claimed_by_follow_up(&self) -> u64 {
        Self::BOARD & !self.mask & Self::EVEN_ROWS & !self.possible()
    }

    /// The second player's lowest score when it plays claimeven on its cells `second` and the
    /// first player cannot win: 0 without a four in `second`; with one, a win no later than
    /// when that four's highest cell is filled. The cells above it stay empty until then, so
    /// a four within the lowest `r` rows (`r` even) is complete by move `CELLS - (H - r)`, a
    /// win with the second player's stone `(CELLS - (H - r)) / 2`: a score of
    /// `(H - r + 2) / 2` (1 for a four anywhere, 2 within the lowest 4 rows of 6, 3 within 2).
    #[inline]
    #[must_use]
    const fn claimeven_win_at_least(second: u64) -> i32 {
        if !Self::has_alignment(second) {
            return 0;
        }
        let mut r = 2;
        while r < H {
            if Self::has_alignment(second & (Self::BOTTOM * ((1u64 << r) - 1))) {
                return ((H - r + 2) / 2) as i32;
            }
            r += 2;
        }
        1
    }

    /// The claimeven rule one move ahead, for the second player to move (an odd number of
    /// stones, even height): a lower bound on the side to move's score, the best over the
    /// children reached by `moves` (one bit each) of their [`Self::claimeven_ceiling`]
    /// negated, or `None` when no child has one. After our move `mv` the first player's possible cells are
    /// ours now less `mv`, plus the cell above `mv` if it is on an even row (playable in the
    /// child, claimed by us before): the union and the intersection of these over `moves`
    /// settle most nodes without a child's own test.
    #[inline]
    #[must_use]
    pub const fn claimeven_floor_after(&self, moves: u64) -> Option<i32> {
        if H % 2 != 0 || self.moves % 2 == 0 || moves == 0 {
            return None;
        }
        let first = Self::BOARD & !(self.current | self.claimed_by_follow_up());
        if Self::has_alignment(first & !moves) {
            return None;
        }
        let mut best: Option<i32> = None;
        let mut next = moves;
        while next != 0 {
            let mv = next & next.wrapping_neg();
            next &= next - 1;
            let theirs = (first & !mv) | ((mv << 1) & Self::BOARD & Self::EVEN_ROWS);
            if !Self::has_alignment(theirs) {
                let floor = Self::claimeven_win_at_least(Self::BOARD & !theirs);
                best = match best {
                    Some(b) if b >= floor => Some(b),
                    _ => Some(floor),
                };
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::Position;

    /// [`super::Position::claimeven_floor_after`] against playing each move and taking the child's
    /// [`super::Position::claimeven_ceiling`].
    fn claimeven_floor_equals_children<const W: usize, const H: usize>(cols: &[usize], pick: u64) {
        let mut p = Position::<W, H>::new();
        for &c in cols {
            let c = c % W;
            if !p.can_play(c) || p.is_winning_move(c) {
                continue;
            }
            p.play_col(c);
            for moves in [
                p.possible(),
                p.possible_non_losing_moves(),
                p.possible() & pick,
            ] {
                let mut want: Option<i32> = None;
                let mut next = moves;
                while next != 0 {
                    let mv = next & next.wrapping_neg();
                    next &= next - 1;
                    let mut child = p;
                    child.play(mv);
                    if let Some(c) = child.claimeven_ceiling() {
                        want = Some(want.map_or(-c, |w: i32| w.max(-c)));
                    }
                }
                if H % 2 != 0 || p.nb_moves() % 2 == 0 {
                    want = None;
                }
                assert_eq!(p.claimeven_floor_after(moves), want, "{W}x{H} {cols:?}");
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn claimeven_floor_after_equals_children(
            cols in proptest::collection::vec(0usize..7, 0..42),
            pick in proptest::prelude::any::<u64>(),
        ) {
            claimeven_floor_equals_children::<7, 6>(&cols, pick);
            claimeven_floor_equals_children::<6, 4>(&cols, pick);
            claimeven_floor_equals_children::<4, 4>(&cols, pick);
            claimeven_floor_equals_children::<7, 5>(&cols, pick);
        }
    }
}
