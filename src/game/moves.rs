//! Move strings of the textbook games: replaying them and listing the legal next moves.

use super::{Game, GameKind, RandomTree, TicTacToe};

/// Replay `moves` (characters `'1'..='9'`, move `c` is `c − '1'`) from the root of `game`.
/// `Err` names the offending character and its index.
pub fn replay<G: Game>(game: &G, moves: &str) -> Result<G::State, String> {
    let mut s = game.root();
    for (i, ch) in moves.chars().enumerate() {
        if game.is_terminal(&s) {
            return Err(format!(
                "move '{ch}' at index {i}: the game is already over"
            ));
        }
        let m = match ch {
            '1'..='9' => ch as u8 - b'1',
            _ => {
                return Err(format!(
                    "bad move character '{ch}' at index {i} (expected 1-9)"
                ))
            }
        };
        if !game.moves(&s).contains(&m) {
            return Err(format!("illegal move '{ch}' at index {i}"));
        }
        s = game.play(&s, m);
    }
    Ok(s)
}

/// The legal next moves after `moves`, as move characters (`b'1'..=b'9'`) in index order; an
/// empty vector means the position is terminal (game over / leaf). Connect-4 is not handled
/// here. `Err` names the offending character and index for a bad or illegal move string.
pub fn legal_moves(game: GameKind, moves: &str) -> Result<Vec<u8>, String> {
    fn next<G: Game>(g: &G, moves: &str) -> Result<Vec<u8>, String> {
        let s = replay(g, moves)?;
        let mut ms = g.moves(&s);
        ms.sort_unstable();
        Ok(ms.into_iter().map(|m| b'1' + m).collect())
    }
    match game {
        GameKind::TicTacToe => next(&TicTacToe::new(), moves),
        GameKind::RandomTree(t) => next(&RandomTree::new(t.branching, t.depth, 0)?, moves),
        GameKind::Connect4(_) => Err("legal_moves: Connect-4 is not a textbook game".to_string()),
        GameKind::Chess => {
            Err("legal_moves: chess moves are UCI strings (game::chess)".to_string())
        }
        GameKind::Open(def) => Err(format!(
            "legal_moves: {} positions are texts of its own (game::open)",
            def.name
        )),
    }
}
