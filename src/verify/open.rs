//! `verify --game NAME` for an open game ([`crate::game::open`]):
//!
//! - the structural checks of its rules ([`super::structure`]: round trip, legal moves,
//!   distinct keys, terminal, bounds);
//! - the generic core's checks ([`super::generic::verify_game`]: the brute-force oracle, driver
//!   agreement, `draft=ge`, the mutants) on the game's seeded positions;
//! - the end of the game: every driver and variant searched to the end against an exact value,
//!   from the game's closed form where it has one, else from brute force to the end within
//!   [`END_BUDGET`] nodes (the positions out of reach are counted and named in the table), and
//!   from a known-values file where one is given (`--known FILE`).

use super::generic::GenericReport;
use super::generic::{compare, minimax_full_qs, variants, verify_game, GenericFailure};
use super::structure::check_structure;
use crate::engine::generic::Config;
use crate::game::{GameKind, KnownValue, OpenGame, SearchGame};
use crate::runner::positions::positions_for_ply;
use std::path::Path;

/// The most nodes brute force to the end may visit for one position (no pruning, no table);
/// a larger tree is out of reach and counted as skipped.
pub const END_BUDGET: u64 = 1_000_000;

/// What the end-of-game check did.
#[derive(Debug, Clone, Default)]
pub struct EndOfGame {
    /// Seeded positions whose exact value came from the closed form.
    pub closed_form: usize,
    /// Seeded positions whose exact value came from brute force to the end.
    pub brute_force: usize,
    /// Seeded positions with neither (no closed form, tree over [`END_BUDGET`] nodes).
    pub out_of_reach: usize,
    /// The known-values file and how many of its positions were checked.
    pub known: Option<(String, usize)>,
    /// Searches compared with an exact value.
    pub searches: usize,
}

impl EndOfGame {
    /// The row of the verify table, with `status` (passed / FAILED on k).
    #[must_use]
    pub fn row(&self, status: String) -> String {
        let known = match &self.known {
            Some((file, n)) => format!("; {n} positions of {file}"),
            None => String::new(),
        };
        format!(
            "| end of game (every driver and variant searched to the end = the exact value: {} seeded positions by the closed form, {} by brute force to the end; {} out of reach of brute force ({END_BUDGET} nodes), not checked to the end{known}) | {} | {status} |",
            self.closed_form, self.brute_force, self.out_of_reach, self.searches
        )
    }
}

/// The checks of `G` (which `kind` names) on `per_ply` seeded positions (seed `seed`) at every
/// ply below [`OpenGame::MAX_PLY`]: the structure, brute force at [`OpenGame::ORACLE_DEPTHS`],
/// the drivers at [`OpenGame::CHECK_DEPTH`], the end of the game, and the known values of
/// `known` where given.
pub fn verify_open<G: OpenGame>(
    kind: GameKind,
    per_ply: u32,
    seed: u64,
    known: Option<&Path>,
) -> Result<GenericReport, String> {
    let game = G::default();
    let known = match known {
        Some(path) => Some((path, crate::game::open::read_known_values(path)?)),
        None => None,
    };
    let structure = check_structure(&game);
    if structure.failure_count > 0 {
        return Ok(GenericReport {
            game: G::NAME.to_string(),
            structure: Some(structure),
            not_run: Some("the rules failed the structural checks (below)".into()),
            ..GenericReport::default()
        });
    }
    let drawn: Vec<(u32, String)> = (0..G::MAX_PLY)
        .flat_map(|ply| positions_for_ply(kind, seed, ply, per_ply, false))
        .map(|d| (d.ply, d.moves))
        .collect();
    if drawn.is_empty() {
        return Err(format!("{}: no seeded position was drawn", G::NAME));
    }
    let texts: Vec<String> = drawn.iter().map(|(_, t)| t.clone()).collect();
    let (depth, qs) = G::CHECK_DEPTH;
    let mut r = verify_game(&game, G::NAME, &texts, G::ORACLE_DEPTHS, depth, qs)?;
    r.structure = Some(structure);
    let mut end = EndOfGame::default();
    for (ply, text) in &drawn {
        let root = game.parse(text)?;
        let to_end = G::MAX_PLY.saturating_sub(*ply).max(1);
        let closed_form = game.closed_form(&root);
        let (check, exact) = match closed_form {
            Some(c) => ("closed form", Some((c.value, c.depth.max(1)))),
            None => ("end of game", brute_force_to_end(&game, &root, to_end)),
        };
        let Some((value, depth)) = exact else {
            end.out_of_reach += 1;
            continue;
        };
        let configs = variants(depth, false);
        let n = compare(&game, check, text, &root, value, &configs, &mut r.failures);
        end.searches += n;
        if closed_form.is_some() {
            end.closed_form += 1;
            r.closed_form_searches += n;
        } else {
            end.brute_force += 1;
        }
    }
    if let Some((path, values)) = known {
        end.searches += check_known(&game, &values, &mut r.failures)?;
        end.known = Some((path.display().to_string(), values.len()));
    }
    r.end_of_game = Some(end);
    Ok(r)
}

/// The exact value of `root` by brute force to the end (`depth` plies reach it) and that depth,
/// or `None` when the tree holds more than [`END_BUDGET`] nodes.
fn brute_force_to_end<G: SearchGame>(game: &G, root: &G::State, depth: u32) -> Option<(i32, u32)> {
    let mut budget = END_BUDGET;
    let v = minimax_full_qs(game, root, depth, 0, &mut budget)?;
    Some((game.report(v), depth))
}

/// Every driver and variant searched to the end ([`OpenGame::MAX_PLY`] plies, or fewer where
/// the file gives the ply) on every position of a known-values file, with a table (without one,
/// a search to the end from an early position can take hours); failures into `out`. The number
/// of searches.
fn check_known<G: OpenGame>(
    game: &G,
    values: &[KnownValue],
    out: &mut Vec<GenericFailure>,
) -> Result<usize, String> {
    let mut searches = 0;
    for k in values {
        let root = game
            .parse(&k.position)
            .map_err(|e| format!("known value `{}`: {e}", k.position))?;
        let depth = G::MAX_PLY.saturating_sub(k.ply.unwrap_or(0)).max(1);
        let configs: Vec<Config> = variants(depth, false)
            .into_iter()
            .filter(|c| c.tt_bits > 0)
            .collect();
        searches += compare(
            game,
            "known values",
            &k.position,
            &root,
            k.value,
            &configs,
            out,
        );
    }
    Ok(searches)
}
