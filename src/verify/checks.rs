//! The checks: driver agreement, mirror symmetry, units (parity rule and play-outs), books,
//! BitBully, brute force on small boards. Each runs a list of positions across threads.

use super::books::{BookOracle, Expected};
use super::brute::{self, Brute, Grid};
use super::oracle::BitBullyProcess;
use super::report::Failure;
use crate::engine::connect4::{Connect4Engine, SolverConfig};
use crate::engine::root::Driver;
use crate::engine::Engine;
use crate::game::connect4::Position;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// The outcome of a check: positions tried and the failures found.
#[derive(Debug, Default)]
pub struct Outcome {
    pub tried: u64,
    pub failures: Vec<Failure>,
}

/// Run `f` over `items` on `threads` threads, each with its own state from `init`. With
/// `stop_early` the workers stop after the first failure (enough for a mutant's reproducer).
pub fn par_run<T: Sync, S>(
    items: &[T],
    threads: usize,
    stop_early: bool,
    init: impl Fn() -> Result<S, String> + Sync,
    f: impl Fn(&mut S, &T) -> Option<Failure> + Sync,
) -> Result<Outcome, String> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let out = Mutex::new(Outcome::default());
    let threads = threads.clamp(1, items.len().max(1));
    let errors: Mutex<Option<String>> = Mutex::new(None);
    std::thread::scope(|sc| {
        for _ in 0..threads {
            sc.spawn(|| {
                let mut state = match init() {
                    Ok(s) => s,
                    Err(e) => {
                        *errors.lock().unwrap() = Some(e);
                        stop.store(true, Ordering::Relaxed);
                        return;
                    }
                };
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = f(&mut state, item);
                    let mut o = out.lock().unwrap();
                    o.tried += 1;
                    if let Some(fail) = r {
                        o.failures.push(fail);
                        if stop_early {
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = errors.into_inner().unwrap() {
        return Err(e);
    }
    let mut o = out.into_inner().unwrap();
    o.failures.sort_by(|a, b| {
        (a.moves.len(), &a.moves, &a.spec).cmp(&(b.moves.len(), &b.moves, &b.spec))
    });
    Ok(o)
}

/// The driver variants of a configuration: the configuration itself first, then negamax,
/// PVS, aspiration windows, MTD(f) from each first guess, MT-SSS*, MT-DUAL* and null-window
/// with the same search options, then MTD(f) and PVS under iterative deepening (duplicates
/// dropped).
#[must_use]
pub fn driver_variants(base: SolverConfig, guesses: &[i32]) -> Vec<SolverConfig> {
    let mut v = vec![base];
    let mut push = |d: Driver, guess: i32, iterative: bool| {
        let c = SolverConfig {
            iterative,
            ..base.with_driver(d).with_guess(guess)
        };
        if !v.contains(&c) {
            v.push(c);
        }
    };
    push(Driver::Negamax, 0, false);
    push(Driver::Pvs, 0, false);
    push(Driver::Aspiration, 0, false);
    for &g in guesses {
        push(Driver::Mtdf, g, false);
    }
    push(Driver::Sss, 0, false);
    push(Driver::Dual, 0, false);
    push(Driver::NullWindow, 0, false);
    push(Driver::MtdfBracket, 0, false);
    push(Driver::Mtdf, 0, true);
    push(Driver::Pvs, 0, true);
    v
}

/// A move string reflected left–right on a board of width `w`.
#[must_use]
pub fn mirror_moves(moves: &str, w: usize) -> String {
    moves
        .bytes()
        .map(|b| (b'1' + (w as u8 - 1 - (b - b'1'))) as char)
        .collect()
}

pub(super) fn solve_fresh<const W: usize, const H: usize>(
    e: &mut Connect4Engine<W, H>,
    moves: &str,
) -> Result<i32, String> {
    e.reset();
    // A broken engine may panic (an assertion, an inconsistent driver): that is a wrong answer.
    let r = quietly(|| e.solve(moves));
    match r {
        Ok(Ok(s)) => Ok(s.score),
        Ok(Err(err)) => Err(format!("error: {err}")),
        Err(p) => Err(format!("panic: {}", panic_message(&p))),
    }
}

pub(super) fn failure(
    check: &str,
    spec: String,
    board: &str,
    moves: &str,
    expected: String,
    got: String,
) -> Failure {
    Failure {
        check: check.into(),
        spec,
        board: board.into(),
        moves: moves.into(),
        expected,
        got,
    }
}

thread_local! {
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Run `f`, catching a panic without printing it (a panicking mutant is a caught wrong answer,
/// not noise); other panics still go to the previous hook.
pub fn quietly<R>(f: impl FnOnce() -> R) -> std::thread::Result<R> {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(std::cell::Cell::get) {
                prev(info);
            }
        }));
    });
    QUIET.with(|q| q.set(true));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    QUIET.with(|q| q.set(false));
    r
}

/// The message of a caught panic.
#[must_use]
pub fn panic_message(p: &Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".into())
}

/// Scores of the engine under test, shared between checks so a position is solved once.
#[derive(Default)]
pub struct ScoreCache(Mutex<HashMap<String, i32>>);

impl ScoreCache {
    fn get_or_solve(&self, e: &mut Connect4Engine<7, 6>, moves: &str) -> Result<i32, String> {
        if let Some(&s) = self.0.lock().unwrap().get(moves) {
            return Ok(s);
        }
        let s = solve_fresh(e, moves)?;
        self.0.lock().unwrap().insert(moves.to_string(), s);
        Ok(s)
    }

    /// The engine's score of `moves` (cached), or the failure of `check` when it cannot solve it.
    pub(super) fn score_or_failure(
        &self,
        check: &str,
        e: &mut Connect4Engine<7, 6>,
        moves: &str,
    ) -> Result<i32, Failure> {
        self.get_or_solve(e, moves)
            .map_err(|err| failure(check, e.spec(), "7x6", moves, "a score".into(), err))
    }
}

/// Iterative-deepening variants join the drivers check on positions with at least this many
/// stones: on 7×6 they cost about ten times a plain solve (every depth is searched in turn), which
/// would make the default verify take minutes more at plies 8–15.
pub const ID_MIN_PLY: usize = 16;

/// Check 1: every driver variant gives the score of the first one (variants under iterative
/// deepening on positions of at least [`ID_MIN_PLY`] stones).
pub fn drivers(
    cfg: SolverConfig,
    guesses: &[i32],
    positions: &[String],
    cache: &ScoreCache,
    threads: usize,
    stop_early: bool,
) -> Result<Outcome, String> {
    let variants = driver_variants(cfg, guesses);
    par_run(
        positions,
        threads,
        stop_early,
        || {
            Ok(variants
                .iter()
                .map(|c| Connect4Engine::<7, 6>::new(*c))
                .collect::<Vec<_>>())
        },
        |engines, moves| {
            let (first, rest) = engines.split_first_mut().expect("one variant at least");
            let s0 = match cache.score_or_failure("drivers", first, moves) {
                Ok(s) => s,
                Err(f) => return Some(f),
            };
            for e in rest {
                if e.config().iterative && moves.len() < ID_MIN_PLY {
                    continue;
                }
                match solve_fresh(e, moves) {
                    Ok(s) if s == s0 => {}
                    Ok(s) => {
                        return Some(failure(
                            "drivers",
                            e.spec(),
                            "7x6",
                            moves,
                            format!("{s0} (as {})", cfg),
                            s.to_string(),
                        ))
                    }
                    Err(err) => {
                        return Some(failure(
                            "drivers",
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

/// Check 2: a position and its mirror image solve to the same score from fresh tables.
pub fn mirror(
    cfg: SolverConfig,
    positions: &[String],
    cache: &ScoreCache,
    threads: usize,
    stop_early: bool,
) -> Result<Outcome, String> {
    par_run(
        positions,
        threads,
        stop_early,
        || Ok(Connect4Engine::<7, 6>::new(cfg)),
        |e, moves| {
            let s = match cache.score_or_failure("mirror", e, moves) {
                Ok(s) => s,
                Err(f) => return Some(f),
            };
            let m = mirror_moves(moves, 7);
            match solve_fresh(e, &m) {
                Ok(t) if t == s => None,
                Ok(t) => Some(failure(
                    "mirror",
                    e.spec(),
                    "7x6",
                    &m,
                    format!("{s} (the score of its mirror {moves})"),
                    t.to_string(),
                )),
                Err(err) => Some(failure("mirror", e.spec(), "7x6", &m, s.to_string(), err)),
            }
        },
    )
}

/// Check 3a: the engine's plies-left of its own score obey the parity rule.
pub fn units_parity(
    cfg: SolverConfig,
    positions: &[String],
    cache: &ScoreCache,
    threads: usize,
    stop_early: bool,
) -> Result<Outcome, String> {
    par_run(
        positions,
        threads,
        stop_early,
        || Ok(Connect4Engine::<7, 6>::new(cfg)),
        |e, moves| {
            let s = match cache.score_or_failure("units-parity", e, moves) {
                Ok(s) => s,
                Err(f) => return Some(f),
            };
            let n = moves.len() as u32;
            let left = 42 - n;
            let m = e.moves_left(n, s);
            let ok = m <= left
                && match s.signum() {
                    1 => m % 2 == 1,
                    -1 => m % 2 == 0 && m >= 2,
                    _ => m == left,
                };
            (!ok).then(|| {
                let rule = match s.signum() {
                    1 => "an odd number",
                    -1 => "an even number ≥ 2",
                    _ => "all remaining",
                };
                failure(
                    "units-parity",
                    e.spec(),
                    "7x6",
                    moves,
                    format!("score {s}: {rule} of at most {left} plies left"),
                    format!("moves_left = {m}"),
                )
            })
        },
    )
}

/// Check 3b: playing the engine's best moves for both sides ends the game when `moves_left`
/// says, with the winner the score says; every step's best child also has the position's
/// score.
pub fn units_playout(
    cfg: SolverConfig,
    positions: &[String],
    cache: &ScoreCache,
    threads: usize,
    stop_early: bool,
) -> Result<Outcome, String> {
    par_run(
        positions,
        threads,
        stop_early,
        || Ok(Connect4Engine::<7, 6>::new(cfg)),
        |e, moves| playout(e, moves, cache).err(),
    )
}

fn playout(e: &mut Connect4Engine<7, 6>, moves: &str, cache: &ScoreCache) -> Result<(), Failure> {
    let spec = e.spec();
    let fail = |m: &str, expected: String, got: String| {
        failure("units-playout", spec.clone(), "7x6", m, expected, got)
    };
    let s0 = cache
        .get_or_solve(e, moves)
        .map_err(|err| fail(moves, "a score".into(), err))?;
    let n0 = moves.len() as u32;
    let predicted = e.moves_left(n0, s0);
    let mut line = moves.to_string();
    let mut pos = Position::<7, 6>::from_moves(moves)
        .map_err(|err| fail(moves, "a position".into(), err.to_string()))?;
    // `expect`: the score of the current position as the engine gave it one step earlier.
    let mut expect = s0;
    let mut winner_is_root = None; // Some(true) root side wins, Some(false) loses, None draw
    loop {
        if pos.nb_moves() == 42 {
            break;
        }
        if let Some(col) = (0..7).find(|&c| pos.can_play(c) && pos.is_winning_move(c)) {
            pos.play_col(col);
            line.push((b'1' + col as u8) as char);
            winner_is_root = Some((line.len() - moves.len()) % 2 == 1);
            break;
        }
        let mut best: Option<(i32, usize)> = None;
        for col in 0..7 {
            if !pos.can_play(col) {
                continue;
            }
            let mut child = line.clone();
            child.push((b'1' + col as u8) as char);
            let v = -solve_fresh(e, &child).map_err(|err| fail(&child, "a score".into(), err))?;
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, col));
            }
        }
        let (v, col) = best.expect("a non-full board has a move");
        if v != expect {
            return Err(fail(
                &line,
                format!("{expect} (the engine's score of this position)"),
                format!("{v} (best of its children, column {})", col + 1),
            ));
        }
        expect = -v;
        pos.play_col(col);
        line.push((b'1' + col as u8) as char);
    }
    let played = (line.len() - moves.len()) as u32;
    let winner_ok = match winner_is_root {
        Some(true) => s0 > 0,
        Some(false) => s0 < 0,
        None => s0 == 0,
    };
    if played != predicted || !winner_ok {
        let outcome = match winner_is_root {
            Some(true) => "side to move wins",
            Some(false) => "side to move loses",
            None => "draw",
        };
        return Err(fail(
            moves,
            format!("score {s0}: moves_left {predicted}"),
            format!(
                "best play `{}` ends after {played} plies, {outcome}",
                &line[moves.len()..]
            ),
        ));
    }
    Ok(())
}

/// Check 4a: a book's values against the engine (no book in the engine).
pub fn book(
    name: &str,
    cfg: SolverConfig,
    items: &[(String, Expected)],
    cache: &ScoreCache,
    threads: usize,
    stop_early: bool,
) -> Result<Outcome, String> {
    par_run(
        items,
        threads,
        stop_early,
        || Ok(Connect4Engine::<7, 6>::new(cfg)),
        |e, (moves, want)| match cache.get_or_solve(e, moves) {
            Ok(s) if want.agrees(s) => None,
            Ok(s) => Some(failure(
                name,
                e.spec(),
                "7x6",
                moves,
                format!("{want} ({name})"),
                s.to_string(),
            )),
            Err(err) => Some(failure(name, e.spec(), "7x6", moves, want.to_string(), err)),
        },
    )
}

/// Check 4b: BitBully's solver (one Python process per thread) against the engine.
pub fn bitbully(
    cfg: SolverConfig,
    positions: &[String],
    cache: &ScoreCache,
    threads: usize,
    stop_early: bool,
) -> Result<Outcome, String> {
    par_run(
        positions,
        threads,
        stop_early,
        || Ok((Connect4Engine::<7, 6>::new(cfg), BitBullyProcess::start()?)),
        |(e, bb), moves| {
            let want = match bb.solve(moves) {
                Ok((s, _, _)) => s,
                Err(err) => {
                    return Some(failure(
                        "bitbully",
                        "bitbully".into(),
                        "7x6",
                        moves,
                        "a score".into(),
                        err,
                    ))
                }
            };
            match cache.get_or_solve(e, moves) {
                Ok(s) if s == want => None,
                Ok(s) => Some(failure(
                    "bitbully",
                    e.spec(),
                    "7x6",
                    moves,
                    format!("{want} (bitbully)"),
                    s.to_string(),
                )),
                Err(err) => Some(failure(
                    "bitbully",
                    e.spec(),
                    "7x6",
                    moves,
                    want.to_string(),
                    err,
                )),
            }
        },
    )
}

/// The largest table the small-board checks give an engine: 2^18 entries (2 MiB). A position
/// brute force can value is searched in far fewer nodes, and the default 2^23 entries (64 MiB)
/// for each of 12 driver variants on each thread cost more in the kernel's page faults than the
/// solves themselves (brute-5x4, 300 positions: 8.6 s of system time at tt=23, 0.06 s at tt=18,
/// 2026-12-05). A smaller table only replaces entries more often, which the checks want.
pub const BRUTE_TT_BITS: u32 = 18;

/// `cfg` with a table of at most [`BRUTE_TT_BITS`] entries, as the small-board checks take it.
#[must_use]
pub fn with_brute_table(mut cfg: SolverConfig) -> SolverConfig {
    cfg.search.tt_bits = cfg.search.tt_bits.map(|b| b.min(BRUTE_TT_BITS));
    cfg
}

/// Check 4c: every driver variant against brute-force minimax on a small board (each with a
/// table of at most [`BRUTE_TT_BITS`]).
pub fn brute_small<const W: usize, const H: usize>(
    name: &str,
    cfg: SolverConfig,
    guesses: &[i32],
    positions: &[String],
    threads: usize,
    stop_early: bool,
) -> Result<Outcome, String> {
    let cfg = with_brute_table(cfg);
    let board = format!("{W}x{H}");
    // One memo for all positions, filled single-threaded first (shared subtrees).
    let mut b = Brute::<W, H>::new();
    let scored: Vec<(String, i32)> = positions
        .iter()
        .map(|m| {
            let g =
                Grid::<W, H>::from_moves(m).ok_or_else(|| format!("bad {board} position `{m}`"))?;
            Ok((m.clone(), b.score(&g)))
        })
        .collect::<Result<_, String>>()?;
    drop(b);
    let variants = driver_variants(cfg, guesses);
    par_run(
        &scored,
        threads,
        stop_early,
        || {
            Ok(variants
                .iter()
                .map(|c| Connect4Engine::<W, H>::new(*c))
                .collect::<Vec<_>>())
        },
        |engines, (moves, want)| {
            for e in engines.iter_mut() {
                match solve_fresh(e, moves) {
                    Ok(s) if s == *want => {}
                    Ok(s) => {
                        return Some(failure(
                            name,
                            e.spec(),
                            &board,
                            moves,
                            format!("{want} (brute force)"),
                            s.to_string(),
                        ))
                    }
                    Err(err) => {
                        return Some(failure(
                            name,
                            e.spec(),
                            &board,
                            moves,
                            want.to_string(),
                            err,
                        ))
                    }
                }
            }
            None
        },
    )
}

/// Positions for the 4×4 check: every reachable undecided one.
#[must_use]
pub fn all_4x4() -> Vec<String> {
    brute::reachable_undecided::<4, 4>()
}

/// Positions for the 5×4 check: a seeded sample.
#[must_use]
pub fn sample_5x4(seed: u64, count: usize) -> Vec<String> {
    brute::sample::<5, 4>(seed, count, 4, 19)
}

/// Records of a book sampled with a seed, plus `lookups` seeded random positions of the book's
/// ply looked up (they include wins, which the books store only by absence).
pub fn book_items(
    book: &BookOracle,
    ply: u32,
    samples: usize,
    lookups: u32,
    seed: u64,
) -> Result<Vec<(String, Expected)>, String> {
    let mut items = book.sample(samples, seed)?;
    if lookups > 0 {
        for d in crate::runner::positions::positions_for_ply(
            crate::game::GameKind::CONNECT4,
            seed,
            ply,
            lookups,
            true,
        ) {
            let v = book.lookup(&d.moves)?;
            items.push((d.moves, v));
        }
    }
    Ok(items)
}
