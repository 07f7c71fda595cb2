//! `verify --game NAME` for an open game ([`crate::game::open`]): the generic core's checks
//! ([`super::generic::verify_game`]: the brute-force oracle, driver agreement, `draft=ge`, the
//! mutants) on the game's seeded positions, and, where the game has a closed form, every driver
//! and variant searched to the end against it.

use super::generic::{compare, variants, verify_game, GenericReport};
use crate::game::{GameKind, OpenGame};
use crate::runner::positions::positions_for_ply;

/// The checks of `G` (which `kind` names) on `per_ply` seeded positions (seed `seed`) at every
/// ply below [`OpenGame::MAX_PLY`]: brute force at [`OpenGame::ORACLE_DEPTHS`], the drivers at
/// [`OpenGame::CHECK_DEPTH`], the closed form at [`OpenGame::closed_form`]'s depth.
pub fn verify_open<G: OpenGame>(
    kind: GameKind,
    per_ply: u32,
    seed: u64,
) -> Result<GenericReport, String> {
    let game = G::default();
    let positions: Vec<String> = (0..G::MAX_PLY)
        .flat_map(|ply| positions_for_ply(kind, seed, ply, per_ply, false))
        .map(|d| d.moves)
        .collect();
    if positions.is_empty() {
        return Err(format!("{}: no seeded position was drawn", G::NAME));
    }
    let (depth, qs) = G::CHECK_DEPTH;
    let mut r = verify_game(&game, G::NAME, &positions, G::ORACLE_DEPTHS, depth, qs)?;
    for text in &positions {
        let root = game.parse(text)?;
        let Some(exact) = game.closed_form(&root) else {
            continue;
        };
        let configs = variants(exact.depth.max(1), false);
        let check = "closed form";
        r.closed_form_searches += compare(
            &game,
            check,
            text,
            &root,
            exact.value,
            &configs,
            &mut r.failures,
        );
    }
    Ok(r)
}
