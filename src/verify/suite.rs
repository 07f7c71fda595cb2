//! The verification suite: which checks run on which positions, the mutant matrix, the long
//! full-book run. Entry point [`run`].

use super::books::{self, BookChoice, BookOracle, Expected};
use super::checks::{self, Outcome, ScoreCache};
use super::oracle;
use super::report::{CheckRow, MutantCell, MutantRow, Status, VerifyReport};
use crate::engine::connect4::SolverConfig;
use crate::engine::mutant::Core;
use crate::engine::search::Mutant;
use crate::game::GameKind;
use crate::runner::positions::positions_for_ply;
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use thiserror::Error;

/// What to verify and how hard.
#[derive(Debug, Clone)]
pub struct VerifyOptions {
    /// Engine specs (Connect-4 drivers with options).
    pub engines: Vec<String>,
    /// Plies of the seeded random positions.
    pub plies: RangeInclusive<u32>,
    /// Seeded random positions in all (spread over the plies, fewer at the expensive low
    /// plies).
    pub positions: u32,
    /// Seed of positions and samples.
    pub seed: u64,
    /// First guesses of the MTD(f) variants in the driver check.
    pub guesses: Vec<i32>,
    /// Play-outs per ply, on plies ≥ `playout_min_ply`.
    pub playouts_per_ply: u32,
    /// Smallest ply with play-outs (solves are fast from about 20 stones).
    pub playout_min_ply: u32,
    /// Records sampled from each book.
    pub book_samples: usize,
    /// Seeded random positions of the 8-ply book's ply looked up (covers wins).
    pub book_lookups: u32,
    /// 12-ply book records also given to BitBully.
    pub bitbully_12ply: usize,
    /// 8-ply book records also given to BitBully (about 2 s each there).
    pub bitbully_8ply: usize,
    /// Random positions per ply given to BitBully (plies ≥ 10).
    pub bitbully_per_ply: usize,
    /// Check every reachable undecided 4×4 position.
    pub brute_4x4: bool,
    /// Seeded 5×4 positions checked against brute force.
    pub brute_5x4: usize,
    /// The `boards` check: empty boards of at most this many cells against Tromp's table
    /// (0: skip).
    pub boards_max_cells: u32,
    /// Run the mutant matrix.
    pub mutants: bool,
    /// Which mutants (all by default).
    pub mutant_names: Vec<String>,
    /// Random positions in all for each mutant's checks (stopped at the first failure).
    pub mutant_positions: u32,
    /// Book records for each mutant.
    pub mutant_book_samples: usize,
    /// Skip the table on the real engines (only the mutant matrix).
    pub only_mutants: bool,
    /// Stop each mutant at the first check that catches it (the later checks are "not run"):
    /// the verdict of the full matrix at a fraction of its cost (CI's).
    pub mutant_first_catch: bool,
    /// Check every position of the 8-ply book (long, resumable).
    pub full_book: bool,
    /// Stop the full-book run after this many new positions (to measure and project).
    pub full_book_limit: Option<usize>,
    /// Where the full-book results go.
    pub results_dir: PathBuf,
    /// Worker threads.
    pub threads: usize,
    /// A missing oracle is a failure.
    pub require_oracles: bool,
    /// Checks to run (all when empty): names as in the table.
    pub only: Vec<String>,
    /// The board: 7×6 runs every check above; another size runs the board checks of
    /// [`super::sized`] (drivers, mirror, brute force where small, Tromp's table).
    pub board: crate::game::connect4::BoardSize,
}

impl Default for VerifyOptions {
    fn default() -> Self {
        Self {
            engines: vec!["mtdf".into()],
            plies: 8..=36,
            positions: 2000,
            seed: 1,
            guesses: vec![-3, 0, 3],
            playouts_per_ply: 8,
            playout_min_ply: 20,
            book_samples: 200,
            book_lookups: 10,
            bitbully_12ply: 100,
            bitbully_8ply: 4,
            bitbully_per_ply: 6,
            brute_4x4: true,
            boards_max_cells: 28,
            brute_5x4: 2000,
            mutants: false,
            mutant_names: Vec::new(),
            mutant_positions: 1000,
            mutant_book_samples: 20,
            only_mutants: false,
            mutant_first_catch: false,
            full_book: false,
            full_book_limit: None,
            results_dir: PathBuf::from("results"),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            // A bad value counts as required here; `treebench verify` refuses it first.
            require_oracles: crate::util::oracles::required().unwrap_or(true),
            only: Vec::new(),
            board: crate::game::connect4::BoardSize::STANDARD,
        }
    }
}

/// Why verification could not run (a failed check is a report, not an error).
#[derive(Debug, Error)]
pub enum VerifyError {
    /// The spec does not parse or is not a Connect-4 engine.
    #[error("engine `{0}`: {1}")]
    Engine(String, String),
    /// Bad options.
    #[error("{0}")]
    Options(String),
    /// A check could not run (engine error, I/O).
    #[error("check {0}: {1}")]
    Check(String, String),
    /// The full-book results file.
    #[error("full-book results {0}: {1}")]
    Io(String, std::io::Error),
}

/// The check names, in table order.
pub const CHECKS: [&str; 12] = [
    "drivers",
    "parallel",
    "mirror",
    "units-parity",
    "units-playout",
    "book-8ply",
    "book-12ply-dist",
    "bitbully",
    "brute-4x4",
    "brute-5x4",
    "boards",
    "—",
];

pub(crate) fn parse_cfg(spec: &str) -> Result<SolverConfig, VerifyError> {
    match SolverConfig::parse(spec) {
        Ok(Some(c)) => Ok(c),
        Ok(None) => Err(VerifyError::Engine(
            spec.into(),
            "verify checks Connect-4 engines only (negamax, mtdf, null-window)".into(),
        )),
        Err(e) => Err(VerifyError::Engine(spec.into(), e.0)),
    }
}

/// The seeded random positions of a run, by ply.
fn random_positions(opts: &VerifyOptions, total: u32) -> Vec<(u32, Vec<String>)> {
    super::sized::ply_counts(&opts.plies, total)
        .into_iter()
        .map(|(ply, n)| {
            let v = positions_for_ply(GameKind::CONNECT4, opts.seed, ply, n, true)
                .into_iter()
                .map(|d| d.moves)
                .collect();
            (ply, v)
        })
        .collect()
}

struct Books {
    ply8: Result<BookOracle, String>,
    ply12: Result<BookOracle, String>,
}

/// Everything one engine's checks need, sized for the real engine or for a mutant.
struct Plan<'a> {
    opts: &'a VerifyOptions,
    by_ply: Vec<(u32, Vec<String>)>,
    book8: Result<Vec<(String, Expected)>, String>,
    book12: Result<Vec<(String, Expected)>, String>,
    bitbully: Vec<String>,
    small4: Vec<String>,
    small5: Vec<String>,
    stop_early: bool,
    /// A mutant's checks after the first that caught it are not run (`--mutant-first-catch`).
    first_catch: bool,
}

impl<'a> Plan<'a> {
    fn new(opts: &'a VerifyOptions, books: &Books, mutant: bool) -> Self {
        let (total, samples, lookups, n5) = if mutant {
            (
                opts.mutant_positions,
                opts.mutant_book_samples,
                opts.book_lookups.min(5),
                opts.brute_5x4.min(300),
            )
        } else {
            (
                opts.positions,
                opts.book_samples,
                opts.book_lookups,
                opts.brute_5x4,
            )
        };
        let by_ply = random_positions(opts, total);
        let book8 = books
            .ply8
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|b| checks::book_items(b, 8, samples, lookups, opts.seed));
        let book12 = books
            .ply12
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|b| checks::book_items(b, 12, samples, 0, opts.seed));
        let mut bitbully: Vec<String> = Vec::new();
        if let Ok(b) = &book12 {
            bitbully.extend(b.iter().take(opts.bitbully_12ply).map(|(m, _)| m.clone()));
        }
        if let Ok(b) = &book8 {
            bitbully.extend(b.iter().take(opts.bitbully_8ply).map(|(m, _)| m.clone()));
        }
        for (ply, v) in &by_ply {
            if *ply >= 10 {
                bitbully.extend(v.iter().take(opts.bitbully_per_ply).cloned());
            }
        }
        if mutant {
            bitbully.truncate(60);
        }
        let small4 = if opts.brute_4x4 {
            checks::all_4x4()
        } else {
            Vec::new()
        };
        let small5 = checks::sample_5x4(opts.seed, n5);
        Plan {
            opts,
            by_ply,
            book8,
            book12,
            bitbully,
            small4,
            small5,
            stop_early: mutant,
            first_catch: mutant && opts.mutant_first_catch,
        }
    }

    fn all_random(&self) -> Vec<String> {
        self.by_ply
            .iter()
            .flat_map(|(_, v)| v.iter().cloned())
            .collect()
    }

    fn playouts(&self) -> Vec<String> {
        let per = if self.stop_early {
            (self.opts.playouts_per_ply / 2).max(2)
        } else {
            self.opts.playouts_per_ply
        };
        self.by_ply
            .iter()
            .filter(|(p, _)| *p >= self.opts.playout_min_ply)
            .flat_map(|(_, v)| v.iter().take(per as usize).cloned())
            .collect()
    }

    fn plies_label(&self) -> String {
        format!(
            "plies {}–{}",
            self.opts.plies.start(),
            self.opts.plies.end()
        )
    }

    fn wanted(&self, check: &str) -> bool {
        self.opts.only.is_empty() || self.opts.only.iter().any(|c| c == check)
    }

    /// Under `--mutant-first-catch`, when an earlier row of this mutant caught it: adds a row
    /// "not run" for `check` and answers true (the check is then skipped).
    fn skipped_after_catch(&self, rows: &mut Vec<CheckRow>, check: &str, spec: &str) -> bool {
        let skip = self.first_catch && rows.iter().any(|r| r.failures > 0);
        if skip {
            rows.push(CheckRow {
                status: Status::NotRun("caught by an earlier check (--mutant-first-catch)".into()),
                ..not_run(check, spec, "")
            });
        }
        skip
    }

    /// Run every check on `cfg`: one row per check. The checks' engines take ordinary pages
    /// for their tables (`huge=off`; a reproducer's spec says so): huge pages change no value,
    /// and faulting a fresh 64 MiB table's huge pages in for every engine of every check cost
    /// 8.3 s of system time of a 17 s mutant (drop-move, 1.9 s with ordinary pages; 2026-12-05).
    fn run_checks(&self, cfg: SolverConfig) -> Result<Vec<CheckRow>, VerifyError> {
        let cache = ScoreCache::default();
        let spec = cfg.to_string();
        let mut cfg = cfg;
        cfg.search.huge_pages = false;
        let t = self.opts.threads;
        let se = self.stop_early;
        let random = self.all_random();
        let mut rows = Vec::new();
        let mut row = |name: &str,
                       detail: String,
                       f: &dyn Fn() -> Result<Outcome, String>|
         -> Result<(), VerifyError> {
            if !self.wanted(name) || self.skipped_after_catch(&mut rows, name, &spec) {
                return Ok(());
            }
            let start = Instant::now();
            let o = f().map_err(|e| VerifyError::Check(name.into(), e))?;
            rows.push(done_row(name, &spec, o, start, detail));
            Ok(())
        };
        let guesses = &self.opts.guesses;
        let nvar = checks::driver_variants(cfg, guesses).len();
        row(
            "drivers",
            format!("{} drivers, {}", nvar, self.plies_label()),
            &|| checks::drivers(cfg, guesses, &random, &cache, t, se),
        )?;
        // Mutants and tt=off run on one thread only: no row (the mutant matrix has none).
        if super::parallel::unsupported(&cfg).is_none() {
            let detail = format!("threads 2 and 4, lazy and abdada, {}", self.plies_label());
            row("parallel", detail, &|| {
                super::parallel::check(cfg, &random, &cache, t, se)
            })?;
        }
        row("mirror", self.plies_label(), &|| {
            checks::mirror(cfg, &random, &cache, t, se)
        })?;
        row("units-parity", self.plies_label(), &|| {
            checks::units_parity(cfg, &random, &cache, t, se)
        })?;
        let po = self.playouts();
        row(
            "units-playout",
            format!(
                "plies {}–{}, best play to the end",
                self.opts.playout_min_ply,
                self.opts.plies.end()
            ),
            &|| checks::units_playout(cfg, &po, &cache, t, se),
        )?;
        drop(row);
        self.book_checks(cfg, &spec, &cache, &mut rows)?;
        self.brute_checks(cfg, &spec, nvar, &mut rows)?;
        Ok(rows)
    }

    /// The opening-book and BitBully checks of `cfg` (a missing oracle is a row "not run").
    fn book_checks(
        &self,
        cfg: SolverConfig,
        spec: &str,
        cache: &ScoreCache,
        rows: &mut Vec<CheckRow>,
    ) -> Result<(), VerifyError> {
        let (t, se) = (self.opts.threads, self.stop_early);
        for (name, items, detail) in [
            (
                "book-8ply",
                &self.book8,
                "8-ply book: sampled records + random lookups, sign",
            ),
            (
                "book-12ply-dist",
                &self.book12,
                "12-ply distance book: sampled records, exact",
            ),
        ] {
            if !self.wanted(name) || self.skipped_after_catch(rows, name, spec) {
                continue;
            }
            match items {
                Ok(items) => {
                    let start = Instant::now();
                    let o = checks::book(name, cfg, items, cache, t, se)
                        .map_err(|e| VerifyError::Check(name.into(), e))?;
                    rows.push(done_row(name, spec, o, start, detail.into()));
                }
                Err(why) => rows.push(not_run(name, spec, why)),
            }
        }
        if self.wanted("bitbully") && !self.skipped_after_catch(rows, "bitbully", spec) {
            let start = Instant::now();
            let detail = format!(
                "{} positions: 12-ply book, 8-ply book, random plies ≥ 10",
                self.bitbully.len()
            );
            match checks::bitbully(cfg, &self.bitbully, cache, t, se) {
                Ok(o) => rows.push(done_row("bitbully", spec, o, start, detail)),
                Err(why) => rows.push(not_run("bitbully", spec, &why)),
            }
        }
        Ok(())
    }

    /// The brute-force checks on small boards and the empty boards against Tromp's table.
    fn brute_checks(
        &self,
        cfg: SolverConfig,
        spec: &str,
        nvar: usize,
        rows: &mut Vec<CheckRow>,
    ) -> Result<(), VerifyError> {
        let (t, se, guesses) = (self.opts.threads, self.stop_early, &self.opts.guesses);
        if self.wanted("brute-4x4")
            && !self.small4.is_empty()
            && !self.skipped_after_catch(rows, "brute-4x4", spec)
        {
            let start = Instant::now();
            let o = checks::brute_small::<4, 4>("brute-4x4", cfg, guesses, &self.small4, t, se)
                .map_err(|e| VerifyError::Check("brute-4x4".into(), e))?;
            rows.push(done_row(
                "brute-4x4",
                spec,
                o,
                start,
                format!("every reachable undecided position, {nvar} drivers"),
            ));
        }
        if self.wanted("brute-5x4")
            && !self.small5.is_empty()
            && !self.skipped_after_catch(rows, "brute-5x4", spec)
        {
            let start = Instant::now();
            let o = checks::brute_small::<5, 4>("brute-5x4", cfg, guesses, &self.small5, t, se)
                .map_err(|e| VerifyError::Check("brute-5x4".into(), e))?;
            rows.push(done_row(
                "brute-5x4",
                spec,
                o,
                start,
                format!("seeded sample, plies 4–19, {nvar} drivers"),
            ));
        }
        if self.wanted("boards")
            && self.opts.boards_max_cells >= 16
            && !self.skipped_after_catch(rows, "boards", spec)
        {
            let (start, max) = (Instant::now(), self.opts.boards_max_cells);
            let o = super::boards::check(cfg, max, self.stop_early)
                .map_err(|e| VerifyError::Check("boards".into(), e))?;
            let detail = format!("empty boards of ≤ {max} cells vs Tromp's table");
            rows.push(done_row("boards", spec, o, start, detail));
        }
        Ok(())
    }
}

pub(crate) fn done_row(
    name: &str,
    spec: &str,
    o: Outcome,
    start: Instant,
    detail: String,
) -> CheckRow {
    CheckRow {
        check: name.into(),
        engine: spec.into(),
        tried: o.tried,
        failures: o.failures.len() as u64,
        elapsed: start.elapsed(),
        status: Status::Ran,
        detail,
        examples: o.failures.into_iter().take(3).collect(),
    }
}

fn not_run(name: &str, spec: &str, why: &str) -> CheckRow {
    CheckRow {
        check: name.into(),
        engine: spec.into(),
        tried: 0,
        failures: 0,
        elapsed: Duration::ZERO,
        status: Status::NotRun(format!("{why}; install with {}", oracle::SETUP)),
        detail: String::new(),
        examples: Vec::new(),
    }
}

/// The settings line: the real engines' positions and samples, and the mutants' when they run
/// (on one thread, each check stopping at its first failure).
fn settings(opts: &VerifyOptions) -> String {
    let mut parts = vec![format!(
        "seed {}, plies {}–{}",
        opts.seed,
        opts.plies.start(),
        opts.plies.end()
    )];
    if !opts.only_mutants {
        parts.push(format!(
            "{} random positions, {} book records per book, {} threads",
            opts.positions, opts.book_samples, opts.threads
        ));
    }
    if opts.mutants {
        parts.push(format!(
            "mutants: {} random positions, {} book records per book{}",
            opts.mutant_positions,
            opts.mutant_book_samples,
            if opts.mutant_first_catch {
                ", each stopped at the first check that catches it"
            } else {
                ""
            }
        ));
    }
    parts.join("; ")
}

/// Run the verification suite.
pub fn run(opts: &VerifyOptions) -> Result<VerifyReport, VerifyError> {
    let start = Instant::now();
    if opts.engines.is_empty() {
        return Err(VerifyError::Options("no engine to verify".into()));
    }
    if !opts.board.is_standard() {
        return super::sized::run_board(opts);
    }
    if opts.plies.is_empty() || *opts.plies.end() > 41 {
        return Err(VerifyError::Options(format!(
            "plies {}-{}: need a range within 0–41",
            opts.plies.start(),
            opts.plies.end()
        )));
    }
    let (cfgs, mutants) = engines_and_mutants(opts)?;
    let needs_books = opts.full_book
        || opts.only.is_empty()
        || opts
            .only
            .iter()
            .any(|c| c.starts_with("book") || c == "bitbully");
    let books = if needs_books {
        Books {
            ply8: books::open(BookChoice::Ply8),
            ply12: books::open(BookChoice::Ply12Distances),
        }
    } else {
        let skip = || Err("not selected".to_string());
        Books {
            ply8: skip(),
            ply12: skip(),
        }
    };
    let mut report = VerifyReport {
        require_oracles: opts.require_oracles,
        settings: settings(opts),
        ..VerifyReport::default()
    };
    if !opts.only_mutants {
        let plan = Plan::new(opts, &books, false);
        for cfg in &cfgs {
            report.rows.extend(plan.run_checks(*cfg)?);
        }
    }
    if opts.mutants {
        let plan = Plan::new(opts, &books, true);
        for m in mutants {
            run_mutant(&plan, cfgs[0], m, &mut report)?;
        }
    }
    if opts.full_book {
        let book = books.ply8.as_ref().map_err(|e| {
            VerifyError::Options(format!(
                "--full-book needs the 8-ply book: {e}; install with {}",
                oracle::SETUP
            ))
        })?;
        report.full_book = Some(super::full_book::full_book(opts, cfgs[0], book)?);
    }
    report.elapsed = start.elapsed();
    Ok(report)
}

/// The configurations of `opts.engines` and the mutants to run (all, unless named); a bad
/// check, engine or mutant name is an error.
fn engines_and_mutants(
    opts: &VerifyOptions,
) -> Result<(Vec<SolverConfig>, Vec<Mutant>), VerifyError> {
    for c in &opts.only {
        if !CHECKS.contains(&c.as_str()) {
            return Err(VerifyError::Options(format!(
                "unknown check `{c}` (checks: {})",
                CHECKS[..CHECKS.len() - 1].join(", ")
            )));
        }
    }
    let cfgs: Vec<SolverConfig> = opts
        .engines
        .iter()
        .map(|s| parse_cfg(s))
        .collect::<Result<_, _>>()?;
    let mutants: Vec<Mutant> = if opts.mutant_names.is_empty() {
        Mutant::of(Core::Connect4)
    } else {
        opts.mutant_names
            .iter()
            .map(|n| Mutant::parse(Core::Connect4, n).map_err(VerifyError::Options))
            .collect::<Result<_, _>>()?
    };
    Ok((cfgs, mutants))
}

/// Run every check on `base` with mutant `m` (one thread) and add its row of the matrix.
fn run_mutant(
    plan: &Plan,
    base: SolverConfig,
    m: Mutant,
    report: &mut VerifyReport,
) -> Result<(), VerifyError> {
    let mut cfg = base;
    cfg.search.mutant = m;
    cfg.threads = 1; // mutants are compiled for one thread only
    let rows = plan.run_checks(cfg)?;
    if report.mutant_checks.is_empty() {
        report.mutant_checks = rows.iter().map(|r| r.check.clone()).collect();
    }
    let cells = rows
        .into_iter()
        .map(|r| match r.status {
            Status::NotRun(why) => MutantCell::NotRun(why),
            Status::Ran => match r.examples.into_iter().next() {
                Some(f) => MutantCell::Caught(f),
                None => MutantCell::NotCaught(r.tried),
            },
        })
        .collect();
    report.mutants.push(MutantRow {
        mutant: m.name().into(),
        spec: cfg.to_string(),
        cells,
    });
    Ok(())
}
