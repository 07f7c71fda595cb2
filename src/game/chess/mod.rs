//! Chess: the rules of the `cozy-chess` crate (MIT) wrapped for the harness.
//!
//! A position is written as text in one of two forms, and [`ChessPosition::parse`] reads both:
//! - the UCI move list from the start position, space-separated (`e2e4 e7e5 g1f3`; empty = the
//!   start position): what seeded positions and the records' `moves` column hold;
//! - a FEN (six fields, or four as in EPD), optionally followed by `moves M1 M2 ...`: what a
//!   positions file brings.
//!
//! Terminal positions: checkmate, stalemate, the 50-move rule (100 plies without a capture or a
//! pawn move), insufficient material (bare kings, or a single knight or bishop against a bare
//! king) and threefold repetition (counted over the moves played since the last irreversible
//! move, so a FEN's history before it is unknown). Moves are UCI strings (castling as the king's
//! two-square move, `e1g1`; promotion with a lower-case piece, `e7e8q`).

pub mod epd;
pub mod eval;
pub mod pgn;
pub mod san;
pub mod search_game;

use cozy_chess::util::{display_uci_move, parse_uci_move};
use cozy_chess::{Board, Color, Move, Piece};

/// The standard start position as a FEN.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Longest game the seeded positions may ask for (plies).
pub const MAX_PLY: u32 = 400;

/// Chess scores are one integer: centipawns from the side to move's point of view, or a mate
/// encoded outside the centipawn range: mate in N moves (N ≥ 1) for the side to move is
/// `MATE − N`, being mated in N is `−(MATE − N)`; `mate 0` (mated now) is `−MATE`. Centipawns are
/// clamped to ±30000, so `|score| > MATE − 1000` is a mate.
pub const MATE: i32 = 100_000;

/// The score of a UCI `mate N` (N moves, negative when the side to move is mated).
#[must_use]
pub fn encode_mate(n: i32) -> i32 {
    let n = n.clamp(-999, 999);
    if n > 0 {
        MATE - n
    } else {
        -MATE - n
    }
}

/// The mate distance of an encoded score (`Some(N)` as UCI's `mate N`), `None` for centipawns.
#[must_use]
pub fn mate_distance(score: i32) -> Option<i32> {
    if score.abs() <= MATE - 1000 {
        return None;
    }
    Some(if score > 0 {
        MATE - score
    } else {
        -(MATE + score)
    })
}

/// A score as a user reads it: `cp 35`, `mate 3`, `mate -2`.
#[must_use]
pub fn score_text(score: i32) -> String {
    match mate_distance(score) {
        Some(n) => format!("mate {n}"),
        None => format!("cp {score}"),
    }
}

/// Why a chess game is over (or that it is not).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Ongoing,
    Checkmate,
    Stalemate,
    FiftyMoves,
    InsufficientMaterial,
    Repetition,
}

impl Status {
    /// What a user reads: `checkmate`, `stalemate`, `drawn by the 50-move rule`, ...
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Status::Ongoing => "not over",
            Status::Checkmate => "checkmate",
            Status::Stalemate => "stalemate",
            Status::FiftyMoves => "drawn by the 50-move rule",
            Status::InsufficientMaterial => "drawn by insufficient material",
            Status::Repetition => "drawn by threefold repetition",
        }
    }
}

/// A chess position with the history the repetition rule needs.
#[derive(Debug, Clone)]
pub struct ChessPosition {
    board: Board,
    /// The FEN the game started from (`None`: the standard start position).
    start_fen: Option<String>,
    /// The moves played from the start, as UCI strings.
    moves: Vec<String>,
    /// Zobrist keys of the positions since the last irreversible move, the current one last.
    keys: Vec<u64>,
}

impl ChessPosition {
    /// The standard start position.
    #[must_use]
    pub fn start() -> Self {
        let board = Board::default();
        let keys = vec![board.hash()];
        Self {
            board,
            start_fen: None,
            moves: Vec::new(),
            keys,
        }
    }

    /// A position from a FEN (six fields, or four as in EPD: the clocks are then 0 and 1).
    pub fn from_fen(fen: &str) -> Result<Self, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let full = match fields.len() {
            6 => fields.join(" "),
            4 => format!("{} 0 1", fields.join(" ")),
            n => {
                return Err(format!(
                    "FEN `{fen}`: {n} fields (expected 6, or 4 as in EPD)"
                ))
            }
        };
        let board = Board::from_fen(&full, false).map_err(|e| format!("FEN `{fen}`: {e:?}"))?;
        let keys = vec![board.hash()];
        Ok(Self {
            board,
            start_fen: Some(full),
            moves: Vec::new(),
            keys,
        })
    }

    /// Read a position's text: a UCI move list from the start, or `FEN [moves M1 M2 ...]` (see
    /// the module documentation). Errors name the offending move and its number.
    pub fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let (mut pos, moves) = if text.contains('/') {
            let (fen, moves) = match text.split_once(" moves") {
                Some((f, m)) => (f, m),
                None => (text, ""),
            };
            (Self::from_fen(fen)?, moves)
        } else {
            (Self::start(), text)
        };
        for (i, mv) in moves.split_whitespace().enumerate() {
            pos.play(mv)
                .map_err(|e| format!("move {} `{mv}`: {e}", i + 1))?;
        }
        Ok(pos)
    }

    /// Play a UCI move; an illegal or malformed move, or a move in a finished game, is an error.
    pub fn play(&mut self, uci: &str) -> Result<(), String> {
        let status = self.status();
        if status != Status::Ongoing {
            return Err(format!("the game is already over ({})", status.describe()));
        }
        let mv = parse_uci_move(&self.board, uci).map_err(|_| "not a UCI move".to_string())?;
        self.play_move(mv)
    }

    fn play_move(&mut self, mv: Move) -> Result<(), String> {
        let text = display_uci_move(&self.board, mv).to_string();
        self.board
            .try_play(mv)
            .map_err(|_| "illegal in this position".to_string())?;
        if self.board.halfmove_clock() == 0 {
            self.keys.clear();
        }
        self.keys.push(self.board.hash());
        self.moves.push(text);
        Ok(())
    }

    /// The legal moves as UCI strings, sorted (a fixed order whatever the crate's generation
    /// order, so seeded draws do not depend on it). Empty in checkmate and stalemate only: a
    /// position drawn by rule still lists its moves (see [`ChessPosition::status`]).
    #[must_use]
    pub fn legal_moves(&self) -> Vec<String> {
        let mut out = Vec::with_capacity(48);
        self.board.generate_moves(|ms| {
            for mv in ms {
                out.push(display_uci_move(&self.board, mv).to_string());
            }
            false
        });
        out.sort_unstable();
        out
    }

    /// Whether the game is over, and why.
    #[must_use]
    pub fn status(&self) -> Status {
        let has_moves = self.board.generate_moves(|_| true);
        if !has_moves {
            return if self.board.checkers().is_empty() {
                Status::Stalemate
            } else {
                Status::Checkmate
            };
        }
        if self.board.halfmove_clock() >= 100 {
            return Status::FiftyMoves;
        }
        if insufficient_material(&self.board) {
            return Status::InsufficientMaterial;
        }
        let now = self.board.hash();
        if self.keys.iter().filter(|&&k| k == now).count() >= 3 {
            return Status::Repetition;
        }
        Status::Ongoing
    }

    /// Whether the game is over (by mate, stalemate or a drawing rule).
    #[must_use]
    pub fn is_terminal(&self) -> bool {
        self.status() != Status::Ongoing
    }

    /// Whether the side to move has a move that mates at once.
    #[must_use]
    pub fn can_mate_at_once(&self) -> bool {
        let mut mates = false;
        self.board.generate_moves(|ms| {
            for mv in ms {
                let mut b = self.board.clone();
                b.play_unchecked(mv);
                if !b.checkers().is_empty() && !b.generate_moves(|_| true) {
                    mates = true;
                    return true;
                }
            }
            false
        });
        mates
    }

    /// The position's FEN (six fields).
    #[must_use]
    pub fn fen(&self) -> String {
        self.board.to_string()
    }

    /// The UCI `position` command's argument: `startpos [moves ...]` or `fen FEN [moves ...]`.
    #[must_use]
    pub fn uci_position(&self) -> String {
        let mut s = match &self.start_fen {
            None => "startpos".to_string(),
            Some(f) => format!("fen {f}"),
        };
        if !self.moves.is_empty() {
            s.push_str(" moves ");
            s.push_str(&self.moves.join(" "));
        }
        s
    }

    /// The FEN the game started from (six fields); `None` for the standard start position.
    #[must_use]
    pub fn start_fen(&self) -> Option<&str> {
        self.start_fen.as_deref()
    }

    /// The moves played from the start (or from the FEN).
    #[must_use]
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// Plies played in the game (from the fullmove number and the side to move).
    #[must_use]
    pub fn game_ply(&self) -> u32 {
        let n = u32::from(self.board.fullmove_number().max(1)) - 1;
        2 * n + u32::from(self.board.side_to_move() == Color::Black)
    }

    /// A key of the position itself (pieces, side, castling, en passant), for duplicates.
    #[must_use]
    pub fn key(&self) -> u64 {
        self.board.hash()
    }

    /// The underlying board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }
}

/// Whether a position's text is a chess position (a FEN, or UCI moves that replay from the
/// start), as opposed to another game's move string (Connect-4's `4453`).
#[must_use]
pub fn looks_like_chess(text: &str) -> bool {
    let uci = |t: &str| {
        let b = t.as_bytes();
        (4..=5).contains(&b.len())
            && (b'a'..=b'h').contains(&b[0])
            && (b'1'..=b'8').contains(&b[1])
            && (b'a'..=b'h').contains(&b[2])
            && (b'1'..=b'8').contains(&b[3])
    };
    let first = text.split_whitespace().next().unwrap_or("");
    (text.contains('/') || uci(first)) && ChessPosition::parse(text).is_ok()
}

/// Bare kings, or one knight or bishop against a bare king: no mate is possible.
pub(crate) fn insufficient_material(b: &Board) -> bool {
    let heavy = b.pieces(Piece::Pawn) | b.pieces(Piece::Rook) | b.pieces(Piece::Queen);
    if !heavy.is_empty() {
        return false;
    }
    let minors = b.pieces(Piece::Knight) | b.pieces(Piece::Bishop);
    minors.len() <= 1
}

/// The colour-flipped mirror of a FEN: ranks reversed, colours swapped, the other side to move
/// (the same position seen from the other side: its value for the side to move is the same).
pub fn mirror_fen(fen: &str) -> Result<String, String> {
    let f: Vec<&str> = fen.split_whitespace().collect();
    if f.len() < 4 {
        return Err(format!("FEN `{fen}`: too few fields to mirror"));
    }
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let ranks: Vec<&str> = f[0].split('/').rev().collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let castle = if f[2] == "-" {
        "-".to_string()
    } else {
        let s = swap(f[2]);
        let (mut up, mut low): (Vec<char>, Vec<char>) =
            s.chars().partition(char::is_ascii_uppercase);
        up.sort_by_key(|c| "KQ".find(*c));
        low.sort_by_key(|c| "kq".find(*c));
        up.into_iter().chain(low).collect()
    };
    let ep = match f[3].as_bytes() {
        [file, b'3'] => format!("{}6", *file as char),
        [file, b'6'] => format!("{}3", *file as char),
        _ => "-".to_string(),
    };
    let clocks = if f.len() >= 6 {
        format!(" {} {}", f[4], f[5])
    } else {
        String::new()
    };
    Ok(format!(
        "{} {side} {castle} {ep}{clocks}",
        swap(&ranks.join("/"))
    ))
}

/// Leaf nodes of the legal move tree `depth` plies deep (perft), to check the move generator
/// against published counts.
#[must_use]
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|ms| {
            nodes += ms.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|ms| {
        for mv in ms {
            let mut b = board.clone();
            b.play_unchecked(mv);
            nodes += perft(&b, depth - 1);
        }
        false
    });
    nodes
}

/// Draw a random game of `ply` moves from the start: the moves are chosen by `pick(n)`, a
/// uniform index below `n`. `None` when the walk reaches a finished game (at or before `ply`),
/// or, with `exclude_immediate_win`, a position where the side to move mates at once: the
/// caller starts again from the same stream.
pub fn random_walk(
    ply: u32,
    exclude_immediate_win: bool,
    mut pick: impl FnMut(u32) -> u32,
) -> Option<ChessPosition> {
    let mut pos = ChessPosition::start();
    for _ in 0..ply {
        if pos.is_terminal() {
            return None;
        }
        let legal = pos.legal_moves();
        let mv = &legal[pick(legal.len() as u32) as usize];
        pos.play(mv).expect("a generated move is legal");
    }
    if pos.is_terminal() || (exclude_immediate_win && pos.can_mate_at_once()) {
        return None;
    }
    Some(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_fen_and_status() {
        let p = ChessPosition::parse("e2e4 e7e5 g1f3").unwrap();
        assert_eq!(
            p.fen(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
        );
        assert_eq!(p.uci_position(), "startpos moves e2e4 e7e5 g1f3");
        assert_eq!(p.game_ply(), 3);
        assert_eq!(ChessPosition::parse("").unwrap().legal_moves().len(), 20);
        let e = ChessPosition::parse("e2e4 e2e4").unwrap_err();
        assert!(e.contains("move 2 `e2e4`: illegal"), "{e}");
        assert!(ChessPosition::parse("e2e9")
            .unwrap_err()
            .contains("not a UCI move"));
        // fool's mate
        let m = ChessPosition::parse("f2f3 e7e5 g2g4 d8h4").unwrap();
        assert_eq!(m.status(), Status::Checkmate);
        assert!(m.legal_moves().is_empty());
        let e = ChessPosition::parse("f2f3 e7e5 g2g4 d8h4 a2a3").unwrap_err();
        assert!(e.contains("already over (checkmate)"), "{e}");
        assert!(ChessPosition::parse("f2f3 e7e5 g2g4")
            .unwrap()
            .can_mate_at_once());
        // castling in UCI notation, from a FEN with moves
        let c = ChessPosition::parse(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 moves e1g1",
        )
        .unwrap();
        assert!(c
            .fen()
            .starts_with("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq"));
        assert!(c.uci_position().ends_with(" moves e1g1"));
        assert!(ChessPosition::parse("8/8/8/8 w - -").is_err());
        let k = ChessPosition::parse("8/8/4k3/8/8/3K4/8/8 w - -").unwrap();
        assert_eq!(k.status(), Status::InsufficientMaterial);
        let k = ChessPosition::parse("8/8/4k3/8/8/3K4/8/4N3 w - - 0 1").unwrap();
        assert_eq!(k.status(), Status::InsufficientMaterial);
        let k = ChessPosition::parse("8/8/4k3/8/8/3K4/8/3RN3 w - - 99 80").unwrap();
        assert_eq!(k.status(), Status::Ongoing);
        let k = ChessPosition::parse("8/8/4k3/8/8/3K4/8/3RN3 w - - 100 80").unwrap();
        assert_eq!(k.status(), Status::FiftyMoves);
        let r = ChessPosition::parse("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8").unwrap();
        assert_eq!(r.status(), Status::Repetition);
        let stale = ChessPosition::parse("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(stale.status(), Status::Stalemate);
    }

    #[test]
    fn scores() {
        assert_eq!(encode_mate(3), 99_997);
        assert_eq!(encode_mate(-2), -99_998);
        assert_eq!(encode_mate(0), -100_000);
        for n in [-7, -1, 0, 1, 5] {
            assert_eq!(mate_distance(encode_mate(n)), Some(n));
        }
        assert_eq!(score_text(encode_mate(2)), "mate 2");
        assert_eq!(score_text(encode_mate(-4)), "mate -4");
        assert_eq!(score_text(-35), "cp -35");
        assert_eq!(mate_distance(30_000), None);
    }

    #[test]
    fn chess_text() {
        assert!(looks_like_chess("e2e4 e7e5"));
        assert!(looks_like_chess(START_FEN));
        assert!(!looks_like_chess("4453"));
        assert!(!looks_like_chess(""));
        assert!(!looks_like_chess("a1b2"));
    }

    #[test]
    fn mirror() {
        assert_eq!(
            mirror_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap(),
            "r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq - 0 1"
        );
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w Kq e6 0 2";
        let m = mirror_fen(fen).unwrap();
        assert_eq!(
            m,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b Qk e3 0 2"
        );
        assert_eq!(mirror_fen(&m).unwrap(), fen);
        assert!(ChessPosition::parse(&m).is_ok());
    }

    #[test]
    fn perft_small() {
        assert_eq!(perft(&Board::default(), 3), 8_902);
        let kiwi = ChessPosition::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        assert_eq!(perft(kiwi.board(), 2), 2_039);
    }
}
