//! `verify --board WxH`: the checks that make sense on a board other than 7×6.
//!
//! - `drivers`: every driver variant ([`checks::driver_variants`]) gives the first one's score on
//!   seeded positions of that board (iterative-deepening variants from [`checks::ID_MIN_PLY`]
//!   stones on 7×6, i.e. with at most 26 empty cells);
//! - `mirror`: a position and its mirror image solve to the same score;
//! - `brute`: every driver variant against brute-force minimax, on boards of at most 24 cells
//!   (every reachable undecided position of 4×4, a seeded sample of the others; no row on
//!   larger boards, where it is not an oracle that is missing but one that would take hours);
//! - `boards`: the empty board against Tromp's published table.
//!
//! The opening books, BitBully and the units checks are 7×6 oracles and do not run here. The
//! engines are the sized solver behind the [`Engine`] trait ([`sized::build`]); a solve is one
//! dynamic call, which costs nothing next to the search.

use super::boards::{compare, solve_empty, tromp, Agreement, Outcome as Result3};
use super::brute;
use super::checks::{self, driver_variants, par_run, Outcome};
use super::report::{CheckRow, Failure, Status, VerifyReport};
use super::suite::{VerifyError, VerifyOptions};
use crate::engine::connect4::SolverConfig;
use crate::engine::{sized, Engine};
use crate::game::connect4::board::{column_char, column_of_char};
use crate::game::connect4::BoardSize;
use crate::game::GameKind;
use crate::runner::positions::positions_for_ply;
use std::ops::RangeInclusive;
use std::time::Instant;

/// The check names of `verify --board` off 7×6, in table order.
pub const BOARD_CHECKS: [&str; 4] = ["drivers", "mirror", "brute", "boards"];

/// Boards with at most this many cells get the brute-force check.
pub const BRUTE_MAX_CELLS: u32 = 24;

/// The default plies of the random positions on a board: from a fifth of the cells to four
/// before the end (8–36 is the 7×6 default).
#[must_use]
pub fn default_plies(board: BoardSize) -> RangeInclusive<u32> {
    board.cells() / 5..=board.cells() - 4
}

/// A move string reflected left–right on a board `width` wide (columns `1..9`, `a..c`).
#[must_use]
pub fn mirror_moves(moves: &str, width: usize) -> String {
    moves
        .chars()
        .map(|c| column_of_char(c, width).map_or(c, |col| column_char(width - 1 - col)))
        .collect()
}

/// What the board checks need.
pub struct BoardPlan<'a> {
    pub board: BoardSize,
    pub plies: RangeInclusive<u32>,
    pub positions: u32,
    pub seed: u64,
    pub guesses: &'a [i32],
    pub brute_samples: usize,
    pub threads: usize,
    /// Checks to run (all when empty).
    pub only: &'a [String],
}

impl BoardPlan<'_> {
    fn random(&self) -> Vec<String> {
        let game = GameKind::Connect4(self.board);
        ply_counts(&self.plies, self.positions)
            .into_iter()
            .flat_map(|(ply, n)| positions_for_ply(game, self.seed, ply, n, true))
            .map(|d| d.moves)
            .collect()
    }

    fn wanted(&self, check: &str) -> bool {
        self.only.is_empty() || self.only.iter().any(|c| c == check)
    }

    fn build(&self, cfg: SolverConfig) -> Result<Box<dyn Engine>, String> {
        sized::build(cfg, self.board).map_err(|e| e.0)
    }

    /// Every check of this board on `cfg`: one row per check.
    pub fn run_checks(&self, cfg: SolverConfig) -> Result<Vec<CheckRow>, String> {
        let spec = cfg.to_string();
        let b = self.board.to_string();
        let random = self.random();
        let plies = format!(
            "board {b}, plies {}–{}",
            self.plies.start(),
            self.plies.end()
        );
        let mut rows = Vec::new();
        let row = |name: &str, detail: String, start: Instant, o: Outcome| CheckRow {
            check: name.into(),
            engine: spec.clone(),
            tried: o.tried,
            failures: o.failures.len() as u64,
            elapsed: start.elapsed(),
            status: Status::Ran,
            detail,
            examples: o.failures.into_iter().take(3).collect(),
        };
        let variants = driver_variants(cfg, self.guesses);
        if self.wanted("drivers") {
            let start = Instant::now();
            let o = self.drivers(&variants, &random)?;
            rows.push(row(
                "drivers",
                format!("{} drivers, {plies}", variants.len()),
                start,
                o,
            ));
        }
        if self.wanted("mirror") {
            let start = Instant::now();
            let o = self.mirror(cfg, &random)?;
            rows.push(row("mirror", plies.clone(), start, o));
        }
        if self.wanted("brute") && self.board.cells() <= BRUTE_MAX_CELLS {
            let start = Instant::now();
            let (o, what) = self.brute(cfg)?;
            rows.push(row(
                "brute",
                format!("board {b}: {what}, {} drivers", variants.len()),
                start,
                o,
            ));
        }
        if self.wanted("boards") {
            let start = Instant::now();
            let o = self.empty_board(cfg)?;
            rows.push(row(
                "boards",
                format!("empty {b} board vs Tromp's table"),
                start,
                o,
            ));
        }
        Ok(rows)
    }

    fn failure(
        &self,
        check: &str,
        spec: String,
        moves: &str,
        want: String,
        got: String,
    ) -> Failure {
        Failure {
            check: check.into(),
            spec,
            board: self.board.to_string(),
            moves: moves.into(),
            expected: want,
            got,
        }
    }

    fn drivers(&self, variants: &[SolverConfig], positions: &[String]) -> Result<Outcome, String> {
        let cells = self.board.cells() as usize;
        par_run(
            positions,
            self.threads,
            false,
            || {
                variants
                    .iter()
                    .map(|c| self.build(*c))
                    .collect::<Result<Vec<_>, _>>()
            },
            |engines, moves| {
                let mut first = None;
                for (e, c) in engines.iter_mut().zip(variants) {
                    if c.iterative && cells - moves.len() > 42 - checks::ID_MIN_PLY {
                        continue;
                    }
                    let s = match solve(e.as_mut(), moves) {
                        Ok(s) => s,
                        Err(err) => {
                            let want = first.map_or("a score".into(), |s: i32| s.to_string());
                            return Some(self.failure("drivers", e.spec(), moves, want, err));
                        }
                    };
                    match first {
                        None => first = Some(s),
                        Some(s0) if s0 == s => {}
                        Some(s0) => {
                            let want = format!("{s0} (as {})", variants[0]);
                            return Some(self.failure(
                                "drivers",
                                e.spec(),
                                moves,
                                want,
                                s.to_string(),
                            ));
                        }
                    }
                }
                None
            },
        )
    }

    fn mirror(&self, cfg: SolverConfig, positions: &[String]) -> Result<Outcome, String> {
        par_run(
            positions,
            self.threads,
            false,
            || self.build(cfg),
            |e, moves| {
                let m = mirror_moves(moves, self.board.width());
                let (want, got) = match (solve(e.as_mut(), moves), solve(e.as_mut(), &m)) {
                    (Ok(s), Ok(t)) if s == t => return None,
                    (Ok(s), Ok(t)) => (
                        format!("{s} (the score of its mirror {moves})"),
                        t.to_string(),
                    ),
                    (Err(err), _) | (_, Err(err)) => ("a score".into(), err),
                };
                Some(self.failure("mirror", e.spec(), &m, want, got))
            },
        )
    }

    /// Brute force on the small boards: every reachable undecided 4×4 position, a seeded sample
    /// of the others (from ply 4, ply 8 on the 24-cell boards, where brute force from lower plies
    /// is slow).
    fn brute(&self, cfg: SolverConfig) -> Result<(Outcome, String), String> {
        let (seed, n, t, g) = (self.seed, self.brute_samples, self.threads, self.guesses);
        let min = if self.board.cells() >= 24 { 8 } else { 4 };
        let sample = format!(
            "seeded sample of {n}, plies {min}–{}",
            self.board.cells() - 1
        );
        macro_rules! small {
            ($w:literal, $h:literal) => {{
                let v = brute::sample::<$w, $h>(seed, n, min, self.board.cells() as usize - 1);
                let o = checks::brute_small::<$w, $h>("brute", cfg, g, &v, t, false)?;
                Ok((o, sample))
            }};
        }
        match (self.board.width(), self.board.height()) {
            (4, 4) => {
                let v = checks::all_4x4();
                let o = checks::brute_small::<4, 4>("brute", cfg, g, &v, t, false)?;
                Ok((o, "every reachable undecided position".into()))
            }
            (5, 4) => small!(5, 4),
            (4, 5) => small!(4, 5),
            (6, 4) => small!(6, 4),
            (4, 6) => small!(4, 6),
            (w, h) => Err(format!("no brute-force oracle compiled for {w}x{h}")),
        }
    }

    fn empty_board(&self, cfg: SolverConfig) -> Result<Outcome, String> {
        let (score, _, _) = solve_empty(cfg, self.board)?;
        let got = Result3::of_score(score);
        let mut o = Outcome {
            tried: 1,
            failures: Vec::new(),
        };
        match compare(&tromp(), self.board, got) {
            Agreement::Disagrees(want) => o.failures.push(self.failure(
                "boards",
                cfg.to_string(),
                "",
                format!("{want} (Tromp's table)"),
                format!("{got} (score {score})"),
            )),
            Agreement::NotListed => {
                return Err(format!(
                    "board {} is not in Tromp's table (width + height ≤ 15)",
                    self.board
                ))
            }
            // an entry Tromp marks unsure is not a failure either way (as in `boards::check`)
            Agreement::Agrees | Agreement::AgreesUnsure | Agreement::DisagreesUnsure(_) => {}
        }
        Ok(o)
    }
}

/// `verify --board` off 7×6: the board checks of every engine (see the module documentation).
pub fn run_board(opts: &VerifyOptions) -> Result<VerifyReport, VerifyError> {
    let start = Instant::now();
    let board = opts.board;
    let bad = |m: String| Err(VerifyError::Options(format!("--board {board}: {m}")));
    if opts.mutants || opts.only_mutants || opts.full_book {
        return bad("the mutant matrix and the full-book run are 7x6 checks".into());
    }
    if opts.plies.is_empty() || *opts.plies.end() >= board.cells() {
        return bad(format!(
            "plies {}-{}: need a range within 0–{} (the board has {} cells)",
            opts.plies.start(),
            opts.plies.end(),
            board.cells() - 1,
            board.cells()
        ));
    }
    if let Some(c) = opts
        .only
        .iter()
        .find(|c| !BOARD_CHECKS.contains(&c.as_str()))
    {
        return bad(format!(
            "check `{c}` does not run off 7x6 (checks here: {})",
            BOARD_CHECKS.join(", ")
        ));
    }
    if board.cells() > BRUTE_MAX_CELLS && opts.only.iter().any(|c| c == "brute") {
        return bad(format!(
            "check `brute` runs on boards of at most {BRUTE_MAX_CELLS} cells ({board} has {})",
            board.cells()
        ));
    }
    let plan = BoardPlan {
        board,
        plies: opts.plies.clone(),
        positions: opts.positions,
        seed: opts.seed,
        guesses: &opts.guesses,
        brute_samples: opts.brute_5x4,
        threads: opts.threads,
        only: &opts.only,
    };
    let mut report = VerifyReport {
        require_oracles: opts.require_oracles,
        settings: format!(
            "board {board}, seed {}, plies {}–{}, {} random positions, {} brute-force samples, \
             {} threads",
            opts.seed,
            opts.plies.start(),
            opts.plies.end(),
            opts.positions,
            opts.brute_5x4,
            opts.threads
        ),
        ..VerifyReport::default()
    };
    for spec in &opts.engines {
        let cfg = super::suite::parse_cfg(spec)?;
        sized::build(cfg, board).map_err(|e| VerifyError::Engine(spec.clone(), e.0))?;
        let rows = plan
            .run_checks(cfg)
            .map_err(|e| VerifyError::Check(format!("board {board}"), e))?;
        report.rows.extend(rows);
    }
    report.elapsed = start.elapsed();
    Ok(report)
}

/// Solve from a fresh table; a panic is an error (a wrong answer), not a crash.
fn solve(e: &mut dyn Engine, moves: &str) -> Result<i32, String> {
    e.reset();
    match checks::quietly(|| e.solve(moves)) {
        Ok(Ok(s)) => Ok(s.score),
        Ok(Err(err)) => Err(format!("error: {err}")),
        Err(p) => Err(format!("panic: {}", checks::panic_message(&p))),
    }
}

/// Positions per ply: full weight from ply 22, halving every two plies below (solves get about
/// four times dearer every two plies), at least one per ply.
#[must_use]
pub fn ply_counts(plies: &RangeInclusive<u32>, total: u32) -> Vec<(u32, u32)> {
    let w = |p: u32| 2f64.powf(((p as f64 - 22.0) / 2.0).min(0.0));
    let sum: f64 = plies.clone().map(w).sum();
    plies
        .clone()
        .map(|p| (p, ((total as f64 * w(p) / sum).round() as u32).max(1)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_on_wide_boards() {
        assert_eq!(mirror_moves("1123", 5), "5543");
        assert_eq!(mirror_moves("1a", 10), "a1");
        assert_eq!(mirror_moves("4", 7), "4");
        assert_eq!(default_plies("5x4".parse().unwrap()), 4..=16);
    }

    #[test]
    fn board_checks_pass_on_5x4() {
        let cfg = SolverConfig::parse("mtdf:tt=18").unwrap().unwrap();
        let plan = BoardPlan {
            board: "5x4".parse().unwrap(),
            plies: 4..=16,
            positions: 40,
            seed: 3,
            guesses: &[-1, 1],
            brute_samples: 60,
            threads: 2,
            only: &[],
        };
        let rows = plan.run_checks(cfg).unwrap();
        let names: Vec<&str> = rows.iter().map(|r| r.check.as_str()).collect();
        assert_eq!(names, BOARD_CHECKS);
        for r in &rows {
            assert!(matches!(r.status, Status::Ran), "{}", r.check);
            assert!(
                r.tried > 0 && r.failures == 0,
                "{}: {:?}",
                r.check,
                r.examples
            );
        }
        // a seeded bug is caught off 7x6 too
        let mut bad = cfg;
        bad.search.mutant = crate::engine::search::Mutant::DropMove;
        let rows = plan.run_checks(bad).unwrap();
        assert!(rows.iter().any(|r| r.failures > 0), "mutant {} caught", bad);
    }
}
