//! The score convention and its conversion to plies left.
//!
//! A score is seen from the side to move: 0 a draw, positive a win, negative a loss. A win with
//! the winner's `k`-th stone scores `(W·H + 2)/2 − k`; with `n` stones on the board an immediate
//! win scores `(W·H + 1 − n)/2`. Plies left (stones still to be played under perfect play) follow
//! a parity rule: a win for the side to move ends after an odd number of plies, a loss after an
//! even one, and a draw fills the board.
//!
//! Worked examples on 7×6 (Pons' solver agrees): `4453` → −2, `4455` → 18, `44455554221` → −15,
//! the empty board → 1 (the first player wins with its 21st stone, at ply 41).

/// Score of an immediate win for the side to move with `n` stones on a board of `cells` cells.
#[inline]
#[must_use]
pub const fn immediate_win_score(cells: u32, n: u32) -> i32 {
    ((cells + 1 - n) / 2) as i32
}

/// Plies until the game ends under perfect play, for a score `score` of a position with `n`
/// stones on a board of `cells` cells. A draw fills the board (`cells − n` plies).
///
/// Winning with the `k`-th stone, `k = (cells + 2)/2 − |score|`: the side to move has placed
/// `⌊n/2⌋` stones, so a win takes `2(k − ⌊n/2⌋) − 1` plies; a loss (the opponent has `⌈n/2⌉`
/// stones) takes `2(k − ⌈n/2⌉)`.
#[must_use]
pub const fn score_to_moves_left(cells: u32, n: u32, score: i32) -> u32 {
    let left = cells - n;
    if score == 0 {
        return left;
    }
    let k = (cells as i32 + 2) / 2 - score.abs();
    let plies = if score > 0 {
        2 * (k - (n as i32) / 2) - 1
    } else {
        2 * (k - (n as i32 + 1) / 2)
    };
    plies as u32
}

/// The inverse of [`score_to_moves_left`] where it is defined: the score of a game that ends
/// `plies` plies from a position with `n` stones, won by the side that moves last if `decisive`.
/// `None` when the numbers do not describe a game end (more plies than cells left).
#[must_use]
pub const fn moves_left_to_score(cells: u32, n: u32, plies: u32, decisive: bool) -> Option<i32> {
    let left = cells - n;
    if plies > left || plies == 0 && decisive {
        return None;
    }
    if !decisive {
        return if plies == left { Some(0) } else { None };
    }
    // The last stone is placed by the side to move if `plies` is odd.
    let last = n + plies; // stones on the board after the winning move
    let k = (last + 1) / 2; // the winner's stone count (stones alternate from the first player)
    let s = (cells as i32 + 2) / 2 - k as i32;
    Some(if plies % 2 == 1 { s } else { -s })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// BitBully's `scoreToMovesLeft`, transcribed from its documented formula, for 7×6.
    fn bitbully(n: u32, s: i32) -> u32 {
        let left = 42 - n;
        if s == 0 {
            return left;
        }
        let p = (left + 1) % 2;
        let fin = 2 * (s.unsigned_abs() - 1) + (((s < 0) as u32) ^ p);
        left - fin
    }

    #[test]
    fn empty_board_examples() {
        assert_eq!(score_to_moves_left(42, 0, 1), 41);
        assert_eq!(score_to_moves_left(42, 0, -1), 42);
        assert_eq!(score_to_moves_left(42, 0, 0), 42);
        assert_eq!(score_to_moves_left(42, 0, 21), 1);
        assert_eq!(immediate_win_score(42, 0), 21);
        assert_eq!(immediate_win_score(42, 41), 1);
    }

    #[test]
    fn agrees_with_bitbully_and_inverts() {
        for n in 0..42u32 {
            let left = 42 - n;
            for s in -21..=21i32 {
                // only scores reachable from n stones
                let max = immediate_win_score(42, n);
                if s > max || -s > immediate_win_score(42, n + 1) {
                    continue;
                }
                let m = score_to_moves_left(42, n, s);
                assert_eq!(m, bitbully(n, s), "n={n} s={s}");
                assert!(m <= left);
                if s > 0 {
                    assert_eq!(m % 2, 1, "win ends on an odd ply");
                } else if s < 0 {
                    assert_eq!(m % 2, 0, "loss ends on an even ply");
                }
                if s != 0 {
                    assert_eq!(moves_left_to_score(42, n, m, true), Some(s), "n={n} s={s}");
                }
            }
        }
    }
}
