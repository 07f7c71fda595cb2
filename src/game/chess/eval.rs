//! The evaluation of the in-process chess search: material plus piece-square tables of Tomasz
//! Michniewski's "Simplified Evaluation Function" (Chess Programming Wiki,
//! <https://www.chessprogramming.org/Simplified_Evaluation_Function>), values and tables as
//! published there (the middle-game king table; the end-game one is not used, so the
//! evaluation has no game phase). Deterministic: a function of the board alone.

use cozy_chess::{Board, Color, Piece};

/// Piece values in centipawns (pawn, knight, bishop, rook, queen, king), as published.
pub const PIECE_VALUES: [i32; 6] = [100, 320, 330, 500, 900, 20_000];

/// The tables in the order of [`cozy_chess::Piece`], each as printed on the wiki: the first row
/// is rank 8 from White's side, a-file first.
#[rustfmt::skip]
const TABLES: [[i32; 64]; 6] = [
    [ // pawn
         0,  0,  0,  0,  0,  0,  0,  0,
        50, 50, 50, 50, 50, 50, 50, 50,
        10, 10, 20, 30, 30, 20, 10, 10,
         5,  5, 10, 25, 25, 10,  5,  5,
         0,  0,  0, 20, 20,  0,  0,  0,
         5, -5,-10,  0,  0,-10, -5,  5,
         5, 10, 10,-20,-20, 10, 10,  5,
         0,  0,  0,  0,  0,  0,  0,  0,
    ],
    [ // knight
        -50,-40,-30,-30,-30,-30,-40,-50,
        -40,-20,  0,  0,  0,  0,-20,-40,
        -30,  0, 10, 15, 15, 10,  0,-30,
        -30,  5, 15, 20, 20, 15,  5,-30,
        -30,  0, 15, 20, 20, 15,  0,-30,
        -30,  5, 10, 15, 15, 10,  5,-30,
        -40,-20,  0,  5,  5,  0,-20,-40,
        -50,-40,-30,-30,-30,-30,-40,-50,
    ],
    [ // bishop
        -20,-10,-10,-10,-10,-10,-10,-20,
        -10,  0,  0,  0,  0,  0,  0,-10,
        -10,  0,  5, 10, 10,  5,  0,-10,
        -10,  5,  5, 10, 10,  5,  5,-10,
        -10,  0, 10, 10, 10, 10,  0,-10,
        -10, 10, 10, 10, 10, 10, 10,-10,
        -10,  5,  0,  0,  0,  0,  5,-10,
        -20,-10,-10,-10,-10,-10,-10,-20,
    ],
    [ // rook
          0,  0,  0,  0,  0,  0,  0,  0,
          5, 10, 10, 10, 10, 10, 10,  5,
         -5,  0,  0,  0,  0,  0,  0, -5,
         -5,  0,  0,  0,  0,  0,  0, -5,
         -5,  0,  0,  0,  0,  0,  0, -5,
         -5,  0,  0,  0,  0,  0,  0, -5,
         -5,  0,  0,  0,  0,  0,  0, -5,
          0,  0,  0,  5,  5,  0,  0,  0,
    ],
    [ // queen
        -20,-10,-10, -5, -5,-10,-10,-20,
        -10,  0,  0,  0,  0,  0,  0,-10,
        -10,  0,  5,  5,  5,  5,  0,-10,
         -5,  0,  5,  5,  5,  5,  0, -5,
          0,  0,  5,  5,  5,  5,  0, -5,
        -10,  5,  5,  5,  5,  5,  0,-10,
        -10,  0,  5,  0,  0,  0,  0,-10,
        -20,-10,-10, -5, -5,-10,-10,-20,
    ],
    [ // king, middle game
        -30,-40,-40,-50,-50,-40,-40,-30,
        -30,-40,-40,-50,-50,-40,-40,-30,
        -30,-40,-40,-50,-50,-40,-40,-30,
        -30,-40,-40,-50,-50,-40,-40,-30,
        -20,-30,-30,-40,-40,-30,-30,-20,
        -10,-20,-20,-20,-20,-20,-20,-10,
         20, 20,  0,  0,  0,  0, 20, 20,
         20, 30, 10,  0,  0, 10, 30, 20,
    ],
];

/// The value of a piece of `color` on square index `sq` (a1 = 0, h8 = 63): its material plus
/// its table entry (White reads the table with ranks flipped, Black as printed).
#[inline]
fn piece_square(piece: Piece, color: Color, sq: usize) -> i32 {
    let idx = match color {
        Color::White => sq ^ 56,
        Color::Black => sq,
    };
    PIECE_VALUES[piece as usize] + TABLES[piece as usize][idx]
}

/// The evaluation from White's point of view.
#[must_use]
pub fn white_score(b: &Board) -> i32 {
    let mut score = 0;
    for piece in Piece::ALL {
        for sq in b.colored_pieces(Color::White, piece) {
            score += piece_square(piece, Color::White, sq as usize);
        }
        for sq in b.colored_pieces(Color::Black, piece) {
            score -= piece_square(piece, Color::Black, sq as usize);
        }
    }
    score
}

/// The evaluation for the side to move (negamax form).
#[must_use]
pub fn evaluate(b: &Board) -> i32 {
    match b.side_to_move() {
        Color::White => white_score(b),
        Color::Black => -white_score(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_level_and_the_tables_are_the_published_ones() {
        let b = Board::default();
        assert_eq!(white_score(&b), 0);
        // material 8*100 + 2*320 + 2*330 + 2*500 + 900 + 20000 plus the start squares' entries
        let pst = 5 + 10 + 10 - 20 - 20 + 10 + 10 + 5 // pawns on rank 2
            - 40 - 40 - 10 - 10
            + 0
            - 5
            + 0; // knights b1 g1, bishops, rooks, queen d1, king e1
        let material = 800 + 640 + 660 + 1000 + 900 + 20_000;
        let white: i32 = Piece::ALL
            .iter()
            .flat_map(|&p| {
                b.colored_pieces(Color::White, p)
                    .into_iter()
                    .map(move |s| (p, s))
            })
            .map(|(p, s)| piece_square(p, Color::White, s as usize))
            .sum();
        assert_eq!(white, material + pst);
        // 1. e4: the e-pawn leaves -20 for +20 (e4): +40 for White, seen by Black to move
        let after = ChessBoard::after("e2e4");
        assert_eq!(evaluate(&after), -40);
    }

    struct ChessBoard;
    impl ChessBoard {
        fn after(moves: &str) -> Board {
            super::super::ChessPosition::parse(moves)
                .unwrap()
                .board()
                .clone()
        }
    }
}
