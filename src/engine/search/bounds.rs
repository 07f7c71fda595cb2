//! The bounds a node's window takes before its children are searched: the score convention's
//! floor and ceiling (`clamp`) and Allis's claimeven rule (`evens`).

use super::{Moves, Mutant, Searcher, Window, MUTANT_BITS};
use crate::engine::tt::Tt;
use crate::game::connect4::Position;
use std::ops::ControlFlow;

impl<const W: usize, const H: usize, T: Tt> Searcher<W, H, T> {
    /// Step 4: narrow the window to the scores the convention allows.
    #[inline(always)]
    pub(super) fn clamp_window<const M: u8>(
        pos: &Position<W, H>,
        floor: i32,
        w: &mut Window,
    ) -> ControlFlow<i32> {
        if w.alpha < floor {
            w.alpha = floor;
            if w.alpha >= w.beta {
                return ControlFlow::Break(w.alpha);
            }
        }
        // We cannot win with the next stone: at best with the one after.
        let mut ceiling = (pos.cells_left() as i32 - 1) / 2;
        if M & MUTANT_BITS == Mutant::ClampCeiling as u8 {
            ceiling -= 1;
        }
        if w.beta > ceiling {
            w.beta = ceiling;
            if w.alpha >= w.beta {
                return ControlFlow::Break(w.beta);
            }
        }
        ControlFlow::Continue(())
    }

    /// Step 4b: lower beta to the claimeven rule's ceiling (first player to move, even height).
    #[inline(always)]
    pub(super) fn claimeven<const M: u8>(pos: &Position<W, H>, w: &mut Window) -> ControlFlow<i32> {
        let ceiling = if M & MUTANT_BITS == Mutant::ClaimevenPlayable as u8 {
            Self::claimeven_playable_mutant(pos)
        } else {
            pos.claimeven_ceiling()
        };
        if let Some(ceiling) = ceiling {
            if w.beta > ceiling {
                w.beta = ceiling;
                if w.alpha >= w.beta {
                    return ControlFlow::Break(w.beta);
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Step 4e (`evkids`, exact search, second player to move on a board of even height): a
    /// move after which the claimeven rule holds the first player to 0 or below scores at
    /// least 0 for us (1 to 3 on six rows when our claimed cells hold a four), so a beta at
    /// or below that ends the node before any child is searched. Looked for only where beta
    /// is at most 1: higher, a cut-off is rare and the look costs more than it spares.
    #[inline(always)]
    pub(super) fn claimeven_children(
        pos: &Position<W, H>,
        m: &Moves,
        w: &Window,
    ) -> ControlFlow<i32> {
        if w.beta <= 1 {
            if let Some(floor) = pos.claimeven_floor_after(m.next) {
                if floor >= w.beta {
                    return ControlFlow::Break(floor);
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Step 4c (`nofour`): a side that cannot make a four any more cannot win: beta drops to 0
    /// when it is the side to move, alpha rises to 0 when it is the opponent.
    #[inline(always)]
    pub(super) fn no_four(pos: &Position<W, H>, w: &mut Window) -> ControlFlow<i32> {
        if w.beta > 0 && !pos.can_still_win(true) {
            w.beta = 0;
            if w.alpha >= 0 {
                return ControlFlow::Break(0);
            }
        }
        if w.alpha < 0 && !pos.can_still_win(false) {
            w.alpha = 0;
            if w.beta <= 0 {
                return ControlFlow::Break(0);
            }
        }
        ControlFlow::Continue(())
    }

    /// Step 4d ([`SearchConfig::forced_wins`], before the table lookup): a child where the
    /// opponent has no move that does not leave us a win at once is a win with our second
    /// stone, the best score left (we cannot win with the next one); without such a child,
    /// beta drops to a win with our third stone. Looked for only where that ceiling is below
    /// beta: elsewhere a forced win fails high on the first child searched anyway. The node
    /// has at least three empty cells (move generation ends it otherwise).
    #[inline(always)]
    pub(super) fn forced_win(pos: &Position<W, H>, m: &Moves, w: &mut Window) -> ControlFlow<i32> {
        let left = pos.cells_left() as i32;
        debug_assert!(left >= 3);
        let ceiling = (left - 3) / 2;
        if w.beta <= ceiling {
            return ControlFlow::Continue(());
        }
        let mut next = m.next;
        while next != 0 {
            let mv = next & next.wrapping_neg();
            next &= next - 1;
            let ours = pos.winning_position_after(mv) & !mv;
            let mut child = *pos;
            child.play(mv);
            if child.non_losing_moves_given(ours) == 0 {
                return ControlFlow::Break((left - 1) / 2);
            }
        }
        w.beta = ceiling;
        if w.alpha >= w.beta {
            return ControlFlow::Break(w.beta);
        }
        ControlFlow::Continue(())
    }

    /// The claimeven rule broken on purpose ([`Mutant::ClaimevenPlayable`]): the even-row
    /// cells playable now go to the second player too.
    #[cold]
    fn claimeven_playable_mutant(pos: &Position<W, H>) -> Option<i32> {
        if H % 2 != 0 || pos.nb_moves() % 2 != 0 {
            return None;
        }
        let board = Position::<W, H>::BOARD;
        let empty = board & !pos.mask();
        let second = (pos.current() ^ pos.mask()) | (empty & Position::<W, H>::EVEN_ROWS);
        let first = board & !second;
        if Position::<W, H>::has_alignment(first) {
            None
        } else if Position::<W, H>::has_alignment(second) {
            Some(-1)
        } else {
            Some(0)
        }
    }
}
