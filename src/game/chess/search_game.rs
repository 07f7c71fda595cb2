//! Chess as a [`SearchGame`]: the in-process chess search of `engine::generic` on the same rules
//! crate (`cozy-chess`) as the UCI work.
//!
//! - **State**: a `cozy_chess::Board`; **key**: its Zobrist hash (kept incrementally by the crate).
//! - **Terminal**: checkmate (mated at ply `p` is `−(MATE − p)`, so shorter mates score higher),
//!   stalemate and insufficient material (0). Repetitions and the 50-move rule are *not* tested
//!   inside the search: they depend on the path (or a clock the key does not hold), and the
//!   fixed-depth value must be a function of the position for the table to be exact.
//! - **Evaluation**: [`super::eval`] (Michniewski's Simplified Evaluation Function).
//! - **Quiescence moves**: captures, en passant included.
//! - **Ordering hint**: captures by MVV-LVA (most valuable victim, then least valuable attacker),
//!   then promotions; **quiet moves** (killers, history) are the rest; history is indexed by
//!   `from·64 + to`.
//! - **Reported values**: mate distances in moves ([`super::encode_mate`]'s convention:
//!   `MATE − N` for mate in N), centipawns otherwise.

use cozy_chess::util::display_uci_move;
use cozy_chess::{BitBoard, Board, Move, Piece, Square};

use super::{eval, insufficient_material, ChessPosition, MATE};
use crate::game::search::{MoveList, SearchGame};

/// Values beyond this are mates (`MATE − plies`).
const MATE_ZONE: i32 = MATE - 1000;

/// A chess move with a `Default` (a1a1, never generated) for fixed move lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChessMove(pub Move);

impl Default for ChessMove {
    fn default() -> Self {
        ChessMove(Move {
            from: Square::A1,
            to: Square::A1,
            promotion: None,
        })
    }
}

/// Chess for the generic search core.
#[derive(Debug, Clone, Copy, Default)]
pub struct Chess;

/// The squares a move of `board`'s side captures on (the opponent's pieces, and the en-passant
/// square for pawns).
fn capture_targets(board: &Board, piece: Piece) -> BitBoard {
    let enemy = board.colors(!board.side_to_move());
    match (piece, board.en_passant()) {
        (Piece::Pawn, Some(file)) => {
            let rank = cozy_chess::Rank::Sixth.relative_to(board.side_to_move());
            enemy | Square::new(file, rank).bitboard()
        }
        _ => enemy,
    }
}

impl SearchGame for Chess {
    type State = Board;
    type Move = ChessMove;

    const BOUND: i32 = MATE + 1;
    const HISTORY_SIZE: usize = 64 * 64;

    fn parse(&self, text: &str) -> Result<Board, String> {
        ChessPosition::parse(text).map(|p| p.board().clone())
    }

    #[inline]
    fn key(&self, s: &Board) -> u64 {
        s.hash()
    }

    fn terminal(&self, s: &Board, ply: u32) -> Option<i32> {
        if !s.generate_moves(|_| true) {
            return Some(if s.checkers().is_empty() {
                0
            } else {
                -(MATE - ply as i32)
            });
        }
        insufficient_material(s).then_some(0)
    }

    fn moves(&self, s: &Board, out: &mut MoveList<ChessMove>) {
        s.generate_moves(|ms| {
            for m in ms {
                out.push(ChessMove(m));
            }
            false
        });
    }

    fn noisy_moves(&self, s: &Board, out: &mut MoveList<ChessMove>) {
        s.generate_moves(|mut ms| {
            ms.to &= capture_targets(s, ms.piece);
            for m in ms {
                out.push(ChessMove(m));
            }
            false
        });
    }

    #[inline]
    fn play(&self, s: &Board, m: ChessMove) -> Board {
        let mut b = s.clone();
        b.play_unchecked(m.0);
        b
    }

    #[inline]
    fn evaluate(&self, s: &Board) -> i32 {
        eval::evaluate(s)
    }

    fn order_hint(&self, s: &Board, m: ChessMove) -> i32 {
        let Some(attacker) = s.piece_on(m.0.from) else {
            return 0;
        };
        let promo = m.0.promotion.map_or(0, |p| eval::PIECE_VALUES[p as usize]);
        if s.colors(!s.side_to_move()).has(m.0.to) {
            let victim = s.piece_on(m.0.to).map_or(0, |p| p as i32 + 1);
            return 100_000 + 100 * victim - attacker as i32 + promo;
        }
        if attacker == Piece::Pawn && m.0.from.file() != m.0.to.file() {
            return 100_000 + 100 - Piece::Pawn as i32; // en passant: pawn takes pawn
        }
        promo * 10
    }

    fn is_quiet(&self, s: &Board, m: ChessMove) -> bool {
        m.0.promotion.is_none() && !capture_targets(s, Piece::Pawn).has(m.0.to)
    }

    #[inline]
    fn move_index(&self, m: ChessMove) -> usize {
        m.0.from as usize * 64 + m.0.to as usize
    }

    fn to_table(&self, v: i32, ply: u32) -> i32 {
        match v {
            v if v > MATE_ZONE => v + ply as i32,
            v if v < -MATE_ZONE => v - ply as i32,
            v => v,
        }
    }

    fn from_table(&self, v: i32, ply: u32) -> i32 {
        match v {
            v if v > MATE_ZONE => v - ply as i32,
            v if v < -MATE_ZONE => v + ply as i32,
            v => v,
        }
    }

    /// Mate in `p` plies becomes mate in `(p + 1) / 2` moves.
    fn report(&self, v: i32) -> i32 {
        if v.abs() <= MATE_ZONE {
            return v;
        }
        let moves = (MATE - v.abs() + 1) / 2;
        v.signum() * (MATE - moves)
    }

    fn move_text(&self, s: &Board, m: ChessMove) -> String {
        display_uci_move(s, m.0).to_string()
    }

    /// A mate score is proven (reported as mate in moves); a centipawn value is not.
    fn proven(&self, v: i32) -> Option<i32> {
        (v.abs() > MATE_ZONE).then(|| self.report(v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::chess::encode_mate;

    #[test]
    fn captures_terminals_and_mate_reports() {
        let g = Chess;
        // 1. e4 d5: exd5 is the one capture
        let b = g.parse("e2e4 d7d5").unwrap();
        let mut caps = MoveList::default();
        g.noisy_moves(&b, &mut caps);
        let texts: Vec<String> = caps
            .as_slice()
            .iter()
            .map(|&m| g.move_text(&b, m))
            .collect();
        assert_eq!(texts, ["e4d5"]);
        assert!(!g.is_quiet(&b, caps.as_slice()[0]));
        // en passant counts as a capture (Bxa6 is the other one)
        let b = g.parse("e2e4 a7a6 e4e5 d7d5").unwrap();
        let mut caps = MoveList::default();
        g.noisy_moves(&b, &mut caps);
        let mut texts: Vec<String> = caps
            .as_slice()
            .iter()
            .map(|&m| g.move_text(&b, m))
            .collect();
        texts.sort();
        assert_eq!(texts, ["e5d6", "f1a6"]);
        // fool's mate: White is mated at ply 0
        let b = g.parse("f2f3 e7e5 g2g4 d8h4").unwrap();
        assert_eq!(g.terminal(&b, 0), Some(-MATE));
        assert_eq!(g.terminal(&g.parse("").unwrap(), 0), None);
        // mate in 1 move = mate at ply 1; being mated in 1 move = ply 2
        assert_eq!(g.report(MATE - 1), encode_mate(1));
        assert_eq!(g.report(-(MATE - 2)), encode_mate(-1));
        assert_eq!(g.report(MATE - 5), encode_mate(3));
        assert_eq!(g.from_table(g.to_table(MATE - 7, 3), 3), MATE - 7);
        assert_eq!(g.to_table(-(MATE - 7), 3), -(MATE - 4));
    }
}
