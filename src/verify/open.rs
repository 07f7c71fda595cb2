//! `verify --game NAME` for an open game ([`crate::game::open`]):
//!
//! - the structural checks of its rules ([`super::structure`]: round trip, legal moves,
//!   distinct keys, terminal, bounds);
//! - the generic core's checks ([`super::generic::verify_game`]: the brute-force oracle, driver
//!   agreement, `draft=ge`, the mutants) on the game's seeded positions;
//! - the end of the game: every driver and variant searched to the end against an exact value,
//!   from the game's closed form where it has one, else from brute force to the end within
//!   [`OpenGame::END_BUDGET`] nodes (the positions out of reach are counted and named in the table), and
//!   from a known-values file where one is given (`--known FILE`); brute force to the end also
//!   checks [`OpenGame::MAX_PLY`]: a line still going on `MAX_PLY` plies from the start is a
//!   failure naming the position (a search "to the end" would stop short there);
//! - [`SearchGame::proven`]'s contract: a proven value of a search at
//!   [`OpenGame::CHECK_DEPTH`] must be the exact value;
//! - whether any value was checked against a source outside the game's own `terminal()` (a
//!   closed form, a known-values file): without one a terminal value from the wrong side passes
//!   every check here, and the report says so in its own row.

use super::generic::GenericReport;
use super::generic::{compare, variants, verify_game, GenericFailure};
use super::structure::check_structure;
use crate::engine::generic::Config;
use crate::game::{GameKind, KnownValue, MoveList, OpenGame};
use crate::runner::positions::positions_for_ply;
use std::path::Path;

/// What the end-of-game check did.
#[derive(Debug, Clone, Default)]
pub struct EndOfGame {
    /// Seeded positions whose exact value came from the closed form.
    pub closed_form: usize,
    /// Seeded positions whose exact value came from brute force to the end.
    pub brute_force: usize,
    /// Seeded positions with neither (no closed form, tree over the budget).
    pub out_of_reach: usize,
    /// The known-values file and how many of its positions were checked.
    pub known: Option<(String, usize)>,
    /// Searches compared with an exact value.
    pub searches: usize,
    /// Positions of lines still going on [`OpenGame::MAX_PLY`] plies from the start (at most
    /// [`KEEP_UNFINISHED`] kept) and how many in all: `MAX_PLY` is too small.
    pub unfinished: Vec<String>,
    pub unfinished_count: usize,
    /// Depth-limited searches whose proven value was checked against the exact one, and how
    /// many proved a value at all.
    pub proven_searches: usize,
    pub proven_claims: usize,
    /// The game's [`OpenGame::END_BUDGET`]: brute force to the end gives up past it.
    pub budget: u64,
}

/// The unfinished positions named in the report.
const KEEP_UNFINISHED: usize = 5;

impl EndOfGame {
    /// The row of the verify table, with `status` (passed / FAILED on k).
    #[must_use]
    pub fn row(&self, status: String) -> String {
        let known = match &self.known {
            Some((file, n)) => format!("; {n} positions of {file}"),
            None => String::new(),
        };
        format!(
            "| end of game (every driver and variant searched to the end = the exact value: {} seeded positions by the closed form, {} by brute force to the end; {} out of reach of brute force ({} nodes), not checked to the end{known}) | {} | {status} |",
            self.closed_form, self.brute_force, self.out_of_reach, self.budget, self.searches
        )
    }

    /// The rows of the game's length, `proven()` and the outside source.
    #[must_use]
    pub fn more_rows(&self, max_ply: u32, proven_status: String) -> Vec<String> {
        let length = match self.unfinished_count {
            0 => "passed".to_string(),
            k => format!("FAILED on {k}: lines still going on {max_ply} plies from the start (MAX_PLY too small)"),
        };
        let outside = if self.closed_form > 0 || self.known.is_some() {
            "passed (closed form or known values)".to_string()
        } else {
            "NONE: no closed form and no --known file; every value was checked only against the game's own terminal() and evaluate(), so a value from the wrong side would pass: give a known-values file".to_string()
        };
        vec![
            format!(
                "| game length (every brute-force line to the end is over within MAX_PLY = {max_ply} plies) | {} | {length} |",
                self.brute_force
            ),
            format!(
                "| proven() (a proven value of a search at CHECK_DEPTH = the exact value; {} proved one) | {} | {proven_status} |",
                self.proven_claims, self.proven_searches
            ),
            format!("| values against an outside source | | {outside} |"),
        ]
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
    // the entry's name and longest game: a served game's are the server's, not its type's
    let (name, max_ply) = (crate::game::open::entry_name::<G>(kind), kind.max_ply());
    let known = match known {
        Some(path) => Some((path, crate::game::open::read_known_values(path)?)),
        None => None,
    };
    let structure = check_structure(&game, max_ply);
    if structure.failure_count > 0 {
        return Ok(GenericReport {
            game: name.to_string(),
            structure: Some(structure),
            not_run: Some("the rules failed the structural checks (below)".into()),
            ..GenericReport::default()
        });
    }
    let drawn: Vec<(u32, String)> = (0..G::VERIFY_PLIES.min(max_ply))
        .flat_map(|ply| positions_for_ply(kind, seed, ply, per_ply, false))
        .map(|d| (d.ply, d.moves))
        .collect();
    if drawn.is_empty() {
        return Err(format!("{}: no seeded position was drawn", name));
    }
    let texts: Vec<String> = drawn.iter().map(|(_, t)| t.clone()).collect();
    let deep_texts: Vec<String> = G::DEEP_CHECK
        .iter()
        .flat_map(|d| positions_for_ply(kind, seed, d.ply, d.positions, false))
        .map(|d| d.moves)
        .collect();
    let deep = G::DEEP_CHECK.map(|d| super::generic::Deep {
        depth: d.depth,
        ply: d.ply,
        positions: &deep_texts,
    });
    let mut r = verify_game(&game, name, &texts, G::ORACLE_DEPTHS, G::CHECK_DEPTH, deep)?;
    r.structure = Some(structure);
    let mut end = EndOfGame {
        budget: G::END_BUDGET,
        ..EndOfGame::default()
    };
    for (ply, text) in &drawn {
        let root = game.parse(text)?;
        let to_end = max_ply.saturating_sub(*ply).max(1);
        let closed_form = game.closed_form(&root);
        let (check, exact) = match closed_form {
            Some(c) => ("closed form", Some((c.value, c.depth.max(1)))),
            None => (
                "end of game",
                brute_force_to_end(&game, &root, to_end, &mut end),
            ),
        };
        let Some((value, depth)) = exact else {
            end.out_of_reach += 1;
            continue;
        };
        let configs = variants(depth, false);
        let n = compare(&game, check, text, &root, value, &configs, &mut r.failures);
        end.searches += n;
        end.searches += compare_options(&game, check, text, &root, value, &configs, &mut r);
        check_proven(&game, text, &root, value, &mut end, &mut r.failures);
        if closed_form.is_some() {
            end.closed_form += 1;
            r.closed_form_searches += n;
        } else {
            end.brute_force += 1;
        }
    }
    if let Some((path, values)) = known {
        end.searches += check_known(&game, max_ply, path, &values, &mut r.failures)?;
        end.known = Some((path.display().to_string(), values.len()));
    }
    r.end_of_game = Some(end);
    r.max_ply = max_ply;
    name_engines(&mut r, name);
    Ok(r)
}

/// Every driver and variant searched with each of the game's option settings
/// ([`crate::game::SearchGame::option_variants`]) against the exact `value`: the searches made;
/// a failure's engine names the game's options too.
fn compare_options<G: OpenGame>(
    game: &G,
    check: &'static str,
    text: &str,
    root: &G::State,
    value: i32,
    configs: &[Config],
    r: &mut GenericReport,
) -> usize {
    let mut n = 0;
    for g in game.option_variants() {
        let before = r.failures.len();
        n += compare(&g, check, text, root, value, configs, &mut r.failures);
        let opts = g.options_text();
        for f in &mut r.failures[before..] {
            let sep = if f.engine.contains(':') { ',' } else { ':' };
            f.engine = format!("{}{sep}{opts}", f.engine);
        }
    }
    n
}

/// Engine names in failures as specs of the game (`othello4-mtdf:depth=5`), pasteable into
/// `solve --engine`.
fn name_engines(r: &mut GenericReport, prefix: &str) {
    let named = |f: &mut GenericFailure| f.engine = format!("{prefix}-{}", f.engine);
    r.failures.iter_mut().for_each(named);
    r.mutants
        .iter_mut()
        .filter_map(|m| m.caught_by.as_mut())
        .for_each(named);
}

/// The exact value of `root` by brute force to the end (`depth` plies reach it if `MAX_PLY` is
/// right) and that depth, or `None` when the tree holds more than [`OpenGame::END_BUDGET`] nodes. A line
/// not over after `depth` plies is recorded in `end.unfinished` (and the value is `None`).
fn brute_force_to_end<G: OpenGame>(
    game: &G,
    root: &G::State,
    depth: u32,
    end: &mut EndOfGame,
) -> Option<(i32, u32)> {
    let mut budget = G::END_BUDGET;
    match minimax_to_end(game, root, depth, 0, &mut budget) {
        Ok(v) => Some((game.report(v?), depth)),
        Err(unfinished) => {
            end.unfinished_count += 1;
            if end.unfinished.len() < KEEP_UNFINISHED {
                end.unfinished.push(unfinished);
            }
            None
        }
    }
}

/// Plain minimax to the end: every line must end in a finished game within `depth` plies; an
/// unfinished position at depth 0 is the error (its text). `Ok(None)` past `budget` nodes.
fn minimax_to_end<G: OpenGame>(
    game: &G,
    s: &G::State,
    depth: u32,
    ply: u32,
    budget: &mut u64,
) -> Result<Option<i32>, String> {
    let Some(left) = budget.checked_sub(1) else {
        return Ok(None);
    };
    *budget = left;
    if let Some(v) = game.terminal(s, ply) {
        return Ok(Some(v));
    }
    if depth == 0 {
        return Err(game.text(s));
    }
    let mut list = MoveList::default();
    game.moves(s, &mut list);
    let mut best = -crate::engine::generic::search::INF;
    for &m in list.as_slice() {
        let child = game.play(s, m);
        match minimax_to_end(game, &child, depth - 1, ply + 1, budget)? {
            Some(v) => best = best.max(-v),
            None => return Ok(None),
        }
    }
    Ok(Some(best))
}

/// [`SearchGame::proven`]'s contract on `root` (exact value `exact`): each driver at
/// [`OpenGame::CHECK_DEPTH`] that proves a value must prove `exact`; failures into `out`.
fn check_proven<G: OpenGame>(
    game: &G,
    text: &str,
    root: &G::State,
    exact: i32,
    end: &mut EndOfGame,
    out: &mut Vec<GenericFailure>,
) {
    let (depth, qs) = G::CHECK_DEPTH;
    for c in variants(depth, qs).into_iter().filter(|c| c.tt_bits > 0) {
        let mut s = crate::engine::generic::Solver::new(*game, c);
        end.proven_searches += 1;
        let Some(p) = s.search(root).proven else {
            continue;
        };
        end.proven_claims += 1;
        if p != exact {
            out.push(GenericFailure {
                check: "proven",
                position: text.to_string(),
                engine: super::generic::describe(&c),
                expected: exact,
                got: p,
                source: None,
            });
        }
    }
}

/// Every driver and variant searched to the end (`max_ply` plies, or fewer where
/// the file gives the ply) on every position of a known-values file, with a table (without one,
/// a search to the end from an early position can take hours); failures into `out`. The number
/// of searches.
fn check_known<G: OpenGame>(
    game: &G,
    max_ply: u32,
    path: &Path,
    values: &[KnownValue],
    out: &mut Vec<GenericFailure>,
) -> Result<usize, String> {
    let mut searches = 0;
    for k in values {
        let root = game
            .parse(&k.position)
            .map_err(|e| format!("known value `{}`: {e}", k.position))?;
        let depth = max_ply.saturating_sub(k.ply.unwrap_or(0)).max(1);
        let configs: Vec<Config> = variants(depth, false)
            .into_iter()
            .filter(|c| c.tt_bits > 0)
            .collect();
        let before = out.len();
        searches += compare(
            game,
            "known values",
            &k.position,
            &root,
            k.value,
            &configs,
            out,
        );
        for f in &mut out[before..] {
            f.source = Some(format!("{}:{}", path.display(), k.line));
        }
    }
    Ok(searches)
}
