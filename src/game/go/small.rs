//! A position of a small Go board (side 2 to 5) as bit sets ([`super::benson::Geom`]), with the
//! boards of its game so far (positional superko): what [`super::exact`] solves.

use super::benson::Geom;
use super::board::PASS;
use super::text;

/// A position: the stones of the side to move and of the opponent, the colour to move, the
/// passes in a row, and the boards of the game so far (positional superko).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The side.
    pub n: u32,
    /// The side to move's stones.
    pub own: u32,
    /// The opponent's stones.
    pub opp: u32,
    /// Black is to move.
    pub black: bool,
    /// Passes in a row just before (2: the game is over).
    pub passes: u8,
    /// Every board after a stone so far (`black | white << 32`), oldest first.
    pub history: Vec<u64>,
}

/// The exact key of a board: Black's stones, White's above them.
#[inline]
#[must_use]
pub fn board_key(own: u32, opp: u32, black: bool) -> u64 {
    let (b, w) = if black { (own, opp) } else { (opp, own) };
    u64::from(b) | u64::from(w) << 32
}

impl Position {
    /// The position after `moves` (GTP words, `pass`) from the empty board of side `n`, or why
    /// a move is not legal there.
    pub fn from_moves(n: u32, moves: &[&str]) -> Result<Self, String> {
        if !(2..=5).contains(&n) {
            return Err(format!("the exact solver plays sides 2 to 5, not {n}"));
        }
        let g = Geom::new(n);
        let mut p = Position {
            n,
            own: 0,
            opp: 0,
            black: true,
            passes: 0,
            history: Vec::new(),
        };
        for (i, t) in moves.iter().enumerate() {
            let bad = |why: &str| format!("move {} `{t}` on go{n}: {why}", i + 1);
            if p.passes >= 2 {
                return Err(bad("the game is over"));
            }
            let m = text::parse_point(n as usize, t).ok_or_else(|| bad("not a point"))?;
            if m == PASS {
                p.passes += 1;
            } else {
                let w = n as usize + 2;
                let (r, c) = (m as usize / w - 1, m as usize % w - 1);
                let bit = g.bit(r as u32, c as u32);
                if (p.own | p.opp) & bit != 0 {
                    return Err(bad("the point is taken"));
                }
                let (own, opp) = g.play(p.own, p.opp, bit).ok_or_else(|| bad("suicide"))?;
                let key = board_key(own, opp, p.black);
                if p.history.contains(&key) {
                    return Err(bad("positional superko"));
                }
                p.history.push(key);
                (p.own, p.opp, p.passes) = (own, opp, 0);
            }
            (p.own, p.opp, p.black) = (p.opp, p.own, !p.black);
        }
        Ok(p)
    }

    /// The position of a text `go:N MOVES` (the head optional).
    pub fn parse(n: u32, position: &str) -> Result<Self, String> {
        Self::from_moves(n, &text::moves_of(n as usize, position)?)
    }
}
