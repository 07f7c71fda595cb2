//! The referee of match play: a game's rules decide when a game is over and who won (Connect-4:
//! four in a row or a full board; tic-tac-toe: three in a row or a full board; random trees: a
//! leaf's value; chess through cozy-chess: mate, stalemate, the 50-move rule, threefold
//! repetition, insufficient material; a game added in one file: its own `terminal`).

use crate::game::chess::{ChessPosition, Status};
use crate::game::connect4::board::{column_of_char, with_board};
use crate::game::connect4::{BoardSize, Position};
use crate::game::open::Status as OpenStatus;
use crate::game::{Game, GameDef, GameKind, RandomTree, TicTacToe};

/// One of the two sides of a game: the side that moves first in the game (White, Connect-4's
/// first player, X) and the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The side that moves first from the game's start position (White).
    First,
    /// The other side (Black).
    Second,
}

impl Side {
    /// The other side.
    #[must_use]
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for the first side, 1 for the second.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// How a finished game ended by the rules: the winner (`None`: a draw) and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ending {
    /// The side that won; `None` for a draw.
    pub winner: Option<Side>,
    /// The rule that ended it: `four in a row`, `checkmate`, `threefold repetition`, ...
    pub rule: &'static str,
}

/// A game in progress from an opening: the position, its side to move, and the ending once the
/// rules end it.
#[derive(Debug, Clone)]
pub struct Referee {
    kind: GameKind,
    state: State,
    ending: Option<Ending>,
}

#[derive(Debug, Clone)]
enum State {
    /// Connect-4, tic-tac-toe and random trees: the move string, one character a move.
    Chars(String),
    /// Chess with its history (repetitions).
    Chess(Box<ChessPosition>),
    /// A game added in one file: its position's text, and whether the side to move is the
    /// side that moved first from the opening ([`Side::First`] is that side: an open game's
    /// text need not say whose turn it is in the game's own terms). A game of explicit players
    /// (a chance game) names the player to move at the opening (`opener`: 0 is MAX), and the
    /// side to move follows its rules' [`OpenStatus::Turn`] rather than alternating.
    Open {
        def: &'static GameDef,
        position: String,
        first: bool,
        opener: Option<u8>,
    },
}

impl Referee {
    /// A game from `opening` (a position's text: a move string, or for chess UCI moves or a
    /// FEN, or an open game's text). Errors for an opening that does not parse, or one where
    /// the game is already over.
    pub fn new(kind: GameKind, opening: &str) -> Result<Self, String> {
        let state = match kind {
            GameKind::Connect4(_) | GameKind::TicTacToe | GameKind::RandomTree(_) => {
                State::Chars(String::new())
            }
            GameKind::Chess => State::Chess(Box::new(ChessPosition::parse(opening)?)),
            GameKind::Open(def) => State::Open {
                def,
                position: opening.to_string(),
                first: true,
                opener: match (def.rules)(opening)? {
                    OpenStatus::Turn(p, _) => Some(p),
                    OpenStatus::Chance(_) => {
                        return Err(format!(
                            "opening `{opening}`: a chance node, not a player's turn"
                        ))
                    }
                    _ => None,
                },
            },
        };
        let mut r = Self {
            kind,
            state,
            ending: None,
        };
        if let State::Chars(_) = r.state {
            for ch in opening.chars() {
                r.play(&ch.to_string())
                    .map_err(|e| format!("opening `{opening}`: {e}"))?;
            }
        }
        if r.ending.is_none() {
            r.ending = r.chess_ending().or(r.open_ending()?);
        }
        if r.ending.is_some() {
            return Err(format!("opening `{opening}`: the game is already over"));
        }
        Ok(r)
    }

    /// Whether `mv` is a legal move at `position`: the rules' word on a move an engine chose
    /// outside a game (quality runs, `moves --choose`), so that an illegal move is illegal
    /// everywhere.
    pub fn check_move(kind: GameKind, position: &str, mv: &str) -> Result<(), String> {
        Referee::new(kind, position)?
            .play(mv)
            .map_err(|e| format!("illegal move `{mv}` at position `{position}`: {e}"))
    }

    /// The position as an engine reads it ([`crate::engine::Engine::choose`]): the move string,
    /// or for chess `FEN moves ...` or the UCI moves from the start, or an open game's text.
    #[must_use]
    pub fn position(&self) -> String {
        match &self.state {
            State::Chars(s) => s.clone(),
            State::Chess(p) => {
                let u = p.uci_position();
                match u.strip_prefix("fen ") {
                    Some(rest) => rest.to_string(),
                    None => p.moves().join(" "),
                }
            }
            State::Open { position, .. } => position.clone(),
        }
    }

    /// The side to move.
    #[must_use]
    pub fn to_move(&self) -> Side {
        let first = match &self.state {
            State::Chars(s) => s.len() % 2 == 0,
            State::Chess(p) => p.board().side_to_move() == cozy_chess::Color::White,
            State::Open { first, .. } => *first,
        };
        if first {
            Side::First
        } else {
            Side::Second
        }
    }

    /// How the game ended; `None` while it goes on.
    #[must_use]
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Play `mv` for the side to move. An illegal or malformed move is an error and changes
    /// nothing; a move after the end of the game is an error.
    pub fn play(&mut self, mv: &str) -> Result<(), String> {
        if self.ending.is_some() {
            return Err("the game is over".to_string());
        }
        let mover = self.to_move();
        let (after, rule) = match (&mut self.state, self.kind) {
            (State::Chars(s), GameKind::Connect4(size)) => {
                let v = connect4_step(size, s, mv)?;
                s.push_str(mv);
                (
                    v,
                    if v == Some(0) {
                        "full board"
                    } else {
                        "four in a row"
                    },
                )
            }
            (State::Chars(s), GameKind::RandomTree(t)) => {
                let tree = RandomTree::new(t.branching, t.depth, 0)?;
                let v = textbook_step(&tree, s, mv)?;
                s.push_str(mv);
                (v, "leaf")
            }
            (State::Chars(s), _) => {
                let v = textbook_step(&TicTacToe::new(), s, mv)?;
                s.push_str(mv);
                (
                    v,
                    if v == Some(0) {
                        "full board"
                    } else {
                        "three in a row"
                    },
                )
            }
            (State::Chess(p), _) => {
                p.play(mv)?;
                self.ending = self.chess_ending();
                return Ok(());
            }
            (
                State::Open {
                    def,
                    position,
                    first,
                    opener,
                },
                _,
            ) => {
                *position = (def.play)(position, mv)?;
                *first = match (*opener, (def.rules)(position)?) {
                    (Some(o), OpenStatus::Turn(p, _)) => p == o,
                    (Some(_), _) => *first,
                    (None, _) => !*first,
                };
                self.ending = self.open_ending()?;
                return Ok(());
            }
        };
        self.ending = after.map(|v| ended(mover, v, rule));
        Ok(())
    }

    /// An open game: the ending its rules give at the position (`None` while it goes on).
    fn open_ending(&self) -> Result<Option<Ending>, String> {
        let State::Open { def, position, .. } = &self.state else {
            return Ok(None);
        };
        Ok(match (def.rules)(position)? {
            OpenStatus::Over(v) => Some(ended(self.to_move().other(), -v, "the game's end")),
            OpenStatus::Final(v) => {
                let max = if self.opener() == Some(0) {
                    Side::First
                } else {
                    Side::Second
                };
                Some(ended(max, v, "the game's end"))
            }
            _ => None,
        })
    }

    /// The player to move at the opening of a game of explicit players (0: MAX).
    fn opener(&self) -> Option<u8> {
        match &self.state {
            State::Open { opener, .. } => *opener,
            _ => None,
        }
    }

    /// Nature's outcomes (text, weight) where the position is a chance node; `None` at a
    /// player's turn. Match play draws one from its seeded stream and plays it ([`Self::play`]).
    pub fn chance(&self) -> Result<Option<Vec<(String, u32)>>, String> {
        match &self.state {
            State::Open { def, position, .. } if def.chance && self.ending.is_none() => {
                Ok(match (def.rules)(position)? {
                    OpenStatus::Chance(list) => Some(list),
                    _ => None,
                })
            }
            _ => Ok(None),
        }
    }

    /// Chess: the ending the position's status gives (the loser of a checkmate is to move).
    fn chess_ending(&self) -> Option<Ending> {
        let State::Chess(p) = &self.state else {
            return None;
        };
        let winner = match p.status() {
            Status::Ongoing => return None,
            Status::Checkmate => Some(self.to_move().other()),
            _ => None,
        };
        let rule = match p.status() {
            Status::Checkmate => "checkmate",
            Status::Stalemate => "stalemate",
            Status::FiftyMoves => "50-move rule",
            Status::InsufficientMaterial => "insufficient material",
            _ => "threefold repetition",
        };
        Some(Ending { winner, rule })
    }

    /// End the game by adjudication (the ply cap, the engines' agreed scores): `winner` wins
    /// (`None`: a draw) by this rule.
    pub fn adjudicate(&mut self, winner: Option<Side>, rule: &'static str) {
        self.ending.get_or_insert(Ending { winner, rule });
    }
}

/// The ending after `mover` moved into a finished game whose value for `mover` is `v` (the
/// side then to move has `-v`): a win for the side with a positive value, else a draw.
fn ended(mover: Side, v: i32, rule: &'static str) -> Ending {
    let winner = match v.signum() {
        1 => Some(mover),
        -1 => Some(mover.other()),
        _ => None,
    };
    Ending { winner, rule }
}

/// Connect-4: after `mv`, `Some(1)` when it wins (for the mover), `Some(0)` when it fills the
/// board, `None` when the game goes on; an error for a malformed or illegal move.
fn connect4_step(size: BoardSize, moves: &str, mv: &str) -> Result<Option<i32>, String> {
    with_board!(size, |W, H| { connect4_step_on::<W, H>(moves, mv) })
}

fn connect4_step_on<const W: usize, const H: usize>(
    moves: &str,
    mv: &str,
) -> Result<Option<i32>, String> {
    let mut chars = mv.chars();
    let col = match (
        chars.next().and_then(|c| column_of_char(c, W)),
        chars.next(),
    ) {
        (Some(col), None) => col,
        _ => return Err(format!("`{mv}` is not a column of a {W}-wide board")),
    };
    let mut pos = Position::<W, H>::from_moves(moves).map_err(|e| e.to_string())?;
    if !pos.can_play(col) {
        return Err(format!("column `{mv}` is full"));
    }
    if pos.is_winning_move(col) {
        return Ok(Some(1));
    }
    pos.play_col(col);
    Ok((pos.nb_moves() >= Position::<W, H>::CELLS).then_some(0))
}

/// A textbook game (tic-tac-toe, a random tree) after `mv` (a move character `1`-`9`): the
/// value for the mover when it ends the game, `None` when it goes on; an error for a
/// malformed or illegal move.
fn textbook_step<G: Game>(game: &G, moves: &str, mv: &str) -> Result<Option<i32>, String> {
    let s = crate::game::replay(game, moves)?;
    let m = match mv.as_bytes() {
        [c @ b'1'..=b'9'] => c - b'1',
        _ => return Err(format!("`{mv}` is not a move 1-9")),
    };
    if !game.moves(&s).contains(&m) {
        return Err(format!("move `{mv}` is not legal here"));
    }
    let after = game.play(&s, m);
    Ok(game.is_terminal(&after).then(|| -game.utility(&after)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connect4_ends_at_four_in_a_row_and_rejects_illegal_moves() {
        let mut r = Referee::new(GameKind::CONNECT4, "121212").unwrap();
        assert_eq!(r.to_move(), Side::First);
        assert!(r.play("8").is_err() && r.play("x").is_err());
        r.play("1").unwrap();
        let e = r.ending().unwrap();
        assert_eq!((e.winner, e.rule), (Some(Side::First), "four in a row"));
        assert!(r.play("2").is_err());
        assert!(
            Referee::new(GameKind::CONNECT4, "1212121").is_err(),
            "decided"
        );
    }

    #[test]
    fn tictactoe_and_chess_endings() {
        let mut t = Referee::new(GameKind::TicTacToe, "1425").unwrap();
        assert!(t.play("4").is_err());
        assert_eq!(t.ending(), None);
        t.play("3").unwrap();
        let e = t.ending().unwrap();
        assert_eq!((e.winner, e.rule), (Some(Side::First), "three in a row"));
        assert!(Referee::check_move(GameKind::TicTacToe, "1425", "3").is_ok());
        let e = Referee::check_move(GameKind::TicTacToe, "1425", "1").unwrap_err();
        assert!(e.starts_with("illegal move `1` at position `1425`"), "{e}");
        assert!(Referee::check_move(GameKind::CONNECT4, "44", "9").is_err());
        let mut d = Referee::new(GameKind::TicTacToe, "15237468").unwrap();
        d.play("9").unwrap();
        assert_eq!(d.ending().unwrap().winner, None, "a full board draws");
        let mut c = Referee::new(GameKind::Chess, "f2f3 e7e5 g2g4").unwrap();
        assert_eq!(c.to_move(), Side::Second);
        assert!(c.play("e2e4").is_err());
        c.play("d8h4").unwrap();
        let e = c.ending().unwrap();
        assert_eq!((e.winner, e.rule), (Some(Side::Second), "checkmate"));
        assert_eq!(c.position(), "f2f3 e7e5 g2g4 d8h4");
    }

    #[test]
    fn chess_draws_by_fifty_moves_insufficient_material_and_threefold_repetition() {
        let mut f = Referee::new(GameKind::Chess, "8/8/8/4k3/8/8/8/4K2R w - - 99 80").unwrap();
        f.play("h1h2").unwrap();
        assert_eq!(
            f.ending(),
            Some(Ending {
                winner: None,
                rule: "50-move rule"
            })
        );
        let mut m = Referee::new(GameKind::Chess, "8/8/8/4k3/8/8/3r4/4K3 w - - 0 1").unwrap();
        m.play("e1d2").unwrap();
        assert_eq!(m.ending().unwrap().rule, "insufficient material");
        let shuffle = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1";
        let mut r = Referee::new(GameKind::Chess, shuffle).unwrap();
        assert_eq!(r.ending(), None, "the start position twice so far");
        r.play("f6g8").unwrap();
        assert_eq!(
            r.ending(),
            Some(Ending {
                winner: None,
                rule: "threefold repetition"
            })
        );
        assert!(
            Referee::new(GameKind::Chess, "f2f3 e7e5 g2g4 d8h4").is_err(),
            "already mated"
        );
    }
}
