//! [`GameKind`]: the one name of a game, shared by engines (which game they play), experiments
//! (which game positions are drawn from) and move strings (how they are read).

use super::connect4::BoardSize;
use super::open::{self, GameDef};
use super::TreeShape;

/// A game the harness knows, with the parameters that decide its positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Connect-4 on a board of this size (7×6 unless `connect4:WxH`), moves are columns `1..=W`
    /// (then `a`..`c` past nine, see [`super::connect4::board`]).
    Connect4(BoardSize),
    /// Tic-tac-toe, moves are cells `1..=9` (row-major from the top left).
    TicTacToe,
    /// A uniform random tree of this shape; moves are child indices `1..=b`.
    RandomTree(TreeShape),
    /// Chess ([`super::chess`]); a position is its UCI move list from the start, or a FEN.
    Chess,
    /// A game added in one file ([`super::open`]); a position is the text its `parse` reads.
    Open(&'static GameDef),
}

impl GameKind {
    /// The game itself (kept while the runner still calls `exp.game.kind()`: the game an
    /// experiment draws from and the game an engine plays are now the same type).
    #[must_use]
    pub fn kind(&self) -> GameKind {
        *self
    }

    /// Connect-4 on the standard 7×6 board.
    pub const CONNECT4: GameKind = GameKind::Connect4(BoardSize::STANDARD);

    /// The Connect-4 board size, if this is Connect-4.
    #[must_use]
    pub fn board(&self) -> Option<BoardSize> {
        match self {
            GameKind::Connect4(b) => Some(*b),
            _ => None,
        }
    }

    /// Parse `connect4` (7×6), `connect4:WxH`, `tictactoe`, `tree:b=5,d=9`, `chess` or the
    /// name of a registered open game ([`open::register`]).
    pub fn parse(s: &str) -> Result<Self, String> {
        if let Some(def) = open::find(s) {
            return Ok(GameKind::Open(def));
        }
        builtin(s).map_err(|e| {
            let added = open::names();
            if added.is_empty() || !e.starts_with("unknown game") {
                return e;
            }
            format!("{}, {})", e.trim_end_matches(')'), added.join(", "))
        })
    }

    /// The position a line of text names (a line of standard input for `solve` and `moves`):
    /// for chess and games added in one file, whose positions may hold spaces, the line up to
    /// its first tab (a known-values file's `POSITION<TAB>VALUE` line reads as its position),
    /// trimmed; for Connect-4 and the textbook games, whose positions are one word, the first
    /// word (Pons' `MOVES SCORE` lines pipe in).
    #[must_use]
    pub fn position_of_line(self, line: &str) -> &str {
        match self {
            GameKind::Chess => line.split('\t').next().unwrap_or("").trim(),
            // an `.obf` line's position ends at its first `;`
            GameKind::Open(_) => line.split(['\t', ';']).next().unwrap_or("").trim(),
            _ => line.split_whitespace().next().unwrap_or(""),
        }
    }

    /// The exact values a line of an added game gives beside its position, to be checked:
    /// an `.obf` line's scored moves (`BOARD SIDE; G8:+18; H1:+12;`, the position's value the
    /// best of them), or a known-values line's `POSITION<TAB>VALUE`; `None` for a line without
    /// any, and for the other games' lines.
    pub fn known_of_line(self, line: &str) -> Result<Option<KnownLine>, String> {
        if !matches!(self, GameKind::Open(_)) {
            return Ok(None);
        }
        if super::othello::obf::is_obf(line) {
            let o = super::othello::obf::parse_line(line)?;
            return Ok(o.value().map(|value| KnownLine {
                value,
                moves: o.moves,
            }));
        }
        let Some((_, v)) = line.split_once('\t') else {
            return Ok(None);
        };
        let v = v.split('\t').next().unwrap_or("").trim();
        let value = v
            .parse()
            .map_err(|_| format!("`{v}` is not an integer value"))?;
        Ok(Some(KnownLine {
            value,
            moves: Vec::new(),
        }))
    }

    /// Longest game in plies.
    #[must_use]
    pub fn max_ply(&self) -> u32 {
        match self {
            GameKind::Connect4(b) => b.cells(),
            GameKind::TicTacToe => 9,
            GameKind::RandomTree(t) => u32::from(t.depth),
            GameKind::Chess => super::chess::MAX_PLY,
            GameKind::Open(def) => def.max_ply,
        }
    }
}

/// The exact values a line gives beside its position ([`GameKind::known_of_line`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownLine {
    /// The position's exact value for the side to move.
    pub value: i32,
    /// Each listed move's exact value (an `.obf` line), as lower-case move texts.
    pub moves: Vec<(String, i32)>,
}

/// Parse the name of a built-in game.
pub(super) fn builtin(s: &str) -> Result<GameKind, String> {
    match s {
        "connect4" => return Ok(GameKind::CONNECT4),
        "tictactoe" => return Ok(GameKind::TicTacToe),
        "chess" => return Ok(GameKind::Chess),
        _ => {}
    }
    if let Some(size) = s.strip_prefix("connect4:") {
        return size
            .parse()
            .map(GameKind::Connect4)
            .map_err(|e| format!("game `{s}`: {e}"));
    }
    let rest = s.strip_prefix("tree:").ok_or_else(|| {
        format!("unknown game `{s}` (connect4, connect4:WxH, tictactoe, tree:b=B,d=D, chess)")
    })?;
    tree(s, rest)
}

/// Parse the `b=B,d=D` of a random tree `s`.
fn tree(s: &str, rest: &str) -> Result<GameKind, String> {
    let (mut b, mut d) = (None, None);
    for kv in rest.split(',') {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| format!("game `{s}`: expected key=value"))?;
        let n: u8 = v
            .parse()
            .map_err(|_| format!("game `{s}`: `{v}` is not a number"))?;
        match k {
            "b" => b = Some(n),
            "d" => d = Some(n),
            _ => return Err(format!("game `{s}`: unknown key `{k}` (b, d)")),
        }
    }
    match (b, d) {
        (Some(branching), Some(depth))
            if TreeShape::BRANCHING.contains(&branching) && TreeShape::DEPTH.contains(&depth) =>
        {
            Ok(GameKind::RandomTree(TreeShape { branching, depth }))
        }
        _ => Err(format!("game `{s}`: needs b in 2..=9 and d in 1..=20")),
    }
}

impl std::fmt::Display for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameKind::Connect4(b) if b.is_standard() => f.write_str("connect4"),
            GameKind::Connect4(b) => write!(f, "connect4:{b}"),
            GameKind::TicTacToe => f.write_str("tictactoe"),
            GameKind::RandomTree(t) => write!(f, "tree:b={},d={}", t.branching, t.depth),
            GameKind::Chess => f.write_str("chess"),
            GameKind::Open(def) => f.write_str(def.name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_a_position_of_its_game() {
        assert_eq!(GameKind::CONNECT4.position_of_line("4453 -2"), "4453");
        assert_eq!(
            GameKind::Chess.position_of_line(" e2e4 e7e5 \n"),
            "e2e4 e7e5"
        );
        assert_eq!(GameKind::TicTacToe.position_of_line("15 x"), "15");
    }

    #[test]
    fn game_parse() {
        assert_eq!(GameKind::parse("connect4").unwrap(), GameKind::CONNECT4);
        assert_eq!(GameKind::parse("connect4:7x6").unwrap(), GameKind::CONNECT4);
        let g = GameKind::parse("connect4:5x4").unwrap();
        assert_eq!((g.to_string().as_str(), g.max_ply()), ("connect4:5x4", 20));
        assert_eq!(g.board(), Some("5x4".parse().unwrap()));
        let e = GameKind::parse("connect4:8x8").unwrap_err();
        assert!(e.contains("connect4:8x8") && e.contains("72 > 64"), "{e}");
        let e = GameKind::parse("connect4:3x4").unwrap_err();
        assert!(e.contains("at least 4"), "{e}");
        assert!(GameKind::parse("connect4:").is_err());
        let t = GameKind::parse("tree:b=5,d=9").unwrap();
        assert_eq!(t.to_string(), "tree:b=5,d=9");
        assert_eq!(GameKind::parse("chess").unwrap().to_string(), "chess");
        assert!(GameKind::parse("chess:960").is_err());
        assert!(GameKind::parse("tree:b=1,d=9").is_err());
        assert!(GameKind::parse("tree:b=9,d=21").is_err());
        assert_eq!(GameKind::parse("tree:d=20,b=9").unwrap().max_ply(), 20);
    }
}
