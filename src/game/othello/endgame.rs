//! Othello's endgame switches, options of every `othello-*` engine of the generic core beside
//! the core's own ([`SearchGame::set_option`](crate::game::SearchGame::set_option)):
//!
//! - `fastest=on|off` (on by default): fastest-first ordering, the moves that leave the
//!   opponent fewest replies first (a corner worth two replies fewer);
//! - `parity=on|off` (off by default): a move into a quadrant with an odd number of empty
//!   squares first (worth one reply fewer under `fastest`; alone, the odd quadrants first);
//! - `last=off|on|N` (off by default; `on` is [`LAST_ON`] empties): a position with at most
//!   `N` empty squares is solved by [`solve_last`], a plain fail-soft alpha-beta over the empty
//!   squares with flips computed square by square: no table, no ordering, no key, when the
//!   search's depth reaches the end of every line from it (twice its empties); with
//!   `stable=on` it tries the stability cut-off too, at 4 empties or more;
//! - `stable=on|off` (off by default): the stability cut-off (Edax's `search_SC_NWS`): where the
//!   depth reaches the end, a node whose `alpha` is at least `N² − 2·s`, `s` the opponent's
//!   stable discs ([`super::stable::stable_discs`]), fails low at once with that bound (counted
//!   as a leaf); tried only when the opponent holds enough discs for it;
//! - `weighted=off|on|N` (off by default; `on` is [`WEIGHTED_ON`] empties): at `N` empties or
//!   more, moves are ordered by Edax's fast ordering ([`super::stable::weighted_hint`]: the
//!   opponent's replies with corners twice, the mover's corner stability, the opponent's
//!   potential mobility, the square's value) instead of `fastest`'s formula (`parity` still adds
//!   its bonus, scaled to Edax's weight);
//! - `shallow=off|on|N` (off by default; `on` is [`SHALLOW_ON`] empties): at `N` empties or
//!   more, each move is ordered by [`shallow_value`], a [`SHALLOW_DEPTH`]-ply search below it
//!   over the horizon's evaluation, `weighted`'s formula breaking its ties;
//! - `deep=off|on|N` (off by default; `on` is [`DEEP_ON`] empties): where `shallow=N` orders
//!   (`Othello`'s order hint), at `N` empties or more its search goes one ply deeper below each
//!   move ([`SHALLOW_DEPTH`] + 1);
//! - `sym=off|on|N` (off by default; `on` is [`SYM_ON`] empties): at `N` empties or more, the
//!   table's key is the least of the position's 8 images under the square's symmetries
//!   ([`super::bits::canonical`]), so symmetric positions share one entry, its move kept in
//!   that image's frame.
//!
//! None changes a value searched to the end (`verify --game othello6` searches with each
//! setting of [`Othello::option_variants`](super::Othello) and `tests/othello.rs` solves FFO
//! positions with every combination).

use super::bits::{corners, flips, legal};
use super::stable::stability_bound;
use crate::game::NodeCount;

/// The empties `last=on` solves by [`solve_last`].
pub const LAST_ON: u8 = 6;
/// The most empties `last=N` takes.
pub const LAST_MAX: u8 = 12;
/// The empties from which `weighted=on` orders by Edax's fast ordering.
pub const WEIGHTED_ON: u8 = 7;
/// The empties from which `sym=on` keys the table by the least symmetric image.
pub const SYM_ON: u8 = 12;
/// The empties from which `shallow=on` orders by a shallow search.
pub const SHALLOW_ON: u8 = 14;
/// The plies of `shallow`'s search below each move.
pub const SHALLOW_DEPTH: u32 = 2;
/// The empties from which `deep=on` searches one ply more below each move.
pub const DEEP_ON: u8 = 18;
/// The weight of a point of `shallow`'s value in the order hint: half a reply of
/// [`super::stable::weighted_hint`] (whose replies weigh `2^15`), which breaks its ties.
pub const SHALLOW_WEIGHT: i32 = 1 << 14;
/// The keys of Othello's options.
pub const KEYS: &str = "fastest, parity, last, stable, weighted, sym, shallow, deep";

/// Othello's switches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Switches {
    pub fastest: bool,
    pub parity: bool,
    /// Solve by [`solve_last`] at this many empties or fewer; 0 off.
    pub last: u8,
    /// The stability cut-off.
    pub stable: bool,
    /// Order by [`super::stable::weighted_hint`] at this many empties or more; 0 off.
    pub weighted: u8,
    /// Key the table by the least symmetric image at this many empties or more; 0 off.
    pub sym: u8,
    /// Order by [`shallow_value`] at this many empties or more; 0 off.
    pub shallow: u8,
    /// Where `shallow` orders, search one ply more at this many empties or more; 0 off.
    pub deep: u8,
}

impl Default for Switches {
    fn default() -> Self {
        Self {
            fastest: true,
            parity: false,
            last: 0,
            stable: false,
            weighted: 0,
            sym: 0,
            shallow: 0,
            deep: 0,
        }
    }
}

fn on_off(key: &str, v: &str) -> Result<bool, String> {
    match v {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("option `{key}={v}`: expected on or off")),
    }
}

/// `off` (0), `on` (`on`) or a number of empties up to `max`.
fn parse_empties(key: &str, v: &str, on: u8, max: u8) -> Result<u8, String> {
    match v {
        "off" => Ok(0),
        "on" => Ok(on),
        _ => match v.parse::<u8>() {
            Ok(n) if n <= max => Ok(n),
            _ => Err(format!(
                "option `{key}={v}`: expected on, off or a number of empties in 0..={max}"
            )),
        },
    }
}

impl Switches {
    /// Apply `key=value`; `None` when `key` is not Othello's.
    pub fn set(&mut self, key: &str, v: &str) -> Option<Result<(), String>> {
        let r = match key {
            "fastest" => on_off(key, v).map(|b| self.fastest = b),
            "parity" => on_off(key, v).map(|b| self.parity = b),
            "last" => parse_empties(key, v, LAST_ON, LAST_MAX).map(|n| self.last = n),
            "stable" => on_off(key, v).map(|b| self.stable = b),
            "weighted" => parse_empties(key, v, WEIGHTED_ON, 64).map(|n| self.weighted = n),
            "sym" => parse_empties(key, v, SYM_ON, 64).map(|n| self.sym = n),
            "shallow" => parse_empties(key, v, SHALLOW_ON, 64).map(|n| self.shallow = n),
            "deep" => parse_empties(key, v, DEEP_ON, 64).map(|n| self.deep = n),
            _ => return None,
        };
        Some(r)
    }

    /// The options that differ from the default, in a fixed order.
    #[must_use]
    pub fn text(&self) -> String {
        let d = Self::default();
        let mut out = Vec::new();
        if self.fastest != d.fastest {
            out.push(format!(
                "fastest={}",
                if self.fastest { "on" } else { "off" }
            ));
        }
        if self.parity != d.parity {
            out.push(format!("parity={}", if self.parity { "on" } else { "off" }));
        }
        if self.last != d.last {
            out.push(format!("last={}", self.last));
        }
        if self.stable != d.stable {
            out.push(format!("stable={}", if self.stable { "on" } else { "off" }));
        }
        if self.weighted != d.weighted {
            out.push(format!("weighted={}", self.weighted));
        }
        if self.sym != d.sym {
            out.push(format!("sym={}", self.sym));
        }
        if self.shallow != d.shallow {
            out.push(format!("shallow={}", self.shallow));
        }
        if self.deep != d.deep {
            out.push(format!("deep={}", self.deep));
        }
        out.join(",")
    }

    /// The settings `verify --game` checks beside the default: each switch flipped alone, and
    /// every one flipped together.
    #[must_use]
    pub fn variants() -> Vec<Self> {
        let d = Self::default();
        vec![
            Self {
                fastest: false,
                ..d
            },
            Self { parity: true, ..d },
            Self { last: 4, ..d },
            Self { stable: true, ..d },
            Self { weighted: 1, ..d },
            Self { sym: 1, ..d },
            Self { shallow: 1, ..d },
            Self {
                shallow: 1,
                deep: 3,
                ..d
            },
            Self {
                fastest: false,
                parity: true,
                last: LAST_ON,
                stable: true,
                weighted: 8,
                sym: 3,
                shallow: 5,
                deep: 6,
            },
        ]
    }
}

/// The quadrant of square `sq` on the square of side `n` (8 or 6): its squares.
#[inline]
#[must_use]
pub fn quadrant(sq: u8, n: u32) -> u64 {
    let half = n / 2;
    let row = (u32::from(sq) / 8) / half;
    let col = (u32::from(sq) % 8) / half;
    let line = (1u64 << half) - 1;
    let mut q = 0u64;
    for r in 0..half {
        q |= line << (r * 8);
    }
    q << (row * half * 8 + col * half)
}

/// Whether the quadrant of `sq` holds an odd number of the `empties`.
#[inline]
#[must_use]
pub fn odd_region(sq: u8, empties: u64, n: u32) -> bool {
    (empties & quadrant(sq, n)).count_ones() & 1 == 1
}

/// The final score for the side with `own`: the disc difference, the empties to the winner.
#[inline]
fn final_score(own: u64, other: u64, empties: u64) -> i32 {
    let (a, b) = (own.count_ones() as i32, other.count_ones() as i32);
    let e = empties.count_ones() as i32;
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => a - b + e,
        std::cmp::Ordering::Less => a - b - e,
        std::cmp::Ordering::Equal => 0,
    }
}

/// The board [`solve_last`] plays on: its squares, its side, and whether it tries the
/// stability cut-off (`stable=on`) at 4 empties or more.
#[derive(Debug, Clone, Copy)]
pub struct LastBoard {
    pub mask: u64,
    pub n: u32,
    pub stable: bool,
}

/// The exact value for `own` to move against `other` with the `empties` (on the board `b`)
/// by fail-soft alpha-beta: every empty square tried in square order, its flips computed
/// directly; a pass when no square flips and the other side can move; the end else. Every
/// position counted in `count` (a pass's position too). With `b.stable`, a position of 4
/// empties or more whose `alpha` the stability bound meets fails low at once (a leaf).
pub fn solve_last(
    own: u64,
    other: u64,
    empties: u64,
    b: LastBoard,
    alpha: i32,
    beta: i32,
    count: &mut NodeCount,
) -> i32 {
    if empties & empties.wrapping_sub(1) == 0 {
        return solve_one(own, other, empties, count);
    }
    if b.stable && empties.count_ones() >= 4 {
        if let Some(upper) = stability_bound(own, other, b.mask, b.n, alpha) {
            count.leaves += 1;
            return upper;
        }
    }
    let mut best = i32::MIN;
    let mut rest = empties;
    while rest != 0 {
        let sq = rest.trailing_zeros();
        rest &= rest - 1;
        let f = flips(own, other, sq);
        if f == 0 {
            continue;
        }
        if best == i32::MIN {
            count.interior += 1;
        }
        let bit = 1u64 << sq;
        let a = alpha.max(best);
        let v = -solve_last(
            other & !f,
            own | f | bit,
            empties & !bit,
            b,
            -beta,
            -a,
            count,
        );
        if v > best {
            best = v;
            if best >= beta {
                return best;
            }
        }
    }
    if best != i32::MIN {
        return best;
    }
    if legal(other, own, b.mask) != 0 {
        count.interior += 1;
        return -solve_last(other, own, empties, b, -beta, -alpha, count);
    }
    count.leaves += 1;
    final_score(own, other, empties)
}

/// [`solve_last`] at one empty square or none, without its loop and pass test: the same
/// value and the same positions counted (the move, the pass, the end), each square's flips
/// computed once a side.
#[inline]
fn solve_one(own: u64, other: u64, empty: u64, count: &mut NodeCount) -> i32 {
    if empty == 0 {
        count.leaves += 1;
        return final_score(own, other, 0);
    }
    let sq = empty.trailing_zeros();
    let f = flips(own, other, sq);
    if f != 0 {
        count.interior += 1;
        count.leaves += 1;
        return final_score(own | f | empty, other & !f, 0);
    }
    let g = flips(other, own, sq);
    count.leaves += 1;
    if g != 0 {
        count.interior += 2;
        return -final_score(other | g | empty, own & !g, 0);
    }
    final_score(own, other, empty)
}

/// The horizon's evaluation for `own` (whose legal moves are `mob`) against `other`: corners 4
/// a disc, mobility 1 a move (Othello's `evaluate` before its clamp).
#[inline]
#[must_use]
pub fn horizon_score(own: u64, other: u64, mob: u64, mask: u64, n: u32) -> i32 {
    let c = corners(n);
    let corner = (own & c).count_ones() as i32 - (other & c).count_ones() as i32;
    let theirs = legal(other, own, mask).count_ones() as i32;
    4 * corner + mob.count_ones() as i32 - theirs
}

/// Negamax to `depth` plies over the horizon's evaluation (corners 4 a disc, mobility 1 a
/// move; a finished game its final score), fail-soft alpha-beta, no table, passes free: the
/// shallow search that orders the moves of positions with many empties (`shallow=N`).
pub fn shallow_value(own: u64, other: u64, b: LastBoard, depth: u32, alpha: i32, beta: i32) -> i32 {
    let mob = legal(own, other, b.mask);
    if mob == 0 {
        let theirs = legal(other, own, b.mask);
        if theirs == 0 {
            return final_score(own, other, !(own | other) & b.mask);
        }
        return -shallow_value(other, own, b, depth, -beta, -alpha);
    }
    if depth == 0 {
        return horizon_score(own, other, mob, b.mask, b.n);
    }
    let mut best = -i32::MAX;
    let mut rest = mob;
    while rest != 0 {
        let sq = rest.trailing_zeros();
        rest &= rest - 1;
        let f = flips(own, other, sq);
        let a = alpha.max(best);
        let v = -shallow_value(other & !f, own | f | 1 << sq, b, depth - 1, -beta, -a);
        if v > best {
            best = v;
            if best >= beta {
                break;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quadrants_cover_the_board_once() {
        for n in [8u32, 6] {
            let mut all = 0u64;
            for r in 0..n {
                for c in 0..n {
                    let sq = (r * 8 + c) as u8;
                    let q = quadrant(sq, n);
                    assert_eq!(q.count_ones(), n * n / 4);
                    assert_eq!(q >> sq & 1, 1, "{sq} outside its quadrant");
                    all |= q;
                }
            }
            let mask = if n == 8 {
                u64::MAX
            } else {
                super::super::bits::MASK6
            };
            assert_eq!(all, mask);
        }
    }

    #[test]
    fn options_parse_and_print() {
        let mut s = Switches::default();
        assert!(s.set("depth", "3").is_none());
        s.set("parity", "on").unwrap().unwrap();
        s.set("last", "on").unwrap().unwrap();
        s.set("fastest", "off").unwrap().unwrap();
        assert_eq!(s.text(), format!("fastest=off,parity=on,last={LAST_ON}"));
        assert!(s.set("last", "13").unwrap().is_err());
        assert!(s.set("parity", "yes").unwrap().is_err());
        assert_eq!(Switches::default().text(), "");
    }
}
