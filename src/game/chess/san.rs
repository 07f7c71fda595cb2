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
}
