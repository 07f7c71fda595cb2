//! Othello over GTP (`gtp[game=othello]:gtp-rhino`): GTP sends moves, but an Othello position
//! is a board (the `.obf` text), so the engine keeps the game's moves itself. A position one
//! move (or a pass) after the last one it answered extends them; any other position (a new
//! game's opening) is reached from the start by [`Othello8::moves_to`], a search that finds
//! moves leading to that board (openings of up to about 16 plies; a position it cannot reach
//! within its budget is an error naming it). Vertices are Othello's squares (`D3`, row 1 at
//! the top); a pass the engine answers is `pass`, a pass of the game is not sent (each `play`
//! names its colour); Black moves first.

use crate::game::othello::{text, Board, Othello8, PASS};

/// The moves of the game an Othello GTP engine plays, as far as it knows them.
#[derive(Debug, Default, Clone)]
pub struct Trail {
    /// The position after `moves` (`None`: none yet).
    at: Option<Board>,
    /// The moves from the start, as texts.
    moves: Vec<String>,
}

/// Boards the search for an opening's moves may visit.
const BUDGET: u64 = 2_000_000;

impl Trail {
    /// The moves from the start to `position` (the board text).
    pub fn moves_to(&mut self, position: &str) -> Result<Vec<String>, String> {
        let board = text::parse::<8>(position)?;
        if self.at != Some(board) {
            let next = self.at.and_then(|b| {
                let mut list = if b.mobility == 0 { vec![PASS] } else { vec![] };
                let mut rest = b.mobility;
                while rest != 0 {
                    list.push(rest.trailing_zeros() as u8);
                    rest &= rest - 1;
                }
                list.into_iter().find(|&m| Othello8::after(&b, m) == board)
            });
            match next {
                Some(m) => self.moves.push(Othello8::square_text(m)),
                None => {
                    let path = Othello8::moves_to(&board, BUDGET).ok_or_else(|| {
                        format!(
                            "no moves from the start to `{position}` found within {BUDGET} boards \
                             (a GTP engine plays Othello from openings of up to about 16 plies)"
                        )
                    })?;
                    self.moves = path.into_iter().map(Othello8::square_text).collect();
                }
            }
            self.at = Some(board);
        }
        Ok(self.moves.clone())
    }

    /// The engine answered `mv` at the position last asked: the game goes on from the position
    /// after it (forgotten when `mv` is not legal there).
    pub fn played(&mut self, mv: &str) {
        let after = self.at.and_then(|b| {
            let m = Othello8::parse_square(mv)?;
            let legal = if m == PASS {
                b.mobility == 0
            } else {
                b.mobility >> m & 1 == 1
            };
            legal.then(|| Othello8::after(&b, m))
        });
        match after {
            Some(b) => {
                self.moves.push(mv.to_string());
                self.at = Some(b);
            }
            None => *self = Trail::default(),
        }
    }
}
