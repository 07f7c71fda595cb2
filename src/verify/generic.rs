//! Verification of the generic search core (`treebench verify --game chess`; any
//! [`SearchGame`] through [`verify_game`]):
//!
//! - **oracle**: every pruning driver, at shallow depths, returns the value of brute-force
//!   fixed-depth minimax (no pruning, no table; see
//!   [`minimax`](crate::engine::generic::search::minimax));
//! - **drivers**: at the deeper check depth, every driver in several variants (table on and
//!   off, ordering on and off, iterative deepening) returns the value of plain alpha-beta
//!   without a table: with `draft=eq` tables the fixed-depth value is exact;
//! - **full quiescence**: where the oracle's horizon is quiescence (an alpha-beta over the
//!   noisy moves), its value is checked against [`minimax_full_qs`], brute force with the
//!   quiescence tree searched in full (no pruning, no table), on the positions whose tree stays
//!   within [`FULL_QS_BUDGET`] nodes; the report says how many positions that was;
//! - **draft=ge** (a figure, not a check): how often reusing deeper entries changes the value;
//! - **mutants**: each seeded bug ([`Mutant`]) must make some driver disagree with the oracle
//!   on some position, or the checks above could not catch it and verify fails.
//!
//! A failure names the position, the engine options and both values.

use crate::engine::generic::search::minimax;
use crate::engine::generic::{Config, Draft, Driver, Mutant, Solver};
use crate::engine::mutant::Core;
use crate::game::{MoveList, SearchGame};

/// The most nodes [`minimax_full_qs`] may visit for one position and depth; larger trees are
/// counted as out of reach, and so is the next depth of a position out of reach at this one
/// (never searched: its tree holds more). At 1,000,000 the 49 searches out of reach took 20 of
/// `verify --game chess`'s 30 s for 7 in reach; at 250,000 the same 7 are in reach.
pub const FULL_QS_BUDGET: u64 = 250_000;

/// Brute-force fixed-depth minimax with the quiescence tree searched in full: every node to
/// `depth`, then every noisy line to its end (`max(evaluation, noisy children)`, as the core's
/// quiescence), no pruning, no table, no memo. `None` once `budget` nodes were visited.
pub fn minimax_full_qs<G: SearchGame>(
    game: &G,
    s: &G::State,
    depth: u32,
    ply: u32,
    budget: &mut u64,
) -> Option<i32> {
    *budget = budget.checked_sub(1)?;
    if let Some(v) = game.terminal(s, ply) {
        return Some(v);
    }
    if depth == 0 {
        return quiescence_full(game, s, budget);
    }
    let mut list = MoveList::default();
    game.moves(s, &mut list);
    let mut best = -crate::engine::generic::search::INF;
    for &m in list.as_slice() {
        let child = game.play(s, m);
        best = best.max(-minimax_full_qs(game, &child, depth - 1, ply + 1, budget)?);
    }
    Some(best)
}

/// The quiescence value of `s` over every noisy line (no pruning, no memo), within `budget`.
fn quiescence_full<G: SearchGame>(game: &G, s: &G::State, budget: &mut u64) -> Option<i32> {
    let mut best = game.evaluate(s);
    let mut list = MoveList::default();
    game.noisy_moves(s, &mut list);
    for &m in list.as_slice() {
        *budget = budget.checked_sub(1)?;
        best = best.max(-quiescence_full(game, &game.play(s, m), budget)?);
    }
    Some(best)
}

/// The pruning drivers (every driver but the brute-force oracle).
pub fn pruning_drivers() -> impl Iterator<Item = Driver> {
    Driver::ALL
        .into_iter()
        .map(|(d, _)| d)
        .filter(|d| d.prunes())
}

/// The variants every driver is checked in at `depth`: the default, no table, no ordering
/// heuristics, iterative deepening, a tiny table (replacement under pressure), enhanced
/// transposition cut-offs; aspiration also
/// with a window of ±1, which fails on most positions.
#[must_use]
pub fn variants(depth: u32, qs: bool) -> Vec<Config> {
    let mut out = Vec::new();
    for driver in pruning_drivers() {
        let base = Config {
            driver,
            depth,
            qs,
            tt_bits: 16,
            ..Config::default()
        };
        out.push(base);
        out.push(Config { tt_bits: 0, ..base });
        out.push(Config {
            tt_move: false,
            killers: false,
            history: false,
            ..base
        });
        out.push(Config {
            iterative: true,
            ..base
        });
        out.push(Config { tt_bits: 4, ..base });
        out.push(Config { etc: true, ..base });
        if driver == Driver::Aspiration {
            // a narrow window fails on most positions: the re-searches are exercised
            out.push(Config { width: 1, ..base });
        }
    }
    out
}

/// One disagreement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenericFailure {
    pub check: &'static str,
    pub position: String,
    /// The engine's options (`mtdf depth=3 qs=off …`).
    pub engine: String,
    pub expected: i32,
    pub got: i32,
    /// Where the expected value comes from when it is a file's (`known.tsv:12`).
    pub source: Option<String>,
}

/// What one mutant did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MutantResult {
    pub name: &'static str,
    /// The first disagreement found, if any (then the mutant is caught).
    pub caught_by: Option<GenericFailure>,
}

/// What the checks found.
#[derive(Debug, Clone, Default)]
pub struct GenericReport {
    pub game: String,
    pub positions: usize,
    pub oracle_depths: Vec<(u32, bool)>,
    pub oracle_searches: usize,
    pub depth: u32,
    pub qs: bool,
    pub driver_searches: usize,
    /// The deeper check, where the game names one: the drivers and variants also at this depth
    /// on this many positions of this ply (`None`: none), and its searches.
    pub deep: Option<(u32, u32, usize)>,
    pub deep_searches: usize,
    /// Oracle values with quiescence checked against full quiescence ([`minimax_full_qs`]), and
    /// how many were out of reach (over [`FULL_QS_BUDGET`] nodes).
    pub full_qs_checked: usize,
    pub full_qs_out_of_reach: usize,
    /// Searches to the end checked against the game's closed form (open games that have one).
    pub closed_form_searches: usize,
    /// `draft=ge` searches and how many of them gave another value than `draft=eq`.
    pub draft_ge_searches: usize,
    pub draft_ge_differ: usize,
    pub mutants: Vec<MutantResult>,
    pub failures: Vec<GenericFailure>,
    /// The structural checks of an added game's rules ([`super::structure`]).
    pub structure: Option<super::structure::StructureReport>,
    /// The end-of-game check of an added game ([`super::open`]).
    pub end_of_game: Option<super::open::EndOfGame>,
    /// Why the searches were not run (an added game whose rules failed the structural checks).
    pub not_run: Option<String>,
    /// The game's longest game in plies (an added game's `MAX_PLY`; 0 where not used).
    pub max_ply: u32,
}

/// Failures of one check printed in full; the rest are counted.
const SHOWN_FAILURES: usize = 5;

impl GenericReport {
    /// Every check passed and every mutant was caught.
    #[must_use]
    pub fn passed(&self) -> bool {
        // full quiescence must have checked some position where it was tried
        let full_qs = self.full_qs_out_of_reach == 0 || self.full_qs_checked > 0;
        let structure = self.structure.as_ref().is_none_or(|s| s.failure_count == 0);
        let length = self
            .end_of_game
            .as_ref()
            .is_none_or(|e| e.unfinished_count == 0);
        // a deeper check that drew no position checked nothing
        let deep = self.deep.is_none_or(|(_, _, k)| k > 0);
        full_qs
            && deep
            && length
            && structure
            && self.not_run.is_none()
            && self.failures.is_empty()
            && self.mutants.iter().all(|m| m.caught_by.is_some())
    }
}

/// A config as text for messages: the driver and the options that differ from the default.
#[must_use]
pub fn describe(c: &Config) -> String {
    let opts = c.options_text();
    format!(
        "{}{}{}",
        c.driver.name(),
        if opts.is_empty() { "" } else { ":" },
        opts
    )
}

fn value<G: SearchGame + Clone>(game: &G, cfg: Config, root: &G::State) -> i32 {
    let mut s = Solver::new(game.clone(), cfg);
    s.search(root).value
}

/// Compare every config of `configs` with `expected` on one position; failures into `out`.
pub(super) fn compare<G: SearchGame + Clone>(
    game: &G,
    check: &'static str,
    text: &str,
    root: &G::State,
    expected: i32,
    configs: &[Config],
    out: &mut Vec<GenericFailure>,
) -> usize {
    for c in configs {
        let got = value(game, *c, root);
        if got != expected {
            out.push(GenericFailure {
                check,
                position: text.to_string(),
                engine: describe(c),
                expected,
                got,
                source: None,
            });
        }
    }
    configs.len()
}

/// The oracle's value of `root` at `depth` (in the reported convention).
fn oracle_value<G: SearchGame>(game: &G, root: &G::State, depth: u32, qs: bool) -> i32 {
    let mut nodes = 0;
    game.report(minimax(game, root, depth, 0, qs, &mut nodes))
}

/// Run every check on `positions` (texts the game parses): the oracle at each of
/// `oracle_depths` (`(depth, qs)`), the drivers and `draft=ge` at `depth` with `qs`, the
/// drivers again at `deep`'s depth on its positions (where `depth` is too shallow to tell every
/// mutant: at depth 2 a fail high of a null window is already exact), and the mutants (at the
/// oracle depths, at `depth`, then at `deep`'s).
pub fn verify_game<G: SearchGame + Clone>(
    game: &G,
    name: &str,
    positions: &[String],
    oracle_depths: &[(u32, bool)],
    (depth, qs): (u32, bool),
    deep: Option<Deep<'_>>,
) -> Result<GenericReport, String> {
    let roots = parse_all(game, positions)?;
    let mut r = GenericReport {
        game: name.to_string(),
        positions: positions.len(),
        oracle_depths: oracle_depths.to_vec(),
        depth,
        qs,
        ..GenericReport::default()
    };
    let mut failures = Vec::new();
    for (text, root) in positions.iter().zip(&roots) {
        let mut qs_in_reach = true;
        for &(d, q) in oracle_depths {
            let expected = oracle_value(game, root, d, q);
            if q && qs_in_reach {
                qs_in_reach = full_qs(game, text, root, d, expected, &mut r, &mut failures);
            } else if q {
                r.full_qs_out_of_reach += 1;
            }
            let configs: Vec<Config> = variants(d, q);
            r.oracle_searches += compare(
                game,
                "oracle",
                text,
                root,
                expected,
                &configs,
                &mut failures,
            );
        }
        let expected = value(game, reference(depth, qs), root);
        r.driver_searches += compare(
            game,
            "drivers",
            text,
            root,
            expected,
            &variants(depth, qs),
            &mut failures,
        );
        for c in variants(depth, qs).into_iter().filter(|c| c.tt_bits > 0) {
            r.draft_ge_searches += 1;
            let ge = Config {
                draft: Draft::AtLeast,
                iterative: true,
                ..c
            };
            if value(game, ge, root) != expected {
                r.draft_ge_differ += 1;
            }
        }
    }
    let deep_roots = match &deep {
        Some(d) => parse_all(game, d.positions)?,
        None => Vec::new(),
    };
    let mut levels: Vec<Level<'_, G>> = oracle_depths
        .iter()
        .chain([&(depth, qs)])
        .map(|&(d, q)| (d, q, positions, roots.as_slice()))
        .collect();
    if let Some(deep) = deep {
        for (text, root) in deep.positions.iter().zip(&deep_roots) {
            let expected = value(game, reference(deep.depth, qs), root);
            let configs = variants(deep.depth, qs);
            r.deep_searches += compare(game, "deep", text, root, expected, &configs, &mut failures);
        }
        r.deep = Some((deep.depth, deep.ply, deep.positions.len()));
        levels.push((deep.depth, qs, deep.positions, &deep_roots));
    }
    r.failures = failures;
    r.mutants = mutants(game, &levels);
    Ok(r)
}

/// The deeper check of [`verify_game`]: the drivers and variants at `depth` on `positions`
/// (seeded positions of ply `ply`).
pub struct Deep<'a> {
    pub depth: u32,
    pub ply: u32,
    pub positions: &'a [String],
}

/// Every text parsed, or the first one's error.
fn parse_all<G: SearchGame>(game: &G, texts: &[String]) -> Result<Vec<G::State>, String> {
    texts
        .iter()
        .map(|t| game.parse(t).map_err(|e| format!("position `{t}`: {e}")))
        .collect()
}

/// The trusted reference of the driver checks: alpha-beta without a table at `depth`.
fn reference(depth: u32, qs: bool) -> Config {
    Config {
        driver: Driver::Negamax,
        depth,
        qs,
        tt_bits: 0,
        ..Config::default()
    }
}

/// Check the oracle's `expected` value at `depth` with quiescence against full quiescence.
fn full_qs<G: SearchGame>(
    game: &G,
    text: &str,
    root: &G::State,
    depth: u32,
    expected: i32,
    r: &mut GenericReport,
    failures: &mut Vec<GenericFailure>,
) -> bool {
    let mut budget = FULL_QS_BUDGET;
    let Some(v) = minimax_full_qs(game, root, depth, 0, &mut budget) else {
        r.full_qs_out_of_reach += 1;
        return false;
    };
    r.full_qs_checked += 1;
    let truth = game.report(v);
    if truth != expected {
        failures.push(GenericFailure {
            check: "full quiescence",
            position: text.to_string(),
            engine: format!("oracle depth={depth}, quiescence by alpha-beta"),
            expected: truth,
            got: expected,
            source: None,
        });
    }
    true
}

/// A depth the mutants are searched at: `(depth, quiescence, texts, their positions)`.
type Level<'a, G> = (u32, bool, &'a [String], &'a [<G as SearchGame>::State]);

/// Each mutant in every variant of every driver against the plain reference, at each of
/// `levels` in turn: the first disagreement catches it.
fn mutants<G: SearchGame + Clone>(game: &G, levels: &[Level<'_, G>]) -> Vec<MutantResult> {
    Mutant::of(Core::Generic)
        .into_iter()
        .map(|mutant| {
            let name = mutant.name();
            let mut caught_by = None;
            'search: for &(d, q, texts, roots) in levels {
                for (text, root) in texts.iter().zip(roots) {
                    let expected = value(game, reference(d, q), root);
                    let configs: Vec<Config> = variants(d, q)
                        .into_iter()
                        .map(|c| Config { mutant, ..c })
                        .collect();
                    let mut found = Vec::new();
                    compare(game, "mutant", text, root, expected, &configs, &mut found);
                    if let Some(f) = found.into_iter().next() {
                        caught_by = Some(f);
                        break 'search;
                    }
                }
            }
            MutantResult { name, caught_by }
        })
        .collect()
}

impl std::fmt::Display for GenericReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let fails = |c: &str| self.failures.iter().filter(|x| x.check == c).count();
        let status = |c: &str| match fails(c) {
            0 => "passed".to_string(),
            k => format!("FAILED on {k}"),
        };
        let depths: Vec<String> = self
            .oracle_depths
            .iter()
            .map(|(d, q)| format!("{d}{}", if *q { "+qs" } else { "" }))
            .collect();
        let positions = match (&self.not_run, &self.structure) {
            (Some(_), Some(s)) => s.positions,
            _ => self.positions,
        };
        writeln!(
            f,
            "verify the generic core ({}), {positions} positions\n",
            self.game
        )?;
        writeln!(f, "| check | searches | result |")?;
        writeln!(f, "|---|---:|---|")?;
        if let Some(s) = &self.structure {
            writeln!(f, "{s}")?;
        }
        if let Some(why) = &self.not_run {
            writeln!(
                f,
                "| searches (oracle, drivers, end of game, mutants) | | not run: {why} |"
            )?;
            return self.write_failures(f);
        }
        writeln!(
            f,
            "| oracle (every driver = brute-force minimax at depths {}) | {} | {} |",
            depths.join(", "),
            self.oracle_searches,
            status("oracle")
        )?;
        let qs = if self.qs { "+qs" } else { "" };
        writeln!(
            f,
            "| drivers (every driver and variant = alpha-beta without a table, depth {}{qs}) | {} | {} |",
            self.depth,
            self.driver_searches,
            status("drivers")
        )?;
        self.write_deep(f, status("deep"))?;
        if self.full_qs_checked + self.full_qs_out_of_reach > 0 {
            writeln!(
                f,
                "| full quiescence (the oracle's alpha-beta quiescence = brute force over every capture line, trees up to {FULL_QS_BUDGET} nodes; {} out of reach) | {} | {} |",
                self.full_qs_out_of_reach,
                self.full_qs_checked,
                status("full quiescence")
            )?;
        }
        if self.closed_form_searches > 0 && self.end_of_game.is_none() {
            writeln!(
                f,
                "| closed form (every driver and variant, to the end = the game's exact value) | {} | {} |",
                self.closed_form_searches,
                status("closed form")
            )?;
        }
        if let Some(e) = &self.end_of_game {
            let ends = ["closed form", "end of game", "known values"];
            let k: usize = ends.iter().map(|c| fails(c)).sum();
            let ended = if k == 0 {
                "passed".to_string()
            } else {
                format!("FAILED on {k}")
            };
            writeln!(f, "{}", e.row(ended))?;
            for row in e.more_rows(self.max_ply, status("proven")) {
                writeln!(f, "{row}")?;
            }
        }
        let pct = 100.0 * self.draft_ge_differ as f64 / self.draft_ge_searches.max(1) as f64;
        writeln!(
            f,
            "| draft=ge with id (figure, not a check: deeper entries reused) | {} | {} differ ({pct:.1}%) |",
            self.draft_ge_searches, self.draft_ge_differ
        )?;
        for m in &self.mutants {
            let result = match &m.caught_by {
                Some(x) => format!(
                    "caught: `{}` on `{}`: {} instead of {}",
                    x.engine, x.position, x.got, x.expected
                ),
                None => "NOT CAUGHT".to_string(),
            };
            writeln!(f, "| mutant {} | | {result} |", m.name)?;
        }
        self.write_failures(f)
    }
}

impl GenericReport {
    /// The deeper check's row, where the game names one (`status`: its failures' verdict).
    fn write_deep(&self, f: &mut std::fmt::Formatter<'_>, status: String) -> std::fmt::Result {
        let Some((d, ply, k)) = self.deep else {
            return Ok(());
        };
        let qs = if self.qs { "+qs" } else { "" };
        let result = if k == 0 {
            format!("FAILED: no seeded game reached ply {ply}")
        } else {
            status
        };
        writeln!(
            f,
            "| deep (every driver and variant = alpha-beta without a table, depth {d}{qs}, {k} more positions, of ply {ply}) | {} | {result} |",
            self.deep_searches
        )
    }

    /// The failures, one paragraph each: the structure's, then the searches'.
    fn write_failures(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for x in self.structure.iter().flat_map(|s| &s.failures) {
            writeln!(
                f,
                "\nFAILED structure, rule `{}`: position `{}`: {}",
                x.rule, x.position, x.detail
            )?;
        }
        let mut shown: Vec<(&str, usize)> = Vec::new();
        for x in &self.failures {
            let n = match shown.iter_mut().find(|(c, _)| *c == x.check) {
                Some((_, n)) => n,
                None => {
                    shown.push((x.check, 0));
                    &mut shown.last_mut().expect("pushed").1
                }
            };
            *n += 1;
            if *n > SHOWN_FAILURES {
                continue;
            }
            let source = x
                .source
                .as_ref()
                .map_or(String::new(), |s| format!(" ({s})"));
            writeln!(
                f,
                "\nFAILED {}: position `{}`{source}, engine {}: expected {}, got {}",
                x.check, x.position, x.engine, x.expected, x.got
            )?;
        }
        for (check, n) in shown.into_iter().filter(|(_, n)| *n > SHOWN_FAILURES) {
            writeln!(
                f,
                "\n... and {} more failures of `{check}` ({n} in all; the first {SHOWN_FAILURES} above)",
                n - SHOWN_FAILURES
            )?;
        }
        if let Some(e) = &self.end_of_game {
            for p in &e.unfinished {
                writeln!(
                    f,
                    "\nFAILED game length: position `{p}` is not over at MAX_PLY plies from the start"
                )?;
            }
        }
        Ok(())
    }
}

/// The plies of `verify --game chess`'s seeded positions.
pub const CHESS_PLIES: [u32; 3] = [8, 16, 24];

/// `verify --game chess` for the in-process engines: `per_ply` seeded positions (seed `seed`)
/// at each of [`CHESS_PLIES`]; the oracle at depths 1–3 without quiescence and 1–2 with it, the
/// drivers at depth 4 with quiescence (the `drivers-chess` experiment's setting).
pub fn verify_chess(per_ply: u32, seed: u64) -> Result<GenericReport, String> {
    use crate::game::chess::search_game::Chess;
    use crate::game::GameKind;
    use crate::runner::positions::positions_for_ply;
    let positions: Vec<String> = CHESS_PLIES
        .iter()
        .flat_map(|&ply| positions_for_ply(GameKind::Chess, seed, ply, per_ply, false))
        .map(|d| d.moves)
        .collect();
    let oracle = [(1, false), (2, false), (3, false), (1, true), (2, true)];
    let mut r = verify_game(&Chess, "chess", &positions, &oracle, (4, true), None)?;
    // full quiescence also on later positions, where random games have traded material
    let mut failures = std::mem::take(&mut r.failures);
    for d in FULL_QS_PLIES
        .iter()
        .flat_map(|&ply| positions_for_ply(GameKind::Chess, seed, ply, 2 * per_ply, false))
    {
        let root = Chess.parse(&d.moves)?;
        for depth in [1, 2] {
            let expected = oracle_value(&Chess, &root, depth, true);
            if !full_qs(
                &Chess,
                &d.moves,
                &root,
                depth,
                expected,
                &mut r,
                &mut failures,
            ) {
                r.full_qs_out_of_reach += 2 - depth as usize;
                break;
            }
        }
    }
    r.failures = failures;
    Ok(r)
}

/// The plies of the positions `verify --game chess` adds for the full quiescence check.
pub const FULL_QS_PLIES: [u32; 2] = [40, 60];
