//! Standard algebraic notation (SAN), as EPD test suites write their `bm` and `am` moves
//! (`Qxf7+`, `exd5`, `Nbd2`, `O-O`, `e8=Q#`): a SAN move is read by matching it against the
//! legal moves of the position, so an ambiguous or illegal one is an error, never a guess.

use super::ChessPosition;
use cozy_chess::{File, Piece, Rank, Square};

/// What a SAN move says about the move it names.
struct San {
    piece: Piece,
    to: Option<Square>,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    promotion: Option<Piece>,
    /// `Some(true)` kingside castling, `Some(false)` queenside.
    castle: Option<bool>,
}

fn piece_of(c: char) -> Option<Piece> {
    Some(match c {
        'K' => Piece::King,
        'Q' => Piece::Queen,
        'R' => Piece::Rook,
        'B' => Piece::Bishop,
        'N' => Piece::Knight,
        _ => return None,
    })
}

fn parse(text: &str) -> Result<San, String> {
    let t = text.trim_end_matches(['+', '#', '!', '?']);
    let castle = match t {
        "O-O" | "0-0" => Some(true),
        "O-O-O" | "0-0-0" => Some(false),
        _ => None,
    };
    if castle.is_some() {
        return Ok(San {
            piece: Piece::King,
            to: None,
            from_file: None,
            from_rank: None,
            promotion: None,
            castle,
        });
    }
    let bad = || format!("`{text}` is not a SAN move");
    let (body, promotion) = match t.split_once('=') {
        Some((b, p)) => (
            b,
            Some(p.chars().next().and_then(piece_of).ok_or_else(bad)?),
        ),
        None => (t, None),
    };
    let mut chars: Vec<char> = body.chars().filter(|&c| c != 'x').collect();
    let piece = match chars.first().copied().and_then(piece_of) {
        Some(p) => {
            chars.remove(0);
            p
        }
        None => Piece::Pawn,
    };
    if chars.len() < 2 {
        return Err(bad());
    }
    let sq: String = chars[chars.len() - 2..].iter().collect();
    let to = sq.parse::<Square>().map_err(|_| bad())?;
    let mut from_file = None;
    let mut from_rank = None;
    for &c in &chars[..chars.len() - 2] {
        match c {
            'a'..='h' => from_file = Some(File::index(c as usize - 'a' as usize)),
            '1'..='8' => from_rank = Some(Rank::index(c as usize - '1' as usize)),
            _ => return Err(bad()),
        }
    }
    Ok(San {
        piece,
        to: Some(to),
        from_file,
        from_rank,
        promotion,
        castle: None,
    })
}

/// Whether the legal UCI move `uci` of `pos` is the move `san` describes.
fn matches(pos: &ChessPosition, san: &San, uci: &str) -> bool {
    let (Ok(from), Ok(to)) = (uci[..2].parse::<Square>(), uci[2..4].parse::<Square>()) else {
        return false;
    };
    if pos.board().piece_on(from) != Some(san.piece) {
        return false;
    }
    if let Some(kingside) = san.castle {
        let file = if kingside { File::G } else { File::C };
        return from.file() == File::E && to.file() == file;
    }
    let promotion = uci[4..]
        .chars()
        .next()
        .map(|c| c.to_ascii_uppercase())
        .and_then(piece_of);
    Some(to) == san.to
        && san.from_file.is_none_or(|f| from.file() == f)
        && san.from_rank.is_none_or(|r| from.rank() == r)
        && promotion == san.promotion
}

/// The UCI text of the legal move `san` names at `pos`; an illegal or ambiguous SAN move is an
/// error naming it.
pub fn uci_of_san(pos: &ChessPosition, san: &str) -> Result<String, String> {
    let s = parse(san)?;
    let found: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| matches(pos, &s, m))
        .collect();
    match found.len() {
        1 => Ok(found.into_iter().next().expect("one")),
        0 => Err(format!(
            "`{san}` is not a legal move here (FEN {})",
            pos.fen()
        )),
        _ => Err(format!("`{san}` is ambiguous here: {}", found.join(", "))),
    }
}

/// The SAN text of the legal UCI move `uci` at `pos` (`Nbd2`, `exd5`, `O-O`, `e8=Q#`), with the
/// file, the rank or both of the moving piece where another piece of its kind could reach the
/// same square, and `+`/`#` for check and mate; an illegal move is an error.
pub fn san_of_uci(pos: &ChessPosition, uci: &str) -> Result<String, String> {
    let legal = pos.legal_moves();
    if !legal.iter().any(|m| m == uci) {
        return Err(format!(
            "`{uci}` is not a legal move here (FEN {})",
            pos.fen()
        ));
    }
    let square = |t: &str| t.parse::<Square>().expect("a legal move's square");
    let (from, to) = (square(&uci[..2]), square(&uci[2..4]));
    let board = pos.board();
    let piece = board.piece_on(from).expect("a legal move moves a piece");
    let mut san = String::new();
    let castles = piece == Piece::King && from.file() == File::E;
    if castles && to.file() == File::G {
        san.push_str("O-O");
    } else if castles && to.file() == File::C {
        san.push_str("O-O-O");
    } else {
        let captures =
            board.piece_on(to).is_some() || (piece == Piece::Pawn && from.file() != to.file());
        if piece == Piece::Pawn {
            if captures {
                san.push(file_char(from.file()));
            }
        } else {
            san.push(piece_char(piece));
            san.push_str(&disambiguation(pos, &legal, piece, from, to));
        }
        if captures {
            san.push('x');
        }
        san.push_str(&uci[2..4]);
        if let Some(p) = uci[4..].chars().next() {
            san.push('=');
            san.push(p.to_ascii_uppercase());
        }
    }
    let mut after = pos.clone();
    after.play(uci)?;
    if !after.board().checkers().is_empty() {
        san.push(if after.legal_moves().is_empty() {
            '#'
        } else {
            '+'
        });
    }
    Ok(san)
}

fn file_char(f: File) -> char {
    (b'a' + f as u8) as char
}

fn piece_char(p: Piece) -> char {
    match p {
        Piece::King => 'K',
        Piece::Queen => 'Q',
        Piece::Rook => 'R',
        Piece::Bishop => 'B',
        Piece::Knight => 'N',
        Piece::Pawn => 'P',
    }
}

/// What tells the moving piece apart from the others of its kind that could move to `to`:
/// nothing, its file, its rank, or both.
fn disambiguation(
    pos: &ChessPosition,
    legal: &[String],
    piece: Piece,
    from: Square,
    to: Square,
) -> String {
    let rivals: Vec<Square> = legal
        .iter()
        .filter(|m| m[2..4] == to.to_string())
        .filter_map(|m| m[..2].parse::<Square>().ok())
        .filter(|&f| f != from && pos.board().piece_on(f) == Some(piece))
        .collect();
    let file = file_char(from.file());
    let rank = (b'1' + from.rank() as u8) as char;
    if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|r| r.file() != from.file()) {
        file.to_string()
    } else if rivals.iter().all(|r| r.rank() != from.rank()) {
        rank.to_string()
    } else {
        format!("{file}{rank}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn san_moves_resolve_to_the_legal_move() {
        let start = ChessPosition::start();
        assert_eq!(uci_of_san(&start, "e4").unwrap(), "e2e4");
        assert_eq!(uci_of_san(&start, "Nf3").unwrap(), "g1f3");
        assert!(uci_of_san(&start, "Ke2").is_err());
        let kiwi = ChessPosition::parse(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        assert_eq!(uci_of_san(&kiwi, "Bxa6").unwrap(), "e2a6");
        assert_eq!(uci_of_san(&kiwi, "O-O").unwrap(), "e1g1");
        assert_eq!(uci_of_san(&kiwi, "O-O-O+").unwrap(), "e1c1");
        assert_eq!(uci_of_san(&kiwi, "dxe6").unwrap(), "d5e6");
        let e = uci_of_san(&kiwi, "Nh4").unwrap_err();
        assert!(e.contains("not a legal move"), "{e}");
        let k = ChessPosition::parse("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1").unwrap();
        assert_eq!(uci_of_san(&k, "Nd2").unwrap(), "b1d2");
        let two = ChessPosition::parse("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1").unwrap();
        assert!(uci_of_san(&two, "Rd1").unwrap_err().contains("ambiguous"));
        assert_eq!(uci_of_san(&two, "Rad1").unwrap(), "a1d1");
        let promo = ChessPosition::parse("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
        assert_eq!(uci_of_san(&promo, "e8=Q+").unwrap(), "e7e8q");
        assert_eq!(uci_of_san(&promo, "e8=N").unwrap(), "e7e8n");
        assert!(
            uci_of_san(&promo, "e8").is_err(),
            "a pawn on the 8th must promote"
        );
    }

    #[test]
    fn san_is_written_as_it_is_read() {
        let kiwi = ChessPosition::parse(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        let cases = [
            (&kiwi, "e2a6", "Bxa6"),
            (&kiwi, "e1g1", "O-O"),
            (&kiwi, "e1c1", "O-O-O"),
            (&kiwi, "d5e6", "dxe6"),
            (&kiwi, "c3b5", "Nb5"),
        ];
        for (pos, uci, san) in cases {
            assert_eq!(san_of_uci(pos, uci).unwrap(), san, "{uci}");
        }
        let two = ChessPosition::parse("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1").unwrap();
        assert_eq!(san_of_uci(&two, "a1d1").unwrap(), "Rad1");
        let ranks = ChessPosition::parse("4k3/8/8/R7/8/8/8/R5K1 w - - 0 1").unwrap();
        assert_eq!(san_of_uci(&ranks, "a1a3").unwrap(), "R1a3");
        let promo = ChessPosition::parse("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
        assert_eq!(san_of_uci(&promo, "e7e8q").unwrap(), "e8=Q");
        let mate = ChessPosition::parse("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        assert_eq!(san_of_uci(&mate, "a1a8").unwrap(), "Ra8#");
        let ep = ChessPosition::parse("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
        assert_eq!(san_of_uci(&ep, "e5d6").unwrap(), "exd6");
        assert!(san_of_uci(&two, "a1a9").is_err() && san_of_uci(&two, "e1e2").is_err());
        // Every legal move's SAN reads back to it.
        for uci in kiwi.legal_moves() {
            let san = san_of_uci(&kiwi, &uci).unwrap();
            assert_eq!(uci_of_san(&kiwi, &san).unwrap(), uci, "{san}");
        }
    }
}
