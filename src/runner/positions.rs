//! Seeded random positions: the same seed gives the same positions on every machine.
//!
//! Position `index` of ply `ply` is drawn from its own ChaCha8 stream, keyed by
//! `(seed, ply, index)` only, so adding plies or positions never changes the others. A draw plays
//! uniformly random legal moves (uniform integers by rejection sampling on `next_u32`, so the
//! result does not depend on any `rand` version); a draw that reaches a decided position (a move
//! completes four, or, when excluded, the side to move can win at once) starts again from the
//! same stream. Duplicates within a ply (same position, whatever the move order) are skipped and
//! the next index is drawn instead, so a ply has `count` distinct positions when that many exist.

use crate::game::chess;
use crate::game::connect4::board::{column_char, with_board};
use crate::game::connect4::Position;
use crate::game::{legal_moves, GameKind};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use std::collections::HashSet;

/// Temporary alias: the game positions are drawn from is the one [`GameKind`] (kept while
/// `runner/paired.rs` and other branches still name `PositionSpace`).
pub use crate::game::GameKind as PositionSpace;

/// One drawn position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drawn {
    pub ply: u32,
    /// The stream index it was drawn from (indices of skipped duplicates are not used).
    pub index: u32,
    pub moves: String,
    /// The exact score a positions file gives for it (Pons' test sets: `moves score`), checked
    /// as an oracle: an engine that differs is a disagreement. `None` for drawn positions.
    pub known: Option<i32>,
    /// A test suite's moves for it (EPD `bm`/`am`): what a quality run judges the chosen move
    /// by where no exact referee exists. `None` for drawn positions.
    pub suite: Option<SuiteMoves>,
}

/// The best moves and the moves to avoid a test suite gives for a position (EPD `bm`, `am`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuiteMoves {
    pub best: Vec<String>,
    pub avoid: Vec<String>,
}

impl SuiteMoves {
    /// Whether `mv` solves the position: one of the best moves when there are any, and none of
    /// the moves to avoid.
    #[must_use]
    pub fn solved_by(&self, mv: &str) -> bool {
        (self.best.is_empty() || self.best.iter().any(|m| m == mv))
            && !self.avoid.iter().any(|m| m == mv)
    }
}

/// The ChaCha8 stream of position `index` at `ply` under `seed`.
#[must_use]
pub fn stream(seed: u64, ply: u32, index: u32) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..12].copy_from_slice(&ply.to_le_bytes());
    key[12..16].copy_from_slice(&index.to_le_bytes());
    key[16..24].copy_from_slice(b"treebnch");
    ChaCha8Rng::from_seed(key)
}

/// A uniform integer in `0..n` by rejection sampling.
fn below(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    debug_assert!(n > 0);
    let zone = u32::MAX - (u32::MAX % n);
    loop {
        let x = rng.next_u32();
        if x < zone {
            return x % n;
        }
    }
}

/// Give up on a draw after this many restarts (a ply where no undecided position exists).
const MAX_RESTARTS: u32 = 10_000;

/// Draw position `index` of `ply`: a move string, or `None` if no undecided position was found.
/// `exclude_immediate_win` applies to every game (an added game says "wins at once" through
/// [`OpenGame::wins_at_once`](crate::game::OpenGame::wins_at_once)).
#[must_use]
pub fn draw(
    space: GameKind,
    seed: u64,
    ply: u32,
    index: u32,
    exclude_immediate_win: bool,
) -> Option<String> {
    let mut rng = stream(seed, ply, index);
    'restart: for _ in 0..MAX_RESTARTS {
        let mut moves = String::with_capacity(ply as usize);
        match space {
            GameKind::Connect4(size) => {
                let ok = with_board!(size, |W, H| {
                    connect4_walk::<W, H>(&mut rng, ply, exclude_immediate_win, &mut moves)
                });
                if !ok {
                    continue 'restart;
                }
            }
            GameKind::Chess => {
                let pick = |n: u32| below(&mut rng, n);
                match chess::random_walk(ply, exclude_immediate_win, pick) {
                    Some(p) => moves = p.moves().join(" "),
                    None => continue 'restart,
                }
            }
            GameKind::Open(def) => {
                match (def.draw)(ply, exclude_immediate_win, &mut |n| below(&mut rng, n)) {
                    Some(p) => moves = p,
                    None => continue 'restart,
                }
            }
            GameKind::TicTacToe | GameKind::RandomTree(_) => {
                for _ in 0..ply {
                    let legal = legal_moves(space, &moves).ok()?;
                    if legal.is_empty() {
                        continue 'restart;
                    }
                    moves.push(legal[below(&mut rng, legal.len() as u32) as usize] as char);
                }
                let after = legal_moves(space, &moves).ok()?;
                if after.is_empty() {
                    continue 'restart;
                }
                if exclude_immediate_win && space == GameKind::TicTacToe {
                    let wins = after.iter().any(|&m| {
                        let mut s = moves.clone();
                        s.push(m as char);
                        // the move ends the game and it is not a full-board draw
                        legal_moves(space, &s).is_ok_and(|l| l.is_empty()) && s.len() < 9
                    });
                    if wins {
                        continue 'restart;
                    }
                }
            }
        }
        return Some(moves);
    }
    None
}

/// One random walk of `ply` moves on a `W`×`H` board into `moves`: `false` when it must start
/// again (no legal move, a move that wins, a full board, or an immediate win when excluded).
fn connect4_walk<const W: usize, const H: usize>(
    rng: &mut ChaCha8Rng,
    ply: u32,
    exclude_immediate_win: bool,
    moves: &mut String,
) -> bool {
    let mut pos = Position::<W, H>::new();
    for _ in 0..ply {
        let legal: Vec<usize> = (0..W).filter(|&c| pos.can_play(c)).collect();
        if legal.is_empty() {
            return false;
        }
        let col = legal[below(rng, legal.len() as u32) as usize];
        if pos.is_winning_move(col) {
            return false;
        }
        pos.play_col(col);
        moves.push(column_char(col));
    }
    !(pos.nb_moves() >= Position::<W, H>::CELLS || (exclude_immediate_win && pos.can_win_next()))
}

/// A key identifying the position a move string reaches (for duplicate detection).
fn position_key(space: GameKind, moves: &str) -> String {
    match space {
        GameKind::Connect4(size) => with_board!(size, |W, H| {
            Position::<W, H>::from_moves(moves)
                .map_or_else(|_| moves.to_string(), |p| p.key().to_string())
        }),
        GameKind::TicTacToe => {
            // cells owned by each side, in play order parity
            let mut cells = [b'.'; 9];
            for (i, c) in moves.bytes().enumerate() {
                cells[(c - b'1') as usize] = if i % 2 == 0 { b'x' } else { b'o' };
            }
            String::from_utf8_lossy(&cells).into_owned()
        }
        // an open game's texts are equal exactly when the positions are (`OpenGame::text`)
        GameKind::RandomTree(_) | GameKind::Open(_) => moves.to_string(),
        GameKind::Chess => chess::ChessPosition::parse(moves)
            .map_or_else(|_| moves.to_string(), |p| format!("{:016x}", p.key())),
    }
}

/// The first `count` distinct positions of `ply`, in index order. Fewer if the ply has fewer
/// distinct undecided positions than asked for (the search stops after `count·20 + 1000` draws,
/// and at the first draw that finds none in [`MAX_RESTARTS`] walks: the ply is out of reach,
/// and every further draw would walk as long for nothing; a served game's walks are requests).
///
/// ```
/// use treebench::game::GameKind;
/// use treebench::runner::positions::{draw, positions_for_ply};
///
/// let p = positions_for_ply(GameKind::CONNECT4, 42, 12, 5, true);
/// assert_eq!(p.len(), 5);
/// for d in &p {
///     // 12 moves, columns 1 to 7, and the same move string as drawing its index alone
///     assert_eq!((d.ply, d.moves.len()), (12, 12));
///     assert!(d.moves.bytes().all(|c| (b'1'..=b'7').contains(&c)));
///     assert_eq!(draw(GameKind::CONNECT4, 42, 12, d.index, true).as_deref(), Some(&*d.moves));
/// }
/// // Seeded: the same seed draws the same positions, another seed others.
/// assert_eq!(p, positions_for_ply(GameKind::CONNECT4, 42, 12, 5, true));
/// assert_ne!(p, positions_for_ply(GameKind::CONNECT4, 43, 12, 5, true));
/// ```
#[must_use]
pub fn positions_for_ply(
    space: GameKind,
    seed: u64,
    ply: u32,
    count: u32,
    exclude_immediate_win: bool,
) -> Vec<Drawn> {
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(count.min(1 << 12) as usize);
    let budget = count.saturating_mul(20).saturating_add(1000);
    let mut index = 0u32;
    while (out.len() as u32) < count && index < budget {
        let Some(moves) = draw(space, seed, ply, index, exclude_immediate_win) else {
            break;
        };
        if seen.insert(position_key(space, &moves)) {
            out.push(Drawn {
                ply,
                index,
                moves,
                known: None,
                suite: None,
            });
        }
        index += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_independent() {
        let a = positions_for_ply(GameKind::CONNECT4, 7, 12, 10, true);
        let b = positions_for_ply(GameKind::CONNECT4, 7, 12, 20, true);
        assert_eq!(a.len(), 10);
        assert_eq!(a[..], b[..10], "adding positions keeps the first ones");
        for d in &a {
            assert_eq!(d.moves.len(), 12);
            let p = crate::game::connect4::Board::from_moves(&d.moves).expect("undecided");
            assert!(!p.can_win_next());
        }
        let c = positions_for_ply(GameKind::CONNECT4, 8, 12, 10, true);
        assert_ne!(a, c, "the seed matters");
    }

    #[test]
    fn small_plies_stop_at_the_distinct_count() {
        let a = positions_for_ply(GameKind::CONNECT4, 1, 1, 50, true);
        assert_eq!(a.len(), 7, "seven distinct first moves");
        let t = positions_for_ply(GameKind::TicTacToe, 1, 1, 50, true);
        assert_eq!(t.len(), 9);
    }

    #[test]
    fn other_boards_draw_legal_positions() {
        let g = GameKind::parse("connect4:5x4").unwrap();
        let a = positions_for_ply(g, 3, 1, 50, true);
        assert_eq!(a.len(), 5, "five distinct first moves on a 5-wide board");
        let v = positions_for_ply(g, 3, 12, 20, true);
        assert_eq!(v.len(), 20);
        for d in &v {
            assert_eq!(d.moves.len(), 12);
            let p = Position::<5, 4>::from_moves(&d.moves).expect("legal on 5x4");
            assert!(!p.can_win_next() && p.nb_moves() < 20);
        }
        // a 10-wide board writes column 10 as `a`
        let w = GameKind::parse("connect4:10x4").unwrap();
        let v = positions_for_ply(w, 1, 1, 50, true);
        let mut firsts: Vec<String> = v.into_iter().map(|d| d.moves).collect();
        firsts.sort();
        assert_eq!(firsts.concat(), "123456789a");
        // the 7x6 draws are the ones they always were
        let std = positions_for_ply(GameKind::CONNECT4, 7, 12, 3, true);
        let via = positions_for_ply(GameKind::parse("connect4:7x6").unwrap(), 7, 12, 3, true);
        assert_eq!(std, via);
    }
}
