//! Connect-4 (7×6) as a [`SearchGame`]: the generic search core's drivers and its Monte Carlo
//! tree search on Connect-4 (`c4-DRIVER` engines), beside the specialised solver. Its depth-
//! limited searches and MCTS choose moves that the exact solver then judges (`treebench run` of
//! a quality experiment, match play).
//!
//! - **State**: a [`Position`]; **key**: its unique `current + mask` key (no collisions).
//! - **Values**: a finished game is worth `±(WIN + s)` for the side to move, `s` the score of
//!   Pons' convention (22 − k for a win with the winner's k-th stone); a draw 0; the horizon
//!   evaluation lies within `±EVAL_MAX` < `WIN`, so every value above `WIN` in magnitude is
//!   proven ([`SearchGame::proven`]), the rest is a heuristic. [`SearchGame::report`] gives a
//!   proven value in Pons' convention and leaves a heuristic one as it is.
//! - **Evaluation**: the side to move's threats (empty cells that would complete four) minus the
//!   opponent's, as the solver's `eval=threats`.
//! - **Order**: moves centre first; the hint (killers, history and PUCT's prior use it) is the
//!   number of threats a move makes, then closeness to the centre.

use super::Position;
use crate::game::search::{MoveList, SearchGame};

/// The board of the generic core's Connect-4.
pub type Board7x6 = Position<7, 6>;

/// Values beyond this are finished games: `WIN + s` with `s` Pons' score (1..=21).
pub const WIN: i32 = 100;
/// The largest horizon evaluation in magnitude.
pub const EVAL_MAX: i32 = WIN - 1;
/// Columns, centre first.
const ORDER: [u8; 7] = [3, 2, 4, 1, 5, 0, 6];

/// Connect-4 on 7×6 for the generic search core.
#[derive(Debug, Clone, Copy, Default)]
pub struct Connect4;

impl SearchGame for Connect4 {
    type State = Board7x6;
    type Move = u8;

    const BOUND: i32 = WIN + 22;
    const HISTORY_SIZE: usize = 7;

    fn parse(&self, text: &str) -> Result<Board7x6, String> {
        Board7x6::from_moves(text.trim()).map_err(|e| e.to_string())
    }

    #[inline]
    fn key(&self, s: &Board7x6) -> u64 {
        s.key()
    }

    #[inline]
    fn terminal(&self, s: &Board7x6, _ply: u32) -> Option<i32> {
        if s.last_mover_won() {
            // The side to move lost to the stone just played: the n-th stone of the game.
            let n = s.nb_moves() as i32;
            return Some(-(WIN + (44 - n) / 2));
        }
        (s.nb_moves() == Board7x6::CELLS).then_some(0)
    }

    fn moves(&self, s: &Board7x6, out: &mut MoveList<u8>) {
        for c in ORDER {
            if s.can_play(c as usize) {
                out.push(c);
            }
        }
    }

    #[inline]
    fn play(&self, s: &Board7x6, m: u8) -> Board7x6 {
        let mut p = *s;
        p.play_col(m as usize);
        p
    }

    #[inline]
    fn evaluate(&self, s: &Board7x6) -> i32 {
        let own = s.winning_position().count_ones() as i32;
        let theirs = s.opponent_winning_position().count_ones() as i32;
        (own - theirs).clamp(-EVAL_MAX, EVAL_MAX)
    }

    #[inline]
    fn order_hint(&self, s: &Board7x6, m: u8) -> i32 {
        let cell = (s.mask() + Board7x6::BOTTOM) & Board7x6::column_mask(m as usize);
        8 * s.move_score(cell) as i32 - (i32::from(m) - 3).abs()
    }

    fn move_index(&self, m: u8) -> usize {
        m as usize
    }

    fn report(&self, v: i32) -> i32 {
        self.proven(v).unwrap_or(v)
    }

    fn proven(&self, v: i32) -> Option<i32> {
        (v.abs() > WIN).then(|| v.signum() * (v.abs() - WIN))
    }

    fn move_text(&self, _s: &Board7x6, m: u8) -> String {
        char::from(b'1' + m).to_string()
    }

    fn parse_move(&self, s: &Board7x6, text: &str) -> Option<u8> {
        let [b] = text.as_bytes() else { return None };
        let c = b.checked_sub(b'1')?;
        ((c as usize) < 7 && s.can_play(c as usize)).then_some(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_follow_pons_convention() {
        let g = Connect4;
        // X has 1, 2, 3 on the bottom row and wins with column 4: the game's 7th stone, X's
        // 4th, so the side to move after it (O) lost with score -(22 - 4)
        let s = g.parse("112233").unwrap();
        assert_eq!(g.terminal(&s, 0), None);
        let after = g.play(&s, 3);
        assert_eq!(g.terminal(&after, 1), Some(-(WIN + 18)));
        assert_eq!(g.report(WIN + 18), 18);
        assert_eq!(g.report(-(WIN + 18)), -18);
        assert_eq!(g.proven(5), None);
        assert_eq!(g.report(5), 5);
        assert_eq!(g.parse_move(&s, "4"), Some(3));
        assert_eq!(g.parse_move(&s, "8"), None);
        assert_eq!(g.move_text(&s, 3), "4");
        let mut ms = MoveList::default();
        g.moves(&s, &mut ms);
        assert_eq!(ms.as_slice(), &ORDER);
    }
}
