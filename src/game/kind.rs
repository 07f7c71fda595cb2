//! [`GameKind`]: the one name of a game, shared by engines (which game they play), experiments
//! (which game positions are drawn from) and move strings (how they are read).

use super::TreeShape;

/// A game the harness knows, with the parameters that decide its positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Connect-4 on a 7×6 board, moves are columns `1..=7`.
    Connect4,
    /// Tic-tac-toe, moves are cells `1..=9` (row-major from the top left).
    TicTacToe,
    /// A uniform random tree of this shape; moves are child indices `1..=b`.
    RandomTree(TreeShape),
}

impl GameKind {
    /// The game itself (kept while the runner still calls `exp.game.kind()`: the game an
    /// experiment draws from and the game an engine plays are now the same type).
    #[must_use]
    pub fn kind(&self) -> GameKind {
        *self
    }

    /// Parse `connect4`, `tictactoe` or `tree:b=5,d=9`.
    pub fn parse(s: &str) -> Result<Self, String> {
        match s {
            "connect4" => Ok(GameKind::Connect4),
            "tictactoe" => Ok(GameKind::TicTacToe),
            _ => {
                let rest = s.strip_prefix("tree:").ok_or_else(|| {
                    format!("unknown game `{s}` (connect4, tictactoe, tree:b=B,d=D)")
                })?;
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
                        if TreeShape::BRANCHING.contains(&branching)
                            && TreeShape::DEPTH.contains(&depth) =>
                    {
                        Ok(GameKind::RandomTree(TreeShape { branching, depth }))
                    }
                    _ => Err(format!("game `{s}`: needs b in 2..=9 and d in 1..=20")),
                }
            }
        }
    }

    /// Longest game in plies.
    #[must_use]
    pub fn max_ply(&self) -> u32 {
        match self {
            GameKind::Connect4 => 42,
            GameKind::TicTacToe => 9,
            GameKind::RandomTree(t) => u32::from(t.depth),
        }
    }
}

impl std::fmt::Display for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameKind::Connect4 => f.write_str("connect4"),
            GameKind::TicTacToe => f.write_str("tictactoe"),
            GameKind::RandomTree(t) => write!(f, "tree:b={},d={}", t.branching, t.depth),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_parse() {
        assert_eq!(GameKind::parse("connect4").unwrap(), GameKind::Connect4);
        let t = GameKind::parse("tree:b=5,d=9").unwrap();
        assert_eq!(t.to_string(), "tree:b=5,d=9");
        assert!(GameKind::parse("chess").is_err());
        assert!(GameKind::parse("tree:b=1,d=9").is_err());
        assert!(GameKind::parse("tree:b=9,d=21").is_err());
        assert_eq!(GameKind::parse("tree:d=20,b=9").unwrap().max_ply(), 20);
    }
}
