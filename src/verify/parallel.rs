//! The `parallel` check: the configuration under test solved on several threads (Lazy SMP and
//! ABDADA, [`crate::engine::parallel`]) must give exactly the score of the configuration itself
//! on every position, from fresh tables.

use super::checks::{failure, par_run, solve_fresh, Outcome, ScoreCache};
use crate::engine::connect4::{Connect4Engine, SolverConfig};
use crate::engine::parallel::Smp;
use crate::engine::search::Mutant;
use crate::engine::Engine;

/// The thread counts and schemes the check runs.
pub const VARIANTS: [(u32, Smp); 4] = [
    (2, Smp::Lazy),
    (2, Smp::Abdada),
    (4, Smp::Lazy),
    (4, Smp::Abdada),
];

/// Why the check cannot run on `cfg`, if it cannot: a parallel solve shares a table and runs
/// the correct search only.
#[must_use]
pub fn unsupported(cfg: &SolverConfig) -> Option<&'static str> {
    if cfg.search.mutant != Mutant::None {
        Some("mutants run on one thread only")
    } else if cfg.search.tt_bits.is_none() {
        Some("tt=off: the threads share the table")
    } else {
        None
    }
}

/// The parallel variants of `cfg` (the same switches and driver on 2 and 4 threads).
#[must_use]
pub fn variants(cfg: SolverConfig) -> Vec<SolverConfig> {
    let mut v: Vec<SolverConfig> = Vec::new();
    for (threads, smp) in VARIANTS {
        let c = SolverConfig {
            threads,
            smp,
            ..cfg
        };
        if c != cfg && !v.contains(&c) {
            v.push(c);
        }
    }
    v
}

/// Check: every parallel variant of `cfg` gives the score of `cfg` (cached by the other checks).
pub fn check(
    cfg: SolverConfig,
    positions: &[String],
    cache: &ScoreCache,
    threads: usize,
    stop_early: bool,
) -> Result<Outcome, String> {
    let variants = variants(cfg);
    par_run(
        positions,
        threads,
        stop_early,
        || {
            let base = Connect4Engine::<7, 6>::new(cfg);
            let par: Vec<_> = variants
                .iter()
                .map(|c| Connect4Engine::<7, 6>::new(*c))
                .collect();
            Ok((base, par))
        },
        |(base, par), moves| {
            let s0 = match cache.score_or_failure("parallel", base, moves) {
                Ok(s) => s,
                Err(f) => return Some(f),
            };
            for e in par.iter_mut() {
                match solve_fresh(e, moves) {
                    Ok(s) if s == s0 => {}
                    Ok(s) => {
                        let want = format!("{s0} (as {cfg})");
                        return Some(failure(
                            "parallel",
                            e.spec(),
                            "7x6",
                            moves,
                            want,
                            s.to_string(),
                        ));
                    }
                    Err(err) => {
                        return Some(failure(
                            "parallel",
                            e.spec(),
                            "7x6",
                            moves,
                            s0.to_string(),
                            err,
                        ))
                    }
                }
            }
            None
        },
    )
}
