//! Match play: engines play game pairs from seeded openings (each opening twice, the colours
//! swapped), each move within a budget (the engine's spec, or a clock), until the game's rules
//! end the game ([`rules`]); a loss on time, by an illegal move or by an engine failure is a
//! result with its reason. One row per game goes to the games file ([`record`]); a run is
//! resumed keeping its completed pairs, split into shards, and played on several threads (each
//! with its own engine instances); a two-engine match may stop early by an SPRT.

pub mod game;
pub mod pgn;
pub mod record;
pub mod rules;

use crate::engine::{registry, spec::SpecError, Engine, GameKind};
use crate::runner::lock::{LockError, ResultsLock};
use crate::runner::positions::positions_for_ply;
use crate::runner::record::{scan_rows, RecordError, RecordWriter};
use crate::stats::games::{Accepted, GameResult, Pentanomial, Sprt};
pub use game::{play_game, Budget};
pub use record::{crosstable_row, points_table, tally, GameRecord, Tally};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use thiserror::Error;

/// Why a match could not run.
#[derive(Debug, Error)]
pub enum MatchError {
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error(transparent)]
    Records(#[from] RecordError),
    #[error(transparent)]
    Locked(#[from] LockError),
    #[error("{0}")]
    Refused(String),
}

/// One opening: a position drawn at a ply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    /// Moves in it.
    pub ply: u32,
    /// Its number among those drawn at its ply.
    pub index: u32,
    /// The position's text.
    pub moves: String,
}

/// The ply cap of a game (moves after its opening) unless one is given: far beyond any game's
/// natural end, so that only an endless game is adjudicated.
pub const DEFAULT_MAX_PLIES: u32 = 1000;

/// What a match plays: the engines, the openings and the budget of a move.
#[derive(Debug, Clone)]
pub struct MatchPlan {
    /// The game every engine plays.
    pub game: GameKind,
    /// Engine specs; a spec may appear twice (an engine against itself: two instances).
    pub engines: Vec<String>,
    /// The first engine against each other one, instead of every pairing (round robin).
    pub gauntlet: bool,
    /// The seed the openings were drawn with.
    pub seed: u64,
    /// The openings, each played as one pair per pairing.
    pub openings: Vec<Opening>,
    /// What a move may cost.
    pub budget: Budget,
    /// A game that reaches this many moves after its opening is drawn by adjudication.
    pub max_plies: u32,
}

/// One game pair of the plan: an opening for a pairing; engine `a` moves first in round 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairJob {
    /// Its number in the plan.
    pub pair: u32,
    /// The engine playing first in round 0 (second in round 1).
    pub a: u32,
    /// The other engine.
    pub b: u32,
    /// The opening.
    pub opening: Opening,
}

impl MatchPlan {
    /// A plan with `count` seeded openings at each of `plies` (the runner's seeded positions,
    /// positions the side to move cannot win at once).
    #[must_use]
    pub fn seeded_openings(game: GameKind, seed: u64, plies: &[u32], count: u32) -> Vec<Opening> {
        plies
            .iter()
            .flat_map(|&p| positions_for_ply(game, seed, p, count, true))
            .map(|d| Opening {
                ply: d.ply,
                index: d.index,
                moves: d.moves,
            })
            .collect()
    }

    /// Like [`MatchPlan::seeded_openings`], but only openings whose exact value is a draw
    /// (balanced openings, as fishtest's books): the seeded positions of each ply in order,
    /// each solved by `solver` (an exact solver of the game: score 0 is a draw), the first
    /// `count` drawn ones kept. Fewer where a ply has fewer among its candidates.
    pub fn balanced_openings(
        game: GameKind,
        seed: u64,
        plies: &[u32],
        count: u32,
        solver: &mut dyn Engine,
    ) -> Result<Vec<Opening>, MatchError> {
        let mut out = Vec::new();
        for &p in plies {
            let mut kept = 0;
            for d in positions_for_ply(game, seed, p, count.saturating_mul(20), true) {
                if kept == count {
                    break;
                }
                solver.reset();
                let s = solver.solve(&d.moves).map_err(|e| {
                    MatchError::Refused(format!("solving opening `{}`: {e}", d.moves))
                })?;
                if s.score == 0 {
                    kept += 1;
                    out.push(Opening {
                        ply: d.ply,
                        index: d.index,
                        moves: d.moves,
                    });
                }
            }
        }
        Ok(out)
    }

    /// The pairings `(a, b)`: every two engines (round robin) or the first against each other.
    #[must_use]
    pub fn pairings(&self) -> Vec<(u32, u32)> {
        let n = self.engines.len() as u32;
        let mut out = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if a == 0 || !self.gauntlet {
                    out.push((a, b));
                }
            }
        }
        out
    }

    /// Every pair of the plan, openings outer, pairings inner (so every pairing progresses
    /// alike), numbered in that order.
    #[must_use]
    pub fn jobs(&self) -> Vec<PairJob> {
        let pairings = self.pairings();
        let mut out = Vec::with_capacity(self.openings.len() * pairings.len());
        for o in &self.openings {
            for &(a, b) in &pairings {
                let pair = out.len() as u32;
                out.push(PairJob {
                    pair,
                    a,
                    b,
                    opening: o.clone(),
                });
            }
        }
        out
    }
}

/// How to run a match.
#[derive(Debug, Clone, Default)]
pub struct MatchOptions {
    /// The games file.
    pub games: PathBuf,
    /// Continue an existing games file: its completed pairs are kept, a pair with one game is
    /// played again.
    pub resume: bool,
    /// Overwrite an existing games file.
    pub force: bool,
    /// Play only shard `k` of `n` (pairs `i` with `i mod n = k − 1`).
    pub shard: Option<(u32, u32)>,
    /// Games at once, each thread with its own engine instances (1 if 0).
    pub concurrency: usize,
    /// Stop when this SPRT (of engine 0 against engine 1; two engines only) accepts a
    /// hypothesis.
    pub sprt: Option<Sprt>,
    /// Play at most this many pairs in this run (with the kept ones: the SPRT's `--max-games`).
    pub max_pairs: Option<u64>,
}

/// What a match run did.
#[derive(Debug, Clone)]
pub struct MatchSummary {
    /// Every game in the file, kept and new.
    pub rows: Vec<GameRecord>,
    /// Pairs kept from a resumed file.
    pub kept_pairs: u64,
    /// Pairs played in this run.
    pub played_pairs: u64,
    /// The SPRT's LLR after each pair, kept pairs first (two-engine SPRT matches only).
    pub llr_path: Vec<f64>,
    /// The hypothesis the SPRT accepted; `None` without an SPRT or when it did not stop.
    pub accepted: Option<Accepted>,
}

/// Check the engines: each builds, and plays the plan's game.
fn check_engines(plan: &MatchPlan) -> Result<(), MatchError> {
    if plan.engines.len() < 2 {
        return Err(MatchError::Refused(
            "a match needs at least two engines".into(),
        ));
    }
    for spec in &plan.engines {
        let e = build(plan.game, spec)?;
        if e.game() != plan.game {
            return Err(MatchError::Refused(format!(
                "engine `{spec}` plays {}, not {}",
                e.game(),
                plan.game
            )));
        }
    }
    Ok(())
}

fn build(game: GameKind, spec: &str) -> Result<Box<dyn Engine>, SpecError> {
    match game.board() {
        Some(b) => registry::build_on(spec, b),
        None => registry::build(spec),
    }
}

/// Run the match `plan` into `opts.games`.
pub fn run(plan: &MatchPlan, opts: &MatchOptions) -> Result<MatchSummary, MatchError> {
    check_engines(plan)?;
    if opts.sprt.is_some() && plan.engines.len() != 2 {
        return Err(MatchError::Refused(
            "an SPRT needs exactly two engines".into(),
        ));
    }
    if let Some((k, n)) = opts.shard {
        if n == 0 || k == 0 || k > n {
            return Err(MatchError::Refused(format!(
                "shard {k}/{n}: expected 1 <= k <= n"
            )));
        }
    }
    let _lock = ResultsLock::acquire(&opts.games)?;
    let jobs = plan.jobs();
    let kept = start(plan, opts, &jobs)?;
    let done: std::collections::HashSet<u32> = kept.iter().map(|r| r.pair).collect();
    let mut writer = open_games(opts, &kept)?;
    let mut todo: Vec<PairJob> = jobs
        .into_iter()
        .filter(|j| opts.shard.is_none_or(|(k, n)| j.pair % n == k - 1))
        .filter(|j| !done.contains(&j.pair))
        .collect();
    if let Some(m) = opts.max_pairs {
        todo.truncate(m.saturating_sub(done.len() as u64) as usize);
    }
    let mut summary = MatchSummary {
        rows: kept,
        kept_pairs: done.len() as u64,
        played_pairs: 0,
        llr_path: Vec::new(),
        accepted: None,
    };
    let mut penta = Pentanomial::default();
    if let Some(s) = &opts.sprt {
        replay_sprt(s, &mut summary, &mut penta);
    }
    if summary.accepted.is_none() {
        play_all(plan, opts, &todo, &mut writer, &mut summary, &mut penta)?;
    }
    Ok(summary)
}

/// The SPRT over the kept pairs, in the file's order: the LLR after each up to the first bound
/// it crosses, and the verdict there (a resumed match that had stopped does not play on). Pairs
/// after the crossing (in flight when the match stopped) count in the tallies, not in the test.
fn replay_sprt(sprt: &Sprt, summary: &mut MatchSummary, penta: &mut Pentanomial) {
    let mut halves: std::collections::HashMap<u32, GameResult> = Default::default();
    for r in &summary.rows {
        let Some(res) = r.result_of(0) else { continue };
        let Some(other) = halves.remove(&r.pair) else {
            halves.insert(r.pair, res);
            continue;
        };
        let (x, y) = if r.round == 1 {
            (other, res)
        } else {
            (res, other)
        };
        test_pair(
            sprt,
            (&mut summary.llr_path, &mut summary.accepted),
            penta,
            (x, y),
        );
    }
}

/// Add one pair's results to the SPRT while it has no verdict: the LLR after it joins the path
/// (a [`MatchSummary`]'s `llr_path`), and the verdict (its `accepted`) is taken if it crosses a
/// bound. Whether the test has a verdict now.
fn test_pair(
    sprt: &Sprt,
    (llr_path, accepted): (&mut Vec<f64>, &mut Option<Accepted>),
    penta: &mut Pentanomial,
    (x, y): (GameResult, GameResult),
) -> bool {
    if accepted.is_none() {
        penta.add_pair(x, y);
        let llr = sprt.llr(penta).unwrap_or(0.0);
        llr_path.push(llr);
        *accepted = sprt.accepted(llr);
    }
    accepted.is_some()
}

/// Play `todo` on `opts.concurrency` threads, writing each pair when both its games are done
/// and updating the SPRT after each until it accepts a hypothesis: the LLR path ends at the
/// verdict's LLR, and the pairs still in flight then are written and tallied only.
fn play_all(
    plan: &MatchPlan,
    opts: &MatchOptions,
    todo: &[PairJob],
    writer: &mut RecordWriter<GameRecord>,
    summary: &mut MatchSummary,
    penta: &mut Pentanomial,
) -> Result<(), MatchError> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Result<[GameRecord; 2], MatchError>>();
    let threads = opts.concurrency.max(1).min(todo.len().max(1));
    std::thread::scope(|scope| -> Result<(), MatchError> {
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || worker(plan, todo, next, stop, &tx));
        }
        drop(tx);
        for pair in rx {
            let pair = match pair {
                Ok(p) => p,
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
            };
            writer.write_all(&pair)?;
            let (a, b) = (pair[0].first_slot, pair[0].second_slot);
            summary.played_pairs += 1;
            if let (Some(s), Some(x), Some(y)) = (
                &opts.sprt,
                pair[0].result_of(a.min(b)),
                pair[1].result_of(a.min(b)),
            ) {
                let test = (&mut summary.llr_path, &mut summary.accepted);
                if test_pair(s, test, penta, (x, y)) {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            summary.rows.extend(pair);
        }
        Ok(())
    })
}

/// A thread's loop: take the next pair, play both its games with this thread's engines.
fn worker(
    plan: &MatchPlan,
    todo: &[PairJob],
    next: &AtomicUsize,
    stop: &AtomicBool,
    tx: &mpsc::Sender<Result<[GameRecord; 2], MatchError>>,
) {
    let mut engines: Vec<Option<Box<dyn Engine>>> = plan.engines.iter().map(|_| None).collect();
    while !stop.load(Ordering::Relaxed) {
        let Some(job) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else {
            return;
        };
        let result = play_pair(plan, job, &mut engines);
        let failed = result.is_err();
        if tx.send(result).is_err() || failed {
            return;
        }
    }
}

/// Both games of a pair: engine `a` first, then the colours swapped.
fn play_pair(
    plan: &MatchPlan,
    job: &PairJob,
    engines: &mut [Option<Box<dyn Engine>>],
) -> Result<[GameRecord; 2], MatchError> {
    for slot in [job.a, job.b] {
        if engines[slot as usize].is_none() {
            engines[slot as usize] = Some(build(plan.game, &plan.engines[slot as usize])?);
        }
    }
    let mut game = |first: u32, second: u32, round: u32| -> Result<GameRecord, MatchError> {
        let (x, y) = two_mut(engines, first as usize, second as usize);
        let mut rec = play_game(plan, &job.opening, [x, y]).map_err(MatchError::Refused)?;
        rec.seed = plan.seed;
        rec.pair = job.pair;
        rec.round = round;
        rec.first_slot = first;
        rec.second_slot = second;
        rec.first = plan.engines[first as usize].clone();
        rec.second = plan.engines[second as usize].clone();
        Ok(rec)
    };
    Ok([game(job.a, job.b, 0)?, game(job.b, job.a, 1)?])
}

/// Two distinct engines of the list, mutably.
fn two_mut(
    engines: &mut [Option<Box<dyn Engine>>],
    i: usize,
    j: usize,
) -> (&mut dyn Engine, &mut dyn Engine) {
    assert_ne!(i, j, "a pairing of two slots");
    let (lo, hi) = engines.split_at_mut(i.max(j));
    let (x, y) = (lo[i.min(j)].as_deref_mut(), hi[0].as_deref_mut());
    let (x, y) = (x.expect("built"), y.expect("built"));
    if i < j {
        (x, y)
    } else {
        (y, x)
    }
}

/// The games file, holding `kept` (a resumed file is rewritten beside and renamed over, so a
/// crash never loses its completed pairs), open to append.
fn open_games(
    opts: &MatchOptions,
    kept: &[GameRecord],
) -> Result<RecordWriter<GameRecord>, MatchError> {
    if !opts.resume || !opts.games.exists() {
        return Ok(RecordWriter::open(&opts.games, false)?);
    }
    let mut tmp = opts.games.clone().into_os_string();
    tmp.push(".resume");
    let tmp = PathBuf::from(tmp);
    RecordWriter::<GameRecord>::open(&tmp, false)?.write_all(kept)?;
    std::fs::rename(&tmp, &opts.games).map_err(|e| RecordError::Io {
        path: opts.games.clone(),
        source: e,
    })?;
    Ok(RecordWriter::open(&opts.games, true)?)
}

/// The games kept from the file: none for a new file; with `--resume`, the complete pairs of
/// the existing file (checked against the plan), a pair with one game dropped.
fn start(
    plan: &MatchPlan,
    opts: &MatchOptions,
    jobs: &[PairJob],
) -> Result<Vec<GameRecord>, MatchError> {
    let exists = opts.games.exists();
    if exists && !opts.resume && !opts.force {
        return Err(MatchError::Refused(format!(
            "{} exists: pass --resume to continue it or --force to start over",
            opts.games.display()
        )));
    }
    if !(exists && opts.resume) {
        return Ok(Vec::new());
    }
    let rows: Vec<GameRecord> = scan_rows::<GameRecord>(&opts.games)?
        .records
        .into_iter()
        .map(|(r, _)| r)
        .collect();
    let mut rounds: std::collections::HashMap<u32, u32> = Default::default();
    for r in &rows {
        let job = jobs.get(r.pair as usize).filter(|j| {
            let slots = if r.round == 0 { (j.a, j.b) } else { (j.b, j.a) };
            slots == (r.first_slot, r.second_slot)
                && j.opening.moves == r.opening
                && plan.engines[r.first_slot as usize] == r.first
                && r.seed == plan.seed
        });
        if job.is_none() {
            return Err(MatchError::Refused(format!(
                "cannot resume {}: pair {} does not match this match's plan (engines, openings or seed changed)",
                opts.games.display(),
                r.pair
            )));
        }
        *rounds.entry(r.pair).or_default() |= 1 << r.round.min(1);
    }
    Ok(rows
        .into_iter()
        .filter(|r| rounds.get(&r.pair) == Some(&3))
        .collect())
}
